//! Building positions and playing actions, with the checks every scenario
//! wants (a refused action changes nothing).

use ludopia::rules::{
    Action, Event, Events, Face, Game, Illegal, Phase, Progress, Rules, Seat, SeatSet, Setup,
};

/// The yard's −1, for positions written as numbers.
pub const YARD: i8 = -1;

pub const S0: Seat = Seat::ALL[0];
pub const S1: Seat = Seat::ALL[1];
pub const S2: Seat = Seat::ALL[2];
pub const S3: Seat = Seat::ALL[3];

/// The die face `n` (1..=6).
pub fn f(n: u8) -> Face {
    Face::new(n).unwrap_or_else(|| panic!("{n} is no die face"))
}

/// The progress `n`, as RULES.md numbers it.
pub fn p(n: i8) -> Progress {
    Progress::new(n)
}

/// `seat`'s pawns' progress, as numbers.
pub fn pawns_of(g: &Game, seat: Seat) -> Vec<i8> {
    g.pawns(seat).iter().map(|q| q.get()).collect()
}

pub fn seats(list: &[Seat]) -> SeatSet {
    list.iter().copied().collect()
}

/// A game under `rules` for `players`, the listed pawns placed (the rest in
/// their yards), `turn` about to act.
pub fn game(rules: Rules, players: &[Seat], pawns: &[(Seat, &[i8])], turn: Seat) -> Game {
    game_captured(rules, players, pawns, turn, &[])
}

/// [`game`], the seats in `captured` having captured already.
pub fn game_captured(
    rules: Rules,
    players: &[Seat],
    pawns: &[(Seat, &[i8])],
    turn: Seat,
    captured: &[Seat],
) -> Game {
    let mut grid = [[Progress::YARD; 4]; 4];
    for &(seat, list) in pawns {
        for (slot, &n) in grid[seat.index()].iter_mut().zip(list) {
            *slot = p(n);
        }
    }
    Game::from_setup(Setup { rules, players: seats(players), pawns: grid, turn, captured: seats(captured) })
        .unwrap_or_else(|e| panic!("bad setup: {e}"))
}

/// The progress at which `seat`'s pawn stands on loop square `square`
/// (RULES.md: square = (1 + 13k + progress) % 52).
pub fn progress_on(seat: Seat, square: u8) -> i8 {
    let p = (i16::from(square) - 1 - 13 * seat.index() as i16).rem_euclid(52) as i8;
    assert!(p <= 50, "{seat} never stands on square {square}");
    p
}

pub fn act(g: &Game, action: Action) -> (Game, Vec<Event>) {
    match g.apply(action) {
        Ok((next, events)) => (next, events.to_vec()),
        Err(why) => panic!("{action:?} refused: {why} (state {g:?})"),
    }
}

/// Whoever is to act rolls `face`.
pub fn roll(g: &Game, face: u8) -> (Game, Vec<Event>) {
    let seat = g.to_act().expect("the game is over");
    act(g, Action::Roll { seat, face: f(face) })
}

/// Whoever is to act moves `pawn`.
pub fn mv(g: &Game, pawn: u8) -> (Game, Vec<Event>) {
    let seat = g.to_act().expect("the game is over");
    act(g, Action::Move { seat, pawn })
}

/// Roll `face`, which must leave a move to make, then move `pawn`; the
/// events of the move only.
pub fn roll_mv(g: &Game, face: u8, pawn: u8) -> (Game, Vec<Event>) {
    let (rolled, _) = roll(g, face);
    assert_eq!(rolled.phase(), Phase::Move { face: f(face) }, "after rolling {face}");
    mv(&rolled, pawn)
}

/// Whoever is to act marks `cell`.
pub fn mark(g: &Game, cell: u8) -> (Game, Vec<Event>) {
    let seat = g.to_act().expect("the game is over");
    act(g, Action::Mark { seat, cell })
}

/// The action must be refused, by `apply` and by `play`, changing nothing.
pub fn refuse(g: &Game, action: Action) -> Illegal {
    let why = match g.apply(action) {
        Ok((_, events)) => panic!("{action:?} was allowed: {events:?}"),
        Err(why) => why,
    };
    let mut copy = *g;
    let mut events = Events::new();
    assert_eq!(copy.play(action, &mut events), Err(why));
    assert_eq!(copy, *g, "a refused action changed the game");
    assert!(events.is_empty(), "a refused action reported events");
    assert!(!why.to_string().is_empty());
    why
}

/// The legal moves as (pawn, from, to).
pub fn moves(g: &Game) -> Vec<(u8, i8, i8)> {
    g.legal_moves().iter().map(|m| (m.pawn, m.from.get(), m.to.get())).collect()
}

pub fn captured(events: &[Event]) -> Vec<(Seat, u8)> {
    events
        .iter()
        .filter_map(|e| match *e {
            Event::Captured { seat, pawn, .. } => Some((seat, pawn)),
            _ => None,
        })
        .collect()
}

pub fn bonus_rolls(events: &[Event]) -> usize {
    events.iter().filter(|e| matches!(e, Event::BonusRoll { .. })).count()
}
