//! The sheet in words: turns a [`SheetContent`] into translated sections of typed
//! blocks (a group with its bonus, a step of the turn, a card, a rule…), each text
//! already in Pango markup. How the blocks look and where they go is `layout`'s job.

use gettextrs::{gettext, ngettext, pgettext};
use pango::glib::markup_escape_text;

use castellan_engine::game::Card;

use super::content::{
    CardEntry, ClassicSheet, GroupEntry, IndependentsBonus, RuleChange, SetValues, SheetContent,
    TurnStep,
};
use crate::config;
use crate::text::{fill, translated};
use crate::variant_options;

/// The whole sheet in words.
#[derive(Clone, Debug, PartialEq)]
pub struct Document {
    /// The board's name, the sheet's title.
    pub title: String,
    pub subtitle: String,
    /// Which rules the sheet is for: the variant's name, or the rulebook.
    pub variant: String,
    /// What the variant changes, in markup, under the title.
    pub changes: String,
    /// Small print at the foot of each page.
    pub footer: String,
    pub sections: Vec<Section>,
}

/// A titled part of the sheet.
#[derive(Clone, Debug, PartialEq)]
pub struct Section {
    pub title: String,
    /// A few words beside the title (when spoils are collected, the deck's size…).
    pub note: Option<String>,
    pub blocks: Vec<Block>,
    /// Left out when the page has no room for it.
    pub optional: bool,
}

/// One element of a section. Every text is Pango markup.
#[derive(Clone, Debug, PartialEq)]
pub enum Block {
    /// A paragraph.
    Text(String),
    /// A rule in a list.
    Bullet(String),
    /// What holding something is worth: its name, details (territories) and bonus
    /// (empty when it pays nothing by itself). `group` is the board group whose tint
    /// marks the line, if any, and `hatched` says it is hatched on the map.
    Bonus {
        group: Option<usize>,
        hatched: bool,
        name: String,
        details: String,
        bonus: String,
    },
    /// A numbered step of the turn.
    Step { number: usize, text: String },
    /// The reinforcement track's numbers, in order.
    Track(Vec<u32>),
    /// A card: its name, how many the deck holds, when it is played, what it does.
    Card {
        name: String,
        count: String,
        when: String,
        what: String,
    },
    /// The small map of the board, with its key below it.
    Map { key: String },
}

/// Escapes text for Pango markup.
pub(super) fn escape(text: &str) -> String {
    markup_escape_text(text).to_string()
}

/// Fills a translated template whose values are markup already (bold numbers…).
fn fill_markup(template: &str, values: &[(&str, &dyn std::fmt::Display)]) -> String {
    fill(&escape(template), values)
}

/// A number in bold.
fn bold(number: impl std::fmt::Display) -> String {
    format!("<b>{number}</b>")
}

/// A name from the board file, translated like the map translates it.
fn board_name(name: &str) -> String {
    translated(name)
}

/// The number gettext picks a plural form by.
fn plural(count: impl TryInto<u32>) -> u32 {
    count.try_into().unwrap_or(u32::MAX)
}

/// Words the sheet of `content`.
pub fn document(content: &SheetContent) -> Document {
    let board = board_name(&content.board.meta.name);
    let variant = match &content.variant_name {
        // Translators: the rules a reference sheet is for, under its title.
        Some(name) => fill(&gettext("Variant: {name}"), &[("name", &translated(name))]),
        None if content.classic.is_some() => gettext("Classic Risk by its rules text"),
        None if content.changes.is_empty() => gettext("The rulebook of 1986"),
        None => gettext("House rules"),
    };
    Document {
        title: board.clone(),
        // Translators: the title of the printed summary of the rules.
        subtitle: pgettext("reference sheet", "Reference sheet"),
        footer: fill(
            // Translators: the small print at the foot of the reference sheet.
            &gettext("Castellan {version} · {board} · {variant}"),
            &[
                ("version", &config::VERSION),
                ("board", &board),
                ("variant", &variant),
            ],
        ),
        variant,
        changes: changes(content),
        sections: match &content.classic {
            Some(classic) => classic_sections(content, classic),
            None => castle_risk_sections(content),
        },
    }
}

/// The Castle Risk sheet's sections, in the order the page shows them.
fn castle_risk_sections(content: &SheetContent) -> Vec<Section> {
    vec![
        spoils(content),
        reinforcements(content),
        turn(content),
        battles(content),
        map(content),
        cards(content),
        setup(content),
    ]
}

/// The classic Risk sheet (rulings 27–41): new armies with the continents, the turn,
/// the card sets, battles, the board, setting up and victory.
fn classic_sections(content: &SheetContent, classic: &ClassicSheet) -> Vec<Section> {
    vec![
        classic_armies(classic),
        classic_turn(classic),
        classic_sets(classic),
        classic_victory(classic),
        classic_battles(content),
        map(content),
        classic_setup(content, classic),
    ]
}

fn classic_armies(classic: &ClassicSheet) -> Section {
    let mut blocks = vec![Block::Text(fill_markup(
        &gettext(
            "At the start of your turn: 1 army for every {per} territories you hold (at least {min}), plus each continent you hold whole:",
        ),
        &[
            ("per", &bold(classic.territories_per_army)),
            ("min", &bold(classic.minimum_armies)),
        ],
    ))];
    blocks.extend(classic.continents.iter().map(|group| {
        Block::Bonus {
            group: Some(group.index),
            hatched: false,
            name: escape(&board_name(&group.name)),
            details: escape(
                &group
                    .territories
                    .iter()
                    .map(|t| board_name(t))
                    .collect::<Vec<_>>()
                    .join(" · "),
            ),
            bonus: format!("+{}", group.bonus),
        }
    }));
    blocks.push(Block::Text(escape(&gettext(
        "Plus the armies of the sets of cards you trade.",
    ))));
    Section {
        title: pgettext("reference sheet", "New armies"),
        note: Some(gettext("continents held whole")),
        blocks,
        optional: false,
    }
}

fn classic_turn(classic: &ClassicSheet) -> Section {
    let steps = [
        fill_markup(
            &gettext(
                "Reinforcements: trade sets of cards if you wish (with {cards} cards or more you must), then place all your new armies.",
            ),
            &[("cards", &bold(classic.must_trade_at))],
        ),
        escape(&gettext("Attack if you wish, as often as you can.")),
        escape(&if classic.fortify_path {
            gettext(
                "Fortify if you wish: once, move armies from one territory of yours to another joined to it through your own territories, leaving 1 behind.",
            )
        } else {
            gettext(
                "Fortify if you wish: once, move armies from one territory of yours to an adjacent one of yours, leaving 1 behind.",
            )
        }),
        escape(&gettext(
            "If you took at least one territory this turn, draw 1 territory card.",
        )),
    ];
    Section {
        title: pgettext("reference sheet", "Your turn, in order"),
        note: None,
        blocks: steps
            .into_iter()
            .enumerate()
            .map(|(index, text)| Block::Step {
                number: index + 1,
                text,
            })
            .collect(),
        optional: false,
    }
}

fn classic_sets(classic: &ClassicSheet) -> Section {
    let mut blocks = vec![Block::Bullet(escape(&gettext(
        "A set is three cards alike, one of each symbol, or two cards and a wild card.",
    )))];
    match &classic.sets {
        SetValues::Escalating { first, increment } => {
            blocks.push(Block::Text(escape(&gettext(
                "The sets traded in the game bring, in order:",
            ))));
            blocks.push(Block::Track(first.clone()));
            blocks.push(Block::Text(fill_markup(
                &ngettext(
                    "then each set {more} army more than the one before.",
                    "then each set {more} armies more than the one before.",
                    *increment,
                ),
                &[("more", &bold(increment))],
            )));
        }
        SetValues::Fixed {
            infantry,
            cavalry,
            artillery,
            mixed,
        } => {
            let line = |name: String, armies: u32| Block::Bonus {
                group: None,
                hatched: false,
                name: escape(&name),
                details: String::new(),
                bonus: format!("+{armies}"),
            };
            blocks.push(line(gettext("Three infantry"), *infantry));
            blocks.push(line(gettext("Three cavalry"), *cavalry));
            blocks.push(line(gettext("Three artillery"), *artillery));
            blocks.push(line(gettext("One of each, or with a wild card"), *mixed));
        }
    }
    blocks.push(Block::Bullet(fill_markup(
        &ngettext(
            "A traded card showing a territory you hold puts {armies} army there.",
            "A traded card showing a territory you hold puts {armies} armies there.",
            classic.territory_bonus,
        ),
        &[("armies", &bold(classic.territory_bonus))],
    )));
    blocks.push(Block::Bullet(fill_markup(
        &gettext(
            "Eliminating a player takes their cards: holding more than {above}, trade at once until you hold fewer than {below}.",
        ),
        &[
            ("above", &bold(classic.trade_down_above)),
            ("below", &bold(classic.must_trade_at)),
        ],
    )));
    Section {
        title: pgettext("reference sheet", "Card sets"),
        note: Some(fill(
            &ngettext(
                "a card per territory and {wild} wild card",
                "a card per territory and {wild} wild cards",
                classic.wild_cards,
            ),
            &[("wild", &classic.wild_cards)],
        )),
        blocks,
        optional: false,
    }
}

fn classic_victory(classic: &ClassicSheet) -> Section {
    let text = if classic.missions {
        gettext("Complete the secret mission dealt to you, or hold every territory.")
    } else {
        gettext("Hold every territory.")
    };
    Section {
        title: pgettext("reference sheet", "Victory"),
        note: None,
        blocks: vec![Block::Text(escape(&text))],
        optional: false,
    }
}

fn classic_battles(content: &SheetContent) -> Section {
    let battle = content.battle;
    let bullets = [
        escape(&gettext(
            "Attack from a territory of 2 armies or more to an adjacent enemy one (border or dotted line).",
        )),
        fill_markup(
            &gettext(
                "Attacker: 1 to {dice} dice, fewer than the armies attacking from there. Defender: 1 or {defence} dice, no more than its armies.",
            ),
            &[
                ("dice", &battle.attacker_dice),
                ("defence", &battle.defender_dice),
            ],
        ),
        escape(&gettext(
            "Highest die against highest, second against second: the lower loses 1 army; a tie goes to the defender.",
        )),
        escape(&gettext(
            "After a capture, move in at least as many armies as dice rolled; leave 1 behind.",
        )),
    ];
    Section {
        title: pgettext("reference sheet", "Battles"),
        note: None,
        blocks: bullets.into_iter().map(Block::Bullet).collect(),
        optional: false,
    }
}

fn classic_setup(content: &SheetContent, classic: &ClassicSheet) -> Section {
    let armies = content
        .setup
        .starting_armies
        .iter()
        .map(|(players, armies)| format!("{players}\u{a0}→\u{a0}{}", bold(armies)))
        .collect::<Vec<_>>()
        .join(" · ");
    let mut steps = vec![
        fill_markup(
            &gettext("Starting armies by number of players: {armies}."),
            &[("armies", &armies)],
        ),
        escape(&gettext(
            "In turn, claim an empty territory with 1 army; once all are claimed, place 1 army at a time on your own until all are placed. Who placed first plays first.",
        )),
    ];
    if classic.neutral_armies > 0 {
        let template = if classic.neutral_in_one_territory {
            gettext(
                "Two players: a neutral army of {armies} holds one territory, drawn at random; it never plays, and the other player rolls its defence.",
            )
        } else {
            gettext(
                "Two players: a neutral army of {armies} holds territories too; it never plays, and the other player rolls its defence.",
            )
        };
        steps.push(fill_markup(
            &template,
            &[("armies", &bold(classic.neutral_armies))],
        ));
    }
    Section {
        title: pgettext("reference sheet", "Setting up"),
        note: None,
        blocks: steps
            .into_iter()
            .enumerate()
            .map(|(index, text)| Block::Step {
                number: index + 1,
                text,
            })
            .collect(),
        optional: true,
    }
}

fn spoils(content: &SheetContent) -> Section {
    let spoils = &content.spoils;
    let group_line = |group: &GroupEntry, hatched: bool, bonus: String| Block::Bonus {
        group: Some(group.index),
        hatched,
        name: escape(&board_name(&group.name)),
        details: escape(
            &group
                .territories
                .iter()
                .map(|t| board_name(t))
                .collect::<Vec<_>>()
                .join(" · "),
        ),
        bonus,
    };
    let plus = |armies: u32| format!("+{armies}");
    let mut blocks: Vec<Block> = spoils
        .empires
        .iter()
        .map(|empire| group_line(empire, false, plus(empire.bonus)))
        .collect();
    match &spoils.independents {
        Some(IndependentsBonus::AllAtOnce {
            armies,
            territories,
        }) => {
            blocks.extend(
                spoils
                    .regions
                    .iter()
                    .map(|region| group_line(region, true, String::new())),
            );
            blocks.push(Block::Bonus {
                group: None,
                hatched: false,
                name: fill(
                    &escape(&ngettext(
                        "All {count} independent at once",
                        "All {count} independents at once",
                        plural(*territories),
                    )),
                    &[("count", territories)],
                ),
                // Translators: under "All 11 independents at once" on the sheet.
                details: escape(&gettext("holding only some of them pays nothing")),
                bonus: plus(*armies),
            });
        }
        Some(IndependentsBonus::PerRegion) => {
            // One figure for all regions when they pay the same, as the rulebook's
            // line for all independents has; else each region's own.
            let bonuses: Vec<u32> = spoils.regions.iter().map(|r| r.bonus).collect();
            let same = bonuses
                .first()
                .copied()
                .filter(|first| bonuses.iter().all(|bonus| bonus == first));
            blocks.extend(spoils.regions.iter().map(|region| {
                let bonus = if same.is_some() {
                    String::new()
                } else {
                    plus(region.bonus)
                };
                group_line(region, true, bonus)
            }));
            blocks.push(Block::Bonus {
                group: None,
                hatched: false,
                // Translators: the spoils line of the house rule that pays each
                // independent region held whole.
                name: escape(&gettext("Each independent region held whole")),
                details: escape(&gettext(
                    "house rule, instead of a bonus for all independents",
                )),
                bonus: same.map(plus).unwrap_or_default(),
            });
        }
        None => {}
    }
    blocks.push(Block::Bonus {
        group: None,
        hatched: false,
        // Translators: a spoils line; its details follow on the next line.
        name: escape(&gettext("Each captured banner")),
        details: escape(&gettext("on your castle; your own banner does not count")),
        bonus: plus(spoils.banner_bonus),
    });
    Section {
        // Translators: the armies collected at the end of a turn.
        title: pgettext("reference sheet", "Spoils"),
        note: Some(gettext("collected at the end of your turn")),
        blocks,
        optional: false,
    }
}

fn reinforcements(content: &SheetContent) -> Section {
    let reinforcements = &content.reinforcements;
    let mut blocks = vec![Block::Track(reinforcements.track.clone())];
    let hidden = match reinforcements.hidden_armies {
        Some(hidden) if hidden.minimum > 0 => fill_markup(
            &gettext(
                "once per game, in your turn or when attacked there, on a territory you hold: the last number covered on the track, and at least {minimum}.",
            ),
            &[("minimum", &bold(hidden.minimum))],
        ),
        Some(_) => escape(&gettext(
            "once per game, in your turn or when attacked there, on a territory you hold: the last number covered on the track (none before the first card).",
        )),
        None => escape(&gettext("none in this variant.")),
    };
    blocks.push(Block::Text(format!(
        "<b>{}</b> {hidden}",
        // Translators: the lead-in of the sentence on hidden armies, in bold.
        escape(&gettext("Hidden armies:"))
    )));
    Section {
        title: pgettext("reference sheet", "Reinforcement track"),
        note: Some(gettext("and hidden armies")),
        blocks,
        optional: false,
    }
}

fn setup(content: &SheetContent) -> Section {
    let setup = &content.setup;
    let armies = setup
        .starting_armies
        .iter()
        // No-break spaces keep each pair on one line.
        .map(|(players, armies)| format!("{players}\u{a0}→\u{a0}{}", bold(armies)))
        .collect::<Vec<_>>()
        .join(" · ");
    let mut steps = vec![
        fill_markup(
            &gettext("Starting armies by number of players: {armies}."),
            &[("armies", &armies)],
        ),
        escape(&gettext(
            "In turn, draw an empire’s banner at random and set your castle with 1 army on a territory of that empire.",
        )),
        fill_markup(
            &ngettext(
                "In turn, claim the empty territories with 1 army each; then place {armies} army at a time on your own until all are placed.",
                "In turn, claim the empty territories with 1 army each; then place {armies} armies at a time on your own until all are placed.",
                setup.armies_per_placement,
            ),
            &[("armies", &bold(setup.armies_per_placement))],
        ),
    ];
    if setup.hidden_armies {
        steps.push(escape(&gettext(
            "Secretly write down a territory without a castle for your hidden armies.",
        )));
    }
    steps.push(fill_markup(
        &ngettext(
            "Deal {cards} card to each player; a player drawn at random starts, and play passes to the left.",
            "Deal {cards} cards to each player; a player drawn at random starts, and play passes to the left.",
            plural(setup.cards_dealt),
        ),
        &[("cards", &setup.cards_dealt)],
    ));
    Section {
        title: pgettext("reference sheet", "Setting up"),
        note: None,
        blocks: steps
            .into_iter()
            .enumerate()
            .map(|(index, text)| Block::Step {
                number: index + 1,
                text,
            })
            .collect(),
        optional: true,
    }
}

fn turn(content: &SheetContent) -> Section {
    let blocks = content
        .turn
        .iter()
        .enumerate()
        .map(|(index, step)| Block::Step {
            number: index + 1,
            text: match *step {
                TurnStep::TopUpHand(cards) => fill_markup(
                    &ngettext(
                        "If you hold fewer than {cards} card, bring your hand up to {cards}.",
                        "If you hold fewer than {cards} cards, bring your hand up to {cards}.",
                        plural(cards),
                    ),
                    &[("cards", &cards)],
                ),
                TurnStep::DrawCard => escape(&gettext("Draw 1 card.")),
                TurnStep::PlayCards => escape(&gettext(
                    "Play cards if you wish (some at other moments).",
                )),
                TurnStep::Attack => escape(&gettext("Attack if you wish, as often as you can.")),
                TurnStep::Fortify => escape(&gettext(
                    "House rule: once, move armies to an adjacent territory of yours, leaving 1 behind.",
                )),
                TurnStep::CollectSpoils => {
                    escape(&gettext("Collect your spoils: this ends your turn."))
                }
            },
        })
        .collect();
    Section {
        title: pgettext("reference sheet", "Your turn, in order"),
        note: None,
        blocks,
        optional: false,
    }
}

fn battles(content: &SheetContent) -> Section {
    let battle = content.battle;
    let bullets = [
        escape(&gettext(
            "Attack from a territory of 2 armies or more to an adjacent enemy one (border or dotted line).",
        )),
        fill_markup(
            &ngettext(
                "Attacker: 1 to {dice} dice, fewer than the armies attacking from there; against a castle, {castle} die at most. Defender: 1 or {defence} dice, no more than its armies.",
                "Attacker: 1 to {dice} dice, fewer than the armies attacking from there; against a castle, {castle} dice at most. Defender: 1 or {defence} dice, no more than its armies.",
                u32::from(battle.castle_dice),
            ),
            &[
                ("dice", &battle.attacker_dice),
                ("castle", &bold(battle.castle_dice)),
                ("defence", &battle.defender_dice),
            ],
        ),
        escape(&gettext(
            "Highest die against highest, second against second: the lower loses 1 army; a tie goes to the defender.",
        )),
        escape(&gettext(
            "Stop between rolls if you wish (not with the Admiral). After a capture, move in at least as many armies as dice rolled; leave 1 behind.",
        )),
        escape(&gettext(
            "Taking a castle eliminates its owner: you win their banners, cards and unused hidden armies.",
        )),
    ];
    Section {
        // Translators: the heading of the battle rules on the reference sheet.
        title: pgettext("reference sheet", "Battles"),
        note: None,
        blocks: bullets.into_iter().map(Block::Bullet).collect(),
        optional: false,
    }
}

fn map(_content: &SheetContent) -> Section {
    Section {
        title: pgettext("reference sheet", "The board"),
        note: Some(gettext("empires in colour, independents hatched")),
        blocks: vec![Block::Map {
            key: escape(&gettext(
                "Thick lines: frontiers of empires and regions. Dotted lines: crossings by sea.",
            )),
        }],
        optional: false,
    }
}

fn cards(content: &SheetContent) -> Section {
    let deck = content.deck_size();
    Section {
        title: pgettext("reference sheet", "Cards"),
        note: Some(fill(
            &ngettext("{count} in the deck", "{count} in the deck", deck),
            &[("count", &deck)],
        )),
        blocks: content
            .cards
            .iter()
            .map(|entry| card(content, entry))
            .collect(),
        optional: false,
    }
}

/// The translated name of a card, as the sheet prints it.
pub fn card_name(card: Card) -> String {
    match card {
        Card::Reinforcements => pgettext("reference sheet", "Reinforcements"),
        Card::Diplomat => pgettext("reference sheet", "Diplomat"),
        Card::Spy => pgettext("reference sheet", "Spy"),
        Card::General => pgettext("reference sheet", "General"),
        Card::Marshall => pgettext("reference sheet", "Marshall"),
        Card::Admiral => pgettext("reference sheet", "Admiral"),
    }
}

fn card(content: &SheetContent, entry: &CardEntry) -> Block {
    let battle = content.battle;
    let before_first_attack = || gettext("Before your first attack");
    let (when, what) = match entry.card {
        Card::Reinforcements => (
            before_first_attack(),
            gettext("Each covers the next number of the track: take their sum in armies."),
        ),
        Card::Diplomat if !battle.diplomats_in_play => (
            gettext("Never"),
            gettext("Not used in this variant: one dealt or drawn is discarded and replaced."),
        ),
        Card::Diplomat => (
            before_first_attack(),
            gettext(
                "Truce with one player until the end of their next turn: neither attacks the other. Not used with 2 players.",
            ),
        ),
        Card::Spy => (
            gettext("Any time in your turn"),
            gettext(
                "See a player’s hand and discard one card from it, face up; or stop a Spy played on you (both are discarded).",
            ),
        ),
        Card::General if battle.lenient_general => (
            gettext("In your attack, before a roll"),
            gettext(
                "+1 to your high die for the rest of your turn; lost only when the defender’s high die beats yours +1 (house rule).",
            ),
        ),
        Card::General => (
            gettext("In your attack, before a roll"),
            gettext(
                "+1 to your high die for the rest of your turn; lost when the defender’s high die ties or beats yours +1.",
            ),
        ),
        Card::Marshall => (
            gettext("When attacked, before a roll"),
            gettext(
                "+1 to your high die for the rest of the attack; lost when the attacker’s high die beats yours +1.",
            ),
        ),
        Card::Admiral => (
            gettext("In your turn, to attack only"),
            gettext(
                "Sail armies from your coast to attack an enemy coast on the same sea, to the end. Won: the card comes back.",
            ),
        ),
    };
    Block::Card {
        name: escape(&card_name(entry.card)),
        // Translators: how many cards of a kind the deck holds, e.g. "×12".
        count: escape(&fill(&gettext("×{count}"), &[("count", &entry.count)])),
        when: escape(&when),
        what: escape(&what),
    }
}

/// The variant's differences from the rulebook in one paragraph, for the band under
/// the title: the first thing players should know about the rules they play.
fn changes(content: &SheetContent) -> String {
    if content.changes.is_empty() {
        return escape(&gettext(
            "No house rule: every rule on this sheet is the rulebook’s.",
        ));
    }
    let items: Vec<String> = content.changes.iter().map(describe_change).collect();
    format!(
        "<b>{}</b> {}",
        // Translators: the lead-in of the list of a variant's house rules.
        escape(&gettext("Rules that differ from the rulebook:")),
        items.join(" · ")
    )
}

/// "Armies per Captured Banner: 10 (rulebook: 8)", in markup, with the option's title
/// as the variant editor shows it.
fn describe_change(change: &RuleChange) -> String {
    let title = variant_options::options()
        .iter()
        .find(|option| option.path == change.option)
        .map_or_else(|| change.option.to_owned(), |option| option.title());
    fill_markup(
        // Translators: one option of a house-rule variant and its value.
        &gettext("{option}: {value} (rulebook: {rulebook})"),
        &[
            ("option", &escape(&title)),
            ("value", &bold(escape(&change.value.describe()))),
            ("rulebook", &escape(&change.rulebook.describe())),
        ],
    )
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use castellan_engine::variant::Variant;

    use super::*;
    use crate::map::test_boards::shipped_castle_risk;

    fn words(variant: &Variant, name: Option<&str>) -> Document {
        let mut variant = variant.clone();
        variant.name = name.unwrap_or_default().to_owned();
        document(&SheetContent::new(
            Arc::new(shipped_castle_risk()),
            &variant,
        ))
    }

    /// Every text of the document, markup and all, in one string.
    fn all_text(document: &Document) -> String {
        let mut text = format!(
            "{}\n{}\n{}\n{}\n",
            document.title, document.subtitle, document.variant, document.changes
        );
        for section in &document.sections {
            text.push_str(&section.title);
            text.push('\n');
            for block in &section.blocks {
                let line = match block {
                    Block::Text(t) | Block::Bullet(t) => t.clone(),
                    Block::Bonus {
                        name,
                        details,
                        bonus,
                        ..
                    } => format!("{name} | {details} | {bonus}"),
                    Block::Step { number, text } => format!("{number}. {text}"),
                    Block::Track(numbers) => format!("{numbers:?}"),
                    Block::Card {
                        name,
                        count,
                        when,
                        what,
                    } => format!("{name} {count} | {when} | {what}"),
                    Block::Map { key } => key.clone(),
                };
                text.push_str(&line);
                text.push('\n');
            }
        }
        text
    }

    #[test]
    fn the_rulebook_sheet_names_every_empire_with_its_bonus_and_six_for_all_independents() {
        let document = words(&Variant::rulebook(), None);
        let text = all_text(&document);
        assert_eq!(document.title, "Castle Risk");
        assert_eq!(document.variant, "The rulebook of 1986");
        for empire in [
            "British", "French", "German", "Austrian", "Russian", "Ottoman",
        ] {
            assert!(
                text.contains(&format!("{empire} Empire | ")),
                "{empire}: {text}"
            );
        }
        assert!(text.contains("London · Wales · Ireland · Yorkshire · Scotland | +4"));
        assert!(text.contains("All 11 independents at once | "), "{text}");
        assert!(text.contains("| +6\n"), "{text}");
        assert!(text.contains("Each captured banner | "));
        assert!(text.contains("| +8\n"));
        assert!(!text.contains("per wholly held region"));
        assert!(text.contains("No house rule: every rule on this sheet is the rulebook’s."));
    }

    #[test]
    fn the_per_region_house_rule_changes_the_independents_line() {
        let mut variant = Variant::rulebook();
        variant.spoils.per_region_bonus = true;
        let document = words(&variant, Some("Regions"));
        let text = all_text(&document);
        assert_eq!(document.variant, "Variant: Regions");
        assert!(
            text.contains("Italy | Switzerland · Venice · Rome · Naples | \n"),
            "{text}"
        );
        assert!(
            text.contains("Each independent region held whole | house rule, instead of a bonus for all independents | +2"),
            "{text}"
        );
        assert!(!text.contains("independents at once"));
        assert!(
            text.contains("Two Armies per Independent Region: <b>on</b> (rulebook: off)"),
            "{text}"
        );
    }

    #[test]
    fn regions_paying_differently_each_show_their_own_bonus() {
        let mut board = shipped_castle_risk();
        let spain = board.group_by_key("spain").unwrap();
        board.groups[spain.index()].bonus = 3;
        let mut variant = Variant::rulebook();
        variant.spoils.per_region_bonus = true;
        let text = all_text(&document(&SheetContent::new(Arc::new(board), &variant)));
        assert!(
            text.contains("Spain | Barcelona · Madrid · Portugal | +3"),
            "{text}"
        );
        assert!(text.contains("Italy | Switzerland · Venice · Rome · Naples | +2"));
        assert!(
            text.contains("instead of a bonus for all independents | \n"),
            "{text}"
        );
    }

    #[test]
    fn every_card_is_listed_with_its_count_and_the_castle_limit_is_the_variants() {
        let mut variant = Variant::rulebook();
        variant.castle_dice_limit = 1;
        variant.deck.spies = 9;
        let text = all_text(&words(&variant, None));
        for card in [
            "Reinforcements ×12",
            "Diplomat ×7",
            "Spy ×9",
            "General ×8",
            "Marshall ×8",
            "Admiral ×6",
        ] {
            assert!(text.contains(card), "{card}: {text}");
        }
        assert!(text.contains("50 in the deck") || text.contains("Cards"));
        assert!(
            text.contains("against a castle, <b>1</b> die at most"),
            "{text}"
        );
        assert!(text.contains(": <b>1</b> (rulebook: 2)"), "{text}");
    }

    #[test]
    fn house_rules_change_the_cards_and_the_turn_they_touch() {
        let mut variant = Variant::rulebook();
        variant.lenient_general = true;
        variant.diplomats_in_play = false;
        variant.classic_fortify = true;
        variant.hidden_armies = false;
        let text = all_text(&words(&variant, None));
        assert!(text.contains("lost only when the defender’s high die beats yours"));
        assert!(text.contains("Not used in this variant"));
        assert!(text.contains("5. House rule: once, move armies"), "{text}");
        assert!(text.contains("6. Collect your spoils"));
        assert!(text.contains("<b>Hidden armies:</b> none in this variant."));
    }

    #[test]
    fn names_from_files_are_escaped_for_markup() {
        let mut board = shipped_castle_risk();
        board.groups[0].name = "Crown & <Isles>".to_owned();
        let content = SheetContent::new(Arc::new(board), &Variant::rulebook());
        let text = all_text(&document(&content));
        assert!(text.contains("Crown &amp; &lt;Isles&gt; | "), "{text}");
    }
}
