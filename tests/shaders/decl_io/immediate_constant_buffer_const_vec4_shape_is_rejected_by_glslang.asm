// profile: (extends: Some("webgl2-fast"), decl_io: (icb_shape: ConstVec4Array))
// check: notes, lanes
// validate: none
//
// The seed's const vec4 shape: valid ES 3.00 (ANGLE and Mesa fold the
// bit-cast built-ins) but glslangValidator does not fold them: not
// validated (tests/decl_io.rs checks that glslang still rejects it).
//
ps_5_0
dcl_immediateConstantBuffer { { 1.500000, 0x7fc00001, 1, -0.000000},
                              { 0x7f800000, 0xff800000, -1, 2.000000} }
