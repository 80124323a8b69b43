// profile: webgl2-fast
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
ftoi r0.xy, v0.xyxx
ftou r0.z, r1.z
ftou r1.xyzw, r1.xyzw
ftoi o1.xyzw, v0.xyzw
ret
