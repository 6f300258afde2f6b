//! `ludopia engine`: the bots for other programs, as chess engines speak
//! UCI. One JSON object a line on stdin (a position in the game-script
//! notation, the face rolled, the level), one JSON answer a line on stdout;
//! a bad line gets an error and the engine reads on; end of input exits 0.
//! README's "Engine protocol" has the fields.

use crate::bots::{Bot, Search, Strategy};
use crate::rules::script::Script;
use crate::rules::{Action, Face, Game, Phase};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::value::RawValue;
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

/// The longest time budget: a float total of Hard's rollouts stays exact
/// well past the rounds a minute plays.
const MAX_MILLIS: u64 = 60_000;

/// Answers every line of stdin until it ends: exit 0; 1 when stdin or
/// stdout fails.
pub fn run() -> i32 {
    let mut stdin = std::io::stdin().lock();
    let mut stdout = std::io::stdout().lock();
    let mut line = Vec::new();
    loop {
        line.clear();
        match stdin.read_until(b'\n', &mut line) {
            Ok(0) => return 0,
            Ok(_) => {}
            Err(e) => {
                eprintln!("ludopia engine: cannot read standard input: {e}");
                return 1;
            }
        }
        // A blank line asks nothing (a caller's trailing newline): skipped.
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        // The time budget runs from the moment the request is read.
        let answer = answer(&line, Instant::now());
        if writeln!(stdout, "{answer}").and_then(|()| stdout.flush()).is_err() {
            return 1;
        }
    }
}

/// The answer line to one request line.
fn answer(line: &[u8], now: Instant) -> String {
    let (id, reply) = match serde_json::from_slice::<BTreeMap<String, &RawValue>>(line) {
        Ok(raw) => (raw.get("id").copied(), request(&raw).and_then(|r| decide(&r, now))),
        Err(e) if e.is_data() => (None, Err(format!("not a JSON object: {e}"))),
        Err(e) => (None, Err(format!("not valid JSON: {e}"))),
    };
    let mut answer: Answer = reply.unwrap_or_else(|error| Answer { error: Some(error), ..Answer::default() });
    // Echoed as written, whatever it is: the caller's own text.
    answer.id = id;
    serde_json::to_string(&answer).unwrap_or_else(|e| format!("{{\"id\":null,\"error\":\"{e}\"}}"))
}

/// One answer line; only the fields that apply are written.
#[derive(Default, Serialize)]
struct Answer<'a> {
    id: Option<&'a RawValue>,
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    pawn: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    challenge: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    mark: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pass: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: Option<Vec<Estimate>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// Hard's estimate of one legal move.
#[derive(Serialize)]
struct Estimate {
    #[serde(rename = "move")]
    pawn: u8,
    win: f64,
}

/// What a request asks, read and checked.
struct Request {
    /// The position reached, before the face is rolled.
    game: Game,
    face: Option<Face>,
    level: Strategy,
    seed: Option<u64>,
    millis: Option<u64>,
    analyse: bool,
}

/// A game script's fields (`rules::script::Script`), which a request holds too.
const SCRIPT_FIELDS: [&str; 5] = ["preset", "rules", "seats", "position", "actions"];

fn request(raw: &BTreeMap<String, &RawValue>) -> Result<Request, String> {
    // The id is the caller's own, echoed as written, so not read here: any
    // JSON will do, a number too large for a float (1e400) included.
    let mut fields = Map::new();
    for (name, value) in raw.iter().filter(|(name, _)| *name != "id") {
        let value: Value = serde_json::from_str(value.get()).map_err(|e| format!("{name}: {e}"))?;
        fields.insert(name.clone(), value);
    }
    let face: Option<u8> = take(&mut fields, "face")?;
    let level = take(&mut fields, "level")?.unwrap_or(Strategy::Hard);
    let seed = take(&mut fields, "seed")?;
    let millis = take(&mut fields, "millis")?;
    if millis.is_some_and(|m| m > MAX_MILLIS) {
        return Err(format!("millis: at most {MAX_MILLIS}"));
    }
    let analyse = take(&mut fields, "analyse")?.unwrap_or(false);
    // Read as a number, then made a face here, so that the error says what a face is.
    let face = face.map(Face::try_from).transpose().map_err(|e| format!("face: {e}"))?;
    // The rest are a game script's fields; a name that is neither the
    // request's nor the script's is refused with both lists.
    if let Some(unknown) = fields.keys().find(|k| !SCRIPT_FIELDS.contains(&k.as_str())) {
        return Err(format!(
            "{unknown}: unknown field `{unknown}`, expected one of `id`, `face`, `level`, `seed`, \
             `millis`, `analyse`, `{}`",
            SCRIPT_FIELDS.join("`, `")
        ));
    }
    let script = Script::from_value(Value::Object(fields)).map_err(|e| e.to_string())?;
    let start = script.start().map_err(|e| e.to_string())?;
    start.check_reached().map_err(|e| format!("position: {}", e.in_colours(start.rules())))?;
    let (game, _) = script.play_from(start).map_err(|e| e.to_string())?;
    Ok(Request { game, face, level, seed, millis, analyse })
}

/// The request's own field `name`, taken out of `fields` and read as a `T`
/// (absent or null: `None`); an error names the field.
fn take<T: DeserializeOwned>(fields: &mut Map<String, Value>, name: &str) -> Result<Option<T>, String> {
    let value = fields.remove(name).filter(|v| !v.is_null());
    value.map(|v| serde_json::from_value(v).map_err(|e| format!("{name}: {e}"))).transpose()
}

fn decide(request: &Request, now: Instant) -> Result<Answer<'static>, String> {
    let Request { mut game, face, level, analyse, .. } = *request;
    match (game.phase(), face) {
        (Phase::Roll, Some(face)) => {
            let seat = game.roller();
            game = game.apply(Action::Roll { seat, face }).map_err(|e| format!("face: {e}"))?.0;
        }
        (Phase::Roll, None) => return Err("face: the position waits for a roll: give the face rolled".into()),
        (Phase::Over, _) => return Err("the game is over: no one is to act".into()),
        (phase, Some(_)) => {
            return Err(format!("face: no roll is due, the position waits for a {}", phase.name()));
        }
        (_, None) => {}
    }
    let seed = match request.seed {
        Some(seed) => seed,
        None => fresh_seed()?,
    };
    if let Phase::Move { .. } = game.phase() {
        let search =
            (level == Strategy::Hard || analyse).then(|| searched(&game, seed, request.millis, analyse, now));
        let search = search.flatten();
        let pawn = match (level, &search) {
            (Strategy::Hard, Some(search)) => search.best(),
            _ => match Bot::new(level, seed).decide(&game) {
                Some(Action::Move { pawn, .. }) => Some(pawn),
                _ => None,
            },
        };
        let pawn = pawn.ok_or("no bot's move in a position awaiting one")?;
        let moves = analyse.then(|| search.iter().flat_map(estimates).collect());
        return Ok(Answer { pawn: Some(pawn), moves, ..Answer::default() });
    }
    // The face rolled moves nothing: the turn passes (or, after a 6, the
    // same player rolls again). What is awaited next, a palace challenge
    // say, is another player's decision, not this request's.
    if face.is_some() {
        return Ok(Answer { pass: Some(true), moves: analyse.then(Vec::new), ..Answer::default() });
    }
    let rules = *game.rules();
    match Bot::new(level, seed).decide(&game) {
        Some(Action::Challenge { opponent, .. }) => {
            Ok(Answer { challenge: Some(rules.colour_of(opponent).name()), ..Answer::default() })
        }
        Some(Action::Mark { cell, .. }) => Ok(Answer { mark: Some(cell), ..Answer::default() }),
        Some(_) => Err("the bot answered out of turn".into()),
        None => Err("no bot's answer in a position awaiting one".into()),
    }
}

/// Hard's search of the move awaited in `game`: its own budget of work
/// (for an `analyse`, a lone distinct move's too), or rounds until
/// `millis` have passed since `start` (at least one).
fn searched(game: &Game, seed: u64, millis: Option<u64>, analyse: bool, start: Instant) -> Option<Search> {
    let mut search = Search::new(game, seed)?;
    match millis {
        None => {
            let more = if analyse { Search::has_budget_to_estimate } else { Search::has_budget };
            while more(&search) {
                search.round();
            }
        }
        Some(millis) => {
            let deadline = start + Duration::from_millis(millis);
            search.round();
            while Instant::now() < deadline {
                search.round();
            }
        }
    }
    Some(search)
}

fn estimates(search: &Search) -> impl Iterator<Item = Estimate> + '_ {
    // Three decimals: a few hundred rollouts are not surer than that.
    search.estimates().map(|(pawn, win)| Estimate { pawn, win: (f64::from(win) * 1000.0).round() / 1000.0 })
}

/// A seed for a request that gave none.
fn fresh_seed() -> Result<u64, String> {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).map_err(|e| format!("no randomness for a seed: {e}"))?;
    Ok(u64::from_le_bytes(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The script's own refusal of an unknown field lists exactly
    /// [`SCRIPT_FIELDS`]: a field added to scripts is added here too.
    #[test]
    fn the_script_fields_are_the_scripts() {
        let err = Script::from_value(serde_json::json!({"no such field": 0})).expect_err("refused");
        let expected = format!("expected one of `{}`", SCRIPT_FIELDS.join("`, `"));
        assert!(err.to_string().contains(&expected), "{err}");
    }
}
