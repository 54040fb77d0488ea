// Ops on the symbolic scalars of a traced graph: aten::_assert_scalar (a
// fact about an unbacked value, checked when the graph runs) and
// aten::sym_size.int (a size read as a value of its own, which is how a graph
// binds the unbacked size of an op's output, nonzero's u0).
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/ops/op_args.h"
#include "reference_compiler/ops/op_registry.h"
#include "reference_compiler/ops/shape_checks.h"

#include <string>

namespace refc::ops {

namespace {

lang::Value assert_scalar_run(const OpArgs& a) {
  if (!a.scalar(0).to<bool>()) lang::raise(lang::exc::RuntimeError, std::string(a.str(1)));
  return lang::Value::none();
}

lang::Value sym_size_run(const OpArgs& a) {
  const Tensor self = a.tensor(0);
  return sym_int_value(self.sym_size(wrap_dim(a.int_(1), self.dim())));
}

} // namespace

void register_sym_scalar_ops(OpRegistry& r) {
  r.def("_assert_scalar(Scalar self, str assert_msg) -> ()").composite(assert_scalar_run);
  r.def("sym_size.int(Tensor self, int dim) -> SymInt").composite(sym_size_run);
}

} // namespace refc::ops
