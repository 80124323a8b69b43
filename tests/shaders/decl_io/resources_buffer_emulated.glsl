#version 300 es
uniform highp sampler2D bt0;
uniform highp usampler2D bt1;
void main()
{
}
