#version 450
// vk-draw: where in its point the pixel is (s, t), and the colour's blue.
layout(location = 0) in vec4 v_color;
layout(location = 0) out vec4 o;

void main()
{
    o = vec4(gl_PointCoord, v_color.b, 1.0);
}
