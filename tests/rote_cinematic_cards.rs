//! The 32 advanced tactic cards of cinematic combat (Rise of the Empire), one scenario each:
//! the ability does what the card says, and a choice the card does not allow is refused with
//! a rule error. Fights are in Kessel, the Empire attacking (so it picks and resolves first,
//! unless the Rebel card can cancel).

mod support;

use holonet::content::*;
use holonet::engine::rebellion::combat::Step;
use holonet::engine::rebellion::combat::cinematic::{Stage, attack};
use holonet::engine::rebellion::flow::Ctx;
use holonet::engine::rebellion::{Action, Frame, State};
use support::cinematic::*;
use support::*;

use DieColor::{Black, Red};
use DieFace::{Blank, DirectHit, Hit, Special};

/// A card of the opponent's deck that stays quiet (it is resolved as neither).
fn quiet(f: Faction, t: Theater) -> &'static str {
    match (f, t) {
        (Faction::Empire, Theater::Space) => "overwhelming_presence",
        (Faction::Empire, Theater::Ground) => "armored_patrol",
        (Faction::Rebel, Theater::Space) => "escort",
        (Faction::Rebel, Theater::Ground) => "take_cover",
    }
}

/// A fight where `f` plays `card` and the opponent a quiet card; the opponent resolves its
/// card as neither if it goes first, so `f` is asked to resolve now.
fn playing(sc: Scenario, f: Faction, card: &str) -> State {
    let t = catalog().advanced_tactic(adv(card)).theater;
    let other = quiet(f.opponent(), t);
    let (e, r) = if f == EMPIRE { (card, other) } else { (other, card) };
    let mut s = fight_with(sc, EMPIRE, [(EMPIRE, e), (REBEL, r)]);
    if seat(&s) == Some(f.opponent()) {
        act(&mut s, f.opponent(), "done");
    }
    assert_eq!(seat(&s), Some(f), "{card}: its owner resolves now; legal {:?}", legal(&s));
    s
}

/// Resolves every card still waiting as neither.
fn finish_cards(s: &mut State) {
    while let Some(Step::Tactics { stage: Stage::Resolve(f), .. }) = s.combat().map(|c| c.step) {
        act(s, f, "done");
    }
}

/// `side` attacks with two black hits, one on each of the first two units of type `u`.
fn two_hits(s: &mut State, side: Faction, u: &str) {
    set_dice(s, &[(Black, Hit), (Black, Hit)]);
    act(s, side, "done");
    for k in 0..2 {
        let n = nth(s, u, k);
        act(s, side, &format!("damage {k} {n}"));
    }
}

/// Every attack rolls blanks until the battles of this round are over.
fn blank_attacks(s: &mut State) {
    while let Some(side) = attacking(s) {
        set_dice(s, &[(Black, Blank)]);
        act(s, side, "done");
    }
}

/// The cards' effects of the current round of battle.
fn effects(s: &State) -> holonet::engine::rebellion::combat::cinematic::BattleEffects {
    cm(s).cine.as_ref().unwrap().effects.clone()
}

/// Plays the round's attacks through the flow up to `side`'s own combat actions (the others
/// roll blanks), gives that attack these faces as they stand after its roll and rerolls, and
/// ends its combat actions as `done` does: returns which dice the prevent effects set aside as
/// the Assign Damage step starts (cinematic-combat guide, Preventing Damage), read before the
/// flow moves on (an attack with nothing left to assign passes at once).
fn prevented(s: &mut State, side: Faction, faces: &[(DieColor, DieFace)]) -> Vec<bool> {
    finish_cards(s);
    while let Some(other) = attacking(s).filter(|&f| f != side) {
        set_dice(s, &[(Black, Blank)]);
        act(s, other, "done");
    }
    let Step::Actions { theater, side: f } = step(s) else { panic!("not an attack: {:?}", step(s)) };
    assert_eq!(f, side, "{:?}", step(s));
    set_dice(s, faces);
    let Some(Frame::Combat(mut c)) = s.stack.pop() else { panic!("no combat") };
    let mut ctx = Ctx::new(s);
    attack::actions_act(&mut ctx, &mut c, theater, side, Action::Done);
    assert!(matches!(c.step, Step::Assign { .. }), "{:?}", c.step);
    let out = c.dice.iter().map(|d| d.spent).collect();
    s.stack.push(Frame::Combat(c));
    out
}

fn hit(s: &mut State, f: Faction, u: u8) {
    act(s, f, &format!("hit {u}"));
}

// --- Imperial space cards ---

#[test]
fn swarm_tactics_deals_two_damage_with_more_fighters() {
    let sc = armies(&[("tie_fighter", 3)], &[("x_wing", 1), ("corellian_corvette", 1)]);
    let mut s = playing(sc, EMPIRE, "swarm_tactics");
    act(&mut s, EMPIRE, "mode 1");
    let tie = num(&s, "tie_fighter");
    let e = refuse(&mut s, EMPIRE, &format!("hit {tie}"));
    assert!(!e.to_string().is_empty(), "own units are no target");
    let n = num(&s, "x_wing");
    hit(&mut s, EMPIRE, n);
    let n = num(&s, "corellian_corvette");
    hit(&mut s, EMPIRE, n);
    assert_eq!((damage_of(&s, "x_wing"), damage_of(&s, "corellian_corvette")), (1, 1));
    // With fewer fighters than the Rebels the top is refused; the bottom hits a black unit.
    let sc = armies(&[("tie_fighter", 1)], &[("x_wing", 2), ("corellian_corvette", 1)]);
    let mut s = playing(sc, EMPIRE, "swarm_tactics");
    refuse(&mut s, EMPIRE, "mode 1");
    act(&mut s, EMPIRE, "mode 2");
    let n = num(&s, "corellian_corvette");
    refuse(&mut s, EMPIRE, &format!("hit {n}"));
    let n = num(&s, "x_wing");
    hit(&mut s, EMPIRE, n);
    assert_eq!(damage_of(&s, "x_wing"), 1);
}

#[test]
fn reinforcements_brings_a_tie_fighter_and_prevents_black_dice() {
    let sc = armies(&[("assault_carrier", 1)], &[("x_wing", 2)]);
    let mut s = playing(sc, EMPIRE, "reinforcements");
    act(&mut s, EMPIRE, "mode 1");
    assert_eq!(fighting(&s, "tie_fighter"), 1, "the TIE Fighter joins the fight");
    assert_eq!(s.units(place(AT), EMPIRE).count(unit("tie_fighter")), 1);
    assert_eq!(effects(&s).prevent, vec![(EMPIRE, 0, 2, 0)]);
    let spent = prevented(&mut s, REBEL, &[(Black, Hit), (Black, DirectHit), (Black, Hit), (Red, Hit)]);
    assert_eq!(spent, vec![true, true, false, false], "the direct hit, then the first hit");
    // Without an Assault Carrier the top is refused.
    let mut s = playing(armies(&[("star_destroyer", 1)], &[("x_wing", 1)]), EMPIRE, "reinforcements");
    refuse(&mut s, EMPIRE, "mode 1");
}

#[test]
fn tractor_beam_captures_a_leader_when_the_rebel_ships_are_gone() {
    let sc = armies(&[("star_destroyer", 1)], &[("x_wing", 1)]);
    let mut s = playing(sc, EMPIRE, "tractor_beam");
    act(&mut s, EMPIRE, "mode 1");
    finish_cards(&mut s);
    let x = num(&s, "x_wing") as usize;
    cm_mut(&mut s).units[x].damage = 1;
    blank_attacks(&mut s);
    assert!(s.captured.contains(&leader("jan_dodonna")), "captured at the end of the round");
    // Without a Star Destroyer the top is refused.
    let mut s = playing(armies(&[("tie_fighter", 1)], &[("x_wing", 1)]), EMPIRE, "tractor_beam");
    refuse(&mut s, EMPIRE, "mode 1");
}

#[test]
fn overwhelming_presence_prevents_red_dice_and_a_special() {
    let sc = armies(&[("super_star_destroyer", 1)], &[("mon_calamari_cruiser", 1)]);
    let mut s = playing(sc, EMPIRE, "overwhelming_presence");
    act(&mut s, EMPIRE, "mode 1");
    let spent = prevented(&mut s, REBEL, &[(Red, Hit), (Red, Special), (Red, Hit), (Red, Hit), (Black, Hit)]);
    assert_eq!(spent, vec![true, true, true, false, false]);
    let mut s = playing(armies(&[("star_destroyer", 1)], &[("x_wing", 1)]), EMPIRE, "overwhelming_presence");
    refuse(&mut s, EMPIRE, "mode 1");
}

#[test]
fn superlaser_blast_deals_five_damage_to_one_capital_ship() {
    let sc = armies(
        &[("death_star", 1)],
        &[("mon_calamari_cruiser", 1), ("corellian_corvette", 1), ("x_wing", 1)],
    );
    let mut s = playing(sc, EMPIRE, "superlaser_blast");
    act(&mut s, EMPIRE, "mode 1");
    let n = num(&s, "x_wing");
    refuse(&mut s, EMPIRE, &format!("hit {n}"));
    let n = num(&s, "mon_calamari_cruiser");
    hit(&mut s, EMPIRE, n);
    assert_eq!(damage_of(&s, "mon_calamari_cruiser"), 5);
    assert_eq!(damage_of(&s, "corellian_corvette"), 0);
}

#[test]
fn entrapment_cancels_the_rebel_card_and_plays_another() {
    let sc = armies(&[("interdictor", 1)], &[("x_wing", 1), ("corellian_corvette", 1)]);
    let mut s = fight_with(sc, EMPIRE, [(EMPIRE, "entrapment"), (REBEL, "bombing_run")]);
    act(&mut s, EMPIRE, "mode 1");
    refuse(&mut s, EMPIRE, "advanced entrapment");
    act(&mut s, EMPIRE, "advanced tractor_beam");
    act(&mut s, EMPIRE, "mode 2");
    assert_eq!(damage_of(&s, "corellian_corvette"), 1, "the extra card's 1 damage to a red unit");
    assert!(attacking(&s).is_some(), "the cancelled Rebel card is never resolved");
    assert!(discard_of(&s, REBEL).contains(&adv("bombing_run")));
    assert!(discard_of(&s, EMPIRE).contains(&adv("tractor_beam")));
    // The bottom forbids the Rebels a space card next round.
    let sc = armies(&[("interdictor", 1)], &[("x_wing", 1)]);
    let mut s = playing(sc, EMPIRE, "entrapment");
    act(&mut s, EMPIRE, "mode 2");
    assert!(cm(&s).cine.as_ref().unwrap().banned(REBEL, Theater::Space, 2));
}

#[test]
fn energy_shield_removes_damage_from_imperial_ships() {
    let sc = armies(&[("shield_bunker", 1), ("tie_fighter", 2)], &[("x_wing", 2)]);
    let mut s = playing(sc, EMPIRE, "energy_shield");
    act(&mut s, EMPIRE, "mode 1");
    finish_cards(&mut s);
    set_dice(&mut s, &[(Black, Blank)]);
    act(&mut s, EMPIRE, "done");
    two_hits(&mut s, REBEL, "tie_fighter");
    assert_eq!(seat(&s), Some(EMPIRE));
    let n = num(&s, "x_wing");
    refuse(&mut s, EMPIRE, &format!("block {n}"));
    let n = nth(&s, "tie_fighter", 0);
    act(&mut s, EMPIRE, &format!("block {n}"));
    let n = nth(&s, "tie_fighter", 1);
    act(&mut s, EMPIRE, &format!("block {n}"));
    assert_eq!(fighting(&s, "tie_fighter"), 2, "no damage left: both TIE Fighters survive the round");
    // The bottom: the Rebels attack first in space for the rest of the combat.
    let sc = armies(&[("tie_fighter", 1)], &[("x_wing", 1)]);
    let mut s = playing(sc, EMPIRE, "energy_shield");
    act(&mut s, EMPIRE, "mode 2");
    finish_cards(&mut s);
    assert_eq!(attacking(&s), Some(REBEL));
}

#[test]
fn intercept_destroys_a_rebel_trooper_from_space() {
    let sc = armies(&[("tie_striker", 1)], &[("x_wing", 1), ("rebel_trooper", 1)]);
    let mut s = playing(sc, EMPIRE, "intercept");
    act(&mut s, EMPIRE, "mode 1");
    finish_cards(&mut s);
    assert_eq!(fighting(&s, "rebel_trooper"), 0, "it left before any roll");
    assert_eq!(s.units(place(AT), REBEL).count(unit("rebel_trooper")), 0);
    // The bottom: Rebel ships cannot remove damage this round.
    let mut s = playing(armies(&[("tie_striker", 1)], &[("x_wing", 1)]), EMPIRE, "intercept");
    act(&mut s, EMPIRE, "mode 2");
    assert_eq!(effects(&s).no_repair, vec![REBEL]);
    let mut s =
        playing(armies(&[("tie_fighter", 1)], &[("x_wing", 1), ("rebel_trooper", 1)]), EMPIRE, "intercept");
    refuse(&mut s, EMPIRE, "mode 1");
}

// --- Imperial ground cards ---

#[test]
fn support_of_the_501st_destroys_a_rebel_trooper_or_vanguard() {
    let sc =
        armies(&[("stormtrooper", 1)], &[("rebel_trooper", 1), ("rebel_vanguard", 1), ("airspeeder", 1)]);
    let mut s = playing(sc, EMPIRE, "support_of_the_501st");
    act(&mut s, EMPIRE, "mode 1");
    let n = num(&s, "airspeeder");
    refuse(&mut s, EMPIRE, &format!("hit {n}"));
    let n = num(&s, "rebel_vanguard");
    hit(&mut s, EMPIRE, n);
    finish_cards(&mut s);
    assert_eq!(fighting(&s, "rebel_vanguard"), 0);
    assert_eq!(fighting(&s, "rebel_trooper"), 1);
}

#[test]
fn armored_patrol_prevents_red_and_black_dice() {
    let sc = armies(&[("assault_tank", 1)], &[("rebel_trooper", 1)]);
    let mut s = playing(sc, EMPIRE, "armored_patrol");
    act(&mut s, EMPIRE, "mode 1");
    let spent = prevented(&mut s, REBEL, &[(Red, Hit), (Red, Hit), (Red, Hit), (Black, Hit), (Black, Blank)]);
    assert_eq!(spent, vec![true, true, false, true, false]);
    let mut s = playing(armies(&[("stormtrooper", 1)], &[("rebel_trooper", 1)]), EMPIRE, "armored_patrol");
    refuse(&mut s, EMPIRE, "mode 1");
    act(&mut s, EMPIRE, "mode 2");
    assert_eq!(effects(&s).prevent, vec![(EMPIRE, 1, 1, 0)]);
}

#[test]
fn overrun_deals_two_damage() {
    let sc = armies(&[("at_st", 1)], &[("rebel_trooper", 2), ("airspeeder", 1)]);
    let mut s = playing(sc, EMPIRE, "overrun");
    act(&mut s, EMPIRE, "mode 1");
    let n = num(&s, "at_st");
    refuse(&mut s, EMPIRE, &format!("hit {n}"));
    let n = num(&s, "rebel_trooper");
    hit(&mut s, EMPIRE, n);
    let n = num(&s, "airspeeder");
    hit(&mut s, EMPIRE, n);
    assert_eq!((damage_of(&s, "rebel_trooper"), damage_of(&s, "airspeeder")), (1, 1));
}

#[test]
fn target_the_generator_destroys_a_rebel_structure() {
    let sc = armies(&[("at_at", 1)], &[("rebel_trooper", 1), ("shield_generator", 1)]);
    let mut s = playing(sc, EMPIRE, "target_the_generator_tactic");
    act(&mut s, EMPIRE, "mode 1");
    finish_cards(&mut s);
    assert_eq!(fighting(&s, "shield_generator"), 0);
    assert_eq!(s.units(place(AT), REBEL).count(unit("shield_generator")), 0);
    let sc = armies(&[("stormtrooper", 1)], &[("rebel_trooper", 1), ("shield_generator", 1)]);
    let mut s = playing(sc, EMPIRE, "target_the_generator_tactic");
    refuse(&mut s, EMPIRE, "mode 1");
}

#[test]
fn air_superiority_cancels_the_rebel_card() {
    let sc = armies(&[("tie_striker", 1), ("stormtrooper", 1)], &[("rebel_vanguard", 1)]);
    let mut s = fight_with(sc, EMPIRE, [(EMPIRE, "air_superiority"), (REBEL, "take_it_down_tactic")]);
    refuse(&mut s, REBEL, "mode 1");
    act(&mut s, EMPIRE, "mode 1");
    assert!(attacking(&s).is_some(), "the Rebels are never asked to resolve");
    assert!(discard_of(&s, REBEL).contains(&adv("take_it_down_tactic")));
    assert_eq!(damage_on(&s, EMPIRE), 0);
    let mut s = playing(armies(&[("stormtrooper", 1)], &[("rebel_trooper", 1)]), EMPIRE, "air_superiority");
    refuse(&mut s, EMPIRE, "mode 1");
    act(&mut s, EMPIRE, "mode 2");
    assert!(cm(&s).cine.as_ref().unwrap().banned(REBEL, Theater::Ground, 2));
}

#[test]
fn armored_position_moves_damage_onto_a_shield_bunker() {
    let sc = armies(&[("shield_bunker", 1), ("stormtrooper", 2)], &[("rebel_trooper", 2)]);
    let mut s = playing(sc, EMPIRE, "armored_position");
    act(&mut s, EMPIRE, "mode 1");
    finish_cards(&mut s);
    set_dice(&mut s, &[(Black, Blank)]);
    act(&mut s, EMPIRE, "done");
    two_hits(&mut s, REBEL, "stormtrooper");
    let n = num(&s, "shield_bunker");
    refuse(&mut s, EMPIRE, &format!("block {n}"));
    let n = nth(&s, "stormtrooper", 0);
    act(&mut s, EMPIRE, &format!("block {n}"));
    let n = nth(&s, "stormtrooper", 1);
    act(&mut s, EMPIRE, &format!("block {n}"));
    assert_eq!(damage_of(&s, "shield_bunker"), 2);
    assert_eq!(fighting(&s, "stormtrooper"), 2);
}

#[test]
fn bombardment_hits_black_units_unless_a_shield_generator_stands() {
    let sc =
        armies(&[("star_destroyer", 1), ("stormtrooper", 1)], &[("rebel_trooper", 2), ("airspeeder", 1)]);
    let mut s = playing(sc, EMPIRE, "bombardment");
    act(&mut s, EMPIRE, "mode 1");
    let n = num(&s, "airspeeder");
    refuse(&mut s, EMPIRE, &format!("hit {n}"));
    let n = nth(&s, "rebel_trooper", 0);
    hit(&mut s, EMPIRE, n);
    let n = nth(&s, "rebel_trooper", 1);
    hit(&mut s, EMPIRE, n);
    assert_eq!(damage_on(&s, REBEL), 2);
    let sc = armies(
        &[("star_destroyer", 1), ("stormtrooper", 1)],
        &[("rebel_trooper", 1), ("shield_generator", 1)],
    );
    let mut s = playing(sc, EMPIRE, "bombardment");
    refuse(&mut s, EMPIRE, "mode 1");
}

#[test]
fn imposing_presence_lets_the_empire_play_an_extra_card() {
    let sc = armies(&[("stormtrooper", 1)], &[("rebel_trooper", 1)]);
    let mut s = playing(sc, EMPIRE, "imposing_presence");
    act(&mut s, EMPIRE, "mode 2");
    refuse(&mut s, EMPIRE, "advanced imposing_presence");
    act(&mut s, EMPIRE, "advanced overrun");
    act(&mut s, EMPIRE, "mode 2");
    assert_eq!(damage_of(&s, "rebel_trooper"), 1, "the extra card's damage");
    let mut s = playing(armies(&[("stormtrooper", 1)], &[("rebel_trooper", 1)]), EMPIRE, "imposing_presence");
    act(&mut s, EMPIRE, "mode 1");
    assert_eq!(effects(&s).no_repair, vec![REBEL]);
}

// --- Rebel space cards ---

#[test]
fn rogue_squadron_support_deals_two_damage_to_black_units() {
    let sc = armies(&[("tie_fighter", 2), ("star_destroyer", 1)], &[("x_wing", 1)]);
    let mut s = playing(sc, REBEL, "rogue_squadron_support");
    act(&mut s, REBEL, "mode 1");
    let n = num(&s, "star_destroyer");
    refuse(&mut s, REBEL, &format!("hit {n}"));
    let n = nth(&s, "tie_fighter", 0);
    hit(&mut s, REBEL, n);
    let n = nth(&s, "tie_fighter", 1);
    hit(&mut s, REBEL, n);
    assert_eq!(damage_on(&s, EMPIRE), 2);
    let mut s = playing(armies(&[("tie_fighter", 1)], &[("y_wing", 1)]), REBEL, "rogue_squadron_support");
    refuse(&mut s, REBEL, "mode 1");
}

#[test]
fn bombing_run_deals_two_damage_to_red_units() {
    let sc = armies(&[("star_destroyer", 1), ("assault_carrier", 1), ("tie_fighter", 1)], &[("y_wing", 1)]);
    let mut s = playing(sc, REBEL, "bombing_run");
    act(&mut s, REBEL, "mode 1");
    let n = num(&s, "tie_fighter");
    refuse(&mut s, REBEL, &format!("hit {n}"));
    let n = num(&s, "star_destroyer");
    hit(&mut s, REBEL, n);
    let n = num(&s, "assault_carrier");
    hit(&mut s, REBEL, n);
    assert_eq!((damage_of(&s, "star_destroyer"), damage_of(&s, "assault_carrier")), (1, 1));
}

#[test]
fn deployment_brings_a_rebel_ground_unit_into_the_fight() {
    let sc = armies(&[("tie_fighter", 1), ("stormtrooper", 1)], &[("u_wing", 1)]);
    let mut s = playing(sc, REBEL, "deployment_tactic");
    act(&mut s, REBEL, "mode 1");
    refuse(&mut s, REBEL, "build airspeeder");
    act(&mut s, REBEL, "build rebel_vanguard");
    assert_eq!(fighting(&s, "rebel_vanguard"), 1);
    assert_eq!(s.units(place(AT), REBEL).count(unit("rebel_vanguard")), 1);
    finish_cards(&mut s);
    blank_attacks(&mut s);
    // A ground battle follows this round: both sides pick a ground card.
    assert!(
        matches!(step(&s), Step::Tactics { theater: Theater::Ground, stage: Stage::Pick(_) }),
        "{:?}",
        step(&s)
    );
}

#[test]
fn fleet_logistics_prevents_red_dice_and_plays_an_extra_card() {
    let sc = armies(&[("star_destroyer", 1)], &[("mon_calamari_cruiser", 1)]);
    let mut s = playing(sc, REBEL, "fleet_logistics");
    act(&mut s, REBEL, "mode 1");
    refuse(&mut s, REBEL, "advanced fleet_logistics");
    act(&mut s, REBEL, "advanced escort");
    act(&mut s, REBEL, "mode 2");
    assert_eq!(effects(&s).prevent, vec![(REBEL, 2, 0, 0), (REBEL, 0, 2, 0)]);
}

#[test]
fn ion_blast_damages_a_capital_ship_that_cannot_repair() {
    let sc = armies(&[("star_destroyer", 1), ("tie_fighter", 1)], &[("x_wing", 1), ("ion_cannon", 1)]);
    let mut s = playing(sc, REBEL, "ion_blast");
    act(&mut s, REBEL, "mode 1");
    assert_eq!(damage_of(&s, "star_destroyer"), 1, "the only capital ship takes it");
    finish_cards(&mut s);
    set_dice(&mut s, &[(Red, Special)]);
    let sd = num(&s, "star_destroyer");
    refuse(&mut s, EMPIRE, &format!("repair {sd}"));
    let mut s = playing(armies(&[("star_destroyer", 1)], &[("x_wing", 1)]), REBEL, "ion_blast");
    refuse(&mut s, REBEL, "mode 1");
}

#[test]
fn outrun_them_cancels_the_imperial_card_first() {
    let sc = armies(&[("star_destroyer", 1)], &[("corellian_corvette", 1)]);
    let mut s = fight_with(sc, EMPIRE, [(EMPIRE, "tractor_beam"), (REBEL, "outrun_them")]);
    assert_eq!(seat(&s), Some(REBEL), "the defender's cancel resolves before the current player's card");
    refuse(&mut s, EMPIRE, "mode 1");
    act(&mut s, REBEL, "mode 1");
    assert!(attacking(&s).is_some(), "the Imperial card is cancelled");
    assert!(discard_of(&s, EMPIRE).contains(&adv("tractor_beam")));
    // The bottom: in the next round the Empire picks no space card.
    let sc = armies(&[("star_destroyer", 1)], &[("corellian_corvette", 1)]);
    let mut s = fight_with(sc, EMPIRE, [(EMPIRE, "tractor_beam"), (REBEL, "outrun_them")]);
    act(&mut s, REBEL, "mode 2");
    act(&mut s, EMPIRE, "done");
    blank_attacks(&mut s);
    for f in [EMPIRE, REBEL] {
        if seat(&s) == Some(f) && is_legal(&s, "done") {
            act(&mut s, f, "done");
        }
    }
    assert_eq!(cm(&s).round, 2);
    assert_eq!(seat(&s), Some(REBEL), "only the Rebels pick: {:?}", step(&s));
    act(&mut s, REBEL, "advanced escort");
    assert!(matches!(step(&s), Step::Tactics { stage: Stage::Resolve(REBEL), .. }));
}

#[test]
fn draw_their_fire_spares_ships_other_than_nebulon_b_frigates() {
    let sc = armies(&[("tie_fighter", 2)], &[("nebulon_b_frigate", 1), ("x_wing", 2)]);
    let mut s = playing(sc, REBEL, "draw_their_fire");
    act(&mut s, REBEL, "mode 1");
    finish_cards(&mut s);
    set_dice(&mut s, &[(Black, Hit), (Black, Hit), (Red, Hit)]);
    act(&mut s, EMPIRE, "done");
    let n = nth(&s, "x_wing", 0);
    act(&mut s, EMPIRE, &format!("damage 0 {n}"));
    let n = nth(&s, "x_wing", 1);
    act(&mut s, EMPIRE, &format!("damage 1 {n}"));
    let n = num(&s, "nebulon_b_frigate");
    act(&mut s, EMPIRE, &format!("damage 2 {n}"));
    let n = num(&s, "nebulon_b_frigate");
    refuse(&mut s, REBEL, &format!("block {n}"));
    let n = nth(&s, "x_wing", 0);
    act(&mut s, REBEL, &format!("block {n}"));
    let n = nth(&s, "x_wing", 1);
    act(&mut s, REBEL, &format!("block {n}"));
    assert_eq!(damage_of(&s, "nebulon_b_frigate"), 1);
    assert_eq!(cm(&s).units.iter().filter(|u| u.unit == unit("x_wing")).map(|u| u.damage).sum::<u8>(), 0);
}

#[test]
fn escort_prevents_a_red_a_black_and_a_special() {
    let sc = armies(&[("star_destroyer", 1)], &[("rebel_transport", 1)]);
    let mut s = playing(sc, REBEL, "escort");
    act(&mut s, REBEL, "mode 1");
    let spent = prevented(
        &mut s,
        EMPIRE,
        &[(Red, Hit), (Red, Hit), (Black, DirectHit), (Black, Hit), (Red, Special)],
    );
    assert_eq!(spent, vec![true, false, true, false, true]);
    let mut s = playing(armies(&[("star_destroyer", 1)], &[("x_wing", 1)]), REBEL, "escort");
    refuse(&mut s, REBEL, "mode 1");
}

// --- Rebel ground cards ---

#[test]
fn hold_them_back_destroys_a_stormtrooper_or_assault_tank() {
    let sc = armies(&[("stormtrooper", 1), ("assault_tank", 1), ("at_st", 1)], &[("rebel_trooper", 1)]);
    let mut s = playing(sc, REBEL, "hold_them_back");
    act(&mut s, REBEL, "mode 1");
    let n = num(&s, "at_st");
    refuse(&mut s, REBEL, &format!("hit {n}"));
    let n = num(&s, "assault_tank");
    hit(&mut s, REBEL, n);
    finish_cards(&mut s);
    assert_eq!(fighting(&s, "assault_tank"), 0);
    assert_eq!(fighting(&s, "stormtrooper"), 1);
}

#[test]
fn take_it_down_deals_two_damage_to_red_units() {
    let sc = armies(&[("at_st", 1), ("at_at", 1), ("stormtrooper", 1)], &[("rebel_vanguard", 1)]);
    let mut s = playing(sc, REBEL, "take_it_down_tactic");
    act(&mut s, REBEL, "mode 1");
    let n = num(&s, "stormtrooper");
    refuse(&mut s, REBEL, &format!("hit {n}"));
    let n = num(&s, "at_at");
    hit(&mut s, REBEL, n);
    let n = num(&s, "at_at");
    hit(&mut s, REBEL, n);
    assert_eq!(damage_of(&s, "at_at"), 2);
}

#[test]
fn tow_cables_deals_four_damage_to_one_walker() {
    let sc = armies(&[("at_at", 1), ("at_st", 1), ("stormtrooper", 1)], &[("airspeeder", 1)]);
    let mut s = playing(sc, REBEL, "tow_cables");
    act(&mut s, REBEL, "mode 1");
    let n = num(&s, "stormtrooper");
    refuse(&mut s, REBEL, &format!("hit {n}"));
    let n = num(&s, "at_at");
    hit(&mut s, REBEL, n);
    assert_eq!((damage_of(&s, "at_at"), damage_of(&s, "at_st")), (4, 0));
}

#[test]
fn take_cover_prevents_red_and_black_dice() {
    let sc = armies(&[("at_st", 1)], &[("golan_arms_turret", 1)]);
    let mut s = playing(sc, REBEL, "take_cover");
    act(&mut s, REBEL, "mode 1");
    let spent = prevented(&mut s, EMPIRE, &[(Black, Hit), (Black, Hit), (Black, Hit), (Red, DirectHit)]);
    assert_eq!(spent, vec![true, true, false, true]);
    let mut s = playing(armies(&[("at_st", 1)], &[("rebel_trooper", 1)]), REBEL, "take_cover");
    refuse(&mut s, REBEL, "mode 1");
}

#[test]
fn planetary_shield_moves_damage_onto_a_shield_generator() {
    let sc = armies(&[("stormtrooper", 2)], &[("shield_generator", 1), ("rebel_trooper", 2)]);
    let mut s = playing(sc, REBEL, "planetary_shield");
    act(&mut s, REBEL, "mode 1");
    finish_cards(&mut s);
    two_hits(&mut s, EMPIRE, "rebel_trooper");
    let n = num(&s, "shield_generator");
    refuse(&mut s, REBEL, &format!("block {n}"));
    let n = nth(&s, "rebel_trooper", 0);
    act(&mut s, REBEL, &format!("block {n}"));
    let n = nth(&s, "rebel_trooper", 1);
    act(&mut s, REBEL, &format!("block {n}"));
    assert_eq!(damage_of(&s, "shield_generator"), 2);
    // The bottom: the Empire attacks first in ground battles (it already did as the attacker).
    let mut s = playing(armies(&[("stormtrooper", 1)], &[("rebel_trooper", 1)]), REBEL, "planetary_shield");
    refuse(&mut s, REBEL, "mode 1");
    act(&mut s, REBEL, "mode 2");
    assert_eq!(cm(&s).cine.as_ref().unwrap().first, vec![(Theater::Ground, EMPIRE)]);
}

#[test]
fn rogue_one_rescues_a_leader_captured_here_after_a_retreat() {
    let mut sc =
        armies(&[("stormtrooper", 1)], &[("u_wing", 1), ("rebel_trooper", 1)]).leader_at(AT, "han_solo");
    sc.s.captured.push(leader("han_solo"));
    let mut s = playing(sc, REBEL, "rogue_one");
    act(&mut s, REBEL, "mode 1");
    finish_cards(&mut s);
    blank_attacks(&mut s);
    act(&mut s, REBEL, "retreat jan_dodonna nal_hutta");
    act(&mut s, REBEL, "carry rebel_trooper");
    assert!(!s.captured.contains(&leader("han_solo")), "rescued at the end of the round");
    let mut s = playing(armies(&[("stormtrooper", 1)], &[("rebel_trooper", 1)]), REBEL, "rogue_one");
    refuse(&mut s, REBEL, "mode 1");
}

#[test]
fn escape_plan_tactic_retreats_at_once_and_cancels_the_imperial_card() {
    let sc = armies(&[("stormtrooper", 1)], &[("rebel_transport", 1), ("rebel_trooper", 1)]);
    let mut s = fight_with(sc, EMPIRE, [(EMPIRE, "overrun"), (REBEL, "escape_plan_tactic")]);
    assert_eq!(seat(&s), Some(REBEL), "a defender's card that can cancel resolves first");
    act(&mut s, REBEL, "mode 1");
    refuse(&mut s, REBEL, "retreat jan_dodonna kessel");
    act(&mut s, REBEL, "retreat jan_dodonna nal_hutta");
    act(&mut s, REBEL, "carry rebel_trooper");
    assert_eq!(s.units(place("nal_hutta"), REBEL).count(unit("rebel_trooper")), 1, "carried away");
    assert!(s.combat().is_none(), "nothing of the Rebels is left to fight");
    assert!(discard_of(&s, EMPIRE).contains(&adv("overrun")), "the Imperial card was cancelled unresolved");
    // The bottom: the Empire picks no ground card next round; without a transport no top.
    let sc = armies(&[("stormtrooper", 1)], &[("rebel_trooper", 1)]);
    let mut s = playing(sc, REBEL, "escape_plan_tactic");
    refuse(&mut s, REBEL, "mode 1");
    act(&mut s, REBEL, "mode 2");
    assert!(cm(&s).cine.as_ref().unwrap().banned(EMPIRE, Theater::Ground, 2));
}

#[test]
fn confrontation_marks_an_imperial_leader_for_elimination() {
    let sc = armies(&[("stormtrooper", 1)], &[("rebel_trooper", 1)]);
    let mut s = fight_by(sc, EMPIRE);
    refuse(&mut s, EMPIRE, "advanced confrontation");
    act(&mut s, EMPIRE, "advanced armored_patrol");
    act(&mut s, REBEL, "advanced confrontation");
    act(&mut s, EMPIRE, "done");
    act(&mut s, REBEL, "mode 1");
    let st = num(&s, "stormtrooper") as usize;
    cm_mut(&mut s).units[st].damage = 1;
    blank_attacks(&mut s);
    assert_eq!(s.cinematic.as_ref().unwrap().marked, vec![leader("darth_vader")]);
    assert_eq!(s.cinematic.as_ref().unwrap().own.rebel.removed, vec![adv("confrontation")]);
    assert!(!s.eliminated.contains(&leader("darth_vader")), "not before the end of the Command Phase");
    while s.combat().is_some() {
        let f = seat(&s).expect("someone decides");
        act(&mut s, f, "done");
    }
    pass_both(&mut s);
    assert!(s.eliminated.contains(&leader("darth_vader")));
}

// --- Rules of cinematic combat that cards meet (issue 33) ---

/// A card that draws tactic cards lets its player take used advanced cards back from the
/// discard pile *of their choice* (cinematic-combat guide): not the most recently used ones.
#[test]
fn more_dangerous_than_you_realize_takes_back_the_used_cards_its_player_picks() {
    let mut sc = armies(&[("tie_fighter", 1)], &[("x_wing", 1)]).leader_at(AT, "general_tagge");
    sc.s.hands.empire.actions = vec![ActionCardId::parse("more_dangerous_than_you_realize").unwrap()];
    let used = ["swarm_tactics", "reinforcements", "tractor_beam", "overwhelming_presence"];
    let mut decks = holonet::engine::rebellion::combat::cinematic::CinematicDecks::full();
    decks.own.empire.deck.retain(|a| !used.contains(&a.key()));
    decks.own.empire.discard = used.iter().map(|k| adv(k)).collect();
    sc.s.cinematic = Some(Box::new(decks));
    let mut s = fight(sc);
    act(&mut s, EMPIRE, "action more_dangerous_than_you_realize");
    // Only space cards are used: the theater is not asked.
    // Three of the four used cards come back, picked one by one; the last one used is not
    // taken by itself.
    for (k, card) in ["tractor_beam", "swarm_tactics", "reinforcements"].iter().enumerate() {
        assert_eq!(seat(&s), Some(EMPIRE), "pick {k}: {:?}", legal(&s));
        assert!(is_legal(&s, "advanced overwhelming_presence"), "the most recent is offered too");
        refuse(&mut s, EMPIRE, "advanced armored_patrol");
        act(&mut s, EMPIRE, &format!("advanced {card}"));
    }
    assert_eq!(discard_of(&s, EMPIRE), vec![adv("overwhelming_presence")], "the one not picked stays");
    for card in ["tractor_beam", "swarm_tactics", "reinforcements"] {
        assert!(deck_of(&s, EMPIRE).contains(&adv(card)), "{card} is back in the deck");
    }
}

/// Plays the current round of combat to its retreat step: each card pick is the first one
/// offered (the Rebels' `rebel_card` when given, resolved with its top; every other card is
/// resolved as neither) and every attack rolls blanks.
fn to_retreat_step(s: &mut State, rebel_card: Option<&str>) {
    for _ in 0..40 {
        match s.combat().map(|c| c.step) {
            Some(Step::Tactics { stage: Stage::Pick(f), .. }) => {
                let mine = rebel_card.filter(|_| f == REBEL).map(|c| format!("advanced {c}"));
                let a = mine.unwrap_or_else(|| {
                    legal(s).into_iter().find(|a| a.starts_with("advanced")).expect("a card to pick")
                });
                act(s, f, &a);
            }
            Some(Step::Tactics { stage: Stage::Resolve(f), .. }) => {
                let top = f == REBEL && rebel_card.is_some() && is_legal(s, "mode 1");
                act(s, f, if top { "mode 1" } else { "done" });
            }
            Some(Step::Retreat { .. }) | None => return,
            Some(Step::Assign { .. }) => {
                // An attack with no combat action to ask for comes straight to its damage:
                // it rolled blanks, so nothing is assigned and the flow goes on by itself.
                set_dice(s, &[(Black, Blank)]);
                holonet::engine::rebellion::flow::advance(&mut holonet::engine::rebellion::flow::Ctx::new(s));
            }
            _ => match attacking(s) {
                Some(side) => {
                    set_dice(s, &[(Black, Blank)]);
                    act(s, side, "done");
                }
                None => {
                    let f = seat(s).expect("someone decides");
                    act(s, f, "done");
                }
            },
        }
    }
    panic!("the round never reached its retreat step: {:?}", step(s));
}

/// Rogue One's top counts a retreat of this round only: a retreat in an earlier round of the
/// combat does not fire it.
#[test]
fn rogue_one_needs_a_retreat_in_its_own_round() {
    let sc = armies(&[("star_destroyer", 1), ("stormtrooper", 4)], &[("u_wing", 1), ("rebel_trooper", 2)]);
    let mut sc = sc.leader_at(AT, "han_solo");
    sc.s.captured.push(leader("han_solo"));
    let mut s = fight(sc);
    // Round 1: the Empire retreats; its Star Destroyer leaves, the Stormtroopers stay to fight.
    to_retreat_step(&mut s, None);
    assert!(matches!(step(&s), Step::Retreat { faction: EMPIRE }), "{:?}", step(&s));
    let retreat =
        legal(&s).into_iter().find(|a| a.starts_with("retreat darth_vader")).expect("Vader may retreat");
    act(&mut s, EMPIRE, &retreat);
    while seat(&s) == Some(EMPIRE) {
        act(&mut s, EMPIRE, "done");
    }
    act(&mut s, REBEL, "done");
    // Round 2: the Rebels play Rogue One, and nobody retreats.
    assert_eq!(cm(&s).round, 2, "the ground battle goes on: {:?}", step(&s));
    to_retreat_step(&mut s, Some("rogue_one"));
    while let Some(f) = seat(&s).filter(|_| matches!(s.combat().map(|c| c.step), Some(Step::Retreat { .. })))
    {
        act(&mut s, f, "done");
    }
    assert!(s.captured.contains(&leader("han_solo")), "no retreat this round: nobody is rescued");
}

/// Armored Position's top moves damage onto one Shield Bunker of the Empire's choice, not the
/// first one listed.
#[test]
fn armored_position_moves_damage_onto_the_shield_bunker_the_empire_picks() {
    let sc = armies(&[("shield_bunker", 2), ("stormtrooper", 2)], &[("rebel_trooper", 2)]);
    let mut s = playing(sc, EMPIRE, "armored_position");
    act(&mut s, EMPIRE, "mode 1");
    finish_cards(&mut s);
    // The first bunker is badly damaged already: the Empire wants the second.
    let first = nth(&s, "shield_bunker", 0) as usize;
    cm_mut(&mut s).units[first].damage = 2;
    set_dice(&mut s, &[(Black, Blank)]);
    act(&mut s, EMPIRE, "done");
    two_hits(&mut s, REBEL, "stormtrooper");
    let second = nth(&s, "shield_bunker", 1);
    act(&mut s, EMPIRE, &format!("hit {second}"));
    let n = nth(&s, "stormtrooper", 0);
    act(&mut s, EMPIRE, &format!("block {n}"));
    let n = nth(&s, "stormtrooper", 1);
    act(&mut s, EMPIRE, &format!("block {n}"));
    assert_eq!(cm(&s).units[first].damage, 2, "the first bunker takes nothing more");
    assert_eq!(cm(&s).units[second as usize].damage, 2, "the picked bunker takes both");
}
