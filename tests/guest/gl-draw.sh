#!/bin/sh
# nvqemu-image: mesa
# In-guest test "GL draws" (busybox sh; /init has loaded nouveau). eglinfo
# names each driver's renderer; then piglit
# on nouveau's GL driver (nvc0: nv50_ir compiles) and on zink (GL on NVK:
# NAK compiles), EGL without a window, rendering to an FBO: a fixed list of
# glsl-1.10 execution tests (shader_runner draws with a vertex and a
# fragment shader and probes the pixels: arithmetic, loops, functions,
# varyings, front faces, uniforms, texture sampling: convolutions, sampler
# arrays, computed coordinates, 3D textures (uploaded by the copy engine
# and, on nouveau, converted by a layered blit draw in window coordinates);
# GL's vertex-colour clamp), triangle-rasterization (random
# triangles against piglit's own rasterizer with the fill convention it
# measures), triangle-rasterization-overdraw (pixels drawn twice by
# triangles sharing edges) and triangle-guardband-viewport; glsl-1.30's
# user clip distances, gl-1.0-logicop's single-sampled logic ops, and (on
# nouveau) depth_bounds. One
# PASS:/FAIL: line per test and driver; known failures (none at present)
# are run too and named. Exits 1 if any check failed.
. /tests/lib.sh
export HOME=/tmp XDG_RUNTIME_DIR=/tmp
dir=$PIGLIT_DIR
# every eighth test, by name, of those both drivers pass (238 of 252 for nouveau,
# 247 for zink when this list was made)
shaders="and-operator-short-circuit cmod-cmp-to-add-ne fs-frontfacing-ternary-0.0-neg-1.0
         fs-max-max-max fs-op-assign-mult-ivec2-ivec2-overwrite fs-sign-neg gl_lightsource_indirect
         glsl-deadcode-varying glsl-fs-functions-6 glsl-fs-integer-multiplication
         glsl-fs-multiple-builtins glsl-fs-uniform-array-5 glsl-fs-vec4-operator-equal
         glsl-mat-from-vec-ctor-01 glsl-precision-110 glsl-vs-deadcode-1 glsl-vs-if-less-equal
         glsl-vs-mat-div-2 glsl-vs-position-outval glsl-vs-vec4-operator-notequal
         or-operator-short-circuit swizzle-stpq swizzled-writemask-stpq void-ternary
         vs-integer-reduction vs-loop-complex-unroll vs-loop-variable-iteration-limit-unroll2
         vs-nested-return-sibling-if vs-saturate-sqrt vs-vec2-main-return
         glsl-fs-convolution-1 glsl-fs-uniform-sampler-array texture2D-computed-coordinate
         texture3D texture3D-computed-coord glsl-clamp-vertex-color"
programs="triangle-rasterization triangle-rasterization-overdraw triangle-guardband-viewport"
# glsl-1.30's user clip distances (every one of the 22 passes on both drivers)
clipping="vs-clip-distance-all-planes-enabled vs-clip-distance-enables vs-clip-distance-primitives
          vs-clip-based-on-position-homogeneity fs-clip-distance-interpolated
          vs-clip-distance-const-reject"
# gl-1.0-logicop's 16 single-sampled subtests (its _MSAA ones need multisampling, not modelled)
logicops=""
for op in CLEAR SET COPY COPY_INVERTED NOOP INVERT AND NAND OR NOR XOR EQUIV AND_REVERSE \
          AND_INVERTED OR_REVERSE OR_INVERTED; do
    logicops="$logicops -subtest GL_$op"
done
# Known to fail, by name (a pass is reported too, so that the list stays true): none
known=""

piglit_known_run() {  # piglit_known_run DRIVER PROGRAM
    piglit_run "$1" $dir/bin/$2
}

# eglinfo on the surfaceless platform (what the tests below render on): the
# renderer each driver reports
eglinfo -B -p surfaceless > /tmp/eglinfo.out 2>&1
rc=$?
sed -n 's/^OpenGL core profile renderer: /nouveau renderer: /p' /tmp/eglinfo.out
check "eglinfo -B -p surfaceless exited with status $rc" [ "$rc" = 0 ]
check "eglinfo: nouveau's GL driver renders on NV164" \
    grep -q '^OpenGL core profile renderer: NV164' /tmp/eglinfo.out
MESA_LOADER_DRIVER_OVERRIDE=zink eglinfo -B -p surfaceless > /tmp/eglinfo-zink.out 2>&1
check "eglinfo: zink renders on NVK ($(sed -n 's/^OpenGL core profile renderer: //p' \
    /tmp/eglinfo-zink.out | head -n 1))" grep -q '^OpenGL core profile renderer: zink.*NVK' \
    /tmp/eglinfo-zink.out

for driver in nouveau zink; do
    for t in $shaders; do
        piglit_check $driver $t "$(piglit_run $driver $dir/bin/shader_runner $dir/glsl-1.10/$t.shader_test)"
    done
    for p in $programs; do
        piglit_check $driver $p "$(piglit_run $driver $dir/bin/$p)"
    done
    for t in $clipping; do
        piglit_check $driver $t \
            "$(piglit_run $driver $dir/bin/shader_runner $dir/glsl-1.30-clipping/$t.shader_test)"
    done
    # shellcheck disable=SC2086  # the subtest options are words
    piglit_check $driver gl-1.0-logicop "$(piglit_run $driver $dir/bin/gl-1.0-logicop $logicops)"
done
# nouveau's GL driver only: zink draws this test through a geometry shader (not modelled)
piglit_check nouveau depth_bounds "$(piglit_run nouveau $dir/bin/depth_bounds)"
piglit_known "$known"

collect_dmesg
check_clean_dmesg
exit "$failed"
