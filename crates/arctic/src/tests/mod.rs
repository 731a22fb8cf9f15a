//! The rules page's Rules tests and the property test over random games.

mod figures;
mod knowledge;
mod play;
mod rules;
mod table;
mod variants;
