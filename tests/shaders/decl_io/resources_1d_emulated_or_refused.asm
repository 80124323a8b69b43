// profile: webgl2-fast
// check: notes, lanes
//
// The sampling instructions write null and read immediates (the
// decl-io snapshot test used undeclared temps, which only its
// declaration-only lowering accepted): the whole stage translates, with
// the same declarations.
//
ps_5_0
dcl_sampler s0, mode_default
dcl_resource_texture1d (float,float,float,float) t0
dcl_resource_texture1darray (float,float,float,float) t1
sample null, l(0.5, 0.5, 0.5, 0.5), t0.xyzw, s0
sample null, l(0.5, 0.5, 0.5, 0.5), t1.xyzw, s0
