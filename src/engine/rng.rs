//! The seeded random number generator every engine keeps in its state.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A seeded ChaCha8 stream; serialised as its seed and position so a saved match resumes the
/// exact same sequence. Our own `below`/`shuffle` keep replays stable across `rand` versions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRng(ChaCha8Rng);

impl GameRng {
    /// A generator seeded from a 64-bit match seed.
    pub fn from_seed(seed: u64) -> Self {
        GameRng(ChaCha8Rng::seed_from_u64(seed))
    }

    /// A uniform integer in `0..n` (`n` > 0), by rejection sampling.
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n > 0, "below(0)");
        let n = n as u64;
        let zone = u64::MAX - (u64::MAX % n);
        loop {
            let v = self.0.next_u64();
            if v < zone {
                return (v % n) as usize;
            }
        }
    }

    /// Shuffles a slice in place (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

#[derive(Serialize, Deserialize)]
struct RngRepr {
    seed: String,
    word_pos: String,
}

impl Serialize for GameRng {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let seed: String = self.0.get_seed().iter().map(|b| format!("{b:02x}")).collect();
        RngRepr { seed, word_pos: self.0.get_word_pos().to_string() }.serialize(s)
    }
}

impl<'de> Deserialize<'de> for GameRng {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let r = RngRepr::deserialize(d)?;
        if r.seed.len() != 64 {
            return Err(D::Error::custom("rng seed must be 64 hex digits"));
        }
        let mut seed = [0u8; 32];
        for (i, b) in seed.iter_mut().enumerate() {
            *b = u8::from_str_radix(&r.seed[2 * i..2 * i + 2], 16).map_err(D::Error::custom)?;
        }
        let pos: u128 = r.word_pos.parse().map_err(D::Error::custom)?;
        let mut rng = ChaCha8Rng::from_seed(seed);
        rng.set_word_pos(pos);
        Ok(GameRng(rng))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serde_round_trip_resumes_the_stream() {
        let mut a = GameRng::from_seed(7);
        for _ in 0..5 {
            a.below(10);
        }
        let json = serde_json::to_string(&a).unwrap();
        let mut b: GameRng = serde_json::from_str(&json).unwrap();
        let xs: Vec<usize> = (0..20).map(|_| a.below(1000)).collect();
        let ys: Vec<usize> = (0..20).map(|_| b.below(1000)).collect();
        assert_eq!(xs, ys);
    }

    #[test]
    fn below_stays_in_range_and_shuffle_permutes() {
        let mut r = GameRng::from_seed(1);
        assert!((0..1000).all(|_| r.below(6) < 6));
        let mut v: Vec<u32> = (0..50).collect();
        r.shuffle(&mut v);
        let mut s = v.clone();
        s.sort();
        assert_eq!(s, (0..50).collect::<Vec<_>>());
        assert_ne!(v, s);
    }
}
