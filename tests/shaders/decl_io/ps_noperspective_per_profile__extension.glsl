#version 300 es
#extension GL_NV_shader_noperspective_interpolation : require
precision highp float;
precision highp int;
noperspective in highp vec2 vs_TEXCOORD0;
noperspective centroid in highp vec4 vs_TEXCOORD1;
void main()
{
}
