//! Start-up translation: selecting the locale and the message catalogue, the language
//! asked for with `--lang`, and a fallback for locales the system does not have.
//!
//! glibc's gettext translates only when the messages locale is not plain `C`, and then
//! honours `LANGUAGE` before the locale's own language. Many systems (containers, CI,
//! minimal installs) have no locale but `C` and `C.UTF-8`: there a user's
//! `LANG=fr_FR.UTF-8` makes `setlocale` fail and would leave everything in English. So
//! when the environment names a missing locale, or a language is asked for on the
//! command line, the program runs in `C.UTF-8` with `LANGUAGE` naming the language.

use std::ffi::OsString;

use gettextrs::LocaleCategory;

use crate::config;

/// The languages Castellan can be asked for: English, which needs no catalogue, and
/// every language of `po/LINGUAS`.
pub fn languages() -> impl Iterator<Item = &'static str> {
    std::iter::once("en").chain(env!("CASTELLAN_LANGUAGES").split_whitespace())
}

/// Selects the locale and Castellan's message catalogue, in `requested` when given
/// (a code of [`languages`]). Must run first thing in `main`.
// The only unsafe calls of the program: C's setlocale, which every translated program
// must make, and setting LANGUAGE for gettext.
#[allow(unsafe_code)]
pub fn init(requested: Option<&str>) {
    // SAFETY: setlocale and setting environment variables race with other threads
    // reading the locale or the environment. This runs first thing in `main`, before
    // GTK, clap or anything else has started a thread.
    let found = unsafe { gettextrs::setlocale(LocaleCategory::LcAll, "") }.is_some();
    let messages = unsafe { gettextrs::setlocale(LocaleCategory::LcMessages, "") };
    let plain_c = messages.is_none_or(|name| is_plain_c(&String::from_utf8_lossy(&name)));
    let language = match requested {
        Some(language) => Some(OsString::from(language)),
        // The user's language, from the variables that named the missing locale,
        // unless LANGUAGE already says which to use.
        None if !found && std::env::var_os("LANGUAGE").is_none() => {
            environment_locale().and_then(|locale| language_of(&locale).map(OsString::from))
        }
        None => None,
    };
    if let Some(language) = &language {
        unsafe { std::env::set_var("LANGUAGE", language) };
    }
    if !found || (language.is_some() && plain_c) {
        // SAFETY: as above.
        let _ = unsafe { gettextrs::setlocale(LocaleCategory::LcAll, "C.UTF-8") };
    }
    // A failure here only means untranslated messages, which is no reason not to play,
    // so the errors are deliberately dropped.
    let _ = gettextrs::bindtextdomain(config::GETTEXT_PACKAGE, config::LOCALEDIR);
    let _ = gettextrs::bind_textdomain_codeset(config::GETTEXT_PACKAGE, "UTF-8");
    let _ = gettextrs::textdomain(config::GETTEXT_PACKAGE);
}

/// The locale the environment asks for messages in, as POSIX ranks the variables.
fn environment_locale() -> Option<String> {
    ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .filter_map(|name| std::env::var(name).ok())
        .find(|value| !value.is_empty())
}

/// Whether a locale name is the untranslated POSIX locale.
fn is_plain_c(locale: &str) -> bool {
    matches!(locale, "C" | "POSIX")
}

/// The language part of a locale name, as `LANGUAGE` takes it: `fr_FR.UTF-8@euro`
/// gives `fr_FR`; `C`, `C.UTF-8` and `POSIX` give none.
fn language_of(locale: &str) -> Option<&str> {
    let language = locale
        .split(['.', '@'])
        .next()
        .filter(|language| !language.is_empty())?;
    (!is_plain_c(language)).then_some(language)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_language_of_a_locale_drops_its_encoding_and_modifier() {
        assert_eq!(language_of("fr_FR.UTF-8"), Some("fr_FR"));
        assert_eq!(language_of("de_DE.UTF-8@euro"), Some("de_DE"));
        assert_eq!(language_of("fr"), Some("fr"));
        assert_eq!(language_of("C.UTF-8"), None);
        assert_eq!(language_of("C"), None);
        assert_eq!(language_of("POSIX"), None);
        assert_eq!(language_of(""), None);
    }

    #[test]
    fn english_and_every_translation_are_offered() {
        let offered: Vec<&str> = languages().collect();
        assert_eq!(offered.first(), Some(&"en"));
        assert!(offered.contains(&"fr"), "{offered:?}");
    }
}
