//! `/rebellion help` (or `/game help`) and `/rebellion rules`: short explanations written for
//! Holonet, in our own words (no rulebook text). Help follows the game of the channel's match.

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
    /// Rise of the Empire: what the expansion changes at setup, and its leaders.
    #[name = "rise of the empire"]
    RiseOfTheEmpire,
    /// Rise of the Empire: the expansion's units.
    #[name = "expansion units"]
    ExpansionUnits,
    /// Rise of the Empire: cinematic combat.
    #[name = "cinematic combat"]
    CinematicCombat,
    /// Rise of the Empire: target markers.
    #[name = "target markers"]
    TargetMarkers,
    /// The team game: the two roles of a side, who decides what, the veto, and talking.
    #[name = "team game"]
    TeamGame,
}

impl Topic {
    /// The explanation of the topic.
    pub fn text(self) -> &'static str {
        match self {
            Topic::Rounds => {
                "A round has three phases. **Assignment**: the Rebels, then the Empire, put one or two \
                 leaders on facedown mission cards. **Command**: starting with the Rebels, players take \
                 turns revealing a mission, activating a system, or passing; once both have passed, \
                 unrevealed missions go back to hand. **Refresh**: leaders return, missions, probe cards \
                 and an objective are drawn, time advances (recruiting and building on marked spaces), \
                 and new units deploy."
            }
            Topic::Activation => {
                "On your turn you may take a leader with tactic values from your pool and place it in any \
                 system. Your units in neighbouring systems may then move there: ground units and TIE \
                 Fighters need room on ships moving from the same system, immobile units never move, and \
                 units cannot leave a system that holds one of your leaders. If both sides then share a \
                 theater there, combat follows; Imperial ground units subjugate the system afterwards."
            }
            Topic::Missions => {
                "A mission can be revealed only if its leaders have enough of the skill it needs. You pick \
                 where it happens as the card says and your leaders go there. A mission that is *resolved* \
                 simply happens; one that is *attempted* can be opposed. Starting missions come back to \
                 your hand after use; the others are discarded."
            }
            Topic::Opposing => {
                "When your opponent attempts a mission, you may send one leader from your pool to that \
                 system. If you have a leader there, both sides roll one die per matching skill icon (at \
                 most 10): hits and direct hits count 1, specials 2. The mission works only with more \
                 successes than yours. With no leader of yours there, it simply succeeds."
            }
            Topic::Combat => {
                "Each side may add a leader, then draws tactic cards by its best tactic values for each \
                 contested theater. Every round has a space battle, then a ground battle: each side rolls \
                 its units' dice (at most 5 black and 5 red), may spend specials on tactic cards, and \
                 assigns hits of a die's colour to units of that health colour (direct hits to any). \
                 Destroyed units still fire that step. Then each side may retreat."
            }
            Topic::Retreat => {
                "Once per combat, after the battles of a round, a side may retreat with one of its leaders \
                 to a neighbouring system: one with its own units or loyalty if possible, never one with \
                 enemy units. All its ships must go; ground units go only if there is transport room. The \
                 Empire cannot retreat with a Death Star in the fight."
            }
            Topic::Loyalty => {
                "A populous system can be loyal to the Rebels, to the Empire, or neutral; remote systems \
                 are always neutral and Coruscant is always Imperial. Gaining one loyalty where the \
                 opponent has it makes the system neutral; gaining two flips it. Loyal systems build units \
                 and receive deployed units."
            }
            Topic::Subjugation => {
                "When Imperial ground units stand in a populous system without Imperial loyalty, it is \
                 subjugated: the Empire builds from its first resource icon and may deploy there. The \
                 marker leaves as soon as no Imperial ground unit remains."
            }
            Topic::RebelBase => {
                "During setup the Rebels secretly choose their base among the systems in the probe deck \
                 without Imperial units. The Rebel Base space holds units off the map; they can move to \
                 the base's system or its neighbours. When Imperial ground units or loyalty reach the \
                 base's system, the base is revealed and everything in the space moves there."
            }
            Topic::Probes => {
                "The probe deck has a card for every system except Coruscant. The Empire draws two each \
                 Refresh (and more with some missions), and each card held names a system where the base \
                 is not. Probe cards are private to the Imperial player; the Empire's board image greys \
                 those systems out."
            }
            Topic::Objectives => {
                "The Rebels hold objective cards, drawn one per Refresh. Each says when it may be played \
                 (during combat, or at the start of the Refresh Phase) and what must be true; playing it \
                 gains reputation. At most one objective per combat and one per Refresh Phase."
            }
            Topic::Build => {
                "When time reaches a build space, each side puts one unit per resource icon of its loyal \
                 systems (subjugated ones: first icon only) on its build queue, unless the system is \
                 sabotaged or holds enemy units. Each Refresh the queue slides; units leaving space 1 \
                 deploy, at most two per system, to your systems free of enemies."
            }
            Topic::Recruiting => {
                "When time reaches a recruit space, each side draws two action cards, keeps one and adds a \
                 leader shown on it to its pool; the other card goes under the deck. If none of the shown \
                 leaders can join, more cards are drawn."
            }
            Topic::TimeTrack => {
                "The time marker starts on space 1 and moves one space every Refresh; the reputation \
                 marker starts on 14. Rebel objectives move reputation toward time. The moment the two \
                 markers meet, the Rebels win."
            }
            Topic::Captives => {
                "Some Imperial missions capture a Rebel leader. A captured leader stays where it is, cannot \
                 act or go back to the pool, and the Empire may carry it along with moving ships. It is \
                 freed when no Imperial unit is left in its system, or by a rescue mission."
            }
            Topic::RiseOfTheEmpire => {
                "With the expansion (`rise_of_the_empire` on `/rebellion new`), each side first picks \
                 its mission set in secret: the base missions, or the expansion's (Vader icon); cards \
                 with a leader portrait belong to both, and each side then draws its two missions. The \
                 Empire may propose the expansion's starting units; if the Rebels agree, a Death Star \
                 starts on the build queue and a Death Star Under Construction with an escort in a \
                 remote system. New leaders have small (minor) skill icons: they count for a mission's \
                 needs and roll green dice (at most 3). A leader pool never holds more than 8 leaders."
            }
            Topic::ExpansionUnits => {
                "New units: TIE Strikers, Assault Tanks, Interdictors and Shield Bunkers for the Empire; \
                 U-wings, Nebulon-B Frigates, Rebel Vanguards and Golan Arms Turrets for the Rebels; many \
                 roll green dice. No Rebel unit can retreat from a system with an Interdictor. Death \
                 Stars sharing a system with a Shield Bunker cannot be harmed; a bunker may be deployed \
                 wherever an Imperial ground unit stands without Rebel units, and one in a remote system \
                 lets the Empire deploy there. Structures that rolled dice this round survive it."
            }
            Topic::CinematicCombat => {
                "With the expansion, each player owns space and ground decks of advanced tactic cards. \
                 Before every round of each battle both pick a card in secret and reveal together; each \
                 then uses its top or bottom ability (or neither). Damage stays on units until the round \
                 ends, and a unit dies then if its damage reaches its health. Leaders no longer draw \
                 cards: once per attack you may reroll dice up to your best leader's tactic value, and a \
                 special removes a damage from one of your units."
            }
            Topic::TargetMarkers => {
                "Some expansion cards put a target marker on a system. A side with ground units there, \
                 when the other side has none, removes it, and the card that placed it says what that \
                 does. Destroying a system removes its markers too."
            }
            Topic::TeamGame => {
                "With three or four players a side may be split in two roles. The **Admiral** owns the \
                 blue leaders, fights space battles and recruits, builds and deploys; the **General** \
                 owns the orange leaders, fights ground battles and keeps the side's missions and \
                 objectives. Each player assigns, sends, adds and retreats only their own leaders (two \
                 of both colours share a mission when one joins the other's), and the General ends the \
                 Assignment Phase and may send back a leader the Admiral assigned (the veto). A card is \
                 played by the player who holds it. In the Command Phase the roles take turns. Each \
                 menu shows you only what you may take, and the channel says which role decides and \
                 why. Teammates share their secrets (in the side's private thread, or by DM) but plan in \
                 the match channel, where the other side can read it."
            }
            Topic::Winning => {
                "The Rebels win the moment reputation meets time. The Empire wins the moment the Rebel \
                 base is revealed and its system holds Imperial units but no Rebel units. `/rebellion \
                 status` shows both markers."
            }
        }
    }
}

/// The text of `/rebellion help`: how to play with the bot.
pub const HELP: &str = "\
**Playing Star Wars: Rebellion with Holonet**
• `/rebellion new` opens a match here (`quick_setup` places the starting units for you); \
`/rebellion join` takes a seat; when both are taken, `/rebellion start`.
• When a decision becomes yours, the live message names you (see `/game notify`). Public choices \
(opposing, retreating, combat damage) are buttons on it, for you only; secret ones open your \
private menu with **Show my options**. Menus narrow step by step (a mission, then its leaders). \
The board is posted when the turn passes, a battle or mission ends, or a phase ends.
• Misclicked? `/play undo` takes back your last action if it revealed nothing and rolled no \
dice (the other player sees it).
• You can also type moves: `/play assign`, `done`, `reveal`, `activate`, `oppose`, `objective`, \
`action`, `pass`, or `/play choose` for any prompt; options autocomplete from *your* choices.
• No opponent? `/rebellion new computer:empire` (or `rebel`; a role: `join … computer:true`). \
Learning? `hints:true`, then `/play hint`.
• Your secrets arrive by DM; `/rebellion hand` shows them with your private board any time.
• `/rebellion status` catches you up (whose turn, latest events, your hand); `board` and `log` \
show the public state; `rules` explains a topic, `card` a card. Idle players are reminded.
• `/rebellion cancel` during play asks to cancel; the match ends when the other player agrees \
(or a moderator does). At the end all secrets show here, dice seed too \
(`/rebellion verify`).
• Moderators (Manage Channels or the configured role) have `/mod` (pause, end, replace, \
rollback, export, computer, …); one who plays cannot export their match or take a seat.
• `/game mine`: your matches; `lfg`: find players; `notify`: how you hear of your turn; \
`stats`, `history`: the server's record.";

/// The line `/rebellion help` adds where no Empire vs. Rebellion match runs: the other game.
pub const OTHER_GAME: &str = "\n• Quicker, for two: `/game new game:evr` opens a match of *Star Wars: \
Empire vs. Rebellion* instead (`/game help` in its channel explains it).";

/// The help of a channel playing Empire vs. Rebellion.
pub const EVR_HELP: &str = "\
**Playing Star Wars: Empire vs. Rebellion with Holonet**
• `/game new game:evr` opens a match here; `/game join` takes a seat (rebel or empire); when both \
are taken, `/game start`. (The same commands under `/rebellion` work too.) No opponent? \
`/game new game:evr computer:empire` (or `rebel`) seats the computer.
• First each side picks, in secret, four of its characters to shuffle into its deck. Every round \
an event is turned up and both sides pick a strategy in secret; then they take turns drawing a \
card into play, using a ready card's power, spending influence to ready a card, or passing. Two \
passes in a row end the struggle: the higher total that stays within the event's objective wins \
it. Seven victory points win the game.
• When a decision is yours, the live message names you; **Show my options** opens your private \
menu. You can also type `/play choose` (it autocompletes your options), `/play pass`, `/play done` \
and `/play undo`. Rebellion's moves (`/play assign`, `reveal`, `activate`, …) do not apply here.
• Your reserve and your strategy come by DM; `/game hand` shows them any time. `/game status`, \
`board` and `log` show the public state; `/game card` looks any card up. Reminders, \
`/game cancel`, moderators' `/mod` commands, export and import work as in Rebellion. \
`/rebellion rules` explains Rebellion only.
• Anywhere: `/game mine` lists your matches, `/game lfg` gathers players, `/game notify` sets how \
you hear of your turn, `/game stats` and `history` show the server's record.";

/// What `/rebellion rules` adds in a channel that plays Empire vs. Rebellion.
pub const RULES_ELSEWHERE: &str =
    "(These are Star Wars: Rebellion's rules; this channel plays Empire vs. Rebellion — see `/game help`.)";

#[cfg(test)]
mod tests {
    use super::*;
    use poise::ChoiceParameter;

    #[test]
    fn every_topic_has_a_short_text() {
        assert!(Topic::list().len() >= 15 && Topic::list().len() <= 25);
        for c in Topic::list().iter() {
            let t = Topic::from_name(&c.name).expect("topic");
            assert!(!t.text().is_empty() && t.text().len() < 2000, "{}: {}", c.name, t.text().len());
        }
        assert!(HELP.len() + OTHER_GAME.len() < 2000);
        assert!(EVR_HELP.len() < 2000);
    }
}
