//! The window's side of network play: `net`'s drivers run as iced tasks,
//! and what they report arrives as messages. The table's logic stays in the
//! drivers and the table; this only carries acts out and reports in.

use futures::{Stream, StreamExt, channel::mpsc as queue, stream};
use libp2p::{Multiaddr, PeerId, identity::Keypair};

use crate::net::{
    self as play, HostPlan, JoinPlan, Line, NetError, NodeConfig, NodeEvent, Places, PlayError, TableInfo,
    Ticket, spawn,
};

/// What a network driver or the LAN lobby reports to the window.
// Moved once from producer to consumer; boxing the large variant would
// only add an allocation per message.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone)]
pub enum Report {
    Line(Line),
    /// The driver stopped: the places, or why it stopped early.
    Ended(Result<Places, PlayError>),
    /// A listed table answered with its info: on the LAN, or published at
    /// a relay (with the ticket to reach it by).
    TableFound(PeerId, TableInfo, Option<Ticket>),
    TableGone(PeerId),
    /// The LAN lobby could not start.
    LobbyFailed(NetError),
}

/// The network set-up of a window's node: the player's key, the relays
/// and the DHT's bootstrap peers from the settings (the public network's
/// when none is given; ones that do not parse are skipped: the settings
/// screen checks them on saving).
pub fn node(keypair: Keypair, settings: &crate::profile::Settings) -> NodeConfig {
    let mut config = NodeConfig::new(keypair);
    let parsed =
        |list: &[String]| -> Vec<Multiaddr> { list.iter().filter_map(|a| a.trim().parse().ok()).collect() };
    config.relays = parsed(&settings.relays);
    if !settings.bootstrap.is_empty() {
        config.bootstrap = parsed(&settings.bootstrap);
    }
    config
}

/// Runs a driver, reporting its lines as they come and its end last.
fn driven<F>(start: impl FnOnce(Box<dyn FnMut(Line) + Send>) -> F) -> impl Stream<Item = Report>
where
    F: Future<Output = Result<Places, PlayError>> + Send + 'static,
{
    let (lines, reported) = queue::unbounded();
    let ended = lines.clone();
    let driver = start(Box::new(move |line| {
        let _ = lines.unbounded_send(Report::Line(line));
    }));
    let run = async move {
        let _ = ended.unbounded_send(Report::Ended(driver.await));
    };
    // The driver runs as the stream is polled; the stream ends after it.
    stream::select(reported, stream::once(run).filter_map(|()| async { None }))
}

/// Hosts a table; this computer's person (if any) plays through the plan's acts.
pub fn host(plan: HostPlan) -> impl Stream<Item = Report> {
    driven(|out| play::host(plan, out))
}

/// Joins a table; the plan's person plays the seat.
pub fn join(plan: JoinPlan) -> impl Stream<Item = Report> {
    driven(|out| play::join(plan, out))
}

/// The lobby: listed tables as they appear and go, on the LAN (mDNS and a
/// table-info query) and published at the relays of the settings. A fresh
/// key: browsing signs nothing.
pub fn browse(settings: &crate::profile::Settings) -> impl Stream<Item = Report> + use<> {
    let mut config = node(Keypair::generate_ed25519(), settings);
    config.lobby = true;
    stream::once(async move { spawn(config) }).flat_map(|spawned| match spawned {
        Ok((client, events)) => stream::unfold((client, events), |(client, mut events)| async move {
            loop {
                let report = match events.recv().await? {
                    NodeEvent::TableFound { peer, info, ticket } if info.listed => {
                        Report::TableFound(peer, info, ticket)
                    }
                    NodeEvent::TableGone { peer } => Report::TableGone(peer),
                    _ => continue,
                };
                return Some((report, (client, events)));
            }
        })
        .boxed(),
        Err(e) => stream::once(async move { Report::LobbyFailed(e) }).boxed(),
    })
}
