#version 300 es
precision highp float;
precision highp int;
uniform highp sampler2D t0;
in highp vec4 vs_TEXCOORD0;
in highp vec4 vs_TEXCOORD1;
layout(location = 0) out highp vec4 SV_Target0;
vec4 r0;
vec4 r1;
vec4 r2;
vec4 r3;
int dx11_ftoi(float v)
{
    if ((floatBitsToUint(v) & 0x7fffffffu) > 0x7f800000u) { return 0; }
    if (v >= 2147483648.0) { return int(0x7fffffffu); }
    if (v <= -2147483648.0) { return int(0x80000000u); }
    return int(v);
}
void main()
{
    {
        ivec2 hlslcc_resinfo0 = textureSize(t0, 0);
        r0.xyz = uintBitsToFloat(uvec3(uint(hlslcc_resinfo0.x), uint(hlslcc_resinfo0.y), uint(0)));
    }
    r0.xy = vec2(floatBitsToUint(r0.xy));
    r0.xy = r0.xy * vs_TEXCOORD0.xy;
    r0.xy = intBitsToFloat(ivec2(dx11_ftoi(r0.x), dx11_ftoi(r0.y)));
    r0.zw = vec2(0.0, 0.0);
    r0 = texelFetch(t0, floatBitsToInt(r0.xy), floatBitsToInt(r0.w));
    SV_Target0 = r0.xyzw;
    return;
}
