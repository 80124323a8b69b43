// profile: (extends: Some("webgl2-fast"), glsl_version: "310 es", decl_io: (early_fragment_tests: Emit))
// check: notes, lanes
//
// Emit is for ES 3.10 targets, where the layout is legal.
//
ps_5_0
dcl_globalFlags refactoringAllowed | forceEarlyDepthStencil
