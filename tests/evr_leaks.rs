//! No leak in Empire vs. Rebellion: seeded random matches where, at sampled moments, **twins**
//! that differ only in one player's secret are compared through everything the host builds its
//! messages from (the `Game` adapter: status, prompt, option texts, context, view, text board,
//! image fingerprint, private text), for every receiver that may not know the difference; then
//! the same next action is applied to both and what it tells that receiver must match too.
//! A second test plays matches through the service and checks every outbound payload for the
//! names of reserve characters the receiver has never been shown.
//!
//! Twin kinds (the secret's owner `f`, a receiver `r` that may not know it):
//! - **reserve**: a reserve character swapped with a character in `f`'s deck (the chosen
//!   characters at setup, Leia's and Support's picks), neither ever seen by `r`;
//! - **strategy**: `f`'s chosen strategy swapped with an unused one, while `r` may not know it;
//! - **replaced**: the same, once a power (R2-D2 and C-3PO, Emperor Palpatine) made `f` pick
//!   again this round, whatever the opponent or the channel knew of the strategy before
//!   (picked it through Infiltration, shown after Locate the Rebel Base);
//! - **sealed**: with two Infiltrations, the strategy the opponent picked for `f`, while `f`
//!   picks the opponent's (the picks are simultaneous: `f` has not looked yet);
//! - **deck order**: `f`'s deck below its top six reshuffled (no one, `f` included, knows it; one
//!   action draws at most as many cards as the largest capacity, six: Lando Calrissian's).
//!
//! Who may know a strategy is worked out by the harness from the rules and the actions seen
//! (`support/evr.rs`, `Knowledge`), never from the engine's own flags. Each event's winner is
//! checked too, against a referee that works it out again from the totals, the strategies and
//! the balance token.
//!
//! `cargo test` plays 150 matches (about 45 s in the test profile); `HOLONET_EVR_LEAK_GAMES=10000 cargo test --release --test
//! evr_leaks -- --nocapture` is the long check.

use std::collections::BTreeSet;

#[path = "support/evr.rs"]
mod evr;
#[path = "support/evr_twins.rs"]
mod twins;

use holonet::content::Faction;
use holonet::content::evr::{ResourceCardId, catalog};
use holonet::engine::evr::{Action, DecisionKind, EvrState, decision};
use holonet::engine::rng::GameRng;
use holonet::games::evr::{Evr, EvrOptions};
use holonet::games::game::Game;
use twins::{KINDS, Kind, Seen, pick, twin};

const BOTH: [Faction; 2] = Faction::BOTH;

fn games() -> u64 {
    std::env::var("HOLONET_EVR_LEAK_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(150)
}

/// Everything a receiver (`None`: the channel) is shown of a state.
fn observe(s: &EvrState, r: Option<Faction>) -> String {
    let seat = r.map(Faction::key);
    let mut out = vec![Evr::status_text(s), Evr::view_json(s, seat).to_string(), Evr::board_text(s, seat)];
    if let Some(seat) = seat {
        out.push(Evr::private_text(s, seat));
    } else {
        out.push(format!("{:?}", Evr::board_fingerprint(s)));
    }
    if let Some(p) = Evr::prompt(s) {
        out.push(format!("prompt {} {} {:?}", p.seat, p.kind, p.also));
        if Evr::options_public(s, &p) || Some(p.seat.as_str()) == seat {
            out.push(format!("{:?} {:?}", p.options, p.context));
            out.push(serde_json::to_string(&Evr::option_texts(s, &p)).unwrap());
        }
    }
    out.join("\n")
}

/// What the receiver is told by an action's notices.
fn told(notices: &[holonet::games::game::Notice], r: Option<Faction>) -> Vec<String> {
    notices
        .iter()
        .filter(|n| n.to.is_none() || n.to.as_deref() == r.map(Faction::key))
        .map(|n| n.text.clone())
        .collect()
}

/// Whether the next action may show `r` the difference between twins of this kind (a card
/// drawn or revealed, strategies revealed at the end of the struggle).
fn may_show(kind: Kind, a: &Action) -> bool {
    match kind {
        Kind::Reserve => matches!(a, Action::Play | Action::Use { .. } | Action::Deck { .. }),
        Kind::Strategy | Kind::Replaced => matches!(a, Action::Pass | Action::Use { .. }),
        // The owner's own pick turns both over.
        Kind::Sealed => matches!(a, Action::Strategy { .. }),
        Kind::DeckOrder => false,
    }
}

#[test]
fn twins_differing_in_a_secret_look_the_same_to_everyone_who_may_not_know_it() {
    holonet::content::init().unwrap();
    let first: u64 =
        std::env::var("HOLONET_EVR_LEAK_FIRST_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(0);
    let mut compared = [0usize; KINDS.len()];
    let mut actions = 0usize;
    let mut referee = evr::Referee::default();
    for seed in first..first + games() {
        let mut rng = GameRng::from_seed(seed ^ 0x5eed);
        let mut s = Evr::new_match(seed, &EvrOptions::default());
        let mut seen = Seen::default();
        let mut knowledge = evr::Knowledge::default();
        while let Some(d) = decision(&s) {
            seen.note(&s);
            let a = pick(&d, &mut rng);
            // One moment in four is compared, all kinds, both owners, every receiver; the rare
            // moment between two simultaneous Infiltration picks every time.
            let sampled = rng.below(4) == 0;
            let sealed = BOTH.iter().any(|&f| knowledge.sealed_from_owner(&s, f));
            if sampled || sealed {
                for f in BOTH {
                    for (k, kind) in KINDS.into_iter().enumerate() {
                        if !sampled && kind != Kind::Sealed {
                            continue;
                        }
                        let receivers: Vec<Option<Faction>> = match kind {
                            Kind::DeckOrder => vec![None, Some(f.opponent()), Some(f)],
                            Kind::Sealed => vec![Some(f)],
                            _ => vec![None, Some(f.opponent())],
                        };
                        for r in receivers {
                            let Some(mut t) = twin(&s, f, r, kind, &seen, &knowledge, &mut rng) else {
                                continue;
                            };
                            let ctx = || {
                                format!(
                                    "seed {seed}, action {actions}, {kind:?} twin of the {f} player, seen by {r:?}"
                                )
                            };
                            assert_eq!(observe(&s, r), observe(&t, r), "{}", ctx());
                            compared[k] += 1;
                            // The same next action, when the twin offers it too.
                            if d.kind == DecisionKind::ChooseCharacters
                                || may_show(kind, &a)
                                || !decision(&t).is_some_and(|dt| dt.actions.contains(&a))
                            {
                                continue;
                            }
                            let mut u = s.clone();
                            let seat = d.seat.key();
                            let nu = Evr::apply(&mut u, seat, a.clone()).unwrap();
                            let nt = Evr::apply(&mut t, seat, a.clone()).unwrap();
                            assert_eq!(told(&nu, r), told(&nt, r), "{} after `{}`", ctx(), a.command());
                            assert_eq!(Evr::milestone(&s, &u), Evr::milestone(&s, &t), "{}", ctx());
                        }
                    }
                }
            }
            let before = s.clone();
            Evr::apply(&mut s, d.seat.key(), a.clone()).unwrap();
            knowledge.step(&before, &d, &a, &s);
            referee.step(&before, &s).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            actions += 1;
        }
    }
    println!(
        "{} games, {actions} actions, {} events refereed ({} turned round by a Deception); twins compared: \
         reserve {}, strategy {}, replaced {}, sealed {}, deck order {}",
        games(),
        referee.checked,
        referee.turned,
        compared[0],
        compared[1],
        compared[2],
        compared[3],
        compared[4]
    );
    let [reserve, strategy, replaced, sealed, deck] = compared;
    let common = [reserve, strategy, deck];
    assert!(common.iter().all(|&n| n as u64 > games()), "twins of every kind: {compared:?}");
    // Rarer moments: a strategy picked again by a power, two Infiltrations in one round.
    assert!(
        replaced as u64 > games() / 10 && sealed as u64 > games() / 50,
        "twins of every kind: {compared:?}"
    );
    assert!(referee.checked as u64 > 5 * games(), "events refereed: {}", referee.checked);
}

/// Splits an outcome into what the channel sees and what each user sees (the end-of-match
/// reveal, which shows everything, is left out).
fn split(o: &holonet::service::Outcome, caller: u64, seats: &[(u64, &str)]) -> (String, Vec<(u64, String)>) {
    let mut channel = vec![];
    let mut users: Vec<(u64, String)> = vec![];
    let mut to = |u: u64, t: String| users.push((u, t));
    if o.reply_public {
        channel.push(o.reply.clone());
    } else {
        to(caller, o.reply.clone());
    }
    channel.extend(o.public.iter().map(|p| p.text.clone()));
    channel.extend(o.recent.iter().cloned());
    for p in &o.private {
        to(p.user, p.text.clone());
    }
    for n in &o.events {
        match &n.to {
            None => channel.push(n.text.clone()),
            Some(seat) => {
                for (u, s) in seats {
                    if s == seat {
                        to(*u, n.text.clone());
                    }
                }
            }
        }
    }
    if let Some(p) = &o.prompt {
        channel.push(format!("{} {} {:?} {:?}", p.seat, p.kind, p.user, p.announce));
        let options = format!("{:?} {} {:?}", p.options, serde_json::to_string(&p.texts).unwrap(), p.context);
        if p.public {
            channel.push(options);
        } else if let Some(u) = p.user {
            to(u, options);
        }
    }
    (channel.join("\n"), users)
}

#[test]
fn service_payloads_never_name_a_reserve_character_the_receiver_has_not_seen() {
    use holonet::service::{Answer, Caller, Service};
    use holonet::store::MemoryStore;
    use std::sync::Arc;
    holonet::content::init().unwrap();
    let c = catalog();
    let (rebel, empire) = (Caller { user: 1, moderator: false }, Caller { user: 2, moderator: false });
    let seats = [(1u64, "rebel"), (2u64, "empire")];
    let mut checked = 0usize;
    for seed in 0..20u64 {
        use holonet::store::MatchStore;
        let store = Arc::new(MemoryStore::new());
        let svc: Service<Evr> = Service::with_clock(store.clone(), Box::new(|| 1_000));
        let ch = 500 + seed;
        svc.create(ch, Some(7), rebel, EvrOptions::default(), Some(seed)).unwrap();
        svc.join(ch, rebel, Some("rebel")).unwrap();
        svc.join(ch, empire, Some("empire")).unwrap();
        let mut outcome = svc.start(ch, rebel).unwrap();
        // The seed (issue 22): its salt, the seed in hex and the random stream's seed are
        // canaries for everyone until the end (these seeds are too short to check in decimal).
        let meta = store.load_meta(&ch.to_string()).unwrap().unwrap();
        let stream =
            serde_json::to_value(GameRng::from_seed(seed)).unwrap()["seed"].as_str().unwrap().to_string();
        let sealed = [meta.salt.clone(), format!("{seed:016x}"), stream];
        assert!(
            svc.status(ch, rebel).unwrap().reply.contains(&meta.commitment),
            "the status shows the commitment"
        );
        let mut caller = rebel.user;
        let mut rng = GameRng::from_seed(seed);
        let mut public_seen: BTreeSet<ResourceCardId> = BTreeSet::new();
        loop {
            let s = svc.state(ch).unwrap().expect("a match");
            for f in BOTH {
                let side = s.sides.get(f);
                public_seen.extend(side.play.iter().map(|p| p.card).chain(side.discard.iter().copied()));
            }
            // Canaries: reserve characters never shown in the open, by key and by name.
            let canaries = |owner: Faction| -> Vec<String> {
                s.sides
                    .get(owner)
                    .reserve
                    .iter()
                    .filter(|x| !public_seen.contains(x))
                    .flat_map(|&x| [c.resource(x).key.clone(), c.resource(x).name.clone()])
                    .collect()
            };
            let (channel, users) = split(&outcome, caller, &seats);
            let mut status = vec![];
            for (u, _) in seats {
                let who = Caller { user: u, moderator: false };
                let st = svc.status(ch, who).unwrap();
                status.push((
                    u,
                    format!("{} {}", st.reply, st.public.iter().map(|p| p.text.clone()).collect::<String>()),
                ));
            }
            if s.winner.is_some() {
                break;
            }
            for text in std::iter::once(&channel).chain(users.iter().chain(&status).map(|(_, t)| t)) {
                for form in &sealed {
                    assert!(
                        !text.contains(form.as_str()),
                        "seed {seed}: `{form}` was sent before the end:\n{text}"
                    );
                    checked += 1;
                }
            }
            // Events' printed effects are public catalog text (Duel on Cloud City names Luke
            // Skywalker and Darth Vader): taken out before the scan, as the Rebellion harness
            // takes out cards' texts.
            let channel = evr::without_event_texts(&channel);
            let users: Vec<(u64, String)> =
                users.iter().map(|(u, t)| (*u, evr::without_event_texts(t))).collect();
            let status: Vec<(u64, String)> =
                status.iter().map(|(u, t)| (*u, evr::without_event_texts(t))).collect();
            for f in BOTH {
                for name in canaries(f) {
                    assert!(!channel.contains(&name), "seed {seed}: the channel is told {name}:\n{channel}");
                    let opponent = if f == Faction::Rebel { 2 } else { 1 };
                    for (u, text) in users.iter().chain(&status) {
                        if *u == opponent {
                            assert!(
                                !text.contains(&name),
                                "seed {seed}: the {} player's opponent is told {name}:\n{text}",
                                f
                            );
                        }
                    }
                    checked += 1;
                }
            }
            let d = decision(&s).expect("a decision while the match runs");
            let a = d.actions[rng.below(d.actions.len())].clone();
            caller = if d.seat == Faction::Rebel { rebel.user } else { empire.user };
            outcome = svc
                .act(ch, Caller { user: caller, moderator: false }, Answer::Command(a.command()))
                .unwrap_or_else(|e| panic!("seed {seed}: `{}` refused: {e}", a.command()));
        }
    }
    assert!(checked > 10_000, "canary checks: {checked}");
}
