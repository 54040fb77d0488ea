// Tensor contractions, composed from the products exactly as ATen composes
// them: einsum (ATen's algorithm: align the operands, contract left to
// right), tensordot, inner, kron, bilinear and matrix_power, so that
// results, grad_fn names and error messages match PyTorch.
#include "reference_compiler/ops/op_family.h"

#include <cctype>
#include <cmath>
#include <deque>
#include <numeric>

namespace refc::ops {

namespace {

// ---- einsum (ATen's algorithm: align operands, contract left to right) ---------------------------------

// (left * right).sum(sum_dims, keepdim=True) through permute, reshape and bmm.
Tensor sumproduct_pair(Tensor left, Tensor right, const std::vector<int64_t>& sum_dims) {
  if (sum_dims.empty()) return call_tensor("mul.Tensor", left, right);
  const int64_t dim = left.dim();
  std::vector<bool> summed(static_cast<size_t>(dim), false);
  for (int64_t d : sum_dims) summed[d] = true;
  std::vector<int64_t> lro, lo, ro;
  SymInt lro_size = 1, lo_size = 1, ro_size = 1, sum_size = 1;
  for (int64_t i = 0; i < dim; ++i) {
    const bool sl = !(left.sym_size(i) == 1).expect_bool(), sr = !(right.sym_size(i) == 1).expect_bool();
    if (summed[i]) {
      if (sl && sr) {
        check((left.sym_size(i) == right.sym_size(i)).expect_bool(), "non-broadcast dimensions must match");
        sum_size *= left.sym_size(i);
      } else if (sl) {
        left = call_tensor("sum.dim_IntList", left, tensor::IntVector{i}, true);
      } else if (sr) {
        right = call_tensor("sum.dim_IntList", right, tensor::IntVector{i}, true);
      }
    } else if (sl && sr) {
      check((left.sym_size(i) == right.sym_size(i)).expect_bool(), "non-broadcast dimensions must match");
      lro.push_back(i);
      lro_size *= left.sym_size(i);
    } else if (sl) {
      lo.push_back(i);
      lo_size *= left.sym_size(i);
    } else {
      ro.push_back(i);
      ro_size *= right.sym_size(i);
    }
  }
  SymIntVector out_size;
  for (int64_t d : lro) out_size.push_back(left.sym_size(d));
  for (int64_t d : lo) out_size.push_back(left.sym_size(d));
  for (size_t k = 0; k < sum_dims.size(); ++k) out_size.push_back(1);
  for (int64_t d : ro) out_size.push_back(right.sym_size(d));
  auto concat = [](std::initializer_list<const std::vector<int64_t>*> parts) {
    std::vector<int64_t> out;
    for (const auto* p : parts) out.insert(out.end(), p->begin(), p->end());
    return out;
  };
  std::vector<int64_t> lperm = concat({&lro, &lo, &sum_dims, &ro});
  std::vector<int64_t> rperm = concat({&lro, &sum_dims, &ro, &lo});
  std::vector<int64_t> operm(lperm.size());
  for (size_t i = 0; i < lperm.size(); ++i) operm[lperm[i]] = static_cast<int64_t>(i);
  left = call_tensor("reshape", call_tensor("permute", left, lperm), SymIntVector{lro_size, lo_size, sum_size});
  right = call_tensor("reshape", call_tensor("permute", right, rperm), SymIntVector{lro_size, sum_size, ro_size});
  Tensor result = call_tensor("bmm", left, right);
  return call_tensor("permute", call_tensor("view", result, out_size), operm);
}

Value einsum_run(const OpArgs& a) {
  std::string_view equation = a.str(0);
  std::vector<Tensor> operands = a.tensor_list(1);
  check(!operands.empty(), "einsum(): must provide at least one operand");
  const size_t num_ops = operands.size();
  constexpr int kLetters = 26, kLabels = 2 * kLetters, kEllipsis = kLabels;
  auto to_subscript = [](unsigned char c) { return std::isupper(c) ? c - 'A' : c - 'a' + kLetters; };
  auto to_label = [](int s) { return std::string(1, static_cast<char>(s < kLetters ? s + 'A' : s + 'a' - kLetters)); };

  const size_t arrow = equation.find("->");
  const std::string_view lhs = equation.substr(0, arrow);
  std::vector<std::vector<int>> op_labels(num_ops);
  bool ell_in_input = false;
  size_t cur = 0;
  for (size_t i = 0; i < lhs.size(); ++i) {
    const unsigned char c = lhs[i];
    if (c == ' ') continue;
    if (c == '.') {
      check(!ell_in_input, "einsum(): found '.' for operand " + std::to_string(cur) + " for which an ellipsis was already found");
      check(i + 2 < lhs.size() && lhs[++i] == '.' && lhs[++i] == '.',
            "einsum(): found '.' for operand " + std::to_string(cur) + " that is not part of any ellipsis");
      op_labels[cur].push_back(kEllipsis);
      ell_in_input = true;
    } else if (c == ',') {
      ++cur;
      check(cur < num_ops, "einsum(): fewer operands were provided than specified in the equation");
      ell_in_input = false;
    } else {
      check(std::isalpha(c), "einsum(): invalid subscript given at index " + std::to_string(i) +
                                 " in the equation string, subscripts must be in [a-zA-Z]");
      op_labels[cur].push_back(to_subscript(c));
    }
  }
  check(cur == num_ops - 1, "einsum(): more operands were provided than specified in the equation");

  std::vector<int64_t> label_count(kLabels, 0);
  int64_t ell_num_dim = 0;
  for (size_t i = 0; i < num_ops; ++i) {
    const int64_t ndims = operands[i].dim();
    int64_t nlabels = static_cast<int64_t>(op_labels[i].size());
    bool has_ellipsis = false;
    for (int label : op_labels[i]) {
      if (label == kEllipsis) {
        --nlabels;
        has_ellipsis = true;
        ell_num_dim = std::max(ell_num_dim, ndims - nlabels);
      } else {
        ++label_count[label];
      }
    }
    check(has_ellipsis ? nlabels <= ndims : nlabels == ndims,
          "einsum(): the number of subscripts in the equation (" + std::to_string(nlabels) +
              (has_ellipsis ? ") is more than the number of dimensions (" : ") does not match the number of dimensions (") +
              std::to_string(ndims) + ") for operand " + std::to_string(i) + (has_ellipsis ? "" : " and no ellipsis was given"));
  }

  // Every operand is aligned to [output dims..., contracted dims...].
  std::vector<int64_t> label_perm_index(kLabels, -1);
  int64_t perm_index = 0, ell_index = 0;
  bool ell_in_output = false;
  if (arrow == std::string_view::npos) {
    perm_index = ell_num_dim;
    ell_in_output = true;
    for (int label = 0; label < kLabels; ++label)
      if (label_count[label] == 1) label_perm_index[label] = perm_index++;
  } else {
    const std::string_view rhs = equation.substr(arrow + 2);
    for (size_t i = 0; i < rhs.size(); ++i) {
      const unsigned char c = rhs[i];
      if (c == ' ') continue;
      if (c == '.') {
        check(!ell_in_output, "einsum(): found '.' for output but an ellipsis (...) was already found");
        check(i + 2 < rhs.size() && rhs[++i] == '.' && rhs[++i] == '.',
              "einsum(): found '.' for output that is not part of any ellipsis (...)");
        ell_index = perm_index;
        perm_index += ell_num_dim;
        ell_in_output = true;
        continue;
      }
      check(std::isalpha(c), "einsum(): invalid subscript given at index " + std::to_string(lhs.size() + 2 + i) +
                                 " in the equation string, subscripts must be in [a-zA-Z]");
      const int s = to_subscript(c);
      check(label_count[s] > 0 && label_perm_index[s] == -1,
            "einsum(): output subscript " + std::string(1, static_cast<char>(c)) +
                (label_perm_index[s] > -1 ? " appears more than once in the output"
                                          : " does not appear in the equation for any input operand"));
      label_perm_index[s] = perm_index++;
    }
  }
  const int64_t out_num_dim = perm_index;
  if (!ell_in_output) {
    ell_index = perm_index;
    perm_index += ell_num_dim;
  }
  for (int label = 0; label < kLabels; ++label)
    if (label_count[label] > 0 && label_perm_index[label] == -1) label_perm_index[label] = perm_index++;

  std::vector<SymInt> label_size(kLabels, 1), ell_sizes(static_cast<size_t>(ell_num_dim), 1);
  std::vector<int64_t> dim_counts(static_cast<size_t>(perm_index), 0);
  std::deque<Tensor> ops;
  for (size_t i = 0; i < num_ops; ++i) {
    Tensor op = operands[i];
    std::vector<int64_t> permutation(static_cast<size_t>(perm_index), -1);
    int64_t dim = 0;
    for (int s : op_labels[i]) {
      if (s == kEllipsis) {
        const int64_t ndim = operands[i].dim() - (static_cast<int64_t>(op_labels[i].size()) - 1);
        for (int64_t j = ell_num_dim - ndim; j < ell_num_dim; ++j) {
          if (!(op.sym_size(dim) == 1).expect_bool()) {
            check((ell_sizes[j] == 1).expect_bool() || (ell_sizes[j] == op.sym_size(dim)).expect_bool(),
                  "einsum(): dimension " + std::to_string(dim) + " covered by ellipsis in operand " + std::to_string(i) +
                      "has size " + op.sym_size(dim).str() +
                      " which does not broadcast with previously seen ellipsis with size " +
                      ell_sizes[j].str() + " for the respective dimension");
            ell_sizes[j] = op.sym_size(dim);
            ++dim_counts[ell_index + j];
          }
          permutation[ell_index + j] = dim++;
        }
      } else if (permutation[label_perm_index[s]] == -1) {
        if (!(op.sym_size(dim) == 1).expect_bool()) {
          check((label_size[s] == 1).expect_bool() || (label_size[s] == op.sym_size(dim)).expect_bool(),
                "einsum(): subscript " + to_label(s) + " has size " + op.sym_size(dim).str() + " for operand " +
                    std::to_string(i) + " which does not broadcast with previously seen size " +
                    label_size[s].str());
          label_size[s] = op.sym_size(dim);
          ++dim_counts[label_perm_index[s]];
        }
        permutation[label_perm_index[s]] = dim++;
      } else {
        // A repeated label: take the diagonal.
        const int64_t prev = permutation[label_perm_index[s]];
        check((op.sym_size(dim) == op.sym_size(prev)).expect_bool(),
              "einsum(): subscript " + to_label(s) + " is repeated for operand " + std::to_string(i) +
                  " but the sizes don't match, " + op.sym_size(dim).str() + " != " + op.sym_size(prev).str());
        op = call_tensor("movedim.int", call_tensor("diagonal", op, 0, prev, dim), -1, prev);
      }
    }
    for (int64_t& v : permutation)
      if (v == -1) {
        op = call_tensor("unsqueeze", op, dim);
        v = dim++;
      }
    ops.push_back(call_tensor("permute", op, permutation));
  }

  while (ops.size() > 1) {
    Tensor x = ops[0], y = ops[1];
    ops.erase(ops.begin(), ops.begin() + 2);
    std::vector<int64_t> sum_dims;
    tensor::IntVector x_sum, y_sum;
    for (int64_t d = out_num_dim; d < perm_index; ++d) {
      const bool xs = !(x.sym_size(d) == 1).expect_bool(), ys = !(y.sym_size(d) == 1).expect_bool();
      if (xs && ys) {
        if (--dim_counts[d] == 1) {
          sum_dims.push_back(d);
          dim_counts[d] = 0;
        }
      } else if (dim_counts[d] == 1) {
        if (xs) {
          x_sum.push_back(d);
          dim_counts[d] = 0;
        } else if (ys) {
          y_sum.push_back(d);
          dim_counts[d] = 0;
        }
      }
    }
    if (!x_sum.empty()) x = call_tensor("sum.dim_IntList", x, x_sum, true);
    if (!y_sum.empty()) y = call_tensor("sum.dim_IntList", y, y_sum, true);
    ops.push_front(sumproduct_pair(x, y, sum_dims));
  }

  if (perm_index - out_num_dim > 0) {
    if (num_ops > 1) {
      SymIntVector sizes(ops[0].sym_sizes().begin(), ops[0].sym_sizes().begin() + out_num_dim);
      return call("view", ops[0], sizes);
    }
    tensor::IntVector sum_dims(static_cast<size_t>(perm_index - out_num_dim));
    std::iota(sum_dims.begin(), sum_dims.end(), out_num_dim);
    return call("sum.dim_IntList", ops[0], sum_dims);
  }
  return ops[0].to_value();
}


// ---- tensordot / inner / kron ---------------------------------------------------------------------

// ATen's tensordot: contracted dims of size 1 on one side are summed first,
// the rest are moved together and contracted by one mm.
Value tensordot_run(const OpArgs& a) {
  Tensor input1 = a.tensor(0), input2 = a.tensor(1);
  const IntVector dims1 = a.int_list(2), dims2 = a.int_list(3);
  check(dims1.size() == dims2.size(), "both dimension lists should have same length");
  check(input1.dtype() == input2.dtype(), "both inputs should have same dtype");
  SymInt csize = 1;
  Tensor t1 = input1, t2 = input2;
  for (size_t i = 0; i < dims1.size(); ++i) {
    const SymInt s1 = input1.sym_size(wrap_dim(dims1[i], input1.dim()));
    const SymInt s2 = input2.sym_size(wrap_dim(dims2[i], input2.dim()));
    if ((s2 == 1).expect_bool()) {
      t1 = call_tensor("sum.dim_IntList", t1, IntVector{dims1[i]}, true, t1.dtype());
    } else if ((s1 == 1).expect_bool()) {
      t2 = call_tensor("sum.dim_IntList", t2, IntVector{dims2[i]}, true, t2.dtype());
    } else {
      check((s1 == s2).expect_bool(), "contracted dimensions need to match, but first has size " +
                                          s1.str() + " in dim " + std::to_string(dims1[i]) +
                                          " and second has size " + s2.str() + " in dim " +
                                          std::to_string(dims2[i]));
      csize *= s1;
    }
  }
  const uint64_t cdims1 = dim_mask(dims1, input1.dim()), cdims2 = dim_mask(dims2, input2.dim());
  IntVector p1, p2;
  SymIntVector rsizes;
  SymInt size1 = 1, size2 = 1;
  for (int64_t i = 0; i < input1.dim(); ++i)
    if (!(cdims1 >> i & 1)) {
      p1.push_back(i);
      size1 *= t1.sym_size(i);
      rsizes.push_back(t1.sym_size(i));
    }
  p1.insert(p1.end(), dims1.begin(), dims1.end());
  p2.insert(p2.end(), dims2.begin(), dims2.end());
  for (int64_t i = 0; i < input2.dim(); ++i)
    if (!(cdims2 >> i & 1)) {
      p2.push_back(i);
      size2 *= t2.sym_size(i);
      rsizes.push_back(t2.sym_size(i));
    }
  t1 = call_tensor("reshape", call_tensor("permute", t1, p1), SymIntVector{size1, csize});
  t2 = call_tensor("reshape", call_tensor("permute", t2, p2), SymIntVector{csize, size2});
  return call("reshape", call_tensor("mm", t1, t2), rsizes);
}

// linalg_matrix_power (ATen's composite): the identity for n = 0; for
// negative n the inverse's power (the inverse itself for -1); a copy for 1, one or two matmuls for
// 2 and 3, else matmuls by binary decomposition of n.
Value matrix_power_run(const OpArgs& a) {
  Tensor self = a.tensor(0);
  int64_t n = a.int_(1);
  check(self.dim() >= 2 && (self.sym_size(-1) == self.sym_size(-2)).expect_bool(),
        "linalg.matrix_power: A must be batches of square matrices, but they are " +
            std::to_string(self.dim() >= 2 ? self.size(-2) : 0) + " by " +
            std::to_string(self.dim() >= 1 ? self.size(-1) : 0) + " matrices");
  if (n == 0) {
    Tensor eye = call_tensor("eye", self.size(-1), self.dtype());
    return call("clone", call_tensor("expand", eye, self.sym_sizes()));
  }
  if (n == -1) return call("linalg_inv", self);
  Tensor base = n < 0 ? call_tensor("linalg_inv", self) : self;
  n = std::abs(n);
  if (n == 1) return call("clone", base);
  if (n == 2) return call("matmul", base, base);
  if (n == 3) return call("matmul", call_tensor("matmul", base, base), base);
  Tensor z, result;
  while (n > 0) {
    const bool bit = n % 2;
    n /= 2;
    z = z.defined() ? call_tensor("matmul", z, z) : base;
    if (bit) result = result.defined() ? call_tensor("matmul", result, z) : z;
  }
  return result.to_value();
}

// bilinear(x1, x2, W, b)[..., o] = x1 W[o] x2 + b[o], ATen's checks; the
// contraction as one matmul against W laid out (i, o*j), then a product
// with x2 summed over j.
Value bilinear_run(const OpArgs& a) {
  Tensor x1 = a.tensor(0), x2 = a.tensor(1), w = a.tensor(2);
  Tensor bias = a.optional_tensor(3);
  auto got = [](int64_t x, int64_t y) { return "got " + std::to_string(x) + " but expected " + std::to_string(y); };
  check(x1.dim() == x2.dim(), "bilinear(): input dimensions do not match: got " + std::to_string(x1.dim()) + " and " +
                                  std::to_string(x2.dim()));
  for (int64_t i = 0; i + 1 < x1.dim(); ++i)
    check(x1.size(i) == x2.size(i), "bilinear(): input batch dimensions do not match at dim " + std::to_string(i) +
                                        ": got " + x1.sym_size(i).str() + " and " + x2.sym_size(i).str());
  check(x1.size(-1) == w.size(1), "bilinear(): input1 size does not match weight size: " + got(x1.size(-1), w.size(1)));
  check(x2.size(-1) == w.size(2), "bilinear(): input2 size does not match weight size: " + got(x2.size(-1), w.size(2)));
  check(!bias.defined() || bias.size(0) == w.size(0),
        "bilinear(): bias size does not match weight size: " + got(bias.defined() ? bias.size(0) : 0, w.size(0)));
  const int64_t in1 = w.size(1), out = w.size(0), in2 = w.size(2);
  Tensor x1f = call_tensor("reshape", x1, IntVector{-1, in1});
  Tensor x2f = call_tensor("reshape", x2, IntVector{-1, in2});
  Tensor wf = call_tensor("reshape", call_tensor("permute", w, IntVector{1, 0, 2}), IntVector{in1, out * in2});
  Tensor t = call_tensor("reshape", call_tensor("mm", x1f, wf), IntVector{-1, out, in2});
  Tensor flat = call_tensor("sum.dim_IntList", call_tensor("mul.Tensor", t, call_tensor("unsqueeze", x2f, 1)),
                            IntVector{-1}, false);
  IntVector sizes(x1.sizes().begin(), x1.sizes().end());
  sizes.back() = out;
  Tensor result = call_tensor("reshape", flat, sizes);
  return bias.defined() ? call("add.Tensor", result, bias) : result.to_value();
}

Value inner_run(const OpArgs& a) {
  Tensor self = a.tensor(0), other = a.tensor(1);
  if (self.dim() == 0 || other.dim() == 0) return call("mul.Tensor", self, other);
  check((self.sym_sizes().back() == other.sym_sizes().back()).expect_bool(),
        "inner() the last dimension must match on both input tensors but got shapes " + shape_str(self.sym_sizes()) +
            " and " + shape_str(other.sym_sizes()));
  return call("tensordot", self, other, IntVector{-1}, IntVector{-1});
}

// ATen's KronImpl: self's dims interleaved with size-1 dims, other's the
// other way round, multiplied by broadcasting and folded pairwise.
Value kron_run(const OpArgs& a) {
  Tensor self = a.tensor(0), other = a.tensor(1);
  const int64_t maxdim = std::max(self.dim(), other.dim());
  const int64_t pad_self = maxdim - self.dim(), pad_other = maxdim - other.dim();
  SymIntVector a_reshape, b_reshape, result_reshape;
  for (int64_t i = 0; i < maxdim; ++i) {
    const SymInt sa = i >= pad_self ? self.sym_size(i - pad_self) : SymInt(1);
    const SymInt sb = i >= pad_other ? other.sym_size(i - pad_other) : SymInt(1);
    a_reshape.insert(a_reshape.end(), {sa, 1});
    b_reshape.insert(b_reshape.end(), {1, sb});
    result_reshape.push_back(sa * sb);
  }
  // ATen reshapes the inputs with _unsafe_view, which views any strides;
  // refc's expects a fresh contiguous tensor, so they are viewed.
  Tensor product = call_tensor("mul.Tensor", call_tensor("view", self, a_reshape), call_tensor("view", other, b_reshape));
  return call("_unsafe_view", product, result_reshape);
}

} // namespace

void register_contraction_ops(OpRegistry& r) {
  r.def("einsum(str equation, Tensor[] tensors, *, int[]? path=None) -> Tensor").composite(einsum_run);
  r.def("tensordot(Tensor self, Tensor other, int[] dims_self, int[] dims_other) -> Tensor").composite(tensordot_run);
  r.def("inner(Tensor self, Tensor other) -> Tensor").method().composite(inner_run);
  r.def("linalg_matrix_power(Tensor self, int n) -> Tensor").composite(matrix_power_run);
  r.def("bilinear(Tensor input1, Tensor input2, Tensor weight, Tensor? bias=None) -> Tensor").composite(bilinear_run);
  r.def("matrix_power(Tensor self, int n) -> Tensor").method().composite(matrix_power_run);
  r.def("kron(Tensor self, Tensor other) -> Tensor").method().composite(kron_run);
}

} // namespace refc::ops
