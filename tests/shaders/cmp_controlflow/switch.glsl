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
void main()
{
    switch (floatBitsToInt(r0.x)) {
        case 0:
        case 1:
            r1.x = 1.0;
            break;
        case int(0xffffffffu):
            r1.y = 2.0;
        case int(0x80000000u):
            r1.z = 3.0;
            break;
        default:
            break;
    }
    return;
}
