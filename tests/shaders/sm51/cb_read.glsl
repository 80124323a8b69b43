#version 300 es
layout(std140) uniform ConstantBuffer0 {
    vec4 data[4];
} cb0;
in highp vec4 in_POSITION0;
out highp vec4 vs_TEXCOORD0;
vec4 r0;
vec4 r1;
int dx11_ftoi(float v)
{
    float s = mix(v, 0.0, (floatBitsToUint(v) & 0x7fffffffu) > 0x7f800000u);
    return s >= 2147483648.0 ? 0x7fffffff : int(clamp(s, -2147483648.0, 2147483520.0));
}
void main()
{
    gl_Position.x = dot(in_POSITION0.xyzw, cb0.data[0].xyzw);
    gl_Position.yzw = cb0.data[1].xyz;
    r0.x = intBitsToFloat(dx11_ftoi(in_POSITION0.w));
    vs_TEXCOORD0 = cb0.data[floatBitsToInt(r0.x) + 2].xyzw;
    return;
}
