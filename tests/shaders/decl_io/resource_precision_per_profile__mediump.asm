// profile: (extends: Some("webgl2-fast"), decl_io: (sampler_precision: Mediump))
// check: notes, lanes
//
// The sampling instructions write null and read immediates (the
// decl-io snapshot test used undeclared temps, which only its
// declaration-only lowering accepted): the whole stage translates, with
// the same declarations.
//
ps_5_0
dcl_sampler s0, mode_default
dcl_sampler s1, mode_comparison
dcl_resource_texture2d (float,float,float,float) t0
dcl_resource_texture2d (uint,uint,uint,uint) t1
sample null, l(0.5, 0.5, 0.5, 0.5), t0.xyzw, s0
sample_c null, l(0.5, 0.5, 0.5, 0.5), t0.xyzw, s1, l(0.5)
