#version 300 es
layout(std140) uniform ConstantBuffer0 {
    vec4 data[1];
} cb0;
in highp vec3 in_POSITION0;
out highp float dxlower_ClipDistance0;
out highp float dxlower_ClipDistance1;
out highp vec2 vs_TEXCOORD0;
void main()
{
    gl_Position.xyz = in_POSITION0.xyz;
    gl_Position.w = 1.0;
    dxlower_ClipDistance0 = in_POSITION0.x + cb0.data[0].x;
    dxlower_ClipDistance1 = in_POSITION0.y + cb0.data[0].y;
    vs_TEXCOORD0 = in_POSITION0.xy;
    return;
}
