//! A guest that answers for another branch (it follows another host after
//! a split, or the host was started again) is weighed and beaten once a
//! second, never sent the log again as fast as it answers: such a loop once
//! ran at thousands of messages a second until the peer's rate limit
//! refused them, and starved the table's own traffic.

use std::time::{Duration, Instant};

use libp2p::identity::Keypair;
use ludopia::fair::Identity;
use ludopia::net::wire::Request;
use ludopia::net::{NodeConfig, NodeEvent, Ticket, spawn as node};
use ludopia::table::succession::Branch;
use ludopia::table::{Answer, Guest, Reach, ToGuest, ToHost};

use super::{LOOPBACK, host};

/// How long the rival guest answers the host's entries for its own branch.
const ANSWERING: Duration = Duration::from_secs(6);

#[test]
fn a_guest_that_follows_another_branch_hears_a_beat_a_second_not_a_flood() {
    let hosting = host(&["--preset", "race", "--bots", "2"]);
    let ticket: Ticket = hosting.ticket.parse().expect("the host's ticket");
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let (began, heard) = runtime.block_on(async {
        let secret = [90; 32];
        let mut config = NodeConfig::new(Keypair::ed25519_from_bytes(secret).expect("key"));
        config.listen = vec![LOOPBACK.parse().expect("address")];
        config.mdns = false;
        let (client, mut events) = node(config).expect("the rival guest's node");
        client.connect(ticket.clone()).await.expect("it reaches the host");
        let join = Request::Host(ToHost::Join { name: "rival".into(), colour: None });
        let welcome = client.send(ticket.peer, join).await.expect("an answer to the join");
        let Answer::Welcome { seat, nonce, chain_len, .. } = welcome else {
            panic!("no seat offered: {welcome:?}")
        };
        let guest = Guest::new(seat, nonce, chain_len, Identity::from_secret(&secret), &[91; 32], None);
        let reach = Reach::from(&client.ticket().await.expect("its own ticket"));
        let commit = ToHost::Commit { seat, commitment: guest.commitment(), reach };
        let committed = client.send(ticket.peer, Request::Host(commit)).await.expect("an answer");
        assert!(matches!(committed, Answer::Done), "{committed:?}");
        // A branch that cannot be weighed against the host's yet (it counts
        // from an entry that is not where the newer one began): the host
        // neither follows it nor gives it up.
        let elsewhere = Branch { epoch: 0, host: seat, since: 1, members: 1, counted: 0 };
        let (mut count, mut first) = (0u32, None::<Instant>);
        let heard = loop {
            let wait = first.map_or(Duration::from_secs(60), |t| ANSWERING.saturating_sub(t.elapsed()));
            let Ok(Some(event)) = tokio::time::timeout(wait, events.recv()).await else { break count };
            let NodeEvent::Request { request: Request::Guest(message), reply, .. } = event else { continue };
            match message {
                ToGuest::Sign(genesis) => {
                    let signature = guest.sign(&genesis).expect("a genesis holding this seat");
                    reply.reply(Answer::Done);
                    let (client, host) = (client.clone(), ticket.peer);
                    tokio::spawn(
                        async move { client.send(host, Request::Host(ToHost::Signed(signature))).await },
                    );
                }
                ToGuest::Entries { .. } => {
                    first.get_or_insert_with(Instant::now);
                    count += 1;
                    reply.reply(Answer::Follows(elsewhere));
                }
                _ => reply.reply(Answer::Done),
            }
        };
        (first.is_some(), heard)
    });
    assert!(began, "the host never sent the rival guest an entry");
    // A beat a second over the 6 s, and a few answers' worth of slack.
    assert!(heard <= 12, "{heard} messages in {ANSWERING:?} to a guest of another branch");
    assert!(heard >= 3, "the host stopped beating the rival guest: {heard} messages");
    drop(runtime);
    drop(hosting);
}
