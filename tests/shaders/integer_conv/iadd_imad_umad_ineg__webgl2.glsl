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
uvec4 r0_u;
vec4 r1;
uvec4 r1_u;
vec4 r2;
uvec4 r2_u;
vec4 r3;
void main()
{
    r0.x = intBitsToFloat(floatBitsToInt(cb0.data[0].x) + (-int(r2_u.x)));
    r0_u.xy = uvec2(ivec2(r1_u.xy) + ivec2(int(0xffffffffu), int(0x7fffffffu)));
    r0_u.xy = uvec2(ivec2(r1_u.xy) * ivec2(3, 3) + ivec2(r2_u.xy));
    r0.z = uintBitsToFloat(r1_u.x * floatBitsToUint(cb0.data[1].y) + 7u);
    r0_u.y = uint(-int(r0_u.y));
    SV_Target1 = -(-ivec4(r2_u.wzyx));
    return;
}
