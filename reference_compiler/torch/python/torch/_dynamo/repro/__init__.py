"""torch._dynamo.repro: what turns a failing compile into an answer — the
accuracy oracle (accuracy.py), repro files (files.py), the capture stages
(after_dynamo.py), and the path every graph takes from the tracer to its
backend (call_backend), where those stages sit."""

from torch._dynamo import config, faults


def call_backend(backend, name, gm, example_inputs):
    """Compiles gm with `backend` (called `name`), as the tracer does for
    every graph: the injected faults (TESTING_ONLY) go inside the backend,
    and repro_after="dynamo" wraps it in the repro stage."""

    def compile_fn(gm, example_inputs):
        return backend(faults.inject(gm), example_inputs)

    if config.repro_after == "dynamo":
        from torch._dynamo.repro.after_dynamo import wrap_backend
        compile_fn = wrap_backend(compile_fn, name)
    return compile_fn(gm, example_inputs)
