//! Seating at a hosted table: offers to joiners, commitments, the
//! genesis to sign, guests who leave before the game, and guests who come
//! back (after a drop, a restart, or to an elected host).

use super::*;

impl Host {
    /// A guest of this table (from the roster) is expected back.
    pub(super) fn seat_back(&mut self, peer: PeerId, seat: Seat) -> Option<Participant> {
        let table = self.table.as_ref()?;
        // A peer come back to a table another peer took over may have no
        // person seat, its seat a bot's since it hosted headless: one that
        // is not the creator follows as a watcher.
        let who = match table.state().control[seat.index()].participant(seat == table.creator()) {
            Some(who) => who,
            None => self.fresh_participant(),
        };
        let member = self.roster.member(seat).cloned();
        let name = member.as_ref().map(|m| m.name.clone()).unwrap_or_default();
        let reach = member.map(|m| m.reach).unwrap_or_default();
        let game_id = table.state().game_id;
        self.guests.entry(peer).or_insert(Seated::new(who, seat, name, reach, game_id, true));
        Some(who)
    }

    /// Before the game, a guest who leaves (or never signs) frees its seat;
    /// a genesis made with it is made again when the seats fill.
    pub(super) async fn unseat<O: FnMut(Line)>(
        &mut self,
        session: &mut Session<O>,
        peer: PeerId,
    ) -> Result<(), PlayError> {
        let Some(gone) = self.guests.remove(&peer) else { return Ok(()) };
        let _ = session.client.keep(peer, false).await;
        self.roster.seats[gone.seat.index()] = None;
        if self.table.as_ref().is_some_and(|t| !t.is_sealed()) {
            self.table = None;
            self.opened = None;
            for guest in self.guests.values_mut() {
                guest.signed = false;
            }
        }
        session.report(Line::Left { colour: self.rules.colour_of(gone.seat), seat: gone.seat });
        self.list(session).await
    }

    /// Before the game, a guest whose connection dropped keeps its seat
    /// for `BACK_WITHIN`, unless its address refuses a dial (its program
    /// stopped); meanwhile it is dialed once a beat, with the genesis to
    /// sign if the table is open. So is a guest the genesis did not reach.
    pub(super) async fn keep_seats_of_the_away<O: FnMut(Line)>(
        &mut self,
        session: &mut Session<O>,
        now: Instant,
    ) -> Result<(), PlayError> {
        if self.table.as_ref().is_some_and(Table::is_sealed) {
            return Ok(());
        }
        let gone: Vec<PeerId> = self
            .guests
            .iter()
            .filter(|(_, g)| g.away_since.is_some_and(|t| g.stopped || now.duration_since(t) >= BACK_WITHIN))
            .map(|(p, _)| *p)
            .collect();
        for peer in gone {
            warn!(%peer, "the guest did not come back before the game: its seat is free again");
            self.unseat(session, peer).await?;
        }
        // Ticked every 100 ms before the game: the genesis is copied only
        // for a guest it goes to.
        let open = self.table.is_some();
        let due: Vec<(PeerId, bool)> = self
            .guests
            .iter()
            .filter(|(_, g)| !g.in_flight && (g.away_since.is_some() || (g.backoff && !g.signed && open)))
            .filter(|(_, g)| g.last_sent.is_none_or(|t| now.duration_since(t) >= BEAT))
            .map(|(p, g)| (*p, g.signed))
            .collect();
        for (peer, signed) in due {
            let unsigned = self.table.as_ref().filter(|_| !signed).map(|t| t.genesis().clone());
            match unsigned {
                Some(genesis) => self.send(session, peer, ToGuest::Sign(genesis)),
                None => self.probe(session, peer),
            }
        }
        Ok(())
    }

    pub(super) fn welcome(&self, seat: Seat) -> Answer {
        Answer::Welcome {
            seat,
            rules: self.rules,
            nonce: game_nonce(&self.entropy),
            chain_len: self.config.chain_len,
        }
    }

    /// Offers a joiner a free seat (the colour it asked for if free). The
    /// seat is not held: a joiner that never commits keeps nobody out.
    pub(super) fn offer(&mut self, peer: PeerId, colour: Option<Seat>, name: String) -> Answer {
        let taken: Vec<Seat> = self.guests.values().map(|g| g.seat).collect();
        let free: Vec<Seat> = self.guest_seats().filter(|s| !taken.contains(s)).collect();
        let Some(&seat) = colour.filter(|c| free.contains(c)).as_ref().or(free.first()) else {
            return Answer::Refused(Denial::TableFull);
        };
        self.offers.insert(peer, (seat, Instant::now(), name));
        self.welcome(seat)
    }

    /// A joiner commits to the seat it was offered: the seat is held.
    pub(super) async fn commit<O: FnMut(Line)>(
        &mut self,
        session: &mut Session<O>,
        peer: PeerId,
        seat: Seat,
        commitment: Commitment,
        reach: Reach,
    ) -> Result<Answer, PlayError> {
        let offered = self.offers.get(&peer).is_some_and(|&(s, _, _)| s == seat)
            || self.guests.get(&peer).is_some_and(|g| g.seat == seat);
        if !offered {
            return Ok(Answer::Refused(Denial::OfferLapsed));
        }
        let name = self.offers.remove(&peer).map(|(_, _, name)| name);
        if self.guests.iter().any(|(p, g)| g.seat == seat && *p != peer) {
            // Taken meanwhile by a joiner that committed first: another seat.
            return Ok(self.offer(peer, None, name.unwrap_or_default()));
        }
        let Control::Person { owner: who } = self.seats[seat.index()] else {
            return Ok(Answer::Refused(Denial::NotForGuest));
        };
        let fresh = !self.guests.contains_key(&peer);
        let guest = self.guests.entry(peer).or_insert(Seated::new(
            who,
            seat,
            name.unwrap_or_default(),
            Reach::default(),
            Default::default(),
            false,
        ));
        guest.commitment = Some(commitment);
        guest.reach.clone_from(&reach);
        let name = guest.name.clone();
        self.roster.seats[seat.index()] = Some(Member { name: name.clone(), reach });
        let _ = session.client.keep(peer, true).await;
        if fresh {
            self.report_joined(session, peer, seat, name);
            self.list(session).await?;
        }
        self.try_open(session)?;
        Ok(Answer::Done)
    }

    /// Says that `peer`, called `name`, took `seat`: a joiner that
    /// committed, or a watcher seated in the colour it reserved.
    pub(super) fn report_joined<O: FnMut(Line)>(
        &self,
        session: &mut Session<O>,
        peer: PeerId,
        seat: Seat,
        name: String,
    ) {
        session.report(Line::Joined {
            colour: self.rules.colour_of(seat),
            seat,
            peer: peer.to_string(),
            name,
        });
    }

    /// Before the game, a seat still waiting for a guest goes to a bot (the
    /// host's person starts without that friend); the table opens if every
    /// other guest is in.
    pub(super) async fn bot_instead<O: FnMut(Line)>(
        &mut self,
        session: &mut Session<O>,
        seat: Seat,
    ) -> Result<(), PlayError> {
        let waiting = self.guest_seats().any(|s| s == seat) && !self.guests.values().any(|g| g.seat == seat);
        if self.table.is_some() || !waiting {
            debug!(%seat, "the seat is not waiting for a guest");
            return Ok(());
        }
        let bot = Control::Bot(BOT_INSTEAD);
        self.seats[seat.index()] = bot;
        self.config.seats[seat.index()] = bot;
        self.offers.retain(|_, (s, _, _)| *s != seat);
        info!(%seat, "a bot plays the seat: the game starts without its friend");
        self.list(session).await?;
        self.try_open(session)
    }

    /// Opens the table once every guest seat holds a commitment, and sends
    /// each guest the genesis to sign.
    pub(super) fn try_open<O: FnMut(Line)>(&mut self, session: &mut Session<O>) -> Result<(), PlayError> {
        let committed = self.guests.values().filter(|g| g.commitment.is_some()).count();
        if self.table.is_some() || committed < self.guest_seats().count() {
            return Ok(());
        }
        let mut remote = [None; 4];
        for guest in self.guests.values() {
            remote[guest.seat.index()] = guest.commitment;
        }
        let table = Table::new(self.config.clone(), session.identity(), self.entropy, remote, session.now())
            .map_err(|e| PlayError::Table(format!("the table cannot open: {e}")))?;
        let genesis = table.genesis().clone();
        let creator = table.creator();
        self.roster.creator = Some(creator);
        self.roster.seats[creator.index()] =
            Some(Member { name: session.name.clone(), reach: self.reach.clone() });
        self.table = Some(table);
        self.opened = Some(Instant::now());
        let peers: Vec<PeerId> = self.guests.keys().copied().collect();
        for peer in peers {
            self.send(session, peer, ToGuest::Sign(genesis.clone()));
        }
        Ok(())
    }

    /// A guest back after a drop or a restart, or a guest of the departed
    /// host at this elected one: its head is checked, its seat returned,
    /// and it gets what it lacks. Entries of ours it holds and we lack (a
    /// host that restarted from an older save) are taken back first.
    pub(super) fn rejoin<O: FnMut(Line)>(
        &mut self,
        session: &mut Session<O>,
        peer: PeerId,
        head: Position,
        tail: Vec<SignedEntry<Record>>,
    ) -> Answer {
        if !self.guests.contains_key(&peer) {
            let seat = self
                .roster
                .peers()
                .find(|(s, m)| ticket::reach(*s, &m.reach).is_some_and(|t| t.peer == peer));
            match seat.map(|(s, _)| s) {
                Some(seat) if self.seat_back(peer, seat).is_some() => {}
                _ => return Answer::Refused(Denial::NoSeat),
            }
        }
        if let Some(table) = &mut self.table {
            for entry in tail {
                let seq = entry.body.decode().map(|b| b.seq).unwrap_or(0);
                if seq == table.entries().len() as u64 + 1
                    && let Err(e) = table.adopt(entry)
                {
                    debug!(%peer, "an entry of the guest's was not taken: {e}");
                }
            }
        }
        let held = self.heard_head(peer, head);
        // Started again from an older save: the tails bring what we lost,
        // and once every guest is back on our log, we host on. Until then
        // a guest is not taken back: it may yet follow an elected host.
        if let Some(resuming) = &mut self.resuming
            && held
        {
            if !resuming.back.contains(&peer) {
                resuming.back.push(peer);
            }
            let all = self.guests.iter().filter(|(_, g)| g.signed).all(|(p, _)| resuming.back.contains(p));
            if !all {
                return Answer::Refused(Denial::StartingAgain);
            }
            self.resumed(session);
        }
        if let Some(guest) = self.guests.get_mut(&peer) {
            guest.in_flight = false;
            guest.last_heard = Instant::now();
        }
        self.back(session, peer);
        let session_client = session.client.clone();
        tokio::spawn(async move {
            let _ = session_client.keep(peer, true).await;
        });
        Answer::Done
    }
}
