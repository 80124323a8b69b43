// profile: webgl2-fast
//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// POSITION                 0   xyzw        0     NONE   float   xyzw
//
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float       
// TEXCOORD                 0   xyzw        1     NONE   float       
//
vs_5_1
dcl_constantbuffer CB0[0:0][4], immediateIndexed, space=0
dcl_input v0.xyzw
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_temps 2
dp4 o0.x, v0.xyzw, CB0[0][0].xyzw
mov o0.yzw, CB0[0][1].xxyz
ftoi r0.x, v0.wwww
mov o1.xyzw, CB0[0][r0.x + 2].xyzw
ret
