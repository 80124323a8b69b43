//! The decl-io family (under construction).
