#version 300 es
out highp vec2 vs_TEXCOORD0;
out highp vec2 vs_TEXCOORD1;
out highp vec4 vs_COLOR0;
flat out highp uvec2 vs_BLENDINDICES0;
out highp vec4 vs_TEXCOORD2;
void main()
{
    vs_TEXCOORD1 = vec2(0.0);
    vs_COLOR0.zw = vec2(0.0);
    vs_BLENDINDICES0 = uvec2(0u);
    vs_TEXCOORD2 = vec4(0.0);
    gl_Position = vec4(0.0, 0.0, 0.0, 1.0);
    vs_TEXCOORD0 = vec2(0.5, 0.5);
    vs_COLOR0.xy = vec2(1.0, 1.0);
}
