# files through open(): json.dump/json.load, Path.write_text/read_text/write_bytes/read_bytes/open/touch/unlink, glob and iterdir over files, argparse @file arguments and FileType, json.loads of bytes
import argparse
import io
import json
from pathlib import Path

base = Path("_377_scratch")
base.mkdir(exist_ok=True)
config = {"model": {"layers": 4, "dropout": 0.1}, "optimizer": "adamw", "tags": ["a", "\u00e9"]}
config_path = base / "config.json"
with open(config_path, "w") as f:
    json.dump(config, f, indent=2)
print(config_path.read_text())
with config_path.open() as f:
    loaded = json.load(f)
print(loaded == config, loaded["model"])
print(config_path.stat().st_size == len(config_path.read_text()))

notes = base / "notes.txt"
print(notes.write_text("line one\nline two\n"), repr(notes.read_text()))
with notes.open("a") as f:
    f.write("line three\n")
print(notes.read_text().splitlines())
(base / "empty.log").touch()
(base / "empty.log").touch()
print(repr((base / "empty.log").read_text()), (base / "empty.log").is_file())
try:
    (base / "empty.log").touch(exist_ok=False)
except FileExistsError as e:
    print("FileExistsError:", e)
try:
    notes.write_text(42)
except TypeError as e:
    print("TypeError:", e)
try:
    (base / "missing.txt").read_text()
except FileNotFoundError as e:
    print("FileNotFoundError:", e)
blob = base / "blob.bin"
print(blob.write_bytes(b"\x00\x01abc\xff"), blob.read_bytes(), blob.stat().st_size)
print(blob.write_bytes(bytearray(b"xy")), blob.read_bytes())
(base / "data.json").write_bytes(json.dumps({"\u00e9": [1, 2]}, ensure_ascii=False).encode("utf-8"))
print(json.loads((base / "data.json").read_bytes()), json.loads(bytearray(b'{"k": 1}')))
print(json.loads(b"\xef\xbb\xbf[true]"), json.detect_encoding(b"[1]"), json.detect_encoding(b"\x00[\x00]"))
print(json.detect_encoding(b"\xff\xfe[\x00"), json.detect_encoding(b"[\x00\x00\x00"), json.detect_encoding(b"\xef\xbb\xbf{}"))
try:
    json.loads(b"\xef\xbb\xbf")
except json.JSONDecodeError as e:
    print("JSONDecodeError:", e)
try:
    blob.write_bytes("text")
except TypeError as e:
    print("TypeError:", e)
(base / "sub").mkdir()
(base / "sub" / "deep.json").write_text(json.dumps([1, 2, 3]))
print(sorted(p.name for p in base.iterdir()))
print(sorted(str(p) for p in base.glob("*.json")), sorted(str(p) for p in base.rglob("*.json")))
print([json.loads(p.read_text()) for p in sorted(base.rglob("*.json"))])

args_file = base / "args.txt"
args_file.write_text("--lr\n0.5\n--steps\n3\n")
parser = argparse.ArgumentParser(prog="fromfile", fromfile_prefix_chars="@")
parser.add_argument("--lr", type=float)
parser.add_argument("--steps", type=int)
parser.add_argument("--log", type=argparse.FileType("w"))
print(parser.parse_args(["@" + str(args_file), "--steps", "9"]))
ns = parser.parse_args(["--log", str(base / "out.log")])
ns.log.write("logged\n")
ns.log.close()
print((base / "out.log").read_text(), end="")
print(argparse.FileType("r"), argparse.FileType("w", encoding="utf-8"))

buffer = io.StringIO()
json.dump({"k": [True, None]}, buffer, separators=(",", ":"))
print(buffer.getvalue(), json.load(io.StringIO(buffer.getvalue())))

for p in sorted(base.rglob("*"), reverse=True):
    if p.is_dir():
        p.rmdir()
    else:
        p.unlink()
base.rmdir()
print(base.exists())
