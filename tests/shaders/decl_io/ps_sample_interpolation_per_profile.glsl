#version 300 es
precision highp float;
precision highp int;
in highp vec2 vs_TEXCOORD0;
in highp float vs_TEXCOORD1;
void main()
{
}
