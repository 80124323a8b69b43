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
ivec2 dx11_ftoi2(vec2 v)
{
    vec2 s = mix(v, vec2(0.0), greaterThan(floatBitsToUint(v) & 0x7fffffffu, uvec2(0x7f800000u)));
    ivec2 r = ivec2(clamp(s, -2147483648.0, 2147483520.0));
    bvec2 top = greaterThanEqual(s, vec2(2147483648.0));
    return ivec2(top.x ? 0x7fffffff : r.x, top.y ? 0x7fffffff : r.y);
}
void main()
{
    {
        ivec2 hlslcc_resinfo0 = textureSize(t0, 0);
        r0.xyz = uintBitsToFloat(uvec3(uint(hlslcc_resinfo0.x), uint(hlslcc_resinfo0.y), uint(0)));
    }
    r0.xy = vec2(floatBitsToUint(r0.xy));
    r0.xy = r0.xy * vs_TEXCOORD0.xy;
    r0.xy = intBitsToFloat(dx11_ftoi2(r0.xy));
    r0.zw = vec2(0.0, 0.0);
    r0 = texelFetch(t0, floatBitsToInt(r0.xy), floatBitsToInt(r0.w));
    SV_Target0 = r0.xyzw;
    return;
}
