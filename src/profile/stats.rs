//! Statistics over the finished games: games, wins and places per preset
//! and per kind of opponent, and the dice — each face's count against the
//! expected count, with a chi-square test (5 degrees of freedom) so a player
//! can check for themselves that the dice are fair.

use super::history::{Opponents, Summary};
use crate::rules::Preset;

/// Games, wins and places for one group of games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub games: u32,
    /// Games where the player came `n + 1`th; `places[0]` are the wins.
    pub places: [u32; 4],
}

impl Tally {
    pub fn wins(&self) -> u32 {
        self.places[0]
    }
}

/// How the die's faces came out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Dice {
    pub counts: [u64; 6],
}

/// What the chi-square test says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Fewer than 30 rolls: expected counts under 5 make the test unreliable.
    TooFewRolls,
    /// p ≥ 0.05: nothing unusual.
    Fair,
    /// 0.01 ≤ p < 0.05: happens by chance in 1 of 20 to 1 of 100 sets of fair rolls.
    Unusual,
    /// p < 0.01.
    VeryUnusual,
}

/// Chi-square critical values for 5 degrees of freedom.
pub const CRITICAL_05: f64 = 11.070;
pub const CRITICAL_01: f64 = 15.086;

impl Dice {
    pub fn total(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The count each face should have with a fair die.
    pub fn expected(&self) -> f64 {
        self.total() as f64 / 6.0
    }

    /// Pearson's statistic: Σ (observed − expected)² / expected.
    pub fn chi_square(&self) -> f64 {
        let e = self.expected();
        if e == 0.0 {
            return 0.0;
        }
        self.counts.iter().map(|&o| (o as f64 - e).powi(2) / e).sum()
    }

    /// The chance that fair dice give a statistic at least this large.
    pub fn p_value(&self) -> f64 {
        chi_square_5_survival(self.chi_square())
    }

    pub fn verdict(&self) -> Verdict {
        let p = self.p_value();
        if self.total() < 30 {
            Verdict::TooFewRolls
        } else if p >= 0.05 {
            Verdict::Fair
        } else if p >= 0.01 {
            Verdict::Unusual
        } else {
            Verdict::VeryUnusual
        }
    }
}

/// P(X ≥ x) for chi-square with 5 degrees of freedom, in closed form:
/// erfc(√(x/2)) + √(2x/π)·e^(−x/2)·(1 + x/3).
pub fn chi_square_5_survival(x: f64) -> f64 {
    if x <= 0.0 {
        return 1.0;
    }
    let tail = (2.0 * x / std::f64::consts::PI).sqrt() * (-x / 2.0).exp() * (1.0 + x / 3.0);
    (erfc((x / 2.0).sqrt()) + tail).clamp(0.0, 1.0)
}

/// The complementary error function (Chebyshev fit, relative error < 1.2e-7).
fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 { r } else { 2.0 - r }
}

/// Everything the statistics screen shows.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stats {
    pub overall: Tally,
    /// By preset (`None` for house rules), in the order first played.
    pub by_preset: Vec<(Option<Preset>, Tally)>,
    pub by_opponents: Vec<(Opponents, Tally)>,
    pub dice: Dice,
}

impl Stats {
    pub fn of(games: &[Summary]) -> Stats {
        let mut stats = Stats::default();
        for game in games {
            for (face, n) in game.faces.iter().enumerate() {
                stats.dice.counts[face] += u64::from(*n);
            }
            // Places count only for games the player at this computer sat in.
            let Some(me) = game.me else { continue };
            let place = game.places[me.index()];
            let add = |tally: &mut Tally| {
                tally.games += 1;
                if let Some(slot) = place.and_then(|p| tally.places.get_mut(usize::from(p).wrapping_sub(1))) {
                    *slot += 1;
                }
            };
            add(&mut stats.overall);
            add(slot(&mut stats.by_preset, game.preset));
            if let Some(opponents) = game.opponents {
                add(slot(&mut stats.by_opponents, opponents));
            }
        }
        stats
    }
}

/// The tally for `key`, added at the end when new.
fn slot<K: PartialEq>(groups: &mut Vec<(K, Tally)>, key: K) -> &mut Tally {
    let at = match groups.iter().position(|(k, _)| *k == key) {
        Some(at) => at,
        None => {
            groups.push((key, Tally::default()));
            groups.len() - 1
        }
    };
    &mut groups[at].1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::Strategy;
    use crate::rules::Seat;

    #[test]
    fn chi_square_of_known_counts() {
        let even = Dice { counts: [10; 6] };
        assert_eq!(even.chi_square(), 0.0);
        assert_eq!(even.p_value(), 1.0);
        assert_eq!(even.verdict(), Verdict::Fair);
        // (5² + 5²) / 10 = 5.0; P(χ²₅ ≥ 5) = 0.4159.
        let skew = Dice { counts: [5, 15, 10, 10, 10, 10] };
        assert!((skew.chi_square() - 5.0).abs() < 1e-12);
        assert!((skew.p_value() - 0.4159).abs() < 1e-3, "{}", skew.p_value());
        // A loaded die: 60 rolls, 30 sixes: χ² = (5·4² + 20²) / 10 = 48.
        let loaded = Dice { counts: [6, 6, 6, 6, 6, 30] };
        assert!((loaded.chi_square() - 48.0).abs() < 1e-9, "{}", loaded.chi_square());
        assert!(loaded.p_value() < 1e-6);
        assert_eq!(loaded.verdict(), Verdict::VeryUnusual);
        assert_eq!(Dice { counts: [2, 2, 2, 2, 2, 2] }.verdict(), Verdict::TooFewRolls);
    }

    #[test]
    fn the_critical_values_give_the_textbook_p_values() {
        assert!((chi_square_5_survival(CRITICAL_05) - 0.05).abs() < 1e-4);
        assert!((chi_square_5_survival(CRITICAL_01) - 0.01).abs() < 1e-4);
        assert!((chi_square_5_survival(1.145) - 0.95).abs() < 1e-3);
        // χ² = (8² + 1² + 2² + 7²) / 10 = 11.8: between the 5% and 1% critical values.
        let unusual = Dice { counts: [2, 9, 10, 10, 12, 17] };
        let x = unusual.chi_square();
        assert!(x > CRITICAL_05 && x < CRITICAL_01, "{x}");
        assert_eq!(unusual.verdict(), Verdict::Unusual);
    }

    #[test]
    fn games_wins_and_places_per_preset_and_opponents() {
        let game = |preset, opponents, place: u8, faces| Summary {
            preset,
            me: Some(Seat::ALL[0]),
            opponents: Some(opponents),
            places: [Some(place), None, None, None],
            faces,
            ..Summary::default()
        };
        let games = [
            game(Some(Preset::Classic), Opponents::Bots(Strategy::Hard), 1, [1, 2, 3, 4, 5, 6]),
            game(Some(Preset::Classic), Opponents::Bots(Strategy::Hard), 3, [1, 1, 1, 1, 1, 1]),
            game(Some(Preset::Race), Opponents::People, 1, [0; 6]),
            game(None, Opponents::Bots(Strategy::Easy), 2, [0; 6]),
            // A game nobody at this computer played (watched bots): dice only.
            Summary { faces: [10, 0, 0, 0, 0, 0], ..Summary::default() },
        ];
        let stats = Stats::of(&games);
        assert_eq!(stats.overall, Tally { games: 4, places: [2, 1, 1, 0] });
        assert_eq!(
            stats.by_preset,
            vec![
                (Some(Preset::Classic), Tally { games: 2, places: [1, 0, 1, 0] }),
                (Some(Preset::Race), Tally { games: 1, places: [1, 0, 0, 0] }),
                (None, Tally { games: 1, places: [0, 1, 0, 0] }),
            ]
        );
        assert_eq!(
            stats.by_opponents[0],
            (Opponents::Bots(Strategy::Hard), Tally { games: 2, places: [1, 0, 1, 0] })
        );
        assert_eq!(stats.by_opponents[1].1.wins(), 1);
        assert_eq!(stats.dice.counts, [12, 3, 4, 5, 6, 7]);
        assert_eq!(stats.dice.total(), 37);
    }
}
