#version 300 es
precision highp float;
precision highp int;
in highp vec4 vs_TEXCOORD0;
in highp vec4 vs_TEXCOORD1;
layout(location = 0) out highp vec4 SV_Target0;
vec4 r0;
vec4 r1;
vec4 r2;
vec4 r3;
void main()
{
    r0.xy = dFdx(vs_TEXCOORD0.xy);
    r0.z = dFdx(vs_TEXCOORD0.z);
    r0.w = dFdx(vs_TEXCOORD0.w);
    r1.xy = dFdy(vs_TEXCOORD0.yx);
    r1.z = dFdy(vs_TEXCOORD0.z);
    r1.w = dFdy(vs_TEXCOORD0.w);
    r1.w = clamp(r1.w, 0.0, 1.0);
    return;
}
