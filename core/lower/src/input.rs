//! What a stage is lowered from: the decoded program and the container
//! chunks lowering reads beside it.

use dxlower_dxbc::{Program, Signature};

/// What a stage is lowered from.
#[derive(Clone, Copy, Debug)]
pub struct StageInput<'a> {
    /// The decoded program.
    pub program: &'a Program,
    /// Input signature (ISGN/ISG1), if present.
    pub input_signature: Option<&'a Signature>,
    /// Output signature (OSGN/OSG1/OSG5), if present.
    pub output_signature: Option<&'a Signature>,
    /// Byte offset of the program's first dword in the container, for
    /// error sites.
    pub program_byte_offset: Option<u64>,
    /// Resource definitions (RDEF), when the container has them: binding
    /// names for handlers that identify a resource by name (the
    /// `bone_transforms` pass). `None` for stripped shaders and programs
    /// built without a container.
    pub rdef: Option<&'a dxlower_dxbc::Rdef>,
}
