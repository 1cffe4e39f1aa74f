//! Moderator exports imported back after mutation, arbitrary import files, and the prepared
//! exports of deep games that mutated imports start from.

use std::sync::OnceLock;

use serde_json::{Value, json};

use super::{Fuzz, USERS, Violation, done};
use crate::bot::sim::random_answer;
use crate::content::Faction;
use crate::engine::rebellion::{MatchOptions, Position, new_game};
use crate::engine::rng::GameRng;
use crate::games::game::Game;
use crate::games::rebellion::Rebellion;
use crate::service::Caller;
use crate::store::{LogEntry, MatchExport, MatchMeta, MatchStatus};

impl Fuzz<'_> {
    /// Exports a match (or takes a saved or prepared export), changes it, imports it.
    pub(super) fn export_import(&mut self) -> Result<(), Violation> {
        let from = self.channel();
        let file = match self.bytes.u8() % 4 {
            0 => self.service.export(from, self.moderator()).ok().and_then(|o| o.file).map(|(_, b)| b),
            1 => self.bytes.pick(&self.exports).cloned(),
            _ => None,
        };
        let file = match file {
            Some(f) => f,
            None => prepared()[self.bytes.below(prepared().len())].clone(),
        };
        if self.exports.len() < 4 {
            self.exports.push(file.clone());
        }
        let mutated = match serde_json::from_slice::<Value>(&file) {
            Ok(mut v) => {
                for _ in 0..self.bytes.u8() % 4 {
                    self.mutate_export(&mut v);
                }
                serde_json::to_vec(&v).expect("a JSON value serialises")
            }
            Err(_) => file,
        };
        let mutated = self.mutate_bytes(mutated);
        let to = self.channel();
        let caller = if self.bytes.u8().is_multiple_of(8) { self.caller() } else { self.moderator() };
        self.import(to, caller, &mutated)
    }

    pub(super) fn import(&mut self, ch: u64, caller: Caller, file: &[u8]) -> Result<(), Violation> {
        if self.checked(ch, "import", |s| done(s.import(ch, caller, file)))? {
            self.summary.imports += 1;
        }
        Ok(())
    }

    /// A few byte-level changes (rarely: most changes keep the JSON readable).
    fn mutate_bytes(&mut self, mut file: Vec<u8>) -> Vec<u8> {
        match self.bytes.u8() % 16 {
            0 if !file.is_empty() => {
                let i = self.bytes.below(file.len());
                file[i] ^= self.bytes.u8() | 1;
            }
            1 => {
                let keep = self.bytes.below(file.len() + 1);
                file.truncate(keep);
            }
            _ => {}
        }
        file
    }

    /// One structural change of an export: the fields a wrong or hostile file could have.
    fn mutate_export(&mut self, v: &mut Value) {
        // Indexing a JSON value panics where the shape differs: once an earlier change broke
        // the shape, only replace nodes.
        let shaped = v.is_object()
            && v["meta"].is_object()
            && (v["meta"]["seats"].is_object() || v["meta"]["seats"].is_null())
            && v["log"].as_array().is_some_and(|l| l.iter().all(Value::is_object));
        if !shaped {
            return self.mutate_leaf(v);
        }
        let log_len = v["log"].as_array().map_or(0, Vec::len);
        let i = self.bytes.below(log_len.max(1));
        let j = self.bytes.below(log_len.max(1));
        let number = self.bytes.number();
        let odd = self.odd_value();
        match self.bytes.u8() % 24 {
            0 => v["meta"]["seed"] = json!(number),
            1 => v["meta"]["seed"] = odd,
            2 => {
                let s = ["lobby", "active", "paused", "ended", "Active", "won"][self.bytes.below(6)];
                v["meta"]["status"] = json!(s);
            }
            3 => {
                let seat = self.seat();
                v["meta"]["seats"][seat] = json!(USERS[self.bytes.below(4)]);
            }
            4 => {
                if let Some(seats) = v["meta"]["seats"].as_object_mut() {
                    let first = seats.keys().next().cloned();
                    first.map(|k| seats.remove(&k));
                }
            }
            5 => v["meta"]["seats"] = json!({"rebel": 1, "empire": 1}),
            6 => v["meta"]["seats"] = odd,
            7 => {
                v["meta"]["options"] = [
                    json!({"quick_setup": false}),
                    json!({"quick_setup": true}),
                    json!(null),
                    json!(5),
                    json!({"x": 1}),
                ][self.bytes.below(5)]
                .clone()
            }
            8 => v["meta"]["game"] = json!(["chess", "", "Rebellion"][self.bytes.below(3)]),
            9 => v["format_version"] = json!([0, 2, u64::MAX][self.bytes.below(3)]),
            10 if log_len > 0 => drop(v["log"].as_array_mut().map(|l| l.remove(i))),
            11 if log_len > 0 => {
                if let Some(l) = v["log"].as_array_mut() {
                    let e = l[i].clone();
                    l.insert(j, e);
                }
            }
            12 if log_len > 1 => drop(v["log"].as_array_mut().map(|l| l.swap(i, j))),
            13 if log_len > 0 => {
                let seat = self.seat();
                v["log"][i]["seat"] = json!(seat);
            }
            14 if log_len > 0 => {
                let other = v["log"][j]["action"].clone();
                v["log"][i]["action"] = other;
            }
            15 if log_len > 0 => v["log"][i]["action"] = odd,
            16 if log_len > 0 => drop(v["log"].as_array_mut().map(|l| l.truncate(i))),
            17 if log_len > 0 => {
                v["log"][i]["user"] = json!(number);
                v["log"][i]["at"] = odd;
            }
            18 => {
                v["meta"]["cancel_request"] =
                    json!({"user": USERS[self.bytes.below(4)], "version": number, "at": 0});
            }
            19 => {
                v["meta"]["shown"] = json!({"rebel": {"nonce": "zz", "version": number, "fingerprint": odd}})
            }
            20 => v["meta"]["exported_after_end"] = json!(self.bytes.u8() & 1 == 1),
            21 => v["meta"]["nonce"] = json!(["", "ABCDEFGHIJ", "0000000000", "x"][self.bytes.below(4)]),
            22 => {
                let field = ["meta", "log", "format"][self.bytes.below(3)];
                if let Some(o) = v.as_object_mut() {
                    o.remove(field);
                }
            }
            _ => self.mutate_leaf(v),
        }
    }

    /// A value of a surprising type or size.
    fn odd_value(&mut self) -> Value {
        match self.bytes.u8() % 10 {
            0 => json!(null),
            1 => json!(-1),
            2 => json!(1e300),
            3 => json!("18446744073709551616"),
            4 => json!([]),
            5 => json!({}),
            6 => json!(u64::MAX),
            7 => json!({"type": "bogus"}),
            8 => json!({"type": "choose_base", "system": "nowhere"}),
            _ => json!(self.bytes.text(20)),
        }
    }

    /// Replaces a random node of the JSON tree (at most `depth` levels down) with an odd value.
    fn mutate_leaf(&mut self, v: &mut Value) {
        self.mutate_at(v, 8);
    }

    fn mutate_at(&mut self, v: &mut Value, depth: usize) {
        let stop = depth == 0 || self.bytes.u8().is_multiple_of(6);
        match v {
            Value::Object(o) if !stop && !o.is_empty() => {
                let k = self.bytes.below(o.len());
                if let Some(next) = o.values_mut().nth(k) {
                    self.mutate_at(next, depth - 1);
                }
            }
            Value::Array(a) if !stop && !a.is_empty() => {
                let k = self.bytes.below(a.len());
                self.mutate_at(&mut a[k], depth - 1);
            }
            _ => *v = self.odd_value(),
        }
    }
}

/// Exports of games played by random legal players to various depths and left in various
/// stages (built once per process): what mutated imports start from when the script has made
/// none, and how scripts reach deep games cheaply.
fn prepared() -> &'static [Vec<u8>] {
    static PREPARED: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    PREPARED.get_or_init(|| {
        [
            (1, 0, true, MatchStatus::Lobby),
            (2, 8, true, MatchStatus::Active),
            (3, 30, false, MatchStatus::Paused),
            (4, 60, true, MatchStatus::Active),
            (5, 200, true, MatchStatus::Active),
            (6, 120, true, MatchStatus::Ended),
        ]
        .into_iter()
        .map(|(seed, moves, quick, status)| prepared_export(seed, moves, quick, status))
        .collect()
    })
}

/// The export of a game of `moves` random legal moves (fewer if it ends first).
fn prepared_export(seed: u64, moves: usize, quick: bool, status: MatchStatus) -> Vec<u8> {
    let options = MatchOptions { quick_setup: quick, ..Default::default() };
    let mut game = Position::new(new_game(seed, options.clone()));
    let mut rng = GameRng::from_seed(seed);
    let user = |seat: Faction| if seat == Faction::Rebel { 1 } else { 2 };
    let mut log = vec![];
    while status != MatchStatus::Lobby && log.len() < moves {
        let Some((seat, action)) = game.decision().map(|d| random_answer(d, &mut rng)) else { break };
        game.apply(seat, action.clone()).expect("a legal action applies");
        let action = serde_json::to_value(&action).expect("an action serialises");
        let at = 1_000 + log.len() as u64;
        log.push(LogEntry { seat: seat.to_string(), action, user: user(seat), at, undoable: false });
    }
    let meta = MatchMeta {
        id: "1".into(),
        nonce: "0000000001".into(),
        game: Rebellion::ID.into(),
        guild: Some(7),
        channel: 1,
        creator: 1,
        seats: [("rebel".to_string(), 1), ("empire".to_string(), 2)].into(),
        options: serde_json::to_value(&options).expect("options serialise"),
        seed,
        status,
        created_at: 1_000,
        updated_at: 1_000,
        cancel_request: None,
        exported_after_end: false,
        shown: Default::default(),
        presence: Default::default(),
        reminders: Default::default(),
        ended_because: None,
        computer: Default::default(),
        bot_seed: 0,
        salt: String::new(),
        commitment: String::new(),
        rollbacks: vec![],
        ended_at: None,
        record_excluded: false,
        hints: false,
        hints_asked: Default::default(),
    };
    let export = MatchExport {
        format: "holonet-match".into(),
        format_version: 1,
        meta,
        log,
        exported_during_play: status != MatchStatus::Ended,
        seed_withheld: false,
        sealed_seed: None,
        result: None,
        final_state: None,
    };
    serde_json::to_vec_pretty(&export).expect("an export serialises")
}
