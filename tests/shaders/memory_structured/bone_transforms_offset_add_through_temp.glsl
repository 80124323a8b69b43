#version 300 es
// CEWG: BoneTransforms lowered to cb3 JointMat rows.
layout(std140) uniform ConstantBuffer3 {
    vec4 data[200];
} cb3;
in highp vec4 in_POSITION0;
in highp vec4 in_BLENDINDICES0;
out highp vec4 vs_TEXCOORD0;
vec4 r0;
vec4 r1;
vec4 r2;
vec4 r3;
void main()
{
    vs_TEXCOORD0 = vec4(0.0);
    r2.xy = uintBitsToFloat(uvec4(in_BLENDINDICES0).xy);
    r0.xy = intBitsToFloat(floatBitsToInt(cb3.data[26].xx) + floatBitsToInt(r2.yx));
    r1 = cb3.data[floatBitsToInt(r2.y) * 3 + 26].xyzw;
    r3 = cb3.data[floatBitsToInt(r2.x) * 3 + 26].xyzw;
    gl_Position = r1.xyzw + r3.xyzw;
    return;
}
