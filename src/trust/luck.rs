//! The luck report of a finished match: each side's dice against what dice like them roll on
//! average, round by round. Game-neutral: a game that rolls dice fills it in by replaying its
//! log (`Game::luck`); the reveal shows its words and its chart (`render::luck`).

/// One side's dice over some stretch of a match, with what they would show on average.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    /// Dice rolled (rerolls count as new dice: each is a fresh draw).
    pub dice: u32,
    /// Faces that damage a unit (hits and direct hits).
    pub hits: u32,
    /// Blank faces.
    pub blanks: u32,
    /// Mission successes the faces are worth (whatever the dice were rolled for).
    pub successes: u32,
    /// The hits such dice show on average.
    pub expected_hits: f64,
    /// The blanks such dice show on average.
    pub expected_blanks: f64,
    /// The successes such dice are worth on average.
    pub expected_successes: f64,
}

/// What one die can show: its faces' worth, averaged to give the expectations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Face {
    /// Whether it damages a unit.
    pub hit: bool,
    /// Whether it is blank.
    pub blank: bool,
    /// The mission successes it is worth.
    pub successes: u32,
}

impl Tally {
    /// Counts one die that showed `face`, out of a die whose faces are `faces` (equally likely).
    pub fn roll(&mut self, face: Face, faces: &[Face]) {
        let n = faces.len().max(1) as f64;
        let share = |f: &dyn Fn(&Face) -> f64| faces.iter().map(f).sum::<f64>() / n;
        self.dice += 1;
        self.hits += u32::from(face.hit);
        self.blanks += u32::from(face.blank);
        self.successes += face.successes;
        self.expected_hits += share(&|f| f64::from(u8::from(f.hit)));
        self.expected_blanks += share(&|f| f64::from(u8::from(f.blank)));
        self.expected_successes += share(&|f| f64::from(f.successes));
    }

    /// Adds another tally's counts.
    pub fn add(&mut self, o: &Tally) {
        self.dice += o.dice;
        self.hits += o.hits;
        self.blanks += o.blanks;
        self.successes += o.successes;
        self.expected_hits += o.expected_hits;
        self.expected_blanks += o.expected_blanks;
        self.expected_successes += o.expected_successes;
    }

    /// Successes above (or below, negative) what such dice are worth on average.
    pub fn luck(&self) -> f64 {
        f64::from(self.successes) - self.expected_successes
    }
}

/// One round of a match: each side's tally, in the order of [`LuckReport::sides`].
#[derive(Clone, Debug, PartialEq)]
pub struct RoundLuck {
    /// The round (from 1).
    pub round: u32,
    /// One tally per side.
    pub sides: Vec<Tally>,
}

/// Every side's dice by round.
#[derive(Clone, Debug, PartialEq)]
pub struct LuckReport {
    /// The sides, as the channel names them ("Rebels", "Empire").
    pub sides: Vec<String>,
    /// Every round from the first to the last, rounds without dice included.
    pub rounds: Vec<RoundLuck>,
}

impl LuckReport {
    /// Each side's whole match.
    pub fn totals(&self) -> Vec<Tally> {
        let mut t = vec![Tally::default(); self.sides.len()];
        for r in &self.rounds {
            for (sum, x) in t.iter_mut().zip(&r.sides) {
                sum.add(x);
            }
        }
        t
    }

    /// The report in words for the reveal: one line per side, and the luckiest round of each.
    pub fn text(&self) -> String {
        let mut lines = vec!["**The dice against expectation**".to_string()];
        for (i, (side, t)) in self.sides.iter().zip(self.totals()).enumerate() {
            if t.dice == 0 {
                lines.push(format!("{side}: no dice rolled."));
                continue;
            }
            let mut line = format!(
                "{side}: {} dice — {} hits ({:.1} expected), {} blanks ({:.1}), {} mission successes' worth \
                 ({:.1}); {}.",
                t.dice,
                t.hits,
                t.expected_hits,
                t.blanks,
                t.expected_blanks,
                t.successes,
                t.expected_successes,
                verdict(t.luck())
            );
            let best =
                self.rounds.iter().filter(|r| r.sides[i].dice > 0).max_by(|a, b| {
                    a.sides[i].luck().total_cmp(&b.sides[i].luck()).then(b.round.cmp(&a.round))
                });
            if let Some(r) = best.filter(|r| r.sides[i].luck() >= 1.0) {
                line.push_str(&format!(" Luckiest round: {} ({:+.1}).", r.round, r.sides[i].luck()));
            }
            lines.push(line);
        }
        lines.join("\n")
    }
}

/// A side's luck in words.
fn verdict(luck: f64) -> String {
    if luck.abs() < 0.5 {
        "just as the odds say".to_string()
    } else if luck > 0.0 {
        format!("{luck:.1} successes luckier than average")
    } else {
        format!("{:.1} successes unluckier than average", -luck)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BLANK: Face = Face { hit: false, blank: true, successes: 0 };
    const HIT: Face = Face { hit: true, blank: false, successes: 1 };
    const SPECIAL: Face = Face { hit: false, blank: false, successes: 2 };

    #[test]
    fn a_tally_counts_faces_and_averages_the_die() {
        let die = [BLANK, HIT, SPECIAL, HIT];
        let mut t = Tally::default();
        t.roll(SPECIAL, &die);
        t.roll(BLANK, &die);
        assert_eq!((t.dice, t.hits, t.blanks, t.successes), (2, 0, 1, 2));
        assert!((t.expected_hits - 1.0).abs() < 1e-9, "half of each die's faces hit");
        assert!((t.expected_blanks - 0.5).abs() < 1e-9);
        assert!((t.expected_successes - 2.0).abs() < 1e-9);
        assert!(t.luck().abs() < 1e-9);
    }

    #[test]
    fn the_report_sums_rounds_and_names_the_luckiest() {
        let die = [BLANK, HIT];
        let round = |n: u32, faces: &[Face]| {
            let mut t = Tally::default();
            for f in faces {
                t.roll(*f, &die);
            }
            RoundLuck { round: n, sides: vec![t, Tally::default()] }
        };
        let r = LuckReport {
            sides: vec!["Rebels".into(), "Empire".into()],
            rounds: vec![round(1, &[BLANK, BLANK]), round(2, &[HIT, HIT, HIT, HIT])],
        };
        let totals = r.totals();
        assert_eq!((totals[0].dice, totals[0].hits), (6, 4));
        assert!((totals[0].luck() - 1.0).abs() < 1e-9);
        let text = r.text();
        assert!(text.contains("Rebels: 6 dice — 4 hits (3.0 expected)"), "{text}");
        assert!(text.contains("Luckiest round: 2 (+2.0)"), "{text}");
        assert!(text.contains("Empire: no dice rolled."), "{text}");
    }
}
