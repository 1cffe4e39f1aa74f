//! What lets players trust the dice without trusting the host: hashing, the commitment to a
//! match's seed and its seal, and the luck report shown at the end.

pub mod dice;
pub mod hash;
pub mod luck;
