#version 300 es
precision highp float;
precision highp int;
uniform highp sampler2DArray t1;
in highp vec4 vs_TEXCOORD0;
in highp vec4 vs_TEXCOORD1;
layout(location = 0) out highp vec4 SV_Target0;
vec4 r0;
vec4 r1;
vec4 r2;
vec4 r3;
void main()
{
    {
        ivec3 hlslcc_resinfo0 = textureSize(t1, 0);
        r0.xyz = vec3(1.0 / float(hlslcc_resinfo0.x), 1.0 / float(hlslcc_resinfo0.y), float(hlslcc_resinfo0.z));
    }
    return;
}
