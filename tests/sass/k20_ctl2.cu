// Control flow beyond k11: a jump-table switch (BRX), a loop with a break out
// of divergent code (BREAK), trap/breakpoint (BPT), an indirect call through
// a function pointer, and a noinline recursive device function.
__device__ __noinline__ int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
__device__ int op_add(int a, int b) { return a + b; }
__device__ int op_mul(int a, int b) { return a * b; }
__device__ int op_sub(int a, int b) { return a - b; }
typedef int (*binop)(int, int);
__device__ binop table[3] = { op_add, op_mul, op_sub };
extern "C" __global__ void ctl2(const int* in, int* out, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  int v = in[t], r = 0;
  switch (v & 7) {
  case 0: r = v * 3; break;
  case 1: r = v ^ 0x55; break;
  case 2: r = v + 17; break;
  case 3: r = v >> 2; break;
  case 4: r = -v; break;
  case 5: r = v * v; break;
  case 6: r = v | 0x100; break;
  default: r = 1; break;
  }
  for (int k = 0; k < v; k++) {
    if (in[(t + k) % n] == 42) break;
    r += k;
  }
  if (r == 0x7fffffff) __trap();
  if (r == 0x7ffffffe) __brkpt();
  r += table[t % 3](r, v);
  r += fib(v & 15);
  out[t] = r;
}
