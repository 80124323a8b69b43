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
//
ps_5_0
dcl_constantbuffer CB0[8], immediateIndexed
dcl_input_ps linear v0.xyzw
dcl_output o0.xyzw
dcl_output o1.xyzw
dcl_temps 4
call l1
callc_z r0.x, l0
mov o0.xyzw, r0.xyzw
ret
label l0
add r0.xyzw, r0.xyzw, v0.xyzw
retc_nz r0.w
call l1
ret
label l1
if_nz cb0[0].x
mov r0.xyzw, cb0[1].xyzw
ret
endif
mov r0.xyzw, cb0[2].xyzw
ret
