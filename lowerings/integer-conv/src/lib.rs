//! The integer-conv family (under construction).
