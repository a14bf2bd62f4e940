//! Seats played by engines of the protocol (`SPEC.md` §2 `--engine`):
//! each started once for the game, told the variant and its options, then
//! asked for a move at each of its seat's decisions with the whole game
//! since its start (`position … moves …`, so that its repetition history
//! is the game's), and its move checked by the rules before it is played.
//!
//! A failure of an engine (it does not start, dies, hangs, answers garbage
//! or a move the rules refuse) is one line naming it; the console stops the
//! game there, kept, to go on with a person in that seat.

use std::time::Duration;

use variant_api::{Game, Player};

use crate::uci::client::Engine;
use crate::uci::notation::Dialect;
use crate::util::names;

/// The engines of a game's seats.
#[derive(Debug, Default)]
pub(crate) struct Engines {
    /// By seat: its engine and the command it was started with.
    seats: Vec<Option<(Engine, String)>>,
    dialect: Dialect,
    /// The id and options told to each engine.
    variant: (String, Vec<(String, String)>),
    /// Where the game started, as a position text, when not at the
    /// variant's start with its first seat to move.
    start: Option<String>,
}

impl Engines {
    /// Starts the engine of each `SEAT=COMMAND` of `given` for a game of
    /// the variant `id` with `options` among `seats`; a seat that is not
    /// one of them, or an engine that does not start, is one line.
    pub(crate) fn start(
        given: &[(String, String)],
        seats: &[String],
        id: &str,
        options: &[(String, String)],
    ) -> Result<Engines, String> {
        let mut engines = Engines {
            seats: (0..seats.len()).map(|_| None).collect(),
            dialect: Dialect::of(id),
            variant: (id.to_owned(), options.to_vec()),
            start: None,
        };
        for (seat, command) in given {
            let Some(index) = seats.iter().position(|name| names::matches(seat, name)) else {
                return Err(format!(
                    "--engine {seat}=… : {seat} n'est pas une place de cette partie ({})",
                    seats.join(", ")
                ));
            };
            let engine = Engine::start(command).map_err(|error| error.said(command))?;
            engines.seats[index] = Some((engine, command.clone()));
        }
        Ok(engines)
    }

    /// Whether `player`'s seat is an engine's.
    pub(crate) fn plays(&self, player: Player) -> bool {
        matches!(self.seats.get(player.index()), Some(Some(_)))
    }

    /// The seats with an engine, by index.
    pub(crate) fn seated(&self) -> Vec<bool> {
        self.seats.iter().map(Option::is_some).collect()
    }

    /// The command of each seat's engine, with the seat's name, for the record.
    pub(crate) fn commands(&self, names: &[String]) -> Vec<(String, String)> {
        self.seats
            .iter()
            .zip(names)
            .filter_map(|(seat, name)| seat.as_ref().map(|(_, c)| (name.clone(), c.clone())))
            .collect()
    }

    /// A new game starts at `game`: each engine is told (`ucinewgame`), and
    /// the game's start is written as a position unless it is the
    /// variant's own start (`first` the first seat, no position given).
    pub(crate) fn new_game(&mut self, game: &Game, from_start: bool) -> Result<(), String> {
        self.start = if from_start {
            None
        } else {
            game.position().ok()
        };
        let (id, options) = &self.variant;
        for (engine, command) in self.seats.iter_mut().flatten() {
            engine
                .set_variant(id, options)
                .map_err(|error| error.said(command))?;
        }
        Ok(())
    }

    /// The move of `player`'s engine in `game`, whose decisions since its
    /// start were `history`, with `movetime` to think: an input the rules
    /// accept now, or one line naming the engine and what went wrong.
    pub(crate) fn decide(
        &mut self,
        player: Player,
        game: &Game,
        history: &[u32],
        movetime: Duration,
    ) -> Result<u32, String> {
        let dialect = self.dialect;
        let start = self.start.clone();
        let Some(Some((engine, command))) = self.seats.get_mut(player.index()) else {
            return Err("aucun moteur à cette place".to_owned());
        };
        engine
            .decide(game, dialect, start.as_deref(), history, movetime)
            .map(|(input, _)| input)
            .map_err(|error| error.said(command))
    }
}
