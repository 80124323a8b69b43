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
int op_not(int value) { return -value - 1; }
ivec2 op_not(ivec2 a) { return -a - 1; }
ivec3 op_not(ivec3 a) { return -a - 1; }
ivec4 op_not(ivec4 a) { return -a - 1; }
void main()
{
    r0.x = intBitsToFloat(op_not(floatBitsToInt(r1.x)));
    r0.yzw = intBitsToFloat(op_not(floatBitsToInt(r1.yzw)));
    return;
}
