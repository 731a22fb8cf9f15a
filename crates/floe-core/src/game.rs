//! The [`Game`] trait: the one interface between a game's rules and everything else.

use std::fmt;
use std::ops::RangeInclusive;

use arrayvec::ArrayVec;

use crate::{
    EncodingLayout, FigureDecl, Figures, FloeRng, MAX_SEATS, Outcome, ParamDecl, RuleSet, Seat,
};

/// Capacity of an [`ActionList`]. A question is small by design (a game splits a big
/// choice into several questions asked one after another), so 64 answers is ample: Arctic
/// Race never offers more than 5, and the draft pages of the next games stay far below.
pub const MAX_ACTIONS: usize = 64;

/// Most colours a game may define in [`Game::colours`] (the runner deals colours from a
/// fixed-size array, so dealing allocates nothing).
pub const MAX_COLOURS: usize = 32;

/// The answers to one question, on the stack, refilled in place for every question.
pub type ActionList<A> = ArrayVec<A, MAX_ACTIONS>;

/// The static facts of a game, stated once beside it ([`Game::DESCRIPTOR`]): the registry
/// lists and loads games by them, and [`Game`]'s provided methods read them.
#[derive(Debug, Clone)]
pub struct Descriptor {
    /// The name used on the command line, in specs and in result rows.
    pub name: &'static str,
    /// One line on the game, for listings and help.
    pub about: &'static str,
    /// The player counts the game supports (rules may narrow them:
    /// [`Game::player_counts`]).
    pub player_counts: RangeInclusive<usize>,
    /// The names of the ways a game can end; [`Outcome::end_cause`] indexes it.
    pub end_causes: &'static [&'static str],
    /// The name of the per-seat progress figure in [`Outcome::progress`].
    pub progress_name: &'static str,
    /// Whether the game is left out of listings: a test game that exists to check Floe
    /// itself, loadable by name but not offered to users.
    pub hidden: bool,
    /// The figures the game measures of each finished game beside its outcome
    /// ([`Game::figures`]; none for most games).
    pub figures: &'static [FigureDecl],
    /// The player's guide, Markdown (the game's `docs/NAME.md`, which opens with a section
    /// "The game in brief"); empty for a test game. `floe play` shows it to a person.
    pub guide: &'static str,
    /// The script that draws the game's board in a drawn replay or a page played in the
    /// browser: JavaScript that registers a function under the game's name with the page's
    /// player (`FloeDraw[name] = function (board, ctx) { ... return svg; }`, see
    /// `floe_pages::drawn`). The game's crate keeps it beside the game (`src/draw.js`), so a
    /// new game brings its own drawing; empty for a game whose board the page shows as
    /// its text.
    pub drawing: &'static str,
}

impl Descriptor {
    /// The heading of the guide's opening summary.
    const BRIEF: &'static str = "## The game in brief\n";

    /// Returns the guide's section "The game in brief" (its text, without the heading),
    /// or `None` when the guide has none.
    pub fn brief(&self) -> Option<&'static str> {
        let start = self.guide.find(Self::BRIEF)? + Self::BRIEF.len();
        let rest = &self.guide[start..];
        let end = rest.find("\n## ").unwrap_or(rest.len());
        Some(rest[..end].trim())
    }
}

/// The rules of one game, able to set up, advance and score a game state.
///
/// An implementation holds the rule *data* (layout, tables, parameters); the state is a
/// plain fixed-size value. A game is a sequence of questions: [`Game::to_act`] says whose
/// question is pending, [`Game::legal_actions`] lists its answers, and [`Game::apply`]
/// carries one out, sampling chance from the game's own random stream, and runs on until
/// the next question with two or more answers (a question with exactly one answer is
/// answered by the engine).
///
/// Simultaneous choices are asked one seat at a time; the seats asked later never see the
/// earlier answers, because bots only ever receive a [`crate::View`].
///
/// A game type holds no borrows (`'static`), so code can key things by it, as a plugged
/// bot's maker per game is.
pub trait Game: Clone + Send + Sync + EncodingLayout + 'static {
    /// The full state of one game, hidden parts included. Fixed size, cheap to clone;
    /// shared between threads (an exact solver's resamples read one deal list at once).
    type State: Clone + Send + Sync + fmt::Debug;
    /// One answer to one question. Small and `Copy`.
    type Action: Copy + Eq + fmt::Debug + fmt::Display + Send + Sync + 'static;
    /// One line of a game's log, as `floe replay` prints it.
    type Event: Clone + fmt::Display;
    /// What one seat knows of a state: the public facts and that seat's private ones,
    /// printable for people (replays, human play). Two states that seat cannot tell apart
    /// have equal observations.
    ///
    /// It serializes too, because front ends (Python) hand it to their users as
    /// structured data (a dict, through JSON): readable names, and exactly what the seat
    /// knows, never a hidden fact the observation masks.
    type Observation: Clone + PartialEq + fmt::Debug + fmt::Display + serde::Serialize;
    /// How an answer looks to one observer ([`Game::action_key`]): equal for answers that
    /// observer cannot tell apart. A search keys its tree by it.
    type ActionKey: Copy + Eq + std::hash::Hash + fmt::Debug + Send + Sync + 'static;
    /// The rule data the game is played under.
    type Rules: RuleSet;

    /// The game's static facts: its name, player counts, end causes, ...
    const DESCRIPTOR: Descriptor;

    /// Returns the game's name as used on the command line and in CSV files.
    fn name(&self) -> &'static str {
        Self::DESCRIPTOR.name
    }

    /// Returns the player counts the game supports under its rules: the descriptor's,
    /// unless the rules narrow them (then say why in [`Game::player_counts_reason`]).
    fn player_counts(&self) -> RangeInclusive<usize> {
        Self::DESCRIPTOR.player_counts
    }

    /// Returns the names of the ways a game can end; [`Outcome::end_cause`] indexes it.
    fn end_causes(&self) -> &'static [&'static str] {
        Self::DESCRIPTOR.end_causes
    }

    /// Returns the cosmetic colours of the game in their canonical order, from its rules.
    /// Colours never change a rule: the runner deals them, and the engine never sees them.
    /// At most [`MAX_COLOURS`], and at least as many as the largest table.
    fn colours(&self) -> &[String] {
        self.rules().colours()
    }

    /// Returns the name of the per-seat progress figure in [`Outcome::progress`].
    fn progress_name(&self) -> &'static str {
        Self::DESCRIPTOR.progress_name
    }

    /// Returns the rules in force.
    fn rules(&self) -> &Self::Rules;

    /// Returns the figures the game measures of each finished game beside its outcome
    /// (Arctic: turns, score by component, penalty cards, the win of each power's holder),
    /// at most [`crate::MAX_FIGURES`], with distinct CSV-safe names. The runner sums them
    /// and writes `figures.csv`; the default, none, writes no such file.
    fn figures(&self) -> &'static [FigureDecl] {
        Self::DESCRIPTOR.figures
    }

    /// Writes into `out` the value of each of [`Game::figures`] (figure `f` at index `f`)
    /// for the finished game `state` with `outcome`, leaving unset the values not defined
    /// in this game. `out` has been cleared; the runner reuses it, so measuring allocates
    /// nothing. The default writes nothing.
    fn measure(&self, _state: &Self::State, _outcome: &Outcome, _out: &mut Figures) {}

    /// Returns the game under `rules` (how a sweep or a tuner plays changed rules: a game
    /// that derives tables from its rules derives them again here).
    fn from_rules(rules: Self::Rules) -> Self;

    /// Returns the bot parameters that only make sense for this game, as `BOT.PARAM`
    /// (Arctic Race's `greedy.progress`, the weight of racers' progress): a bot spec that
    /// sets one the game does not declare is refused.
    fn bot_parameters(&self) -> Vec<ParamDecl> {
        Vec::new()
    }

    /// The defaults this game gives bot parameters, as (`BOT.PARAM`, value written as in a
    /// spec): a bot takes a parameter from its spec, else from here, else its own declared
    /// default. A game whose turns hold many questions gives `greedy` a lighter lookahead
    /// (`("greedy.turn", "random")`); a game whose random playouts rarely end cuts MCTS
    /// playouts (`("mcts.cut", "2")`); tuned search settings live here. Each must name a
    /// declared parameter with a value it takes (the conformance kit checks).
    const BOT_DEFAULTS: &'static [(&'static str, &'static str)] = &[];

    /// Returns the lowest and the highest score a seat can finish a game of `players`
    /// seats with (a search scales its reward by them).
    fn score_bounds(&self, players: usize) -> (i32, i32);

    /// Returns the round after which the rules end a game that has not ended otherwise
    /// (its end cause is `round-limit`), or `None` for a game that always ends by itself.
    /// `floe merge` refuses counts of a game longer than it.
    fn round_limit(&self) -> Option<usize> {
        None
    }

    /// Says why these rules seat fewer player counts than the game can (North Pole's team
    /// play needs four), for the message that refuses another count; `None` when the rules
    /// narrow nothing.
    fn player_counts_reason(&self) -> Option<String> {
        None
    }

    /// Says why these rules cannot seat `players` players (the count is outside
    /// [`Game::player_counts`]), or `None` when they can: the one wording of the refusal,
    /// for the runner's error and the engines' assertion alike.
    fn refuse_players(&self, players: usize) -> Option<String> {
        let counts = self.player_counts();
        if counts.contains(&players) {
            return None;
        }
        Some(match self.player_counts_reason() {
            Some(reason) => format!(
                "{} cannot seat {players} players under these rules: {reason}",
                self.name()
            ),
            None => format!(
                "{} seats {} to {} players, not {players}",
                self.name(),
                counts.start(),
                counts.end(),
            ),
        })
    }

    /// Panics with [`Game::refuse_players`]'s words unless these rules seat `players`:
    /// what [`Game::new_game_logged`] checks first.
    fn assert_seats(&self, players: usize) {
        if let Some(refusal) = self.refuse_players(players) {
            panic!("{refusal}");
        }
    }

    /// Sets up a new game for `players` seats, drawing setup chance from `rng` and
    /// reporting the setup to `log`.
    ///
    /// # Panics
    /// Panics if `players` is outside [`Game::player_counts`] ([`Game::assert_seats`]).
    fn new_game_logged(
        &self,
        players: usize,
        rng: &mut FloeRng,
        log: &mut impl FnMut(Self::Event),
    ) -> Self::State;

    /// Sets up a new game for `players` seats, drawing setup chance from `rng`.
    fn new_game(&self, players: usize, rng: &mut FloeRng) -> Self::State {
        self.new_game_logged(players, rng, &mut |_| {})
    }

    /// Returns the number of seats at the table of `state`.
    fn players(&self, state: &Self::State) -> usize;

    /// Returns the seat whose question is pending, or `None` once the game is over.
    fn to_act(&self, state: &Self::State) -> Option<Seat>;

    /// Replaces the contents of `out` with the answers to the pending question.
    /// Leaves `out` empty when the game is over.
    fn legal_actions(&self, state: &Self::State, out: &mut ActionList<Self::Action>);

    /// Carries out `action`, reporting every step (moves, chance, forced answers) to `log`,
    /// and refills `answers` with the answers to the next question (empty once the game is
    /// over). The engine lists each question's answers once, both to answer a question
    /// with one answer itself and for the caller, which is why the list is the caller's.
    ///
    /// # Panics
    /// May panic if `action` is not among [`Game::legal_actions`].
    fn advance(
        &self,
        state: &mut Self::State,
        action: Self::Action,
        rng: &mut FloeRng,
        answers: &mut ActionList<Self::Action>,
        log: &mut impl FnMut(Self::Event),
    );

    /// Carries out `action` if it is among the answers to the pending question, else
    /// leaves the state as it was: the entry point for answers from outside (a person,
    /// Python), which may be wrong. Bots use [`Game::advance`].
    ///
    /// # Errors
    /// Returns the answers that were allowed when `action` is not one of them (or the game
    /// is over).
    fn try_advance(
        &self,
        state: &mut Self::State,
        action: Self::Action,
        rng: &mut FloeRng,
        answers: &mut ActionList<Self::Action>,
        log: &mut impl FnMut(Self::Event),
    ) -> Result<(), IllegalAnswer<Self::Action>> {
        self.legal_actions(state, answers);
        if !answers.contains(&action) {
            return Err(IllegalAnswer {
                action,
                allowed: answers.clone(),
            });
        }
        self.advance(state, action, rng, answers, log);
        Ok(())
    }

    /// Carries out `action`, reporting every step to `log`.
    fn apply_logged(
        &self,
        state: &mut Self::State,
        action: Self::Action,
        rng: &mut FloeRng,
        log: &mut impl FnMut(Self::Event),
    ) {
        self.advance(state, action, rng, &mut ActionList::new(), log);
    }

    /// Carries out `action`, sampling chance from `rng`.
    fn apply(&self, state: &mut Self::State, action: Self::Action, rng: &mut FloeRng) {
        self.apply_logged(state, action, rng, &mut |_| {});
    }

    /// Returns the result once the game is over, `None` before.
    fn outcome(&self, state: &Self::State) -> Option<Outcome>;

    /// Writes into `out` a full state consistent with everything `seat` knows in `state`,
    /// with every hidden part (others' secret choices, shuffled piles) sampled from `rng`.
    ///
    /// The result must depend only on what `seat` knows and on `rng`: two states that
    /// differ only in what `seat` cannot see give the same output for the same `rng`.
    fn determinize(
        &self,
        state: &Self::State,
        seat: Seat,
        rng: &mut FloeRng,
        out: &mut Self::State,
    );

    /// Returns how `seat` stands in `state`, for bots that judge positions (greedy, and
    /// playouts that stop early): the points it would score if the game ended now, and a
    /// value for its progress toward more points, in the same units.
    fn standing(&self, state: &Self::State, seat: Seat) -> Standing;

    /// Writes how every seat stands in `state` into `out` (its first `players` entries):
    /// each seat's [`Game::standing`], as the bots that judge a position read them all.
    /// A game whose standings share work (a map of distances every seat reads) does it
    /// once here; the result must equal each seat's standing (the conformance kit checks).
    fn standings(&self, state: &Self::State, out: &mut [Standing; MAX_SEATS]) {
        for seat in Seat::all(self.players(state)) {
            out[seat.index()] = self.standing(state, seat);
        }
    }

    /// Returns a cheap estimate of how good `action`, answered to the question pending in
    /// `state`, is for the seat asked (higher is better; only the order and spread among
    /// one question's answers matter), or `None`, the default, for a game that offers
    /// none. A search uses it as prior knowledge: it orders the answers it tries first and
    /// biases selection toward the better ones. Without it the search judges an answer by
    /// carrying it out on a copy and reading [`Game::standing`]. `state` is a sample the
    /// search made, so an estimate may read any part of it.
    fn answer_estimate(&self, _state: &Self::State, _action: Self::Action) -> Option<f64> {
        None
    }

    /// Returns how many seats have already answered, face down, in the round of secret
    /// simultaneous choices that the question pending in `state` belongs to (0 when it
    /// opens the round), or `None`, the default, for a question that is not such a choice.
    ///
    /// A round of secret simultaneous choices is a run of questions, one per seat, where no
    /// seat sees another's answer before the round ends (Goofspiel's bids, Arctic Race's
    /// commits). The engine asks them one after another, but a search that treats them as
    /// a sequence lets the later seats answer as if the earlier answers were chance, and
    /// does not converge to an equilibrium there; declared here, a search can choose every
    /// seat's answer of the round from that seat's own strategy instead.
    fn secret_round(&self, _state: &Self::State) -> Option<usize> {
        None
    }

    /// Returns a number for what `seat` knows when a secret round opens in `state`, equal
    /// for states it cannot tell apart and (but for rare collisions) distinct otherwise:
    /// the prize turned up, the answers revealed since its last. A search keeps a seat's
    /// strategy for a round per such number, since a tree keyed by answers alone does not
    /// branch on chance or on what a round reveals. The default, 0, keeps one strategy per
    /// node. It must read only what `seat` knows (the conformance kit's fair-play check
    /// varies the rest).
    fn round_key(&self, _state: &Self::State, _seat: Seat) -> u64 {
        0
    }

    /// Takes back the answers already given in the secret round pending in `state`
    /// ([`Game::secret_round`] is `Some(n)` with `n > 0`), so that the round's first
    /// question is pending, as before anyone answered it. `state` is a search's sample:
    /// what is taken back is hidden from the seat now asked, so the result tells it
    /// nothing new. A search for a later seat of the round starts there, choosing the
    /// earlier seats' answers from their strategies rather than reading the sample's.
    /// The default does nothing: a game that declares secret rounds must override it
    /// (the conformance kit checks).
    fn reopen_round(&self, _state: &mut Self::State) {}

    /// Returns every way a game of `players` seats can be dealt, each with its chance (the
    /// chances sum to 1), for an exact solver (`floe solve`), or says why the game cannot
    /// be solved exactly.
    ///
    /// A game offers its deals only where the solver can take it whole: two seats, nothing
    /// private but the answers of a secret round in progress, every chance drawn when
    /// dealt, and few enough deals and positions to solve in a minute or so (Goofspiel's
    /// small decks). Each deal is the state at the first question, as [`Game::new_game`]
    /// would deal it (the conformance kit checks that it deals only those).
    ///
    /// # Errors
    /// The default: the game is not one the solver can take. A game that offers deals
    /// refuses seat counts and sizes it cannot, saying which would do.
    fn deals(&self, _players: usize) -> Result<Vec<(Self::State, f64)>, String> {
        Err(format!(
            "{} cannot be solved exactly: only a two-seat game without private facts, whose \
             chance is all drawn when dealt and small enough to list its deals, can be \
             (Goofspiel with a few cards)",
            self.name()
        ))
    }

    /// Returns what `seat` knows of `state`.
    fn observe(&self, state: &Self::State, seat: Seat) -> Self::Observation;

    /// Returns what a narrator who sees everything knows of `state` (every hand, every
    /// face-down card): the board of a replay told in full. `None`, the default, for a
    /// game without such a view; such a replay shows every seat's [`Game::observe`]
    /// instead.
    fn observe_all(&self, _state: &Self::State) -> Option<Self::Observation> {
        None
    }

    /// Returns whether `event` reports an answer the engine gave itself to a question with
    /// one answer (which no bot is asked): how a run that follows how games unfold counts
    /// every question, real choices or not. The default reports none.
    fn is_forced(&self, _event: &Self::Event) -> bool {
        false
    }

    /// Returns whether a replay shows the board (an observation) after `event`: `true` for
    /// the events that open a stage a reader wants to see the whole position at (Arctic
    /// Race: a round's start). Events are reported from inside [`Game::advance`], where
    /// no state can be handed out, so the replay shows the board as it stands at the next
    /// question (or at the end of the game): after any answers the engine gave itself in
    /// between. The default marks no event, and a replay then shows no board.
    fn shows_board(&self, _event: &Self::Event) -> bool {
        false
    }

    /// Returns `event` as `observer` saw it, for a replay told from one seat. Events
    /// report public facts, except those that report an answer, which another seat may
    /// not see (a card played face down): a game with such answers returns, for them, an
    /// event that tells only what [`Game::action_key`] lets `observer` tell apart. The
    /// answers the engine gives itself are reported only as events, which is why the
    /// replay cannot key them itself. The default returns the event unchanged (every
    /// answer public).
    fn seen_by(&self, event: Self::Event, _observer: Seat) -> Self::Event {
        event
    }

    /// Returns how `action`, answered to the question pending in `state` by the seat asked,
    /// looks to `observer`: equal keys for answers `observer` cannot tell apart (another
    /// seat's card played face down), distinct keys for answers it can.
    fn action_key(
        &self,
        state: &Self::State,
        action: Self::Action,
        observer: Seat,
    ) -> Self::ActionKey;

    /// Returns whether the question pending in `state` opens a turn of the seat asked
    /// (`true`) or continues the turn whose previous question the same seat just answered
    /// (`false`). A turn is the run of questions one seat answers before play passes on;
    /// a bot that judges positions judges its answer at the end of its own turn.
    fn turn_starts(&self, state: &Self::State) -> bool;

    /// Returns the number of the round in play in `state`, one more for each round begun
    /// (where it starts does not matter; it never goes down). The runner reads every
    /// seat's standing each time it changes, to follow how the game unfolds (who leads,
    /// and from when); a game without rounds counts its turns.
    fn round(&self, state: &Self::State) -> u32;

    /// Returns the length of [`Game::encode`]'s vector for a game of `players` seats: where
    /// the last field of [`EncodingLayout::encoding_layout`] ends.
    fn encoding_len(&self, players: usize) -> usize;

    /// Writes `observation` into `out` (of [`Game::encoding_len`] numbers) as a
    /// fixed-length numeric vector, for learning front ends (an observation tensor), each
    /// field where [`EncodingLayout::encoding_layout`] places it. It writes every number,
    /// whatever `out` held: a front end may hand it the buffer of a previous observation.
    fn encode(&self, observation: &Self::Observation, out: &mut [f32]);

    /// Writes what `seat` knows of `state` into `out` as [`Game::encode`] writes
    /// [`Game::observe`]'s observation of it, number for number: for a front end that
    /// wants only the numbers, as a batch of games stepped from Python does at every
    /// step. The default does just that; a game whose observation holds what its
    /// encoding leaves out may skip building it (Arctic's final scores, a search over
    /// each pile's face-down cards). The conformance kit checks that both agree.
    fn encode_seen(&self, state: &Self::State, seat: Seat, out: &mut [f32]) {
        self.encode(&self.observe(state, seat), out);
    }

    /// Returns how many distinct answers the game has at a table of `players` seats: every
    /// answer to every question has a fixed number below it ([`Game::action_index`]).
    fn action_count(&self, players: usize) -> usize;

    /// Returns the fixed number of `action`, below [`Game::action_count`].
    fn action_index(&self, action: Self::Action) -> usize;

    /// Returns the answer numbered `index`, if there is one at a table of `players` seats.
    fn action_at(&self, players: usize, index: usize) -> Option<Self::Action>;
}

/// An answer that is not among those allowed now (see [`Game::try_advance`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalAnswer<A> {
    /// The answer given.
    pub action: A,
    /// The answers allowed (empty once the game is over).
    pub allowed: ActionList<A>,
}

impl<A: fmt::Display> fmt::Display for IllegalAnswer<A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.allowed.is_empty() {
            return write!(
                f,
                "\"{}\" cannot be answered: the game is over",
                self.action
            );
        }
        write!(f, "\"{}\" is not an answer now; answers:", self.action)?;
        for (i, a) in self.allowed.iter().enumerate() {
            write!(f, "{} {a}", if i == 0 { "" } else { " |" })?;
        }
        Ok(())
    }
}

impl<A: fmt::Debug + fmt::Display> std::error::Error for IllegalAnswer<A> {}

/// The words every game's event log adds to an answer the engine gave itself because it
/// was the only one: `" (only answer)"`, or nothing for a chosen answer.
pub fn forced_note(forced: bool) -> &'static str {
    if forced { " (only answer)" } else { "" }
}

/// Fills `mask` (of [`Game::action_count`] entries) with whether each numbered answer is
/// among `answers`: a legal-answer mask for learning front ends.
pub fn legal_mask<G: Game>(game: &G, answers: &[G::Action], mask: &mut [bool]) {
    mask.fill(false);
    for &a in answers {
        mask[game.action_index(a)] = true;
    }
}

/// How one seat stands in a game, in points (see [`Game::standing`]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Standing {
    /// Points the seat would score if the game ended now.
    pub points: f64,
    /// Points its progress is worth: an estimate of what it is on the way to score.
    pub progress: f64,
}

/// A standing in words, for a message: "12 points, progress 3.5".
impl fmt::Display for Standing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}, progress {}",
            floe_io::count(self.points, "point"),
            self.progress
        )
    }
}
