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
ftoi r0.x, r1.x
ftoi r0.y, r1.y
ftou r0.x, r1.x
f32tof16 r0.x, r1.x
ubfe r0.x, l(4), l(1), r1.x
ibfe r0.x, l(4), l(1), r1.x
bfi r0.x, l(4), l(1), r1.x, r1.y
countbits r0.x, r1.x
firstbit_shi r0.x, r1.x
firstbit_hi r0.x, r1.x
firstbit_lo r0.x, r1.x
bfrev r0.x, r1.x
udiv r0.x, r0.y, r1.x, r1.y
imul r0.x, null, r1.x, r1.y
umul r0.x, null, r1.x, r1.y
msad r0.x, r1.x, r1.y, r1.z
ret
