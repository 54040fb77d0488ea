"""torch._dynamo.repro: what turns a failing compile into an answer — the
capture stage after Dynamo (after_dynamo.py, which refc's repro tool puts
around every backend when TORCHDYNAMO_REPRO_AFTER=dynamo), repro files
(files.py), the accuracy check (accuracy.py) and the op-by-op analysis
(analyze.py)."""
