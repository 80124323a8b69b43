//! The texture-sample family (under construction).
