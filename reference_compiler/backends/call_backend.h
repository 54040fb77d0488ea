// call_backend: the one function through which Dynamo hands a captured graph
// to a backend (installed as Dynamo's BackendSeam). The injected faults
// (torch._dynamo.faults, TESTING_ONLY) go inside the backend, and the tools
// beside the compiler wrap it here: repro-after-dynamo registers a wrapper at
// start-up, so the compiler calls a tool without including it.
#pragma once

#include "reference_compiler/lang/value.h"

#include <string>

namespace refc::backends {

// Compiles `gm` with `backend` (called `name`) for `example_inputs`, through
// the faults and every registered wrapper; returns the compiled callable.
lang::Value call_backend(const lang::Value& backend, const std::string& name, const lang::Value& gm,
                         const lang::Value& example_inputs);

// A tool's wrapper: takes a compile function (gm, example_inputs) -> callable
// and the backend's name, returns the compile function to use instead (or
// the same one, when the tool is not enabled).
using BackendWrapper = lang::Value (*)(const lang::Value& compile_fn, const std::string& name);
// Registers `wrap` around every backend (once, however often it is
// registered); wrappers apply in registration order, the last outermost.
void add_backend_wrapper(BackendWrapper wrap);

} // namespace refc::backends
