#version 300 es
precision highp float;
precision highp int;
uniform highp sampler2D bt9;
uniform highp isampler2D bt10;
in highp vec4 vs_TEXCOORD0;
in highp vec4 vs_TEXCOORD1;
layout(location = 0) out highp vec4 SV_Target0;
vec4 r0;
vec4 r1;
vec4 r2;
vec4 r3;
vec4 dx11_buffer_fetch(highp sampler2D s, uint i)
{
    uint w = uint(textureSize(s, 0).x);
    return texelFetch(s, ivec2(int(i % w), int(i / w)), 0);
}
ivec4 dx11_buffer_fetch(highp isampler2D s, uint i)
{
    uint w = uint(textureSize(s, 0).x);
    return texelFetch(s, ivec2(int(i % w), int(i / w)), 0);
}
void main()
{
    r0 = dx11_buffer_fetch(bt9, floatBitsToUint(r1.x));
    r1.xy = intBitsToFloat(dx11_buffer_fetch(bt10, floatBitsToUint(r1.y)).zw);
    return;
}
