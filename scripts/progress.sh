#!/bin/sh
# Condenses ninja's output: a progress line every 100 steps, compiler
# diagnostics and failures in full, and none of meson's regeneration chatter.
awk '/^\[[0-9]+\/[0-9]+\]/ { split(substr($1, 2), a, "/"); n = a[1]; t = a[2];
                             if (n > 0 && (n % 100 == 0 || n == t)) printf "   %d/%d steps\n", n, t; next }
     /cannot be converted to File object/ { next }
     /FAILED:|error|warning:|note:|^ +[0-9]* *\||^ninja: build stopped/ { print }'
