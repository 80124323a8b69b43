#version 300 es
uniform highp samplerCube t2;
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
