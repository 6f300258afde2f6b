//! The application's handle on the swarm task: every call is a command
//! to the task and an answer back.

use super::*;

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
        let unaddressed = |peers: Vec<PeerId>| peers.into_iter().map(|p| (p, Vec::new())).collect();
        // mDNS finds LAN peers a moment after the node starts, and a DHT
        // query may take many seconds to fail: the LAN is asked again as
        // its peers appear, so a table on it answers at once rather than
        // after the slowest way.
        let lan = async {
            let mut asked = std::collections::HashSet::new();
            let mut last;
            let until = tokio::time::Instant::now() + LAN_LOOK;
            loop {
                let mut peers = self.call(Command::LanPeers).await?;
                peers.retain(|p| asked.insert(*p));
                match self.table_among(code, unaddressed(peers), Searched::LAN).await {
                    Ok(table) => return Ok(table),
                    Err(e @ NetError::Wire(WireError::Incompatible { .. })) => return Err(e),
                    Err(e) => last = e,
                }
                if tokio::time::Instant::now() >= until {
                    return Err(last);
                }
                tokio::time::sleep(LAN_AGAIN).await;
            }
        };
        let relays = async {
            let sightings = self.call(|tx| Command::Lookup(code, tx)).await??;
            self.table_among(code, sightings, Searched::RELAYS).await
        };
        let dht = async {
            let providers = self.call(|tx| Command::FindProviders(code, tx)).await??;
            self.table_among(code, unaddressed(providers), Searched::PUBLIC).await
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

    /// The first of these peers (with addresses, if known) that hosts the
    /// table with `code`; they were found where `searched` says.
    async fn table_among(
        &self,
        code: RoomCode,
        sightings: Vec<Sighting>,
        searched: Searched,
    ) -> Result<(PeerId, TableInfo), NetError> {
        let mut last = NetError::CodeNotFound { code, searched };
        for (peer, addrs) in sightings {
            if let Err(e) = self.connect(Ticket::new(peer, addrs)).await {
                last = e;
                continue;
            }
            // A relayed connection may be replaced by a hole-punched one
            // while the query is on it: ask again once.
            for _ in 0..2 {
                match self.table_info(peer, Some(code)).await {
                    Ok(info) => return Ok((peer, info)),
                    Err(e @ NetError::NoReply(_)) => last = e,
                    Err(NetError::Refused(Declined::NoTable)) => break,
                    Err(e) => {
                        last = e;
                        break;
                    }
                }
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
