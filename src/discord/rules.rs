//! `/rebellion help` and `/rebellion rules`: short explanations written for Holonet, in our own
//! words (no rulebook text).

/// A glossary topic of `/rebellion rules`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum Topic {
    /// Rounds and phases.
    #[name = "rounds and phases"]
    Rounds,
    /// Activating a system.
    #[name = "activation"]
    Activation,
    /// Missions.
    #[name = "missions"]
    Missions,
    /// Opposing missions.
    #[name = "opposing"]
    Opposing,
    /// Combat.
    #[name = "combat"]
    Combat,
    /// Retreat.
    #[name = "retreat"]
    Retreat,
    /// Loyalty.
    #[name = "loyalty"]
    Loyalty,
    /// Subjugation.
    #[name = "subjugation"]
    Subjugation,
    /// The Rebel base.
    #[name = "rebel base"]
    RebelBase,
    /// Probe cards.
    #[name = "probe cards"]
    Probes,
    /// Objectives.
    #[name = "objectives"]
    Objectives,
    /// Building and deploying.
    #[name = "build and deploy"]
    Build,
    /// Recruiting leaders.
    #[name = "recruiting"]
    Recruiting,
    /// The time track and reputation.
    #[name = "time track"]
    TimeTrack,
    /// Capturing leaders.
    #[name = "captured leaders"]
    Captives,
    /// Winning.
    #[name = "winning"]
    Winning,
}

impl Topic {
    /// The explanation of the topic.
    pub fn text(self) -> &'static str {
        match self {
            Topic::Rounds => {
                "Each round has three phases. **Assignment**: both players secretly put leaders on mission \
                 cards. **Command**: players alternate — reveal a mission, activate a system with a leader, \
                 or pass; it ends when both have nothing left to do. **Refresh**: leaders come home, the time \
                 marker advances, new missions and objectives are drawn, units are built and deployed."
            }
            Topic::Activation => {
                "In the Command phase you may place a leader who was not sent on a mission into a system. \
                 That system is now *activated*: your units from neighbouring systems may move in (the \
                 leader's ring must allow the move), and if enemies are there a battle starts. A leader who \
                 is out on the board cannot be used again this round."
            }
            Topic::Missions => {
                "Missions are cards you assign face down during Assignment, with one or two leaders. In the \
                 Command phase you reveal one, say where it happens, and roll dice for your leaders' \
                 matching skill. Each success cancels one of the opponent's successes; if any remain, the \
                 mission works. Some missions need no roll at all."
            }
            Topic::Opposing => {
                "When your opponent reveals a mission, you may send one of your still-available leaders to \
                 oppose it (the bot lists who can). Your leader rolls for the same skill, and each of your \
                 successes cancels one of theirs. An opposing leader stays on the board for the round."
            }
            Topic::Combat => {
                "A battle happens where both sides have units after an activation. It is fought in space \
                 first, then on the ground. Each side rolls dice for its units, leaders there let it draw \
                 tactic cards, then hits are assigned as damage. Combat rounds continue until one side has \
                 no units left in that theatre or retreats."
            }
            Topic::Retreat => {
                "Between combat rounds, a side with a leader in the system may retreat: its units leave for \
                 a neighbouring system the rules allow, and the battle ends. The bot offers the legal \
                 destinations as options."
            }
            Topic::Loyalty => {
                "Systems can be loyal to the Rebels, to the Empire, or neutral. Missions and some effects \
                 shift loyalty. Loyal systems let their owner build units there, and a loyal system's \
                 symbols decide which units it produces."
            }
            Topic::Subjugation => {
                "A system held by Imperial ground units without Imperial loyalty can be subjugated: the \
                 Empire controls it and may draw limited production from it, while it cannot serve the \
                 Rebels. The marker goes away when the Imperial ground forces are gone."
            }
            Topic::RebelBase => {
                "At the start the Rebel player secretly picks a remote system for the base; only they (and \
                 this bot's DMs to them) know it. Units kept on the base space can pop out when the base \
                 system is activated. If Imperial ground units reach it, the base is revealed, and the \
                 Rebels may move it later with a special mission."
            }
            Topic::Probes => {
                "The Empire's probe deck holds one card per remote system. Drawing a probe shows a system \
                 where the base is *not*. The Empire gets probes from droid missions and every Refresh, so \
                 over time the search narrows. Probes are private to the Imperial player."
            }
            Topic::Objectives => {
                "The Rebel player holds objective cards: each describes a goal (win a certain battle, have \
                 loyal systems…). Completing and playing one moves the reputation marker closer to the time \
                 marker. New objectives are drawn each Refresh."
            }
            Topic::Build => {
                "During Refresh, systems you control put new units on the build queue; they arrive one or \
                 more rounds later depending on the queue space. Arriving units deploy to a system you \
                 control (or the Rebel base space), a few at a time per system."
            }
            Topic::Recruiting => {
                "Recruiting missions and certain Refresh steps give new leaders. You see a few leader cards \
                 and pick one to add to your leader pool; they are available from the next round."
            }
            Topic::TimeTrack => {
                "The round counter is the *time* marker; the *reputation* marker starts far ahead of it. \
                 Time moves forward each Refresh; Rebel objectives pull reputation back toward it. When \
                 they meet, the Rebels win."
            }
            Topic::Captives => {
                "Some missions capture an enemy leader. A captured leader cannot act; the Empire may move or \
                 interrogate them, and the Rebels may try to free them with a rescue mission."
            }
            Topic::Winning => {
                "The Rebels win as soon as time and reputation meet on the track. The Empire wins by \
                 finding the Rebel base and holding its system with ground units while no Rebel ground \
                 units remain there. `/rebellion status` shows both markers."
            }
        }
    }
}

/// The text of `/rebellion help`: how to play with the bot.
pub const HELP: &str = "\
**Playing Star Wars: Rebellion with Holonet**
• `/rebellion new` opens a match in this channel (`quick_setup` places the starting units for you).
• `/rebellion join faction:` takes a seat; when both seats are taken, `/rebellion start`.
• When it is your turn, the bot mentions you with a **Show my options** button. Click it to get a \
private menu of every legal choice and pick one. Only you see your options.
• You can also type moves: `/play assign`, `/play done`, `/play reveal`, `/play activate`, \
`/play oppose`, `/play objective`, `/play action`, `/play pass`, or `/play choose` for any prompt. \
Their options autocomplete from *your* legal choices.
• Your secrets (hand, base, probes) arrive by DM. If your DMs are closed, use `/rebellion hand`.
• `/rebellion status`, `board` and `log` show the public state; `rules` explains a topic.
• Moderators (Manage Channels or the configured role) have `/mod`: pause, resume, end, replace, \
kick, rollback, export. Every moderator action is announced here.";

#[cfg(test)]
mod tests {
    use super::*;
    use poise::ChoiceParameter;

    #[test]
    fn every_topic_has_a_short_text() {
        assert!(Topic::list().len() >= 15 && Topic::list().len() <= 25);
        for c in Topic::list().iter() {
            let t = Topic::from_name(&c.name).expect("topic");
            assert!(!t.text().is_empty() && t.text().len() < 2000);
        }
        assert!(HELP.len() < 2000);
    }
}
