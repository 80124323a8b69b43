// profile: webgl2-fast
// check: notes, lanes
//
// Lower-case varyings are folded (D3D pairs them case-insensitively);
// reserved or illegal identifiers are escaped; attributes keep case.
//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// Position                 0   xyzw        0     NONE   float   xyzw
// _UV                      1   xy          1     NONE   float   xy  
//
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// texCoord                 0   xyzw        0     NONE   float       
// MY__UV                   0   xy          1     NONE   float       
// _UV                      1   xy          2     NONE   float       
// FOG_                     0   x           3     NONE   float       
//
vs_5_0
dcl_input v0.xyzw
dcl_input v1.xy
dcl_output o0.xyzw
dcl_output o1.xy
dcl_output o2.xy
dcl_output o3.x
