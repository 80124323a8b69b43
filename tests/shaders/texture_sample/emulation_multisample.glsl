#version 300 es
precision highp float;
precision highp int;
layout(std140) uniform ConstantBuffer0 {
    vec4 data[1];
} cb0;
uniform highp usampler2D t0;
layout(location = 0) out highp uvec4 SV_Target0;
vec4 r0;
vec4 r1;
vec4 r2;
int dx11_ftoi(float v)
{
    if ((floatBitsToUint(v) & 0x7fffffffu) > 0x7f800000u) { return 0; }
    if (v >= 2147483648.0) { return int(0x7fffffffu); }
    if (v <= -2147483648.0) { return int(0x80000000u); }
    return int(v);
}
uint dx11_ftou(float v)
{
    if ((floatBitsToUint(v) & 0x7fffffffu) > 0x7f800000u) { return 0u; }
    if (v <= 0.0) { return 0u; }
    if (v >= 4294967296.0) { return 0xffffffffu; }
    return uint(v);
}
void main()
{
    vec4 hlslcc_FragCoord = vec4(gl_FragCoord.xyz, 1.0/gl_FragCoord.w);
    r0.xy = intBitsToFloat(ivec2(dx11_ftoi(hlslcc_FragCoord.x), dx11_ftoi(hlslcc_FragCoord.y)));
    r0.zw = vec2(0.0, 0.0);
    r1 = uintBitsToFloat((floatBitsToUint(cb0.data[0].x) == 0u ? texelFetch(t0, floatBitsToInt(r0.xy), 0) : uvec4(uint(0))));
    r2.x = uintBitsToFloat(1u);
    r2.yz = vec2(0.0);
    r0.xy = uintBitsToFloat(uvec2(textureSize(t0, 0).xy));
    r0.w = uintBitsToFloat(uint(1));
    r1.x = intBitsToFloat(floatBitsToInt(r1.x) + floatBitsToInt(r2.x));
    r2.yz = uintBitsToFloat(uvec2(dx11_ftou(r2.y), dx11_ftou(r2.z)));
    r1.y = intBitsToFloat(floatBitsToInt(r1.y) + floatBitsToInt(r2.y));
    r1.z = intBitsToFloat(floatBitsToInt(r1.z) + floatBitsToInt(r0.x));
    r1.w = intBitsToFloat(floatBitsToInt(r0.w) * 1000 + floatBitsToInt(r0.y));
    SV_Target0 = floatBitsToUint(r1.xyzw);
    return;
}
