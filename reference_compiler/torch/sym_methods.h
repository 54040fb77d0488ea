// torch.SymInt, torch.SymFloat and torch.SymBool as programs see them while a
// trace runs: Python arithmetic and comparisons build symbolic results
// (never guarding); bool(), int(), float() and using one as an index guard
// (specialize), as in PyTorch.
#pragma once

namespace refc::torch {

void init_sym_methods();

} // namespace refc::torch
