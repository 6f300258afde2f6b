//! The table with a fake clock: bots, timers, drops and returns, leaving,
//! pause and resume, expiry, arrivals, rematch, hot-seat turns, refusals,
//! and replicas rebuilt from the log alone.

use ludopia::bots::Strategy;
use ludopia::fair::{Canonical, Commitment, Identity, Reveal, SignedReveal, SignedSnapshot};
use ludopia::rules::{Face, Phase, Preset, Rules, Seat};
use ludopia::table::TableState;
use ludopia::table::{
    Act, By, CloseReason, Control, EvidenceKind, Guest, GuestError, Input, Participant, PauseReason, Record,
    Refusal, Replica, Roster, STALL_SLACK, Table, TableConfig, Timing, ToHost, rolls::Chain,
};

const LOCAL: Participant = Participant::LOCAL;
const GUEST: Participant = Participant(1);

fn seat(i: usize) -> Seat {
    Seat::ALL[i]
}

fn config(rules: Rules, seats: [Control; 4], timing: Timing) -> TableConfig {
    TableConfig { rules, seats, host: LOCAL, timing, chain_len: 4096 }
}

fn person(owner: Participant) -> Control {
    Control::Person { owner }
}

fn entropy(n: u8) -> [u8; 32] {
    [n; 32]
}

fn host_key() -> Identity {
    Identity::from_secret(&[1; 32])
}

fn guest_key() -> Identity {
    Identity::from_secret(&[2; 32])
}

/// Opens a table; each peer with a commitment signs the genesis at once,
/// as its client does.
fn open_table(
    config: TableConfig,
    entropy: [u8; 32],
    remote: [Option<Commitment>; 4],
    now: u64,
) -> Result<Table, Refusal> {
    let owners = config.seats.map(|c| c.owner());
    let mut table = Table::new(config, host_key(), entropy, remote, now)?;
    for seat in Seat::ALL {
        if let (Some(_), Some(from)) = (remote[seat.index()], owners[seat.index()]) {
            let sig = table.genesis().sign(&guest_key());
            table.handle(now, Input::GenesisSigned { from, seat, sig })?;
        }
    }
    Ok(table)
}

/// Rebuilds the game from the signed genesis and log alone and checks it
/// ends where the table is.
fn replay(table: &Table) -> Replica {
    let mut replica = Replica::new(table.genesis()).expect("genesis");
    for (i, entry) in table.entries().iter().enumerate() {
        replica.apply(entry.clone()).unwrap_or_else(|e| panic!("entry {}: {e}", i + 1));
    }
    assert_eq!(replica.state(), table.state());
    replica
}

/// A person plays `seat` through intents until the game waits for someone
/// else, choosing the first legal move.
fn play_person_turn(table: &mut Table, now: u64, owner: Participant, seat: Seat) -> u64 {
    let mut now = now;
    while table.state().game.to_act() == Some(seat) && !table.state().game.is_over() {
        now += 10;
        let act = match table.state().game.phase() {
            Phase::Roll => Act::Roll,
            Phase::Move { .. } => Act::Move { pawn: table.state().game.legal_moves()[0].pawn },
            other => panic!("unexpected phase {other:?}"),
        };
        table.handle(now, Input::Intent { from: owner, seat, act }).expect("legal intent");
    }
    now
}

#[test]
fn bots_finish_every_preset_through_the_table_and_replicas_agree() {
    for preset in Preset::ALL {
        for players in [2usize, 3, 4] {
            let mut seats = [Control::Empty; 4];
            seats[0] = person(LOCAL);
            for s in seats.iter_mut().take(players).skip(1) {
                *s = Control::Bot(Strategy::Normal);
            }
            let mut table = open_table(
                config(preset.rules(), seats, Timing::INSTANT),
                entropy(players as u8),
                [None; 4],
                0,
            )
            .expect("table");
            // The person leaves at once: bots play the whole game.
            table.handle(1, Input::Intent { from: LOCAL, seat: seat(0), act: Act::Leave }).expect("leave");
            assert!(table.state().game.is_over(), "{preset} with {players} players did not finish");
            let replica = replay(&table);
            assert!(replica.state().game.place(seat(0)).is_some());
            // A bot's game is flagged as such in the log.
            assert!(table.records().iter().any(|r| matches!(r, Record::Roll { by: By::Bot, .. })));
        }
    }
}

#[test]
fn bots_wait_their_pace_and_deadlines_say_when() {
    let seats = [person(LOCAL), Control::Bot(Strategy::Easy), Control::Empty, Control::Empty];
    let rules = Rules { first_player: ludopia::rules::FirstPlayer::Seat0, ..Preset::Classic.rules() };
    let mut table = open_table(config(rules, seats, Timing::PEOPLE), entropy(1), [None; 4], 0).unwrap();
    assert_eq!(table.state().game.to_act(), Some(seat(0)));
    // Classic has no turn timer: nothing is due while a person thinks.
    assert_eq!(table.next_deadline(), None);
    let now = play_person_turn(&mut table, 0, LOCAL, seat(0));
    assert_eq!(table.state().game.to_act(), Some(seat(1)));
    let due = table.next_deadline().expect("the bot is due");
    assert_eq!(due, now + Timing::PEOPLE.bot_delay);
    assert!(table.handle(due - 1, Input::Tick).unwrap().is_empty(), "the bot waits its pace");
    let records = table.handle(due, Input::Tick).unwrap();
    assert!(matches!(records[0], Record::Roll { seat: s, by: By::Bot, .. } if s == seat(1)));
}

/// A guest's chain, held on "its" computer: the table sees its commitment
/// and the links the guest reveals.
fn guest_chain(table_entropy: u8, seat_index: usize) -> (Chain, [Option<Commitment>; 4]) {
    let nonce = ludopia::table::game_nonce(&entropy(table_entropy));
    let chain = Chain::new(nonce, seat(seat_index), &[42u8; 32], 4096);
    let mut remote = [None; 4];
    remote[seat_index] = Some(Commitment { key: guest_key().public_key(), anchor: chain.anchor() });
    (chain, remote)
}

/// The guest's signed reveal of its link for roll `k`, as its client sends it.
fn reveal(table: &Table, chain: &Chain, seat_index: usize, k: u32) -> Input {
    let link = chain.link(k).unwrap_or_default();
    reveal_link(table, seat_index, k, link)
}

fn reveal_link(table: &Table, seat_index: usize, k: u32, link: ludopia::fair::Digest) -> Input {
    let body = Reveal { game_id: table.genesis().game_id(), seat: seat(seat_index), k, link };
    Input::Reveal(SignedReveal::new(&guest_key(), &body))
}

fn seat0_first(preset: Preset) -> Rules {
    Rules { first_player: ludopia::rules::FirstPlayer::Seat0, ..preset.rules() }
}

#[test]
fn the_turn_timer_rolls_and_moves_for_a_person_flagged_timeout() {
    let seats = [person(LOCAL), person(GUEST), Control::Empty, Control::Empty];
    let rules = Rules { turn_timer: Some(10), ..seat0_first(Preset::Plaza) };
    let (chain, anchors) = guest_chain(2, 1);
    let mut table = open_table(config(rules, seats, Timing::PEOPLE), entropy(2), anchors, 0).unwrap();
    assert_eq!(table.next_deadline(), Some(10_000));
    // The guest reveals its link for the pending roll, as its client does.
    let k = table.state().next_roll;
    table.handle(50, reveal(&table, &chain, 1, k)).unwrap();
    assert!(table.handle(9_999, Input::Tick).unwrap().is_empty());
    let records = table.handle(10_050, Input::Tick).unwrap();
    let Record::Roll { by, seat: s, proof, face } = records[0] else { panic!("{records:?}") };
    assert_eq!((by, s), (By::Timeout, seat(0)));
    assert_eq!(proof.mask.len(), 2, "both chains contributed");
    if !face.is_six() {
        // No pawn can move: the turn passed to the guest by itself.
        assert_eq!(table.state().game.to_act(), Some(seat(1)));
    } else {
        // The timer runs again for the move, then picks a legal one.
        let due = table.next_deadline().unwrap();
        let records = table.handle(due, Input::Tick).unwrap();
        assert!(matches!(records[0], Record::Act { by: By::Timeout, .. }), "{records:?}");
    }
    replay(&table);
}

#[test]
fn a_missing_link_is_waited_for_then_recorded_as_missed_and_a_bot_stands_in() {
    let seats = [person(LOCAL), person(GUEST), Control::Empty, Control::Empty];
    let (_chain, anchors) = guest_chain(4, 1);
    let mut table =
        open_table(config(seat0_first(Preset::Classic), seats, Timing::PEOPLE), entropy(4), anchors, 0)
            .unwrap();
    table.handle(10, Input::Intent { from: LOCAL, seat: seat(0), act: Act::Roll }).unwrap();
    assert_eq!(table.next_deadline(), Some(10 + Timing::PEOPLE.reveal_wait));
    assert!(table.handle(5_009, Input::Tick).unwrap().is_empty(), "waits for the guest's link");
    let records = table.handle(5_010, Input::Tick).unwrap();
    assert_eq!(records[0], Record::Missed { seat: seat(1), k: 1, waited: Timing::PEOPLE.reveal_wait });
    assert_eq!(table.state().control[1], Control::Standin { owner: GUEST });
    let Record::Roll { proof, .. } = records[1] else { panic!("{records:?}") };
    assert_eq!(proof.mask.iter().collect::<Vec<_>>(), vec![seat(0)]);
    // Its chain is out of the live set until its person is back.
    assert!(!table.state().live.contains(seat(1)));
    table.handle(6_000, Input::Connected(GUEST)).unwrap();
    assert!(table.state().live.contains(seat(1)));
    replay(&table);
}

/// A reveal the host acknowledged is evidence against that host only. A
/// guest that follows another (elected while the roll waited for the link
/// the departed host had taken) does not accuse it when it records the link
/// as missed: seen in the `cut-overlap` resilience scenario.
#[test]
fn a_reveal_the_last_host_took_is_no_evidence_against_the_next() {
    let seats = [person(LOCAL), person(GUEST), Control::Empty, Control::Empty];
    let nonce = ludopia::table::game_nonce(&entropy(7));
    let guest = || Guest::new(seat(1), nonce, 4096, guest_key(), &[44; 32], None);
    let (mut stays, mut moved) = (guest(), guest());
    let mut remote = [None; 4];
    remote[1] = Some(stays.commitment());
    let config = config(seat0_first(Preset::Classic), seats, Timing::PEOPLE);
    let mut table = open_table(config, entropy(7), remote, 0).unwrap();
    table.handle(10, Input::Intent { from: LOCAL, seat: seat(0), act: Act::Roll }).unwrap();
    for g in [&mut stays, &mut moved] {
        g.restore(&table.proof(), Roster::default(), 10).expect("the log verifies");
        let owed = g.owed();
        let Some(ToHost::Reveal(reveal)) = owed.first() else { panic!("{owed:?}") };
        // The host took it (and never used it).
        g.delivered(reveal).expect("no link missed yet");
    }
    moved.another_host();
    let records = table.handle(5_010, Input::Tick).unwrap();
    assert!(matches!(records[0], Record::Missed { .. }), "{records:?}");
    let from = stays.head().seq as usize;
    let apply = |g: &mut Guest| {
        table.entries()[from..]
            .iter()
            .map(|e| g.apply(e.clone(), 5_010).map(|_| ()))
            .collect::<Result<Vec<_>, _>>()
    };
    let Err(GuestError::Lie(found)) = apply(&mut stays) else { panic!("the host that took the link hid it") };
    assert_eq!(found.kind, EvidenceKind::Withheld);
    assert!(apply(&mut moved).is_ok(), "the next host is not accused");
}

/// A genesis signed late (a guest's link blipped while the table opened)
/// starts the draw's wait at the seal: the guest hears of the game only
/// then, and its link still counts.
#[test]
fn the_draw_waits_for_the_links_from_the_seal_not_from_the_genesis() {
    let seats = [person(LOCAL), person(GUEST), Control::Empty, Control::Empty];
    let (chain, anchors) = guest_chain(5, 1);
    let config = config(Preset::Classic.rules(), seats, Timing::PEOPLE);
    let mut table = Table::new(config, host_key(), entropy(5), anchors, 0).unwrap();
    let sig = table.genesis().sign(&guest_key());
    let sealed_at = 2 * Timing::PEOPLE.reveal_wait;
    assert!(
        table.handle(sealed_at, Input::GenesisSigned { from: GUEST, seat: seat(1), sig }).unwrap().is_empty()
    );
    assert_eq!(table.next_deadline(), Some(sealed_at + Timing::PEOPLE.reveal_wait));
    let k = table.state().next_roll;
    let records = table.handle(sealed_at + 100, reveal(&table, &chain, 1, k)).unwrap();
    let Some(Record::Start { draw: Some(proof), .. }) = records.first() else { panic!("{records:?}") };
    assert_eq!(proof.mask.len(), 2, "the guest's link is in the draw");
    replay(&table);
}

/// A guest rebuilt from a saved log (started again, or a host stepping
/// down to follow another) counts its host's waits from when it read the
/// log, not from the clock's zero: the bot's roll due at its head is not
/// yet held back, and is once every wait has passed.
#[test]
fn a_guest_restored_from_a_log_counts_its_hosts_wait_from_the_reading() {
    let seats = [Control::Bot(Strategy::Easy), person(GUEST), Control::Empty, Control::Empty];
    let nonce = ludopia::table::game_nonce(&entropy(6));
    let mut guest = Guest::new(seat(1), nonce, 4096, guest_key(), &[43; 32], None);
    let mut remote = [None; 4];
    remote[1] = Some(guest.commitment());
    let config = config(seat0_first(Preset::Classic), seats, Timing::PEOPLE);
    let table = open_table(config, entropy(6), remote, 0).unwrap();
    assert_eq!(table.state().game.to_act(), Some(seat(0)), "the bot is to roll");
    let read_at = 600_000;
    guest.restore(&table.proof(), Roster::default(), read_at).expect("the log verifies");
    let wait = Timing::PEOPLE.bot_delay + Timing::PEOPLE.reveal_wait + STALL_SLACK;
    assert_eq!(guest.stalled(read_at + wait, true), None);
    let found = guest.stalled(read_at + wait + 1, true).expect("held back past every wait");
    assert_eq!(found.kind, EvidenceKind::Stall);
}

#[test]
fn reveals_that_do_not_follow_the_chain_or_are_not_the_seats_own_are_refused() {
    let seats = [person(LOCAL), person(GUEST), Control::Empty, Control::Empty];
    let (chain, anchors) = guest_chain(5, 1);
    let mut table =
        open_table(config(seat0_first(Preset::Classic), seats, Timing::PEOPLE), entropy(5), anchors, 0)
            .unwrap();
    let k = table.state().next_roll;
    let good = chain.link(k).unwrap();
    let wrong_index = chain.link(k + 1).unwrap();
    let (wrong, early, right) = (
        reveal_link(&table, 1, k, wrong_index),
        reveal_link(&table, 1, k + 1, good),
        reveal_link(&table, 1, k, good),
    );
    assert!(matches!(table.handle(1, wrong), Err(Refusal::BadReveal(_))));
    assert!(matches!(table.handle(1, early), Err(Refusal::BadReveal(_))));
    // Signed by another key than the seat's: refused.
    let body = Reveal { game_id: table.genesis().game_id(), seat: seat(1), k, link: good };
    let forged = Input::Reveal(SignedReveal::new(&host_key(), &body));
    assert!(matches!(table.handle(1, forged), Err(Refusal::BadReveal(_))));
    // The table's own chains are not revealed to it.
    let secret = ludopia::fair::tagged("ludopia/table/secret", &[&entropy(5), &[0u8]]);
    let held = Chain::new(table.state().nonce, seat(0), &secret.0, 4096);
    let own = Reveal { game_id: table.genesis().game_id(), seat: seat(0), k, link: held.link(k).unwrap() };
    let own = Input::Reveal(SignedReveal::new(&host_key(), &own));
    assert!(matches!(table.handle(1, own), Err(Refusal::NotYourSeat(_))));
    // The seat's own signature counts, whoever passes the reveal on; once.
    assert!(table.handle(1, right.clone()).unwrap().is_empty());
    assert!(table.handle(1, right).unwrap().is_empty());
    assert_eq!(table.proof().reveals.len(), 1, "the signed reveal goes into the proof");
}

#[test]
fn a_dropped_person_is_replaced_after_15_s_and_takes_the_seat_back() {
    let seats = [person(LOCAL), person(GUEST), Control::Empty, Control::Empty];
    let (_, anchors) = guest_chain(3, 1);
    let mut table =
        open_table(config(seat0_first(Preset::Classic), seats, Timing::PEOPLE), entropy(3), anchors, 0)
            .unwrap();
    table.handle(100, Input::Disconnected(GUEST)).unwrap();
    assert!(table.handle(15_099, Input::Tick).unwrap().is_empty());
    let records = table.handle(15_100, Input::Tick).unwrap();
    assert_eq!(records, vec![Record::Control { seat: seat(1), control: Control::Standin { owner: GUEST } }]);
    let records = table.handle(20_000, Input::Connected(GUEST)).unwrap();
    assert_eq!(records, vec![Record::Control { seat: seat(1), control: person(GUEST) }]);
    replay(&table);
}

#[test]
fn leave_gives_the_seat_to_a_bot_for_the_rest_of_the_game() {
    let seats = [person(LOCAL), person(LOCAL), Control::Empty, Control::Empty];
    let mut table =
        open_table(config(seat0_first(Preset::Classic), seats, Timing::INSTANT), entropy(6), [None; 4], 0)
            .unwrap();
    let records = table.handle(5, Input::Intent { from: LOCAL, seat: seat(1), act: Act::Leave }).unwrap();
    assert_eq!(records[0], Record::Control { seat: seat(1), control: Control::Bot(Strategy::Normal) });
    // Leaving is for good: intents for the seat are refused from now on.
    assert_eq!(
        table.handle(6, Input::Intent { from: LOCAL, seat: seat(1), act: Act::Roll }),
        Err(Refusal::NotYourSeat(seat(1)))
    );
    replay(&table);
}

#[test]
fn hot_seat_persons_on_one_computer_take_turns_and_nobody_acts_for_another() {
    let seats = [person(LOCAL), Control::Empty, person(LOCAL), Control::Empty];
    let mut table =
        open_table(config(seat0_first(Preset::Classic), seats, Timing::INSTANT), entropy(7), [None; 4], 0)
            .unwrap();
    let mut now = 0;
    let mut turns = Vec::new();
    for _ in 0..6 {
        let to_act = table.state().game.to_act().unwrap();
        // The other seat is refused and nothing changes.
        let other = if to_act == seat(0) { seat(2) } else { seat(0) };
        let before = *table.state();
        assert_eq!(
            table.handle(now, Input::Intent { from: LOCAL, seat: other, act: Act::Roll }),
            Err(Refusal::NotYourTurn(other))
        );
        assert_eq!(table.state(), &before);
        now = play_person_turn(&mut table, now, LOCAL, to_act);
        turns.push(to_act);
    }
    assert_eq!(turns, vec![seat(0), seat(2), seat(0), seat(2), seat(0), seat(2)]);
    replay(&table);
}

#[test]
fn intents_for_someone_elses_seat_or_illegal_moves_are_refused_and_change_nothing() {
    let seats = [person(LOCAL), person(GUEST), Control::Empty, Control::Empty];
    let (_, anchors) = guest_chain(8, 1);
    let mut table =
        open_table(config(seat0_first(Preset::Classic), seats, Timing::PEOPLE), entropy(8), anchors, 0)
            .unwrap();
    let before = *table.state();
    let records_before = table.records().len();
    let roll = Act::Roll;
    assert_eq!(
        table.handle(1, Input::Intent { from: GUEST, seat: seat(0), act: roll }),
        Err(Refusal::NotYourSeat(seat(0)))
    );
    assert_eq!(
        table.handle(1, Input::Intent { from: GUEST, seat: seat(1), act: roll }),
        Err(Refusal::NotYourTurn(seat(1)))
    );
    assert!(matches!(
        table.handle(1, Input::Intent { from: LOCAL, seat: seat(0), act: Act::Move { pawn: 0 } }),
        Err(Refusal::Rules(_))
    ));
    assert_eq!(table.handle(1, Input::Pause(GUEST)), Err(Refusal::NotHost));
    assert_eq!(table.state(), &before);
    assert_eq!(table.records().len(), records_before);
}

#[test]
fn the_host_pauses_resumes_and_closes_and_nothing_moves_while_paused() {
    let seats = [person(LOCAL), Control::Bot(Strategy::Normal), Control::Empty, Control::Empty];
    let mut table =
        open_table(config(seat0_first(Preset::Plaza), seats, Timing::PEOPLE), entropy(9), [None; 4], 0)
            .unwrap();
    let records = table.handle(1_000, Input::Pause(LOCAL)).unwrap();
    assert_eq!(records, vec![Record::Pause { reason: PauseReason::Host }]);
    // The turn timer does not run while paused.
    assert_eq!(table.next_deadline(), None);
    assert!(table.handle(500_000, Input::Tick).unwrap().is_empty());
    assert_eq!(
        table.handle(500_000, Input::Intent { from: LOCAL, seat: seat(0), act: Act::Roll }),
        Err(Refusal::Paused)
    );
    assert_eq!(table.handle(600_000, Input::Resume(LOCAL)).unwrap(), vec![Record::Resume]);
    // The timer starts afresh on resume.
    assert_eq!(table.next_deadline(), Some(600_000 + 60_000));
    assert_eq!(
        table.handle(600_001, Input::Close(LOCAL)).unwrap(),
        vec![Record::Close { reason: CloseReason::Host }]
    );
    assert_eq!(table.handle(600_002, Input::Resume(LOCAL)), Err(Refusal::Closed));
    replay(&table);
}

#[test]
fn with_no_person_connected_the_table_pauses_and_expires_after_two_minutes() {
    let seats = [person(LOCAL), person(GUEST), Control::Empty, Control::Empty];
    let (_, anchors) = guest_chain(10, 1);
    let mut table =
        open_table(config(seat0_first(Preset::Classic), seats, Timing::PEOPLE), entropy(10), anchors, 0)
            .unwrap();
    table.handle(0, Input::Disconnected(GUEST)).unwrap();
    let records = table.handle(10, Input::Disconnected(LOCAL)).unwrap();
    assert_eq!(records, vec![Record::Pause { reason: PauseReason::NoPerson }]);
    // Someone coming back resumes the game by itself; the host's own person,
    // away past the grace, has a bot standing in by then.
    assert_eq!(
        table.handle(60_000, Input::Connected(GUEST)).unwrap(),
        vec![Record::Control { seat: seat(0), control: Control::Standin { owner: LOCAL } }, Record::Resume]
    );
    assert!(
        table
            .handle(60_010, Input::Disconnected(GUEST))
            .unwrap()
            .contains(&Record::Pause { reason: PauseReason::NoPerson })
    );
    // The guest's drop grace comes first; the expiry two minutes after the pause.
    assert_eq!(table.next_deadline(), Some(60_010 + 15_000));
    table.handle(75_010, Input::Tick).unwrap();
    assert_eq!(table.next_deadline(), Some(60_010 + 120_000));
    assert!(table.handle(180_009, Input::Tick).unwrap().is_empty());
    let records = table.handle(180_010, Input::Tick).unwrap();
    assert_eq!(records.last(), Some(&Record::Close { reason: CloseReason::Expired }));
    assert!(table.state().closed.is_some());
    replay(&table);
}

#[test]
fn arrivals_watch_reserve_a_colour_and_the_rematch_seats_them() {
    let seats = [person(LOCAL), Control::Bot(Strategy::Hard), Control::Empty, Control::Empty];
    let mut table =
        open_table(config(seat0_first(Preset::Classic), seats, Timing::INSTANT), entropy(11), [None; 4], 0)
            .unwrap();
    let late = Participant(5);
    table.handle(1, Input::Connected(late)).unwrap();
    assert_eq!(table.spectators(), &[late]);
    // A person's seat cannot be reserved; a bot's or a free one can.
    assert_eq!(table.reserve(late, seat(0)), Err(Refusal::ColourTaken(seat(0))));
    table.reserve(late, seat(1)).unwrap();
    assert_eq!(table.reserve(Participant(6), seat(1)), Err(Refusal::ColourTaken(seat(1))));
    assert!(matches!(table.rematch(LOCAL), Err(Refusal::Setup(_))), "still on");
    table.handle(3, Input::Intent { from: LOCAL, seat: seat(0), act: Act::Leave }).unwrap();
    assert!(table.state().game.is_over());
    assert_eq!(table.rematch(late).err(), Some(Refusal::NotHost));
    let next_config = table.rematch(LOCAL).unwrap();
    assert_eq!(next_config.seats[1], person(late));
    assert_eq!(next_config.seats[0], Control::Bot(Strategy::Normal), "the leaver's bot keeps the seat");
    // The late arrival is remote: it commits to a chain for the new nonce.
    let (_, remote) = guest_chain(12, 1);
    let next = open_table(next_config, entropy(12), remote, 5).unwrap();
    assert!(next.is_sealed());
    assert_eq!(next.state().control[1], person(late));
    assert_ne!(next.state().nonce, table.state().nonce);
    replay(&next);
}

#[test]
fn a_table_needs_two_players_and_every_peers_anchor() {
    let rules = Preset::Classic.rules();
    let alone = [person(LOCAL), Control::Empty, Control::Empty, Control::Empty];
    assert!(matches!(
        open_table(config(rules, alone, Timing::INSTANT), entropy(1), [None; 4], 0),
        Err(Refusal::Setup(_))
    ));
    let guest_without_anchor = [person(LOCAL), person(GUEST), Control::Empty, Control::Empty];
    assert!(matches!(
        open_table(config(rules, guest_without_anchor, Timing::INSTANT), entropy(1), [None; 4], 0),
        Err(Refusal::Setup(_))
    ));
}

#[test]
fn the_first_player_is_drawn_with_the_dice_and_replicas_check_the_draw() {
    let seats = [person(LOCAL), Control::Bot(Strategy::Easy), Control::Bot(Strategy::Easy), Control::Empty];
    let mut firsts = std::collections::BTreeSet::new();
    for n in 0..40 {
        let table =
            open_table(config(Preset::Classic.rules(), seats, Timing::PEOPLE), entropy(n), [None; 4], 0)
                .unwrap();
        let Record::Start { first, draw: Some(_), .. } = table.records()[0] else {
            panic!("{:?}", table.records())
        };
        firsts.insert(first);
        replay(&table);
    }
    assert_eq!(firsts.len(), 3, "every player can be drawn first");
}

#[test]
fn the_state_reducer_rejects_a_forged_roll_a_wrong_first_player_and_a_hand_that_does_not_fit() {
    let seats = [person(LOCAL), Control::Bot(Strategy::Easy), Control::Empty, Control::Empty];
    let mut table =
        open_table(config(Preset::Classic.rules(), seats, Timing::INSTANT), entropy(13), [None; 4], 0)
            .unwrap();
    table.handle(1, Input::Intent { from: LOCAL, seat: seat(0), act: Act::Leave }).unwrap();
    let records = table.records().to_vec();
    let replica = Replica::new(table.genesis()).unwrap();
    let mut state: TableState = *replica.state();
    // The first player swapped.
    let Record::Start { seats: start_seats, first, draw } = records[0] else { panic!() };
    let other = if first == seat(0) { seat(1) } else { seat(0) };
    assert!(state.apply(&Record::Start { seats: start_seats, first: other, draw }).is_err());
    let mut wrong_seats = start_seats;
    wrong_seats[3] = Control::Bot(Strategy::Hard);
    assert!(state.apply(&Record::Start { seats: wrong_seats, first, draw }).is_err(), "an extra player");
    let roll = records.iter().position(|r| matches!(r, Record::Roll { .. })).unwrap();
    for r in &records[..roll] {
        state = state.apply(r).unwrap().0;
    }
    let Record::Roll { seat: s, face, proof, by } = records[roll] else { panic!() };
    assert!(
        state.apply(&Record::Roll { seat: s, face: Face::from_draw(face.get()), proof, by }).is_err(),
        "a lying face"
    );
    let mut links = proof.links;
    links[s.index()] = Some(ludopia::fair::Digest([7; 32]));
    let forged = ludopia::table::RollProof { links, ..proof };
    assert!(state.apply(&Record::Roll { seat: s, face, proof: forged, by }).is_err(), "a forged link");
    assert!(state.apply(&Record::Roll { seat: s, face, proof, by: By::Player }).is_err(), "a bot's seat");
    let unproven = Record::Act { action: ludopia::rules::Action::Roll { seat: s, face }, by };
    assert!(state.apply(&unproven).is_err(), "a roll without its proof");
    let next = state.apply(&records[roll]).unwrap().0;
    // Replayed: the same roll again does not follow the chain any more.
    assert!(next.apply(&records[roll]).is_err());
}

#[test]
fn a_replica_catches_a_host_that_signs_a_lie_tampered_bytes_replays_and_equivocation() {
    use ludopia::fair::log::Body;
    use ludopia::fair::{AppendError, SignedEntry};
    let seats = [person(LOCAL), Control::Bot(Strategy::Normal), Control::Empty, Control::Empty];
    let mut table =
        open_table(config(Preset::Classic.rules(), seats, Timing::INSTANT), entropy(14), [None; 4], 0)
            .unwrap();
    table.handle(1, Input::Intent { from: LOCAL, seat: seat(0), act: Act::Leave }).unwrap();
    let entries = table.entries().to_vec();
    let roll = table.records().iter().position(|r| matches!(r, Record::Roll { .. })).unwrap();
    let mut replica = Replica::new(table.genesis()).unwrap();
    for entry in &entries[..roll] {
        replica.apply(entry.clone()).unwrap();
    }
    let body: Body<Record> = entries[roll].body.decode().unwrap();
    let Record::Roll { seat: s, face, proof, by } = body.content else { panic!() };
    // The host signs a different face: a valid signature over a lie.
    // The next face round (from_draw(f) is f % 6 + 1).
    let lie = Body {
        content: Record::Roll { seat: s, face: Face::from_draw(face.get()), proof, by },
        ..body.clone()
    };
    let signed_lie = SignedEntry::sign(&host_key(), &lie);
    assert!(matches!(replica.apply(signed_lie.clone()), Err(AppendError::Transition(_))));
    // The host signs the truth but claims another resulting state.
    let wrong_state = Body { state_hash: ludopia::fair::Digest([0; 32]), ..body.clone() };
    assert!(matches!(
        replica.apply(SignedEntry::sign(&host_key(), &wrong_state)),
        Err(AppendError::Transition(ludopia::table::TableError::StateHash))
    ));
    // Someone else signs it.
    assert!(matches!(replica.apply(SignedEntry::sign(&guest_key(), &body)), Err(AppendError::Entry(_))));
    // A flipped byte in the signature.
    let mut tampered = entries[roll].clone();
    tampered.sig.0[5] ^= 1;
    assert!(matches!(replica.apply(tampered), Err(AppendError::Entry(_))));
    let before = *replica.state();
    assert_eq!(replica.head().0, roll as u64);
    replica.apply(entries[roll].clone()).unwrap();
    assert_ne!(replica.state(), &before);
    // Replayed, and signed twice differently: the second is evidence.
    assert!(matches!(replica.apply(entries[roll].clone()), Err(AppendError::Entry(_))));
    assert!(matches!(replica.apply(signed_lie), Err(AppendError::Equivocation(_))));
    // Reordered: skipping an entry is refused.
    assert!(matches!(replica.apply(entries[roll + 2].clone()), Err(AppendError::Entry(_))));
}

#[test]
fn a_late_joiner_starts_from_a_signed_snapshot_and_verifies_forward() {
    let seats = [person(LOCAL), Control::Bot(Strategy::Normal), Control::Bot(Strategy::Easy), Control::Empty];
    let mut table =
        open_table(config(seat0_first(Preset::Plaza), seats, Timing::PEOPLE), entropy(15), [None; 4], 0)
            .unwrap();
    let mut now = 0;
    for _ in 0..3 {
        now = play_person_turn(&mut table, now, LOCAL, seat(0));
        while table.state().game.to_act() != Some(seat(0)) {
            now = table.next_deadline().unwrap();
            table.handle(now, Input::Tick).unwrap();
        }
    }
    let snapshot = table.snapshot();
    let seen = table.entries().len();
    now = play_person_turn(&mut table, now, LOCAL, seat(0));
    let mut late = Replica::from_snapshot(table.genesis(), &snapshot).unwrap();
    assert_eq!(late.head().0, seen as u64);
    for entry in &table.entries()[seen..] {
        late.apply(entry.clone()).unwrap();
    }
    assert_eq!(late.state(), table.state());
    // A snapshot changed on the way, or signed by another key, is refused.
    let mut bytes = snapshot.body.bytes().to_vec();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 1;
    let tampered = SignedSnapshot { body: Canonical::from_bytes(bytes), sig: snapshot.sig };
    assert!(Replica::from_snapshot(table.genesis(), &tampered).is_err(), "a tampered snapshot is taken");
    let Ok(taken) = snapshot.body.decode() else { panic!("the snapshot decodes") };
    let forged = SignedSnapshot::sign(&guest_key(), &taken);
    assert!(Replica::from_snapshot(table.genesis(), &forged).is_err(), "another key's snapshot is taken");
    // An older snapshot is checked against the log and ignored.
    let mut full = replay(&table);
    full.consider(&snapshot).unwrap();
    assert_eq!(full.state(), table.state());
    let _ = now;
}

#[test]
fn a_table_resumes_from_its_verified_log_and_finishes_as_one_proof() {
    let seats = [person(LOCAL), Control::Bot(Strategy::Normal), Control::Empty, Control::Bot(Strategy::Easy)];
    let setup = config(Preset::Classic.rules(), seats, Timing::INSTANT);
    let mut table = open_table(setup.clone(), entropy(9), [None; 4], 0).expect("table");
    let mut now = 0;
    while table.entries().len() < 40 {
        now = play_person_turn(&mut table, now, LOCAL, seat(0));
        now += 10;
        table.handle(now, Input::Tick).expect("tick");
    }
    let saved = table.entries().to_vec();
    let state = *table.state();
    // The app crashes: the table is dropped, only the log and the secrets remain.
    drop(table);
    let mut resumed = Table::resume(setup.clone(), host_key(), entropy(9), None, &saved, 0)
        .expect("resume from the saved log");
    assert_eq!(*resumed.state(), state);
    assert_eq!(resumed.entries(), saved.as_slice());
    let mut now = 0;
    for _ in 0..100_000 {
        if resumed.state().game.is_over() {
            break;
        }
        now = play_person_turn(&mut resumed, now, LOCAL, seat(0));
        now += 10;
        resumed.handle(now, Input::Tick).expect("tick");
    }
    assert!(resumed.state().game.is_over());
    replay(&resumed);
    let (valid, end) = ludopia::table::verify_proof(&resumed.proof()).expect("one valid proof");
    assert_eq!(valid.through, resumed.entries().len() as u64);
    assert_eq!(end, *resumed.state());
    assert_eq!(&resumed.entries()[..saved.len()], saved.as_slice());

    // Nothing saved is trusted: another table's secrets, or a damaged log, are refused.
    assert!(matches!(
        Table::resume(setup.clone(), host_key(), entropy(8), None, &saved, 0),
        Err(Refusal::Setup(_))
    ));
    let mut skipped = saved.clone();
    skipped.remove(5);
    let err =
        Table::resume(setup, host_key(), entropy(9), None, &skipped, 0).err().expect("a gap is refused");
    assert!(err.to_string().contains("entry 6"), "{err}");
}
