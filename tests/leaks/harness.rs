//! The game driver: plays one seeded random match through the service exactly as the Discord
//! host drives it (create, join, start, then an option of each pending prompt by its key), and
//! after every action checks every payload of the outcome against the canaries, the engine's
//! invariants, and — at sampled actions — the twins.

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::sync::Arc;

use holonet::bot::sim::random_answer;
use holonet::content::{Faction, ObjectiveTiming, TeamColour, UnitId, catalog};
use holonet::discord::commands::{own_lines, suggestions};
use holonet::discord::components::{option_menus, prompt_components};
use holonet::discord::hosted::GameKind;
use holonet::discord::messages::{live_text, options_intro, prompt_announcement};
use holonet::discord::mine::mine_text;
use holonet::engine::rebellion::event::{Event, EventKind};
use holonet::engine::rebellion::invariants::{step_violations, violations};
use holonet::engine::rebellion::phases::setup::SetupStep;
use holonet::engine::rebellion::team;
use holonet::engine::rebellion::view::{Cards as ViewCards, View};
use holonet::engine::rebellion::{Action, Frame, MatchOptions, Players, Position, State, Viewer, view};
use holonet::engine::rng::GameRng;
use holonet::games::game::{Game, OptionText};
use holonet::service::{Answer, Caller, Outcome, PromptPost, Service, ServiceError};
use holonet::store::{MatchStore, MemoryStore, Snapshot};
use serde::Serialize;

use super::cards::{Card, Finding, Secrets, Universe};
use super::knowledge::{Knowledge, Who};
use super::strings;
use super::twins::{self, Kind, Twin};

/// The channel of every harness match.
pub const CH: u64 = 4242;
const REBEL: Caller = Caller { user: 11, moderator: false };
const EMPIRE: Caller = Caller { user: 22, moderator: false };
const STRANGER: Caller = Caller { user: 33, moderator: false };
const MODERATOR: Caller = Caller { user: 99, moderator: true };

fn caller(f: Faction) -> Caller {
    match f {
        Faction::Rebel => REBEL,
        Faction::Empire => EMPIRE,
    }
}

/// The second player of a side in the team game: the General (the Admiral is `caller(f)`).
fn general(f: Faction) -> Caller {
    Caller { user: caller(f).user + 1, ..caller(f) }
}

/// The user who holds a seat: a side's player or Admiral, or its General.
fn caller_for(seat: &str) -> Caller {
    let f = seat_faction(seat);
    if seat.ends_with("-general") { general(f) } else { caller(f) }
}

/// Who answers an action of side `f` now: its player, or in the team game the player of the
/// role the decision (or this answer to it) belongs to.
fn actor(s: &State, f: Faction, action: &Action) -> Caller {
    let d = holonet::engine::rebellion::decision(s);
    let role = d.as_ref().and_then(|d| team::needed(s, d, action));
    match role {
        Some(TeamColour::Orange) if s.options.players.splits(f) => general(f),
        _ => caller(f),
    }
}

/// The engine's player for a harness user of side `f`: a role of a split side, else the side.
fn player_of(s: &State, f: Faction, who: Caller) -> team::Player {
    if !s.options.players.splits(f) {
        return team::Player::side(f);
    }
    let colour = if who == general(f) { TeamColour::Orange } else { TeamColour::Blue };
    team::Player::role(f, colour)
}

fn seat_of_user(user: u64) -> Option<Faction> {
    match user {
        11 | 12 => Some(Faction::Rebel),
        22 | 23 => Some(Faction::Empire),
        _ => None,
    }
}

fn seat_faction(seat: &str) -> Faction {
    match seat.split('-').next() {
        Some("rebel") => Faction::Rebel,
        Some("empire") => Faction::Empire,
        _ => panic!("unknown seat {seat}"),
    }
}

/// How a run samples the costly checks.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// On average one twin comparison (and one round of error and status probes) per this many
    /// actions.
    pub twin_every: usize,
}

/// What a run checked, for the summary (a harness that checks nothing is a defect).
#[derive(Clone, Debug, Default)]
pub struct Stats {
    /// Games played to the end.
    pub games: u64,
    /// Actions applied through the service.
    pub actions: u64,
    /// Payloads scanned for canaries.
    pub payloads: u64,
    /// Payloads whose receiver had a card of the opponent's hand or facedown missions, or the
    /// hidden base, to be kept from (every payload has deck cards to keep from).
    pub armed: u64,
    /// Twins compared now, by kind.
    pub twins_now: BTreeMap<String, u64>,
    /// Twins compared after the same next action, by kind.
    pub twins_next: BTreeMap<String, u64>,
    /// Next-action differences explained by what the viewer legitimately learnt (a drawn card,
    /// the base revealed), by kind.
    pub learnt: BTreeMap<String, u64>,
    /// Illegal commands whose error texts were checked.
    pub errors: u64,
    /// Moderator rollbacks checked.
    pub rollbacks: u64,
    /// Games of the team game (three or four players), by player count.
    pub team_games: BTreeMap<u8, u64>,
    /// Games whose status showed the dice commitment (the seed and salt were canaries in them).
    pub commitments: u64,
}

impl Stats {
    /// Adds another run's counts.
    pub fn merge(&mut self, o: &Stats) {
        self.games += o.games;
        self.actions += o.actions;
        self.payloads += o.payloads;
        self.armed += o.armed;
        self.errors += o.errors;
        self.rollbacks += o.rollbacks;
        self.commitments += o.commitments;
        for (k, v) in &o.team_games {
            *self.team_games.entry(*k).or_default() += v;
        }
        for (a, b) in [
            (&mut self.twins_now, &o.twins_now),
            (&mut self.twins_next, &o.twins_next),
            (&mut self.learnt, &o.learnt),
        ] {
            for (k, v) in b {
                *a.entry(k.clone()).or_default() += v;
            }
        }
    }
}

/// A broken check: where, and what.
#[derive(Debug)]
pub struct Leak {
    /// The match seed.
    pub seed: u64,
    /// The state version when it was found.
    pub version: u64,
    /// What went wrong.
    pub what: String,
}

impl std::fmt::Display for Leak {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "seed {} at version {}: {}", self.seed, self.version, self.what)
    }
}

/// Scans payloads for one state: the secrets of each receiver are worked out once.
pub struct Checker<'a> {
    u: &'a Universe,
    sealed: &'a [String],
    secrets: [Secrets; 3],
    findings: Vec<String>,
    payloads: u64,
    armed: u64,
}

fn slot(w: Who) -> usize {
    match w {
        Who::Public => 0,
        Who::Seat(Faction::Rebel) => 1,
        Who::Seat(Faction::Empire) => 2,
    }
}

impl<'a> Checker<'a> {
    /// The checker of a state.
    pub fn new(u: &'a Universe, k: &'a Knowledge, s: &State) -> Self {
        let secrets = Who::ALL.map(|w| k.secrets(u, s, w));
        Checker { u, sealed: &k.sealed, secrets, findings: vec![], payloads: 0, armed: 0 }
    }

    /// Reports the seed or salt (in any written form) in a payload: nobody may see it before
    /// the match ends.
    fn seed_canary(&mut self, who: Who, label: &str, text: &str) {
        if let Some(form) = self.sealed.iter().find(|f| text.contains(f.as_str())) {
            self.findings.push(format!("{who} was sent the match's seed or salt (`{form}`) in {label}"));
        }
    }

    fn report(&mut self, who: Who, label: &str, found: Vec<Finding>) {
        for f in found {
            self.findings.push(format!("{who} was sent {} in {label}: {:?}", f.what, f.context));
        }
    }

    fn count(&mut self, who: Who) -> Secrets {
        let s = self.secrets[slot(who)];
        self.payloads += 1;
        if !s.held.is_empty() || s.base.is_some() {
            self.armed += 1;
        }
        s
    }

    /// A text payload (message, DM, ephemeral answer, error).
    pub fn text(&mut self, who: Who, label: &str, text: &str) {
        self.seed_canary(who, label, text);
        let s = self.count(who);
        let mut found = vec![];
        self.u.scan_text(text, s, &mut found);
        self.report(who, label, found);
    }

    /// The answer to a command the receiver typed: the cards it names are theirs to mention.
    pub fn answer_to(&mut self, who: Who, label: &str, typed: &str, text: &str) {
        self.seed_canary(who, label, text);
        let mut s = self.count(who);
        for word in typed.split_whitespace() {
            if let Some(i) = self.u.by_key(word) {
                s.cards.remove(i);
                s.held.remove(i);
            }
        }
        let mut found = vec![];
        self.u.scan_text(text, s, &mut found);
        self.report(who, label, found);
    }

    /// Command lines (a prompt's options).
    pub fn commands(&mut self, who: Who, label: &str, lines: &[String]) {
        let s = self.count(who);
        let mut found = vec![];
        for l in lines {
            self.seed_canary(who, label, l);
            self.u.scan_command(l, s, &mut found);
        }
        self.report(who, label, found);
    }

    /// Options in words: every label, narrowing level, item and argument name.
    pub fn option_texts(&mut self, who: Who, label: &str, texts: &[OptionText]) {
        for t in texts {
            let levels = t.levels.iter().flat_map(|l| [&l.label, &l.section]);
            for x in std::iter::once(&t.label).chain(levels).chain(&t.items).chain(&t.args) {
                self.seed_canary(who, label, x);
            }
        }
        let s = self.count(who);
        let mut found = vec![];
        for t in texts {
            self.u.scan_line(&t.label, s, &mut found);
            for l in &t.levels {
                self.u.scan_line(&l.label, s, &mut found);
                self.u.scan_line(&l.section, s, &mut found);
            }
            for x in t.items.iter().chain(&t.args) {
                self.u.scan_string(x, strings::Role::Value, s, &mut found);
            }
        }
        self.report(who, label, found);
    }

    /// A structure (view, components, option texts): every string in it.
    pub fn structure<T: Serialize + ?Sized>(&mut self, who: Who, label: &str, value: &T) {
        let s = self.count(who);
        let mut found = vec![];
        let (u, sealed) = (self.u, self.sealed);
        // The seed's forms are looked for in the strings the scan visits anyway (a second
        // serialisation of every payload would cost as much again); no payload structure
        // carries a number as long as a drawn seed.
        let mut seed_seen = None;
        strings::visit(value, &mut |text, role| {
            if seed_seen.is_none() && sealed.iter().any(|f| text.contains(f.as_str())) {
                seed_seen = Some(text.to_string());
            }
            u.scan_string(text, role, s, &mut found)
        });
        if let Some(text) = seed_seen {
            self.seed_canary(who, label, &text);
        }
        self.report(who, label, found);
    }
}

/// Checks the redaction of a view for its viewer: the opponent's hand only as counts (except
/// tactic cards Good Intel shows), the opponent's facedown missions without names, the hidden
/// base without a system, only the viewer's own intel; and that every unit is shown somewhere.
pub fn check_view(v: &View, s: &State, who: Who, out: &mut Vec<String>) {
    for f in Faction::BOTH {
        if who == Who::Seat(f) {
            continue;
        }
        let shown_tactics =
            who == Who::Seat(f.opponent()) && s.combat().is_some_and(|c| c.mods.tactics_shown.contains(&f));
        for (kind, cards) in v.hands.get(&f).into_iter().flatten() {
            if matches!(cards, ViewCards::Visible(_)) && !(kind == "tactics" && shown_tactics) {
                out.push(format!("{who}'s board shows the {f} hand's {kind}: {cards:?}"));
            }
        }
        for a in v.assignments.get(&f).into_iter().flatten() {
            if a.mission.is_some() {
                out.push(format!("{who}'s board names a facedown {f} mission: {:?}", a.mission));
            }
        }
        if v.intel.contains_key(&f) {
            out.push(format!("{who}'s board carries the {f} intel"));
        }
    }
    if who != Who::Seat(Faction::Rebel) && !s.base.revealed && v.base.system.is_some() {
        out.push(format!("{who}'s board shows the hidden base: {:?}", v.base.system));
    }
    // Units are public: one receiver's board is enough to see that none is out of sight.
    for u in UnitId::all().filter(|&u| who == Who::Public && s.unit_in_play(u)) {
        let boxed = catalog().unit(u).count_in_box as u32;
        if v.unit_total(u.key()) != boxed {
            out.push(format!("{who}'s board shows {} {u}, the box holds {boxed}", v.unit_total(u.key())));
        }
    }
}

fn viewer(who: Who) -> Viewer {
    match who {
        Who::Public => Viewer::Public,
        Who::Seat(f) => Viewer::Faction(f),
    }
}

/// Checks a board image's input: the view `board_png` draws for the receiver, every string
/// scanned and its redaction checked.
pub fn check_board(c: &mut Checker, s: &State, who: Who, label: &str) {
    let v = view(s, viewer(who));
    c.structure(who, label, &v);
    let mut out = vec![];
    check_view(&v, s, who, &mut out);
    c.findings.extend(out);
}

/// Checks a prompt post as the Discord host sends it: the channel message (announcement and
/// components, with the options when they are public) and the decider's private menus.
pub fn check_prompt(c: &mut Checker, p: &PromptPost) {
    c.text(Who::Public, "the prompt announcement", &prompt_announcement(p));
    c.text(Who::Public, "the live message", &live_text(p, &[]));
    c.structure(Who::Public, "the prompt's channel components", &prompt_components(p));
    if p.public {
        c.commands(Who::Public, "a public prompt's options", &p.options);
        c.option_texts(Who::Public, "a public prompt's option texts", &p.texts);
    }
    let decider = Who::Seat(seat_faction(&p.seat));
    c.commands(decider, "the decider's options", &p.options);
    c.option_texts(decider, "the decider's option texts", &p.texts);
    c.text(decider, "the fingerprint", &p.fingerprint);
    // Each player who may answer gets their own intro and menus (a teammate's leave out the
    // other's options): all of the deciding side's.
    for user in p.deciders() {
        c.text(decider, "the decider's options intro", &options_intro(p, user));
        c.structure(decider, "the decider's option menus", &option_menus(p, user));
    }
}

/// Checks autocomplete answers: what each `/play` option would suggest to each player who may
/// answer (their own options only, as the host narrows them).
pub fn check_autocomplete(c: &mut Checker, p: &PromptPost) {
    let decider = Who::Seat(seat_faction(&p.seat));
    for user in p.deciders() {
        let (options, names) = own_lines(p, user);
        for (verb, positions) in
            [("assign", 3), ("reveal", 2), ("activate", 2), ("oppose", 1), ("objective", 1), ("action", 1)]
        {
            for pos in 1..=positions {
                let got = suggestions(&options, &names, verb, pos, &[], "");
                c.structure(decider, "autocomplete", &got);
            }
        }
    }
}

/// Checks every payload of an outcome: the caller's answer, channel posts (and the public
/// board drawn with them), DMs (and their private boards), the game's events, the prompt.
pub fn check_outcome(c: &mut Checker, out: &Outcome, caller: Who, s: &State) {
    let answer_to = if out.reply_public { Who::Public } else { caller };
    c.text(answer_to, "the answer", &out.reply);
    for p in &out.public {
        c.text(Who::Public, "a channel post", &p.text);
        if p.board {
            check_board(c, s, Who::Public, "the public board");
        }
    }
    // The live message shows the run's latest public lines.
    for line in &out.recent {
        c.text(Who::Public, "the live message", line);
    }
    // Images are drawn from the state the outcome carries: it must be the state just reached.
    if let Some(at) = &out.state
        && at.get::<State>() != Some(s)
    {
        c.findings.push("an outcome's board state is not the state after its action".into());
    }
    // The reveal shows every secret, so it may only come with the end of the match.
    if out.reveal.is_some() && s.winner.is_none() {
        c.findings.push("the reveal was posted while the match runs".into());
    }
    for p in &out.private {
        let f = seat_faction(&p.seat);
        if seat_of_user(p.user) != Some(f) {
            c.findings.push(format!("a DM with the {} seat's secrets went to user {}", p.seat, p.user));
        }
        c.text(Who::Seat(f), "a DM", &p.text);
        if p.board {
            check_board(c, s, Who::Seat(f), "a private board");
        }
    }
    for e in &out.events {
        let who = e.to.as_deref().map_or(Who::Public, |x| Who::Seat(seat_faction(x)));
        c.text(who, "an event", &e.text);
    }
    if let Some((name, _)) = &out.file {
        c.findings.push(format!("an outcome carried a file {name} during play"));
    }
    if let Some(p) = &out.prompt {
        check_prompt(c, p);
    }
}

fn leak(seed: u64, s: &State, what: impl Into<String>) -> Leak {
    // What the engine was doing helps tell a leak from a rule that shows the card.
    let frame: String = format!("{:?}", s.stack.last()).chars().take(1_500).collect();
    Leak { seed, version: s.version, what: format!("{}\nthe engine was at: {frame}", what.into()) }
}

fn done(c: &Checker, stats: &mut Stats, seed: u64, s: &State) -> Result<(), Leak> {
    stats.payloads += c.payloads;
    stats.armed += c.armed;
    if c.findings.is_empty() {
        return Ok(());
    }
    let mut f = c.findings.clone();
    f.dedup();
    f.truncate(12);
    Err(leak(seed, s, f.join("\n")))
}

/// A service holding `state` as the channel's match, with the same metadata (nonce, seats) as
/// the original, so everything it produces is comparable byte for byte.
fn twin_service<G: Game<State = State, Action = Action, Options = MatchOptions>>(
    store: &MemoryStore,
    state: &State,
) -> Service<G> {
    let meta = store.load(&CH.to_string()).expect("load").expect("stored").meta;
    let twin_store = Arc::new(MemoryStore::new());
    twin_store.put_meta(&meta).expect("meta");
    let snap = Snapshot { actions: 0, state: serde_json::to_value(state).expect("state serialises") };
    twin_store.put_snapshot(&meta.id, &snap).expect("snapshot");
    let svc = Service::with_clock(twin_store, Box::new(|| 1_000));
    assert_eq!(svc.load_all().expect("twin loads"), 1);
    svc
}

/// A seat's `/game mine` answer (its player's matches on the server).
fn mine<G: Game>(svc: &Service<G>, f: Faction) -> String {
    let list = svc.mine(caller(f).user, Some(1)).into_iter().map(|m| (GameKind::Rebellion, m)).collect();
    mine_text(list, 5_000)
}

/// A seat's `/game stats` and `/game history` answers (issue 38): the running match counts by
/// its game and options only, and never enters the record.
fn record<G: Game>(svc: &Service<G>, f: Faction) -> String {
    use holonet::discord::record::{HISTORY_LEN, history_text, stats_text};
    use holonet::service::community::stats::StatsQuery;
    let community = holonet::service::Community::new(svc.store());
    let query = StatsQuery { guild: Some(1), game: None, player: Some(caller(f).user) };
    let stats = community.stats(&query, &svc.running()).expect("stats");
    let history = community.history(Some(1), None, HISTORY_LEN).expect("history");
    format!("{}\n{}", stats_text(&stats, None), history_text(&history, None))
}

/// Everything one receiver gets from the service about the current state, as text: the public
/// status, the pending prompt as the channel shows it, a seat's `/rebellion hand`, `/game mine`,
/// `/game stats` and `/game history` answers and, when it decides, its whole prompt; and the
/// board input.
fn observe<G: Game<State = State, Action = Action, Options = MatchOptions>>(
    svc: &Service<G>,
    s: &State,
    who: Who,
) -> Vec<String> {
    let mut out = vec![];
    let prompt = svc.prompt(CH).expect("prompt");
    match who {
        Who::Public => {
            out.push(svc.status(CH, STRANGER).map(|o| o.reply).unwrap_or_else(|e| e.to_string()));
            if let Some(p) = &prompt {
                out.push(prompt_announcement(p));
                out.push(serde_json::to_string(&prompt_components(p)).expect("json"));
                if p.public {
                    out.push(serde_json::to_string(&(&p.options, &p.texts)).expect("json"));
                }
            }
        }
        Who::Seat(f) => {
            out.push(svc.status(CH, caller(f)).map(|o| o.reply).unwrap_or_else(|e| e.to_string()));
            out.push(mine(svc, f));
            out.push(record(svc, f));
            let hand = svc.hand(CH, caller(f)).map(|o| (o.reply, o.prompt));
            match hand {
                Ok((reply, p)) => {
                    out.push(reply);
                    if let Some(p) = p.filter(|p| seat_faction(&p.seat) == f) {
                        out.push(serde_json::to_string(&p).expect("json"));
                        out.push(serde_json::to_string(&option_menus(&p, 0)).expect("json"));
                    }
                }
                Err(e) => out.push(e.to_string()),
            }
        }
    }
    out.push(G::board_text(s, who.seat()));
    out
}

/// The board input a receiver gets (what `board_png` draws), as the game serialises it.
fn board_input<G: Game<State = State>>(s: &State, who: Who) -> serde_json::Value {
    G::view_json(s, who.seat())
}

/// What a receiver gets from an applied action's outcome, as text.
fn project(out: &Outcome, who: Who, caller: Who) -> Vec<String> {
    let mut v = vec![];
    match who {
        Who::Public => {
            if out.reply_public {
                v.push(format!("answer: {}", out.reply));
            }
            for p in &out.public {
                v.push(format!("post (board {}): {}", p.board, p.text));
            }
            v.push(format!("live message (ping {}): {}", out.ping, out.recent.join(" / ")));
            for e in out.events.iter().filter(|e| e.to.is_none()) {
                v.push(format!("event: {}", e.text));
            }
            if let Some(p) = &out.prompt {
                v.push(prompt_announcement(p));
                // Who is mentioned, or told by DM, is public too (issue 38).
                v.push(format!("announce: {:?}", p.announce));
                v.push(serde_json::to_string(&prompt_components(p)).expect("json"));
                if p.public {
                    v.push(serde_json::to_string(&(&p.options, &p.texts)).expect("json"));
                }
            }
        }
        Who::Seat(f) => {
            let seat = f.to_string();
            if caller == who && !out.reply_public {
                v.push(format!("answer: {}", out.reply));
            }
            for p in out.private.iter().filter(|p| p.seat == seat) {
                v.push(format!("dm to {} (board {}): {}", p.user, p.board, p.text));
            }
            for e in out.events.iter().filter(|e| e.to.as_deref() == Some(seat.as_str())) {
                v.push(format!("event: {}", e.text));
            }
            if let Some(p) = out.prompt.as_ref().filter(|p| p.seat == seat) {
                v.push(serde_json::to_string(p).expect("json"));
                v.push(serde_json::to_string(&option_menus(p, 0)).expect("json"));
            }
        }
    }
    v
}

/// The public answer of a card that asks the Rebels about their base ("Interrogation: the
/// Rebel base is not in Tatooine"): it differs between base twins by design.
fn intel_answer(line: &str) -> bool {
    line.contains(": the Rebel base is ")
}

fn diff(a: &[String], b: &[String]) -> String {
    let only_a: Vec<&String> = a.iter().filter(|x| !b.contains(x)).collect();
    let only_b: Vec<&String> = b.iter().filter(|x| !a.contains(x)).collect();
    let cut = |v: Vec<&String>| -> Vec<String> {
        v.into_iter().map(|s| s.chars().take(600).collect::<String>()).collect()
    };
    format!("original only: {:#?}\ntwin only: {:#?}", cut(only_a), cut(only_b))
}

/// A twin under comparison: its service, and its outcome of the next action if it applied
/// (with the engine's events of it).
struct Pending<G: Game> {
    twin: Twin,
    svc: Service<G>,
    next: Option<Outcome>,
    events: Vec<Event>,
}

/// Whether an action legitimately showed a viewer something that differs between two twins:
/// the first of the events it saw that differs between them reveals a card or the base (a card
/// drawn, played or looked at, how many cards a draw gave, a mission revealed or its result,
/// the base revealed, moved or chosen) — what follows from it may then differ too — or the
/// cards its view shows of the opponent's hand (Good Intel), the base, its intel or the winner
/// differ (a destroyed system ends the game in the twin whose base was there), or one twin
/// drew an Immediate objective (shown at once) where the other drew a hidden card. A
/// step asked in one twin and skipped in the other is not a revelation: one list of events
/// then stops where the other goes on, or the two differ first in a plain note.
fn learnt(who: Who, a: (&State, &[Event]), b: (&State, &[Event])) -> bool {
    let seen = |events: &[Event]| -> Vec<EventKind> {
        let me = match who {
            Who::Public => None,
            Who::Seat(f) => Some(f),
        };
        events.iter().filter(|e| e.audience.visible_to(me)).map(|e| e.kind.clone()).collect()
    };
    let (ea, eb) = (seen(a.1), seen(b.1));
    // Where the two lists first part (one may simply go on where the other stops).
    let split = ea.iter().zip(&eb).take_while(|(x, y)| x == y).count();
    let first = ea.get(split).zip(eb.get(split));
    let reveals = |k: &EventKind| {
        matches!(
            k,
            EventKind::MissionRevealed { .. }
                | EventKind::MissionResult { .. }
                | EventKind::CardPlayed { .. }
                | EventKind::CardsSeen { .. }
                | EventKind::CardsDrawn { .. }
                | EventKind::BaseRevealed { .. }
                | EventKind::BaseMoved { .. }
                | EventKind::BaseChosen { .. }
                | EventKind::MissionSetRevealed { .. }
        )
    };
    if let Some((x, y)) = first
        && std::mem::discriminant(x) == std::mem::discriminant(y)
        && reveals(x)
    {
        return true;
    }
    // An Immediate objective (Rise of the Empire) is shown the moment it is drawn: where one twin
    // drew it and the other a card that stays hidden, the reveal in one list faces whatever
    // comes next in the other.
    let immediate = |k: &EventKind| {
        matches!(k, EventKind::CardPlayed { deck, card, .. } if deck == "objective"
            && catalog().objective_by_key(card).is_some_and(|o| catalog().objective(o).timing == ObjectiveTiming::Immediate))
    };
    if ea.get(split).is_some_and(immediate) || eb.get(split).is_some_and(immediate) {
        return true;
    }
    let shown = |s: &State| {
        let v = view(s, viewer(who));
        let others: Vec<(&Faction, &String, &ViewCards)> = v
            .hands
            .iter()
            .filter(|(f, _)| Who::Seat(**f) != who)
            .flat_map(|(f, h)| h.iter().map(move |(k, c)| (f, k, c)))
            .filter(|(_, _, c)| matches!(c, ViewCards::Visible(_)))
            .collect();
        format!("{others:?}\n{:?}\n{:?}\n{:?}", v.base, v.intel, v.winner)
    };
    shown(a.0) != shown(b.0)
}

/// Compares a state with one twin now, and prepares the next-action comparison.
fn twin_now<G: Game<State = State, Action = Action, Options = MatchOptions>>(
    seed: u64,
    store: &MemoryStore,
    svc: &Service<G>,
    s: &State,
    twin: Twin,
    next: (Faction, &Action),
    stats: &mut Stats,
) -> Result<Option<Pending<G>>, Leak> {
    let label = twin.kind.to_string();
    if twins::waiting(s) != twins::waiting(&twin.state) {
        return Err(leak(
            seed,
            s,
            format!(
                "who decides what depends on the {label}: {:?} vs {:?}",
                twins::waiting(s),
                twins::waiting(&twin.state)
            ),
        ));
    }
    let tsvc = twin_service::<G>(store, &twin.state);
    for &who in &twin.observers {
        let a = observe(svc, s, who);
        let b = observe(&tsvc, &twin.state, who);
        let (va, vb) = (board_input::<G>(s, who), board_input::<G>(&twin.state, who));
        if va != vb {
            let (a, b) = (vec![va.to_string()], vec![vb.to_string()]);
            return Err(leak(
                seed,
                s,
                format!("{who}'s board input tells the {label} apart:\n{}", diff(&a, &b)),
            ));
        }
        if a != b {
            return Err(leak(seed, s, format!("{who} can tell the {label} apart now:\n{}", diff(&a, &b))));
        }
    }
    // The same illegal commands must be refused in the same words for an observer who decides.
    if let Some(d) = holonet::engine::rebellion::decision(s)
        && twin.observers.contains(&Who::Seat(d.seat))
    {
        for line in illegal_commands(s, &d.actions) {
            let a = svc.act(CH, actor(s, d.seat, &Action::Pass), Answer::Command(line.clone())).map(|_| ());
            let b = tsvc.act(CH, actor(s, d.seat, &Action::Pass), Answer::Command(line.clone())).map(|_| ());
            let (a, b) = (err_text(a), err_text(b));
            if a != b {
                return Err(leak(
                    seed,
                    s,
                    format!(
                        "the {} seat's refused `{line}` reads differently with the {label}: {a:?} vs {b:?}",
                        d.seat
                    ),
                ));
            }
        }
    }
    *stats.twins_now.entry(label.clone()).or_default() += 1;
    let (seat, action) = next;
    let legal = holonet::engine::rebellion::decision(&twin.state).is_some_and(|d| d.actions.contains(action));
    let (next, events) = if legal && twin.kind != Kind::Rng {
        let who = actor(&twin.state, seat, action);
        let out = tsvc.act(CH, who, Answer::Command(action.command())).map_err(|e| {
            leak(seed, s, format!("`{}` legal in the {label} twin was refused: {e}", action.command()))
        })?;
        let mut t = twin.state.clone();
        let player = player_of(&twin.state, seat, who);
        let events = holonet::engine::rebellion::apply_as(&mut t, player, action.clone()).expect("legal");
        (Some(out), events)
    } else {
        (None, vec![])
    };
    Ok(Some(Pending { twin, svc: tsvc, next, events }))
}

fn err_text(r: Result<(), ServiceError>) -> String {
    match r {
        Ok(()) => "applied".into(),
        Err(e) => e.to_string(),
    }
}

/// Compares the original's outcome of the next action with the twin's.
#[allow(clippy::too_many_arguments)]
fn twin_next<G: Game<State = State, Action = Action, Options = MatchOptions>>(
    seed: u64,
    before: &State,
    after: &State,
    events: &[Event],
    p: Pending<G>,
    out: &Outcome,
    caller_who: Who,
    stats: &mut Stats,
) -> Result<(), Leak> {
    let Some(tout) = &p.next else { return Ok(()) };
    let label = p.twin.kind.to_string();
    let tafter = p.svc.state(CH).expect("state").expect("started");
    for &who in &p.twin.observers {
        let a = project(out, who, caller_who);
        let b = project(tout, who, caller_who);
        if a == b {
            continue;
        }
        // The viewer was legitimately shown something that differs between the twins (a card
        // drawn or played, the base revealed or given away): what follows from it may differ
        // too. Anything else that differs — whose turn it is, a step asked or skipped — is a
        // leak, however it came about.
        if learnt(who, (after, events), (&tafter, &p.events)) {
            *stats.learnt.entry(label.clone()).or_default() += 1;
            continue;
        }
        let lines = |v: &[String]| -> BTreeSet<String> {
            v.iter().flat_map(|x| x.lines().map(str::to_string)).collect()
        };
        let only_intel = lines(&a).symmetric_difference(&lines(&b)).all(|l| intel_answer(l));
        if only_intel && p.twin.kind == Kind::Base {
            *stats.learnt.entry(label.clone()).or_default() += 1;
            continue;
        }
        return Err(leak(
            seed,
            before,
            format!("{who} can tell the {label} apart after the same action:\n{}", diff(&a, &b)),
        ));
    }
    *stats.twins_next.entry(label).or_default() += 1;
    Ok(())
}

/// Compares two positions built by hand that differ only in a secret of `owner` (a twin made
/// for one rule: Contingency Plan with one or two starting missions in hand, Rapid Mobilization
/// drawing forbidden or allowed probe cards, a card usable or not at the next window), as the
/// Discord host shows them: the channel and `owner`'s opponent must get the same now and after
/// the same next action, unless it legitimately shows them the difference.
pub fn compare_positions<G: Game<State = State, Action = Action, Options = MatchOptions>>(
    a: &State,
    b: &State,
    kind: Kind,
    owner: Faction,
    next: (Faction, Action),
) -> Result<Stats, Leak> {
    let mut stats = Stats::default();
    let store = Arc::new(MemoryStore::new());
    let svc: Service<G> = Service::with_clock(store.clone(), Box::new(|| 1_000));
    let err = |e: ServiceError| Leak { seed: 0, version: a.version, what: format!("service refused: {e}") };
    svc.create(CH, Some(1), REBEL, MatchOptions { quick_setup: true, ..Default::default() }, Some(0))
        .map_err(err)?;
    svc.join(CH, REBEL, Some("rebel")).map_err(err)?;
    svc.join(CH, EMPIRE, Some("empire")).map_err(err)?;
    svc.start(CH, REBEL).map_err(err)?;
    let original = twin_service::<G>(&store, a);
    let twin = Twin { kind, state: b.clone(), observers: vec![Who::Public, Who::Seat(owner.opponent())] };
    let (seat, action) = next;
    let Some(pending) = twin_now::<G>(0, &store, &original, a, twin, (seat, &action), &mut stats)? else {
        return Ok(stats);
    };
    let out = original
        .act(CH, caller(seat), Answer::Command(action.command()))
        .map_err(|e| leak(0, a, format!("`{}` refused: {e}", action.command())))?;
    let mut after = a.clone();
    let events = holonet::engine::rebellion::apply(&mut after, seat, action).expect("applied by the service");
    twin_next::<G>(0, a, &after, &events, pending, &out, Who::Seat(seat), &mut stats)?;
    Ok(stats)
}

/// A few commands the decider might type that are not legal now: each legal option with one
/// word replaced by another name of the same kind, and a few fixed shapes.
pub fn illegal_commands(s: &State, legal: &[Action]) -> Vec<String> {
    let mut rng = GameRng::from_seed(s.version ^ 0x1EA4);
    let c = catalog();
    let systems: Vec<&str> = holonet::content::SystemId::all().map(|x| x.key()).collect();
    let leaders: Vec<&str> = holonet::content::LeaderId::all().map(|x| x.key()).collect();
    let missions: Vec<&str> = holonet::content::MissionId::all().map(|x| x.key()).collect();
    let mut lines = vec![];
    for _ in 0..3 {
        let a = &legal[rng.below(legal.len())];
        let mut words: Vec<String> = a.command().split_whitespace().map(str::to_string).collect();
        if words.len() < 2 {
            continue;
        }
        let i = 1 + rng.below(words.len() - 1);
        let w = &words[i];
        let pool = if c.system_by_key(w).is_some() {
            &systems
        } else if c.leader_by_key(w).is_some() {
            &leaders
        } else if c.mission_by_key(w).is_some() {
            &missions
        } else {
            continue;
        };
        words[i] = pool[rng.below(pool.len())].to_string();
        lines.push(words.join(" "));
    }
    let sys = systems[rng.below(systems.len())];
    let lead = leaders[rng.below(leaders.len())];
    let mis = missions[rng.below(missions.len())];
    lines.push(format!("activate {sys} {lead}"));
    lines.push(format!("reveal {mis} {sys}"));
    lines.push(format!("assign {mis} {lead}"));
    // Only those the engine refuses (a replaced word may still name a legal option).
    lines.retain(|l| {
        Action::parse(l).is_ok_and(|a| {
            let mut t = s.clone();
            let seat = holonet::engine::rebellion::decision(s).map(|d| d.seat).unwrap_or(Faction::Rebel);
            holonet::engine::rebellion::apply(&mut t, seat, a).is_err()
        })
    });
    lines
}

/// Every form a match's seed and salt are written in: the salt, the seed in 16 hex digits, the
/// 64 hex digits of the random stream it seeds (what a saved state holds) and, when it is long
/// enough to be told from other numbers (six digits or more), the seed in decimal (what an
/// export and the reveal show).
pub fn sealed_forms(seed: u64, salt: &str) -> Vec<String> {
    let stream = serde_json::to_value(GameRng::from_seed(seed)).expect("the stream serialises");
    let mut forms = vec![format!("{seed:016x}"), stream["seed"].as_str().expect("its seed").to_string()];
    if !salt.is_empty() {
        forms.push(salt.to_string());
    }
    if seed >= 100_000 {
        forms.push(seed.to_string());
    }
    forms
}

/// Plays one seeded match to its end; every check runs after every action.
pub fn play<G: Game<State = State, Action = Action, Options = MatchOptions>>(
    seed: u64,
    u: &Universe,
    cfg: Config,
) -> Result<Stats, Leak> {
    let mut stats = Stats::default();
    let store = Arc::new(MemoryStore::new());
    let svc: Service<G> = Service::with_clock(store.clone(), Box::new(|| 1_000));
    // A quarter of the seeds (odd ones, so with the full setup) play with Rise of the Empire;
    // none of the seeds that once leaked is among them, so they still replay the base game.
    // The team game, all with the full setup and none of them a seed that once leaked: one
    // seed in sixteen plays the base game with four players and one with three; one in sixteen
    // plays the expansion with three, one in thirty-two with four.
    let players = match (seed % 16, seed % 32) {
        (1, _) | (_, 7) => Players::Four,
        (9, _) | (3, _) => Players::Three,
        _ => Players::Two,
    };
    let options =
        MatchOptions { quick_setup: seed.is_multiple_of(2), rise_of_the_empire: seed % 4 == 3, players };
    let err = |e: ServiceError| Leak { seed, version: 0, what: format!("service refused: {e}") };
    svc.create(CH, Some(1), REBEL, options.clone(), Some(seed)).map_err(err)?;
    for seat in G::seats(&options) {
        svc.join(CH, caller_for(&seat), Some(&seat)).map_err(err)?;
    }
    let out = svc.start(CH, REBEL).map_err(err)?;
    // Public lines as they were posted, each checked against the secrets of its moment.
    let mut posted: HashSet<String> = HashSet::new();
    let mut post = |o: &Outcome| {
        let public = o.events.iter().filter(|e| e.to.is_none());
        posted.extend(public.flat_map(|e| e.text.lines().map(str::to_string)));
    };
    post(&out);
    let mut pos = Position::new(svc.state(CH).map_err(err)?.expect("started"));
    let mut know = Knowledge::new(u, pos.state());
    let meta = store.load_meta(&CH.to_string()).map_err(|e| err(e.into()))?.expect("stored");
    know.sealed = sealed_forms(meta.seed, &meta.salt);
    if !meta.commitment.is_empty() && svc.status(CH, STRANGER).map_err(err)?.reply.contains(&meta.commitment)
    {
        stats.commitments += 1;
    }
    {
        let mut c = Checker::new(u, &know, pos.state());
        check_outcome(&mut c, &out, Who::Seat(Faction::Rebel), pos.state());
        done(&c, &mut stats, seed, pos.state())?;
    }
    let mut prompt = out.prompt;
    // The players' choices have their own stream, so a seed plays the same game whatever is
    // sampled for checking (and in debug and release alike).
    let mut play = GameRng::from_seed(seed ^ 0x1EAC_5EED);
    let mut rng = GameRng::from_seed(seed ^ 0x7EA5_C4EC);
    let rollback_at = if seed % 2 == 1 { Some(50 + play.below(200) as u64) } else { None };
    let mut rolled_back = false;
    while let Some(d) = pos.decision().cloned() {
        let s = pos.state().clone();
        let Some(p) = prompt.take() else {
            return Err(leak(seed, &s, "the engine waits for a decision but the service shows no prompt"));
        };
        if seat_faction(&p.seat) != d.seat || p.options.len() != d.actions.len() {
            return Err(leak(seed, &s, "the service's prompt is not the engine's decision"));
        }
        let (seat, action) = random_answer(&d, &mut play);
        let index = d.actions.iter().position(|a| *a == action).expect("chosen among the options");
        // The Empire's secret mission-set pick is held for one action only: compare it then,
        // always (a base game never gets here, so its samples are drawn as before).
        let set_pick =
            matches!(s.stack.last(), Some(Frame::Setup(SetupStep::MissionSets { empire: Some(_) })));
        let sample = set_pick || rng.below(cfg.twin_every) == 0;
        let mut pending = None;
        if sample {
            let kinds = twins::kinds(&s);
            // The base is the one secret that ends a match: compare it at every other sample.
            let kind = if set_pick {
                Kind::MissionSet
            } else if kinds.contains(&Kind::Base) && rng.below(2) == 0 {
                Kind::Base
            } else {
                kinds[rng.below(kinds.len())]
            };
            let unknown = |f: Faction, c: Card| !know.has_seen(Who::Seat(f), u.index(c));
            if let Some(twin) = twins::make(&s, kind, &mut rng, &unknown) {
                pending = twin_now::<G>(seed, &store, &svc, &s, twin, (seat, &action), &mut stats)?;
            }
            probes(seed, u, &know, &svc, &s, &d, &action, &mut stats)?;
        }
        let who = actor(&s, seat, &action);
        let out = svc
            .act(CH, who, Answer::Option { key: p.key(), index })
            .map_err(|e| leak(seed, &s, format!("legal `{}` refused: {e}", action.command())))?;
        let events = pos
            .apply_as(player_of(&s, seat, who), action.clone())
            .map_err(|e| leak(seed, &s, format!("the engine refused `{}`: {e}", action.command())))?;
        stats.actions += 1;
        post(&out);
        let now = pos.state();
        // A side's private events go to each of its seats (teammates share them).
        let seats_of = |f: Faction| if now.options.players.splits(f) { 2 } else { 1 };
        let expected: usize = events
            .iter()
            .map(|e| match e.audience {
                holonet::engine::rebellion::Audience::Public => 1,
                holonet::engine::rebellion::Audience::Only(f) => seats_of(f),
            })
            .sum();
        if out.events.len() != expected {
            return Err(leak(seed, now, "the service's events are not the engine's"));
        }
        let mut broken = violations(now);
        broken.extend(step_violations(&s, now));
        if !broken.is_empty() {
            return Err(leak(seed, now, format!("invariants broken: {broken:?}")));
        }
        know.observe(u, &events);
        know.observe_state(u, now);
        let mut c = Checker::new(u, &know, now);
        check_outcome(&mut c, &out, Who::Seat(seat), now);
        if sample && let Some(p) = &out.prompt {
            check_autocomplete(&mut c, p);
        }
        done(&c, &mut stats, seed, now)?;
        if let Some(p) = pending {
            twin_next::<G>(seed, &s, now, &events, p, &out, Who::Seat(seat), &mut stats)?;
        }
        if now.version.is_multiple_of(64) && svc.state(CH).map_err(err)?.as_ref() != Some(now) {
            return Err(leak(seed, now, "the service's state is not the engine's"));
        }
        prompt = out.prompt;
        if !rolled_back && rollback_at.is_some_and(|v| now.version >= v) {
            rolled_back = true;
            let steps = 1 + play.below(3) as u64;
            let out = svc.rollback(CH, MODERATOR, steps).map_err(err)?;
            post(&out);
            pos = Position::new(svc.state(CH).map_err(err)?.expect("started"));
            know.observe_state(u, pos.state());
            let mut c = Checker::new(u, &know, pos.state());
            check_outcome(&mut c, &out, Who::Public, pos.state());
            done(&c, &mut stats, seed, pos.state())?;
            stats.rollbacks += 1;
            prompt = out.prompt;
        }
    }
    let end = pos.state();
    if end.winner.is_none() {
        return Err(leak(seed, end, "the match stopped without a winner"));
    }
    let mut c = Checker::new(u, &know, end);
    let log = svc.log(CH, usize::MAX).map_err(err)?;
    // A line posted during play was checked then, against what was secret at that moment (the
    // base's old system is public once it moved, even if it moves back there later); any other
    // line is checked now.
    for line in log.reply.lines().filter(|l| !posted.contains(*l)) {
        c.text(Who::Public, "the public log", line);
    }
    c.text(Who::Public, "the status", &svc.status(CH, STRANGER).map_err(err)?.reply);
    done(&c, &mut stats, seed, end)?;
    stats.games += 1;
    if !end.options.players.is_two() {
        *stats.team_games.entry(end.options.players.count()).or_default() += 1;
    }
    Ok(stats)
}

/// The occasional commands a Discord host also answers: `/rebellion status` and `hand`,
/// moves sent by the wrong seat or a stranger, and illegal moves of the decider; their answers
/// are checked against the receiver's canaries.
#[allow(clippy::too_many_arguments)]
fn probes<G: Game<State = State, Action = Action, Options = MatchOptions>>(
    seed: u64,
    u: &Universe,
    know: &Knowledge,
    svc: &Service<G>,
    s: &State,
    d: &holonet::engine::rebellion::Decision,
    action: &Action,
    stats: &mut Stats,
) -> Result<(), Leak> {
    let mut c = Checker::new(u, know, s);
    let status = svc.status(CH, STRANGER).map(|o| o.reply).unwrap_or_else(|e| e.to_string());
    c.text(Who::Public, "the status", &status);
    for f in Faction::BOTH {
        let status = svc.status(CH, caller(f)).map(|o| o.reply).unwrap_or_else(|e| e.to_string());
        c.text(Who::Seat(f), "the status", &status);
        c.text(Who::Seat(f), "the list of matches", &mine(svc, f));
        match svc.hand(CH, caller(f)) {
            Ok(o) => {
                c.text(Who::Seat(f), "the hand answer", &o.reply);
                if let Some(p) = &o.prompt {
                    check_prompt(&mut c, p);
                }
            }
            Err(e) => c.text(Who::Seat(f), "the hand answer", &e.to_string()),
        }
    }
    let other = d.seat.opponent();
    // The decider's own move, sent by the other seat and by a stranger: the refusal must not
    // show what it names (it may be a hidden card of the decider).
    let line = action.command();
    let wrong = svc.act(CH, caller(other), Answer::Command(line.clone()));
    c.text(Who::Seat(other), "an error", &err_text(wrong.map(|_| ())));
    let stranger = svc.act(CH, STRANGER, Answer::Command(line));
    c.text(Who::Public, "an error", &err_text(stranger.map(|_| ())));
    // A teammate who does not decide is refused in words that name nothing hidden either.
    if s.options.players.splits(d.seat) && d.role.is_some() {
        let mate = if actor(s, d.seat, action) == caller(d.seat) { general(d.seat) } else { caller(d.seat) };
        let r = svc.act(CH, mate, Answer::Command(action.command()));
        c.text(Who::Seat(d.seat), "an error", &err_text(r.map(|_| ())));
    }
    for line in illegal_commands(s, &d.actions) {
        let r = svc.act(CH, actor(s, d.seat, &Action::Pass), Answer::Command(line.clone()));
        c.answer_to(Who::Seat(d.seat), "an error", &line, &err_text(r.map(|_| ())));
        stats.errors += 1;
    }
    if svc.state(CH).ok().flatten().as_ref() != Some(s) {
        return Err(leak(seed, s, "a refused command changed the state"));
    }
    done(&c, stats, seed, s)
}
