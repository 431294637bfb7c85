#!/bin/sh
# Condenses ninja's output into a progress line every 100 steps (and errors in full).
awk '/^\[[0-9]+\/[0-9]+\]/ { split(substr($1, 2), a, "/"); n = a[1]; t = a[2];
                             if (n % 100 == 0 || n == t) printf "   %d/%d steps\n", n, t; next }
     /^ninja: (no work to do|Entering directory)/ { next }
     { print }'
