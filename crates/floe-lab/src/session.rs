//! One game stepped answer by answer from outside Rust (Python, a learning loop): the
//! game, loaded through the registry, behind an interface that names no game type.
//!
//! A [`Session`] with seed S is game 0 of a run with master seed S: asking each seat's
//! question of [`Session::bot_answer`] with the bots of a `floe simulate --seed S` line-up
//! plays exactly that run's game 0 (a test checks it), so a stepped game can be replayed
//! with `floe replay`.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use anyhow::{Result, anyhow, bail};
use floe_bots::{AnyBot, Bot, BotSpec};
use floe_core::{Game, Seat, game_seed};
use floe_games::GameVisitor;
use floe_sim::{Deal, Setting};

use crate::message::SettingError;
use crate::request::RulesFile;

/// One answer to the pending question: its fixed number ([`Game::action_index`], the same
/// at every question of a table of that size) and its printed text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The answer's fixed number.
    pub index: usize,
    /// How it prints.
    pub text: String,
}

/// What one seat knows, in the three forms front ends use.
#[derive(Clone, Debug, PartialEq)]
pub struct Seen {
    /// The seat.
    pub seat: usize,
    /// Printed for people.
    pub text: String,
    /// The observation's fields as a JSON object.
    pub json: String,
    /// The game's fixed-length numeric encoding ([`Game::encode`]).
    pub encoding: Vec<f32>,
}

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq)]
pub struct Finish {
    /// Points per seat.
    pub scores: Vec<i32>,
    /// The game's progress figure per seat, named by `progress_name`.
    pub progress: Vec<u32>,
    /// The name of the progress figure ([`Game::progress_name`]).
    pub progress_name: &'static str,
    /// Whether each seat won (a shared win marks several).
    pub winners: Vec<bool>,
    /// Rounds played.
    pub rounds: u32,
    /// How the game ended ([`Game::end_causes`]).
    pub end_cause: String,
}

/// A game in progress, stepped from outside.
pub struct Session(Box<dyn Stepped>);

impl Clone for Session {
    /// Copies the game as it stands, its chance stream included (both copies see the same
    /// dice from here on). Bots asked through [`Session::bot_answer`] start afresh in the
    /// copy, and no flag of [`Session::interrupt_searches_on`] reaches them.
    fn clone(&self) -> Session {
        Session(self.0.clone_box())
    }
}

impl Session {
    /// Sets up game 0 of a run of `game` with master seed `seed` for `players` seats,
    /// under `rules` (or the game's built-in rules).
    ///
    /// # Errors
    /// Fails on an unknown game, rules the game refuses (naming the file's line and key)
    /// or a player count the game does not seat, with the messages `floe simulate` gives.
    pub fn new(
        game: &str,
        rules: Option<&RulesFile>,
        players: usize,
        seed: u64,
    ) -> Result<Session> {
        struct Start {
            players: usize,
            seed: u64,
        }
        impl GameVisitor for Start {
            type Output = Result<Session>;
            fn visit<G: Game + 'static>(self, game: G) -> Result<Session> {
                floe_sim::check_players(&game, self.players)?;
                Ok(Session(Box::new(Live::new(game, self.players, self.seed))))
            }
        }
        crate::request::known_game(game)?;
        crate::request::with_game(game, rules, Start { players, seed })
    }

    /// Returns the game's registry name.
    pub fn game(&self) -> &'static str {
        self.0.game()
    }

    /// Returns the number of seats.
    pub fn players(&self) -> usize {
        self.0.players()
    }

    /// Returns the seat whose question is pending, `None` once the game is over.
    pub fn to_act(&self) -> Option<usize> {
        self.0.to_act()
    }

    /// Returns the answers to the pending question (none once the game is over).
    pub fn answers(&self) -> Vec<Answer> {
        self.0.answers()
    }

    /// Returns what the answer numbered `index` does, whether or not it is legal now (the
    /// text [`Session::answers`] gives it when it is).
    ///
    /// # Errors
    /// Refuses a number no answer of this table has.
    pub fn action_text(&self, index: usize) -> Result<String> {
        self.0.action_text(index)
    }

    /// Carries out the answer numbered `index` and returns the events it caused (the
    /// answer itself, chance, the answers the engine gave itself) as the seat that
    /// answered sees them ([`floe_core::Game::seen_by`]): another seat's card played face
    /// down stays face down.
    ///
    /// # Errors
    /// Refuses a number that is not among [`Session::answers`], naming it and the answers
    /// allowed, and leaves the game as it was.
    pub fn apply(&mut self, index: usize) -> Result<Vec<String>> {
        self.0.apply(index)
    }

    /// Returns what `seat` knows.
    ///
    /// # Errors
    /// Fails if `seat` is not at the table.
    pub fn observation(&self, seat: usize) -> Result<Seen> {
        let players = self.players();
        if seat >= players {
            bail!(
                "seat {seat}: the table has seats 0 to {} ({players} players)",
                players - 1
            );
        }
        Ok(self.0.observation(seat))
    }

    /// Returns the result once the game is over.
    pub fn outcome(&self) -> Option<Finish> {
        self.0.outcome()
    }

    /// Returns the answer the bot `spec` gives the pending question, as the seat asked
    /// sees it (the bot sees only that seat's view). Each seat keeps one bot per spec and
    /// its own random stream, as in a run.
    ///
    /// # Errors
    /// Fails on a bad spec (the message `--bots` gives) or once the game is over.
    pub fn bot_answer(&mut self, spec: &str) -> Result<usize> {
        self.0.bot_answer(spec)
    }

    /// Returns whether the bot `spec` names searches, and so may think for as long as its
    /// iterations take (a bad spec: `false`; [`Session::bot_answer`] reports it).
    pub fn searches(spec: &str) -> bool {
        BotSpec::parse(spec).is_ok_and(|b| b.searches())
    }

    /// Makes every search [`Session::bot_answer`] runs, now and later, end early with its
    /// best answer so far once `flag` is set, so that another thread can cut short a long
    /// one (Python's Ctrl-C does). The seat's bot has then drawn from its random stream
    /// as far as it got: from that seat on, bots no longer replay a run's answers.
    pub fn interrupt_searches_on(&mut self, flag: Arc<AtomicBool>) {
        self.0.interrupt_searches_on(flag);
    }

    /// Returns how many numbered answers a table of this size has.
    pub fn action_count(&self) -> usize {
        self.0.action_count()
    }

    /// Returns the length of the numeric encoding of an observation.
    pub fn encoding_len(&self) -> usize {
        self.0.encoding_len()
    }
}

/// A [`Session`]'s game, its type erased.
trait Stepped: Send {
    fn clone_box(&self) -> Box<dyn Stepped>;
    fn game(&self) -> &'static str;
    fn players(&self) -> usize;
    fn to_act(&self) -> Option<usize>;
    fn answers(&self) -> Vec<Answer>;
    fn action_text(&self, index: usize) -> Result<String>;
    fn apply(&mut self, index: usize) -> Result<Vec<String>>;
    fn observation(&self, seat: usize) -> Seen;
    fn outcome(&self) -> Option<Finish>;
    fn bot_answer(&mut self, spec: &str) -> Result<usize>;
    fn interrupt_searches_on(&mut self, flag: Arc<AtomicBool>);
    fn action_count(&self) -> usize;
    fn encoding_len(&self) -> usize;
}

/// The bots a seat has been asked through, one per spec.
type SeatBots<G> = Vec<(String, AnyBot<G>)>;

/// A game of type `G` in progress.
struct Live<G: Game> {
    game: G,
    deal: Deal<G>,
    bots: Vec<SeatBots<G>>,
    /// Set to end a search early ([`Session::interrupt_searches_on`]).
    interrupt: Option<Arc<AtomicBool>>,
}

impl<G: Game> Live<G> {
    /// Returns the answer numbered `index` at this table.
    fn action(&self, index: usize) -> Result<G::Action> {
        let players = self.game.players(self.deal.state());
        match self.game.action_at(players, index) {
            Some(action) => Ok(action),
            None => bail!(
                "answer {index}: no answer at a table of {players} has that number (the numbers \
                 run from 0 to {}, not every one used at every size)",
                self.game.action_count(players) - 1
            ),
        }
    }

    /// Sets up the game as a run with master seed `master` sets up its game 0.
    fn new(game: G, players: usize, master: u64) -> Live<G> {
        let deal = Deal::new(&game, players, game_seed(master, 0), &mut |_| {});
        Live {
            game,
            deal,
            bots: (0..players).map(|_| Vec::new()).collect(),
            interrupt: None,
        }
    }
}

impl<G: Game + 'static> Stepped for Live<G> {
    fn clone_box(&self) -> Box<dyn Stepped> {
        Box::new(Live {
            game: self.game.clone(),
            deal: self.deal.clone(),
            bots: (0..self.bots.len()).map(|_| Vec::new()).collect(),
            interrupt: None,
        })
    }

    fn game(&self) -> &'static str {
        self.game.name()
    }

    fn players(&self) -> usize {
        self.game.players(self.deal.state())
    }

    fn to_act(&self) -> Option<usize> {
        self.game.to_act(self.deal.state()).map(Seat::index)
    }

    fn answers(&self) -> Vec<Answer> {
        self.deal
            .answers()
            .iter()
            .map(|&a| Answer {
                index: self.game.action_index(a),
                text: a.to_string(),
            })
            .collect()
    }

    fn action_text(&self, index: usize) -> Result<String> {
        Ok(self.action(index)?.to_string())
    }

    fn apply(&mut self, index: usize) -> Result<Vec<String>> {
        let action = self.action(index)?;
        let actor = self.deal.to_act(&self.game);
        let game = &self.game;
        let mut events = Vec::new();
        // On an illegal answer the engine touches nothing: the state and the chance stream
        // stay as they were.
        self.deal
            .try_advance(game, action, &mut |e| {
                let seen = match actor {
                    Some(seat) => game.seen_by(e, seat),
                    None => e,
                };
                events.push(seen.to_string());
            })
            .map_err(|illegal| {
                let listed: Vec<String> = illegal
                    .allowed
                    .iter()
                    .map(|&a| format!("{} ({a})", self.game.action_index(a)))
                    .collect();
                if listed.is_empty() {
                    anyhow!("answer {index} ({action}): the game is over")
                } else {
                    anyhow!(
                        "answer {index} ({action}) is not an answer now; answers: {}",
                        listed.join(" | ")
                    )
                }
            })?;
        Ok(events)
    }

    fn observation(&self, seat: usize) -> Seen {
        let observed = self.game.observe(self.deal.state(), Seat(seat as u8));
        let mut encoding = vec![0.0; self.game.encoding_len(self.players())];
        self.game.encode(&observed, &mut encoding);
        Seen {
            seat,
            text: observed.to_string(),
            json: serde_json::to_string(&observed)
                .expect("an observation serializes to JSON (plain data, string keys)"),
            encoding,
        }
    }

    fn outcome(&self) -> Option<Finish> {
        let o = self.game.outcome(self.deal.state())?;
        let players = self.players();
        Some(Finish {
            scores: o.scores[..players].to_vec(),
            progress: o.progress[..players]
                .iter()
                .map(|&p| u32::from(p))
                .collect(),
            progress_name: self.game.progress_name(),
            winners: Seat::all(players).map(|s| o.is_winner(s)).collect(),
            rounds: o.rounds,
            end_cause: self.game.end_causes()[o.end_cause as usize].to_string(),
        })
    }

    fn bot_answer(&mut self, spec: &str) -> Result<usize> {
        let Some(seat) = self.game.to_act(self.deal.state()) else {
            bail!("bot {spec:?}: the game is over; there is no question to answer");
        };
        let parsed = BotSpec::parse(spec)
            .and_then(|b| b.check_game(&self.game).map(|()| b))
            .map_err(|e| SettingError::new(Setting::Bots, e.to_string()).quoted(spec))?;
        let name = parsed.to_string();
        let bots = &mut self.bots[seat.index()];
        let at = match bots.iter().position(|(n, _)| *n == name) {
            Some(at) => at,
            None => {
                let mut bot = parsed.build::<G>();
                bot.new_game();
                if let Some(flag) = &self.interrupt {
                    bot.interrupt_on(flag.clone());
                }
                bots.push((name, bot));
                bots.len() - 1
            }
        };
        let action = self.deal.ask(&self.game, seat, &mut bots[at].1);
        Ok(self.game.action_index(action))
    }

    fn interrupt_searches_on(&mut self, flag: Arc<AtomicBool>) {
        for (_, bot) in self.bots.iter_mut().flatten() {
            bot.interrupt_on(flag.clone());
        }
        self.interrupt = Some(flag);
    }

    fn action_count(&self) -> usize {
        self.game.action_count(self.players())
    }

    fn encoding_len(&self) -> usize {
        self.game.encoding_len(self.players())
    }
}
