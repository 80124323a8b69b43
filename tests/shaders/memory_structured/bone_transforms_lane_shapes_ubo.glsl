#version 300 es
layout(std140) uniform ConstantBuffer3 {
    vec4 data[27];
} cb3;
in highp vec4 in_POSITION0;
in highp uvec4 in_BLENDINDICES0;
out highp vec4 vs_TEXCOORD0;
vec4 r0;
uvec4 r0_u;
vec4 r1;
uvec4 r1_u;
vec4 r2;
uvec4 r2_u;
vec4 r3;
uvec4 r3_u;
layout(std140) uniform CewgSb0 {
    vec4 data[207];
} sb0;
void main()
{
    r0_u.x = in_BLENDINDICES0.y;
    r1.xy = sb0.data[int(in_BLENDINDICES0.z) * 3 + 2].wz;
    r1.xyz = sb0.data[int(in_BLENDINDICES0.z) * 3 + 1].yzw;
    r2 = vec4(sb0.data[int(in_BLENDINDICES0.w) * 3].z, sb0.data[int(in_BLENDINDICES0.w) * 3].w, sb0.data[int(in_BLENDINDICES0.w) * 3 + 1].x, sb0.data[int(in_BLENDINDICES0.w) * 3 + 1].y);
    r3.zw = sb0.data[16].yx;
    r1 = r1.xyzw + r2.xyzw;
    r1 = r1.xyzw + r3.xyzw;
    r1_u = floatBitsToUint(r1);
    r0 = sb0.data[int(r0_u.x) * 3].xyzw;
    r0_u = floatBitsToUint(r0);
    gl_Position = uintBitsToFloat(r1_u.xyzw);
    vs_TEXCOORD0 = uintBitsToFloat(r0_u.xyzw);
    return;
}
