//! Before a game: who is here, who sits where, and the rules. Persons pick
//! free colours; the host picks the bots' colours, the preset and the house
//! rules, and starts the game once it has two players, one a person.

use super::authority::{Refusal, TableConfig, Timing};
use super::record::{Control, Participant};
use crate::bots::Strategy;
use crate::rules::{Rules, Seat};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lobby {
    host: Participant,
    rules: Rules,
    seats: [Control; 4],
    /// Everyone here, with the name they go by.
    present: Vec<(Participant, String)>,
    timing: Timing,
}

impl Lobby {
    pub fn new(host: Participant, host_name: &str, rules: Rules, timing: Timing) -> Lobby {
        Lobby { host, rules, seats: [Control::Empty; 4], present: vec![(host, host_name.into())], timing }
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn seats(&self) -> &[Control; 4] {
        &self.seats
    }

    pub fn present(&self) -> &[(Participant, String)] {
        &self.present
    }

    /// Seats nobody holds yet.
    pub fn free_seats(&self) -> impl Iterator<Item = Seat> + '_ {
        Seat::ALL.into_iter().filter(|s| self.seats[s.index()] == Control::Empty)
    }

    pub fn arrive(&mut self, who: Participant, name: &str) {
        match self.present.iter_mut().find(|(p, _)| *p == who) {
            Some(entry) => entry.1 = name.into(),
            None => self.present.push((who, name.into())),
        }
    }

    /// Someone left: their seats are free again.
    pub fn depart(&mut self, who: Participant) {
        self.present.retain(|(p, _)| *p != who);
        for control in self.seats.iter_mut().filter(|c| c.owner() == Some(who)) {
            *control = Control::Empty;
        }
    }

    /// A person takes a free colour (several persons on one computer may
    /// each take one: hot-seat).
    pub fn sit(&mut self, who: Participant, seat: Seat) -> Result<(), Refusal> {
        if !self.present.iter().any(|(p, _)| *p == who) {
            return Err(Refusal::NotYourSeat(seat));
        }
        if self.seats[seat.index()] != Control::Empty {
            return Err(Refusal::ColourTaken(seat));
        }
        self.seats[seat.index()] = Control::Person { owner: who };
        Ok(())
    }

    /// A person gives their colour up.
    pub fn stand(&mut self, who: Participant, seat: Seat) -> Result<(), Refusal> {
        if self.seats[seat.index()].owner() != Some(who) {
            return Err(Refusal::NotYourSeat(seat));
        }
        self.seats[seat.index()] = Control::Empty;
        Ok(())
    }

    /// The host puts a bot on a free or bot-held colour, or removes it.
    pub fn set_bot(&mut self, who: Participant, seat: Seat, bot: Option<Strategy>) -> Result<(), Refusal> {
        self.check_host(who)?;
        if !matches!(self.seats[seat.index()], Control::Empty | Control::Bot(_)) {
            return Err(Refusal::ColourTaken(seat));
        }
        self.seats[seat.index()] = bot.map_or(Control::Empty, Control::Bot);
        Ok(())
    }

    /// The host chooses the preset and house rules.
    pub fn set_rules(&mut self, who: Participant, rules: Rules) -> Result<(), Refusal> {
        self.check_host(who)?;
        rules.validate().map_err(|e| Refusal::Setup(e.to_string()))?;
        self.rules = rules;
        Ok(())
    }

    fn check_host(&self, who: Participant) -> Result<(), Refusal> {
        if who == self.host { Ok(()) } else { Err(Refusal::NotHost) }
    }

    /// The table to start, if the seats allow a game.
    pub fn config(&self, chain_len: u32) -> Result<TableConfig, Refusal> {
        let players = self.seats.iter().filter(|c| **c != Control::Empty).count();
        if players < 2 {
            return Err(Refusal::Setup("a game needs at least two players".into()));
        }
        if !self.seats.iter().any(|c| matches!(c, Control::Person { .. })) {
            return Err(Refusal::Setup("at least one player must be a person".into()));
        }
        Ok(TableConfig {
            rules: self.rules,
            seats: self.seats,
            host: self.host,
            timing: self.timing,
            chain_len,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Preset;

    const HOST: Participant = Participant::LOCAL;
    const GUEST: Participant = Participant(1);

    #[test]
    fn persons_pick_free_colours_and_the_host_places_bots() {
        let mut lobby = Lobby::new(HOST, "Ana", Preset::Classic.rules(), Timing::PEOPLE);
        lobby.arrive(GUEST, "Bao");
        lobby.sit(HOST, Seat::ALL[0]).unwrap();
        assert_eq!(lobby.sit(GUEST, Seat::ALL[0]), Err(Refusal::ColourTaken(Seat::ALL[0])));
        lobby.sit(GUEST, Seat::ALL[2]).unwrap();
        assert_eq!(lobby.set_bot(GUEST, Seat::ALL[1], Some(Strategy::Hard)), Err(Refusal::NotHost));
        assert_eq!(
            lobby.set_bot(HOST, Seat::ALL[2], Some(Strategy::Hard)),
            Err(Refusal::ColourTaken(Seat::ALL[2]))
        );
        lobby.set_bot(HOST, Seat::ALL[1], Some(Strategy::Hard)).unwrap();
        assert_eq!(lobby.free_seats().collect::<Vec<_>>(), vec![Seat::ALL[3]]);
        assert_eq!(lobby.set_rules(GUEST, Preset::Race.rules()), Err(Refusal::NotHost));
        lobby.set_rules(HOST, Preset::Race.rules()).unwrap();
        let config = lobby.config(4096).unwrap();
        assert_eq!(config.rules, Preset::Race.rules());
        assert_eq!(config.seats[2], Control::Person { owner: GUEST });
        lobby.depart(GUEST);
        assert_eq!(lobby.seats()[2], Control::Empty);
        assert_eq!(lobby.stand(GUEST, Seat::ALL[0]), Err(Refusal::NotYourSeat(Seat::ALL[0])));
    }

    #[test]
    fn a_game_starts_with_two_players_one_a_person() {
        let mut lobby = Lobby::new(HOST, "Ana", Preset::Plaza.rules(), Timing::PEOPLE);
        lobby.set_bot(HOST, Seat::ALL[0], Some(Strategy::Easy)).unwrap();
        lobby.set_bot(HOST, Seat::ALL[1], Some(Strategy::Easy)).unwrap();
        assert!(matches!(lobby.config(4096), Err(Refusal::Setup(_))));
        lobby.set_bot(HOST, Seat::ALL[1], None).unwrap();
        lobby.sit(HOST, Seat::ALL[1]).unwrap();
        assert!(lobby.config(4096).is_ok());
        // Hot-seat: the host's computer holds two colours.
        lobby.sit(HOST, Seat::ALL[3]).unwrap();
        assert_eq!(lobby.seats().iter().filter(|c| c.owner() == Some(HOST)).count(), 2);
    }
}
