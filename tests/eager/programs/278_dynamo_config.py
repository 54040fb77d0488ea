# torch._dynamo.config: aliases both ways, unknown names refused, patch() as context manager and decorator.
import torch
import torch._dynamo.config as cfg
def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
print(cfg.cache_size_limit, cfg.recompile_limit, cfg.accumulated_cache_size_limit, cfg.suppress_errors, cfg.capture_scalar_outputs)
cfg.cache_size_limit = 3
print(cfg.recompile_limit)
show(lambda: setattr(cfg, "bogus", 1))
show(lambda: cfg.bogus)
with cfg.patch(recompile_limit=5):
    print(cfg.cache_size_limit)
print(cfg.cache_size_limit)
with cfg.patch("suppress_errors", True):
    print(cfg.suppress_errors)
with cfg.patch({"suppress_errors": True, "verbose": True}):
    print(cfg.suppress_errors, cfg.verbose)
show(lambda: cfg.patch(bogus=1).__enter__())
@cfg.patch(capture_scalar_outputs=True)
def f():
    return cfg.capture_scalar_outputs
print(f(), cfg.capture_scalar_outputs)
print(type(cfg).__name__, cfg.reorderable_logging_functions, cfg.ignore_logging_functions)
show(lambda: setattr(cfg, "recompile_limit", "x"))
print(cfg.recompile_limit)
