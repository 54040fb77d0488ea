"""torch._dynamo.utils: counters of what the tracer did, and (from
torch._dynamo.repro.accuracy, as PyTorch has them here) same() and rmse()."""

import collections

from torch._dynamo.repro.accuracy import rmse, same  # noqa: F401

# counters['graph_break'][reason], counters['stats']['unique_graphs'], ...
counters = collections.defaultdict(collections.Counter)
