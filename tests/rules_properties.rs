//! Property tests of the rules engine: thousands of random games of every
//! preset and of random house-rule combinations, 2–4 players, 2 or 4 pawns,
//! with RULES.md's invariants checked after every action.

use ludopia::rules::{
    Action, Colour, Dice, End, Event, Face, FirstPlayer, Game, Goal, Home, Illegal, Phase, Preset, Progress,
    Rules, SafeSquares, Seat, SeatSet, Teams, ThreeSixes, board,
};
use proptest::prelude::*;

mod support;
use support::game::{Dice64, random_legal};

/// The yard, as RULES.md numbers it: this test checks the numbers.
const YARD: i8 = -1;

/// `seat`'s pawns' progress as numbers.
fn nums(game: &Game, seat: Seat) -> Vec<i8> {
    game.pawns(seat).iter().map(|p| p.get()).collect()
}

/// More actions than any game needs, so that a game that does not end is
/// caught. Presets end far sooner (`every_preset_plays_to_the_end_with_every_player_count`
/// reports the longest), but random players at a palace table, where every
/// roll is a duel, with `must_capture`'s penalties sending leaders back,
/// took 20,790 actions in a saved regression case.
const MAX_ACTIONS: usize = 100_000;

/// Any action at all, legal or not, by any seat.
fn random_any(rng: &mut Dice64) -> Action {
    let seat = Seat::ALL[rng.below(4)];
    let small = rng.below(12) as u8;
    match rng.below(4) {
        0 => Action::Roll { seat, face: Face::from_draw(small) },
        1 => Action::Move { seat, pawn: small % 6 },
        2 => Action::Challenge { seat, opponent: Seat::ALL[rng.below(4)] },
        _ => Action::Mark { seat, cell: small },
    }
}

/// RULES.md's invariants of a single state.
fn check_state(game: &Game) {
    let rules = game.rules();
    let last = match rules.home {
        Home::Lane => 56,
        Home::FourSpaces => 54,
    };
    let safe =
        |square: u8| rules.safe_squares == SafeSquares::StartsAndStars && board::is_safe_square(square);
    // (seat, loop square) of every pawn on the loop.
    let mut on_loop: Vec<(Seat, u8)> = Vec::new();
    for seat in Seat::ALL {
        if !game.players().contains(seat) {
            continue;
        }
        let pawns = nums(game, seat);
        assert_eq!(pawns.len(), usize::from(rules.pawns), "pawn count");
        let left_board = rules.goal == Goal::One && game.has_finished(seat);
        for (i, &p) in pawns.iter().enumerate() {
            // With goal = one a finished player's other pawns are off the board, at 56.
            let off = left_board && p == 56;
            assert!((YARD..=last).contains(&p) || off, "{seat} pawn {i} at {p}: out of range");
            if left_board {
                assert!(off || is_home(rules, p), "{seat} finished but pawn {i} is still at {p}");
            }
            if (0..=50).contains(&p) {
                let square = ((1 + 13 * seat.index() as i32 + i32::from(p)) % 52) as u8;
                on_loop.push((seat, square));
            }
            if (51..=55).contains(&p) {
                // Home lanes are private: the cell is the seat's own lane.
                let cell = board::cell(seat, Progress::new(p)).expect("lane cell");
                assert_eq!(board::lane_owner(cell), Some(seat));
                let single = rules.one_per_space || rules.home == Home::FourSpaces;
                if single {
                    assert_eq!(pawns.iter().filter(|&&q| q == p).count(), 1, "{seat}: two pawns on lane {p}");
                }
            }
        }
        if game.place(seat).is_none() && !game.is_over() && !rules.has_teams() {
            // A player still playing has not reached its goal (at a team
            // table a finished player plays on for its partner).
            assert!(!game.has_finished(seat), "{seat} has finished without a place");
        }
    }
    for (i, &(seat, square)) in on_loop.iter().enumerate() {
        for &(other, there) in &on_loop[i + 1..] {
            if there != square {
                continue;
            }
            assert!(!rules.one_per_space, "one_per_space: {seat} and {other} share square {square}");
            let partners = game.partner(seat) == Some(other);
            assert!(
                other == seat || partners || safe(square),
                "{seat} and {other} share unsafe square {square}"
            );
        }
    }
    if !game.is_over() {
        let to_act = game.to_act().expect("someone is to act");
        assert!(game.remaining().contains(to_act));
        assert!(game.remaining().len() >= 2, "the game goes on with one player: {game:?}");
        if let Phase::Move { .. } = game.phase() {
            assert!(!game.legal_moves().is_empty(), "a move is due but none is legal");
        }
    }
}

fn is_home(rules: &Rules, p: i8) -> bool {
    match rules.home {
        Home::Lane => p == 56,
        Home::FourSpaces => (51..=54).contains(&p),
    }
}

/// The pawns after an action are the pawns before it with the events'
/// movements applied, and nothing else changes.
fn check_events_explain_pawns(before: &Game, after: &Game, events: &[Event]) {
    let mut pawns = [[YARD; 4]; 4];
    for seat in before.players().iter() {
        let numbers = nums(before, seat);
        pawns[seat.index()][..numbers.len()].copy_from_slice(&numbers);
    }
    let mut finished = Vec::new();
    let rules = before.rules();
    assert!(before.captured().minus(after.captured()).is_empty(), "a capture was forgotten");
    for event in events {
        match *event {
            Event::Entered { seat, pawn } => {
                assert_eq!(
                    seat,
                    before.mover(),
                    "the roller moves its own pawns, or its partner's once finished"
                );
                assert_eq!(pawns[seat.index()][usize::from(pawn)], YARD);
                pawns[seat.index()][usize::from(pawn)] = 0;
            }
            Event::Moved { seat, pawn, from, to } => {
                let (from, to) = (from.get(), to.get());
                assert_eq!(
                    seat,
                    before.mover(),
                    "the roller moves its own pawns, or its partner's once finished"
                );
                assert_eq!(pawns[seat.index()][usize::from(pawn)], from);
                if to < from {
                    // Round the loop again: only while the lane is shut.
                    assert!(rules.capture_to_home && !before.lane_open(seat), "{seat}: {from} to {to}");
                    assert!(from > 44 && (0..=4).contains(&to), "{seat}: {from} to {to}");
                } else {
                    assert!(to > from);
                }
                if from <= 50 && to > 50 {
                    assert!(before.lane_open(seat), "{seat} turned into a shut lane");
                }
                pawns[seat.index()][usize::from(pawn)] = to;
            }
            Event::Captured { seat, by, .. } if by == seat || before.partner(by) == Some(seat) => {
                panic!("{by} captured its own side's pawn ({seat}): {events:?}");
            }
            Event::Captured { .. } if !after.captured().contains(before.to_act().expect("someone acted")) => {
                panic!("a capture not kept in the state: {events:?}");
            }
            Event::LeftBoard { seat, pawn, from } => {
                assert_eq!(rules.goal, Goal::One);
                assert_eq!(pawns[seat.index()][usize::from(pawn)], from.get());
                pawns[seat.index()][usize::from(pawn)] = 56;
            }
            Event::Captured { seat, pawn, from, .. } | Event::SentToYard { seat, pawn, from, .. } => {
                assert_eq!(pawns[seat.index()][usize::from(pawn)], from.get());
                pawns[seat.index()][usize::from(pawn)] = YARD;
            }
            Event::Finished { seat, place } => {
                assert_eq!(after.place(seat), Some(place));
                finished.push(seat);
            }
            Event::GameOver { places } => {
                assert!(after.is_over());
                for seat in Seat::ALL {
                    assert_eq!(after.place(seat).unwrap_or(0), places[seat.index()]);
                }
            }
            _ => {}
        }
    }
    for seat in before.players().iter() {
        let numbers = nums(after, seat);
        assert_eq!(numbers[..], pawns[seat.index()][..numbers.len()], "{seat}: {events:?}");
        if after.place(seat).is_some() && before.place(seat).is_none() && !after.is_over() {
            assert!(finished.contains(&seat), "{seat} got a place without finishing");
        }
    }
    assert!(events.iter().filter(|e| matches!(e, Event::BonusRoll { .. })).count() <= 1, "two extra rolls");
}

/// The places of a finished game are a proper ranking.
fn check_places(game: &Game) {
    let players: Vec<Seat> = game.players().iter().collect();
    let mut places: Vec<u8> = players.iter().map(|&s| game.place(s).expect("everyone placed")).collect();
    if game.rules().has_teams() {
        // Partners share their place: the first team home 1, the other 2.
        for &seat in &players {
            let partner = game.partner(seat).expect("a partner");
            assert_eq!(game.place(seat), game.place(partner), "{seat} and its partner");
            assert_eq!(game.place(seat) == Some(1), game.has_finished(seat) && game.has_finished(partner));
        }
        places.sort_unstable();
        assert_eq!(places, [1, 1, 2, 2]);
        return;
    }
    match game.rules().end {
        End::PlayOn => {
            places.sort_unstable();
            assert_eq!(places, (1..=players.len() as u8).collect::<Vec<_>>());
        }
        End::FirstHome => {
            assert_eq!(places.iter().filter(|&&p| p == 1).count(), 1);
            let winner = players.iter().copied().find(|&s| game.place(s) == Some(1)).expect("a winner");
            assert!(game.has_finished(winner));
            for &seat in players.iter().filter(|&&s| s != winner) {
                let better = players
                    .iter()
                    .filter(|&&o| o != winner && game.distance(o) < game.distance(seat))
                    .count();
                assert_eq!(game.place(seat), Some(2 + better as u8), "{seat}");
            }
        }
    }
}

/// Plays one random game to the end, checking everything on the way; returns
/// how many actions it took.
fn play_checked(start: Game, seed: u64) -> usize {
    let mut rng = Dice64(seed);
    let mut game = start;
    check_state(&game);
    for count in 0..MAX_ACTIONS {
        // The costlier checks on every few states keeps thousands of games fast.
        let thorough = count % 8 == 0;
        if thorough {
            // Any action: refused ones change nothing, accepted ones are checked too.
            let any = random_any(&mut rng);
            let mut copy = game;
            let mut events = ludopia::rules::Events::new();
            match copy.play(any, &mut events) {
                Err(_) => {
                    assert_eq!(copy, game, "a refused {any:?} changed the game");
                    assert!(events.is_empty());
                }
                Ok(()) => check_events_explain_pawns(&game, &copy, &events),
            }
        }
        let Some(action) = random_legal(&game, &mut rng) else {
            check_places(&game);
            return count;
        };
        let (next, events) = game.apply(action).unwrap_or_else(|e| panic!("{action:?} refused: {e}"));
        if thorough {
            // Deterministic: the same action gives the same result, in place too.
            assert_eq!(game.apply(action), Ok((next, events.clone())));
            let mut in_place = game;
            let mut again = ludopia::rules::Events::new();
            in_place.play(action, &mut again).expect("play agrees with apply");
            assert_eq!((in_place, again.as_slice()), (next, events.as_slice()));
            let bytes = postcard::to_allocvec(&next).expect("encodes");
            assert_eq!(postcard::from_bytes::<Game>(&bytes), Ok(next));
        }
        check_events_explain_pawns(&game, &next, &events);
        check_state(&next);
        game = next;
    }
    panic!("no end after {MAX_ACTIONS} actions: {game:?}");
}

fn house_rules() -> impl Strategy<Value = (Rules, SeatSet, usize)> {
    let order = Just(Colour::ALL.to_vec()).prop_shuffle();
    let flags = proptest::collection::vec(any::<bool>(), 14);
    (order, flags, 0..3usize, 3..16u8, 0..4usize, 0..=4u8).prop_map(
        |(order, f, sixes, seat_bits, first, out)| {
            let rules = Rules {
                colour_order: [order[0], order[1], order[2], order[3]],
                pawns: if f[0] { 2 } else { 4 },
                first_player: if f[1] { FirstPlayer::Random } else { FirstPlayer::Seat0 },
                start_blocked_by_own: f[2],
                three_sixes: [ThreeSixes::None, ThreeSixes::Forfeit, ThreeSixes::LeadingPawnHome][sixes],
                capture_bonus: f[3],
                arrival_bonus: f[4],
                safe_squares: if f[5] { SafeSquares::StartsAndStars } else { SafeSquares::None },
                one_per_space: f[6],
                blocking: f[7],
                home: if f[8] { Home::Lane } else { Home::FourSpaces },
                must_capture: f[9],
                end: if f[10] { End::PlayOn } else { End::FirstHome },
                dice: if f[11] { Dice::Rolled } else { Dice::Duel },
                turn_timer: None,
                // As many pawns out as the pawns and one_per_space allow.
                start_out: out.min(if f[6] {
                    1
                } else if f[0] {
                    2
                } else {
                    4
                }),
                goal: if f[12] { Goal::One } else { Goal::All },
                capture_to_home: f[13],
                teams: Teams::None,
            };
            (rules, seat_set(seat_bits), first)
        },
    )
}

/// A set of 2 to 4 seats from a bit mask (single seats are widened).
fn seat_set(bits: u8) -> SeatSet {
    let set: SeatSet = Seat::ALL.into_iter().filter(|s| bits & (1 << s.index()) != 0).collect();
    if set.len() >= 2 { set } else { set.with(set.iter().next().unwrap_or(Seat::ALL[0]).next()) }
}

fn new_game(rules: Rules, players: SeatSet, first: usize) -> Game {
    let seats: Vec<Seat> = players.iter().collect();
    Game::new(rules, players, seats[first % seats.len()]).expect("a valid new game")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    #[test]
    fn random_house_rules_games_keep_every_invariant_and_end(
        (rules, players, first) in house_rules(),
        seed in any::<u64>(),
    ) {
        play_checked(new_game(rules, players, first), seed);
    }

    #[test]
    fn random_team_games_keep_every_invariant_and_end(
        (rules, _, first) in house_rules(),
        seed in any::<u64>(),
    ) {
        let rules = Rules { teams: Teams::Opposite, ..rules };
        play_checked(new_game(rules, SeatSet::FULL, first), seed);
    }

    #[test]
    fn decoding_garbage_never_panics_and_what_decodes_plays(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        if let Ok(game) = postcard::from_bytes::<Game>(&bytes) {
            poke(game, &bytes);
        }
    }

    #[test]
    fn decoding_damaged_games_never_panics_and_what_decodes_plays(
        (rules, players, first) in house_rules(),
        seed in any::<u64>(),
        // Mostly values a field could hold (small numbers, −1), so that many
        // damaged games still decode and must then play safely.
        damage in proptest::collection::vec((any::<usize>(), prop_oneof![0u8..70, Just(255u8), any::<u8>()]), 1..4),
    ) {
        // A game some way in, its encoding damaged in a few bytes.
        let mut rng = Dice64(seed);
        let mut game = new_game(rules, players, first);
        for _ in 0..rng.below(300) {
            let Some(action) = random_legal(&game, &mut rng) else { break };
            game = game.apply(action).expect("legal").0;
        }
        let mut bytes = postcard::to_allocvec(&game).expect("encodes");
        for (at, value) in damage {
            let len = bytes.len();
            bytes[at % len] = value;
        }
        if let Ok(decoded) = postcard::from_bytes::<Game>(&bytes) {
            poke(decoded, &bytes);
        }
    }
}

/// A decoded game must be safe to play: every kind of action, from every
/// seat, either applies or is refused, without a panic.
fn poke(game: Game, bytes: &[u8]) {
    let mut rng = Dice64(bytes.iter().fold(0, |h, &b| h.wrapping_mul(31).wrapping_add(u64::from(b))));
    let _ = game.legal_moves();
    for seat in Seat::ALL {
        let _ = game.distance(seat);
        let _ = game.leading_pawn(seat);
        for face in Face::ALL {
            let _ = game.apply(Action::Roll { seat, face });
            let _ = game.moves_for(seat, face);
        }
        for pawn in 0..5 {
            let _ = game.apply(Action::Move { seat, pawn });
        }
        for cell in 0..10 {
            let _ = game.apply(Action::Mark { seat, cell });
        }
        for opponent in Seat::ALL {
            let _ = game.apply(Action::Challenge { seat, opponent });
        }
    }
    // And some play from there.
    let mut game = game;
    for _ in 0..200 {
        let Some(action) = random_legal_lenient(&game, &mut rng) else { return };
        match game.apply(action) {
            Ok((next, _)) => game = next,
            Err(_) => return,
        }
    }
}

/// Like [`random_legal`], without insisting that a due move exists (a
/// decoded state may be odd but must not panic).
fn random_legal_lenient(game: &Game, rng: &mut Dice64) -> Option<Action> {
    if let Phase::Move { .. } = game.phase()
        && game.legal_moves().is_empty()
    {
        return None;
    }
    if game.phase() == Phase::ChooseOpponent && game.remaining().len() < 2 {
        return None;
    }
    random_legal(game, rng)
}

/// Many whole games of every preset, 2, 3 and 4 players, 4 and 2 pawns,
/// seeded so they are the same every run; reports the longest.
#[test]
fn every_preset_plays_to_the_end_with_every_player_count() {
    let mut longest = 0;
    let mut games = 0;
    for preset in Preset::ALL {
        for pawns in [4, 2] {
            let rules = Rules { pawns, ..preset.rules() };
            for bits in [0b0011u8, 0b0101, 0b1010, 0b0111, 0b1011, 0b1101, 0b1110, 0b1111] {
                for seed in 0..20u64 {
                    let players = seat_set(bits);
                    let first = seed as usize;
                    longest = longest.max(play_checked(new_game(rules, players, first), seed * 7919 + 1));
                    games += 1;
                }
            }
        }
    }
    assert_eq!(games, Preset::ALL.len() * 2 * 8 * 20);
    assert!(longest < MAX_ACTIONS);
    eprintln!("{games} preset games, the longest {longest} actions");
}

#[test]
fn illegal_actions_are_refused_with_the_phase_and_seat_checks_first() {
    let game = Game::new(Preset::Classic.rules(), SeatSet::FULL, Seat::ALL[1]).expect("new game");
    assert_eq!(
        game.apply(Action::Roll { seat: Seat::ALL[0], face: Face::SIX }),
        Err(Illegal::NotYourTurn { to_act: Seat::ALL[1] })
    );
}
