//! Rule tests: one or more per point of the rules page, plus property tests over many
//! seeded random games and the hidden-information contract of `determinize`.

mod support;

mod answers;
mod encoding;
mod hidden_info;
mod icons;
mod movement;
mod observation;
mod properties;
mod rounds;
mod scoring;
mod secret;
mod setup;
mod shift;
