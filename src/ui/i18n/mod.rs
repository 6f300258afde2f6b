//! The window's languages: English, Vietnamese and Brazilian Portuguese, in
//! Project Fluent (`fluent-bundle`). Each language is one `.ftl` file beside
//! this module, embedded in the program; a text is a message named by an ID.
//!
//! A screen says `fl!("resume-game")` for a fixed text (a `&'static str`,
//! formatted once per language) and `fl!("who-rolled-a-face", who = name,
//! face = face)` for one with arguments (a `String`). A number argument is
//! a Fluent number, so a message picks its form by the language's CLDR
//! plural category (`{ $n -> [one] … *[other] … }`: English's `one` is 1,
//! Brazilian Portuguese's is 0 and 1, Vietnamese has only `other`); any
//! other argument goes in by its `Display`.
//!
//! IDs are the English text's first words in kebab case (`resume-game`,
//! `who-rolled-a-face`; longer, or numbered, where two texts would meet):
//! a call site still reads as what it says, and a text several screens
//! show is one message to translate. A reworded English keeps its ID; a
//! new meaning takes a new one, so that translators see it as new.
//!
//! Bidi isolation is off. Fluent wraps every argument in FSI/PDI marks
//! (U+2068, U+2069) so that a right-to-left name cannot reorder the
//! sentence around it; the three languages here are left to right, the
//! window's embedded font has no glyphs for the marks, and invisible
//! characters inside a text would part it from what a player (or a test)
//! looks for. A right-to-left language would want them back.
//!
//! A message missing from a language shows in English, and one missing
//! from English shows its ID; the tests below fail on either, on a file
//! that does not parse, and on a translation that uses a variable the
//! English does not pass.
//!
//! The language is chosen in the settings or, by default, from the system
//! locale (`LC_ALL`, `LC_MESSAGES`, `LANG`).

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentResource, FluentValue};
use fluent_syntax::ast;
use std::collections::HashMap;
use std::fmt;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU8, Ordering};

#[doc(hidden)]
pub use fluent_bundle::FluentArgs;

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

    /// The locale whose plural rules the messages follow: Brazilian
    /// Portuguese, whose `one` takes 0 as well as 1 (Portugal's takes 1).
    fn locale(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Vi => "vi",
            Lang::Pt => "pt-BR",
        }
    }

    /// The language's messages, as written.
    fn source(self) -> &'static str {
        match self {
            Lang::En => include_str!("en.ftl"),
            Lang::Vi => include_str!("vi.ftl"),
            Lang::Pt => include_str!("pt.ftl"),
        }
    }
}

/// One language's messages, and those without arguments formatted once.
struct Speech {
    bundle: FluentBundle<FluentResource>,
    fixed: HashMap<String, String>,
}

impl Speech {
    fn new(lang: Lang) -> Speech {
        let locale = lang.locale().parse().unwrap_or_default();
        let mut bundle = FluentBundle::new_concurrent(vec![locale]);
        bundle.set_use_isolating(false);
        // NUMBER(), for ordinals ("1st", "2nd").
        if let Err(e) = bundle.add_builtins() {
            tracing::warn!(lang = lang.code(), %e, "Fluent's built-in functions");
        }
        // A damaged file keeps the messages that parse (the tests fail on it).
        let resource =
            FluentResource::try_new(lang.source().to_owned()).unwrap_or_else(|(resource, errors)| {
                tracing::warn!(lang = lang.code(), ?errors, "messages that do not parse");
                resource
            });
        let ids: Vec<String> = resource
            .entries()
            .filter_map(|entry| match entry {
                ast::Entry::Message(m) => Some(m.id.name.to_owned()),
                _ => None,
            })
            .collect();
        if let Err(errors) = bundle.add_resource(resource) {
            tracing::warn!(lang = lang.code(), ?errors, "messages given twice");
        }
        let fixed = ids
            .into_iter()
            .filter_map(|id| {
                let pattern = bundle.get_message(&id)?.value()?;
                let mut errors = Vec::new();
                // A message that needs arguments is formatted at each use.
                let text = bundle.format_pattern(pattern, None, &mut errors).into_owned();
                errors.is_empty().then_some((id, text))
            })
            .collect();
        Speech { bundle, fixed }
    }

    /// The message `id` with `args`, if this language has it.
    fn format(&self, id: &str, args: &FluentArgs) -> Option<String> {
        let pattern = self.bundle.get_message(id)?.value()?;
        let mut errors = Vec::new();
        let text = self.bundle.format_pattern(pattern, Some(args), &mut errors).into_owned();
        if !errors.is_empty() {
            tracing::warn!(id, ?errors, "a message did not format");
        }
        Some(text)
    }
}

fn speech(lang: Lang) -> &'static Speech {
    static ALL: OnceLock<[Speech; 3]> = OnceLock::new();
    &ALL.get_or_init(|| Lang::ALL.map(Speech::new))[lang as usize]
}

/// The language the window speaks now (one per process, like the window).
static CURRENT: AtomicU8 = AtomicU8::new(0);

pub fn set(lang: Lang) {
    CURRENT.store(lang as u8, Ordering::Relaxed);
}

pub fn current() -> Lang {
    #[cfg(test)]
    if let Some(lang) = SPEAKING.get() {
        return lang;
    }
    match CURRENT.load(Ordering::Relaxed) {
        1 => Lang::Vi,
        2 => Lang::Pt,
        _ => Lang::En,
    }
}

/// The fixed message `id` in the current language (what `fl!("id")` is).
pub fn text(id: &'static str) -> &'static str {
    let said = |lang| speech(lang).fixed.get(id).map(String::as_str);
    said(current()).or_else(|| said(Lang::En)).unwrap_or(id)
}

/// The message `id` with its arguments in the current language (what
/// `fl!("id", name = value, …)` is).
pub fn format(id: &str, args: &FluentArgs) -> String {
    speech(current())
        .format(id, args)
        .or_else(|| speech(Lang::En).format(id, args))
        .unwrap_or_else(|| id.to_owned())
}

/// `fl!("id")`: the fixed message in the current language.
/// `fl!("id", who = name, n = count)`: the message with its arguments.
/// The ID is a literal, so that the tests find every message the code uses.
#[macro_export]
macro_rules! fl {
    ($id:literal $(,)?) => {
        $crate::ui::i18n::text($id)
    };
    ($id:literal $(, $name:ident = $value:expr)+ $(,)?) => {{
        #[allow(unused_imports)]
        use $crate::ui::i18n::{AsNumber as _, AsText as _};
        let mut args = $crate::ui::i18n::FluentArgs::new();
        $(args.set(stringify!($name), (&$crate::ui::i18n::Arg(&$value)).fluent());)+
        $crate::ui::i18n::format($id, &args)
    }};
}

/// An argument on its way into a message. A number becomes a Fluent
/// number (so that plurals select on it) and anything else its `Display`:
/// the method is looked up on `&Arg`, where [`AsNumber`] answers for the
/// number types before the compiler tries `&&Arg`, where [`AsText`] does
/// (the call sites name no conversion).
#[doc(hidden)]
pub struct Arg<'a, T: ?Sized>(pub &'a T);

#[doc(hidden)]
pub trait AsNumber {
    fn fluent(&self) -> FluentValue<'static>;
}

#[doc(hidden)]
pub trait AsText {
    fn fluent(&self) -> FluentValue<'static>;
}

impl<T: fmt::Display + ?Sized> AsText for &Arg<'_, T> {
    fn fluent(&self) -> FluentValue<'static> {
        FluentValue::from(self.0.to_string())
    }
}

macro_rules! numbers {
    ($($t:ty),*) => {$(
        impl AsNumber for Arg<'_, $t> {
            fn fluent(&self) -> FluentValue<'static> {
                number(*self.0)
            }
        }
        impl AsNumber for Arg<'_, &$t> {
            fn fluent(&self) -> FluentValue<'static> {
                number(**self.0)
            }
        }
    )*};
}
numbers!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);

/// A whole number as Fluent's (an f64), or as its digits past 2^53,
/// where an f64 would round it.
fn number<N: TryInto<i64> + fmt::Display + Copy>(n: N) -> FluentValue<'static> {
    match n.try_into() {
        Ok(exact) if exact.unsigned_abs() <= 1 << 53 => FluentValue::from(exact),
        _ => FluentValue::from(n.to_string()),
    }
}

#[cfg(test)]
thread_local! {
    /// A test's language: tests run side by side, the window's is global.
    static SPEAKING: std::cell::Cell<Option<Lang>> = const { std::cell::Cell::new(None) };
}

/// `f`, said in `lang` on this thread.
#[cfg(test)]
pub fn speaking<T>(lang: Lang, f: impl FnOnce() -> T) -> T {
    let before = SPEAKING.replace(Some(lang));
    let out = f();
    SPEAKING.set(before);
    out
}

/// The fixed message `id` in `lang`.
#[cfg(test)]
pub fn translate(lang: Lang, id: &'static str) -> &'static str {
    speaking(lang, || text(id))
}

#[cfg(test)]
mod tests;
