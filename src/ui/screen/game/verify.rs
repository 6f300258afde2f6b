//! Verify dice: every roll of the game with the links it was made from, its
//! seed and face, who decided it (a person, a bot, a timeout) and whether
//! the offline verifier accepts it; the seats' commitments; entries this
//! screen refused and host equivocation, plainly; and where to export the
//! proof file (the app writes it).
//!
//! The marks come from `table::verify_proof` over the very proof the player
//! exports, so the screen says what `ludopia verify FILE` will say.

use super::{GameScreen, Message};
use crate::fair::{At, Digest, Proof};
use crate::fl;
use crate::rules::{Face, Seat};
use crate::table::{self, By, DRAW_ROLLER, Link, Record, RollProof, verify_proof};
use crate::ui::theme::{self, BLACK, BOLD};
use iced::widget::{button, column, container, row, scrollable, text, text_input};
use iced::{Alignment, Color, Element, Length};
use std::path::PathBuf;

/// One roll as the proof shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RollLine {
    /// The log entry's number.
    pub seq: u64,
    /// `None` for the first-player draw.
    pub seat: Option<Seat>,
    /// The die face, or for the draw the seat drawn to start.
    pub outcome: Outcome,
    pub k: u32,
    /// The revealed link of each contributing seat.
    pub links: Vec<(Seat, Link)>,
    /// The seed the links give (None: they do not match the mask).
    pub seed: Option<Link>,
    pub by: Option<By>,
    pub verified: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Face(Face),
    First(Seat),
}

/// The game's dice as checked from its proof.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dice {
    pub game_id: Digest,
    /// Each seat's commitment: the head of its dice chain.
    pub anchors: Vec<(Seat, Digest)>,
    pub rolls: Vec<RollLine>,
    /// The verifier's verdict in its own words.
    pub verdict: String,
    pub valid: bool,
    /// Entry numbers where the host signed two different entries.
    pub equivocations: Vec<u64>,
}

impl Dice {
    /// Checks `proof` and lists its rolls.
    pub fn check(proof: &Proof<Record>) -> Dice {
        let (verdict, valid, through, equivocations) = match verify_proof(proof) {
            Ok((v, _)) => (v.to_string(), true, v.through, v.equivocations.clone()),
            Err(invalid) => {
                let through = match invalid.at {
                    At::Entry(n) => n.saturating_sub(1),
                    At::Genesis => 0,
                    // The log itself verified; the flaw is in what follows it.
                    At::Reveal(_) | At::Evidence(_) => proof.entries.len() as u64,
                };
                (crate::ui::words::invalid_proof(&invalid, proof), false, through, Vec::new())
            }
        };
        let genesis = proof.genesis.genesis.decode().ok();
        let game_id = proof.genesis.game_id();
        let anchors = genesis
            .as_ref()
            .map(|g| Seat::ALL.iter().filter_map(|&s| g.seat(s).map(|c| (s, c.anchor))).collect())
            .unwrap_or_default();
        let rolls = proof
            .entries
            .iter()
            .filter_map(|entry| entry.body.decode().ok())
            .filter_map(|body| {
                let (seat, outcome, roll, by) = match body.content {
                    Record::Roll { seat, face, proof, by } => {
                        (Some(seat), Outcome::Face(face), proof, Some(by))
                    }
                    Record::Start { first, draw: Some(proof), .. } => {
                        (None, Outcome::First(first), proof, None)
                    }
                    _ => return None,
                };
                let roller = seat.map_or(DRAW_ROLLER, |s| s.index() as u8);
                let verified = body.seq <= through && !equivocations.contains(&body.seq);
                Some(RollLine {
                    seq: body.seq,
                    seat,
                    outcome,
                    k: roll.k,
                    links: links(&roll),
                    seed: table::rolls::seed(&game_id, roll.k, roller, roll.mask, &roll.links),
                    by,
                    verified,
                })
            })
            .collect();
        Dice { game_id, anchors, rolls, verdict, valid, equivocations }
    }
}

fn links(roll: &RollProof) -> Vec<(Seat, Link)> {
    Seat::ALL
        .iter()
        .filter(|s| roll.mask.contains(**s))
        .filter_map(|&s| roll.links.get(s.index()).copied().flatten().map(|l| (s, l)))
        .collect()
}

/// The first hex digits of a hash: enough to compare by eye.
fn short(d: &Digest) -> String {
    d.to_hex().chars().take(16).collect()
}

/// Where the proof goes unless the player picks another path: the proofs
/// folder beside the settings, named after the game.
pub fn default_path(game_id: &Digest) -> PathBuf {
    let file = format!("{}.ludoproof", &short(game_id));
    crate::profile::data_dir().map_or_else(|_| PathBuf::from(&file), |d| d.join("proofs").join(&file))
}

const GOOD: Color = theme::rgb(0x7d, 0xd8, 0x7d);
const BAD: Color = theme::rgb(0xff, 0x6b, 0x5b);

/// The field naming where the proof is saved.
pub(super) const PATH: &str = "proof-path";

pub fn view<'a>(screen: &'a GameScreen, dice: &'a Dice) -> Element<'a, Message> {
    let name = |seat: Seat| screen.name(seat).to_string();
    let mut col = column![
        text(fl!("verify-dice")).font(BLACK).size(28),
        text(fl!("game-id", id = dice.game_id.to_hex())).size(12),
        text(&dice.verdict).font(BOLD).size(16).color(if dice.valid { GOOD } else { BAD }),
    ]
    .spacing(8);
    for at in &dice.equivocations {
        col = col.push(text(fl!("the-host-signed-two-different", at = at)).font(BOLD).color(BAD));
    }
    for refused in &screen.refused {
        col = col.push(text(fl!("refused-refused", refused = refused)).font(BOLD).color(BAD));
    }
    col = col.push(text(fl!("commitments-each-seats-dice-chain")).font(BOLD).size(14));
    for (seat, anchor) in &dice.anchors {
        col = col.push(text(format!("{}: {}…", name(*seat), short(anchor))).size(12));
    }
    let rows = column(dice.rolls.iter().rev().map(|r| roll_row(r, &name))).spacing(6);
    col = col.push(text(fl!("n-rolls-newest-first", n = dice.rolls.len())).font(BOLD).size(14));
    col = col.push(scrollable(rows).height(Length::Fill).width(Length::Fill));
    col = col.push(
        row![
            screen.focus.field(
                text_input(fl!("where-to-save-the-proof"), &screen.proof_path)
                    .on_input(Message::ProofPath)
                    .on_submit(Message::SaveProof)
                    .padding(6)
                    .size(13),
                PATH
            ),
            screen.focus.button(
                button(text(fl!("save-the-proof")).font(BOLD).size(14)).style(theme::primary),
                Message::SaveProof
            ),
        ]
        .spacing(8)
        .align_y(Alignment::Center),
    );
    col = col.push(text(&screen.export_status).size(13));
    col = col.push(text(fl!("anyone-can-check-the-file")).size(12));
    col = col.push(screen.focus.button(
        button(text(fl!("back-to-the-board")).size(14)).style(theme::choice(false)),
        Message::CloseVerify,
    ));
    container(col).padding(20).width(Length::Fill).height(Length::Fill).style(theme::panel).into()
}

fn roll_row<'a>(r: &RollLine, name: &impl Fn(Seat) -> String) -> Element<'a, Message> {
    let what = match (r.seat, r.outcome) {
        (Some(seat), Outcome::Face(face)) => {
            fl!("seq-who-rolled-face", seq = r.seq, who = name(seat), face = face.get())
        }
        (_, Outcome::First(first)) => {
            fl!("seq-first-player-draw-who", seq = r.seq, who = name(first))
        }
        (None, Outcome::Face(face)) => fl!("seq-a-roll-of-face", seq = r.seq, face = face.get()),
    };
    let flag = match r.by {
        Some(By::Bot) => fl!("bot"),
        Some(By::Timeout) => fl!("timeout"),
        Some(By::Player) | None => "",
    };
    let mark =
        if r.verified { text(fl!("verified")).color(GOOD) } else { text(fl!("not-verified")).color(BAD) };
    let links: Vec<String> = r.links.iter().map(|(s, l)| format!("{} {}…", name(*s), short(l))).collect();
    let seed = r.seed.map_or_else(|| fl!("none-the-links-do-not").to_string(), |s| format!("{}…", short(&s)));
    column![
        row![text(format!("{what}{flag}")).font(BOLD).size(14), mark.font(BOLD).size(13)]
            .spacing(10)
            .align_y(Alignment::Center),
        text(fl!("roll-k-links-links-seed", k = r.k, links = links.join(", "), seed = seed)).size(11),
    ]
    .spacing(2)
    .into()
}
