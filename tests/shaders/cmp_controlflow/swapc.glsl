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
void main()
{
    {
        vec4 hlslcc_swapc0 = vec4((floatBitsToUint(cb0.data[0].x) != uint(0)) ? cb0.data[2].x : cb0.data[1].x, (floatBitsToUint(cb0.data[0].y) != uint(0)) ? cb0.data[2].y : cb0.data[1].y, (floatBitsToUint(cb0.data[0].z) != uint(0)) ? cb0.data[2].z : cb0.data[1].z, (floatBitsToUint(cb0.data[0].w) != uint(0)) ? cb0.data[2].w : cb0.data[1].w);
        vec4 hlslcc_swapc1 = vec4((floatBitsToUint(cb0.data[0].x) != uint(0)) ? cb0.data[1].x : cb0.data[2].x, (floatBitsToUint(cb0.data[0].y) != uint(0)) ? cb0.data[1].y : cb0.data[2].y, (floatBitsToUint(cb0.data[0].z) != uint(0)) ? cb0.data[1].z : cb0.data[2].z, (floatBitsToUint(cb0.data[0].w) != uint(0)) ? cb0.data[1].w : cb0.data[2].w);
        r0 = hlslcc_swapc0;
        r1 = hlslcc_swapc1;
    }
    {
        vec4 hlslcc_swapc2 = vec4((floatBitsToUint(cb0.data[0].x) != uint(0)) ? r1.x : r0.x, (floatBitsToUint(cb0.data[0].y) != uint(0)) ? r1.y : r0.y, (floatBitsToUint(cb0.data[0].z) != uint(0)) ? r1.z : r0.z, (floatBitsToUint(cb0.data[0].w) != uint(0)) ? r1.w : r0.w);
        vec4 hlslcc_swapc3 = vec4((floatBitsToUint(cb0.data[0].x) != uint(0)) ? r0.x : r1.x, (floatBitsToUint(cb0.data[0].y) != uint(0)) ? r0.y : r1.y, (floatBitsToUint(cb0.data[0].z) != uint(0)) ? r0.z : r1.z, (floatBitsToUint(cb0.data[0].w) != uint(0)) ? r0.w : r1.w);
        r0 = hlslcc_swapc2;
        r1 = hlslcc_swapc3;
    }
    {
        vec4 hlslcc_swapc4 = vec4((floatBitsToUint(r0.x) != uint(0)) ? cb0.data[2].x : cb0.data[1].x, (floatBitsToUint(r0.y) != uint(0)) ? cb0.data[2].y : cb0.data[1].y, (floatBitsToUint(r0.z) != uint(0)) ? cb0.data[2].z : cb0.data[1].z, (floatBitsToUint(r0.w) != uint(0)) ? cb0.data[2].w : cb0.data[1].w);
        vec4 hlslcc_swapc5 = vec4((floatBitsToUint(r0.x) != uint(0)) ? cb0.data[1].x : cb0.data[2].x, (floatBitsToUint(r0.y) != uint(0)) ? cb0.data[1].y : cb0.data[2].y, (floatBitsToUint(r0.z) != uint(0)) ? cb0.data[1].z : cb0.data[2].z, (floatBitsToUint(r0.w) != uint(0)) ? cb0.data[1].w : cb0.data[2].w);
        r0 = hlslcc_swapc4;
        r1 = hlslcc_swapc5;
    }
    {
        float hlslcc_swapc6 = (floatBitsToUint(r0.y) != uint(0)) ? r0.w : r3.w;
        float hlslcc_swapc7 = (floatBitsToUint(r0.y) != uint(0)) ? r3.w : r0.w;
        r2.x = hlslcc_swapc6;
        r3.x = hlslcc_swapc7;
    }
    {
        vec3 hlslcc_swapc8 = (floatBitsToUint(r1.x) != uint(0)) ? r2.xyz : r3.xyz;
        vec3 hlslcc_swapc9 = (floatBitsToUint(r1.x) != uint(0)) ? r3.xyz : r2.xyz;
        r2.xyz = hlslcc_swapc8;
        r3.xyz = hlslcc_swapc9;
    }
    return;
}
