#!/usr/bin/env python3
"""refc fuzz end to end.

- replay: for 100 seeds, `refc fuzz --replay SEED --json` in two separate
  processes gives byte-identical programs and identical verdicts;
- a short campaign on the unmodified build: every program is valid (runs
  eagerly), every generator is drawn, stats.json holds what it promises;
- a planted bug is found, attributed to the bug (its program passes without
  it) and reduced to a program that still shows it and shows nothing on the
  normal build;
- a worker that crashes or hangs (an injected fault) is a finding and the
  campaign goes on with a fresh worker;
- bad command lines are usage errors.

Usage: campaign_test.py --refc PATH
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

REFC = None


def refc(*args, env=None, timeout=300):
    full_env = dict(os.environ)
    for name in ("TORCHDYNAMO_PLANTED_BUGS_TESTING_ONLY", "TORCHDYNAMO_INJECT_FAULT_TESTING_ONLY", "TORCH_COMPILE_DISABLE"):
        full_env.pop(name, None)
    full_env.update(env or {})
    return subprocess.run([REFC, *args], capture_output=True, text=True, env=full_env, timeout=timeout)


def campaign(out, *args, env=None):
    r = refc("fuzz", "--out", str(out), "-q", *args, env=env, timeout=600)
    stats = json.loads((Path(out) / "stats.json").read_text())
    return r, stats


class Replay(unittest.TestCase):
    def test_hundred_seeds_replay_identically(self):
        seeds = random.Random(2026).sample(range(1, 1 << 48), 100)
        for seed in seeds:
            first = refc("fuzz", "--replay", str(seed), "--json")
            second = refc("fuzz", "--replay", str(seed), "--json")
            a, b = json.loads(first.stdout), json.loads(second.stdout)
            for key in ("program", "verdict", "oracle", "signature", "calls", "compiles", "features", "changes"):
                self.assertEqual(a[key], b[key], f"seed {seed}: {key} differs between two replays")
            self.assertEqual(first.returncode, second.returncode, f"seed {seed}")


class Campaign(unittest.TestCase):
    def test_programs_are_valid_and_cover_every_generator(self):
        generators = [line.split()[0] for line in refc("fuzz", "--list-generators").stdout.splitlines()]
        with tempfile.TemporaryDirectory() as out:
            r, stats = campaign(out, "--time", "0", "--programs", "300", "--jobs", "2", "--seed", "11", "--no-reduce")
            self.assertIn(r.returncode, (0, 1), r.stderr)
            self.assertEqual(stats["programs"], 300)
            self.assertEqual(stats["invalid"], 0, stats["invalid_by_signature"])
            self.assertGreater(stats["programs_per_second"], 0)
            self.assertGreaterEqual(stats["calls"], 3 * 300)
            self.assertEqual(sorted(stats["coverage"]["generators"]), sorted(generators))
            for change in ("dtype", "strides", "sizes on a branch boundary", "paired sizes unequal"):
                self.assertIn(change, stats["coverage"]["call_changes"])
            self.assertTrue(any(Path(out, "corpus").iterdir()))
            self.assertEqual(r.returncode == 1, bool(stats["findings"]))

    def test_planted_bug_is_found_attributed_and_reduced(self):
        with tempfile.TemporaryDirectory() as out:
            r, stats = campaign(out, "--planted", "unguarded_globals", "--time", "60", "--jobs", "2", "--seed", "3",
                                "--stop-on-finding")
            counted = [f for f in stats["findings"] if not f["baseline"]]
            self.assertTrue(counted, stats["findings"])
            finding = counted[0]
            self.assertEqual(finding["oracle"], "stale_cache")
            self.assertLessEqual(finding["reduced_lines"], 15)
            reduced = Path(out, finding["folder"], "reduced.py")
            planted = {"TORCHDYNAMO_PLANTED_BUGS_TESTING_ONLY": "unguarded_globals"}
            eager = refc("run", str(reduced), env={"TORCH_COMPILE_DISABLE": "1"})
            self.assertNotEqual(refc("run", str(reduced), env=planted).stdout, eager.stdout)
            self.assertEqual(refc("run", str(reduced)).stdout, eager.stdout)
            seed = json.loads(Path(out, finding["folder"], "finding.json").read_text())["seed"]
            self.assertEqual(refc("fuzz", "--replay", str(seed)).returncode, 0, "passes without the planted bug")
            self.assertEqual(refc("fuzz", "--replay", str(seed), env=planted).returncode, 1, "fails with it")

    def test_crashing_and_hanging_workers_are_findings(self):
        for kind, oracle in (("crash", "crash"), ("hang", "hang")):
            with tempfile.TemporaryDirectory() as out:
                r, stats = campaign(out, "--time", "0", "--programs", "40", "--jobs", "2", "--seed", "5", "--no-reduce",
                                    "--program-timeout", "3", env={"TORCHDYNAMO_INJECT_FAULT_TESTING_ONLY": f"sin:{kind}"})
                self.assertEqual(r.returncode, 1)
                self.assertEqual(stats["programs"], 40, "the campaign went on after the lost workers")
                self.assertGreater(stats["worker_restarts"], 0)
                self.assertIn(oracle, {f["oracle"] for f in stats["findings"]})

    def test_bad_command_lines_are_usage_errors(self):
        for args in (["--shard", "2/2"], ["--shard", "x"], ["--time", "ten"], ["--time", "0"], ["--planted", "bogus"]):
            with self.subTest(args=args):
                self.assertEqual(refc("fuzz", *args).returncode, 2)


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--refc", required=True)
    args, rest = ap.parse_known_args()
    REFC = str(Path(args.refc).resolve())
    unittest.main(argv=[sys.argv[0], *rest])
