//! The slash-command tree satisfies Discord's limits (an invalid tree aborts registration).

use serde_json::Value;

fn tree() -> Vec<Value> {
    let commands = holonet::discord::commands::all();
    let json =
        serde_json::to_value(poise::builtins::create_application_commands(&commands)).expect("serialise");
    json.as_array().expect("array").clone()
}

fn check_name(name: &str, path: &str) {
    assert!(
        (1..=32).contains(&name.chars().count())
            && name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-'),
        "{path}: bad name `{name}`"
    );
}

fn check_description(v: &Value, path: &str) {
    let d = v["description"].as_str().unwrap_or_default();
    assert!((1..=100).contains(&d.chars().count()), "{path}: description must be 1–100 chars: `{d}`");
}

/// Checks options of a command or subcommand; returns the number of leaf commands.
fn check_options(v: &Value, path: &str) -> usize {
    let options = v["options"].as_array().cloned().unwrap_or_default();
    assert!(options.len() <= 25, "{path}: {} options", options.len());
    let mut leaves = 0;
    let mut seen_optional = false;
    let mut names = std::collections::HashSet::new();
    for o in &options {
        let name = o["name"].as_str().expect("option name");
        let p = format!("{path} {name}");
        check_name(name, &p);
        check_description(o, &p);
        assert!(names.insert(name.to_string()), "{p}: duplicate name");
        match o["type"].as_u64().expect("type") {
            1 | 2 => leaves += check_options(o, &p).max(1),
            _ => {
                let required = o["required"].as_bool().unwrap_or(false);
                assert!(!(required && seen_optional), "{p}: required option after an optional one");
                seen_optional |= !required;
                let choices = o["choices"].as_array().map(|c| c.len()).unwrap_or(0);
                assert!(choices <= 25, "{p}: {choices} choices");
                assert!(
                    !(choices > 0 && o["autocomplete"].as_bool() == Some(true)),
                    "{p}: choices and autocomplete"
                );
                for c in o["choices"].as_array().into_iter().flatten() {
                    let n = c["name"].as_str().unwrap_or_default();
                    assert!((1..=100).contains(&n.chars().count()), "{p}: choice `{n}`");
                }
            }
        }
    }
    let subs = options.iter().filter(|o| matches!(o["type"].as_u64(), Some(1 | 2))).count();
    assert!(subs == 0 || subs == options.len(), "{path}: subcommands mixed with options");
    leaves
}

#[test]
fn command_tree_is_valid_for_discord() {
    let tree = tree();
    assert!(tree.len() <= 100, "{} top-level commands", tree.len());
    let mut total = 0;
    for c in &tree {
        let name = c["name"].as_str().expect("name");
        check_name(name, name);
        check_description(c, name);
        total += check_options(c, name).max(1);
    }
    assert!(total <= 25 * 100);
    // Discord's limit: the names, descriptions and values of a command, its options and their
    // choices add up to at most 8,000 characters, for each top-level command.
    for c in &tree {
        let size = counted(c);
        assert!(size <= 8000, "/{}: {size} characters of names, descriptions and values", c["name"]);
    }
}

/// The characters of every name, description and value in a command, its options and choices.
fn counted(v: &Value) -> usize {
    let own: usize = ["name", "description", "value"]
        .iter()
        .filter_map(|k| {
            v[*k].as_str().map(|s| s.chars().count()).or_else(|| v[*k].as_i64().map(|n| n.to_string().len()))
        })
        .sum();
    let nested = |k: &str| v[k].as_array().map_or(0, |a| a.iter().map(counted).sum::<usize>());
    own + nested("options") + nested("choices")
}

#[test]
fn command_names_are_the_documented_ones() {
    let tree = tree();
    let sub = |top: &str| -> Vec<String> {
        let c = tree.iter().find(|c| c["name"] == top).unwrap_or_else(|| panic!("/{top} missing"));
        c["options"].as_array().unwrap().iter().map(|o| o["name"].as_str().unwrap().to_string()).collect()
    };
    assert_eq!(tree.len(), 4);
    assert_eq!(
        sub("game"),
        [
            "new", "join", "leave", "start", "cancel", "status", "board", "hand", "log", "verify", "help",
            "card", "mine", "notify", "stats", "history", "lfg"
        ]
    );
    assert_eq!(
        sub("rebellion"),
        [
            "new", "join", "leave", "start", "cancel", "status", "board", "hand", "log", "verify", "help",
            "rules", "card"
        ]
    );
    assert_eq!(
        sub("play"),
        [
            "assign",
            "done",
            "reveal",
            "activate",
            "oppose",
            "objective",
            "action",
            "choose",
            "pass",
            "undo",
            "hint"
        ]
    );
    assert_eq!(
        sub("mod"),
        [
            "pause",
            "resume",
            "end",
            "replace",
            "kick",
            "rollback",
            "export",
            "import",
            "reminders",
            "mentions",
            "status",
            "computer",
            "record",
            "lobby"
        ]
    );
    let options = |top: &str, s: &str| -> Vec<String> {
        let c = tree.iter().find(|c| c["name"] == top).unwrap();
        let sc = c["options"].as_array().unwrap().iter().find(|o| o["name"] == s).unwrap();
        sc["options"]
            .as_array()
            .cloned()
            .unwrap_or_default()
            .iter()
            .map(|o| o["name"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(
        options("rebellion", "new"),
        ["rise_of_the_empire", "quick_setup", "players", "computer", "think_seconds", "hints"]
    );
    assert_eq!(options("rebellion", "join"), ["faction", "role", "computer", "think_seconds"]);
    assert_eq!(options("game", "new"), ["game", "computer", "think_seconds", "hints"]);
    assert_eq!(options("game", "join"), ["faction", "role", "computer", "think_seconds"]);
    assert_eq!(options("mod", "computer"), ["seat", "role", "think_seconds"]);
    assert_eq!(
        options("game", "lfg"),
        ["game", "rise_of_the_empire", "quick_setup", "players", "think_seconds"]
    );
    assert_eq!(options("mod", "lobby"), ["expiry"]);
    assert_eq!(options("rebellion", "rules"), ["topic"]);
    assert_eq!(options("play", "assign"), ["mission", "leader", "leader2"]);
    assert_eq!(options("play", "reveal"), ["mission", "system"]);
    assert_eq!(options("play", "activate"), ["system", "leader"]);
    assert_eq!(options("play", "oppose"), ["leader"]);
    assert_eq!(options("play", "objective"), ["card"]);
    assert_eq!(options("play", "action"), ["card"]);
    assert_eq!(options("play", "choose"), ["option"]);
    assert_eq!(options("play", "hint"), Vec::<String>::new());
    assert_eq!(options("mod", "replace"), ["seat", "user", "role"]);
    assert_eq!(options("mod", "kick"), ["seat", "role"]);
    assert_eq!(options("mod", "rollback"), ["steps"]);
    assert_eq!(options("rebellion", "verify"), ["file"]);
    assert_eq!(options("game", "verify"), ["file"]);
    assert_eq!(options("rebellion", "card"), ["name"]);
    assert_eq!(options("game", "card"), ["name"]);
}
