#version 450
// vk-scene: a clip-space position, a colour, and (s, t, what to sample, point size).
layout(location = 0) in vec4 pos;
layout(location = 1) in vec4 color;
layout(location = 2) in vec4 uv;
layout(location = 0) out vec4 v_color;
layout(location = 1) out vec4 v_uv;

void main()
{
    gl_Position = pos;
    gl_PointSize = uv.w;
    v_color = color;
    v_uv = uv;
}
