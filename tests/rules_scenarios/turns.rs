//! Whose turn: passing clockwise over empty seats, acting out of turn, and
//! the typed reason for every illegal action.

use super::helpers::*;
use ludopia::rules::{
    Action, Colour, Event, Face, Game, Illegal, Phase, PositionError, Preset, Rules, RulesError, Seat,
    SeatSet, Setup,
};

#[test]
fn the_turn_passes_clockwise_skipping_empty_seats() {
    for (players, order) in [
        (vec![S0, S2], vec![S0, S2, S0]),
        (vec![S1, S3, S0], vec![S1, S3, S0, S1]),
        (vec![S2, S3], vec![S3, S2, S3]),
        (vec![S0, S1, S2, S3], vec![S2, S3, S0, S1, S2]),
    ] {
        let mut g = Game::new(Preset::Classic.rules(), seats(&players), order[0]).unwrap();
        for pair in order.windows(2) {
            let (next, events) = roll(&g, 3);
            assert_eq!(events.last(), Some(&Event::TurnPassed { from: pair[0], to: pair[1] }));
            g = next;
        }
    }
}

#[test]
fn acting_out_of_turn_is_illegal_and_changes_nothing() {
    let g = game(Preset::Classic.rules(), &[S0, S1, S2], &[(S0, &[10])], S0);
    let (rolled, _) = roll(&g, 4);
    for state in [g, rolled] {
        for seat in [S1, S2, S3] {
            for action in [
                Action::Roll { seat, face: f(4) },
                Action::Move { seat, pawn: 0 },
                Action::Challenge { seat, opponent: S0 },
                Action::Mark { seat, cell: 0 },
            ] {
                assert_eq!(refuse(&state, action), Illegal::NotYourTurn { to_act: S0 });
            }
        }
    }
}

#[test]
fn each_illegal_action_has_its_typed_reason() {
    let g = game(Preset::Classic.rules(), &[S0, S1], &[(S0, &[10])], S0);
    assert_eq!(refuse(&g, Action::Move { seat: S0, pawn: 0 }), Illegal::WrongPhase);
    assert_eq!(refuse(&g, Action::Challenge { seat: S0, opponent: S1 }), Illegal::WrongPhase);
    assert_eq!(refuse(&g, Action::Mark { seat: S0, cell: 0 }), Illegal::WrongPhase);
    // A die face is 1 to 6 by its type: nothing else can be rolled.
    assert_eq!((Face::new(0), Face::new(7)), (None, None));
    let (rolled, _) = roll(&g, 4);
    assert_eq!(rolled.phase(), Phase::Move { face: f(4) });
    assert_eq!(refuse(&rolled, Action::Roll { seat: S0, face: f(4) }), Illegal::WrongPhase);
    assert_eq!(refuse(&rolled, Action::Move { seat: S0, pawn: 4 }), Illegal::NoSuchPawn { pawn: 4 });
    assert_eq!(refuse(&rolled, Action::Move { seat: S0, pawn: 200 }), Illegal::NoSuchPawn { pawn: 200 });
    // Two pawns: pawn 2 does not exist.
    let two = game(Rules { pawns: 2, ..Preset::Classic.rules() }, &[S0, S1], &[(S0, &[10])], S0);
    let (rolled, _) = roll(&two, 4);
    assert_eq!(refuse(&rolled, Action::Move { seat: S0, pawn: 2 }), Illegal::NoSuchPawn { pawn: 2 });
}

#[test]
fn a_player_who_can_move_must_move_even_with_one_legal_move() {
    let g = game(Preset::Classic.rules(), &[S0, S1], &[(S0, &[10])], S0);
    let (rolled, events) = roll(&g, 4);
    assert_eq!(events, [Event::Rolled { seat: S0, face: f(4) }]);
    assert_eq!(moves(&rolled), [(0, 10, 14)]);
    assert_eq!((rolled.phase(), rolled.to_act()), (Phase::Move { face: f(4) }, Some(S0)));
    assert_eq!(pawns_of(&rolled, S0)[0], 10);
}

#[test]
fn two_pawn_games_have_two_pawns() {
    let rules = Rules { pawns: 2, ..Preset::Classic.rules() };
    let g = Game::new(rules, seats(&[S0, S1]), S0).unwrap();
    assert_eq!(pawns_of(&g, S0), &[-1, -1]);
    let (rolled, _) = roll(&g, 6);
    assert_eq!(moves(&rolled), [(0, -1, 0), (1, -1, 0)]);
    let g = game(rules, &[S0, S1], &[(S0, &[56, 50])], S0);
    let (next, events) = roll_mv(&g, 6, 1);
    assert!(events.contains(&Event::Finished { seat: S0, place: 1 }));
    assert!(next.is_over());
}

#[test]
fn the_kth_colour_of_the_order_sits_at_seat_k() {
    let plaza = Preset::Plaza.rules();
    assert_eq!(plaza.seat_of(Colour::Blue), S2);
    assert_eq!(plaza.seat_of(Colour::Yellow), S3);
    assert_eq!(plaza.colour_of(S2), Colour::Blue);
    for preset in [Preset::Classic, Preset::Race, Preset::Palace] {
        let rules = preset.rules();
        for (k, colour) in [Colour::Red, Colour::Green, Colour::Yellow, Colour::Blue].into_iter().enumerate()
        {
            assert_eq!(rules.seat_of(colour), Seat::ALL[k]);
        }
    }
}

#[test]
fn impossible_positions_are_refused_with_a_reason() {
    let classic = Preset::Classic.rules();
    let setup = |rules: Rules, players: &[Seat], pawns: [[i8; 4]; 4], turn| {
        let pawns = pawns.map(|row| row.map(p));
        Game::from_setup(Setup { rules, players: seats(players), pawns, turn, captured: SeatSet::EMPTY })
    };
    let yards = [[YARD; 4]; 4];
    assert_eq!(setup(classic, &[S0], yards, S0), Err(PositionError::PlayerCount(1)));
    assert_eq!(setup(classic, &[S0, S1], yards, S2), Err(PositionError::TurnNotPlaying(S2)));
    let mut red_home = yards;
    red_home[0] = [56; 4];
    assert_eq!(setup(classic, &[S0, S1, S2], red_home, S0), Err(PositionError::TurnFinished(S0)));
    assert_eq!(
        setup(Rules { pawns: 3, ..classic }, &[S0, S1], yards, S0),
        Err(PositionError::Rules(RulesError::PawnCount(3)))
    );
    let mut far = yards;
    far[0][1] = 57;
    assert!(matches!(setup(classic, &[S0, S1], far, S0), Err(PositionError::ProgressOutOfRange { .. })));
    // Race's home spaces end at 54.
    far[0][1] = 55;
    assert!(setup(classic, &[S0, S1], far, S0).is_ok());
    assert!(matches!(
        setup(Preset::Race.rules(), &[S0, S1], far, S0),
        Err(PositionError::ProgressOutOfRange { .. })
    ));
    let mut shared = yards;
    shared[0] = [10, 10, -1, -1];
    assert!(setup(classic, &[S0, S1], shared, S0).is_ok());
    assert!(matches!(
        setup(Preset::Race.rules(), &[S0, S1], shared, S0),
        Err(PositionError::SpaceShared { .. })
    ));
    // first_home: a player already home means the game is decided.
    let mut home = yards;
    home[0] = [56; 4];
    assert_eq!(setup(Preset::Plaza.rules(), &[S0, S1], home, S1), Err(PositionError::AlreadyOver));
}
