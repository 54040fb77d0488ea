// The seam between Dynamo and the backends layer above it
// (reference_compiler/backends/): Dynamo hands every captured graph to one
// function and asks one question about a backend, and that layer installs
// both at start-up, so Dynamo includes nothing of it (ARCHITECTURE.md's layer
// order: dynamo <- backends <- aot <- inductor).
#pragma once

#include "reference_compiler/lang/value.h"

#include <string>

namespace refc::dynamo {

struct BackendSeam {
  // Compiles the torch.fx.GraphModule `gm` with `backend` (torch.compile's
  // backend=, called `name`) for `example_inputs`; returns the callable the
  // compiled frame calls. Raises what the backend raised.
  lang::Value (*call_backend)(const lang::Value& backend, const std::string& name, const lang::Value& gm,
                              const lang::Value& example_inputs) = nullptr;
  // Whether `backend` is the built-in `eager`, which runs graphs as captured:
  // then the graph's ops may run inline in the compiled frame.
  bool (*is_eager)(const lang::Value& backend) = nullptr;
};

void install_backend_seam(const BackendSeam& seam);
// The installed seam; an internal error when no backends layer installed one.
const BackendSeam& backend_seam();

} // namespace refc::dynamo
