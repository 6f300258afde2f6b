//! The app's side of network play: a session runs a host or join driver
//! (`ui::net`) as a task until it ends, and its reports go to the screen
//! they concern (the waiting room, the join screen, the game).

use super::{App, Message, Screen, entropy};
use crate::fl;
use crate::net::{self as play, Deed, Line};
use crate::profile::network::Role;
use crate::rules::Seat;
use crate::ui::net::{self, Report};
use crate::ui::screen::game::GameScreen;
use crate::ui::screen::setup::{Sitter, TablePlan};
use crate::ui::screen::waiting::WaitingRoom;
use crate::ui::words;
use futures::StreamExt;
use iced::{Task, task};
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// How long a guest looks for its table before it says it cannot reach it.
const REACH_WITHIN: Duration = Duration::from_secs(20);

/// A network game under way, from the waiting room or the join screen on.
pub(super) struct Session {
    /// Stops the driver (and its network) when dropped.
    _driver: task::Handle,
    /// This computer's acts, until the game screen takes them.
    acts: Option<mpsc::UnboundedSender<Deed>>,
    /// The seat this computer's person plays (a guest learns it on joining).
    seat: Option<Seat>,
    /// This computer hosts the table: its person may pause, resume and close it.
    hosting: bool,
}

impl App {
    /// This player's network node: the profile's key (a fresh one without
    /// a profile), and the relays and bootstrap peers from the settings.
    pub(super) fn node(&self) -> crate::net::NodeConfig {
        let keypair = self.home.as_ref().and_then(|h| h.keypair().ok());
        net::node(keypair.unwrap_or_else(libp2p::identity::Keypair::generate_ed25519), &self.prefs.settings)
    }

    /// Runs a network driver for this window, until the session ends.
    fn drive(
        &mut self,
        stream: impl futures::Stream<Item = Report> + Send + 'static,
        acts: mpsc::UnboundedSender<Deed>,
        seat: Option<Seat>,
        hosting: bool,
    ) -> Task<Message> {
        let (task, handle) = Task::run(stream, Message::Net).abortable();
        self.session = Some(Session { _driver: handle.abort_on_drop(), acts: Some(acts), seat, hosting });
        task
    }

    /// Opens a table with friends' seats: the waiting room, then the game.
    pub(super) fn host(
        &mut self,
        table: TablePlan,
        preset: crate::rules::Preset,
        listed: bool,
    ) -> Task<Message> {
        // A new table, not the game saved to resume: the host's driver takes
        // a saved hosted game up again (as a headless host started again
        // does), so it would have put the player back at the old table.
        if let Some(Err(e)) = self.home.as_ref().map(crate::profile::Home::discard_net_game) {
            self.notices.push(e.to_string());
        }
        let (acts, acts_in) = mpsc::unbounded_channel();
        let seat = Seat::ALL.into_iter().find(|s| table.sitters[s.index()] == Sitter::Person);
        let plan = play::HostPlan {
            preset,
            rules: table.rules,
            seats: table.controls(),
            // Peers see the chosen name (none: they name the seat by its colour).
            name: self.prefs.name.clone(),
            listed,
            timing: table.timing(),
            code: crate::net::RoomCode::random(),
            node: self.node(),
            entropy: entropy(),
            acts: Some(acts_in),
            home: self.home.clone(),
            games: None,
            proof: None,
        };
        self.screen = Screen::Waiting(WaitingRoom::new(table));
        self.drive(net::host(plan), acts, seat, true)
    }

    /// How this computer's person joins `target` by `name`: fresh dice,
    /// the profile's network and folder, no colour asked for.
    fn join_plan(
        &self,
        target: play::Target,
        acts: mpsc::UnboundedReceiver<Deed>,
        name: String,
    ) -> play::JoinPlan {
        play::JoinPlan {
            target,
            player: play::Player::Person(acts),
            node: self.node(),
            secret: entropy(),
            reach_within: REACH_WITHIN,
            name,
            colour: None,
            watch: false,
            reserve: None,
            think: None,
            home: self.home.clone(),
            proof: None,
        }
    }

    /// Joins a table: the join screen says how it goes, then the game.
    pub(super) fn join(&mut self, target: play::Target, seat: Option<Seat>) -> Task<Message> {
        self.browsing = None;
        let (acts, acts_in) = mpsc::unbounded_channel();
        let plan =
            play::JoinPlan { colour: seat, ..self.join_plan(target, acts_in, self.prefs.name.clone()) };
        self.drive(net::join(plan), acts, None, false)
    }

    /// Watches a table's game: the game screen opens, seatless, once the
    /// host's snapshot is verified; a colour the person reserves there is
    /// played in the next game with the same group.
    pub(super) fn watch(&mut self, target: play::Target) -> Task<Message> {
        self.browsing = None;
        let (acts, acts_in) = mpsc::unbounded_channel();
        let plan = play::JoinPlan { watch: true, ..self.join_plan(target, acts_in, self.prefs.name.clone()) };
        self.drive(net::join(plan), acts, None, false)
    }

    /// Back to the networked game the profile holds: hosting it again (the
    /// driver finds out whether another peer took over, and rejoins it as
    /// a guest then) or rejoining its host as the guest it was. The game
    /// screen opens on the saved log the driver restores.
    pub(super) fn resume_network(&mut self) -> Task<Message> {
        let saved = match self.home.as_ref().map(crate::profile::Home::net_game) {
            Some(Ok(Some((game, Some(_))))) => game,
            Some(Err(e)) => {
                self.notices.push(e.to_string());
                return Task::none();
            }
            _ => {
                self.go_home();
                return Task::none();
            }
        };
        let (acts, acts_in) = mpsc::unbounded_channel();
        let mut joining = crate::ui::screen::joining::Joining::new(self.node().searched());
        joining.busy = true;
        joining.status = Some(fl!("going-back-to-your-table").to_string());
        let hosting = matches!(saved.role, Role::Host { .. });
        let (stream, seat) = match saved.role {
            Role::Host { config, entropy, preset, listed } => {
                let seat = Seat::ALL.into_iter().find(|s| {
                    config.seats[s.index()] == crate::table::Control::Person { owner: config.host }
                });
                let plan = play::HostPlan {
                    preset,
                    rules: config.rules,
                    seats: config.seats,
                    name: saved.name,
                    listed,
                    timing: config.timing,
                    // The saved table keeps its code; a save without one gets a new one.
                    code: saved.code.parse().unwrap_or_else(|_| crate::net::RoomCode::random()),
                    node: self.node(),
                    entropy: entropy.0,
                    acts: Some(acts_in),
                    home: self.home.clone(),
                    games: None,
                    proof: None,
                };
                (net::host(plan).boxed(), seat)
            }
            Role::Guest { seat, .. } => {
                let host = match saved.host.parse::<play::Ticket>() {
                    Ok(host) => host,
                    Err(e) => {
                        self.notices.push(fl!("the-saved-game-cannot-resume", e = e));
                        return Task::none();
                    }
                };
                let plan = self.join_plan(play::Target::Ticket(host), acts_in, saved.name);
                (net::join(plan).boxed(), Some(seat))
            }
        };
        self.browsing = None;
        self.screen = Screen::Joining(joining);
        self.drive(stream, acts, seat, hosting)
    }

    /// The join screen, with the lobby listing tables while it shows.
    pub(super) fn browse(&mut self) -> Task<Message> {
        self.screen = Screen::Joining(crate::ui::screen::joining::Joining::new(self.node().searched()));
        let (task, handle) = Task::run(net::browse(&self.prefs.settings), Message::Net).abortable();
        self.browsing = Some(handle.abort_on_drop());
        task
    }

    /// Whether this computer hosts the networked table it plays at.
    fn hosting(&self) -> bool {
        self.session.as_ref().is_some_and(|s| s.hosting)
    }

    /// The host's person gives a seat still waiting for a friend to a bot.
    /// A driver that has stopped says so itself (its end is reported).
    pub(super) fn bot_instead(&mut self, seat: Seat) {
        if let Some(acts) = self.session.as_ref().and_then(|s| s.acts.as_ref()) {
            let _ = acts.send(Deed::BotInstead(seat));
        }
    }

    /// Every seat signed: the game screen opens over the sealed genesis,
    /// with the player's settings, and goes into the history at its end.
    fn sealed(
        &mut self,
        genesis: crate::fair::SignedGenesis,
        roster: &crate::table::Roster,
        now: Instant,
    ) -> Task<Message> {
        let taken = self.session.as_mut().and_then(|s| Some((s.acts.take()?, s.seat?, s.hosting)));
        let opened = taken.ok_or_else(|| fl!("this-computer-holds-no-seat").to_string()).and_then(
            |(acts, seat, hosting)| {
                GameScreen::networked(self.prefs.player_name(), genesis, roster, seat, acts, hosting, now)
                    .map_err(|e| e.to_string())
            },
        );
        match (opened, &mut self.screen) {
            (Ok(game), _) => return self.play(game),
            (Err(why), Screen::Waiting(w)) => w.problem = Some(why),
            (Err(why), Screen::Joining(j)) => j.failed(&why),
            (Err(_), _) => {}
        }
        Task::none()
    }

    /// What the network reports, for the screen it concerns.
    pub(super) fn network(&mut self, report: Report, now: Instant) -> Task<Message> {
        let hosting = self.hosting();
        match (report, &mut self.screen) {
            (Report::Line(Line::Listening { code, ticket }), Screen::Waiting(w)) => w.listening(code, ticket),
            (Report::Line(Line::Joined { seat, .. }), Screen::Waiting(w)) => w.seated(u8::from(seat), true),
            (Report::Line(Line::Left { seat, .. }), Screen::Waiting(w)) => w.seated(u8::from(seat), false),
            // Seated: at the join screen, or a watcher in the next game.
            (Report::Line(Line::Joined { seat, .. }), Screen::Joining(_) | Screen::Game(_)) => {
                if let Some(session) = self.session.as_mut().filter(|s| !s.hosting) {
                    session.seat = Some(seat);
                }
            }
            (Report::Line(Line::Reserved { seat, .. }), Screen::Game(g)) => g.reserved(seat, None),
            (Report::Line(Line::NotReserved { colour, why }), Screen::Game(g)) => {
                g.reserved(g.game().rules().seat_of(colour), Some(&words::denial(&why)))
            }
            (Report::Line(Line::Sealed { genesis, roster }), Screen::Waiting(_) | Screen::Joining(_)) => {
                return self.sealed(genesis, &roster, now);
            }
            // The next game with the same group (a rematch): a fresh board.
            (Report::Line(Line::Sealed { genesis, roster }), Screen::Game(g)) => {
                if let Some(session) = &mut self.session {
                    session.acts = g.driver().deeds();
                }
                return self.sealed(genesis, &roster, now);
            }
            // Back at a table after a restart: the game screen over the saved log.
            (
                Report::Line(Line::Restored { genesis, roster, entries }),
                Screen::Waiting(_) | Screen::Joining(_),
            ) => {
                let opened = self.sealed(genesis, &roster, now);
                let mut actions = Vec::new();
                if let Screen::Game(g) = &mut self.screen {
                    for signed in entries {
                        actions.extend(g.receive(signed, now));
                    }
                }
                return Task::batch([opened, self.game_actions(actions, now)]);
            }
            (Report::Line(Line::Watching { from: Some(from), .. }), Screen::Joining(_)) => {
                let acts = self.session.as_mut().and_then(|s| s.acts.take());
                let opened =
                    acts.ok_or_else(|| fl!("this-computer-is-not-watching").to_string()).and_then(|acts| {
                        GameScreen::watching(self.prefs.player_name(), *from, acts, now)
                            .map_err(|e| e.to_string())
                    });
                match opened {
                    Ok(game) => return self.play(game),
                    Err(why) => {
                        if let Screen::Joining(j) = &mut self.screen {
                            j.failed(&why);
                        }
                    }
                }
            }
            (Report::Line(Line::Refused { why, .. }), Screen::Game(g)) => g.refused(&words::denial(&why)),
            // A joiner hears the route to its host; a host, to each guest
            // (the window says the joiner's, where one table is its concern).
            (Report::Line(Line::Route { kind, via, .. }), Screen::Joining(j)) => j.routed(kind, &via),
            (Report::Line(Line::Route { kind, .. }), Screen::Game(g)) if !hosting => g.routed(kind),
            (Report::Line(Line::BranchDropped { from, .. }), Screen::Game(g)) => g.branch_dropped(from),
            (Report::Line(Line::Entry { signed, .. }), Screen::Game(g)) => {
                let actions = g.receive(signed, now);
                return self.game_actions(actions, now);
            }
            (Report::Line(Line::Reaction { seat, reaction, .. }), Screen::Game(g)) => {
                g.heard(u8::from(seat), reaction, now)
            }
            (Report::Ended(Err(why)), screen) => {
                let why = words::play_error(&why);
                match screen {
                    Screen::Waiting(w) => w.problem = Some(why),
                    Screen::Joining(j) => j.failed(&why),
                    Screen::Game(g) => g.disconnected(&why),
                    _ => {}
                }
                self.session = None;
            }
            (Report::Ended(Ok(_)), _) => self.session = None,
            (Report::TableFound(peer, info, ticket), Screen::Joining(j)) => j.found(peer, info, ticket),
            (Report::TableGone(peer), Screen::Joining(j)) => j.gone(peer),
            (Report::LobbyFailed(why), Screen::Joining(j)) => {
                j.status = Some(fl!("this-network-cannot-be-searched", why = words::net_error(&why)))
            }
            // A report for a screen that has since closed.
            _ => {}
        }
        Task::none()
    }
}
