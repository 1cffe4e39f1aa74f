//! The `holonet` binary: the Discord bot, local play, scripts and simulation.

use std::io::{BufRead, Write};
use std::path::PathBuf;

use clap::{Parser, Subcommand};

use holonet::cli::local::{LocalGame, Session};
use holonet::cli::simulate;
use holonet::engine::rebellion::{MatchOptions, Players};
use holonet::games::evr::{Evr, EvrOptions};
use holonet::games::rebellion::Rebellion;

/// Holonet: host Star Wars: Rebellion and Empire vs. Rebellion on Discord, play them locally or
/// simulate games.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Which game local mode and simulate play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum GameChoice {
    /// Star Wars: Rebellion.
    Rebellion,
    /// Star Wars: Empire vs. Rebellion.
    Evr,
}

#[derive(Subcommand)]
enum Command {
    /// Run the Discord bot (Ctrl-C stops it gracefully).
    Serve {
        /// The configuration file (see config.example.toml).
        #[arg(long, default_value = "config.toml")]
        config: PathBuf,
        /// Run only these gateway shards, FIRST..LAST (both included), as one process of a
        /// cluster (docs/cluster.md); overrides `[cluster]` in the configuration.
        #[arg(long, requires = "of")]
        shards: Option<holonet::deploy::cluster::ShardRange>,
        /// How many shards the whole cluster runs (with --shards).
        #[arg(long, requires = "shards")]
        of: Option<u32>,
    },
    /// Write a stored match as JSON (backup, migration); stop the bot first.
    Export {
        /// The configuration file (for `data_dir`).
        #[arg(long, default_value = "config.toml")]
        config: PathBuf,
        /// The match's channel id.
        #[arg(long)]
        channel: u64,
        /// Write here instead of standard output.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Load an exported match into a channel (replacing an ended one); stop the bot first.
    Import {
        /// The configuration file (for `data_dir`).
        #[arg(long, default_value = "config.toml")]
        config: PathBuf,
        /// The channel that receives the match.
        #[arg(long)]
        channel: u64,
        /// The server (guild id) that channel is in, recorded with the match so that the cluster
        /// process owning that server hosts it; without it, the file's server is kept.
        #[arg(long)]
        guild: Option<u64>,
        /// The exported JSON file.
        file: PathBuf,
    },
    /// Rebuild the servers' record of ended matches from the stored matches (`/game stats`,
    /// `/game history`); stop the bot first.
    Reindex {
        /// The configuration file (for `data_dir`).
        #[arg(long, default_value = "config.toml")]
        config: PathBuf,
    },
    /// Move every stored match to the data directory of the cluster process that will own its
    /// server under a new number of shards (docs/cluster.md); stop every process first.
    Reshard {
        /// The data directories the matches are in now (every process of the old cluster).
        #[arg(long, num_args = 1.., required = true)]
        from: Vec<PathBuf>,
        /// The data directories of the new processes, in shard order: the first runs the first
        /// range of shards (the ranges are printed).
        #[arg(long, num_args = 1.., required = true)]
        to: Vec<PathBuf>,
        /// How many shards the new cluster runs.
        #[arg(long)]
        of: u32,
        /// Print what would move and change nothing.
        #[arg(long)]
        dry_run: bool,
        /// Move the matches that read and leave any that cannot be read where they are (listed),
        /// instead of moving nothing.
        #[arg(long)]
        leave_unreadable: bool,
    },
    /// Check a finished match's export: its dice commitment, and that every roll and shuffle
    /// follows from its seed and log (docs/dice.md).
    Verify {
        /// The exported JSON file (`/mod export`, `/game export` or `holonet export`).
        file: PathBuf,
    },
    /// Play in a terminal (hot-seat) or run a script of commands.
    Local {
        /// The game.
        #[arg(long, value_enum, default_value_t = GameChoice::Rebellion)]
        game: GameChoice,
        /// Match seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Read commands from this file (`-` = standard input) instead of the terminal.
        #[arg(long)]
        script: Option<PathBuf>,
        /// Place starting units by the default plan.
        #[arg(long)]
        quick_setup: bool,
        /// Play with the Rise of the Empire expansion.
        #[arg(long)]
        rise_of_the_empire: bool,
        /// Players: 2, or the team game's 3 (one Rebel) or 4; local mode plays every seat.
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(2..=4))]
        players: u8,
        /// Keep the match in this directory (a sled database): an unfinished match there
        /// resumes, and every move is on disk before its output is printed.
        #[arg(long)]
        data: Option<PathBuf>,
        /// Let the computer play this side (rebel or empire: in the team game both its roles) or
        /// one role of the team game (rebel-admiral, rebel-general, empire-admiral, empire-general).
        #[arg(long, value_parser = ["rebel", "empire", "rebel-admiral", "rebel-general", "empire-admiral", "empire-general"])]
        bot: Option<String>,
        /// How long the computer thinks per decision, in milliseconds.
        #[arg(long, default_value_t = holonet::bot::DEFAULT_THINK_MS)]
        bot_ms: u64,
    },
    /// Random legal players play whole games.
    Simulate {
        /// The game.
        #[arg(long, value_enum, default_value_t = GameChoice::Rebellion)]
        game: GameChoice,
        /// First seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Number of games.
        #[arg(long, default_value_t = 100)]
        games: u64,
        /// Write every action and the full state after it as JSON lines.
        #[arg(long)]
        dump: Option<PathBuf>,
        /// Play with the Rise of the Empire expansion.
        #[arg(long)]
        rise_of_the_empire: bool,
        /// Players: 2, or the team game's 3 (one Rebel) or 4.
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(2..=4))]
        players: u8,
        /// Who plays the Rebels: random, greedy (the one-ply baseline) or bot (the computer).
        #[arg(long, default_value = "random")]
        rebel: String,
        /// Who plays the Empire: random, greedy or bot.
        #[arg(long, default_value = "random")]
        empire: String,
        /// The computer's thinking time per decision, in milliseconds (at most 10000).
        #[arg(long, default_value_t = holonet::bot::DEFAULT_THINK_MS,
              value_parser = clap::value_parser!(u64).range(1..=holonet::bot::MAX_THINK_MS))]
        bot_ms: u64,
        /// A fixed number of search iterations per decision instead of a time (reproducible).
        #[arg(long)]
        bot_iterations: Option<u32>,
        /// Threads to spread games over when a bot or greedy player takes part.
        #[arg(long, default_value_t = 2)]
        threads: usize,
    },
}

fn main() {
    if let Err(e) = holonet::content::init() {
        eprintln!("error: {e}");
        std::process::exit(2);
    }
    if let Err(e) = holonet::engine::rebellion::cards::init() {
        eprintln!("error: {e}");
        std::process::exit(2);
    }
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Serve { config, shards, of } => serve(&config, shards.zip(of)),
        Command::Export { config, channel, out } => export(&config, channel, out),
        Command::Import { config, channel, guild, file } => import(&config, channel, guild, &file),
        Command::Reindex { config } => data_dir(&config).and_then(|dir| {
            let summary = holonet::cli::admin::reindex(&dir).map_err(std::io::Error::other)?;
            println!("{summary}");
            Ok(())
        }),
        Command::Reshard { from, to, of, dry_run, leave_unreadable } => {
            let stdout = std::io::stdout();
            let mode = holonet::cli::reshard::Mode { dry_run, leave_unreadable };
            holonet::cli::reshard::reshard(&from, &to, of, mode, &mut stdout.lock())
                .map(drop)
                .map_err(std::io::Error::other)
        }
        Command::Verify { file } => verify(&file),
        Command::Local {
            game,
            seed,
            script,
            quick_setup,
            rise_of_the_empire,
            players,
            data,
            bot,
            bot_ms,
        } => {
            let bot = bot.map(|seat| (seat, bot_ms));
            match game {
                GameChoice::Rebellion => {
                    let players = Players::from_count(players).expect("clap keeps it in 2..=4");
                    let options = MatchOptions { quick_setup, rise_of_the_empire, players };
                    local::<Rebellion>(seed, script, options, data, bot)
                }
                GameChoice::Evr => rebellion_only(quick_setup, rise_of_the_empire, players)
                    .and_then(|()| local::<Evr>(seed, script, EvrOptions::default(), data, bot)),
            }
        }
        Command::Simulate {
            game,
            seed,
            games,
            dump,
            rise_of_the_empire,
            players,
            rebel,
            empire,
            bot_ms,
            bot_iterations,
            threads,
        } => match game {
            GameChoice::Rebellion if rebel != "random" || empire != "random" => {
                let players = Players::from_count(players).expect("clap keeps it in 2..=4");
                let options = MatchOptions { quick_setup: false, rise_of_the_empire, players };
                let budget = match bot_iterations {
                    Some(n) => holonet::bot::Budget::Iterations(n),
                    None => holonet::bot::Budget::Millis(bot_ms),
                };
                versus(seed, games, &options, (&rebel, &empire), budget, threads, dump)
            }
            GameChoice::Rebellion => {
                let players = Players::from_count(players).expect("clap keeps it in 2..=4");
                let options = MatchOptions { quick_setup: false, rise_of_the_empire, players };
                sim(seed, games, &options, dump)
            }
            GameChoice::Evr if rebel != "random" || empire != "random" => {
                let budget = match bot_iterations {
                    Some(n) => holonet::bot::Budget::Iterations(n),
                    None => holonet::bot::Budget::Millis(bot_ms),
                };
                rebellion_only(false, rise_of_the_empire, players)
                    .and_then(|()| versus_evr(seed, games, (&rebel, &empire), budget, threads, dump))
            }
            GameChoice::Evr => {
                rebellion_only(false, rise_of_the_empire, players).and_then(|()| sim_evr(seed, games, dump))
            }
        },
    };
    if let Err(e) = result {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}

fn serve(
    path: &std::path::Path,
    shards: Option<(holonet::deploy::cluster::ShardRange, u32)>,
) -> std::io::Result<()> {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,serenity=warn"));
    tracing_subscriber::fmt().with_env_filter(filter).init();
    let mut config = holonet::deploy::config::Config::load(path).map_err(std::io::Error::other)?;
    if let Some((shards, of)) = shards {
        config.cluster = Some(holonet::deploy::config::ClusterConfig { shards, of });
        config.validate().map_err(std::io::Error::other)?;
    }
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(holonet::discord::serve(config)).map_err(std::io::Error::other)
}

/// The data directory of a config file (no token needed offline; `HOLONET_DATA_DIR` applies).
fn data_dir(path: &std::path::Path) -> std::io::Result<PathBuf> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| std::io::Error::other(format!("cannot read {}: {e}", path.display())))?;
    let mut config = holonet::deploy::config::Config::parse(&text)
        .map_err(|e| std::io::Error::other(format!("{}: {e}", path.display())))?;
    config.apply_env(|k| std::env::var(k).ok());
    Ok(config.data_dir)
}

fn export(config: &std::path::Path, channel: u64, out: Option<PathBuf>) -> std::io::Result<()> {
    let json = holonet::cli::admin::export(&data_dir(config)?, channel).map_err(std::io::Error::other)?;
    match out {
        Some(path) => std::fs::write(path, json),
        None => std::io::stdout().write_all(&json),
    }
}

fn import(
    config: &std::path::Path,
    channel: u64,
    guild: Option<u64>,
    file: &std::path::Path,
) -> std::io::Result<()> {
    let json = std::fs::read(file)?;
    let summary = holonet::cli::admin::import(&data_dir(config)?, channel, guild, &json)
        .map_err(std::io::Error::other)?;
    println!("{summary}");
    Ok(())
}

/// Prints what the export proves, or why it does not verify (exit status 1).
fn verify(file: &std::path::Path) -> std::io::Result<()> {
    let bytes = std::fs::read(file)?;
    match holonet::service::verify::verify_bytes(&bytes) {
        Ok(report) => {
            println!("{}", report.text());
            Ok(())
        }
        Err(e) => {
            eprintln!("not verified: {e}");
            std::process::exit(1);
        }
    }
}

/// Refuses Rebellion's options for Empire vs. Rebellion (it has none of them).
fn rebellion_only(quick_setup: bool, rise_of_the_empire: bool, players: u8) -> std::io::Result<()> {
    if quick_setup || rise_of_the_empire || players != 2 {
        return Err(std::io::Error::other(
            "--quick-setup, --rise-of-the-empire and --players are Rebellion's options; Empire vs. Rebellion has none",
        ));
    }
    Ok(())
}

fn local<G: LocalGame>(
    seed: u64,
    script: Option<PathBuf>,
    options: G::Options,
    data: Option<PathBuf>,
    bot: Option<(String, u64)>,
) -> std::io::Result<()> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut session = |interactive| -> std::io::Result<Session<G>> {
        let session = match &data {
            Some(dir) => Session::<G>::open(dir, seed, options.clone(), interactive)
                .map(|(session, opened)| {
                    // On stderr: a script's standard output stays the moves' output only.
                    eprintln!("holonet: {opened} ({})", dir.display());
                    session
                })
                .map_err(std::io::Error::other)?,
            None => Session::<G>::new(seed, options.clone(), interactive),
        };
        let Some((seat, ms)) = &bot else { return Ok(session) };
        let (session, lines) = session.with_computer(seat, *ms).map_err(std::io::Error::other)?;
        for l in lines {
            writeln!(out, "{l}")?;
        }
        Ok(session)
    };
    if let Some(path) = script {
        let mut session = session(false)?;
        // Line by line, each answer printed (and flushed) as soon as it is made: a script may
        // be a pipe fed by another program (`--script /dev/stdin`).
        let lines: Box<dyn std::io::BufRead> = if path.as_os_str() == "-" {
            Box::new(std::io::stdin().lock())
        } else {
            Box::new(std::io::BufReader::new(std::fs::File::open(&path)?))
        };
        for line in lines.lines() {
            for l in session.handle(&line?) {
                writeln!(out, "{l}")?;
            }
            out.flush()?;
        }
        return Ok(());
    }
    let mut session = session(true)?;
    writeln!(
        out,
        "Holonet local match (seed {seed}). Answer a prompt with `choose N` (the option's number) \
         or the command shown after it; `help` lists every command."
    )?;
    let stdin = std::io::stdin();
    let mut last_seat = None;
    loop {
        if let Some(seat) = session.waiting() {
            if last_seat != Some(seat) {
                writeln!(out, "\n==== Hand the terminal to the {} player ====", seat.name())?;
                write!(out, "{}", session.summary(Some(seat)))?;
                let held = session.take_held(seat);
                if !held.is_empty() {
                    writeln!(out, "While you were away:")?;
                    for l in held {
                        writeln!(out, "  {l}")?;
                    }
                }
                last_seat = Some(seat);
            }
            for l in session.prompt_lines(12) {
                writeln!(out, "{l}")?;
            }
        } else {
            write!(out, "{}", session.summary(None))?;
            writeln!(out, "Game over.")?;
            return Ok(());
        }
        write!(out, "> ")?;
        out.flush()?;
        let mut line = String::new();
        if stdin.lock().read_line(&mut line)? == 0 || line.trim() == "quit" {
            return Ok(());
        }
        if line.trim() == "help" {
            writeln!(out, "{}", G::HELP)?;
            continue;
        }
        if line.trim() == "options" {
            for l in session.option_lines() {
                writeln!(out, "{l}")?;
            }
            continue;
        }
        for l in session.handle(&line) {
            writeln!(out, "{l}")?;
        }
    }
}

/// `simulate` with a bot or greedy player on a side.
fn versus(
    seed: u64,
    games: u64,
    options: &MatchOptions,
    (rebel, empire): (&str, &str),
    budget: holonet::bot::Budget,
    threads: usize,
    dump: Option<PathBuf>,
) -> std::io::Result<()> {
    let (rebel, empire) = players((rebel, empire), budget, dump)?;
    let stdout = std::io::stdout();
    holonet::cli::versus::run(seed, games, options, (rebel, empire), threads, &mut stdout.lock()).map(|_| ())
}

/// The players of `simulate --rebel … --empire …`, with the budget of a `bot`.
fn players(
    (rebel, empire): (&str, &str),
    budget: holonet::bot::Budget,
    dump: Option<PathBuf>,
) -> std::io::Result<(holonet::bot::versus::Player, holonet::bot::versus::Player)> {
    use holonet::bot::versus::Player;
    if dump.is_some() {
        return Err(std::io::Error::other(
            "--dump records random games only; leave out --rebel and --empire",
        ));
    }
    let rebel = Player::parse(rebel, budget).map_err(std::io::Error::other)?;
    let empire = Player::parse(empire, budget).map_err(std::io::Error::other)?;
    Ok((rebel, empire))
}

/// `simulate --game evr` with a bot or greedy player on a side.
fn versus_evr(
    seed: u64,
    games: u64,
    sides: (&str, &str),
    budget: holonet::bot::Budget,
    threads: usize,
    dump: Option<PathBuf>,
) -> std::io::Result<()> {
    let players = players(sides, budget, dump)?;
    let stdout = std::io::stdout();
    holonet::cli::versus::run_evr(seed, games, players, threads, &mut stdout.lock()).map(|_| ())
}

fn sim(seed: u64, games: u64, options: &MatchOptions, dump: Option<PathBuf>) -> std::io::Result<()> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match dump {
        Some(path) => {
            let mut f = std::io::BufWriter::new(std::fs::File::create(path)?);
            simulate::run(seed, games, options, Some(&mut f), &mut out)?;
            f.flush()?;
        }
        None => {
            simulate::run(seed, games, options, None, &mut out)?;
        }
    }
    Ok(())
}

fn sim_evr(seed: u64, games: u64, dump: Option<PathBuf>) -> std::io::Result<()> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match dump {
        Some(path) => {
            let mut f = std::io::BufWriter::new(std::fs::File::create(path)?);
            simulate::run_evr(seed, games, Some(&mut f), &mut out)?;
            f.flush()?;
        }
        None => {
            simulate::run_evr(seed, games, None, &mut out)?;
        }
    }
    Ok(())
}
