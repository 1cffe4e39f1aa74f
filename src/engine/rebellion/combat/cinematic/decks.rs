//! Each player's own advanced tactic decks: never shuffled, open to their owner, the discard
//! pile public and kept from one combat to the next; when the last card of a theater is used,
//! the discard pile of that theater (except that card) returns to the deck.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use crate::content::*;
use crate::engine::rebellion::ctx::Ctx;
use crate::engine::rebellion::state::State;
use crate::engine::viewer::{Cards, Viewer};

/// One player's advanced tactic cards, both theaters together.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OwnDecks {
    /// Cards the player may pick, in card order (never shuffled).
    pub deck: Vec<AdvancedTacticId>,
    /// Cards used, face up.
    pub discard: Vec<AdvancedTacticId>,
    /// Cards taken out of the game (Confrontation).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub removed: Vec<AdvancedTacticId>,
}

/// The advanced tactic decks of a match with cinematic combat (the one `State` field of
/// cinematic combat; absent until the first combat, when both decks are full).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CinematicDecks {
    /// Each player's decks.
    pub own: ByFaction<OwnDecks>,
    /// Imperial leaders marked (Confrontation) for elimination at the end of the Command
    /// Phase.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub marked: Vec<LeaderId>,
    /// A take-back of used cards waiting for its player's picks (`take_back`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub taking_back: Option<super::take_back::TakingBack>,
}

impl CinematicDecks {
    /// Both players' full decks.
    pub fn full() -> Self {
        let own = ByFaction::new(|f| OwnDecks {
            deck: AdvancedTacticId::all().filter(|&a| catalog().advanced_tactic(a).faction == f).collect(),
            ..Default::default()
        });
        CinematicDecks { own, marked: Vec::new(), taking_back: None }
    }
}

/// Sets up the decks if no combat has yet.
pub fn ensure(s: &mut State) {
    if s.cinematic.is_none() {
        s.cinematic = Some(Box::new(CinematicDecks::full()));
    }
}

/// The decks (mutably), set up if needed.
pub fn decks_mut(s: &mut State) -> &mut CinematicDecks {
    s.cinematic.get_or_insert_with(|| Box::new(CinematicDecks::full()))
}

fn theater_of(a: AdvancedTacticId) -> Theater {
    catalog().advanced_tactic(a).theater
}

/// The cards of theater `t` a faction may pick now.
pub fn pickable(s: &State, f: Faction, t: Theater) -> Vec<AdvancedTacticId> {
    let full;
    let d = match &s.cinematic {
        Some(d) => d,
        None => {
            full = CinematicDecks::full();
            &full
        }
    };
    d.own.get(f).deck.iter().copied().filter(|&a| theater_of(a) == t).collect()
}

/// Takes a picked card out of its deck (it is on the table until discarded).
pub fn take(s: &mut State, f: Faction, card: AdvancedTacticId) {
    decks_mut(s).own.get_mut(f).deck.retain(|&x| x != card);
}

/// Puts a used card on its owner's discard pile; if it was the last of its theater, the
/// others of that theater come back to the deck.
pub fn discard(ctx: &mut Ctx, f: Faction, card: AdvancedTacticId) {
    let t = theater_of(card);
    let own = decks_mut(ctx.s).own.get_mut(f);
    own.deck.retain(|&x| x != card);
    if own.deck.iter().any(|&x| theater_of(x) == t) {
        own.discard.push(card);
        return;
    }
    let (back, keep): (Vec<_>, Vec<_>) = own.discard.drain(..).partition(|&x| theater_of(x) == t);
    own.discard = keep;
    own.discard.push(card);
    let n = back.len();
    own.deck.extend(back);
    if n > 0 {
        ctx.note(format_args!("{} takes {n} used advanced tactic cards back into the deck", f.name()));
    }
}

/// Takes a card out of the game (Confrontation), wherever it lies.
pub fn remove_from_game(s: &mut State, f: Faction, card: AdvancedTacticId) {
    let own = decks_mut(s).own.get_mut(f);
    own.deck.retain(|&x| x != card);
    own.discard.retain(|&x| x != card);
    own.removed.push(card);
}

/// One player's advanced decks as a viewer sees them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AdvancedDecksView {
    /// The cards to pick from: the ids for their owner, a count for anyone else.
    pub deck: Cards,
    /// The discard pile (public).
    pub discard: Vec<String>,
    /// Cards out of the game (public).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub removed: Vec<String>,
}

/// Both players' advanced decks as a viewer sees them (`None` in a match without cinematic
/// combat).
pub fn view(s: &State, viewer: Viewer) -> Option<BTreeMap<Faction, AdvancedDecksView>> {
    if !s.has_set(ContentSet::RiseOfTheEmpire) {
        return None;
    }
    let full = CinematicDecks::full();
    let d = s.cinematic.as_deref().unwrap_or(&full);
    let keys = |v: &[AdvancedTacticId]| v.iter().map(|a| a.key().to_string()).collect::<Vec<_>>();
    Some(
        Faction::BOTH
            .iter()
            .map(|&f| {
                let own = d.own.get(f);
                let sees = matches!(viewer, Viewer::Full) || viewer == Viewer::Faction(f);
                let deck = if sees { Cards::Visible(keys(&own.deck)) } else { Cards::Hidden(own.deck.len()) };
                (f, AdvancedDecksView { deck, discard: keys(&own.discard), removed: keys(&own.removed) })
            })
            .collect(),
    )
}
