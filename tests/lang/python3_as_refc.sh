#!/bin/sh
# Stand-in for refc that runs a program under CPython: `python3_as_refc.sh run FILE [ARG...]`.
# Self-check of the conformance harness: run_conformance.py --refc tests/lang/python3_as_refc.sh
# must report 0 failed (goldens and runner agree). Set REFC_SHIM_PYTHON to use another interpreter.
if [ "$1" != "run" ] || [ $# -lt 2 ]; then
    echo "usage: $0 run FILE [ARG...]" >&2
    exit 2
fi
shift
exec "${REFC_SHIM_PYTHON:-python3}" "$@"
