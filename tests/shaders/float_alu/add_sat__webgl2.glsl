#version 300 es
precision highp float;
precision highp int;
layout(std140) uniform ConstantBuffer0 {
    vec4 data[8];
} cb0;
in highp vec4 vs_TEXCOORD0;
layout(location = 0) out highp vec4 SV_Target0;
layout(location = 1) out highp ivec4 SV_Target1;
vec4 r0;
vec4 r1;
vec4 r2;
vec4 r3;
vec4 TempArray0[4];
uvec4 TempArray0_u[4];
void main()
{
    r0.xyz = vs_TEXCOORD0.xyz + cb0.data[0].xyz;
    r0.xyz = mix(vec3(0.0), min(r0.xyz, vec3(1.0)), greaterThan(r0.xyz, vec3(0.0)));
    return;
}
