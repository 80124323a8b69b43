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
dcl_sampler S0[0:0], mode_default, space=0 {tokens 0x0600005a 0x00306000 0x00000000 0x00000000 0x00000000 0x00000000}
dcl_resource_texture2d (float,float,float,float) T0[0:0], space=0 {tokens 0x07001858 0x00307000 0x00000000 0x00000000 0x00000000 0x00005555 0x00000000}
dcl_input_ps linear v0.xyzw
dcl_output o0.xyzw
dcl_temps 2
sample r0.xyzw, v0.xyxx, T0[0].xyzw, S0[0]
mov o0.xyzw, r0.xyzw
ret
