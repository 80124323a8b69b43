// profile: profiles/webgl2-all.ron
//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// TEXCOORD                 0   xyz         0     NONE   float   xyz 
//
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_4_1
dcl_sampler s2, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_resource_texture3d (float,float,float,float) t1
dcl_resource_texturecube (float,float,float,float) t2
dcl_resource_texture1d (float,float,float,float) t3
dcl_input_ps linear v0.xyz
dcl_output o0.xyzw
dcl_temps 2
lod r0.xy, v0.xyxx, t0.xyzw, s2
lod r1.x, v0.xyzx, t1.yxzw, s2
lod r1.y, v0.xyzx, t2.xyzw, s2
lod r1.zw, v0.xxxx, t3.xxxy, s2
add o0.xyzw, r0.xyxy, r1.xyzw
ret
