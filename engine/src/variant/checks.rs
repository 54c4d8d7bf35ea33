//! What makes a variant unplayable or absurd: [`VariantProblem`]s, found all at once by
//! [`Variant::validate`], each naming the options it is about so that an editor can
//! show the reason on the right row and a file loader at the right line.

use super::Variant;
use crate::diagnostics::{TextKind, TextProblem, check_text};

/// The largest army count any option may ask for; beyond it a value is surely a typo.
pub const MAX_ARMIES_OPTION: u32 = 10_000;
/// The largest number of copies of one card kind in a deck: a hand counts each kind
/// in a byte, and a hand may come to hold every copy.
pub const MAX_CARDS_OF_A_KIND: u32 = 255;
/// The most numbers a reinforcement track may have.
const MAX_TRACK_LENGTH: u32 = 1_000;

/// Something wrong with a variant, found by [`Variant::validate`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VariantProblem {
    /// The name or description (`field`) is not plain text of a sensible length:
    /// it would reach the translation catalogue, terminals and windows.
    #[error("{}", TextShown(.field, .problem))]
    Text {
        field: &'static str,
        problem: TextProblem,
    },
    /// An option that must be positive is zero.
    #[error("`{field}` must be at least 1")]
    Zero { field: &'static str },
    /// A value too large to be meant.
    #[error("`{field}` = {value} is absurdly large (at most {max})")]
    TooLarge {
        field: &'static str,
        value: u64,
        max: u64,
    },
    /// The castle dice limit is outside what the dice allow.
    #[error("`castle_dice_limit` = {0} must be 1, 2 or 3")]
    CastleDiceLimit(u8),
    /// No card at all.
    #[error("the deck is empty: give at least one card kind a count")]
    EmptyDeck,
    /// Fewer track numbers than Reinforcement cards.
    #[error(
        "the reinforcement track has {track} numbers but the deck has {cards} Reinforcement cards: \
         every card needs a number"
    )]
    TrackTooShort { track: usize, cards: u32 },
    /// Classic Risk: a hand may be forced to trade only when it surely holds a set.
    #[error(
        "`classic.must_trade_at` = {0} must be at least 5: only a hand of 5 cards is sure to hold a set"
    )]
    MustTradeTooLow(u32),
    /// Classic Risk: a victor trades down until it holds fewer than `must_trade_at`
    /// cards (ruling 35), so it can only begin from at least that many: a smaller
    /// `trade_down_above` would ask for trades that cannot be made.
    #[error(
        "`classic.trade_down_above` = {trade_down_above} must be at least {} \
         (`classic.must_trade_at` − 1): a victor trades down until it holds fewer than \
         {must_trade_at} cards, so it must hold at least {must_trade_at} to begin",
        .must_trade_at.saturating_sub(1)
    )]
    TradeDownBelowMustTrade {
        trade_down_above: u32,
        must_trade_at: u32,
    },
}

/// Something a playable variant allows that makes its games likely to come to a
/// standstill (they then end in a draw, ruling 24): found by [`Variant::warnings`],
/// worth a second look but not refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VariantWarning {
    /// After setup neither Reinforcements nor hidden armies bring armies: only spoils
    /// do, and only to seats that hold whole empires or have taken castles.
    #[error(
        "no Reinforcement card and no hidden army brings armies after setup, only spoils: \
         unless the starting armies let players attack and take whole empires, games come \
         to a standstill and end in a draw (ruling 24)"
    )]
    OnlySpoilsBringArmies,
    /// Nothing at all brings armies after setup.
    #[error(
        "nothing brings armies after setup (no Reinforcements, hidden armies or spoils): \
         games come to a standstill once the starting armies are spent, and end in a draw \
         (ruling 24)"
    )]
    NoArmiesAfterSetup,
}

impl VariantWarning {
    /// The options (TOML paths) to change, the first first.
    pub fn options(&self) -> Vec<&'static str> {
        match self {
            VariantWarning::OnlySpoilsBringArmies => vec![
                "deck.reinforcements",
                "reinforcement_track",
                "hidden_army_minimum",
            ],
            VariantWarning::NoArmiesAfterSetup => vec![
                "deck.reinforcements",
                "reinforcement_track",
                "hidden_army_minimum",
                "spoils.banner_bonus",
                "spoils.empire_bonus",
            ],
        }
    }
}

impl VariantProblem {
    /// The options (TOML paths) this problem is about, the one to change first first.
    pub fn options(&self) -> Vec<&'static str> {
        match self {
            VariantProblem::Text { field, .. }
            | VariantProblem::Zero { field }
            | VariantProblem::TooLarge { field, .. } => {
                vec![field]
            }
            VariantProblem::CastleDiceLimit(_) => vec!["castle_dice_limit"],
            VariantProblem::EmptyDeck => vec![
                "deck.reinforcements",
                "deck.diplomats",
                "deck.spies",
                "deck.generals",
                "deck.marshalls",
                "deck.admirals",
            ],
            VariantProblem::TrackTooShort { .. } => {
                vec!["reinforcement_track", "deck.reinforcements"]
            }
            VariantProblem::MustTradeTooLow(_) => vec!["classic.must_trade_at"],
            VariantProblem::TradeDownBelowMustTrade { .. } => {
                vec!["classic.trade_down_above", "classic.must_trade_at"]
            }
        }
    }
}

/// A text problem in English, for `#[error]`.
struct TextShown<'a>(&'a str, &'a TextProblem);

impl std::fmt::Display for TextShown<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.1.write_for(self.0, f)
    }
}

impl Variant {
    /// What makes this (playable) variant's games likely to stall; empty for most.
    pub fn warnings(&self) -> Vec<VariantWarning> {
        let dealt = (self.deck.reinforcements as usize).min(self.reinforcement_track.len());
        let reinforcements = self.reinforcement_track[..dealt].iter().any(|&n| n > 0);
        let hidden = self.hidden_armies && (reinforcements || self.hidden_army_minimum > 0);
        if reinforcements || hidden {
            return Vec::new();
        }
        // `None` takes the board's bonus, which a board gives its empires.
        let spoils = &self.spoils;
        let independents = if spoils.per_region_bonus {
            spoils.region_bonus
        } else {
            spoils.all_independents_bonus
        };
        let any_spoils =
            spoils.banner_bonus > 0 || spoils.empire_bonus != Some(0) || independents != Some(0);
        vec![if any_spoils {
            VariantWarning::OnlySpoilsBringArmies
        } else {
            VariantWarning::NoArmiesAfterSetup
        }]
    }

    /// Every problem of this variant at once; empty when it can be played.
    pub fn validate(&self) -> Vec<VariantProblem> {
        let mut problems = Vec::new();
        for (field, text, kind) in [
            ("name", &self.name, TextKind::Name),
            ("description", &self.description, TextKind::Description),
        ] {
            if let Err(problem) = check_text(text, kind) {
                problems.push(VariantProblem::Text { field, problem });
            }
        }
        let mut at_most = |field: &'static str, value: u64, max: u32| {
            if value > u64::from(max) {
                problems.push(VariantProblem::TooLarge {
                    field,
                    value,
                    max: max.into(),
                });
            }
        };
        for (field, _, armies) in self.starting_armies.entries() {
            at_most(field, armies.into(), MAX_ARMIES_OPTION);
        }
        at_most(
            "armies_per_setup_placement",
            self.armies_per_setup_placement.into(),
            MAX_ARMIES_OPTION,
        );
        at_most(
            "hidden_army_minimum",
            self.hidden_army_minimum.into(),
            MAX_ARMIES_OPTION,
        );
        for (field, count) in self.deck.entries() {
            at_most(field, count.into(), MAX_CARDS_OF_A_KIND);
        }
        at_most(
            "reinforcement_track",
            self.reinforcement_track.len() as u64,
            MAX_TRACK_LENGTH,
        );
        if let Some(&largest) = self.reinforcement_track.iter().max() {
            at_most("reinforcement_track", largest.into(), MAX_ARMIES_OPTION);
        }
        let optional_bonuses = [
            ("spoils.empire_bonus", self.spoils.empire_bonus),
            (
                "spoils.all_independents_bonus",
                self.spoils.all_independents_bonus,
            ),
            ("spoils.region_bonus", self.spoils.region_bonus),
        ];
        for (field, bonus) in optional_bonuses {
            if let Some(bonus) = bonus {
                at_most(field, bonus.into(), MAX_ARMIES_OPTION);
            }
        }
        at_most(
            "spoils.banner_bonus",
            self.spoils.banner_bonus.into(),
            MAX_ARMIES_OPTION,
        );

        for (field, _, armies) in self.starting_armies.entries() {
            if armies == 0 {
                problems.push(VariantProblem::Zero { field });
            }
        }
        if self.armies_per_setup_placement == 0 {
            problems.push(VariantProblem::Zero {
                field: "armies_per_setup_placement",
            });
        }
        if !(1..=3).contains(&self.castle_dice_limit) {
            problems.push(VariantProblem::CastleDiceLimit(self.castle_dice_limit));
        }
        if self.deck.total() == 0 {
            problems.push(VariantProblem::EmptyDeck);
        }
        if (self.reinforcement_track.len() as u64) < u64::from(self.deck.reinforcements) {
            problems.push(VariantProblem::TrackTooShort {
                track: self.reinforcement_track.len(),
                cards: self.deck.reinforcements,
            });
        }
        self.validate_classic(&mut problems);
        problems
    }

    /// The classic options' problems (checked whatever the ruleset, so that a file
    /// switched to classic Risk later is sure to play).
    fn validate_classic(&self, problems: &mut Vec<VariantProblem>) {
        let c = &self.classic;
        let mut at_most = |field: &'static str, value: u64, max: u32| {
            if value > u64::from(max) {
                problems.push(VariantProblem::TooLarge {
                    field,
                    value,
                    max: max.into(),
                });
            }
        };
        for (field, value) in [
            ("classic.trade_increment", c.trade_increment),
            ("classic.fixed_infantry", c.fixed_infantry),
            ("classic.fixed_cavalry", c.fixed_cavalry),
            ("classic.fixed_artillery", c.fixed_artillery),
            ("classic.fixed_mixed", c.fixed_mixed),
            ("classic.territory_bonus", c.territory_bonus),
            ("classic.territories_per_army", c.territories_per_army),
            ("classic.minimum_armies", c.minimum_armies),
            ("classic.neutral_armies", c.neutral_armies),
        ] {
            at_most(field, value.into(), MAX_ARMIES_OPTION);
        }
        at_most(
            "classic.trade_values",
            c.trade_values.len() as u64,
            MAX_TRACK_LENGTH,
        );
        if let Some(&largest) = c.trade_values.iter().max() {
            at_most("classic.trade_values", largest.into(), MAX_ARMIES_OPTION);
        }
        at_most(
            "classic.wild_cards",
            c.wild_cards.into(),
            MAX_CARDS_OF_A_KIND,
        );
        at_most(
            "classic.must_trade_at",
            c.must_trade_at.into(),
            MAX_CARDS_OF_A_KIND,
        );
        at_most(
            "classic.trade_down_above",
            c.trade_down_above.into(),
            MAX_CARDS_OF_A_KIND,
        );
        if c.trade_values.is_empty() {
            problems.push(VariantProblem::Zero {
                field: "classic.trade_values",
            });
        }
        if c.territories_per_army == 0 {
            problems.push(VariantProblem::Zero {
                field: "classic.territories_per_army",
            });
        }
        if c.must_trade_at < 5 {
            problems.push(VariantProblem::MustTradeTooLow(c.must_trade_at));
        }
        if u64::from(c.trade_down_above) + 1 < u64::from(c.must_trade_at) {
            problems.push(VariantProblem::TradeDownBelowMustTrade {
                trade_down_above: c.trade_down_above,
                must_trade_at: c.must_trade_at,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::DeckCounts;

    #[test]
    fn validate_reports_every_problem() {
        let mut v = Variant::rulebook();
        v.starting_armies.three = 0;
        v.castle_dice_limit = 4;
        v.reinforcement_track.truncate(5);
        v.armies_per_setup_placement = 1_000_000;
        let problems = v.validate();
        assert!(problems.contains(&VariantProblem::Zero {
            field: "starting_armies.three"
        }));
        assert!(problems.contains(&VariantProblem::CastleDiceLimit(4)));
        assert!(problems.contains(&VariantProblem::TrackTooShort {
            track: 5,
            cards: 12
        }));
        assert!(problems.iter().any(|p| matches!(
            p,
            VariantProblem::TooLarge {
                field: "armies_per_setup_placement",
                ..
            }
        )));
        assert_eq!(problems.len(), 4);
    }

    /// Ruling 35: trading down runs until fewer than `must_trade_at` cards are left,
    /// so it cannot begin below that; values that could only ask for impossible
    /// trades are refused, naming both options.
    #[test]
    fn trading_down_must_begin_where_a_forced_trade_does() {
        let mut v = Variant::classic();
        for above in 0..=3 {
            v.classic.trade_down_above = above;
            let problems = v.validate();
            assert_eq!(
                problems,
                [VariantProblem::TradeDownBelowMustTrade {
                    trade_down_above: above,
                    must_trade_at: 5
                }]
            );
            assert_eq!(
                problems[0].options(),
                ["classic.trade_down_above", "classic.must_trade_at"]
            );
            assert!(
                problems[0].to_string().contains("at least 4"),
                "{}",
                problems[0]
            );
        }
        v.classic.trade_down_above = 4;
        assert!(v.validate().is_empty());
        v.classic.must_trade_at = 9;
        assert!(!v.validate().is_empty());
        v.classic.trade_down_above = 8;
        assert!(v.validate().is_empty());
        // Checked whatever the ruleset, like every classic option.
        let mut castle = Variant::rulebook();
        castle.classic.trade_down_above = 0;
        assert!(!castle.validate().is_empty());
    }

    #[test]
    fn empty_deck_is_a_problem() {
        let mut v = Variant::rulebook();
        v.deck = DeckCounts {
            reinforcements: 0,
            diplomats: 0,
            spies: 0,
            generals: 0,
            marshalls: 0,
            admirals: 0,
        };
        assert_eq!(v.validate(), vec![VariantProblem::EmptyDeck]);
    }

    #[test]
    fn a_card_kind_fits_what_a_hand_can_count() {
        let mut v = Variant::rulebook();
        v.deck.spies = MAX_CARDS_OF_A_KIND;
        assert!(v.validate().is_empty());
        v.deck.spies += 1;
        assert_eq!(v.validate()[0].options(), ["deck.spies"]);
    }

    #[test]
    fn a_region_bonus_override_is_checked_like_the_others() {
        let mut v = Variant::rulebook();
        v.spoils.region_bonus = Some(20_000);
        let problems = v.validate();
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].options(), ["spoils.region_bonus"]);
    }

    #[test]
    fn variants_that_bring_no_armies_after_setup_are_warned_about() {
        let mut v = Variant::rulebook();
        assert!(v.warnings().is_empty());
        v.deck.reinforcements = 0;
        // Hidden armies still bring their minimum.
        v.hidden_army_minimum = 2;
        assert!(v.warnings().is_empty());
        v.hidden_army_minimum = 0;
        assert_eq!(v.warnings(), [VariantWarning::OnlySpoilsBringArmies]);
        v.deck.reinforcements = 12;
        v.reinforcement_track = vec![0; 12];
        assert_eq!(v.warnings(), [VariantWarning::OnlySpoilsBringArmies]);
        v.spoils.banner_bonus = 0;
        v.spoils.empire_bonus = Some(0);
        v.spoils.all_independents_bonus = Some(0);
        assert_eq!(v.warnings(), [VariantWarning::NoArmiesAfterSetup]);
        let paths = Variant::option_paths();
        for warning in v.warnings() {
            for option in warning.options() {
                assert!(paths.iter().any(|p| p == option), "{option}");
            }
        }
    }

    #[test]
    fn every_problem_names_real_options() {
        let paths = Variant::option_paths();
        let mut v = Variant::rulebook();
        v.starting_armies = crate::variant::StartingArmies {
            two: 0,
            three: 0,
            four: 0,
            five: 0,
            six: 0,
        };
        v.armies_per_setup_placement = 0;
        v.castle_dice_limit = 0;
        v.deck.reinforcements = 20;
        v.hidden_army_minimum = 99_999;
        v.name = "Castle\0Risk".to_owned();
        let problems = v.validate();
        assert!(problems.len() >= 9, "{problems:?}");
        for problem in problems.iter().chain([&VariantProblem::EmptyDeck]) {
            assert!(!problem.options().is_empty(), "{problem}");
            for option in problem.options() {
                assert!(
                    paths.iter().any(|p| p == option) || ["name", "description"].contains(&option),
                    "{option}"
                );
            }
        }
    }

    #[test]
    fn names_and_descriptions_are_plain_text_of_a_sensible_length() {
        let mut v = Variant::rulebook();
        v.name = "Castle\0Risk".to_owned();
        v.description = "d".repeat(crate::diagnostics::MAX_DESCRIPTION_CHARS + 1);
        let problems = v.validate();
        assert!(matches!(
            problems[..],
            [
                VariantProblem::Text {
                    field: "name",
                    problem: TextProblem::ControlCharacter('\0')
                },
                VariantProblem::Text {
                    field: "description",
                    problem: TextProblem::TooLong { .. }
                },
            ]
        ));
        assert_eq!(problems[0].options(), ["name"]);
        v.name = "Two\nlines".to_owned();
        v.description = "A first line.\nA second.".to_owned();
        assert!(matches!(
            v.validate()[..],
            [VariantProblem::Text {
                field: "name",
                problem: TextProblem::ControlCharacter('\n')
            }]
        ));
    }
}
