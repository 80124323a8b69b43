#version 300 es
precision highp float;
precision highp int;
uniform highp isampler2D t6;
uniform highp usampler2D t7;
in highp vec4 vs_TEXCOORD0;
in highp vec4 vs_TEXCOORD1;
layout(location = 0) out highp vec4 SV_Target0;
vec4 r0;
vec4 r1;
vec4 r2;
vec4 r3;
void main()
{
    r0 = intBitsToFloat(texelFetch(t6, floatBitsToInt(r1.xy), floatBitsToInt(r1.w)));
    r0 = uintBitsToFloat(texelFetch(t7, floatBitsToInt(r2.xy), floatBitsToInt(r2.w)).wzyx);
    return;
}
