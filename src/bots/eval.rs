//! How good a position is for one seat: the evaluation Normal maximises,
//! and the chance of winning that Hard's search scores its rollouts with.
//!
//! A seat's standing is its progress (the rules' own distance still to go),
//! plus the worth of pawns out of the yard and safely home, minus what its
//! pawns on open squares stand to lose to the opponents' next rolls, and
//! less while its lane is shut (`capture_to_home`). The value of a position
//! is the seat's standing against its rivals'; at a team table, the team's
//! against the other team's.

use crate::rules::{Game, Phase, Progress, SafeSquares, Seat, ThreeSixes, YARD, board};
use arrayvec::ArrayVec;

#[cfg(test)]
mod fit;
mod fitted;
mod learned;
mod threats;

pub(crate) use fitted::FITTED;
pub(crate) use learned::Leaves;
use threats::Threats;

/// What a seat's pawns are worth beyond their steps.
struct Weights {
    /// A pawn out of its yard: getting out needs a 6.
    out: f32,
    /// A pawn home for good can never be lost.
    home: f32,
    /// A pawn in its home lane, out of reach but not yet home.
    lane: f32,
    /// A pawn on a safe square.
    safe: f32,
    /// What a pawn at risk stands to lose, times its chance of capture:
    /// `lost + lost_per_step` for each step it has come.
    lost: f32,
    lost_per_step: f32,
    /// `capture_to_home`: a lane still shut costs this much, so the capture
    /// that opens it is worth about two pawns brought out (set by hand: a
    /// pawn that reaches its lane's mouth shut goes round again, and the
    /// rule leaves no other way home).
    shut: f32,
}

/// Normal's weights, set by hand from seed 000's priorities. They are
/// Normal's play, and Hard's model of its rivals, so they stay as they are.
const NORMAL: Weights =
    Weights { out: 14.0, home: 8.0, lane: 0.0, safe: 0.0, lost: 14.0, lost_per_step: 1.0, shut: 30.0 };

/// The weights that best foretell who wins, fitted with the temperature
/// below by maximum likelihood to the winners of 20,000 four-player classic
/// games between Normal bots (1.17 million positions, at a roll, while all
/// four still played). They count risk far less than Normal does.
const LEAF: Weights =
    Weights { out: 11.9, home: 7.6, lane: 4.44, safe: 1.05, lost: 9.0, lost_per_step: 0.175, shut: 30.0 };

/// With no safe square on the board, each pawn out also counts `LEAD`
/// times its progress squared over 54 ([`lead`]): a step is worth more the
/// further its pawn has come. All a pawn has come is at stake on every
/// square until it is home, which the next round's risk alone does not
/// say. Without it Normal lost to Easy at `race` tables (21.5% against
/// three Easy bots, 31.6% with it; Hard's leaf gains too: docs/bots.md,
/// "Tables with no safe square"). With safe squares it gained nothing
/// measurable, so it stays off there.
const LEAD: f32 = 0.6;

/// An extra roll about to be rolled is worth roughly an average move.
const EXTRA_ROLL: f32 = 5.0;
/// A finished player's standing, above any unfinished one's.
const FINISHED: f32 = 600.0;
/// A better place is worth this much more standing.
const PLACE_STEP: f32 = 150.0;

/// Values, for the seat to move, of the positions one move on from a
/// position: its threats are worked out once, and each move's from them
/// (Normal weighs every legal move, and Hard's rollouts meet many).
pub(crate) struct Onward<'a> {
    game: &'a Game,
    /// `None` where a rule may stop a landing: then every position's
    /// threats are worked out afresh ([`Threats::after`]).
    threats: Option<Threats>,
}

impl<'a> Onward<'a> {
    pub(crate) fn from(game: &'a Game) -> Onward<'a> {
        Onward { game, threats: (!game.rules_may_block()).then(|| Threats::of(game)) }
    }

    /// The value for `me` that Normal maximises of `after`, one move on
    /// from the position: higher is better.
    pub(crate) fn value(&self, after: &Game, me: Seat) -> f32 {
        let threats = self.threats.map_or_else(|| Threats::of(after), |t| t.after(self.game, after));
        value(after, &threats, me)
    }
}

/// The value of `game` (with its `threats`) for `me`.
fn value(game: &Game, threats: &Threats, me: Seat) -> f32 {
    if let Some(partner) = game.partner(me) {
        return team_value(game, threats, me, partner);
    }
    let mine = standing(game, threats, me, &NORMAL);
    let (mut best, mut sum, mut n) = (f32::MIN, 0.0, 0.0);
    for other in game.players().without(me).iter() {
        let theirs = standing(game, threats, other, &NORMAL);
        best = best.max(theirs);
        sum += theirs;
        n += 1.0;
    }
    // Winning is beating the best rival; the rest still race for places.
    let rivals = if n > 0.0 { 0.6 * best + 0.4 * sum / n } else { 0.0 };
    mine - rivals + turn_bonus(game, me)
}

/// [`value`] at a team table: both partners' standings against both
/// rivals'. A finished player's pawns are all home, so its moves for its
/// partner count in full.
fn team_value(game: &Game, threats: &Threats, me: Seat, partner: Seat) -> f32 {
    let ours = standing(game, threats, me, &NORMAL) + standing(game, threats, partner, &NORMAL);
    let theirs: f32 = game.opponents(me).iter().map(|s| standing(game, threats, s, &NORMAL)).sum();
    ours - theirs + turn_bonus(game, me)
}

/// Whether [`place_chance`] at `game`'s table is the learned leaf's, which
/// knows that the seat that searches plays on better than Normal.
pub(crate) fn knows_the_searcher(game: &Game) -> bool {
    learned::table(game).is_some()
}

/// The chance that `me` takes `place` (the best place still open when the
/// search began): certain or lost once that place is taken, else a softmax
/// over the standings of the seats still playing, less sure the further
/// they have to go. Ahead, this plays safe; behind, it takes chances that
/// the value's straight difference of standings would not. At a
/// classic table of two, and of four while all four play, a learned network
/// corrects each standing first, knowing that `me` searches ([`learned`]):
/// `leaves` are the networks, [`FITTED`] but while fitting.
pub(crate) fn place_chance(game: &Game, me: Seat, place: u8, leaves: &Leaves) -> f32 {
    // Places are shared in a final ranking by distance: each holder has it.
    if game.place(me) == Some(place) {
        return 1.0;
    }
    if game.players().iter().any(|s| game.place(s) == Some(place)) {
        return 0.0;
    }
    let (threats, remaining) = (Threats::of(game), game.remaining());
    let (temperature, mean_distance) = race_temperature(game);
    if let Some(partner) = game.partner(me) {
        return team_win_chance(game, &threats, me, partner, mean_distance);
    }
    match learned::table(game) {
        Some(learned::Table::Two) => {
            return learned::win_chance(game, &threats, me, (temperature, mean_distance), &leaves.two);
        }
        Some(learned::Table::Four) => {
            let scores = learned::four_scores(game, &threats, me, (temperature, mean_distance), &leaves.four);
            return share(me, scores);
        }
        None => {}
    }
    let roller = game.roller().index();
    share(
        me,
        remaining.iter().map(|seat| {
            // Each seat further from its next roll is a little worse off.
            let waits = (seat.index() + 4 - roller) % 4;
            (seat, standing(game, &threats, seat, &LEAF) / temperature - 0.025 * waits as f32)
        }),
    )
}

/// `me`'s share of a softmax over the seats' `scores`.
fn share(me: Seat, scores: impl IntoIterator<Item = (Seat, f32)>) -> f32 {
    let scores: ArrayVec<(Seat, f32), 4> = scores.into_iter().collect();
    let top = scores.iter().map(|&(_, x)| x).fold(f32::MIN, f32::max);
    let (mut mine, mut sum) = (0.0, 0.0);
    for &(seat, score) in &scores {
        let weight = (score - top).exp();
        sum += weight;
        if seat == me {
            mine = weight;
        }
    }
    mine / sum
}

/// The leaf's temperature for `game`'s seats still playing, and the mean
/// distance they still have to go, which sets it.
fn race_temperature(game: &Game) -> (f32, f32) {
    let remaining = game.remaining();
    let mean_distance =
        remaining.iter().map(|s| game.distance(s) as f32).sum::<f32>() / remaining.len() as f32;
    // Fitted with `LEAF` in four-player games: 14 at a mean of 30 steps to
    // go, 127 at 210 (used for three too). Two players' races are far less
    // settled midway (fitted the same way to 20,000 games between two Normal
    // bots): 24 at 30 steps, 62 at 110.
    let temperature = if remaining.len() == 2 {
        two_player_temperature(mean_distance)
    } else {
        7.6 + mean_distance * (0.141 + 0.00203 * mean_distance)
    };
    (temperature, mean_distance)
}

/// The leaf's temperature for a race between two at a mean `distance` to go.
fn two_player_temperature(distance: f32) -> f32 {
    9.9 + distance * (0.455 + 0.000136 * distance)
}

/// [`place_chance`] at a team table, while the game is on: the chance that
/// `me`'s team finishes first. A team's work is the sum of both partners'
/// (once one has finished, its rolls move the other's pawns, so the team
/// rolls twice a round either way), so this is a two-player race between
/// the teams' summed standings, with the two-player temperature at the
/// teams' summed distance. Taking the laggard's standing instead left the
/// leading partner's moves worth nothing: Hard partners won 38% of 60
/// classic team games against Normal partners (seed 10).
fn team_win_chance(game: &Game, threats: &Threats, me: Seat, partner: Seat, mean_distance: f32) -> f32 {
    let temperature = two_player_temperature(2.0 * mean_distance);
    let team = |a: Seat| standing(game, threats, a, &LEAF) + standing(game, threats, a.partner(), &LEAF);
    let ours = team(me);
    let rival = game.opponents(me).iter().next().unwrap_or(partner);
    let theirs = team(rival);
    1.0 / (1.0 + ((theirs - ours) / temperature).exp())
}

/// What a seat has: a place once decided, else its pawns' worth less risk.
fn standing(game: &Game, threats: &Threats, seat: Seat, weights: &Weights) -> f32 {
    if let Some(place) = game.place(seat) {
        return FINISHED + PLACE_STEP * (4.0 - f32::from(place));
    }
    let pawns = game.pawns(seat);
    let steps = (57 * pawns.len()) as f32 - game.distance(seat) as f32;
    let mut worth = steps;
    if !game.lane_open(seat) {
        worth -= weights.shut;
    }
    let unsafe_everywhere = game.rules().safe_squares == SafeSquares::None;
    for &p in pawns {
        // `out` is added first, so that the sums are those of every seed's
        // games before `spot` served both this and the learned leaf.
        let spot = spot(game, seat, p);
        if spot != Spot::Yard {
            // Worked out only where it counts: standings are most of
            // Hard's time.
            worth += if unsafe_everywhere { weights.out + lead(p) } else { weights.out };
        }
        match spot {
            Spot::Yard => {}
            Spot::Home => worth += weights.home,
            Spot::Lane => worth += weights.lane,
            Spot::Safe => worth += weights.safe,
            Spot::Open(square) => {
                worth -= threats.risk(game, seat, square)
                    * (weights.lost + weights.lost_per_step * (f32::from(p.get()) + 1.0));
            }
        }
    }
    worth
}

/// What [`LEAD`] adds for a pawn out at `p`.
fn lead(p: Progress) -> f32 {
    let come = f32::from(p.get().min(Progress::LAST_HOME_SPACE.get()));
    LEAD * come * come / 54.0
}

/// Where a pawn stands, as far as its worth goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Spot {
    Yard,
    Home,
    /// In its home lane, out of reach.
    Lane,
    /// On a safe loop square.
    Safe,
    /// On this loop square, open to capture.
    Open(u8),
}

#[inline]
fn spot(game: &Game, seat: Seat, p: Progress) -> Spot {
    if p == YARD {
        Spot::Yard
    } else if game.rules().is_home(p) {
        Spot::Home
    } else if p > Progress::LOOP_END {
        Spot::Lane
    } else {
        let square = board::loop_square(seat, p);
        if game.is_safe(square) { Spot::Safe } else { Spot::Open(square) }
    }
}

/// An extra roll due to `me` is worth having, less what a third six costs.
fn turn_bonus(game: &Game, me: Seat) -> f32 {
    if game.phase() != Phase::Roll || game.roller() != me || game.is_over() {
        return 0.0;
    }
    if game.sixes() == 2 {
        return match game.rules().three_sixes {
            ThreeSixes::None => EXTRA_ROLL,
            ThreeSixes::Forfeit => EXTRA_ROLL * 5.0 / 6.0,
            ThreeSixes::LeadingPawnHome => {
                let lead = game.leading_pawn(me).and_then(|i| game.pawns(me).get(usize::from(i)).copied());
                EXTRA_ROLL * 5.0 / 6.0 - lead.map_or(0.0, |p| (f32::from(p.get()) + 1.0 + NORMAL.out) / 6.0)
            }
        };
    }
    EXTRA_ROLL
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::{Bot, SeededDie, Strategy};
    use crate::rules::{Action, Face, Preset, SeatSet, TurnsPassed};

    /// The chance a rival hits `seat`'s pawn at `p`, rival pawn by rival
    /// pawn: what [`Threats`] counts all at once.
    fn risk_pawn_by_pawn(game: &Game, seat: Seat, p: Progress) -> f32 {
        let square = board::loop_square(seat, p);
        if game.is_safe(square) {
            return 0.0;
        }
        let mut chance = 0.0;
        for rival in game.remaining().iter().filter(|&r| game.opponents(seat).contains(r)) {
            let mut yard_threat = false;
            for (i, &q) in game.pawns(rival).iter().enumerate() {
                if q == YARD {
                    yard_threat |= board::loop_square(rival, Progress::START) == square;
                    continue;
                }
                let gap = (i16::from(square) - i16::from(board::loop_square(rival, q))).rem_euclid(52) as i8;
                let past_loop = q.get() + gap > Progress::LOOP_END.get();
                if !q.on_loop() || gap == 0 || (past_loop && game.lane_open(rival)) {
                    continue;
                }
                match Face::new(gap as u8) {
                    Some(face) if game.landing(rival, i as u8, face).is_ok() => chance += 1.0 / 6.0,
                    _ if (7..=12).contains(&gap) => chance += 1.0 / 36.0,
                    _ => {}
                }
            }
            if yard_threat {
                chance += 1.0 / 6.0;
            }
        }
        f32::min(chance, 0.9)
    }

    /// Plays a game of `preset` between `strategy` bots in four seats, with
    /// dice from `seed`, showing `look` each position before it is played
    /// on, until the game ends or `look` says to stop; returns the last
    /// position.
    fn play_out(preset: Preset, strategy: Strategy, seed: u64, look: impl FnMut(&Game) -> bool) -> Game {
        play_out_at(preset, SeatSet::FULL, strategy, seed, look)
    }

    /// [`play_out`] in the seats `players`.
    pub(super) fn play_out_at(
        preset: Preset,
        players: SeatSet,
        strategy: Strategy,
        seed: u64,
        mut look: impl FnMut(&Game) -> bool,
    ) -> Game {
        let mut game = Game::new(preset.rules(), players, Seat::ALL[0]).expect("valid");
        let mut bots = Seat::ALL.map(|s| Bot::new(strategy, seed * 4 + s.index() as u64));
        let mut dice = SeededDie::new(seed);
        while let Some(seat) = game.to_act() {
            if !look(&game) {
                break;
            }
            let action = match bots[seat.index()].decide(&game) {
                Some(action) => action,
                None => Action::Roll { seat, face: dice.roll() },
            };
            game.play(action, &mut TurnsPassed::default()).expect("legal");
        }
        game
    }

    #[test]
    fn place_chances_share_the_open_place_among_those_still_playing() {
        let mut checked = 0;
        for preset in Preset::ALL {
            for seed in 0..4u64 {
                let game = play_out(preset, Strategy::Random, seed, |game| {
                    let place = game.next_place();
                    let chances = Seat::ALL.map(|s| place_chance(game, s, place, &FITTED));
                    let sum: f32 = chances.iter().sum();
                    // A learned leaf gives each seat its chance as the seat
                    // that searches, so there they need not sum to one.
                    if learned::table(game).is_none() {
                        assert!((sum - 1.0).abs() < 1e-4, "{preset:?}: chances {chances:?}");
                    }
                    for s in Seat::ALL {
                        let chance = chances[s.index()];
                        assert!((0.0..=1.0).contains(&chance), "{preset:?} {s}: {chance}");
                        if !game.remaining().contains(s) {
                            assert_eq!(chance, 0.0, "{preset:?}: {s} has finished");
                        }
                    }
                    checked += 1;
                    true
                });
                // Once decided, a place is certain for its holders (shared
                // in a final ranking) and lost for the rest.
                for place in 1..=4 {
                    for s in Seat::ALL {
                        let expected = match game.place(s) {
                            Some(p) if p == place => 1.0,
                            _ if Seat::ALL.iter().any(|&o| game.place(o) == Some(place)) => 0.0,
                            _ => continue,
                        };
                        assert_eq!(
                            place_chance(&game, s, place, &FITTED),
                            expected,
                            "{preset:?} {s} place {place}"
                        );
                    }
                }
            }
        }
        assert!(checked > 1_000, "only {checked} positions checked");
    }

    #[test]
    fn at_the_start_the_seat_to_roll_is_likeliest_to_win() {
        // Seat 1 rolls first, then 2, 3 and 0. The standings alone (plaza
        // plays the same start) share the place near a quarter each.
        let game = Game::new(Preset::Plaza.rules(), SeatSet::FULL, Seat::ALL[1]).expect("valid");
        let chances = Seat::ALL.map(|s| place_chance(&game, s, 1, &FITTED));
        assert!(chances[1] > chances[2] && chances[2] > chances[3] && chances[3] > chances[0], "{chances:?}");
        assert!(chances.iter().all(|&c| (0.2..0.3).contains(&c)), "{chances:?}");
        // At classic, the learned leaf: the chance of the seat that asks, as
        // the one that searches against three Normal bots, well above a
        // quarter for each (Hard wins over 40% of such games).
        let game = Game::new(Preset::Classic.rules(), SeatSet::FULL, Seat::ALL[1]).expect("valid");
        let chances = Seat::ALL.map(|s| place_chance(&game, s, 1, &FITTED));
        assert!(chances.iter().all(|&c| (0.33..0.5).contains(&c)), "{chances:?}");
        // Two players (the learned leaf): the chance of the seat that asks,
        // as the one that searches against a Normal rival, so above a half
        // for both; more for the first to roll.
        for players in [
            crate::rules::default_players(2),
            Some(SeatSet::FULL.without(Seat::ALL[2]).without(Seat::ALL[3])),
        ] {
            let game =
                Game::new(Preset::Classic.rules(), players.expect("two seats"), Seat::ALL[0]).expect("valid");
            let [first, second] =
                [0, 1].map(|k| place_chance(&game, game.players().iter().nth(k).expect("two"), 1, &FITTED));
            assert!(first > second && (0.5..0.7).contains(&second) && first < 0.7, "{first} {second}");
        }
    }

    #[test]
    fn a_seat_far_ahead_is_likely_to_win() {
        // Normal bots race until one has gained a clear lead in steps.
        let lead = |game: &Game| {
            let mut d = Seat::ALL.map(|s| game.distance(s));
            d.sort_unstable();
            d[1] - d[0]
        };
        let mut leads = 0;
        for seed in 0..8 {
            let game = play_out(Preset::Classic, Strategy::Normal, seed, |game| {
                lead(game) < 60 || game.phase() != Phase::Roll
            });
            if game.is_over() {
                continue;
            }
            let leader = Seat::ALL.into_iter().min_by_key(|&s| game.distance(s)).expect("four seats");
            // Far above the quarter each has at the start, and the best.
            let chances = Seat::ALL.map(|s| place_chance(&game, s, 1, &FITTED));
            let chance = chances[leader.index()];
            assert!(chance > 0.4, "{leader} leads by {} steps with a chance of {chance}", lead(&game));
            assert!(chances.iter().all(|&c| c <= chance), "{leader} leads: {chances:?}");
            leads += 1;
        }
        assert!(leads >= 2, "a clear lead came before the end in only {leads} of 8 games");
    }

    /// Red (pawns at 20 and 40) has rolled a 3 in a two-player game: pawn 0
    /// can capture green's pawn on red's progress 23, pawn 1 can move on.
    /// How much more Normal's value makes of the capture than of the other
    /// move.
    fn capture_margin(rules: crate::rules::Rules) -> f32 {
        let (red, green) = (Seat::ALL[0], Seat::ALL[1]);
        let mut pawns = [[YARD; 4]; 4];
        pawns[0] = [20, 40, -1, -1].map(Progress::new);
        pawns[1] = [
            board::progress_on(green, board::loop_square(red, Progress::new(23))).expect("on green's way"),
            YARD,
            YARD,
            YARD,
        ];
        let players = SeatSet::EMPTY.with(red).with(green);
        let setup = crate::rules::Setup { rules, players, pawns, turn: red, captured: SeatSet::EMPTY };
        let mut game = Game::from_setup(setup).expect("valid");
        game.play(Action::Roll { seat: red, face: Face::ALL[2] }, &mut TurnsPassed::default())
            .expect("a roll");
        let onward = Onward::from(&game);
        let after = |pawn| {
            let mut after = game;
            after.play(Action::Move { seat: red, pawn }, &mut TurnsPassed::default()).expect("legal");
            onward.value(&after, red)
        };
        after(0) - after(1)
    }

    #[test]
    fn the_capture_that_opens_the_lane_is_worth_more_than_another_capture() {
        let quick = Preset::Quick.rules();
        let open = crate::rules::Rules { capture_to_home: false, ..quick };
        let (shut_margin, open_margin) = (capture_margin(quick), capture_margin(open));
        assert!(shut_margin > open_margin + 20.0, "{shut_margin} vs {open_margin}");
        assert!(shut_margin > 0.0);
    }

    /// A finished player's rolls move its partner's pawns, and the bots
    /// move the one that finishes the team.
    #[test]
    fn a_finished_partner_plays_its_partners_winning_move() {
        let rules =
            crate::rules::Rules { pawns: 2, teams: crate::rules::Teams::Opposite, ..Preset::Classic.rules() };
        let mut pawns = [[YARD; 4]; 4];
        pawns[0] = [56, 56, -1, -1].map(Progress::new);
        pawns[1] = [30, 5, -1, -1].map(Progress::new);
        pawns[2] = [10, 55, -1, -1].map(Progress::new);
        pawns[3] = [40, -1, -1, -1].map(Progress::new);
        let seat = Seat::ALL[0];
        let setup = crate::rules::Setup {
            rules,
            players: SeatSet::FULL,
            pawns,
            turn: seat,
            captured: SeatSet::EMPTY,
        };
        let mut game = Game::from_setup(setup).expect("valid");
        game.play(Action::Roll { seat, face: Face::ONE }, &mut TurnsPassed::default()).expect("a roll");
        assert_eq!(game.mover(), Seat::ALL[2]);
        for strategy in [Strategy::Normal, Strategy::Hard] {
            let action = Bot::new(strategy, 7).decide(&game);
            assert_eq!(action, Some(Action::Move { seat, pawn: 1 }), "{strategy}");
        }
    }

    /// Shows `look` every position of `games` games of each preset
    /// between random players.
    fn each_random_position(games: u64, mut look: impl FnMut(Preset, &Game)) {
        for preset in Preset::ALL {
            for seed in 0..games {
                play_out(preset, Strategy::Random, seed, |game| {
                    look(preset, game);
                    true
                });
            }
        }
    }

    #[test]
    fn threats_one_move_on_are_the_threats_worked_out_afresh() {
        let mut checked = 0;
        each_random_position(4, |preset, game| {
            let threats = Threats::of(game);
            for m in game.legal_moves() {
                let mut after = *game;
                let seat = game.roller();
                after.play(Action::Move { seat, pawn: m.pawn }, &mut TurnsPassed::default()).expect("legal");
                assert_eq!(threats.after(game, &after), Threats::of(&after), "{preset:?} {game:?} {m:?}");
                checked += 1;
            }
        });
        assert!(checked > 5_000, "only {checked} moves checked");
    }

    #[test]
    fn threats_are_the_rival_pawns_one_by_one() {
        let mut checked = 0;
        each_random_position(6, |preset, game| {
            let threats = Threats::of(game);
            for owner in game.remaining().iter() {
                for &p in game.pawns(owner).iter().filter(|p| p.on_loop()) {
                    let square = board::loop_square(owner, p);
                    let fast = if game.is_safe(square) { 0.0 } else { threats.risk(game, owner, square) };
                    let slow = risk_pawn_by_pawn(game, owner, p);
                    assert!((fast - slow).abs() < 1e-5, "{preset:?} {owner} at {p}: {fast} vs {slow}");
                    checked += 1;
                }
            }
        });
        assert!(checked > 10_000, "only {checked} pawns checked");
    }
}
