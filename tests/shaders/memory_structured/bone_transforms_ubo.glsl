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
    r0_u = uvec4(ivec4(in_BLENDINDICES0.xyzw) + floatBitsToInt(cb3.data[26].xxxx));
    r1 = sb0.data[int(r0_u.x) * 3].xyzw;
    r2 = sb0.data[int(r0_u.x) * 3 + 1].xyzw;
    r3 = sb0.data[int(r0_u.x) * 3 + 2].xyzw;
    gl_Position.x = dot(in_POSITION0.xyzw, r1.xyzw);
    gl_Position.y = dot(in_POSITION0.xyzw, r2.xyzw);
    gl_Position.z = dot(in_POSITION0.xyzw, r3.xyzw);
    gl_Position.w = 1.0;
    vs_TEXCOORD0 = sb0.data[int(r0_u.y) * 3 + 1].wzyx;
    return;
}
