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

/// The pad and check that seal a match's seed: SHA-256 over a tag, the store's key, and the
/// match's nonce and commitment (unique per match).
fn seal_pad(key: &[u8; 32], meta: &MatchMeta, part: &[u8]) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(b"holonet seed seal v1\0");
    h.update(part);
    h.update(key);
    h.update(meta.nonce.as_bytes());
    h.update([0u8]);
    h.update(meta.commitment.as_bytes());
    h.finalize().into()
}

/// A match's seed and salt sealed with a store's key, for an export made during play: the
/// salt's 16 bytes and the seed's 8 (big-endian) XORed with a pad only the key holder can make,
/// then an 8-byte check, in hex (64 digits). Without the key the file says nothing of the seed.
pub fn seal_seed(meta: &MatchMeta, key: &[u8; 32]) -> String {
    // A match from before commitments has no salt: its 16 bytes are zeros (and open as "").
    let salt = parse_salt(&meta.salt).unwrap_or([0u8; SALT_LEN]);
    let mut plain = salt.to_vec();
    plain.extend(meta.seed.to_be_bytes());
    let pad = seal_pad(key, meta, b"pad");
    let mut out: Vec<u8> = plain.iter().zip(pad).map(|(p, k)| p ^ k).collect();
    let mut check = seal_pad(key, meta, b"check").to_vec();
    check.truncate(8);
    out.extend(check.iter().zip(Sha256::digest(&plain)).map(|(c, d)| c ^ d));
    hex(&out)
}

/// The seed and salt (hex; empty for a match without one) sealed in `sealed` for the match of
/// `meta` (its nonce and commitment as exported), if `key` is the one that sealed them.
pub fn open_seed(sealed: &str, meta: &MatchMeta, key: &[u8; 32]) -> Option<(u64, String)> {
    if sealed.len() != 64 || !sealed.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let bytes: Vec<u8> =
        (0..32).map(|i| u8::from_str_radix(&sealed[2 * i..2 * i + 2], 16)).collect::<Result<_, _>>().ok()?;
    let pad = seal_pad(key, meta, b"pad");
    let plain: Vec<u8> = bytes[..24].iter().zip(pad).map(|(c, k)| c ^ k).collect();
    let check = seal_pad(key, meta, b"check");
    let want: Vec<u8> = check[..8].iter().zip(Sha256::digest(&plain)).map(|(c, d)| c ^ d).collect();
    if want != bytes[24..] {
        return None;
    }
    let seed = u64::from_be_bytes(plain[16..24].try_into().ok()?);
    let salt = if meta.commitment.is_empty() { String::new() } else { hex(&plain[..16]) };
    Some((seed, salt))
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
    fn the_worked_example_of_the_docs_holds() {
        // docs/dice.md builds these bytes with printf and xxd and hashes them with sha256sum.
        let salt: [u8; SALT_LEN] = std::array::from_fn(|i| i as u8);
        assert_eq!(
            commitment(12345, &salt),
            "03eede88e6dd9a25927176db3b17762528e841716786af565a50ea221c0c4222"
        );
    }

    #[test]
    fn a_sealed_seed_opens_with_its_key_only() {
        let mut meta: MatchMeta = serde_json::from_value(serde_json::json!({
            "id": "1", "nonce": "abcdefghij", "game": "rebellion", "guild": null, "channel": 1,
            "creator": 1, "seats": {}, "options": {}, "seed": 0x1234_5678_9abc_def0u64,
            "status": "active", "created_at": 0, "updated_at": 0
        }))
        .unwrap();
        meta = seal(meta);
        let key = [7u8; 32];
        let sealed = seal_seed(&meta, &key);
        assert_eq!(sealed.len(), 64);
        assert!(!sealed.contains(&meta.salt) && !sealed.contains(&format!("{:016x}", meta.seed)));
        assert_eq!(open_seed(&sealed, &meta, &key), Some((meta.seed, meta.salt.clone())));
        assert_eq!(open_seed(&sealed, &meta, &[8u8; 32]), None, "another server's key");
        let mut other = meta.clone();
        other.nonce = "zzzzzzzzzz".into();
        assert_eq!(open_seed(&sealed, &other, &key), None, "another match");
        let flipped = format!("{}{}", if sealed.starts_with('0') { "1" } else { "0" }, &sealed[1..]);
        assert_eq!(open_seed(&flipped, &meta, &key), None, "an edited seal");
        assert_eq!(open_seed("zz", &meta, &key), None);
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
