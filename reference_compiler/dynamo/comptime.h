// torch._dynamo.comptime in the tracer: a call of the `comptime` object, or
// of one of its helpers (`comptime.print_graph()`, `comptime.breakpoint()`,
// ...), is not traced but run at trace time (InstructionTranslator::
// call_comptime) through python/torch/_dynamo/comptime.py's _at_trace_time,
// whose ComptimeContext reads the translator through the torch._C._dynamo
// functions declared here.
#pragma once

#include "reference_compiler/lang/module_builder.h"
#include "reference_compiler/lang/value.h"

#include <optional>
#include <string>

namespace refc::dynamo {

// "__call__" for the comptime object, the helper's name for `comptime.<name>`, else nothing.
std::optional<std::string> comptime_helper(const lang::Value& f);

class OutputGraph;

// [(guard source, source name, builder)] of the guards `out` has installed,
// as ctx.print_guards() lists them (comptime_guards.cpp).
lang::Value trace_time_guards(OutputGraph& out);

// The _comptime_* functions of torch._C._dynamo.
void add_comptime_functions(lang::ModuleBuilder& m);

} // namespace refc::dynamo
