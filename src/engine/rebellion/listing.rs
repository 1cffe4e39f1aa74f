//! Decisions told without their list: who decides, how many options there are, and each option
//! on demand. The Assignment Phase's list (missions × leaders, 111 options on average in random
//! games), a Scrap step's (each type of unit in each place) and a starting placement's (about
//! 80) are written afresh after every single answer, and a random player needs only their
//! length and the one option it draws.

use std::cell::OnceCell;

use super::action::Action;
use super::frame::{Decision, Frame};
use super::phases::{assignment, refresh, setup};
use super::state::State;
use crate::content::Faction;

/// The decision a position waits for, as the engine's automatic steps left it.
#[derive(Clone, Debug)]
pub(super) enum Pending {
    /// Built in full.
    Built(Decision),
    /// Told without its list; the decision is built the first time someone reads it.
    Listed(Listing, OnceCell<Decision>),
}

/// A decision told without its list: who decides, how many options it has, and each option on
/// demand, in the order the decision lists them. Made for the long lists written afresh after
/// every single answer, of which a random player needs one option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Listing {
    /// An Assignment Phase turn.
    Assignment(assignment::Listing),
    /// A Refresh Phase Scrap step once a unit was scrapped.
    Scrap(refresh::ScrapListing),
    /// A setup step placing starting units.
    Placement(setup::PlacementListing),
}

impl Listing {
    /// The listing of the top frame's decision in `s`, when it can be told without its list
    /// (what `decision` adds to a frame's list is for `flow::pending` to rule out).
    pub fn of(s: &State) -> Option<Listing> {
        match s.stack.last()? {
            Frame::Assignment(p) => assignment::listing(s, p).map(Listing::Assignment),
            Frame::Refresh(r) => refresh::scrap_listing(s, r).map(Listing::Scrap),
            Frame::Setup(step) => setup::placement_listing(s, step).map(Listing::Placement),
            _ => None,
        }
    }
    /// Who decides.
    pub fn seat(&self) -> Faction {
        match self {
            Listing::Assignment(l) => l.seat,
            Listing::Scrap(l) => l.seat,
            Listing::Placement(l) => l.seat,
        }
    }
    /// How many options the decision has.
    pub fn count(&self) -> usize {
        match self {
            Listing::Assignment(l) => l.count(),
            Listing::Scrap(l) => l.count(),
            Listing::Placement(l) => l.count(),
        }
    }
    /// Option `i` of the decision in state `s` (the state the listing was made from); `None`
    /// past the end.
    pub fn get(&self, s: &State, i: usize) -> Option<Action> {
        match self {
            Listing::Assignment(l) => l.get(s, i),
            Listing::Scrap(l) => l.get(s, i),
            Listing::Placement(l) => l.get(i),
        }
    }
}

impl Pending {
    /// A turn described by its listing, not yet built.
    pub(super) fn listed(listing: Listing) -> Self {
        Pending::Listed(listing, OnceCell::new())
    }
}
