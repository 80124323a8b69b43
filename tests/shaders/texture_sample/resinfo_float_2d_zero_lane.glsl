#version 300 es
precision highp float;
precision highp int;
uniform highp sampler2D t0;
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
        ivec2 hlslcc_resinfo0 = textureSize(t0, 0);
        r0.xyz = vec3(float(hlslcc_resinfo0.x), float(hlslcc_resinfo0.y), 0.0);
    }
    return;
}
