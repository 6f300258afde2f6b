//! What the table, the profile and the network say, in the window's words:
//! their own `Display` texts are English for logs and the command line, so
//! the window says each case again in the player's language.

use crate::fair::{Invalid, Proof};
use crate::fl;
use crate::net::wire::{Declined, WireError};
use crate::net::{NetError, PlayError, Searched, Target};
use crate::profile::{Notice, Problem};
use crate::table::message::{MAX_REASON, clean_text};
use crate::table::{self, Denial, Record, Refusal, TableError};

/// Why the table refused this computer's act, as a sentence's end.
pub fn refusal(refusal: &Refusal) -> String {
    denial(&refusal.into())
}

/// Why a proof does not verify, and which colour each seat it names is.
pub fn invalid_proof(invalid: &Invalid<TableError>, proof: &Proof<Record>) -> String {
    match table::seat_colours(proof) {
        Some(colours) => format!("{invalid} ({colours})"),
        None => invalid.to_string(),
    }
}

/// A reason in the host's own words, shown cleaned as a name from a peer is.
fn reason(why: &str) -> String {
    clean_text(why, MAX_REASON)
}

/// Why a peer (or this computer's table) refused a message, as a
/// sentence's end.
pub fn denial(denial: &Denial) -> String {
    match denial {
        Denial::NotYourSeat(_) => fl!("refusal-not-your-seat").to_string(),
        Denial::NotHost => fl!("refusal-not-host").to_string(),
        Denial::NotYourTurn(_) => fl!("refusal-not-your-turn").to_string(),
        Denial::Closed => fl!("refusal-closed").to_string(),
        Denial::Paused => fl!("refusal-paused").to_string(),
        Denial::GameOver => fl!("refusal-game-over").to_string(),
        Denial::NotSealed => fl!("refusal-not-sealed").to_string(),
        Denial::ColourTaken(_) => fl!("refusal-colour-taken").to_string(),
        // The details of these come from the rules and the dice, in English,
        // as the host words them.
        Denial::BadReveal(why) => fl!("refusal-bad-reveal", why = reason(why)),
        Denial::Rules(why) => fl!("refusal-rules", why = reason(why)),
        Denial::Setup(why) => fl!("refusal-setup", why = reason(why)),
        Denial::TableFull => fl!("denial-table-full").to_string(),
        Denial::FullNow => fl!("denial-full-now").to_string(),
        Denial::Begun => fl!("denial-begun").to_string(),
        Denial::OfferLapsed => fl!("denial-offer-lapsed").to_string(),
        Denial::NotForGuest => fl!("denial-not-for-guest").to_string(),
        Denial::StartingAgain => fl!("denial-starting-again").to_string(),
        Denial::JoinFirst => fl!("denial-join-first").to_string(),
        Denial::WatchFirst => fl!("denial-watch-first").to_string(),
        Denial::Plays => fl!("denial-plays").to_string(),
        Denial::CaughtLying => fl!("denial-caught-lying").to_string(),
        // Peers out of step with each other: a person rarely meets these,
        // and their English says which step.
        Denial::NoSeat
        | Denial::NoGenesis
        | Denial::Hosts
        | Denial::OnlyWatches
        | Denial::NotHosting
        | Denial::FollowsAnother
        | Denial::NotOver
        | Denial::Unexpected(_) => fl!("denial-out-of-step", why = denial),
    }
}

/// A profile file that could not be read and was kept aside.
pub fn notice(notice: &Notice) -> String {
    let file = notice
        .path
        .file_name()
        .map_or_else(|| notice.path.display().to_string(), |n| n.to_string_lossy().into_owned());
    let kept = notice.kept.display().to_string();
    match &notice.problem {
        Problem::Damaged(why) => fl!("notice-damaged", file = file, why = why, kept = kept),
        Problem::Newer(version) => fl!("notice-newer", file = file, version = version, kept = kept),
    }
}

/// Why networked play stopped early (a join that failed, a game cut
/// off), as a sentence's end.
pub fn play_error(error: &PlayError) -> String {
    match error {
        PlayError::Net(e) => net_error(e),
        PlayError::NetworkStopped => fl!("play-network-stopped").to_string(),
        PlayError::NoAddress => fl!("play-no-address").to_string(),
        PlayError::Left => fl!("play-left").to_string(),
        PlayError::StoppedWatching => fl!("play-stopped-watching").to_string(),
        PlayError::NotReached { target, secs, missed } => match (&**target, missed) {
            // "Not there" adds only where it was looked for.
            (Target::Code(code), Some(NetError::CodeNotFound { searched, .. })) => {
                fl!("play-code-not-found", code = code, secs = secs, places = places(*searched))
            }
            (target, missed) => {
                let looked = match target {
                    Target::Code(code) => fl!("play-code-not-reached", code = code, secs = secs),
                    Target::Ticket(_) => fl!("play-invite-not-reached", secs = secs),
                    Target::Lan(_) => fl!("play-lan-not-reached", secs = secs),
                };
                match missed {
                    Some(why) => format!("{looked} ({})", net_error(why)),
                    None => looked,
                }
            }
        },
        PlayError::HostRefused(why) => fl!("play-host-refused", why = self::denial(why)),
        PlayError::TableFilled => fl!("play-table-filled").to_string(),
        PlayError::HostLeft => fl!("play-host-left").to_string(),
        // The details of these come from the protocol and the files, in English.
        PlayError::HostFault(what) => fl!("play-host-fault", what = what),
        PlayError::Saved(why) => fl!("play-saved", why = why),
        PlayError::Table(what) => fl!("play-table", what = what),
        PlayError::Expired { secs } => fl!("play-expired", secs = secs),
    }
}

/// A network failure, as a sentence's end.
pub fn net_error(error: &NetError) -> String {
    match error {
        NetError::Stopped => fl!("net-stopped").to_string(),
        NetError::Wire(WireError::Oversized { len, max }) => fl!("net-oversized", len = len, max = max),
        NetError::Wire(WireError::Malformed(why)) => fl!("net-malformed", why = why),
        NetError::Wire(WireError::Incompatible { ours, theirs }) if theirs > ours => {
            fl!("net-newer", ours = ours, theirs = theirs)
        }
        NetError::Wire(WireError::Incompatible { ours, theirs }) => {
            fl!("net-older", ours = ours, theirs = theirs)
        }
        NetError::Refused(Declined::RateLimited) => fl!("net-rate-limited").to_string(),
        NetError::Refused(Declined::NoTable) => fl!("net-no-table").to_string(),
        NetError::Refused(Declined::Unanswered) => fl!("net-unanswered").to_string(),
        // libp2p's reasons, in English.
        NetError::Unreachable(why) | NetError::NotListening(why) => fl!("net-unreachable", why = why),
        NetError::NoReply(why) => fl!("net-no-reply", why = why),
        NetError::Setup(why) => fl!("net-setup", why = why),
        NetError::PublicSilent => fl!("net-public-silent").to_string(),
        NetError::CodeNotFound { code, searched } => {
            fl!("net-code-not-found", code = code, places = places(*searched))
        }
    }
}

/// Where a room code was (or is) looked up, as a sentence's end.
pub fn places(searched: Searched) -> String {
    match (searched.relays, searched.public) {
        (false, false) => fl!("searched-lan").to_string(),
        (true, false) => fl!("searched-lan-relays").to_string(),
        (false, true) => fl!("searched-lan-public").to_string(),
        (true, true) => fl!("searched-everywhere").to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::RoomCode;
    use crate::ui::i18n::{Lang, speaking, translate};

    #[test]
    fn refusals_and_notices_have_words_in_every_language() {
        assert_eq!(refusal(&Refusal::Paused), "the table is paused");
        assert_eq!(translate(Lang::Pt, "refusal-paused"), "a mesa está pausada");
        assert_eq!(translate(Lang::Vi, "refusal-paused"), "bàn đang tạm dừng");
        let notice = Notice {
            path: "/home/ana/.config/ludopia/settings.json".into(),
            kept: "/home/ana/.config/ludopia/settings.json.damaged".into(),
            problem: Problem::Newer(9),
        };
        assert_eq!(
            super::notice(&notice),
            "settings.json is from a newer Ludopia (format 9); it was kept as /home/ana/.config/ludopia/settings.json.damaged"
        );
    }

    #[test]
    fn network_reasons_have_words_in_every_language() {
        let stopped = PlayError::NetworkStopped;
        // In English the window says what the log says.
        assert_eq!(speaking(Lang::En, || play_error(&stopped)), stopped.to_string());
        assert_eq!(speaking(Lang::Pt, || play_error(&stopped)), "a rede parou");
        assert_eq!(speaking(Lang::Vi, || play_error(&stopped)), "mạng đã dừng");
        let code = RoomCode::from_seed(7);
        let missed =
            |why| PlayError::NotReached { target: Box::new(Target::Code(code)), secs: 20, missed: Some(why) };
        let unreachable = missed(NetError::Unreachable("dial refused".into()));
        assert_eq!(
            speaking(Lang::Pt, || play_error(&unreachable)),
            format!(
                "nenhuma mesa com o código {code} respondeu em 20 s (não foi possível alcançar a mesa (dial \
                 refused))"
            )
        );
        // "Not there" adds where it was looked for, and only there.
        for (relays, public) in [(false, false), (true, false), (false, true), (true, true)] {
            let not_found = missed(NetError::CodeNotFound { code, searched: Searched { relays, public } });
            let english = speaking(Lang::En, || play_error(&not_found));
            assert_eq!(english, not_found.to_string());
            assert_eq!(english.contains("relays"), relays, "{english}");
            assert_eq!(english.contains("public"), public, "{english}");
            let found = NetError::CodeNotFound { code, searched: Searched { relays, public } };
            assert_eq!(speaking(Lang::En, || net_error(&found)), found.to_string());
        }
        let lan_only = missed(NetError::CodeNotFound { code, searched: Searched::default() });
        assert_eq!(
            speaking(Lang::Vi, || play_error(&lan_only)),
            format!("không có bàn nào mã {code} trả lời trong 20 giây, trong mạng nội bộ")
        );
        let newer = PlayError::Net(NetError::Wire(WireError::Incompatible { ours: 5, theirs: 6 }));
        assert_eq!(speaking(Lang::En, || play_error(&newer)), newer.to_string());
        assert_eq!(
            speaking(Lang::Vi, || play_error(&newer)),
            "phiên bản của bàn mới hơn (giao thức 6, ứng dụng này dùng 5): hãy cập nhật Ludopia để vào bàn"
        );
        let refused = PlayError::HostRefused(Denial::TableFull);
        assert_eq!(speaking(Lang::En, || play_error(&refused)), refused.to_string());
        assert_eq!(speaking(Lang::Pt, || play_error(&refused)), "o anfitrião recusou: a mesa está cheia");
        assert_eq!(speaking(Lang::Vi, || denial(&Denial::Paused)), "bàn đang tạm dừng");
        // A host's own words are shown without control characters, and cut.
        let long = Denial::Rules(format!("no\u{1b}[2J move{}", "!".repeat(10_000)));
        let shown = speaking(Lang::En, || denial(&long));
        assert!(shown.contains("no[2J move!") && !shown.contains('\u{1b}'), "{shown}");
        assert!(shown.len() < 400, "{} bytes", shown.len());
        assert_eq!(
            speaking(Lang::Vi, || net_error(&NetError::Refused(Declined::NoTable))),
            "ở đó không có bàn nào mở với mã đó"
        );
    }
}
