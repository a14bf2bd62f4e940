//! The contract's layout, pinned (SPEC §8): abi_stable's type layout of
//! the root module and of every type it reaches, rendered as text and
//! compared with `contract/layout.txt`.
//!
//! Any difference fails, naming the first line that differs. A change the
//! compatibility policy allows (see the crate docs) is recorded by three
//! edits together: the crate's version stepped in `Cargo.toml`, an entry
//! for it in `CHANGELOG.md`, and the golden file written again with
//! `VARIANT_API_BLESS=1 cargo test -p variant-api --test layout`, which
//! refuses to write a new layout under the version the file already names.

use std::collections::{BTreeSet, VecDeque};
use std::fmt::Write as _;
use std::path::PathBuf;

use abi_stable::type_layout::{TLData, TLField, TypeLayout};
use abi_stable::StableAbi;
use variant_api::ffi::VariantModuleRef;

/// The golden file.
fn golden_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("contract/layout.txt")
}

/// The first line of the golden file, naming the version it pins.
fn header(version: &str) -> String {
    format!("# variant-api {version}: the layout of the contract (tests/layout.rs)\n")
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

/// The crate's `CHANGELOG.md` has an entry `## <version>`.
fn changelog_has(version: &str) -> bool {
    let changelog = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("CHANGELOG.md");
    std::fs::read_to_string(changelog).is_ok_and(|text| {
        text.lines()
            .any(|line| line.trim() == format!("## {version}"))
    })
}

#[test]
fn the_contract_layout_matches_the_golden_file_of_its_version() {
    let version = env!("CARGO_PKG_VERSION");
    let body = render(<VariantModuleRef as StableAbi>::LAYOUT);
    let path = golden_path();
    let stored = std::fs::read_to_string(&path).unwrap_or_default();
    let (stored_header, stored_body) = stored.split_at(stored.find('\n').map_or(0, |at| at + 1));
    let bless = std::env::var_os("VARIANT_API_BLESS").is_some();
    if bless && stored_body != body {
        assert!(
            stored_header != header(version),
            "the contract's layout changed but {} still names variant-api {version}: \
             step the version in variant-api/Cargo.toml (a minor release only for what the \
             policy allows, else 2.0) and add its entry to CHANGELOG.md first",
            path.display()
        );
        std::fs::write(&path, header(version) + &body).expect("the golden file can be written");
    } else if bless && stored_header != header(version) {
        std::fs::write(&path, header(version) + &body).expect("the golden file can be written");
    }
    let stored = std::fs::read_to_string(&path).unwrap_or_default();
    if let Some((line, (found, expected))) = stored
        .lines()
        .skip(1)
        .zip(body.lines())
        .enumerate()
        .find(|(_, (stored, now))| stored != now)
    {
        panic!(
            "the contract's layout changed (abi_stable's view of what plugins and hosts share), \
             line {} of {}:\n  golden: {found}\n  now:    {expected}\n\
             If the compatibility policy (variant-api's docs) allows the change, step the \
             version, add a CHANGELOG.md entry and run VARIANT_API_BLESS=1 cargo test -p \
             variant-api --test layout; otherwise undo it (or make it 2.0).",
            line + 2,
            path.display()
        );
    }
    assert_eq!(
        stored.lines().count(),
        body.lines().count() + 1,
        "the contract's layout changed: {} has another number of lines; see the steps above",
        path.display()
    );
    assert_eq!(
        stored.lines().next().map(|line| format!("{line}\n")),
        Some(header(version)),
        "{} pins another version than variant-api {version}: a version step goes with \
         VARIANT_API_BLESS=1 (see this test's docs)",
        path.display()
    );
    assert!(
        changelog_has(version),
        "variant-api/CHANGELOG.md has no entry `## {version}`"
    );
}
