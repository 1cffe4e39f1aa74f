//! The few leaders and units the rules name, and other facts of the catalog, found once: the
//! engine asks about them at every step (which leaders an action card shows, where a Death Star
//! may deploy, which systems may be subjugated), and looking them up there cost more than the
//! rest of those checks.

use std::sync::OnceLock;

use super::state::MatchOptions;
use crate::content::*;

/// The catalog ids of the leaders and units the rules name (each `None` if the catalog lacks it).
#[derive(Clone, Debug)]
pub struct Named {
    /// The Death Star.
    pub death_star: Option<UnitId>,
    /// The Death Star Under Construction.
    pub death_star_under_construction: Option<UnitId>,
    /// Whether each system is populous, indexed by `SystemId` (a list of flags is cheaper to
    /// walk than the systems' whole definitions).
    pub populous: Vec<bool>,
    /// Whether a match uses each action card, indexed by [`sets`] then by `ActionCardId`
    /// (`rise_of_the_empire::cards::action_in_match`).
    pub action_in_match: [Vec<bool>; 2],
    /// Whether a match uses each mission card, indexed by [`sets`] then by `MissionId`
    /// (`rise_of_the_empire::cards::mission_in_match`).
    pub mission_in_match: [Vec<bool>; 2],
    /// The starting action cards of each faction that a match uses, in catalog order, indexed
    /// by [`sets`] (those a seat could hold unseen: `asking.rs`).
    pub starting_actions: [ByFaction<Vec<ActionCardId>>; 2],
    /// The leaders each action card shows, indexed by `ActionCardId`, sorted and each once:
    /// the printed ones, and Luke Skywalker (Jedi) where Luke Skywalker is printed (he counts
    /// as him on action cards; the two are found here and nowhere else). Asked for every card a
    /// window looks at.
    pub shown: Vec<Vec<LeaderId>>,
    /// What each resource icon builds for each faction in a match, indexed by [`sets`]: the
    /// catalog's build options without the units of a box the match leaves out (asked at every
    /// step of a build and of the scrapping before it).
    pub build_options: [ByFaction<Vec<BuildOption>>; 2],
    /// Whether each objective takes effect as soon as it is drawn (Immediate timing), indexed
    /// by `ObjectiveId`: a Rise of the Empire match looks through the Rebel hand for one
    /// between every two automatic steps (`rise_of_the_empire::in_play`).
    pub immediate: Vec<bool>,
}

/// Which boxes a match uses, as an index into the tables of [`Named`] kept per choice: the
/// base game alone (0) or with Rise of the Empire (1). `MatchOptions::has_set` reads nothing
/// else, so every match with the same index uses the same cards.
pub fn sets(options: &MatchOptions) -> usize {
    usize::from(options.rise_of_the_empire)
}

/// The options of each [`sets`] index.
fn options_of(sets: usize) -> MatchOptions {
    MatchOptions { rise_of_the_empire: sets == 1, ..Default::default() }
}

static NAMED: OnceLock<Named> = OnceLock::new();

/// The named ids of the catalog (worked out on first use; the catalog never changes).
pub fn named() -> &'static Named {
    NAMED.get_or_init(|| {
        let c = catalog();
        let action_in_match = [0, 1].map(|i| {
            let o = options_of(i);
            // Its box is in the match, and no printing of the match replaces it.
            let replaced = |a: ActionCardId| {
                ActionCardId::all()
                    .any(|r| c.action_card(r).replaces == Some(a) && o.has_set(c.action_card(r).set))
            };
            ActionCardId::all()
                .map(|a| o.has_set(c.action_card(a).set) && !replaced(a))
                .collect::<Vec<bool>>()
        });
        let (luke, luke_jedi) = (c.leader_by_key("luke_skywalker"), c.leader_by_key("luke_skywalker_jedi"));
        Named {
            shown: ActionCardId::all()
                .map(|a| {
                    let printed = &c.action_card(a).leaders;
                    let jedi = luke_jedi.filter(|_| luke.is_some_and(|l| printed.contains(&l)));
                    let mut shown: Vec<LeaderId> = printed.iter().copied().chain(jedi).collect();
                    shown.sort_unstable();
                    shown.dedup();
                    shown
                })
                .collect(),
            death_star: c.unit_by_key("death_star"),
            death_star_under_construction: c.unit_by_key("death_star_under_construction"),
            populous: c.systems.iter().map(|x| x.populous).collect(),
            immediate: ObjectiveId::all()
                .map(|o| c.objective(o).timing == ObjectiveTiming::Immediate)
                .collect(),
            action_in_match: action_in_match.clone(),
            mission_in_match: [0, 1].map(|i| {
                let o = options_of(i);
                let replaced = |m: MissionId| {
                    MissionId::all().any(|r| c.mission(r).replaces == Some(m) && o.has_set(c.mission(r).set))
                };
                MissionId::all().map(|m| o.has_set(c.mission(m).set) && !replaced(m)).collect()
            }),
            starting_actions: [0, 1].map(|i| {
                let of = |f: Faction| {
                    ActionCardId::all()
                        .filter(|&a| {
                            let card = c.action_card(a);
                            card.faction == f && card.starting && action_in_match[i][a.0 as usize]
                        })
                        .collect()
                };
                ByFaction { empire: of(Faction::Empire), rebel: of(Faction::Rebel) }
            }),
            build_options: [0, 1].map(|i| {
                let o = options_of(i);
                ByFaction::new(|f| {
                    let options = c.build_options.get(f).iter();
                    let in_match = |u: &&UnitId| o.has_set(c.unit(**u).set);
                    options
                        .map(|b| BuildOption {
                            icon: b.icon,
                            units: b.units.iter().filter(in_match).copied().collect(),
                        })
                        .collect()
                })
            }),
        }
    })
}
