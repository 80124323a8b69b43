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
    r0.x = intBitsToFloat(max(floatBitsToInt(r0.x), 0));
    r0.y = intBitsToFloat(min(floatBitsToInt(r0.y), 15));
    r0.zw = uintBitsToFloat(max(floatBitsToUint(r1.zw), floatBitsToUint(r1.yy)));
    SV_Target2.x = min(floatBitsToUint(r1.x), 7u);
    return;
}
