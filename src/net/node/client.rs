//! The application's handle on the swarm task: every call is a command
//! to the task and an answer back.

use super::*;
use futures::stream;

impl Client {
    pub fn peer_id(&self) -> PeerId {
        self.peer_id
    }

    async fn call<T>(&self, command: impl FnOnce(oneshot::Sender<T>) -> Command) -> Result<T, NetError> {
        let (tx, rx) = oneshot::channel();
        self.commands.send(command(tx)).await.map_err(|_| NetError::Stopped)?;
        rx.await.map_err(|_| NetError::Stopped)
    }

    /// Our addresses: relayed and confirmed external ones first, then the
    /// ones we listen on.
    pub async fn addresses(&self) -> Result<Vec<Multiaddr>, NetError> {
        self.call(Command::Addresses).await
    }

    /// An invite ticket for this peer.
    pub async fn ticket(&self) -> Result<Ticket, NetError> {
        Ok(Ticket::new(self.peer_id, self.addresses().await?))
    }

    /// Connects to the peer of a ticket (resolves once connected).
    pub async fn connect(&self, ticket: Ticket) -> Result<(), NetError> {
        self.call(|tx| Command::Connect(ticket, tx)).await?
    }

    /// Closes every connection to `peer` (a muted or banned player).
    pub async fn disconnect(&self, peer: PeerId) -> Result<(), NetError> {
        self.commands.send(Command::Disconnect(peer)).await.map_err(|_| NetError::Stopped)
    }

    async fn exchange(&self, peer: PeerId, request: Request) -> Result<Response, NetError> {
        self.call(|reply| Command::Request { peer, request, reply }).await?
    }

    /// Sends a request to a peer's application and returns its answer.
    pub async fn send(&self, peer: PeerId, request: Request) -> Result<Answer, NetError> {
        match self.exchange(peer, request).await? {
            Response::Answer(answer) => Ok(answer),
            other => Err(unexpected(other)),
        }
    }

    /// The table needs this peer (its connections are never closed as
    /// idle), or no longer does.
    pub async fn keep(&self, peer: PeerId, keep: bool) -> Result<(), NetError> {
        self.commands.send(Command::Keep(peer, keep)).await.map_err(|_| NetError::Stopped)
    }

    /// Asks a peer for its table: with `code`, only the table with that
    /// code answers; without, only a listed one.
    pub async fn table_info(&self, peer: PeerId, code: Option<RoomCode>) -> Result<TableInfo, NetError> {
        match self.exchange(peer, Request::TableQuery { code }).await? {
            Response::TableInfo(info) => Ok(info),
            other => Err(unexpected(other)),
        }
    }

    /// Opens (or updates) the table this peer hosts: lobbies get `info`,
    /// and `code` is registered at every relay holding a slot for us.
    pub async fn open_table(&self, info: TableInfo, code: RoomCode) -> Result<(), NetError> {
        self.call(|done| Command::OpenTable(info, code, done)).await
    }

    /// Stops answering table queries and unregisters the code.
    pub async fn close_table(&self) -> Result<(), NetError> {
        self.call(Command::CloseTable).await
    }

    /// Finds the table with `code` on the LAN, at the relays' rendezvous
    /// points and on the DHT, all at once: the first that answers wins.
    /// Connects to it and returns its peer and info.
    pub async fn find_code(&self, code: RoomCode) -> Result<(PeerId, TableInfo), NetError> {
        let unaddressed = |peers: Vec<PeerId>| peers.into_iter().map(|p| (p, Vec::new()));
        // mDNS finds LAN peers a moment after the node starts, and a DHT
        // query may take many seconds to fail: the LAN's peers are read
        // again as they appear, each asked once, so a table on it answers
        // at once rather than after the slowest way.
        let lan_peers = stream::unfold(
            (std::collections::HashSet::new(), tokio::time::Instant::now() + LAN_LOOK, true),
            move |(mut asked, until, first)| async move {
                if !first {
                    if tokio::time::Instant::now() >= until {
                        return None;
                    }
                    tokio::time::sleep(LAN_AGAIN).await;
                }
                let mut peers = self.call(Command::LanPeers).await.ok()?;
                peers.retain(|p| asked.insert(*p));
                Some((stream::iter(unaddressed(peers)), (asked, until, false)))
            },
        )
        .flatten();
        let lan = self.table_among(code, lan_peers.boxed(), Searched::LAN);
        let relays = async {
            let sightings = self.call(|tx| Command::Lookup(code, tx)).await??;
            self.table_among(code, stream::iter(sightings).boxed(), Searched::RELAYS).await
        };
        let dht = async {
            let providers = self.call(|tx| Command::FindProviders(code, tx)).await??;
            self.table_among(code, stream::iter(unaddressed(providers)).boxed(), Searched::PUBLIC).await
        };
        let mut ways: FuturesUnordered<_> = [lan.boxed(), relays.boxed(), dht.boxed()].into_iter().collect();
        let (mut missed, mut searched) = (None, Searched::LAN);
        while let Some(found) = ways.next().await {
            match found {
                Ok(table) => return Ok(table),
                // The table is there, but speaks another version: say so.
                Err(e @ NetError::Wire(WireError::Incompatible { .. })) => return Err(e),
                Err(NetError::CodeNotFound { searched: there, .. }) => searched = searched.and(there),
                Err(e) => {
                    debug!(%code, "a way to the table failed: {e}");
                    missed.get_or_insert(e);
                }
            }
        }
        Err(missed.unwrap_or(NetError::CodeNotFound { code, searched }))
    }

    /// The first of these peers (with addresses, if known) that answers
    /// that it hosts the table with `code`; they were found where `searched`
    /// says. Each is asked as it comes, without waiting for the others: a peer that cannot be reached (a
    /// window's own lobby node, just closed, is still in its mDNS list) takes
    /// a connection timeout to fail, and asked one by one it held up the
    /// table behind it by 4 s.
    async fn table_among(
        &self,
        code: RoomCode,
        sightings: futures::stream::BoxStream<'_, Sighting>,
        searched: Searched,
    ) -> Result<(PeerId, TableInfo), NetError> {
        let mut sightings = sightings.fuse();
        let mut asks = FuturesUnordered::new();
        let mut last = NetError::CodeNotFound { code, searched };
        loop {
            tokio::select! {
                Some((peer, addrs)) = sightings.next() => asks.push(self.hosts_code(code, peer, addrs)),
                Some(answer) = asks.next() => match answer {
                    Ok(info) => return Ok(info),
                    Err(Some(e)) => last = e,
                    Err(None) => {}
                },
                else => return Err(last),
            }
        }
    }

    /// Whether `peer` hosts the table with `code`: its info, or why it could
    /// not say (`None`: it hosts no such table).
    async fn hosts_code(
        &self,
        code: RoomCode,
        peer: PeerId,
        addrs: Vec<Multiaddr>,
    ) -> Result<(PeerId, TableInfo), Option<NetError>> {
        self.connect(Ticket::new(peer, addrs)).await.map_err(Some)?;
        let mut last = None;
        // A relayed connection may be replaced by a hole-punched one while
        // the query is on it: ask again once.
        for _ in 0..2 {
            match self.table_info(peer, Some(code)).await {
                Ok(info) => return Ok((peer, info)),
                Err(e @ NetError::NoReply(_)) => last = Some(e),
                Err(NetError::Refused(Declined::NoTable)) => return Err(None),
                Err(e) => return Err(Some(e)),
            }
        }
        Err(last)
    }
}

/// How long a code is looked for among LAN peers as mDNS finds them
/// (within a second, on a LAN), and how often their list is read again.
const LAN_LOOK: Duration = Duration::from_secs(4);
const LAN_AGAIN: Duration = Duration::from_millis(250);

/// Turns a response of the wrong kind into the error it stands for.
fn unexpected(response: Response) -> NetError {
    match response {
        Response::Refused(why) => NetError::Refused(why),
        Response::Incompatible(theirs) => WireError::Incompatible { ours: PROTOCOL_VERSION, theirs }.into(),
        other => WireError::Malformed(format!("an unexpected answer: {other:?}")).into(),
    }
}
