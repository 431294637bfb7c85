#!/bin/sh
# Build the minimal Linux test guest for nvqemu from Debian packages only:
#   scripts/build-guest.sh [OUTDIR]        (default: build/guest in the repo)
# Writes OUTDIR/vmlinuz, OUTDIR/initramfs.cpio.zst (and, for the opencl and gl-compute tests,
# initramfs-mesa.cpio.zst: the same with OpenCL and GL appended) and OUTDIR/VERSIONS.
# The kernel is bookworm-backports' 6.12 (nouveau with VM_BIND/EXEC), the
# userland is busybox-static, the firmware is bookworm's firmware-misc-nonfree
# (Turing files without GSP-RM images, so nouveau takes its own non-GSP path).
# The .debs are fetched through a private apt configuration into
# $NVQEMU_CACHE/guest-debs and reused; the host's apt/dpkg state is not touched.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/build/guest}
cache=${NVQEMU_CACHE:-$HOME/.cache/nvqemu}
debs=$cache/guest-debs
img=$out/initramfs.cpio.zst

die() { echo "build-guest: $*" >&2; exit 1; }
mkdir -p "$out" "$debs"
out=$(cd "$out" && pwd)

# One build at a time per OUTDIR (run-guest may be started several times at once).
exec 9>"$out/.lock"
flock 9

# ---- up to date? (newer than this script, tests/guest/* -- the C test programs
# included --, the headers, cubin reader and cubin they use, and the cached .debs)
vadd_cubin=$root/tests/sass/k01_vadd.sm_75.cubin
deb_of() {  # deb_of NAME=VERSION: the cached .deb's file name (apt writes ':' as %3a)
    set -- "$debs/${1%%=*}_$(echo "${1#*=}" | sed 's/:/%3a/')"_*.deb
    [ -f "$1" ] && echo "${1##*/}"
}
debs_present() {
    [ -f "$out/VERSIONS" ] || return 1
    grep -v '^#' "$out/VERSIONS" | while read -r pv; do deb_of "$pv" >/dev/null || exit 1; done
}
if [ -f "$img" ] && [ -f "$out/vmlinuz" ] && debs_present &&
   [ -z "$(find "$root/scripts/build-guest.sh" "$root/tests/guest" "$root/include/hw/nvidia" \
                "$root/hw/nvidia/sm/cubin.c" "$vadd_cubin" "$debs" -newer "$img" | head -n 1)" ]; then
    echo "== nvqemu: guest image is up to date ($out)"
    exit 0
fi

# ---- host tools (root only for these apt-get installs); gcc and a static
# libc (libc6-dev's libc.a) build the test programs tests/guest/*.c
host_install() {
    echo "== nvqemu: installing $1 on the host"
    DEBIAN_FRONTEND=noninteractive apt-get -q -o DPkg::Lock::Timeout=900 \
        install -y --no-install-recommends "$1"
}
for tool in zstd:zstd flock:util-linux gcc:gcc glslangValidator:glslang-tools; do
    command -v "${tool%%:*}" >/dev/null 2>&1 || host_install "${tool#*:}"
done
[ -f "$(gcc -print-file-name=libc.a)" ] || host_install libc6-dev
[ -f /usr/include/libdrm/nouveau_drm.h ] || host_install libdrm-dev     # DRM uAPI headers
[ -f /usr/include/vulkan/vulkan.h ] || host_install libvulkan-dev       # Vulkan headers, loader
[ -f /usr/include/CL/cl.h ] || host_install opencl-c-headers            # OpenCL headers

# ---- private apt configuration: own sources, lists, cache and an EMPTY dpkg
# status, no locking; the archive address is the one the host already uses.
apt_dir=$cache/guest-apt
mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial" "$apt_dir/parts"
uri=$(awk '/^URIs:/ { print $2; exit }' /etc/apt/sources.list.d/debian.sources)
[ -n "$uri" ] || die "no URIs: line in /etc/apt/sources.list.d/debian.sources"
key=/usr/share/keyrings/debian-archive-keyring.gpg
cat > "$apt_dir/sources.list" <<EOS
deb [signed-by=$key] $uri bookworm main non-free-firmware
deb [signed-by=$key] $uri bookworm-backports main
deb [signed-by=$key] $uri trixie main
deb [signed-by=$key] $uri trixie-backports main
EOS
: > "$apt_dir/status"
APT="-q -o Dir::Etc::sourcelist=$apt_dir/sources.list -o Dir::Etc::sourceparts=$apt_dir/parts
 -o Dir::Etc::preferences=$apt_dir/preferences -o Dir::Etc::preferencesparts=$apt_dir/parts
 -o Dir::State::lists=$apt_dir/lists -o Dir::State::status=$apt_dir/status
 -o Dir::Cache=$apt_dir/cache -o Debug::NoLocking=true -o APT::Architectures=amd64
 -o APT::Sandbox::User=root -o Acquire::Retries=3"
echo "== nvqemu: updating the private package index (bookworm, trixie and their backports)"
# shellcheck disable=SC2086  # $APT is a list of options
apt-get $APT update > "$out/apt-update.log" 2>&1 ||
    { tail -n 20 "$out/apt-update.log" >&2; die "apt-get update failed (log: $out/apt-update.log)"; }

# ---- resolve the packages: linux-image-amd64 in backports depends on exactly
# one versioned image package; we accept only the 6.12 series.
# shellcheck disable=SC2086
kdep=$(apt-cache $APT show linux-image-amd64/bookworm-backports |
       sed -n 's/^Depends: \(linux-image-[^ ,]*\) (= \([^)]*\)).*/\1=\2/p' | head -n 1)
case $kdep in
    linux-image-6.12.*+deb12-amd64=6.12.*) ;;
    *) die "linux-image-amd64 in bookworm-backports wants '${kdep:-nothing}', not a 6.12.x kernel" ;;
esac
version_of() {  # version_of PKG/SUITE
    # shellcheck disable=SC2086
    apt-cache $APT show "$1" | awk '/^Version:/ { print $2; exit }'
}
bbver=$(version_of busybox-static/bookworm)
fwver=$(version_of firmware-misc-nonfree/bookworm)
[ -n "$bbver" ] || die "busybox-static not found in bookworm"
[ -n "$fwver" ] || die "firmware-misc-nonfree not found in bookworm (non-free-firmware)"
pkgs="$kdep busybox-static=$bbver firmware-misc-nonfree=$fwver"

# Mesa's Vulkan driver for NVIDIA (NVK) and vulkaninfo come from trixie
# (bookworm's Mesa has no NVK), and so does OpenCL (rusticl, clinfo, clpeak, the ICD
# loader; only the opencl test's add-on carries them), with their whole
# dependency closure as apt
# resolves it against the empty status: trixie's libc and all, a consistent
# userland beside the static busybox.
# shellcheck disable=SC2086
vknames=$(apt-get $APT -t trixie install --print-uris -qq --no-install-recommends \
              mesa-vulkan-drivers vulkan-tools libdrm-tests drm-info \
              mesa-opencl-icd clinfo clpeak ocl-icd-libopencl1 \
              libegl-mesa0 libgbm1 libgl1-mesa-dri libegl1 libgl1 libwaffle-1-0 vkmark mesa-utils-bin libdisplay-info2 | sed -n "s/^'[^']*' \([^_]*\)_.*/\1/p")
case " $(echo $vknames) " in
    *" mesa-vulkan-drivers "*) ;;
    *) die "mesa-vulkan-drivers and vulkan-tools cannot be resolved in trixie" ;;
esac
# File names carry no epoch: the versions come from the index, in one query.
# shellcheck disable=SC2046,SC2086
vkpkgs=$(apt-cache $APT show $(for p in $vknames; do echo "$p/trixie"; done) |
         awk '/^Package:/ { p = $2 } /^Version:/ { print p "=" $2 }')
[ "$(echo "$vkpkgs" | wc -l)" = "$(echo "$vknames" | wc -w)" ] ||
    die "some of the Vulkan packages have no version in trixie"
pkgs="$pkgs $(echo $vkpkgs)"

# ---- download (apt-get download skips files already in the cache)
for pv in $pkgs; do
    deb_of "$pv" >/dev/null && continue
    echo "== nvqemu: downloading $pv"
    # shellcheck disable=SC2086
    (cd "$debs" && apt-get $APT download "$pv")
    deb_of "$pv" >/dev/null || die "download of $pv left no .deb in $debs"
done

# piglit (trixie) alone: its shader_runner and compute tests; not its Python
# framework nor the 2 GB of other tests (only those paths are unpacked).
pgver=$(apt-cache $APT show piglit/trixie | awk '/^Version:/ { print $2; exit }')
[ -n "$pgver" ] || die "piglit not found in trixie"
pgpv=piglit=$pgver
if ! deb_of "$pgpv" >/dev/null; then
    echo "== nvqemu: downloading $pgpv"
    # shellcheck disable=SC2086
    (cd "$debs" && apt-get $APT download "$pgpv")
    deb_of "$pgpv" >/dev/null || die "download of $pgpv left no .deb in $debs"
fi

# NVK of trixie-backports' newer Mesa, for vkmark --winsys headless alone: Mesa
# 25.0.7's headless swapchain crashes on NVK (docs/guest.md, vkmark); its
# driver library is carried beside the release's, not instead of it.
# (It alone needs libdisplay-info2, installed with the Vulkan packages.)
bpver=$(version_of mesa-vulkan-drivers/trixie-backports)
[ -n "$bpver" ] || die "mesa-vulkan-drivers not found in trixie-backports"
bppv=mesa-vulkan-drivers=$bpver
if ! deb_of "$bppv" >/dev/null; then
    echo "== nvqemu: downloading $bppv (trixie-backports)"
    # shellcheck disable=SC2086
    (cd "$debs" && apt-get $APT download "$bppv")
    deb_of "$bppv" >/dev/null || die "download of $bppv left no .deb in $debs"
fi

# ---- unpack each .deb once into OUTDIR/stage/<deb name> (kept between builds)
stage=$out/stage
mkdir -p "$stage"
keep=""
for pv in $pkgs; do
    d=$(deb_of "$pv"); d=${d%.deb}; keep="$keep $d"
    [ -f "$stage/$d/.unpacked" ] && continue
    echo "== nvqemu: unpacking $pv"
    rm -rf "${stage:?}/$d"
    dpkg-deb -x "$debs/$d.deb" "$stage/$d"
    touch "$stage/$d/.unpacked"
done
d=$(deb_of "$pgpv"); d=${d%.deb}
pgroot=$stage/$d
# the list below is the stamp's name: changing it unpacks again
pgstamp=.unpacked-draw-clip
if [ ! -f "$pgroot/$pgstamp" ]; then
    echo "== nvqemu: unpacking shader_runner, five draw tests and three test sets of $pgpv"
    rm -rf "$pgroot"
    mkdir -p "$pgroot"
    dpkg-deb --fsys-tarfile "$debs/$d.deb" | tar -x -C "$pgroot" --wildcards \
        './usr/lib/x86_64-linux-gnu/piglit/bin/shader_runner' \
        './usr/lib/x86_64-linux-gnu/piglit/bin/triangle-rasterization' \
        './usr/lib/x86_64-linux-gnu/piglit/bin/triangle-rasterization-overdraw' \
        './usr/lib/x86_64-linux-gnu/piglit/bin/triangle-guardband-viewport' \
        './usr/lib/x86_64-linux-gnu/piglit/bin/depth_bounds' \
        './usr/lib/x86_64-linux-gnu/piglit/bin/gl-1.0-logicop' \
        './usr/lib/x86_64-linux-gnu/piglit/lib/libpiglitutil*' \
        './usr/lib/x86_64-linux-gnu/piglit/tests/spec/arb_compute_shader/execution/*' \
        './usr/lib/x86_64-linux-gnu/piglit/tests/spec/glsl-1.10/execution/*' \
        './usr/lib/x86_64-linux-gnu/piglit/tests/spec/glsl-1.30/execution/clipping/*'
    touch "$pgroot/$pgstamp"
fi
d=$(deb_of "$bppv"); d=${d%.deb}
bproot=$stage/$d
if [ ! -f "$bproot/.unpacked-nvk" ]; then
    echo "== nvqemu: unpacking NVK of $bppv"
    rm -rf "$bproot"
    mkdir -p "$bproot"
    dpkg-deb --fsys-tarfile "$debs/$d.deb" | tar -x -C "$bproot" \
        ./usr/lib/x86_64-linux-gnu/libvulkan_nouveau.so ./usr/share/vulkan/icd.d/nouveau_icd.json
    touch "$bproot/.unpacked-nvk"
fi
for d in "$stage"/*; do     # drop stages of older package versions
    case " $keep ${pgroot##*/} ${bproot##*/} " in *" ${d##*/} "*) ;; *) rm -rf "$d" ;; esac
done
# shellcheck disable=SC2086  # kernel, busybox, firmware, in that order, then Vulkan's
set -- $keep
kst=$stage/$1 bb=$stage/$2/bin/busybox fw=$stage/$3/lib/firmware
shift 3
vkstages=$*
kver=$(ls "$kst/lib/modules")
for f in "$bb" "$fw/nvidia/tu104" "$kst/boot/vmlinuz-$kver"; do
    [ -e "$f" ] || die "unexpected package contents: no $f"
done

# The kernel package ships no modules.dep (depmod runs in its postinst): make one
# with busybox's depmod, which reads the .ko.xz files directly. Slow, so once.
if [ ! -f "$kst/.depmod" ]; then
    echo "== nvqemu: depmod over $kver to find nouveau's dependencies (~15-30 s)"
    "$bb" depmod -b "$kst" "$kver"
    touch "$kst/.depmod"
fi

# ---- the initramfs tree: merged /usr, busybox links made here, not at boot
echo "== nvqemu: assembling the initramfs tree (kernel $kver)"
tree=$out/tree
rm -rf "$tree"
mkdir -p "$tree/usr/bin" "$tree/usr/sbin" "$tree/usr/lib/modules/$kver" "$tree/usr/lib64" \
    "$tree/usr/lib/firmware" "$tree/dev" "$tree/proc" "$tree/sys" "$tree/tmp" "$tree/run" \
    "$tree/etc" "$tree/tests"
for l in bin sbin lib lib64; do ln -s "usr/$l" "$tree/$l"; done
cp "$bb" "$tree/usr/bin/busybox"
for a in $("$bb" --list); do
    [ "$a" = busybox ] || ln -s busybox "$tree/usr/bin/$a"
done
cp "$root/tests/guest/init" "$tree/init"
chmod 755 "$tree/init"
cp "$root"/tests/guest/*.sh "$tree/tests/"

# The test programs (bo-move, gr-chan): raw DRM ioctls with libdrm-dev's uAPI
# headers (no libdrm library), our own class headers and cubin reader, static
# so the busybox-only guest can run them; each becomes /usr/bin/NAME. gr-chan
# launches the corpus vadd kernel, whose cubin goes to /usr/share/nvqemu.
for src in "$root"/tests/guest/*.c; do
    name=$(basename "$src" .c)
    echo "== nvqemu: compiling tests/guest/$name.c (static)"
    gcc -std=gnu11 -O2 -Wall -Wextra -static -s -I/usr/include/libdrm -I"$root/include" \
        -o "$out/$name" "$src" "$root/hw/nvidia/sm/cubin.c" || die "$name.c does not compile"
    install -m 755 "$out/$name" "$tree/usr/bin/$name"
done
install -D -m 644 "$vadd_cubin" "$tree/usr/share/nvqemu/k01_vadd.sm_75.cubin"

# Vulkan: vulkaninfo, the loader, NVK and its ICD file, and the libraries they
# load (the closure as trixie's own dynamic loader resolves it), merged first
# (hard links) so that one library path covers every package.
vkroot=$out/vulkan-root lib=usr/lib/x86_64-linux-gnu
rm -rf "$vkroot"
mkdir -p "$vkroot"
for d in $vkstages; do cp -al "$stage/$d/." "$vkroot/" 2>/dev/null || cp -a "$stage/$d/." "$vkroot/"; done
ld=$vkroot/$lib/ld-linux-x86-64.so.2
[ -x "$ld" ] || die "no dynamic loader in the Vulkan packages"
# modetest and vbltest (libdrm-tests), drm_info: KMS from userspace, for the display test
vkbins="usr/bin/vulkaninfo $lib/libvulkan.so.1 $lib/libvulkan_nouveau.so usr/bin/modetest
        usr/bin/vbltest usr/bin/drm_info"
mkdir -p "$tree/$lib" "$tree/usr/share/vulkan/icd.d"
for f in $vkbins; do
    [ -e "$vkroot/$f" ] || die "the Vulkan packages have no $f"
    "$ld" --list --library-path "$vkroot/$lib" "$vkroot/$f" > "$out/ldd.txt" ||
        die "cannot resolve the libraries of $f"
    for so in $(awk '$2 == "=>" { print $3 }' "$out/ldd.txt"); do
        cp -L "$so" "$tree/$lib/"
    done
    cp -L "$vkroot/$f" "$tree/$f"
done
cp -L "$ld" "$tree/usr/lib64/ld-linux-x86-64.so.2"
cp "$vkroot/usr/share/vulkan/icd.d/nouveau_icd.json" "$tree/usr/share/vulkan/icd.d/"

# vk-compute: a Vulkan compute test, linked against the loader (the guest runs
# it with trixie's), its shader compiled to SPIR-V here.
echo "== nvqemu: compiling tests/guest/vulkan/vk-compute.c (its shaders to SPIR-V)"
for shader in vadd reduce mix mix2 mix3 mix4 img img2 img3 img4 runaway; do
    glslangValidator -V --target-env vulkan1.1 --vn "${shader}_spv" -o "$out/${shader}_spv.h" \
        "$root/tests/guest/vulkan/$shader.comp" > "$out/glslang.log" ||
        { cat "$out/glslang.log" >&2; die "$shader.comp does not compile"; }
done
gcc -std=gnu11 -O2 -Wall -Wextra -I"$out" -o "$tree/usr/bin/vk-compute" \
    "$root/tests/guest/vulkan/vk-compute.c" -lvulkan -lm || die "vk-compute.c does not compile"
for shader in tri.vert tri.frag point.vert point.frag scene.vert scene.frag; do
    glslangValidator -V --target-env vulkan1.1 --vn "${shader%.*}_${shader#*.}_spv" \
        -o "$out/${shader%.*}_${shader#*.}_spv.h" "$root/tests/guest/vulkan/$shader" \
        > "$out/glslang.log" || { cat "$out/glslang.log" >&2; die "$shader does not compile"; }
done
gcc -std=gnu11 -O2 -Wall -Wextra -I"$out" -o "$tree/usr/bin/vk-draw" \
    "$root/tests/guest/vulkan/vk-draw.c" -lvulkan -lm || die "vk-draw.c does not compile"
for shader in bench-alu bench-saxpy; do
    name=$(echo "$shader" | tr - _)
    glslangValidator -V --target-env vulkan1.1 --vn "${name}_spv" \
        -o "$out/${name}_spv.h" "$root/tests/guest/vulkan/$shader.comp" > "$out/glslang.log" ||
        { cat "$out/glslang.log" >&2; die "$shader.comp does not compile"; }
done
gcc -std=gnu11 -O2 -Wall -Wextra -I"$out" -o "$tree/usr/bin/vk-bench" \
    "$root/tests/guest/vulkan/vk-bench.c" -lvulkan || die "vk-bench.c does not compile"

# Mesa's OpenCL and GL (guest tests "opencl" and "gl-compute"): rusticl, the
# ICD loader, clinfo, clpeak, libclc's SPIR-V library and cl-test; EGL, GBM and
# libgallium (nouveau's GL driver, zink) with piglit's shader_runner and its
# compute tests; with the libraries they need that the main tree lacks, in an
# add-on cpio (LLVM and clang alone are ~240 MB unpacked). A test whose script
# says "# nvqemu-image: mesa" boots initramfs-mesa.cpio.zst: the main image
# with the add-on appended (the kernel unpacks concatenated archives in order).
echo "== nvqemu: the Mesa add-on (rusticl, clinfo, clpeak, cl-test; EGL, GL, eglinfo, shader_runner; lavapipe, vk-scene, vkmark)"
mtree=$out/mesa-tree pl=$lib/piglit
rm -rf "$mtree"
mkdir -p "$mtree/$lib" "$mtree/usr/bin" "$mtree/usr/lib/clc" "$mtree/etc/OpenCL/vendors" \
    "$mtree/usr/share/glvnd/egl_vendor.d" "$mtree/$pl/bin" "$mtree/$pl/lib" "$mtree/$lib/gbm"
addon_elf() {  # addon_elf ROOT FILE: FILE and the libraries it loads that the main tree lacks
    "$ld" --list --library-path "$vkroot/$lib:$pgroot/$pl/lib" "$1/$2" > "$out/ldd.txt" ||
        die "cannot resolve the libraries of $2"
    for so in $(awk '$2 == "=>" { print $3 }' "$out/ldd.txt"); do
        case $so in */piglit/lib/*) continue ;; esac
        [ -e "$tree/$lib/${so##*/}" ] || cp -L "$so" "$mtree/$lib/"
    done
    cp -L "$1/$2" "$mtree/$2"
}
for f in usr/bin/clinfo usr/bin/clpeak $lib/libOpenCL.so.1 $lib/libRusticlOpenCL.so.1 \
         $lib/libEGL.so.1 $lib/libEGL_mesa.so.0 $lib/gbm/dri_gbm.so; do
    [ -e "$vkroot/$f" ] || die "the Mesa packages have no $f"
    addon_elf "$vkroot" "$f"
done
for f in $pl/bin/shader_runner $pl/bin/triangle-rasterization $pl/bin/triangle-rasterization-overdraw \
         $pl/bin/triangle-guardband-viewport $pl/bin/depth_bounds $pl/bin/gl-1.0-logicop \
         $pl/lib/libpiglitutil.so.0 $pl/lib/libpiglitutil_gl.so.0; do
    addon_elf "$pgroot" "$f"
done
cp "$pgroot"/$pl/tests/spec/arb_compute_shader/execution/*.shader_test "$mtree/$pl/"
mkdir -p "$mtree/$pl/glsl-1.10"
cp "$pgroot"/$pl/tests/spec/glsl-1.10/execution/*.shader_test "$mtree/$pl/glsl-1.10/"
mkdir -p "$mtree/$pl/glsl-1.30-clipping"
cp "$pgroot"/$pl/tests/spec/glsl-1.30/execution/clipping/*.shader_test "$mtree/$pl/glsl-1.30-clipping/"
cp "$vkroot/usr/share/glvnd/egl_vendor.d/50_mesa.json" "$mtree/usr/share/glvnd/egl_vendor.d/"
# clang's OpenCL headers (its resource directory, where rusticl's clang looks)
for h in "$vkroot"/usr/lib/llvm-*/lib/clang/*/include/opencl-c-base.h; do
    [ -f "$h" ] || die "clang's opencl-c-base.h is not in the OpenCL packages"
    d=${h%/*}; d=${d#"$vkroot"/}
    mkdir -p "$mtree/$d"
    cp "$vkroot/$d/opencl-c-base.h" "$vkroot/$d/opencl-c.h" "$mtree/$d/"
done
cp "$vkroot/etc/OpenCL/vendors/rusticl.icd" "$mtree/etc/OpenCL/vendors/"
cp "$vkroot"/usr/lib/clc/spirv-mesa3d-.spv "$vkroot"/usr/lib/clc/spirv64-mesa3d-.spv \
    "$mtree/usr/lib/clc/"
# eglinfo (mesa-utils-bin names it by its architecture)
addon_elf "$vkroot" usr/bin/eglinfo.x86_64-linux-gnu
mv "$mtree/usr/bin/eglinfo.x86_64-linux-gnu" "$mtree/usr/bin/eglinfo"
# vkmark (guest test "vkmark") with its headless window system, models and SPIR-V
mkdir -p "$mtree/$lib/vkmark" "$mtree/usr/share"
addon_elf "$vkroot" usr/bin/vkmark
addon_elf "$vkroot" "$lib/vkmark/headless.so"
addon_elf "$vkroot" "$lib/vkmark/kms.so"
cp -a "$vkroot/usr/share/vkmark" "$mtree/usr/share/"
# vk-scene (guest test "vk-scene"): one scene on NVK and on lavapipe, compared;
# lavapipe's ICD file lies outside the loader's search path, so that zink and
# the other tests see NVK alone (vk-scene.sh adds it with VK_ADD_DRIVER_FILES).
addon_elf "$vkroot" "$lib/libvulkan_lvp.so"
mkdir -p "$mtree/usr/share/nvqemu"
cp "$vkroot/usr/share/vulkan/icd.d/lvp_icd.json" "$mtree/usr/share/nvqemu/"
# trixie-backports' NVK (vkmark.sh names it with VK_DRIVER_FILES); it loads no
# library the release's NVK does not
mkdir -p "$mtree/usr/lib/nvqemu/mesa-backports"
addon_elf "$bproot" "$lib/libvulkan_nouveau.so"
mv "$mtree/$lib/libvulkan_nouveau.so" "$mtree/usr/lib/nvqemu/mesa-backports/"
sed 's#"library_path": "[^"]*"#"library_path": "/usr/lib/nvqemu/mesa-backports/libvulkan_nouveau.so"#' \
    "$bproot/usr/share/vulkan/icd.d/nouveau_icd.json" > "$mtree/usr/share/nvqemu/nouveau-backports_icd.json"
grep -q mesa-backports "$mtree/usr/share/nvqemu/nouveau-backports_icd.json" ||
    die "trixie-backports' NVK ICD file names no library_path"
gcc -std=gnu11 -O2 -Wall -Wextra -I"$out" -o "$mtree/usr/bin/vk-scene" \
    "$root/tests/guest/vulkan/vk-scene.c" -lvulkan -lz -lm || die "vk-scene.c does not compile"
gcc -std=gnu11 -O2 -Wall -Wextra -o "$mtree/usr/bin/cl-test" \
    "$root/tests/guest/opencl/cl-test.c" "$vkroot/$lib/libOpenCL.so.1" -lm ||
    die "cl-test.c does not compile"

# nouveau's line in modules.dep already lists its whole transitive closure.
# Modules are stored decompressed: busybox modprobe first hands a .ko.xz to the
# kernel, which rejects it, and then unpacks it itself (slow under TCG); the
# cpio is compressed as a whole anyway.
kmod=$kst/lib/modules/$kver tmod=$tree/usr/lib/modules/$kver
mods=$(sed -n 's#^\(kernel/.*/nouveau\.ko\.xz\):#\1#p' "$kmod/modules.dep")
[ -n "$mods" ] || die "nouveau is not in $kver's modules.dep"
for m in $mods; do
    mkdir -p "$tmod/${m%/*}"
    "$bb" unxz -c "$kmod/$m" > "$tmod/${m%.xz}"
done
cp "$kmod/modules.builtin" "$kmod/modules.builtin.modinfo" "$kmod/modules.order" "$tmod/"
"$bb" depmod -b "$tree" "$kver"

# Turing firmware: nvidia/tu102 and nvidia/tu104, then (until no link dangles)
# the targets of links that leave them, e.g. tu102/acr/bl.bin -> ../../gp102/acr/bl.bin.
tfw=$tree/usr/lib/firmware
(cd "$fw" && cp -a --parents nvidia/tu102 nvidia/tu104 "$tfw/")
while links=$(cd "$tfw" && find . -xtype l) && [ -n "$links" ]; do
    for l in $links; do
        t=$(cd "$tfw" && realpath -m -s --relative-to=. "${l%/*}/$(readlink "$l")")
        [ -e "$fw/$t" ] || die "firmware link $l points to $t, which the package lacks"
        (cd "$fw" && cp -a --parents "$t" "$tfw/")
    done
done
[ -z "$(find "$tfw" -name gsp)" ] || die "GSP-RM firmware found in $fw: the guest must not have it"

# ---- outputs; the initramfs goes last, its mtime marks the build as complete
echo "== nvqemu: writing $img (zstd -9)"
cp "$kst/boot/vmlinuz-$kver" "$out/vmlinuz.tmp"   # mv: a booting QEMU may be reading it
mv "$out/vmlinuz.tmp" "$out/vmlinuz"
{
    echo "# nvqemu guest: Debian packages (name=version); kernel release $kver"
    for pv in $pkgs $pgpv $bppv; do echo "$pv"; done
} > "$out/VERSIONS"
cpio_of() {  # cpio_of TREE: a newc archive of TREE on stdout
    (cd "$1" && find . -mindepth 1 | LC_ALL=C sort | "$bb" cpio -o -H newc -R 0:0 2>/dev/null)
}
cpio_of "$tree" | zstd -q -9 -T0 > "$img.tmp"
cpio_of "$mtree" | zstd -q -3 -T0 > "$out/mesa.cpio.zst"
cat "$img.tmp" "$out/mesa.cpio.zst" > "$out/initramfs-mesa.cpio.zst"
mv "$img.tmp" "$img"
echo "== nvqemu: guest ready: $(wc -c < "$img") bytes initramfs, $(echo "$mods" | wc -w) modules," \
     "$(find "$tfw" -type f | wc -l) firmware files ($out)"
