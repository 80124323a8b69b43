#version 300 es
precision highp float;
precision highp int;
layout(location = 0) out highp vec4 SV_Target0;
vec4 r0;
void main()
{
    r0.x = 1.0;
    r0.yz = vec2(0.0);
    r0.w = 1.0;
    SV_Target0 = r0.xyzw;
    return;
}
