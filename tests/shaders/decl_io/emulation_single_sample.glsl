#version 300 es
precision highp float;
precision highp int;
layout(std140) uniform ConstantBuffer0 {
    vec4 data[1];
} cb0;
layout(location = 0) out highp uvec4 SV_Target0;
highp uint dxlower_SampleMask = 0xffffffffu;
vec4 r0;
uvec4 r0_u;
void main()
{
    SV_Target0.x = uint(int(1u) + 40);
    SV_Target0.y = uint(int(0u) + 20);
    SV_Target0.zw = floatBitsToUint(vec2(uintBitsToFloat(0x00000009u), uintBitsToFloat(0x00000009u)));
    r0_u.xy = floatBitsToUint(cb0.data[0].xy);
    if (r0_u.y == uint(0)) {
        if ((dxlower_SampleMask & 1u) == 0u) discard;
        return;
    }
    dxlower_SampleMask = r0_u.x;
    if ((dxlower_SampleMask & 1u) == 0u) discard;
    return;
}
