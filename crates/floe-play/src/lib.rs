//! Games told and played: a game of a run played again and told in words ([`replay`]) or
//! step by step for drawing ([`drawn`]), a game a program steps one question at a time
//! ([`session`]: the Python side and the web play), and the seats people take at a game,
//! with the records of the games they played ([`people`]).

pub mod drawn;
pub mod people;
pub mod replay;
pub mod saved;
pub mod seats;
pub mod session;
