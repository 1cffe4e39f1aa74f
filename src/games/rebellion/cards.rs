//! Rebellion's cards as the card lookup shows them: one [`CardSheet`] per card of the
//! catalog, in the words of `card_facts` (so a hand, a menu and the lookup say the same), with
//! the reading Holonet follows where one is written. Which cards a match plays with comes from
//! its options alone; nothing here reads a match's state.

use crate::content::rulings::{RulingGame, ruling};
use crate::content::{
    ActionCardId, AdvancedTacticId, CardSet, CardSheet, ContentSet, Faction, MissionIcon, MissionId,
    ObjectiveId, TacticId, Theater, catalog,
};
use crate::engine::rebellion::MatchOptions;
use crate::engine::rebellion::choice::CardName;
use crate::engine::rebellion::rise_of_the_empire::cards::{action_in_match, mission_in_match};
use crate::games::rebellion::card_facts::{
    action_timing, card_text, mission_facts, objective_facts, skill_name, tactic_facts,
};
use crate::games::words::{adjective, capitalise};

/// Every card a match with these options plays with (`None`: every card of both boxes). A
/// match with Rise of the Empire drops the base printings the expansion replaces and the base
/// tactic decks, which cinematic combat never draws; a match without it (the team game
/// included) has the base cards only.
pub fn sheets(options: Option<&MatchOptions>) -> Vec<CardSheet> {
    let c = catalog();
    let rote = options.is_none_or(|o| o.rise_of_the_empire);
    let mut out = vec![];
    out.extend(MissionId::all().filter(|&m| options.is_none_or(|o| mission_in_match(o, m))).map(mission));
    out.extend(ActionCardId::all().filter(|&a| options.is_none_or(|o| action_in_match(o, a))).map(action));
    out.extend(
        ObjectiveId::all()
            .filter(|&o| options.is_none_or(|opts| opts.has_set(c.objective(o).set)))
            .map(objective),
    );
    if options.is_none_or(|o| !o.rise_of_the_empire) {
        out.extend(TacticId::all().map(tactic));
    }
    if rote {
        out.extend(AdvancedTacticId::all().map(advanced));
    }
    out
}

fn set_of(s: ContentSet) -> CardSet {
    match s {
        ContentSet::Base => CardSet::Base,
        ContentSet::RiseOfTheEmpire => CardSet::RiseOfTheEmpire,
    }
}

fn theater_word(t: Theater) -> &'static str {
    match t {
        Theater::Space => "Space",
        Theater::Ground => "Ground",
    }
}

/// A sheet's common part: the card's words from `card_facts` and its ruling.
fn sheet(id: &str, card: CardName, set: CardSet, faction: Option<Faction>, kind: &str) -> CardSheet {
    let side = faction.map(|f| (f, adjective(f)));
    let mut s = CardSheet::new(id, card.name().to_string(), set, side, kind, card_text(card));
    s.ruling = ruling(RulingGame::Rebellion, id).map(str::to_string);
    s
}

fn mission(m: MissionId) -> CardSheet {
    let d = catalog().mission(m);
    let mut s = sheet(&d.id, CardName::Mission(m), set_of(d.set), Some(d.faction), "Mission");
    let side = adjective(d.faction);
    s.deck = if d.project {
        "the Imperial project deck".into()
    } else if d.starting {
        format!("the {side} starting missions (dealt at setup)")
    } else {
        format!("the {side} mission deck")
    };
    let skill = if d.count_all_skills { "Any skill" } else { skill_name(d.skill) };
    s.icons.push(format!("{skill} {}", d.requirement));
    let mark = match (d.icon, d.portrait) {
        (_, Some(l)) => format!("Portrait: {}", l.name()),
        (MissionIcon::Vader, None) => "Vader icon".into(),
        (MissionIcon::Leader, None) => "Leader icon".into(),
        (MissionIcon::None, None) => "No set icon".into(),
    };
    s.qualifiers.push(if d.icon == MissionIcon::Vader { mark.clone() } else { mark.to_lowercase() });
    s.icons.push(mark);
    s.requirement = capitalise(&mission_facts(m));
    s.copies = d.copies;
    s
}

fn action(a: ActionCardId) -> CardSheet {
    let d = catalog().action_card(a);
    let mut s = sheet(&d.id, CardName::Action(a), set_of(d.set), Some(d.faction), "Action card");
    let side = adjective(d.faction);
    s.deck = if d.starting {
        format!("the {side} starting action cards (dealt at setup)")
    } else {
        format!("the {side} action cards (gained by recruiting)")
    };
    s.icons = d.leaders.iter().map(|l| l.name().to_string()).collect();
    s.requirement = capitalise(action_timing(a));
    s
}

fn objective(o: ObjectiveId) -> CardSheet {
    let d = catalog().objective(o);
    let mut s = sheet(&d.id, CardName::Objective(o), set_of(d.set), Some(Faction::Rebel), "Objective");
    let stage = ["I", "II", "III"].get(usize::from(d.stage.saturating_sub(1))).copied().unwrap_or("?");
    s.deck = format!("the objective deck (stage {stage})");
    s.icons.push(format!("Stage {stage}"));
    if let Some(r) = d.reputation {
        s.icons.push(format!("{r} reputation"));
    }
    s.qualifiers.push(format!("stage {stage}"));
    s.requirement = objective_facts(o);
    s.copies = d.copies;
    s
}

fn tactic(t: TacticId) -> CardSheet {
    let d = catalog().tactic(t);
    let theater = theater_word(d.theater);
    let mut s = sheet(&d.id, CardName::Tactic(t), CardSet::Base, None, &format!("{theater} tactic"));
    s.deck = format!("the {} tactic deck (shared)", theater.to_lowercase());
    s.icons.push(theater.to_string());
    if d.needs_special {
        s.icons.push("Costs a special".into());
    }
    s.requirement = tactic_facts(t);
    s.copies = d.copies;
    s
}

fn advanced(a: AdvancedTacticId) -> CardSheet {
    let c = catalog();
    let d = c.advanced_tactic(a);
    let theater = theater_word(d.theater);
    let mut s =
        sheet(&d.id, CardName::Advanced(a), CardSet::RiseOfTheEmpire, Some(d.faction), "Advanced tactic");
    let side = adjective(d.faction);
    s.deck = format!("the {side} {} advanced tactic deck (cinematic combat)", theater.to_lowercase());
    s.icons.push(theater.to_string());
    if let Some(u) = d.top.needs {
        s.icons.push(format!("Top needs {}", c.unit(u).name));
    }
    s.requirement =
        format!("Played before a {} battle; its owner uses the top or the bottom", theater.to_lowercase());
    s
}
