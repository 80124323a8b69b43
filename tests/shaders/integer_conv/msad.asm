// profile: webgl2-fast
//
// fxc lowers `msad4(tally, uint2(1, 2), uint4(3, 4, 5, 6)).x` to this
// (corpus: dxdecompiler/3Dmigoto__compute.cs).
//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// TEXCOORD                 0   xyzw        0     NONE   float   xyzw
//
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float       
// SV_Target                1   xyzw        1   TARGET     int       
// SV_Target                2   xyzw        2   TARGET    uint       
//
ps_5_0
dcl_constantbuffer CB0[4], immediateIndexed
dcl_input_ps linear v0.xyzw
dcl_output o0.xyzw
dcl_output o1.xyzw
dcl_output o2.xyzw
dcl_temps 4
msad r0.y, r0.x, r0.y, r0.z
ret
