#!/bin/sh
# refc with translation validation on (TORCHDYNAMO_TRANSLATION_VALIDATION=1):
# every ShapeEnv's produced guards are proved with Z3 to imply the guards the
# trace made, and a failed proof aborts the program. Used as run_dynamic.py's
# --refc so the whole suite runs validated; REFC names the refc binary.
TORCHDYNAMO_TRANSLATION_VALIDATION=1 exec "${REFC:?set REFC to the refc binary}" "$@"
