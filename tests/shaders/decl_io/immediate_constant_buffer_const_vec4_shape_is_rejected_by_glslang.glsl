#version 300 es
precision highp float;
precision highp int;
const vec4 ImmCB_0[2] = vec4[2](
    vec4(uintBitsToFloat(0x3fc00000u), uintBitsToFloat(0x7fc00001u), uintBitsToFloat(0x00000001u), uintBitsToFloat(0x80000000u)),
    vec4(uintBitsToFloat(0x7f800000u), uintBitsToFloat(0xff800000u), uintBitsToFloat(0xffffffffu), uintBitsToFloat(0x40000000u))
);
void main()
{
}
