//! Copying a game into the room of another: [`clone_by_fields!`].
//!
//! The search copies each position it examines into a child's room that
//! held an earlier one (`Clone::clone_from`). A derived `Clone` does that
//! by cloning the whole game and dropping the old one, so a game's history
//! ([`crate::Positions`], a few hundred bytes) is copied in full and a `Vec`
//! is allocated again. A game whose `Clone` comes from this macro copies
//! each field by its own `clone_from`: the positions it remembers only, a
//! list into its room.

/// Implements `Clone` for a struct field by field, `clone_from` included:
/// `variant_kit::clone_by_fields!(MyGame { board, rules, history });`
/// in place of `#[derive(Clone)]`.
///
/// Every field is named once: a field left out of the list does not
/// compile (the clone builds the struct from the list).
#[macro_export]
macro_rules! clone_by_fields {
    ($game:ident { $($field:ident),+ $(,)? }) => {
        impl ::core::clone::Clone for $game {
            fn clone(&self) -> Self {
                $game {
                    $($field: ::core::clone::Clone::clone(&self.$field)),+
                }
            }

            fn clone_from(&mut self, source: &Self) {
                $(::core::clone::Clone::clone_from(&mut self.$field, &source.$field);)+
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use crate::{Player, Positions};

    /// A game of a history and a list, copied by the macro.
    #[derive(Debug, PartialEq)]
    struct Game {
        history: Positions,
        moves: Vec<u32>,
        to_move: u8,
    }

    crate::clone_by_fields!(Game {
        history,
        moves,
        to_move
    });

    /// A game that met `positions` positions.
    fn game(positions: u8, moves: &[u32], to_move: u8) -> Game {
        let mut history = Positions::default();
        for seeds in 0..positions {
            history.repeats(&[seeds, 1, 2], Player::SUD);
        }
        Game {
            history,
            moves: moves.to_vec(),
            to_move,
        }
    }

    #[test]
    fn a_clone_equals_its_source() {
        let source = game(40, &[1, 2, 3], 1);
        assert_eq!(source.clone(), source);
    }

    #[test]
    fn a_copy_into_the_room_of_another_game_equals_its_source() {
        let source = game(3, &[4], 0);
        let mut copy = game(50, &[1, 2, 3, 5, 6], 1);
        let room = copy.moves.as_ptr();
        copy.clone_from(&source);
        assert_eq!(copy, source);
        assert_eq!(
            copy.moves.as_ptr(),
            room,
            "the list is copied into its room"
        );
    }
}
