// convert_frame: compiling one frame. Traces it (restarting with a graph
// break at each instruction the trace could not handle, as Dynamo's
// RestartAnalysis does), hands the graph to the backend, and writes the
// bytecode that replaces the frame: call the compiled graph, replay side
// effects, return — or, at a graph break, run the breaking instruction for
// real and continue in a resume function. Frames that cannot be resumed
// (a break inside a loop, a try block or with-block, fullgraph aside) are
// skipped: they run as they are, their callees still compiled.
#pragma once

#include "reference_compiler/dynamo/frame_state.h"
#include "reference_compiler/dynamo/guards/guard_manager.h"
#include "reference_compiler/lang/frame.h"

#include <memory>
#include <optional>
#include <string>

namespace refc::dynamo {

struct CompileConfig {
  lang::Value backend;      // a callable (graph_module, example_inputs) -> callable
  std::string backend_name; // for messages
  bool fullgraph = false;
  std::optional<bool> dynamic; // torch.compile(dynamic=): None, True or False
};

struct ConvertResult {
  lang::Ref<lang::CodeObject> code;          // the frame's replacement; null: run it as it is
  std::unique_ptr<RootGuardManager> guards;  // with `code`
  std::string skip_reason;                   // without `code`: why
  bool skip_recursive = false;               // without `code`: the frames it calls run uncompiled too
};

// Compiles `frame`. Raises (a Python exception) for hard errors: fullgraph
// breaks, backend failures.
// `automatic`: the code object's automatic-dynamic state, updated by the trace.
ConvertResult convert_frame(lang::Frame& frame, const CompileConfig& config, CodeState* automatic = nullptr);

} // namespace refc::dynamo
