//! Trust in the dice: the commitment to a match's seed shown from its start, and the hash of
//! its final state shown at its end (`docs/dice.md` defines both byte by byte).
//!
//! Every die and shuffle of a match comes from its seed. When the match is created the service
//! draws a random salt beside the seed and publishes `SHA-256(tag, salt, seed)`; both stay
//! secret until the match ends, then the reveal shows them and anyone can check that the
//! commitment matches and that the log replays from that seed (`holonet verify`). The salt
//! keeps the commitment from being searched: a 64-bit seed alone could be found by hashing
//! every candidate, seed and salt together (192 bits) cannot.

use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::store::MatchMeta;

/// The salt's length in bytes.
pub const SALT_LEN: usize = 16;

/// The domain tag hashed before salt and seed, so the commitment cannot be mistaken for any
/// other SHA-256 of 24 bytes.
pub const TAG: &[u8] = b"holonet dice commitment v1";

/// How many hex digits of the commitment the live message shows (64 bits: enough to tell a
/// changed seed apart; `/rebellion status` and the reveal show all 64 digits).
pub const SHORT_LEN: usize = 16;

/// A salt or commitment that is not what it should be.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DiceError {
    /// The salt is not `SALT_LEN` bytes in lowercase hex.
    #[error("the salt must be {} hexadecimal digits", 2 * SALT_LEN)]
    BadSalt,
}

/// Bytes in lowercase hex.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A fresh random salt, in hex (drawn from the thread's secure generator, like the seed).
pub fn new_salt() -> String {
    hex(&rand::random::<[u8; SALT_LEN]>())
}

/// The bytes of a salt written by [`new_salt`].
pub fn parse_salt(text: &str) -> Result<[u8; SALT_LEN], DiceError> {
    if text.len() != 2 * SALT_LEN || !text.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)) {
        return Err(DiceError::BadSalt);
    }
    let mut out = [0u8; SALT_LEN];
    for (i, b) in out.iter_mut().enumerate() {
        *b = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).map_err(|_| DiceError::BadSalt)?;
    }
    Ok(out)
}

/// The commitment to a seed: SHA-256 over the tag, one zero byte, the 16 salt bytes and the
/// seed's 8 bytes big-endian, in lowercase hex (64 digits).
pub fn commitment(seed: u64, salt: &[u8; SALT_LEN]) -> String {
    let mut h = Sha256::new();
    h.update(TAG);
    h.update([0u8]);
    h.update(salt);
    h.update(seed.to_be_bytes());
    hex(&h.finalize())
}

/// The commitment of a seed and a salt written in hex.
pub fn commitment_hex(seed: u64, salt: &str) -> Result<String, DiceError> {
    Ok(commitment(seed, &parse_salt(salt)?))
}

/// The first [`SHORT_LEN`] digits of a commitment (what fits the live message).
pub fn short(commitment: &str) -> &str {
    commitment.get(..SHORT_LEN).unwrap_or(commitment)
}

/// A new match's metadata sealed: a fresh salt and the commitment to its seed.
pub fn seal(mut meta: MatchMeta) -> MatchMeta {
    let salt = rand::random::<[u8; SALT_LEN]>();
    meta.salt = hex(&salt);
    meta.commitment = commitment(meta.seed, &salt);
    meta
}

/// The commitment line of `/rebellion status` (the whole commitment), if the match has one.
pub fn status_line(meta: &MatchMeta) -> Option<String> {
    (!meta.commitment.is_empty()).then(|| {
        format!(
            "Dice commitment (SHA-256 of the secret seed and salt, revealed when the match ends): `{}`",
            meta.commitment
        )
    })
}

/// The lines of the reveal that open the dice: seed, salt, the commitment they hash to, and
/// the fingerprint of the final state (what `holonet verify` checks an export against).
pub fn reveal_lines(meta: &MatchMeta, final_state: &str) -> Vec<String> {
    let mut lines = vec![];
    if meta.commitment.is_empty() {
        lines.push(format!(
            "The dice: seed `{}` (this match began before dice commitments, so none was shown).",
            meta.seed
        ));
    } else {
        lines.push(format!("The dice: seed `{}`, salt `{}`.", meta.seed, meta.salt));
        lines.push(format!(
            "They hash to the commitment shown since the start: `{}` (check it, and replay every \
             roll, with `holonet verify` or `/rebellion verify` on the match's export).",
            meta.commitment
        ));
    }
    lines.push(format!("Final state: `{final_state}`."));
    lines
}

/// The fingerprint of a game state: SHA-256 of its JSON (as the store saves it), in hex. The
/// reveal shows it and an export records it, so a replay can be checked against the match
/// that was played.
pub fn state_hash<S: Serialize>(state: &S) -> String {
    // A state always serialises (the store saves it the same way); an empty input would still
    // give a hash that no replay matches.
    let json = serde_json::to_vec(state).unwrap_or_default();
    hex(&Sha256::digest(&json))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_commitment_is_sha256_of_the_documented_bytes() {
        // The SHA-256 of "abc" is the FIPS 180-2 example: the crate is the published function.
        assert_eq!(
            hex(&Sha256::digest(b"abc")),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        let salt = [7u8; SALT_LEN];
        let mut bytes = TAG.to_vec();
        bytes.push(0);
        bytes.extend([7u8; SALT_LEN]);
        bytes.extend(0x0102_0304_0506_0708u64.to_be_bytes());
        assert_eq!(commitment(0x0102_0304_0506_0708, &salt), hex(&Sha256::digest(&bytes)));
        assert_ne!(commitment(1, &salt), commitment(2, &salt));
        assert_ne!(commitment(1, &salt), commitment(1, &[8u8; SALT_LEN]));
        assert_eq!(commitment(1, &salt).len(), 64);
    }

    #[test]
    fn salts_are_random_and_read_back() {
        let (a, b) = (new_salt(), new_salt());
        assert_ne!(a, b);
        assert_eq!(hex(&parse_salt(&a).unwrap()), a);
        assert_eq!(commitment_hex(5, &a).unwrap(), commitment(5, &parse_salt(&a).unwrap()));
        for bad in ["", "00", &"g".repeat(32), &"A".repeat(32), &"0".repeat(33)] {
            assert_eq!(parse_salt(bad), Err(DiceError::BadSalt), "{bad}");
        }
        assert_eq!(short(&"ab".repeat(32)).len(), SHORT_LEN);
    }
}
