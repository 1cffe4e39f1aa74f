//! Runs the service fuzz entry point over the files of a corpus directory (default
//! `fuzz/corpus/service`, optionally only the first N) and prints the inputs per second and the
//! slowest inputs: to measure and profile the fuzz target without libFuzzer
//! (`cargo run --release --example fuzz_corpus -- fuzz/corpus/service 2000`).
use std::time::Instant;

fn main() {
    // Arguments: the corpus directory, then how many of its files (sorted by name) to run.
    let dir = std::env::args().nth(1).unwrap_or_else(|| "fuzz/corpus/service".into());
    let limit: usize = std::env::args().nth(2).and_then(|s| s.parse().ok()).unwrap_or(usize::MAX);
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    files.truncate(limit);
    let inputs: Vec<Vec<u8>> = files.iter().map(|p| std::fs::read(p).unwrap()).collect();
    let start = Instant::now();
    let mut slow = Vec::new();
    for (i, data) in inputs.iter().enumerate() {
        let t = Instant::now();
        holonet::fuzzing::run(data).unwrap();
        slow.push((t.elapsed(), i));
    }
    let total = start.elapsed();
    slow.sort();
    slow.reverse();
    println!("{} inputs in {:?} ({:.0}/s)", inputs.len(), total, inputs.len() as f64 / total.as_secs_f64());
    for (d, i) in slow.iter().take(5) {
        println!("{:?} {} ({} bytes)", d, files[*i].display(), inputs[*i].len());
    }
}
