//! A match state together with its pending decision, worked out once per action, for callers
//! that read the decision and then answer it (random players, the computer's playouts).

use super::action::Action;
use super::error::{RuleError, illegal};
use super::event::Event;
use super::flow::{
    Applied, Atomic, Decision, Roll, Telling, apply_decided, apply_offered, decision, pending,
};
use super::listing::Pending;
use super::state::State;
use super::team::Player;
use crate::content::Faction;

/// A match state together with its pending decision, worked out once per action. With
/// `decision` and `apply` alone the legal actions are built three times per action (to
/// choose, to check the answer, and at the end of the previous action's automatic steps). A
/// long list written afresh after every answer is kept only told (`listing.rs`) until someone
/// reads the decision: a player choosing by position needs its length and the one option it
/// draws (`options`, `option`). The state is only reachable read-only, so the decision kept is
/// always `decision(state)`.
#[derive(Clone, Debug)]
pub struct Position {
    state: State,
    next: Option<Pending>,
}

/// What a player choosing by position needs of a pending decision, without its list: who
/// decides, how many options there are, and whether the last one reveals the Rebel base (which
/// random players take far less often than the others).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Who decides.
    pub seat: Faction,
    /// How many options the decision has.
    pub count: usize,
    /// Whether the last option is revealing the Rebel base.
    pub reveal_base_last: bool,
}

impl Options {
    /// The options of a decision built in full.
    pub fn of(d: &Decision) -> Self {
        Options {
            seat: d.seat,
            count: d.actions.len(),
            reveal_base_last: matches!(d.actions.last(), Some(Action::RevealBase)),
        }
    }
}

impl Position {
    /// The position of a state.
    pub fn new(state: State) -> Self {
        let next = pending(&state);
        Position { state, next }
    }
    /// The state.
    pub fn state(&self) -> &State {
        &self.state
    }
    /// The decision the engine waits for: the same as `decision(self.state())`.
    pub fn decision(&self) -> Option<&Decision> {
        built(&self.next, &self.state)
    }
    /// Who decides and how many options the pending decision has, without building its list.
    pub fn options(&self) -> Option<Options> {
        match self.next.as_ref()? {
            Pending::Built(d) => Some(Options::of(d)),
            Pending::Listed(l, _) => {
                Some(Options { seat: l.seat(), count: l.count(), reveal_base_last: false })
            }
        }
    }
    /// The pending decision's option number `index`, as in its `actions`, without building the
    /// list; `None` past the end or when the game is over.
    pub fn option(&self, index: usize) -> Option<Action> {
        match self.next.as_ref()? {
            Pending::Built(d) => d.actions.get(index).cloned(),
            Pending::Listed(l, _) => l.get(&self.state, index),
        }
    }
    /// Applies one action of one seat, as `apply` does. On error nothing changes.
    pub fn apply(&mut self, seat: Faction, action: Action) -> Result<Vec<Event>, RuleError> {
        self.apply_as(Player::side(seat), action)
    }
    /// Applies one action of one player (a side, or a role of it), as `apply_as` does.
    pub fn apply_as(&mut self, player: Player, action: Action) -> Result<Vec<Event>, RuleError> {
        self.apply_rolled(player, action).map(|(events, _)| events)
    }
    /// Applies one action of one player as `apply_as` does, and also returns every die it
    /// rolled, in order (for a report of the dice at the end of a match).
    pub fn apply_rolled(
        &mut self,
        player: Player,
        action: Action,
    ) -> Result<(Vec<Event>, Vec<Roll>), RuleError> {
        let d = built(&self.next, &self.state);
        let Applied { events, rolls, next } = apply_decided(&mut self.state, d, player, action)?;
        self.next = next;
        Ok((events, rolls))
    }
    /// Applies the pending decision's option number `index` (an index into its `actions`) for
    /// the seat that decides, as `apply` does but without looking the action up among the
    /// legal ones: it is one of them. For players that choose by position and read what happened
    /// (simulations that report each step, test playouts; those that do not: `play_option`);
    /// the service answers players through `apply`.
    /// An index out of range is refused and changes nothing.
    ///
    /// An offered option is applied in place, without the copy `apply` makes of the state for
    /// the steps whose handlers could still refuse (cards, mission windows): they refuse only
    /// what their decision does not offer.
    ///
    /// # Panics
    /// If the engine refuses an option it offered: an engine bug, which `apply` would report
    /// as an error with the state untouched, and after which this position is not to be trusted.
    pub fn apply_option(&mut self, index: usize) -> Result<Vec<Event>, RuleError> {
        self.answer(index, Telling::Kept)
    }
    /// Applies the pending decision's option number `index` as [`Position::apply_option`] does,
    /// keeping none of the events it tells: for players that never read them (random
    /// playouts, the computer's search), which thus spare building a list of about a dozen
    /// events per action. The state, and so every later decision, is the same as
    /// `apply_option` leaves it.
    ///
    /// # Panics
    /// As [`Position::apply_option`].
    pub fn play_option(&mut self, index: usize) -> Result<(), RuleError> {
        self.answer(index, Telling::Untold).map(drop)
    }
    fn answer(&mut self, index: usize, telling: Telling) -> Result<Vec<Event>, RuleError> {
        let count = self.options().ok_or(RuleError::GameOver)?.count;
        let Some(action) = self.option(index) else {
            return Err(illegal("Legal options", format!("there is no option {index} of {count}")));
        };
        let a = apply_offered(&mut self.state, action, Atomic::No, telling)?;
        self.next = a.next;
        Ok(a.events)
    }
    /// The state, giving up the position.
    pub fn into_state(self) -> State {
        self.state
    }
}

/// The decision `next` stands for in `state`, built now if it was only listed. (A function of
/// the two fields rather than a method, so that the decision borrows `next` alone and the
/// state can still be changed while it is read.)
fn built<'a>(next: &'a Option<Pending>, state: &State) -> Option<&'a Decision> {
    match next.as_ref()? {
        Pending::Built(d) => Some(d),
        Pending::Listed(_, d) => Some(d.get_or_init(|| decision(state).expect("a listed turn is pending"))),
    }
}
