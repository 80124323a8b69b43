#version 300 es
precision highp float;
precision highp int;
uniform highp sampler2D t0;
uniform highp sampler2DArray t5;
in highp vec4 vs_TEXCOORD0;
in highp vec4 vs_TEXCOORD1;
layout(location = 0) out highp vec4 SV_Target0;
vec4 r0;
vec4 r1;
vec4 r2;
vec4 r3;
uniform highp ivec4 hlslcc_mipCount[32];
void main()
{
    {
        ivec2 hlslcc_resinfo0 = textureSize(t0, 0);
        r0 = vec4(float(hlslcc_resinfo0.x), float(hlslcc_resinfo0.y), 0.0, float(hlslcc_mipCount[0].x));
    }
    r1.w = uintBitsToFloat(uint(hlslcc_mipCount[1].y));
    return;
}
