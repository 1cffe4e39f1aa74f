//! The layout of `src/` that `docs/architecture.md` describes, kept true: every import between
//! top-level folders runs down the layers, the engine names nothing of IO, Discord or the
//! layers above it, no two files of different folders import each other, and no file-name
//! prefix stands in for a folder. Reads the source text: `use` trees and `crate::`/`super::` paths.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Each top-level folder of `src/` and the folders it may import from (its layers below).
const LAYERS: &[(&str, &[&str])] = &[
    ("content", &[]),
    ("trust", &[]),
    ("deploy", &[]),
    ("engine", &["content"]),
    ("bot", &["content", "engine"]),
    ("render", &["content", "engine", "trust"]),
    ("store", &["trust"]),
    ("games", &["content", "engine", "bot", "render", "store", "trust"]),
    ("service", &["content", "engine", "bot", "render", "store", "trust", "games"]),
    ("discord", &["content", "engine", "bot", "render", "store", "trust", "games", "service", "deploy"]),
    ("cli", &["content", "engine", "bot", "render", "store", "trust", "games", "service", "deploy"]),
    (
        "fuzzing",
        &["content", "engine", "bot", "render", "store", "trust", "games", "service", "deploy", "discord"],
    ),
];

/// One source file: its path under `src/` and module path.
struct SourceFile {
    rel: String,
    module: Vec<String>,
    text: String,
}

fn module_of(rel: &str) -> Vec<String> {
    let mut parts: Vec<String> = rel.trim_end_matches(".rs").split('/').map(String::from).collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib" | "main")) {
        parts.pop();
    }
    parts
}

fn walk(dir: &Path, root: &Path, out: &mut Vec<SourceFile>) {
    for entry in std::fs::read_dir(dir).expect("src is readable") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            walk(&path, root, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
            let text = std::fs::read_to_string(&path).expect("a source file");
            out.push(SourceFile { module: module_of(&rel), rel, text: code_only(&text) });
        }
    }
}

fn sources() -> Vec<SourceFile> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = vec![];
    walk(&root, &root, &mut out);
    assert!(out.len() > 100, "found the sources ({} files)", out.len());
    out
}

/// The text without comments, string literals and the unit tests at the end of a file (a
/// test module's `super::*` is its own file).
fn code_only(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(k) => &text[..k],
        None => text,
    };
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            // A character literal ('"', '\'', 'x'); a lifetime ('a) has no closing quote.
            '\'' => {
                let mut look = chars.clone();
                match (look.next(), look.next()) {
                    (Some('\\'), _) => {
                        chars.next();
                        chars.next();
                        for c in chars.by_ref() {
                            if c == '\'' {
                                break;
                            }
                        }
                    }
                    (Some(_), Some('\'')) => {
                        chars.next();
                        chars.next();
                    }
                    _ => out.push(c),
                }
            }
            '"' => {
                while let Some(c) = chars.next() {
                    match c {
                        '\\' => {
                            chars.next();
                        }
                        '"' => break,
                        _ => {}
                    }
                }
                out.push_str("\"\"");
            }
            _ => out.push(c),
        }
    }
    out
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Every path a `use` tree names, its braces expanded.
fn expand_use(tree: &str, prefix: &[String], out: &mut Vec<Vec<String>>) {
    let tree = tree.trim();
    match tree.find('{') {
        None => {
            let path = tree.split(" as ").next().unwrap_or("");
            let mut p = prefix.to_vec();
            p.extend(path.split("::").map(str::trim).filter(|s| !s.is_empty()).map(String::from));
            out.push(p);
        }
        Some(open) => {
            let mut p = prefix.to_vec();
            p.extend(tree[..open].split("::").map(str::trim).filter(|s| !s.is_empty()).map(String::from));
            let body = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
            let (mut depth, mut start) = (0, 0);
            for (i, c) in body.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        expand_use(&body[start..i], &p, out);
                        start = i + 1;
                    }
                    _ => {}
                }
            }
            if !body[start..].trim().is_empty() {
                expand_use(&body[start..], &p, out);
            }
        }
    }
}

/// The paths a file names: its `use` trees and its inline `crate::`/`super::`/`self::` paths.
fn paths_of(text: &str) -> Vec<Vec<String>> {
    let mut out = vec![];
    let s = text;
    let mut i = 0;
    while let Some(k) = s[i..].find("use ") {
        let at = i + k;
        let before = s[..at].chars().next_back();
        if before.is_none_or(|c| !is_ident(c))
            && let Some(end) = s[at..].find(';')
        {
            expand_use(&s[at + 4..at + end], &[], &mut out);
        }
        i = at + 4;
    }
    for head in ["crate::", "super::", "self::"] {
        let mut i = 0;
        while let Some(k) = s[i..].find(head) {
            let at = i + k;
            let before = s[..at].chars().next_back();
            i = at + head.len();
            if before.is_some_and(|c| is_ident(c) || c == ':') {
                continue;
            }
            let end = s[at..].find(|c: char| !(is_ident(c) || c == ':')).map_or(s.len(), |e| at + e);
            out.push(s[at..end].split("::").filter(|p| !p.is_empty()).map(String::from).collect());
        }
    }
    out
}

/// The file (under `src/`) of the module a path names, as seen from the module `me`.
fn target(path: &[String], me: &[String], modules: &BTreeMap<Vec<String>, String>) -> Option<String> {
    let first = path.first()?;
    let mut full: Vec<String> = match first.as_str() {
        "crate" => vec![],
        "super" | "self" => me.to_vec(),
        _ => {
            let mut child = me.to_vec();
            child.push(first.clone());
            if !modules.contains_key(&child) {
                return None;
            }
            me.to_vec()
        }
    };
    let mut rest = path.iter().skip_while(|p| *p == "crate").peekable();
    while let Some(p) = rest.peek() {
        match p.as_str() {
            "super" => {
                full.pop();
                rest.next();
            }
            "self" => {
                rest.next();
            }
            _ => break,
        }
    }
    full.extend(rest.cloned());
    (0..=full.len()).rev().find_map(|n| modules.get(&full[..n]).cloned())
}

/// Every file's imports of other files.
fn edges(files: &[SourceFile]) -> BTreeMap<String, BTreeSet<String>> {
    let modules: BTreeMap<Vec<String>, String> =
        files.iter().filter(|f| f.rel != "main.rs").map(|f| (f.module.clone(), f.rel.clone())).collect();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for f in files.iter().filter(|f| f.rel != "main.rs") {
        for p in paths_of(&f.text) {
            if let Some(t) = target(&p, &f.module, &modules).filter(|t| *t != f.rel) {
                edges.entry(f.rel.clone()).or_default().insert(t);
            }
        }
    }
    edges
}

fn top(rel: &str) -> &str {
    rel.split('/').next().filter(|_| rel.contains('/')).unwrap_or("")
}

fn folder(rel: &str) -> &str {
    rel.rfind('/').map_or("", |k| &rel[..k])
}

#[test]
fn every_import_between_top_folders_runs_down_the_layers() {
    let files = sources();
    let layers: BTreeMap<&str, &[&str]> = LAYERS.iter().copied().collect();
    let folders: BTreeSet<&str> = files.iter().map(|f| top(&f.rel)).filter(|t| !t.is_empty()).collect();
    let missing: Vec<_> = folders.iter().filter(|f| !layers.contains_key(*f)).collect();
    assert!(missing.is_empty(), "folders without a layer in LAYERS and docs/architecture.md: {missing:?}");
    let mut upward = vec![];
    for (from, tos) in edges(&files) {
        let a = top(&from);
        for to in tos {
            let b = top(&to);
            if a.is_empty() || b.is_empty() || a == b {
                continue;
            }
            if !layers[a].contains(&b) {
                upward.push(format!("{from} -> {to}"));
            }
        }
    }
    assert!(upward.is_empty(), "imports against the layers:\n{}", upward.join("\n"));
}

#[test]
fn the_engine_names_no_io_no_discord_and_no_layer_above_it() {
    let forbidden = [
        "serenity",
        "poise",
        "tokio",
        "sled",
        "std::fs",
        "std::net",
        "SystemTime",
        "Instant::now",
        "thread_rng",
        "rand::random",
        "crate::service",
        "crate::store",
        "crate::discord",
        "crate::games",
        "crate::render",
        "crate::cli",
        "crate::bot",
        "crate::fuzzing",
        "crate::deploy",
    ];
    let mut found = vec![];
    for f in sources().iter().filter(|f| f.rel.starts_with("engine/")) {
        for word in forbidden {
            if f.text.contains(word) {
                found.push(format!("{}: {word}", f.rel));
            }
        }
    }
    assert!(found.is_empty(), "the engine must stay pure:\n{}", found.join("\n"));
}

/// The pairs of files in different folders that import each other.
fn mutual_pairs(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<(String, String)> {
    let mut out = vec![];
    for (a, tos) in edges {
        for b in tos.iter().filter(|b| a < *b && folder(a) != folder(b)) {
            if edges.get(b).is_some_and(|back| back.contains(a)) {
                out.push((a.clone(), b.clone()));
            }
        }
    }
    out
}

#[test]
fn no_two_files_of_different_folders_import_each_other() {
    // The engine's rule set included: its frames' data sit below the state and the rules
    // (`engine/rebellion/frame/`), each card family's pending choice below the executor.
    let pairs: Vec<String> =
        mutual_pairs(&edges(&sources())).into_iter().map(|(a, b)| format!("{a} <-> {b}")).collect();
    assert!(pairs.is_empty(), "files of different folders importing each other:\n{}", pairs.join("\n"));
}

#[test]
fn a_folder_not_a_file_name_prefix_groups_a_topic() {
    let prefixes = ["rote_", "evr_", "rebellion_", "expansion_", "team_", "mission_"];
    let files = sources();
    let bad: Vec<&str> = files
        .iter()
        .map(|f| f.rel.as_str())
        .filter(|rel| {
            let name = rel.rsplit('/').next().unwrap_or(rel);
            prefixes.iter().any(|p| name.starts_with(p))
        })
        .collect();
    assert!(bad.is_empty(), "prefixed file names (make a folder): {bad:?}");
}

#[test]
fn the_architecture_page_names_every_folder_of_src() {
    let doc = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/architecture.md"))
        .expect("docs/architecture.md");
    let mut folders = BTreeSet::new();
    for f in sources() {
        let dir = folder(&f.rel);
        if !dir.is_empty() {
            folders.insert(dir.to_string());
        }
    }
    let missing: Vec<_> = folders.iter().filter(|d| !doc.contains(&format!("`{d}/`"))).collect();
    assert!(missing.is_empty(), "docs/architecture.md does not describe: {missing:?}");
}

#[test]
fn the_checks_see_what_they_check() {
    // The parser finds a known upward import when shown one, and a known mutual pair.
    let me = module_of("store/mod.rs");
    let modules: BTreeMap<Vec<String>, String> = [
        (module_of("store/mod.rs"), "store/mod.rs".to_string()),
        (module_of("service/mod.rs"), "service/mod.rs".to_string()),
        (module_of("service/keys.rs"), "service/keys.rs".to_string()),
    ]
    .into_iter()
    .collect();
    let text = code_only("use crate::service::{keys::fingerprint, Outcome};\n// use crate::discord;\n");
    let found: BTreeSet<_> = paths_of(&text).iter().filter_map(|p| target(p, &me, &modules)).collect();
    assert_eq!(found, BTreeSet::from(["service/keys.rs".to_string(), "service/mod.rs".to_string()]));
    let files = sources();
    let e = edges(&files);
    assert!(e["engine/rebellion/flow.rs"].contains("engine/rebellion/phases/refresh.rs"));
    assert!(e["engine/rebellion/phases/refresh.rs"].contains("engine/rebellion/frame/mod.rs"));
    assert!(e["store/mod.rs"].contains("trust/dice.rs"));
    // Two files of different folders naming each other are a pair; of one folder, not.
    let file =
        |rel: &str, text: &str| SourceFile { rel: rel.into(), module: module_of(rel), text: code_only(text) };
    let shown = [
        file("a/x.rs", "use crate::b::y::Thing;"),
        file("b/y.rs", "use crate::a::x::Other;\nuse super::z;"),
        file("b/z.rs", "use super::y::Thing;"),
    ];
    let pairs = mutual_pairs(&edges(&shown));
    assert_eq!(pairs, vec![("a/x.rs".to_string(), "b/y.rs".to_string())]);
}
