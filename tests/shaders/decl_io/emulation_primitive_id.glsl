#version 300 es
precision highp float;
precision highp int;
flat in highp uint dxlower_PrimitiveID;
layout(location = 0) out highp uvec4 SV_Target0;
void main()
{
    SV_Target0.x = uint(int(dxlower_PrimitiveID) + 10);
    SV_Target0.yzw = floatBitsToUint(vec3(uintBitsToFloat(0x00000001u), uintBitsToFloat(0x00000002u), uintBitsToFloat(0x00000003u)));
    return;
}
