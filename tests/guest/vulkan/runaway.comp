#version 450
// A dispatch that never ends: it spins on a flag nothing sets (volatile: read
// on every pass). The store after the loop must never happen.
layout(local_size_x = 32) in;
layout(std430, binding = 0) volatile buffer Flag { uint flag; uint after; };

void main()
{
    while (flag == 0u) {
    }
    after = 1u;
}
