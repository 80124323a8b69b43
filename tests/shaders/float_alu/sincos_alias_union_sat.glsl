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
vec4 TempArray0[4];
void main()
{
    {
        vec3 hlslcc_sincosTemp0 = (-r0.xzw);
        r0.xw = sin(hlslcc_sincosTemp0.yx);
        r0.xw = clamp(r0.xw, 0.0, 1.0);
        r1.y = cos(hlslcc_sincosTemp0.z);
        r1.y = clamp(r1.y, 0.0, 1.0);
    }
    return;
}
