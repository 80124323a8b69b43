// profile: webgl2-fast
// expect: error
vs_5_0
dcl_resource_texture2dms(4) (float,float,float,float) t1
