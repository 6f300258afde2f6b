//! A networked game with people at both ends, on loopback in one process:
//! the host's own seat and a guest's seat are played by persons (here, the
//! test) through the drivers' act channels, as the window plays them, and
//! each side verifies the signed entries in its own replica. Each person
//! also reacts, and sees the other's reactions at the sender's seat; the
//! host's person pauses and resumes the table.

use std::time::Duration;

use libp2p::{Multiaddr, identity::Keypair};
use ludopia::bots::Strategy;
use ludopia::net::{self as play, Deed, HostPlan, JoinPlan, Line, NodeConfig, Player, RoomCode, Target};
use ludopia::rules::{Phase, Preset, Seat};
use ludopia::table::{
    Act, By, Control, Participant, PauseReason, Reaction, Record, Replica, TableState, Timing,
};
use tokio::sync::{mpsc, oneshot};

/// Generous: the machine that runs the tests may be busy.
const GAME_WITHIN: Duration = Duration::from_secs(240);

fn node(seed: u8) -> NodeConfig {
    let mut config = NodeConfig::new(Keypair::ed25519_from_bytes([seed; 32]).expect("key"));
    config.listen = vec!["/ip4/127.0.0.1/tcp/0".parse::<Multiaddr>().expect("address")];
    config.mdns = false;
    config
}

/// What a person's side saw: the final verified state, the seat played and
/// the records, and the others' reactions (seat, reaction) as heard.
struct Seen {
    state: TableState,
    seat: Seat,
    records: Vec<Record>,
    heard: Vec<(Seat, Reaction)>,
    /// Each game's places, as the driver said them.
    places: Vec<play::Places>,
}

/// How long the host's person keeps the table paused.
const PAUSED_FOR: Duration = Duration::from_millis(600);

/// Plays a seat as the window does: a replica from the sealed genesis
/// verifies each signed entry, and when the verified state waits for this
/// seat, the person rolls or moves their first movable pawn. When the game
/// begins, the person sends `says` (all at once). A person who `steers`
/// (the host's) pauses the table after its tenth entry and resumes it a
/// moment after the pause is in the log, and asks for a rematch after
/// each game but the last of `games`. A person leaves the table (its acts
/// close) after the last game's end, as a window's player leaves the podium.
async fn person(
    mut lines: mpsc::UnboundedReceiver<Line>,
    acts: mpsc::UnboundedSender<Deed>,
    seat: Option<Seat>,
    says: Vec<Reaction>,
    steers: bool,
    games: usize,
) -> Seen {
    let mut seat = seat;
    let mut replica: Option<Replica> = None;
    let mut records = Vec::new();
    let mut heard = Vec::new();
    let mut places = Vec::new();
    while let Some(line) = lines.recv().await {
        match line {
            Line::Over { places: end } => {
                places.push(end);
                if places.len() == games {
                    break;
                }
                if steers {
                    let _ = acts.send(Deed::Rematch);
                }
            }
            Line::Joined { seat: joined, .. } if seat.is_none() => seat = Some(joined),
            Line::Sealed { genesis, .. } => {
                replica = Some(Replica::new(&genesis).expect("the genesis verifies"));
                for &reaction in &says {
                    let _ = acts.send(Deed::React(reaction));
                }
            }
            Line::Reaction { seat, reaction, .. } => heard.push((seat, reaction)),
            Line::Entry { signed, record, .. } => {
                let replica = replica.as_mut().expect("entries come after the sealed genesis");
                replica.apply(signed).expect("every entry verifies");
                records.push(record);
                if steers && records.len() == 10 && places.is_empty() {
                    let _ = acts.send(Deed::Pause);
                }
                if steers && matches!(record, Record::Pause { reason: PauseReason::Host }) {
                    tokio::time::sleep(PAUSED_FOR).await;
                    let _ = acts.send(Deed::Resume);
                }
                let state = replica.state();
                let me = seat.expect("the seat is known before the game");
                if state.game.to_act() != Some(me)
                    || !matches!(state.control[me.index()], Control::Person { .. })
                {
                    continue;
                }
                let act = match state.game.phase() {
                    Phase::Roll => Some(Act::Roll),
                    Phase::Move { .. } => {
                        state.game.legal_moves().iter().next().map(|m| Act::Move { pawn: m.pawn })
                    }
                    _ => None,
                };
                if let Some(act) = act {
                    let _ = acts.send(Deed::Act(act));
                }
            }
            _ => {}
        }
    }
    let state = *replica.expect("the game began").state();
    Seen { state, seat: seat.expect("seated"), records, heard, places }
}

/// A running driver: its places at the end, or why it stopped.
type Driver = tokio::task::JoinHandle<Result<play::Places, play::PlayError>>;

/// Ana hosts [`host_plan`]'s table in person: her driver, the lines it
/// reports, her acts, and the table's ticket once it listens.
fn ana_hosts(
    seed: u8,
) -> (Driver, mpsc::UnboundedReceiver<Line>, mpsc::UnboundedSender<Deed>, oneshot::Receiver<String>) {
    let (acts, acts_in) = mpsc::unbounded_channel();
    let (lines, lines_in) = mpsc::unbounded_channel();
    let plan = host_plan(seed, acts_in);
    let (ticket_tx, ticket_rx) = oneshot::channel();
    let mut ticket_tx = Some(ticket_tx);
    let driver = tokio::spawn(play::host(plan, move |line| {
        if let (Line::Listening { ticket, .. }, Some(tx)) = (&line, ticket_tx.take()) {
            let _ = tx.send(ticket.clone());
        }
        let _ = lines.send(line);
    }));
    (driver, lines_in, acts, ticket_rx)
}

/// Bia joins the table of `ticket` in person (her node and dice named by
/// `seed`): her driver, the lines it reports and her acts.
fn bia_joins(ticket: &str, seed: u8) -> (Driver, mpsc::UnboundedReceiver<Line>, mpsc::UnboundedSender<Deed>) {
    let (acts, acts_in) = mpsc::unbounded_channel();
    let (lines, lines_in) = mpsc::unbounded_channel();
    let plan = JoinPlan {
        target: ticket.parse::<Target>().expect("the host's ticket"),
        player: Player::Person(acts_in),
        node: node(seed),
        secret: [seed; 32],
        reach_within: Duration::from_secs(60),
        name: "Bia".into(),
        colour: None,
        watch: false,
        reserve: None,
        think: None,
        home: None,
        proof: None,
    };
    let driver = tokio::spawn(play::join(plan, move |line| {
        let _ = lines.send(line);
    }));
    (driver, lines_in, acts)
}

/// A race table hosted by Ana, a person at the host's computer, with a
/// friend's seat (Participant 1) and two bots; `seed` names its node and
/// its entropy.
fn host_plan(seed: u8, acts: mpsc::UnboundedReceiver<Deed>) -> HostPlan {
    HostPlan {
        preset: Preset::Race,
        rules: Preset::Race.rules(),
        seats: [
            Control::Person { owner: Participant::LOCAL },
            Control::Person { owner: Participant(1) },
            Control::Bot(Strategy::Normal),
            Control::Bot(Strategy::Easy),
        ],
        name: "Ana".into(),
        listed: false,
        timing: Timing::INSTANT,
        code: RoomCode::random(),
        node: node(seed),
        entropy: [seed; 32],
        acts: Some(acts),
        home: None,
        games: None,
        proof: None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_host_and_a_guest_play_their_seats_in_person_to_the_end() {
    let (host, host_lines_in, host_acts, ticket_rx) = ana_hosts(41);
    let says = vec![Reaction::GoodLuck];
    let host_person = tokio::spawn(person(host_lines_in, host_acts, Some(Seat::ALL[0]), says, true, 1));
    let ticket = tokio::time::timeout(GAME_WITHIN, ticket_rx).await.expect("listening").expect("ticket");

    let (guest, guest_lines_in, guest_acts) = bia_joins(&ticket, 42);
    // Six at once: the host passes on three (a player's burst) and drops the rest.
    let says = vec![Reaction::Smile; 6];
    let guest_person = tokio::spawn(person(guest_lines_in, guest_acts, None, says, false, 1));

    let (hosted, joined) = tokio::time::timeout(GAME_WITHIN, async { tokio::join!(host, guest) })
        .await
        .expect("the game finished in time");
    let hosted = hosted.expect("host task").expect("the host played to the end");
    let joined = joined.expect("guest task").expect("the guest played to the end");
    assert_eq!(hosted, joined, "both ends agree on the places");
    let at_host = host_person.await.expect("host's person");
    let at_guest = guest_person.await.expect("guest's person");
    assert_eq!(at_guest.seat, Seat::ALL[1], "the guest took the free person's seat");
    assert!(at_host.state.game.is_over());
    assert_eq!(at_host.state, at_guest.state, "both replicas hold the same verified game");
    assert_eq!(play::places(&at_host.state), hosted);
    // Each person moved their own pawns, as a player (not a bot or a timeout).
    for seat in [Seat::ALL[0], Seat::ALL[1]] {
        assert!(
            at_host.records.iter().any(|r| matches!(
                r,
                Record::Act { action, by: By::Player } if action.seat() == seat
            )),
            "{seat} played in person"
        );
    }
    assert_eq!(at_host.records, at_guest.records);
    // The host's pause reached the guest, and nothing moved until it resumed
    // (the guest's own acts meanwhile were refused).
    let paused = at_guest
        .records
        .iter()
        .position(|r| matches!(r, Record::Pause { reason: PauseReason::Host }))
        .expect("the host's pause reached the guest");
    assert_eq!(at_guest.records.get(paused + 1), Some(&Record::Resume), "nothing moved while paused");
    // Reactions reached the other end, named by the sender's seat.
    assert_eq!(at_guest.heard, vec![(Seat::ALL[0], Reaction::GoodLuck)], "the guest heard the host");
    assert_eq!(
        at_host.heard,
        vec![(Seat::ALL[1], Reaction::Smile); 3],
        "the host heard the guest, at a player's rate"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_host_that_gives_the_waiting_seat_to_a_bot_plays_without_the_friend() {
    let (host_acts, host_acts_in) = mpsc::unbounded_channel();
    let (host_lines, host_lines_in) = mpsc::unbounded_channel();
    let friend = Seat::ALL[1];
    let plan = host_plan(43, host_acts_in);
    // Nobody comes for the friend's seat: the host's person gives it to a bot.
    host_acts.send(Deed::BotInstead(friend)).expect("the driver takes deeds");
    let host = tokio::spawn(play::host(plan, move |line| {
        let _ = host_lines.send(line);
    }));
    let host_person =
        tokio::spawn(person(host_lines_in, host_acts, Some(Seat::ALL[0]), Vec::new(), false, 1));
    let places = tokio::time::timeout(GAME_WITHIN, host)
        .await
        .expect("the game finished in time")
        .expect("host task")
        .expect("the host played to the end");
    let seen = host_person.await.expect("host's person");
    assert_eq!(places.len(), 4, "four players placed: {places:?}");
    let Some(Record::Start { seats, .. }) = seen.records.first() else { panic!("the game starts") };
    assert_eq!(seats[friend.index()], Control::Bot(Strategy::Normal), "a bot plays the friend's seat");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_with_nobody_connected_pauses_and_closes_when_it_expires() {
    // A headless host of bots and one friend's seat. The table's times are
    // shortened from the players' (15 s of grace, 2 minutes to expire) so
    // the test takes seconds; the driver is the one every table runs.
    let timing = Timing { drop_grace: 1_000, expiry: 2_000, ..Timing::INSTANT };
    let friend = Seat::ALL[1];
    let mut plan = host_plan(45, mpsc::unbounded_channel().1);
    plan.acts = None;
    plan.timing = timing;
    plan.seats[0] = Control::Bot(Strategy::Normal);
    let (host_lines, mut host_lines_in) = mpsc::unbounded_channel();
    let host = tokio::spawn(play::host(plan, move |line| {
        let _ = host_lines.send(line);
    }));
    let ticket = loop {
        match tokio::time::timeout(GAME_WITHIN, host_lines_in.recv()).await {
            Ok(Some(Line::Listening { ticket, .. })) => break ticket,
            Ok(Some(_)) => {}
            other => panic!("the host did not listen: {other:?}"),
        }
    };
    let (guest, guest_lines_in, guest_acts) = bia_joins(&ticket, 46);
    let guest_person = tokio::spawn(person(guest_lines_in, guest_acts, None, Vec::new(), false, 1));

    // The friend plays a little, then its computer goes away for good.
    let mut records = Vec::new();
    let mut left_at = None;
    let closed_at = tokio::time::timeout(GAME_WITHIN, async {
        while let Some(line) = host_lines_in.recv().await {
            let Line::Entry { record, .. } = line else { continue };
            records.push(record);
            let friend_played =
                matches!(record, Record::Act { action, by: By::Player } if action.seat() == friend);
            if friend_played && left_at.is_none() {
                guest.abort();
                guest_person.abort();
                left_at = Some(std::time::Instant::now());
            }
            if matches!(record, Record::Close { .. }) {
                return std::time::Instant::now();
            }
        }
        panic!("the host ended before closing the table: {records:?}")
    })
    .await
    .expect("the unattended table closed in time");
    let left_at = left_at.expect("the friend played in person");

    let paused = records
        .iter()
        .position(|r| matches!(r, Record::Pause { reason: PauseReason::NoPerson }))
        .expect("the table paused with nobody connected");
    let after: Vec<&Record> = records[paused + 1..].iter().collect();
    assert!(
        after.iter().all(|r| matches!(r, Record::Control { .. } | Record::Close { .. })),
        "nothing moved while paused: {after:?}"
    );
    assert!(
        after.iter().any(
            |r| matches!(r, Record::Control { seat, control: Control::Standin { .. } } if *seat == friend)
        ),
        "a stand-in took the friend's seat after the grace: {after:?}"
    );
    assert_eq!(
        records.last(),
        Some(&Record::Close { reason: ludopia::table::CloseReason::Expired }),
        "the table closed because it expired"
    );
    assert!(
        closed_at - left_at >= Duration::from_millis(timing.expiry),
        "closed {:?} after the friend left, before the table's expiry",
        closed_at - left_at
    );
    // Closed unfinished: the host stops with the reason, and says no `over`
    // with the places of a game still under way.
    let ended = tokio::time::timeout(GAME_WITHIN, host).await.expect("the host stopped").expect("no panic");
    assert!(
        matches!(ended, Err(play::PlayError::Expired { secs: 2 })),
        "the host stopped because the table expired: {:?}",
        ended.map(|_| ())
    );
    while let Ok(line) = host_lines_in.try_recv() {
        assert!(!matches!(line, Line::Over { .. } | Line::Closed), "no end reported: {line:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_hosts_person_starts_a_rematch_and_the_same_group_plays_it() {
    let (host, host_lines_in, host_acts, ticket_rx) = ana_hosts(47);
    // The host's person asks for one rematch at the podium, as the window's
    // Rematch button does; both persons leave after the second game.
    let host_person = tokio::spawn(person(host_lines_in, host_acts, Some(Seat::ALL[0]), Vec::new(), true, 2));
    let ticket = tokio::time::timeout(GAME_WITHIN, ticket_rx).await.expect("listening").expect("ticket");
    let (guest, guest_lines_in, guest_acts) = bia_joins(&ticket, 48);
    let guest_person = tokio::spawn(person(guest_lines_in, guest_acts, None, Vec::new(), false, 2));
    let (hosted, joined) = tokio::time::timeout(GAME_WITHIN, async { tokio::join!(host, guest) })
        .await
        .expect("both games finished in time");
    let hosted = hosted.expect("host task").expect("the host played both games");
    let joined = joined.expect("guest task").expect("the guest played both games");
    let at_host = host_person.await.expect("host's person");
    let at_guest = guest_person.await.expect("guest's person");
    assert_eq!(at_host.places.len(), 2, "two games at the host: {:?}", at_host.places);
    assert_eq!(at_host.places, at_guest.places, "each game ended alike at both ends");
    assert_eq!((hosted, joined), (at_host.places[1].clone(), at_guest.places[1].clone()));
    assert_eq!(at_guest.seat, Seat::ALL[1], "the guest kept its seat");
    assert_eq!(at_host.state, at_guest.state, "the second game's replicas agree");
    let starts = at_guest.records.iter().filter(|r| matches!(r, Record::Start { .. })).count();
    assert_eq!(starts, 2, "two games began at the guest");
    // The guest played its seat in person in the second game too.
    let second = at_guest.records.iter().rposition(|r| matches!(r, Record::Start { .. })).expect("a start");
    assert!(
        at_guest.records[second..]
            .iter()
            .any(|r| matches!(r, Record::Act { action, by: By::Player } if action.seat() == Seat::ALL[1]))
    );
}
