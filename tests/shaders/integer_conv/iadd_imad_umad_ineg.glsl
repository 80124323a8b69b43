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
    r0.x = intBitsToFloat(floatBitsToInt(cb0.data[0].x) + (-floatBitsToInt(r2.x)));
    r0.xy = intBitsToFloat(floatBitsToInt(r1.xy) + ivec2(int(0xffffffffu), int(0x7fffffffu)));
    r0.xy = intBitsToFloat(floatBitsToInt(r1.xy) * ivec2(3, 3) + floatBitsToInt(r2.xy));
    r0.z = uintBitsToFloat(floatBitsToUint(r1.x) * floatBitsToUint(cb0.data[1].y) + 7u);
    r0.y = intBitsToFloat(-floatBitsToInt(r0.y));
    SV_Target1 = -(-floatBitsToInt(r2.wzyx));
    return;
}
