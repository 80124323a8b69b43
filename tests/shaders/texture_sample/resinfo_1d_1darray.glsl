#version 300 es
precision highp float;
precision highp int;
uniform highp sampler2D t4;
uniform highp sampler2DArray t5;
in highp vec4 vs_TEXCOORD0;
in highp vec4 vs_TEXCOORD1;
layout(location = 0) out highp vec4 SV_Target0;
vec4 r0;
vec4 r1;
vec4 r2;
vec4 r3;
void main()
{
    r0.xyz = vec3(float(textureSize(t4, 0).x), 0.0, 0.0);
    {
        ivec3 hlslcc_resinfo0 = textureSize(t5, 0);
        r1.xyz = uintBitsToFloat(uvec3(uint(hlslcc_resinfo0.x), uint(hlslcc_resinfo0.z), uint(0)));
    }
    return;
}
