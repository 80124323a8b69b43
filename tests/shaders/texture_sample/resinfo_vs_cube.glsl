#version 300 es
uniform highp sampler2D t0;
uniform highp sampler2DArray t1;
uniform highp samplerCube t2;
uniform highp sampler3D t3;
uniform highp sampler2D t4;
uniform highp sampler2DArray t5;
uniform highp isampler2D t6;
uniform highp usampler2D t7;
uniform highp usampler2DArray t8;
in highp vec4 in_POSITION0;
in highp vec4 in_TEXCOORD0;
out highp vec4 vs_TEXCOORD0;
vec4 r0;
vec4 r1;
vec4 r2;
vec4 r3;
uniform highp ivec4 hlslcc_mipCount[32];
void main()
{
    {
        ivec2 hlslcc_resinfo0 = textureSize(t2, 0);
        vs_TEXCOORD0 = vec4(float(hlslcc_resinfo0.x), float(hlslcc_resinfo0.y), 0.0, float(hlslcc_mipCount[0].z));
    }
    return;
}
