//! What a verified log entry did, in the game's words: one line for the
//! game screen's action panel and for each step of a replay.

use crate::fl;
use crate::rules::{Event, Events, Seat};
use crate::table::{Control, Record};

/// Who the lines are about: the seats' names, and the seat of the one
/// person at this computer, whom they address as "you" (none when several
/// persons share the computer, or when watching).
#[derive(Clone, Copy)]
pub struct Cast<'a> {
    pub names: &'a [String; 4],
    pub you: Option<Seat>,
}

impl Cast<'_> {
    fn name(&self, seat: Seat) -> &str {
        self.names[seat.index()].as_str()
    }

    /// `yours` when `seat` is the person here, else `theirs` (each already
    /// translated and filled).
    fn say(&self, seat: Seat, yours: String, theirs: impl FnOnce(&str) -> String) -> String {
        if self.you == Some(seat) { yours } else { theirs(self.name(seat)) }
    }
}

/// The line for `record` (its `events` from the replica); `None` for
/// entries with nothing to tell (a malformed body).
pub fn entry_line(cast: Cast, record: Option<&Record>, events: &Events) -> Option<String> {
    let mut parts: Vec<String> = Vec::new();
    match *record? {
        Record::Start { first, .. } => {
            parts.push(cast.say(first, fl!("you-start").into(), |who| fl!("who-starts", who = who)))
        }
        Record::Roll { seat, face, .. } => {
            parts.push(cast.say(seat, fl!("you-rolled-a-face", face = face.get()), |who| {
                fl!("who-rolled-a-face", who = who, face = face.get())
            }))
        }
        Record::Act { .. } => {}
        // Who took the seat: a stand-in bot while its peer is away, a bot
        // for good, or its person back.
        Record::Control { seat, control } => parts.push(match control {
            Control::Standin { .. } => cast.say(seat, fl!("you-dropped-out-a-bot").into(), |who| {
                fl!("who-dropped-out-a-bot", who = who)
            }),
            Control::Bot(_) => cast
                .say(seat, fl!("you-left-a-bot-plays").into(), |who| fl!("who-left-a-bot-plays", who = who)),
            Control::Person { .. } => {
                cast.say(seat, fl!("you-are-back").into(), |who| fl!("who-is-back", who = who))
            }
            Control::Empty => cast
                .say(seat, fl!("your-seat-changes-hands").into(), |who| fl!("who-changes-hands", who = who)),
        }),
        Record::Missed { seat, .. } => parts.push(cast.say(
            seat,
            fl!("your-dice-link-did-not").into(),
            |who| fl!("who-s-dice-link-did", who = who),
        )),
        Record::Pause { .. } => parts.push(fl!("the-table-is-paused").to_string()),
        Record::Resume => parts.push(fl!("the-table-resumes").to_string()),
        Record::Close { .. } => parts.push(fl!("the-table-closes").to_string()),
        Record::Handover { host, .. } => {
            parts.push(cast.say(host, fl!("you-host-the-table-now").into(), |who| {
                fl!("who-hosts-the-table-now", who = who)
            }))
        }
    }
    // A move that neither brought a pawn out, captured nor reached home
    // is said by how far it went, before what followed it (a 6's roll
    // again): "You roll again" alone hid the move.
    if matches!(record, Some(Record::Act { .. })) && !events.iter().any(tells_the_move) {
        for event in events {
            if let Event::Moved { seat, from, to, .. } = *event {
                let steps = from.moved_to(to);
                parts.push(cast.say(seat, fl!("you-move-steps", steps = steps), |who| {
                    fl!("who-moves-steps", who = who, steps = steps)
                }));
            }
        }
    }
    for event in events {
        let line = match *event {
            Event::NoMove { seat } => {
                cast.say(seat, fl!("you-cannot-move").into(), |who| fl!("who-cannot-move", who = who))
            }
            Event::Entered { seat, .. } => cast
                .say(seat, fl!("you-bring-a-pawn-out").into(), |who| fl!("who-brings-a-pawn-out", who = who)),
            Event::Captured { seat, by, .. } => capture(cast, by, seat),
            Event::ReachedHome { seat, .. } => cast.say(seat, fl!("you-bring-a-pawn-home").into(), |who| {
                fl!("who-brings-a-pawn-home", who = who)
            }),
            Event::ThreeSixes { seat } => cast.say(seat, fl!("three-sixes-you-lose-the").into(), |who| {
                fl!("three-sixes-who-loses-the", who = who)
            }),
            Event::SentToYard { seat, .. } => {
                cast.say(seat, fl!("a-pawn-of-yours-goes").into(), |who| fl!("a-pawn-of-who-goes", who = who))
            }
            Event::BonusRoll { seat, .. } => {
                cast.say(seat, fl!("you-roll-again").into(), |who| fl!("who-rolls-again", who = who))
            }
            Event::Finished { seat, place } => {
                let place = ordinal(place);
                cast.say(seat, fl!("you-finish-place", place = place), |who| {
                    fl!("who-finishes-place", who = who, place = place)
                })
            }
            Event::Challenged { seat, opponent } => challenge(cast, seat, opponent),
            Event::DuelDrawn { .. } => fl!("the-duel-is-drawn-and").to_string(),
            Event::DuelWon { seat } => {
                cast.say(seat, fl!("you-win-the-duel").into(), |who| fl!("who-wins-the-duel", who = who))
            }
            Event::GameOver { .. } => fl!("the-game-is-over").to_string(),
            _ => continue,
        };
        parts.push(line);
    }
    // A duel's mark: said only when nothing above told what the act did.
    if parts.is_empty() && matches!(record, Some(Record::Act { .. })) {
        for event in events {
            if let Event::Marked { seat, .. } = *event {
                parts.push(
                    cast.say(seat, fl!("you-mark-a-square").into(), |who| {
                        fl!("who-marks-a-square", who = who)
                    }),
                )
            }
        }
    }
    Some(parts.join(" · "))
}

/// Whether `event` already says what a move did (its own line names it).
fn tells_the_move(event: &Event) -> bool {
    matches!(event, Event::Entered { .. } | Event::Captured { .. } | Event::ReachedHome { .. })
}

/// `by` captured a pawn of `seat`'s: said to whichever of them is here.
fn capture(cast: Cast, by: Seat, seat: Seat) -> String {
    let (who, whom) = (cast.name(by), cast.name(seat));
    if cast.you == Some(by) {
        fl!("you-capture-a-pawn-of", whom = whom)
    } else if cast.you == Some(seat) {
        fl!("who-captures-your-pawn", who = who)
    } else {
        fl!("who-captures-a-pawn-of", who = who, whom = whom)
    }
}

/// `seat` challenged `opponent` to a duel: said to whichever of them is here.
fn challenge(cast: Cast, seat: Seat, opponent: Seat) -> String {
    let (who, whom) = (cast.name(seat), cast.name(opponent));
    if cast.you == Some(seat) {
        fl!("you-challenge-whom", whom = whom)
    } else if cast.you == Some(opponent) {
        fl!("who-challenges-you", who = who)
    } else {
        fl!("who-challenges-whom", who = who, whom = whom)
    }
}

/// 1st, 2nd, 3rd, 4th: each language's ordinal (English picks its
/// ending by CLDR's ordinal category).
pub fn ordinal(place: u8) -> String {
    fl!("ordinal", n = place)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(you: Option<Seat>, events: &[Event]) -> String {
        let names = ["Ana".to_string(), "Karim".into(), "Layla".into(), "Tariq".into()];
        let events: Events = events.iter().copied().collect();
        let line =
            entry_line(Cast { names: &names, you }, Some(&Record::Resume), &events).unwrap_or_default();
        line.trim_start_matches("The table resumes · ").to_string()
    }

    #[test]
    fn the_person_here_is_spoken_to_and_the_others_are_named() {
        let [ana, karim, ..] = Seat::ALL;
        let captured =
            [Event::Captured { seat: karim, pawn: 0, by: ana, from: crate::rules::Progress::new(3) }];
        assert_eq!(line(Some(ana), &captured), "You capture a pawn of Karim!");
        assert_eq!(line(Some(karim), &captured), "Ana captures your pawn!");
        assert_eq!(line(None, &captured), "Ana captures a pawn of Karim!");
        let again = [Event::ThreeSixes { seat: ana }, Event::Finished { seat: karim, place: 2 }];
        assert_eq!(line(Some(ana), &again), "Three sixes: you lose the turn · Karim finishes 2nd");
        assert_eq!(line(Some(karim), &again), "Three sixes: Ana loses the turn · You finish 2nd");
        assert_eq!(line(Some(ana), &[Event::DuelWon { seat: ana }]), "You win the duel");
    }

    /// A move that captured nothing and reached nothing says how far it
    /// went (round the loop again too); a duel's mark says it is a mark.
    #[test]
    fn a_plain_move_says_how_far_and_a_mark_says_it_marks() {
        use crate::rules::{Action, Progress};
        let [ana, karim, ..] = Seat::ALL;
        let names = ["Ana".to_string(), "Karim".into(), "Layla".into(), "Tariq".into()];
        // The action's own fields do not matter: the events tell.
        let act = Record::Act { action: Action::Move { seat: karim, pawn: 1 }, by: crate::table::By::Player };
        let line = |you, events: &[Event]| {
            let events: Events = events.iter().copied().collect();
            entry_line(Cast { names: &names, you }, Some(&act), &events).unwrap_or_default()
        };
        let moved = |from, to| {
            [Event::Moved { seat: karim, pawn: 1, from: Progress::new(from), to: Progress::new(to) }]
        };
        assert_eq!(line(Some(ana), &moved(10, 15)), "Karim moves a pawn 5 squares");
        assert_eq!(line(Some(karim), &moved(50, 51)), "You move a pawn 1 square");
        assert_eq!(line(None, &moved(49, 1)), "Karim moves a pawn 4 squares");
        // A 6's move is said before the roll it earns.
        let six = [moved(10, 16)[0], Event::BonusRoll { seat: karim, bonus: crate::rules::Bonus::Six }];
        assert_eq!(line(Some(karim), &six), "You move a pawn 6 squares · You roll again");
        assert_eq!(line(Some(ana), &[Event::Marked { seat: ana, cell: 4 }]), "You mark a square");
        assert_eq!(line(Some(ana), &[Event::Marked { seat: karim, cell: 4 }]), "Karim marks a square");
    }

    #[test]
    fn every_part_of_a_line_starts_with_a_capital() {
        let [ana, karim, ..] = Seat::ALL;
        let events = [
            Event::SentToYard {
                seat: karim,
                pawn: 1,
                from: crate::rules::Progress::new(4),
                penalty: crate::rules::Penalty::ThreeSixes,
            },
            Event::DuelDrawn { x: ana },
            Event::GameOver { places: [1, 2, 3, 4] },
        ];
        for you in [None, Some(ana), Some(karim)] {
            for part in line(you, &events).split(" · ") {
                assert!(part.starts_with(char::is_uppercase), "{part:?}");
            }
        }
    }
}
