//! Recruiting leaders with action cards when the time marker reaches a recruit icon.

use super::refresh::RefreshStep;
use crate::content::*;
use crate::engine::rebellion::action::Action;
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::event::EventKind;
use crate::engine::rebellion::state::State;

/// Whether a leader is already in the game (pool, board, mission, captured or eliminated).
pub fn in_game(s: &State, l: LeaderId) -> bool {
    let f = s.leader_faction(l);
    s.leader_pool.get(f).contains(&l)
        || s.leader_place(l).is_some()
        || s.eliminated.contains(&l)
        || s.assignments.get(f).iter().any(|a| a.leaders.contains(&l))
        || luke_jedi_replaces(s, l)
}

/// Luke Skywalker cannot be recruited once Luke Skywalker (Jedi) is in the game.
fn luke_jedi_replaces(s: &State, l: LeaderId) -> bool {
    let c = catalog();
    c.leader(l).id == "luke_skywalker"
        && c.leader_by_key("luke_skywalker_jedi").is_some_and(|j| in_game(s, j))
}

fn recruitable(s: &State, card: ActionCardId) -> Vec<LeaderId> {
    catalog().action_card(card).leaders.iter().copied().filter(|&l| !in_game(s, l)).collect()
}

/// Draws the two action cards of one faction's recruitment.
pub fn begin(ctx: &mut Ctx, f: Faction) -> RefreshStep {
    let mut drawn = vec![];
    draw(ctx, f, &mut drawn, 2);
    RefreshStep::Recruit { faction: f, drawn }
}

/// Draws up to `n` more action cards onto `drawn`, telling only their owner what they are.
pub fn draw(ctx: &mut Ctx, f: Faction, drawn: &mut Vec<ActionCardId>, n: usize) {
    let deck = ctx.s.decks.actions.get_mut(f);
    let got: Vec<ActionCardId> = deck.drain(..n.min(deck.len())).collect();
    if got.is_empty() {
        return;
    }
    ctx.public(EventKind::CardsDrawn { faction: f, deck: "action".into(), count: got.len() as u32 });
    ctx.private(
        f,
        EventKind::CardsSeen {
            deck: "action cards".into(),
            cards: got.iter().map(|c| c.to_string()).collect(),
        },
    );
    drawn.extend(got);
}

/// The recruit options: keep one drawn card and recruit a leader it shows (or none); while no
/// drawn card shows a leader who can still be recruited, the player may draw one more card.
pub fn options(s: &State, f: Faction, drawn: &[ActionCardId]) -> Vec<Action> {
    let mut out = vec![];
    for &card in drawn {
        let leaders = recruitable(s, card);
        if leaders.is_empty() {
            out.push(Action::Recruit { card, leader: None });
        }
        for l in leaders {
            out.push(Action::Recruit { card, leader: Some(l) });
        }
    }
    let any_recruitable = drawn.iter().any(|&c| !recruitable(s, c).is_empty());
    if !any_recruitable && !s.decks.actions.get(f).is_empty() {
        out.push(Action::DrawAnother);
    }
    out
}

/// Keeps the chosen card, recruits the leader, and puts the other cards under the deck.
pub fn take(ctx: &mut Ctx, f: Faction, drawn: &[ActionCardId], card: ActionCardId, leader: Option<LeaderId>) {
    let mut rest: Vec<ActionCardId> = drawn.to_vec();
    if let Some(i) = rest.iter().position(|&c| c == card) {
        rest.remove(i);
    }
    ctx.s.decks.actions.get_mut(f).extend(rest);
    ctx.s.hands.get_mut(f).actions.push(card);
    crate::engine::rebellion::team::hold(ctx.s, card, leader);
    if let Some(l) = leader {
        ctx.s.leader_pool.get_mut(f).push(l);
        ctx.public(EventKind::LeaderChange { leader: l, what: format!("joins the {f} leader pool") });
    }
}
