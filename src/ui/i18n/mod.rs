//! The window's languages: English, Vietnamese and Brazilian Portuguese.
//! Gettext-style: a string is looked up by its English text, so wrapping a
//! new string in [`t`] (or [`t!`](crate::t) with `{name}` arguments) is all
//! a screen needs; a string with no translation shows in English.
//!
//! The language is chosen in the settings or, by default, from the system
//! locale (`LC_ALL`, `LC_MESSAGES`, `LANG`).

mod pt;
mod vi;

use std::collections::HashMap;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU8, Ordering};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lang {
    En,
    Vi,
    Pt,
}

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Vi, Lang::Pt];

    /// The code kept in the settings.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Vi => "vi",
            Lang::Pt => "pt",
        }
    }

    /// The language's own name, as its speakers look for it.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Vi => "Tiếng Việt",
            Lang::Pt => "Português",
        }
    }

    /// `vi`, `vi_VN.UTF-8`, `pt-BR`…; anything else is not ours.
    pub fn from_code(code: &str) -> Option<Lang> {
        let head = code.split(['_', '-', '.', '@']).next().unwrap_or_default();
        Lang::ALL.into_iter().find(|l| l.code().eq_ignore_ascii_case(head))
    }

    /// The system's language, English when it is none of ours.
    pub fn from_environment() -> Lang {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .into_iter()
            .filter_map(|k| std::env::var(k).ok().filter(|v| !v.is_empty()))
            .next()
            .and_then(|v| Lang::from_code(&v))
            .unwrap_or(Lang::En)
    }

    /// The setting's language, else the system's.
    pub fn chosen(setting: Option<&str>) -> Lang {
        setting.and_then(Lang::from_code).unwrap_or_else(Lang::from_environment)
    }

    fn table(self) -> Option<&'static HashMap<&'static str, &'static str>> {
        static VI: OnceLock<HashMap<&str, &str>> = OnceLock::new();
        static PT: OnceLock<HashMap<&str, &str>> = OnceLock::new();
        match self {
            Lang::En => None,
            Lang::Vi => Some(VI.get_or_init(|| vi::STRINGS.iter().copied().collect())),
            Lang::Pt => Some(PT.get_or_init(|| pt::STRINGS.iter().copied().collect())),
        }
    }
}

/// The language the window speaks now (one per process, like the window).
static CURRENT: AtomicU8 = AtomicU8::new(0);

pub fn set(lang: Lang) {
    CURRENT.store(lang as u8, Ordering::Relaxed);
}

pub fn current() -> Lang {
    match CURRENT.load(Ordering::Relaxed) {
        1 => Lang::Vi,
        2 => Lang::Pt,
        _ => Lang::En,
    }
}

/// `english` in `lang`, or `english` itself when it has no translation.
pub fn translate(lang: Lang, english: &'static str) -> &'static str {
    lang.table().and_then(|t| t.get(english).copied()).unwrap_or(english)
}

/// `english` in the current language.
pub fn t(english: &'static str) -> &'static str {
    translate(current(), english)
}

/// Fills `{name}` placeholders of a translated text.
pub fn fill(text: &str, args: &[(&str, String)]) -> String {
    let mut out = text.to_string();
    for (name, value) in args {
        out = out.replace(&format!("{{{name}}}"), value);
    }
    out
}

/// `t!("{name} rolled a {face}", name = who, face = face)`: the English
/// text looked up, then its `{name}` placeholders filled with the values'
/// `Display`.
#[macro_export]
macro_rules! t {
    ($english:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::ui::i18n::fill(
            $crate::ui::i18n::t($english),
            &[$((stringify!($name), ($value).to_string())),*],
        )
    };
}

/// Which of a text's two forms `n` takes in `lang`: English says "1
/// friend" and "2 friends"; Brazilian Portuguese uses the singular for 0 as
/// well; Vietnamese does not inflect, so its two forms read alike.
pub fn choose(lang: Lang, n: u64, one: &'static str, other: &'static str) -> &'static str {
    let singular = match lang {
        Lang::En => n == 1,
        Lang::Pt => n <= 1,
        Lang::Vi => false,
    };
    if singular { one } else { other }
}

/// `tn!(n, "{n} friend", "{n} friends", …)`: the form `n` takes in the
/// current language, translated, with `{n}` and the other placeholders
/// filled as by [`t!`](crate::t).
#[macro_export]
macro_rules! tn {
    ($n:expr, $one:literal, $other:literal $(, $name:ident = $value:expr)* $(,)?) => {{
        let n = $n;
        let lang = $crate::ui::i18n::current();
        $crate::ui::i18n::fill(
            $crate::ui::i18n::translate(lang, $crate::ui::i18n::choose(lang, n as u64, $one, $other)),
            &[("n", n.to_string()) $(, (stringify!($name), ($value).to_string()))*],
        )
    }};
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// Every `t("…")` and `t!("…"` key in the window's source.
    fn keys_in_ui() -> BTreeSet<String> {
        let mut keys = BTreeSet::new();
        let mut dirs = vec![std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/src/ui"))];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).unwrap().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    if !path.ends_with("i18n") {
                        dirs.push(path);
                    }
                    continue;
                }
                let source = std::fs::read_to_string(&path).unwrap();
                for opener in ["t(", "t!(", "tn!("] {
                    for (at, _) in source.match_indices(opener) {
                        // Only the function itself, not e.g. `text(`.
                        let before = source[..at].chars().next_back();
                        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                            continue;
                        }
                        // A literal key, perhaps on the next line; a plural's
                        // two keys come after its count.
                        let mut rest = source[at + opener.len()..].trim_start();
                        let forms = if opener == "tn!(" { 2 } else { 1 };
                        if forms == 2 {
                            rest = rest.split_once(',').map_or("", |(_, r)| r.trim_start());
                        }
                        for _ in 0..forms {
                            let Some(after) = rest.strip_prefix('"') else { break };
                            let (key, tail) = literal(after);
                            keys.insert(key);
                            rest = tail.trim_start().trim_start_matches(',').trim_start();
                        }
                    }
                }
            }
        }
        keys
    }

    /// A string literal's text (after its opening quote), and what follows it.
    fn literal(source: &str) -> (String, &str) {
        let mut key = String::new();
        let mut chars = source.char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                '"' => return (key, &source[i + 1..]),
                '\\' => match chars.next() {
                    Some((_, 'n')) => key.push('\n'),
                    Some((_, other)) => key.push(other),
                    None => {}
                },
                c => key.push(c),
            }
        }
        (key, "")
    }

    #[test]
    fn counts_take_each_languages_form() {
        let (one, other) = ("{n} pawn", "{n} pawns");
        assert_eq!(choose(Lang::En, 1, one, other), one);
        assert_eq!(choose(Lang::En, 0, one, other), other);
        assert_eq!(choose(Lang::En, 2, one, other), other);
        assert_eq!(choose(Lang::Pt, 0, one, other), one);
        assert_eq!(choose(Lang::Pt, 2, one, other), other);
        assert_eq!(
            fill(translate(Lang::Pt, choose(Lang::Pt, 1, one, other)), &[("n", "1".into())]),
            "1 peão"
        );
        assert_eq!(
            fill(translate(Lang::Pt, choose(Lang::Pt, 3, one, other)), &[("n", "3".into())]),
            "3 peões"
        );
        assert_eq!(
            fill(translate(Lang::Vi, choose(Lang::Vi, 1, one, other)), &[("n", "1".into())]),
            "1 quân"
        );
    }

    #[test]
    fn every_key_in_the_ui_is_in_every_language() {
        let keys = keys_in_ui();
        assert!(keys.len() > 100, "the scan finds the window's strings ({} found)", keys.len());
        for lang in [Lang::Vi, Lang::Pt] {
            let table = lang.table().unwrap();
            let missing: Vec<&String> = keys.iter().filter(|k| !table.contains_key(k.as_str())).collect();
            assert!(missing.is_empty(), "{} lacks {} strings: {missing:#?}", lang.code(), missing.len());
        }
    }

    #[test]
    fn translations_keep_their_placeholders() {
        for lang in [Lang::Vi, Lang::Pt] {
            for (english, translated) in lang.table().unwrap() {
                let holes = |s: &str| {
                    let mut v: Vec<String> = s
                        .split('{')
                        .skip(1)
                        .filter_map(|p| p.split_once('}').map(|(n, _)| n.to_string()))
                        .collect();
                    v.sort();
                    v
                };
                assert_eq!(holes(english), holes(translated), "{}: {english:?}", lang.code());
            }
        }
    }

    #[test]
    fn a_missing_key_falls_back_to_english_and_locales_are_read() {
        assert_eq!(translate(Lang::Vi, "No such string anywhere"), "No such string anywhere");
        assert_eq!(translate(Lang::Vi, "Settings"), "Cài đặt");
        assert_eq!(translate(Lang::Pt, "Settings"), "Configurações");
        assert_eq!(Lang::from_code("vi_VN.UTF-8"), Some(Lang::Vi));
        assert_eq!(Lang::from_code("pt_BR.UTF-8"), Some(Lang::Pt));
        assert_eq!(Lang::from_code("de_DE.UTF-8"), None);
        assert_eq!(Lang::chosen(Some("pt")), Lang::Pt);
        assert_eq!(
            fill("{who} rolled a {face}", &[("who", "Lan".into()), ("face", "6".into())]),
            "Lan rolled a 6"
        );
    }
}
