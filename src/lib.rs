//! ludeme: loads board games written in Ludii's game-description language
//! and plays them exactly.
//!
//! The pipeline, one module per stage:
//! [`syntax`] (pest grammar to a spanned tree) → [`expand`] (defines,
//! options, rulesets) → [`compile`] (typed rule tree) → [`engine`] (states,
//! legal moves, effects, end) over a [`board`] graph.

pub mod board;
pub mod cli;
pub mod diag;
pub mod expand;
pub mod syntax;
