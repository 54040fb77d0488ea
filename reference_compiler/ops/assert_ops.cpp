// Assertion ops: aten::_assert_scalar, which the runtime asserts of a traced
// graph call (a fact about an unbacked value, checked when the graph runs).
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/ops/op_args.h"
#include "reference_compiler/ops/op_registry.h"

#include <string>

namespace refc::ops {

namespace {

lang::Value assert_scalar_run(const OpArgs& a) {
  if (!a.scalar(0).to<bool>()) lang::raise(lang::exc::RuntimeError, std::string(a.str(1)));
  return lang::Value::none();
}

} // namespace

void register_assert_ops(OpRegistry& r) {
  r.def("_assert_scalar(Scalar self, str assert_msg) -> ()").composite(assert_scalar_run);
}

} // namespace refc::ops
