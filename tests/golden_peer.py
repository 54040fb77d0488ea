"""How the generate_golden.py of the torch suites (tests/eager, tests/dynamo,
tests/dynamic) reach their oracle, PyTorch 2.14 in the torch peer
(shared/peer/torch-peer: a Debian sid chroot holding python3-torch 2.14,
built by shared/peer/setup-torch-peer): where the peer is, the probe that
refuses any other version, the checks a recording must pass, and the command
line the three share. Standard library only.
"""

import os
import re
import sys
import tempfile
from pathlib import Path

import golden_programs

REPO_ROOT = Path(__file__).resolve().parent.parent

PROBE = ("import sys, torch\n"
         "print(torch.__version__, '%d.%d' % sys.version_info[:2])\n")

# What must not survive normalization: the peer's program path and addresses.
LEAKS = re.compile(r"/peer/|\b0x[0-9a-f]{6,}|/usr/lib/")


def default_peer():
    """The torch-peer script: $REFC_TORCH_PEER, else ../shared/peer/torch-peer beside the repo."""
    env = os.environ.get("REFC_TORCH_PEER")
    if env:
        return env
    return str((REPO_ROOT.parent / "shared" / "peer" / "torch-peer").resolve())


def default_peer_root():
    """The peer's chroot: $PEER_ROOT, else .peer/sid under the repo root."""
    env = os.environ.get("PEER_ROOT")
    if env:
        return env
    return str(REPO_ROOT / ".peer" / "sid")


def probe_peer(common, prefix):
    """The peer's 'torch-version python-version' line; exits on failure."""
    with tempfile.TemporaryDirectory() as tmp:
        probe = Path(tmp) / "refc_eager_probe.py"
        probe.write_text(PROBE, encoding="utf-8")
        got = common.run_program(prefix, probe, 120)
    if got.code != 0:
        sys.exit("generate_golden.py: the torch peer does not work "
                 f"({' '.join(prefix)}): exit {got.code}: {got.err_line}")
    return got.stdout.decode("utf-8", "replace").strip()


def peer_failed(program, outcome, data):
    """A recording check: the peer itself failed (not the program)."""
    if outcome.code == 2 and "torch-peer:" in outcome.err_line:
        return f"the peer failed: {outcome.err_line}"
    return None


def no_leaks(program, outcome, data):
    """A recording check: no machine path or address left after normalization."""
    for label, blob in (("stdout", data[0]), ("normalized stderr", data[1])):
        leak = LEAKS.search(blob.decode("utf-8", "replace"))
        if leak:
            return f"{label} shows {leak.group(0)!r} (a path or an address)"
    return None


def main(doc, common, checks, validate=None):
    """A torch suite's generate_golden.py: records each selected program twice
    under the peer (golden_programs.record_twice with `checks`) and writes or
    checks its goldens. Returns the exit status."""
    parser = golden_programs.generator_arguments(doc)
    parser.add_argument("--timeout", type=float, default=common.TIMEOUT_S, metavar="S",
                        help="per-run timeout in seconds (default %(default)g; raise it on a "
                             "loaded machine: the peer's import of torch alone takes seconds)")
    parser.add_argument("--peer", default=default_peer(), metavar="PATH",
                        help="the torch-peer script (default: $REFC_TORCH_PEER, else "
                             "../shared/peer/torch-peer beside the repository: %(default)s)")
    parser.add_argument("--peer-root", default=default_peer_root(), metavar="DIR",
                        help="the peer's chroot (default: $PEER_ROOT, else .peer/sid under "
                             "the repository root: %(default)s)")
    args = parser.parse_args()

    if not Path(args.peer).is_file():
        sys.exit(f"generate_golden.py: no torch peer at {args.peer} (see --peer)")
    prefix = [str(Path(args.peer).resolve()), "--root", str(Path(args.peer_root).resolve())]
    versions = probe_peer(common, prefix)
    torch_version, _, py_version = versions.partition(" ")
    if not torch_version.startswith("2.14") or py_version == "":
        sys.exit("generate_golden.py: refusing to write goldens: the oracle must be "
                 f"PyTorch 2.14, but the peer reports {versions!r}")

    def run(program, timeout):
        return common.run_program(prefix, program, timeout)

    def record(program):
        return golden_programs.record_twice(run, program, args.timeout, common.PROGRAMS.golden_bytes, checks)

    return golden_programs.generate(common, args, record, validate=validate,
                                    oracle=f"oracle: torch {torch_version}, Python {py_version}")
