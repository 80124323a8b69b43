// profile: (extends: Some("webgl2"), texture_sample: (residency_feedback: FullyResident))
// expect: error
//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// TEXCOORD                 0   xyz         0     NONE   float   xy  
//
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET    uint   xyzw
//
ps_5_0
dcl_constantbuffer CB0[1], immediateIndexed
dcl_sampler s1, mode_default
dcl_resource_texture2d (uint,uint,uint,uint) t0
dcl_input_ps linear v0.xy
dcl_output o0.xyzw
dcl_temps 4
sample_cl_s_indexable(texture2d)(uint,uint,uint,uint) r0.xyzw, r1.x, v0.xyxx, t0.xyzw, s1, cb0[0].x
ld_s_indexable(texture2d)(uint,uint,uint,uint) r2.xyzw, r1.y, l(1,0,0,2), t0.xyzw
sample_l_s_indexable(texture2d)(uint,uint,uint,uint) r3.xyzw, r1.z, v0.xyxx, t0.xyzw, s1, cb0[0].y
check_access_fully_mapped r1.x, r1.x
check_access_fully_mapped r1.y, r1.y
check_access_fully_mapped r1.z, r1.z
and r1.x, r1.x, r1.y
and r1.x, r1.x, r1.z
mov o0.x, r0.x
mov o0.y, r1.x
mov o0.z, r2.x
mov o0.w, r3.x
ret
