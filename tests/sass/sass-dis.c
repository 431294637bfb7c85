/*
 * sass-dis: reads "lo hi" hex pairs (one instruction per line, optional
 * "pc" third column) and prints "lo hi<TAB>text", or "<rejected>" where the
 * decoder refuses the word. Used to compare with nvdisasm.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "hw/nvidia/sm/sass.h"

int main(int argc, char **argv)
{
    char line[256];
    uint64_t pc = 0;

    while (fgets(line, sizeof(line), stdin)) {
        unsigned long long lo, hi, at;
        NvSassInsn in;
        char text[256];
        int n = sscanf(line, "%llx %llx %llx", &lo, &hi, &at);

        if (line[0] == '#' || n < 2) {
            continue;
        }
        if (n == 3) {
            pc = at;
        }
        if (nv_sass_decode(lo, hi, pc, &in)) {
            nv_sass_disasm(&in, text, sizeof(text));
        } else {
            snprintf(text, sizeof(text), "<rejected>");
        }
        printf("0x%016llx 0x%016llx\t%s\n", lo, hi, text);
        pc += 16;
    }
    return 0;
}
