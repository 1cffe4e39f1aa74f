//! The scripted local mode is a public contract: its output for a fixed seed and script is
//! compared with a golden file (`HOLONET_BLESS=1 cargo test --test local_script` rewrites it).

use holonet::cli::local::{LocalSession, option_lines, prompt_lines};
use holonet::cli::simulate;
use holonet::engine::rebellion::MatchOptions;

fn run_script(seed: u64, script: &str) -> String {
    let mut s = LocalSession::new(seed, MatchOptions::default(), false);
    let mut out = String::new();
    for line in script.lines() {
        out.push_str(&format!("> {line}\n"));
        for l in s.handle(line) {
            out.push_str(&l);
            out.push('\n');
        }
    }
    out
}

#[test]
fn opening_script_matches_golden_output() {
    let script = include_str!("scripts/opening.txt");
    let out = run_script(5, script);
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/local_opening.txt");
    if std::env::var("HOLONET_BLESS").is_ok() {
        std::fs::write(path, &out).unwrap();
    }
    let golden = std::fs::read_to_string(path).expect("golden file exists (bless with HOLONET_BLESS=1)");
    assert_eq!(out, golden, "local script output changed; bless it if intended");
}

#[test]
fn errors_are_one_line_and_change_nothing() {
    let mut s = LocalSession::new(5, MatchOptions::default(), false);
    let before = s.state();
    for bad in
        ["rebel fly away", "empire place hoth tie_fighter", "place hoth tie_fighter 1", "rebel base hoth"]
    {
        let out = s.handle(bad);
        assert_eq!(out.len(), 1, "{bad}: {out:?}");
        assert!(out[0].starts_with("error: "), "{bad}: {out:?}");
        assert_eq!(s.state(), before, "{bad} changed the state");
    }
    let out = s.handle("empire place corelia tie_fighter 1");
    assert!(out[0].contains("did you mean corellia"), "{out:?}");
}

#[test]
fn show_public_never_contains_the_hidden_base() {
    let mut s = LocalSession::new(9, MatchOptions { quick_setup: true, ..Default::default() }, false);
    let out = s.handle("rebel choose 1");
    assert!(out.iter().any(|l| l.starts_with("[rebel] Your base is hidden in")), "{out:?}");
    let public = &s.handle("show public")[0];
    let v: serde_json::Value = serde_json::from_str(public).unwrap();
    assert_eq!(v["base"]["system"], serde_json::Value::Null);
    let rebel: serde_json::Value = serde_json::from_str(&s.handle("show rebel")[0]).unwrap();
    assert!(rebel["base"]["system"].is_string());
    let empire: serde_json::Value = serde_json::from_str(&s.handle("show empire")[0]).unwrap();
    assert_eq!(empire["base"]["system"], serde_json::Value::Null);
    assert!(empire["hands"]["rebel"]["objectives"].is_number(), "opponent hands are counts");
}

#[test]
fn simulate_ends_every_game_with_a_winner() {
    let mut out = Vec::new();
    let mut dump = Vec::new();
    let tally = simulate::run(77, 8, &Default::default(), Some(&mut dump), &mut out).unwrap();
    assert_eq!(tally.rebel + tally.empire, 8);
    let text = String::from_utf8(out).unwrap();
    assert_eq!(text.lines().count(), 13, "{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[8].starts_with("games 8 "), "{text}");
    assert!(lines[9].starts_with("mission titles revealed "), "{text}");
    assert!(lines[10].starts_with("action cards used "), "{text}");
    // Units built per side, from the public build queues: each side only its own.
    assert!(lines[11].starts_with("units built by the rebel: ") && lines[11].contains("X-wing"), "{text}");
    assert!(
        lines[12].starts_with("units built by the empire: ") && lines[12].contains("TIE Fighter"),
        "{text}"
    );
    assert!(!lines[11].contains("TIE") && !lines[12].contains("X-wing"), "{text}");
    assert!(!tally.missions.is_empty() && !tally.action_cards.is_empty(), "random play uses cards");
    let dump = String::from_utf8(dump).unwrap();
    assert_eq!(dump.lines().count() as u64, tally.actions);
    let first: serde_json::Value = serde_json::from_str(dump.lines().next().unwrap()).unwrap();
    assert!(first["state"]["systems"].is_object() && first["action"]["type"].is_string());
}

#[test]
fn hot_seat_keeps_private_messages_for_the_absent_seat() {
    use holonet::content::Faction;
    let mut s = LocalSession::new(4, MatchOptions { quick_setup: true, ..Default::default() }, true);
    // The base, then (this seed deals the Rebels a ring card) the leader who gets the ring.
    for line in ["choose 1", "choose 1", "done", "done", "pass"] {
        let out = s.handle(line);
        assert!(out.iter().all(|l| !l.starts_with("error")), "{line}: {out:?}");
    }
    // The Empire's pass ends the round: the Refresh Phase opens with the Rebels' objective
    // step (an objective they could hold is playable), and once they decline it, the Refresh
    // draws happen while the Rebel is at the terminal: the Empire's new probe cards wait for
    // the Empire.
    s.handle("pass");
    let out = s.handle("done");
    assert!(out.iter().all(|l| !l.contains("You see probe")), "not shown to the Rebels: {out:?}");
    let held = s.take_held(Faction::Empire);
    assert!(held.iter().any(|l| l.contains("You see probe")), "{held:?}");
    assert!(s.take_held(Faction::Empire).is_empty(), "handed over once");
}

#[test]
fn prompts_show_each_option_in_words_next_to_its_command() {
    let mut s = LocalSession::new(9, MatchOptions { quick_setup: true, ..Default::default() }, false);
    let out = s.handle("prompts");
    let v: serde_json::Value = serde_json::from_str(&out[0]).unwrap();
    let options = v[0]["options"].as_array().unwrap();
    assert_eq!(options.len(), 26, "every system may hide the base");
    for o in options {
        let (label, command) = (o["label"].as_str().unwrap(), o["command"].as_str().unwrap());
        assert!(command.starts_with("base "), "{command}");
        assert!(label.starts_with("Hide the base in ") && !label.contains('_'), "{label}");
    }
    // The command form still answers the prompt, as scripts send it.
    let first = options[0]["command"].as_str().unwrap();
    assert!(s.handle(&format!("rebel {first}")).iter().any(|l| l.contains("Your base is hidden")));
}

#[test]
fn the_terminal_lists_options_in_words_with_the_command_to_type() {
    let s = LocalSession::new(9, MatchOptions { quick_setup: true, ..Default::default() }, true);
    let lines = prompt_lines(&s.state(), 12);
    assert_eq!(
        lines[0],
        "Rebel player: choose the secret location of your base \
         (26 options, the first 12 below; `options` lists them all)"
    );
    let shown: Vec<&String> = lines.iter().filter(|l| l.starts_with("  ")).collect();
    assert_eq!(shown.len(), 12, "{lines:?}");
    for l in shown {
        let (label, command) = l.split_once(" — ").unwrap();
        assert!(label.contains(". Hide the base in ") && !label.contains('_'), "{l}");
        assert!(command.starts_with("`base ") && command.ends_with('`'), "{l}");
    }
    assert_eq!(option_lines(&s.state()).len(), 26, "`options` lists them all");
}

#[test]
fn a_team_game_plays_locally_with_role_seats_and_sides_standing_for_the_seat_asked() {
    use holonet::engine::rebellion::Players;
    let options = MatchOptions { quick_setup: true, players: Players::Four, ..Default::default() };
    let mut s = LocalSession::new(3, options, false);
    // The base is the Rebel General's: the Admiral's line is refused, a side's line is taken
    // as the seat asked.
    let prompt = prompt_lines(&s.state(), 3);
    assert!(prompt[0].starts_with("Rebel General: choose the secret location"), "{prompt:?}");
    let base = s.state().options.clone();
    assert_eq!(base.players, Players::Four);
    let legal = option_lines(&s.state());
    let command = legal[0].split('`').nth(1).expect("a command in backticks").to_string();
    let out = s.handle(&format!("rebel-admiral {command}"));
    assert!(out.len() == 1 && out[0].starts_with("error: it is not your decision"), "{out:?}");
    let out = s.handle(&format!("rebel {command}"));
    assert!(out.iter().all(|l| !l.starts_with("error")), "{out:?}");
    // A private message of the Rebels goes to both Rebel seats (labelled in a script).
    let mut both = false;
    for _ in 0..300 {
        let Some(line) = option_lines(&s.state()).first().cloned() else { break };
        let command = line.split('`').nth(1).unwrap().to_string();
        let side = holonet::cli::local::prompts(&s.state())[0].seat.key();
        // The side's line goes to the seat asked; an answer that is the teammate's (their own
        // leader) is sent again from the teammate's seat.
        let mut out = s.handle(&format!("{side} {command}"));
        if out.first().is_some_and(|l| l.starts_with("error: not your role")) {
            let retried = ["admiral", "general"]
                .iter()
                .map(|r| s.handle(&format!("{side}-{r} {command}")))
                .find(|o| o.iter().all(|l| !l.starts_with("error")));
            out = retried.expect("one of the two roles may answer");
        }
        assert!(out.iter().all(|l| !l.starts_with("error")), "{command}: {out:?}");
        let admiral: Vec<&str> = out.iter().filter_map(|l| l.strip_prefix("[rebel-admiral] ")).collect();
        let general: Vec<&str> = out.iter().filter_map(|l| l.strip_prefix("[rebel-general] ")).collect();
        assert_eq!(admiral, general, "teammates get the same messages");
        both |= !admiral.is_empty();
    }
    assert!(both, "some Rebel secret was dealt");
}

#[test]
fn simulate_plays_the_team_game_to_the_end() {
    use holonet::engine::rebellion::Players;
    for players in [Players::Three, Players::Four] {
        let mut out = Vec::new();
        let options = MatchOptions { players, ..Default::default() };
        let tally = simulate::run(5, 6, &options, None, &mut out).unwrap();
        assert_eq!(tally.rebel + tally.empire, 6);
    }
}
