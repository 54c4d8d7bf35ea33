//! Paper sizes, in points, and the size a locale prints on.

/// A page size in points (1/72 inch), portrait or landscape as given.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Paper {
    pub width: f64,
    pub height: f64,
}

/// Countries that print on US Letter rather than ISO A4, as locale territory codes.
const LETTER_TERRITORIES: [&str; 6] = ["US", "CA", "MX", "PH", "CL", "CO"];

impl Paper {
    /// ISO A4, 210 × 297 mm.
    pub const A4: Paper = Paper {
        width: 210.0 / 25.4 * 72.0,
        height: 297.0 / 25.4 * 72.0,
    };
    /// US Letter, 8.5 × 11 inches.
    pub const LETTER: Paper = Paper {
        width: 612.0,
        height: 792.0,
    };

    /// The paper a locale prints on (`en_US.UTF-8` → Letter); A4 for any other, and
    /// for names without a territory.
    pub fn for_locale(locale: &str) -> Paper {
        let territory = locale
            .split(['.', '@'])
            .next()
            .and_then(|language| language.split_once('_'))
            .map(|(_, territory)| territory);
        match territory {
            Some(territory) if LETTER_TERRITORIES.contains(&territory) => Paper::LETTER,
            _ => Paper::A4,
        }
    }

    /// The paper of the user's locale, from `LC_ALL`, `LC_PAPER` or `LANG` as POSIX
    /// ranks them (read from the environment: the system may lack the locale itself).
    pub fn from_environment() -> Paper {
        ["LC_ALL", "LC_PAPER", "LANG"]
            .iter()
            .filter_map(|name| std::env::var(name).ok())
            .find(|value| !value.is_empty())
            .map_or(Paper::A4, |locale| Paper::for_locale(&locale))
    }

    /// Whether the page is wider than tall.
    pub fn is_landscape(&self) -> bool {
        self.width > self.height
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a4_and_letter_have_their_sizes_in_points() {
        assert!((Paper::A4.width - 595.276).abs() < 0.001);
        assert!((Paper::A4.height - 841.89).abs() < 0.001);
        assert_eq!((Paper::LETTER.width, Paper::LETTER.height), (612.0, 792.0));
        assert!(!Paper::A4.is_landscape());
    }

    #[test]
    fn north_america_prints_on_letter_and_the_rest_on_a4() {
        assert_eq!(Paper::for_locale("en_US.UTF-8"), Paper::LETTER);
        assert_eq!(Paper::for_locale("fr_CA.UTF-8"), Paper::LETTER);
        assert_eq!(Paper::for_locale("fr_FR.UTF-8"), Paper::A4);
        assert_eq!(Paper::for_locale("en_GB"), Paper::A4);
        assert_eq!(Paper::for_locale("C.UTF-8"), Paper::A4);
        assert_eq!(Paper::for_locale("de_DE.UTF-8@euro"), Paper::A4);
    }
}
