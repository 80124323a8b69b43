// profile: webgl2-fast
//
// Remainder null (corpus: `udiv r0.z, null, r0.z, l(12)`).
// Quotient null.
// Both, no alias: quotient then remainder.
// The quotient register is a source, the remainder's is not:
// remainder first.
// Both destination registers are sources: locals.
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
udiv r0.z, null, r0.z, l(12)
udiv null, r1.xy, r2.xyxx, r3.xyxx
udiv r1.z, o2.w, r2.z, cb0[0].z
udiv r2.x, r3.x, r2.x, r2.y
udiv r0.x, r1.x, r1.x, r0.x
ret
