//! [`AnyBot`]: a seat's bot, called without dynamic dispatch when it is a built-in one.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use floe_core::{FloeRng, Game, View};

use crate::learned::OnnxBot;
use crate::{Bot, GreedyBot, MctsBot, RandomBot};

/// A bot of any kind. The built-in bots are variants, so the runner's call to `act` is a
/// predictable branch the compiler can inline rather than a virtual call per question (a
/// question can take as little as a few dozen nanoseconds); any other bot rides in
/// [`AnyBot::Plugged`].
pub enum AnyBot<G: Game> {
    /// The `random` bot.
    Random(RandomBot),
    /// The `greedy` bot.
    Greedy(GreedyBot<G>),
    /// The `mcts` bot, boxed: its buffers for a decision (the answers, their keys, a
    /// turn's plan) make it far larger than the others.
    Mcts(Box<MctsBot<G>>),
    /// The `onnx` bot, boxed: its network's buffers.
    Learned(Box<OnnxBot<G>>),
    /// A bot from outside this crate.
    Plugged(Box<dyn Bot<G>>),
}

impl<G: Game> Bot<G> for AnyBot<G> {
    /// The random bot answers in a few nanoseconds, so it is tested for with one plain
    /// branch and inlined; the bots that think for a while are asked out of line, which
    /// keeps the runner's loop small.
    #[inline]
    fn act(&mut self, view: &View<'_, G>, answers: &[G::Action], rng: &mut FloeRng) -> G::Action {
        if let AnyBot::Random(bot) = self {
            return Bot::<G>::act(bot, view, answers, rng);
        }
        self.act_slow(view, answers, rng)
    }

    fn new_game(&mut self) {
        match self {
            AnyBot::Random(bot) => Bot::<G>::new_game(bot),
            AnyBot::Greedy(bot) => bot.new_game(),
            AnyBot::Mcts(bot) => bot.new_game(),
            AnyBot::Learned(bot) => bot.new_game(),
            AnyBot::Plugged(bot) => bot.new_game(),
        }
    }
}

impl<G: Game> AnyBot<G> {
    /// Makes a search end early, with its best answer so far, once `flag` is set (see
    /// [`MctsBot::interrupt_on`]). The other built-in bots answer within milliseconds and
    /// do not look; a plugged bot is its own affair.
    pub fn interrupt_on(&mut self, flag: Arc<AtomicBool>) {
        if let AnyBot::Mcts(bot) = self {
            bot.interrupt_on(flag);
        }
    }

    /// Asks any bot but the random one.
    #[inline(never)]
    fn act_slow(
        &mut self,
        view: &View<'_, G>,
        answers: &[G::Action],
        rng: &mut FloeRng,
    ) -> G::Action {
        match self {
            AnyBot::Random(bot) => Bot::<G>::act(bot, view, answers, rng),
            AnyBot::Greedy(bot) => bot.act(view, answers, rng),
            AnyBot::Mcts(bot) => bot.act(view, answers, rng),
            AnyBot::Learned(bot) => bot.act(view, answers, rng),
            AnyBot::Plugged(bot) => bot.act(view, answers, rng),
        }
    }
}
