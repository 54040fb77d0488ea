"""torch._dynamo.repro: what turns a failing compile into an answer — the
accuracy oracle (accuracy.py), and the path every graph takes from the
tracer to its backend (call_backend), where the debugging stages sit."""

from torch._dynamo import faults


def call_backend(backend, name, gm, example_inputs):
    """Compiles gm with `backend` (called `name`), as the tracer does for
    every graph: the injected faults (TESTING_ONLY) go inside the backend."""
    return backend(faults.inject(gm), example_inputs)
