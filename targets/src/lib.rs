//! Target profiles (under construction).
