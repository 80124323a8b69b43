// profile: webgl2-fast
// expect: error
vs_5_0
dcl_resource_buffer (float,float,float,float) t4
