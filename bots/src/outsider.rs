//! Outsiders: players from outside Floe (a person at the terminal, a Python function, the
//! recorded answers of a game played earlier) seated through the [`Outsider`] trait.
//!
//! An outsider knows no Rust game type: it is asked through [`Asked`], which gives the
//! seat's observation as text, as JSON and as numbers, and the answers as their fixed
//! numbers ([`Game::action_index`]) with their printed text. [`Registry::seat`] seats
//! one wherever a bot spec can go, so outsiders play in every run a bot can.
//!
//! [`Registry::seat`]: crate::Registry::seat

use std::fmt;
use std::sync::Arc;

use floe_core::{FloeRng, Game, View};

use crate::Bot;

/// One question as an outsider sees it: what its seat knows, and the answers.
pub trait Asked {
    /// Returns the seat asked.
    fn seat(&self) -> usize;
    /// Returns the number of seats at the table.
    fn players(&self) -> usize;
    /// Returns what the seat knows, printed for people.
    fn observation_text(&self) -> String;
    /// Returns what the seat knows as a JSON object (the observation's fields).
    fn observation_json(&self) -> String;
    /// Returns what the seat knows as the game's fixed-length numeric encoding.
    fn encoding(&self) -> Vec<f32>;
    /// Returns the answers: each answer's fixed number and its printed text.
    fn answers(&self) -> Vec<(usize, String)>;
}

/// A player from outside Floe. It is shared between the worker threads of a run, so it
/// answers through `&self`; it must answer with one of the fixed numbers
/// [`Asked::answers`] lists (an outsider that cannot answer, say a Python function that
/// raised, stops its run by its own means and returns any listed number meanwhile).
pub trait Outsider: Send + Sync {
    /// Returns the fixed number of the answer chosen for `question`.
    fn answer(&self, question: &dyn Asked) -> usize;
}

/// An outsider shared by every seat and table it plays at, under the name results give it.
#[derive(Clone)]
pub struct Plug {
    name: String,
    outsider: Arc<dyn Outsider>,
}

impl Plug {
    /// Wraps `outsider`, named `name` in results.
    pub fn new(name: &str, outsider: Arc<dyn Outsider>) -> Plug {
        Plug {
            name: name.to_string(),
            outsider,
        }
    }

    /// Returns the name the outsider has in bot lists and results.
    pub fn name(&self) -> &str {
        &self.name
    }
}

impl fmt::Debug for Plug {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Plug({:?})", self.name)
    }
}

impl PartialEq for Plug {
    /// Two plugs are equal when they name the same outsider object.
    fn eq(&self, other: &Plug) -> bool {
        self.name == other.name && Arc::ptr_eq(&self.outsider, &other.outsider)
    }
}

/// A seat's bot that asks an outsider.
pub struct OutsiderBot(Plug);

impl OutsiderBot {
    /// Asks the outsider of `plug`.
    pub fn new(plug: Plug) -> OutsiderBot {
        OutsiderBot(plug)
    }
}

/// A question of game `G` seen through [`Asked`].
struct Question<'v, 'a, G: Game> {
    view: &'v View<'a, G>,
    answers: &'v [G::Action],
}

impl<G: Game> Asked for Question<'_, '_, G> {
    fn seat(&self) -> usize {
        self.view.seat().index()
    }

    fn players(&self) -> usize {
        self.view.players()
    }

    fn observation_text(&self) -> String {
        self.view.observation().to_string()
    }

    fn observation_json(&self) -> String {
        serde_json::to_string(&self.view.observation())
            .expect("an observation serializes to JSON (plain data, string keys)")
    }

    fn encoding(&self) -> Vec<f32> {
        let game = self.view.game();
        let mut out = vec![0.0; game.encoding_len(self.players())];
        game.encode(&self.view.observation(), &mut out);
        out
    }

    fn answers(&self) -> Vec<(usize, String)> {
        let game = self.view.game();
        self.answers
            .iter()
            .map(|&a| (game.action_index(a), a.to_string()))
            .collect()
    }
}

impl<G: Game> Bot<G> for OutsiderBot {
    /// # Panics
    /// Panics if the outsider breaks its contract and answers a number not offered.
    fn act(&mut self, view: &View<'_, G>, answers: &[G::Action], _rng: &mut FloeRng) -> G::Action {
        let chosen = self.0.outsider.answer(&Question { view, answers });
        let game = view.game();
        *answers
            .iter()
            .find(|&&a| game.action_index(a) == chosen)
            .unwrap_or_else(|| {
                panic!(
                    "outsider {:?} answered {chosen}, which is not among the answers offered",
                    self.0.name
                )
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{AnyBot, Registry};
    use floe_core::{ActionList, Stream, stream_rng};
    use std::sync::Mutex;

    /// What an outsider was shown: seat, players, answers, encoding length.
    type Shown = (usize, usize, Vec<(usize, String)>, usize);

    /// Takes the last answer offered and keeps what it was shown.
    #[derive(Default)]
    struct Last(Mutex<Vec<Shown>>);

    impl Outsider for Last {
        fn answer(&self, q: &dyn Asked) -> usize {
            let answers = q.answers();
            let last = answers.last().unwrap().0;
            self.0
                .lock()
                .unwrap()
                .push((q.seat(), q.players(), answers, q.encoding().len()));
            last
        }
    }

    #[test]
    fn an_outsider_is_asked_with_numbered_answers_and_its_choice_is_played() {
        let game = arctic_race::ArcticRace::classic();
        let state = game.new_game(3, &mut stream_rng(1, Stream::Chance));
        let mut answers = ActionList::new();
        game.legal_actions(&state, &mut answers);
        let seat = game.to_act(&state).unwrap();
        let last = Arc::new(Last::default());
        let mut registry = Registry::default();
        registry.seat(Plug::new("mine", last.clone()));
        let spec = registry.parse("mine").unwrap();
        assert_eq!(spec.to_string(), "mine");
        let mut bot: AnyBot<arctic_race::ArcticRace> = spec.build();
        let view = View::new(&game, &state, seat);
        let chosen = bot.act(&view, &answers, &mut stream_rng(1, Stream::Bot(0)));
        assert_eq!(chosen, *answers.last().unwrap());
        let asked = last.0.lock().unwrap();
        let (s, players, listed, encoded) = &asked[0];
        assert_eq!((*s, *players), (seat.index(), 3));
        assert_eq!(*encoded, game.encoding_len(3));
        let expected: Vec<(usize, String)> = answers
            .iter()
            .map(|&a| (game.action_index(a), a.to_string()))
            .collect();
        assert_eq!(*listed, expected);
    }
}
