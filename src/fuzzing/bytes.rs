//! The script's input: the fuzzer's bytes, read from the front as numbers, choices and text.

/// The script's input, read from the front; reads past the end give zeros.
pub(super) struct Bytes<'a> {
    pub(super) data: &'a [u8],
    pub(super) pos: usize,
}

impl Bytes<'_> {
    pub(super) fn done(&self) -> bool {
        self.pos >= self.data.len()
    }
    pub(super) fn u8(&mut self) -> u8 {
        let b = self.data.get(self.pos).copied().unwrap_or(0);
        self.pos += 1;
        b
    }
    pub(super) fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.u8(), self.u8()])
    }
    pub(super) fn u64(&mut self) -> u64 {
        let mut b = [0u8; 8];
        for x in &mut b {
            *x = self.u8();
        }
        u64::from_le_bytes(b)
    }
    /// A number in `0..n` (`n` > 0).
    pub(super) fn below(&mut self, n: usize) -> usize {
        if n <= 256 { self.u8() as usize % n } else { self.u16() as usize % n }
    }
    /// A number that is small, near a limit, or anything.
    pub(super) fn number(&mut self) -> u64 {
        match self.u8() % 8 {
            0 => 0,
            1 => u64::MAX,
            2 => u64::MAX - 1,
            3 => i64::MAX as u64 + 1,
            4 => self.u64(),
            _ => self.u8() as u64,
        }
    }
    /// Up to `max` raw bytes.
    pub(super) fn raw(&mut self, max: usize) -> &[u8] {
        let n = self.below(max + 1).min(self.data.len().saturating_sub(self.pos));
        let start = self.pos.min(self.data.len());
        self.pos += n;
        &self.data[start..start + n]
    }
    /// Up to `max` bytes as text (invalid UTF-8 replaced).
    pub(super) fn text(&mut self, max: usize) -> String {
        String::from_utf8_lossy(self.raw(max)).into_owned()
    }
    pub(super) fn pick<'s, T>(&mut self, items: &'s [T]) -> Option<&'s T> {
        if items.is_empty() { None } else { items.get(self.below(items.len())) }
    }
}
