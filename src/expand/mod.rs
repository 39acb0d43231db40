//! Expansion: defines, options, rulesets, metadata.

/// What the user chose on the command line (or through the API).
#[derive(Clone, Debug, Default)]
pub struct Choices {
    /// `"Header/Item"` strings.
    pub options: Vec<String>,
    pub ruleset: Option<String>,
}
