//! What a side panel needs to show the decision at hand.
pub struct TableSnapshot {
    pub board: std::sync::Arc<castellan_engine::board::Board>,
    /// The view of the seat whose decision it is (or of the last human seat to act).
    pub view: castellan_engine::game::SeatView,
    /// What of its seat's secrets (its hand, its hidden armies) `view` leaves out
    /// while a shared screen waits for its next person or a computer plays: nothing
    /// when the screen may show them, nor when the seat has none yet (claiming in
    /// hot-seat before anyone holds a card).
    pub withheld: Withheld,
    /// What that seat may do now.
    pub legal: castellan_engine::game::LegalActions,
    /// Seat names and colours (0xRRGGBB), indexed by seat.
    pub seat_names: Vec<String>,
    pub seat_colours: Vec<u32>,
    /// Whether the game's variant plays with hidden armies at all.
    pub hidden_armies_in_play: bool,
    /// The variant's most dice against a castle, which the odds depend on.
    pub castle_dice_limit: u8,
    /// Whether the person to move chose the Admiral (the map then offers its routes).
    pub admiral_chosen: bool,
    /// With the Admiral chosen: the armies the person lets aboard, the most that may
    /// go, and what stays on the coast chosen.
    pub admiral_aboard: Option<crate::app::session::Aboard>,
}

/// The kinds of a seat's secrets a snapshot leaves out, so that the side panels say
/// "hidden until the next person takes the screen" only where something is, and show
/// the public "no cards" or "none left" everywhere else. Hand sizes and the hidden
/// armies left are public, so telling which kinds are withheld gives nothing away.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Withheld {
    /// Castle Risk cards in the hand.
    pub hand: bool,
    /// Classic Risk territory cards.
    pub territory_cards: bool,
    /// Hidden armies still to be revealed (where they are is the secret).
    pub hidden_armies: bool,
}

impl Withheld {
    /// What [`SeatView::without_secrets`](castellan_engine::game::SeatView::without_secrets)
    /// would take out of `view`.
    pub fn secrets_in(view: &castellan_engine::game::SeatView) -> Withheld {
        Withheld {
            hand: !view.hand.is_empty(),
            territory_cards: !view.territory_cards.is_empty(),
            hidden_armies: view.hidden_armies.iter().any(|h| !h.revealed),
        }
    }
}
