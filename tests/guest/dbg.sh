#!/bin/sh
. /tests/lib.sh
export HOME=/tmp XDG_RUNTIME_DIR=/tmp
timeout 200 vk-draw 2>&1 | tail -30
dmesg | grep -iE "nouveau.*(fail|error|trap|fault)" | head
