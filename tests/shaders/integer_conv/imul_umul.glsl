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
uint dx11_umulhi(uint a, uint b)
{
    uint al = a & 0xffffu;
    uint ah = a >> 16u;
    uint bl = b & 0xffffu;
    uint bh = b >> 16u;
    uint lh = al * bh;
    uint hl = ah * bl;
    uint mid = ((al * bl) >> 16u) + (lh & 0xffffu) + (hl & 0xffffu);
    return ah * bh + (lh >> 16u) + (hl >> 16u) + (mid >> 16u);
}
int dx11_imulhi(int a, int b)
{
    uint hi = dx11_umulhi(uint(a), uint(b));
    if (a < 0) { hi -= uint(b); }
    if (b < 0) { hi -= uint(a); }
    return int(hi);
}
void main()
{
    r1.y = intBitsToFloat(floatBitsToInt(r1.y) * 3);
    r0.x = intBitsToFloat(dx11_imulhi(floatBitsToInt(r1.x), floatBitsToInt(r2.x)));
    r0.y = intBitsToFloat(floatBitsToInt(r1.x) * floatBitsToInt(r2.x));
    r2.xy = uintBitsToFloat(uvec2(dx11_umulhi(floatBitsToUint(r1.x), floatBitsToUint(r2.z)), dx11_umulhi(floatBitsToUint(r1.y), floatBitsToUint(r2.w))));
    {
        uint hlslcc_dst0 = dx11_umulhi(floatBitsToUint(r1.z), floatBitsToUint(r1.w));
        uint hlslcc_dst1 = floatBitsToUint(r1.z) * floatBitsToUint(r1.w);
        r1.z = uintBitsToFloat(hlslcc_dst0);
        r1.w = uintBitsToFloat(hlslcc_dst1);
    }
    return;
}
