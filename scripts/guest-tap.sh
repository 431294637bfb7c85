#!/bin/sh
# Runs one in-guest test through scripts/run-guest and reports it as TAP:
# every "PASS:"/"FAIL:" line of the guest becomes a subtest, plus one for the
# guest's exit status. Used by `make check` (meson suite "guest").
#   scripts/guest-tap.sh NAME [run-guest options]
set -u
name=$1; shift
root=$(cd "$(dirname "$0")/.." && pwd)
log=$(mktemp)
trap 'rm -f "$log"' EXIT

"$root/scripts/run-guest" --test "$name" --timeout "${NVQEMU_GUEST_TIMEOUT:-240}" "$@" \
    > "$log" 2>&1
rc=$?
tr -d '\r' < "$log" | awk -v rc="$rc" -v name="$name" '
    /^(PASS|FAIL): / { n++; ok = $1 == "PASS:"; sub(/^(PASS|FAIL): /, "")
                       printf "%sok %d - %s\n", ok ? "" : "not ", n, $0; next }
    /^nouveau probe:/ { print "# note: " $0 }
    { lines[++l] = $0 }
    END { n++
          printf "%sok %d - guest test %s exited with status %d\n", rc == 0 ? "" : "not ", n, name, rc
          if (rc != 0) for (i = 1; i <= l; i++) print "# " lines[i]
          printf "1..%d\n", n }'
