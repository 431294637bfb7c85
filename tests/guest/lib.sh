# Shared by the in-guest tests (sourced, busybox sh).

# One PASS:/FAIL: line per check; a FAIL sets failed=1 (the script's exit status).
failed=0
check() {  # check DESCRIPTION COMMAND...
    desc=$1; shift
    if "$@"; then echo "PASS: $desc"; else echo "FAIL: $desc"; failed=1; fi
}

# Runs a test program that prints PASS:/FAIL: lines, shows them, and checks
# it printed no FAIL and exited 0.
run_program() {  # run_program NAME [ARGS...]
    "$@" > "/tmp/$1.out" 2>&1
    rc=$?
    cat "/tmp/$1.out"
    grep -q '^FAIL:' "/tmp/$1.out" && failed=1
    check "$1 exited with status $rc" [ "$rc" = 0 ]
}

# A file for the host: its base64 lines on the console, each after
# "NVQEMU-FILE NAME "; run-guest decodes them into build/guest/logs/TEST/NAME.
guest_file() {  # guest_file PATH
    base64 "$1" | sed "s|^|NVQEMU-FILE ${1##*/} |"
}

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

# piglit (the Mesa add-on's tests): PIGLIT_DIR is where its programs are.
PIGLIT_DIR=/usr/lib/x86_64-linux-gnu/piglit
export PIGLIT_PLATFORM=surfaceless_egl

# The result word ("pass", "fail", ...) of a piglit program on a driver
# (nouveau: nouveau's GL driver; zink: GL on NVK), its output in /tmp/piglit.out.
piglit_run() {  # piglit_run DRIVER PROGRAM [ARGS...]
    d=$1; shift
    if [ "$d" = zink ]; then
        MESA_LOADER_DRIVER_OVERRIDE=zink timeout 120 "$@" -auto -fbo > /tmp/piglit.out 2>&1
    else
        timeout 120 "$@" -auto -fbo > /tmp/piglit.out 2>&1
    fi
    sed -n 's/.*"result": "\([a-z]*\)".*/\1/p' /tmp/piglit.out | tail -n 1
}

# A PASS for "pass", else a FAIL with the end of the program's output.
piglit_check() {  # piglit_check DRIVER NAME RESULT
    [ "$3" = pass ] || sed 's/^/    /' /tmp/piglit.out | tail -n 8
    check "$1: $2: ${3:-no result}" [ "$3" = pass ]
}

# Known failures ("DRIVER:NAME ..."), run and named: each must still fail,
# so that the list stays true. piglit_known_run DRIVER NAME (the test's own
# function) prints the result word.
piglit_known() {  # piglit_known "DRIVER:NAME ..."
    for k in $1; do
        result=$(piglit_known_run "${k%%:*}" "${k#*:}")
        echo "KNOWN FAILURE: ${k%%:*}: ${k#*:}: ${result:-no result}"
        check "${k%%:*}: ${k#*:} still fails as documented" [ "$result" != pass ]
    done
}
