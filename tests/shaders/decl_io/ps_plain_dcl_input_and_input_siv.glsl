#version 300 es
precision highp float;
precision highp int;
in highp vec3 vs_NORMAL0;
void main()
{
    vec4 hlslcc_FragCoord = vec4(gl_FragCoord.xyz, 1.0/gl_FragCoord.w);
}
