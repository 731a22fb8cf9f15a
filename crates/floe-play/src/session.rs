//! One game stepped answer by answer from outside Rust (Python, a learning loop, people at
//! the terminal): the game, loaded through the registry, behind an interface that names no
//! game type.
//!
//! A [`Session`] with seed S is game 0 of a run with master seed S: asking each seat's
//! question of [`Session::bot_answer`] with the bots of a `floe simulate --seed S` line-up
//! plays exactly that run's game 0 (a test checks it), so a stepped game can be replayed
//! with `floe replay`.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use anyhow::{Result, anyhow, bail};
use floe_bots::{AnyBot, Bot, BotSpec, Registry, SpecError};
use floe_core::{ActionList, Describe, Field, Game, RuleSet, Seat, Stream, game_seed, stream_rng};
use floe_games::GameVisitor;
use floe_sim::{Deal, Setting};
use rand::RngExt;

use floe_lab::message::SettingError;
use floe_lab::request::RulesFile;

/// One answer to the pending question: its fixed number ([`Game::action_index`], the same
/// at every question of a table of that size) and its printed text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The answer's fixed number.
    pub index: usize,
    /// How it prints.
    pub text: String,
    /// How it prints, then what it does, in words for the seat asked
    /// ([`Describe::answer`]).
    pub described: String,
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
    /// Each seat's share of the win ([`floe_core::Outcome::win_share`]).
    pub win_shares: Vec<f64>,
    /// Rounds played.
    pub rounds: u32,
    /// How the game ended ([`Game::end_causes`]).
    pub end_cause: String,
}

/// A game in progress, stepped from outside, with every step it took since it was dealt
/// ([`Session::steps`]): enough to set it up again exactly ([`crate::saved`]).
pub struct Session {
    live: Box<dyn Stepped>,
    /// The master seed it was dealt with (game 0's of a run with this seed).
    master: u64,
    /// The steps since the deal, `None` once [`Session::forget_steps`] stopped keeping them.
    steps: Option<Vec<Step>>,
    /// Every bot spec asked so far, each kept once for the steps that name it: asking a
    /// bot again allocates nothing, which counts when many games are stepped at once.
    specs: Vec<Arc<str>>,
}

/// One step of a session since it was dealt, in order.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum Step {
    /// The answer numbered `answer` was carried out at `seat`'s question.
    Answered {
        /// The seat asked.
        seat: usize,
        /// The answer's fixed number.
        answer: usize,
    },
    /// The bot `spec` was asked `seat`'s question and gave the answer numbered `answer`,
    /// drawing from the seat's random numbers (carried out or not: a later step says).
    Asked {
        /// The seat asked.
        seat: usize,
        /// The bot's spec, as given.
        spec: Arc<str>,
        /// Its answer's fixed number.
        answer: usize,
    },
}

impl Clone for Session {
    /// Copies the game as it stands, its chance stream and steps included (both copies see
    /// the same dice from here on). Bots asked through [`Session::bot_answer`] start afresh
    /// in the copy, and no flag of [`Session::interrupt_searches_on`] reaches them.
    fn clone(&self) -> Session {
        Session {
            live: self.live.clone_box(),
            master: self.master,
            steps: self.steps.clone(),
            specs: self.specs.clone(),
        }
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
        Session::with_bots(game, rules, players, seed, &Registry::default())
    }

    /// Sets up the game as [`Session::new`] does, its bot specs read with `bots` (which
    /// adds bots plugged in by a user's crate to the built-in ones).
    ///
    /// # Errors
    /// As [`Session::new`].
    pub fn with_bots(
        game: &str,
        rules: Option<&RulesFile>,
        players: usize,
        seed: u64,
        bots: &Registry,
    ) -> Result<Session> {
        struct Start {
            players: usize,
            seed: u64,
            bots: Registry,
        }
        impl GameVisitor for Start {
            type Output = Result<Session>;
            fn visit<G: Game + Describe + 'static>(self, game: G) -> Result<Session> {
                floe_sim::check_players(&game, self.players)?;
                let live = Live::new(game, self.players, self.seed, self.bots);
                Ok(Session {
                    live: Box::new(live),
                    master: self.seed,
                    steps: Some(Vec::new()),
                    specs: Vec::new(),
                })
            }
        }
        floe_lab::request::known_game(game)?;
        let bots = bots.clone();
        floe_lab::request::with_game(
            game,
            rules,
            Start {
                players,
                seed,
                bots,
            },
        )
    }

    /// Returns the game's registry name.
    pub fn game(&self) -> &'static str {
        self.live.game()
    }

    /// Returns the number of seats.
    pub fn players(&self) -> usize {
        self.live.players()
    }

    /// Returns each seat's colour (a session's game is game 0 of a run whose colours are
    /// not shuffled: seat i plays the game's colour i).
    pub fn colours(&self) -> Vec<String> {
        self.live.colours()
    }

    /// Returns the seat whose question is pending, `None` once the game is over.
    pub fn to_act(&self) -> Option<usize> {
        self.live.to_act()
    }

    /// Returns the answers to the pending question (none once the game is over).
    pub fn answers(&self) -> Vec<Answer> {
        self.live.answers()
    }

    /// Returns the pending question in words, as put to the seat asked
    /// ([`Describe::question`]), `None` once the game is over.
    pub fn question(&self) -> Option<String> {
        self.live.question()
    }

    /// Returns the events of the game's setup as `seat` saw them ([`Game::seen_by`]): what
    /// happened before the first question.
    ///
    /// # Errors
    /// Fails if `seat` is not at the table.
    pub fn opening(&self, seat: usize) -> Result<Vec<String>> {
        self.check_seat(seat)?;
        Ok(self.live.opening(Seat(seat as u8)))
    }

    /// Returns what the answer numbered `index` does, whatever the state: the text
    /// [`Session::answers`] gives it when it is legal. A number this table leaves unused (a
    /// token given to a seat it lacks) says so after the text it has at a table that uses
    /// it.
    ///
    /// # Errors
    /// Refuses a number at or above [`Session::action_count`], naming the numbers there are.
    pub fn action_text(&self, index: usize) -> Result<String> {
        self.live.action_text(index)
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
        self.logged(index, |live| live.apply(index, None))
    }

    /// Carries out `apply` (an answer numbered `index`) on the game and notes it as a step
    /// when it succeeds.
    fn logged<T>(
        &mut self,
        index: usize,
        apply: impl FnOnce(&mut dyn Stepped) -> Result<T>,
    ) -> Result<T> {
        let seat = self.to_act();
        let done = apply(&mut *self.live)?;
        if let Some(seat) = seat {
            self.note(Step::Answered {
                seat,
                answer: index,
            });
        }
        Ok(done)
    }

    /// Adds `step` to [`Session::steps`], if the session keeps them.
    fn note(&mut self, step: Step) {
        if let Some(steps) = &mut self.steps {
            steps.push(step);
        }
    }

    /// Returns every step since the game was dealt, in order: the answers carried out and
    /// the bots asked ([`Session::bot_answer`]); none once [`Session::forget_steps`] stopped
    /// keeping them.
    pub fn steps(&self) -> &[Step] {
        self.steps.as_deref().unwrap_or_default()
    }

    /// Stops keeping the steps (and forgets those kept): [`Session::steps`] stays empty,
    /// so the session can no longer be saved or replayed. For a front end that steps many
    /// games and never saves them (Python's `VectorGame`): a kept step is a write to a
    /// list that grows through the game, and a bot's answer finds its spec among those
    /// kept, at every answer of every game of the batch.
    pub fn forget_steps(&mut self) {
        self.steps = None;
    }

    /// Returns the master seed the game was dealt with: it is game 0 of a run with it.
    pub fn seed(&self) -> u64 {
        self.master
    }

    /// Returns the rules played, as a rules file (canonical TOML).
    pub fn rules_toml(&self) -> String {
        self.live.rules_toml()
    }

    /// Carries out the answer numbered `index` as [`Session::apply`] does, and returns the
    /// events it caused as `seat` sees them: a person watching the bots answer sees their
    /// cards played face down as face down.
    ///
    /// # Errors
    /// Refuses a seat not at the table, and an answer as [`Session::apply`] does; either
    /// way the game stays as it was.
    pub fn apply_seen_by(&mut self, index: usize, seat: usize) -> Result<Vec<String>> {
        self.check_seat(seat)?;
        self.logged(index, |live| live.apply(index, Some(Seat(seat as u8))))
    }

    /// Returns the first thing that carrying out `answers` (answer numbers, every seat's,
    /// in order) from here shows one of `seats` that the seat could not know here: an
    /// event as it sees it, or a line of its observation, trimmed. `None` when the answers
    /// reveal nothing hidden from those seats: no card drawn or turned up, no die rolled.
    ///
    /// A fact is hidden from a seat when a game it cannot tell from this one would show
    /// it otherwise. [`REVEAL_WORLDS`] such games are drawn ([`Game::determinize`], each
    /// with a chance stream of its own), and in each the same answers are given, an
    /// answer the seat cannot see standing for one drawn among those that look the same
    /// to it ([`Game::action_key`]); the first event or line that differs is the fact. A
    /// fact that nearly every such game shares may go unnoticed.
    ///
    /// # Errors
    /// Fails on a seat not at the table, or an answer that is not among those offered
    /// when it comes.
    pub fn revealed_by(&self, answers: &[usize], seats: &[usize]) -> Result<Option<String>> {
        for &seat in seats {
            self.check_seat(seat)?;
        }
        self.live.revealed_by(answers, seats)
    }

    /// Returns what `seat` knows.
    ///
    /// # Errors
    /// Fails if `seat` is not at the table.
    pub fn observation(&self, seat: usize) -> Result<Seen> {
        self.check_seat(seat)?;
        Ok(self.live.observation(seat))
    }

    /// Fails if `seat` is not at the table.
    fn check_seat(&self, seat: usize) -> Result<()> {
        let players = self.players();
        if seat >= players {
            bail!("seat {seat}: {}", crate::seats::seats_of(players));
        }
        Ok(())
    }

    /// Sets the game up again as [`Session::new`] with seed `seed` sets it up, keeping
    /// the rules, the interrupt flag and the bots asked so far (each starts a new game,
    /// as a run's bots do between games), and its steps forgotten. With
    /// [`Session::apply_quietly`] and [`Session::encode_into`], it steps a game without
    /// writing text and, once its list of steps has grown to a game's length (or with
    /// [`Session::forget_steps`]), without allocating, for front ends that step many games
    /// at once (Python's `VectorGame`).
    pub fn redeal(&mut self, seed: u64) {
        self.live.redeal(seed);
        self.master = seed;
        if let Some(steps) = &mut self.steps {
            steps.clear();
        }
    }

    /// Carries out the answer numbered `index` as [`Session::apply`] does, without
    /// printing the events.
    ///
    /// # Errors
    /// As [`Session::apply`]; the game then stays as it was.
    pub fn apply_quietly(&mut self, index: usize) -> Result<()> {
        self.logged(index, |live| live.apply_quietly(index))
    }

    /// Writes [`Session::observation`]'s encoding for `seat` into `encoding`, and into
    /// `mask` 1 at the number of each of [`Session::answers`] if `seat` is the one asked,
    /// 0 everywhere else (all 0 once the game is over): every value of both, whatever they
    /// held, so that buffers can be written again step after step.
    ///
    /// # Panics
    /// If `seat` is not at the table, or the buffers are not [`Session::encoding_len`]
    /// and [`Session::action_count`] long.
    pub fn encode_into(&self, seat: usize, encoding: &mut [f32], mask: &mut [u8]) {
        assert!(seat < self.players(), "seat {seat} is not at the table");
        self.live.encode_into(seat, encoding, mask);
    }

    /// Returns the result once the game is over.
    pub fn outcome(&self) -> Option<Finish> {
        self.live.outcome()
    }

    /// Returns the share of the win `seat` took once the game is over (1 for a win alone,
    /// 1/n of a win shared by n seats, 0 for a loss), as [`Session::outcome`] tells it
    /// but without building it: a front end stepping many games asks it after every step.
    pub fn win_share(&self, seat: usize) -> Option<f32> {
        self.live.win_share(seat)
    }

    /// Returns the final scores once the game is over, as `floe replay` ends a game's
    /// log: how it ended, then each seat's points, progress and win.
    pub fn final_scores(&self) -> Option<String> {
        self.live.final_scores()
    }

    /// Returns the answer the bot `spec` gives the pending question, as the seat asked
    /// sees it (the bot sees only that seat's view). Each seat keeps one bot per spec and
    /// its own random stream, as in a run.
    ///
    /// # Errors
    /// Fails on a bad spec (the message `--bots` gives) or once the game is over.
    pub fn bot_answer(&mut self, spec: &str) -> Result<usize> {
        self.asked(spec, false)
    }

    /// Asks the bot `spec` the pending question and carries out its answer quietly, noting
    /// the steps [`Session::bot_answer`] and then [`Session::apply_quietly`] of its answer
    /// note; but the answer, one the question lists, is carried out as the bot gave it,
    /// without going through its number and being checked against the question's answers
    /// again (a bot's answer took a fifth of a batched step that way). Returns its number.
    ///
    /// # Errors
    /// As [`Session::bot_answer`]; the game then stays as it was.
    pub fn play_bot_quietly(&mut self, spec: &str) -> Result<usize> {
        let seat = self.to_act();
        let answer = self.asked(spec, true)?;
        if let Some(seat) = seat {
            self.note(Step::Answered { seat, answer });
        }
        Ok(answer)
    }

    /// Returns `seat`'s bot for `spec`, built now if the seat has none by that name yet
    /// (as [`Session::bot_answer`] builds it at its first question), for
    /// [`Session::play_seated_bot`]. The bot belongs to this session: a copy starts its bots
    /// afresh and takes a seat of its own.
    ///
    /// # Errors
    /// Fails on a seat not at the table or a bad spec (the message `--bots` gives).
    pub fn seat_bot(&mut self, seat: usize, spec: &str) -> Result<SeatedBot> {
        self.check_seat(seat)?;
        let (at, name) = self.live.seat_bot(Seat(seat as u8), spec)?;
        Ok(SeatedBot {
            seat,
            at,
            name,
            spec: spec.into(),
        })
    }

    /// Asks `bot` (seated by [`Session::seat_bot`]) the pending question and carries out
    /// its answer, as [`Session::play_bot_quietly`] with its spec does, but without
    /// reading the spec and finding the seat's bot by it: a front end stepping many games
    /// (Python's `VectorGame`) seats its bots once and asks them at every answer of every
    /// game. Returns the answer's number.
    ///
    /// # Errors
    /// Fails once the game is over, when another seat is asked, or for a `bot` seated in
    /// another session (a copy of this one included); the game then stays as it was.
    pub fn play_seated_bot(&mut self, bot: &SeatedBot) -> Result<usize> {
        let answer = self.live.play_seated(bot)?;
        if self.steps.is_some() {
            let seat = bot.seat;
            let spec = bot.spec.clone();
            self.note(Step::Asked { seat, spec, answer });
            self.note(Step::Answered { seat, answer });
        }
        Ok(answer)
    }

    /// [`Session::bot_answer`], the answer carried out too if `carry_out`.
    fn asked(&mut self, spec: &str, carry_out: bool) -> Result<usize> {
        let seat = self.to_act();
        let answer = self.live.bot_answer(spec, carry_out)?;
        if let (Some(seat), true) = (seat, self.steps.is_some()) {
            let spec = match self.specs.iter().find(|known| known.as_ref() == spec) {
                Some(known) => known.clone(),
                None => {
                    let new: Arc<str> = spec.into();
                    self.specs.push(new.clone());
                    new
                }
            };
            self.note(Step::Asked { seat, spec, answer });
        }
        Ok(answer)
    }

    /// Checks that the bot `spec` is one this game can seat, as [`Session::bot_answer`]
    /// checks it, without asking it anything: a front end that seats bots for a whole game
    /// refuses a bad one when it is given, not at the bot's first question.
    ///
    /// # Errors
    /// The spec's own error: an unknown bot or parameter, or one the game does not declare.
    pub fn check_bot(&self, spec: &str) -> Result<()> {
        self.live.check_bot(spec)
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
        self.live.interrupt_searches_on(flag);
    }

    /// Returns how many numbered answers a table of this size has.
    pub fn action_count(&self) -> usize {
        self.live.action_count()
    }

    /// Returns the length of the numeric encoding of an observation.
    pub fn encoding_len(&self) -> usize {
        self.live.encoding_len()
    }

    /// Returns the named fields of the encoding at this table, in order
    /// ([`floe_core::EncodingLayout`]).
    pub fn encoding_layout(&self) -> Vec<Field> {
        self.live.encoding_layout()
    }
}

/// A bot seated at one of a [`Session`]'s seats ([`Session::seat_bot`]).
#[derive(Clone, Debug)]
pub struct SeatedBot {
    /// The seat.
    seat: usize,
    /// Where the bot is in the seat's list.
    at: usize,
    /// Its name as the session that seated it keeps it: the same allocation, so that a
    /// bot seated in another session (whose names are its own) is told apart by comparing
    /// two pointers, not by reading a name at every answer.
    name: Arc<str>,
    /// Its spec as given, for the steps that name it.
    spec: Arc<str>,
}

/// A [`Session`]'s game, its type erased.
trait Stepped: Send {
    fn clone_box(&self) -> Box<dyn Stepped>;
    fn game(&self) -> &'static str;
    fn players(&self) -> usize;
    fn colours(&self) -> Vec<String>;
    fn to_act(&self) -> Option<usize>;
    fn answers(&self) -> Vec<Answer>;
    fn question(&self) -> Option<String>;
    fn opening(&self, seat: Seat) -> Vec<String>;
    fn action_text(&self, index: usize) -> Result<String>;
    fn apply(&mut self, index: usize, viewer: Option<Seat>) -> Result<Vec<String>>;
    fn revealed_by(&self, answers: &[usize], seats: &[usize]) -> Result<Option<String>>;
    fn observation(&self, seat: usize) -> Seen;
    fn outcome(&self) -> Option<Finish>;
    fn win_share(&self, seat: usize) -> Option<f32>;
    fn final_scores(&self) -> Option<String>;
    fn bot_answer(&mut self, spec: &str, carry_out: bool) -> Result<usize>;
    fn seat_bot(&mut self, seat: Seat, spec: &str) -> Result<(usize, Arc<str>)>;
    fn play_seated(&mut self, bot: &SeatedBot) -> Result<usize>;
    fn check_bot(&self, spec: &str) -> Result<()>;
    fn interrupt_searches_on(&mut self, flag: Arc<AtomicBool>);
    fn action_count(&self) -> usize;
    fn encoding_len(&self) -> usize;
    fn encoding_layout(&self) -> Vec<Field>;
    fn redeal(&mut self, seed: u64);
    fn rules_toml(&self) -> String;
    fn apply_quietly(&mut self, index: usize) -> Result<()>;
    fn encode_into(&self, seat: usize, encoding: &mut [f32], mask: &mut [u8]);
}

/// The bots a seat has been asked through, one per spec, by canonical name.
type SeatBots<G> = Vec<(Arc<str>, AnyBot<G>)>;

/// How many games a seat cannot tell from the real one [`Session::revealed_by`] draws.
pub const REVEAL_WORLDS: u64 = 64;

/// A game of type `G` in progress.
struct Live<G: Game> {
    /// The game and its rules, shared by the session's copies: a front end stepping many
    /// copies of one session (`floe.VectorGame`) then reads one set of rules tables from
    /// the cache, not one per copy.
    game: Arc<G>,
    /// The game's seed (game 0's of the run), which sets it up.
    seed: u64,
    deal: Deal<G>,
    bots: Vec<SeatBots<G>>,
    /// What bot specs are read with: the built-in bots and any plugged in.
    registry: Registry,
    /// Set to end a search early ([`Session::interrupt_searches_on`]).
    interrupt: Option<Arc<AtomicBool>>,
}

impl<G: Game> Live<G> {
    /// Returns the answer numbered `index` at this table, `None` for a number the table
    /// leaves unused.
    ///
    /// # Errors
    /// Refuses a number at or above the game's count, naming the numbers there are.
    fn action(&self, index: usize) -> Result<Option<G::Action>> {
        let players = self.game.players(self.deal.state());
        let count = self.game.action_count(players);
        if index >= count {
            bail!(
                "answer {index}: no answer has that number (the numbers run from 0 to {})",
                count - 1
            );
        }
        Ok(self.game.action_at(players, index))
    }

    /// Returns the text of the answer numbered `index`, which is `action` at this table
    /// (see [`Session::action_text`]).
    fn text(&self, index: usize, action: Option<G::Action>) -> String {
        if let Some(action) = action {
            return action.to_string();
        }
        let players = self.game.players(self.deal.state());
        match self
            .game
            .player_counts()
            .find_map(|p| self.game.action_at(p, index))
        {
            Some(elsewhere) => format!("{elsewhere} (no such answer at {players} players)"),
            None => "unused (no answer has this number under these rules)".to_string(),
        }
    }

    /// Returns the refusal of the answer numbered `index`, printed `text`, when `allowed`
    /// are the answers (none once the game is over).
    fn refusal(&self, index: usize, text: &str, allowed: &[G::Action]) -> anyhow::Error {
        if allowed.is_empty() {
            return anyhow!("answer {index} ({text}): the game is over");
        }
        let listed: Vec<String> = allowed
            .iter()
            .map(|&a| format!("{} ({a})", self.game.action_index(a)))
            .collect();
        anyhow!(
            "answer {index} ({text}) is not an answer now; answers: {}",
            listed.join(" | ")
        )
    }

    /// Returns `spec` parsed and checked against the game and its table.
    fn bot_spec(&self, spec: &str) -> Result<BotSpec, SpecError> {
        self.registry
            .parse(spec)
            .and_then(|b| b.check_game(&*self.game).map(|()| b))
            .and_then(|b| {
                b.check_table(&*self.game, self.game.players(self.deal.state()))
                    .map(|()| b)
            })
    }

    /// Returns the answer of `seat`'s bot number `at` to the pending question, `seat`'s,
    /// carried out too if `carry_out`.
    fn answer_with(&mut self, seat: Seat, at: usize, carry_out: bool) -> usize {
        let action = self
            .deal
            .ask(&self.game, seat, &mut self.bots[seat.index()][at].1);
        if carry_out {
            self.deal.advance(&self.game, action, &mut |_| {});
        }
        self.game.action_index(action)
    }

    /// Sets up the game as a run with master seed `master` sets up its game 0, its bot
    /// specs read with `registry`.
    fn new(game: G, players: usize, master: u64, registry: Registry) -> Live<G> {
        let seed = game_seed(master, 0);
        let deal = Deal::new(&game, players, seed, &mut |_| {});
        Live {
            game: Arc::new(game),
            seed,
            deal,
            bots: (0..players).map(|_| Vec::new()).collect(),
            registry,
            interrupt: None,
        }
    }
}

impl<G: Game + Describe + 'static> Stepped for Live<G> {
    fn clone_box(&self) -> Box<dyn Stepped> {
        Box::new(Live {
            game: self.game.clone(),
            seed: self.seed,
            deal: self.deal.clone(),
            bots: (0..self.bots.len()).map(|_| Vec::new()).collect(),
            registry: self.registry.clone(),
            interrupt: None,
        })
    }

    fn game(&self) -> &'static str {
        self.game.name()
    }

    fn players(&self) -> usize {
        self.game.players(self.deal.state())
    }

    fn colours(&self) -> Vec<String> {
        self.game.colours()[..self.players()].to_vec()
    }

    fn to_act(&self) -> Option<usize> {
        self.game.to_act(self.deal.state()).map(Seat::index)
    }

    fn answers(&self) -> Vec<Answer> {
        let state = self.deal.state();
        self.deal
            .answers()
            .iter()
            .map(|&a| Answer {
                index: self.game.action_index(a),
                text: a.to_string(),
                described: self.game.answer(state, a),
            })
            .collect()
    }

    fn question(&self) -> Option<String> {
        let state = self.deal.state();
        self.game.to_act(state).map(|_| self.game.question(state))
    }

    fn opening(&self, seat: Seat) -> Vec<String> {
        let mut events = Vec::new();
        // Set up again from the seed: the setup's events were not kept.
        Deal::new(&*self.game, self.players(), self.seed, &mut |e| {
            events.push(self.game.seen_by(e, seat).to_string());
        });
        events
    }

    fn action_text(&self, index: usize) -> Result<String> {
        Ok(self.text(index, self.action(index)?))
    }

    fn apply(&mut self, index: usize, viewer: Option<Seat>) -> Result<Vec<String>> {
        let Some(action) = self.action(index)? else {
            let text = self.text(index, None);
            return Err(self.refusal(index, &text, self.deal.answers()));
        };
        let actor = viewer.or(self.deal.to_act(&self.game));
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
            .map_err(|illegal| self.refusal(index, &action.to_string(), &illegal.allowed))?;
        Ok(events)
    }

    fn revealed_by(&self, answers: &[usize], seats: &[usize]) -> Result<Option<String>> {
        let mut actions = Vec::new();
        for &index in answers {
            match self.action(index)? {
                Some(action) => actions.push(action),
                None => bail!("answer {index}: {}", self.text(index, None)),
            }
        }
        let game = &self.game;
        for seat in seats.iter().map(|&s| Seat(s as u8)) {
            // The game as it goes from here: each answer as the seat sees it, and the
            // events and observation it shows the seat.
            let mut deal = self.deal.clone();
            let mut steps = Vec::new();
            for &action in &actions {
                let key = game.action_key(deal.state(), action, seat);
                let mut events = Vec::new();
                deal.try_advance(game, action, &mut |e| {
                    events.push(game.seen_by(e, seat).to_string());
                })
                .map_err(|e| anyhow!("answer {} ({action}): {e}", game.action_index(action)))?;
                steps.push((key, events, game.observe(deal.state(), seat)));
            }
            let mut world = self.deal.state().clone();
            let mut listed = ActionList::new();
            for w in 0..REVEAL_WORLDS {
                game.determinize(
                    self.deal.state(),
                    seat,
                    &mut stream_rng(w, Stream::Chance),
                    &mut world,
                );
                let mut chance = stream_rng(w, Stream::Bot(0));
                for (key, events, seen) in &steps {
                    game.legal_actions(&world, &mut listed);
                    // An answer the seat cannot see is any that looks the same to it: one
                    // drawn at random, since the seat cannot know which it was.
                    let alike: Vec<G::Action> = listed
                        .iter()
                        .copied()
                        .filter(|&a| game.action_key(&world, a, seat) == *key)
                        .collect();
                    if alike.is_empty() {
                        // The answer itself could not be given there: it shows what it is.
                        return Ok(events.first().map(|e| e.trim().to_string()));
                    }
                    let action = alike[chance.random_range(0..alike.len())];
                    let mut shown = Vec::new();
                    game.advance(&mut world, action, &mut chance, &mut listed, &mut |e| {
                        shown.push(game.seen_by(e, seat).to_string());
                    });
                    // An event that differs, or the last one where one log runs on.
                    let longer = events.len().max(shown.len());
                    if let Some(at) = (0..longer).find(|&i| shown.get(i) != events.get(i)) {
                        let event = events.get(at).or(events.last());
                        return Ok(event.map(|e| e.trim().to_string()));
                    }
                    let there = game.observe(&world, seat);
                    if there != *seen {
                        return Ok(Some(first_difference(
                            &seen.to_string(),
                            &there.to_string(),
                        )));
                    }
                }
            }
        }
        Ok(None)
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
            win_shares: Seat::all(players).map(|s| o.win_share(s)).collect(),
            rounds: o.rounds,
            end_cause: self.game.end_causes()[o.end_cause as usize].to_string(),
        })
    }

    fn win_share(&self, seat: usize) -> Option<f32> {
        let outcome = self.game.outcome(self.deal.state())?;
        Some(outcome.win_share(Seat(seat as u8)) as f32)
    }

    fn final_scores(&self) -> Option<String> {
        let outcome = self.game.outcome(self.deal.state())?;
        Some(crate::replay::final_scores(
            &*self.game,
            self.players(),
            &outcome,
        ))
    }

    fn bot_answer(&mut self, spec: &str, carry_out: bool) -> Result<usize> {
        let Some(seat) = self.game.to_act(self.deal.state()) else {
            bail!(
                "bot {}: the game is over; there is no question to answer",
                floe_io::gate::quoted(spec)
            );
        };
        // A spec given as the name of a bot the seat has (its canonical form) is that
        // bot: no need to read it again, which would cost as much as a fast bot's answer.
        let known = self.bots[seat.index()]
            .iter()
            .position(|(n, _)| **n == *spec);
        let at = match known {
            Some(at) => at,
            None => self.seat_bot(seat, spec)?.0,
        };
        Ok(self.answer_with(seat, at, carry_out))
    }

    /// Returns where `seat`'s bot for `spec` is in its list, building it if the seat has
    /// none by that (canonical) name yet.
    ///
    /// # Errors
    /// A bad spec, with the message `--bots` gives.
    fn seat_bot(&mut self, seat: Seat, spec: &str) -> Result<(usize, Arc<str>)> {
        let parsed = self
            .bot_spec(spec)
            .map_err(|e| SettingError::new(Setting::Bots, e.to_string()).quoted(spec))?;
        let name = parsed.to_string();
        let bots = &mut self.bots[seat.index()];
        let at = match bots.iter().position(|(n, _)| **n == *name) {
            Some(at) => at,
            None => {
                let mut bot = parsed.build::<G>();
                bot.new_game();
                if let Some(flag) = &self.interrupt {
                    bot.interrupt_on(flag.clone());
                }
                bots.push((name.into(), bot));
                bots.len() - 1
            }
        };
        Ok((at, bots[at].0.clone()))
    }

    fn play_seated(&mut self, bot: &SeatedBot) -> Result<usize> {
        let seat = Seat(bot.seat as u8);
        if self.game.to_act(self.deal.state()) != Some(seat) {
            bail!(
                "bot {}: seat {} is not asked",
                floe_io::gate::quoted(&bot.spec),
                bot.seat
            );
        }
        let seated = self.bots[bot.seat].get(bot.at);
        if !seated.is_some_and(|(name, _)| Arc::ptr_eq(name, &bot.name)) {
            bail!(
                "bot {}: seated in another session",
                floe_io::gate::quoted(&bot.spec)
            );
        }
        Ok(self.answer_with(seat, bot.at, true))
    }

    fn check_bot(&self, spec: &str) -> Result<()> {
        self.bot_spec(spec)?;
        Ok(())
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

    fn encoding_layout(&self) -> Vec<Field> {
        self.game.encoding_layout(self.players())
    }

    fn redeal(&mut self, master: u64) {
        let players = self.players();
        self.seed = game_seed(master, 0);
        self.deal = Deal::new(&self.game, players, self.seed, &mut |_| {});
        for (_, bot) in self.bots.iter_mut().flatten() {
            bot.new_game();
        }
    }

    fn rules_toml(&self) -> String {
        self.game.rules().to_toml()
    }

    fn apply_quietly(&mut self, index: usize) -> Result<()> {
        let Some(action) = self.action(index)? else {
            let text = self.text(index, None);
            return Err(self.refusal(index, &text, self.deal.answers()));
        };
        self.deal
            .try_advance(&self.game, action, &mut |_| {})
            .map_err(|illegal| self.refusal(index, &action.to_string(), &illegal.allowed))
    }

    fn encode_into(&self, seat: usize, encoding: &mut [f32], mask: &mut [u8]) {
        let state = self.deal.state();
        let seat = Seat(seat as u8);
        // `encode_seen` writes every value (its contract, which the conformance checks hold).
        self.game.encode_seen(state, seat, encoding);
        mask.fill(0);
        if self.game.to_act(state) == Some(seat) {
            for &a in self.deal.answers() {
                mask[self.game.action_index(a)] = 1;
            }
        }
    }
}

/// Returns the first line of `real` that `other` does not have in its place (trimmed), or
/// `real`'s first line when one text runs on where the other stops.
fn first_difference(real: &str, other: &str) -> String {
    let differs = real.lines().zip(other.lines()).find(|(a, b)| a != b);
    differs
        .map_or(real.lines().next(), |(line, _)| Some(line))
        .unwrap_or_default()
        .trim()
        .to_string()
}
