//! How long a board frame takes with the software renderer (tiny-skia): the
//! first (painting the static board into its image) and the following ones
//! (the painted board copied, pawns drawn), through iced's headless simulator.
//!
//!   ICED_TEST_BACKEND=tiny-skia cargo bench --bench board_frame
//!
//! The simulator renders at scale factor 2 (the board is painted for it) and
//! copies every pixel out: each frame is a full redraw, an upper bound for a
//! window of the same logical size, where only what moves is redrawn.

use iced::Size;
use iced_test::Simulator;
use ludopia::bots::Strategy;
use ludopia::ui::screen::game::GameScreen;
use ludopia::ui::screen::setup::{Sitter, TablePlan};
use ludopia::ui::{board, theme};
use std::time::{Duration, Instant};

fn main() {
    // `cargo test --all-targets` runs bench binaries too: measure only under `cargo bench`.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    ludopia::ui::raster::set_scale(2.0);
    let t = Instant::now();
    let table =
        TablePlan { sitters: [Sitter::Bot(Strategy::Normal); 4], ..TablePlan::against_bots("You".into()) };
    let mut game = GameScreen::new(table, [1; 32], t).expect("a valid table");
    // Some pawns out on the board.
    let mut now = t;
    for _ in 0..120 {
        now += Duration::from_secs(3);
        game.tick(now);
        let _ = game.update(ludopia::ui::screen::game::Message::Tick, now);
    }
    for side in [500.0_f32, 800.0] {
        let mut ui = Simulator::with_size(
            iced::Settings::default(),
            Size::new(side, side),
            board::view(game.board_only()),
        );
        let start = Instant::now();
        let _ = ui.snapshot(&theme::theme());
        let first = start.elapsed();
        const N: u32 = 20;
        let start = Instant::now();
        for _ in 0..N {
            let _ = ui.snapshot(&theme::theme());
        }
        let each = start.elapsed() / N;
        println!(
            "board {side}x{side} (rendered at 2x): first frame {:.1} ms, painted board + pawns {:.1} ms a frame",
            first.as_secs_f64() * 1e3,
            each.as_secs_f64() * 1e3
        );
    }
}
