//! What a side panel needs to show the decision at hand.
pub struct TableSnapshot {
    pub board: std::sync::Arc<castellan_engine::board::Board>,
    /// The view of the seat whose decision it is (or of the last human seat to act).
    pub view: castellan_engine::game::SeatView,
    /// Whether `view` holds its seat's secrets (its hand, its hidden armies): not
    /// while a shared screen waits for its next person or a computer plays.
    pub secrets_shown: bool,
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
    /// With the Admiral chosen: the most armies the person lets aboard, and the most
    /// any route allows.
    pub admiral_aboard: Option<(u32, u32)>,
}
