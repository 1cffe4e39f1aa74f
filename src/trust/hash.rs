//! Short stable hashes for ids that travel in Discord custom ids: FNV-1a 64 written in base36.
//! Stable across builds and Rust versions (unlike `std`'s hasher), so an id computed before a
//! restart still matches after it. Not cryptographic: nothing here protects a secret.

/// The FNV-1a 64 hash of some text parts. A 0xFF byte (never found in UTF-8) ends each part,
/// so `["ab", "c"]` and `["a", "bc"]` differ.
pub fn fnv1a(parts: &[&str]) -> u64 {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let mut h = OFFSET;
    for part in parts {
        for b in part.bytes().chain(std::iter::once(0xFF)) {
            h ^= u64::from(b);
            h = h.wrapping_mul(PRIME);
        }
    }
    h
}

/// `n` in base36 (`0-9a-z`), exactly `width` digits: the low digits of `n`, zero-padded.
pub fn base36(mut n: u64, width: usize) -> String {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = vec![b'0'; width];
    for d in out.iter_mut().rev() {
        *d = DIGITS[(n % 36) as usize];
        n /= 36;
    }
    String::from_utf8(out).expect("ASCII digits")
}

/// Whether text is a base36 id of `width` digits (what `base36` writes).
pub fn is_base36(text: &str, width: usize) -> bool {
    text.len() == width && text.bytes().all(|b| b.is_ascii_digit() || b.is_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv_is_the_published_function_and_parts_are_separated() {
        // FNV-1a 64 of the empty input is its offset basis; "a" has a published value.
        let raw = |s: &[u8]| {
            s.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(*b)).wrapping_mul(0x100_0000_01b3))
        };
        assert_eq!(raw(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(&["a"]), raw(b"a\xff"));
        assert_ne!(fnv1a(&["ab", "c"]), fnv1a(&["a", "bc"]));
    }

    #[test]
    fn base36_has_a_fixed_width() {
        assert_eq!(base36(0, 4), "0000");
        assert_eq!(base36(35, 2), "0z");
        assert_eq!(base36(36 * 36 + 1, 2), "01");
        assert!(is_base36(&base36(u64::MAX, 8), 8));
        assert!(!is_base36("ABCDEFGH", 8) && !is_base36("abc", 8) && !is_base36("abc:defg", 8));
    }
}
