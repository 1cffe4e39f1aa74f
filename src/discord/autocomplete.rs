//! Autocomplete of the typed moves (`/play assign mission:…`): the arguments of the caller's own
//! pending options only, narrowed by what is already typed, shown by their printed names. Also
//! the card lookup's names (`/rebellion card name:…`), from the catalog only.

use poise::serenity_prelude as serenity;
use serenity::{AutocompleteChoice, CommandDataOption, CommandDataOptionValue, CreateAutocompleteResponse};

use super::hosted::GameKind;
use super::messages::{pretty, shorten};
use super::{Context, on_channel};
use crate::service::PromptPost;

/// The values already typed into the invoked subcommand's options, by name.
fn entered(ctx: Context<'_>) -> Vec<(String, String)> {
    fn walk(opts: &[CommandDataOption], out: &mut Vec<(String, String)>) {
        for o in opts {
            match &o.value {
                CommandDataOptionValue::SubCommand(v) | CommandDataOptionValue::SubCommandGroup(v) => {
                    walk(v, out)
                }
                CommandDataOptionValue::String(s) => out.push((o.name.clone(), s.clone())),
                CommandDataOptionValue::Autocomplete { value, .. } => {
                    out.push((o.name.clone(), value.clone()))
                }
                _ => {}
            }
        }
    }
    let mut out = vec![];
    if let Context::Application(a) = ctx {
        walk(&a.interaction.data.options, &mut out);
    }
    out
}

/// The pending prompt if the caller decides it; `None` otherwise.
async fn my_prompt(ctx: Context<'_>) -> Option<PromptPost> {
    let channel = ctx.channel_id().get();
    let p = on_channel(ctx.data(), channel, move |s| s.prompt(channel)).await.ok()??;
    p.may_answer(ctx.author().id.get()).then_some(p)
}

/// The distinct arguments at position `pos` (after the verb) of the prompt's options starting
/// with `verb`, narrowed by the earlier arguments already typed (`earlier`: position → value),
/// as (value to send, printed name to show). `names[i]` holds the printed names of option `i`'s
/// arguments; a partial entry matches the value or the name.
pub fn suggestions(
    options: &[String],
    names: &[Vec<String>],
    verb: &str,
    pos: usize,
    earlier: &[(usize, String)],
    partial: &str,
) -> Vec<(String, String)> {
    let lines: Vec<(Vec<&str>, Option<&Vec<String>>)> = options
        .iter()
        .enumerate()
        .map(|(i, o)| (o.split_whitespace().collect::<Vec<_>>(), names.get(i)))
        .filter(|(w, _)| w.first() == Some(&verb))
        .collect();
    let narrowed: Vec<&(Vec<&str>, Option<&Vec<String>>)> = lines
        .iter()
        .filter(|(w, _)| earlier.iter().all(|(i, v)| w.get(*i).is_some_and(|x| x.eq_ignore_ascii_case(v))))
        .collect();
    let pool: Vec<&(Vec<&str>, Option<&Vec<String>>)> =
        if narrowed.is_empty() { lines.iter().collect() } else { narrowed };
    let needle = partial.trim().to_lowercase();
    let mut out: Vec<(String, String)> = vec![];
    for (w, n) in pool {
        let Some(v) = w.get(pos) else { continue };
        let name = n.and_then(|n| n.get(pos - 1)).cloned().unwrap_or_else(|| pretty(v));
        let hit =
            v.to_lowercase().contains(&needle.replace(' ', "_")) || name.to_lowercase().contains(&needle);
        if hit && !out.iter().any(|(o, _)| o == v) {
            out.push((v.to_string(), name));
        }
    }
    out.truncate(25);
    out
}

/// The options `user` may take of a prompt (a teammate's are left out, `PromptPost::options_for`)
/// as command lines, with the printed names of their arguments: what `suggestions` narrows.
pub fn own_lines(p: &PromptPost, user: u64) -> (Vec<String>, Vec<Vec<String>>) {
    p.options_for(user)
        .into_iter()
        .map(|i| (p.options[i].clone(), p.texts.get(i).map(|t| t.args.clone()).unwrap_or_default()))
        .unzip()
}

/// The autocomplete choices of argument `pos` (from 1) of `verb`, whose options are named
/// `params` in order.
pub async fn complete(
    ctx: Context<'_>,
    partial: &str,
    verb: &str,
    params: &[&str],
    pos: usize,
) -> CreateAutocompleteResponse {
    let Some(p) = my_prompt(ctx).await else { return CreateAutocompleteResponse::new() };
    let typed = entered(ctx);
    let earlier: Vec<(usize, String)> = params[..pos - 1]
        .iter()
        .enumerate()
        .filter_map(|(i, name)| typed.iter().find(|(n, _)| n == name).map(|(_, v)| (i + 1, v.clone())))
        .filter(|(_, v)| !v.is_empty())
        .collect();
    let (options, names) = own_lines(&p, ctx.author().id.get());
    let choices = suggestions(&options, &names, verb, pos, &earlier, partial)
        .into_iter()
        .map(|(value, name)| AutocompleteChoice::new(shorten(&name, 100), value))
        .collect();
    CreateAutocompleteResponse::new().set_choices(choices)
}

/// The card lookup's choices for what is typed: the names of the cards the channel's lookup
/// searches (`game`: one game's, or `None` for the channel's game), from the catalog only, so
/// the list is the same for every caller and says nothing of anyone's hand.
pub async fn card_names(
    ctx: Context<'_>,
    partial: &str,
    game: Option<GameKind>,
) -> CreateAutocompleteResponse {
    let (games, channel, typed) = (ctx.data().games.clone(), ctx.channel_id().get(), partial.to_string());
    let names = tokio::task::spawn_blocking(move || games.card_book(channel, game).suggest(&typed))
        .await
        .unwrap_or_default();
    let choices = names.into_iter().map(|n| AutocompleteChoice::new(n.clone(), n)).collect();
    CreateAutocompleteResponse::new().set_choices(choices)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_teammate_is_suggested_only_their_own_options() {
        let options = ["assign sabotage mon_mothma", "assign sabotage leia", "veto sabotage", "done"];
        let p = PromptPost {
            user: Some(2),
            seat: "rebel-general".into(),
            also: vec![("rebel-admiral".into(), Some(9))],
            options: options.iter().map(|s| s.to_string()).collect(),
            texts: options.iter().map(|s| crate::games::game::OptionText::plain(s)).collect(),
            only: vec![
                Some("rebel-admiral".into()),
                Some("rebel-general".into()),
                Some("rebel-general".into()),
                None,
            ],
            ..Default::default()
        };
        let leaders = |user| {
            let (options, names) = own_lines(&p, user);
            suggestions(&options, &names, "assign", 2, &[], "")
                .into_iter()
                .map(|(v, _)| v)
                .collect::<Vec<_>>()
        };
        assert_eq!(leaders(9), ["mon_mothma"]);
        assert_eq!(leaders(2), ["leia"]);
        assert_eq!(own_lines(&p, 9).0, ["assign sabotage mon_mothma", "done"]);
        assert!(own_lines(&p, 5).0.is_empty(), "nothing for a user who is not asked");
    }

    #[test]
    fn suggestions_follow_positions_and_earlier_args() {
        let opts: Vec<String> = [
            "assign sabotage han_solo",
            "assign sabotage han_solo leia",
            "assign infiltration leia",
            "assign infiltration leia han_solo",
            "activate hoth han_solo",
            "done",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let values = |v: Vec<(String, String)>| v.into_iter().map(|(v, _)| v).collect::<Vec<_>>();
        let none: Vec<Vec<String>> = vec![];
        assert_eq!(values(suggestions(&opts, &none, "assign", 1, &[], "")), ["sabotage", "infiltration"]);
        assert_eq!(
            values(suggestions(&opts, &none, "assign", 2, &[(1, "infiltration".into())], "")),
            ["leia"]
        );
        assert_eq!(
            values(suggestions(
                &opts,
                &none,
                "assign",
                3,
                &[(1, "sabotage".into()), (2, "han_solo".into())],
                ""
            )),
            ["leia"]
        );
        assert_eq!(
            values(suggestions(&opts, &none, "assign", 2, &[(1, "unknown".into())], "ha")),
            ["han_solo"]
        );
        assert_eq!(values(suggestions(&opts, &none, "activate", 1, &[], "HO")), ["hoth"]);
        assert!(suggestions(&opts, &none, "oppose", 1, &[], "").is_empty());
        // With the printed names, choices show them and match them as typed.
        let names: Vec<Vec<String>> = opts
            .iter()
            .map(|o| {
                o.split_whitespace()
                    .skip(1)
                    .map(|w| match w {
                        "han_solo" => "Han Solo".to_string(),
                        "leia" => "Princess Leia".to_string(),
                        w => pretty(w),
                    })
                    .collect()
            })
            .collect();
        assert_eq!(
            suggestions(&opts, &names, "assign", 2, &[(1, "sabotage".into())], "han s"),
            [("han_solo".to_string(), "Han Solo".to_string())]
        );
        assert_eq!(
            suggestions(&opts, &names, "assign", 2, &[(1, "infiltration".into())], "princess"),
            [("leia".to_string(), "Princess Leia".to_string())]
        );
    }
}
