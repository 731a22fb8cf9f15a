//! Learned networks in play: the `onnx` bot, which answers by a policy network, and the
//! [`Scorer`] the search asks for its priors and leaf values.
//!
//! A network sees what a seat sees: the seat's observation, encoded by the game's layout
//! ([`Game::encode`]), and the legal mask (1 for an answer on offer, 0 for one not, in the
//! order of [`Game::action_index`]). Its buffers are made with the bot and grown at the
//! first question of a table; after that a question allocates nothing.

use std::marker::PhantomData;
use std::sync::Arc;

use floe_core::{FloeRng, Game, View};
use floe_onnx::{Model, Scratch};
use rand::RngExt;

use crate::Bot;

/// A network with its buffers: the encoded observation, the mask, and the network's own.
pub struct Scorer {
    model: Arc<Model>,
    scratch: Scratch,
    obs: Vec<f32>,
    mask: Vec<f32>,
}

impl Scorer {
    /// Returns a scorer running `model`.
    pub fn new(model: Arc<Model>) -> Scorer {
        let scratch = model.net().scratch();
        Scorer {
            model,
            scratch,
            obs: Vec::new(),
            mask: Vec::new(),
        }
    }

    /// Runs the network on `observation` (of a table of `players`) with `answers` on offer
    /// and returns its output: a score per answer of the game's list (a policy network)
    /// or one value (a value network).
    pub fn run<G: Game>(
        &mut self,
        game: &G,
        players: usize,
        observation: &G::Observation,
        answers: &[G::Action],
    ) -> &[f32] {
        self.obs.resize(game.encoding_len(players), 0.0);
        game.encode(observation, &mut self.obs);
        self.mask.clear();
        self.mask.resize(game.action_count(players), 0.0);
        for &a in answers {
            self.mask[game.action_index(a)] = 1.0;
        }
        let rows: [&[f32]; 2] = [&self.obs, &self.mask];
        let inputs = &rows[..self.model.net().inputs().len()];
        self.model.net().run(&mut self.scratch, inputs)
    }

    /// Fills `out` with each of `answers`' probability under the network's policy: the
    /// softmax of their scores, the answers not on offer left out.
    pub fn policy<G: Game>(
        &mut self,
        game: &G,
        players: usize,
        observation: &G::Observation,
        answers: &[G::Action],
        out: &mut Vec<f64>,
    ) {
        let scores = self.run(game, players, observation, answers);
        out.clear();
        out.extend(
            answers
                .iter()
                .map(|&a| f64::from(scores[game.action_index(a)])),
        );
        let top = out.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        out.iter_mut().for_each(|s| *s = (*s - top).exp());
        let sum: f64 = out.iter().sum();
        out.iter_mut().for_each(|s| *s /= sum);
    }
}

/// How the `onnx` bot picks from its network's scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    /// The legal answer scored best, a tie going to the first listed.
    Best,
    /// An answer drawn from the softmax of the legal answers' scores.
    Sample,
}

/// The `onnx` bot: answers by a policy network.
pub struct OnnxBot<G: Game> {
    scorer: Scorer,
    pick: Pick,
    /// Each answer's probability, with [`Pick::Sample`] (room for every answer, grown at
    /// the first question).
    shares: Vec<f64>,
    game: PhantomData<fn() -> G>,
}

impl<G: Game> OnnxBot<G> {
    /// Returns a bot answering by `model`'s policy, picking as `pick` says.
    pub fn new(model: Arc<Model>, pick: Pick) -> OnnxBot<G> {
        OnnxBot {
            scorer: Scorer::new(model),
            pick,
            shares: Vec::new(),
            game: PhantomData,
        }
    }
}

impl<G: Game> Bot<G> for OnnxBot<G> {
    fn act(&mut self, view: &View<'_, G>, answers: &[G::Action], rng: &mut FloeRng) -> G::Action {
        let (game, players) = (view.game(), view.players());
        let observation = view.observation();
        if self.pick == Pick::Sample {
            // Room for every answer, made at the first question (reserve counts from the
            // length, so the list is emptied first).
            self.shares.clear();
            self.shares.reserve(game.action_count(players));
            self.scorer
                .policy(game, players, &observation, answers, &mut self.shares);
            let mut left = rng.random::<f64>();
            for (i, &p) in self.shares.iter().enumerate() {
                if left < p {
                    return answers[i];
                }
                left -= p;
            }
            return answers[answers.len() - 1];
        }
        let scores = self.scorer.run(game, players, &observation, answers);
        let mut best = (answers[0], f32::NEG_INFINITY);
        for &a in answers {
            let s = scores[game.action_index(a)];
            if s > best.1 {
                best = (a, s);
            }
        }
        best.0
    }
}
