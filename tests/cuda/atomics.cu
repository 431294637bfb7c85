// Every atomic: add/sub/exch/min/max/inc/dec/cas/and/or/xor on int and
// unsigned, 64-bit add/cas/min/max, float add, and a double add built from
// atomicCAS; results that depend on every update happening exactly once.
#include "check.h"

#define T 2048

struct Cells {
    int add, sub, min, max, exch_hits;
    unsigned inc, dec, and_, or_, xor_;
    unsigned long long add64, cas_count, min64, max64;
    float fadd;
    double dadd;
    int exch;
};

__device__ double atomic_add_double(double *p, double v)
{
    unsigned long long *a = (unsigned long long *)p, old = *a, seen;
    do {
        seen = old;
        old = atomicCAS(a, seen, __double_as_longlong(__longlong_as_double(seen) + v));
    } while (old != seen);
    return __longlong_as_double(old);
}

__global__ void hammer(Cells *c)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    atomicAdd(&c->add, i);
    atomicSub(&c->sub, i);
    atomicMin(&c->min, 1000 - i);
    atomicMax(&c->max, i * 3);
    atomicInc(&c->inc, 99);                 // counts modulo 100
    atomicDec(&c->dec, 1000);
    atomicAnd(&c->and_, ~(1u << (i % 32)) | (i < 32 ? 0u : ~0u));
    atomicOr(&c->or_, 1u << (i % 32));
    atomicXor(&c->xor_, (unsigned)i);
    atomicAdd(&c->add64, (unsigned long long)i << 20);
    atomicMin(&c->min64, 0x100000000ull + (unsigned long long)(T - i));
    atomicMax(&c->max64, (unsigned long long)i << 33);
    atomicAdd(&c->fadd, 0.5f);
    atomic_add_double(&c->dadd, 0.25);
    // a CAS counter: retry until this thread's increment lands
    unsigned long long old = c->cas_count, seen;
    do {
        seen = old;
        old = atomicCAS(&c->cas_count, seen, seen + 1);
    } while (old != seen);
    if (atomicExch(&c->exch, i) >= 0)
        atomicAdd(&c->exch_hits, 1);
}

int main()
{
    test_name = "atomics";
    Cells h = {}, *d;
    h.min = 1 << 30;
    h.max = -1;
    h.dec = 0;
    h.and_ = ~0u;
    h.min64 = ~0ull;
    h.exch = -1;
    CHECK(cudaMalloc(&d, sizeof(Cells)));
    CHECK(cudaMemcpy(d, &h, sizeof(h), cudaMemcpyHostToDevice));
    hammer<<<T / 128, 128>>>(d);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(&h, d, sizeof(h), cudaMemcpyDeviceToHost));
    long long sum = (long long)T * (T - 1) / 2;
    unsigned x = 0;
    for (int i = 0; i < T; i++)
        x ^= (unsigned)i;
    EXPECT(h.add == sum && h.sub == -sum, "add %d sub %d", h.add, h.sub);
    EXPECT(h.min == 1000 - (T - 1) && h.max == 3 * (T - 1), "min %d max %d", h.min, h.max);
    EXPECT(h.inc == T % 100, "inc %u", h.inc);
    // dec from 0 wraps to 1000, then counts down: after T decrements
    EXPECT(h.dec == (unsigned)((1001 - T % 1001) % 1001), "dec %u", h.dec);
    EXPECT(h.and_ == 0 && h.or_ == ~0u && h.xor_ == x, "and %x or %x xor %x", h.and_, h.or_,
           h.xor_);
    EXPECT(h.add64 == (unsigned long long)sum << 20, "add64 %llx", h.add64);
    EXPECT(h.min64 == 0x100000001ull && h.max64 == (unsigned long long)(T - 1) << 33,
           "min64 %llx max64 %llx", h.min64, h.max64);
    EXPECT(h.fadd == T * 0.5f && h.dadd == T * 0.25, "fadd %g dadd %g", h.fadd, h.dadd);
    EXPECT(h.cas_count == T, "cas counter %llu", h.cas_count);
    EXPECT(h.exch_hits == T - 1 && h.exch >= 0 && h.exch < T, "exch hits %d last %d",
           h.exch_hits, h.exch);
    return pass();
}
