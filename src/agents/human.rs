//! A person's typed move, resolved against the legal moves: the move's
//! text in any case (`d3`, `c2-d3`, `xb4`, `pass`), the text without its
//! `/PIECE` where that is unique, or a site by number or label (`12`,
//! `D3`) where exactly one legal move goes there (else exactly one leaves
//! from there); a step may name its sites by number (`11-12`). Anything
//! else gets the nearest legal moves by edit distance.

use crate::engine::{Game, Move, MoveKind};

/// What a line typed for a move stands for.
#[derive(Debug, PartialEq)]
pub enum Typed {
    /// The index of the legal move meant.
    Move(usize),
    /// Several legal moves fit: their indices.
    Ambiguous(Vec<usize>),
    /// No legal move fits: the nearest ones (indices, best first).
    Unknown(Vec<usize>),
}

/// Resolves `input` (trimmed, any case) against `legal`, whose texts are
/// `texts` (`game.move_texts(legal)`).
pub fn resolve(game: &Game, legal: &[Move], texts: &[String], input: &str) -> Typed {
    let t = input.trim().to_lowercase();
    if let Some(r) = by_text(game, legal, texts, &t) {
        return r;
    }
    // site numbers within a step or removal: `11-12`, `x12`
    let relabelled = relabel(game, &t);
    if relabelled != t
        && let Some(r) = by_text(game, legal, texts, &relabelled)
    {
        return r;
    }
    if let Some(site) = site_of(game, &t) {
        for pick in [
            |m: &Move, s| m.to == s && m.kind != MoveKind::Pass,
            |m: &Move, s| m.from == s && m.kind == MoveKind::Step,
        ] {
            let hits: Vec<usize> = (0..legal.len())
                .filter(|&i| pick(&legal[i], site))
                .collect();
            match hits.len() {
                0 => continue,
                1 => return Typed::Move(hits[0]),
                _ => return Typed::Ambiguous(hits),
            }
        }
    }
    Typed::Unknown(nearest(texts, &t, 5))
}

/// An exact (case-insensitive) text, or a unique base text.
fn by_text(game: &Game, legal: &[Move], texts: &[String], t: &str) -> Option<Typed> {
    if let Some(i) = texts.iter().position(|x| x.to_lowercase() == t) {
        return Some(Typed::Move(i));
    }
    let base: Vec<usize> = (0..legal.len())
        .filter(|&i| game.move_text_base(&legal[i]).to_lowercase() == t)
        .collect();
    match base.len() {
        0 => None,
        1 => Some(Typed::Move(base[0])),
        _ => Some(Typed::Ambiguous(base)),
    }
}

/// A board site by number or label (any case).
fn site_of(game: &Game, t: &str) -> Option<u32> {
    let n = game.board.len();
    if let Ok(s) = t.parse::<usize>() {
        return (s < n).then_some(s as u32);
    }
    (0..n as u32).find(|&s| game.board.label(s).to_lowercase() == t)
}

/// `t` with each site number between `-` (and after a leading `x`)
/// replaced by its label, in lower case.
fn relabel(game: &Game, t: &str) -> String {
    let (prefix, rest) = match t.strip_prefix('x') {
        Some(r) => ("x", r),
        None => ("", t),
    };
    let parts: Vec<String> = rest
        .split('-')
        .map(|p| match p.parse::<usize>() {
            Ok(s) if s < game.board.len() => game.board.label(s as u32).to_lowercase(),
            _ => p.to_string(),
        })
        .collect();
    format!("{prefix}{}", parts.join("-"))
}

/// Up to `k` indices of the texts nearest `t` (edit distance, then order).
pub fn nearest(texts: &[String], t: &str, k: usize) -> Vec<usize> {
    let mut d: Vec<(usize, usize)> = texts
        .iter()
        .enumerate()
        .map(|(i, x)| (edit_distance(&x.to_lowercase(), t), i))
        .collect();
    d.sort();
    d.into_iter().take(k).map(|(_, i)| i).collect()
}

/// Levenshtein distance over chars.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.chars().enumerate() {
        cur[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + (ca != cb) as usize)
                .min(prev[j + 1] + 1)
                .min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances() {
        assert_eq!(edit_distance("d3", "d3"), 0);
        assert_eq!(edit_distance("d3", "e3"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }

    #[test]
    fn typed_moves() {
        let text = r#"(game "T" (players 2)
            (equipment { (board (square 3)) (piece "Disc" Each) })
            (rules (play (move Add (to (sites Empty))))
                (end (if (is Line 3) (result Mover Win)))))"#;
        let g = crate::compile_str("t.lud", text, &crate::Choices::default()).unwrap();
        let st = g.initial_state();
        let legal = g.legal_moves(&st);
        let texts = g.move_texts(&legal);
        let b2 = texts.iter().position(|t| t == "B2").unwrap();
        assert_eq!(resolve(&g, &legal, &texts, " b2 "), Typed::Move(b2));
        assert_eq!(resolve(&g, &legal, &texts, "B2"), Typed::Move(b2));
        assert_eq!(resolve(&g, &legal, &texts, "4"), Typed::Move(b2));
        assert!(matches!(
            resolve(&g, &legal, &texts, "9"),
            Typed::Unknown(_)
        ));
        match resolve(&g, &legal, &texts, "B4") {
            Typed::Unknown(near) => {
                assert_eq!(near.len(), 5);
                assert!(texts[near[0]].starts_with('B') || texts[near[0]].ends_with('4'));
            }
            other => panic!("{other:?}"),
        }
    }
}
