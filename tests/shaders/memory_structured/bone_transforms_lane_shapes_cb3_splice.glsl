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
    r0.x = uintBitsToFloat(uvec4(in_BLENDINDICES0).y);
    r1.xy = cb3.data[int(uvec4(in_BLENDINDICES0).z) * 3 + 28].wz;
    r1.xyz = cb3.data[int(uvec4(in_BLENDINDICES0).z) * 3 + 27].yzw;
    r2 = vec4(cb3.data[int(uvec4(in_BLENDINDICES0).w) * 3 + 26].z, cb3.data[int(uvec4(in_BLENDINDICES0).w) * 3 + 26].w, cb3.data[int(uvec4(in_BLENDINDICES0).w) * 3 + 27].x, cb3.data[int(uvec4(in_BLENDINDICES0).w) * 3 + 27].y);
    r3.zw = cb3.data[42].yx;
    r1 = r1.xyzw + r2.xyzw;
    r1 = r1.xyzw + r3.xyzw;
    r0 = cb3.data[floatBitsToInt(r0.x) * 3 + 26].xyzw;
    gl_Position = r1.xyzw;
    vs_TEXCOORD0 = r0.xyzw;
    return;
}
