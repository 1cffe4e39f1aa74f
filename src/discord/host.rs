//! Keeps each channel's posts in order. Every service call that changes a match runs through
//! [`Host::call`], which holds the channel's turn while the service applies it and queues what
//! it produced; one task per channel then posts the queue in order (boards drawn from the state
//! each outcome reports). The caller's own ephemeral answer does not wait for the queue. The
//! host serves every hosted game: a call is routed to its channel's service inside the
//! channel's turn, so a match opened by one game cannot slip in beside another's.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::Http;
use tokio::sync::{Notify, Semaphore, mpsc, oneshot};

use super::Error;
use super::hosted::{Games, HostedGame};
use super::send::{post_board, post_reminder, publish};
use crate::service::{Outcome, Reminder, ServiceError, StateAt};

/// A channel's queue task ends after this long without work (a new one starts on demand).
const IDLE: Duration = Duration::from_secs(600);

/// Something to post in a channel, in turn.
pub enum Job {
    /// Everything an outcome posts besides the caller's answer, with the service that made it.
    Outcome(Box<Outcome>, Arc<dyn HostedGame>),
    /// The public board, on request.
    Board {
        /// The text above it.
        text: String,
        /// The state to draw.
        state: StateAt,
    },
    /// A reminder for a player who keeps a decision waiting.
    Reminder(Reminder),
    /// Answers when every job queued before it is posted.
    Flush(oneshot::Sender<()>),
}

/// The per-channel post queues and the turns of service calls.
pub struct Host {
    http: Arc<Http>,
    games: Arc<Games>,
    queues: Mutex<HashMap<u64, mpsc::UnboundedSender<Job>>>,
    turns: Mutex<HashMap<u64, Arc<tokio::sync::Mutex<()>>>>,
    /// The channels where the computer is thinking (at most one task each), with whether it
    /// was woken again meanwhile (then it looks once more before it ends).
    thinking: Mutex<HashMap<u64, bool>>,
    /// One slot per core (but one) for the computer's thinking: with more matches thinking at
    /// once, the others wait their turn instead of sharing the cores (a time budget shared is a
    /// weaker search), and the bot's own work keeps a core.
    think_slots: Arc<Semaphore>,
    /// Set at shutdown: queues finish what they hold and end, reminders stop.
    closing: AtomicBool,
    closed: Notify,
}

impl Host {
    /// A host posting through `http`.
    pub fn new(http: Arc<Http>, games: Arc<Games>) -> Arc<Self> {
        Arc::new(Host {
            http,
            games,
            queues: Mutex::new(HashMap::new()),
            turns: Mutex::new(HashMap::new()),
            thinking: Mutex::new(HashMap::new()),
            think_slots: Arc::new(Semaphore::new(
                std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1)),
            )),
            closing: AtomicBool::new(false),
            closed: Notify::new(),
        })
    }

    /// The hosted games' services.
    pub fn games(&self) -> &Arc<Games> {
        &self.games
    }

    /// Runs a service call that changes the channel's match and queues its posts; the posts
    /// of two calls go out in the order the service applied them. `f` gets every game's
    /// service (to open a match) and, most often, asks `Games::of` for the channel's.
    pub async fn call(
        self: &Arc<Self>,
        channel: u64,
        f: impl FnOnce(&Games) -> Result<Outcome, Error> + Send + 'static,
    ) -> Result<Outcome, Error> {
        let turn = self.turns.lock().expect("lock").entry(channel).or_default().clone();
        let _turn = turn.lock().await;
        let games = self.games.clone();
        // The channel's service after the call is the one that made the outcome: nothing else
        // opens or imports a match in the channel during its turn.
        let (outcome, service) =
            tokio::task::spawn_blocking(move || f(&games).map(|outcome| (outcome, games.of(channel))))
                .await??;
        self.queue(channel, Job::Outcome(Box::new(outcome.clone()), service));
        // Whatever left the decision with the computer (a start, a move, an undo, a moderator),
        // it answers in the background.
        if outcome.prompt.as_ref().is_some_and(|p| p.computer_asked()) {
            self.wake_computer(channel);
        }
        Ok(outcome)
    }

    /// Has the computer answer the channel's pending decision if it is a computer seat's, in a
    /// background task: it thinks off the runtime and without the channel's turn (other
    /// commands and other matches go on), then applies its answer through [`Self::call`] so
    /// it is posted like a player's. At most one such task runs per channel; waking it while it
    /// runs makes it look again before it ends. An answer to a prompt that moved meanwhile is
    /// refused as stale and thought anew.
    pub fn wake_computer(self: &Arc<Self>, channel: u64) {
        {
            let mut thinking = self.thinking.lock().expect("lock");
            if let Some(again) = thinking.get_mut(&channel) {
                *again = true;
                return;
            }
            if self.closing.load(Ordering::SeqCst) {
                return;
            }
            thinking.insert(channel, false);
        }
        let host = self.clone();
        tokio::spawn(async move { host.think(channel).await });
    }

    /// The computer's task in one channel: answers until the decision is no longer its own.
    async fn think(self: Arc<Self>, channel: u64) {
        loop {
            if self.closing.load(Ordering::SeqCst) {
                break;
            }
            self.thinking.lock().expect("lock").insert(channel, false);
            let games = self.games.clone();
            let Ok(slot) = self.think_slots.clone().acquire_owned().await else { break };
            let thought = tokio::task::spawn_blocking(move || {
                let _slot = slot;
                games.of(channel).computer_think(channel)
            })
            .await;
            let mv = match thought {
                Ok(Ok(Some(mv))) => mv,
                Ok(Ok(None)) => {
                    // Done, unless woken meanwhile (the lock orders this with `wake_computer`).
                    let mut thinking = self.thinking.lock().expect("lock");
                    if thinking.get(&channel) == Some(&true) {
                        continue;
                    }
                    thinking.remove(&channel);
                    return;
                }
                Ok(Err(e)) => {
                    tracing::warn!(channel, "the computer cannot think: {e}");
                    break;
                }
                Err(e) => {
                    tracing::error!(channel, "the computer's thinking failed: {e}");
                    break;
                }
            };
            if self.closing.load(Ordering::SeqCst) {
                break;
            }
            let applied = self.call(channel, move |g| Ok(g.of(channel).computer_act(channel, &mv)?)).await;
            match applied {
                Ok(_) => {}
                // The prompt moved while it thought (an undo, a rollback, a moderator): think again.
                Err(e) if matches!(e.downcast_ref::<ServiceError>(), Some(ServiceError::Stale)) => {}
                // The rules' words could name what the computer holds: the log keeps only the kind.
                Err(e) if matches!(e.downcast_ref::<ServiceError>(), Some(ServiceError::Rule(_))) => {
                    tracing::error!(channel, "the rules refused the computer's answer");
                    break;
                }
                Err(e) => {
                    tracing::warn!(channel, "the computer's answer was refused: {e}");
                    break;
                }
            }
        }
        self.thinking.lock().expect("lock").remove(&channel);
    }

    /// Shuts down: every queue posts what it holds and ends, reminders stop, and nothing new
    /// is queued; the tasks then let go of the service (and its store).
    pub fn shutdown(&self) {
        self.closing.store(true, Ordering::SeqCst);
        self.closed.notify_one();
        self.queues.lock().expect("lock").clear();
    }

    /// Queues a job for a channel, starting its task if needed.
    pub fn queue(self: &Arc<Self>, channel: u64, job: Job) {
        let mut queues = self.queues.lock().expect("lock");
        if self.closing.load(Ordering::SeqCst) {
            tracing::warn!(channel, "shutting down: a post is dropped");
            return;
        }
        let job = match queues.get(&channel) {
            Some(tx) => match tx.send(job) {
                Ok(()) => return,
                Err(mpsc::error::SendError(job)) => job,
            },
            None => job,
        };
        let (tx, rx) = mpsc::unbounded_channel();
        let _ = tx.send(job);
        queues.insert(channel, tx);
        let host = self.clone();
        tokio::spawn(async move { host.drain(channel, rx).await });
    }

    /// Waits until everything queued for the channel so far is posted.
    pub async fn flush(self: &Arc<Self>, channel: u64) {
        let (tx, rx) = oneshot::channel();
        self.queue(channel, Job::Flush(tx));
        let _ = rx.await;
    }

    /// Posts a channel's jobs in order; ends when idle (after removing its queue, so the next
    /// job starts a new task).
    async fn drain(self: Arc<Self>, channel: u64, mut rx: mpsc::UnboundedReceiver<Job>) {
        loop {
            let job = match tokio::time::timeout(IDLE, rx.recv()).await {
                Ok(Some(job)) => job,
                Ok(None) => return,
                Err(_) => {
                    let mut queues = self.queues.lock().expect("lock");
                    match rx.try_recv() {
                        Ok(job) => job,
                        Err(_) => {
                            queues.remove(&channel);
                            return;
                        }
                    }
                }
            };
            let ch = serenity::ChannelId::new(channel);
            match job {
                Job::Outcome(outcome, service) => {
                    publish(&self.http, &self.games, &service, ch, &outcome).await
                }
                Job::Board { text, state } => post_board(&self.http, &self.games, ch, &text, &state).await,
                Job::Reminder(r) => post_reminder(&self.http, ch, &r).await,
                Job::Flush(done) => {
                    let _ = done.send(());
                }
            }
        }
    }

    /// Checks for due reminders every `every` and queues them, until the process ends.
    pub fn start_reminders(self: &Arc<Self>, every: Duration) {
        let host = self.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(every);
            loop {
                tokio::select! {
                    _ = tick.tick() => {}
                    () = host.closed.notified() => return,
                }
                if host.closing.load(Ordering::SeqCst) {
                    return;
                }
                let games = host.games.clone();
                let due =
                    tokio::task::spawn_blocking(move || games.due_reminders()).await.unwrap_or_default();
                for r in due {
                    host.queue(r.channel, Job::Reminder(r));
                }
                let games = host.games.clone();
                let digests =
                    tokio::task::spawn_blocking(move || games.due_digests()).await.unwrap_or_default();
                for (user, text) in digests {
                    let _ = super::send::dm(&host.http, user, &text, None).await;
                }
                // Lobbies past their server's hours close on the same beat.
                super::lobby::close_expired(&host.http, &host.games).await;
            }
        });
    }
}
