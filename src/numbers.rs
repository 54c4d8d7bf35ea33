//! Numbers written as the reader's language writes them: the decimal separator and the
//! percent sign come from the translation ("67,24 %" in French), not from the C locale
//! the program may be running in.

use gettextrs::{gettext, pgettext};

use crate::text::fill;

/// A whole number with a true minus sign when it is negative: "12", "−3".
pub fn integer(value: i32) -> String {
    if value < 0 {
        format!("−{}", value.unsigned_abs())
    } else {
        value.to_string()
    }
}

/// A whole number with its sign: "+4", "−3", "0".
pub fn signed_integer(value: i32) -> String {
    if value > 0 {
        format!("+{value}")
    } else {
        integer(value)
    }
}

/// `value` with `places` decimals, with the translation's decimal separator.
pub fn decimal(value: f64, places: usize) -> String {
    let plain = format!("{value:.places$}");
    // Translators: the character between the whole and decimal parts of a number.
    let separator = pgettext("decimal separator", ".");
    if separator == "." {
        plain
    } else {
        plain.replace('.', &separator)
    }
}

/// `number` (already written) followed by the percent sign, spaced as the language
/// wants it.
pub fn with_percent_sign(number: &str) -> String {
    // Translators: a percentage; French puts a no-break space before the sign.
    // xgettext:no-c-format
    fill(&gettext("{number} %"), &[("number", &number)])
}

/// A probability as a percentage with `places` decimals: `0.5` → "50.0 %".
pub fn percent(probability: f64, places: usize) -> String {
    with_percent_sign(&decimal(probability * 100.0, places))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_numbers_take_a_true_minus_sign_and_a_plus_when_signed() {
        assert_eq!(integer(12), "12");
        assert_eq!(integer(-3), "−3");
        assert_eq!(signed_integer(4), "+4");
        assert_eq!(signed_integer(0), "0");
        assert_eq!(signed_integer(-3), "−3");
    }

    #[test]
    fn untranslated_numbers_use_a_point_and_a_spaced_sign() {
        assert_eq!(decimal(67.2449, 2), "67.24");
        assert_eq!(decimal(7.0, 0), "7");
        assert_eq!(percent(0.5, 1), "50.0 %");
        assert_eq!(with_percent_sign("< 0.1"), "< 0.1 %");
    }
}
