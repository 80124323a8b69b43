// profile: webgl2-fast
// check: notes, lanes
ps_5_0
dcl_globalFlags refactoringAllowed | forceEarlyDepthStencil
