// profile: webgl2-fast
// check: notes, lanes
//
// t4 only fetched (ld), t6 unused: bare uniforms only.
// The sampling instructions write null and read immediates (the
// decl-io snapshot test used undeclared temps, which only its
// declaration-only lowering accepted): the whole stage translates, with
// the same declarations.
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float       
//
ps_5_0
dcl_sampler s0, mode_default
dcl_sampler s1, mode_default
dcl_sampler s2, mode_comparison
dcl_resource_texture2d (float,float,float,float) t0
dcl_resource_texture3d (unorm,unorm,unorm,unorm) t1
dcl_resource_texturecube (float,float,float,float) t2
dcl_resource_texture2darray (float,float,float,float) t3
dcl_resource_texture2d (uint,uint,uint,uint) t4
dcl_resource_texture2darray (sint,sint,sint,sint) t5
dcl_resource_texture2d (float,float,float,float) t6
sample null, l(0.5, 0.5, 0.5, 0.5), t0.xyzw, s1
sample null, l(0.5, 0.5, 0.5, 0.5), t0.xyzw, s0
sample_l null, l(0.5, 0.5, 0.5, 0.5), t0.xyzw, s1, l(0.5)
sample_c null, l(0.5, 0.5, 0.5, 0.5), t0.xyzw, s2, l(0.5)
sample null, l(0.5, 0.5, 0.5, 0.5), t1.xyzw, s0
sample_c_lz null, l(0.5, 0.5, 0.5, 0.5), t2.xyzw, s2, l(0.5)
gather4 null, l(0.5, 0.5, 0.5, 0.5), t3.xyzw, s0
gather4_c null, l(0.5, 0.5, 0.5, 0.5), t3.xyzw, s2, l(0.5)
gather4_po null, l(0.5, 0.5, 0.5, 0.5), l(0, 0, 0, 0), t5.xyzw, s1
