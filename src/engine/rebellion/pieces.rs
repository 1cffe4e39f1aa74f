//! The pieces of a match that every part of the rules names: a place on the board, a count of
//! units, a mission assigned with its leaders, a ring on a leader. Plain values below the
//! state and the frames, which both hold them.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use crate::content::*;

/// A place where units and leaders stand: a system, or the off-map "Rebel Base" space.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Place {
    /// A system on the board.
    System(SystemId),
    /// The "Rebel Base" space (not a system).
    BaseSpace,
}

impl Place {
    /// The command-line name of the place.
    pub fn key(self) -> String {
        match self {
            Place::System(s) => s.key().to_string(),
            Place::BaseSpace => "rebel_base".to_string(),
        }
    }
    /// Parses a system name or `rebel_base`.
    pub fn parse(s: &str) -> Result<Place, UnknownName> {
        let n = normalise(s);
        if n == "rebel_base" || n == "base" || n == "rebel_base_space" {
            return Ok(Place::BaseSpace);
        }
        SystemId::parse(s).map(Place::System)
    }
    /// The place's printed name, for messages ("Mon Calamari", "the Rebel Base space").
    pub fn name(self) -> &'static str {
        match self {
            Place::System(s) => s.name(),
            Place::BaseSpace => "the Rebel Base space",
        }
    }
    /// The system, if this is one.
    pub fn system(self) -> Option<SystemId> {
        match self {
            Place::System(s) => Some(s),
            Place::BaseSpace => None,
        }
    }
}

impl std::fmt::Display for Place {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.key())
    }
}

/// A count of units per unit type: one counter per type of the catalog, so a count is a plain
/// value (copied, compared and cleared without allocating; the engine copies whole states).
/// Serialised as a map from unit id to count, zero counts left out, in catalog order.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub struct Units([u8; MAX_UNIT_TYPES]);

impl Units {
    /// How many of one type.
    pub fn count(&self, u: UnitId) -> u8 {
        self.0[u.0 as usize]
    }
    /// Adds units.
    pub fn add(&mut self, u: UnitId, n: u8) {
        self.0[u.0 as usize] += n;
    }
    /// Removes units; panics if there are not enough (callers check first).
    pub fn remove(&mut self, u: UnitId, n: u8) {
        let c = &mut self.0[u.0 as usize];
        assert!(*c > 0, "removing absent unit");
        assert!(*c >= n, "removing more units than present");
        *c -= n;
    }
    /// Total number of units.
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| n as u32).sum()
    }
    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        let (a, b) = words(&self.0);
        a | b == 0
    }
    /// Iterates (type, count) over the types present, in catalog order.
    pub fn iter(&self) -> impl Iterator<Item = (UnitId, u8)> + '_ {
        // The types present found a word at a time (most counts hold two or three types of 32,
        // and listing them runs for every place at many steps), then taken lowest first.
        bits(u64::from(self.present())).map(|i| (UnitId(i as u16), self.0[i]))
    }
    /// How many types are present.
    pub fn kinds(&self) -> usize {
        self.present().count_ones() as usize
    }
    /// The types present as a mask: bit `i` for unit type `i`.
    fn present(&self) -> u32 {
        // Most counts on the board are empty: told in two words.
        if self.is_empty() {
            return 0;
        }
        const LOW: u64 = u64::from_le_bytes([0x7f; 8]);
        const ONES: u64 = u64::from_le_bytes([0x01; 8]);
        let mut mask = 0;
        for (k, chunk) in self.0.chunks_exact(8).enumerate() {
            let x = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
            // A byte's high bit ends set if and only if the byte is not zero (its low seven
            // bits added to 0x7f carry into it, or it was set already); no carry crosses bytes.
            let nonzero = ((((x & LOW) + LOW) | x) >> 7) & ONES;
            // Byte `j`'s bit lands on bit 56 + j: the usual multiply that gathers one bit per
            // byte (no two products meet, so nothing carries).
            let bits = nonzero.wrapping_mul(0x0102_0408_1020_4080) >> 56;
            mask |= (bits as u32) << (8 * k);
        }
        mask
    }
    /// Whether any unit of the theater is present.
    pub fn has_theater(&self, t: Theater) -> bool {
        self.any_of(catalog().theater_mask(t))
    }
    /// Whether any unit of the types a mask marks (`Catalog::theater_mask`) is present; for
    /// loops that look up the mask once.
    pub fn any_of(&self, mask: &[u8; MAX_UNIT_TYPES]) -> bool {
        let (a, b) = words(&self.0);
        let (ma, mb) = words(mask);
        (a & ma) | (b & mb) != 0
    }
    /// Units of one theater.
    pub fn in_theater(&self, t: Theater) -> impl Iterator<Item = (UnitId, u8)> + '_ {
        self.iter().filter(move |(u, _)| catalog().unit(*u).theater == t)
    }
}

impl std::fmt::Debug for Units {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl Serialize for Units {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.iter())
    }
}

impl<'de> Deserialize<'de> for Units {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let mut units = Units::default();
        for (u, n) in BTreeMap::<UnitId, u8>::deserialize(d)? {
            units.add(u, n);
        }
        Ok(units)
    }
}

/// A mission card placed facedown with its leaders during the Assignment Phase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Assignment {
    /// The mission.
    pub mission: MissionId,
    /// One or two leaders on it.
    pub leaders: Vec<LeaderId>,
}

/// An attachment ring on a leader (Rules Reference, Attachment Rings). A leader wears one ring
/// at most; the captured ring is kept apart, in `State::captured`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ring {
    /// Seek Yoda: once per round, reroll one of your dice in a mission or combat in this
    /// leader's system.
    Yoda,
    /// Human-Cyborg Relations: discard to turn a failed diplomacy mission here into a success.
    C3po,
    /// Resourceful Astromech: discard to turn one of the opponent's mission dice here blank.
    R2d2,
    /// The Millennium Falcon: discard after a mission of yours succeeds here to free a captive.
    MillenniumFalcon,
    /// Carbon Freezing: the leader is still captured (and stays so when the ring is removed).
    Carbonite,
    /// Lure of the Dark Side: the Empire controls this leader for the rest of the game.
    LureOfTheDarkSide,
    /// Rise of the Empire, He Means Well: K-2SO gives its bearer one minor spec-ops and one
    /// minor intel icon (`victory::ring_minor_icons`).
    K2so,
    /// Rise of the Empire, Post Bounty: when its bearer is captured the Rebels lose 1
    /// reputation (`victory::capture`).
    Bounty,
}

impl Ring {
    /// The ring's name as printed.
    pub fn name(self) -> &'static str {
        match self {
            Ring::Yoda => "Master Yoda",
            Ring::C3po => "C-3PO",
            Ring::R2d2 => "R2-D2",
            Ring::MillenniumFalcon => "Millennium Falcon",
            Ring::Carbonite => "Carbonite",
            Ring::LureOfTheDarkSide => "Lure of the Dark Side",
            Ring::K2so => "K-2SO",
            Ring::Bounty => "Bounty",
        }
    }
}

/// The positions of the bits set in `set`, lowest first: the members of a set kept as one
/// word (unit types present in a count, systems in a set of systems).
pub fn bits(mut set: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let i = set.trailing_zeros() as usize;
        set &= set.wrapping_sub(1);
        (i < 64).then_some(i)
    })
}

/// A count array as two machine words, so whole-array tests (empty, any unit of a theater) are
/// a few instructions: they run for every system at every step of the engine.
const _: () = assert!(
    MAX_UNIT_TYPES == 16 + 16,
    "`words` splits a count array into 16 + 16 bytes, and `Units::present` gathers its 32 types into a u32"
);
fn words(c: &[u8; MAX_UNIT_TYPES]) -> (u128, u128) {
    let (head, tail) = c.split_at(16);
    (
        u128::from_ne_bytes(head.try_into().expect("16 bytes")),
        u128::from_ne_bytes(tail.try_into().expect("16 bytes")),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `bits` lists every bit set, lowest first, up to the word's last, and nothing else.
    #[test]
    fn the_bits_of_a_set_are_listed_lowest_first() {
        let listed: Vec<usize> = bits(1 << 63 | 1 << 40 | 0b101).collect();
        assert_eq!(listed, [0, 2, 40, 63]);
        assert_eq!(bits(0).count(), 0);
        assert_eq!(bits(u64::MAX).count(), 64);
    }

    /// `Units::iter` finds the types present a word at a time: it must list exactly the
    /// non-zero counts, lowest type first, whatever the counts (high bits set or not).
    #[test]
    fn a_count_lists_exactly_its_types_present_in_catalog_order() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for round in 0..2000 {
            let mut counts = [0u8; MAX_UNIT_TYPES];
            for c in counts.iter_mut() {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                // Mostly empty, as on the board; now and then any byte value at all.
                *c = match seed % 8 {
                    0 => (seed >> 8) as u8,
                    1 => 1,
                    _ => 0,
                };
            }
            if round == 0 {
                counts = [0xff; MAX_UNIT_TYPES];
            }
            let units = Units(counts);
            // Compared as plain numbers: naming a unit type needs the catalog.
            let listed: Vec<(u16, u8)> = units.iter().map(|(u, n)| (u.0, n)).collect();
            let naive: Vec<(u16, u8)> =
                (0..MAX_UNIT_TYPES).filter(|&i| counts[i] > 0).map(|i| (i as u16, counts[i])).collect();
            assert_eq!(listed, naive, "{counts:?}");
        }
    }
}
