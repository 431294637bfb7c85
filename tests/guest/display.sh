#!/bin/sh
# In-guest test "display": nouveau's KMS on the model's display engine.
# The connector, its modes and EDID (the host gives the monitor 1024x768:
# tests/guest/display-host.py), fbcon, a modetest mode set with its test
# pattern, vblank events (vbltest), page flips (modetest -v) and a hot-plug
# (the host plugs in a monitor preferring 1280x1024). Where the
# host must look at the screen, the guest prints "NVQEMU-SCREENDUMP NAME"
# and holds the picture; display-host.py takes a QMP screendump and checks
# its pixels. One PASS:/FAIL: line per check; exits 1 if any check failed.
. /tests/lib.sh
# screendump NAME: the host takes its picture while the guest waits
screendump() {
    echo "NVQEMU-SCREENDUMP $1"
    sleep 2
}

conn=$(ls -d /sys/class/drm/card0-* 2>/dev/null | head -n 1)
check "nouveau creates a connector (${conn##*/})" test -n "$conn"
check "the connector is connected" grep -qx connected "$conn/status"
check "its preferred mode is the monitor's 1024x768 ($(head -n 1 "$conn/modes"))" \
    sh -c "head -n 1 '$conn/modes' | grep -qx 1024x768"
edid_head=$(od -An -tx1 -N8 "$conn/edid" | tr -d ' \n')
check "its EDID was read over DDC ($(wc -c < "$conn/edid") bytes, header $edid_head)" \
    test "$edid_head" = 00ffffffffffff00
check "fbcon runs on the display (fb0 $(cat /sys/class/graphics/fb0/virtual_size 2>/dev/null))" \
    grep -qx 1024,768 /sys/class/graphics/fb0/virtual_size

# the CPU's path to VRAM: a mapped dumb buffer through BAR1 (a figure, and
# that the data arrived)
bar1-bw

# drm_info: the KMS objects userspace sees
drm_info > /tmp/drm_info 2>&1
echo "--- drm_info"; cat /tmp/drm_info
check "drm_info lists the planes ($(grep -c 'Plane [0-9]' /tmp/drm_info)) and their formats" \
    sh -c "grep -q 'Plane [0-9]' /tmp/drm_info && grep -q XRGB8888 /tmp/drm_info"

# fbcon: text on the first virtual terminal
printf '\033[2J\033[HNVQEMU DISPLAY TEST\nThe quick brown fox jumps over the lazy dog.\n' > /dev/tty1
screendump fbcon

# vblank events at the mode's refresh rate (fbcon keeps the CRTC on)
timeout 4 vbltest -M nouveau > /tmp/vbl 2>&1
check "vbltest sees vblank events ($(grep -m 1 -o 'freq: [0-9.]*Hz' /tmp/vbl))" \
    grep -q 'freq: [0-9.]*Hz' /tmp/vbl

# modetest: a mode with its SMPTE colour bars, then page flips
id=$(modetest -M nouveau -c 2>/dev/null | awk '$3 == "connected" { print $1; exit }')
crtc=$(modetest -M nouveau -p 2>/dev/null | awk '/^CRTCs:/ { getline; getline; print $1; exit }')
check "modetest lists the connector ($id) and a CRTC ($crtc)" test -n "$id" -a -n "$crtc"
# modetest holds its mode until a line (or EOF) on stdin: a FIFO we keep
# open. Its picture is up once the primary plane shows another framebuffer
# (DRM's atomic state in debugfs).
mount -t debugfs debugfs /sys/kernel/debug
plane_fb() { grep -m 1 -o 'fb=[0-9]*' /sys/kernel/debug/dri/0/state; }
console_fb=$(plane_fb)
mkfifo /tmp/hold
modetest -M nouveau -s "$id@$crtc:1024x768" < /tmp/hold > /tmp/mt 2>&1 &
exec 3> /tmp/hold
for i in $(seq 60); do [ "$(plane_fb)" != "$console_fb" ] && break; sleep 0.5; done
check "modetest's framebuffer is on the plane ($console_fb -> $(plane_fb))" \
    test "$(plane_fb)" != "$console_fb"
screendump modetest
exec 3>&-
wait
check "modetest set 1024x768 ($(grep -m 1 -o 'setting mode [^ ]*' /tmp/mt))" \
    grep -q 'setting mode 1024x768' /tmp/mt
modetest -M nouveau -s "$id@$crtc:1024x768" -v < /tmp/hold > /tmp/flip 2>&1 &
exec 3> /tmp/hold
sleep 6
exec 3>&-
wait
flips=$(grep -o 'freq: [0-9.]*Hz' /tmp/flip | tail -n 1)
check "modetest -v page-flips (${flips:-no freq line})" test -n "$flips"

# another monitor mode from the host: the hot-plug line pulses and nouveau
# reads the new EDID by itself (the connector's EDID in sysfs changes with
# nobody probing); fbcon's probe keeps to its 1024-wide buffer, a client's
# (modetest's) lists the new preferred mode first
first_mode() { modetest -M nouveau -c 2>/dev/null | awk '$1 == "#0" { print $2; exit }'; }
cp "$conn/edid" /tmp/edid0
echo "NVQEMU-MONITOR 1280x1024"
for i in $(seq 40); do cmp -s "$conn/edid" /tmp/edid0 || break; sleep 0.5; done
check "the hot-plug makes nouveau read the new monitor's EDID by itself" \
    sh -c "! cmp -s '$conn/edid' /tmp/edid0"
check "the connector now prefers the new monitor's mode ($(first_mode))" \
    test "$(first_mode)" = 1280x1024

collect_dmesg
check_clean_dmesg
echo "--- modetest"
cat /tmp/mt
echo "--- dmesg (nouveau/drm)"
cat /tmp/nv
exit "$failed"
