//! A lying host against two honest guests (real `ludopia join --headless`
//! processes on loopback). The liar is test code: it seats the guests and
//! runs an honest table, then tells one lie, with the host's own key so
//! that every entry it signs passes the signature check:
//! 1. it records a guest's dice link as missed, to roll without it;
//! 2. it sends the two guests different entries for one place;
//! 3. it signs an illegal move;
//! 4. it replays an old roll's links;
//! 5. it holds its own link back, so the roll never comes.
//!
//! Every guest must catch it (an `evidence` line of the right kind, naming
//! the entry), elect away from the liar, and finish the game under an
//! honest host with the same places as the other guest.
//!
//! The same host, honest, also vanishes while one guest, on a slow link,
//! lacks its newest entries: the other guest's vote brings them to it.

use std::process::Stdio;
use std::time::{Duration, Instant};

use libp2p::{PeerId, identity::Keypair};
use ludopia::bots::Strategy;
use ludopia::fair::{self, Identity, Reveal, SignedEntry, log::Body};
use ludopia::net::wire::Request;
use ludopia::net::{Client, NodeConfig, NodeEvent, spawn};
use ludopia::rules::{Phase, Preset, Seat};
use ludopia::table::succession::Branch;
use ludopia::table::{
    Again, Answer, Beat, By, CHAIN_LEN, Control, Input, Member, Participant, Position, Reach, Record,
    RollProof, Roster, Table, TableConfig, TableState, Timing, ToGuest, ToHost, game_nonce, rolls,
};
use serde_json::Value;

mod support;
use support::player::{LOOPBACK, command_at, drain, event, lines, profile, watchdog};

const WITHIN: Duration = Duration::from_secs(150);

#[derive(Clone, Copy, Debug, PartialEq)]
enum Lie {
    HideLink,
    TwoLogs,
    Illegal,
    Replay,
    Withhold,
    /// Not a lie: the host vanishes, the first guest (on a slow link)
    /// lacking its newest entries, and hears of the other's loss first.
    Vanish,
}

/// The guest on a slow link under [`Lie::Vanish`] (first in the succession
/// after the host): it gets each entry this long after it was made.
const SLOW: Seat = Seat::ALL[1];
const LAG: Duration = Duration::from_secs(1);
/// How long it still hears the vanished host (beats, answers) while the
/// other guest, lost after 3 s, votes; then the host's program stops, so
/// that the end does not wait for it.
const SLOW_HEARS: Duration = Duration::from_secs(5);

struct Seated {
    peer: PeerId,
    seat: Seat,
    who: Participant,
    acked: u64,
}

struct Liar {
    client: Client,
    key: [u8; 32],
    entropy: [u8; 32],
    config: TableConfig,
    table: Option<Table>,
    guests: Vec<Seated>,
    commitments: [Option<fair::Commitment>; 4],
    roster: Roster,
    /// The log served from here on; after the lie, one per guest.
    logs: Option<[Vec<SignedEntry<Record>>; 2]>,
    reveals: Vec<Reveal>,
    lie: Lie,
    pending_since: Option<(u32, Instant)>,
    /// When each entry of the table was made.
    made: Vec<Instant>,
    vanished: Option<Instant>,
    clock: Instant,
    ticket: String,
}

impl Liar {
    fn identity(&self) -> Identity {
        Identity::from_secret(&self.key)
    }

    fn now(&self) -> u64 {
        self.clock.elapsed().as_millis() as u64
    }

    /// The host's own chain for a seat it holds, as the table makes it.
    fn link(&self, seat: Seat, k: u32) -> Option<fair::Digest> {
        let secret = fair::tagged("ludopia/table/secret", &[&self.entropy, &[u8::from(seat)]]);
        fair::Chain::new(game_nonce(&self.entropy), seat, &secret.0, CHAIN_LEN).link(k)
    }

    fn sign(
        &self,
        state: &TableState,
        prev: &[SignedEntry<Record>],
        content: Record,
        next: Option<TableState>,
    ) -> SignedEntry<Record> {
        let (seq, prev) = match prev.last() {
            Some(last) => (prev.len() as u64 + 1, last.hash()),
            None => (1, state.game_id),
        };
        let state_hash = next.map_or(state.hash(), |n| n.hash());
        let body = Body { game_id: state.game_id, seq, prev, content, state_hash };
        SignedEntry::sign(&self.identity(), &body)
    }

    /// Tells the lie if the table is where it can be told; returns whether it did.
    fn lie(&mut self) -> bool {
        let Some(table) = &self.table else { return false };
        let state = *table.state();
        let entries = table.entries().to_vec();
        if !state.started || entries.len() < 20 || state.game.is_over() || state.paused.is_some() {
            return false;
        }
        let roll_pending = state.game.phase() == Phase::Roll;
        let to_act = state.to_act();
        let bot_turn = to_act.is_some_and(|(_, c)| c.bot().is_some());
        let k = state.next_roll;
        match self.lie {
            Lie::HideLink => {
                // A bot's roll, the guests' links in for a second (so each
                // guest's reveal reached the other guest, which passed it on).
                if !(roll_pending && bot_turn) {
                    return false;
                }
                let guests: Vec<Seat> = self.guests.iter().map(|g| g.seat).collect();
                let all_in = guests.iter().all(|&s| self.reveals.iter().any(|r| r.seat == s && r.k == k));
                let since = self.pending_since.filter(|&(pk, _)| pk == k).map(|(_, t)| t);
                if !all_in || since.is_none_or(|t| t.elapsed() < Duration::from_millis(1000)) {
                    return false;
                }
                let hidden = guests[1];
                let missed = Record::Missed { seat: hidden, k, waited: state.timing.reveal_wait };
                let Ok((after, _)) = state.apply(&missed) else { return false };
                let mask = after.live;
                let links = Seat::ALL.map(|s| {
                    if !mask.contains(s) {
                        None
                    } else if after.held.contains(s) {
                        self.link(s, k)
                    } else {
                        self.reveals.iter().find(|r| r.seat == s && r.k == k).map(|r| r.link)
                    }
                });
                let Some((roller, _)) = to_act else { return false };
                let Some(seed) = rolls::seed(&state.game_id, k, u8::from(roller), mask, &links) else {
                    return false;
                };
                let roll = Record::Roll {
                    seat: roller,
                    face: rolls::face(&seed),
                    proof: RollProof { k, mask, links },
                    by: By::Bot,
                };
                let Ok((end, _)) = after.apply(&roll) else { return false };
                let mut log = entries;
                let first = self.sign(&state, &log, missed, Some(after));
                log.push(first);
                let second = self.sign(&after, &log, roll, Some(end));
                log.push(second);
                self.logs = Some([log.clone(), log]);
                true
            }
            Lie::TwoLogs => {
                let Some((seat, _)) = to_act.filter(|_| bot_turn) else { return false };
                let _ = seat;
                // Each guest is told that the other left and a bot took its
                // seat (a guest told so of its own seat leaves the table).
                let a =
                    Record::Control { seat: self.guests[1].seat, control: Control::Bot(Strategy::Normal) };
                let b =
                    Record::Control { seat: self.guests[0].seat, control: Control::Bot(Strategy::Normal) };
                let (Ok((sa, _)), Ok((sb, _))) = (state.apply(&a), state.apply(&b)) else { return false };
                let mut one = entries.clone();
                one.push(self.sign(&state, &entries, a, Some(sa)));
                let mut two = entries.clone();
                two.push(self.sign(&state, &entries, b, Some(sb)));
                self.logs = Some([one, two]);
                true
            }
            Lie::Illegal => {
                let Some((seat, _)) = to_act.filter(|_| roll_pending && bot_turn) else { return false };
                // A move while the die is still to roll.
                let illegal =
                    Record::Act { action: ludopia::rules::Action::Move { seat, pawn: 0 }, by: By::Bot };
                let mut log = entries.clone();
                log.push(self.sign(&state, &entries, illegal, None));
                self.logs = Some([log.clone(), log]);
                true
            }
            Lie::Replay => {
                let Some((seat, _)) = to_act.filter(|_| roll_pending && bot_turn) else { return false };
                let old = entries.iter().rev().find_map(|e| match e.body.decode().map(|b| b.content) {
                    Ok(Record::Roll { face, proof, .. }) => Some((face, proof)),
                    _ => None,
                });
                let Some((face, proof)) = old else { return false };
                let replayed = Record::Roll { seat, face, proof, by: By::Bot };
                let mut log = entries.clone();
                log.push(self.sign(&state, &entries, replayed, None));
                self.logs = Some([log.clone(), log]);
                true
            }
            Lie::Withhold => {
                if !(roll_pending && bot_turn) {
                    return false;
                }
                // The host's own link never comes: no roll, no entry.
                self.logs = Some([entries.clone(), entries]);
                true
            }
            Lie::Vanish => {
                // Gone once the slow guest lacks an entry or two that the
                // other holds (each roll waits for the slow guest's link:
                // it is never far behind).
                let held = self.lagged(entries.len());
                let fast = self.guests.iter().find(|g| g.seat != SLOW).map_or(0, |g| g.acked);
                if fast <= held as u64 {
                    return false;
                }
                // What each guest was served so far is all it gets.
                self.logs = Some([self.log_for(0), self.log_for(1)]);
                self.vanished = Some(Instant::now());
                true
            }
        }
    }

    /// How many of the first `n` entries were made at least [`LAG`] ago.
    fn lagged(&self, n: usize) -> usize {
        self.made.iter().take(n).take_while(|t| t.elapsed() >= LAG).count()
    }

    fn log_for(&self, i: usize) -> Vec<SignedEntry<Record>> {
        match &self.logs {
            Some(logs) => logs[i].clone(),
            None => {
                let mut entries = self.table.as_ref().map(|t| t.entries().to_vec()).unwrap_or_default();
                if self.lie == Lie::Vanish && self.guests[i].seat == SLOW {
                    entries.truncate(self.lagged(entries.len()));
                }
                entries
            }
        }
    }

    /// Whether the vanished host still reaches the guest at `peer`.
    fn reaches(&self, peer: PeerId) -> bool {
        self.vanished.is_none_or(|at| {
            at.elapsed() < SLOW_HEARS && self.guests.iter().any(|g| g.peer == peer && g.seat == SLOW)
        })
    }

    async fn serve(mut self, mut events: tokio::sync::mpsc::Receiver<NodeEvent>) {
        let mut tick = tokio::time::interval(Duration::from_millis(20));
        loop {
            tokio::select! {
                event = events.recv() => {
                    let Some(event) = event else { return };
                    self.on_event(event).await;
                }
                _ = tick.tick() => {
                    if self.vanished.is_some_and(|at| at.elapsed() >= SLOW_HEARS) {
                        return;
                    }
                    self.on_tick().await;
                }
            }
        }
    }

    async fn on_event(&mut self, event: NodeEvent) {
        let NodeEvent::Request { peer, request, reply } = event else { return };
        if !self.reaches(peer) {
            // Vanished: the request goes unanswered.
            return;
        }
        let now = self.now();
        let answer = match request {
            Request::Host(ToHost::Join { .. }) => {
                let seat = [Seat::ALL[1], Seat::ALL[2]][self.guests.len().min(1)];
                Answer::Welcome {
                    seat,
                    rules: self.config.rules,
                    nonce: game_nonce(&self.entropy),
                    chain_len: CHAIN_LEN,
                }
            }
            Request::Host(ToHost::Commit { seat, commitment, reach }) => {
                let who = self.config.seats[seat.index()].owner().unwrap_or(Participant(9));
                self.guests.push(Seated { peer, seat, who, acked: 0 });
                self.commitments[seat.index()] = Some(commitment);
                self.roster.seats[seat.index()] = Some(Member { name: format!("guest {seat}"), reach });
                if self.guests.len() == 2 {
                    let table =
                        Table::new(self.config.clone(), self.identity(), self.entropy, self.commitments, now)
                            .expect("the liar's table");
                    self.roster.creator = Some(table.creator());
                    self.roster.seats[table.creator().index()] =
                        Some(Member { name: "liar".into(), reach: Reach::new(self.ticket.clone()) });
                    let genesis = table.genesis().clone();
                    self.table = Some(table);
                    for guest in &self.guests {
                        let (client, peer, genesis) = (self.client.clone(), guest.peer, genesis.clone());
                        tokio::spawn(async move {
                            client.send(peer, Request::Guest(ToGuest::Sign(genesis))).await
                        });
                    }
                }
                Answer::Done
            }
            Request::Host(ToHost::Signed(sig)) => {
                let guest = self.guests.iter().find(|g| g.peer == peer).map(|g| (g.who, g.seat));
                if let (Some(table), Some((from, seat))) = (&mut self.table, guest) {
                    let _ = table.handle(now, Input::GenesisSigned { from, seat, sig });
                    if table.is_sealed() {
                        let sealed = ToGuest::Sealed {
                            genesis: table.genesis().clone(),
                            roster: self.roster.clone(),
                            again: Again::No,
                        };
                        for guest in &self.guests {
                            let _ = self.client.send(guest.peer, Request::Guest(sealed.clone())).await;
                        }
                    }
                }
                Answer::Done
            }
            Request::Host(ToHost::Reveal(reveal)) => {
                if let Ok(body) = reveal.body.decode() {
                    self.reveals.push(body);
                }
                // Hiding a link: the table does not roll the bot's roll by
                // itself once the guests' links are in; the liar rolls it.
                let hold = self.lie == Lie::HideLink
                    && self.table.as_ref().is_some_and(|t| {
                        let state = t.state();
                        t.entries().len() >= 20
                            && state.game.phase() == Phase::Roll
                            && state.to_act().is_some_and(|(_, c)| c.bot().is_some())
                    });
                if let (Some(table), None, false) = (&mut self.table, &self.logs, hold) {
                    let _ = table.handle(now, Input::Reveal(reveal));
                }
                Answer::Done
            }
            Request::Host(ToHost::Intent { act, .. }) => {
                let guest = self.guests.iter().find(|g| g.peer == peer).map(|g| (g.who, g.seat));
                if let (Some(table), Some((from, seat)), None) = (&mut self.table, guest, &self.logs) {
                    let _ = table.handle(now, Input::Intent { from, seat, act });
                }
                Answer::Done
            }
            _ => Answer::Done,
        };
        reply.reply(answer);
    }

    async fn on_tick(&mut self) {
        let now = self.now();
        let Some(table) = &mut self.table else { return };
        if !table.is_sealed() {
            return;
        }
        if self.logs.is_none() {
            let k = table.state().next_roll;
            if self.pending_since.is_none_or(|(pk, _)| pk != k) {
                self.pending_since = Some((k, Instant::now()));
            }
            if !self.lie() {
                // Honest until the lie: bots and timers. A bot's roll waits for
                // the moment the lie needs (the guests' links all in).
                if let Some(table) = &mut self.table {
                    let _ = table.handle(now, Input::Tick);
                }
            }
        }
        let made = self.table.as_ref().map_or(0, |t| t.entries().len());
        self.made.resize(made.max(self.made.len()), Instant::now());
        for i in 0..self.guests.len() {
            if !self.reaches(self.guests[i].peer) {
                continue;
            }
            let log = self.log_for(i);
            let state = *self.table.as_ref().map(Table::state).expect("a table");
            let head = log.last().map_or(Position { seq: 0, hash: state.game_id }, |e| Position {
                seq: log.len() as u64,
                hash: e.hash(),
            });
            let branch = Branch { epoch: 0, host: state.host, since: 1, members: 3, counted: 1 };
            let beat = Beat { branch, head, settled: 0 };
            let from = self.guests[i].acked as usize;
            let entries = log.get(from..).unwrap_or_default().iter().take(64).cloned().collect();
            let peer = self.guests[i].peer;
            let sent = tokio::time::timeout(
                Duration::from_millis(500),
                self.client.send(peer, Request::Guest(ToGuest::Entries { beat, entries })),
            )
            .await;
            if let Ok(Ok(Answer::Holds(held))) = sent {
                self.guests[i].acked = held.seq.min(log.len() as u64);
            }
        }
    }
}

/// Runs the liar and two guests; returns each guest's lines.
fn play_against(lie: Lie) -> Vec<Vec<Value>> {
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let mut config = NodeConfig::new(Keypair::ed25519_from_bytes([77; 32]).expect("key"));
    config.listen = vec![LOOPBACK.parse().expect("address")];
    config.mdns = false;
    let seats = [
        Control::Bot(Strategy::Normal),
        Control::Person { owner: Participant(1) },
        Control::Person { owner: Participant(2) },
        Control::Bot(Strategy::Easy),
    ];
    let config_table = TableConfig {
        rules: Preset::Race.rules(),
        seats,
        host: Participant::LOCAL,
        timing: Timing::INSTANT,
        chain_len: CHAIN_LEN,
    };
    let ticket = runtime.block_on(async {
        let (client, mut events) = spawn(config).expect("the liar's node");
        while let Some(event) = events.recv().await {
            if matches!(event, NodeEvent::Listening { .. }) {
                break;
            }
        }
        let ticket = client.ticket().await.expect("ticket").to_string();
        let liar = Liar {
            client,
            key: [77; 32],
            entropy: [78; 32],
            config: config_table,
            table: None,
            guests: Vec::new(),
            commitments: [None; 4],
            roster: Roster::default(),
            logs: None,
            reveals: Vec::new(),
            lie,
            pending_since: None,
            made: Vec::new(),
            vanished: None,
            clock: Instant::now(),
            ticket: ticket.clone(),
        };
        tokio::spawn(liar.serve(events));
        ticket
    });
    let homes: Vec<tempfile::TempDir> = (0..2).map(|_| profile()).collect();
    let mut guests = Vec::new();
    for (i, home) in homes.iter().enumerate() {
        let args = ["join", "--headless", &ticket, "--bot", "easy", "--listen", LOOPBACK];
        // Their stories are their lines, shown when one fails.
        let child = command_at(home.path(), &args).stderr(Stdio::null()).spawn().expect("a guest");
        guests.push(child);
        // The first guest takes the first seat.
        if i == 0 {
            std::thread::sleep(Duration::from_millis(500));
        }
    }
    watchdog(&guests.iter().collect::<Vec<_>>(), WITHIN);
    let readers: Vec<_> =
        guests.iter_mut().map(|child| drain(child.stdout.take().expect("stdout"))).collect();
    let ended: Vec<(bool, String)> = guests
        .into_iter()
        .zip(readers)
        .map(|(mut child, reader)| {
            let ok = child.wait().expect("the guest exits").success();
            (ok, String::from_utf8_lossy(&reader.join().expect("a reader")).into_owned())
        })
        .collect();
    // Both guests' lines, whichever failed: each one's story explains the other's.
    let told: Vec<String> = ended.iter().map(|(_, text)| without_entries(text)).collect();
    assert!(ended.iter().all(|(ok, _)| *ok), "{lie:?}: a guest failed:\n{}", told.join("\n---\n"));
    let outputs: Vec<Vec<Value>> = ended.iter().map(|(_, text)| lines(text.as_bytes())).collect();
    drop(runtime);
    outputs
}

/// A guest's lines without its entries, which are many and say little here.
fn without_entries(text: &str) -> String {
    text.lines().filter(|l| !l.contains(r#""event":"entry""#)).collect::<Vec<_>>().join("\n")
}

/// Every guest caught the lie as `kind` at one entry, and both finished
/// the game with the same places under the guest they elected.
fn caught(lie: Lie, kind: &str) {
    let outputs = play_against(lie);
    let mut entries = Vec::new();
    for lines in &outputs {
        let evidence: Vec<&Value> = lines.iter().filter(|l| event(l) == "evidence").collect();
        assert!(!evidence.is_empty(), "{lie:?}: no evidence in {lines:?}");
        assert_eq!(evidence[0]["kind"], kind, "{lie:?}: {evidence:?}");
        entries.push(evidence[0]["entry"].as_u64().expect("an entry number"));
        assert!(lines.iter().any(|l| event(l) == "host_changed"), "{lie:?}: the guests elected away");
    }
    assert_eq!(entries[0], entries[1], "{lie:?}: both name the same entry");
    // The elected guest hosts on to the end, and may still report a route
    // change while it waits for the other to hold the end: its `over` line
    // is not always its last.
    let over = |lines: &[Value]| lines.iter().rev().find(|l| event(l) == "over").map(|l| l["places"].clone());
    let places: Vec<Option<Value>> = outputs.iter().map(|l| over(l)).collect();
    assert!(places.iter().all(Option::is_some), "{lie:?}: the game finished");
    assert_eq!(places[0], places[1], "{lie:?}: the same places");
}

#[test]
fn a_link_recorded_as_missed_that_was_revealed_is_caught() {
    caught(Lie::HideLink, "withheld");
}

#[test]
fn two_logs_for_two_guests_are_caught() {
    caught(Lie::TwoLogs, "equivocation");
}

#[test]
fn an_illegal_move_is_caught() {
    caught(Lie::Illegal, "illegal");
}

#[test]
fn an_old_roll_replayed_is_caught() {
    caught(Lie::Replay, "replay");
}

#[test]
fn a_host_that_holds_its_own_link_back_is_caught() {
    caught(Lie::Withhold, "stall");
}

/// The host vanishes while the first guest in the succession lacks its
/// newest entries, and that guest still hears it while the other, lost,
/// votes. Counting that vote when it loses the host too, it must take the
/// entries the vote brings before it leads: it once counted the vote
/// without them and took the table over from its shorter log, so the
/// other guest dropped the moves it held (or, at the game's start, the
/// leader held no seat and stopped).
#[test]
fn a_guest_that_hears_a_vote_before_it_loses_the_host_takes_the_entries_the_vote_brings() {
    let outputs = play_against(Lie::Vanish);
    for lines in &outputs {
        let elected = lines.iter().find(|l| event(l) == "host_changed").expect("an election");
        assert_eq!(elected["seat"], u8::from(SLOW), "the first in the succession leads: {elected}");
        let dropped: Vec<&Value> = lines.iter().filter(|l| event(l) == "branch_dropped").collect();
        assert!(dropped.is_empty(), "moves were lost: {dropped:?}");
    }
    let over = |lines: &[Value]| lines.iter().rev().find(|l| event(l) == "over").map(|l| l["places"].clone());
    let places: Vec<Option<Value>> = outputs.iter().map(|l| over(l)).collect();
    assert!(places[0].is_some() && places[0] == places[1], "the same places: {places:?}");
}
