// profile: webgl2-fast
//
// Integer data moved by fxc (`l(1)`), NaN payloads, -0, +Inf and an
// inexact decimal all keep their exact bits; 1.0 and 0.5 stay decimal.
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
//
ps_5_0
dcl_constantbuffer CB0[8], immediateIndexed
dcl_input_ps linear v0.xyzw
dcl_output o0.xyzw
dcl_output o1.xyzw
dcl_temps 4
dcl_indexableTemp x0[4], 4
mov r0.xyzw, l(1,0x7fc00001,-0.000000,0x7f800000)
mov r1.xyzw, l(1.000000,0.500000,0.100000,0)
mov r2.x, l(5)
mov r2.yz, l(-1)
ret
