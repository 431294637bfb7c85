#version 450
// vk-draw: points whose size is the vertex colour's alpha.
layout(location = 0) in vec4 pos;
layout(location = 1) in vec4 color;
layout(location = 0) out vec4 v_color;

void main()
{
    gl_Position = pos;
    gl_PointSize = color.a;
    v_color = color;
}
