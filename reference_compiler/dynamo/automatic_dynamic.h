// Recording one observation of a frame input into the automatic-dynamic
// state, with PyTorch 2.14's logs (pgo.py: update_automatic_dynamic): the
// tracer calls it each time it wraps an int or tensor input, then asks the
// entry which dims are dynamic.
//
//   INFO  torch.fx.experimental.symbolic_shapes
//         marking L['x'] as dynamic (from automatic dynamic/PGO)
//   DEBUG torch._dynamo.pgo
//         automatic dynamic size L['x'] size(0) 4 != 3
//         automatic dynamic int L['n'] val 3 != 2
#pragma once

#include "reference_compiler/dynamo/frame_state.h"

#include <string>

namespace refc::dynamo {

struct AutomaticDynamicOptions {
  // torch._dynamo.config.automatic_dynamic_shapes: off, each observation
  // replaces the entry instead of joining it.
  bool automatic_dynamic_shapes = true;
  // The input is an int attribute of a user nn.Module (logged when it turns
  // symbolic, with the advice to mark the class static).
  bool is_unspecialized_nn_module = false;
};

// Joins `observed` into `state[source]` and returns the entry.
FrameStateEntry& update_automatic_dynamic(CodeState& state, const std::string& source,
                                          const FrameStateEntry& observed,
                                          const AutomaticDynamicOptions& options = {});

} // namespace refc::dynamo
