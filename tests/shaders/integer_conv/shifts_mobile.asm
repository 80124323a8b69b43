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
ishl r0.xyzw, r0.xyzw, l(2, 2, 34, 34)
ishl r1.xy, r1.xyxx, l(1, 33, 0, 0)
ishr r1.x, r1.x, l(38)
ishr r1.zw, r1.zzzw, r2.xxxy
ushr r2.x, cb0[0].x, r0.y
ushr r2.yz, r2.xyzx, l(16)
ishl r3.x, l(1), l(-1)
ret
