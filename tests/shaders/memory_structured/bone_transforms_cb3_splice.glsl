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
    r0 = intBitsToFloat(ivec4(uvec4(in_BLENDINDICES0).xyzw) + floatBitsToInt(cb3.data[26].xxxx));
    r1 = cb3.data[int(uvec4(in_BLENDINDICES0).x) * 3 + 26].xyzw;
    r2 = cb3.data[int(uvec4(in_BLENDINDICES0).x) * 3 + 27].xyzw;
    r3 = cb3.data[int(uvec4(in_BLENDINDICES0).x) * 3 + 28].xyzw;
    gl_Position.x = dot(in_POSITION0.xyzw, r1.xyzw);
    gl_Position.y = dot(in_POSITION0.xyzw, r2.xyzw);
    gl_Position.z = dot(in_POSITION0.xyzw, r3.xyzw);
    gl_Position.w = 1.0;
    vs_TEXCOORD0 = cb3.data[int(uvec4(in_BLENDINDICES0).y) * 3 + 27].wzyx;
    return;
}
