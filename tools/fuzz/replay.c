/*
 * Runs a saved fuzzing corpus without libFuzzer: every regular file of the
 * directory given as argv[1] (in name order, hidden files skipped) is read,
 * at most REPLAY_MAX_INPUT bytes of it, and passed to LLVMFuzzerTestOneInput.
 * Prints TAP: "ok N - <file>" per input, then "1..N". A bug in the model
 * shows as a crash (or a sanitizer report, in sanitizer builds); a file that
 * cannot be read is "not ok".
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define REPLAY_MAX_INPUT    (1u << 20)

static int skip_hidden(const struct dirent *d)
{
    return d->d_name[0] != '.';
}

/* Reads at most max bytes of path into buf; returns the count, or -1. */
static long read_bounded(const char *path, uint8_t *buf, size_t max)
{
    FILE *f = fopen(path, "rb");
    size_t n;

    if (!f) {
        return -1;
    }
    n = fread(buf, 1, max, f);
    if (ferror(f)) {
        fclose(f);
        return -1;
    }
    fclose(f);
    return (long)n;
}

int main(int argc, char **argv)
{
    struct dirent **names;
    uint8_t *buf;
    unsigned count = 0, failed = 0;
    int n;

    if (argc != 2) {
        fprintf(stderr, "usage: %s CORPUS-DIRECTORY\n", argv[0]);
        return 2;
    }
    n = scandir(argv[1], &names, skip_hidden, alphasort);
    if (n < 0) {
        printf("Bail out! %s: %s\n", argv[1], strerror(errno));
        return 1;
    }
    buf = malloc(REPLAY_MAX_INPUT);
    if (!buf) {
        printf("Bail out! out of memory\n");
        return 1;
    }
    for (int i = 0; i < n; i++) {
        size_t plen = strlen(argv[1]) + strlen(names[i]->d_name) + 2;
        char *path = malloc(plen);
        struct stat st;
        long len;

        if (!path) {
            printf("Bail out! out of memory\n");
            return 1;
        }
        snprintf(path, plen, "%s/%s", argv[1], names[i]->d_name);
        if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
            free(path);
            free(names[i]);
            continue;
        }
        count++;
        len = read_bounded(path, buf, REPLAY_MAX_INPUT);
        if (len < 0) {
            printf("not ok %u - %s # cannot read: %s\n", count, names[i]->d_name,
                   strerror(errno));
            failed++;
        } else {
            fflush(stdout);
            LLVMFuzzerTestOneInput(buf, (size_t)len);
            printf("ok %u - %s%s\n", count, names[i]->d_name,
                   st.st_size > (off_t)REPLAY_MAX_INPUT ? " # truncated" : "");
        }
        free(path);
        free(names[i]);
    }
    free(names);
    free(buf);
    printf("1..%u\n", count);
    return failed ? 1 : 0;
}
