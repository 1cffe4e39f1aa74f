//! A private table for each side of a team game: the service says which sides have two
//! players and who sits on each, and keeps where the front end put each side's secrets (a
//! private thread, or DMs and why). The front end creates the threads and checks who may see
//! them (`discord::threads`).

use std::collections::{BTreeMap, BTreeSet};

use super::{Service, ServiceError};
use crate::games::game::Game;
use crate::store::{COMPUTER_USER, MatchStatus, SideThreads};

/// What the front end needs to give a match's sides their private threads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThreadPlan {
    /// Side → its seated players (people only, each once), for every side of the match.
    pub sides: BTreeMap<String, Vec<u64>>,
    /// Where the sides' secrets go, once settled.
    pub settled: Option<SideThreads>,
    /// The match's server.
    pub guild: Option<u64>,
}

impl ThreadPlan {
    /// The sides held by two or more players: those a private thread is for.
    pub fn shared_sides(&self) -> Vec<&str> {
        self.sides.iter().filter(|(_, users)| users.len() >= 2).map(|(s, _)| s.as_str()).collect()
    }

    /// The players of every side but `side`.
    pub fn opponents_of(&self, side: &str) -> Vec<u64> {
        let mut out: BTreeSet<u64> = BTreeSet::new();
        for (s, users) in &self.sides {
            if s != side {
                out.extend(users);
            }
        }
        out.into_iter().collect()
    }
}

impl<G: Game> Service<G> {
    /// The sides of a running match and where their secrets go; `None` while the match is not
    /// being played (threads are made once it starts).
    pub fn thread_plan(&self, channel: u64) -> Result<Option<ThreadPlan>, ServiceError> {
        self.with(channel, |m| {
            if m.meta.status != MatchStatus::Active {
                return Ok(None);
            }
            let mut sides: BTreeMap<String, Vec<u64>> = BTreeMap::new();
            for (seat, user) in &m.meta.seats {
                let users = sides.entry(G::side_of(seat).to_string()).or_default();
                if *user != COMPUTER_USER && !users.contains(user) {
                    users.push(*user);
                }
            }
            let settled = m.meta.presence.side_threads.clone();
            Ok(Some(ThreadPlan { sides, settled, guild: m.meta.guild }))
        })
    }

    /// Records where the sides' secrets go (the front end made the threads, or chose DMs).
    pub fn set_side_threads(&self, channel: u64, threads: SideThreads) -> Result<(), ServiceError> {
        self.with(channel, |m| {
            if m.meta.presence.side_threads.as_ref() == Some(&threads) {
                return Ok(());
            }
            let mut meta = m.meta.clone();
            meta.presence.side_threads = Some(threads);
            self.save_meta(&mut meta)?;
            m.meta = meta;
            Ok(())
        })
    }
}
