//! The learned part of Hard's leaf at classic tables of two, and of four
//! while all four play: a small network that corrects each seat's standing
//! before they are compared.
//!
//! At two players Hard looks only three of its turns ahead, so its leaf
//! decides much. Standings add up each pawn's worth on its own; they cannot
//! say that pawns still in the yard weigh more as the race shortens, or
//! that a seat with one pawn out has no choice of move. One hidden layer of
//! rectified units over a few numbers per seat, fitted to who won 150,000
//! games between Normal bots and then 100,000 between a searching player
//! and Normal (`fit.rs`), foretells the winner better and makes Hard win
//! more (docs/bots.md has the numbers). One of the numbers says which seat
//! searches: Hard plays on after its horizon better than Normal does.
//!
//! At four players Hard looks three of its turns ahead too; a network
//! fitted to Normal's games alone did not make it win more there, but one
//! fitted to games of a searcher against three Normal bots, knowing which
//! seat searches, does (docs/bots.md). The weights are those of classic
//! rules, so every other table, and a four-player one once a seat is home,
//! keeps the standings alone.

use super::{LEAF, Spot, Threats, spot, standing};
use crate::rules::{Game, Preset, Rules, Seat};

/// The numbers the two-player network reads for one seat, each scaled to
/// about one: 0 its standing over the temperature; 1 whether it rolls
/// second (at four: whether it rolls after the next seat); 2 its
/// steps; 3–6 its pawns out, home, in the lane and safe; 7–9 the chance its
/// open pawns are hit, that chance weighed by their steps, and how many are
/// open; 10–11 its leading and trailing pawn; 12 the mean distance still to
/// go; 13–14 the same two chances for the rival's pawns it may hit; 15–16
/// its pawns just out and about to turn in; 17 its standing less its
/// rival's; 18 whether it is the seat that searches (Hard, who plays on
/// after the leaf better than the Normal bots the first fit watched).
pub(super) const TWO: usize = 19;
/// The four-player network reads two more: 19 and 20, whether the seat
/// waits two or three turns for its roll (1 says it waits one). There 13–14
/// are what the other three seats have at risk, and 17 is its standing less
/// the best of theirs.
pub(super) const FOUR: usize = 21;
/// The searcher's flag among them.
pub(super) const SEARCHER: usize = 18;
/// Its hidden units.
pub(super) const HIDDEN: usize = 32;

pub(super) type Features<const F: usize> = [f32; F];

/// One hidden layer; a seat's score is its standing over the temperature
/// plus the network's output, so a network of zeros is the standings alone
/// (the plain leaf less its small term for waiting to roll).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Network<const F: usize> {
    pub(super) hidden: [[f32; F]; HIDDEN],
    pub(super) bias: [f32; HIDDEN],
    pub(super) out: [f32; HIDDEN],
}

impl<const F: usize> Network<F> {
    /// The network that adds nothing: the standings alone, where fitting
    /// starts.
    #[cfg(test)]
    pub(super) const ZERO: Network<F> =
        Network { hidden: [[0.0; F]; HIDDEN], bias: [0.0; HIDDEN], out: [0.0; HIDDEN] };

    /// The hidden units' values for a seat's features.
    pub(super) fn hidden(&self, f: &Features<F>) -> [f32; HIDDEN] {
        std::array::from_fn(|j| {
            let sum: f32 = self.hidden[j].iter().zip(f).map(|(w, x)| w * x).sum();
            (sum + self.bias[j]).max(0.0)
        })
    }

    /// A seat's score: its scaled standing (feature 0) plus the correction.
    pub(super) fn score(&self, f: &Features<F>) -> f32 {
        f[0] + self.out.iter().zip(self.hidden(f)).map(|(w, h)| w * h).sum::<f32>()
    }
}

/// The learned leaves' weights, one network for each table they serve.
#[derive(Debug)]
pub(crate) struct Leaves {
    pub(super) two: Network<TWO>,
    pub(super) four: Network<FOUR>,
}

#[cfg(test)]
impl Leaves {
    /// No learned part: the standings alone, at every table.
    pub(crate) const PLAIN: Leaves = Leaves { two: Network::ZERO, four: Network::ZERO };
}

/// Which learned leaf serves `game`'s position, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Table {
    /// Two seats at a two-player table.
    Two,
    /// All four seats still playing at a four-player table.
    Four,
}

/// The learned leaf fitted for `game`'s position: classic rules, but for
/// what does not change how the race is played (the clock, the colours,
/// who starts, and whether play goes on after the first is home: that only
/// matters once one is), with two seats at a two-player table or, before
/// anyone is home, all four at a four-player one.
pub(super) fn table(game: &Game) -> Option<Table> {
    let classic = Preset::Classic.rules();
    let rules = Rules {
        turn_timer: classic.turn_timer,
        colour_order: classic.colour_order,
        first_player: classic.first_player,
        end: classic.end,
        ..*game.rules()
    };
    if rules != classic {
        return None;
    }
    match (game.players().len(), game.remaining().len()) {
        (2, _) => Some(Table::Two),
        (4, 4) => Some(Table::Four),
        _ => None,
    }
}

/// The chance that `me`, the seat that searches, wins the two-player race
/// still on, as `net` foretells it.
pub(super) fn win_chance(
    game: &Game,
    threats: &Threats,
    me: Seat,
    (temperature, mean_distance): (f32, f32),
    net: &Network<TWO>,
) -> f32 {
    let [(a, fa), (_, fb)] = both(game, threats, temperature, mean_distance, Some(me));
    let (mine, theirs) = if a == me { (fa, fb) } else { (fb, fa) };
    1.0 / (1.0 + (net.score(&theirs) - net.score(&mine)).exp())
}

/// The features of the two seats still playing; `searcher`, the seat whose
/// search asks (none in games between Normal bots).
pub(super) fn both(
    game: &Game,
    threats: &Threats,
    temperature: f32,
    mean_distance: f32,
    searcher: Option<Seat>,
) -> [(Seat, Features<TWO>); 2] {
    let mut seats = game.remaining().iter();
    let a = seats.next().unwrap_or(game.roller());
    let b = seats.next().unwrap_or(a);
    let mut fa = seat_features(game, threats, a, temperature, mean_distance);
    let mut fb = seat_features(game, threats, b, temperature, mean_distance);
    (fa[17], fb[17]) = (fa[0] - fb[0], fb[0] - fa[0]);
    // What a seat threatens is its rival's risk: with two seats, the only
    // rival pawns that can hit a pawn are the other seat's.
    (fa[13], fa[14], fb[13], fb[14]) = (fb[7], fb[8], fa[7], fa[8]);
    let searches = |seat| if searcher == Some(seat) { 1.0 } else { 0.0 };
    (fa[SEARCHER], fb[SEARCHER]) = (searches(a), searches(b));
    [(a, fa), (b, fb)]
}

/// The four seats' scores, all still playing, `me` the seat that searches:
/// a softmax over them is `me`'s chance of finishing first.
pub(super) fn four_scores(
    game: &Game,
    threats: &Threats,
    me: Seat,
    (temperature, mean_distance): (f32, f32),
    net: &Network<FOUR>,
) -> [(Seat, f32); 4] {
    all_four(game, threats, temperature, mean_distance, Some(me)).map(|(s, f)| (s, net.score(&f)))
}

/// The features of the four seats, all still playing, in seat order.
pub(super) fn all_four(
    game: &Game,
    threats: &Threats,
    temperature: f32,
    mean_distance: f32,
    searcher: Option<Seat>,
) -> [(Seat, Features<FOUR>); 4] {
    let local = Seat::ALL.map(|s| seat_features(game, threats, s, temperature, mean_distance));
    let roller = game.roller().index();
    std::array::from_fn(|i| {
        let seat = Seat::ALL[i];
        let mut f = [0.0; FOUR];
        f[..TWO].copy_from_slice(&local[i]);
        let waits = (i + 4 - roller) % 4;
        (f[1], f[19], f[20]) =
            ([0.0, 1.0, 0.0, 0.0][waits], [0.0, 0.0, 1.0, 0.0][waits], [0.0, 0.0, 0.0, 1.0][waits]);
        let others = (0..4).filter(|&j| j != i);
        f[13] = others.clone().map(|j| local[j][7]).sum();
        f[14] = others.clone().map(|j| local[j][8]).sum();
        f[17] = local[i][0] - others.map(|j| local[j][0]).fold(f32::MIN, f32::max);
        f[SEARCHER] = if searcher == Some(seat) { 1.0 } else { 0.0 };
        (seat, f)
    })
}

/// One seat's [`TWO`] features; those that compare it with its rivals (13,
/// 14 and 17) are filled in by [`both`] and [`all_four`].
fn seat_features(
    game: &Game,
    threats: &Threats,
    seat: Seat,
    temperature: f32,
    mean_distance: f32,
) -> Features<TWO> {
    const PAWN: f32 = 0.25;
    const ALL_STEPS: f32 = 228.0;
    let mut f = [0.0; TWO];
    f[0] = standing(game, threats, seat, &LEAF) / temperature;
    f[1] = if seat == game.roller() { 0.0 } else { 1.0 };
    f[2] = (ALL_STEPS - game.distance(seat) as f32) / ALL_STEPS;
    let (mut lead, mut trail) = (0.0f32, f32::MAX);
    for &p in game.pawns(seat) {
        let spot = spot(game, seat, p);
        let steps = f32::from(p.get());
        if !matches!(spot, Spot::Yard) {
            f[3] += PAWN;
        }
        if matches!(spot, Spot::Lane | Spot::Safe | Spot::Open(_)) {
            (lead, trail) = (lead.max(steps / 57.0), trail.min(steps / 57.0));
        }
        // Pawns just out and pawns about to turn in are worth telling apart
        // (progress 0, the start square, is safe).
        if matches!(spot, Spot::Safe | Spot::Open(_)) {
            match p.get() {
                1..=13 => f[15] += PAWN,
                40.. => f[16] += PAWN,
                _ => {}
            }
        }
        match spot {
            Spot::Yard => {}
            Spot::Home => f[4] += PAWN,
            Spot::Lane => f[5] += PAWN,
            Spot::Safe => f[6] += PAWN,
            Spot::Open(square) => {
                let risk = threats.risk(game, seat, square);
                f[7] += risk * PAWN;
                f[8] += risk * (steps + 1.0) / ALL_STEPS;
                f[9] += PAWN;
            }
        }
    }
    f[10] = lead;
    f[11] = if trail == f32::MAX { 0.0 } else { trail };
    f[12] = mean_distance / ALL_STEPS;
    f
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{FirstPlayer, SeatSet, default_players};

    #[test]
    fn the_learned_leaves_serve_classic_tables_of_two_and_four_and_no_other() {
        let classic = Preset::Classic.rules();
        let two = default_players(2).expect("two seats");
        let at = |rules: Rules, players: SeatSet| {
            table(&Game::new(rules, players, Seat::ALL[0]).expect("valid rules"))
        };
        let timed = Rules { turn_timer: Some(30), first_player: FirstPlayer::Seat0, ..classic };
        assert_eq!([at(classic, two), at(timed, two)], [Some(Table::Two); 2]);
        let plaza_colours = Rules { colour_order: Preset::Plaza.rules().colour_order, ..classic };
        assert_eq!(
            at(plaza_colours, SeatSet::FULL.without(Seat::ALL[2]).without(Seat::ALL[3])),
            Some(Table::Two)
        );
        assert_eq!(at(classic, SeatSet::FULL), Some(Table::Four));
        assert_eq!(at(classic, SeatSet::FULL.without(Seat::ALL[1])), None, "three seats");
        assert_eq!(at(Rules { capture_bonus: false, ..classic }, two), None);
        for preset in [Preset::Plaza, Preset::Race, Preset::Palace, Preset::Quick] {
            assert_eq!(at(preset.rules(), two), None, "{preset:?}");
            assert_eq!(at(preset.rules(), SeatSet::FULL), None, "{preset:?}");
        }
    }
}
