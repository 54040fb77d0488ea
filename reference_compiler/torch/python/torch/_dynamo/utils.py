"""torch._dynamo.utils: counters of what the tracer did."""

import collections

# counters['graph_break'][reason], counters['stats']['unique_graphs'], ...
counters = collections.defaultdict(collections.Counter)
