//! What a verified log entry did, in the game's words: one line for the
//! game screen's action panel and for each step of a replay.

use crate::rules::{Event, Events, Seat};
use crate::table::Record;

/// The line for `record` (its `events` from the replica), naming seats by
/// `names`; `None` for entries with nothing to tell (a malformed body).
pub fn entry_line(names: &[String; 4], record: Option<&Record>, events: &Events) -> Option<String> {
    let name = |seat: Seat| names[seat.index()].as_str();
    let mut parts: Vec<String> = Vec::new();
    match record? {
        Record::Start { first, .. } => parts.push(format!("{} starts", name(*first))),
        Record::Roll { seat, face, .. } => parts.push(format!("{} rolled a {face}", name(*seat))),
        Record::Act { .. } => {}
        Record::Control { seat, .. } => parts.push(format!("{} changes hands", name(*seat))),
        Record::Pause { .. } => parts.push("The table is paused".to_string()),
        Record::Resume => parts.push("The table resumes".to_string()),
        Record::Close { .. } => parts.push("The table closes".to_string()),
        Record::Handover { host, .. } => parts.push(format!("{} hosts the table now", name(*host))),
    }
    for event in events {
        let line = match *event {
            Event::NoMove { seat } => format!("{} cannot move", name(seat)),
            Event::Entered { seat, .. } => format!("{} brings a pawn out", name(seat)),
            Event::Captured { seat, by, .. } => format!("{} captures {}!", name(by), name(seat)),
            Event::ReachedHome { seat, .. } => format!("{} brings a pawn home", name(seat)),
            Event::ThreeSixes { seat } => format!("three sixes: {} loses the turn", name(seat)),
            Event::SentToYard { seat, .. } => format!("a pawn of {} goes back to the yard", name(seat)),
            Event::BonusRoll { seat, .. } => format!("{} rolls again", name(seat)),
            Event::Finished { seat, place } => format!("{} finishes {}", name(seat), ordinal(place)),
            Event::Challenged { seat, opponent } => format!("{} challenges {}", name(seat), name(opponent)),
            Event::DuelDrawn { .. } => "the duel is drawn and starts again".to_string(),
            Event::DuelWon { seat } => format!("{} wins the duel", name(seat)),
            Event::GameOver { .. } => "the game is over".to_string(),
            _ => continue,
        };
        parts.push(line);
    }
    if parts.is_empty()
        && let Some(Record::Act { action, .. }) = record
    {
        parts.push(format!("{} moves", name(action.seat())));
    }
    Some(parts.join(" · "))
}

/// 1st, 2nd, 3rd, 4th.
pub fn ordinal(place: u8) -> String {
    let suffix = match place {
        1 => "st",
        2 => "nd",
        3 => "rd",
        _ => "th",
    };
    format!("{place}{suffix}")
}
