//! The languages' checks: every message the code uses is in English, every
//! English message in every language, with no variable the English does
//! not pass; and each language's plurals.

use super::*;
use std::collections::{BTreeMap, BTreeSet};

/// Every `fl!("id", name = …)` in the crate's source: each ID with the
/// argument names its call sites pass.
fn uses_in_code() -> BTreeMap<String, BTreeSet<BTreeSet<String>>> {
    let mut uses: BTreeMap<String, BTreeSet<BTreeSet<String>>> = BTreeMap::new();
    let mut dirs = vec![std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/src"))];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            // This file's own calls are the tests'.
            if path.extension().is_none_or(|e| e != "rs") || path.ends_with("i18n/tests.rs") {
                continue;
            }
            let source = std::fs::read_to_string(&path).unwrap();
            for (at, _) in source.match_indices("fl!(") {
                let line = &source[source[..at].rfind('\n').map_or(0, |n| n + 1)..at];
                // Not a longer name's end, nor a comment's example.
                if line.ends_with(|c: char| c.is_alphanumeric() || c == '_') || line.contains("//") {
                    continue;
                }
                let Some(rest) = source[at + 4..].trim_start().strip_prefix('"') else { continue };
                let Some((id, rest)) = rest.split_once('"') else { continue };
                uses.entry(id.to_owned()).or_default().insert(argument_names(rest));
            }
        }
    }
    uses
}

/// The `name = value` names of a macro call, from just after its ID to its
/// closing parenthesis: the identifiers before a `=` at the call's depth.
fn argument_names(rest: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let mut depth = 0;
    let mut chars = rest.char_indices().peekable();
    let mut last_comma = None;
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => {
                while let Some((_, c)) = chars.next() {
                    match c {
                        '\\' => {
                            chars.next();
                        }
                        '"' => break,
                        _ => {}
                    }
                }
            }
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' if depth == 0 => break,
            ')' | ']' | '}' => depth -= 1,
            ',' if depth == 0 => last_comma = Some(i),
            '=' if depth == 0 && chars.peek().is_none_or(|(_, n)| *n != '=') => {
                if let Some(from) = last_comma.take() {
                    names.insert(rest[from + 1..i].trim().to_owned());
                }
            }
            _ => {}
        }
    }
    names
}

/// Each message of a language's file with the variables it uses; panics
/// when the file does not parse.
fn messages(lang: Lang) -> BTreeMap<String, BTreeSet<String>> {
    let resource = fluent_syntax::parser::parse(lang.source())
        .unwrap_or_else(|(_, errors)| panic!("{}.ftl does not parse: {errors:#?}", lang.code()));
    let mut out = BTreeMap::new();
    for entry in resource.body {
        if let ast::Entry::Message(m) = entry {
            let mut vars = BTreeSet::new();
            if let Some(pattern) = &m.value {
                pattern_vars(pattern, &mut vars);
            }
            assert!(out.insert(m.id.name.to_owned(), vars).is_none(), "{}: {} twice", lang.code(), m.id.name);
        }
    }
    out
}

fn pattern_vars(pattern: &ast::Pattern<&str>, vars: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_vars(expression, vars);
        }
    }
}

fn expression_vars(expression: &ast::Expression<&str>, vars: &mut BTreeSet<String>) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            inline_vars(selector, vars);
            for variant in variants {
                pattern_vars(&variant.value, vars);
            }
        }
        ast::Expression::Inline(inline) => inline_vars(inline, vars),
    }
}

fn inline_vars(inline: &ast::InlineExpression<&str>, vars: &mut BTreeSet<String>) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            vars.insert(id.name.to_owned());
        }
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for argument in &arguments.positional {
                inline_vars(argument, vars);
            }
        }
        ast::InlineExpression::Placeable { expression } => expression_vars(expression, vars),
        _ => {}
    }
}

#[test]
fn every_message_the_code_uses_is_in_english_with_the_arguments_it_passes() {
    let english = messages(Lang::En);
    let uses = uses_in_code();
    assert!(uses.len() > 300, "the scan finds the window's messages ({} found)", uses.len());
    let mut wrong = Vec::new();
    for (id, calls) in &uses {
        match english.get(id) {
            None => wrong.push(format!("{id}: not in en.ftl")),
            Some(vars) => {
                for passed in calls {
                    if passed != vars {
                        wrong.push(format!("{id}: the code passes {passed:?}, the English uses {vars:?}"));
                    }
                }
            }
        }
    }
    for id in english.keys().filter(|id| !uses.contains_key(*id)) {
        wrong.push(format!("{id}: in en.ftl, used nowhere"));
    }
    assert!(wrong.is_empty(), "{} problems: {wrong:#?}", wrong.len());
}

#[test]
fn every_english_message_is_in_every_language_with_only_its_variables() {
    let english = messages(Lang::En);
    for lang in [Lang::Vi, Lang::Pt] {
        let translated = messages(lang);
        let mut wrong = Vec::new();
        for (id, vars) in &english {
            match translated.get(id) {
                None => wrong.push(format!("{id}: missing")),
                Some(used) if !used.is_subset(vars) => {
                    wrong.push(format!("{id}: uses {used:?}, the English passes {vars:?}"))
                }
                Some(_) => {}
            }
        }
        for id in translated.keys().filter(|id| !english.contains_key(*id)) {
            wrong.push(format!("{id}: not an English message"));
        }
        assert!(wrong.is_empty(), "{}.ftl: {} problems: {wrong:#?}", lang.code(), wrong.len());
    }
}

#[test]
fn counts_take_each_languages_plural_form() {
    let friends = |lang, n: usize| speaking(lang, || fl!("waiting-for-n-more-friends", n = n));
    assert!(friends(Lang::En, 1).starts_with("Waiting for 1 more friend;"));
    assert!(friends(Lang::En, 2).starts_with("Waiting for 2 more friends;"));
    assert!(friends(Lang::En, 0).starts_with("Waiting for 0 more friends;"));
    let pawns = |lang, n: u8| speaking(lang, || fl!("n-pawns", n = n));
    assert_eq!(pawns(Lang::En, 1), "1 pawn");
    assert_eq!(pawns(Lang::En, 2), "2 pawns");
    // Brazilian Portuguese: the singular for 0 and 1.
    assert_eq!(pawns(Lang::Pt, 0), "0 peão");
    assert_eq!(pawns(Lang::Pt, 1), "1 peão");
    assert_eq!(pawns(Lang::Pt, 2), "2 peões");
    assert!(friends(Lang::Pt, 1).starts_with("Esperando mais 1 amigo;"));
    assert!(friends(Lang::Pt, 2).starts_with("Esperando mais 2 amigos;"));
    // Vietnamese does not inflect.
    assert_eq!(pawns(Lang::Vi, 1), "1 quân");
    assert_eq!(pawns(Lang::Vi, 4), "4 quân");
}

#[test]
fn places_take_each_languages_ordinal() {
    let places = |lang| speaking(lang, || [1, 2, 3, 4, 11, 21, 22].map(crate::ui::narrate::ordinal));
    assert_eq!(places(Lang::En), ["1st", "2nd", "3rd", "4th", "11th", "21st", "22nd"]);
    assert_eq!(places(Lang::Pt)[..2], ["1º", "2º"]);
    assert_eq!(places(Lang::Vi)[..2], ["thứ 1", "thứ 2"]);
}

#[test]
fn arguments_go_in_as_written_without_isolation_marks() {
    let said = speaking(Lang::En, || fl!("who-rolled-a-face", who = "Lan", face = 6u8));
    assert_eq!(said, "Lan rolled a 6");
    assert_eq!(
        speaking(Lang::Pt, || fl!("who-rolled-a-face", who = String::from("Lan"), face = &6u8)),
        "Lan tirou 6"
    );
    // A number an f64 would round keeps its digits.
    let big = u64::MAX;
    assert_eq!(speaking(Lang::En, || fl!("game-id", id = big)), format!("Game {big}"));
}

#[test]
fn a_missing_message_falls_back_and_locales_are_read() {
    assert_eq!(translate(Lang::Vi, "no-such-message"), "no-such-message");
    assert_eq!(translate(Lang::Vi, "settings"), "Cài đặt");
    assert_eq!(translate(Lang::Pt, "settings"), "Configurações");
    assert_eq!(translate(Lang::En, "settings"), "Settings");
    assert_eq!(Lang::from_code("vi_VN.UTF-8"), Some(Lang::Vi));
    assert_eq!(Lang::from_code("pt_BR.UTF-8"), Some(Lang::Pt));
    assert_eq!(Lang::from_code("de_DE.UTF-8"), None);
    assert_eq!(Lang::chosen(Some("pt")), Lang::Pt);
}
