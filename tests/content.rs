//! Tests of the embedded game content and of the loader's error reporting.

use holonet::content::{
    self, Catalog, ContentSet, DieFace, Faction, IconColor, IconShape, MissionTargetKind, ResourceIcon,
    SystemId, TargetCondition, UnitAbility, UnitClass,
};
use serde_json::{Value, json};

fn cat() -> &'static Catalog {
    content::init().expect("embedded content is valid")
}

fn icon(color: IconColor, shape: IconShape) -> ResourceIcon {
    ResourceIcon { color, shape }
}

#[test]
fn embedded_catalog_loads() {
    let c = cat();
    assert_eq!(c.regions.len(), 8);
    assert_eq!(c.systems.len(), 32);
    // The base game's content, then Rise of the Empire's (its entries follow the base ones).
    let base = |set: ContentSet| set == ContentSet::Base;
    assert_eq!(c.units.iter().filter(|u| base(u.set)).count(), 18);
    assert_eq!(c.units.len(), 18 + 8);
    assert!(c.units[..18].iter().all(|u| base(u.set)), "base units keep their ids");
    assert_eq!(c.leaders.iter().filter(|l| base(l.set)).count(), 25);
    assert_eq!(c.leaders.len(), 25 + 8);
    assert_eq!(c.missions.iter().filter(|m| base(m.set)).count(), 53);
    assert_eq!(c.missions.len(), 53 + 35);
    assert!(c.missions[..53].iter().all(|m| base(m.set)), "base missions keep their ids");
    assert_eq!(c.action_cards.iter().filter(|a| base(a.set)).count(), 34);
    assert!(c.action_cards[..34].iter().all(|a| base(a.set)), "base cards keep their ids");
    assert_eq!(c.action_cards.len(), 34 + 16);
    assert_eq!(c.objectives.iter().filter(|o| base(o.set)).count(), 15);
    assert!(c.objectives[..15].iter().all(|o| base(o.set)), "base objectives keep their ids");
    assert_eq!(c.objectives.len(), 15 + 12);
    assert_eq!(c.tactics.len(), 19);
    assert_eq!(c.impassable.len(), 7);
    // The freshly loaded copy agrees with the global one.
    let again = Catalog::load_embedded().expect("loads twice");
    assert_eq!(again.systems.len(), c.systems.len());
}

#[test]
fn board_spot_checks() {
    let c = cat();
    let coruscant = c.system(c.system_by_key("coruscant").unwrap());
    assert!(coruscant.fixed_imperial && coruscant.populous && !coruscant.probe_card);
    let pairs: usize = c.systems.iter().map(|s| s.adjacent.len()).sum::<usize>() / 2;
    assert_eq!(pairs, 69);
    let mon_cal = c.system_by_key("mon_calamari").unwrap();
    for n in ["felucia", "saleucami"] {
        assert!(c.adjacent(mon_cal, c.system_by_key(n).unwrap()), "mon_calamari–{n}");
    }
    assert!(!c.adjacent(mon_cal, c.system_by_key("kessel").unwrap()));
    assert_eq!(c.systems.iter().filter(|s| s.probe_card).count(), 31);
    assert_eq!(c.systems.iter().filter(|s| !s.populous).count(), 8);
    let kashyyyk = c.system(c.system_by_key("kashyyyk").unwrap());
    let orange_triangle = icon(IconColor::Orange, IconShape::Triangle);
    assert_eq!(kashyyyk.icons, vec![orange_triangle, orange_triangle]);
    assert_eq!(kashyyyk.setup_mark, Some(Faction::Rebel));
    let region = c.system(mon_cal).region;
    assert_eq!(c.regions[region.0 as usize].id, "mon_calamari_region");
    assert_eq!(c.base_space_queue, 1);
}

#[test]
fn unit_spot_checks() {
    let c = cat();
    let ds = c.unit(c.unit_by_key("death_star").unwrap());
    assert_eq!(ds.health, None);
    assert_eq!(ds.class, UnitClass::SpaceStation);
    let dsuc = c.unit(c.unit_by_key("death_star_under_construction").unwrap());
    assert!(dsuc.immobile);
    let blue_triangle = icon(IconColor::Blue, IconShape::Triangle);
    let option = c.build_options.rebel.iter().find(|o| o.icon == blue_triangle).unwrap();
    let keys: Vec<&str> = option.units.iter().map(|&u| c.unit(u).id.as_str()).collect();
    assert_eq!(keys, ["x_wing", "y_wing", "rebel_transport", "u_wing"], "the expansion's units follow");
    let ion = c.unit(c.unit_by_key("ion_cannon").unwrap());
    assert_eq!(ion.ability, Some(UnitAbility::EnemySpaceRedDiceMinusTwo));
    let tie = c.unit_by_key("tie_fighter").unwrap();
    assert!(c.starting_units.empire.contains(&(tie, 12)));
    let rebels: u32 = c.starting_units.rebel.iter().map(|&(_, n)| u32::from(n)).sum();
    assert_eq!(rebels, 14);
    use DieFace::*;
    assert_eq!(c.die_faces, [Blank, Blank, Hit, Hit, DirectHit, Special]);
}

#[test]
fn card_spot_checks() {
    let c = cat();
    let yoda = c.mission(c.mission_by_key("seek_yoda").unwrap());
    let dagobah = c.system_by_key("dagobah").unwrap();
    assert_eq!(yoda.conditions, vec![TargetCondition::Named(dagobah)]);
    assert_eq!(yoda.portrait, c.leader_by_key("luke_skywalker"));
    let cssd = c.mission(c.mission_by_key("construct_super_star_destroyer").unwrap());
    let blue_square = icon(IconColor::Blue, IconShape::Square);
    assert!(cssd.conditions.contains(&TargetCondition::HasIcon(blue_square)));
    let plan = c.mission(c.mission_by_key("contingency_plan").unwrap());
    assert_eq!(plan.target, MissionTargetKind::None);
    let falcon = c.action_cards.iter().find(|a| a.id == "the_millennium_falcon").unwrap();
    let shown: Vec<&str> = falcon.leaders.iter().map(|&l| c.leader(l).id.as_str()).collect();
    assert_eq!(shown, ["han_solo", "chewbacca"]);
    let sympathy = c.objective(c.objective_by_key("inspire_sympathy").unwrap());
    assert_eq!(sympathy.reputation, None);
    for text in c.missions.iter().map(|m| &m.text).chain(c.action_cards.iter().map(|a| &a.text)) {
        assert!(!text.is_empty() && text.len() < 200, "{text}");
    }
    assert_eq!(c.tactics.iter().map(|t| u32::from(t.copies)).sum::<u32>(), 30);
}

#[test]
fn lookup_suggests_close_names() {
    cat();
    let err = SystemId::parse("corelia").unwrap_err();
    assert_eq!(err.suggestions.first().map(String::as_str), Some("corellia"));
    assert!(err.to_string().contains("did you mean corellia"), "{err}");
    assert_eq!(SystemId::parse("Mon Calamari").unwrap().key(), "mon_calamari");
    assert_eq!(SystemId::parse("cato").unwrap().key(), "cato_neimoidia");
}

// ------------------------------------------------------------------------------------------
// Broken data: the error must name the file and the bad entry.

/// Loads the embedded content with one file edited; returns the error message.
fn broken(file: &str, edit: impl FnOnce(&mut Value)) -> String {
    let text = Catalog::embedded_asset(file).expect("asset exists");
    let mut v: Value = serde_json::from_str(text).unwrap();
    edit(&mut v);
    let text = serde_json::to_string(&v).unwrap();
    match Catalog::load_from_strs(&[(file, &text)]) {
        Ok(_) => panic!("broken {file} was accepted"),
        Err(e) => e.to_string(),
    }
}

/// The entry with the given id in a list.
fn entry<'a>(list: &'a mut Value, id: &str) -> &'a mut Value {
    list.as_array_mut().unwrap().iter_mut().find(|e| e["id"] == id).expect("entry exists")
}

#[test]
fn asymmetric_adjacency_is_rejected() {
    let msg = broken("board.json", |v| {
        let adj = entry(&mut v["systems"], "mon_calamari")["adjacent"].as_array_mut().unwrap();
        adj.retain(|n| n != "felucia");
    });
    assert!(msg.starts_with("assets/board.json"), "{msg}");
    assert!(msg.contains("`felucia`") && msg.contains("`mon_calamari`"), "{msg}");
}

#[test]
fn adjacency_missing_from_pair_list_is_rejected() {
    let msg = broken("board.json", |v| {
        let pairs = v["adjacency"].as_array_mut().unwrap();
        pairs
            .retain(|p| p != &json!(["felucia", "mon_calamari"]) && p != &json!(["mon_calamari", "felucia"]));
    });
    assert!(msg.contains("adjacency pairs do not join them"), "{msg}");
    assert!(msg.contains("felucia") && msg.contains("mon_calamari"), "{msg}");
}

#[test]
fn unknown_neighbour_is_rejected_with_suggestion() {
    let msg = broken("board.json", |v| {
        entry(&mut v["systems"], "mon_calamari")["adjacent"].as_array_mut().unwrap().push(json!("kesel"));
    });
    assert!(msg.contains("system `mon_calamari` refers to unknown system `kesel`"), "{msg}");
    assert!(msg.contains("did you mean kessel"), "{msg}");
}

#[test]
fn impassable_pair_must_not_be_adjacent() {
    let msg = broken("board.json", |v| {
        v["impassable"].as_array_mut().unwrap().push(json!(["felucia", "mon_calamari"]));
    });
    assert!(msg.contains("impassable pair `felucia`–`mon_calamari`"), "{msg}");
}

#[test]
fn remote_system_with_icons_is_rejected() {
    let msg = broken("board.json", |v| {
        entry(&mut v["systems"], "hoth")["icons"] = json!([{"color": "blue", "shape": "circle"}]);
    });
    assert!(msg.contains("system `hoth` is remote"), "{msg}");
}

#[test]
fn duplicate_id_is_rejected() {
    let msg = broken("leaders.json", |v| {
        let list = v["leaders"].as_array_mut().unwrap();
        let copy = list[0].clone();
        list.push(copy);
    });
    assert_eq!(msg, "assets/leaders.json: duplicate leader id `emperor_palpatine`");
}

#[test]
fn unknown_leader_in_action_card_is_rejected() {
    let msg = broken("action_cards.json", |v| {
        entry(&mut v["action_cards"], "ambush")["leaders"] = json!(["general_madin"]);
    });
    assert!(msg.starts_with("assets/action_cards.json: action card `ambush`"), "{msg}");
    assert!(msg.contains("unknown leader `general_madin`; did you mean general_madine"), "{msg}");
}

#[test]
fn unknown_unit_in_condition_is_rejected() {
    let msg = broken("missions.json", |v| {
        entry(&mut v["missions"], "superlaser_online")["conditions"] =
            json!([{"contains_any": ["deathstar"]}]);
    });
    assert!(msg.contains("mission `superlaser_online` refers to unknown unit `deathstar`"), "{msg}");
}

#[test]
fn wrong_box_count_is_rejected() {
    let msg = broken("units.json", |v| {
        entry(&mut v["units"], "tie_fighter")["count_in_box"] = json!(23);
    });
    assert!(msg.contains("unit `tie_fighter` has 23 in the box"), "{msg}");
}

#[test]
fn card_totals_are_checked() {
    let msg = broken("missions.json", |v| {
        entry(&mut v["missions"], "hidden_fleet")["copies"] = json!(2);
    });
    assert!(msg.contains("has 67 cards"), "{msg}");
    let msg = broken("missions.json", |v| {
        entry(&mut v["missions"], "sabotage")["starting"] = json!(false);
    });
    assert!(msg.contains("faction `rebel` has 3 starting missions"), "{msg}");
}

#[test]
fn typos_in_field_names_are_rejected() {
    let msg = broken("tactics.json", |v| {
        let t = entry(&mut v["tactics"], "ground_dig_in").as_object_mut().unwrap();
        let copies = t.remove("copies").unwrap();
        t.insert("copys".into(), copies);
    });
    assert!(msg.starts_with("assets/tactics.json: unknown field `copys`"), "{msg}");
}

#[test]
fn unknown_override_file_is_rejected() {
    let Err(err) = Catalog::load_from_strs(&[("boards.json", "{}")]) else {
        panic!("an unknown file name was accepted");
    };
    assert!(err.to_string().contains("unknown asset file `boards.json`"), "{err}");
}

#[test]
fn team_colours_split_each_side_for_the_team_game() {
    use holonet::content::TeamColour::{Blue, Orange};
    let c = cat();
    let colour = |id: &str| c.leader(c.leader_by_key(id).expect("leader")).team_colour;
    assert_eq!(colour("admiral_ackbar"), Blue, "Ackbar is the Admiral's (the one source disagreement)");
    assert_eq!(colour("darth_vader"), Orange);
    assert_eq!(colour("luke_skywalker_jedi"), Orange, "Jedi Luke keeps Luke's colour");
    assert_eq!(colour("jyn_erso"), Blue);
    for f in [Faction::Rebel, Faction::Empire] {
        for set in [ContentSet::Base, ContentSet::RiseOfTheEmpire] {
            let of = |col| {
                c.leaders.iter().filter(|l| l.faction == f && l.set == set && l.team_colour == col).count()
            };
            assert_eq!(
                of(Blue) + of(Orange),
                c.leaders.iter().filter(|l| l.faction == f && l.set == set).count()
            );
            if set == ContentSet::RiseOfTheEmpire {
                assert_eq!((of(Blue), of(Orange)), (2, 2), "{f}: the expansion's leaders split two and two");
            }
        }
    }
}

#[test]
fn starting_leaders_of_one_colour_are_rejected() {
    let msg =
        broken("leaders.json", |v| entry(&mut v["leaders"], "darth_vader")["team_colour"] = json!("blue"));
    assert!(msg.contains("two of each colour"), "{msg}");
    let msg =
        broken("leaders.json", |v| entry(&mut v["leaders"], "darth_vader")["team_colour"] = json!("green"));
    assert!(msg.contains("leaders.json"), "{msg}");
}

#[test]
fn the_team_game_turn_order_is_data_naming_each_role_once() {
    let order: Vec<String> = cat().team.command_order.iter().map(|r| r.name()).collect();
    assert_eq!(order, ["Rebel Admiral", "Imperial Admiral", "Imperial General", "Rebel General"]);
    let msg = broken("team.json", |v| v["command_order"][3] = json!("rebel_admiral"));
    assert!(msg.starts_with("assets/team.json") && msg.contains("two turns"), "{msg}");
    let msg = broken("team.json", |v| v["command_order"][0] = json!("rebel_captain"));
    assert!(msg.contains("`rebel_captain`") && msg.contains("imperial_general"), "{msg}");
    let msg = broken("team.json", |v| {
        v["command_order"].as_array_mut().unwrap().pop();
    });
    assert!(msg.contains("each of the four roles"), "{msg}");
}
