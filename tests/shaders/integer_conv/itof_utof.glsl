#version 300 es
precision highp float;
precision highp int;
layout(std140) uniform ConstantBuffer0 {
    vec4 data[4];
} cb0;
in highp vec4 vs_TEXCOORD0;
layout(location = 0) out highp vec4 SV_Target0;
layout(location = 1) out highp ivec4 SV_Target1;
layout(location = 2) out highp uvec4 SV_Target2;
vec4 r0;
vec4 r1;
vec4 r2;
vec4 r3;
void main()
{
    r0.xy = vec2(floatBitsToInt(r1.xy));
    r0.z = float(floatBitsToUint(r1.z));
    SV_Target0.w = float(floatBitsToUint(cb0.data[2].w));
    SV_Target0.w = clamp(SV_Target0.w, 0.0, 1.0);
    return;
}
