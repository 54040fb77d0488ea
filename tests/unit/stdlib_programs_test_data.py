#!/usr/bin/env python3
"""Records what CPython 3.11 prints for each program in stdlib_programs/:
NAME.expected holds its stdout, then — when the program ends with an uncaught
exception — a last line "Uncaught: Type: message". tests/unit/
stdlib_programs_test.cpp runs the same programs in refc and compares.
Regenerate from this directory with CPython 3.11:

    python3 stdlib_programs_test_data.py
"""
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent / "stdlib_programs"

for program in sorted(HERE.glob("*.py")):
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["PYTHONHASHSEED"] = "0"
    run = subprocess.run([sys.executable, program.name], cwd=HERE, env=env,
                         capture_output=True, text=True, timeout=60)
    out = run.stdout
    if run.returncode != 0:
        lines = [ln for ln in run.stderr.splitlines() if ln.strip()]
        out += "Uncaught: " + (lines[-1] if lines else "") + "\n"
    program.with_suffix(".expected").write_text(out)
    print(f"{program.name}: {len(out.splitlines())} lines")
