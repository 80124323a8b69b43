// profile: (extends: Some("webgl2"), texture_sample: (residency_feedback: FullyResident))
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
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
dcl_sampler s0, mode_default
dcl_sampler s1, mode_comparison
dcl_resource_texture2d (float,float,float,float) t0
dcl_resource_texture2darray (float,float,float,float) t1
dcl_input_ps linear v0.xyzw
dcl_output o0.xyzw
dcl_temps 4
sample_cl_s_indexable(texture2d)(float,float,float,float) r0.xyzw, r1.x, v0.xyxx, t0.xyzw, s0, l(0.000000)
sample_c_lz_s_indexable(texture2d)(float,float,float,float) r2.x, r1.y, v0.xyxx, t0.xxxx, s1, v0.z
gather4_c_s_indexable(texture2darray)(float,float,float,float) r3.xyzw, r1.z, v0.xyzx, t1.xyzw, s1.x, v0.w
gather4_po_s_indexable(texture2d)(float,float,float,float) r2.yzw, null, v0.xyxx, l(1,-1,0,0), t0.wxyz, s0.y
check_access_fully_mapped r1.xy, r1.xyxx
add r0.xyzw, r0.xyzw, r3.xyzw
add r0.xyzw, r0.xyzw, r2.xyzw
movc o0.xyzw, r1.xxxy, r0.xyzw, l(0,0,0,0)
ret
