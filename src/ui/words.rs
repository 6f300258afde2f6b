//! What the table and the profile say, in the window's words: their own
//! `Display` texts are English for logs and the command line, so the window
//! says each case again in the player's language.

use crate::profile::{Notice, Problem};
use crate::table::Refusal;
use crate::ui::i18n::t;

/// Why the table refused this computer's act, as a sentence's end.
pub fn refusal(refusal: &Refusal) -> String {
    match refusal {
        Refusal::NotYourSeat(_) => t("that seat is not yours to play").to_string(),
        Refusal::NotHost => t("only the host can do that").to_string(),
        Refusal::NotYourTurn(_) => t("it is not that seat's turn").to_string(),
        Refusal::Closed => t("the table is closed").to_string(),
        Refusal::Paused => t("the table is paused").to_string(),
        Refusal::GameOver => t("the game is over").to_string(),
        Refusal::NotSealed => t("the game has not begun").to_string(),
        Refusal::ColourTaken(_) => t("that colour is taken").to_string(),
        // The details of these come from the rules and the dice, in English.
        Refusal::BadReveal(why) => crate::t!("a dice link was refused ({why})", why = why),
        Refusal::Rules(why) => crate::t!("the rules do not allow it ({why})", why = why),
        Refusal::Setup(why) => crate::t!("the game cannot start ({why})", why = why),
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
        Problem::Damaged(why) => crate::t!(
            "{file} could not be read ({why}); it was kept as {kept}",
            file = file,
            why = why,
            kept = kept
        ),
        Problem::Newer(version) => crate::t!(
            "{file} is from a newer Ludopia (format {version}); it was kept as {kept}",
            file = file,
            version = version,
            kept = kept
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::i18n::{Lang, translate};

    #[test]
    fn refusals_and_notices_have_words_in_every_language() {
        assert_eq!(refusal(&Refusal::Paused), "the table is paused");
        assert_eq!(translate(Lang::Pt, "the table is paused"), "a mesa está pausada");
        assert_eq!(translate(Lang::Vi, "the table is paused"), "bàn đang tạm dừng");
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
