#!/usr/bin/env python3
"""Checks that refc's torch.save writes the files PyTorch 2.14 writes.

Runs write_files.py under refc into a temporary folder and compares each
file with the one PyTorch 2.14 wrote from the same script (pytorch/, committed),
with CPython's zipfile only (no torch needed):

- the same records in the same order, in a folder named after the file's stem;
- every record stored uncompressed, its data at a multiple of 64 bytes;
- equal .format_version, .storage_alignment, byteorder and version records, and
  a 40-digit .data/serialization_id;
- equal data.pkl bytes (the same pickle opcodes and memo) and equal data/<key>
  storages, except the differences listed below, each with its reason.

With --peer, it also copies refc's files into the peer's chroot and runs
check_refc_files_in_peer.py there: PyTorch 2.14 loads every refc file and
compares it with its own.

Usage: check_refc_files.py --refc build/bin/refc [--peer PATH [--peer-root DIR]]
Exit status 0 when every file matches. Standard library only.
"""

import argparse
import shutil
import struct
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

DATA_DIR = Path(__file__).resolve().parent
PYTORCH_DIR = DATA_DIR / "pytorch"
ALIGNMENT = 64

# Files whose pickle ends with state refc does not keep: PyTorch's state_dict()
# carries a `_metadata` attribute (pickled as a final BUILD); refc's
# OrderedDict takes no attributes, so refc's pickle stops before it.
PICKLE_WITHOUT_METADATA = {"model_state.pt"}
# Files PyTorch saved with pickle protocol 4 or 5 (torch.save's
# pickle_protocol): refc writes protocol 2 whatever it is asked, so only their
# records and storages are compared.
NEWER_PROTOCOL = {"protocol4.pt", "protocol5.pt"}
# Files whose tensors were computed by training steps (Adam, SGD): refc's
# kernels and PyTorch's round the last bits differently, so only the sizes of
# their storages are compared (their values are checked to 4 decimals by the
# eager programs that load them).
COMPUTED_VALUES = {"model_state.pt", "optimizer_state.pt"}


def data_offsets(path):
    """{record name: offset of its data} from the zip's local headers."""
    raw = path.read_bytes()
    offsets = {}
    with zipfile.ZipFile(path) as z:
        for info in z.infolist():
            name_len, extra_len = struct.unpack("<HH", raw[info.header_offset + 26:info.header_offset + 30])
            offsets[info.filename] = info.header_offset + 30 + name_len + extra_len
    return offsets


def compare(name, ours, theirs):
    """The problems of refc's file `ours` against PyTorch's `theirs`."""
    problems = []
    stem = name.rsplit(".", 1)[0]
    with zipfile.ZipFile(ours) as zo, zipfile.ZipFile(theirs) as zt:
        our_names = zo.namelist()
        their_names = zt.namelist()
        if [n.split("/", 1)[1] for n in our_names] != [n.split("/", 1)[1] for n in their_names]:
            problems.append(f"records {our_names} != {their_names}")
            return problems
        if any(not n.startswith(stem + "/") for n in our_names):
            problems.append(f"records not in the folder {stem}/: {our_names}")
        for info in zo.infolist():
            if info.compress_type != zipfile.ZIP_STORED:
                problems.append(f"{info.filename} is compressed ({info.compress_type})")
        for record, offset in data_offsets(ours).items():
            if offset % ALIGNMENT:
                problems.append(f"{record}'s data starts at {offset}, not a multiple of {ALIGNMENT}")
        for ours_name, theirs_name in zip(our_names, their_names):
            record = ours_name.split("/", 1)[1]
            a, b = zo.read(ours_name), zt.read(theirs_name)
            if record == ".data/serialization_id":
                if len(a) != 40 or not a.isdigit():
                    problems.append(f"serialization_id {a!r} is not 40 digits")
            elif record == "data.pkl" and name in PICKLE_WITHOUT_METADATA:
                rest = b[len(a) - 1:]
                if not (a.endswith(b".") and b.startswith(a[:-1]) and b"_metadata" in rest and rest.endswith(b"b.")):
                    problems.append("data.pkl differs from PyTorch's by more than its _metadata state")
            elif record == "data.pkl" and name in NEWER_PROTOCOL:
                if a[:2] != b"\x80\x02":
                    problems.append(f"data.pkl starts {a[:2]!r}, not protocol 2's PROTO")
            elif record.startswith("data/") and name in COMPUTED_VALUES:
                if len(a) != len(b):
                    problems.append(f"{record} has {len(a)} bytes, PyTorch's {len(b)}")
            elif a != b:
                problems.append(f"{record} differs: {a[:60]!r}... != {b[:60]!r}...")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--refc", required=True, help="the refc binary")
    parser.add_argument("--peer", help="the torch-peer script: also load refc's files under PyTorch 2.14")
    parser.add_argument("--peer-root", default=str(DATA_DIR.parent.parent.parent / ".peer" / "sid"),
                        help="the peer's chroot (default: .peer/sid under the repository root)")
    args = parser.parse_args()

    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        run = subprocess.run([str(Path(args.refc).resolve()), "run", "write_files.py", tmp], cwd=DATA_DIR,
                             capture_output=True, text=True, timeout=120)
        if run.returncode != 0:
            print(f"FAIL refc write_files.py exited {run.returncode}:\n{run.stderr}")
            return 1
        expected = sorted(p.name for p in PYTORCH_DIR.glob("*.pt"))
        written = sorted(p.name for p in Path(tmp).glob("*.pt"))
        if written != expected:
            print(f"FAIL refc wrote {written}, PyTorch {expected}")
            failed += 1
        for name in expected:
            if name not in written:
                continue
            problems = compare(name, Path(tmp) / name, PYTORCH_DIR / name)
            print(("FAIL " if problems else "ok   ") + name)
            for p in problems:
                print("     " + p)
            failed += bool(problems)
        if args.peer:
            target = Path(args.peer_root) / "data" / "refc"
            shutil.rmtree(target, ignore_errors=True)
            shutil.copytree(tmp, target)
            peer = subprocess.run([args.peer, "--root", args.peer_root,
                                   str(DATA_DIR / "check_refc_files_in_peer.py"), "../data/refc",
                                   "../data/pytorch"], capture_output=True, text=True, timeout=600)
            sys.stdout.write(peer.stdout + peer.stderr)
            failed += peer.returncode != 0
    print(f"{len(expected) - failed} files match, {failed} differ" if failed else f"all {len(expected)} files match")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
