// profile: webgl2-fast
// expect: error
ps_5_0
dcl_input_ps_siv v1.x, rendertarget_array_index
