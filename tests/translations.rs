//! The French catalogue says every error: each message template of `src/messages/`
//! (and the app's own setup and session errors) has a French translation, with the
//! same `{placeholders}` as the English, in every plural form.

use std::collections::{BTreeSet, HashMap};
use std::path::Path;

/// The files whose gettext calls are errors people read.
const ERROR_SOURCES: [&str; 7] = [
    "src/messages/files.rs",
    "src/messages/names.rs",
    "src/messages/rules.rs",
    "src/messages/saves.rs",
    "src/app/session/mod.rs",
    "src/app/session/setup.rs",
    "src/app/window/play.rs",
];

/// A message of the sources: its msgid, and its plural for ngettext.
#[derive(Debug)]
struct Message {
    id: String,
    plural: Option<String>,
}

/// The contents of the string literal starting at `text` (just after its opening
/// quote), and what follows its closing quote.
fn rust_literal(text: &str) -> (String, &str) {
    let mut value = String::new();
    let mut chars = text.char_indices();
    while let Some((at, c)) = chars.next() {
        match c {
            '"' => return (value, &text[at + 1..]),
            '\\' => match chars.next().map(|(_, c)| c) {
                Some('n') => value.push('\n'),
                Some('t') => value.push('\t'),
                Some(other) => value.push(other),
                None => break,
            },
            c => value.push(c),
        }
    }
    panic!("unterminated string literal: {text:.40}")
}

/// Every `gettext("…")` and `ngettext("…", "…", n)` with literal arguments.
fn messages_of(source: &str) -> Vec<Message> {
    let mut found = Vec::new();
    for (at, _) in source.match_indices("gettext(") {
        let before = source[..at].chars().next_back();
        let plural = before == Some('n');
        let start = if plural { at - 1 } else { at };
        let word_start = source[..start]
            .chars()
            .next_back()
            .is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
        if !word_start || before == Some('p') {
            continue;
        }
        let rest = source[at + "gettext(".len()..].trim_start();
        let Some(rest) = rest.strip_prefix('"') else {
            continue;
        };
        let (id, rest) = rust_literal(rest);
        let plural = plural.then(|| {
            let rest = rest.trim_start().trim_start_matches(',').trim_start();
            rust_literal(rest.strip_prefix('"').expect("a literal plural")).0
        });
        found.push(Message { id, plural });
    }
    found
}

/// A catalogue entry: its translations (one, or one per plural form).
type Catalogue = HashMap<String, Vec<String>>;

fn po_unescape(text: &str) -> String {
    rust_literal(&format!("{text}\"")).0
}

/// The entries of a PO file without context, by msgid.
fn catalogue(po: &str) -> Catalogue {
    let mut entries = Catalogue::new();
    for block in po.split("\n\n") {
        // Each keyword of the entry with its text, continued lines joined.
        let mut fields: Vec<(&str, String)> = Vec::new();
        for line in block.lines().map(str::trim) {
            if line.starts_with('#') || line.is_empty() {
                continue;
            }
            let (keyword, quoted) = match line.split_once(' ') {
                Some((keyword, quoted)) if !line.starts_with('"') => (keyword, quoted),
                _ => ("", line),
            };
            let quoted = quoted.trim();
            let inner = quoted.strip_prefix('"').and_then(|q| q.strip_suffix('"'));
            let text = po_unescape(inner.unwrap_or(quoted));
            match (keyword, fields.last_mut()) {
                ("", Some((_, value))) => value.push_str(&text),
                ("", None) => {}
                (keyword, _) => fields.push((keyword, text)),
            }
        }
        let field = |name: &str| fields.iter().find(|(k, _)| *k == name).map(|(_, v)| v);
        let (Some(id), None) = (field("msgid"), field("msgctxt")) else {
            continue;
        };
        let translations = fields
            .iter()
            .filter(|(k, _)| k.starts_with("msgstr"))
            .map(|(_, v)| v.clone())
            .collect();
        entries.insert(id.clone(), translations);
    }
    entries
}

fn placeholders(text: &str) -> BTreeSet<&str> {
    text.split('{')
        .skip(1)
        .filter_map(|part| part.split_once('}').map(|(name, _)| name))
        .filter(|name| name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
        .collect()
}

#[test]
fn every_error_message_is_in_french_with_its_placeholders() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let french = catalogue(&std::fs::read_to_string(root.join("po/fr.po")).unwrap());
    let mut checked = 0;
    let mut missing = Vec::new();
    for file in ERROR_SOURCES {
        let source = std::fs::read_to_string(root.join(file)).unwrap();
        for message in messages_of(&source) {
            checked += 1;
            let Some(translations) = french.get(&message.id) else {
                missing.push(format!("{file}: {:?}", message.id));
                continue;
            };
            let forms = if message.plural.is_some() { 2 } else { 1 };
            assert_eq!(translations.len(), forms, "{file}: {:?}", message.id);
            let english = placeholders(&message.id);
            for translation in translations {
                assert!(
                    !translation.is_empty(),
                    "{file}: {:?} is untranslated",
                    message.id
                );
                assert_eq!(
                    placeholders(translation),
                    english,
                    "{file}: {:?} → {translation:?}",
                    message.id
                );
            }
        }
    }
    assert!(
        missing.is_empty(),
        "not in po/fr.po:\n{}",
        missing.join("\n")
    );
    // The sources were read: every error, board problem and rule has its sentence.
    assert!(checked > 200, "only {checked} messages found");
}

#[test]
fn the_catalogue_reader_reads_plurals_and_continued_lines() {
    let po = "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain\\n\"\n\n\
              msgid \"{n} army\"\nmsgid_plural \"{n} armies\"\nmsgstr[0] \"{n} armée\"\n\
              msgstr[1] \"{n} \"\n\"armées\"\n\nmsgctxt \"x\"\nmsgid \"Spy\"\nmsgstr \"Espion\"\n";
    let entries = catalogue(po);
    assert_eq!(entries["{n} army"], ["{n} armée", "{n} armées"]);
    assert!(!entries.contains_key("Spy"));
    let messages = messages_of("f(&ngettext(\"a {x}\", \"b {x}\", n)); gettext(\"c \\\"d\\\"\")");
    assert_eq!(messages[0].id, "a {x}");
    assert_eq!(messages[0].plural.as_deref(), Some("b {x}"));
    assert_eq!(messages[1].id, "c \"d\"");
}
