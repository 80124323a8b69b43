// profile: webgl2-fast
// expect: error
//
// Values that can never be outputs are malformed, not refused.
//
vs_5_0
dcl_output_siv o1.x, vertex_id
