//! What the table and the profile say, in the window's words: their own
//! `Display` texts are English for logs and the command line, so the window
//! says each case again in the player's language.

use crate::fl;
use crate::profile::{Notice, Problem};
use crate::table::Refusal;

/// Why the table refused this computer's act, as a sentence's end.
pub fn refusal(refusal: &Refusal) -> String {
    match refusal {
        Refusal::NotYourSeat(_) => fl!("refusal-not-your-seat").to_string(),
        Refusal::NotHost => fl!("refusal-not-host").to_string(),
        Refusal::NotYourTurn(_) => fl!("refusal-not-your-turn").to_string(),
        Refusal::Closed => fl!("refusal-closed").to_string(),
        Refusal::Paused => fl!("refusal-paused").to_string(),
        Refusal::GameOver => fl!("refusal-game-over").to_string(),
        Refusal::NotSealed => fl!("refusal-not-sealed").to_string(),
        Refusal::ColourTaken(_) => fl!("refusal-colour-taken").to_string(),
        // The details of these come from the rules and the dice, in English.
        Refusal::BadReveal(why) => fl!("refusal-bad-reveal", why = why),
        Refusal::Rules(why) => fl!("refusal-rules", why = why),
        Refusal::Setup(why) => fl!("refusal-setup", why = why),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::i18n::{Lang, translate};

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
}
