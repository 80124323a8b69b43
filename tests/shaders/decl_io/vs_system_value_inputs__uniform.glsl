#version 300 es
uniform highp int dx_FirstVertex;
void main()
{
}
