//! The files the game screen asks for, written one at a time in the order
//! asked, off the window's thread (a slow disk never stalls the board). A
//! log save waiting behind a newer one is dropped: only the newest log of a
//! game matters.

use super::Screen;
use super::{App, Message};
use crate::ui::screen::game::Save;
use iced::Task;
use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::Arc;

/// The saves asked for; the first is being written.
#[derive(Debug, Default)]
pub struct Keeper {
    queue: VecDeque<Arc<Save>>,
}

/// How a save went.
#[derive(Debug, Clone)]
pub enum Written {
    /// The game's own files (its save, its history entry).
    Game(Result<(), String>),
    /// The proof, exported to this path.
    Proof(Result<PathBuf, String>),
}

impl Keeper {
    /// The saves not written yet, the one being written first.
    pub fn pending(&self) -> impl Iterator<Item = &Save> {
        self.queue.iter().map(|s| &**s)
    }
}

impl App {
    /// Queues a save; starts writing it when nothing else is.
    pub(super) fn save(&mut self, save: Save) -> Task<Message> {
        let queue = &mut self.keeper.queue;
        // The first is being written; only those behind it may go.
        if queue.len() > 1 && queue.back().is_some_and(|last| last.superseded_by(&save)) {
            queue.pop_back();
        }
        queue.push_back(Arc::new(save));
        if queue.len() == 1 { self.write_first() } else { Task::none() }
    }

    /// Writes the first save of the queue, on a thread of its own.
    fn write_first(&self) -> Task<Message> {
        let Some(save) = self.keeper.queue.front().cloned() else { return Task::none() };
        let home = self.home.clone();
        Task::perform(
            async move {
                let written = tokio::task::spawn_blocking(move || {
                    let result = save.write(home.as_ref());
                    match &*save {
                        Save::Proof(_, path) => Written::Proof(result.map(|()| path.clone())),
                        _ => Written::Game(result),
                    }
                })
                .await;
                written.unwrap_or_else(|e| Written::Game(Err(e.to_string())))
            },
            Message::Written,
        )
    }

    /// A save finished: the game screen hears how, and the next one starts.
    pub(super) fn written(&mut self, written: Written) -> Task<Message> {
        self.keeper.queue.pop_front();
        if let Screen::Game(game) = &mut self.screen {
            match written {
                Written::Game(Err(e)) => game.not_kept(&e),
                Written::Proof(outcome) => game.exported(outcome),
                Written::Game(Ok(())) => {}
            }
        }
        self.write_first()
    }
}
