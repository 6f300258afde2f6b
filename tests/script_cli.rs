//! `ludopia script`: the command-line contract of issue 2, run through the
//! real binary.

use ludopia::rules::{Action, Game, Preset, Seat, SeatSet};
use serde_json::{Map, Value, json};
use std::io::Write;
use std::process::{Command, Stdio};

mod support;
use support::game::{Dice64, random_legal};

struct Outcome {
    code: i32,
    stdout: String,
    stderr: String,
}

impl Outcome {
    fn json(&self) -> Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {}", self.stdout))
    }
}

fn run_with(args: &[&str], stdin: &str) -> Outcome {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludopia"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child.stdin.take().expect("stdin").write_all(stdin.as_bytes()).expect("script written");
    let out = child.wait_with_output().expect("the binary ends");
    let outcome = Outcome {
        code: out.status.code().expect("an exit code, not a signal"),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    };
    assert!(!outcome.stderr.contains("panicked"), "panic: {}", outcome.stderr);
    outcome
}

fn run(script: &Value) -> Outcome {
    run_with(&["script", "-"], &script.to_string())
}

fn ok(script: &Value) -> Value {
    let out = run(script);
    assert_eq!(out.code, 0, "stdout {} stderr {}", out.stdout, out.stderr);
    out.json()
}

/// The script stops at an illegal action: exit 2 and its index on stdout.
fn illegal_at(script: &Value) -> (u64, String) {
    let out = run(script);
    assert_eq!(out.code, 2, "stdout {} stderr {}", out.stdout, out.stderr);
    let error = &out.json()["error"];
    let reason = error["reason"].as_str().expect("a reason").to_string();
    assert!(!reason.is_empty());
    (error["index"].as_u64().expect("an index"), reason)
}

/// Malformed input: exit 2 and a message on stderr that mentions `needle`.
fn malformed(input: &str, needle: &str) {
    let out = run_with(&["script", "-"], input);
    assert_eq!(out.code, 2, "{input}: stdout {} stderr {}", out.stdout, out.stderr);
    assert!(out.stderr.contains(needle), "{input}: {:?} does not mention {needle:?}", out.stderr);
}

fn kinds(events: &[Value]) -> Vec<&str> {
    events.iter().map(|e| e["event"].as_str().expect("an event name")).collect()
}

#[test]
fn an_empty_script_is_a_new_classic_game_for_four() {
    let out = ok(&json!({}));
    assert_eq!(out["turn"], "red");
    assert_eq!(out["phase"], "roll");
    assert_eq!(
        out["pawns"],
        json!({"red": [-1, -1, -1, -1], "green": [-1, -1, -1, -1], "yellow": [-1, -1, -1, -1], "blue": [-1, -1, -1, -1]})
    );
    assert_eq!(out["places"], json!({}));
    assert_eq!(out["events"], json!([]));
}

#[test]
fn the_example_of_issue_2_stops_at_the_challenge_a_rolled_game_has_no_duels() {
    let script = json!({"preset": "classic",
        "rules": {"pawns": 2, "capture_bonus": false},
        "seats": ["red", "yellow"],
        "position": {"turn": "red", "pawns": {"red": [-1, 5], "yellow": [12, -1]}},
        "actions": [{"roll": 6}, {"move": 1}, {"challenge": "yellow"}, {"mark": 4}]});
    let (index, reason) = illegal_at(&script);
    assert_eq!(index, 2);
    assert!(reason.contains("phase"), "{reason}");
    // The first two actions alone: red moved 5 -> 11 and rolls again.
    let mut first_two = script.clone();
    first_two["actions"] = json!([{"roll": 6}, {"move": 1}]);
    let out = ok(&first_two);
    assert_eq!(out["pawns"], json!({"red": [-1, 11], "yellow": [12, -1]}));
    assert_eq!((&out["turn"], &out["phase"]), (&json!("red"), &json!("roll")));
    assert_eq!(kinds(out["events"].as_array().unwrap()), ["rolled", "moved", "bonus_roll"]);
}

#[test]
fn a_capture_and_the_turn_passing_in_the_events() {
    // Red at 10 rolls 5 onto square 16, where green stands at its progress 2.
    let out = ok(&json!({"preset": "plaza", "seats": ["red", "green"],
        "position": {"pawns": {"red": [10, -1, -1, -1], "green": [2, -1, -1, -1]}},
        "actions": [{"roll": 5}, {"move": 0}]}));
    assert_eq!(kinds(out["events"].as_array().unwrap()), ["rolled", "moved", "captured", "turn_passed"]);
    let captured = &out["events"][2];
    assert_eq!((&captured["colour"], &captured["by"]), (&json!("green"), &json!("red")));
    assert_eq!(out["pawns"]["green"], json!([-1, -1, -1, -1]));
    assert_eq!(out["turn"], "green");
}

#[test]
fn three_sixes_in_a_script() {
    let out = ok(&json!({"seats": ["red", "blue"],
        "rules": {"three_sixes": "leading_pawn_home"},
        "position": {"pawns": {"red": [20, -1, -1, -1]}},
        "actions": [{"roll": 6}, {"move": 0}, {"roll": 6}, {"move": 0}, {"roll": 6}]}));
    let events = out["events"].as_array().unwrap().clone();
    assert!(kinds(&events).contains(&"three_sixes"));
    assert!(kinds(&events).contains(&"sent_to_yard"));
    assert_eq!(out["pawns"]["red"], json!([-1, -1, -1, -1]));
    assert_eq!(out["turn"], "blue");
}

#[test]
fn the_colour_order_places_colours_on_seats() {
    // plaza: red, green, blue, yellow. Blue (seat 2) follows red when green is out.
    let out = ok(&json!({"preset": "plaza", "seats": ["yellow", "blue", "red"], "actions": [{"roll": 3}]}));
    assert_eq!(out["turn"], "blue");
    let passed = &out["events"].as_array().unwrap().last().unwrap().clone();
    assert_eq!((&passed["from"], &passed["to"]), (&json!("red"), &json!("blue")));
    // With no position, the first playing colour in colour order starts.
    let out = ok(&json!({"preset": "plaza", "seats": ["yellow", "blue"]}));
    assert_eq!(out["turn"], "blue");
}

#[test]
fn a_palace_duel_in_a_script() {
    let out = ok(&json!({"preset": "palace", "seats": ["red", "yellow"],
        "actions": [{"challenge": "yellow"}, {"mark": 4}]}));
    assert_eq!((&out["turn"], &out["phase"]), (&json!("red"), &json!("duel")));
    // Yellow (O) takes the middle row; red (X) plays 0, 1, 8.
    let out = ok(&json!({"preset": "palace", "seats": ["red", "yellow"],
        "position": {"pawns": {"yellow": [20, -1, -1, -1]}},
        "actions": [{"challenge": "yellow"}, {"mark": 0}, {"mark": 3}, {"mark": 1}, {"mark": 4}, {"mark": 8}, {"mark": 5},
                    {"roll": 2}, {"move": 0}]}));
    assert!(kinds(out["events"].as_array().unwrap()).contains(&"duel_won"));
    assert_eq!(out["pawns"]["yellow"], json!([22, -1, -1, -1]));
    assert_eq!((&out["turn"], &out["phase"]), (&json!("yellow"), &json!("choose_opponent")));
    // Challenging oneself is illegal, and so is challenging an empty seat;
    // the reason names seats by colour, as scripts do.
    let (index, reason) = illegal_at(&json!({"preset": "palace", "actions": [{"challenge": "red"}]}));
    assert_eq!(index, 0);
    assert!(reason.starts_with("red cannot be challenged"), "{reason}");
    for preset in ["palace", "plaza"] {
        let rules = if preset == "plaza" { json!({"dice": "duel"}) } else { json!({}) };
        let (_, reason) = illegal_at(&json!({"preset": preset, "rules": rules, "seats": ["red", "yellow"],
            "actions": [{"challenge": "blue"}]}));
        assert!(reason.starts_with("blue cannot be challenged"), "{preset}: {reason}");
    }
}

#[test]
fn the_end_of_a_game_gives_places_and_phase_over() {
    let out = ok(&json!({"preset": "plaza", "seats": ["red", "green", "yellow"],
        "position": {"pawns": {"red": [56, 56, 56, 55], "green": [50, -1, -1, -1], "yellow": [40, -1, -1, -1]}},
        "actions": [{"roll": 1}, {"move": 3}]}));
    assert_eq!(out["phase"], "over");
    // green: 6 + 3 × 57 = 177; yellow: 16 + 3 × 57 = 187 (plaza's yellow sits at seat 3).
    assert_eq!(out["places"], json!({"red": 1, "green": 2, "yellow": 3}));
    assert!(kinds(out["events"].as_array().unwrap()).ends_with(&["finished", "game_over"]));
    // Acting after the end is illegal.
    let (index, _) = illegal_at(&json!({"preset": "plaza", "seats": ["red", "green"],
        "position": {"pawns": {"red": [56, 56, 56, 55]}},
        "actions": [{"roll": 1}, {"move": 3}, {"roll": 4}]}));
    assert_eq!(index, 2);
}

/// Issue 2: with no `turn`, the first playing colour in colour order acts;
/// a colour already home has its place and no turn, so the next one acts.
/// Given the turn, a finished colour is refused, and the message says so.
#[test]
fn a_position_without_a_turn_starts_with_the_first_colour_still_playing() {
    let home = json!({"red": [56, 56, 56, 56], "yellow": [12, -1, -1, -1]});
    let out = ok(&json!({"position": {"pawns": home}}));
    assert_eq!((&out["turn"], &out["places"]), (&json!("green"), &json!({"red": 1})));
    let out = ok(&json!({"position": {"pawns": home}, "actions": [{"roll": 3}]}));
    assert_eq!(out["turn"], "yellow", "green cannot move a 3: the turn passes");
    malformed(&json!({"position": {"turn": "red", "pawns": home}}).to_string(), "red, which has finished");
    // With teams a finished player still takes its turns, for its partner.
    let teams = json!({"rules": {"teams": "opposite"}, "position": {"pawns": {"red": [56, 56, 56, 56]}}});
    assert_eq!(ok(&teams)["turn"], "red");
}

#[test]
fn illegal_actions_give_their_index_and_reason() {
    // A pawn in the yard cannot move with a 3 (red has another pawn out).
    let (index, reason) = illegal_at(&json!({"position": {"pawns": {"red": [10, -1, -1, -1]}},
        "actions": [{"roll": 3}, {"move": 1}]}));
    assert_eq!(index, 1);
    assert!(reason.contains("6"), "{reason}");
    let (index, _) = illegal_at(&json!({"actions": [{"roll": 6}, {"move": 4}]}));
    assert_eq!(index, 1);
    let (index, _) = illegal_at(&json!({"actions": [{"roll": 2}, {"roll": 2}, {"move": 0}]}));
    assert_eq!(index, 2);
}

#[test]
fn malformed_input_says_what_is_wrong_and_where() {
    malformed("", "JSON");
    malformed("{\"preset\": ", "JSON");
    malformed("[1, 2]", "object");
    malformed(r#"{"preset": "chess"}"#, "chess");
    malformed(r#"{"rules": {"pawnz": 2}}"#, "pawnz");
    // A die shows 1 to 6: any other face is refused as it is read, by its place.
    malformed(r#"{"actions": [{"roll": 6}, {"roll": 7}]}"#, "actions[1].roll: a die shows 1 to 6, not 7");
    malformed(r#"{"rules": {"pawns": 3}}"#, "pawns");
    malformed(r#"{"rules": {"home": "moon"}}"#, "rules");
    malformed(r#"{"seats": ["red"]}"#, "seats");
    malformed(r#"{"seats": ["red", "purple"]}"#, "seats[1]");
    malformed(r#"{"seats": ["red", "red"]}"#, "seats[1]");
    malformed(r#"{"position": {"pawns": {"red": [1, 2]}}}"#, "position.pawns.red");
    malformed(r#"{"position": {"pawns": {"red": [1, 2, 3, 900]}}}"#, "position.pawns.red[3]");
    malformed(r#"{"position": {"pawns": {"red": [57, -1, -1, -1]}}}"#, "position");
    malformed(r#"{"seats": ["red", "green"], "position": {"turn": "blue"}}"#, "position");
    malformed(r#"{"actions": {"roll": 6}}"#, "actions");
    malformed(r#"{"actions": [{"roll": 6}, {"jump": 1}]}"#, "actions[1]");
    malformed(r#"{"actions": [{"roll": -6}]}"#, "actions[0]");
    malformed(r#"{"actions": [{"roll": 6, "move": 0}]}"#, "actions[0]");
    malformed(r#"{"turn": "red"}"#, "turn");
    let deep = "[".repeat(10_000);
    malformed(&deep, "JSON");
}

#[test]
fn a_script_file_is_read_from_its_path() {
    let dir = std::env::temp_dir().join(format!("ludopia-script-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("game.json");
    std::fs::write(&path, json!({"actions": [{"roll": 6}]}).to_string()).expect("written");
    let out = run_with(&["script", path.to_str().expect("a UTF-8 path")], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.json()["phase"], "move");
    let missing = dir.join("missing.json");
    let out = run_with(&["script", missing.to_str().expect("a UTF-8 path")], "");
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("missing.json"), "{}", out.stderr);
    std::fs::remove_dir_all(&dir).expect("cleaned up");
}

#[test]
fn race_four_spaces_in_a_script() {
    let out = ok(&json!({"preset": "race", "seats": ["red", "green"],
        "position": {"pawns": {"red": [54, 53, 52, 49]}},
        "actions": [{"roll": 2}, {"move": 3}]}));
    assert_eq!(out["phase"], "over");
    assert_eq!(out["places"], json!({"red": 1, "green": 2}));
}

/// Random games of every preset played by the library and by the script
/// give the same position and as many events.
#[test]
fn scripts_play_through_the_same_reducer_as_the_library() {
    let sets: [&[Seat]; 3] = [&Seat::ALL[..2], &[Seat::ALL[0], Seat::ALL[2], Seat::ALL[3]], &Seat::ALL];
    for preset in Preset::ALL {
        let rules = preset.rules();
        for (n, players) in sets.iter().enumerate() {
            let seed = 1000 * n as u64 + preset as u64;
            let mut rng = Dice64(seed);
            let set: SeatSet = players.iter().copied().collect();
            let mut game = Game::new(rules, set, players[0]).expect("a new game");
            let mut actions = Vec::new();
            let mut events = 0;
            let length = 50 + rng.below(3000);
            while actions.len() < length {
                let Some(action) = random_legal(&game, &mut rng) else { break };
                actions.push(match action {
                    Action::Roll { face, .. } => json!({"roll": face}),
                    Action::Move { pawn, .. } => json!({"move": pawn}),
                    Action::Challenge { opponent, .. } => {
                        json!({"challenge": rules.colour_of(opponent).name()})
                    }
                    Action::Mark { cell, .. } => json!({"mark": cell}),
                });
                let (next, happened) = game.apply(action).expect("a legal action");
                events += happened.len();
                game = next;
            }
            let seats: Vec<&str> = players.iter().map(|&s| rules.colour_of(s).name()).collect();
            let out = ok(&json!({"preset": preset.name(), "seats": seats, "actions": actions}));
            let mut pawns = Map::new();
            let mut places = Map::new();
            for &seat in players.iter() {
                let colour = rules.colour_of(seat).name().to_string();
                pawns.insert(colour.clone(), json!(game.pawns(seat)));
                if let Some(place) = game.place(seat) {
                    places.insert(colour, json!(place));
                }
            }
            let context = format!("{preset} with {seats:?}, {} actions", actions.len());
            assert_eq!(out["pawns"], Value::Object(pawns), "{context}");
            assert_eq!(out["places"], Value::Object(places), "{context}");
            assert_eq!(out["phase"], game.phase().name(), "{context}");
            assert_eq!(out["turn"], rules.colour_of(game.turn()).name(), "{context}");
            assert_eq!(out["events"].as_array().map(Vec::len), Some(events), "{context}");
        }
    }
}

#[test]
fn a_quick_script_starts_with_a_pawn_out_and_shows_who_has_captured() {
    let out = ok(&json!({"preset": "quick", "seats": ["red", "green"]}));
    assert_eq!(out["pawns"], json!({"red": [0, -1, -1, -1], "green": [0, -1, -1, -1]}));
    assert_eq!(out["captured"], json!([]));
    // Round the loop again before a capture: 48 + 5 is progress 1.
    let out = ok(&json!({"preset": "quick", "position": {"pawns": {"red": [48, -1, -1, -1]}},
        "actions": [{"roll": 5}, {"move": 0}]}));
    assert_eq!(out["pawns"]["red"], json!([1, -1, -1, -1]));
    // Red has captured: the lane is open and the first pawn home wins.
    let out = ok(&json!({"preset": "quick",
        "position": {"pawns": {"red": [52, 10, -1, -1]}, "captured": ["red"]},
        "actions": [{"roll": 4}, {"move": 0}]}));
    assert_eq!(out["phase"], "over");
    assert_eq!(out["places"]["red"], 1);
    assert_eq!(out["pawns"]["red"], json!([56, 56, 56, 56]), "the other pawns left the board");
    assert_eq!(out["captured"], json!(["red"]));
    assert!(kinds(out["events"].as_array().unwrap()).contains(&"left_board"));
}

#[test]
fn captured_is_sorted_and_grows_with_each_capture() {
    let out = ok(&json!({"position": {"captured": ["yellow", "blue", "red"]}}));
    assert_eq!(out["captured"], json!(["blue", "red", "yellow"]));
    // Green's pawn at 3 stands on loop square 17, red's progress 16.
    let out = ok(
        &json!({"seats": ["red", "green"], "position": {"pawns": {"red": [14, -1, -1, -1], "green": [3, -1, -1, -1]}},
        "actions": [{"roll": 2}, {"move": 0}]}),
    );
    assert_eq!(out["captured"], json!(["red"]));
}

#[test]
fn the_new_parameters_are_rules_of_a_script() {
    let out =
        ok(&json!({"rules": {"start_out": 2, "goal": "one", "capture_to_home": true, "teams": "opposite"}}));
    assert_eq!(out["pawns"]["blue"], json!([0, 0, -1, -1]));
    assert_eq!(out["phase"], "roll");
}

#[test]
fn a_team_script_gives_both_partners_the_same_place() {
    // Red has finished and moves its partner yellow's last pawn home.
    let out = ok(&json!({"rules": {"teams": "opposite", "pawns": 2},
        "position": {"pawns": {"red": [56, 56], "yellow": [55, 56], "green": [5, -1], "blue": [5, -1]}},
        "actions": [{"roll": 1}, {"move": 0}]}));
    assert_eq!(out["phase"], "over");
    assert_eq!(out["places"], json!({"red": 1, "yellow": 1, "green": 2, "blue": 2}));
    let moved = &out["events"][1];
    assert_eq!((&moved["event"], &moved["colour"]), (&json!("moved"), &json!("yellow")));
}

#[test]
fn bad_new_values_and_a_short_team_table_exit_2_and_say_why() {
    malformed(r#"{"rules": {"goal": "three"}}"#, "three");
    malformed(r#"{"rules": {"teams": "diagonal"}}"#, "diagonal");
    malformed(r#"{"rules": {"capture_to_home": "yes"}}"#, "rules");
    malformed(r#"{"rules": {"start_out": 5}}"#, "start_out");
    malformed(r#"{"rules": {"start_out": -1}}"#, "rules");
    malformed(r#"{"preset": "race", "rules": {"start_out": 2}}"#, "one_per_space");
    malformed(r#"{"rules": {"teams": "opposite"}, "seats": ["red", "green", "yellow"]}"#, "four seats");
    malformed(
        r#"{"preset": "quick", "rules": {"teams": "opposite", "seats": ["red", "yellow"]}}"#,
        "four seats",
    );
    malformed(r#"{"position": {"captured": ["purple"]}}"#, "position.captured[0]");
    malformed(r#"{"position": {"captured": "red"}}"#, "position.captured");
    malformed(r#"{"seats": ["red", "green"], "position": {"captured": ["blue"]}}"#, "not playing");
}

/// Random team games of every preset played by the library and by the
/// script give the same position, places and captures.
#[test]
fn team_scripts_play_through_the_same_reducer_as_the_library() {
    for preset in Preset::ALL {
        let rules = ludopia::rules::Rules { teams: ludopia::rules::Teams::Opposite, ..preset.rules() };
        let mut rng = Dice64(77 + preset as u64);
        let mut game = Game::new(rules, SeatSet::FULL, Seat::ALL[0]).expect("a new team game");
        let mut actions = Vec::new();
        while actions.len() < 4000 {
            let Some(action) = random_legal(&game, &mut rng) else { break };
            actions.push(match action {
                Action::Roll { face, .. } => json!({"roll": face}),
                Action::Move { pawn, .. } => json!({"move": pawn}),
                Action::Challenge { opponent, .. } => json!({"challenge": rules.colour_of(opponent).name()}),
                Action::Mark { cell, .. } => json!({"mark": cell}),
            });
            game = game.apply(action).expect("a legal action").0;
        }
        let out = ok(&json!({"preset": preset.name(), "rules": {"teams": "opposite"}, "actions": actions}));
        for seat in Seat::ALL {
            let colour = rules.colour_of(seat).name();
            assert_eq!(out["pawns"][colour], json!(game.pawns(seat)), "{preset} {colour}");
            assert_eq!(out["places"].get(colour).and_then(Value::as_u64), game.place(seat).map(u64::from));
        }
        let mut captured: Vec<&str> = game.captured().iter().map(|s| rules.colour_of(s).name()).collect();
        captured.sort_unstable();
        assert_eq!(out["captured"], json!(captured), "{preset}");
        assert_eq!(out["phase"], game.phase().name(), "{preset}");
    }
}

/// `ludopia engine`: a line in, a line out, through the real binary.
#[test]
fn the_engine_answers_each_line_and_reads_on_after_a_bad_one() {
    let requests = [
        r#"{"id": 1, "preset": "classic", "face": 6, "level": "hard", "seed": 7}"#,
        r#"{"id": "again", "preset": "classic", "face": 6, "level": "hard", "seed": 7}"#,
        r#"{"id": {"game": 3}, "preset": "classic", "face": 3, "level": "normal"}"#,
        "not json",
        r#"{"id": 4, "preset": "classic", "face": 9}"#,
        r#"{"id": 5, "preset": "classic", "face": 6, "level": "hard", "seed": 7, "analyse": true}"#,
        r#"{"id": 6, "preset": "nowhere", "face": 6}"#,
        r#"{"id": 7, "preset": "race", "face": 5, "level": "easy", "seed": 1}"#,
        r#"{"id": 8, "preset": "classic", "face": 4, "level": "godlike"}"#,
        r#"{"id": 9, "preset": "classic", "face": "six"}"#,
        r#"{"id": 10, "preset": "classic", "face": 4, "seed": -1}"#,
        r#"{"id": 11, "preset": "classic", "facee": 4}"#,
        "[1, 2]",
    ];
    let out = run_with(&["engine"], &(requests.join("\n") + "\n"));
    assert_eq!(out.code, 0, "{}", out.stderr);
    let answers: Vec<Value> =
        out.stdout.lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect();
    assert_eq!(answers.len(), requests.len(), "{}", out.stdout);
    // A 6 with every pawn at home: any pawn may come out; the same seed, the same move.
    let first = answers[0]["move"].as_u64().expect("a move");
    assert!(first < 4, "{}", answers[0]);
    assert_eq!(answers[0]["id"], json!(1));
    assert_eq!(answers[1], json!({"id": "again", "move": first}));
    // The id comes back as it was written, whatever its type.
    assert_eq!(answers[2], json!({"id": {"game": 3}, "pass": true}));
    assert_eq!(answers[3]["id"], Value::Null);
    assert!(answers[3]["error"].as_str().is_some_and(|e| e.starts_with("not valid JSON")), "{}", answers[3]);
    assert!(
        answers[12]["error"].as_str().is_some_and(|e| e.starts_with("not a JSON object")),
        "{}",
        answers[12]
    );
    assert!(answers[4]["error"].as_str().is_some_and(|e| e.contains("face")), "{}", answers[4]);
    // Analysis: Hard's estimate for every legal move, a chance between 0 and
    // 1. Four pawns in the yard make one move: searched all the same, and
    // each pawn's estimate is that move's.
    let moves = answers[5]["moves"].as_array().expect("estimates");
    assert_eq!(moves.len(), 4, "{}", answers[5]);
    for m in moves {
        let win = m["win"].as_f64().expect("a chance");
        assert!(win > 0.05 && win < 1.0, "{m}");
        assert_eq!(m["win"], moves[0]["win"], "{}", answers[5]);
    }
    assert_eq!(answers[5]["move"].as_u64(), Some(first));
    assert!(answers[6]["error"].as_str().is_some_and(|e| e.contains("nowhere")), "{}", answers[6]);
    assert!(answers[7].get("move").or(answers[7].get("pass")).is_some(), "{}", answers[7]);
    // A field of the wrong kind: the error names the field.
    for (answer, field) in answers[8..].iter().zip(["level: unknown variant `godlike`", "face: ", "seed: "]) {
        assert!(answer["error"].as_str().is_some_and(|e| e.starts_with(field)), "{answer}");
    }
    // An unknown field: the error lists every field a request may hold.
    let unknown = answers[11]["error"].as_str().unwrap_or_default();
    assert!(
        unknown.starts_with("facee: ") && unknown.contains("`analyse`") && unknown.contains("`actions`"),
        "{unknown}"
    );
}

/// Palace: the engine challenges at the turn's start and marks in a duel;
/// an impossible position is an error and the engine reads on.
#[test]
fn the_engine_challenges_and_marks_in_palace_duels() {
    let requests = [
        r#"{"id": 1, "preset": "palace", "seats": ["red", "yellow"], "seed": 2}"#,
        r#"{"id": 2, "preset": "palace", "seats": ["red", "yellow"], "actions": [{"challenge": "yellow"}, {"mark": 4}], "seed": 2}"#,
        r#"{"id": 3, "position": {"turn": "red", "pawns": {"red": [60, -1, -1, -1]}}, "face": 2}"#,
        r#"{"id": 4, "preset": "palace", "face": 4}"#,
        // Red won the duel and rolls a 3 with every pawn in the yard: it
        // passes (yellow's challenge that follows is not this request's).
        r#"{"id": 5, "preset": "palace", "seats": ["red", "yellow"], "actions": [{"challenge": "yellow"}, {"mark": 0}, {"mark": 3}, {"mark": 1}, {"mark": 4}, {"mark": 2}], "face": 3, "level": "hard"}"#,
    ];
    let out = run_with(&["engine"], &(requests.join("\n") + "\n"));
    assert_eq!(out.code, 0, "{}", out.stderr);
    let answers: Vec<Value> =
        out.stdout.lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect();
    assert_eq!(answers.len(), requests.len(), "{}", out.stdout);
    assert_eq!(answers[0], json!({"id": 1, "challenge": "yellow"}));
    let cell = answers[1]["mark"].as_u64().expect("a mark");
    assert!(cell <= 8 && cell != 4, "{}", answers[1]);
    assert!(answers[2]["error"].as_str().is_some_and(|e| e.contains("position")), "{}", answers[2]);
    assert!(answers[3]["error"].as_str().is_some_and(|e| e.contains("face")), "{}", answers[3]);
    assert_eq!(answers[4], json!({"id": 5, "pass": true}));
}

/// An id is the caller's own text, echoed as written: also a number no
/// float holds, which the engine must not try to read.
#[test]
fn the_engine_echoes_any_id_and_still_answers() {
    let out = run_with(&["engine"], "{\"id\": 1e400, \"preset\": \"classic\", \"face\": 3}\n");
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout, "{\"id\":1e400,\"pass\":true}\n");
}

/// Positions the rules can play on but no game reaches: the engine says
/// so (a script plays them, as a test's set-up may need), and the same
/// pawns where a game can have them get an answer.
#[test]
fn the_engine_refuses_positions_no_game_reaches() {
    let requests = [
        // Red at 10 and green at 49 both stand on loop square 11, not safe.
        r#"{"id": 1, "face": 6, "position": {"turn": "red", "pawns": {"red": [10, -1, -1, -1], "green": [49, -1, -1, -1]}}}"#,
        // Red at 8 and green at 47 share square 9, a star: they may.
        r#"{"id": 2, "face": 6, "position": {"turn": "red", "pawns": {"red": [8, -1, -1, -1], "green": [47, -1, -1, -1]}}}"#,
        // Quick (capture_to_home): red in its lane before it has captured.
        r#"{"id": 3, "preset": "quick", "face": 1, "position": {"turn": "red", "pawns": {"red": [52, -1, -1, -1]}, "captured": []}}"#,
        r#"{"id": 4, "preset": "quick", "face": 1, "position": {"turn": "red", "pawns": {"red": [52, -1, -1, -1]}, "captured": ["red"]}}"#,
        // Partners share any square.
        r#"{"id": 5, "face": 6, "rules": {"teams": "opposite"}, "position": {"turn": "red", "pawns": {"red": [10, -1, -1, -1], "yellow": [36, -1, -1, -1]}}}"#,
    ];
    let out = run_with(&["engine"], &(requests.join("\n") + "\n"));
    assert_eq!(out.code, 0, "{}", out.stderr);
    let answers: Vec<Value> =
        out.stdout.lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect();
    assert_eq!(answers.len(), requests.len(), "{}", out.stdout);
    for (k, why) in [(0, "not safe"), (2, "capture_to_home")] {
        let error = answers[k]["error"].as_str().unwrap_or_default();
        assert!(
            error.starts_with("position: no game reaches this position") && error.contains(why),
            "{error}"
        );
    }
    for k in [1, 3, 4] {
        assert!(answers[k].get("move").is_some(), "{}", answers[k]);
    }
    let shared =
        r#"{"position": {"turn": "red", "pawns": {"red": [10, -1, -1, -1], "green": [49, -1, -1, -1]}}}"#;
    assert_eq!(ok(&serde_json::from_str(shared).expect("JSON"))["pawns"]["green"], json!([49, -1, -1, -1]));
}

/// README's example exchange under "Engine protocol" is what the engine
/// answers, word for word: the requests seed their searches, so the
/// answers are the same on every machine.
#[test]
fn the_engine_answers_readmes_example_as_written() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).expect("README.md");
    let section = readme.split("### Engine protocol").nth(1).expect("an engine section");
    let block = section.split("```").nth(1).expect("an example exchange");
    let lines = |mark: &str| -> Vec<String> {
        block.lines().filter_map(|l| l.strip_prefix(mark)).map(str::to_owned).collect()
    };
    let (requests, answers) = (lines("> "), lines("< "));
    assert!(!requests.is_empty() && requests.len() == answers.len(), "{block}");
    let out = run_with(&["engine"], &(requests.join("\n") + "\n"));
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout.lines().collect::<Vec<_>>(), answers);
}

/// Every example under README's "Game scripts" runs as written.
#[test]
fn readmes_game_scripts_run_as_written() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).expect("README.md");
    let section = readme.split("### Game scripts").nth(1).expect("a scripts section");
    let section = section.split("\n## ").next().unwrap_or(section);
    let section = section.split("### ").next().unwrap_or(section);
    let examples: Vec<&str> =
        section.split("```json").skip(1).filter_map(|b| b.split("```").next()).collect();
    assert!(examples.len() >= 2, "{section}");
    for example in examples {
        let out = run_with(&["script", "-"], example);
        assert_eq!(out.code, 0, "{example}\n{}{}", out.stdout, out.stderr);
        let state: Value = serde_json::from_str(&out.stdout).expect("the final state");
        assert!(state["events"].as_array().is_some_and(|e| !e.is_empty()), "{}", out.stdout);
    }
}
