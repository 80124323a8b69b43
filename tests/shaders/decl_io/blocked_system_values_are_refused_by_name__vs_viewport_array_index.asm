// profile: webgl2-fast
// expect: error
vs_5_0
dcl_output_siv o1.x, viewport_array_index
