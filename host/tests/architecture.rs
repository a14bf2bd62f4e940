//! The shape of `host/src`, kept (issue 33): the files import each other
//! without a cycle, and the folders depend on each other one way only.
//!
//! The imports are read from the `crate::` paths of each file (`use`
//! lines, brace groups and inline paths alike), comments and literals left
//! out; a path names the longest module prefix that is a file. The folders
//! and what each may use:
//!
//! | folder | may use |
//! | --- | --- |
//! | `cli`, `util` | nothing else |
//! | `loading`, `keeping` | `cli`, `util` |
//! | `uci` | `cli`, `util`, `loading` |
//! | `playing` | `cli`, `util`, `loading`, `keeping`, `uci` |
//! | `tools` | all of the above |
//! | `main.rs` | everything (it only wires) |

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The folders of `host/src` and the folders each may use.
const LAYERS: [(&str, &[&str]); 7] = [
    ("cli", &[]),
    ("util", &[]),
    ("loading", &["cli", "util"]),
    ("keeping", &["cli", "util"]),
    ("uci", &["cli", "util", "loading"]),
    ("playing", &["cli", "util", "loading", "keeping", "uci"]),
    (
        "tools",
        &["cli", "util", "loading", "keeping", "uci", "playing"],
    ),
];

/// The files allowed at the top of `host/src`.
const TOP_FILES: usize = 8;

/// A module of the crate, by its path (`["loading", "probe"]`; the crate
/// root is empty).
type Module = Vec<String>;

/// Every `.rs` file under `src`, by module, with its text.
fn modules(src: &Path) -> BTreeMap<Module, String> {
    let mut found = BTreeMap::new();
    let mut folders = vec![src.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let entries = std::fs::read_dir(&folder).expect("host/src is readable");
        for entry in entries {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|extension| extension == "rs") {
                let text = std::fs::read_to_string(&path).expect("a source file");
                found.insert(module_of(src, &path), text);
            }
        }
    }
    found
}

/// The module a file under `src` holds (`loading/mod.rs` is `loading`).
fn module_of(src: &Path, file: &Path) -> Module {
    let relative = file.strip_prefix(src).expect("a file under src");
    let mut parts: Module = relative
        .with_extension("")
        .components()
        .map(|part| part.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|last| last == "mod") {
        parts.pop();
    }
    if parts == ["main"] || parts == ["lib"] {
        parts.clear();
    }
    parts
}

/// `text` with its comments, string and character literals blanked out,
/// so that only code is read.
fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut code = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let next = chars.get(i + 1).copied();
        match chars[i] {
            '/' if next == Some('/') => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '/' if next == Some('*') => {
                let mut depth = 0;
                while i < chars.len() {
                    if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                        depth += 1;
                        i += 2;
                    } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        i += 1;
                    }
                }
                code.push(' ');
            }
            'r' if matches!(next, Some('"') | Some('#'))
                && !chars[..i]
                    .last()
                    .is_some_and(|c| c.is_alphanumeric() || *c == '_') =>
            {
                // A raw string: r"…", r#"…"#, …
                let mut hashes = 0;
                let mut j = i + 1;
                while chars.get(j) == Some(&'#') {
                    hashes += 1;
                    j += 1;
                }
                if chars.get(j) != Some(&'"') {
                    code.push('r');
                    i += 1;
                    continue;
                }
                j += 1;
                while j < chars.len() {
                    if chars[j] == '"' && (1..=hashes).all(|k| chars.get(j + k) == Some(&'#')) {
                        j += 1 + hashes;
                        break;
                    }
                    j += 1;
                }
                i = j;
                code.push_str("\"\"");
            }
            '"' => {
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    i += if chars[i] == '\\' { 2 } else { 1 };
                }
                i += 1;
                code.push_str("\"\"");
            }
            '\'' if next == Some('\\') => {
                // An escaped character literal: '\n', '\'', '\u{…}'.
                i += 3;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
                code.push_str("' '");
            }
            '\'' if chars.get(i + 2) == Some(&'\'') => {
                i += 3;
                code.push_str("' '");
            }
            c => {
                code.push(c);
                i += 1;
            }
        }
    }
    code
}

/// Every module path that `code` names from `crate::`, brace groups
/// expanded (`crate::a::{b, c::d}` names `a::b` and `a::c::d`).
fn crate_paths(code: &str) -> Vec<Module> {
    let mut paths = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        let before = rest[..at].chars().last();
        rest = &rest[at + "crate::".len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$') {
            continue;
        }
        let (found, _) = use_tree(rest, Vec::new());
        paths.extend(found);
    }
    paths
}

/// The paths of the use tree at the start of `text`, each after `prefix`,
/// and the text after the tree.
fn use_tree(text: &str, prefix: Module) -> (Vec<Module>, &str) {
    let mut path = prefix;
    let mut rest = text.trim_start();
    loop {
        if let Some(group) = rest.strip_prefix('{') {
            let mut found = Vec::new();
            let mut inside = group;
            loop {
                inside = inside.trim_start();
                if let Some(after) = inside.strip_prefix('}') {
                    return (found, after);
                }
                let (paths, after) = use_tree(inside, path.clone());
                found.extend(paths);
                inside = after.trim_start();
                inside = inside.strip_prefix(',').unwrap_or(inside);
                if inside.is_empty() {
                    return (found, inside);
                }
            }
        }
        let length = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        if length > 0 && &rest[..length] != "self" {
            path.push(rest[..length].to_owned());
        }
        rest = &rest[length..];
        match rest.strip_prefix("::") {
            Some(after) => rest = after,
            None => {
                // Past `as NAME`, to the end of this branch of the tree.
                let end = rest.find([',', '}', ';']).unwrap_or(rest.len());
                return (vec![path], &rest[end..]);
            }
        }
    }
}

/// The file modules each file imports, from its `crate::` paths.
fn imports(modules: &BTreeMap<Module, String>) -> BTreeMap<Module, BTreeSet<Module>> {
    let file_of = |path: &Module| {
        (0..=path.len())
            .rev()
            .map(|length| path[..length].to_vec())
            .find(|prefix| modules.contains_key(prefix))
    };
    modules
        .iter()
        .map(|(module, text)| {
            let targets = crate_paths(&code_only(text))
                .iter()
                .filter_map(file_of)
                .filter(|target| target != module && !target.is_empty())
                .collect();
            (module.clone(), targets)
        })
        .collect()
}

/// The groups of two or more files that import each other in a circle
/// (strongly connected components, by Kosaraju's two passes).
fn cycles(edges: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<Module>> {
    fn finish(
        at: &Module,
        edges: &BTreeMap<Module, BTreeSet<Module>>,
        seen: &mut BTreeSet<Module>,
        order: &mut Vec<Module>,
    ) {
        if !seen.insert(at.clone()) {
            return;
        }
        for next in edges.get(at).into_iter().flatten() {
            finish(next, edges, seen, order);
        }
        order.push(at.clone());
    }
    let mut seen = BTreeSet::new();
    let mut order = Vec::new();
    for module in edges.keys() {
        finish(module, edges, &mut seen, &mut order);
    }
    let mut reversed: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (from, targets) in edges {
        for to in targets {
            reversed.entry(to.clone()).or_default().insert(from.clone());
        }
    }
    let mut assigned = BTreeSet::new();
    let mut groups = Vec::new();
    for module in order.iter().rev() {
        let mut group = Vec::new();
        finish(module, &reversed, &mut assigned, &mut group);
        if group.len() > 1 {
            group.sort();
            groups.push(group);
        }
    }
    groups
}

/// Each import that crosses the folders the wrong way, as a line.
fn wrong_way(edges: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<String> {
    let allowed: BTreeMap<&str, &[&str]> = LAYERS.into_iter().collect();
    let mut wrong = Vec::new();
    for (from, targets) in edges {
        let Some(from_folder) = from.first() else {
            continue; // main.rs wires everything
        };
        for to in targets {
            let to_folder = &to[0];
            if to_folder == from_folder {
                continue;
            }
            let may = allowed
                .get(from_folder.as_str())
                .is_some_and(|may| may.contains(&to_folder.as_str()));
            if !may {
                wrong.push(format!("{} uses {}", from.join("::"), to.join("::")));
            }
        }
    }
    wrong
}

fn src() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn named(modules: &[Module]) -> String {
    let names: Vec<String> = modules.iter().map(|module| module.join("::")).collect();
    names.join(", ")
}

#[test]
fn no_file_of_host_src_imports_another_in_a_circle() {
    let edges = imports(&modules(&src()));
    let found = cycles(&edges);
    let lines: Vec<String> = found.iter().map(|group| named(group)).collect();
    assert!(
        lines.is_empty(),
        "files that import each other in a circle: {}",
        lines.join("; ")
    );
    // The reading itself: these imports exist today.
    let session = vec!["playing".to_owned(), "session".to_owned()];
    assert!(edges[&session].contains(&vec!["keeping".to_owned(), "record".to_owned()]));
}

#[test]
fn the_folders_of_host_src_depend_on_each_other_one_way() {
    let modules = modules(&src());
    let folders: BTreeSet<&str> = modules
        .keys()
        .filter(|module| module.len() > 1)
        .map(|module| module[0].as_str())
        .collect();
    let layered: BTreeSet<&str> = LAYERS.iter().map(|(folder, _)| *folder).collect();
    assert_eq!(folders, layered, "every folder has its place in LAYERS");
    let wrong = wrong_way(&imports(&modules));
    assert!(
        wrong.is_empty(),
        "imports the wrong way: {}",
        wrong.join("; ")
    );
}

#[test]
fn host_src_holds_few_files_and_every_folder_says_what_it_owns() {
    let modules = modules(&src());
    let top: Vec<&Module> = modules.keys().filter(|module| module.len() <= 1).collect();
    let top_files = top
        .iter()
        .filter(|module| module.is_empty() || !src().join(&module[0]).is_dir())
        .count();
    assert!(
        top_files <= TOP_FILES,
        "{top_files} files at the top of host/src"
    );
    for (folder, _) in LAYERS {
        let text = &modules[&vec![folder.to_owned()]];
        assert!(
            text.starts_with("//!") && text.contains("May use:"),
            "{folder}/mod.rs opens with a `//!` saying what it owns and what it may use"
        );
    }
}

/// Sources of a made-up crate, by module path.
fn made_up(files: &[(&str, &str)]) -> BTreeMap<Module, String> {
    files
        .iter()
        .map(|(path, text)| {
            let module = path
                .split("::")
                .filter(|part| !part.is_empty())
                .map(str::to_owned)
                .collect();
            (module, (*text).to_owned())
        })
        .collect()
}

#[test]
fn the_reading_finds_a_circle_through_a_brace_group_and_an_inline_path() {
    let modules = made_up(&[
        ("", "mod util; mod loading;"),
        ("util", "pub(crate) mod shown;"),
        ("util::shown", "fn f() { crate::loading::probe::run(); }"),
        ("loading", "pub(crate) mod probe;"),
        (
            "loading::probe",
            "// crate::nowhere\nuse crate::{util::{shown::{self, shown_path as p}}, other};\n\
             const S: &str = \"crate::loading\";",
        ),
    ]);
    let edges = imports(&modules);
    let probe = vec!["loading".to_owned(), "probe".to_owned()];
    let shown = vec!["util".to_owned(), "shown".to_owned()];
    assert_eq!(edges[&probe], BTreeSet::from([shown.clone()]));
    assert_eq!(cycles(&edges), vec![vec![probe, shown]]);
    assert_eq!(wrong_way(&edges), vec!["util::shown uses loading::probe"]);
}

#[test]
fn literals_and_comments_are_not_read_as_code() {
    let code = code_only(
        "let a = 'x'; let b = '\\''; fn f<'a>(s: &'a str) {} /* crate::x /* nested */ */ \
         let r = r#\"crate::y \"quoted\"\"#; crate::z",
    );
    assert_eq!(crate_paths(&code), vec![vec!["z".to_owned()]]);
}
