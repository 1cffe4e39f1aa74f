//! A small scenario builder for rules tests: start a quick-setup game, clear the board, set
//! exactly the position a rule needs through the public state fields, and act with command
//! lines as a player would type them.
#![allow(dead_code)]

pub mod cinematic;

use holonet::content::{ActionCardId, Faction, LeaderId, MissionId, ObjectiveId, SystemId, UnitId, catalog};
use holonet::engine::rebellion::event::{Event, EventKind};
use holonet::engine::rebellion::phases::assignment::AssignmentPhase;
use holonet::engine::rebellion::phases::command::CommandPhase;
use holonet::engine::rebellion::phases::refresh::{RefreshPhase, RefreshStep};
use holonet::engine::rebellion::state::{Assignment, Units};
use holonet::engine::rebellion::{
    Action, Frame, MatchOptions, Place, PromptKind, RuleError, State, apply, decision, new_game,
};

pub const REBEL: Faction = Faction::Rebel;
pub const EMPIRE: Faction = Faction::Empire;

pub fn sys(name: &str) -> SystemId {
    SystemId::parse(name).unwrap_or_else(|e| panic!("system {name}: {e}"))
}
pub fn unit(name: &str) -> UnitId {
    UnitId::parse(name).unwrap_or_else(|e| panic!("unit {name}: {e}"))
}
pub fn leader(name: &str) -> LeaderId {
    LeaderId::parse(name).unwrap_or_else(|e| panic!("leader {name}: {e}"))
}
pub fn mission(name: &str) -> MissionId {
    MissionId::parse(name).unwrap_or_else(|e| panic!("mission {name}: {e}"))
}
pub fn objective(name: &str) -> ObjectiveId {
    ObjectiveId::parse(name).unwrap_or_else(|e| panic!("objective {name}: {e}"))
}
pub fn place(name: &str) -> Place {
    Place::parse(name).unwrap_or_else(|e| panic!("place {name}: {e}"))
}
pub fn parse(line: &str) -> Action {
    Action::parse(line).unwrap_or_else(|e| panic!("cannot parse `{line}`: {e}"))
}

/// Applies a command line; panics with the rule error and the legal options on refusal.
pub fn act(s: &mut State, seat: Faction, line: &str) -> Vec<Event> {
    let a = parse(line);
    match apply(s, seat, a) {
        Ok(ev) => ev,
        Err(e) => {
            let opts: Vec<String> = decision(s)
                .map(|d| d.actions.iter().take(12).map(|a| a.command()).collect())
                .unwrap_or_default();
            panic!("{seat} `{line}` refused: {e}\nlegal now: {opts:?}")
        }
    }
}

/// Ends a movement step with `done` unless the engine already did (it answers a decision
/// whose only option is `done` by itself).
pub fn finish_moving(s: &mut State, f: Faction) {
    if let Some(d) = decision(s)
        && d.seat == f
        && d.kind == PromptKind::MoveUnits
    {
        act(s, f, "done");
    }
}

/// Reveals a mission (`reveal …`) and declines what follows until its ability: the opponent's
/// opposition, and the card windows either side may be asked at (a window opens when a card a
/// player could hold fits, whatever it holds). The mission then succeeds unless leaders
/// already in the system oppose it.
pub fn reveal_unopposed(s: &mut State, f: Faction, line: &str) -> Vec<Event> {
    let mut ev = act(s, f, line);
    for _ in 0..8 {
        let Some(d) = decision(s) else { break };
        let declinable =
            (d.kind == PromptKind::Oppose && d.seat == f.opponent()) || d.kind == PromptKind::Respond;
        if !declinable || !d.actions.contains(&Action::Done) {
            break;
        }
        ev.extend(act(s, d.seat, "done"));
    }
    ev
}

/// Applies a command line expecting a refusal; checks the state did not change.
pub fn refuse(s: &mut State, seat: Faction, line: &str) -> RuleError {
    let before = s.clone();
    let e = match apply(s, seat, parse(line)) {
        Ok(_) => panic!("{seat} `{line}` was accepted but the rules forbid it"),
        Err(e) => e,
    };
    assert_eq!(*s, before, "a refused action must leave the state untouched");
    e
}

/// The legal action commands now (empty if nobody decides).
pub fn legal(s: &State) -> Vec<String> {
    decision(s).map(|d| d.actions.iter().map(|a| a.command()).collect()).unwrap_or_default()
}

/// Whether a command is among the legal actions now.
pub fn is_legal(s: &State, line: &str) -> bool {
    let a = parse(line);
    decision(s).is_some_and(|d| d.actions.contains(&a))
}

/// Who decides now.
pub fn seat(s: &State) -> Option<Faction> {
    decision(s).map(|d| d.seat)
}

/// A fresh quick-setup game with the base hidden in `base` (or the first legal system).
pub fn started(seed: u64, base: Option<&str>) -> State {
    let mut s = new_game(seed, MatchOptions { quick_setup: true, ..Default::default() });
    let d = decision(&s).expect("base choice pending");
    assert_eq!(d.kind, PromptKind::ChooseBase, "quick setup leaves only the base choice");
    let pick = match base {
        Some(b) => {
            let a = Action::ChooseBase { system: sys(b) };
            assert!(d.actions.contains(&a), "base {b} not allowed in seed {seed}");
            a
        }
        None => d.actions[0].clone(),
    };
    apply(&mut s, REBEL, pick).expect("base choice");
    s
}

/// A new Rise of the Empire match (quick setup) past its setup choices: both sides play the
/// expansion's mission set, and the Empire keeps the base starting units; the base choice is
/// pending.
pub fn expansion_game(seed: u64) -> State {
    let mut s =
        new_game(seed, MatchOptions { quick_setup: true, rise_of_the_empire: true, ..Default::default() });
    for (f, line) in [(EMPIRE, "mode 2"), (REBEL, "mode 2"), (EMPIRE, "mode 1")] {
        act(&mut s, f, line);
    }
    s
}

/// A Command Phase turn of `f` in the middle of its mission `m` in `at` (against `target`), its
/// `leaders` moved there from the pool, stopped at `step`: a scripted position for the
/// mission's later windows. The run is returned to adjust (dice, success).
pub fn mission_in_progress<'a>(
    s: &'a mut State,
    f: Faction,
    m: &str,
    at: &str,
    target: Option<&str>,
    leaders: &[&str],
    step: holonet::engine::rebellion::mission::MissionStep,
) -> &'a mut holonet::engine::rebellion::mission::MissionRun {
    let leaders: Vec<LeaderId> = leaders.iter().map(|l| leader(l)).collect();
    for &l in &leaders {
        s.leader_pool.get_mut(f).retain(|&x| x != l);
        s.zone_mut(place(at)).leaders.get_mut(f).push(l);
    }
    let mut c = CommandPhase::new();
    c.turn = f;
    c.in_turn = true;
    let mut run = holonet::engine::rebellion::mission::MissionRun::revealed(
        f,
        mission(m),
        leaders,
        Some(place(at)),
        target.map(leader),
        s.captured.clone(),
    );
    run.step = step;
    s.stack = vec![Frame::Command(c), Frame::Mission(Box::new(run))];
    match s.stack.last_mut() {
        Some(Frame::Mission(run)) => run,
        _ => unreachable!("just pushed"),
    }
}

/// Plays an objective the Rebels are asked about now; returns the reputation it gained.
pub fn score_objective(s: &mut State, card: &str) -> u8 {
    let before = s.reputation;
    assert_eq!(decision(s).unwrap().kind, PromptKind::Objective);
    act(s, REBEL, &format!("objective {card}"));
    before - s.reputation
}

/// Whether the Rebels may play this objective now.
pub fn objective_offered(s: &State, card: &str) -> bool {
    is_legal(s, &format!("objective {card}"))
}

/// Total units of one type anywhere (board, Rebel Base space, queues, ready to deploy, supply).
pub fn unit_total(s: &State, u: UnitId) -> u32 {
    holonet::engine::rebellion::invariants::unit_total(s, u)
}

pub fn events_of(ev: &[Event], pred: impl Fn(&EventKind) -> bool) -> Vec<EventKind> {
    ev.iter().filter(|e| pred(&e.kind)).map(|e| e.kind.clone()).collect()
}

/// Everything a viewer (None = the public) is sent of these events, one event a line: the
/// text a player reads (cards by printed name) and the event as stored (cards by id). A
/// privacy check must look at both: a text check alone misses an id, and an id check alone
/// misses a printed name.
pub fn sent_to(ev: &[Event], viewer: Option<Faction>) -> String {
    ev.iter()
        .filter(|e| e.audience.visible_to(viewer))
        .map(|e| format!("{} {}", e.kind, serde_json::to_string(&e.kind).expect("events serialize")))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Whether what was sent (see `sent_to`) names a card, by its printed name or by its id.
pub fn names_card(sent: &str, name: &str, id: &str) -> bool {
    sent.contains(name) || sent.contains(id)
}

/// A test position builder over a started game.
pub struct Scenario {
    pub s: State,
}

impl Scenario {
    /// Quick setup, base chosen, round 1 Assignment Phase pending.
    pub fn new(seed: u64) -> Self {
        Scenario { s: started(seed, None) }
    }

    /// Removes every unit, leader, marker, assignment and queued unit (and the record of systems
    /// searched): units to the supply,
    /// leaders to their pools. Coruscant keeps its fixed Imperial loyalty.
    pub fn clear(mut self) -> Self {
        let s = &mut self.s;
        let places: Vec<Place> = s.places().collect();
        for p in places {
            for f in [REBEL, EMPIRE] {
                let units = std::mem::take(s.zone_mut(p).units.get_mut(f));
                for (u, n) in units.iter() {
                    s.supply.get_mut(f).add(u, n);
                }
                let leaders = std::mem::take(s.zone_mut(p).leaders.get_mut(f));
                s.leader_pool.get_mut(f).extend(leaders);
            }
        }
        for f in [REBEL, EMPIRE] {
            for q in s.build_queue.get_mut(f).iter_mut() {
                let units = std::mem::take(q);
                for (u, n) in units.iter() {
                    s.supply.get_mut(f).add(u, n);
                }
            }
            let asg = std::mem::take(s.assignments.get_mut(f));
            for a in asg {
                s.hands.get_mut(f).missions.push(a.mission);
                s.leader_pool.get_mut(f).extend(a.leaders);
            }
        }
        s.captured.clear();
        // No Imperial ground unit has stood anywhere on the cleared board.
        s.searched.clear();
        for id in SystemId::all() {
            let st = s.sys_mut(id);
            st.loyalty = if catalog().system(id).fixed_imperial { Some(EMPIRE) } else { None };
            st.subjugated = false;
            st.sabotaged = false;
            st.destroyed = false;
        }
        self
    }

    /// Puts `n` units from the supply in a place.
    pub fn units(mut self, at: &str, u: &str, n: u8) -> Self {
        let u = unit(u);
        let f = catalog().unit(u).faction;
        let p = place(at);
        self.s.supply.get_mut(f).remove(u, n);
        self.s.zone_mut(p).units.get_mut(f).add(u, n);
        self
    }

    /// Moves a leader from its pool (or wherever it is) to a place.
    pub fn leader_at(mut self, at: &str, l: &str) -> Self {
        let l = leader(l);
        self.take_leader(l);
        let f = catalog().leader(l).faction;
        self.s.zone_mut(place(at)).leaders.get_mut(f).push(l);
        self
    }

    /// Puts a leader (recruited or not) in its faction's pool.
    pub fn in_pool(mut self, l: &str) -> Self {
        let l = leader(l);
        self.take_leader(l);
        let f = catalog().leader(l).faction;
        self.s.leader_pool.get_mut(f).push(l);
        self
    }

    /// Takes a leader out of the game entirely (not in pool, board or assignments).
    pub fn without_leader(mut self, l: &str) -> Self {
        let l = leader(l);
        self.take_leader(l);
        self
    }

    fn take_leader(&mut self, l: LeaderId) {
        let f = catalog().leader(l).faction;
        self.s.leader_pool.get_mut(f).retain(|&x| x != l);
        let places: Vec<Place> = self.s.places().collect();
        for p in places {
            self.s.zone_mut(p).leaders.get_mut(f).retain(|&x| x != l);
        }
        for a in self.s.assignments.get_mut(f).iter_mut() {
            a.leaders.retain(|&x| x != l);
        }
    }

    pub fn loyalty(mut self, at: &str, f: Option<Faction>) -> Self {
        self.s.sys_mut(sys(at)).loyalty = f;
        self
    }
    pub fn subjugated(mut self, at: &str) -> Self {
        self.s.sys_mut(sys(at)).subjugated = true;
        self
    }
    pub fn sabotaged(mut self, at: &str) -> Self {
        self.s.sys_mut(sys(at)).sabotaged = true;
        self
    }

    /// Sets the base's system (hidden or revealed).
    pub fn base(mut self, at: &str, revealed: bool) -> Self {
        self.s.base.system = Some(sys(at));
        self.s.base.revealed = revealed;
        self
    }

    /// Puts a mission facedown with its leaders (taken from the pool; the card is taken from
    /// the hand if there, else conjured).
    pub fn assign(mut self, f: Faction, m: &str, leaders: &[&str]) -> Self {
        let m = mission(m);
        let hand = &mut self.s.hands.get_mut(f).missions;
        if let Some(i) = hand.iter().position(|&x| x == m) {
            hand.remove(i);
        }
        let ls: Vec<LeaderId> = leaders.iter().map(|l| leader(l)).collect();
        for &l in &ls {
            self.take_leader(l);
        }
        self.s.assignments.get_mut(f).push(Assignment { mission: m, leaders: ls });
        self
    }

    pub fn time(mut self, t: u8) -> Self {
        self.s.time = t;
        self
    }
    pub fn reputation(mut self, r: u8) -> Self {
        self.s.reputation = r;
        self
    }

    /// Puts the flow at the start of a Command Phase turn of `turn`.
    pub fn command(mut self, turn: Faction) -> Self {
        let mut c = CommandPhase::new();
        c.turn = turn;
        self.s.stack = vec![Frame::Command(c)];
        self
    }

    /// Makes the match a team game of `players` (3 or 4).
    pub fn players(mut self, players: holonet::engine::rebellion::Players) -> Self {
        self.s.options.players = players;
        self
    }

    /// Puts the flow at a team game's Command Phase turn of one role (`players` first).
    pub fn team_turn(mut self, f: Faction, colour: holonet::content::TeamColour) -> Self {
        let mut c = CommandPhase::for_match(&self.s);
        let t = c.team.as_mut().expect("a team game");
        t.index = catalog()
            .team
            .command_order
            .iter()
            .position(|r| r.faction == f && r.colour == colour)
            .expect("every role takes turns");
        c.turn = f;
        self.s.stack = vec![Frame::Command(c)];
        self
    }

    /// Puts the flow at a Command Phase turn of `turn` where the opponent already passed
    /// (so the phase ends when `turn` passes).
    pub fn command_opponent_passed(mut self, turn: Faction) -> Self {
        let mut c = CommandPhase::new();
        c.turn = turn;
        *c.passed.get_mut(turn.opponent()) = true;
        self.s.stack = vec![Frame::Command(c)];
        self
    }

    /// Puts the flow at the Assignment Phase of `turn`.
    pub fn assignment(mut self, turn: Faction) -> Self {
        self.s.stack = vec![Frame::Assignment(AssignmentPhase::of(turn))];
        self
    }

    /// Puts the flow at the start of the Refresh Phase (the objective window).
    pub fn refresh(mut self) -> Self {
        self.s.stack = vec![Frame::Refresh(RefreshPhase::new())];
        self
    }

    /// Puts the flow at one Refresh step.
    pub fn refresh_at(mut self, step: RefreshStep) -> Self {
        self.s.stack = vec![Frame::Refresh(RefreshPhase { step })];
        self
    }

    /// Sets a faction's build queue space (1..=3), taking units from the supply.
    pub fn queued(mut self, f: Faction, space: usize, u: &str, n: u8) -> Self {
        let u = unit(u);
        self.s.supply.get_mut(f).remove(u, n);
        self.s.build_queue.get_mut(f)[space - 1].add(u, n);
        self
    }

    pub fn build(self) -> State {
        self.s
    }
}

impl Scenario {
    /// A cleared board, base hidden in Dantooine, where `f` holds the action cards `cards` and
    /// nobody else holds any.
    pub fn holding(seed: u64, f: Faction, cards: &[&str]) -> Self {
        let mut sc = Scenario::new(seed).clear().base("dantooine", false);
        sc.s.hands.rebel.actions.clear();
        sc.s.hands.empire.actions.clear();
        sc.s.hands.get_mut(f).actions =
            cards.iter().map(|c| ActionCardId::parse(c).expect("an action card")).collect();
        sc
    }
}

/// A Rebel Command Phase turn with Contingency Plan assigned to Lando, the Rebel hand holding
/// the missions `hand`, the base revealed in Dantooine (so choosing a mission is the only choice
/// the card leaves): the Rebels are about to reveal it.
pub fn contingency_ready(seed: u64, hand: &[&str]) -> State {
    let mut s = Scenario::new(seed)
        .clear()
        .base("dantooine", true)
        .in_pool("lando_calrissian")
        .assign(REBEL, "contingency_plan", &["lando_calrissian"])
        .command(REBEL)
        .build();
    s.hands.rebel.missions = hand.iter().map(|m| mission(m)).collect();
    s
}

/// Rapid Mobilization at the end of a Command Phase, the base revealed in Hoth (so a new base is
/// the only choice), Mandalore, Corellia and Mustafar loyal to the Empire (they cannot take the
/// base) and `top` the top four probe cards: the Rebels are about to choose `mode 2`.
pub fn mobilizing(seed: u64, top: &[&str]) -> State {
    let mut s = Scenario::new(seed)
        .clear()
        .base("hoth", true)
        .loyalty("mandalore", Some(EMPIRE))
        .loyalty("corellia", Some(EMPIRE))
        .loyalty("mustafar", Some(EMPIRE))
        .assign(REBEL, "rapid_mobilization", &["general_rieekan"])
        .command_opponent_passed(REBEL)
        .build();
    let top: Vec<SystemId> = top.iter().map(|x| sys(x)).collect();
    s.hands.empire.probes.clear();
    s.decks.probes = top.clone();
    s.decks.probes.extend(SystemId::all().filter(|x| *x != sys("hoth") && !top.contains(x)));
    act(&mut s, REBEL, "reveal rapid_mobilization");
    act(&mut s, REBEL, "pass");
    s
}

/// A Rebel mission won where Luke Skywalker is, the base revealed, the Rebels holding Son of
/// Skywalker and about to play it: the mission deck holds Seek Yoda and Daring Rescue, or (`daring_rescue_in_hand`)
/// Seek Yoda alone, Daring Rescue being in the Rebel hand instead (the decks' sizes are equal).
pub fn son_of_skywalker_ready(daring_rescue_in_hand: bool) -> State {
    // The base is revealed, so revealing it is not offered beside the card's choice.
    let sc = Scenario::holding(4, REBEL, &["son_of_skywalker"]).base("dantooine", true);
    let mut s = sc.units("bespin", "tie_fighter", 1).build();
    let (hand, deck) = if daring_rescue_in_hand {
        ("daring_rescue", "base_defenses")
    } else {
        ("base_defenses", "daring_rescue")
    };
    s.hands.rebel.missions = vec![mission(hand)];
    s.decks.missions.rebel = vec![mission("hit_and_run"), mission("seek_yoda"), mission(deck)];
    let step = holonet::engine::rebellion::mission::MissionStep::After;
    mission_in_progress(&mut s, REBEL, "build_alliance", "bespin", None, &["luke_skywalker"], step).success =
        true;
    assert!(is_legal(&s, "action son_of_skywalker"), "{:?}", legal(&s));
    s
}

/// The Assignment Phase, the Rebels holding Our Most Desperate Hour with Leia in their pool:
/// their mission deck holds two titles, or (`one_title`) two copies of Sabotage (the other
/// title in their hand instead).
pub fn desperate_hour_ready(one_title: bool) -> State {
    let mut s = Scenario::holding(5, REBEL, &["our_most_desperate_hour"]).assignment(REBEL).build();
    let (hand, deck) = if one_title { ("hit_and_run", "sabotage") } else { ("sabotage", "hit_and_run") };
    s.hands.rebel.missions = vec![mission(hand)];
    s.decks.missions.rebel = vec![mission("sabotage"), mission(deck)];
    s
}

/// The Assignment Phase, the Empire holding Proceeding as Planned with Admiral Ozzel in its
/// pool: the project deck holds two titles, or (`one_title`) two copies of one.
pub fn proceeding_as_planned_ready(one_title: bool) -> State {
    let mut s = Scenario::holding(5, EMPIRE, &["proceeding_as_planned"]).assignment(EMPIRE).build();
    s.leader_pool.empire.push(leader("admiral_ozzel"));
    let second = if one_title { "construct_factory" } else { "construct_super_star_destroyer" };
    s.decks.projects = vec![mission("construct_factory"), mission(second)];
    s
}

/// Empty units helper.
pub fn no_units() -> Units {
    Units::default()
}

/// Both sides pass until the phase ends (from a Command Phase turn with no assignments).
pub fn pass_both(s: &mut State) {
    for _ in 0..2 {
        if let Some(f) = seat(s)
            && is_legal(s, "pass")
        {
            act(s, f, "pass");
        }
    }
}
