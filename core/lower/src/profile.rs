//! The target profile schema.
//!
//! A profile is data (a RON file under `targets/`): the target language,
//! the semantic rules every family shares, resource limits, the named ABI
//! rewrite passes to run, and one *section* per family that has switches of
//! its own. Every field has a default equal to the plain `webgl2` target,
//! and unknown keys are errors, so a typo never turns into a silent default.
//!
//! ```ron
//! (
//!     name: "native",
//!     extends: Some("webgl2"),
//!     register_model: FloatVec4UVec4Companions,   // core: shared by every family
//!     nan_exact: true,
//!     decl_io: (noperspective: Extension),        // the decl-io family's section
//!     integer_conv: (f32tof16: Exact),
//!     passes: [(name: "bone_transforms", params: {"mode": "ubo"})],
//! )
//! ```
//!
//! The top-level fields of [`Profile`] are the ones the core itself reads
//! or that several families share. A family's own switches live in its
//! crate: a type implementing [`Switches`], registered with
//! [`register_switches!`](crate::register_switches) under a section name;
//! the family reads it with `cx.switches::<T>()` and documents it beside
//! its handlers. Adding a switch to a family touches only that family.
//! Sections are parsed by the registered type while the profile is read, so
//! an error inside a section carries its RON line and column like any
//! other.

use serde::de::{self, DeserializeSeed, MapAccess, Visitor};
use serde::ser::SerializeStruct;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::any::{Any, TypeId};
use std::collections::BTreeMap;
use std::fmt;
use std::sync::{Mutex, OnceLock};

/// A family's typed section of the profile (`decl_io: (...)`).
///
/// Implemented by a plain `serde` struct of the family's switches with
/// `#[serde(default, deny_unknown_fields)]`, whose `Default` is the plain
/// `webgl2` behaviour. Register it with
/// [`register_switches!`](crate::register_switches).
pub trait Switches:
    Clone + Default + fmt::Debug + PartialEq + Serialize + de::DeserializeOwned + Send + Sync + 'static
{
    /// The RON key of the section (`decl_io`).
    const SECTION: &'static str;
}

/// A section's value behind a trait object: what the profile stores.
pub trait SectionValue: Any + fmt::Debug + Send + Sync + erased_serde::Serialize {
    /// A boxed copy.
    fn clone_box(&self) -> Box<dyn SectionValue>;
    /// Equality with another section value (false for another type).
    fn eq_dyn(&self, other: &dyn SectionValue) -> bool;
    /// The value as `Any`, for the typed view.
    fn as_any(&self) -> &dyn Any;
    /// The value as mutable `Any`.
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

impl<T: Switches> SectionValue for T {
    fn clone_box(&self) -> Box<dyn SectionValue> {
        Box::new(self.clone())
    }
    fn eq_dyn(&self, other: &dyn SectionValue) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

/// Parses a section from any `serde` deserializer.
pub type SectionParse = fn(
    &mut dyn erased_serde::Deserializer<'_>,
) -> Result<Box<dyn SectionValue>, erased_serde::Error>;

/// One registered profile section.
pub struct SectionEntry {
    /// The RON key (`decl_io`).
    pub name: &'static str,
    /// The family that owns it (`decl-io`).
    pub family: &'static str,
    /// The crate it lives in.
    pub krate: &'static str,
    /// Where it is registered (`file:line`).
    pub file: &'static str,
    /// Source line.
    pub line: u32,
    /// The section type.
    pub type_id: fn() -> TypeId,
    /// Reads the section.
    pub parse: SectionParse,
    /// The section's defaults.
    pub default: fn() -> Box<dyn SectionValue>,
}

inventory::collect!(SectionEntry);

/// Registers a family's [`Switches`] type as a profile section.
///
/// ```ignore
/// dxlower_core::register_switches!(DeclIoSwitches, family: "decl-io");
/// ```
#[macro_export]
macro_rules! register_switches {
    ($ty:ty, family: $fam:expr $(,)?) => {
        $crate::__keep_registration!();
        $crate::__private::inventory::submit! {
            $crate::profile::SectionEntry {
                name: <$ty as $crate::profile::Switches>::SECTION,
                family: $fam,
                krate: env!("CARGO_PKG_NAME"),
                file: file!(),
                line: line!(),
                type_id: ::std::any::TypeId::of::<$ty>,
                parse: |d| {
                    ::std::result::Result::Ok(::std::boxed::Box::new(
                        $crate::__private::erased_serde::deserialize::<$ty>(d)?,
                    ))
                },
                default: || ::std::boxed::Box::new(<$ty as ::std::default::Default>::default()),
            }
        }
    };
}

/// Every registered section, sorted by name.
pub fn sections() -> &'static [&'static SectionEntry] {
    static ALL: OnceLock<Vec<&'static SectionEntry>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut v: Vec<&'static SectionEntry> =
            inventory::iter::<SectionEntry>.into_iter().collect();
        v.sort_by_key(|e| (e.name, e.file, e.line));
        v.dedup_by_key(|e| e.name);
        v
    })
}

fn section(name: &str) -> Option<&'static SectionEntry> {
    sections().iter().copied().find(|e| e.name == name)
}

/// The sections a profile holds, by name.
#[derive(Default)]
pub struct Sections(BTreeMap<&'static str, Box<dyn SectionValue>>);

impl Clone for Sections {
    fn clone(&self) -> Self {
        Sections(self.0.iter().map(|(k, v)| (*k, v.clone_box())).collect())
    }
}

impl PartialEq for Sections {
    fn eq(&self, other: &Self) -> bool {
        let get = |s: &Sections, e: &SectionEntry| {
            s.0.get(e.name)
                .map(|b| b.clone_box())
                .unwrap_or_else(|| (e.default)())
        };
        sections()
            .iter()
            .all(|e| get(self, e).eq_dyn(get(other, e).as_ref()))
            && self.0.keys().all(|k| section(k).is_some())
            && other.0.keys().all(|k| section(k).is_some())
    }
}

impl fmt::Debug for Sections {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.0.iter()).finish()
    }
}

/// The default of a section type that no profile holds: built once per
/// type and kept for the life of the process (a few small structs).
fn leaked_default<T: Switches>() -> &'static T {
    static DEFAULTS: OnceLock<Mutex<BTreeMap<TypeId, &'static (dyn Any + Send + Sync)>>> =
        OnceLock::new();
    let map = DEFAULTS.get_or_init(Default::default);
    let mut m = match map.lock() {
        Ok(m) => m,
        Err(poisoned) => poisoned.into_inner(),
    };
    let v = *m
        .entry(TypeId::of::<T>())
        .or_insert_with(|| Box::leak(Box::new(T::default())));
    match v.downcast_ref::<T>() {
        Some(t) => t,
        // The entry for `TypeId::of::<T>()` holds a `T` by construction.
        None => unreachable!("section default of another type"),
    }
}

/// A complete target profile: the core's switches (read by the core or
/// shared by several families), the named passes, and the families'
/// sections.
#[derive(Clone, Debug, PartialEq)]
pub struct Profile {
    /// Profile name (`webgl2`).
    pub name: String,
    /// One line saying what the target is.
    pub description: String,
    /// The profile this one extends (resolved by the loader, not by core).
    pub extends: Option<String>,
    /// The `#version` line's number and suffix: `"300 es"` (WebGL2) or
    /// `"310 es"`.
    pub glsl_version: String,
    /// Emit the DXBC instruction as a comment above its GLSL.
    pub instruction_comments: bool,
    /// Register model (`docs/conventions.md#register-models`).
    pub register_model: RegisterModel,
    /// D3D-exact `min`/`max`/`_sat` NaN handling (`docs/conventions.md#special-values`):
    /// read by the core's `_sat` and by every family that has a NaN-exact
    /// form.
    pub nan_exact: bool,
    /// HLSLcc's mobile-driver workarounds (`docs/conventions.md#mobile-workarounds`): scalarised
    /// vector forms and `uint(0)` zeros, in several families.
    pub mobile_workarounds: bool,
    /// `gl_FragCoord` origin handling (`docs/profiles.md#core-switches`): how `SV_Position`
    /// is read and the sign of screen-space y derivatives.
    pub fragcoord_origin: FragCoordOrigin,
    /// Resources the runtime never binds, by their RDEF binding name
    /// (`docs/profiles.md#stubbed-resources`): their declarations
    /// and manifest entries are dropped and every read yields zero. A
    /// stage without resource definitions stubs nothing (the names cannot
    /// be matched) and its resources are lowered or refused as usual.
    pub stub_resource_registers: Vec<String>,
    /// Resource limits checked at translate time
    /// (`docs/profiles.md#resource-limits`): a stage that needs more is refused by name.
    pub limits: Limits,
    /// Named ABI rewrite passes to run, in order, with parameters.
    pub passes: Vec<PassSpec>,
    /// The families' sections (see [`Switches`]); a section the profile
    /// does not set has its defaults.
    pub sections: Sections,
}

impl Default for Profile {
    fn default() -> Self {
        Profile {
            name: "webgl2".into(),
            description: "plain WebGL2 / GLSL ES 3.00, no consumer-specific ABI, D3D-exact".into(),
            extends: None,
            glsl_version: "300 es".into(),
            instruction_comments: false,
            register_model: RegisterModel::FloatVec4UVec4CompanionsWhereRead,
            nan_exact: true,
            mobile_workarounds: true,
            fragcoord_origin: FragCoordOrigin::AsIs,
            stub_resource_registers: Vec::new(),
            limits: Limits::default(),
            passes: Vec::new(),
            sections: Sections::default(),
        }
    }
}

impl Profile {
    /// True when the target is GLSL ES 3.10 or later.
    pub fn es31(&self) -> bool {
        self.glsl_version
            .split_whitespace()
            .next()
            .and_then(|v| v.parse::<u32>().ok())
            .is_some_and(|v| v >= 310)
    }

    /// The section of type `T` (its defaults when the profile does not set
    /// it).
    pub fn switches<T: Switches>(&self) -> &T {
        self.sections
            .0
            .get(T::SECTION)
            .and_then(|b| b.as_any().downcast_ref::<T>())
            .unwrap_or_else(|| leaked_default::<T>())
    }

    /// The section of type `T` for editing (created with its defaults when
    /// the profile does not set it yet).
    pub fn switches_mut<T: Switches>(&mut self) -> &mut T {
        let slot = self
            .sections
            .0
            .entry(T::SECTION)
            .or_insert_with(|| Box::new(T::default()));
        if !slot.as_any().is::<T>() {
            *slot = Box::new(T::default());
        }
        match slot.as_any_mut().downcast_mut::<T>() {
            Some(t) => t,
            // Replaced by a `T` just above when it held something else.
            None => unreachable!("section of another type"),
        }
    }

    /// The profile with section `T` replaced (builder style, for tests and
    /// hosts that build profiles in code).
    pub fn with<T: Switches>(mut self, value: T) -> Self {
        *self.switches_mut::<T>() = value;
        self
    }
}

/// The top-level keys of a profile that the core owns, in RON order.
pub const CORE_KEYS: &[&str] = &[
    "name",
    "description",
    "extends",
    "glsl_version",
    "instruction_comments",
    "register_model",
    "nan_exact",
    "mobile_workarounds",
    "fragcoord_origin",
    "stub_resource_registers",
    "limits",
    "passes",
];

/// Every key a profile may have: [`CORE_KEYS`] and the registered section
/// names.
pub fn known_keys() -> &'static [&'static str] {
    static KEYS: OnceLock<&'static [&'static str]> = OnceLock::new();
    KEYS.get_or_init(|| {
        let mut v: Vec<&'static str> = CORE_KEYS.to_vec();
        v.extend(sections().iter().map(|e| e.name));
        Box::leak(v.into_boxed_slice())
    })
}

impl Serialize for Profile {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Profile", CORE_KEYS.len() + sections().len())?;
        st.serialize_field("name", &self.name)?;
        st.serialize_field("description", &self.description)?;
        st.serialize_field("extends", &self.extends)?;
        st.serialize_field("glsl_version", &self.glsl_version)?;
        st.serialize_field("instruction_comments", &self.instruction_comments)?;
        st.serialize_field("register_model", &self.register_model)?;
        st.serialize_field("nan_exact", &self.nan_exact)?;
        st.serialize_field("mobile_workarounds", &self.mobile_workarounds)?;
        st.serialize_field("fragcoord_origin", &self.fragcoord_origin)?;
        st.serialize_field("stub_resource_registers", &self.stub_resource_registers)?;
        st.serialize_field("limits", &self.limits)?;
        st.serialize_field("passes", &self.passes)?;
        for e in sections() {
            let owned;
            let v: &dyn SectionValue = match self.sections.0.get(e.name) {
                Some(b) => b.as_ref(),
                None => {
                    owned = (e.default)();
                    owned.as_ref()
                }
            };
            st.serialize_field(e.name, &Erased(v))?;
        }
        st.end()
    }
}

/// A section value as a `Serialize`.
struct Erased<'a>(&'a dyn SectionValue);

impl Serialize for Erased<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        erased_serde::serialize(self.0, s)
    }
}

/// A struct field name, read as an identifier (RON's struct keys are
/// identifiers, not strings).
struct FieldName(String);

impl<'de> Deserialize<'de> for FieldName {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = FieldName;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a field name")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<FieldName, E> {
                Ok(FieldName(v.to_string()))
            }
        }
        d.deserialize_identifier(V)
    }
}

/// Reads one section with its registered type.
struct SectionSeed(&'static SectionEntry);

impl<'de> DeserializeSeed<'de> for SectionSeed {
    type Value = Box<dyn SectionValue>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        let mut erased = <dyn erased_serde::Deserializer>::erase(d);
        (self.0.parse)(&mut erased).map_err(de::Error::custom)
    }
}

impl<'de> Deserialize<'de> for Profile {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Profile;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a profile (a struct of switches)")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Profile, A::Error> {
                let mut p = Profile::default();
                let mut seen: Vec<String> = Vec::new();
                while let Some(FieldName(key)) = map.next_key::<FieldName>()? {
                    if seen.contains(&key) {
                        return Err(de::Error::custom(format_args!("duplicate field `{key}`")));
                    }
                    match key.as_str() {
                        "name" => p.name = map.next_value()?,
                        "description" => p.description = map.next_value()?,
                        "extends" => p.extends = map.next_value()?,
                        "glsl_version" => p.glsl_version = map.next_value()?,
                        "instruction_comments" => p.instruction_comments = map.next_value()?,
                        "register_model" => p.register_model = map.next_value()?,
                        "nan_exact" => p.nan_exact = map.next_value()?,
                        "mobile_workarounds" => p.mobile_workarounds = map.next_value()?,
                        "fragcoord_origin" => p.fragcoord_origin = map.next_value()?,
                        "stub_resource_registers" => {
                            p.stub_resource_registers = map.next_value()?
                        }
                        "limits" => p.limits = map.next_value()?,
                        "passes" => p.passes = map.next_value()?,
                        other => match section(other) {
                            Some(e) => {
                                let v = map.next_value_seed(SectionSeed(e))?;
                                p.sections.0.insert(e.name, v);
                            }
                            None => return Err(de::Error::unknown_field(other, known_keys())),
                        },
                    }
                    seen.push(key);
                }
                Ok(p)
            }
        }
        d.deserialize_struct("Profile", known_keys(), V)
    }
}

impl Profile {
    /// The ABI rewrite pass of this name, when the profile runs it
    /// (`passes: [(name: "bone_transforms", params: {"mode": "ubo"})]`).
    /// The first entry wins if a name is listed twice. Passes read their
    /// parameters through [`PassSpec::param`].
    pub fn pass(&self, name: &str) -> Option<&PassSpec> {
        self.passes.iter().find(|p| p.name == name)
    }
}

/// Register model.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RegisterModel {
    /// One `vec4` per temp; bitcasts at every typed use.
    FloatVec4,
    /// One `vec4 rN` per temp plus a `uvec4 rN_u` companion holding the same
    /// bits (`docs/conventions.md#register-models`): integer producers write the
    /// companion and refresh the float view from it, float producers write
    /// the float view and refresh the companion from its bits, integer
    /// consumers (and branch tests, half unpacks, relative indices) read the
    /// companion, and the type-less movers (`mov`, `movc`, `swapc`) copy
    /// through it when a temp is involved. Integer data never passes through
    /// float arithmetic on its way from an integer producer to an integer
    /// consumer, so bit patterns that are denormal floats survive drivers
    /// that flush them (ANGLE's D3D11 backend). Indexable temps get the same
    /// treatment: `vecC TempArrayN[k]` has a `uvecC TempArrayN_u[k]`
    /// companion (fxc moves integer tables through `x#` with `mov`).
    FloatVec4UVec4Companions,
    /// `FloatVec4UVec4Companions` with a companion only where it is read:
    /// a temp lane gets its `uvec4` companion when some instruction reads
    /// it as an integer (or moves it into something that does), found by
    /// a flow-insensitive analysis of the program before lowering
    /// (`companions` module). Every integer read has the exact bits the
    /// full model gives it; a temp only ever read as a float is a plain
    /// `vec4`, so float-only shaders carry no companion code. Indexable
    /// temps keep their companion arrays.
    FloatVec4UVec4CompanionsWhereRead,
}

/// `gl_FragCoord` origin.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FragCoordOrigin {
    /// Use `gl_FragCoord` as is (bottom-left origin).
    AsIs,
    /// Flip y with a viewport-height uniform.
    FlipWithUniform,
}

/// Per-stage resource limits of the target (`docs/profiles.md#resource-limits`). The defaults
/// are the WebGL2 minimums every conforming implementation guarantees; a
/// profile for a target that guarantees more raises them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Limits {
    /// `MAX_VERTEX_ATTRIBS`: vertex shader `in` attributes.
    pub vertex_attributes: u32,
    /// `MAX_VARYING_VECTORS`: rows of varyings after packing.
    pub varying_vectors: u32,
    /// `MAX_TEXTURE_IMAGE_UNITS` / `MAX_VERTEX_TEXTURE_IMAGE_UNITS`:
    /// sampler uniforms a stage uses.
    pub texture_units: u32,
    /// `MAX_DRAW_BUFFERS`: render targets `SV_Target0..N-1`.
    pub draw_buffers: u32,
    /// `MAX_VERTEX_UNIFORM_BLOCKS` / `MAX_FRAGMENT_UNIFORM_BLOCKS`.
    pub uniform_blocks: u32,
    /// `MAX_UNIFORM_BLOCK_SIZE` in `vec4`s (16 KiB = 1024).
    pub uniform_block_vec4s: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            vertex_attributes: 16,
            varying_vectors: 15,
            texture_units: 16,
            draw_buffers: 4,
            uniform_blocks: 12,
            uniform_block_vec4s: 1024,
        }
    }
}

/// A named ABI rewrite pass and its parameters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PassSpec {
    /// The registered pass name.
    pub name: String,
    /// Parameters, interpreted by the pass.
    #[serde(default)]
    pub params: std::collections::BTreeMap<String, String>,
}

impl PassSpec {
    /// The parameter `key`, if the profile sets it.
    pub fn param(&self, key: &str) -> Option<&str> {
        self.params.get(key).map(String::as_str)
    }
}
