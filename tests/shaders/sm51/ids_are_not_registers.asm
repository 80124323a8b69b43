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
//
ps_5_1
dcl_constantbuffer CB0[1:1][2], immediateIndexed, space=0
dcl_constantbuffer CB1[0:0][1], immediateIndexed, space=0
dcl_sampler S0[2:2], mode_default, space=0 {tokens 0x0600005a 0x00306000 0x00000000 0x00000002 0x00000002 0x00000000}
dcl_resource_texture2d (float,float,float,float) T0[5:5], space=0 {tokens 0x07001858 0x00307000 0x00000000 0x00000005 0x00000005 0x00005555 0x00000000}
dcl_resource_texture3d (float,float,float,float) T1[3:3], space=0 {tokens 0x07002858 0x00307000 0x00000001 0x00000003 0x00000003 0x00005555 0x00000000}
dcl_input_ps linear v0.xyzw
dcl_output o0.xyzw
dcl_temps 2
sample r0.xyzw, v0.xyxx, T0[5].xyzw, S0[2]
sample_l r1.xyzw, v0.xyzx, T1[3].xyzw, S0[2], CB1[0][0].wwww
mad r0.xyzw, r0.xyzw, CB0[1][1].xyzw, r1.xyzw
ld r1.xyzw, l(0, 0, 0, 0), T0[5].xyzw
add o0.xyzw, r0.xyzw, r1.xyzw
ret
