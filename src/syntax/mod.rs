//! Surface syntax: the pest grammar (`grammar/lud.pest`) to a spanned tree.

pub mod ast;
mod parse;

pub use ast::{Kind, Node};
pub use parse::{__pest_only, __prescan_only, MAX_DEPTH, parse};
