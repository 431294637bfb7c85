# Shared by the in-guest tests (sourced, busybox sh).

# dmesg into /tmp/dmesg, nouveau's and DRM's part (not the command line's echo) into /tmp/nv.
collect_dmesg() {
    dmesg > /tmp/dmesg
    grep -iE 'nouveau|drm' /tmp/dmesg | grep -v 'ommand line:' > /tmp/nv
}

# PASS/FAIL for a clean log: no nouveau/drm line with an error word, no
# kernel-wide crash marker (an oops inside nouveau does not always name it on
# its first line). "bug" must not match "debug". Sets failed=1 on FAIL.
check_clean_dmesg() {
    bad='warning|(^|[^a-z])bug|oops|timeout|timed out|fail|error'
    { grep -iE "$bad" /tmp/nv; grep -E 'WARNING:|BUG:|Oops|general protection' /tmp/dmesg; } |
        sort -u > /tmp/bad
    if [ -s /tmp/bad ]; then
        echo "FAIL: no errors or warnings from nouveau/drm; offending lines:"
        sed 's/^/    /' /tmp/bad
        failed=1
    else
        echo "PASS: no errors or warnings from nouveau/drm"
    fi
}
