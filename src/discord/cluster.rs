//! One process of a cluster on Discord: the gate that lets through only the interactions of
//! the guilds this process owns, and the start-up check that its store holds only their
//! matches (`docs/cluster.md`).
//!
//! Discord sends a guild's interactions on the guild's shard, so a process that starts only its
//! own shards never hears of another's guilds; the gate is the guard for when that does not
//! hold (processes started with disagreeing totals, a proxy gateway that misroutes): the
//! interaction is refused and logged, and never reaches a command or the store.

use poise::serenity_prelude as serenity;
use serenity::{
    CreateAutocompleteResponse, CreateInteractionResponse, CreateInteractionResponseMessage, Interaction,
};

use crate::deploy::cluster::{Shards, shard_of_match};
use crate::store::MatchStore;

/// The answer to an interaction that reached a process not owning its guild.
pub const NOT_OWNED: &str = "This server is served by another Holonet process, so this one cannot \
    answer here and changed nothing. Please tell whoever runs the bot: its processes disagree \
    about their shards.";

/// A framework that passes every event to `inner` except the interactions of guilds this
/// process does not own, which it refuses (and logs) itself.
pub struct ShardGate<F> {
    inner: F,
    shards: Option<Shards>,
}

impl<F> ShardGate<F> {
    /// Gates `inner` for a process running `shards` (`None`: every shard, nothing is refused).
    pub fn new(inner: F, shards: Option<Shards>) -> Self {
        ShardGate { inner, shards }
    }
}

/// What kind of interaction, in a word (for the log).
fn kind(i: &Interaction) -> &'static str {
    match i {
        Interaction::Command(_) => "command",
        Interaction::Autocomplete(_) => "autocomplete",
        Interaction::Component(_) => "component",
        Interaction::Modal(_) => "modal",
        _ => "other",
    }
}

/// The shard an interaction came for, when it is not one this process runs.
pub fn foreign_shard(shards: Option<Shards>, guild: Option<u64>) -> Option<u32> {
    let shards = shards?;
    (!shards.owns(guild)).then(|| shard_of_match(guild, shards.total))
}

/// Answers an interaction of a guild this process does not own: an ephemeral refusal (an
/// empty list to an autocomplete), built from no match and no user.
async fn refuse(ctx: &serenity::Context, interaction: &Interaction) {
    let refusal = || {
        CreateInteractionResponse::Message(
            CreateInteractionResponseMessage::new()
                .ephemeral(true)
                .content(NOT_OWNED)
                .allowed_mentions(serenity::CreateAllowedMentions::new()),
        )
    };
    let sent = match interaction {
        Interaction::Command(i) => i.create_response(&ctx.http, refusal()).await,
        Interaction::Component(i) => i.create_response(&ctx.http, refusal()).await,
        Interaction::Modal(i) => i.create_response(&ctx.http, refusal()).await,
        Interaction::Autocomplete(i) => {
            let empty = CreateInteractionResponse::Autocomplete(CreateAutocompleteResponse::new());
            i.create_response(&ctx.http, empty).await
        }
        _ => Ok(()),
    };
    if let Err(e) = sent {
        tracing::warn!("cannot refuse an interaction of another process: {e}");
    }
}

#[poise::async_trait]
impl<F: serenity::Framework> serenity::Framework for ShardGate<F> {
    async fn init(&mut self, client: &serenity::Client) {
        self.inner.init(client).await;
    }

    async fn dispatch(&self, ctx: serenity::Context, event: serenity::FullEvent) {
        if let serenity::FullEvent::InteractionCreate { interaction } = &event {
            let guild = interaction.guild_id().map(|g| g.get());
            if let (Some(shard), Some(shards)) = (foreign_shard(self.shards, guild), self.shards) {
                // Ids and numbers only: no user, no option, no custom id.
                tracing::warn!(
                    guild = ?guild,
                    channel = ?interaction_channel(interaction),
                    shard,
                    owned = %shards,
                    kind = kind(interaction),
                    "refused an interaction of a server this process does not own",
                );
                refuse(&ctx, interaction).await;
                return;
            }
        }
        self.inner.dispatch(ctx, event).await;
    }
}

/// The channel an interaction came from, if it names one.
fn interaction_channel(i: &Interaction) -> Option<u64> {
    match i {
        Interaction::Command(c) | Interaction::Autocomplete(c) => Some(c.channel_id.get()),
        Interaction::Component(c) => Some(c.channel_id.get()),
        Interaction::Modal(m) => Some(m.channel_id.get()),
        _ => None,
    }
}

/// The stored matches (by id) whose guild this process does not own: left behind by a change
/// of the cluster without `holonet reshard`. Unreadable records are left to the service (it
/// sets them aside).
pub fn foreign_matches(store: &dyn MatchStore, shards: Shards) -> Vec<String> {
    let Ok(ids) = store.list() else { return vec![] };
    ids.into_iter()
        .filter(|id| matches!(store.load_meta(id), Ok(Some(meta)) if !shards.owns(meta.guild)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deploy::cluster::ShardRange;
    use crate::store::{MatchMeta, MatchStatus, MemoryStore};

    fn meta(id: u64, guild: Option<u64>) -> MatchMeta {
        serde_json::from_value(serde_json::json!({
            "id": id.to_string(), "game": "rebellion", "guild": guild, "channel": id, "creator": 1,
            "seats": {}, "options": {}, "seed": 1, "status": MatchStatus::Lobby,
            "created_at": 0, "updated_at": 0,
        }))
        .expect("metadata")
    }

    #[test]
    fn only_other_shards_guilds_are_foreign() {
        let shards = Shards::new(ShardRange { first: 1, last: 1 }, 2).unwrap();
        let (even, odd) = (Some(4 << 22), Some(5 << 22));
        assert_eq!(foreign_shard(Some(shards), even), Some(0));
        assert_eq!(foreign_shard(Some(shards), odd), None);
        assert_eq!(foreign_shard(Some(shards), None), Some(0), "DMs are shard 0's");
        assert_eq!(foreign_shard(None, even), None, "one process owns everything");
        let store = MemoryStore::default();
        for (id, guild) in [(10, even), (11, odd), (12, None)] {
            store.put_meta(&meta(id, guild)).unwrap();
        }
        let mut foreign = foreign_matches(&store, shards);
        foreign.sort();
        assert_eq!(foreign, ["10", "12"]);
    }
}
