// profile: webgl2-fast
// expect: error
ps_5_0
dcl_input_ps_sgv v2.x, primitive_id
