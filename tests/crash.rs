//! Crash safety: the local front end keeps its match in a sled directory and prints each answer
//! only after the service has flushed it. This test kills that process with SIGKILL at random
//! points — between answers and in the middle of one — at least 60 times, restarts it on the
//! same directory, and checks that every acknowledged answer is still there (the state is the
//! very same after a kill between answers; at most the one unacknowledged answer may be added
//! after a kill in the middle of one).

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Duration;

use holonet::engine::rng::GameRng;
use serde_json::Value;

/// The holonet binary playing a local match kept in `dir`, fed line by line.
struct Worker {
    /// What the process found in the directory (its first line on stderr).
    opened: String,
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Worker {
    fn start(dir: &Path, seed: u64) -> Worker {
        let mut child = Command::new(env!("CARGO_BIN_EXE_holonet"))
            .args(["local", "--quick-setup", "--script", "-", "--seed", &seed.to_string(), "--data"])
            .arg(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = BufReader::new(child.stdout.take().expect("stdout"));
        let mut opened = String::new();
        BufReader::new(child.stderr.take().expect("stderr")).read_line(&mut opened).expect("stderr");
        Worker { opened, child, stdin, stdout }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("the worker reads");
        self.stdin.flush().expect("flush");
    }

    /// Reads lines up to the next reply that starts like `marker`; returns (earlier lines, it).
    fn read_until(&mut self, is_reply: impl Fn(&str) -> bool) -> (Vec<String>, String) {
        let mut before = vec![];
        loop {
            let mut line = String::new();
            let n = self.stdout.read_line(&mut line).expect("read");
            assert!(n > 0, "the worker stopped; it printed: {before:?}");
            let line = line.trim_end().to_string();
            if is_reply(&line) {
                return (before, line);
            }
            before.push(line);
        }
    }

    /// The pending prompt as (seat, number of options, version); `None` once the game is over.
    /// Every line printed before it (the previous answer's messages) must not be an error.
    fn prompt(&mut self) -> Option<(String, usize, u64)> {
        self.send("prompts");
        let (before, reply) = self.read_until(|l| l.starts_with("[{") || l == "[]");
        assert!(!before.iter().any(|l| l.starts_with("error:")), "an answer was refused: {before:?}");
        let v: Value = serde_json::from_str(&reply).expect("prompts are JSON");
        let p = v.as_array()?.first()?;
        let seat = p["seat"].as_str().expect("seat").to_string();
        Some((seat, p["options"].as_array().expect("options").len(), p["version"].as_u64().expect("version")))
    }

    /// The full state as JSON text.
    fn full_state(&mut self) -> String {
        self.send("show full");
        self.read_until(|l| l.starts_with('{')).1
    }

    fn kill(mut self) {
        self.child.kill().expect("SIGKILL");
        self.child.wait().expect("reaped");
    }
}

fn temp_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("holonet-crash-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn every_acknowledged_answer_survives_sigkill_at_random_points() {
    let kills_wanted: usize =
        std::env::var("HOLONET_CRASH_KILLS").ok().and_then(|n| n.parse().ok()).unwrap_or(60);
    let dir = temp_dir();
    let mut rng = GameRng::from_seed(7);
    let mut seed = 1;
    let (mut kills, mut mid_answer_kills, mut games, mut answers) = (0, 0, 0, 0);
    let mut worker = Worker::start(&dir, seed);
    // What the last acknowledged answer left: its version and (after a clean pause) the state.
    let mut acked: Option<u64> = None;
    let mut expected_state: Option<String> = None;
    while kills < kills_wanted {
        let Some((_, _, version)) = worker.prompt() else {
            // Game over: start a new match in a fresh directory.
            worker.kill();
            let _ = std::fs::remove_dir_all(&dir);
            (games, seed, acked, expected_state) = (games + 1, seed + 1, None, None);
            worker = Worker::start(&dir, seed);
            continue;
        };
        if let Some(a) = acked {
            match expected_state.take() {
                // Killed between answers: nothing may be lost, nothing added.
                Some(state) => {
                    assert_eq!(version, a, "kill {kills}: acknowledged answers were lost or added");
                    assert_eq!(worker.full_state(), state, "kill {kills}: the state changed");
                }
                // Killed during an answer that won the game: it landed, and a new match began.
                None if worker.opened.contains("had ended") => {
                    assert_eq!(version, 0);
                    (games, acked) = (games + 1, None);
                    continue;
                }
                // Killed during an answer: it may or may not have landed; nothing older is lost.
                None => assert!(
                    version == a || version == a + 1,
                    "kill {kills}: version {version} after {a} acknowledged"
                ),
            }
            assert!(
                worker.opened.contains(&format!("resumed the stored match after {version} actions")),
                "kill {kills}: {}",
                worker.opened
            );
        }
        // Answer a random number of prompts, each acknowledged by the next prompt's version.
        let mut over = false;
        for _ in 0..1 + rng.below(25) {
            let Some((seat, options, version)) = worker.prompt() else {
                over = true;
                break;
            };
            acked = Some(version);
            worker.send(&format!("{seat} choose {}", 1 + rng.below(options)));
            answers += 1;
        }
        if over {
            continue;
        }
        if rng.below(2) == 0 {
            // Between answers: wait for the acknowledgement, note the state, kill.
            let Some((_, _, version)) = worker.prompt() else {
                // The last answer won the game: the loop's next turn starts a new match.
                continue;
            };
            acked = Some(version);
            expected_state = Some(worker.full_state());
        } else {
            // In the middle of an answer (or just after): kill without waiting.
            mid_answer_kills += 1;
            std::thread::sleep(Duration::from_micros(rng.below(3_000) as u64));
        }
        worker.kill();
        kills += 1;
        worker = Worker::start(&dir, seed);
    }
    worker.kill();
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!(
        "{kills} kills ({mid_answer_kills} during an answer), {answers} answers, {games} games finished"
    );
    assert!(mid_answer_kills >= 10 && kills - mid_answer_kills >= 10, "both kinds of kill happened");
}
