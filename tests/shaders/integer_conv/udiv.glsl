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
uint dx11_udiv(uint a, uint b)
{
    return b == 0u ? 0xffffffffu : a / b;
}
uint dx11_umod(uint a, uint b)
{
    return b == 0u ? 0xffffffffu : a % b;
}
void main()
{
    r0.z = uintBitsToFloat(dx11_udiv(floatBitsToUint(r0.z), 12u));
    r1.xy = uintBitsToFloat(uvec2(dx11_umod(floatBitsToUint(r2.x), floatBitsToUint(r3.x)), dx11_umod(floatBitsToUint(r2.y), floatBitsToUint(r3.y))));
    r1.z = uintBitsToFloat(dx11_udiv(floatBitsToUint(r2.z), floatBitsToUint(cb0.data[0].z)));
    SV_Target2.w = dx11_umod(floatBitsToUint(r2.z), floatBitsToUint(cb0.data[0].z));
    r3.x = uintBitsToFloat(dx11_umod(floatBitsToUint(r2.x), floatBitsToUint(r2.y)));
    r2.x = uintBitsToFloat(dx11_udiv(floatBitsToUint(r2.x), floatBitsToUint(r2.y)));
    {
        uint hlslcc_dst0 = dx11_udiv(floatBitsToUint(r1.x), floatBitsToUint(r0.x));
        uint hlslcc_dst1 = dx11_umod(floatBitsToUint(r1.x), floatBitsToUint(r0.x));
        r0.x = uintBitsToFloat(hlslcc_dst0);
        r1.x = uintBitsToFloat(hlslcc_dst1);
    }
    return;
}
