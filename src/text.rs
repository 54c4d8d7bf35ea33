//! Filling translated messages: named `{placeholders}` let a translation reorder the
//! values, which positional `format!` arguments cannot do at run time.

use std::fmt::Display;

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
    fn unknown_names_and_lone_braces_survive() {
        let text = fill("{x} {y {", &[("y", &5)]);
        assert_eq!(text, "{x} {y {");
        assert_eq!(fill("}{y}", &[("y", &5)]), "}5");
    }
}
