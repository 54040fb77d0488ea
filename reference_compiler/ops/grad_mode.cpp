// The grad-mode flag (on by default, as in PyTorch).
#include "reference_compiler/ops/grad_mode.h"

namespace refc::ops {

namespace {
bool g_grad_enabled = true;
} // namespace

bool grad_enabled() { return g_grad_enabled; }
void set_grad_enabled(bool enabled) { g_grad_enabled = enabled; }

} // namespace refc::ops
