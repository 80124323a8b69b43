#version 300 es
precision highp float;
precision highp int;
uniform highp uint dxlower_RenderTargetArrayIndex;
uniform highp uint dxlower_ViewportArrayIndex;
layout(location = 0) out highp uvec4 SV_Target0;
void main()
{
    SV_Target0.x = uint(int(dxlower_RenderTargetArrayIndex) + 100);
    SV_Target0.y = floatBitsToUint(uintBitsToFloat(dxlower_ViewportArrayIndex));
    SV_Target0.z = floatBitsToUint(float(dxlower_RenderTargetArrayIndex));
    SV_Target0.w = floatBitsToUint(uintBitsToFloat(0x00000007u));
    return;
}
