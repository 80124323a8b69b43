// profile: (extends: Some("webgl2-fast"), decl_io: (sample_variables: true))
// check: notes, lanes
// validate: none
//
// glslangValidator 12 does not declare gl_SampleID for ES 3.00 even
// with the extension (Mesa does; docs/decl-io.md): not validated.
//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_SampleIndex           0   x           0   SAMPLE    uint   x   
//
ps_5_0
dcl_input_ps_sgv v0.x, sampleIndex
