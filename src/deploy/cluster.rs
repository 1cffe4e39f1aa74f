//! A cluster of Holonet processes: which gateway shard a guild is on, which shards a process
//! owns, and how the shards of a cluster are split among its processes. Pure (no IO).
//!
//! Discord routes every gateway event of a guild — its interactions included — to shard
//! `(guild_id >> 22) % total`, and every event without a guild (direct messages) to shard 0. A
//! process that starts only some shards therefore only hears of its own guilds, and owns their
//! matches (`docs/cluster.md`).

use std::fmt;
use std::str::FromStr;

use serde::Deserialize;

/// The gateway shard Discord routes a guild's events to: `(guild_id >> 22) % total`.
/// `total` 0 is taken as 1 (one shard).
pub fn shard_of(guild: u64, total: u32) -> u32 {
    ((guild >> 22) % u64::from(total.max(1))) as u32
}

/// The shard a match's interactions arrive on: its guild's, or shard 0 without a guild (Discord
/// sends direct messages, and the interactions in them, to shard 0 only).
pub fn shard_of_match(guild: Option<u64>, total: u32) -> u32 {
    guild.map_or(0, |g| shard_of(g, total))
}

/// Why a shard range or cluster layout is unusable.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClusterError {
    /// The range is not `FIRST..LAST` with two whole numbers.
    #[error("`{0}` is not a shard range; write FIRST..LAST, e.g. 0..2 (both included)")]
    Syntax(String),
    /// The range is empty or reaches past the total.
    #[error("shards {first}..{last} of {total}: {why}")]
    Range {
        /// The first shard.
        first: u32,
        /// The last shard (included).
        last: u32,
        /// The total.
        total: u32,
        /// What is wrong.
        why: &'static str,
    },
    /// More processes than shards.
    #[error("{processes} processes cannot share {total} shards: each process needs at least one")]
    TooManyProcesses {
        /// How many processes (data directories).
        processes: usize,
        /// How many shards.
        total: u32,
    },
}

/// A contiguous range of shard numbers, both ends included (`FIRST..LAST` as written in
/// `--shards` and `config.toml`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(try_from = "String")]
pub struct ShardRange {
    /// The first shard.
    pub first: u32,
    /// The last shard (included).
    pub last: u32,
}

impl FromStr for ShardRange {
    type Err = ClusterError;

    fn from_str(s: &str) -> Result<Self, ClusterError> {
        let bad = || ClusterError::Syntax(s.to_string());
        let (a, b) = s.trim().split_once("..").ok_or_else(bad)?;
        let num = |x: &str| x.trim().parse::<u32>().map_err(|_| bad());
        Ok(ShardRange { first: num(a)?, last: num(b.trim_start_matches('='))? })
    }
}

impl TryFrom<String> for ShardRange {
    type Error = ClusterError;

    fn try_from(s: String) -> Result<Self, ClusterError> {
        s.parse()
    }
}

impl fmt::Display for ShardRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.first, self.last)
    }
}

/// The shards one process of a cluster runs: a range of the cluster's `total`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shards {
    /// The shards it starts.
    pub range: ShardRange,
    /// How many shards the whole cluster has.
    pub total: u32,
}

impl Shards {
    /// Checks a range against a total: not empty, inside `0..total`.
    pub fn new(range: ShardRange, total: u32) -> Result<Shards, ClusterError> {
        let why = if total == 0 {
            Some("a cluster has at least one shard")
        } else if range.first > range.last {
            Some("the first shard is after the last")
        } else if range.last >= total {
            Some("shards are numbered from 0 to the total minus one")
        } else {
            None
        };
        match why {
            Some(why) => Err(ClusterError::Range { first: range.first, last: range.last, total, why }),
            None => Ok(Shards { range, total }),
        }
    }

    /// Whether this process runs a shard.
    pub fn runs(&self, shard: u32) -> bool {
        (self.range.first..=self.range.last).contains(&shard)
    }

    /// Whether this process owns a guild's matches (`None`: a direct message, shard 0's).
    pub fn owns(&self, guild: Option<u64>) -> bool {
        self.runs(shard_of_match(guild, self.total))
    }

    /// The number of shards this process runs.
    pub fn count(&self) -> u32 {
        self.range.last - self.range.first + 1
    }
}

impl fmt::Display for Shards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "shards {} of {}", self.range, self.total)
    }
}

/// Splits `total` shards into `processes` contiguous ranges as evenly as possible, in order:
/// process `i` runs shards `i·total/processes` to `(i+1)·total/processes − 1` (what `holonet
/// reshard` assumes of its target directories, in the order given).
pub fn split(total: u32, processes: usize) -> Result<Vec<Shards>, ClusterError> {
    if processes == 0 || processes as u64 > u64::from(total) {
        return Err(ClusterError::TooManyProcesses { processes, total });
    }
    let n = processes as u64;
    (0..n)
        .map(|i| {
            let first = (i * u64::from(total) / n) as u32;
            let next = ((i + 1) * u64::from(total) / n) as u32;
            Shards::new(ShardRange { first, last: next - 1 }, total)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guilds_map_to_shards_by_discords_formula() {
        // serenity's documented example (`utils::shard_id`, 0.11): guild 81384788765712384 on
        // 17 shards is on shard 7.
        assert_eq!(shard_of(81_384_788_765_712_384, 17), 7);
        // Discord's snowflake example (developer docs, "Snowflakes"): 175928847299117063 was
        // made 41944705796 ms after the Discord epoch; its shard is that timestamp mod the total.
        let guild = 175_928_847_299_117_063u64;
        assert_eq!(guild >> 22, 41_944_705_796);
        assert_eq!(shard_of(guild, 1), 0);
        assert_eq!(shard_of(guild, 3), 2);
        assert_eq!(shard_of(guild, 10), 6);
        assert_eq!(shard_of(guild, 16), (41_944_705_796u64 % 16) as u32);
        // The low 22 bits (worker, process, increment) never change the shard.
        assert_eq!(shard_of(guild | 0x3f_ffff, 10), shard_of(guild & !0x3f_ffff, 10));
        // Consecutive timestamps walk through the shards.
        let shards: Vec<u32> = (0..6u64).map(|t| shard_of(t << 22, 3)).collect();
        assert_eq!(shards, [0, 1, 2, 0, 1, 2]);
        assert_eq!(shard_of(u64::MAX, 7), ((u64::MAX >> 22) % 7) as u32);
        assert_eq!(shard_of(12345 << 22, 0), 0, "no total is one shard");
        // A match outside any guild (a DM) is shard 0's.
        assert_eq!(shard_of_match(None, 5), 0);
        assert_eq!(shard_of_match(Some(guild), 10), 6);
    }

    #[test]
    fn ranges_parse_and_check_their_total() {
        let r: ShardRange = "2..4".parse().unwrap();
        assert_eq!(r, ShardRange { first: 2, last: 4 });
        assert_eq!(r.to_string(), "2..4");
        assert_eq!(" 0 ..= 0 ".parse::<ShardRange>().unwrap(), ShardRange { first: 0, last: 0 });
        for bad in ["2", "a..b", "1..", "..3", "-1..2", ""] {
            assert!(matches!(bad.parse::<ShardRange>(), Err(ClusterError::Syntax(_))), "{bad}");
        }
        let s = Shards::new(r, 6).unwrap();
        assert_eq!(s.count(), 3);
        assert!(s.runs(2) && s.runs(4) && !s.runs(1) && !s.runs(5));
        assert_eq!(s.to_string(), "shards 2..4 of 6");
        let e = Shards::new(r, 4).unwrap_err();
        assert!(e.to_string().contains("numbered from 0"), "{e}");
        assert!(Shards::new(ShardRange { first: 3, last: 2 }, 6).is_err());
        assert!(Shards::new(ShardRange { first: 0, last: 0 }, 0).is_err());
    }

    #[test]
    fn a_process_owns_the_guilds_of_its_shards_and_shard_zero_the_dms() {
        let total = 3;
        let first = Shards::new(ShardRange { first: 0, last: 0 }, total).unwrap();
        let rest = Shards::new(ShardRange { first: 1, last: 2 }, total).unwrap();
        for t in 0..30u64 {
            let guild = Some((t << 22) | 77);
            assert_ne!(first.owns(guild), rest.owns(guild), "exactly one process owns guild {t}");
            assert_eq!(first.owns(guild), t % 3 == 0);
        }
        assert!(first.owns(None) && !rest.owns(None), "direct messages are shard 0's");
    }

    #[test]
    fn shards_split_evenly_and_in_order() {
        let ranges = |total, n| -> Vec<String> {
            split(total, n).unwrap().iter().map(|s| s.range.to_string()).collect()
        };
        assert_eq!(ranges(3, 3), ["0..0", "1..1", "2..2"]);
        assert_eq!(ranges(8, 3), ["0..1", "2..4", "5..7"]);
        assert_eq!(ranges(5, 1), ["0..4"]);
        assert_eq!(ranges(2, 2), ["0..0", "1..1"]);
        assert!(split(2, 3).is_err());
        assert!(split(2, 0).is_err());
        // Every shard is run by exactly one process.
        let parts = split(16, 5).unwrap();
        for shard in 0..16 {
            assert_eq!(parts.iter().filter(|s| s.runs(shard)).count(), 1);
        }
    }
}
