//! Who may take a seat in a tournament: a strength people play against (Easy, Normal,
//! Expert) or a sparring partner (a known human strategy), by its stable id.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::sparring::Sparring;
use super::{Policy, Strength, Thinking};

/// A tournament player.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Contender {
    Strength(Strength),
    Sparring(Sparring),
}

impl Contender {
    /// Every contender: the strengths, weakest first, then the sparring partners.
    pub const ALL: [Contender; 7] = [
        Contender::Strength(Strength::Easy),
        Contender::Strength(Strength::Normal),
        Contender::Strength(Strength::Expert),
        Contender::Sparring(Sparring::CastleHunter),
        Contender::Sparring(Sparring::Continent),
        Contender::Sparring(Sparring::CardFarmer),
        Contender::Sparring(Sparring::Turtle),
    ];

    /// The stable id: `easy`, `normal`, `expert`, `castle-hunter`, `continent`,
    /// `card-farmer`, `turtle`.
    pub fn id(self) -> &'static str {
        match self {
            Contender::Strength(s) => s.id(),
            Contender::Sparring(s) => s.id(),
        }
    }

    /// A player of this kind; only the Expert's play depends on `thinking`.
    pub fn policy_with(self, thinking: Thinking) -> Box<dyn Policy + Send> {
        match self {
            Contender::Strength(s) => s.policy_with(thinking),
            Contender::Sparring(s) => Box::new(s.policy()),
        }
    }
}

impl From<Strength> for Contender {
    fn from(strength: Strength) -> Self {
        Contender::Strength(strength)
    }
}

impl From<Sparring> for Contender {
    fn from(sparring: Sparring) -> Self {
        Contender::Sparring(sparring)
    }
}

impl fmt::Display for Contender {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// An id that names no tournament player.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "“{0}” is not a player (easy, normal, expert, castle-hunter, continent, card-farmer or turtle)"
)]
pub struct UnknownContender(pub String);

impl FromStr for Contender {
    type Err = UnknownContender;

    fn from_str(id: &str) -> Result<Self, Self::Err> {
        Contender::ALL
            .into_iter()
            .find(|c| c.id() == id)
            .ok_or_else(|| UnknownContender(id.to_owned()))
    }
}

impl Serialize for Contender {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.id())
    }
}

impl<'de> Deserialize<'de> for Contender {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let id = String::deserialize(deserializer)?;
        id.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_stable_and_read_back() {
        for contender in Contender::ALL {
            assert_eq!(contender.id().parse::<Contender>(), Ok(contender));
            let json = serde_json::to_string(&contender).unwrap();
            assert_eq!(json, format!("\"{}\"", contender.id()));
            assert_eq!(serde_json::from_str::<Contender>(&json).unwrap(), contender);
        }
        assert_eq!("expert".parse(), Ok(Contender::Strength(Strength::Expert)));
        assert_eq!("turtle".parse(), Ok(Contender::Sparring(Sparring::Turtle)));
        let error = "hard".parse::<Contender>().unwrap_err();
        assert!(error.to_string().contains("hard"), "{error}");
    }
}
