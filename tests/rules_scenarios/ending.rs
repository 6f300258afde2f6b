//! The end: play_on and first_home, places shared, distance still to go.

use super::helpers::*;
use ludopia::rules::{Action, End, Event, Illegal, Phase, Preset, Rules};

#[test]
fn play_on_goes_on_until_one_is_left_and_that_one_takes_the_last_place() {
    let rules = Rules { pawns: 2, ..Preset::Classic.rules() };
    assert_eq!(rules.end, End::PlayOn);
    let g = game(rules, &[S0, S1, S2], &[(S0, &[56, 55]), (S1, &[56, 55]), (S2, &[10])], S0);
    let (g, events) = roll_mv(&g, 1, 1);
    assert_eq!(events[2..], [Event::Finished { seat: S0, place: 1 }, Event::TurnPassed { from: S0, to: S1 }]);
    assert!(!g.is_over());
    let (g, events) = roll_mv(&g, 1, 1);
    assert_eq!(
        events[2..],
        [Event::Finished { seat: S1, place: 2 }, Event::GameOver { places: [1, 2, 3, 0] }]
    );
    assert!(g.is_over());
    assert_eq!(g.phase(), Phase::Over);
    assert_eq!(g.to_act(), None);
    assert_eq!([g.place(S0), g.place(S1), g.place(S2), g.place(S3)], [Some(1), Some(2), Some(3), None]);
    assert_eq!(refuse(&g, Action::Roll { seat: S2, face: f(3) }), Illegal::GameOver);
}

#[test]
fn play_on_skips_finished_players() {
    let rules = Rules { pawns: 2, ..Preset::Classic.rules() };
    // S1 is already home: it has place 1 and is skipped.
    let g = game(rules, &[S0, S1, S2], &[(S0, &[10]), (S1, &[56, 56]), (S2, &[10])], S0);
    assert_eq!(g.place(S1), Some(1));
    let (g, events) = roll_mv(&g, 1, 0);
    assert_eq!(events.last(), Some(&Event::TurnPassed { from: S0, to: S2 }));
    let (_, events) = roll_mv(&g, 1, 0);
    assert_eq!(events.last(), Some(&Event::TurnPassed { from: S2, to: S0 }));
}

#[test]
fn play_on_with_four_players_gives_four_places() {
    let rules = Rules { pawns: 2, ..Preset::Classic.rules() };
    let all = [S0, S1, S2, S3];
    let mut g = game(rules, &all, &[(S0, &[56, 55]), (S1, &[10]), (S2, &[56, 55]), (S3, &[56, 55])], S0);
    // S0 finishes; S1 rolls a 2; S2 finishes; S3 finishes and S1 is last.
    let (next, _) = roll_mv(&g, 1, 1);
    g = next;
    let (next, _) = roll_mv(&g, 2, 0);
    g = next;
    let (next, _) = roll_mv(&g, 1, 1);
    g = next;
    let (next, events) = roll_mv(&g, 1, 1);
    assert_eq!(events.last(), Some(&Event::GameOver { places: [1, 4, 2, 3] }));
    assert!(next.is_over());
}

#[test]
fn first_home_ranks_the_rest_by_distance_still_to_go_with_shared_places() {
    let plaza = Preset::Plaza.rules();
    assert_eq!(plaza.end, End::FirstHome);
    let g = game(
        plaza,
        &[S0, S1, S2, S3],
        &[(S0, &[56, 56, 56, 55]), (S1, &[50, 50]), (S2, &[50, 50]), (S3, &[56, 0])],
        S0,
    );
    // 6 + 6 + 57 + 57 (a yard pawn is 57 from home); S3: 0 + 56 + 57 + 57.
    assert_eq!([g.distance(S1), g.distance(S2), g.distance(S3)], [126, 126, 170]);
    assert_eq!(g.distance(S0), 1);
    let (next, events) = roll_mv(&g, 1, 3);
    assert_eq!(
        events[2..],
        [Event::Finished { seat: S0, place: 1 }, Event::GameOver { places: [1, 2, 2, 4] }]
    );
    assert!(next.is_over());
    assert_eq!(next.place(S3), Some(4));
}

#[test]
fn first_home_with_two_players() {
    let g = game(Preset::Plaza.rules(), &[S1, S3], &[(S1, &[56, 56, 56, 50]), (S3, &[50, 50, 50, 50])], S1);
    let (next, events) = roll_mv(&g, 6, 3);
    assert_eq!(events.last(), Some(&Event::GameOver { places: [0, 1, 0, 2] }));
    assert!(next.is_over());
}

#[test]
fn race_ranking_pairs_pawns_with_free_home_spaces_deepest_first() {
    let race = Preset::Race.rules();
    let g = game(
        race,
        &[S0, S1, S2, S3],
        &[
            (S0, &[54, 53, 52, 50]),
            // Free 54, 52, 51 for 50, 10, yard: 4 + 42 + 52.
            (S1, &[53, 50, 10, -1]),
            // Free 53, 52 for 40, 12: 13 + 40.
            (S2, &[54, 51, 40, 12]),
            (S3, &[53, 50, 10, -1]),
        ],
        S0,
    );
    assert_eq!([g.distance(S1), g.distance(S2), g.distance(S3)], [98, 53, 98]);
    let (next, events) = roll_mv(&g, 1, 3);
    assert_eq!(
        events[2..],
        [Event::Finished { seat: S0, place: 1 }, Event::GameOver { places: [1, 3, 2, 3] }]
    );
    assert!(next.is_over());
}

#[test]
fn race_distance_of_a_player_with_every_pawn_in_its_yard() {
    // 54, 53, 52, 51 for four yard pawns: 55 + 54 + 53 + 52.
    let g = game(Preset::Race.rules(), &[S0, S1], &[], S0);
    assert_eq!(g.distance(S1), 214);
    // Lane rules: 4 × 57.
    let g = game(Preset::Plaza.rules(), &[S0, S1], &[], S0);
    assert_eq!(g.distance(S1), 228);
}
