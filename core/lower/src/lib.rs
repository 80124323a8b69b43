//! The lowering core (under construction).
