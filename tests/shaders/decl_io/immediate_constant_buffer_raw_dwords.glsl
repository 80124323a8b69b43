#version 300 es
precision highp float;
precision highp int;
const uvec4 ImmCB_0[2] = uvec4[2](
    uvec4(0x3fc00000u, 0x7fc00001u, 0x00000001u, 0x80000000u),
    uvec4(0x7f800000u, 0xff800000u, 0xffffffffu, 0x40000000u)
);
void main()
{
}
