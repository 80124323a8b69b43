// profile: webgl2-fast
//
// Masked with a swizzled source: the operands are read through
// the mask and the bvec gets no swizzle.
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
lt r0.xyzw, r1.xyzw, cb0[0].xyzw
ge r2.xz, v0.yxwz, r1.zzzz
eq r3.yzw, r1.xyzw, l(0.000000, 1.000000, 2.000000, -0.000000)
ret
