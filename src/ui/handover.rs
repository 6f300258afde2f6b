//! One window per player: a running window takes an invite link over
//! instead of a second window opening. The window, once open, listens on a
//! local channel; `ludopia LINK` hands the link's ticket to it and exits,
//! and the window goes to the join screen with the invite filled in.
//!
//! The channel is a TCP listener on `127.0.0.1:0` (the loopback: no other
//! machine can reach it), whose port and a fresh random token the window
//! writes atomically to [`FILE`] in the profile's data folder, readable by
//! this user only. A hand-over is one line, `ludopia-invite <token>
//! <ticket>`, answered `taken` or `refused`; a line without the token is
//! refused, so another user of the computer, who can reach the port but not
//! read the file, cannot put an invite in front of the player. Loopback TCP
//! because it is one code path on Linux and Windows with the standard
//! library alone (a Unix socket on Linux would need a named pipe beside it
//! on Windows, with its own code and its own tests), and the profile folder
//! because it is per player: `LUDOPIA_HOME` moves it, and with it the
//! channel, as it moves everything else.
//!
//! A window that crashed leaves its file behind: its port refuses the
//! connection (or, if another program took the port since, does not answer
//! `taken`), so `ludopia LINK` opens its own window, which writes the file
//! anew. Two links opened at the very same moment with no window running may
//! open two windows; the last to write the file is the one the next link
//! reaches. A window that closes normally removes its file.
//!
//! The profile's lock (`profile::lock`) is taken by the headless commands
//! only, not by the window, so it says nothing here.

use crate::fair::Digest;
use crate::net::Ticket;
use crate::profile::{ProfileError, write_atomic};
use std::fmt;
use std::io::{self, Read, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The window's port and token, in the data folder.
const FILE: &str = "window.handover";
/// What a hand-over line starts with.
const TAG: &str = "ludopia-invite";
const TAKEN: &[u8] = b"taken\n";
const REFUSED: &[u8] = b"refused\n";
/// The longest line the window reads: the tag, the token and the longest
/// ticket, with room to spare.
const MAX_LINE: usize = TAG.len() + 64 + crate::net::ticket::MAX_TICKET_LEN + 16;
/// How long the window gives a connection to send its line: a client that
/// dawdles is dropped, and the next one is read.
const READ_FOR: Duration = Duration::from_secs(2);
/// How long `ludopia LINK` waits for the window: to connect, and for its
/// answer (longer than [`READ_FOR`], in case another connection is read
/// first).
const CONNECT_FOR: Duration = Duration::from_secs(1);
const ANSWER_FOR: Duration = Duration::from_secs(5);

/// The secret that makes a hand-over the player's own: 32 random bytes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Token(pub Digest);

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(…)")
    }
}

impl Token {
    fn random() -> io::Result<Token> {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes).map_err(|e| io::Error::other(e.to_string()))?;
        Ok(Token(Digest(bytes)))
    }

    /// Compared in constant time: how long a wrong token takes to be refused
    /// says nothing of the right one.
    fn matches(&self, other: &Token) -> bool {
        self.0.0.iter().zip(other.0.0.iter()).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0
    }
}

/// Why a hand-over line was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadRequest {
    /// Too long, not text, not one line, or not `ludopia-invite <token> <ticket>`.
    Malformed,
    /// The token is not this window's.
    Token,
    Ticket(crate::net::ticket::TicketError),
}

impl fmt::Display for BadRequest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadRequest::Malformed => f.write_str("not a hand-over line"),
            BadRequest::Token => f.write_str("not this window's token"),
            BadRequest::Ticket(e) => e.fmt(f),
        }
    }
}

/// The line `ludopia LINK` sends.
pub fn request(token: &Token, ticket: &Ticket) -> String {
    format!("{TAG} {} {ticket}\n", token.0.to_hex())
}

/// The ticket a hand-over line carries, if it carries `token`. Any bytes at
/// all are refused or read, never a panic (`untrusted::handover`).
pub fn read_request(line: &[u8], token: &Token) -> Result<Ticket, BadRequest> {
    if line.len() > MAX_LINE {
        return Err(BadRequest::Malformed);
    }
    let text = std::str::from_utf8(line).map_err(|_| BadRequest::Malformed)?;
    let text = text.strip_suffix('\n').unwrap_or(text);
    if text.contains(['\n', '\r']) {
        return Err(BadRequest::Malformed);
    }
    let mut words = text.split(' ');
    let (Some(TAG), Some(given), Some(ticket), None) =
        (words.next(), words.next(), words.next(), words.next())
    else {
        return Err(BadRequest::Malformed);
    };
    let given = Digest::from_hex(given).map(Token).ok_or(BadRequest::Malformed)?;
    if !given.matches(token) {
        return Err(BadRequest::Token);
    }
    ticket.parse().map_err(BadRequest::Ticket)
}

/// The window's end of the channel: bound, its file written, not yet
/// serving.
pub struct Listener {
    socket: TcpListener,
    token: Token,
    file: Written,
}

/// The file a window wrote; removed when this is dropped, unless another
/// window has written its own since.
#[derive(Debug)]
pub struct Written {
    path: PathBuf,
    contents: String,
}

impl Drop for Written {
    fn drop(&mut self) {
        if std::fs::read_to_string(&self.path).is_ok_and(|now| now == self.contents) {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

impl Listener {
    /// Listens on a fresh loopback port and writes it, with a fresh token,
    /// to [`FILE`] in `dir` (a window that ran before is replaced: the
    /// newest window takes the links).
    pub fn open(dir: &Path) -> Result<Listener, ProfileError> {
        let path = dir.join(FILE);
        let io = |action| {
            let path = path.clone();
            move |source| ProfileError::Io { action, path, source }
        };
        let socket = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).map_err(io("open the invite channel"))?;
        let port = socket.local_addr().map_err(io("open the invite channel"))?.port();
        let token = Token::random().map_err(io("make the invite channel's token for"))?;
        let contents = format!("{port} {}\n", token.0.to_hex());
        write_atomic(&path, contents.as_bytes(), true)?;
        Ok(Listener { socket, token, file: Written { path, contents } })
    }

    #[cfg(test)]
    fn port(&self) -> u16 {
        self.socket.local_addr().map_or(0, |a| a.port())
    }

    /// Serves hand-overs on a thread of its own for the rest of the
    /// process: each ticket taken goes to `take`, which says whether
    /// anybody took it (false once the window is gone: `ludopia LINK` then
    /// opens its own). One connection at a time, each given [`READ_FOR`] to
    /// send its line. The returned value removes the file when dropped.
    pub fn serve(self, mut take: impl FnMut(Ticket) -> bool + Send + 'static) -> io::Result<Written> {
        let Listener { socket, token, file } = self;
        std::thread::Builder::new().name("handover".into()).spawn(move || {
            for stream in socket.incoming() {
                match stream {
                    Ok(stream) => answer(stream, &token, &mut take),
                    // Out of file handles, say: try again in a moment.
                    Err(e) => {
                        tracing::warn!("the invite channel could not accept a connection: {e}");
                        std::thread::sleep(Duration::from_millis(100));
                    }
                }
            }
        })?;
        Ok(file)
    }
}

/// Reads one connection's line and answers it.
fn answer(mut stream: TcpStream, token: &Token, take: &mut impl FnMut(Ticket) -> bool) {
    let line = match read_line(&mut stream, MAX_LINE, Instant::now() + READ_FOR) {
        Ok(line) => line,
        Err(e) => {
            tracing::warn!("the invite channel dropped a connection: {e}");
            return;
        }
    };
    let reply = match read_request(&line, token) {
        Ok(ticket) => {
            if take(ticket) {
                TAKEN
            } else {
                REFUSED
            }
        }
        Err(why) => {
            tracing::warn!("the invite channel refused a line: {why}");
            REFUSED
        }
    };
    let _ = stream.set_write_timeout(Some(READ_FOR));
    let _ = stream.write_all(reply);
}

/// Bytes up to and with the first newline (or the end of the stream), at
/// most `max`, by `deadline`.
fn read_line(stream: &mut TcpStream, max: usize, deadline: Instant) -> io::Result<Vec<u8>> {
    let mut line = Vec::new();
    let mut chunk = [0u8; 512];
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(io::Error::new(io::ErrorKind::TimedOut, "no line in time"));
        }
        stream.set_read_timeout(Some(left))?;
        let n = stream.read(&mut chunk)?;
        line.extend_from_slice(&chunk[..n]);
        if line.len() > max {
            return Err(io::Error::new(io::ErrorKind::InvalidData, "a line too long"));
        }
        if n == 0 || chunk[..n].contains(&b'\n') {
            if let Some(end) = line.iter().position(|&b| b == b'\n') {
                line.truncate(end + 1);
            }
            return Ok(line);
        }
    }
}

/// Why `ludopia LINK` opens a window of its own.
#[derive(Debug)]
pub enum NotHanded {
    /// No window wrote its file (none ran, or it closed), or the file is not
    /// one a window writes.
    NoWindow,
    /// The file names a port nobody answers on as a window does: the
    /// window that wrote it is gone.
    Stale(io::Error),
    /// The window answered, but did not take the invite.
    Refused,
}

impl fmt::Display for NotHanded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotHanded::NoWindow => f.write_str("no window is running"),
            NotHanded::Stale(e) => write!(f, "the last window is gone ({e})"),
            NotHanded::Refused => f.write_str("the running window did not take the invite"),
        }
    }
}

/// Hands `ticket` to the window whose file is in `dir`: `Ok` once it
/// answered that it took it.
pub fn hand_over(dir: &Path, ticket: &Ticket) -> Result<(), NotHanded> {
    let (port, token) = read_file(&dir.join(FILE)).ok_or(NotHanded::NoWindow)?;
    let address = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
    let mut stream = TcpStream::connect_timeout(&address, CONNECT_FOR).map_err(NotHanded::Stale)?;
    let exchange = (|| {
        stream.set_write_timeout(Some(ANSWER_FOR))?;
        stream.write_all(request(&token, ticket).as_bytes())?;
        read_line(&mut stream, 64, Instant::now() + ANSWER_FOR)
    })();
    match exchange {
        Ok(reply) if reply == TAKEN => Ok(()),
        Ok(reply) if reply == REFUSED => Err(NotHanded::Refused),
        Ok(_) => Err(NotHanded::Stale(io::Error::new(io::ErrorKind::InvalidData, "not a window's answer"))),
        Err(e) => Err(NotHanded::Stale(e)),
    }
}

/// The port and token in a window's file.
fn read_file(path: &Path) -> Option<(u16, Token)> {
    let mut text = String::new();
    std::fs::File::open(path).ok()?.take(256).read_to_string(&mut text).ok()?;
    let (port, token) = text.trim_end().split_once(' ')?;
    Some((port.parse().ok()?, Token(Digest::from_hex(token)?)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ticket() -> Ticket {
        Ticket::new(libp2p::PeerId::random(), vec!["/ip4/192.0.2.7/tcp/4001".parse().expect("address")])
    }

    #[test]
    fn a_line_is_read_only_with_the_token() {
        let token = Token(Digest([3; 32]));
        let ticket = ticket();
        let line = request(&token, &ticket);
        assert_eq!(read_request(line.as_bytes(), &token), Ok(ticket.clone()));
        assert_eq!(read_request(line.trim_end().as_bytes(), &token), Ok(ticket.clone()), "no newline");
        assert_eq!(read_request(line.as_bytes(), &Token(Digest([4; 32]))), Err(BadRequest::Token));
        let cut = &line[..line.len() - 5];
        assert!(matches!(read_request(cut.as_bytes(), &token), Err(BadRequest::Ticket(_))));
        for bad in [
            "",
            "\n",
            "ludopia-invite",
            &format!("ludopia-invite {}", token.0.to_hex()),
            &format!("ludopia-invite {} {ticket} more\n", token.0.to_hex()),
            &format!("ludopia-invite  {} {ticket}\n", token.0.to_hex()),
            &format!("ludopia-invite {} {ticket}\n", &token.0.to_hex()[2..]),
            &format!("ludopia-invite zz{} {ticket}\n", &token.0.to_hex()[2..]),
            &format!("LUDOPIA-INVITE {} {ticket}\n", token.0.to_hex()),
            &format!("ludopia-invite {} {ticket}\nludopia-invite", token.0.to_hex()),
        ] {
            assert_eq!(read_request(bad.as_bytes(), &token), Err(BadRequest::Malformed), "{bad:?}");
        }
        assert_eq!(read_request(b"\xff\xfe\n", &token), Err(BadRequest::Malformed));
        assert_eq!(read_request(&vec![b'a'; MAX_LINE + 1], &token), Err(BadRequest::Malformed));
    }

    /// A window's channel serving into `taken`.
    fn window(dir: &Path) -> (Written, u16, std::sync::mpsc::Receiver<Ticket>) {
        let listener = Listener::open(dir).expect("listening");
        let port = listener.port();
        let (tx, rx) = std::sync::mpsc::channel();
        let file = listener.serve(move |ticket| tx.send(ticket).is_ok()).expect("serving");
        (file, port, rx)
    }

    /// Sends raw bytes to the window's port and returns its answer.
    fn send(port: u16, bytes: &[u8]) -> Vec<u8> {
        let mut stream = TcpStream::connect((Ipv4Addr::LOCALHOST, port)).expect("connected");
        let _ = stream.write_all(bytes);
        let _ = stream.shutdown(std::net::Shutdown::Write);
        let mut answer = Vec::new();
        stream.set_read_timeout(Some(Duration::from_secs(10))).expect("timeout set");
        let _ = stream.read_to_end(&mut answer);
        answer
    }

    #[test]
    fn a_running_window_takes_the_invite() {
        let dir = tempfile::tempdir().expect("a temp folder");
        let (_file, _, taken) = window(dir.path());
        let ticket = ticket();
        hand_over(dir.path(), &ticket).expect("handed over");
        assert_eq!(taken.recv_timeout(Duration::from_secs(5)), Ok(ticket.clone()));
        // And the next one too.
        hand_over(dir.path(), &ticket).expect("handed over again");
        assert_eq!(taken.recv_timeout(Duration::from_secs(5)), Ok(ticket));
    }

    #[test]
    fn a_line_with_another_token_is_refused_and_changes_nothing() {
        let dir = tempfile::tempdir().expect("a temp folder");
        let (_file, port, taken) = window(dir.path());
        let wrong = request(&Token(Digest([9; 32])), &ticket());
        assert_eq!(send(port, wrong.as_bytes()), REFUSED);
        // A file naming the right port with another token: refused, and
        // `ludopia LINK` opens its own window.
        let path = dir.path().join(FILE);
        let kept = std::fs::read_to_string(&path).expect("the window's file");
        std::fs::write(&path, format!("{port} {}\n", Digest([9; 32]).to_hex())).expect("written");
        assert!(matches!(hand_over(dir.path(), &ticket()), Err(NotHanded::Refused)));
        std::fs::write(&path, kept).expect("written back");
        assert!(taken.try_recv().is_err(), "nothing was taken");
        hand_over(dir.path(), &ticket()).expect("the right token is taken");
    }

    #[test]
    fn a_stale_file_does_not_block_and_the_next_window_listens() {
        let dir = tempfile::tempdir().expect("a temp folder");
        // A window that crashed: its file names a port nobody listens on.
        let gone = Listener::open(dir.path()).expect("listening");
        std::mem::forget(gone.file);
        drop(gone.socket);
        assert!(matches!(hand_over(dir.path(), &ticket()), Err(NotHanded::Stale(_))));
        // A program that took the port since and answers nothing a window would.
        let other = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).expect("bound");
        let port = other.local_addr().expect("address").port();
        std::thread::spawn(move || {
            for stream in other.incoming() {
                drop(stream);
            }
        });
        std::fs::write(dir.path().join(FILE), format!("{port} {}\n", Digest([1; 32]).to_hex()))
            .expect("written");
        assert!(matches!(hand_over(dir.path(), &ticket()), Err(NotHanded::Stale(_))));
        // The process that found it stale opens its window, which listens.
        let (_file, _, taken) = window(dir.path());
        let ticket = ticket();
        hand_over(dir.path(), &ticket).expect("the new window takes it");
        assert_eq!(taken.recv_timeout(Duration::from_secs(5)), Ok(ticket));
    }

    #[test]
    fn garbage_on_the_channel_is_refused_and_the_window_listens_on() {
        let dir = tempfile::tempdir().expect("a temp folder");
        let (_file, port, taken) = window(dir.path());
        let token = read_file(&dir.path().join(FILE)).expect("the window's file").1;
        let long = vec![b'x'; MAX_LINE * 3];
        let garbage: [&[u8]; 7] = [
            b"",
            b"\n",
            b"GET / HTTP/1.1\r\nHost: localhost\r\n\r\n",
            b"\xff\xfe\x00\x01\n",
            &long,
            b"ludopia-invite 00 ludo1abc\n",
            format!("ludopia-invite {} ludo1damaged\n", token.0.to_hex()).leak().as_bytes(),
        ];
        for bytes in garbage {
            let answer = send(port, bytes);
            assert!(answer.is_empty() || answer == REFUSED, "{bytes:?}: {answer:?}");
        }
        // A client that connects and says nothing is dropped after a while,
        // and the hand-over behind it waits its turn.
        let _silent = TcpStream::connect((Ipv4Addr::LOCALHOST, port)).expect("connected");
        let ticket = ticket();
        hand_over(dir.path(), &ticket).expect("handed over after the garbage");
        assert_eq!(taken.recv_timeout(Duration::from_secs(5)), Ok(ticket), "only the good line");
        assert!(taken.try_recv().is_err(), "nothing else was taken");
    }

    #[test]
    fn a_window_that_takes_no_more_refuses_and_its_file_goes_with_it() {
        let dir = tempfile::tempdir().expect("a temp folder");
        let listener = Listener::open(dir.path()).expect("listening");
        let file = listener.serve(|_| false).expect("serving");
        assert!(matches!(hand_over(dir.path(), &ticket()), Err(NotHanded::Refused)));
        drop(file);
        assert!(!dir.path().join(FILE).exists(), "a closed window's file is removed");
        // Not another window's.
        let first = Listener::open(dir.path()).expect("listening");
        let second = Listener::open(dir.path()).expect("listening");
        drop(first);
        assert!(dir.path().join(FILE).exists(), "the newer window's file stays");
        drop(second);
        assert!(!dir.path().join(FILE).exists());
    }

    #[cfg(unix)]
    #[test]
    fn the_file_is_the_users_alone() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().expect("a temp folder");
        let _listener = Listener::open(dir.path()).expect("listening");
        let mode = std::fs::metadata(dir.path().join(FILE)).expect("the file").permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }

    #[test]
    fn a_file_that_is_not_a_windows_is_no_window() {
        let dir = tempfile::tempdir().expect("a temp folder");
        let path = dir.path().join(FILE);
        for text in ["", "1234", "x y", "99999 00", &format!("80 {}", "g".repeat(64)), &"7".repeat(300)] {
            std::fs::write(&path, text).expect("written");
            assert!(read_file(&path).is_none(), "{text:?}");
            assert!(matches!(hand_over(dir.path(), &ticket()), Err(NotHanded::NoWindow)), "{text:?}");
        }
    }
}
