//! A joiner's link to the host broken mid-game, through a TCP forwarder the
//! test holds: cut, so both ends hear it, or frozen, so neither does.

use super::*;
use std::io::Read;
use std::net::{Shutdown, TcpListener};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

/// A TCP forwarder in front of a host: every connection through it can be
/// cut or frozen. New connections work either way.
struct Forwarder {
    front: SocketAddr,
    links: Arc<Mutex<Vec<Link>>>,
}

/// One forwarded connection: its two sockets and whether it is frozen.
struct Link {
    sockets: [TcpStream; 2],
    frozen: Arc<AtomicBool>,
}

impl Forwarder {
    fn to(target: SocketAddr) -> Forwarder {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind the forwarder");
        let front = listener.local_addr().expect("forwarder address");
        let links = Arc::new(Mutex::new(Vec::new()));
        let kept = Arc::clone(&links);
        std::thread::spawn(move || {
            for inbound in listener.incoming().map_while(Result::ok) {
                let Ok(outbound) = TcpStream::connect(target) else { continue };
                let frozen = Arc::new(AtomicBool::new(false));
                for (from, to) in [(&inbound, &outbound), (&outbound, &inbound)] {
                    let (Ok(from), Ok(to)) = (from.try_clone(), to.try_clone()) else { continue };
                    let frozen = Arc::clone(&frozen);
                    std::thread::spawn(move || pipe(from, to, &frozen));
                }
                if let Ok(mut links) = kept.lock() {
                    links.push(Link { sockets: [inbound, outbound], frozen });
                }
            }
        });
        Forwarder { front, links }
    }

    /// Closes every connection under both ends at once.
    fn cut(&self) {
        for link in self.links.lock().expect("connections").drain(..) {
            for socket in &link.sockets {
                let _ = socket.shutdown(Shutdown::Both);
            }
        }
    }

    /// From now on every connection swallows every byte both ways and never
    /// closes: a link that died without either end hearing of it.
    fn freeze(&self) {
        for link in self.links.lock().expect("connections").iter() {
            link.frozen.store(true, Ordering::SeqCst);
        }
    }
}

/// Copies `from` to `to` until `from` ends, dropping the bytes once frozen;
/// passes the end on unless frozen.
fn pipe(mut from: TcpStream, mut to: TcpStream, frozen: &AtomicBool) {
    let mut buf = [0u8; 16 * 1024];
    while let Ok(n) = from.read(&mut buf) {
        if n == 0 {
            break;
        }
        if !frozen.load(Ordering::SeqCst) && std::io::Write::write_all(&mut to, &buf[..n]).is_err() {
            break;
        }
    }
    if !frozen.load(Ordering::SeqCst) {
        let _ = to.shutdown(Shutdown::Both);
    }
}

/// A race table with two bots, and an easy bot joining it through a
/// forwarder, read until the log passes entry 30.
fn joined_through_a_forwarder() -> (Hosting, Forwarder, Running, BufReader<ChildStdout>, Vec<Value>) {
    let hosting = host(&["--preset", "race", "--bots", "2"]);
    let ticket: Ticket = hosting.ticket.parse().expect("the host's ticket");
    let target = ticket.addrs.iter().find_map(socket_of).expect("a TCP address in the ticket");
    let forwarder = Forwarder::to(target);
    let front = forwarder.front;
    let front: Multiaddr = format!("/ip4/{}/tcp/{}", front.ip(), front.port()).parse().expect("multiaddr");
    let via = Ticket::new(ticket.peer, [front]).to_string();
    let mut joiner = spawn(&["join", "--headless", &via, "--bot", "easy", "--listen", LOOPBACK]);
    watchdog(&[&joiner, &hosting.child], GAME_LIMIT);
    let mut out = BufReader::new(joiner.stdout.take().expect("joiner stdout"));
    let seen = read_until(&mut out, |l| l["seq"].as_u64().is_some_and(|s| s >= 30));
    (hosting, forwarder, joiner, out, seen)
}

#[test]
fn a_joiner_whose_connection_drops_mid_game_catches_up_and_finishes_the_same_game() {
    let (hosting, forwarder, mut joiner, out, mut seen) = joined_through_a_forwarder();
    forwarder.cut();
    let rest = drain(out).join().expect("joiner reader");
    assert!(joiner.wait().expect("joiner exits").success(), "the joiner failed after the drop");
    seen.extend(lines(&rest));
    let host_lines = hosting.finish();
    let back: Vec<&Value> = seen.iter().filter(|l| event(l) == "reconnected").collect();
    assert_eq!(back.len(), 1, "the joiner came back once: {back:?}");
    assert!(back[0]["head"].as_u64().is_some_and(|h| h >= 30), "{back:?}");
    assert!(!seen.iter().any(|l| event(l) == "host_changed"), "the host was there all along");
    one_game(&[("host", &host_lines), ("joiner", &seen)]);
}

#[test]
fn a_connection_that_dies_unseen_does_not_freeze_the_table() {
    let (hosting, forwarder, mut joiner, out, mut seen) = joined_through_a_forwarder();
    forwarder.freeze();
    let frozen_at = Instant::now();
    let rest = drain(out).join().expect("joiner reader");
    assert!(joiner.wait().expect("joiner exits").success(), "the joiner failed after the freeze");
    let stalled = frozen_at.elapsed();
    eprintln!("the game ended {stalled:?} after the connection froze");
    seen.extend(lines(&rest));
    let host_lines = hosting.finish();
    // Whether the joiner notices (a `reconnected` line) depends on which of
    // its connections the host's traffic took: libp2p may also have dialed
    // the host directly. Either way the game must go on, and soon.
    assert!(stalled < Duration::from_secs(60), "the table froze for {stalled:?}");
    assert!(!seen.iter().any(|l| event(l) == "host_changed"), "the host was there all along");
    one_game(&[("host", &host_lines), ("joiner", &seen)]);
}

/// Before the game a dropped connection is not taken for the host leaving
/// (a lossy link closes connections too), but a host whose program stopped
/// is: its address refuses the joiner's dial, and the joiner says so at
/// once instead of waiting out its 20 s.
#[test]
fn a_host_gone_before_the_game_is_told_at_once() {
    let mut hosting = host(&["--preset", "race", "--bots", "1"]);
    let mut joiner = Player::start(
        &["join", "--headless", &hosting.ticket, "--bot", "easy", "--listen", LOOPBACK],
        Errors::Read,
    );
    joiner.wait_for("joined", |l| event(l) == "joined");
    hosting.child.kill().expect("kill the host");
    let killed = Instant::now();
    watchdog(&[&joiner.running], GAME_LIMIT);
    let mut stderr = String::new();
    let _ = joiner.running.stderr.take().expect("joiner stderr").read_to_string(&mut stderr);
    let status = joiner.running.wait().expect("the joiner exits");
    let waited = killed.elapsed();
    eprintln!("the joiner gave up {waited:?} after the host was killed");
    assert_eq!(status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("the host left before the game began"), "{stderr}");
    assert!(waited < Duration::from_secs(10), "waited {waited:?} for a host that had stopped");
}
