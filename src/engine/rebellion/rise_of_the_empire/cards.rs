//! Rise of the Empire's action cards and objectives at the table: which cards a match uses
//! (an expansion card only with the expansion on, a replaced base printing never beside its
//! replacement), the smaller objective deck of an expansion match, and the card state the
//! expansion adds (`RoteCards`, one field of `State`).

use crate::content::*;
use crate::engine::rebellion::cards;
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::event::EventKind;
use crate::engine::rebellion::frame::Frame;
use crate::engine::rebellion::named::{named, sets};
pub use crate::engine::rebellion::rise_of_the_empire::records::RoteCards;
use crate::engine::rebellion::state::State;

/// Whether a match with these options uses this action card: its box is in the match, and no
/// printing of the match replaces it (Rise of the Empire's Good Intel replaces the base one).
pub fn action_in_match(options: &crate::engine::rebellion::state::MatchOptions, card: ActionCardId) -> bool {
    // Worked out once per choice of boxes (`named.rs`): asked for every card a seat could hold
    // at every card window.
    named().action_in_match[sets(options)][card.0 as usize]
}

/// Whether a match with these options uses this mission card: its box is in the match, and no
/// printing of a box in the match replaces it (Sabotage, Construct Super Star Destroyer).
pub fn mission_in_match(options: &crate::engine::rebellion::state::MatchOptions, m: MissionId) -> bool {
    named().mission_in_match[sets(options)][m.0 as usize]
}

/// Whether a match uses this objective (its box is in the match).
pub fn objective_in_match(s: &State, o: ObjectiveId) -> bool {
    s.has_set(catalog().objective(o).set)
}

/// Builds the objective deck of an expansion match (Rise of the Empire, Setup): stage III is a
/// Death Star Plans card and 4 random stage III cards shuffled; stage II the same from stage
/// II, on top; 5 random stage I cards on top of that. Base and expansion objectives are
/// sorted together; the rest go back to the box unseen.
pub fn build_objective_deck(s: &mut State) {
    let c = catalog();
    let mut deck: Vec<ObjectiveId> = vec![];
    let mut boxed: Vec<ObjectiveId> = vec![];
    for stage in 1..=3u8 {
        let of_stage = |plans: bool| -> Vec<ObjectiveId> {
            ObjectiveId::all()
                .filter(|&o| c.objective(o).stage == stage && s.has_set(c.objective(o).set))
                .filter(|&o| cards::objective_behavior(o).death_star_plans == plans)
                .flat_map(|o| std::iter::repeat_n(o, c.objective(o).copies as usize))
                .collect()
        };
        let mut others = of_stage(false);
        let mut plans = of_stage(true);
        s.rng.shuffle(&mut others);
        s.rng.shuffle(&mut plans);
        let take_plans = usize::from(stage > 1).min(plans.len());
        let take = if stage == 1 { 5 } else { 4 };
        let mut pile: Vec<ObjectiveId> = plans.drain(..take_plans).collect();
        let n = take.min(others.len());
        pile.extend(others.drain(..n));
        s.rng.shuffle(&mut pile);
        deck.extend(pile);
        boxed.extend(others);
        boxed.extend(plans);
    }
    // In catalog order: the box's order must tell nothing of the shuffles.
    boxed.sort();
    s.decks.objectives = deck;
    s.rote_cards.boxed_objectives = boxed;
}

/// Deals `f` one more starting action card (Early Promotion, Rebel Extremist), telling only
/// its owner which; an Immediate card resolves at once (its frame is returned).
pub fn deal_starting_card(ctx: &mut Ctx, f: Faction) -> Option<Frame> {
    let rest = ctx.s.rote_cards.starting_rest.get_mut(f);
    if rest.is_empty() {
        return None;
    }
    let card = rest.remove(0);
    ctx.s.hands.get_mut(f).actions.push(card);
    crate::engine::rebellion::team::hold(ctx.s, card, None);
    ctx.public(EventKind::CardsDrawn { faction: f, deck: "starting action".into(), count: 1 });
    ctx.private(
        f,
        EventKind::CardsSeen { deck: "starting action cards".into(), cards: vec![card.to_string()] },
    );
    cards::actions::on_gain(ctx, f, card, None)
}
