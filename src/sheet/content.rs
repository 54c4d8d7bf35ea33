//! What the reference sheet says, as plain data taken from a board and a variant: the
//! spoils of each group, the reinforcement track, the turn, the cards, the battle rules
//! and the options that differ from the rulebook. No words and no drawing here:
//! `wording` puts this into sentences, `layout` and `draw` onto paper.

use std::sync::Arc;

use castellan_engine::board::{Board, GroupKind};
use castellan_engine::game::{CARDS_DEALT, Card, HAND_TOP_UP, MAX_ATTACK_DICE, MAX_DEFENCE_DICE};
use castellan_engine::variant::{Ruleset, Variant};

use crate::variant_options::{self, OptionValue};

/// Everything the sheet states, for one board and variant.
#[derive(Clone, Debug)]
pub struct SheetContent {
    /// The board, for its name and the small map.
    pub board: Arc<Board>,
    /// The variant's name as its file gives it; none for the rulebook itself.
    pub variant_name: Option<String>,
    pub setup: Setup,
    pub spoils: Spoils,
    pub reinforcements: Reinforcements,
    pub turn: Vec<TurnStep>,
    pub cards: Vec<CardEntry>,
    pub battle: Battle,
    /// The options this variant changes, in the engine's order.
    pub changes: Vec<RuleChange>,
    /// Classic Risk's own rules, when the variant plays them (the sheet is then the
    /// classic sheet, and the Castle Risk parts above go unused).
    pub classic: Option<ClassicSheet>,
}

/// What a classic Risk sheet states (rulings 27–41).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassicSheet {
    /// Every continent of the board with its bonus (a board's groups, whatever kind).
    pub continents: Vec<GroupEntry>,
    pub sets: SetValues,
    /// Extra armies on a traded card's territory that the trader holds.
    pub territory_bonus: u32,
    pub wild_cards: u32,
    /// A hand of this many cards must trade.
    pub must_trade_at: u32,
    /// Above this many after taking an eliminated player's cards, trade at once.
    pub trade_down_above: u32,
    pub territories_per_army: u32,
    pub minimum_armies: u32,
    /// The neutral army of a two-player game (0: none).
    pub neutral_armies: u32,
    /// The neutral holds one territory with all its armies.
    pub neutral_in_one_territory: bool,
    pub fortify_path: bool,
    pub missions: bool,
}

/// What a set of territory cards brings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetValues {
    /// The game's sets in order, then each `increment` more than the one before.
    Escalating { first: Vec<u32>, increment: u32 },
    /// A fixed value for each kind of set.
    Fixed {
        infantry: u32,
        cavalry: u32,
        artillery: u32,
        mixed: u32,
    },
}

/// An empire or an independent region, with its territories' names as on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupEntry {
    /// Its index in the board's groups (what the map's tints go by).
    pub index: usize,
    pub name: String,
    pub territories: Vec<String>,
    /// Armies for holding it whole: the empire bonus, or the region's own bonus (which
    /// counts only under the per-region house rule).
    pub bonus: u32,
}

/// How a game is set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Each player's starting armies, by number of players.
    pub starting_armies: Vec<(usize, u32)>,
    /// Armies placed at a time once every territory is claimed.
    pub armies_per_placement: u32,
    pub hidden_armies: bool,
    /// Cards dealt to each player.
    pub cards_dealt: usize,
}

/// Armies collected at the end of a turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spoils {
    pub empires: Vec<GroupEntry>,
    pub regions: Vec<GroupEntry>,
    /// How the independents pay; `None` when the board has none.
    pub independents: Option<IndependentsBonus>,
    /// Armies for each captured banner on one's castle.
    pub banner_bonus: u32,
}

/// What holding independent territories is worth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IndependentsBonus {
    /// The rulebook: `armies` for holding all `territories` independents at once.
    AllAtOnce { armies: u32, territories: usize },
    /// The house rule: each wholly held region pays its own bonus.
    PerRegion,
}

/// The reinforcement track and the hidden armies, which are sized by it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reinforcements {
    /// The numbers the deck's Reinforcement cards can cover, in order (the track
    /// beyond the last card is never reached).
    pub track: Vec<u32>,
    /// `None` when the variant plays without hidden armies.
    pub hidden_armies: Option<HiddenArmies>,
}

/// How hidden armies are sized when revealed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct HiddenArmies {
    /// The fewest they bring, even before any Reinforcement card is played.
    pub minimum: u32,
}

/// One step of a turn, in the order they come.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TurnStep {
    /// Bring the hand up to this many cards.
    TopUpHand(usize),
    DrawCard,
    PlayCards,
    Attack,
    /// The classic free move of the house rule.
    Fortify,
    CollectSpoils,
}

/// A kind of card with its count in this variant's deck.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CardEntry {
    pub card: Card,
    pub count: u32,
}

/// The battle rules that a variant can change, with the fixed dice limits.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Battle {
    pub attacker_dice: u8,
    pub defender_dice: u8,
    /// Most dice against a castle.
    pub castle_dice: u8,
    /// The General survives a tie (house rule).
    pub lenient_general: bool,
    /// Diplomats are used (with 3 or more players).
    pub diplomats_in_play: bool,
}

/// One option whose value differs from the rulebook's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleChange {
    /// The option's path in variant files (`spoils.banner_bonus`), which
    /// [`variant_options::options`] describes.
    pub option: &'static str,
    pub value: OptionValue,
    pub rulebook: OptionValue,
}

impl SheetContent {
    /// What the sheet says for `board` played with `variant`.
    pub fn new(board: Arc<Board>, variant: &Variant) -> Self {
        let entry = |index: usize| {
            let group = &board.groups[index];
            GroupEntry {
                index,
                name: group.name.clone(),
                territories: group
                    .territories
                    .iter()
                    .map(|&id| board.territory(id).name.clone())
                    .collect(),
                bonus: group.bonus,
            }
        };
        let of_kind = |kind: GroupKind| {
            (0..board.groups.len())
                .filter(|&index| board.groups[index].kind == kind)
                .map(entry)
                .collect::<Vec<_>>()
        };
        let mut empires = of_kind(GroupKind::Empire);
        if let Some(bonus) = variant.spoils.empire_bonus {
            for empire in &mut empires {
                empire.bonus = bonus;
            }
        }
        let mut regions = of_kind(GroupKind::Independent);
        if let Some(bonus) = variant.spoils.region_bonus {
            for region in &mut regions {
                region.bonus = bonus;
            }
        }
        let independents = (!regions.is_empty()).then(|| {
            if variant.spoils.per_region_bonus {
                IndependentsBonus::PerRegion
            } else {
                IndependentsBonus::AllAtOnce {
                    armies: variant
                        .spoils
                        .all_independents_bonus
                        .unwrap_or(board.all_independents_bonus),
                    territories: board.independent_territory_count(),
                }
            }
        });

        let cards_on_track = usize::try_from(variant.deck.reinforcements).unwrap_or(usize::MAX);
        let reinforcements = Reinforcements {
            track: variant
                .reinforcement_track
                .iter()
                .copied()
                .take(cards_on_track)
                .collect(),
            hidden_armies: variant.hidden_armies.then_some(HiddenArmies {
                minimum: variant.hidden_army_minimum,
            }),
        };

        let mut turn = vec![
            TurnStep::TopUpHand(HAND_TOP_UP),
            TurnStep::DrawCard,
            TurnStep::PlayCards,
            TurnStep::Attack,
        ];
        if variant.classic_fortify {
            turn.push(TurnStep::Fortify);
        }
        turn.push(TurnStep::CollectSpoils);

        let deck = &variant.deck;
        let cards = Card::ALL
            .iter()
            .map(|&card| CardEntry {
                card,
                count: match card {
                    Card::Reinforcements => deck.reinforcements,
                    Card::Diplomat => deck.diplomats,
                    Card::Spy => deck.spies,
                    Card::General => deck.generals,
                    Card::Marshall => deck.marshalls,
                    Card::Admiral => deck.admirals,
                },
            })
            .collect();

        let battle = Battle {
            attacker_dice: MAX_ATTACK_DICE,
            defender_dice: MAX_DEFENCE_DICE,
            castle_dice: variant.castle_dice_limit.min(MAX_ATTACK_DICE),
            lenient_general: variant.lenient_general,
            diplomats_in_play: variant.diplomats_in_play,
        };

        // Changes from the standard rules of the variant's own ruleset: a classic
        // variant is not a change to every Castle Risk option.
        let standard = Variant::standard(variant.ruleset);
        let changes = variant_options::options()
            .iter()
            .filter(|option| option.get(variant) != option.get(&standard))
            .map(|option| RuleChange {
                option: option.path,
                value: option.get(variant),
                rulebook: option.get(&standard),
            })
            .collect();

        let setup = Setup {
            starting_armies: (2..=6)
                .filter_map(|players| Some((players, variant.starting_armies_for(players)?)))
                .collect(),
            armies_per_placement: variant.armies_per_setup_placement,
            hidden_armies: variant.hidden_armies,
            cards_dealt: CARDS_DEALT,
        };

        let classic = (variant.ruleset == Ruleset::Classic).then(|| classic_sheet(&board, variant));
        Self {
            setup,
            spoils: Spoils {
                empires,
                regions,
                independents,
                banner_bonus: variant.spoils.banner_bonus,
            },
            board,
            variant_name: (!variant.name.is_empty()).then(|| variant.name.clone()),
            reinforcements,
            turn,
            cards,
            battle,
            changes,
            classic,
        }
    }

    /// Cards in the whole deck.
    pub fn deck_size(&self) -> u32 {
        self.cards.iter().map(|entry| entry.count).sum()
    }
}

/// The classic rules of `variant`, with `board`'s continents.
fn classic_sheet(board: &Board, variant: &Variant) -> ClassicSheet {
    let rules = &variant.classic;
    ClassicSheet {
        continents: board
            .groups
            .iter()
            .enumerate()
            .filter(|(_, group)| !group.territories.is_empty())
            .map(|(index, group)| GroupEntry {
                index,
                name: group.name.clone(),
                territories: group
                    .territories
                    .iter()
                    .map(|&id| board.territory(id).name.clone())
                    .collect(),
                bonus: group.bonus,
            })
            .collect(),
        sets: if rules.fixed_trade {
            SetValues::Fixed {
                infantry: rules.fixed_infantry,
                cavalry: rules.fixed_cavalry,
                artillery: rules.fixed_artillery,
                mixed: rules.fixed_mixed,
            }
        } else {
            SetValues::Escalating {
                first: rules.trade_values.clone(),
                increment: rules.trade_increment,
            }
        },
        territory_bonus: rules.territory_bonus,
        wild_cards: rules.wild_cards,
        must_trade_at: rules.must_trade_at,
        trade_down_above: rules.trade_down_above,
        territories_per_army: rules.territories_per_army,
        minimum_armies: rules.minimum_armies,
        neutral_armies: rules.neutral_armies,
        neutral_in_one_territory: rules.neutral_in_one_territory,
        fortify_path: rules.fortify_path,
        missions: rules.missions,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::test_boards::shipped_castle_risk;

    fn content(variant: &Variant) -> SheetContent {
        SheetContent::new(Arc::new(shipped_castle_risk()), variant)
    }

    #[test]
    fn the_rulebook_gives_each_empire_its_territories_and_bonus() {
        let sheet = content(&Variant::rulebook());
        let names: Vec<&str> = sheet
            .spoils
            .empires
            .iter()
            .map(|e| e.name.as_str())
            .collect();
        assert_eq!(
            names,
            [
                "British Empire",
                "French Empire",
                "German Empire",
                "Austrian Empire",
                "Russian Empire",
                "Ottoman Empire"
            ]
        );
        assert!(sheet.spoils.empires.iter().all(|e| e.bonus == 4));
        let british = &sheet.spoils.empires[0];
        assert_eq!(
            british.territories,
            ["London", "Wales", "Ireland", "Yorkshire", "Scotland"]
        );
        let territories: usize = sheet
            .spoils
            .empires
            .iter()
            .chain(&sheet.spoils.regions)
            .map(|g| g.territories.len())
            .sum();
        assert_eq!(territories, 44);
        assert_eq!(sheet.spoils.banner_bonus, 8);
    }

    #[test]
    fn the_rulebook_pays_six_for_all_eleven_independents() {
        let sheet = content(&Variant::rulebook());
        assert_eq!(
            sheet.spoils.independents,
            Some(IndependentsBonus::AllAtOnce {
                armies: 6,
                territories: 11
            })
        );
        let regions: Vec<&str> = sheet
            .spoils
            .regions
            .iter()
            .map(|r| r.name.as_str())
            .collect();
        assert_eq!(regions, ["Italy", "Spain", "Scandinavia"]);
    }

    #[test]
    fn the_per_region_house_rule_pays_each_region_its_bonus() {
        let mut variant = Variant::rulebook();
        variant.spoils.per_region_bonus = true;
        let sheet = content(&variant);
        assert_eq!(
            sheet.spoils.independents,
            Some(IndependentsBonus::PerRegion)
        );
        assert!(sheet.spoils.regions.iter().all(|r| r.bonus == 2));
        assert_eq!(sheet.changes.len(), 1);
        assert_eq!(sheet.changes[0].option, "spoils.per_region_bonus");
        assert_eq!(sheet.changes[0].value, OptionValue::Switch(true));
        assert_eq!(sheet.changes[0].rulebook, OptionValue::Switch(false));
    }

    #[test]
    fn the_variants_name_is_the_sheets_and_the_rulebook_has_none() {
        assert_eq!(content(&Variant::rulebook()).variant_name, None);
        let mut variant = Variant::rulebook();
        variant.name = "Common house rules".to_owned();
        variant.spoils.per_region_bonus = true;
        variant.spoils.region_bonus = Some(3);
        let sheet = content(&variant);
        assert_eq!(sheet.variant_name.as_deref(), Some("Common house rules"));
        assert!(sheet.spoils.regions.iter().all(|r| r.bonus == 3));
    }

    #[test]
    fn variant_spoils_override_the_boards_values() {
        let mut variant = Variant::rulebook();
        variant.spoils.empire_bonus = Some(5);
        variant.spoils.all_independents_bonus = Some(9);
        variant.spoils.banner_bonus = 10;
        let sheet = content(&variant);
        assert!(sheet.spoils.empires.iter().all(|e| e.bonus == 5));
        assert_eq!(
            sheet.spoils.independents,
            Some(IndependentsBonus::AllAtOnce {
                armies: 9,
                territories: 11
            })
        );
        assert_eq!(sheet.spoils.banner_bonus, 10);
        let empire_bonus = sheet
            .changes
            .iter()
            .find(|c| c.option == "spoils.empire_bonus")
            .expect("the empire bonus is a change");
        assert_eq!(empire_bonus.value, OptionValue::BoardNumber(Some(5)));
        assert_eq!(empire_bonus.rulebook, OptionValue::BoardNumber(None));
    }

    #[test]
    fn the_track_holds_only_the_numbers_the_deck_can_cover() {
        let sheet = content(&Variant::rulebook());
        assert_eq!(sheet.reinforcements.track, (3..=14).collect::<Vec<u32>>());
        let mut variant = Variant::rulebook();
        variant.deck.reinforcements = 4;
        variant.reinforcement_track = vec![2, 4, 6, 8, 10, 12];
        let sheet = content(&variant);
        assert_eq!(sheet.reinforcements.track, [2, 4, 6, 8]);
        assert_eq!(
            sheet
                .changes
                .iter()
                .find(|c| c.option == "reinforcement_track")
                .map(|c| &c.value),
            Some(&OptionValue::Track(vec![2, 4, 6, 8, 10, 12]))
        );
    }

    #[test]
    fn hidden_armies_follow_the_variant() {
        let sheet = content(&Variant::rulebook());
        assert_eq!(
            sheet.reinforcements.hidden_armies,
            Some(HiddenArmies { minimum: 0 })
        );
        let mut variant = Variant::rulebook();
        variant.hidden_army_minimum = 3;
        assert_eq!(
            content(&variant).reinforcements.hidden_armies,
            Some(HiddenArmies { minimum: 3 })
        );
        variant.hidden_armies = false;
        assert_eq!(content(&variant).reinforcements.hidden_armies, None);
    }

    #[test]
    fn setup_follows_the_variants_starting_armies_and_placements() {
        let sheet = content(&Variant::rulebook());
        assert_eq!(
            sheet.setup.starting_armies,
            [(2, 40), (3, 35), (4, 30), (5, 25), (6, 20)]
        );
        assert_eq!(sheet.setup.armies_per_placement, 5);
        assert_eq!(sheet.setup.cards_dealt, 3);
        let mut variant = Variant::rulebook();
        variant.starting_armies.four = 33;
        variant.armies_per_setup_placement = 3;
        let sheet = content(&variant);
        assert_eq!(sheet.setup.starting_armies[2], (4, 33));
        assert_eq!(sheet.setup.armies_per_placement, 3);
    }

    #[test]
    fn the_turn_gains_a_fortify_step_under_the_classic_house_rule() {
        use TurnStep::*;
        assert_eq!(
            content(&Variant::rulebook()).turn,
            [TopUpHand(3), DrawCard, PlayCards, Attack, CollectSpoils]
        );
        let mut variant = Variant::rulebook();
        variant.classic_fortify = true;
        assert_eq!(
            content(&variant).turn,
            [
                TopUpHand(3),
                DrawCard,
                PlayCards,
                Attack,
                Fortify,
                CollectSpoils
            ]
        );
    }

    #[test]
    fn the_deck_counts_are_the_variants() {
        let sheet = content(&Variant::rulebook());
        let counts: Vec<(Card, u32)> = sheet.cards.iter().map(|e| (e.card, e.count)).collect();
        assert_eq!(
            counts,
            [
                (Card::Reinforcements, 12),
                (Card::Diplomat, 7),
                (Card::Spy, 7),
                (Card::General, 8),
                (Card::Marshall, 8),
                (Card::Admiral, 6)
            ]
        );
        assert_eq!(sheet.deck_size(), 48);
        let mut variant = Variant::rulebook();
        variant.deck.admirals = 10;
        assert_eq!(content(&variant).deck_size(), 52);
    }

    #[test]
    fn the_castle_limit_and_general_follow_the_variant() {
        let rulebook = content(&Variant::rulebook()).battle;
        assert_eq!(
            (
                rulebook.attacker_dice,
                rulebook.defender_dice,
                rulebook.castle_dice
            ),
            (3, 2, 2)
        );
        assert!(!rulebook.lenient_general);
        let mut variant = Variant::rulebook();
        variant.castle_dice_limit = 3;
        variant.lenient_general = true;
        let house = content(&variant).battle;
        assert_eq!(house.castle_dice, 3);
        assert!(house.lenient_general);
    }
}
