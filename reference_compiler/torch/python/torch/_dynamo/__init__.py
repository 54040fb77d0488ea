"""torch._dynamo: torch.compile's front end (the tracer itself is refc's C++
reference_compiler/dynamo; this is its Python surface)."""

from torch._dynamo import config
from torch._dynamo.eval_frame import optimize, OptimizedModule, disable, reset, explain, list_backends
from torch._dynamo.decorators import (graph_break, skip_frame, mark_dynamic, maybe_mark_dynamic, mark_static,
                                      mark_unbacked)
