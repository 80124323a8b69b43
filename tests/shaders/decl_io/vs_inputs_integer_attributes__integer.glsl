#version 300 es
in highp uvec4 in_BLENDINDICES0;
in highp int in_BONECOUNT0;
in highp vec2 in_TEXCOORD0;
void main()
{
}
