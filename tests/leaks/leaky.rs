//! Games that leak on purpose, for the harness's self-tests: Rebellion with one payload changed
//! to give a secret away, each caught by a different check.

use holonet::content::Faction;
use holonet::engine::rebellion::{Action, MatchOptions, State};
use holonet::games::game::{Game, GamePrompt, Notice, OptionText};
use holonet::games::rebellion::Rebellion;

macro_rules! leaky {
    ($(#[$doc:meta])* $name:ident {
        status: $status:expr,
        private: $private:expr,
        public: $public:expr $(,)?
    }) => {
        $(#[$doc])*
        pub struct $name;

        impl Game for $name {
            type State = State;
            type Action = Action;
            type Options = MatchOptions;
            const ID: &'static str = "rebellion";

            fn seats(o: &MatchOptions) -> Vec<String> {
                Rebellion::seats(o)
            }
            fn new_match(seed: u64, o: &MatchOptions) -> State {
                Rebellion::new_match(seed, o)
            }
            fn parse_action(text: &str) -> Result<Action, String> {
                Rebellion::parse_action(text)
            }
            fn action_text(a: &Action) -> String {
                Rebellion::action_text(a)
            }
            fn apply(s: &mut State, seat: &str, a: Action) -> Result<Vec<Notice>, String> {
                Rebellion::apply(s, seat, a)
            }
            fn prompt(s: &State) -> Option<GamePrompt<Action>> {
                Rebellion::prompt(s)
            }
            fn option_texts(s: &State, p: &GamePrompt<Action>) -> Vec<OptionText> {
                Rebellion::option_texts(s, p)
            }
            fn options_public(s: &State, p: &GamePrompt<Action>) -> bool {
                let f: fn(&State, &GamePrompt<Action>) -> bool = $public;
                f(s, p)
            }
            fn version(s: &State) -> u64 {
                Rebellion::version(s)
            }
            fn outcome(s: &State) -> Option<String> {
                Rebellion::outcome(s)
            }
            fn status_text(s: &State) -> String {
                let f: fn(&State) -> String = $status;
                f(s)
            }
            fn private_text(s: &State, seat: &str) -> String {
                let f: fn(&State, &str) -> String = $private;
                f(s, seat)
            }
            fn view_json(s: &State, v: Option<&str>) -> serde_json::Value {
                Rebellion::view_json(s, v)
            }
            fn board_text(s: &State, v: Option<&str>) -> String {
                Rebellion::board_text(s, v)
            }
        }
    };
}

leaky!(
    /// The status names the Rebels' last-drawn mission card.
    LeakyCard {
        status: |s| {
            let last = s.hands.rebel.missions.last().map(|m| m.name()).unwrap_or_default();
            format!("{} (the Rebels hold {last})", Rebellion::status_text(s))
        },
        private: Rebellion::private_text,
        public: Rebellion::options_public,
    }
);

leaky!(
    /// The status carries a number derived from the hidden base's system.
    LeakyBase {
        status: |s| {
            let hint = match (s.base.revealed, s.base.system) {
                (false, Some(b)) => format!(" #{}", b.0 % 7),
                _ => String::new(),
            };
            format!("{}{hint}", Rebellion::status_text(s))
        },
        private: Rebellion::private_text,
        public: Rebellion::options_public,
    }
);

leaky!(
    /// Every prompt's options go to the channel, the Rebels' missions included.
    LeakyPrompt {
        status: Rebellion::status_text,
        private: Rebellion::private_text,
        public: |_, _| true,
    }
);

leaky!(
    /// The Empire's DM carries the length of the name of the Rebels' first mission card.
    LeakyHand {
        status: Rebellion::status_text,
        private: |s, seat| {
            let mut t = Rebellion::private_text(s, seat);
            if seat == Faction::Empire.to_string() {
                let n = s.hands.rebel.missions.iter().map(|m| m.name().len()).sum::<usize>();
                t.push_str(&format!("signal: {n}\n"));
            }
            t
        },
        public: Rebellion::options_public,
    }
);

leaky!(
    /// The status carries the random stream's seed (what a saved state holds): every future
    /// die and shuffle.
    LeakySeed {
        status: |s| {
            let stream = serde_json::to_value(&s.rng).expect("the stream serialises");
            format!("{} [{}]", Rebellion::status_text(s), stream["seed"].as_str().unwrap_or_default())
        },
        private: Rebellion::private_text,
        public: Rebellion::options_public,
    }
);
