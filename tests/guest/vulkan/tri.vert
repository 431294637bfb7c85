#version 450
// vk-draw: a position in clip space and a colour per vertex.
layout(location = 0) in vec4 pos;
layout(location = 1) in vec4 color;
layout(location = 0) out vec4 v_color;

void main()
{
    gl_Position = pos;
    v_color = color;
}
