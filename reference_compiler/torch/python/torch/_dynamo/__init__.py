"""torch._dynamo: the tracer's Python surface. Its config is here; the rest
comes with the tracer."""

from torch._dynamo import config
