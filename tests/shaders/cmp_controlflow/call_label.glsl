#version 300 es
precision highp float;
precision highp int;
layout(std140) uniform ConstantBuffer0 {
    vec4 data[8];
} cb0;
in highp vec4 vs_TEXCOORD0;
layout(location = 0) out highp vec4 SV_Target0;
layout(location = 1) out highp ivec4 SV_Target1;
vec4 r0;
vec4 r1;
vec4 r2;
vec4 r3;
void sub_0();
void sub_1();
void sub_0()
{
    r0 = r0.xyzw + vs_TEXCOORD0.xyzw;
    if (floatBitsToUint(r0.w) != uint(0)) {
        return;
    }
    sub_1();
    return;
}
void sub_1()
{
    if (floatBitsToUint(cb0.data[0].x) != uint(0)) {
        r0 = cb0.data[1].xyzw;
        return;
    }
    r0 = cb0.data[2].xyzw;
    return;
}
void main()
{
    sub_1();
    if (floatBitsToUint(r0.x) == uint(0)) { sub_0(); }
    SV_Target0 = r0.xyzw;
    return;
}
