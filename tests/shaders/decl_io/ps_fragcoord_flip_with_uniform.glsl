#version 300 es
precision highp float;
precision highp int;
uniform highp float dxlower_RenderTargetHeight;
void main()
{
    vec4 hlslcc_FragCoord = vec4(gl_FragCoord.x, dxlower_RenderTargetHeight - gl_FragCoord.y, gl_FragCoord.z, 1.0/gl_FragCoord.w);
}
