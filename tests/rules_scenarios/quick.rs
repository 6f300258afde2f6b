//! RULES.md "Quick games and team play": the `quick` preset, `start_out`,
//! `goal = one` and `capture_to_home`, sentence by sentence.

use super::helpers::*;
use ludopia::rules::{
    Blocked, Bonus, End, Event, Game, Goal, Home, PositionError, Preset, Rules, RulesError, SafeSquares,
    SeatSet, Teams, board,
};

fn quick() -> Rules {
    Preset::Quick.rules()
}

// "The `quick` preset is `classic` with `start_out = 1`, `goal = one`,
// `capture_to_home = true` and `end = first_home`" ... "In every other
// preset `start_out = 0`, `goal = all`, `capture_to_home = false`,
// `teams = none`."
#[test]
fn quick_is_classic_with_one_pawn_out_one_pawn_home_capture_to_home_and_first_home() {
    let expected = Rules {
        start_out: 1,
        goal: Goal::One,
        capture_to_home: true,
        end: End::FirstHome,
        ..Preset::Classic.rules()
    };
    assert_eq!(quick(), expected);
    assert_eq!(Preset::from_name("quick"), Some(Preset::Quick));
    for preset in Preset::ALL.into_iter().filter(|&p| p != Preset::Quick) {
        let r = preset.rules();
        assert_eq!(
            (r.start_out, r.goal, r.capture_to_home, r.teams),
            (0, Goal::All, false, Teams::None),
            "{preset}"
        );
    }
}

// "each player starts with one pawn on its start square"
#[test]
fn a_quick_game_starts_with_one_pawn_of_each_player_on_its_start_square() {
    let g = Game::new(quick(), SeatSet::FULL, S1).expect("a quick game");
    for seat in [S0, S1, S2, S3] {
        assert_eq!(pawns_of(&g, seat), &[0, YARD, YARD, YARD], "{seat}");
    }
    assert_eq!(g.to_act(), Some(S1));
    assert!(g.captured().is_empty());
    // That pawn moves with any roll at once.
    let (_, events) = roll_mv(&g, 3, 0);
    assert_eq!(events[0], Event::Moved { seat: S1, pawn: 0, from: p(0), to: p(3) });
}

// "the first `start_out` pawns of each player (pawn 0, 1, …) begin at
// progress 0. Where that start square is shared, nobody is captured at the
// start."
#[test]
fn start_out_puts_the_first_pawns_on_the_start_square_where_nobody_is_captured() {
    for (pawns, start_out, expected) in [
        (4, 2, &[0, 0, YARD, YARD][..]),
        (4, 4, &[0, 0, 0, 0][..]),
        (2, 2, &[0, 0][..]),
        (2, 1, &[0, YARD][..]),
    ] {
        // Unsafe starts: pawns sharing one still capture no one there.
        let rules = Rules { pawns, start_out, safe_squares: SafeSquares::None, ..Preset::Classic.rules() };
        let g = Game::new(rules, SeatSet::FULL, S0).expect("a game");
        for seat in [S0, S1, S2, S3] {
            assert_eq!(pawns_of(&g, seat), expected, "{pawns} pawns, {start_out} out");
        }
    }
    // A 6 still brings a yard pawn out onto the pawns already there.
    let rules = Rules { start_out: 2, ..Preset::Classic.rules() };
    let g = Game::new(rules, SeatSet::FULL, S0).expect("a game");
    let (g, events) = roll_mv(&g, 6, 2);
    assert_eq!(events[0], Event::Entered { seat: S0, pawn: 2 });
    assert_eq!(pawns_of(&g, S0), &[0, 0, 0, YARD]);
}

/// Decided where RULES.md is open: more pawns out than a player has, or
/// two stacked on one start under `one_per_space`, is no table.
#[test]
fn start_out_beyond_the_pawns_or_stacked_under_one_per_space_is_refused() {
    let two = Rules { pawns: 2, start_out: 3, ..Preset::Classic.rules() };
    assert_eq!(two.validate(), Err(RulesError::StartOut { start_out: 3, pawns: 2 }));
    let race = Rules { start_out: 2, ..Preset::Race.rules() };
    assert_eq!(race.validate(), Err(RulesError::StartOutStacks(2)));
    assert!(matches!(Game::new(race, SeatSet::FULL, S0), Err(PositionError::Rules(_))));
    let race_one = Rules { start_out: 1, ..Preset::Race.rules() };
    assert!(Game::new(race_one, SeatSet::FULL, S0).is_ok());
}

// "`goal = one`: a player finishes the moment one of its pawns arrives ...
// Its other pawns leave the board at once (in scripts and state their
// progress becomes 56)"
#[test]
fn goal_one_finishes_a_player_with_its_first_pawn_home_and_its_others_leave_the_board() {
    let rules = Rules { goal: Goal::One, end: End::PlayOn, ..Preset::Classic.rules() };
    let g = game(rules, &[S0, S1, S2], &[(S0, &[53, 20, YARD, 0]), (S1, &[10]), (S2, &[5])], S0);
    let (g, events) = roll_mv(&g, 3, 0);
    assert_eq!(
        events,
        [
            Event::Moved { seat: S0, pawn: 0, from: p(53), to: p(56) },
            Event::ReachedHome { seat: S0, pawn: 0 },
            Event::LeftBoard { seat: S0, pawn: 1, from: p(20) },
            Event::LeftBoard { seat: S0, pawn: 2, from: p(YARD) },
            Event::LeftBoard { seat: S0, pawn: 3, from: p(0) },
            Event::Finished { seat: S0, place: 1 },
            Event::TurnPassed { from: S0, to: S1 },
        ]
    );
    assert_eq!(pawns_of(&g, S0), &[56, 56, 56, 56]);
    assert_eq!(g.place(S0), Some(1));
    assert!(!g.is_over(), "play_on goes on");
}

/// Decided where RULES.md is open: the move that reaches the goal earns no
/// extra roll, as a last pawn home earns none, even with a 6.
#[test]
fn goal_one_the_finishing_move_earns_no_extra_roll() {
    let rules = Rules { goal: Goal::One, end: End::PlayOn, arrival_bonus: true, ..Preset::Classic.rules() };
    let g = game(rules, &[S0, S1, S2], &[(S0, &[50, 20]), (S1, &[10]), (S2, &[5])], S0);
    let (g, events) = roll_mv(&g, 6, 0);
    assert_eq!(bonus_rolls(&events), 0, "{events:?}");
    assert_eq!(g.to_act(), Some(S1));
}

// "(with `four_spaces`, reaches a home space) ... with `four_spaces` too,
// where 56 is no space at all"
#[test]
fn goal_one_with_four_spaces_finishes_on_a_home_space_and_the_others_go_to_56() {
    let rules = Rules { goal: Goal::One, ..Preset::Race.rules() };
    assert_eq!(rules.home, Home::FourSpaces);
    let g = game(rules, &[S0, S1, S2, S3], &[(S0, &[49, 10, YARD, 30]), (S1, &[40]), (S3, &[45])], S0);
    let (g, events) = roll_mv(&g, 2, 0);
    assert!(events.contains(&Event::ReachedHome { seat: S0, pawn: 0 }), "{events:?}");
    assert_eq!(pawns_of(&g, S0), &[51, 56, 56, 56]);
    assert!(g.is_over(), "race ends with the first player home");
    // "Distance still to go ... with `four_spaces`, the deepest free home
    // space − progress (a yard pawn counts as −1)": S1 14, S2 55, S3 9.
    assert_eq!([g.distance(S1), g.distance(S2), g.distance(S3)], [14, 55, 9]);
    assert_eq!([g.place(S0), g.place(S1), g.place(S2), g.place(S3)], [Some(1), Some(3), Some(4), Some(2)]);
}

// "they neither block nor can be captured, so a finished player never
// walls others in"
#[test]
fn pawns_that_left_the_board_neither_block_nor_can_be_captured() {
    let rules =
        Rules { pawns: 2, goal: Goal::One, end: End::PlayOn, blocking: true, ..Preset::Classic.rules() };
    // S0's pawn at 20 stands on loop square 21, S1's progress 7.
    assert_eq!(progress_on(S1, board::loop_square(S0, p(20))), 7);
    let pawns: &[(_, &[i8])] = &[(S0, &[55, 20]), (S1, &[5]), (S2, &[30])];
    let before = game(rules, &[S0, S1, S2], pawns, S1);
    assert_eq!(before.landing(S1, 0, f(3)), Err(Blocked::PassesAPawn));
    let g = game(rules, &[S0, S1, S2], pawns, S0);
    let (g, _) = roll_mv(&g, 1, 0);
    assert_eq!(pawns_of(&g, S0), &[56, 56]);
    assert_eq!(g.landing(S1, 0, f(3)), Ok(p(8)));
    let (_, events) = roll_mv(&g, 2, 0);
    assert_eq!(captured(&events), []);
}

// "Distance still to go is that of the player's pawn nearest home:
// 56 − progress (a yard pawn is 57)"
#[test]
fn goal_one_distance_is_that_of_the_pawn_nearest_home_and_ranks_a_quick_game() {
    let pawns: &[(_, &[i8])] = &[(S0, &[52]), (S1, &[30]), (S2, &[10, 40]), (S3, &[])];
    let g = game_captured(quick(), &[S0, S1, S2, S3], pawns, S0, &[S0]);
    assert_eq!([g.distance(S0), g.distance(S1), g.distance(S2), g.distance(S3)], [4, 26, 16, 57]);
    // "the first pawn home wins"
    let (g, events) = roll_mv(&g, 4, 0);
    assert_eq!(events.last(), Some(&Event::GameOver { places: [1, 3, 2, 4] }));
    assert!(g.is_over());
}

// "until the player has captured, a pawn that would go past progress 50
// does not turn into the lane: it goes round the loop again and its
// progress drops by 52 (a pawn at 48 moving 5 ends at progress 1, on loop
// square `start + 1`)"
#[test]
fn before_a_capture_a_pawn_goes_round_again_its_progress_dropping_by_52() {
    let g = game(quick(), &[S0, S1, S2, S3], &[(S0, &[48]), (S1, &[10])], S0);
    let (g, events) = roll_mv(&g, 5, 0);
    assert_eq!(events[0], Event::Moved { seat: S0, pawn: 0, from: p(48), to: p(1) });
    assert_eq!(pawns_of(&g, S0)[0], 1);
    assert_eq!(board::loop_square(S0, p(1)), board::start_square(S0) + 1);
    // Once captured (set up as already done), the same move turns home.
    let g = game_captured(quick(), &[S0, S1, S2, S3], &[(S0, &[48]), (S1, &[10])], S0, &[S0]);
    let (g, _) = roll_mv(&g, 5, 0);
    assert_eq!(pawns_of(&g, S0)[0], 53);
}

// "Passing its own start does nothing."
#[test]
fn passing_its_own_start_does_nothing() {
    // An opponent stands on S0's (safe) start: passed, not captured.
    let on_start = progress_on(S1, board::start_square(S0));
    let g = game(quick(), &[S0, S1, S2, S3], &[(S0, &[50]), (S1, &[on_start])], S0);
    let (g, events) = roll_mv(&g, 6, 0);
    assert_eq!(
        events,
        [
            Event::Moved { seat: S0, pawn: 0, from: p(50), to: p(4) },
            Event::BonusRoll { seat: S0, bonus: Bonus::Six }
        ]
    );
    assert_eq!(pawns_of(&g, S1)[0], on_start);
}

// "The one loop square that has no progress number, the square just
// before its start (`start + 51`), is crossed but never stopped on: a move
// that would end there (50 + 1, 49 + 2, …) is not possible for that pawn,
// like an overshoot."
#[test]
fn the_square_before_the_start_is_crossed_but_never_stopped_on() {
    let g = game(quick(), &[S0, S1, S2, S3], &[(S0, &[50, 49, 47, 20])], S0);
    assert_eq!(g.landing(S0, 0, f(1)), Err(Blocked::BeforeStart));
    assert_eq!(g.landing(S0, 1, f(2)), Err(Blocked::BeforeStart));
    assert_eq!(g.landing(S0, 2, f(4)), Err(Blocked::BeforeStart));
    assert_eq!(g.landing(S0, 1, f(3)), Ok(p(0)), "49 + 3 crosses it to the start");
    let (rolled, _) = roll(&g, 2);
    assert_eq!(moves(&rolled), [(0, 50, 0), (2, 47, 49), (3, 20, 22)]);
    // A lone pawn with no other move: the turn passes by itself.
    let g = game(quick(), &[S0, S1, S2, S3], &[(S0, &[50])], S0);
    let (g, events) = roll(&g, 1);
    assert_eq!(events[1..], [Event::NoMove { seat: S0 }, Event::TurnPassed { from: S0, to: S1 }]);
    assert_eq!(g.to_act(), Some(S1));
}

// "Once the player has captured (any capture of an opponent's pawn by one
// of its moves, entering included), its pawns turn into the lane as usual
// from their next move on."
#[test]
fn a_capture_by_entering_opens_the_lane() {
    let rules = Rules { safe_squares: SafeSquares::None, ..quick() };
    let on_start = progress_on(S1, board::start_square(S0));
    let g = game(rules, &[S0, S1, S2, S3], &[(S0, &[YARD, 48]), (S1, &[on_start])], S0);
    assert!(!g.lane_open(S0));
    let (g, events) = roll_mv(&g, 6, 0);
    assert_eq!(captured(&events), [(S1, 0)]);
    assert!(g.captured().contains(S0) && g.lane_open(S0));
    assert!(!g.lane_open(S1), "only the capturer's lane opens");
    let (g, _) = roll_mv(&g, 5, 1);
    assert_eq!(pawns_of(&g, S0)[1], 53);
}

#[test]
fn the_capturing_move_itself_does_not_turn_home_the_next_one_does() {
    // S0's pawn at 48 goes round to progress 1 and captures S1 there.
    let victim = progress_on(S1, board::loop_square(S0, p(1)));
    let g = game(quick(), &[S0, S1, S2, S3], &[(S0, &[48, 49]), (S1, &[victim])], S0);
    let (g, events) = roll_mv(&g, 5, 0);
    assert_eq!(events[0], Event::Moved { seat: S0, pawn: 0, from: p(48), to: p(1) });
    assert_eq!(captured(&events), [(S1, 0)]);
    assert!(events.contains(&Event::BonusRoll { seat: S0, bonus: Bonus::Capture }));
    let (g, _) = roll_mv(&g, 3, 1);
    assert_eq!(pawns_of(&g, S0), &[1, 52, YARD, YARD]);
}

/// Decided where RULES.md is open: a pawn a script puts in its lane before
/// any capture moves on up it as usual.
#[test]
fn a_pawn_already_in_its_lane_moves_on_before_a_capture() {
    let g = game(quick(), &[S0, S1, S2, S3], &[(S0, &[52])], S0);
    assert!(!g.lane_open(S0));
    let (g, events) = roll_mv(&g, 4, 0);
    assert!(events.contains(&Event::ReachedHome { seat: S0, pawn: 0 }));
    assert!(g.is_over());
}

// "Distance still to go ignores the rule (it counts as if the lane were
// open)."
#[test]
fn distance_ignores_capture_to_home() {
    let shut = Rules { pawns: 2, capture_to_home: true, ..Preset::Classic.rules() };
    let g = game(shut, &[S0, S1], &[(S0, &[50]), (S1, &[10, 20])], S0);
    assert!(!g.lane_open(S0));
    assert_eq!(g.distance(S0), 6 + 57);
    let g = game(quick(), &[S0, S1], &[(S0, &[50]), (S1, &[10])], S0);
    assert_eq!(g.distance(S0), 6);
}

// "In scripts and state, `captured` lists the colours that have captured."
#[test]
fn the_state_keeps_who_has_captured_under_every_rule_set() {
    let victim = progress_on(S1, board::loop_square(S0, p(15)));
    let g = game(Preset::Classic.rules(), &[S0, S1], &[(S0, &[12]), (S1, &[victim])], S0);
    assert!(g.captured().is_empty());
    let (g, _) = roll_mv(&g, 3, 0);
    assert_eq!(g.captured(), seats(&[S0]));
    // Encoded and decoded with the rest of the state.
    let bytes = postcard::to_allocvec(&g).expect("encodes");
    assert_eq!(postcard::from_bytes::<Game>(&bytes), Ok(g));
}
