//! The cmp-controlflow family (under construction).
