//! Taking a seat before the game: the joiner's requests to the host, asked
//! again on a slow or lossy link.

use libp2p::PeerId;
use tracing::debug;

use crate::bots::Strategy;
use crate::net::report::{Line, PlayError};
use crate::net::session::Session;
use crate::net::wire::Request;
use crate::net::{Client, NetError};
use crate::rules::Rules;
use crate::table::{Answer, Denial, Guest, Reach, ToHost};

/// Takes the seat a host offers: commits a dice chain made from `secret`
/// for it. A seat taken meanwhile by a quicker joiner brings another offer;
/// an offer that lapsed on a slow link is asked for again.
/// Returns the commitment too: it is sent again if the connection drops
/// before the game.
pub(in crate::net) async fn take_seat<O: FnMut(Line)>(
    session: &mut Session<O>,
    host: PeerId,
    mut welcome: Answer,
    secret: &[u8; 32],
    bot: Option<Strategy>,
    reach: &Reach,
) -> Result<(Guest, Rules, ToHost), PlayError> {
    let mut lapsed = false;
    for _ in 0..4 {
        let Answer::Welcome { seat, rules, nonce, chain_len } = welcome else {
            return Err(match welcome {
                Answer::Refused(why) => PlayError::HostRefused(why),
                other => PlayError::HostFault(format!("the host answered {other:?} to a join")),
            });
        };
        let guest = Guest::new(seat, nonce, chain_len, session.identity(), secret, bot);
        let commit = ToHost::Commit { seat, commitment: guest.commitment(), reach: reach.clone() };
        match ask(&session.client, host, commit.clone()).await? {
            Answer::Done => return Ok((guest, rules, commit)),
            next @ Answer::Welcome { .. } => {
                lapsed = false;
                welcome = next;
            }
            // A slow link: the offer lapsed before the commitment came (a
            // host holds no seat for a joiner that has not committed). The
            // same seat is asked for again.
            Answer::Refused(Denial::OfferLapsed) => {
                lapsed = true;
                let join = ToHost::Join { name: session.name.clone(), colour: Some(seat) };
                welcome = ask(&session.client, host, join).await?;
            }
            other => {
                return Err(PlayError::HostFault(format!("the host refused the dice commitment: {other:?}")));
            }
        }
    }
    Err(if lapsed { PlayError::HostRefused(Denial::OfferLapsed) } else { PlayError::TableFilled })
}

/// Asks the host something before the game, again when the message or
/// its answer was lost (a lossy link): joining and committing may be asked
/// twice. Not again when nothing listens at the host's address.
pub(in crate::net) async fn ask(client: &Client, host: PeerId, message: ToHost) -> Result<Answer, NetError> {
    let mut tries = 1;
    loop {
        match client.send(host, Request::Host(message.clone())).await {
            Err(NetError::NoReply(why)) if tries < ASK_TRIES => {
                debug!(%host, "asking the host again: {why}");
                tries += 1;
            }
            answer => return answer,
        }
    }
}

/// How many times `ask` sends one message.
const ASK_TRIES: u32 = 3;
