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
    while (true) {
        switch (floatBitsToInt(cb0.data[0].x)) {
            case 2:
                if (floatBitsToUint(r0.x) != uint(0)) { break; }
                continue;
            default:
                if (floatBitsToUint(r0.y) != uint(0)) {
                    return;
                }
                break;
        }
        break;
    }
    switch (floatBitsToInt(r1.y)) {
    }
    return;
}
