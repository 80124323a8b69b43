#version 300 es
precision highp float;
precision highp int;
in highp vec2 vs_TEXCOORD0;
centroid in highp vec2 vs_TEXCOORD1;
flat in highp vec4 vs_COLOR0;
in highp float vs_FOG0;
flat in highp ivec2 vs_INDEX0;
layout(location = 0) out highp vec4 SV_Target0;
layout(location = 1) out highp uvec2 SV_Target1;
void main()
{
    vec4 hlslcc_FragCoord = vec4(gl_FragCoord.xyz, 1.0/gl_FragCoord.w);
}
