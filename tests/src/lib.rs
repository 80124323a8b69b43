//! Integration tests for dxlower live in `tests/tests/`.
