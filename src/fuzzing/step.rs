//! One operation of the script: the next byte chooses which, the following ones its arguments.

use super::{Fuzz, USERS, Violation, done};
use crate::engine::rebellion::MatchOptions;
use crate::store::MatchStore;

impl Fuzz<'_> {
    pub(super) fn step(&mut self) -> Result<(), Violation> {
        match self.bytes.u8() % 32 {
            0..=3 => self.setup(),
            4..=8 => self.play(),
            9 => {
                let (ch, c, seed, quick) =
                    (self.channel(), self.caller(), self.bytes.u64(), self.bytes.u8() & 1 == 1);
                let guild = if self.bytes.u8() & 1 == 1 { Some(self.bytes.number()) } else { None };
                let options = MatchOptions { quick_setup: quick, ..Default::default() };
                self.checked(ch, "create", |s| done(s.create(ch, guild, c, options, Some(seed)))).map(drop)
            }
            10 => {
                let (ch, c) = (self.channel(), self.caller());
                let seat = if self.bytes.u8() & 1 == 1 { Some(self.seat()) } else { None };
                self.checked(ch, "join", |s| done(s.join(ch, c, seat.as_deref()))).map(drop)
            }
            11 => {
                let (ch, c) = (self.channel(), self.caller());
                match self.bytes.u8() % 3 {
                    0 => self.checked(ch, "leave", |s| done(s.leave(ch, c))),
                    1 => self.checked(ch, "start", |s| done(s.start(ch, c))),
                    _ => self.checked(ch, "cancel", |s| done(s.cancel(ch, c))),
                }
                .map(drop)
            }
            12 | 13 => self.command_text(),
            14 | 15 => self.near_command(),
            16 | 17 => self.option_answer(),
            18 => self.numbered(),
            19 => {
                let (ch, c) = (self.channel(), self.caller());
                match self.bytes.u8() % 2 {
                    0 => self.checked(ch, "show", |s| done(s.show(ch, c.user))),
                    _ => self.checked(ch, "hand", |s| done(s.hand(ch, c))),
                }
                .map(drop)
            }
            20 => {
                let (ch, id) = (self.channel(), self.bytes.text(120));
                let values = self.values();
                self.component(ch, &id, values)
            }
            21 | 22 => self.real_component(),
            23 => {
                let (ch, c) = (self.channel(), self.caller());
                match self.bytes.u8() % 3 {
                    0 => self.checked(ch, "pause", |s| done(s.pause(ch, c))),
                    1 => self.checked(ch, "resume", |s| done(s.resume(ch, c))),
                    _ => self.checked(ch, "end", |s| done(s.end(ch, c))),
                }
                .map(drop)
            }
            24 => {
                let (ch, c, seat) = (self.channel(), self.caller(), self.seat());
                let user =
                    if self.bytes.u8() & 1 == 1 { USERS[self.bytes.below(4)] } else { self.bytes.number() };
                self.checked(ch, "replace", |s| done(s.replace(ch, c, &seat, user))).map(drop)
            }
            25 => {
                let (ch, c, seat) = (self.channel(), self.caller(), self.seat());
                self.checked(ch, "kick", |s| done(s.kick(ch, c, &seat))).map(drop)
            }
            26 => {
                let (ch, c) = (self.channel(), self.caller());
                let have = self.store.load(&ch.to_string()).ok().flatten().map_or(0, |m| m.log.len() as u64);
                let steps = match self.bytes.u8() % 4 {
                    0 => self.bytes.number(),
                    _ => 1 + self.bytes.u8() as u64 % have.max(1),
                };
                self.checked(ch, "rollback", |s| done(s.rollback(ch, c, steps))).map(drop)
            }
            27 | 28 => self.export_import(),
            29 => {
                let (ch, c) = (self.channel(), self.caller());
                let raw = self.bytes.raw(200).to_vec();
                self.import(ch, c, &raw)
            }
            30 => {
                let ch = self.channel();
                let n = self.bytes.number() as usize;
                self.checked(ch, "log", |s| done(s.log(ch, n))).map(drop)
            }
            _ => {
                let (ch, c) = (self.channel(), self.caller());
                self.checked(ch, "export", |s| done(s.export(ch, c))).map(drop)
            }
        }
    }
}
