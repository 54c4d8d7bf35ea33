//! Filling translated messages: named `{placeholders}` let a translation reorder the
//! values, which positional `format!` arguments cannot do at run time. And looking up
//! the translation of a text that came from a file (a board's or variant's names),
//! which must never reach gettext as it is.

use std::fmt::Display;

use gettextrs::gettext;

/// The translation of a text from a board or variant file (a name, a description):
/// shipped files have their names in the catalogue. Text with a NUL is returned as it
/// is, since gettext aborts the program on one (the loaders refuse such names, but a
/// name may come from elsewhere); so is the empty text, whose "translation" would be
/// the catalogue's header.
pub fn translated(text: &str) -> String {
    if text.is_empty() || text.contains('\0') {
        text.to_owned()
    } else {
        gettext(text)
    }
}

/// Replaces each `{name}` in `template` by the value paired with `name`, in one pass
/// (a value that itself contains braces is never expanded again). Unknown names and
/// lone braces are kept as they are, so a faulty translation stays readable.
pub fn fill(template: &str, values: &[(&str, &dyn Display)]) -> String {
    let mut filled = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        filled.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let value = after.find('}').and_then(|close| {
            let name = &after[..close];
            values
                .iter()
                .find(|(key, _)| *key == name)
                .map(|(_, value)| (close, value))
        });
        match value {
            Some((close, value)) => {
                filled.push_str(&value.to_string());
                rest = &after[close + 1..];
            }
            None => {
                filled.push('{');
                rest = after;
            }
        }
    }
    filled.push_str(rest);
    filled
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_filled_in_any_order() {
        let text = fill("{b} then {a}, {a} again", &[("a", &1), ("b", &"two")]);
        assert_eq!(text, "two then 1, 1 again");
    }

    #[test]
    fn values_are_not_expanded_twice() {
        let text = fill(
            "{file}: {count}",
            &[("file", &"{count}.toml"), ("count", &3)],
        );
        assert_eq!(text, "{count}.toml: 3");
    }

    #[test]
    fn text_gettext_would_choke_on_is_never_looked_up() {
        assert_eq!(translated("Castle\0Risk"), "Castle\0Risk");
        assert_eq!(translated(""), "");
        assert_eq!(translated("Castle Risk"), "Castle Risk");
    }

    #[test]
    fn a_value_that_looks_like_a_placeholder_stays_as_it_is() {
        // A player named "{empire}" must not be replaced by the empire's name.
        let text = fill(
            "{seat} drew the banner of {empire}",
            &[("seat", &"{empire}"), ("empire", &"France")],
        );
        assert_eq!(text, "{empire} drew the banner of France");
    }

    #[test]
    fn unknown_names_and_lone_braces_survive() {
        let text = fill("{x} {y {", &[("y", &5)]);
        assert_eq!(text, "{x} {y {");
        assert_eq!(fill("}{y}", &[("y", &5)]), "}5");
    }
}
