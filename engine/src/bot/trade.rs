//! Answering offers of cards (ruling 25): what a computer player does when another
//! seat offers it cards. It weighs the cards each way by a fixed worth and accepts a
//! trade that leaves it no worse off; it never makes offers itself.

use crate::game::{Action, Card, Hand};

/// What each card is worth to a computer player, in rough armies: Reinforcements bring
/// armies, the Admiral and the General win battles, the others less so.
fn worth(card: Card) -> u32 {
    match card {
        Card::Reinforcements => 5,
        Card::Admiral | Card::General => 3,
        Card::Marshall | Card::Spy => 2,
        Card::Diplomat => 1,
    }
}

fn hand_worth(hand: &Hand) -> u32 {
    hand.cards().map(worth).sum()
}

/// The answer to an offer of `give` for `ask`: accepted when it can be (`can_accept`:
/// the cards asked are held) and what comes in is worth at least what goes out.
pub fn answer_offer(give: &Hand, ask: &Hand, can_accept: bool) -> Action {
    Action::AnswerOffer {
        accept: can_accept && hand_worth(give) >= hand_worth(ask),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gifts_and_fair_trades_are_accepted_others_refused() {
        let spy: Hand = [Card::Spy].into_iter().collect();
        let general: Hand = [Card::General].into_iter().collect();
        let nothing = Hand::new();
        let accepted = |give: &Hand, ask: &Hand, can| answer_offer(give, ask, can);
        assert_eq!(
            accepted(&spy, &nothing, true),
            Action::AnswerOffer { accept: true }
        );
        assert_eq!(
            accepted(&general, &spy, true),
            Action::AnswerOffer { accept: true }
        );
        assert_eq!(
            accepted(&spy, &general, true),
            Action::AnswerOffer { accept: false }
        );
        assert_eq!(
            accepted(&general, &spy, false),
            Action::AnswerOffer { accept: false }
        );
    }
}
