// profile: webgl2-fast
//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// TEXCOORD                 0   xyzw        0     NONE   float   xyzw
// TEXCOORD                 1   xyzw        1     NONE   float   xyzw
//
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float       
//
ps_5_0
dcl_sampler s0, mode_default
dcl_sampler s1, mode_comparison
dcl_resource_texture2d (float,float,float,float) t0
dcl_resource_texture2darray (float,float,float,float) t1
dcl_resource_texturecube (float,float,float,float) t2
dcl_resource_texture3d (unorm,unorm,unorm,unorm) t3
dcl_resource_texture1d (float,float,float,float) t4
dcl_resource_texture1darray (float,float,float,float) t5
dcl_resource_texture2d (sint,sint,sint,sint) t6
dcl_resource_texture2d (uint,uint,uint,uint) t7
dcl_resource_texture2darray (uint,uint,uint,uint) t8
dcl_input_ps linear v0.xyzw
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
dcl_temps 4
sample r0.xyzw, v0.xyxx, t0.xyzw, s0
ret
