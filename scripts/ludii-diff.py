#!/usr/bin/env python3
"""Differential runner: ludeme against a headless Ludii 1.0.8 reference.

For each .lud file given (a file, or a folder searched recursively), compares
  * perft counts to --depth (Ludii's `run.sh perft` against `ludeme perft`);
  * --traces seeded random games: Ludii's harness plays the game, picking
    move i = SplitMix64(seed) mod n over its sorted legal moves; ludeme follows
    the same picks (`@FROM-TO` moves) and at every ply the two lists of legal
    moves are compared by their sites (FROM-TO, -1 for none), then the result.

Ludii is not available in CI: this script is run by hand, beside the
reference built from ../shared/ludii-ref (see its README). It copies nothing.

  scripts/ludii-diff.py FILE_OR_DIR... [--option "Header/Item"] [--depth 3]
                        [--traces 20] [--plies 400] [--json]

Exit status: 0 when every compared file agrees, 1 otherwise.
"""

import argparse
import json
import os
import re
import subprocess
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_LUDEME = os.path.join(HERE, "..", "target", "release", "ludeme")
DEFAULT_REF = "/tmp/ludii-ref/run.sh"


def run(cmd, timeout):
    """(exit code, stdout, stderr); exit code None on a time-out."""
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return None, "", "timed out"


def perft_lines(out):
    counts = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0].isdigit() and parts[1].isdigit():
            counts[int(parts[0])] = int(parts[1])
    return counts


def option_args(options):
    args = []
    for o in options:
        args += ["--option", o]
    return args


def ludii_trace(a, path, seed):
    """Ludii's seeded game: a list of (sorted site keys, picked key) per ply,
    and its result line's fields."""
    code, out, err = run(
        [a.ref, "trace", path, "--seed", str(seed), "--plies", str(a.plies)]
        + option_args(a.option),
        a.timeout,
    )
    if code != 0:
        return None, None, (err.strip().splitlines() or ["no output"])[-1]
    plies, result = [], {}
    keys = None
    for line in out.splitlines():
        if line.startswith("MOVES"):
            keys = [k.split(":", 1)[0] for k in line.split()[1:]]
        elif line.startswith("PICK"):
            f = line.split()
            pick = f[2].split(":", 1)[0]
            # Ludii's harness sorts moves of the same sites by their action
            # types, then by their text; ludeme lists them in the rules'
            # order: the pick's rank among them names it (`@FROM-TO#N`),
            # right where the text keeps the rules' order
            nth = int(f[1]) - keys.index(pick) if keys and pick in keys else 0
            # ... except a promotion's choices: Ludii sorts them by their
            # text, where the new piece is `what=C`; ludeme's are in the
            # rules' order, so the pick names its piece (`@FROM-TO=C`)
            promote = f[2].endswith(":Promote") and bool(keys) and keys.count(pick) > 1
            plies.append((keys, pick, nth, True if promote else None))
            keys = None
        elif line.startswith("APPLIED") and plies and plies[-1][3] is True:
            m = re.search(r"what=(\d+)", line)
            keys_, pick, nth, _ = plies[-1]
            plies[-1] = (keys_, pick, nth, int(m.group(1)) if m else None)
        elif line.startswith("NOMOVES"):
            plies.append(([], None, 0, None))
        elif line.startswith("RESULT"):
            result = dict(f.split("=", 1) for f in line.split()[1:] if "=" in f)
    return plies, result, None


def key_order(k):
    """FROM-TO as numbers; either may be -1."""
    cut = k.index("-", 1)
    return (int(k[:cut]), int(k[cut + 1:]))


def compare_trace(a, path, seed):
    """None when ludeme agrees with Ludii on this game, else a description of
    the first disagreement."""
    plies, result, err = ludii_trace(a, path, seed)
    if plies is None:
        return f"Ludii failed: {err}"
    picks = [
        f"@{p}={w}" if w is not None and w is not True else f"@{p}#{n}" if n else f"@{p}"
        for _, p, n, w in plies
        if p is not None
    ]
    code, out, err = run(
        [a.ludeme, "moves", path, "--sites", "--every-ply", "--after", " ".join(picks)]
        # Ludii's harness seeds the game's own generator (dice) with the
        # trace's seed: ludeme rolls the same values with the same seed
        + ["--dice-seed", str(seed)]
        + option_args(a.option)
        + ["--max-turns", "100000", "--max-decisions", "100000"],
        a.timeout,
    )
    if code != 0:
        return "ludeme: " + " ".join(err.strip().splitlines()[:2])
    ours = {}
    for line in out.splitlines():
        k, _, rest = line.partition(": ")
        ours[int(k)] = rest
    ambiguous = []
    for ply, (keys, pick, _, what) in enumerate(plies):
        theirs = Counter(keys)
        line = ours.get(ply, "")
        mine = Counter() if line.startswith("over") else Counter(line.split())
        if mine != theirs:
            only_l = sorted((theirs - mine).elements(), key=key_order)[:8]
            only_m = sorted((mine - theirs).elements(), key=key_order)[:8]
            note = f" (after a pick shared by several moves at ply {ambiguous[-1]})" if ambiguous else ""
            return (
                f"ply {ply}{note}: Ludii {sum(theirs.values())} moves, ludeme "
                f"{sum(mine.values())}{' (' + line + ')' if line.startswith('over') else ''}; "
                f"only Ludii: {' '.join(only_l) or '-'}; only ludeme: {' '.join(only_m) or '-'}"
            )
        if pick is not None and theirs[pick] > 1 and what is None:
            # Several moves share the sites: ludeme follows the one of the
            # same rank in its own order, which is Ludii's pick only when
            # Ludii's tie-break (the moves' text) kept the rules' order.
            ambiguous.append(ply)
    last = ours.get(len(plies), "")
    if result.get("over") == "true":
        winner = result.get("winner", "none")
        want = f"over: P{winner}" if winner not in ("none", "0", "-1") else "over: draw"
        if not last.startswith("over"):
            return f"end: Ludii ends the game at ply {len(plies)} ({want}), ludeme goes on"
        # With one player, Ludii's Loss and Draw both leave winner 0 and
        # ranking 0 (End.java): either result of ludeme's matches it.
        solo = want == "over: draw" and result.get("ranking") == "0"
        if solo and last in ("over: draw", "over: P1:Loss"):
            pass
        elif want == "over: draw" and last != want:
            return f"result: Ludii {want}, ludeme {last}"
        if want != "over: draw" and last != want:
            return f"result: Ludii {want}, ludeme {last}"
    elif last.startswith("over") and len(plies) < a.plies:
        return f"end: ludeme ends the game at ply {len(plies)} ({last}), Ludii goes on"
    return None


def compare_file(a, path):
    rep = {"file": path}
    code, out, err = run([a.ludeme, "check", path] + option_args(a.option), a.timeout)
    if code != 0:
        rep["load"] = (err.strip().splitlines() or ["?"])[0]
        return rep
    rep["load"] = "ok"
    # A game that rolls dice: Ludii's perft rolls at the root with the
    # generator seeded 0, but each copied position below rolls with one
    # generator shared by all copies and seeded at random, so only depth 1
    # is a fixed number to compare
    depth = 1 if "`roll`" in out else a.depth
    if depth != a.depth:
        rep["perft_depth"] = depth
    code_r, out_r, err_r = run(
        [a.ref, "perft", path, str(depth)] + option_args(a.option), a.timeout
    )
    code_l, out_l, err_l = run(
        [a.ludeme, "perft", path, str(depth)] + option_args(a.option), a.timeout
    )
    theirs, mine = perft_lines(out_r), perft_lines(out_l)
    if code_r != 0:
        rep["perft"] = "Ludii failed: " + (err_r.strip().splitlines() or ["?"])[-1]
    elif code_l != 0:
        rep["perft"] = "ludeme failed: " + (err_l.strip().splitlines() or ["?"])[0]
    else:
        bad = [d for d in sorted(theirs) if mine.get(d) != theirs[d]]
        rep["perft"] = (
            "ok " + "/".join(str(theirs[d]) for d in sorted(theirs))
            if not bad
            else f"depth {bad[0]}: Ludii {theirs[bad[0]]}, ludeme {mine.get(bad[0])}"
        )
    agree, first = 0, None
    for s in range(a.seed, a.seed + a.traces):
        d = compare_trace(a, path, s)
        if d is None:
            agree += 1
        elif first is None:
            first = f"seed {s}: {d}"
    rep["traces"] = f"{agree}/{a.traces}"
    if first:
        rep["first_disagreement"] = first
    rep["agrees"] = rep["perft"].startswith("ok") and agree == a.traces
    return rep


def files_of(paths):
    for p in paths:
        if os.path.isdir(p):
            for root, _, names in sorted(os.walk(p)):
                for n in sorted(names):
                    if n.endswith(".lud"):
                        yield os.path.join(root, n)
        else:
            yield p


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="+", help=".lud files or folders")
    ap.add_argument("--option", action="append", default=[], help='"Header/Item"')
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--traces", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1, help="first seed")
    ap.add_argument("--plies", type=int, default=400, help="plies per trace at most")
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("--ludeme", default=DEFAULT_LUDEME)
    ap.add_argument("--ref", default=DEFAULT_REF)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--only-loading", action="store_true",
                    help="skip files ludeme does not load (no line for them)")
    a = ap.parse_args()
    reports, all_ok = [], True
    for path in files_of(a.paths):
        rep = compare_file(a, path)
        if rep["load"] != "ok":
            if a.only_loading:
                continue
            all_ok = False
        else:
            all_ok &= rep["agrees"]
        reports.append(rep)
        if not a.json:
            if rep["load"] != "ok":
                print(f"{path}: does not load: {rep['load']}", flush=True)
            else:
                tail = f"; {rep['first_disagreement']}" if "first_disagreement" in rep else ""
                print(f"{path}: perft {rep['perft']}; traces {rep['traces']}{tail}", flush=True)
    loaded = [r for r in reports if r["load"] == "ok"]
    if a.json:
        json.dump(reports, sys.stdout, indent=1)
        print()
    else:
        print(
            f"{sum(r['agrees'] for r in loaded)}/{len(loaded)} loaded files agree "
            f"({len(reports)} compared)"
        )
    sys.exit(0 if all_ok else 1)


if __name__ == "__main__":
    main()
