//! The float-alu family (under construction).
