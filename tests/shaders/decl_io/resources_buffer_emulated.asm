// profile: (extends: Some("webgl2-fast"), decl_io: (texture_buffers: Emulate))
// check: notes, lanes
vs_5_0
dcl_resource_buffer (float,float,float,float) t0
dcl_resource_buffer (uint,uint,uint,uint) t1
