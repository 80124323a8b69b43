// profile: (extends: Some("webgl2-fast"), decl_io: (vs_input_locations: Explicit))
// check: notes, lanes
//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// POSITION                 0   xyzw        0     NONE   float   xyzw
// TEXCOORD                 0   xy          4     NONE   float   xy  
//
vs_5_0
dcl_input v0.xyzw
dcl_input v4.xy
