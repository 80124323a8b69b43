#version 300 es
precision highp float;
precision highp int;
vec4 r0;
vec4 r1;
vec4 r2;
vec4 TempArray0[4];
uvec4 TempArray0_u[4];
float TempArray1[3];
uint TempArray1_u[3];
vec3 TempArray2[2];
uvec3 TempArray2_u[2];
void main()
{
}
