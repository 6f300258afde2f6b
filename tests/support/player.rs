//! `ludopia` processes as the network tests run them: each with a profile
//! folder of its own (`LUDOPIA_HOME`), killed when the test ends so that a
//! failed test leaves no relay or host running (holding the test runner's
//! output open would hang whatever reads it to the end), and their JSON
//! lines.

use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Child, ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use serde_json::Value;

pub const BIN: &str = env!("CARGO_BIN_EXE_ludopia");
/// Any free TCP port on loopback.
pub const LOOPBACK: &str = "/ip4/127.0.0.1/tcp/0";
/// Longest a test waits for a line it expects.
pub const WAIT: Duration = Duration::from_secs(60);
/// A player that never finishes is killed after this, so a broken game
/// fails its test instead of hanging CI.
pub const GAME_LIMIT: Duration = Duration::from_secs(240);

/// A line's `event` field.
pub fn event(line: &Value) -> &str {
    line["event"].as_str().unwrap_or_else(|| panic!("no event field: {line}"))
}

/// Every line of a finished player's output, each JSON.
pub fn lines(text: &[u8]) -> Vec<Value> {
    String::from_utf8_lossy(text)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect()
}

/// A profile folder for one player, removed when the test ends.
pub fn profile() -> tempfile::TempDir {
    tempfile::tempdir().expect("a profile folder")
}

/// `ludopia args` with the profile at `home` and its lines piped.
pub fn command_at(home: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(BIN);
    command.args(args).env("LUDOPIA_HOME", home).stdout(Stdio::piped());
    command
}

/// A running `ludopia`, killed when dropped, with the profile it owns.
pub struct Running(pub Child, pub Option<tempfile::TempDir>);

impl std::ops::Deref for Running {
    type Target = Child;
    fn deref(&self) -> &Child {
        &self.0
    }
}

impl std::ops::DerefMut for Running {
    fn deref_mut(&mut self) -> &mut Child {
        &mut self.0
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        // Already gone when the test finished normally: nothing to kill.
        if let Ok(None) = self.0.try_wait() {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
}

/// Starts a player with the profile at `home`; its errors show with the test's.
pub fn spawn_at(home: &Path, args: &[&str]) -> Running {
    let child = command_at(home, args).stderr(Stdio::inherit()).spawn().expect("ludopia starts");
    Running(child, None)
}

/// Starts a player with a profile of its own, removed with the process.
pub fn spawn(args: &[&str]) -> Running {
    let home = profile();
    let mut running = spawn_at(home.path(), args);
    running.1 = Some(home);
    running
}

/// Kills these processes if they still run `after` from now, so that a
/// game that never ends fails its test instead of hanging CI.
pub fn watchdog(children: &[&Child], after: Duration) {
    let pids: Vec<String> = children.iter().map(|c| c.id().to_string()).collect();
    std::thread::spawn(move || {
        std::thread::sleep(after);
        let _ = Command::new("kill").arg("-9").args(&pids).status();
    });
}

/// Reads the rest of a player's output as it comes, or a full pipe would
/// stall the player.
pub fn drain(mut out: impl Read + Send + 'static) -> JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut rest = Vec::new();
        let _ = out.read_to_end(&mut rest);
        rest
    })
}

/// A player's lines as they come, each with when it came; a line that is
/// not JSON comes as its text (and has no event).
pub fn read_lines(out: ChildStdout) -> mpsc::Receiver<(Instant, Value)> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(out).lines().map_while(Result::ok) {
            let value = serde_json::from_str(&line).unwrap_or(Value::String(line));
            if tx.send((Instant::now(), value)).is_err() {
                return;
            }
        }
    });
    rx
}

/// A player whose lines are awaited one by one.
pub struct Player {
    pub running: Running,
    lines: mpsc::Receiver<(Instant, Value)>,
    seen: Vec<(Instant, Value)>,
}

/// Where a player's errors go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Errors {
    /// To the test's own output; with `LUDOPIA_TEST_LOGS=DIR`, its debug log
    /// to a file of its own in DIR instead.
    Shown,
    /// To a pipe the test reads (`running.stderr`), whatever the switch.
    Read,
}

impl Player {
    /// Starts `ludopia args` with a profile of its own; `errors` says where
    /// its errors go.
    pub fn start(args: &[&str], errors: Errors) -> Player {
        let home = profile();
        let mut player = Player::start_at(home.path(), args, errors);
        player.running.1 = Some(home);
        player
    }

    /// [`Player::start`] with the profile at `home`, which outlives it (a
    /// player killed and started again on it).
    pub fn start_at(home: &Path, args: &[&str], errors: Errors) -> Player {
        static STARTED: AtomicUsize = AtomicUsize::new(0);
        let mut command = command_at(home, args);
        let stderr = match (errors, std::env::var("LUDOPIA_TEST_LOGS")) {
            (Errors::Read, _) => Stdio::piped(),
            (Errors::Shown, Ok(dir)) => {
                let n = STARTED.fetch_add(1, Ordering::Relaxed);
                let name = format!("{dir}/{}-{n}-{}.log", std::process::id(), args[0]);
                command.env("LUDOPIA_LOG", "ludopia=debug,ludopia::net::node=info");
                Stdio::from(std::fs::File::create(name).expect("log file"))
            }
            (Errors::Shown, Err(_)) => Stdio::inherit(),
        };
        let mut child = command.stderr(stderr).spawn().expect("ludopia starts");
        let lines = read_lines(child.stdout.take().expect("stdout"));
        Player { running: Running(child, None), lines, seen: Vec::new() }
    }

    /// The first line from now (or among those seen) that `pick` accepts,
    /// within [`WAIT`].
    pub fn wait_for(&mut self, what: &str, pick: impl Fn(&Value) -> bool) -> (Instant, Value) {
        self.try_wait_for(pick).unwrap_or_else(|| {
            let seen: Vec<&Value> = self.seen.iter().map(|(_, l)| l).collect();
            panic!("no {what} line within {WAIT:?}; seen: {seen:?}")
        })
    }

    /// [`Player::wait_for`], but none within [`WAIT`] is `None`: the test
    /// can say what the other players saw meanwhile.
    pub fn try_wait_for(&mut self, pick: impl Fn(&Value) -> bool) -> Option<(Instant, Value)> {
        if let Some(found) = self.seen.iter().find(|(_, l)| pick(l)) {
            return Some(found.clone());
        }
        let deadline = Instant::now() + WAIT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self.lines.recv_timeout(left).ok()?;
            self.seen.push(line.clone());
            if pick(&line.1) {
                return Some(line);
            }
        }
    }

    /// Every line so far, without waiting for more.
    pub fn seen_so_far(&mut self) -> &[(Instant, Value)] {
        while let Ok(line) = self.lines.try_recv() {
            self.seen.push(line);
        }
        &self.seen
    }

    /// Every line up to the end of the output, once the process exited 0.
    pub fn finish(mut self, who: &str) -> Vec<Value> {
        while let Ok(line) = self.lines.recv_timeout(GAME_LIMIT) {
            self.seen.push(line);
        }
        assert!(self.running.wait().expect("exits").success(), "{who} failed");
        self.seen.iter().map(|(_, l)| l.clone()).collect()
    }
}
