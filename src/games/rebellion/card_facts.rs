//! What a Rebellion card is and does, in words, from the catalog only: a mission's skill,
//! requirement and where it may be attempted, an action card's timing, an objective's stage,
//! a tactic card's deck and window, and each card's text. Shared by the hand a player is sent,
//! the menus that offer a card and the card lookup, so that all three say the same. Nothing here
//! reads a match: it cannot tell who holds a card.

use crate::content::{
    ActionCardId, ActionTiming, AdvancedTacticId, MissionId, MissionMode, MissionTargetKind, ObjectiveId,
    ObjectiveTiming, Skill, TacticId, TacticWindow, TargetCondition, Theater, catalog,
};
use crate::engine::rebellion::choice::CardName;
use crate::games::words::capitalise;

/// A skill's printed name.
pub fn skill_name(s: Skill) -> &'static str {
    match s {
        Skill::Diplomacy => "Diplomacy",
        Skill::Intel => "Intel",
        Skill::Logistics => "Logistics",
        Skill::SpecOps => "Special Operations",
    }
}

/// A condition on a mission's place, as a phrase that follows "a system that …" or "a leader
/// who …".
fn condition(c: &TargetCondition) -> String {
    use TargetCondition as T;
    match c {
        T::Populous => "is populous".into(),
        T::Remote => "is remote".into(),
        T::ContainsImperialUnit => "holds an Imperial unit".into(),
        T::ContainsImperialShip => "holds an Imperial ship".into(),
        T::NoImperialUnit => "holds no Imperial unit".into(),
        T::NoRebelUnit => "holds no Rebel unit".into(),
        T::NoRebelGroundUnit => "holds no Rebel ground unit".into(),
        T::Neutral => "is neutral".into(),
        T::RebelLoyalty => "has Rebel loyalty".into(),
        T::ContainsRebelUnit => "holds a Rebel unit".into(),
        T::RebelSystem => "is a Rebel system".into(),
        T::ImperialSystem => "is an Imperial system".into(),
        T::ImperialLoyalty => "has Imperial loyalty".into(),
        T::Subjugated => "is subjugated".into(),
        T::NoSabotageMarker => "has no sabotage marker".into(),
        T::Sabotaged => "is sabotaged".into(),
        T::ContainsCapturedLeader => "holds a captured leader".into(),
        T::CapturedLeader => "is captured".into(),
        T::RebelLeaderOnBoard => "is a Rebel leader on the board".into(),
        T::LeaderSystemContainsImperialUnit => "is in a system with an Imperial unit".into(),
        T::Named(s) => format!("is {}", s.name()),
        T::ContainsAny(units) => {
            let names: Vec<&str> = units.iter().map(|u| u.name()).collect();
            format!("holds a {}", names.join(" or "))
        }
        T::HasIcon(_) => "shows the card's resource icon".into(),
        T::NoRebelLoyalty => "has no Rebel loyalty".into(),
        T::SubjugatedOrRebelSystem => "is subjugated or a Rebel system".into(),
    }
}

/// Where a mission may be attempted, in words ("in any system", "in a system that is
/// populous", "against a leader who is captured").
pub fn mission_place(m: MissionId) -> String {
    let d = catalog().mission(m);
    let conds: Vec<String> = d.conditions.iter().map(condition).collect();
    let that = |noun: &str, who: &str| {
        if conds.is_empty() {
            format!("in {noun}")
        } else {
            format!("in {noun} {who} {}", conds.join(" and "))
        }
    };
    match d.target {
        MissionTargetKind::System => that("a system", "that"),
        MissionTargetKind::RebelBaseSpace => "at the Rebel base".into(),
        MissionTargetKind::AgainstLeader => {
            if conds.is_empty() {
                "against a leader".into()
            } else {
                format!("against a leader who {}", conds.join(" and "))
            }
        }
        MissionTargetKind::None => "anywhere (no system)".into(),
    }
}

/// A mission's facts on one line: "Diplomacy 2, attempted in a system that is populous".
pub fn mission_facts(m: MissionId) -> String {
    let d = catalog().mission(m);
    let skill = if d.count_all_skills { "any skill".to_string() } else { skill_name(d.skill).to_string() };
    let how = match d.mode {
        MissionMode::Attempt => "attempted",
        MissionMode::Resolve => "resolved (it cannot be opposed)",
        MissionMode::Special => "used as its text says",
    };
    let mut facts = format!("{skill} {}, {how} {}", d.requirement, mission_place(m));
    if d.starting {
        facts.push_str("; a starting mission (back to the hand after use)");
    } else if d.project {
        facts.push_str("; a project card");
    }
    facts
}

/// When an action card is used, in words.
pub fn action_timing(a: ActionCardId) -> &'static str {
    match catalog().action_card(a).timing {
        ActionTiming::Assignment => "used instead of assigning a leader",
        ActionTiming::StartOfCombat => "used when leaders have been added to a combat",
        ActionTiming::Immediate => "used as soon as it is gained",
        ActionTiming::Special => "used when its text says",
    }
}

/// An objective's facts on one line: "Stage II, 1 reputation, played at the start of the
/// Refresh Phase".
pub fn objective_facts(o: ObjectiveId) -> String {
    let d = catalog().objective(o);
    let stage = ["I", "II", "III"].get(usize::from(d.stage.saturating_sub(1))).copied().unwrap_or("?");
    let reputation = match d.reputation {
        Some(1) => "1 reputation".to_string(),
        Some(r) => format!("{r} reputation"),
        None => "reputation as its text says".to_string(),
    };
    let when = match d.timing {
        ObjectiveTiming::Combat => "played during a combat as soon as it is met",
        ObjectiveTiming::StartOfRefresh => "played at the start of the Refresh Phase",
        ObjectiveTiming::Immediate => "revealed and resolved as soon as it is drawn",
    };
    format!("Stage {stage}, {reputation}, {when}")
}

/// A tactic card's facts on one line: "Space tactic, played in your own attack (costs a die
/// showing a special)".
pub fn tactic_facts(t: TacticId) -> String {
    let d = catalog().tactic(t);
    let deck = match d.theater {
        Theater::Space => "Space",
        Theater::Ground => "Ground",
    };
    let when = match d.window {
        TacticWindow::OwnAttack => "played in your own attack",
        TacticWindow::Block => "played when your opponent's attack is blocked",
    };
    let cost = if d.needs_special { " (costs a die showing a special)" } else { "" };
    format!("{deck} tactic, {when}{cost}")
}

/// An advanced tactic card's two abilities as one text.
pub fn advanced_text(a: AdvancedTacticId) -> String {
    let d = catalog().advanced_tactic(a);
    format!("Top: {} Bottom: {}", d.top.text.trim(), d.bottom.text.trim())
}

/// What a card does, in the catalog's words (a probe card is a system, with no text).
pub fn card_text(c: CardName) -> String {
    let cat = catalog();
    match c {
        CardName::Mission(m) => cat.mission(m).text.clone(),
        CardName::Action(x) => cat.action_card(x).text.clone(),
        CardName::Objective(x) => cat.objective(x).text.clone(),
        CardName::Tactic(x) => cat.tactic(x).text.clone(),
        CardName::Advanced(x) => advanced_text(x),
        CardName::Probe(_) => String::new(),
    }
}

/// A card's facts and text as one hand line: "Build Alliance — Diplomacy 2, attempted in a
/// system that …: text".
pub fn hand_line(c: CardName) -> String {
    let facts = match c {
        CardName::Mission(m) => mission_facts(m),
        CardName::Action(a) => capitalise(action_timing(a)),
        CardName::Objective(o) => objective_facts(o),
        CardName::Tactic(t) => tactic_facts(t),
        CardName::Advanced(_) | CardName::Probe(_) => String::new(),
    };
    let text = card_text(c);
    match (facts.is_empty(), text.is_empty()) {
        (true, true) => c.name().to_string(),
        (true, false) => format!("{} — {text}", c.name()),
        (false, true) => format!("{} — {facts}", c.name()),
        (false, false) => format!("{} — {facts}. {text}", c.name()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_has_facts_and_text_in_words() {
        crate::content::init().expect("content loads");
        for m in MissionId::all() {
            let line = hand_line(CardName::Mission(m));
            assert!(line.starts_with(m.name()) && line.contains(&catalog().mission(m).text), "{line}");
            assert!(!line.contains('_'), "no ids: {line}");
        }
        for a in ActionCardId::all() {
            assert!(hand_line(CardName::Action(a)).contains(&catalog().action_card(a).text));
        }
        for o in ObjectiveId::all() {
            assert!(hand_line(CardName::Objective(o)).contains("Stage "));
        }
        for t in TacticId::all() {
            assert!(hand_line(CardName::Tactic(t)).contains(" tactic, "));
        }
        for a in AdvancedTacticId::all() {
            let text = card_text(CardName::Advanced(a));
            assert!(text.starts_with("Top: ") && text.contains(" Bottom: "), "{text}");
        }
    }
}
