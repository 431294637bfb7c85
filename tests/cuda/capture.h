// Captures what the runtime writes to stdout or stderr (device printf and
// assert output) into a temporary file, for the suite to compare.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <string>
#include <unistd.h>

struct Capture {
    int fd, saved, target;
    char path[32] = "/tmp/nvq-captureXXXXXX";

    explicit Capture(FILE *stream) : target(fileno(stream))
    {
        fflush(stream);
        fd = mkstemp(path);
        saved = dup(target);
        dup2(fd, target);
    }
    // What was written since the start (or the last take), the stream left captured.
    std::string take()
    {
        fflush(target == 1 ? stdout : stderr);
        std::string s;
        char buf[4096];
        ssize_t n;
        lseek(fd, 0, SEEK_SET);
        while ((n = read(fd, buf, sizeof(buf))) > 0) {
            s.append(buf, (size_t)n);
        }
        ftruncate(fd, 0);
        lseek(fd, 0, SEEK_SET);
        return s;
    }
    ~Capture()
    {
        fflush(target == 1 ? stdout : stderr);
        dup2(saved, target);
        close(saved);
        close(fd);
        unlink(path);
    }
};
