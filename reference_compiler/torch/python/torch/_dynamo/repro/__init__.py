"""torch._dynamo.repro: what turns a failing compile into an answer — the
accuracy oracle (accuracy.py) first; repro files and the minifier build on it."""
