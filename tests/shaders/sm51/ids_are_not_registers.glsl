#version 300 es
precision highp float;
precision highp int;
layout(std140) uniform ConstantBuffer1 {
    vec4 data[2];
} cb1;
layout(std140) uniform ConstantBuffer0 {
    vec4 data[1];
} cb0;
uniform highp sampler2D t5;
uniform mediump sampler2D t5TEX_with_SMPs2;
uniform mediump sampler3D t3TEX_with_SMPs2;
in highp vec4 vs_TEXCOORD0;
layout(location = 0) out highp vec4 SV_Target0;
vec4 r0;
vec4 r1;
void main()
{
    r0 = texture(t5TEX_with_SMPs2, vs_TEXCOORD0.xy);
    r1 = textureLod(t3TEX_with_SMPs2, vs_TEXCOORD0.xyz, cb0.data[0].w);
    r0 = r0.xyzw * cb1.data[1].xyzw + r1.xyzw;
    r1 = texelFetch(t5, ivec2(0, 0), 0);
    SV_Target0 = r0.xyzw + r1.xyzw;
    return;
}
