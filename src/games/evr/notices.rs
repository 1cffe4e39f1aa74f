//! What an applied Empire vs. Rebellion action tells whom. Public lines come only from the
//! public views before and after it (so they cannot name a secret); each seat's private lines
//! come from its own views, less what the public lines already say. Also the two public
//! judgements about a step: whether it is a moment to post the board, and whether it may be
//! taken back.

use std::collections::BTreeSet;

use crate::content::Faction;
use crate::content::evr::catalog;
use crate::engine::evr::view::{Cards, EvrView, SideView};
use crate::engine::evr::{Action, EvrState, Viewer, view};
use crate::games::game::Notice;

use super::reckoning;
use super::words::{
    Voice, capitalise_player, card, card_name, card_worth, choice_option, count, event, event_effect,
    event_numbers, list, player, source, strategy, visible, whose,
};
use crate::engine::evr::flow::CHARACTERS_CHOSEN;

/// The notices of one applied action of `seat`, from the states before and after it.
pub fn notices(before: &EvrState, after: &EvrState, seat: Faction, action: &Action) -> Vec<Notice> {
    let (pb, pa) = (view(before, Viewer::Public), view(after, Viewer::Public));
    let mut public = vec![actor_line(&pb, &pa, seat, action)];
    // The dominance phase explained (the totals, the strategies, who takes the event), then
    // everything else the step changed.
    public.extend(reckoning::lines(before, after));
    public.extend(changes(&pb, &pa, seat, action));
    let mut out: Vec<Notice> = public.iter().map(|t| Notice { to: None, text: t.clone() }).collect();
    for f in Faction::BOTH {
        let (vb, va) = (view(before, Viewer::Faction(f)), view(after, Viewer::Faction(f)));
        let mut mine = if f == seat { own_lines(&pb, &va, seat, action) } else { vec![] };
        mine.extend(changes(&vb, &va, seat, action).into_iter().filter(|l| !public.contains(l)));
        out.extend(mine.into_iter().map(|text| Notice { to: Some(f.key().to_string()), text }));
    }
    out
}

/// The public line saying what the player did, naming only what the public views show.
fn actor_line(pb: &EvrView, pa: &EvrView, seat: Faction, action: &Action) -> String {
    let who = capitalise_player(seat);
    match action {
        Action::Character { .. } => format!(
            "{who} picked a character for their deck ({} of {CHARACTERS_CHOSEN}).",
            (pb.sides[&seat].deck + 1).min(CHARACTERS_CHOSEN)
        ),
        Action::Characters { .. } => {
            format!("{who} picked their {CHARACTERS_CHOSEN} characters for their deck.")
        }
        Action::Strategy { .. } => format!("{who} chose a strategy."),
        Action::Play => match played(pb, pa, seat).first() {
            Some(k) => format!("{who} played {}.", card_worth(k, value_of(pa, seat, k), false)),
            None => format!("{who} played a card."),
        },
        Action::Ready { slot } => {
            let name = pa.sides[&seat]
                .play
                .get(usize::from(*slot).saturating_sub(1))
                .map_or_else(|| "a card".to_string(), |p| card(&p.card));
            let cost = catalog().influence_tokens.cost_to_ready;
            format!("{who} spent {cost} influence to ready {name}.")
        }
        Action::Pass => format!("{who} passed."),
        Action::Use { card: c } => format!("{who} used the power of {}.", card_name(*c)),
        Action::Pick { card: c } => {
            let key = &catalog().resource(*c).key;
            if in_public_zone(pb, key) {
                format!("{who} picked {}.", card_name(*c))
            } else {
                format!("{who} made a choice.")
            }
        }
        Action::Deck { faction } => format!("{who} chose {} deck.", whose(*faction)),
        Action::Option { n } => {
            match pb.pending.as_ref().and_then(|p| choice_option(p, *n, Voice::Of(p.actor))) {
                Some(words) => format!("{who} chose to {words}."),
                None => format!("{who} made a choice."),
            }
        }
        Action::Event { .. } => format!("{who} put an event back on the event deck."),
        Action::Done => format!("{who} is done."),
    }
}

/// Private lines for the player who acted: what they chose that nobody else saw (`va`: their
/// own view after it).
fn own_lines(pb: &EvrView, va: &EvrView, me: Faction, action: &Action) -> Vec<String> {
    let c = catalog();
    match action {
        Action::Character { card: x } => {
            let mut out = vec![format!("You picked {} for your deck.", card_name(*x))];
            let reserve = visible(&va.sides[&me].reserve);
            if !reserve.is_empty() {
                let names: Vec<String> = reserve.iter().map(|k| card(k)).collect();
                out.push(format!("Your deck is shuffled; {} wait in your reserve.", list(&names)));
            }
            out
        }
        Action::Pick { card: x } if !in_public_zone(pb, &c.resource(*x).key) => {
            vec![format!("You picked {}.", card_name(*x))]
        }
        Action::Event { card: e } => vec![format!("You put {} next.", c.event(*e).name)],
        _ => vec![],
    }
}

/// Whether a card is face up in a play area or discard pile of the view.
fn in_public_zone(v: &EvrView, key: &str) -> bool {
    v.sides.values().any(|s| s.play.iter().any(|p| p.card == key) || s.discard.iter().any(|k| k == key))
}

/// The value a card counts now in a side's play area.
fn value_of(v: &EvrView, f: Faction, key: &str) -> u8 {
    v.sides[&f].play.iter().find(|p| p.card == key).map_or(0, |p| p.value)
}

/// The cards that came into a side's play area.
fn played(b: &EvrView, a: &EvrView, f: Faction) -> Vec<String> {
    let before: BTreeSet<&String> = b.sides[&f].play.iter().map(|p| &p.card).collect();
    a.sides[&f].play.iter().map(|p| p.card.clone()).filter(|k| !before.contains(k)).collect()
}

fn keys(s: &SideView) -> (BTreeSet<&String>, BTreeSet<&String>) {
    (s.play.iter().map(|p| &p.card).collect(), s.discard.iter().collect())
}

/// Everything the step changed that this view shows, one line each, in third-person words
/// (the same fact reads the same in every view, so a private view's lines can drop those the
/// public already has).
fn changes(b: &EvrView, a: &EvrView, seat: Faction, action: &Action) -> Vec<String> {
    let mut out = vec![];
    // The step's place in the round, judged for the round and not for the step alone: an event
    // may have been won a step earlier (its effect asked its winner something), and a game won
    // at seven victory points ends without a cleanup.
    let step = Step {
        next_round: a.round != b.round,
        cleanup: b.round > 0
            && (a.round != b.round || (a.phase == "game_over" && a.event.is_none() && b.event.is_some())),
        revealed: b.phase == "struggle" && a.phase != "struggle" && a.round == b.round,
    };
    for f in Faction::BOTH {
        out.extend(side_changes(b, a, f, seat, action, step));
    }
    if a.balance != b.balance {
        out.push(format!("The balance token turns to the {} side.", a.balance.name()));
    }
    out.extend(pending_changes(b, a));
    if let (Some(f), None) = (a.winner, b.winner) {
        out.push(format!(
            "{} wins the game with {} victory points.",
            capitalise_player(f),
            a.sides[&f].victory_points
        ));
    } else if a.round != b.round
        && let Some(e) = &a.event
    {
        out.push(format!("Round {} begins. Event — {}.", a.round, event_numbers(e)));
        if let Some(text) = event_effect(e) {
            out.push(format!("Its effect: {text}"));
        }
    }
    out
}

/// Where a step stands in the round.
#[derive(Clone, Copy)]
struct Step {
    /// A new round began (its planning phase).
    next_round: bool,
    /// The round's cleanup ran: every card went back into its deck, the strategies were
    /// discarded.
    cleanup: bool,
    /// The struggle ended within the round: the strategies are revealed (their own lines).
    revealed: bool,
}

/// The changes of one side: its play area, discard pile, reserve, influence, strategies and
/// events won.
fn side_changes(
    b: &EvrView,
    a: &EvrView,
    f: Faction,
    seat: Faction,
    action: &Action,
    step: Step,
) -> Vec<String> {
    let (sb, sa) = (&b.sides[&f], &a.sides[&f]);
    let name = f.name();
    let mut out = vec![];
    if sa.influence != sb.influence && !matches!(action, Action::Ready { .. } if f == seat) {
        let (verb, k) = if sa.influence > sb.influence {
            ("takes", sa.influence - sb.influence)
        } else {
            ("returns", sb.influence - sa.influence)
        };
        out.push(format!("{} {verb} {k} influence (now {}).", capitalise_player(f), sa.influence));
    }
    if step.cleanup {
        // The cleanup gathers every card back into the decks: one line, not one per card.
        if !sb.play.is_empty() || !sb.discard.is_empty() {
            out.push(format!(
                "The {name} cards in play and in the discard pile are shuffled back into the deck."
            ));
        }
    } else {
        out.extend(card_moves(sb, sa, name, f == seat && *action == Action::Play, action));
    }
    // Reserve: names in the owner's view, a count in the others'.
    let (rb, ra) = (visible(&sb.reserve), visible(&sa.reserve));
    if !rb.is_empty() || !ra.is_empty() {
        let left: Vec<String> = rb.iter().filter(|k| !ra.contains(k)).map(|k| card(k)).collect();
        let came: Vec<String> = ra.iter().filter(|k| !rb.contains(k)).map(|k| card(k)).collect();
        if !left.is_empty() && b.round > 0 {
            out.push(format!("{} left the {name} reserve.", list(&left)));
        }
        if !came.is_empty() && b.round > 0 {
            out.push(format!("{} went to the {name} reserve.", list(&came)));
        }
    } else if b.round > 0 {
        let (nb, na) = (count(&sb.reserve), count(&sa.reserve));
        if na < nb {
            out.push(format!("{} character{} left the {name} reserve.", nb - na, plural(nb - na)));
        } else if na > nb {
            out.push(format!("{} character{} went to the {name} reserve.", na - nb, plural(na - nb)));
        }
    }
    // This round's strategy, once this view shows it (the reveal at the end of the struggle
    // has its own line); one set by an effect (drawn at random, picked by the opponent) is news
    // even while hidden.
    match &sa.chosen {
        Some(Cards::Visible(k)) if !step.revealed && (step.next_round || sb.chosen != sa.chosen) => {
            out.push(format!("The {name} strategy this round: {}.", list(&names(k, strategy))));
        }
        Some(Cards::Hidden(_))
            if (step.next_round || sb.chosen.is_none()) && !matches!(action, Action::Strategy { .. }) =>
        {
            out.push(format!("The {name} strategy for this round is set by an effect."));
        }
        _ => {}
    }
    if !step.cleanup {
        let gone: Vec<String> =
            sa.used.iter().filter(|k| !sb.used.contains(k)).map(|k| strategy(k)).collect();
        if !gone.is_empty() {
            out.push(format!("{} goes to the {name} used strategies.", list(&gone)));
        }
        if sa.used.len() < sb.used.len() {
            out.push(format!("The {name} used strategies are taken back."));
        }
    }
    out
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn names(keys: &[String], name: impl Fn(&str) -> String) -> Vec<String> {
    keys.iter().map(|k| name(k)).collect()
}

/// Cards that came into or left a play area or discard pile, and cards exhausted or readied.
fn card_moves(sb: &SideView, sa: &SideView, name: &str, drew: bool, action: &Action) -> Vec<String> {
    let mut out = vec![];
    let (play_b, disc_b) = keys(sb);
    let (play_a, disc_a) = keys(sa);
    let reserve_down = count(&sa.reserve) < count(&sb.reserve);
    let reserve_up = count(&sa.reserve) > count(&sb.reserve);
    if sb.deck == 0 && !sb.discard.is_empty() && sa.discard.is_empty() {
        out.push(format!("The {name} discard pile is shuffled into a new deck."));
    }
    for k in play_a.iter().filter(|k| !play_b.contains(*k)) {
        // The card a Play drew is the actor's line.
        if drew {
            continue;
        }
        let from = if disc_b.contains(*k) && !disc_a.contains(*k) {
            " from the discard pile"
        } else if reserve_down {
            " from the reserve"
        } else {
            " from the deck"
        };
        out.push(format!("{} comes into the {name} play area{from}.", card(k)));
    }
    for k in play_b.iter().filter(|k| !play_a.contains(*k)) {
        let to = if disc_a.contains(*k) {
            "is discarded"
        } else if reserve_up {
            "goes back to the reserve"
        } else {
            "goes back into the deck"
        };
        out.push(format!("{} {to} from the {name} play area.", card(k)));
    }
    for k in disc_a.iter().filter(|k| !disc_b.contains(*k) && !play_b.contains(*k)) {
        out.push(format!("{} is discarded from the {name} deck.", card(k)));
    }
    for k in disc_b.iter().filter(|k| !disc_a.contains(*k) && !play_a.contains(*k)) {
        if !sa.discard.is_empty() || sb.deck != 0 {
            out.push(format!("{} goes from the {name} discard pile to the top of the deck.", card(k)));
        }
    }
    let used = match action {
        Action::Use { card: c } => Some(catalog().resource(*c).key.clone()),
        _ => None,
    };
    let readied = match action {
        Action::Ready { slot } => sa.play.get(usize::from(*slot).saturating_sub(1)).map(|p| p.card.clone()),
        _ => None,
    };
    for p in &sa.play {
        let Some(was) = sb.play.iter().find(|q| q.card == p.card) else { continue };
        if p.exhausted && !was.exhausted && used.as_ref() != Some(&p.card) {
            out.push(format!("{} is exhausted.", card(&p.card)));
        }
        if !p.exhausted && was.exhausted && readied.as_ref() != Some(&p.card) {
            out.push(format!("{} is readied.", card(&p.card)));
        }
    }
    out
}

/// The effect being resolved: its start, and the cards or events it shows (named in the view
/// of the player resolving it, counted in the others').
fn pending_changes(b: &EvrView, a: &EvrView) -> Vec<String> {
    let mut out = vec![];
    let Some(p) = &a.pending else { return out };
    let same_source = b.pending.as_ref().is_some_and(|q| q.source == p.source && q.actor == p.actor);
    if !same_source && p.kind != "power" {
        let (name, _) = source(p);
        out.push(format!("{name} takes effect for {}.", player(p.actor)));
    }
    let before_cards = b.pending.as_ref().filter(|_| same_source).map(|q| q.cards.clone());
    if before_cards.as_ref() != Some(&p.cards) {
        match &p.cards {
            Cards::Visible(k) if !k.is_empty() => {
                out.push(format!("Looked at: {}.", list(&names(k, card))));
            }
            Cards::Hidden(n) if *n > 0 => {
                out.push(format!("{} looks at {n} card{}.", capitalise_player(p.actor), plural(*n)));
            }
            _ => {}
        }
    }
    let before_events = b.pending.as_ref().filter(|_| same_source).map(|q| q.events.clone());
    if before_events.as_ref() != Some(&p.events) {
        match &p.events {
            Cards::Visible(k) if !k.is_empty() => {
                out.push(format!("Events looked at: {}.", list(&names(k, event))));
            }
            Cards::Hidden(n) if *n > 0 => {
                out.push(format!("{} looks at {n} event{}.", capitalise_player(p.actor), plural(*n)));
            }
            _ => {}
        }
    }
    out
}

/// Whether a step is a moment to post the board: a new round (the dominance phase's result
/// and the next event), the start of the dominance phase, the end. Public facts only.
pub fn milestone(before: &EvrState, after: &EvrState) -> bool {
    let (b, a) = (view(before, Viewer::Public), view(after, Viewer::Public));
    a.round != b.round || (a.phase != b.phase && matches!(a.phase, "dominance" | "game_over"))
}

/// Every card key a view shows face up anywhere: play areas, discard piles, and the secrets
/// it may see (reserves, strategies, the cards and events an effect shows).
fn seen(v: &EvrView) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for s in v.sides.values() {
        out.extend(s.play.iter().map(|p| p.card.clone()));
        out.extend(s.discard.iter().cloned());
        out.extend(visible(&s.reserve).iter().cloned());
        out.extend(visible(&s.unused).iter().map(|k| format!("strategy:{k}")));
        if let Some(c) = &s.chosen {
            out.extend(visible(c).iter().map(|k| format!("strategy:{k}")));
        }
    }
    if let Some(p) = &v.pending {
        out.extend(visible(&p.cards).iter().cloned());
        out.extend(visible(&p.events).iter().map(|k| format!("event:{k}")));
    }
    if let Some(e) = &v.event {
        out.insert(format!("event:{e}"));
    }
    out
}

/// Whether the step may be taken back by its player: no random number drawn (no shuffle), no
/// card taken from a deck, no event revealed, and no viewer shown anything it did not see
/// before (a card into play from the reserve, a strategy revealed, a card looked at).
pub fn undoable(before: &EvrState, after: &EvrState) -> bool {
    if before.rng != after.rng || before.events != after.events || before.event != after.event {
        return false;
    }
    if Faction::BOTH.iter().any(|&f| before.sides.get(f).deck != after.sides.get(f).deck) {
        return false;
    }
    [Viewer::Public, Viewer::Faction(Faction::Rebel), Viewer::Faction(Faction::Empire)]
        .into_iter()
        .all(|v| seen(&view(after, v)).is_subset(&seen(&view(before, v))))
}
