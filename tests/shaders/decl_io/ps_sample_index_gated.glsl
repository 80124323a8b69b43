#version 300 es
#extension GL_OES_sample_variables : require
precision highp float;
precision highp int;
void main()
{
}
