// profile: (extends: Some("webgl2-fast"), decl_io: (vertex_id_base: Uniform("dx_FirstVertex")))
// check: notes, lanes
//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_VertexID              0   x           0   VERTID    uint   x   
// SV_InstanceID            0   x           1   INSTID    uint   x   
//
vs_5_0
dcl_input_sgv v0.x, vertex_id
dcl_input_sgv v1.x, instance_id
