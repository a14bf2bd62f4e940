//! The contract's layout, pinned and held to the compatibility policy
//! (SPEC §8): abi_stable's type layout of the root module and of every type
//! it reaches, rendered as text and compared with `contract/layout.txt`.
//!
//! Two checks, whatever version `Cargo.toml` names:
//!
//! - **The policy.** abi_stable's own checker compares today's layout, as
//!   a plugin's, with every released layout, as a host's: the layout of
//!   each release's Awalé plugin, built from the commit recorded in
//!   `contract/releases.txt` (`tests/releases/mod.rs`), and the frozen
//!   copy of 1.0 in `tests/compat/` that the loader checks every 1.x plugin
//!   against. It accepts fields appended to prefix types and nothing else
//!   that changes a layout, so that every released host loads today's
//!   plugins, and today's host reads older plugins through today's types.
//!   A change to a frozen type or to a field any release has (one 1.1
//!   added too) fails here, even with the golden file edited by hand or
//!   `VARIANT_API_BLESS=1`. Each release's layout is also the one its
//!   commit's golden file recorded, and the frozen copy's is 1.0.0's
//!   (`contract/layout-1.0.0.txt`, and abi_stable's checker both ways
//!   against the 1.0.0 build). The named values of the open sets and the
//!   interface version are compared with the frozen copy's too.
//! - **The record.** Any difference from the golden file fails, naming the
//!   first line that differs. A change the policy allows is recorded by
//!   three edits together: a minor step of the version in `Cargo.toml` (a
//!   patch step never changes the layout), an entry for it in
//!   `CHANGELOG.md`, and the golden file written again with
//!   `VARIANT_API_BLESS=1 cargo test -p variant-api --test layout`, which
//!   also refuses a new golden whose types of the old one changed (only
//!   fields appended to a prefix type, and new types, may differ). Its
//!   tests name no version: they step the one `Cargo.toml` names.
//!
//! A major release (2.0) drops the frozen copy of 1.0 and the record of
//! 1.x releases first, and says so in the changelog.

mod releases;

use std::collections::{BTreeSet, VecDeque};
use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::OnceLock;

use abi_stable::abi_stability::abi_checking::{
    check_layout_compatibility_with_globals, AbiInstability, AbiInstabilityErrors, CheckingGlobals,
};
use abi_stable::library::lib_header_from_path;
use abi_stable::type_layout::{TLData, TLField, TLFieldOrFunction, TypeLayout};
use abi_stable::StableAbi;
use variant_api::ffi::VariantModuleRef;

/// The golden file.
fn golden_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("contract/layout.txt")
}

/// A file of the crate, as text (empty if it cannot be read).
fn crate_file(name: &str) -> String {
    std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(name))
        .unwrap_or_default()
}

/// The first line of the golden file, naming the version it pins.
fn header(version: &str) -> String {
    format!("# variant-api {version}: the layout of the contract (tests/layout.rs)\n")
}

/// The version a golden file's first line names.
fn header_version(header: &str) -> Option<&str> {
    header
        .strip_prefix("# variant-api ")?
        .split(':')
        .next()
        .filter(|version| !version.is_empty())
}

/// The frozen copy of the oldest contract, 1.0: its version and the layout
/// of its root module, which the loader checks every 1.x plugin against.
fn frozen() -> (&'static str, &'static TypeLayout) {
    (
        "1.0.0",
        <variant_api_1_0::ffi::VariantModuleRef as StableAbi>::LAYOUT,
    )
}

/// Every released contract (`contract/releases.txt`, built from its
/// commit once per test run): its version, the layout of its root module
/// as its Awalé plugin carries it (abi_stable's `LibHeader`), and its
/// golden file as its commit recorded it.
fn released() -> &'static [(String, &'static TypeLayout, String)] {
    static RELEASED: OnceLock<Vec<(String, &'static TypeLayout, String)>> = OnceLock::new();
    RELEASED.get_or_init(|| {
        releases::built()
            .iter()
            .map(|release| {
                let library = release.awale();
                let layout = lib_header_from_path(&library)
                    .ok()
                    .and_then(|header| header.layout())
                    .unwrap_or_else(|| {
                        panic!(
                            "{} (variant-api {} built from {}): no root module layout to read",
                            library.display(),
                            release.version,
                            release.commit
                        )
                    });
                let golden =
                    std::fs::read_to_string(release.source.join("variant-api/contract/layout.txt"))
                        .unwrap_or_default();
                (release.version.clone(), layout, golden)
            })
            .collect()
    })
}

/// The layouts of earlier contracts today's must extend, as hosts check
/// plugins with them: the frozen 1.0 and every release.
fn earlier() -> Vec<(String, &'static TypeLayout)> {
    let (version, layout) = frozen();
    std::iter::once((format!("{version} (frozen copy)"), layout))
        .chain(
            released()
                .iter()
                .map(|(version, layout, _)| (version.clone(), *layout)),
        )
        .collect()
}

/// The version `Cargo.toml` names, as numbers.
fn current() -> (u64, u64, u64) {
    parsed(env!("CARGO_PKG_VERSION")).expect("Cargo.toml names major.minor.patch")
}

/// The next minor version after today's (`1.2.0` after `1.1.3`).
fn next_minor() -> String {
    let (major, minor, _) = current();
    format!("{major}.{}.0", minor + 1)
}

/// The next patch version after today's (`1.1.4` after `1.1.3`).
fn next_patch() -> String {
    let (major, minor, patch) = current();
    format!("{major}.{minor}.{}", patch + 1)
}

/// The next major version after today's (`2.0.0` after `1.1.3`).
fn next_major() -> String {
    format!("{}.0.0", current().0 + 1)
}

/// A type's name, package and module.
fn name(layout: &TypeLayout) -> String {
    format!(
        "{} ({}, {})",
        layout.full_type(),
        layout.package(),
        layout.mod_path()
    )
}

/// The type layout of the root module and everything it reaches, each
/// type once, in the order reached (breadth first), as text.
fn render(root: &'static TypeLayout) -> String {
    let mut text = String::new();
    let mut seen = BTreeSet::new();
    let mut queue = VecDeque::from([root]);
    while let Some(layout) = queue.pop_front() {
        if !seen.insert(layout.get_utypeid()) {
            continue;
        }
        let mut reached: Vec<&'static TypeLayout> = Vec::new();
        let _ = writeln!(
            text,
            "type {}  size {} align {} repr {:?}",
            name(layout),
            layout.size(),
            layout.alignment(),
            layout.repr_attr()
        );
        let mut fields = |text: &mut String, what: &str, fields: Vec<TLField>| {
            for field in fields {
                let _ = writeln!(
                    text,
                    "  {what} {}: {} [{:?}]",
                    field.name(),
                    field.full_type(),
                    field.field_accessor()
                );
                reached.push(field.layout());
                for function in field.function_range().iter() {
                    let params: Vec<&'static TypeLayout> = function
                        .param_type_layouts
                        .iter()
                        .map(|param| param())
                        .collect();
                    let returned = function.return_type_layout().map(|returned| returned());
                    let _ = writeln!(
                        text,
                        "    {}fn {}({}) -> {}",
                        if function.fn_qualifs.is_unsafe() {
                            "unsafe "
                        } else {
                            ""
                        },
                        function.name,
                        params
                            .iter()
                            .map(|param| param.full_type().to_string())
                            .collect::<Vec<_>>()
                            .join(", "),
                        returned.map_or_else(|| "()".to_owned(), |r| r.full_type().to_string())
                    );
                    reached.extend(params);
                    reached.extend(returned);
                }
            }
        };
        match layout.data() {
            TLData::Primitive(primitive) => {
                let _ = writeln!(text, "  primitive {primitive:?}");
            }
            TLData::Opaque => text.push_str("  opaque\n"),
            TLData::Struct { fields: list } => fields(&mut text, "field", list.to_vec()),
            TLData::Union { fields: list } => fields(&mut text, "union field", list.to_vec()),
            TLData::Enum(enumeration) => {
                let _ = writeln!(
                    text,
                    "  enum, exhaustive {}, discriminants {:?}, fields a variant {:?}",
                    enumeration.exhaustiveness.is_exhaustive(),
                    enumeration.discriminants,
                    enumeration.field_count.as_slice()
                );
                for name in enumeration.variant_names_iter() {
                    let _ = writeln!(text, "  variant {name}");
                }
                fields(&mut text, "variant field", enumeration.fields.to_vec());
            }
            TLData::PrefixType(prefix) => {
                let _ = writeln!(
                    text,
                    "  prefix type, {} prefix fields of {}, conditional {:b}",
                    prefix.first_suffix_field,
                    prefix.fields.len(),
                    prefix.conditional_prefix_fields.bits()
                );
                fields(&mut text, "field", prefix.fields.to_vec());
            }
        }
        fields(&mut text, "phantom field", layout.phantom_fields().to_vec());
        queue.extend(reached);
    }
    text
}

/// abi_stable's verdict on a plugin of layout `now` in a host of the
/// earlier contract `earlier` (its checker, with fresh global state): the
/// first reason it refuses, in a few words with where it was found.
fn policy(earlier: &'static TypeLayout, now: &'static TypeLayout) -> Result<(), String> {
    check_layout_compatibility_with_globals(earlier, now, &CheckingGlobals::new())
        .map_err(|errors| first_reason(&errors))
}

/// The first error of a layout check and the path of fields to it.
fn first_reason(errors: &AbiInstabilityErrors) -> String {
    // The deepest error is the cause: the types around it differ because
    // of it (an enum holding a struct that grew, say).
    let Some(error) = errors
        .errors
        .iter()
        .filter(|error| !error.errs.is_empty())
        .max_by_key(|error| error.stack_trace.len())
    else {
        return "the layouts differ".to_owned();
    };
    let path: Vec<String> = error
        .stack_trace
        .iter()
        .map(|step| match &step.expected {
            TLFieldOrFunction::Field(field) => {
                format!("{}: {}", field.name(), field.layout().full_type())
            }
            TLFieldOrFunction::Function(function) => format!("fn {}", function.name),
        })
        .collect();
    // Within it, a changed field says more than the size that follows.
    let first = error
        .errs
        .iter()
        .find(|err| !matches!(err, AbiInstability::Size(_) | AbiInstability::Alignment(_)))
        .unwrap_or(&error.errs[0]);
    let what = match first {
        AbiInstability::FieldCountMismatch(pair) => {
            format!("{} fields where {} were", pair.found, pair.expected)
        }
        AbiInstability::UnexpectedField(pair) => format!(
            "field `{}` where `{}` was",
            pair.found.name(),
            pair.expected.name()
        ),
        AbiInstability::Size(pair) => format!("size {} where {} was", pair.found, pair.expected),
        other => {
            let debug = format!("{other:?}");
            debug.chars().take(160).collect()
        }
    };
    format!("{what}, in {}", path.join(" > "))
}

/// A line of a rendered layout, a `type` line without its module, which
/// abi_stable does not compare (`type X (variant-api)  size …`).
fn without_module(line: &str) -> String {
    let Some(size) = line.rfind(")  size ").filter(|_| line.starts_with("type ")) else {
        return line.to_owned();
    };
    let Some(group) = line[..size].rfind(" (") else {
        return line.to_owned();
    };
    let package = line[group + 2..size].split(',').next().unwrap_or_default();
    format!("{} ({package}{}", &line[..group], &line[size..])
}

/// The type blocks of a rendered layout, each from its `type` line
/// ([`without_module`]).
fn blocks(text: &str) -> Vec<String> {
    let mut blocks: Vec<String> = Vec::new();
    for line in text.lines() {
        let line = &without_module(line);
        match blocks.last_mut() {
            Some(block) if !line.starts_with("type ") => {
                block.push('\n');
                block.push_str(line);
            }
            _ => blocks.push(line.clone()),
        }
    }
    blocks
}

/// A prefix type's block: its name (the `type` line without the size,
/// which grows with its fields), its prefix line's count of prefix
/// fields, and its field lines.
fn prefix_block(block: &str) -> Option<(&str, &str, Vec<&str>)> {
    let mut lines = block.lines();
    let name = lines.next()?.split("  size").next()?;
    let prefix = lines.next()?.strip_prefix("  prefix type, ")?;
    let count = prefix.split(" prefix fields").next()?;
    Some((name, count, lines.collect()))
}

/// The changes from the golden layout `old` to `new` that the policy
/// forbids, by their text: a type of `old` must be in `new` unchanged,
/// but a prefix type, whose fields must be `old`'s followed by new ones
/// (and its count of prefix fields the same).
fn allowed_since(old: &str, new: &str) -> Result<(), String> {
    let mut new_blocks = blocks(new);
    let mut changed: Vec<String> = Vec::new();
    for block in blocks(old) {
        let name = block
            .lines()
            .next()
            .and_then(|line| line.split("  size").next())
            .unwrap_or_default()
            .trim_start_matches("type ")
            .to_owned();
        let found = match prefix_block(&block) {
            Some((_, count, fields)) => new_blocks.iter().position(|candidate| {
                prefix_block(candidate).is_some_and(|(other, other_count, other_fields)| {
                    other.trim_start_matches("type ") == name
                        && other_count == count
                        && other_fields.starts_with(&fields)
                })
            }),
            None => new_blocks.iter().position(|candidate| *candidate == block),
        };
        match found {
            Some(at) => drop(new_blocks.remove(at)),
            None => changed.push(name),
        }
    }
    if changed.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "these types are not as the golden file has them (a prefix type may only gain \
             fields at its end): {}",
            changed.join(", ")
        ))
    }
}

/// A version `major.minor.patch` as numbers.
fn parsed(version: &str) -> Option<(u64, u64, u64)> {
    let mut parts = version.split('.').map(|part| part.parse::<u64>().ok());
    let version = (parts.next()??, parts.next()??, parts.next()??);
    parts.next().is_none().then_some(version)
}

/// Whether `new` is a minor step from `old` (1.0.x to 1.y.0, y above 0).
fn minor_step(old: &str, new: &str) -> bool {
    match (parsed(old), parsed(new)) {
        (Some((old_major, old_minor, _)), Some((major, minor, patch))) => {
            major == old_major && minor > old_minor && patch == 0
        }
        _ => false,
    }
}

/// The crate's changelog has an entry `## <version>`.
fn changelog_has(changelog: &str, version: &str) -> bool {
    changelog
        .lines()
        .any(|line| line.trim() == format!("## {version}"))
}

/// What the layout test is given: a contract's root layout, the version
/// its `Cargo.toml` names, the golden file and the changelog as they are,
/// and whether `VARIANT_API_BLESS` is set.
struct Candidate<'a> {
    layout: &'static TypeLayout,
    version: &'a str,
    golden: &'a str,
    changelog: &'a str,
    bless: bool,
}

/// What the layout test concludes when it passes.
#[derive(Debug, PartialEq, Eq)]
enum Verdict {
    /// The golden file pins this layout and version.
    Pinned,
    /// Blessing: the golden file is to be written with this text.
    Write(String),
}

/// The layout test's verdict on `candidate` (see the module docs): the
/// policy against every frozen contract first, whatever the version and
/// the blessing, then the record.
fn verdict(candidate: &Candidate<'_>) -> Result<Verdict, String> {
    let version = candidate.version;
    for (earlier, layout) in earlier() {
        policy(layout, candidate.layout).map_err(|reason| {
            format!(
                "the compatibility policy forbids this change, whatever version is named \
                 (variant-api {version} checked as a plugin in a host of {earlier}): \
                 {reason}. A minor release may only append fields to the prefix \
                 types (VariantModule after build_endgames, FfiGame after assess), name new \
                 values of the open sets and add new types; undo the change"
            )
        })?;
    }
    let body = render(candidate.layout);
    let golden = candidate.golden;
    let (stored_header, stored_body) = golden.split_at(golden.find('\n').map_or(0, |at| at + 1));
    let pinned = header_version(stored_header).unwrap_or("none");
    let write = || Ok(Verdict::Write(header(version) + &body));
    if !changelog_has(candidate.changelog, version) {
        return Err(format!(
            "variant-api/CHANGELOG.md has no entry `## {version}`"
        ));
    }
    if stored_body == body {
        if stored_header == header(version) {
            return Ok(Verdict::Pinned);
        }
        if candidate.bless {
            return write();
        }
        return Err(format!(
            "the golden file pins variant-api {pinned}, not {version}: a version step goes \
             with VARIANT_API_BLESS=1 (see tests/layout.rs)"
        ));
    }
    if !candidate.bless {
        let (line, golden_line, now_line) = stored_body
            .lines()
            .chain(std::iter::repeat("(end of file)"))
            .zip(body.lines().chain(std::iter::repeat("(end of layout)")))
            .enumerate()
            .find(|(_, (stored, now))| stored != now)
            .map(|(line, (stored, now))| (line + 2, stored, now))
            .unwrap_or((0, "", ""));
        return Err(format!(
            "the contract's layout changed (abi_stable's view of what plugins and hosts \
             share), line {line} of the golden file:\n  golden: {golden_line}\n  now:    \
             {now_line}\nIf the compatibility policy (variant-api's docs) allows the change, \
             step the minor version, add a CHANGELOG.md entry and run VARIANT_API_BLESS=1 \
             cargo test -p variant-api --test layout; otherwise undo it."
        ));
    }
    allowed_since(stored_body, &body).map_err(|reason| {
        format!("the compatibility policy forbids this change to the golden layout: {reason}")
    })?;
    if !minor_step(pinned, version) {
        return Err(format!(
            "the contract's layout changed but variant-api {version} is not a minor step from \
             the {pinned} the golden file pins: step the minor version in \
             variant-api/Cargo.toml (a patch release never changes the layout; anything the \
             policy forbids is 2.0, which drops the frozen copies first)"
        ));
    }
    write()
}

#[test]
fn the_contract_layout_is_allowed_by_the_policy_and_matches_the_golden_file_of_its_version() {
    let path = golden_path();
    let golden = std::fs::read_to_string(&path).unwrap_or_default();
    let candidate = Candidate {
        layout: <VariantModuleRef as StableAbi>::LAYOUT,
        version: env!("CARGO_PKG_VERSION"),
        golden: &golden,
        changelog: &crate_file("CHANGELOG.md"),
        bless: std::env::var_os("VARIANT_API_BLESS").is_some(),
    };
    match verdict(&candidate) {
        Ok(Verdict::Pinned) => {}
        Ok(Verdict::Write(text)) => {
            std::fs::write(&path, text).expect("the golden file can be written")
        }
        Err(why) => panic!("{}: {why}", path.display()),
    }
}

#[test]
fn the_frozen_copy_of_1_0_has_the_layout_released_as_1_0_0() {
    let kept = crate_file("contract/layout-1.0.0.txt");
    let (header, body) = kept.split_at(kept.find('\n').map_or(0, |at| at + 1));
    assert_eq!(header_version(header), Some("1.0.0"));
    let (_, frozen) = frozen();
    // The copy's library is renamed (`variant_api_1_0`); its package name,
    // which abi_stable compares, is the released one (its `build.rs`).
    let rendered = render(frozen).replace("variant_api_1_0::", "variant_api::");
    assert!(
        rendered == body,
        "tests/compat/variant-api-1.0 no longer has the layout of 1.0.0: never edit the copy"
    );
    // And today's layout grew from it as a minor release may.
    let now = render(<VariantModuleRef as StableAbi>::LAYOUT);
    assert_eq!(allowed_since(body, &now), Ok(()));
    // abi_stable's checker, both ways, finds it the 1.0.0 release's layout.
    let (_, release, _) = released()
        .iter()
        .find(|(version, _, _)| version == "1.0.0")
        .expect("1.0.0 is recorded in contract/releases.txt");
    assert_eq!(policy(frozen, release), Ok(()));
    assert_eq!(policy(release, frozen), Ok(()));
}

#[test]
fn each_release_built_from_its_commit_has_the_layout_its_commit_recorded() {
    let recorded: Vec<String> = releases::recorded()
        .into_iter()
        .map(|(version, _)| version)
        .collect();
    assert!(
        recorded.first().map(String::as_str) == Some("1.0.0"),
        "contract/releases.txt records every release from 1.0.0 on: {recorded:?}"
    );
    let (major, minor, _) = current();
    for (version, layout, golden) in released() {
        let (header, body) = golden.split_at(golden.find('\n').map_or(0, |at| at + 1));
        assert_eq!(header_version(header), Some(version.as_str()), "{version}");
        assert!(
            render(layout) == body,
            "variant-api {version}: its plugin's layout is not the golden file of its commit"
        );
        // The layout released is kept today under its version, if it is.
        let kept = crate_file(&format!("contract/layout-{version}.txt"));
        assert!(
            kept.is_empty() || kept == *golden,
            "contract/layout-{version}.txt"
        );
        // Released before today's version, within today's major.
        let (released_major, released_minor, _) = parsed(version).expect("a version");
        assert!(
            released_major == major && released_minor <= minor,
            "{version}"
        );
    }
}

#[test]
fn every_released_host_accepts_todays_layout_by_abi_stables_checker() {
    let now = <VariantModuleRef as StableAbi>::LAYOUT;
    let earlier = earlier();
    assert!(
        earlier.len() > released().len(),
        "the frozen copy and every release"
    );
    for (version, layout) in earlier {
        assert_eq!(policy(layout, now), Ok(()), "a host of {version}");
    }
}

#[test]
fn the_open_sets_keep_their_values_and_the_interface_version_its_value() {
    use variant_api::ffi::{FfiErrorKind, INTERFACE_VERSION};
    use variant_api::{DecisionKind, MarkKind};
    use variant_api_1_0 as frozen;
    assert_eq!(INTERFACE_VERSION, frozen::ffi::INTERFACE_VERSION);
    for (now, then) in [
        (DecisionKind::Sow.0, frozen::DecisionKind::Sow.0),
        (DecisionKind::Direction.0, frozen::DecisionKind::Direction.0),
        (
            DecisionKind::TargetHole.0,
            frozen::DecisionKind::TargetHole.0,
        ),
        (DecisionKind::Placement.0, frozen::DecisionKind::Placement.0),
        (DecisionKind::Forced.0, frozen::DecisionKind::Forced.0),
        (
            FfiErrorKind::Refused.0,
            frozen::ffi::FfiErrorKind::Refused.0,
        ),
        (
            FfiErrorKind::Panicked.0,
            frozen::ffi::FfiErrorKind::Panicked.0,
        ),
        (
            FfiErrorKind::Unsupported.0,
            frozen::ffi::FfiErrorKind::Unsupported.0,
        ),
        (MarkKind::Collecting.0, frozen::MarkKind::Collecting.0),
    ] {
        assert_eq!(now, then, "a named value of an open set changed");
    }
}

#[test]
fn the_versions_are_read_and_stepped_as_the_policy_says() {
    assert_eq!(header_version(&header("1.1.0")), Some("1.1.0"));
    assert!(minor_step("1.0.0", "1.1.0") && minor_step("1.1.3", "1.3.0"));
    assert!(!minor_step("1.1.0", "1.1.1"), "a patch step");
    assert!(!minor_step("1.1.0", "2.0.0"), "a major step");
    assert!(!minor_step("1.1.0", "1.2.1") && !minor_step("1.1.0", "1.2"));
    assert_eq!(
        without_module("type PhantomData<&'a  () , X> (std, std::marker)  size 0 align 1 repr C"),
        "type PhantomData<&'a  () , X> (std)  size 0 align 1 repr C"
    );
    assert_eq!(
        without_module("  field a: u8 [Direct]"),
        "  field a: u8 [Direct]"
    );
}

/// Contracts that differ from today's by one change, to show what the
/// layout test does with them. Their types have the names of the real
/// ones and this package's name, as a later `variant-api` would. Nothing
/// calls their fields: only their layouts are read.
#[allow(dead_code)]
mod changed {
    use abi_stable::std_types::{ROption, RResult, RString, RVec};
    use abi_stable::StableAbi;
    use variant_api::ffi::{FfiError, FfiOptionSpec, FfiOptions, FfiProgress, GameBox};

    /// Today's description with one more field: forbidden (a frozen type).
    pub mod description_field {
        use super::*;

        #[repr(C)]
        #[derive(StableAbi)]
        #[allow(missing_docs)]
        pub struct FfiDescription {
            pub id: RString,
            pub title: RString,
            pub title_with_article: RString,
            pub version: RString,
            pub summary: RString,
            pub rules: RString,
            pub players: RVec<RString>,
            pub options: RVec<FfiOptionSpec>,
            pub agreement_ends_game: bool,
            pub website: RString,
        }

        #[repr(C)]
        #[derive(StableAbi)]
        #[sabi(kind(Prefix(prefix_ref = VariantModuleRef)))]
        #[sabi(missing_field(option))]
        pub struct VariantModule {
            pub describe: extern "C" fn() -> RResult<FfiDescription, FfiError>,
            pub seats: extern "C" fn(FfiOptions) -> RResult<RVec<RString>, FfiError>,
            pub new_game: extern "C" fn(FfiOptions, u8) -> RResult<GameBox, FfiError>,
            #[sabi(last_prefix_field)]
            pub build_endgames:
                extern "C" fn(FfiOptions, u32, FfiProgress) -> RResult<ROption<RString>, FfiError>,
            pub new_game_at: extern "C" fn(FfiOptions, RString) -> RResult<GameBox, FfiError>,
        }
    }

    /// A field inserted before the end of the root module's prefix:
    /// forbidden.
    pub mod inserted_field {
        use super::*;

        #[repr(C)]
        #[derive(StableAbi)]
        #[sabi(kind(Prefix(prefix_ref = VariantModuleRef)))]
        #[sabi(missing_field(option))]
        pub struct VariantModule {
            pub describe: extern "C" fn() -> RResult<variant_api::ffi::FfiDescription, FfiError>,
            pub seats: extern "C" fn(FfiOptions) -> RResult<RVec<RString>, FfiError>,
            pub new_game_at: extern "C" fn(FfiOptions, RString) -> RResult<GameBox, FfiError>,
            pub new_game: extern "C" fn(FfiOptions, u8) -> RResult<GameBox, FfiError>,
            #[sabi(last_prefix_field)]
            pub build_endgames:
                extern "C" fn(FfiOptions, u32, FfiProgress) -> RResult<ROption<RString>, FfiError>,
        }
    }

    /// The root module's prefix moved to the appended field: forbidden.
    pub mod moved_prefix {
        use super::*;

        #[repr(C)]
        #[derive(StableAbi)]
        #[sabi(kind(Prefix(prefix_ref = VariantModuleRef)))]
        #[sabi(missing_field(option))]
        pub struct VariantModule {
            pub describe: extern "C" fn() -> RResult<variant_api::ffi::FfiDescription, FfiError>,
            pub seats: extern "C" fn(FfiOptions) -> RResult<RVec<RString>, FfiError>,
            pub new_game: extern "C" fn(FfiOptions, u8) -> RResult<GameBox, FfiError>,
            pub build_endgames:
                extern "C" fn(FfiOptions, u32, FfiProgress) -> RResult<ROption<RString>, FfiError>,
            #[sabi(last_prefix_field)]
            pub new_game_at: extern "C" fn(FfiOptions, RString) -> RResult<GameBox, FfiError>,
        }
    }

    /// A field 1.1 appended, retyped (`new_game_at` given a number where
    /// 1.1 gives the position's text): forbidden, though the frozen 1.0
    /// layout, which lacks the field, cannot see it.
    pub mod retyped_1_1_field {
        use super::*;

        #[repr(C)]
        #[derive(StableAbi)]
        #[sabi(kind(Prefix(prefix_ref = VariantModuleRef)))]
        #[sabi(missing_field(option))]
        pub struct VariantModule {
            pub describe: extern "C" fn() -> RResult<variant_api::ffi::FfiDescription, FfiError>,
            pub seats: extern "C" fn(FfiOptions) -> RResult<RVec<RString>, FfiError>,
            pub new_game: extern "C" fn(FfiOptions, u8) -> RResult<GameBox, FfiError>,
            #[sabi(last_prefix_field)]
            pub build_endgames:
                extern "C" fn(FfiOptions, u32, FfiProgress) -> RResult<ROption<RString>, FfiError>,
            pub new_game_at: extern "C" fn(FfiOptions, u32) -> RResult<GameBox, FfiError>,
            pub endgame_tables: extern "C" fn(FfiOptions) -> RResult<ROption<bool>, FfiError>,
        }
    }

    /// One more field appended to the root module: allowed.
    pub mod appended_field {
        use super::*;

        #[repr(C)]
        #[derive(StableAbi)]
        #[sabi(kind(Prefix(prefix_ref = VariantModuleRef)))]
        #[sabi(missing_field(option))]
        pub struct VariantModule {
            pub describe: extern "C" fn() -> RResult<variant_api::ffi::FfiDescription, FfiError>,
            pub seats: extern "C" fn(FfiOptions) -> RResult<RVec<RString>, FfiError>,
            pub new_game: extern "C" fn(FfiOptions, u8) -> RResult<GameBox, FfiError>,
            #[sabi(last_prefix_field)]
            pub build_endgames:
                extern "C" fn(FfiOptions, u32, FfiProgress) -> RResult<ROption<RString>, FfiError>,
            pub new_game_at: extern "C" fn(FfiOptions, RString) -> RResult<GameBox, FfiError>,
            pub endgame_tables: extern "C" fn(FfiOptions) -> RResult<ROption<bool>, FfiError>,
            pub variant_count: extern "C" fn() -> u32,
        }
    }
}

/// The verdict on a changed contract named `version`, blessed, its
/// changelog holding an entry for that version, the golden file today's.
fn blessed(layout: &'static TypeLayout, version: &str) -> Result<Verdict, String> {
    let golden = std::fs::read_to_string(golden_path()).unwrap_or_default();
    let changelog = format!("## {version}\n\n- the change\n");
    verdict(&Candidate {
        layout,
        version,
        golden: &golden,
        changelog: &changelog,
        bless: true,
    })
}

#[test]
fn a_field_added_to_ffi_description_fails_whatever_version_is_named() {
    let layout = <changed::description_field::VariantModuleRef as StableAbi>::LAYOUT;
    for version in [next_minor(), next_patch(), next_major()] {
        let why = blessed(layout, &version).expect_err("a frozen type changed");
        assert!(
            why.contains("policy forbids") && why.contains("FfiDescription"),
            "{version}: {why}"
        );
        assert!(why.contains("10 fields where 9 were"), "{why}");
    }
    let golden = std::fs::read_to_string(golden_path()).unwrap_or_default();
    let (_, body) = golden.split_at(golden.find('\n').map_or(0, |at| at + 1));
    let why = allowed_since(body, &render(layout)).expect_err("the text says so too");
    assert!(why.contains("FfiDescription"), "{why}");
}

#[test]
fn a_field_inserted_in_the_prefix_or_a_moved_prefix_fails() {
    for layout in [
        <changed::inserted_field::VariantModuleRef as StableAbi>::LAYOUT,
        <changed::moved_prefix::VariantModuleRef as StableAbi>::LAYOUT,
    ] {
        let why = blessed(layout, &next_minor()).expect_err("the prefix changed");
        assert!(why.contains("policy forbids"), "{why}");
    }
}

#[test]
fn a_field_appended_to_the_root_module_passes_with_a_minor_step_and_a_changelog_entry() {
    let layout = <changed::appended_field::VariantModuleRef as StableAbi>::LAYOUT;
    let next = next_minor();
    match blessed(layout, &next) {
        Ok(Verdict::Write(text)) => {
            assert!(text.starts_with(&header(&next)));
            assert!(text.contains("  field variant_count: AFunctionPointer [MethodOption]\n"));
        }
        other => panic!("{other:?}"),
    }
    let why = blessed(layout, &next_patch()).expect_err("a patch step");
    assert!(why.contains("not a minor step"), "{why}");
    let golden = std::fs::read_to_string(golden_path()).unwrap_or_default();
    let unrecorded = verdict(&Candidate {
        layout,
        version: &next,
        golden: &golden,
        changelog: &format!("## {}\n", env!("CARGO_PKG_VERSION")),
        bless: true,
    });
    assert_eq!(
        unrecorded,
        Err(format!("variant-api/CHANGELOG.md has no entry `## {next}`"))
    );
    let unblessed = verdict(&Candidate {
        layout,
        version: &next,
        golden: &golden,
        changelog: &format!("## {next}\n"),
        bless: false,
    })
    .expect_err("not blessed");
    assert!(
        unblessed.contains("the contract's layout changed"),
        "{unblessed}"
    );
}

#[test]
fn a_field_1_1_added_retyped_is_refused_by_the_1_1_release_even_with_the_golden_edited() {
    let layout = <changed::retyped_1_1_field::VariantModuleRef as StableAbi>::LAYOUT;
    let (_, frozen) = frozen();
    assert_eq!(
        policy(frozen, layout),
        Ok(()),
        "1.0 has no new_game_at to compare"
    );
    let (_, release, _) = released()
        .iter()
        .find(|(version, _, _)| version == "1.1.0")
        .expect("1.1.0 is recorded in contract/releases.txt");
    let why = policy(release, layout).expect_err("the 1.1 host's checker sees it");
    assert!(why.contains("new_game_at"), "{why}");
    // Blessed with the golden file written as this layout's (by hand), under
    // any version: the policy still refuses it.
    let edited = header(env!("CARGO_PKG_VERSION")) + &render(layout);
    for version in [env!("CARGO_PKG_VERSION").to_owned(), next_minor()] {
        let why = verdict(&Candidate {
            layout,
            version: &version,
            golden: &edited,
            changelog: &format!("## {version}\n"),
            bless: true,
        })
        .expect_err("a field of 1.1 retyped");
        assert!(
            why.contains("policy forbids") && why.contains("host of 1.1.0"),
            "{version}: {why}"
        );
    }
}
