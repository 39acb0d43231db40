//! Surface syntax: the pest grammar (`grammar/lud.pest`) to a spanned tree.
//!
//! [`parse`] first checks brackets, strings and nesting, then tries a fast
//! hand-written parser of the same language and, if that one declines,
//! the pest parser, which gives the tree or a diagnostic in words.

pub mod ast;
mod fast;
mod parse;

pub use ast::{Kind, Node};
pub use parse::{CLOSE_MARK, MAX_DEPTH, MAX_PARAM, OPEN_MARK, parse, parse_fast, parse_with_pest};
