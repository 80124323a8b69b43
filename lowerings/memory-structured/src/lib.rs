//! The memory-structured family (under construction).
