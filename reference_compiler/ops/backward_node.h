// The autograd node a backward pass is working on: the last node whose
// backward the engine ran (its gradients are still being summed into the
// next nodes' inputs). AOT Autograd attributes the backward ops it traces to
// that node's forward call ("# Backward of forward node: ..."). Null outside
// a backward pass.
#pragma once
#include "reference_compiler/tensor/autograd_meta.h"

namespace refc::ops {

const tensor::Node* current_backward_node();

} // namespace refc::ops
