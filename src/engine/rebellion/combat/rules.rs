//! The seam between the combat flow and its rules: the parts of a combat that cinematic combat
//! (Rise of the Empire) replaces — what happens before each round of battle, the tactic-card
//! steps, leader tactic values, when damage destroys, the combat actions, and the end of the
//! combat — behind one enum chosen once per match from its options.
//!
//! `Rules::Base` is the Rules Reference's combat (`tactics.rs`, `attack.rs`);
//! `Rules::Cinematic` is the expansion's (`cinematic/`). The flow in `mod.rs` calls these
//! methods and never asks which rules are in force.

use super::cinematic::{self, CineCombat};
use super::{Combat, Step, attack, best_tactics, contested, tactics};
use crate::content::*;
use crate::engine::rebellion::action::Action;
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::frame::Decision;
use crate::engine::rebellion::state::State;

/// Which combat rules a match plays by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rules {
    /// The base game's tactic cards, drawn by leader tactic values.
    Base,
    /// Cinematic combat: each player's own advanced tactic decks, leader rerolls, damage
    /// removed with specials.
    Cinematic,
}

impl Rules {
    /// The rules of a match: cinematic combat whenever Rise of the Empire is on.
    pub fn of(s: &State) -> Rules {
        if s.has_set(ContentSet::RiseOfTheEmpire) { Rules::Cinematic } else { Rules::Base }
    }

    /// The rules a combat in progress was started with (its cinematic record says so).
    pub fn of_combat(c: &Combat) -> Rules {
        if c.cine.is_some() { Rules::Cinematic } else { Rules::Base }
    }

    /// The rules' own record of a new combat (none for the base game, so a base combat saves
    /// as before).
    pub fn new_combat(self) -> Option<Box<CineCombat>> {
        match self {
            Rules::Base => None,
            Rules::Cinematic => Some(Box::default()),
        }
    }

    /// The "draw tactic cards" step of the combat.
    pub fn draw_tactics(self, ctx: &mut Ctx, c: &mut Combat) {
        match self {
            Rules::Base => {
                for f in [c.attacker, c.attacker.opponent()] {
                    for t in [Theater::Space, Theater::Ground] {
                        if contested(ctx.s, c, t) {
                            let n = best_tactics(ctx.s, c.place, f, t);
                            tactics::draw(ctx, f, t, n);
                        }
                    }
                }
            }
            // Each player takes up his own advanced decks: nothing is drawn.
            Rules::Cinematic => cinematic::decks::ensure(ctx.s),
        }
    }

    /// What follows the start of a contested round of battle: the first roll (after the base
    /// game's extra ground draws), or the advanced tactic cards.
    pub fn begin_battle(self, ctx: &mut Ctx, c: &Combat, t: Theater) -> Step {
        // A Shield Generator's extra ground card, just before the ground cards (under
        // cinematic combat it takes a used card back).
        if t == Theater::Ground {
            for f in [c.attacker, c.attacker.opponent()] {
                let n = c
                    .of(f, Theater::Ground)
                    .filter(|(_, u)| {
                        catalog().unit(u.unit).ability == Some(UnitAbility::ExtraGroundTacticDraw)
                    })
                    .count() as u8;
                match self {
                    Rules::Base => tactics::draw(ctx, f, Theater::Ground, n),
                    Rules::Cinematic if n > 0 => cinematic::take_back::take_back(ctx, f, Theater::Ground, n),
                    Rules::Cinematic => {}
                }
            }
        }
        match self {
            Rules::Base => Step::Roll { theater: t, side: c.attacker },
            Rules::Cinematic => cinematic::round::begin(c, t),
        }
    }

    /// Who attacks first in a battle of this theater.
    pub fn first_attacker(self, c: &Combat, t: Theater) -> Faction {
        match (self, &c.cine) {
            (Rules::Cinematic, Some(x)) => x.first_attacker(c.attacker, t),
            _ => c.attacker,
        }
    }

    /// Who decides first in the retreat step: the current player, in both games.
    pub fn first_to_retreat(self, c: &Combat) -> Faction {
        c.attacker
    }

    /// The start of a side's Assign Damage step, after its combat actions and the leader
    /// reroll (cinematic: the opponent's prevent effects take dice away now, so a die rerolled
    /// into a hit can still be prevented; cinematic-combat guide, Preventing Damage).
    pub fn before_assign(self, ctx: &mut Ctx, c: &mut Combat, side: Faction) {
        if self == Rules::Cinematic {
            cinematic::attack::prevent(ctx, c, side);
        }
    }

    /// The combat actions of the attacking side.
    pub fn actions_decision(self, s: &State, c: &Combat, t: Theater, side: Faction) -> Decision {
        match self {
            Rules::Base => attack::actions_decision(s, c, t, side),
            Rules::Cinematic => cinematic::attack::actions_decision(s, c, t, side),
        }
    }

    /// Applies a combat action.
    pub fn actions_act(self, ctx: &mut Ctx, c: &mut Combat, t: Theater, side: Faction, a: Action) {
        match self {
            Rules::Base => attack::actions_act(ctx, c, t, side, a),
            Rules::Cinematic => cinematic::attack::actions_act(ctx, c, t, side, a),
        }
    }

    /// Once every die is assigned (cinematic: the defender's effects that act on the damage
    /// just assigned are queued).
    pub fn after_assign(self, c: &mut Combat, t: Theater, side: Faction) {
        if self == Rules::Cinematic {
            cinematic::attack::after_assign(c, t, side);
        }
    }

    /// The defender's step after the damage is assigned: block cards in the base game; none
    /// in cinematic combat (its card effects come as pending choices).
    pub fn block_decision(self, s: &State, c: &Combat, t: Theater, side: Faction) -> Option<Decision> {
        match self {
            Rules::Base => attack::block_decision(s, c, t, side),
            Rules::Cinematic => None,
        }
    }

    /// Marks the units the attack destroyed (the base game: damage reaching health, at the end
    /// of each attack; cinematic combat waits for the end of the round of battle).
    pub fn end_attack(self, c: &mut Combat) {
        if self == Rules::Base {
            attack::mark_destroyed(c);
        }
    }

    /// The end of a round of battle, before destroyed units leave.
    pub fn end_battle(self, c: &mut Combat, t: Theater) {
        if self == Rules::Cinematic {
            attack::mark_destroyed(c);
            cinematic::round::end_battle(c, t);
        }
    }

    /// The end of a round of battle, after destroyed units left.
    pub fn after_battle(self, ctx: &mut Ctx, c: &mut Combat, t: Theater) {
        if self == Rules::Cinematic {
            cinematic::bespoke::after_battle(ctx, c, t);
        }
    }

    /// The end of a combat round (after the retreat step).
    pub fn end_round(self, ctx: &mut Ctx, c: &mut Combat) {
        if self == Rules::Cinematic {
            cinematic::bespoke::end_round(ctx, c);
        }
    }

    /// The end of the combat: the base game's hands and discard piles go back and are
    /// shuffled; advanced decks stay as they are (their discard piles are kept).
    pub fn end_combat(self, ctx: &mut Ctx) {
        if self == Rules::Base {
            for f in Faction::BOTH {
                let hand = std::mem::take(&mut ctx.s.hands.get_mut(f).tactics);
                for card in hand {
                    tactics::discard(ctx, card);
                }
            }
            let d = &mut ctx.s.decks;
            d.space_tactics.append(&mut d.space_discard);
            d.ground_tactics.append(&mut d.ground_discard);
            ctx.s.rng.shuffle(&mut ctx.s.decks.space_tactics);
            ctx.s.rng.shuffle(&mut ctx.s.decks.ground_tactics);
        }
    }
}

/// Whether an effect that draws tactic cards of theater `t` could give `f` any: from the
/// shared deck in the base game; under cinematic combat such a draw takes cards back from
/// the player's own discard pile instead.
pub fn can_draw(s: &State, f: Faction, t: Theater) -> bool {
    match Rules::of(s) {
        Rules::Base => tactics::can_draw(s, t),
        Rules::Cinematic => cinematic::take_back::can_take_back(s, f, t),
    }
}

/// An effect draws `n` tactic cards of theater `t` for `f` (see [`can_draw`]).
pub fn draw(ctx: &mut Ctx, f: Faction, t: Theater, n: u8) {
    match Rules::of(ctx.s) {
        Rules::Base => tactics::draw(ctx, f, t, n),
        Rules::Cinematic => cinematic::take_back::take_back(ctx, f, t, n),
    }
}
