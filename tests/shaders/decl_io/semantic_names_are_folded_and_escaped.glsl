#version 300 es
in highp vec4 in_Position0;
in highp vec2 in_x_5fUV_1x;
out highp vec4 vs_TEXCOORD0;
out highp vec2 vs_xMY_5f_5fUV_0x;
out highp vec2 vs_x_5fUV_1x;
out highp float vs_xFOG_5f_0x;
void main()
{
    vs_TEXCOORD0 = vec4(0.0);
    vs_xMY_5f_5fUV_0x = vec2(0.0);
    vs_x_5fUV_1x = vec2(0.0);
    vs_xFOG_5f_0x = 0.0;
}
