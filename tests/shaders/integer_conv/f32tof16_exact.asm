// profile: (extends: Some("webgl2-fast"), integer_conv: (f32tof16: Exact))
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
f32tof16 r0.xyzw, r0.wzyx
f32tof16 o2.x, v0.x
ret
