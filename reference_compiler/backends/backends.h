// The backend registry: the compilers torch.compile(backend="name") can
// hand a graph to (backends.def, one line each). Each takes (graph_module,
// example_inputs) and returns a callable. `eager` runs the graph as captured;
// the *_TESTING_ONLY backends inject faults (PyTorch's debugging backends);
// the names of stages refc has not built yet are known and refused with a
// clear error, never silently replaced by another backend.
#pragma once

#include "reference_compiler/lang/value.h"

#include <string>
#include <vector>

namespace refc::backends {

// The backend called `name`; raises torch._dynamo.exc.InvalidBackend for an
// unknown name, and BackendNotAvailable for a known one not built yet.
lang::Value lookup_backend(const std::string& name);

// The names of the available backends without a tag of `exclude_tags`,
// sorted: torch._dynamo.list_backends(exclude_tags=("debug", "experimental"))
// leaves out the debugging backends, eager and aot_eager among them.
std::vector<std::string> list_backends(const std::vector<std::string>& exclude_tags);

} // namespace refc::backends
