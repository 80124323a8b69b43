#version 300 es
layout(std140) uniform ConstantBuffer0 {
    vec4 data[4];
} cb0;
layout(std140) uniform ConstantBuffer3 {
    vec4 data[200];
} cb3;
void main()
{
}
