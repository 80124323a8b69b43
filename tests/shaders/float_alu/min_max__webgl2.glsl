#version 300 es
precision highp float;
precision highp int;
layout(std140) uniform ConstantBuffer0 {
    vec4 data[8];
} cb0;
in highp vec4 vs_TEXCOORD0;
layout(location = 0) out highp vec4 SV_Target0;
layout(location = 1) out highp ivec4 SV_Target1;
vec4 r0;
vec4 r1;
vec4 r2;
vec4 r3;
vec4 TempArray0[4];
uvec4 TempArray0_u[4];
float dx11_min(float a, float b) { return isnan(b) ? a : (a <= b ? a : b); }
vec2 dx11_min(vec2 a, vec2 b) { return mix(mix(b, a, lessThanEqual(a, b)), a, isnan(b)); }
vec3 dx11_min(vec3 a, vec3 b) { return mix(mix(b, a, lessThanEqual(a, b)), a, isnan(b)); }
vec4 dx11_min(vec4 a, vec4 b) { return mix(mix(b, a, lessThanEqual(a, b)), a, isnan(b)); }
float dx11_max(float a, float b) { return isnan(b) ? a : (a >= b ? a : b); }
vec2 dx11_max(vec2 a, vec2 b) { return mix(mix(b, a, greaterThanEqual(a, b)), a, isnan(b)); }
vec3 dx11_max(vec3 a, vec3 b) { return mix(mix(b, a, greaterThanEqual(a, b)), a, isnan(b)); }
vec4 dx11_max(vec4 a, vec4 b) { return mix(mix(b, a, greaterThanEqual(a, b)), a, isnan(b)); }
void main()
{
    r0.xy = dx11_min(r0.xy, vec2(1.0, 1.0));
    r0.z = dx11_max(r0.z, 0.0);
    r1 = dx11_max((-r1.xyzw), r1.xyzw);
    r2.x = dx11_min(vs_TEXCOORD0.x, cb0.data[1].y);
    r2.x = (r2.x > 0.0 ? min(r2.x, 1.0) : 0.0);
    return;
}
