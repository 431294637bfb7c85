#version 450
// vk-scene: the colour alone (uv.z 0), or times the texture sampled nearest
// (1) or bilinear (2).
layout(set = 0, binding = 0) uniform sampler2D tex_nearest;
layout(set = 0, binding = 1) uniform sampler2D tex_linear;
layout(location = 0) in vec4 v_color;
layout(location = 1) in vec4 v_uv;
layout(location = 0) out vec4 o;

void main()
{
    if (v_uv.z < 0.5) {
        o = v_color;
    } else if (v_uv.z < 1.5) {
        o = v_color * texture(tex_nearest, v_uv.xy);
    } else {
        o = v_color * texture(tex_linear, v_uv.xy);
    }
}
