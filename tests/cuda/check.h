// Shared by the CUDA suite: every API call is checked; one PASS/FAIL line.
#pragma once
#include <cmath>
#include <cstdio>
#include <cstdlib>

static const char *test_name = "?";

#define CHECK(call)                                                                 \
    do {                                                                            \
        cudaError_t err_ = (call);                                                  \
        if (err_ != cudaSuccess) {                                                  \
            printf("FAIL %s: %s at %s:%d: %s\n", test_name, #call, __FILE__, __LINE__, \
                   cudaGetErrorName(err_));                                         \
            exit(1);                                                                \
        }                                                                           \
    } while (0)

#define EXPECT(cond, ...)                                                           \
    do {                                                                            \
        if (!(cond)) {                                                              \
            printf("FAIL %s: %s:%d: ", test_name, __FILE__, __LINE__);              \
            printf(__VA_ARGS__);                                                    \
            printf("\n");                                                           \
            exit(1);                                                                \
        }                                                                           \
    } while (0)

static inline int pass()
{
    printf("PASS %s\n", test_name);
    return 0;
}

// Relative error with a floor for values near zero.
static inline bool close_to(double got, double want, double rel, double abs_floor = 1e-30)
{
    return std::fabs(got - want) <= rel * std::fabs(want) + abs_floor;
}
