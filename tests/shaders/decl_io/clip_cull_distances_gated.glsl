#version 300 es
#extension GL_EXT_clip_cull_distance : require
void main()
{
}
