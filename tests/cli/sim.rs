//! `ludopia sim`: its JSON, its determinism, its refusals, and the bots'
//! strength measured through it (enough games for a clear margin).

use serde_json::Value;
use std::process::Command;

fn sim(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_ludopia")).arg("sim").args(args).output().expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn report(args: &[&str]) -> Value {
    let (code, stdout, stderr) = sim(args);
    assert_eq!(code, 0, "{stderr}");
    serde_json::from_str(&stdout).expect("one JSON object")
}

/// Arguments written as one line (none of them contains a space).
fn words(line: &str) -> Vec<&str> {
    line.split(' ').collect()
}

fn win_rate(report: &Value, position: usize) -> f64 {
    report["seats"][position]["win_rate"].as_f64().expect("a win rate")
}

#[test]
fn prints_one_entry_per_listed_bot() {
    let r = report(&["--preset", "plaza", "--seats", "normal,easy,random", "--games", "30", "--seed", "3"]);
    assert_eq!(r["games"], 30);
    assert!(r["games_per_second"].as_f64().is_some_and(|g| g > 0.0));
    assert!(r["mean_turns"].as_f64().is_some_and(|t| t > 10.0));
    let seats = r["seats"].as_array().expect("seats");
    assert_eq!(seats.len(), 3);
    let specs: Vec<&str> = seats.iter().map(|s| s["spec"].as_str().expect("spec")).collect();
    assert_eq!(specs, ["normal", "easy", "random"]);
    let mut wins = 0;
    for s in seats {
        assert_eq!(s["games"], 30);
        let (rate, lo, hi) =
            (s["win_rate"].as_f64().unwrap(), s["ci95"][0].as_f64().unwrap(), s["ci95"][1].as_f64().unwrap());
        assert!(lo <= rate && rate <= hi, "{s}");
        assert!((1.0..=3.0).contains(&s["mean_place"].as_f64().unwrap()), "{s}");
        wins += s["wins"].as_u64().unwrap();
    }
    // plaza ends with the first player home: exactly one winner a game.
    assert_eq!(wins, 30);
}

#[test]
fn results_depend_on_the_seed_not_the_threads() {
    let args = ["--preset", "classic", "--seats", "easy,random", "--games", "40", "--seed", "9"];
    let one = report(&[&args[..], &["--threads", "1"]].concat());
    let three = report(&[&args[..], &["--threads", "3"]].concat());
    assert_eq!(one["seats"], three["seats"]);
    assert_eq!(one["mean_turns"], three["mean_turns"]);
    let other = report(&["--preset", "classic", "--seats", "easy,random", "--games", "40", "--seed", "10"]);
    assert_ne!(one["mean_turns"], other["mean_turns"]);
}

#[test]
fn house_rules_apply() {
    let r = report(&[
        "--preset",
        "race",
        "--seats",
        "normal,normal",
        "--games",
        "10",
        "--rules",
        r#"{"pawns": 2}"#,
    ]);
    // Two pawns make a much shorter game than four.
    let four = report(&["--preset", "race", "--seats", "normal,normal", "--games", "10"]);
    assert!(r["mean_turns"].as_f64() < four["mean_turns"].as_f64(), "{r} {four}");
}

#[test]
fn bad_arguments_exit_2_with_a_message() {
    let cases: [(&[&str], &str); 17] = [
        (&["--preset", "chess", "--seats", "normal,normal", "--games", "5"], "chess"),
        (&["--preset", "Classic", "--seats", "normal,normal", "--games", "5"], "Classic"),
        (&["--preset", "classic", "--seats", "normal,expert", "--games", "5"], "expert"),
        (&["--preset", "classic", "--seats", "normal,Easy", "--games", "5"], "Easy"),
        (&["--preset", "classic", "--seats", "normal,,easy", "--games", "5"], "--seats"),
        (&["--preset", "classic", "--seats", "normal,easy", "--seats", "hard", "--games", "5"], "--seats"),
        (&["--preset", "classic", "--games", "5"], "--seats"),
        (&["--preset", "classic", "--seats", "normal,normal", "--games", "0"], "--games"),
        (&["--preset", "classic", "--seats", "normal", "--games", "5"], "2 to 4"),
        (&["--preset", "classic", "--seats", "normal,normal,normal,normal,normal", "--games", "5"], "2 to 4"),
        (&["--preset", "classic", "--seats", "normal,normal", "--games", "5", "--rules", "{pawns"], "JSON"),
        (
            &[
                "--preset",
                "classic",
                "--seats",
                "normal,normal",
                "--games",
                "5",
                "--rules",
                r#"{"pawnz": 2}"#,
            ],
            "pawnz",
        ),
        (&["--preset", "classic", "--seats", "normal,normal", "--games", "5", "--colour", "red"], "--colour"),
        (&["--preset", "classic", "--seats", "normal,normal", "--games", "many"], "many"),
        // `seats` in the house rules: one colour for each bot, 2 to 4 of them.
        (
            &[
                "--preset",
                "classic",
                "--seats",
                "normal,normal",
                "--rules",
                r#"{"seats": ["red", "green", "blue"]}"#,
                "--games",
                "5",
            ],
            "one colour for each",
        ),
        (
            &[
                "--preset",
                "classic",
                "--seats",
                "normal,normal",
                "--rules",
                r#"{"seats": ["red", "red"]}"#,
                "--games",
                "5",
            ],
            "named twice",
        ),
        (
            &[
                "--preset",
                "classic",
                "--seats",
                "normal,normal",
                "--rules",
                r#"{"seats": ["red", "pink"]}"#,
                "--games",
                "5",
            ],
            "pink",
        ),
    ];
    for (args, says) in cases {
        let (code, stdout, stderr) = sim(args);
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert!(stdout.is_empty(), "{args:?}: {stdout}");
        assert!(stderr.contains(says), "{args:?} should mention {says}: {stderr}");
    }
}

/// The levels' names are spelt as ever: lower case, with spaces allowed
/// around the commas.
#[test]
fn seats_may_have_spaces_around_the_commas() {
    let r = report(&["--preset", "race", "--seats", " hard , random", "--games", "2"]);
    let specs: Vec<&str> =
        r["seats"].as_array().expect("seats").iter().map(|s| s["spec"].as_str().unwrap()).collect();
    assert_eq!(specs, ["hard", "random"]);
}

/// Parity at a 4-player table is 25%; the margins below are many standard
/// errors wide at these game counts.
#[test]
fn strength_order_random_easy_normal_hard() {
    let normal = report(&words(
        "--preset classic --seats normal,random,random,random --games 400 --seed 1 --threads 2",
    ));
    assert!(win_rate(&normal, 0) > 0.6, "normal vs 3 random: {normal}");
    let easy =
        report(&words("--preset classic --seats easy,random,random,random --games 400 --seed 2 --threads 2"));
    assert!(win_rate(&easy, 0) > 0.4, "easy vs 3 random: {easy}");
    let over_easy =
        report(&words("--preset classic --seats normal,easy,easy,easy --games 400 --seed 3 --threads 2"));
    assert!(win_rate(&over_easy, 0) > 0.4, "normal vs 3 easy: {over_easy}");
    // Hard searches, so fewer games: 46% against parity's 25% over 200
    // games in release; a fall to Normal's level fails this.
    let hard =
        report(&words("--preset classic --seats hard,normal,normal,normal --games 40 --seed 5 --threads 2"));
    assert!(win_rate(&hard, 0) > 0.33, "hard vs 3 normal: {hard}");
}

#[test]
fn quick_games_are_short() {
    let quick = report(&words("--preset quick --seats random,random,random,random --games 100 --seed 4"));
    let classic = report(&words("--preset classic --seats random,random,random,random --games 100 --seed 4"));
    let turns = |r: &Value| r["mean_turns"].as_f64().expect("mean turns");
    assert!(turns(&quick) < turns(&classic) / 2.0, "quick {quick} classic {classic}");
    let wins: u64 =
        quick["seats"].as_array().expect("seats").iter().map(|s| s["wins"].as_u64().unwrap()).sum();
    assert_eq!(wins, 100, "one winner a quick game");
}

#[test]
fn team_games_report_each_teams_wins() {
    let r = report(&[
        "--preset",
        "classic",
        "--seats",
        "normal,random,normal,random",
        "--games",
        "60",
        "--seed",
        "6",
        "--rules",
        r#"{"teams": "opposite"}"#,
    ]);
    let teams = r["teams"].as_array().expect("a teams entry");
    assert_eq!(teams.len(), 2);
    assert_eq!(teams[0]["specs"], serde_json::json!(["normal", "normal"]));
    assert_eq!(teams[1]["specs"], serde_json::json!(["random", "random"]));
    let wins = |t: &Value| t["wins"].as_u64().expect("wins");
    assert_eq!(wins(&teams[0]) + wins(&teams[1]), 60, "{r}");
    // Partners win together: each bot's wins are its team's.
    assert_eq!(r["seats"][0]["wins"], teams[0]["wins"]);
    assert_eq!(r["seats"][2]["wins"], teams[0]["wins"]);
    assert_eq!(r["seats"][3]["wins"], teams[1]["wins"]);
    assert!(wins(&teams[0]) > wins(&teams[1]), "two Normal bots beat two random ones: {r}");
    // Without teams there is no teams entry.
    let solo = report(&words("--preset quick --seats normal,random --games 5"));
    assert!(solo.get("teams").is_none());
}

#[test]
fn a_team_table_needs_four_bots() {
    let (code, stdout, stderr) = sim(&[
        "--preset",
        "quick",
        "--seats",
        "hard,normal",
        "--games",
        "5",
        "--rules",
        r#"{"teams": "opposite"}"#,
    ]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stdout.is_empty());
    assert!(stderr.contains("four"), "{stderr}");
}
