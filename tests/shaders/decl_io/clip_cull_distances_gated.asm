// profile: (extends: Some("webgl2-fast"), decl_io: (clip_cull_distance: true))
// check: notes, lanes
// validate: none
//
// glslangValidator 12 does not know GL_EXT_clip_cull_distance (Mesa
// compiles it; docs/decl-io.md): not validated.
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float       
// SV_ClipDistance          0   xy          1  CLIPDST   float       
// SV_CullDistance          0     z         1  CULLDST   float       
// SV_ClipDistance          1   x           2  CLIPDST   float       
//
vs_5_0
dcl_output_siv o0.xyzw, position
dcl_output_siv o1.xy, clip_distance
dcl_output_siv o1.z, cull_distance
dcl_output_siv o2.x, clip_distance
