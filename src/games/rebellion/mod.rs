//! Star Wars: Rebellion behind the `Game` trait.

pub mod card_facts;
pub mod cards;
pub mod history;
pub mod luck;
pub mod roles;
pub mod words;

use crate::bot;
use crate::content::{
    ActionCardId, Faction, LeaderId, MissionId, ObjectiveId, SystemId, TacticId, TeamColour,
};
use crate::engine::rebellion::choice::CardName;
use crate::engine::rebellion::team::{self, Player};
use crate::engine::rebellion::view::Cards;
use crate::engine::rebellion::{
    self as engine, Action, Audience, MatchOptions, Players, State, View, Viewer, decision, view,
};
use crate::games::game::{ComputerAsk, Game, GamePrompt, MatchFacts, Notice, OptionText};
use crate::games::words::{Detail, hand_section};
use crate::render::text;

/// The Rebellion game.
pub struct Rebellion;

/// The seat of a side, or of one role of it in the team game ("rebel", "empire-general").
pub fn seat_name(f: Faction, role: Option<TeamColour>) -> String {
    match role {
        None => f.key().to_string(),
        Some(c) => format!("{}-{}", f.key(), c.role_name().to_lowercase()),
    }
}

/// The player a seat name stands for (a side, or a role of it).
fn seat_player(seat: &str) -> Option<Player> {
    let (side, role) = match seat.split_once('-') {
        Some((side, "admiral")) => (side, Some(TeamColour::Blue)),
        Some((side, "general")) => (side, Some(TeamColour::Orange)),
        Some(_) => return None,
        None => (seat, None),
    };
    let f = match side {
        "rebel" => Faction::Rebel,
        "empire" => Faction::Empire,
        _ => return None,
    };
    Some(Player { faction: f, role })
}

fn seat_faction(seat: &str) -> Option<Faction> {
    seat_player(seat).map(|p| p.faction)
}

/// The seats of a match with this many players.
fn seats_of(players: Players) -> Vec<String> {
    team::seats(players).into_iter().map(|(f, r)| seat_name(f, r)).collect()
}

/// The seats a match's decision goes to: the seat that is asked, and the teammate's seat when
/// either player of a split side may answer (the engine says which roles, `team::addressees`).
fn deciders(state: &State, d: &engine::Decision) -> (String, Vec<String>) {
    if !state.options.players.splits(d.seat) {
        return (seat_name(d.seat, None), vec![]);
    }
    let mut seats = team::addressees(state, d).into_iter().map(|r| seat_name(d.seat, Some(r)));
    let first = seats.next().expect("a decision is put to at least one role");
    (first, seats.collect())
}

/// Who the computer answers as for `ask` (both roles of a side answer as the side), and
/// whether a person on its side is asked too.
fn computer_player(ask: &ComputerAsk) -> Option<(Player, bot::Teammate)> {
    let players: Vec<Player> = ask.seats.iter().map(|s| seat_player(s)).collect::<Option<_>>()?;
    let player = match players.as_slice() {
        [one] => *one,
        [a, b] if a.faction == b.faction => Player::side(a.faction),
        _ => return None,
    };
    let teammate = if ask.person_asked { bot::Teammate::Asked } else { bot::Teammate::Absent };
    Some((player, teammate))
}

fn viewer(v: Option<&str>) -> Viewer {
    match v.and_then(seat_faction) {
        Some(f) => Viewer::Faction(f),
        None => Viewer::Public,
    }
}

impl Game for Rebellion {
    type State = State;
    type Action = Action;
    type Options = MatchOptions;

    const ID: &'static str = "rebellion";
    const COMMAND: &'static str = "rebellion";

    fn seats(options: &MatchOptions) -> Vec<String> {
        seats_of(options.players)
    }

    fn variant(options: &MatchOptions) -> Option<String> {
        let mut parts = vec![];
        if options.rise_of_the_empire {
            parts.push("the Rise of the Empire expansion".to_string());
        }
        if !options.players.is_two() {
            parts.push(format!("the team game for {} players", options.players.count()));
        }
        (!parts.is_empty()).then(|| parts.join(" and "))
    }

    fn card_sheets(options: Option<&MatchOptions>) -> Vec<crate::content::CardSheet> {
        cards::sheets(options)
    }

    fn new_match(seed: u64, options: &MatchOptions) -> State {
        engine::new_game(seed, options.clone())
    }

    fn parse_action(text: &str) -> Result<Action, String> {
        Action::parse(text).map_err(|e| e.to_string())
    }

    fn action_text(action: &Action) -> String {
        action.command()
    }

    fn apply(state: &mut State, seat: &str, action: Action) -> Result<Vec<Notice>, String> {
        // The seat can come from an import file: quoted short and on one line.
        let unknown = || format!("unknown seat `{}`", crate::content::echo(seat));
        let player = seat_player(seat).ok_or_else(unknown)?;
        if !Self::seats(&state.options).iter().any(|s| s == seat) {
            return Err(unknown());
        }
        let events = engine::apply_as(state, player, action).map_err(|e| e.to_string())?;
        // A side's secrets go to each of its seats: teammates share them.
        let seats = seats_of(state.options.players);
        let mut out = Vec::with_capacity(events.len());
        for e in events {
            let text = e.kind.to_string();
            match e.audience {
                Audience::Public => out.push(Notice { to: None, text }),
                Audience::Only(f) => out.extend(
                    seats
                        .iter()
                        .filter(|s| seat_faction(s) == Some(f))
                        .map(|s| Notice { to: Some(s.clone()), text: text.clone() }),
                ),
            }
        }
        Ok(out)
    }

    fn prompt(state: &State) -> Option<GamePrompt<Action>> {
        decision(state).map(|d| {
            let (seat, also) = deciders(state, &d);
            GamePrompt {
                seat,
                also,
                kind: d.kind.describe().to_string(),
                options: d.actions,
                context: d.context.iter().map(|c| words::context_words(c)).collect(),
            }
        })
    }

    fn option_texts(state: &State, prompt: &GamePrompt<Action>) -> Vec<OptionText> {
        match decision(state) {
            Some(d) if d.actions == prompt.options => words::option_texts(state, &d),
            // Not the pending decision (never the case for the service): plain commands.
            _ => prompt.options.iter().map(|a| OptionText::plain(&a.command())).collect(),
        }
    }

    fn option_seats(state: &State, prompt: &GamePrompt<Action>) -> Vec<Option<String>> {
        match decision(state) {
            Some(d) if d.actions == prompt.options => roles::option_seats(state, &d),
            _ => vec![None; prompt.options.len()],
        }
    }

    fn prompt_why(state: &State, prompt: &GamePrompt<Action>) -> String {
        match decision(state) {
            Some(d) if d.actions == prompt.options => roles::why_words(state, &d),
            _ => String::new(),
        }
    }

    fn options_public(state: &State, prompt: &GamePrompt<Action>) -> bool {
        decision(state).is_some_and(|d| d.actions == prompt.options && words::options_public(state, &d))
    }

    fn version(state: &State) -> u64 {
        state.version
    }

    fn outcome(state: &State) -> Option<String> {
        state.winner.map(|w| format!("The {w} player wins."))
    }

    fn facts(state: &State) -> MatchFacts {
        MatchFacts { winner: state.winner.map(|w| w.key().to_string()), rounds: state.round }
    }

    fn status_text(state: &State) -> String {
        let v = view(state, Viewer::Public);
        let waiting = v
            .waiting
            .as_ref()
            .map(|w| match (state.options.players.splits(w.seat), w.role) {
                (true, Some(r)) => format!("waiting for the {}: {}", team_role_name(w.seat, r), w.kind),
                (true, None) => format!("waiting for either {} player: {}", w.seat.name(), w.kind),
                _ => format!("waiting for the {} player: {}", w.seat, w.kind),
            })
            .unwrap_or_else(|| "game over".into());
        format!(
            "Round {} — {} — time {}, reputation {} — {}",
            v.round,
            crate::render::board::theme::phase_label(&v.phase),
            v.time,
            v.reputation,
            waiting
        )
    }

    fn private_text(state: &State, seat: &str) -> String {
        private_words(state, seat)
    }

    fn view_json(state: &State, v: Option<&str>) -> serde_json::Value {
        serde_json::to_value(view(state, viewer(v))).unwrap_or(serde_json::Value::Null)
    }

    fn board_png(state: &State, v: Option<&str>) -> Option<Vec<u8>> {
        Some(crate::render::board::render_png(&view(state, viewer(v))))
    }

    fn computer_plays(_options: &MatchOptions) -> bool {
        // Either side of the two-player game, and any role of the team game.
        true
    }

    fn computer_choice(state: &State, ask: &ComputerAsk) -> Option<usize> {
        let (player, teammate) = computer_player(ask)?;
        let budget = bot::Budget::Millis(ask.think_ms);
        bot::choose_as(state, player, teammate, budget, ask.seed).map(|c| c.index)
    }

    fn computer_hint(state: &State, ask: &ComputerAsk) -> Option<Vec<(usize, Option<f64>)>> {
        let (player, teammate) = computer_player(ask)?;
        let budget = bot::Budget::Millis(ask.think_ms);
        let ranking = bot::rank_as(state, player, teammate, budget, ask.seed)?;
        Some(ranking.options.into_iter().map(|r| (r.index, r.chance)).collect())
    }

    fn board_fingerprint(state: &State) -> Option<u64> {
        use std::hash::{Hash, Hasher};
        let mut v = view(state, Viewer::Public);
        // Whose turn, which phase and which round are in the post's text; the pieces (the time
        // marker among them) are what an image adds.
        v.version = 0;
        v.round = 0;
        v.phase.clear();
        v.waiting = None;
        let mut h = std::hash::DefaultHasher::new();
        serde_json::to_string(&v).ok()?.hash(&mut h);
        Some(h.finish())
    }

    fn board_text(state: &State, v: Option<&str>) -> String {
        summary(state, v)
    }

    fn milestone(before: &State, after: &State) -> bool {
        milestone(before, after)
    }

    fn undoable(before: &State, after: &State) -> bool {
        engine::undo::can_take_back(before, after)
    }

    fn chart_png(seed: u64, options: &MatchOptions, log: &[(String, Action)]) -> Option<Vec<u8>> {
        let actions: Vec<(Faction, Action)> =
            log.iter().map(|(seat, a)| Some((seat_faction(seat)?, a.clone()))).collect::<Option<_>>()?;
        match crate::games::rebellion::history::history(seed, options, &actions) {
            Ok(points) => Some(crate::render::chart::render_png(&points)),
            Err(e) => {
                tracing::warn!("cannot chart a match: {e}");
                None
            }
        }
    }

    fn luck(
        seed: u64,
        options: &MatchOptions,
        log: &[(String, Action)],
    ) -> Option<crate::trust::luck::LuckReport> {
        let actions: Vec<(Player, Action)> =
            log.iter().map(|(seat, a)| Some((seat_player(seat)?, a.clone()))).collect::<Option<_>>()?;
        match crate::games::rebellion::luck::luck(seed, options, &actions) {
            Ok(report) => Some(report),
            Err(e) => {
                tracing::warn!("cannot report a match's dice: {e}");
                None
            }
        }
    }

    fn reveal_text(state: &State, _seats: &[String]) -> String {
        // The end of the match shows everything: the full view.
        let v = view(state, Viewer::Full);
        let mut out = String::new();
        match base_name(&v) {
            Some(b) if v.base.revealed => out.push_str(&format!("The Rebel base was in {b} (found).\n")),
            Some(b) => out.push_str(&format!("The Rebel base was hidden in {b}.\n")),
            None => {}
        }
        for f in Faction::BOTH {
            let held = holdings(&v, f, Detail::Names);
            out.push_str(&format!(
                "**The {f} player held**\n{}",
                if held.is_empty() { "nothing\n".into() } else { held }
            ));
        }
        out
    }
}

/// Whether the step is a moment to post the board (see `Game::milestone`): a new phase or
/// round, the end of a battle or of a mission, the Command Phase turn passing, or, in setup and
/// Refresh, the other player taking over. All of it is public.
fn milestone(before: &State, after: &State) -> bool {
    let phase = engine::view::phase_name(after);
    let decider = |s: &State| decision(s).map(|d| d.seat);
    phase != engine::view::phase_name(before)
        || before.round != after.round
        || (before.combat().is_some() && after.combat().is_none())
        || (before.mission().is_some() && after.mission().is_none())
        || command_turn(before) != command_turn(after)
        || (matches!(phase, "setup" | "refresh") && decider(before) != decider(after))
}

/// Whose Command Phase turn it is (the side, and the role in the team game), during that phase.
fn command_turn(s: &State) -> Option<(Faction, Option<TeamColour>)> {
    s.stack
        .iter()
        .find_map(|f| if let engine::Frame::Command(c) = f { Some((c.turn, c.role())) } else { None })
}

/// A team role's printed name ("Imperial General").
fn team_role_name(f: Faction, c: TeamColour) -> String {
    crate::content::TeamRole { faction: f, colour: c }.name()
}

/// A seat's secrets in words, from that seat's view: the base (Rebels), the cards in hand and
/// the facedown missions, by their printed names.
fn private_words(state: &State, seat: &str) -> String {
    let Some(f) = seat_faction(seat) else { return String::new() };
    let v = view(state, Viewer::Faction(f));
    let mut out = String::new();
    if f == Faction::Rebel
        && let Some(b) = base_name(&v)
    {
        let how = if v.base.revealed { "revealed" } else { "hidden" };
        out.push_str(&format!("Your base: {b} ({how})\n"));
    }
    out.push_str(&holdings(&v, f, Detail::Texts));
    out
}

/// The printed name of the base's system, when the view shows it.
fn base_name(v: &View) -> Option<&'static str> {
    v.base.system.as_deref().and_then(|id| SystemId::parse(id).ok()).map(SystemId::name)
}

/// The printed names of catalog ids as a view carries them (an unknown id stays as it is).
fn names(ids: &[String], name: impl Fn(&str) -> Option<&'static str>) -> Vec<String> {
    ids.iter().map(|id| name(id).map_or_else(|| id.clone(), str::to_string)).collect()
}

/// A faction's hand and facedown missions in words, one section per kind of card it uses
/// ("none" included; tactic cards only while held), as far as the view shows them. With
/// `Detail::Texts` each card comes with what it does (`card_facts`).
fn holdings(v: &View, f: Faction, detail: Detail) -> String {
    let empty = vec![];
    let visible = |kind: &str| match v.hands.get(&f).and_then(|h| h.get(kind)) {
        Some(Cards::Visible(ids)) => ids,
        _ => &empty,
    };
    // A card as the detail asks: its name, or its hand line; an unknown id stays as it is.
    let card = |id: &str, c: Option<CardName>| match (c, detail) {
        (Some(c), Detail::Texts) => card_facts::hand_line(c),
        (Some(c), Detail::Names) => c.name().to_string(),
        (None, _) => id.to_string(),
    };
    let cards = |kind: &str, parse: &dyn Fn(&str) -> Option<CardName>| -> Vec<String> {
        visible(kind).iter().map(|id| card(id, parse(id))).collect()
    };
    // The team game: whose each action card is ("Admiral's"), when it is one player's.
    let actions = visible("actions")
        .iter()
        .map(|id| {
            let text = card(id, ActionCardId::parse(id).ok().map(CardName::Action));
            // In front of a long hand line, after a bare name.
            match (v.card_holders.get(id), detail) {
                (Some(c), Detail::Texts) => format!("({}'s) {text}", c.role_name()),
                (Some(c), Detail::Names) => format!("{text} ({}'s)", c.role_name()),
                (None, _) => text,
            }
        })
        .collect();
    let sections: [(&str, Vec<String>, bool); 5] = [
        ("Missions", cards("missions", &|id| MissionId::parse(id).ok().map(CardName::Mission)), true),
        ("Action cards", actions, true),
        (
            "Objectives",
            cards("objectives", &|id| ObjectiveId::parse(id).ok().map(CardName::Objective)),
            f == Faction::Rebel,
        ),
        (
            "Probe cards",
            names(visible("probes"), |id| SystemId::parse(id).ok().map(SystemId::name)),
            f == Faction::Empire,
        ),
        ("Tactic cards", cards("tactics", &|id| TacticId::parse(id).ok().map(CardName::Tactic)), false),
    ];
    let mut out = String::new();
    for (label, list, always) in sections {
        if always || !list.is_empty() {
            out.push_str(&hand_section(label, &list, detail, |names| names.join(", ")));
        }
    }
    for a in v.assignments.get(&f).into_iter().flatten() {
        let Some(m) = &a.mission else { continue };
        let leaders = names(&a.leaders, |id| LeaderId::parse(id).ok().map(LeaderId::name));
        let mission = MissionId::parse(m).map_or_else(|_| m.clone(), |m| m.name().to_string());
        out.push_str(&format!("Face down: {mission} with {}\n", leaders.join(" and ")));
    }
    out
}

/// A text summary of a viewer's view (for text fallbacks).
pub fn summary(state: &State, v: Option<&str>) -> String {
    text::summary(&view(state, viewer(v)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rebellion::new_game;

    #[test]
    fn private_text_names_the_seats_own_secrets_and_the_reveal_names_everything() {
        crate::content::init().expect("content loads");
        let mut s = new_game(3, MatchOptions { quick_setup: true, ..Default::default() });
        // The Rebels hide their base first.
        while s.base.system.is_none() {
            let d = decision(&s).expect("a decision");
            crate::engine::rebellion::apply(&mut s, d.seat, d.actions[0].clone()).expect("legal");
        }
        let rebel = Rebellion::private_text(&s, "rebel");
        let empire = Rebellion::private_text(&s, "empire");
        let base = s.base.system.expect("quick setup hides the base").name();
        assert!(rebel.contains(&format!("Your base: {base} (hidden)")), "{rebel}");
        for m in &s.hands.rebel.missions {
            assert!(rebel.contains(m.name()), "{rebel}");
            assert!(!empire.contains(m.name()), "an Empire text names a Rebel mission: {empire}");
        }
        for p in &s.hands.empire.probes {
            assert!(empire.contains(p.name()), "{empire}");
        }
        let reveal = Rebellion::reveal_text(&s, &[]);
        assert!(reveal.contains(&format!("hidden in {base}")), "{reveal}");
        for m in s.hands.rebel.missions.iter().chain(&s.hands.empire.missions) {
            assert!(reveal.contains(m.name()), "{reveal}");
        }
    }
}
