//! Surface syntax: the pest grammar (`grammar/lud.pest`) to a spanned tree.

pub mod ast;
pub use ast::{Kind, Node};
