//! `ludopia script FILE`: runs a JSON game script through the reducer and
//! prints the resulting state as one JSON object.
//!
//! Exit codes: 0 played through; 2 for an illegal action (with
//! `{"error": {"index": N, "reason": ...}}` on stdout) or malformed input (a
//! message on stderr saying what is wrong and where).

use crate::rules::{Action, Colour, Event, Game, Phase, Preset, Progress, Rules, Seat, SeatSet, Setup};
use serde_json::{Map, Value, json};
use std::io::Read;

/// Why a script could not be run.
#[derive(Debug)]
pub enum ScriptError {
    /// The input is not a valid script: the message says what and where.
    Malformed(String),
    /// Action `index` (0-based) is illegal in the position reached.
    Illegal { index: usize, reason: String },
}

/// Runs the script at `path` (`-` for stdin): prints the outcome, returns
/// the exit code.
pub fn run(path: &str) -> i32 {
    let text = if path == "-" {
        let mut text = String::new();
        std::io::stdin().read_to_string(&mut text).map(|_| text)
    } else {
        std::fs::read_to_string(path)
    };
    let text = match text {
        Ok(text) => text,
        Err(e) => {
            eprintln!("ludopia script: cannot read {path}: {e}");
            return 2;
        }
    };
    match play(&text) {
        Ok(out) => {
            println!("{out}");
            0
        }
        Err(ScriptError::Malformed(msg)) => {
            eprintln!("ludopia script: {msg}");
            2
        }
        Err(ScriptError::Illegal { index, reason }) => {
            println!("{}", json!({"error": {"index": index, "reason": reason}}));
            2
        }
    }
}

/// Plays a script given as JSON text and returns the final state as JSON.
pub fn play(text: &str) -> Result<Value, ScriptError> {
    let script: Value = serde_json::from_str(text).map_err(|e| malformed(format!("not valid JSON: {e}")))?;
    let Value::Object(script) = script else {
        return Err(malformed("a script is a JSON object".into()));
    };
    for key in script.keys() {
        if !["preset", "rules", "seats", "position", "actions"].contains(&key.as_str()) {
            return Err(malformed(format!(
                "unknown field `{key}` (expected preset, rules, seats, position, actions)"
            )));
        }
    }
    let (game, events) = play_actions(start(&script)?, script.get("actions"))?;
    let events = events.iter().map(|e| event_json(e, game.rules())).collect();
    Ok(state_json(&game, events))
}

/// The game a script's `preset`, `rules`, `seats` and `position` set up
/// (other fields are the caller's): the one reading of the notation that
/// `script` and `engine` share.
pub fn start(script: &Map<String, Value>) -> Result<Game, ScriptError> {
    let preset = match script.get("preset") {
        None => Preset::Classic,
        Some(Value::String(name)) => Preset::from_name(name)
            .ok_or_else(|| malformed(format!("preset: unknown preset `{name}` ({})", Preset::names())))?,
        Some(_) => return Err(malformed("preset: expected a preset name".into())),
    };
    let mut overrides = script.get("rules").cloned().unwrap_or_else(|| json!({}));
    // `seats` is a RULES.md parameter too; accept it among the rules.
    let seats_in_rules = overrides.as_object_mut().and_then(|o| o.remove("seats"));
    let rules = preset.rules().with_overrides(&overrides).map_err(|e| malformed(e.to_string()))?;
    let seats = script.get("seats").or(seats_in_rules.as_ref());
    let players = match seats {
        None => SeatSet::FULL,
        Some(v) => parse_players(v, &rules)?,
    };
    if rules.has_teams() && players.len() != 4 {
        return Err(malformed(format!(
            "seats: teams = opposite needs all four seats, not {}",
            players.len()
        )));
    }
    let setup = parse_position(script.get("position"), rules, players)?;
    Game::from_setup(setup).map_err(|e| malformed(format!("position: {e}")))
}

/// Plays a script's `actions` (absent: none) from `game`: the game they
/// reach and the events on the way.
pub fn play_actions(mut game: Game, actions: Option<&Value>) -> Result<(Game, Vec<Event>), ScriptError> {
    let actions = match actions {
        None => &Vec::new(),
        Some(Value::Array(actions)) => actions,
        Some(_) => return Err(malformed("actions: expected a list".into())),
    };
    let rules = *game.rules();
    let mut events = Vec::new();
    for (index, action) in actions.iter().enumerate() {
        let Some(actor) = game.to_act() else {
            return Err(ScriptError::Illegal { index, reason: crate::rules::Illegal::GameOver.to_string() });
        };
        let action = parse_action(action, actor, &rules)
            .map_err(|msg| malformed(format!("actions[{index}]: {msg}")))?;
        let (next, happened) = game
            .apply(action)
            .map_err(|illegal| ScriptError::Illegal { index, reason: illegal.to_string() })?;
        events.extend(happened);
        game = next;
    }
    Ok((game, events))
}

fn malformed(msg: String) -> ScriptError {
    ScriptError::Malformed(msg)
}

fn parse_colour(v: &Value, what: &str) -> Result<Colour, ScriptError> {
    v.as_str()
        .and_then(Colour::from_name)
        .ok_or_else(|| malformed(format!("{what}: expected a colour (red, green, yellow, blue), got {v}")))
}

fn parse_players(v: &Value, rules: &Rules) -> Result<SeatSet, ScriptError> {
    let Value::Array(list) = v else {
        return Err(malformed("seats: expected a list of colours".into()));
    };
    let mut players = SeatSet::EMPTY;
    for (i, c) in list.iter().enumerate() {
        let seat = rules.seat_of(parse_colour(c, &format!("seats[{i}]"))?);
        if players.contains(seat) {
            return Err(malformed(format!("seats[{i}]: {c} is named twice")));
        }
        players = players.with(seat);
    }
    if !(2..=4).contains(&players.len()) {
        return Err(malformed(format!("seats: 2 to 4 colours play, not {}", players.len())));
    }
    Ok(players)
}

fn parse_position(v: Option<&Value>, rules: Rules, players: SeatSet) -> Result<Setup, ScriptError> {
    // Scripts draw nothing: the first playing colour in colour order starts.
    let first = players.iter().next().unwrap_or(Seat::ALL[0]);
    // Colours the position does not list stand as in a new game (with
    // `start_out`, pawns on their start squares).
    let mut setup = Setup::new(rules, players, first);
    let Some(v) = v else { return Ok(setup) };
    let Value::Object(position) = v else {
        return Err(malformed("position: expected an object with turn and pawns".into()));
    };
    for (key, value) in position {
        match key.as_str() {
            "turn" => setup.turn = rules.seat_of(parse_colour(value, "position.turn")?),
            "pawns" => {
                let Value::Object(by_colour) = value else {
                    return Err(malformed("position.pawns: expected an object of colour → list".into()));
                };
                for (name, list) in by_colour {
                    let where_ = format!("position.pawns.{name}");
                    let seat = rules.seat_of(parse_colour(&Value::String(name.clone()), &where_)?);
                    if !players.contains(seat) {
                        return Err(malformed(format!("{where_}: {name} is not playing")));
                    }
                    let list =
                        list.as_array().ok_or_else(|| malformed(format!("{where_}: expected a list")))?;
                    if list.len() != usize::from(rules.pawns) {
                        return Err(malformed(format!(
                            "{where_}: expected {} pawns, got {}",
                            rules.pawns,
                            list.len()
                        )));
                    }
                    for (i, p) in list.iter().enumerate() {
                        setup.pawns[seat.index()][i] =
                            p.as_i64().and_then(|p| Progress::try_from(p).ok()).ok_or_else(|| {
                                malformed(format!("{where_}[{i}]: expected a progress number, got {p}"))
                            })?;
                    }
                }
            }
            "captured" => setup.captured = parse_captured(value, &rules, players)?,
            other => {
                return Err(malformed(format!(
                    "position: unknown field `{other}` (expected turn, pawns, captured)"
                )));
            }
        }
    }
    Ok(setup)
}

/// `position.captured`: the colours that have already captured.
fn parse_captured(v: &Value, rules: &Rules, players: SeatSet) -> Result<SeatSet, ScriptError> {
    let Value::Array(list) = v else {
        return Err(malformed("position.captured: expected a list of colours".into()));
    };
    let mut captured = SeatSet::EMPTY;
    for (i, c) in list.iter().enumerate() {
        let where_ = format!("position.captured[{i}]");
        let seat = rules.seat_of(parse_colour(c, &where_)?);
        if !players.contains(seat) {
            return Err(malformed(format!("{where_}: {c} is not playing")));
        }
        captured = captured.with(seat);
    }
    Ok(captured)
}

fn parse_action(v: &Value, seat: Seat, rules: &Rules) -> Result<Action, String> {
    let Some((kind, arg)) = v.as_object().filter(|o| o.len() == 1).and_then(|o| o.iter().next()) else {
        return Err(format!(
            "expected one of {{\"roll\": N}}, {{\"move\": N}}, {{\"challenge\": COLOUR}}, {{\"mark\": N}}, got {v}"
        ));
    };
    let small = |what: &str| {
        arg.as_u64()
            .and_then(|n| u8::try_from(n).ok())
            .ok_or_else(|| format!("{kind}: expected a small whole number for {what}, got {arg}"))
    };
    Ok(match kind.as_str() {
        "roll" => Action::Roll { seat, face: small("the face")? },
        "move" => Action::Move { seat, pawn: small("the pawn index")? },
        "mark" => Action::Mark { seat, cell: small("the cell")? },
        "challenge" => {
            let colour = arg
                .as_str()
                .and_then(Colour::from_name)
                .ok_or_else(|| format!("challenge: expected a colour, got {arg}"))?;
            Action::Challenge { seat, opponent: rules.seat_of(colour) }
        }
        other => {
            return Err(format!("unknown action `{other}` (roll, move, challenge, mark)"));
        }
    })
}

/// The game as scripts see it: colours, not seats.
pub fn state_json(game: &Game, events: Vec<Value>) -> Value {
    let rules = game.rules();
    let colour = |s: Seat| rules.colour_of(s).name();
    let mut pawns = Map::new();
    let mut places = Map::new();
    for seat in game.players().iter() {
        pawns.insert(colour(seat).into(), json!(game.pawns(seat)));
        if let Some(place) = game.place(seat) {
            places.insert(colour(seat).into(), json!(place));
        }
    }
    let mut out = json!({
        "turn": colour(game.turn()),
        "phase": game.phase().name(),
        "pawns": pawns,
        "places": places,
        "events": events,
        "sixes": game.sixes(),
        "captured": captured_json(game),
    });
    if let Some(actor) = game.to_act() {
        out["to_act"] = json!(colour(actor));
    }
    match game.phase() {
        Phase::Roll => out["roller"] = json!(colour(game.roller())),
        Phase::Move { face } => {
            out["roller"] = json!(colour(game.roller()));
            out["face"] = json!(face);
            out["legal_moves"] = json!(game.legal_moves().iter().map(|m| m.pawn).collect::<Vec<_>>());
        }
        Phase::Duel(duel) => {
            let cells: Vec<Value> = duel
                .cells
                .iter()
                .map(|c| match c {
                    Some(true) => json!("x"),
                    Some(false) => json!("o"),
                    None => Value::Null,
                })
                .collect();
            out["duel"] = json!({"x": colour(duel.x), "o": colour(duel.o), "cells": cells});
        }
        _ => {}
    }
    out
}

/// The colours that have captured, sorted by name.
fn captured_json(game: &Game) -> Value {
    let mut names: Vec<&str> = game.captured().iter().map(|s| game.rules().colour_of(s).name()).collect();
    names.sort_unstable();
    json!(names)
}

/// One event as a JSON object: `{"event": "captured", "colour": ..., ...}`.
pub fn event_json(event: &Event, rules: &Rules) -> Value {
    let c = |s: Seat| rules.colour_of(s).name();
    match *event {
        Event::Rolled { seat, face } => json!({"event": "rolled", "colour": c(seat), "face": face}),
        Event::NoMove { seat } => json!({"event": "no_move", "colour": c(seat)}),
        Event::Entered { seat, pawn } => {
            json!({"event": "entered", "colour": c(seat), "pawn": pawn})
        }
        Event::Moved { seat, pawn, from, to } => {
            json!({"event": "moved", "colour": c(seat), "pawn": pawn, "from": from, "to": to})
        }
        Event::Captured { seat, pawn, by, from } => {
            json!({"event": "captured", "colour": c(seat), "pawn": pawn, "by": c(by), "from": from})
        }
        Event::ReachedHome { seat, pawn } => {
            json!({"event": "reached_home", "colour": c(seat), "pawn": pawn})
        }
        Event::ThreeSixes { seat } => json!({"event": "three_sixes", "colour": c(seat)}),
        Event::SentToYard { seat, pawn, from, penalty } => {
            json!({"event": "sent_to_yard", "colour": c(seat), "pawn": pawn, "from": from, "penalty": penalty})
        }
        Event::BonusRoll { seat, bonus } => {
            json!({"event": "bonus_roll", "colour": c(seat), "bonus": bonus})
        }
        Event::Finished { seat, place } => {
            json!({"event": "finished", "colour": c(seat), "place": place})
        }
        Event::TurnPassed { from, to } => {
            json!({"event": "turn_passed", "from": c(from), "to": c(to)})
        }
        Event::Challenged { seat, opponent } => {
            json!({"event": "challenged", "colour": c(seat), "opponent": c(opponent)})
        }
        Event::Marked { seat, cell } => json!({"event": "marked", "colour": c(seat), "cell": cell}),
        Event::DuelDrawn { x } => json!({"event": "duel_drawn", "x": c(x)}),
        Event::DuelWon { seat } => json!({"event": "duel_won", "colour": c(seat)}),
        Event::LeftBoard { seat, pawn, from } => {
            json!({"event": "left_board", "colour": c(seat), "pawn": pawn, "from": from})
        }
        Event::GameOver { places } => {
            let places: Map<String, Value> = Seat::ALL
                .into_iter()
                .filter(|s| places[s.index()] > 0)
                .map(|s| (c(s).to_string(), json!(places[s.index()])))
                .collect();
            json!({"event": "game_over", "places": places})
        }
    }
}
