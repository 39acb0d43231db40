#!/usr/bin/env python3
"""Random playouts per second, one thread: ludeme (default passes and the
reference interpreter, `--passes none`) against Ludii's own optimised
playouts (`run.sh bench`), file by file, one after the other on the same
machine. Prints a markdown table.

  scripts/bench-vs-ludii.py FILE... [--ludeme BIN] [--secs 10] [--warmup 5]

Timings are wall-clock rates: run it on a quiet machine, and read two
runs before trusting a difference under 20 %.
"""
import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REF = os.environ.get("LUDII_REF", "/tmp/ludii-ref/run.sh")


def ludii_rate(path, secs, warmup):
    out = subprocess.run([REF, "bench", path, "--secs", str(secs), "--warmup", str(warmup)],
                         capture_output=True, text=True, timeout=secs + warmup + 300).stdout
    m = re.search(r"PLAYOUTS_PER_SEC\s+([0-9.]+)", out)
    return float(m.group(1)) if m else None


def ludeme_rate(binary, path, passes, secs):
    def run(n):
        r = subprocess.run([binary, "bench", path, "--playouts", str(n), "--passes", passes],
                           capture_output=True, text=True, timeout=secs * 20 + 300)
        m = re.search(r"playouts/s:\s*([0-9.]+)", r.stdout)
        return float(m.group(1)) if m else None
    first = run(5)
    if first is None:
        return None
    return run(max(5, int(first * secs)))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="+")
    ap.add_argument("--ludeme", default=os.path.join(ROOT, "target/release/ludeme"))
    ap.add_argument("--secs", type=float, default=10)
    ap.add_argument("--warmup", type=float, default=5)
    a = ap.parse_args()
    print("| game | Ludii 1.0.8 | ludeme | ratio | ludeme, reference |")
    print("|---|---:|---:|---:|---:|")
    for f in a.files:
        name = os.path.splitext(os.path.basename(f))[0]
        lu = ludii_rate(f, a.secs, a.warmup)
        us = ludeme_rate(a.ludeme, f, "all", a.secs)
        ref = ludeme_rate(a.ludeme, f, "none", a.secs)
        fmt = lambda x: "-" if x is None else f"{x:,.1f}"
        ratio = "-" if not (lu and us) else f"{us / lu:.1f}x"
        print(f"| {name} | {fmt(lu)} | {fmt(us)} | {ratio} | {fmt(ref)} |", flush=True)


if __name__ == "__main__":
    sys.exit(main())
