//! RULES.md "Quick games and team play": `teams = opposite`, sentence by
//! sentence.

use super::helpers::*;
use ludopia::rules::{
    Action, Blocked, Bonus, Event, Game, Illegal, Penalty, PositionError, Preset, Rules, SafeSquares,
    SeatSet, Teams, ThreeSixes, board,
};

/// Classic with teams and two pawns a player, the short positions below.
fn teams() -> Rules {
    Rules { pawns: 2, teams: Teams::Opposite, ..Preset::Classic.rules() }
}

const ALL: [ludopia::rules::Seat; 4] = [S0, S1, S2, S3];

// "`teams = opposite` needs all four seats."
#[test]
fn teams_need_all_four_seats() {
    assert_eq!(Game::new(teams(), seats(&[S0, S1, S2]), S0), Err(PositionError::TeamsNeedFourSeats(3)));
    assert_eq!(Game::new(teams(), seats(&[S0, S2]), S0), Err(PositionError::TeamsNeedFourSeats(2)));
    assert!(Game::new(teams(), SeatSet::FULL, S0).is_ok());
}

// "Partners (seat 0 with 2, seat 1 with 3) never capture each other: a pawn
// ending its move on a partner's pawn shares the square"
#[test]
fn partners_share_a_square_and_never_capture_each_other() {
    // Loop square 17: S2's progress 42, S1's 3; not a safe square.
    let square = board::loop_square(S0, p(16));
    assert!(!board::is_safe_square(square));
    let (partner_at, rival_at) = (progress_on(S2, square), progress_on(S1, square));
    let g = game(teams(), &ALL, &[(S0, &[14]), (S1, &[rival_at]), (S2, &[partner_at])], S0);
    let (g, events) = roll_mv(&g, 2, 0);
    assert_eq!(captured(&events), [(S1, 0)], "the rival is captured, the partner is not");
    assert_eq!((pawns_of(&g, S0)[0], pawns_of(&g, S2)[0]), (16, partner_at));
    assert_eq!(g.partner(S0), Some(S2));
    assert_eq!(g.partner(S3), Some(S1));
    // Entering onto a partner on an unsafe start: shared too.
    let open = Rules { safe_squares: SafeSquares::None, ..teams() };
    let on_start = progress_on(S2, board::start_square(S0));
    let g = game(open, &ALL, &[(S2, &[on_start])], S0);
    let (g, events) = roll_mv(&g, 6, 0);
    assert_eq!(captured(&events), []);
    assert_eq!((pawns_of(&g, S0)[0], pawns_of(&g, S2)[0]), (0, on_start));
}

// "(with `one_per_space` it cannot land there; with `blocking`, a
// partner's pawn blocks like any other)"
#[test]
fn with_one_per_space_a_partner_cannot_be_landed_on_and_with_blocking_it_blocks() {
    let partner_at = progress_on(S2, board::loop_square(S0, p(16)));
    let pawns: &[(_, &[i8])] = &[(S0, &[14]), (S2, &[partner_at])];
    let single = Rules { one_per_space: true, ..teams() };
    let g = game(single, &ALL, pawns, S0);
    assert_eq!(g.landing(S0, 0, f(2)), Err(Blocked::PartnerThere));
    assert_eq!(g.landing(S0, 0, f(3)), Ok(p(17)));
    let blocking = Rules { blocking: true, ..teams() };
    let g = game(blocking, &ALL, pawns, S0);
    assert_eq!(g.landing(S0, 0, f(4)), Err(Blocked::PassesAPawn));
    assert_eq!(g.landing(S0, 0, f(2)), Ok(p(16)), "the target never blocks: shared");
}

// "A player who has finished goes on taking its turns and, with its own
// rolls, moves its partner's pawns (its legal moves are its partner's;
// pawn indices in a `move` are the partner's)."
#[test]
fn a_finished_player_moves_its_partners_pawns_with_its_own_rolls() {
    let pawns: &[(_, &[i8])] = &[(S0, &[56, 56]), (S1, &[5]), (S2, &[10, YARD]), (S3, &[5])];
    let g = game(teams(), &ALL, pawns, S0);
    assert!(g.has_finished(S0));
    assert_eq!((g.place(S0), g.to_act(), g.mover()), (None, Some(S0), S2));
    let (rolled, _) = roll(&g, 4);
    assert_eq!(moves(&rolled), [(0, 10, 14)]);
    let (after, events) = mv(&rolled, 0);
    assert_eq!(
        events,
        [Event::Moved { seat: S2, pawn: 0, from: p(10), to: p(14) }, Event::TurnPassed { from: S0, to: S1 }]
    );
    assert_eq!(pawns_of(&after, S2), &[14, YARD]);
    // "Bonus rolls ... belong to the player who rolled"
    let (rolled, _) = roll(&g, 6);
    assert_eq!(moves(&rolled), [(0, 10, 16), (1, YARD, 0)]);
    let (after, events) = mv(&rolled, 1);
    assert_eq!(
        events,
        [Event::Entered { seat: S2, pawn: 1 }, Event::BonusRoll { seat: S0, bonus: Bonus::Six }]
    );
    assert_eq!(after.to_act(), Some(S0));
    // The partner still plays its own turns with its own pawns.
    let g = game(teams(), &ALL, pawns, S2);
    assert_eq!(g.mover(), S2);
}

// "Bonus rolls, three sixes and `must_capture` belong to the player who
// rolled, and a penalty's leading pawn is taken among the pawns that
// player moves"
#[test]
fn three_sixes_count_the_rollers_sixes_and_take_the_partners_leading_pawn() {
    let rules = Rules { three_sixes: ThreeSixes::LeadingPawnHome, ..teams() };
    let g = game(rules, &ALL, &[(S0, &[56, 56]), (S2, &[20, 30])], S0);
    let (g, _) = roll_mv(&g, 6, 0);
    let (g, _) = roll_mv(&g, 6, 0);
    assert_eq!((g.sixes(), &pawns_of(&g, S2)[..]), (2, &[32, 30][..]));
    let (g, events) = roll(&g, 6);
    assert_eq!(
        events[1..],
        [
            Event::ThreeSixes { seat: S0 },
            Event::SentToYard { seat: S2, pawn: 0, from: p(32), penalty: Penalty::ThreeSixes },
            Event::TurnPassed { from: S0, to: S1 },
        ]
    );
    assert_eq!(pawns_of(&g, S2), &[YARD, 30]);
}

#[test]
fn must_capture_judges_the_partners_pawns_that_the_roller_moves() {
    let rules = Rules { must_capture: true, ..teams() };
    let rival_at = progress_on(S1, board::loop_square(S2, p(12)));
    let g = game(rules, &ALL, &[(S0, &[56, 56]), (S1, &[rival_at]), (S2, &[10, 20])], S0);
    // The capture not taken: the partner's leading pawn goes to its yard.
    let (after, events) = roll_mv(&g, 2, 1);
    assert_eq!(
        events[1],
        Event::SentToYard { seat: S2, pawn: 1, from: p(22), penalty: Penalty::MissedCapture }
    );
    assert_eq!(pawns_of(&after, S2), &[10, YARD]);
    // Taken: the roller has captured and rolls again.
    let (after, events) = roll_mv(&g, 2, 0);
    assert_eq!(captured(&events), [(S1, 0)]);
    assert!(events.contains(&Event::BonusRoll { seat: S0, bonus: Bonus::Capture }), "{events:?}");
    assert_eq!(after.captured(), seats(&[S0]));
}

// "with `capture_to_home`, a capture by either partner opens both
// partners' lanes"
#[test]
fn a_capture_by_either_partner_opens_both_lanes() {
    let rules = Rules { capture_to_home: true, ..teams() };
    let g = game_captured(rules, &ALL, &[(S0, &[48]), (S1, &[48])], S0, &[S2]);
    assert!(g.lane_open(S0) && g.lane_open(S2));
    assert!(!g.lane_open(S1) && !g.lane_open(S3));
    let (g, _) = roll_mv(&g, 5, 0);
    assert_eq!(pawns_of(&g, S0)[0], 53);
    let (g, _) = roll_mv(&g, 5, 0);
    assert_eq!(pawns_of(&g, S1)[0], 1, "the other team has not captured: round again");
    // In play: S2 captures, and S0's next move turns home.
    let rival_at = progress_on(S1, board::loop_square(S2, p(12)));
    let g = game(rules, &ALL, &[(S0, &[48]), (S1, &[rival_at]), (S2, &[10])], S2);
    assert!(!g.lane_open(S0));
    let (g, events) = roll_mv(&g, 2, 0);
    assert_eq!(captured(&events), [(S1, 0)]);
    let (g, _) = roll_mv(&g, 1, 0); // S2's capture bonus
    let (g, _) = roll(&g, 1); // S3 has no move
    assert_eq!(g.to_act(), Some(S0));
    let (g, _) = roll_mv(&g, 5, 0);
    assert_eq!(pawns_of(&g, S0)[0], 53);
}

// "A team has finished when both partners have; the first team to finish
// takes place 1 for both partners and the game is over: the other team
// takes place 2 for both (whatever `end` says)."
#[test]
fn the_first_team_to_finish_takes_place_1_for_both_and_the_others_place_2() {
    let pawns: &[(_, &[i8])] = &[(S0, &[56, 56]), (S1, &[5]), (S2, &[55, 56]), (S3, &[5])];
    // By the finished partner's roll, moving the other's last pawn.
    let g = game(teams(), &ALL, pawns, S0);
    let (g, events) = roll_mv(&g, 1, 0);
    assert!(events.contains(&Event::Finished { seat: S0, place: 1 }), "{events:?}");
    assert!(events.contains(&Event::Finished { seat: S2, place: 1 }), "{events:?}");
    assert_eq!(events.last(), Some(&Event::GameOver { places: [1, 2, 1, 2] }));
    assert!(g.is_over());
    // By the partner's own move: the same.
    let g = game(teams(), &ALL, pawns, S2);
    let (g, events) = roll_mv(&g, 1, 0);
    assert_eq!(events.last(), Some(&Event::GameOver { places: [1, 2, 1, 2] }));
    assert_eq!(ALL.map(|s| g.place(s)), [Some(1), Some(2), Some(1), Some(2)]);
    // The other team first.
    let pawns: &[(_, &[i8])] = &[(S0, &[5]), (S1, &[56, 56]), (S2, &[5]), (S3, &[54, 56])];
    let g = game(teams(), &ALL, pawns, S3);
    let (g, _) = roll_mv(&g, 2, 0);
    assert_eq!(ALL.map(|s| g.place(s)), [Some(2), Some(1), Some(2), Some(1)]);
}

#[test]
fn a_lone_finished_partner_takes_no_place_and_the_game_goes_on_whatever_end_says() {
    for rules in [teams(), Rules { pawns: 2, teams: Teams::Opposite, ..Preset::Plaza.rules() }] {
        let pawns: &[(_, &[i8])] = &[(S0, &[55, 56]), (S1, &[5]), (S2, &[10]), (S3, &[5])];
        let g = game(rules, &ALL, pawns, S0);
        let (g, events) = roll_mv(&g, 1, 0);
        assert_eq!(
            events,
            [
                Event::Moved { seat: S0, pawn: 0, from: p(55), to: p(56) },
                Event::ReachedHome { seat: S0, pawn: 0 },
                Event::TurnPassed { from: S0, to: S1 },
            ],
            "{:?}",
            rules.end
        );
        assert!(g.has_finished(S0) && !g.is_over());
        assert_eq!(g.place(S0), None);
        // Round the table and back: S0 now moves S2's pawns.
        let (g, _) = roll_mv(&g, 1, 0);
        let (g, _) = roll_mv(&g, 1, 0);
        let (g, _) = roll_mv(&g, 1, 0);
        assert_eq!((g.to_act(), g.mover()), (Some(S0), S2));
        let (_, events) = roll_mv(&g, 2, 0);
        assert_eq!(events[0], Event::Moved { seat: S2, pawn: 0, from: p(11), to: p(13) });
    }
}

#[test]
fn teams_with_goal_one_a_finished_player_leaves_the_board_and_plays_for_its_partner() {
    let rules = Rules { teams: Teams::Opposite, ..Preset::Quick.rules() };
    let g = game_captured(rules, &ALL, &[(S0, &[52, 10]), (S2, &[20])], S0, &[S0]);
    let (g, events) = roll_mv(&g, 4, 0);
    assert!(events.contains(&Event::LeftBoard { seat: S0, pawn: 1, from: p(10) }), "{events:?}");
    assert!(!g.is_over(), "quick ends with the first home, but a team needs both partners");
    assert_eq!(g.place(S0), None);
    assert_eq!(g.mover_for(S0), S2);
}

// "The palace duel: a player may not challenge its partner."
#[test]
fn in_palace_a_player_may_not_challenge_its_partner() {
    let rules = Rules { teams: Teams::Opposite, ..Preset::Palace.rules() };
    let g = Game::new(rules, SeatSet::FULL, S0).expect("a palace team game");
    let why = refuse(&g, Action::Challenge { seat: S0, opponent: S2 });
    assert_eq!(why, Illegal::BadOpponent { opponent: S2 });
    let (_, events) = act(&g, Action::Challenge { seat: S0, opponent: S1 });
    assert_eq!(events, [Event::Challenged { seat: S0, opponent: S1 }]);
}
