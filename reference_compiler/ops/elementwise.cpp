// Type promotion, output layout and loop planning for elementwise ops
// (ATen's TensorIterator::compute_types / reorder_dimensions /
// coalesce_dimensions and ResultTypeState).
#include "reference_compiler/ops/elementwise.h"

#include "reference_compiler/lang/errors.h"
#include "reference_compiler/ops/shape_checks.h"
#include "reference_compiler/tensor/tensor_types.h"

#include <algorithm>
#include <cstring>
#include <numeric>

namespace refc::ops {

using tensor::Scalar;
using tensor::SymInt;
using tensor::SymIntArrayRef;
using tensor::SymIntVector;

namespace {

void promote_into(std::optional<DType>& slot, DType t) {
  slot = slot ? tensor::promote_types(*slot, t) : t;
}

// combine_categories(higher, lower): a lower-priority operand counts only when
// it raises the category (bool < integral < floating).
std::optional<DType> combine(std::optional<DType> higher, std::optional<DType> lower) {
  if (!higher) return lower;
  if (!lower) return higher;
  if (tensor::is_floating(*higher)) return higher;
  if (*higher == DType::Bool || tensor::is_floating(*lower))
    return tensor::promote_types(*higher, *lower);
  return higher;
}

} // namespace

void ResultType::add(const Tensor& t) {
  if (t->wrapped_number) {
    // A wrapped float counts as the default dtype, not float64.
    promote_into(wrapped_, tensor::is_floating(t.dtype()) ? tensor::default_float_dtype() : t.dtype());
  } else if (t.dim() == 0) {
    promote_into(zero_dim_, t.dtype());
  } else {
    promote_into(dim_, t.dtype());
  }
}

void ResultType::add(const Scalar& s) { promote_into(wrapped_, s.dtype()); }

void ResultType::add_arg(const OpArgs& args, size_t i) {
  if (args.is_number(i)) add(args.scalar(i));
  else add(args.tensor(i));
}

DType ResultType::result() const {
  std::optional<DType> r = combine(dim_, combine(zero_dim_, wrapped_));
  return r ? *r : tensor::default_float_dtype();
}

ElementwiseTypes promote(DType common, Promotion kind) {
  switch (kind) {
  case Promotion::Default: return {common, common};
  case Promotion::IntToFloat: {
    DType t = tensor::is_floating(common) ? common : tensor::default_float_dtype();
    return {t, t};
  }
  case Promotion::AlwaysBool: return {common, DType::Bool};
  case Promotion::BoolToLong: {
    DType t = common == DType::Bool ? DType::Int64 : common;
    return {t, t};
  }
  }
  __builtin_unreachable();
}

SymIntVector layout_following_strides(SymIntArrayRef sizes, std::span<const Tensor> operands) {
  const size_t nd = sizes.size();
  // Each operand's strides broadcast to `sizes` (0 where it is broadcast).
  std::vector<SymIntVector> strides;
  for (const Tensor& t : operands) {
    if (!t.defined() || t.dim() == 0) continue;
    SymIntVector s(nd, 0);
    size_t off = nd - static_cast<size_t>(t.dim());
    for (size_t i = 0; i < static_cast<size_t>(t.dim()); ++i)
      if (!(t.sym_size(static_cast<int64_t>(i)) == 1).guard_size_oblivious()) s[off + i] = t.sym_strides()[i];
    strides.push_back(std::move(s));
  }
  // 2.14's compute_elementwise_output_logical_to_physical_perm, which orders
  // concrete strides as TensorIterator does: a comparison that depends on
  // data (an unbacked size) decides nothing and guards nothing
  // (guard_or_false), and a >= b also holds where b divides a.
  auto ge = [](const SymInt& a, const SymInt& b) { // a, b >= 0
    if ((b == 0).guard_or_false()) return true;
    if ((a == 0).guard_or_false()) return false;
    return (a >= b).guard_or_false() || (a.mod(b) == 0).guard_or_false();
  };
  auto should_swap = [&](size_t dim0, size_t dim1) {
    for (const SymIntVector& s : strides) {
      const SymInt &s0 = s[dim0], &s1 = s[dim1];
      if ((s0 == 0).guard_or_false() || (s1 == 0).guard_or_false()) continue;
      if ((s0 == s1).guard_or_false()) {
        if (ge(sizes[dim1], sizes[dim0])) continue; // equal strides: the smaller size first
        return 1;
      }
      if (ge(s1, s0)) return -1;
      if (ge(s0, s1)) return 1;
    }
    return 0;
  };
  std::vector<size_t> perm = reorder_dimensions(nd, should_swap);
  SymIntVector out(nd);
  SymInt stride = 1;
  for (size_t i = 0; i < nd; ++i) {
    out[perm[i]] = stride;
    stride *= tensor::sym_max(sizes[perm[i]], 1);
  }
  return out;
}

TensorSpec elementwise_spec(std::span<const Tensor> operands, DType out_dtype) {
  TensorSpec spec;
  bool first = true;
  for (const Tensor& t : operands) {
    if (!t.defined()) continue;
    if (first) spec.device = t.device();
    spec.sizes = first ? SymIntVector(t.sym_sizes().begin(), t.sym_sizes().end())
                       : broadcast_shapes(spec.sizes, t.sym_sizes());
    first = false;
  }
  spec.strides = layout_following_strides(spec.sizes, operands);
  spec.dtype = out_dtype;
  return spec;
}

TensorSpec elementwise_spec(const OpArgs& args, std::initializer_list<size_t> inputs, Promotion kind) {
  ResultType rt;
  std::vector<Tensor> operands;
  for (size_t i : inputs) {
    rt.add_arg(args, i);
    if (!args.is_number(i)) operands.push_back(args.tensor(i));
  }
  return elementwise_spec(operands, promote(rt.result(), kind).out);
}

Tensor to_dtype(const Tensor& t, DType dtype) {
  if (t.dtype() == dtype) return t;
  Tensor out = Tensor::empty(t.sym_sizes(), dtype, t.device());
  copy_into(out, t);
  return out;
}

LoopPlan plan_loop(const Tensor& out, std::span<const Tensor> inputs) {
  LoopPlan plan;
  const size_t nd = static_cast<size_t>(out.dim());
  plan.noperands = 1 + inputs.size();
  REFC_CHECK(plan.noperands <= kMaxOperands, "too many loop operands");
  // Byte strides in the output's dimension order (broadcast dims: 0).
  std::array<IntVector, kMaxOperands> strides;
  auto add = [&](size_t k, const Tensor& t) {
    strides[k].assign(nd, 0);
    size_t off = nd - static_cast<size_t>(t.dim());
    int64_t item = static_cast<int64_t>(tensor::itemsize(t.dtype()));
    for (size_t i = 0; i < static_cast<size_t>(t.dim()); ++i)
      if (t.size(static_cast<int64_t>(i)) != 1) strides[k][off + i] = t.stride(static_cast<int64_t>(i)) * item;
    plan.data[k] = static_cast<char*>(t.raw_data());
  };
  add(0, out);
  for (size_t k = 0; k < inputs.size(); ++k) add(k + 1, inputs[k]);

  // Fastest dimension first: order by the output's strides (then the inputs'),
  // so that the output is written sequentially.
  auto should_swap = [&](size_t dim0, size_t dim1) {
    for (size_t k = 0; k < plan.noperands; ++k) {
      int64_t s0 = strides[k][dim0], s1 = strides[k][dim1];
      if (s0 == 0 || s1 == 0) continue;
      if (s0 < s1) return -1;
      if (s0 > s1) return 1;
      if (out.size(static_cast<int64_t>(dim0)) > out.size(static_cast<int64_t>(dim1))) return 1;
    }
    return 0;
  };
  std::vector<size_t> perm = reorder_dimensions(nd, should_swap);
  // Coalesce: merge dimension j into the current one when every operand
  // steps through them as through one longer dimension.
  for (size_t k = 0; k < plan.noperands; ++k) plan.strides[k].clear();
  for (size_t i = 0; i < nd; ++i) {
    size_t d = perm[i];
    int64_t size = out.size(static_cast<int64_t>(d));
    if (size == 1) continue;
    bool merge = !plan.shape.empty();
    for (size_t k = 0; merge && k < plan.noperands; ++k)
      merge = strides[k][d] == plan.strides[k].back() * plan.shape.back();
    if (merge) {
      plan.shape.back() *= size;
    } else {
      plan.shape.push_back(size);
      for (size_t k = 0; k < plan.noperands; ++k) plan.strides[k].push_back(strides[k][d]);
    }
  }
  return plan;
}

void copy_into(const Tensor& dst, const Tensor& src) {
  tensor::visit_dtype(dst.dtype(), [&]<class D>() {
    tensor::visit_dtype(src.dtype(), [&]<class S>() {
      if constexpr (std::is_same_v<D, S>) {
        const Tensor ins[] = {src};
        LoopPlan plan = plan_loop(dst, ins);
        for_each_row(plan, [&](char** p, const int64_t* s, int64_t n) {
          if (s[0] == sizeof(D) && s[1] == sizeof(S)) {
            std::memmove(p[0], p[1], static_cast<size_t>(n) * sizeof(D));
          } else {
            for (int64_t i = 0; i < n; ++i)
              *reinterpret_cast<D*>(p[0] + i * s[0]) = *reinterpret_cast<const S*>(p[1] + i * s[1]);
          }
        });
      } else {
        unary_loop<D, S>(dst, src, [](S v) { return convert<D>(v); });
      }
    });
  });
}

} // namespace refc::ops
