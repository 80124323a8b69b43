// profile: webgl2-fast
// expect: error
vs_5_0
dcl_resource_structured t0, 48
