// profile: webgl2-fast
//
// fxc (wine ubfe2): every source is the destination register.
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
ubfe r0.xyzw, r0.xxxx, r0.yyyy, r0.zzzz
ubfe r1.y, l(4), l(1), r2.x
ibfe r1.w, l(27), l(1), r2.x
bfi r2.xy, l(1, 8, 0, 0), l(7, 24, 0, 0), r1.yyyy, l(0)
ret
