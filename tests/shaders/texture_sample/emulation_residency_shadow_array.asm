// profile: profiles/webgl2-all.ron
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
dcl_constantbuffer CB0[1], immediateIndexed
dcl_sampler s1, mode_comparison
dcl_resource_texture2darray (float,float,float,float) t0
dcl_input_ps linear v0.xyzw
dcl_output o0.xyzw
dcl_temps 2
sample_c_cl_s_indexable(texture2darray)(float,float,float,float) r0.x, r1.x, v0.xyzx, t0.xxxx, s1, v0.w, cb0[0].x
sample_c_cl_s_aoffimmi_indexable(1,1,0)(texture2darray)(float,float,float,float) r0.y, null, v0.xyzx, t0.xxxx, s1, v0.w, cb0[0].y
check_access_fully_mapped r1.x, r1.x
movc o0.xyzw, r1.xxxx, r0.xyxy, l(0,0,0,0)
ret
