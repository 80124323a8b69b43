// profile: webgl2-fast
// check: notes, lanes
//
// ICB dwords: 1.5, a NaN with payload, the denormal 1 (an integer 1
// moved by fxc), -0.0, +Inf, -Inf, all bits set, 2.
//
ps_5_0
{tokens 0x00000035 0x00000004 0x6f6c6c65 0x00000000} // customdata class 0 (2 dwords)
dcl_immediateConstantBuffer { { 1.500000, 0x7fc00001, 1, -0.000000},
                              { 0x7f800000, 0xff800000, -1, 2.000000} }
