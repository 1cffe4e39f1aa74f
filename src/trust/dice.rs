//! Trust in the dice: the commitment to a match's seed shown from its start, and the hash of
//! its final state shown at its end (`docs/dice.md` defines both byte by byte).
//!
//! Every die and shuffle of a match comes from its seed. When the match is created the service
//! draws a random salt beside the seed and publishes `SHA-256(tag, salt, seed)`; both stay
//! secret until the match ends, then the reveal shows them and anyone can check that the
//! commitment matches and that the log replays from that seed (`holonet verify`). The salt
//! keeps the commitment from being searched: a 64-bit seed alone could be found by hashing
//! every candidate, seed and salt together (192 bits) cannot.

use chacha20poly1305::aead::{AeadInPlace, KeyInit};
use chacha20poly1305::{Tag, XChaCha20Poly1305, XNonce};
use serde::Serialize;
use sha2::{Digest, Sha256};

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

/// A fresh salt for `seed` and the commitment to both: `(salt, commitment)` in hex, what a new
/// match records and publishes.
pub fn new_commitment(seed: u64) -> (String, String) {
    let salt = rand::random::<[u8; SALT_LEN]>();
    (hex(&salt), commitment(seed, &salt))
}

/// What a sealed seed is bound to: the match's game, channel (`id` and `channel`), server,
/// nonce and commitment. The store fills it from a match's metadata; kept here as plain values
/// so that the seal needs nothing of the store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SealBinding {
    /// The game's id.
    pub game: String,
    /// The match id (its channel, in text).
    pub id: String,
    /// The match's nonce.
    pub nonce: String,
    /// The dice commitment (empty for a match without one).
    pub commitment: String,
    /// The channel.
    pub channel: u64,
    /// The server, if any.
    pub guild: Option<u64>,
}

/// Why a sealed seed does not open.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SealError {
    /// The seal has the form earlier versions wrote (64 hex digits): a hand-made pad that did
    /// not bind the match's channel, so it is not trusted to restore anything.
    #[error(
        "its seed was sealed by an older version of Holonet, which did not tie the seal to the match's \
         channel: it cannot restore a match; export the match again (or restore it from an export made \
         after its end)"
    )]
    OlderVersion,
    /// The seal is not hex of the expected length.
    #[error("its sealed seed is damaged (not {} hexadecimal digits)", 2 * SEALED_LEN)]
    Malformed,
    /// The authentication failed: another store's key, or a channel, server, match nonce,
    /// commitment or game other than the ones it was sealed with (an edited file).
    #[error(
        "its seed is sealed to another channel, server or match, or by another Holonet store (or the file \
         was edited)"
    )]
    Mismatch,
}

/// The bytes of a sealed seed: a 24-byte XChaCha20 nonce, the 24 encrypted bytes (salt and
/// seed) and the 16-byte Poly1305 tag.
pub const SEALED_LEN: usize = 24 + SALT_LEN + 8 + 16;

/// The key that seals seeds, derived from the store's key (kept apart from any other use of it).
fn seal_cipher(key: &[u8; 32]) -> XChaCha20Poly1305 {
    let mut h = Sha256::new();
    h.update(b"holonet seed seal v2 key\0");
    h.update(key);
    XChaCha20Poly1305::new(&h.finalize())
}

/// The associated data of a seal: what it is bound to. Every field is length-prefixed, so no
/// two different matches give the same bytes.
fn seal_binding(meta: &SealBinding) -> Vec<u8> {
    let mut ad = b"holonet seed seal v2\0".to_vec();
    for text in [meta.game.as_str(), meta.id.as_str(), meta.nonce.as_str(), meta.commitment.as_str()] {
        ad.extend((text.len() as u32).to_be_bytes());
        ad.extend(text.as_bytes());
    }
    ad.extend(meta.channel.to_be_bytes());
    match meta.guild {
        Some(g) => {
            ad.push(1);
            ad.extend(g.to_be_bytes());
        }
        None => ad.push(0),
    }
    ad
}

/// A match's seed and salt sealed with a store's key, for an export made during play: the
/// salt's 16 bytes and the seed's 8 (big-endian) encrypted with XChaCha20-Poly1305 under a
/// fresh random nonce, with the match's game, channel (`id` and `channel`), server, nonce and
/// commitment as associated data, in hex (`2 * SEALED_LEN` digits). Without the key the file
/// says nothing of the seed, and any edit of what it is bound to makes it fail to open.
pub fn seal_seed(meta: &SealBinding, seed: u64, salt: &str, key: &[u8; 32]) -> String {
    // A match from before commitments has no salt: its 16 bytes are zeros (and open as "").
    let salt = parse_salt(salt).unwrap_or([0u8; SALT_LEN]);
    let mut plain = salt.to_vec();
    plain.extend(seed.to_be_bytes());
    let nonce = rand::random::<[u8; 24]>();
    let tag = seal_cipher(key)
        .encrypt_in_place_detached(XNonce::from_slice(&nonce), &seal_binding(meta), &mut plain)
        .expect("24 bytes are far below XChaCha20's limit");
    let mut out = nonce.to_vec();
    out.extend(plain);
    out.extend(tag);
    hex(&out)
}

/// The seed and salt (hex; empty for a match without one) sealed in `sealed` for the match of
/// `meta` (its game, channel, server, nonce and commitment as exported), if one of `keys` is
/// the one that sealed them.
pub fn open_seed(sealed: &str, meta: &SealBinding, keys: &[[u8; 32]]) -> Result<(u64, String), SealError> {
    let is_hex = sealed.bytes().all(|b| b.is_ascii_hexdigit());
    if sealed.len() == 64 && is_hex {
        return Err(SealError::OlderVersion);
    }
    if sealed.len() != 2 * SEALED_LEN || !is_hex {
        return Err(SealError::Malformed);
    }
    let bytes: Vec<u8> = (0..SEALED_LEN)
        .map(|i| u8::from_str_radix(&sealed[2 * i..2 * i + 2], 16))
        .collect::<Result<_, _>>()
        .map_err(|_| SealError::Malformed)?;
    let (nonce, rest) = bytes.split_at(24);
    let (cipher, tag) = rest.split_at(SALT_LEN + 8);
    let binding = seal_binding(meta);
    let plain = keys
        .iter()
        .find_map(|key| {
            let mut plain = cipher.to_vec();
            seal_cipher(key)
                .decrypt_in_place_detached(
                    XNonce::from_slice(nonce),
                    &binding,
                    &mut plain,
                    Tag::from_slice(tag),
                )
                .ok()
                .map(|()| plain)
        })
        .ok_or(SealError::Mismatch)?;
    let seed = u64::from_be_bytes(plain[SALT_LEN..].try_into().map_err(|_| SealError::Malformed)?);
    let salt = if meta.commitment.is_empty() { String::new() } else { hex(&plain[..SALT_LEN]) };
    Ok((seed, salt))
}

/// The commitment line of `/rebellion status` (the whole commitment), if the match has one.
pub fn status_line(commitment: &str) -> Option<String> {
    (!commitment.is_empty()).then(|| {
        format!(
            "Dice commitment (SHA-256 of the secret seed and salt, revealed when the match ends): `{}`",
            commitment
        )
    })
}

/// The lines of the reveal that open the dice: seed, salt, the commitment they hash to, and
/// the fingerprint of the final state (what `holonet verify` checks an export against).
pub fn reveal_lines(seed: u64, salt: &str, commitment: &str, final_state: &str) -> Vec<String> {
    let mut lines = vec![];
    if commitment.is_empty() {
        lines.push(format!(
            "The dice: seed `{}` (this match began before dice commitments, so none was shown).",
            seed
        ));
    } else {
        lines.push(format!("The dice: seed `{}`, salt `{}`.", seed, salt));
        lines.push(format!(
            "They hash to the commitment shown since the start: `{}` (check it, and replay every \
             roll, with `holonet verify` or `/rebellion verify` on the match's export).",
            commitment
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
    fn a_sealed_seed_opens_with_its_key_and_binding_only() {
        let seed = 0x1234_5678_9abc_def0u64;
        let (salt, commitment) = new_commitment(seed);
        let meta = SealBinding {
            game: "rebellion".into(),
            id: "1".into(),
            nonce: "abcdefghij".into(),
            commitment,
            channel: 1,
            guild: Some(5),
        };
        let key = [7u8; 32];
        let sealed = seal_seed(&meta, seed, &salt, &key);
        assert_eq!(sealed.len(), 2 * SEALED_LEN);
        assert!(!sealed.contains(&salt) && !sealed.contains(&format!("{seed:016x}")));
        assert_ne!(sealed, seal_seed(&meta, seed, &salt, &key), "a fresh nonce every time");
        assert_eq!(open_seed(&sealed, &meta, &[key]), Ok((seed, salt.clone())));
        assert_eq!(open_seed(&sealed, &meta, &[[8u8; 32], key]), Ok((seed, salt.clone())));
        assert_eq!(open_seed(&sealed, &meta, &[[8u8; 32]]), Err(SealError::Mismatch), "another store's key");
        let edits: [fn(&mut SealBinding); 7] = [
            |m| m.nonce = "zzzzzzzzzz".into(),
            |m| m.id = "2".into(),
            |m| m.channel = 2,
            |m| m.guild = Some(6),
            |m| m.guild = None,
            |m| m.commitment = "0".repeat(64),
            |m| m.game = "evr".into(),
        ];
        for (i, edit) in edits.into_iter().enumerate() {
            let mut other = meta.clone();
            edit(&mut other);
            assert_eq!(open_seed(&sealed, &other, &[key]), Err(SealError::Mismatch), "edit {i}");
        }
        let flipped = format!("{}{}", &sealed[..60], if &sealed[60..61] == "0" { "1" } else { "0" });
        let flipped = format!("{flipped}{}", &sealed[61..]);
        assert_eq!(open_seed(&flipped, &meta, &[key]), Err(SealError::Mismatch), "an edited seal");
        assert_eq!(open_seed("zz", &meta, &[key]), Err(SealError::Malformed));
        assert_eq!(open_seed(&"ab".repeat(32), &meta, &[key]), Err(SealError::OlderVersion));
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
