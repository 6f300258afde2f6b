//! What a verified log entry did, in the game's words: one line for the
//! game screen's action panel and for each step of a replay.

use crate::rules::{Event, Events, Seat};
use crate::table::{Control, Record};
use crate::ui::i18n::t;

/// The line for `record` (its `events` from the replica), naming seats by
/// `names`; `None` for entries with nothing to tell (a malformed body).
pub fn entry_line(names: &[String; 4], record: Option<&Record>, events: &Events) -> Option<String> {
    let name = |seat: Seat| names[seat.index()].as_str();
    let mut parts: Vec<String> = Vec::new();
    match record? {
        Record::Start { first, .. } => parts.push(crate::t!("{who} starts", who = name(*first))),
        Record::Roll { seat, face, .. } => {
            parts.push(crate::t!("{who} rolled a {face}", who = name(*seat), face = face))
        }
        Record::Act { .. } => {}
        // Who took the seat: a stand-in bot while its peer is away, a bot
        // for good, or its person back.
        Record::Control { seat, control } => parts.push(match control {
            Control::Standin { .. } => {
                crate::t!("{who} dropped out: a bot plays the seat", who = name(*seat))
            }
            Control::Bot(_) => crate::t!("{who} left: a bot plays the seat", who = name(*seat)),
            Control::Person { .. } => crate::t!("{who} is back", who = name(*seat)),
            Control::Empty => crate::t!("{who} changes hands", who = name(*seat)),
        }),
        Record::Missed { seat, .. } => {
            parts.push(crate::t!("{who}'s dice link did not come: a bot plays the seat", who = name(*seat)))
        }
        Record::Pause { .. } => parts.push(t("The table is paused").to_string()),
        Record::Resume => parts.push(t("The table resumes").to_string()),
        Record::Close { .. } => parts.push(t("The table closes").to_string()),
        Record::Handover { host, .. } => {
            parts.push(crate::t!("{who} hosts the table now", who = name(*host)))
        }
    }
    for event in events {
        let line = match *event {
            Event::NoMove { seat } => crate::t!("{who} cannot move", who = name(seat)),
            Event::Entered { seat, .. } => crate::t!("{who} brings a pawn out", who = name(seat)),
            Event::Captured { seat, by, .. } => {
                crate::t!("{who} captures {whom}!", who = name(by), whom = name(seat))
            }
            Event::ReachedHome { seat, .. } => crate::t!("{who} brings a pawn home", who = name(seat)),
            Event::ThreeSixes { seat } => crate::t!("three sixes: {who} loses the turn", who = name(seat)),
            Event::SentToYard { seat, .. } => {
                crate::t!("a pawn of {who} goes back to the yard", who = name(seat))
            }
            Event::BonusRoll { seat, .. } => crate::t!("{who} rolls again", who = name(seat)),
            Event::Finished { seat, place } => {
                crate::t!("{who} finishes {place}", who = name(seat), place = ordinal(place))
            }
            Event::Challenged { seat, opponent } => {
                crate::t!("{who} challenges {whom}", who = name(seat), whom = name(opponent))
            }
            Event::DuelDrawn { .. } => t("the duel is drawn and starts again").to_string(),
            Event::DuelWon { seat } => crate::t!("{who} wins the duel", who = name(seat)),
            Event::GameOver { .. } => t("the game is over").to_string(),
            _ => continue,
        };
        parts.push(line);
    }
    if parts.is_empty()
        && let Some(Record::Act { action, .. }) = record
    {
        parts.push(crate::t!("{who} moves", who = name(action.seat())));
    }
    Some(parts.join(" · "))
}

/// 1st, 2nd, 3rd, 4th.
pub fn ordinal(place: u8) -> String {
    match place {
        1 => crate::t!("{n}st", n = place),
        2 => crate::t!("{n}nd", n = place),
        3 => crate::t!("{n}rd", n = place),
        _ => crate::t!("{n}th", n = place),
    }
}
