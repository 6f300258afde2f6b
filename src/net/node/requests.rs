//! The table protocol on the wire: a peer's requests handed to the
//! application (or refused before it sees them), the answers sent back,
//! and our own requests' answers and failures.

use super::*;

impl EventLoop {
    /// Sends the application's answer (or a refusal if it dropped the
    /// responder) back to the peer.
    pub(super) fn answer(&mut self, peer: PeerId, answer: Option<Answer>, channel: ResponseChannel<Vec<u8>>) {
        let response = match answer {
            Some(answer) => Response::Answer(answer),
            None => Response::Refused(Declined::Unanswered),
        };
        self.respond(peer, channel, &response);
    }

    fn respond(&mut self, peer: PeerId, channel: ResponseChannel<Vec<u8>>, response: &Response) {
        let bytes = wire::encode(response);
        self.count(peer, bytes.len());
        if self.swarm.behaviour_mut().table.send_response(channel, bytes).is_err() {
            debug!(%peer, "reply not sent: the connection closed");
        }
    }

    async fn on_inbound(&mut self, peer: PeerId, bytes: Vec<u8>, channel: ResponseChannel<Vec<u8>>) {
        let request = match wire::decode_request(&bytes) {
            Ok(request) => request,
            Err(WireError::Incompatible { theirs, .. }) => {
                warn!(%peer, theirs, ours = PROTOCOL_VERSION, "peer speaks another protocol version");
                self.respond(peer, channel, &Response::Incompatible(PROTOCOL_VERSION));
                return;
            }
            Err(e) => {
                warn!(%peer, "dropped a message: {e}");
                return;
            }
        };
        let kind = request.kind();
        if !self.limiter.allow(&peer, kind, Instant::now()) {
            warn!(%peer, ?kind, "rate limit: request refused");
            self.respond(peer, channel, &Response::Refused(Declined::RateLimited));
            return;
        }
        self.swarm.behaviour_mut().guard.touch(peer);
        if let Request::TableQuery { code } = request {
            // A query with a code is a joiner looking for that table: only
            // the table with that code answers it, listed or not. Without
            // one (a lobby browsing), listed tables answer.
            let answers = |table: &OpenTable| match code {
                Some(code) => code == table.code,
                None => table.info.listed,
            };
            let response = match &self.table {
                Some(table) if answers(table) => Response::TableInfo(table.info.clone()),
                _ => Response::Refused(Declined::NoTable),
            };
            self.respond(peer, channel, &response);
            return;
        }
        let (tx, rx) = oneshot::channel();
        self.replies.push(rx.map(move |answer| (peer, answer.ok(), channel)).boxed());
        self.emit(NodeEvent::Request { peer, request, reply: Responder(tx) }).await;
    }

    async fn on_response(&mut self, peer: PeerId, id: OutboundRequestId, bytes: Vec<u8>) {
        let response = wire::decode_response(&bytes);
        if let Some(asked) = self.lobby_queries.remove(&id) {
            match response {
                Ok(Response::TableInfo(info)) if info.listed => {
                    // A table on the LAN is joined there; a public one by the
                    // addresses its relay lists.
                    let ticket =
                        (!self.lan.contains_key(&asked)).then(|| self.public_ticket(&asked)).flatten();
                    self.emit(NodeEvent::TableFound { peer: asked, info, ticket }).await
                }
                Ok(_) => {}
                Err(e) => debug!(%peer, "lobby query failed: {e}"),
            }
            return;
        }
        if let Some(reply) = self.pending_requests.remove(&id) {
            if let Err(e) = &response {
                warn!(%peer, "dropped a reply: {e}");
            }
            let _ = reply.send(response.map_err(NetError::from));
        }
    }

    pub(super) async fn on_table(&mut self, event: request_response::Event<Vec<u8>, Vec<u8>>) {
        match event {
            request_response::Event::Message { peer, message, .. } => match message {
                request_response::Message::Request { request, channel, .. } => {
                    self.count(peer, request.len());
                    self.on_inbound(peer, request, channel).await;
                }
                request_response::Message::Response { request_id, response } => {
                    self.count(peer, response.len());
                    self.on_response(peer, request_id, response).await;
                }
            },
            request_response::Event::OutboundFailure { peer, connection_id, request_id, error } => {
                // Peers answer at once: a request that timed out went down a
                // connection that is dead without knowing it (a link cut, a
                // reset the other end never saw). Requests are spread over
                // a peer's connections, so a dead one must go, or it eats
                // every other request.
                if matches!(error, request_response::OutboundFailure::Timeout) {
                    debug!(%peer, "closing a connection that stopped answering");
                    self.swarm.close_connection(connection_id);
                }
                self.lobby_queries.remove(&request_id);
                if let Some(reply) = self.pending_requests.remove(&request_id) {
                    let _ = reply.send(Err(NetError::NoReply(error.to_string())));
                } else {
                    debug!(%peer, "lobby query failed: {error}");
                }
            }
            request_response::Event::InboundFailure { peer, error, .. } => {
                // Oversized frames and broken streams end here.
                warn!(%peer, "dropped an incoming message: {error}");
            }
            request_response::Event::ResponseSent { .. } => {}
        }
    }
}
