// profile: webgl2-fast
//
// Replicated condition: one ternary over the vectors; the
// integer immediate keeps its bits.
// Per-lane condition.
// Destination aliases every source with swapped lanes.
// _sat: the clamp is a second statement after the select.
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
movc r0.xy, r1.xxxx, r2.xyxx, l(1,0,0,0)
movc r3.xyzw, r1.xyzw, cb0[0].xyzw, l(0)
movc r0.xy, r0.yxyy, r0.yxyy, r1.xyxx
movc_sat r1.z, r2.w, r1.z, l(2.000000)
ret
