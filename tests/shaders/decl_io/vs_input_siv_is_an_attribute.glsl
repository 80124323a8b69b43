#version 300 es
in highp vec4 in_POSITION0;
void main()
{
}
