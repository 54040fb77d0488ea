// The complex-number ops on the real dtypes refc has, as ATen runs them for
// real tensors: conj, resolve_conj, resolve_neg, real and conj_physical
// (and conj_physical_) return self itself; isreal is true everywhere; imag
// is refused with 2.14's message.
#include "reference_compiler/ops/op_family.h"

namespace refc::ops {

namespace {

Value self_run(const OpArgs& a) { return a[0]; }
Value isreal_run(const OpArgs& a) { return call("ones_like", a.tensor(0), DType::Bool); }
Value imag_run(const OpArgs&) { fail("imag is not implemented for tensors with non-complex dtypes."); }

} // namespace

void register_real_dtype_complex_ops(OpRegistry& r) {
  r.def("conj(Tensor(a) self) -> Tensor(a)").method().composite(self_run);
  r.def("resolve_conj(Tensor(a) self) -> Tensor(a)").method().composite(self_run);
  r.def("resolve_neg(Tensor(a) self) -> Tensor(a)").method().composite(self_run);
  r.def("real(Tensor(a) self) -> Tensor(a)").composite(self_run);
  r.def("conj_physical(Tensor self) -> Tensor").method().composite(self_run);
  r.def("conj_physical_(Tensor(a!) self) -> Tensor(a!)").method().composite(self_run);
  r.def("isreal(Tensor self) -> Tensor").method().composite(isreal_run);
  r.def("imag(Tensor(a) self) -> Tensor(a)").composite(imag_run);
}

} // namespace refc::ops
