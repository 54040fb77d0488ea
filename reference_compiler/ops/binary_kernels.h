// run_binary: the kernel body every binary elementwise op shares. It converts
// both operands to the compute dtype (the promoted type of the call), then
// runs make_fn.template operator()<T>() - which returns the element functor
// for compute type T - over the broadcast operands, writing the output
// directly when it has the compute dtype (or bool, for comparisons) and
// through a temporary otherwise (an in-place op into a narrower dtype).
#pragma once

#include "reference_compiler/ops/elementwise.h"

namespace refc::ops {

template <class MakeFn>
void run_binary(const OpArgs& a, const Tensor& out, MakeFn&& make_fn, Promotion kind = Promotion::Default) {
  ResultType rt;
  rt.add_arg(a, 0);
  rt.add_arg(a, 1);
  ElementwiseTypes types = promote(rt.result(), kind);
  Tensor x = to_dtype(a.tensor(0), types.compute), y = to_dtype(a.tensor(1), types.compute);
  tensor::visit_dtype(types.compute, [&]<class T>() {
    auto fn = make_fn.template operator()<T>();
    using R = decltype(fn(std::declval<T>(), std::declval<T>()));
    if (out.dtype() == tensor::dtype_of<R>) {
      binary_loop<R, T>(out, x, y, fn);
    } else {
      Tensor tmp = Tensor::empty(out.sym_sizes(), tensor::dtype_of<R>);
      binary_loop<R, T>(tmp, x, y, fn);
      copy_into(out, tmp);
    }
  });
}

} // namespace refc::ops
