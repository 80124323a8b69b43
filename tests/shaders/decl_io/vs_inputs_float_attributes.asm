// profile: webgl2-fast
// check: notes, lanes
//
// The declaration of v2 (.xy) is narrower than its row (TEXCOORD3,
// .xyzw): the row's width wins.
//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// POSITION                 0   xyz         0     NONE   float   xyz 
// NORMAL                   0   xyz         1     NONE   float   xyz 
// TEXCOORD                 3   xyzw        2     NONE   float   xyzw
// PSIZE                    0   x           3     NONE   float   x   
//
vs_5_0
dcl_input v0.xyz
dcl_input v1.xyz
dcl_input v2.xy
dcl_input v3.x
