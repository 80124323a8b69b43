#version 300 es
in highp vec3 in_POSITION0;
in highp vec3 in_NORMAL0;
in highp vec4 in_TEXCOORD3;
in highp float in_PSIZE0;
void main()
{
}
