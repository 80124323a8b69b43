#version 300 es
layout(location = 0) in highp vec4 in_POSITION0;
layout(location = 4) in highp vec2 in_TEXCOORD0;
void main()
{
}
