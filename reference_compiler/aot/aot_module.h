// The AOT layer at start-up: registers torch._C._aot, which the aot_eager
// backend (backends/python/.../registry.py) calls.
#pragma once

namespace refc::aot {

void install();

} // namespace refc::aot
