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
//!
//! [`Profile::from_ron`] reads a profile: the core's fields through
//! `serde`, and each section by its registered type from the section's
//! own text ([`text`] finds it), so an error inside a section carries its
//! RON line and column like any other. Each registered type is read and
//! written through two plain functions ([`parse_section`],
//! [`write_section`]) instantiated for that type alone: no type-erased
//! `serde` glue, which in the WebAssembly module cost more code than the
//! translator's core. [`merge_ron`] is `extends` on the text: the
//! fields a profile sets over those of the profile it extends, field by
//! field inside `limits` and the sections.

pub mod text;

use serde::de::{self, IgnoredAny, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};
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
pub trait SectionValue: Any + fmt::Debug + Send + Sync {
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

/// Reads a section from its RON text (the value after `key:`); the
/// error's position is in that text.
pub type SectionParse = fn(&str) -> Result<Box<dyn SectionValue>, ron::error::SpannedError>;

/// Writes a section value as RON (pretty with `Some(config)`).
pub type SectionWrite =
    fn(&dyn SectionValue, Option<&ron::ser::PrettyConfig>) -> Result<String, ron::Error>;

/// Reads section `T` from its RON text: the [`SectionParse`] that
/// [`register_switches!`](crate::register_switches) registers.
pub fn parse_section<T: Switches>(
    text: &str,
) -> Result<Box<dyn SectionValue>, ron::error::SpannedError> {
    Ok(Box::new(ron::from_str::<T>(text)?))
}

/// Writes section `T` as RON: the [`SectionWrite`] that
/// [`register_switches!`](crate::register_switches) registers. A value of
/// another type is an error (the profile stores each section under its
/// own type, so it does not happen).
pub fn write_section<T: Switches>(
    value: &dyn SectionValue,
    pretty: Option<&ron::ser::PrettyConfig>,
) -> Result<String, ron::Error> {
    let Some(v) = value.as_any().downcast_ref::<T>() else {
        return Err(ron::Error::Message(format!(
            "section `{}` holds a value of another type",
            T::SECTION
        )));
    };
    match pretty {
        Some(cfg) => ron::ser::to_string_pretty(v, cfg.clone()),
        None => ron::to_string(v),
    }
}

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
    /// Writes the section.
    pub write: SectionWrite,
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
                parse: $crate::profile::parse_section::<$ty>,
                write: $crate::profile::write_section::<$ty>,
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

impl Profile {
    /// Reads a profile from RON text: the core's fields, and each family
    /// section by its registered type. Every field left out keeps its
    /// default; an unknown key, a bad value or a section that does not
    /// read is an error with its line and column in `text`. `extends` is
    /// kept, not resolved (see [`merge_ron`]).
    pub fn from_ron(text: &str) -> Result<Profile, ron::error::SpannedError> {
        let CoreFields(mut p) = ron::from_str(text)?;
        let Some(s) = text::fields(text) else {
            // `ron` read it, so this does not happen; say where it starts.
            return Err(ron::error::SpannedError {
                code: ron::Error::Message("not a RON struct".into()),
                position: ron::error::Position { line: 1, col: 1 },
            });
        };
        // The attributes (`#![enable(...)]`) apply to every section.
        let mut prefix = String::new();
        for a in &s.attributes {
            prefix.push_str(a);
            prefix.push(' ');
        }
        for f in &s.fields {
            let Some(e) = section(f.key) else {
                continue;
            };
            let v = (e.parse)(&format!("{prefix}{}", f.value)).map_err(|mut err| {
                let (line, col) = text::line_col(text, f.at);
                if err.position.line == 1 {
                    err.position.col =
                        err.position.col.saturating_sub(prefix.len()).max(1) + col - 1;
                }
                err.position.line += line - 1;
                err
            })?;
            p.sections.0.insert(e.name, v);
        }
        Ok(p)
    }

    /// The profile as RON text, every field and every registered section
    /// written out (sections it does not set with their defaults); pretty
    /// with `Some(config)` (what `dxlower profiles show` prints), compact
    /// otherwise. [`Profile::from_ron`] reads it back to an equal profile.
    pub fn to_ron(&self, pretty: Option<&ron::ser::PrettyConfig>) -> Result<String, ron::Error> {
        fn one<T: Serialize>(
            v: &T,
            pretty: Option<&ron::ser::PrettyConfig>,
        ) -> Result<String, ron::Error> {
            match pretty {
                Some(cfg) => ron::ser::to_string_pretty(v, cfg.clone()),
                None => ron::to_string(v),
            }
        }
        let mut fields: Vec<(&str, String)> = vec![
            ("name", one(&self.name, pretty)?),
            ("description", one(&self.description, pretty)?),
            ("extends", one(&self.extends, pretty)?),
            ("glsl_version", one(&self.glsl_version, pretty)?),
            (
                "instruction_comments",
                one(&self.instruction_comments, pretty)?,
            ),
            ("register_model", one(&self.register_model, pretty)?),
            ("nan_exact", one(&self.nan_exact, pretty)?),
            ("mobile_workarounds", one(&self.mobile_workarounds, pretty)?),
            ("fragcoord_origin", one(&self.fragcoord_origin, pretty)?),
            (
                "stub_resource_registers",
                one(&self.stub_resource_registers, pretty)?,
            ),
            ("limits", one(&self.limits, pretty)?),
            ("passes", one(&self.passes, pretty)?),
        ];
        for e in sections() {
            let text = match self.sections.0.get(e.name) {
                Some(b) => (e.write)(b.as_ref(), pretty)?,
                None => (e.write)((e.default)().as_ref(), pretty)?,
            };
            fields.push((e.name, text));
        }
        let Some(cfg) = pretty else {
            let body: Vec<String> = fields.iter().map(|(k, v)| format!("{k}:{v}")).collect();
            return Ok(format!("({})", body.join(",")));
        };
        // Each value written alone, indented one level as `ron` nests it.
        let indent = &cfg.indentor;
        let nl = &cfg.new_line;
        let mut out = format!("({nl}");
        for (k, v) in fields {
            let v = v.replace(nl.as_str(), &format!("{nl}{indent}"));
            out.push_str(&format!("{indent}{k}: {v},{nl}"));
        }
        out.push(')');
        Ok(out)
    }
}

/// `extends` on the text: the profile `child` over the profile `parent`
/// (both RON text; `parent` already resolved). The result has every
/// field of either: a field `child` sets replaces the parent's, except
/// that `limits` and the family sections merge field by field when the
/// child writes them as a struct (`limits: (draw_buffers: 8)` keeps the
/// parent's other limits). `None` when either text is not a RON struct.
pub fn merge_ron(parent: &str, child: &str) -> Option<String> {
    let p = text::fields(parent)?;
    let c = text::fields(child)?;
    let mut out: Vec<(&str, String)> = Vec::new();
    for f in &p.fields {
        out.push((f.key, f.value.to_string()));
    }
    for f in &c.fields {
        let merged = match out.iter().position(|(k, _)| *k == f.key) {
            Some(i) => {
                let by_field = f.key != "passes";
                let value = match (
                    by_field.then(|| text::struct_fields(&out[i].1)).flatten(),
                    by_field.then(|| text::struct_fields(f.value)).flatten(),
                ) {
                    (Some(pf), Some(cf)) => {
                        let mut fields: Vec<(&str, &str)> =
                            pf.iter().map(|x| (x.key, x.value)).collect();
                        for x in &cf {
                            match fields.iter_mut().find(|(k, _)| *k == x.key) {
                                Some(slot) => slot.1 = x.value,
                                None => fields.push((x.key, x.value)),
                            }
                        }
                        let body: Vec<String> =
                            fields.iter().map(|(k, v)| format!("{k}: {v}")).collect();
                        format!("({})", body.join(",\n"))
                    }
                    _ => f.value.to_string(),
                };
                out[i].1 = value;
                continue;
            }
            None => (f.key, f.value.to_string()),
        };
        out.push(merged);
    }
    let mut text = String::new();
    for a in p.attributes.iter().chain(&c.attributes) {
        text.push_str(a);
        text.push('\n');
    }
    text.push_str("(\n");
    for (k, v) in out {
        text.push_str(&format!("{k}: {v},\n"));
    }
    text.push(')');
    Some(text)
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

/// The core's fields of a profile; a section's value is skipped here and
/// read by [`Profile::from_ron`] with its registered type.
struct CoreFields(Profile);

impl<'de> Deserialize<'de> for CoreFields {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = CoreFields;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a profile (a struct of switches)")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<CoreFields, A::Error> {
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
                            Some(_) => {
                                map.next_value::<IgnoredAny>()?;
                            }
                            None => return Err(de::Error::unknown_field(other, known_keys())),
                        },
                    }
                    seen.push(key);
                }
                Ok(CoreFields(p))
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
    /// A temp's refresh of the other view (the sync copy) stays only for
    /// the lanes where that view is read before the next write (`sync`
    /// module, a liveness over the control flow after lowering).
    FloatVec4UVec4Companions,
    /// `FloatVec4UVec4Companions` with a companion only where it is read:
    /// a temp lane gets its `uvec4` companion when some instruction reads
    /// it as an integer (or moves it into something that does), found by
    /// a flow-insensitive analysis of the program before lowering
    /// (`companions` module). Every integer read has the exact bits the
    /// full model gives it; a temp only ever read as a float is a plain
    /// `vec4`, so float-only shaders carry no companion code. Indexable
    /// temps keep their companion arrays. Sync copies are pruned as under
    /// `FloatVec4UVec4Companions`.
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
