//! Invariants of every generated board, over random sizes.

use ludeme::board::{Board, Dir, Relation, Site, SiteType};
use proptest::prelude::*;

fn check(b: &Board) {
    let n = b.len();
    // index order: rows bottom to top, left to right
    for w in b.sites.windows(2) {
        let (p, q) = (&w[0], &w[1]);
        assert!(
            p.y < q.y - 1e-9 || ((p.y - q.y).abs() < 1e-9 && p.x < q.x),
            "{:?}: {} before {}",
            b.shape,
            p.label,
            q.label
        );
    }
    for s in b.all_sites() {
        assert_eq!(b.sites[s as usize].index, s);
        assert_eq!(b.site_by_label(b.label(s)), Some(s), "labels are unique");
        for d in Dir::ALL {
            // the radial is the walk along the step table
            let mut walk = Vec::new();
            let mut cur = s;
            while let Some(t) = b.step(cur, d) {
                walk.push(t);
                cur = t;
            }
            assert_eq!(b.radial(s, d), walk.as_slice());
            if let Some(t) = b.step(s, d) {
                assert_eq!(b.step(t, d.opposite()), Some(s));
            }
        }
        let all = b.neighbours(s, Relation::All);
        for rel in Relation::ALL {
            let (nb, dirs) = (b.neighbours(s, rel), b.dirs(s, rel));
            assert_eq!(nb.len(), dirs.len());
            assert!(dirs.windows(2).all(|w| w[0] < w[1]));
            for (t, d) in nb.iter().zip(dirs) {
                assert_eq!(b.step(s, *d), Some(*t));
                assert!(all.contains(t));
            }
        }
    }
    let mut parts: Vec<Site> = b.outer().iter().chain(b.inner()).copied().collect();
    parts.sort_unstable();
    assert_eq!(parts, b.all_sites().collect::<Vec<_>>());
    assert!(b.corners().iter().all(|c| b.outer().contains(c)));
    assert!((b.centre() as usize) < n);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn grids(rows in 1u32..30, cols in 1u32..30, vertex in any::<bool>()) {
        let t = if vertex { SiteType::Vertex } else { SiteType::Cell };
        let b = Board::grid(rows, cols, t);
        prop_assert_eq!(b.len() as u32, rows * cols);
        prop_assert_eq!(b.corners().len(), match (rows, cols) {
            (1, 1) => 1,
            (1, _) | (_, 1) => 2,
            _ => 4,
        });
        check(&b);
    }

    #[test]
    fn hexes(n in 1u32..16) {
        let b = Board::hex(n);
        prop_assert_eq!(b.len() as u32, 3 * n * (n - 1) + 1);
        prop_assert_eq!(b.outer().len() as u32, if n == 1 { 1 } else { 6 * (n - 1) });
        prop_assert_eq!(b.label(b.centre()), format!("{}{}", (b'A' + n as u8 - 1) as char, n));
        check(&b);
        let l = Board::limping_hex(n);
        prop_assert_eq!(l.len() as u32, 3 * n * n);
        check(&l);
    }

    #[test]
    fn concentric(rings in 1u32..12, join in any::<bool>()) {
        let b = Board::concentric(rings, join);
        prop_assert_eq!(b.len() as u32, 8 * rings);
        let spokes = if join { 8 } else { 4 };
        prop_assert_eq!(b.edges().len() as u32, 8 * rings + spokes * (rings - 1));
        for s in b.all_sites() {
            prop_assert!(b.neighbours(s, Relation::Diagonal).is_empty());
            prop_assert_eq!(b.neighbours(s, Relation::Orthogonal), b.neighbours(s, Relation::Adjacent));
        }
        check(&b);
    }
}
