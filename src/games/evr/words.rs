//! Empire vs. Rebellion in words: the printed names of its cards, every option of a decision
//! as players read it ("Use Han Solo's power", "Ready Rebel Recon (3) for 1 influence"), the
//! context of a decision, and the text tables of a view. Everything here is built from a
//! redacted [`EvrView`] (the decider's own for options and context) and the public catalog.

use crate::content::Faction;
use crate::content::evr::{Effect, ResourceCardId, Side, Which, Zone, catalog};
use crate::engine::evr::view::{Cards, EvrView, PendingView, SideView};
use crate::engine::evr::{Action, Decision, DecisionKind, EvrState, Viewer, view};
use crate::games::game::{Level, OptionText};

use crate::engine::evr::flow::CHARACTERS_CHOSEN;
pub use crate::games::words::adjective;
use crate::games::words::{capitalise, label, n, w};

use super::brief::{event_brief, power_now, resource_brief, strategy_brief};

/// A side as the subject of a sentence ("the Rebel player").
pub fn player(f: Faction) -> String {
    format!("the {} player", f.name())
}

/// A side as the subject that starts a sentence ("The Rebel player").
pub fn capitalise_player(f: Faction) -> String {
    format!("The {} player", f.name())
}

/// A side's possessive ("the Rebels'", "the Empire's").
pub fn whose(f: Faction) -> &'static str {
    match f {
        Faction::Rebel => "the Rebels'",
        Faction::Empire => "the Empire's",
    }
}

/// A resource card's name: a character's own ("Han Solo"), a basic card's faction, category
/// and value ("Rebel Recon (3)", "Imperial Force (2)"): the two factions' basic cards share
/// their category's printed name, and the value tells the four of a category apart.
pub fn card_name(id: ResourceCardId) -> String {
    let d = catalog().resource(id);
    if d.is_character() {
        d.name.clone()
    } else {
        let name = d.name.strip_prefix("The ").unwrap_or(&d.name);
        format!("{} {name} ({})", adjective(d.faction), d.value)
    }
}

/// A card in play with what it counts: a basic card's name already says its value ("Rebel
/// Force (3)", ", exhausted" once used), a character's does not ("Han Solo (worth 6)", "Han
/// Solo (exhausted, worth 1)").
pub fn card_worth(key: &str, value: u8, exhausted: bool) -> String {
    let character = catalog().resource_by_key(key).is_some_and(|r| catalog().resource(r).is_character());
    match (character, exhausted) {
        (true, false) => format!("{} (worth {value})", card(key)),
        (true, true) => format!("{} (exhausted, worth {value})", card(key)),
        (false, false) => card(key),
        (false, true) => format!("{}, exhausted", card(key)),
    }
}

/// A resource card's name from the key a view carries (an unknown key stays as it is).
pub fn card(key: &str) -> String {
    catalog().resource_by_key(key).map_or_else(|| key.to_string(), card_name)
}

/// A strategy card's printed name from its key.
pub fn strategy(key: &str) -> String {
    catalog().strategy_name(key)
}

/// An event card's printed name from its key.
pub fn event(key: &str) -> String {
    catalog().event_name(key)
}

/// Names joined for a sentence: "A", "A and B", "A, B and C" ("A, R2-D2 and C-3PO, and B"
/// when a name holds an "and" itself).
pub fn list(names: &[String]) -> String {
    let serial = names.iter().any(|n| n.contains(" and "));
    match names {
        [] => "none".into(),
        [a] => a.clone(),
        [a, b] if serial => format!("{a}, and {b}"),
        [rest @ .., last] if serial => format!("{}, and {last}", rest.join(", ")),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The keys of visible cards (none when hidden).
pub fn visible(c: &Cards) -> &[String] {
    match c {
        Cards::Visible(v) => v,
        Cards::Hidden(_) => &[],
    }
}

/// How many cards there are, visible or not.
pub fn count(c: &Cards) -> usize {
    match c {
        Cards::Visible(v) => v.len(),
        Cards::Hidden(n) => *n,
    }
}

/// What the view says of an event: its name and numbers ("Battle of Hoth: capacity 5,
/// objective value 17, 3 victory points, 0 influence").
pub fn event_numbers(key: &str) -> String {
    let c = catalog();
    match c.event_by_key(key).map(|e| c.event(e)) {
        Some(e) => format!(
            "{}: capacity {}, objective value {}, {} victory point{}, {} influence",
            e.name,
            e.capacity,
            e.objective_value,
            e.victory_points,
            if e.victory_points == 1 { "" } else { "s" },
            e.influence_value
        ),
        None => key.to_string(),
    }
}

/// The printed effect text of an event, if it has one.
pub fn event_effect(key: &str) -> Option<String> {
    let c = catalog();
    let e = c.event(c.event_by_key(key)?);
    e.effect.as_ref().map(|x| x.text.clone())
}

/// The card whose effect is being resolved, by name, and its printed text.
pub fn source(p: &PendingView) -> (String, String) {
    let c = catalog();
    match p.kind {
        "power" => {
            let text = c.resource_by_key(&p.source).map(|r| c.resource(r).text.clone()).unwrap_or_default();
            (card(&p.source), text)
        }
        "strategy" => {
            let text = c.strategy_by_key(&p.source).map(|s| c.strategy(s).text.clone()).unwrap_or_default();
            (strategy(&p.source), text)
        }
        _ => (event(&p.source), event_effect(&p.source).unwrap_or_default()),
    }
}

/// The effect being resolved as a phrase: "the power of Rebel Recon (3)", "the strategy
/// Support", "the event Rebel Uprising" (`name`: the card's name).
fn source_phrase(p: &PendingView, name: &str) -> String {
    match p.kind {
        "power" => format!("the power of {name}"),
        kind => format!("the {kind} {name}"),
    }
}

/// The effect list of the card being resolved (from the catalog).
fn source_effects(p: &PendingView) -> Vec<Effect> {
    let c = catalog();
    match p.kind {
        "power" => c.resource_by_key(&p.source).map(|r| c.resource(r).power.clone()),
        "strategy" => c.strategy_by_key(&p.source).map(|s| c.strategy(s).effect.clone()),
        _ => c.event_by_key(&p.source).and_then(|e| c.event(e).effect.as_ref()).map(|e| e.ops.clone()),
    }
    .unwrap_or_default()
}

/// Whose words an effect is read in: those of the player resolving it ("your"), or the
/// log's, naming the side it is resolved for ("their", "the Empire player's").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Voice {
    /// The player resolving it.
    You,
    /// The public log, for this side's effect.
    Of(Faction),
}

fn side_of(side: Side, voice: Voice) -> String {
    match (side, voice) {
        (Side::You, Voice::You) => "your".into(),
        (Side::You, Voice::Of(_)) => "their".into(),
        (Side::Opponent, Voice::You) => "your opponent's".into(),
        (Side::Opponent, Voice::Of(f)) => format!("the {} player's", f.opponent().name()),
        (Side::Either, _) => "either player's".into(),
    }
}

fn side_subject(side: Side, voice: Voice) -> String {
    match (side, voice) {
        (Side::You, Voice::You) => "you".into(),
        (Side::You, Voice::Of(_)) => "they".into(),
        (Side::Opponent, Voice::You) => "your opponent".into(),
        (Side::Opponent, Voice::Of(f)) => format!("the {} player", f.opponent().name()),
        (Side::Either, _) => "a player".into(),
    }
}

fn zone(z: Zone) -> &'static str {
    match z {
        Zone::Play => "play area",
        Zone::Discard => "discard pile",
        Zone::Deck | Zone::DeckTop => "deck",
        Zone::Reserve => "reserve",
    }
}

fn cards_words(count: u8, which: Which, up_to: bool) -> String {
    let kind = match which {
        Which::Any => "card",
        Which::Exhausted => "exhausted card",
        Which::Character => "character",
    };
    let many = if count == 1 { String::new() } else { "s".into() };
    match (count, up_to) {
        (1, false) if which == Which::Exhausted => format!("an {kind}"),
        (1, false) => format!("a {kind}"),
        (_, false) => format!("{count} {kind}{many}"),
        (_, true) => format!("up to {count} {kind}{many}"),
    }
}

/// One operation of an effect in a few words ("discard a card from your opponent's play
/// area"), for the options of a choice.
pub fn effect_words(e: &Effect) -> String {
    effect_words_in(e, Voice::You)
}

/// One operation of an effect in a few words, in a voice ("discard a card from the Empire
/// player's play area" in the log).
pub fn effect_words_in(e: &Effect, voice: Voice) -> String {
    let side_of = |s: Side| side_of(s, voice);
    let side_subject = |s: Side| side_subject(s, voice);
    match e {
        Effect::Move { from, to, side, which, count, up_to, .. } => {
            let what = cards_words(*count, *which, *up_to);
            let from = format!("{} {}", side_of(*side), zone(*from));
            match to {
                Zone::Play => format!("put {what} from {from} into play"),
                Zone::Discard => format!("discard {what} from {from}"),
                Zone::Deck => format!("shuffle {what} from {from} into the deck"),
                Zone::DeckTop => format!("put {what} from {from} on top of the deck"),
                Zone::Reserve => format!("send {what} from {from} to the reserve"),
            }
        }
        Effect::Exhaust { side, count, up_to } => {
            let whose = match side {
                Side::Either => "in play".to_string(),
                Side::You if voice == Voice::You => "of yours".to_string(),
                Side::You => "of theirs".to_string(),
                Side::Opponent => format!("of {}", side_of(Side::Opponent)),
            };
            let what = cards_words(*count, Which::Any, *up_to).replace("card", "ready card");
            format!("exhaust {what} {whose}")
        }
        Effect::LookAtDeck { side, look, discard } => {
            format!("look at the top {look} cards of {} deck and discard {discard}", side_of(*side))
        }
        Effect::SearchDeck { side, take, .. } => {
            format!("search {} deck for {}", side_of(*side), cards_words(*take, Which::Any, false))
        }
        Effect::Influence { side, amount } => {
            let k = amount.unsigned_abs();
            let (gain, mine) = (*amount >= 0, *side == Side::You);
            match (mine, gain) {
                (true, true) => format!("take {k} influence"),
                (true, false) => format!("return {k} influence"),
                (false, true) => format!("{} takes {k} influence", side_subject(*side)),
                (false, false) => format!("{} returns {k} influence", side_subject(*side)),
            }
        }
        Effect::ModifyTotal { amount } => format!("add {amount} to {} total", side_of(Side::You)),
        Effect::ReplaceStrategy { side } => format!("replace {} strategy", side_of(*side)),
        Effect::DiscardStrategy { side, .. } => {
            format!("discard one of {} unused strategies", side_of(*side))
        }
        Effect::RetrieveStrategies { side } => format!("take back {} used strategies", side_of(*side)),
        Effect::BlockPowers { of, .. } => format!("block the powers of {} cards", of.key()),
        Effect::Choose { options, .. } => {
            options.iter().map(|o| effect_words_in(o, voice)).collect::<Vec<_>>().join(" or ")
        }
        Effect::Named { name } => name.key().replace('_', " "),
    }
}

/// Where a card is, as the decider sees it ("Your play area", "The Empire's discard pile").
fn location(v: &EvrView, me: Faction, key: &str) -> String {
    let owner = |f: Faction| if f == me { "Your".to_string() } else { capitalise(whose(f)) };
    for (&f, s) in &v.sides {
        if s.play.iter().any(|p| p.card == key) {
            return format!("{} play area", owner(f));
        }
        if s.discard.iter().any(|k| k == key) {
            return format!("{} discard pile", owner(f));
        }
        if visible(&s.reserve).iter().any(|k| k == key) {
            return format!("{} reserve", owner(f));
        }
    }
    if v.pending.as_ref().is_some_and(|p| visible(&p.cards).iter().any(|k| k == key)) {
        return "The cards you look at".into();
    }
    let owner_side = catalog().resource_by_key(key).map(|r| catalog().resource(r).faction);
    match owner_side {
        Some(f) => format!("{} deck", owner(f)),
        None => "A deck".into(),
    }
}

/// The first operation of the effect being resolved that lets its player pick a deck.
fn deck_verb(v: &EvrView, f: Faction) -> String {
    let find = |e: &Effect| match e {
        Effect::LookAtDeck { side: Side::Either, .. } => Some("Look at the top of"),
        Effect::SearchDeck { side: Side::Either, .. } => Some("Search"),
        _ => None,
    };
    let ops = v.pending.as_ref().map(source_effects).unwrap_or_default();
    let verb = ops
        .iter()
        .flat_map(|e| match e {
            Effect::Choose { options, .. } => options.iter().collect::<Vec<_>>(),
            e => vec![e],
        })
        .find_map(find)
        .unwrap_or("Work on");
    format!("{verb} {} deck", whose(f))
}

/// The words of option `n` (from 1) of the choice in the effect being resolved, in a voice.
pub fn choice_option(p: &PendingView, n: u8, voice: Voice) -> Option<String> {
    let ops = source_effects(p);
    ops.iter().find_map(|e| match e {
        Effect::Choose { options, .. } => {
            options.get(usize::from(n).checked_sub(1)?).map(|o| effect_words_in(o, voice))
        }
        _ => None,
    })
}

/// One option in words, with its levels, items and autocomplete names, and the text of the
/// card it names as its description ("Use X": what the power would do now).
fn option_text(v: &EvrView, me: Faction, a: &Action) -> OptionText {
    let c = catalog();
    let plain = |text: String, args: Vec<String>, description: String| OptionText {
        label: text,
        levels: vec![],
        items: vec![],
        args,
        description,
    };
    match a {
        Action::Character { card } => {
            let name = card_name(*card);
            plain(
                label(vec![w("Shuffle "), n(name.clone()), w(" into your deck")]),
                vec![name],
                resource_brief(*card),
            )
        }
        // Never offered (an old log's setup); worded for completeness.
        Action::Characters { .. } => {
            plain(format!("Shuffle {CHARACTERS_CHOSEN} characters into your deck"), vec![], String::new())
        }
        Action::Strategy { card } => {
            let name = c.strategy(*card).name.clone();
            plain(label(vec![w("Choose "), n(name.clone())]), vec![name], strategy_brief(*card))
        }
        Action::Play => plain("Play the top card of your deck".into(), vec![], String::new()),
        Action::Ready { slot } => {
            let held = v.sides[&me].play.get(usize::from(*slot).saturating_sub(1));
            let name = held.map_or_else(|| format!("the card in place {slot}"), |p| card(&p.card));
            let description =
                held.and_then(|p| c.resource_by_key(&p.card)).map(resource_brief).unwrap_or_default();
            let cost = c.influence_tokens.cost_to_ready;
            plain(
                label(vec![w("Ready "), n(name.clone()), w(format!(" for {cost} influence"))]),
                vec![name],
                description,
            )
        }
        Action::Pass => plain("Pass".into(), vec![], String::new()),
        Action::Use { card } => {
            let name = card_name(*card);
            let text = if c.resource(*card).is_character() {
                vec![w("Use "), n(name.clone()), w("'s power")]
            } else {
                vec![w("Use the power of "), n(name.clone())]
            };
            plain(label(text), vec![name], power_now(v, me, *card))
        }
        Action::Pick { card } => {
            let name = card_name(*card);
            let key = &c.resource(*card).key;
            OptionText {
                label: label(vec![w("Pick "), n(name.clone())]),
                levels: vec![Level {
                    label: location(v, me, key),
                    section: String::new(),
                    description: String::new(),
                }],
                items: vec![],
                args: vec![name],
                description: resource_brief(*card),
            }
        }
        Action::Deck { faction } => {
            plain(deck_verb(v, *faction), vec![faction.name().to_string()], String::new())
        }
        Action::Option { n: k } => {
            let words = v
                .pending
                .as_ref()
                .and_then(|p| choice_option(p, *k, Voice::You))
                .map(|t| format!(": {t}"))
                .unwrap_or_default();
            plain(label(vec![w(format!("Do option {k}")), n(words)]), vec![k.to_string()], String::new())
        }
        Action::Event { card } => {
            let name = c.event(*card).name.clone();
            plain(label(vec![w("Put "), n(name.clone()), w(" next")]), vec![name], event_brief(*card))
        }
        Action::Done => plain("Done".into(), vec![], String::new()),
    }
}

/// Every option of a decision in words, in its order, from the decider's own view.
pub fn option_texts(state: &EvrState, d: &Decision) -> Vec<OptionText> {
    let v = view(state, Viewer::Faction(d.seat));
    d.actions.iter().map(|a| option_text(&v, d.seat, a)).collect()
}

/// What a decision kind asks, in words.
pub fn kind_words(kind: DecisionKind) -> &'static str {
    match kind {
        DecisionKind::ChooseCharacters => "choose a character for your deck (four in all)",
        DecisionKind::ChooseStrategy => "choose a strategy for this round",
        DecisionKind::StruggleTurn => "play a card, use a power, spend influence or pass",
        DecisionKind::Effect => "a choice of the effect being resolved",
    }
}

/// The context of a decision for its decider (private to them): the event, the totals, the
/// effect being resolved and the cards it shows them.
pub fn context(state: &EvrState, d: &Decision) -> Vec<String> {
    let v = view(state, Viewer::Faction(d.seat));
    let me = d.seat;
    let mut out = vec![];
    if let Some(e) = &v.event {
        out.push(format!("Event — {}", event_numbers(e)));
        if let Some(text) = event_effect(e) {
            out.push(format!("Its effect: {text}"));
        }
    }
    match d.kind {
        DecisionKind::ChooseCharacters => {
            let picked = v.sides[&me].deck;
            out.push(format!(
                "Pick four of your eight characters, one at a time, to shuffle into your deck; the other four wait in your reserve. Picked so far: {picked} of {CHARACTERS_CHOSEN}."
            ));
        }
        DecisionKind::ChooseStrategy => {
            // From the options: with Infiltration the decider picks the opponent's strategy.
            let c = catalog();
            for a in &d.actions {
                if let Action::Strategy { card } = a {
                    out.push(format!("{}: {}", c.strategy(*card).name, c.strategy(*card).text));
                }
            }
        }
        DecisionKind::StruggleTurn | DecisionKind::Effect => {
            let (mine, theirs) = (&v.sides[&me], &v.sides[&me.opponent()]);
            out.push(format!(
                "Totals: yours {}, the {} player's {}; you hold {} influence",
                mine.total,
                me.opponent().name(),
                theirs.total,
                mine.influence
            ));
        }
    }
    if let Some(p) = &v.pending {
        let (name, text) = source(p);
        out.push(format!("Resolving {} for {}: {text}", source_phrase(p, &name), player(p.actor)));
        let cards: Vec<String> = visible(&p.cards).iter().map(|k| card(k)).collect();
        if !cards.is_empty() {
            out.push(format!("You look at: {}", list(&cards)));
        }
        let events: Vec<String> = visible(&p.events).iter().map(|k| event(k)).collect();
        if !events.is_empty() {
            out.push(format!("Events to put back, from the top: {}", list(&events)));
        }
    }
    out
}

/// A play area in words: each card with the value it counts now, exhausted ones marked.
fn play_words(s: &SideView) -> String {
    let cards: Vec<String> = s
        .play
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{}. {}", i + 1, card_worth(&p.card, p.value, p.exhausted)))
        .collect();
    if cards.is_empty() { "empty".into() } else { cards.join("; ") }
}

/// Cards in words: names when visible, a count when not.
pub fn cards_text(c: &Cards, one: &str, name: impl Fn(&str) -> String) -> String {
    match c {
        Cards::Visible(v) => list(&v.iter().map(|k| name(k)).collect::<Vec<_>>()),
        Cards::Hidden(0) => "none".into(),
        Cards::Hidden(n) => format!("{n} {one}{} (hidden)", if *n == 1 { "" } else { "s" }),
    }
}

/// The phase as players say it.
pub fn phase_words(phase: &str) -> &str {
    match phase {
        "setup" => "setup",
        "planning" => "planning phase",
        "struggle" => "struggle phase",
        "dominance" => "dominance phase",
        "game_over" => "game over",
        other => other,
    }
}

/// A readable text table of a view (whatever the viewer may see).
pub fn board_words(v: &EvrView) -> String {
    let mut out = vec![format!("Round {} — {}", v.round, phase_words(v.phase))];
    match &v.event {
        Some(e) => {
            out.push(format!("Event: {}", event_numbers(e)));
            if let Some(text) = event_effect(e) {
                out.push(format!("  Effect: {text}"));
            }
        }
        None => out.push("Event: none face up".into()),
    }
    out.push(format!(
        "Balance token: {} (goes first, wins ties) — influence in the supply: {} — events left: {}",
        v.balance.name(),
        v.supply,
        v.events_left
    ));
    let objective = v
        .event
        .as_deref()
        .and_then(|e| catalog().event_by_key(e))
        .map(|e| catalog().event(e).objective_value);
    for (&f, s) in &v.sides {
        let won: Vec<String> = s.won.iter().map(|k| event(k)).collect();
        out.push(format!(
            "{} — {} victory points (won: {}), {} influence",
            f.name(),
            s.victory_points,
            list(&won),
            s.influence
        ));
        let against = objective.map(|o| format!("; objective value {o}")).unwrap_or_default();
        out.push(format!("  Play area (total {}{against}): {}", s.total, play_words(s)));
        let discard: Vec<String> = s.discard.iter().map(|k| card(k)).collect();
        out.push(format!("  Deck: {} cards — discard pile: {}", s.deck, list(&discard)));
        out.push(format!("  Reserve: {}", cards_text(&s.reserve, "character", card)));
        let chosen = match &s.chosen {
            None => "none".to_string(),
            Some(c) => cards_text(c, "card", strategy),
        };
        let used: Vec<String> = s.used.iter().map(|k| strategy(k)).collect();
        out.push(format!(
            "  Strategy this round: {chosen} — not used yet: {} — used: {}",
            cards_text(&s.unused, "card", strategy),
            list(&used)
        ));
    }
    if let Some(p) = &v.pending {
        let (name, _) = source(p);
        let mut line = format!("Resolving {} for {}", source_phrase(p, &name), player(p.actor));
        if count(&p.cards) > 0 {
            line.push_str(&format!(" — cards looked at: {}", cards_text(&p.cards, "card", card)));
        }
        out.push(line);
    }
    match (v.winner, v.waiting) {
        (Some(f), _) => out.push(format!("The {} player has won.", f.name())),
        (None, Some(f)) => out.push(format!("Waiting for {}.", player(f))),
        (None, None) => {}
    }
    out.join("\n") + "\n"
}

/// A short public status: round, phase, event, victory points, balance token, whose decision.
pub fn status_words(state: &EvrState, waiting: Option<(Faction, DecisionKind)>) -> String {
    let v = view(state, Viewer::Public);
    let event = v.event.as_deref().map(|e| format!(" — {}", event_numbers(e))).unwrap_or_default();
    let now = match (v.winner, waiting) {
        (Some(f), _) => format!("the {} player has won", f.name()),
        (None, Some((f, k))) => format!("waiting for {}: {}", player(f), kind_words(k)),
        (None, None) => "waiting".into(),
    };
    format!(
        "Round {} — {}{event} — victory points: Rebel {}, Empire {} — balance token: {} — {now}",
        v.round,
        phase_words(v.phase),
        v.sides[&Faction::Rebel].victory_points,
        v.sides[&Faction::Empire].victory_points,
        v.balance.name(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn basic_cards_read_by_faction_category_and_value() {
        crate::content::init().expect("content loads");
        assert_eq!(card("rebel_recon_3"), "Rebel Recon (3)");
        assert_eq!(card("imperial_force_2"), "Imperial Force (2)");
        assert_eq!(card("han_solo"), "Han Solo");
        assert_eq!(list(&["a".into(), "b".into(), "c".into()]), "a, b and c");
    }

    #[test]
    fn every_effect_of_the_box_reads_in_words() {
        crate::content::init().expect("content loads");
        let c = catalog();
        let all = c
            .resources
            .iter()
            .flat_map(|r| r.power.iter())
            .chain(c.strategies.iter().flat_map(|s| s.effect.iter()))
            .chain(c.events.iter().filter_map(|e| e.effect.as_ref()).flat_map(|e| e.ops.iter()));
        for e in all {
            let words = effect_words(e);
            // A choice's options are labelled one by one; the whole reads longer.
            let limit = if matches!(e, Effect::Choose { .. }) { 200 } else { 90 };
            assert!(!words.is_empty() && !words.contains('_') && words.len() < limit, "{e:?}: {words}");
        }
    }
}
