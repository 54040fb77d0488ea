// Pooling: max, average and adaptive (average and max) 2-d pooling with their
// backward ops and double-backward formulas, and the 1-d pooling composites
// over them, as ATen's CPU kernels compute them (the window's first maximum,
// ATen's divisor rules, ATen's adaptive window bounds).
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/ops/op_family.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace refc::ops {

namespace {

template <class T>
using Acc = std::conditional_t<std::is_same_v<T, tensor::Half> || std::is_same_v<T, tensor::BFloat16>, float, T>;

Tensor contiguous(const Tensor& t) { return call_tensor("contiguous", t); }

// The size of dim -k (Tensor::size takes only wrapped dims).
int64_t size_from_end(const Tensor& t, int64_t k) { return t.size(t.dim() - k); }

// Calls f(plane, i, j, at) for every element (i, j) of `planes` oh x ow output
// planes, in memory order; `at` is the element's offset.
template <class F> void for_each_output(int64_t planes, int64_t oh, int64_t ow, F&& f) {
  for (int64_t c = 0; c < planes; ++c)
    for (int64_t i = 0; i < oh; ++i)
      for (int64_t j = 0; j < ow; ++j) f(c, i, j, (c * oh + i) * ow + j);
}

// ---- pooling geometry -----------------------------------------------------------------------------

struct Pool2d {
  int64_t kh, kw, sh, sw, ph, pw, dh = 1, dw = 1;
  bool ceil_mode = false;
  int64_t planes, ih, iw, oh, ow;
};

// PyTorch's pooling_output_shape.
int64_t pool_output_size(int64_t in, int64_t k, int64_t pad, int64_t stride, int64_t dil, bool ceil_mode) {
  check(stride != 0, "stride should not be zero");
  check(pad >= 0, "pad must be non-negative, but got pad: " + std::to_string(pad));
  check(pad <= ((k - 1) * dil + 1) / 2, "pad should be at most half of effective kernel size, but got pad=" +
                                            std::to_string(pad) + ", kernel_size=" + std::to_string(k) +
                                            " and dilation=" + std::to_string(dil));
  const int64_t num = in + 2 * pad - dil * (k - 1) - 1 + (ceil_mode ? stride - 1 : 0);
  int64_t out = (num >= 0 ? num / stride : -((-num + stride - 1) / stride)) + 1;
  if (ceil_mode && (out - 1) * stride >= in + pad) --out;
  return out;
}

// Reads kernel_size, stride, padding (and dilation) of a 2-d pool with ATen's messages.
Pool2d pool2d_params(const Tensor& self, const OpArgs& a, size_t first, const char* name, bool has_dilation,
                     bool ceil_mode) {
  IntVector k = a.int_list(first), s = a.int_list(first + 1), p = a.int_list(first + 2);
  const std::string n(name);
  check(k.size() == 1 || k.size() == 2, n + ": kernel_size must either be a single int, or a tuple of two ints");
  check(s.empty() || s.size() == 1 || s.size() == 2,
        n + ": stride must either be omitted, a single int, or a tuple of two ints");
  check(p.size() == 1 || p.size() == 2, n + ": padding must either be a single int, or a tuple of two ints");
  Pool2d r;
  r.kh = k[0];
  r.kw = k.size() == 1 ? r.kh : k[1];
  r.sh = s.empty() ? r.kh : s[0];
  r.sw = s.empty() ? r.kw : s.size() == 1 ? r.sh : s[1];
  r.ph = p[0];
  r.pw = p.size() == 1 ? r.ph : p[1];
  if (has_dilation) {
    IntVector d = a.int_list(first + 3);
    check(d.size() == 1 || d.size() == 2, n + ": dilation must be either a single int, or a tuple of two ints");
    r.dh = d[0];
    r.dw = d.size() == 1 ? r.dh : d[1];
  }
  r.ceil_mode = ceil_mode;
  check(self.dim() == 3 || self.dim() == 4, "non-empty 3D or 4D (batch mode) tensor expected for input");
  r.planes = size_from_end(self, 3);
  r.ih = size_from_end(self, 2);
  r.iw = size_from_end(self, 1);
  r.oh = pool_output_size(r.ih, r.kh, r.ph, r.sh, r.dh, ceil_mode);
  r.ow = pool_output_size(r.iw, r.kw, r.pw, r.sw, r.dw, ceil_mode);
  // pool2d_shape_check
  check(r.kw > 0 && r.kh > 0, "kernel size should be greater than zero, but got kH: " + std::to_string(r.kh) +
                                  " kW: " + std::to_string(r.kw));
  check(r.sw > 0 && r.sh > 0, "stride should be greater than zero, but got dH: " + std::to_string(r.sh) +
                                  " dW: " + std::to_string(r.sw));
  check(r.dh > 0 && r.dw > 0, "dilation should be greater than zero, but got dilationH: " + std::to_string(r.dh) +
                                  " dilationW: " + std::to_string(r.dw));
  const bool valid = self.size(1) != 0 && self.size(2) != 0;
  check((self.dim() == 3 && self.size(0) != 0 && valid) || (self.dim() == 4 && valid && self.size(3) != 0),
        "Expected 3D or 4D (batch mode) tensor with optional 0 dim batch size for input, but got:" +
            shape_str(self.sym_sizes()));
  check(r.kw / 2 >= r.pw && r.kh / 2 >= r.ph,
        "pad should be smaller than or equal to half of kernel size, but got padW = " + std::to_string(r.pw) +
            ", padH = " + std::to_string(r.ph) + ", kW = " + std::to_string(r.kw) + ", kH = " + std::to_string(r.kh));
  check(r.ow >= 1 && r.oh >= 1, "Given input size: (" + std::to_string(r.planes) + "x" + std::to_string(r.ih) + "x" +
                                    std::to_string(r.iw) + "). Calculated output size: (" + std::to_string(r.planes) +
                                    "x" + std::to_string(r.oh) + "x" + std::to_string(r.ow) +
                                    "). Output size is too small");
  return r;
}

SymIntVector pooled_sizes(const Tensor& self, int64_t oh, int64_t ow) {
  SymIntVector sizes(self.sym_sizes().begin(), self.sym_sizes().end() - 2);
  sizes.push_back(oh);
  sizes.push_back(ow);
  return sizes;
}

void check_pool_dtype(DType t, const char* kernel, bool integers_ok) {
  if (t == DType::Bool || (!integers_ok && !tensor::is_floating(t)))
    dtype_not_implemented(kernel, t);
}

int64_t num_planes(const Tensor& t) {
  return t.numel() == 0 ? 0 : t.numel() / (size_from_end(t, 1) * size_from_end(t, 2));
}

// The max and avg pooling forward kernels' loop: f(x, oh, ow, at) for every
// output element (oh, ow) at offset `at`, x the T data of its plane of the
// contiguous `self`.
template <class T, class F> void for_each_pooled_output(const Tensor& self, const Pool2d& p, F&& f) {
  const T* in = self.data<T>();
  for_each_output(num_planes(self), p.oh, p.ow, [&](int64_t c, int64_t oh, int64_t ow, int64_t at) {
    f(in + c * p.ih * p.iw, oh, ow, at);
  });
}

// ---- max pooling --------------------------------------------------------------------------------

std::vector<TensorSpec> max_pool2d_with_indices_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  Pool2d p = pool2d_params(a.tensor(0), a, 1, "max_pool2d", true, a.bool_(5));
  check_pool_dtype(self.dtype(), "max_pool2d", true);
  SymIntVector sizes = pooled_sizes(self, p.oh, p.ow);
  return {contiguous_spec(sizes, self.dtype(), self), contiguous_spec(sizes, DType::Int64, self)};
}

// ATen's cpu_max_pool: the first maximum in window order wins; NaN always wins.
void max_pool2d_with_indices_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = contiguous(a.tensor(0));
  Pool2d p = pool2d_params(a.tensor(0), a, 1, "max_pool2d", true, a.bool_(5));
  int64_t* ind = out[1].data<int64_t>();
  tensor::visit_dtype(self.dtype(), [&]<class T>() {
    using A = Acc<T>;
    T* o = out[0].data<T>();
    for_each_pooled_output<T>(self, p, [&](const T* x, int64_t oh, int64_t ow, int64_t at) {
      int64_t h0 = oh * p.sh - p.ph, w0 = ow * p.sw - p.pw;
      const int64_t h1 = std::min(h0 + (p.kh - 1) * p.dh + 1, p.ih), w1 = std::min(w0 + (p.kw - 1) * p.dw + 1, p.iw);
      while (h0 < 0) h0 += p.dh;
      while (w0 < 0) w0 += p.dw;
      int64_t best_i = h0 * p.iw + w0;
      A best = std::numeric_limits<A>::has_infinity ? -std::numeric_limits<A>::infinity()
                                                    : std::numeric_limits<A>::lowest();
      for (int64_t h = h0; h < h1; h += p.dh)
        for (int64_t w = w0; w < w1; w += p.dw) {
          const int64_t idx = h * p.iw + w;
          const A v = static_cast<A>(x[idx]);
          bool nan = false;
          if constexpr (std::is_floating_point_v<A>) nan = std::isnan(v);
          if (v > best || nan) {
            best = v;
            best_i = idx;
          }
        }
      o[at] = static_cast<T>(best);
      ind[at] = best_i;
    });
  });
}

Value max_pool2d_run(const OpArgs& a) {
  return unpack_tensors(call("max_pool2d_with_indices", a[0], a[1], a[2], a[3], a[4], a[5]))[0].to_value();
}

// grad_input[indices] += grad_output, plane by plane in output order (also adaptive max pooling's backward).
std::vector<TensorSpec> like_self_meta(const OpArgs& a) {
  Tensor self = a.tensor(1);
  return {contiguous_spec({self.sym_sizes().begin(), self.sym_sizes().end()}, self.dtype(), self)};
}
void scatter_indices_grad(const Tensor& grad_output, const Tensor& indices, const Tensor& grad_input) {
  Tensor go = contiguous(grad_output), idx = contiguous(indices);
  tensor::visit_dtype(grad_input.dtype(), [&]<class T>() {
    T* gi = grad_input.data<T>();
    std::fill(gi, gi + grad_input.numel(), T(0));
    const int64_t planes = num_planes(grad_input), in_plane = size_from_end(grad_input, 1) * size_from_end(grad_input, 2);
    const int64_t out_plane = go.dim() == 0 ? 1 : size_from_end(go, 1) * size_from_end(go, 2);
    const T* g = go.data<T>();
    const int64_t* ix = idx.data<int64_t>();
    for (int64_t c = 0; c < planes; ++c)
      for (int64_t i = 0; i < out_plane; ++i) {
        T& dst = gi[c * in_plane + ix[c * out_plane + i]];
        dst = static_cast<T>(dst + g[c * out_plane + i]);
      }
  });
}
void max_pool2d_backward_kernel(const OpArgs& a, std::span<const Tensor> out) {
  scatter_indices_grad(a.tensor(0), a.tensor(7), out[0]);
}

// The 1-d pooling composites run the 2-d op on self unsqueezed at -2 (a row
// of height 1), each int[1] argument widened to [fill, value].
Tensor pool1d_input(const OpArgs& a, const char* op) {
  Tensor self = a.tensor(0);
  check(self.dim() == 2 || self.dim() == 3,
        std::string(op) + "() Expected 2D or 3D input tensor, but got " + shape_str(self.sym_sizes()));
  return call_tensor("unsqueeze", self, -2);
}
IntVector widened(const OpArgs& a, size_t i, int64_t fill) {
  IntVector v = a.int_list(i);
  if (v.empty()) return v;
  v.insert(v.begin(), fill);
  return v;
}

Value max_pool1d_with_indices_run(const OpArgs& a) {
  Tensor self = pool1d_input(a, "max_pool1d");
  Value r = call("max_pool2d_with_indices", self, widened(a, 1, 1), widened(a, 2, 1), widened(a, 3, 0),
                 widened(a, 4, 1), a[5]);
  std::vector<Tensor> t = unpack_tensors(r);
  return Value(lang::make_tuple({call("squeeze.dim", t[0], -2), call("squeeze.dim", t[1], -2)}));
}
Value max_pool1d_run(const OpArgs& a) {
  return unpack_tensors(max_pool1d_with_indices_run(a))[0].to_value();
}

// max_pool_double_backward: the gradient gathered back at the argmax positions.
Tensor gather_at_indices(const Tensor& grad, const Tensor& indices) {
  Tensor flat = call_tensor("flatten.using_ints", grad, -2);
  Tensor g = call_tensor("gather", flat, -1, call_tensor("flatten.using_ints", indices, -2));
  return call_tensor("view", g, indices.sym_sizes());
}

Grads max_pool2d_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  return {call_tensor("max_pool2d_with_indices_backward", g[0], c.tensor(0), a[1], a[2], a[3], a[4], a[5], c.result(1))};
}
Grads max_pool2d_double_backward(const BackwardContext& c, const Grads& g) {
  Grads out(3);
  if (c.needs_grad_of_arg(0)) out[0] = gather_at_indices(g[0], c.tensor(7));
  if (c.needs_grad_of_arg(1)) out[1] = call_tensor("zeros", c.spec_of_arg(1).sizes, g[0].dtype());
  return out;
}

// ---- avg pooling --------------------------------------------------------------------------------

struct AvgArgs {
  Pool2d p;
  bool count_include_pad;
  std::optional<int64_t> divisor;
};
// avg_pool2d(self, kernel_size, ...) or avg_pool2d_backward(grad_output, self, kernel_size, ...):
// self is argument first - 1.
AvgArgs avg_args(const OpArgs& a, size_t first) {
  AvgArgs r{pool2d_params(a.tensor(first - 1), a, first, "avg_pool2d", false, a.bool_(first + 3)), a.bool_(first + 4),
            a.optional_int(first + 5)};
  check(!r.divisor || *r.divisor != 0, "divisor must be not zero");
  return r;
}

// The window of output (oh, ow): [h0, h1) x [w0, w1) clipped to the image, and its divisor.
struct AvgWindow {
  int64_t h0, h1, w0, w1, divide;
};
AvgWindow avg_window(const AvgArgs& r, int64_t oh, int64_t ow) {
  const Pool2d& p = r.p;
  int64_t h0 = oh * p.sh - p.ph, w0 = ow * p.sw - p.pw;
  int64_t h1 = std::min(h0 + p.kh, p.ih + p.ph), w1 = std::min(w0 + p.kw, p.iw + p.pw);
  const int64_t pool_size = (h1 - h0) * (w1 - w0);
  h0 = std::max<int64_t>(h0, 0);
  w0 = std::max<int64_t>(w0, 0);
  h1 = std::min(h1, p.ih);
  w1 = std::min(w1, p.iw);
  const int64_t divide = r.divisor ? *r.divisor : r.count_include_pad ? pool_size : (h1 - h0) * (w1 - w0);
  return {h0, h1, w0, w1, divide};
}

std::vector<TensorSpec> avg_pool2d_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  AvgArgs r = avg_args(a, 1);
  check_pool_dtype(self.dtype(), "avg_pool2d", true);
  return {contiguous_spec(pooled_sizes(self, r.p.oh, r.p.ow), self.dtype(), self)};
}

void avg_pool2d_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = contiguous(a.tensor(0));
  AvgArgs r = avg_args(a, 1);
  const Pool2d& p = r.p;
  tensor::visit_dtype(self.dtype(), [&]<class T>() {
    using A = Acc<T>;
    T* o = out[0].data<T>();
    for_each_pooled_output<T>(self, p, [&](const T* x, int64_t oh, int64_t ow, int64_t at) {
      AvgWindow w = avg_window(r, oh, ow);
      T& dst = o[at];
      if (w.h0 >= w.h1 || w.w0 >= w.w1) {
        dst = T(0);
        return;
      }
      A sum = 0;
      for (int64_t h = w.h0; h < w.h1; ++h)
        for (int64_t v = w.w0; v < w.w1; ++v) sum = static_cast<A>(sum + static_cast<A>(x[h * p.iw + v]));
      dst = static_cast<T>(sum / static_cast<A>(w.divide));
    });
  });
}

// avg_pool2d_backward(grad_output, self, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override)
void avg_pool2d_backward_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor grad = contiguous(a.tensor(0));
  AvgArgs r = avg_args(a, 2);
  const Pool2d& p = r.p;
  tensor::visit_dtype(out[0].dtype(), [&]<class T>() {
    T* gi = out[0].data<T>();
    std::fill(gi, gi + out[0].numel(), T(0));
    const T* go = grad.data<T>();
    for_each_output(num_planes(out[0]), p.oh, p.ow, [&](int64_t c, int64_t oh, int64_t ow, int64_t at) {
      T* x = gi + c * p.ih * p.iw;
      AvgWindow w = avg_window(r, oh, ow);
      const T delta = static_cast<T>(go[at] / static_cast<Acc<T>>(w.divide));
      for (int64_t h = w.h0; h < w.h1; ++h)
        for (int64_t v = w.w0; v < w.w1; ++v) x[h * p.iw + v] = static_cast<T>(x[h * p.iw + v] + delta);
    });
  });
}
std::vector<TensorSpec> avg_pool2d_backward_meta(const OpArgs& a) {
  avg_args(a, 2);
  return like_self_meta(a);
}

Grads avg_pool2d_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  return {call_tensor("avg_pool2d_backward", g[0], c.tensor(0), a[1], a[2], a[3], a[4], a[5], a[6])};
}
Grads avg_pool2d_double_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  Grads out(2);
  if (c.needs_grad_of_arg(0)) out[0] = call_tensor("avg_pool2d", g[0], a[2], a[3], a[4], a[5], a[6], a[7]);
  if (c.needs_grad_of_arg(1)) out[1] = call_tensor("zeros", c.spec_of_arg(1).sizes, g[0].dtype());
  return out;
}

// avg_pool1d(self, kernel_size, stride, padding, ceil_mode, count_include_pad)
Value avg_pool1d_run(const OpArgs& a) {
  Tensor self = pool1d_input(a, "avg_pool1d");
  Tensor out = call_tensor("avg_pool2d", self, widened(a, 1, 1), widened(a, 2, 1), widened(a, 3, 0), a[4], a[5]);
  return call("squeeze.dim", out, -2);
}

// ---- adaptive pooling ----------------------------------------------------------------------------

int64_t start_index(int64_t o, int64_t out, int64_t in) { return (o * in) / out; }
int64_t end_index(int64_t o, int64_t out, int64_t in) { return ((o + 1) * in + out - 1) / out; }

// Calls f(plane, at, h0, h1, w0, w1) for every output element of an adaptive
// pooling of ih x iw planes to oh x ow, in order: `at` is the element's
// offset, [h0, h1) x [w0, w1) ATen's window for it.
template <class F> void for_each_adaptive_window(int64_t planes, int64_t ih, int64_t iw, int64_t oh, int64_t ow, F&& f) {
  for_each_output(planes, oh, ow, [&](int64_t c, int64_t i, int64_t j, int64_t at) {
    f(c, at, start_index(i, oh, ih), end_index(i, oh, ih), start_index(j, ow, iw), end_index(j, ow, iw));
  });
}

// The adaptive pooling forward kernels' loop: reduce(x, iw, at, h0, h1, w0, w1)
// for every output element `at` of `out`, x the T data of its plane of the
// contiguous `self` (rows iw long), [h0, h1) x [w0, w1) its window.
template <class T, class Reduce>
void for_each_adaptive_input_window(const Tensor& self, const Tensor& out, Reduce&& reduce) {
  const int64_t ih = size_from_end(self, 2), iw = size_from_end(self, 1);
  const T* in = self.data<T>();
  for_each_adaptive_window(num_planes(self), ih, iw, size_from_end(out, 2), size_from_end(out, 1),
                           [&](int64_t c, int64_t at, int64_t h0, int64_t h1, int64_t w0, int64_t w1) {
    reduce(in + c * ih * iw, iw, at, h0, h1, w0, w1);
  });
}

void check_adaptive_input(const Tensor& self, const char* name) {
  check(self.dim() == 3 || self.dim() == 4, std::string(name) + "(): Expected 3D or 4D tensor, but got " +
                                                shape_str(self.sym_sizes()));
  for (int64_t i = self.dim() - 3; i < self.dim(); ++i)
    check(self.size(i) > 0, std::string(name) + "(): Expected input to have non-zero size for non-batch dimensions, "
                                                "but input has sizes " + shape_str(self.sym_sizes()) + " with dimension " +
                                                std::to_string(i) + " being empty");
}

IntVector adaptive_output_size(const OpArgs& a, const char* name) {
  IntVector size = a.int_list(1);
  check(size.size() == 2, std::string(name) + ": output_size must be 2");
  return size;
}

// The checked output sizes of adaptive pooling `name` (self, output_size).
SymIntVector adaptive_pooled_sizes(const OpArgs& a, const char* name) {
  Tensor self = a.tensor(0);
  IntVector size = adaptive_output_size(a, name);
  check_adaptive_input(self, name);
  check_pool_dtype(self.dtype(), name, false);
  return pooled_sizes(self, size[0], size[1]);
}

std::vector<TensorSpec> adaptive_avg_pool2d_meta(const OpArgs& a) {
  return {contiguous_spec(adaptive_pooled_sizes(a, "adaptive_avg_pool2d"), a.tensor(0).dtype(), a.tensor(0))};
}

// ATen's cpu_adaptive_avg_pool: sum / kh / kw.
void adaptive_avg_pool2d_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = contiguous(a.tensor(0));
  tensor::visit_dtype(self.dtype(), [&]<class T>() {
    using A = Acc<T>;
    T* o = out[0].data<T>();
    for_each_adaptive_input_window<T>(self, out[0], [&](const T* x, int64_t iw, int64_t at, int64_t h0, int64_t h1,
                                                        int64_t w0, int64_t w1) {
      A sum = 0;
      for (int64_t h = h0; h < h1; ++h)
        for (int64_t w = w0; w < w1; ++w) sum = static_cast<A>(sum + static_cast<A>(x[h * iw + w]));
      o[at] = static_cast<T>(sum / static_cast<A>(h1 - h0) / static_cast<A>(w1 - w0));
    });
  });
}

std::vector<TensorSpec> adaptive_avg_pool2d_backward_meta(const OpArgs& a) { return like_self_meta(a); }
void adaptive_avg_pool2d_backward_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor grad = contiguous(a.tensor(0));
  const int64_t ih = size_from_end(out[0], 2), iw = size_from_end(out[0], 1), oh = size_from_end(grad, 2), ow = size_from_end(grad, 1);
  tensor::visit_dtype(out[0].dtype(), [&]<class T>() {
    using A = Acc<T>;
    T* gi = out[0].data<T>();
    std::fill(gi, gi + out[0].numel(), T(0));
    const T* go = grad.data<T>();
    for_each_adaptive_window(num_planes(out[0]), ih, iw, oh, ow,
                             [&](int64_t c, int64_t at, int64_t h0, int64_t h1, int64_t w0, int64_t w1) {
      T* x = gi + c * ih * iw;
      const T delta = static_cast<T>(static_cast<A>(go[at]) / static_cast<A>(h1 - h0) /
                                     static_cast<A>(w1 - w0));
      for (int64_t h = h0; h < h1; ++h)
        for (int64_t w = w0; w < w1; ++w) x[h * iw + w] = static_cast<T>(x[h * iw + w] + delta);
    });
  });
}

// adaptive_avg_pool2d: a mean over H and W when the output is 1x1, else _adaptive_avg_pool2d.
Value adaptive_avg_pool2d_run(const OpArgs& a) {
  IntVector size = adaptive_output_size(a, "adaptive_avg_pool2d");
  check(size[0] >= 0 && size[1] >= 0,
        "adaptive_avg_pool2d: elements of output_size must be greater than or equal to 0 but received {" +
            std::to_string(size[0]) + ", " + std::to_string(size[1]) + "}");
  if (size[0] == 1 && size[1] == 1) return call("mean.dim", a[0], IntVector{-1, -2}, true);
  return call("_adaptive_avg_pool2d", a[0], size);
}
Value adaptive_avg_pool1d_run(const OpArgs& a) {
  Tensor self = a.tensor(0);
  IntVector size = a.int_list(1);
  check(size.size() == 1, "adaptive_avg_pool1d: output_size must be 1");
  check(self.dim() == 2 || self.dim() == 3, "adaptive_avg_pool1d(): Expected 2D or 3D tensor, but got " +
                                                shape_str(self.sym_sizes()));
  Tensor out = call_tensor("adaptive_avg_pool2d", call_tensor("unsqueeze", self, -2), IntVector{1, size[0]});
  return call("squeeze.dim", out, -2);
}

Grads adaptive_avg_pool2d_backward(const BackwardContext& c, const Grads& g) {
  return {call_tensor("_adaptive_avg_pool2d_backward", g[0], c.tensor(0))};
}
Grads adaptive_avg_pool2d_double_backward(const BackwardContext& c, const Grads& g) {
  Grads out(2);
  const TensorSpec& go = c.spec_of_arg(0);
  if (c.needs_grad_of_arg(0))
    out[0] = call_tensor("_adaptive_avg_pool2d", g[0], IntVector{go.sizes.end()[-2].expect_int(), go.sizes.back().expect_int()});
  if (c.needs_grad_of_arg(1)) out[1] = call_tensor("zeros", c.spec_of_arg(1).sizes, g[0].dtype());
  return out;
}

std::vector<TensorSpec> adaptive_max_pool2d_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  SymIntVector sizes = adaptive_pooled_sizes(a, "adaptive_max_pool2d");
  return {contiguous_spec(sizes, self.dtype(), self), contiguous_spec(sizes, DType::Int64, self)};
}

void adaptive_max_pool2d_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = contiguous(a.tensor(0));
  int64_t* ind = out[1].data<int64_t>();
  tensor::visit_dtype(self.dtype(), [&]<class T>() {
    using A = Acc<T>;
    T* o = out[0].data<T>();
    for_each_adaptive_input_window<T>(self, out[0], [&](const T* x, int64_t iw, int64_t at, int64_t h0, int64_t h1,
                                                        int64_t w0, int64_t w1) {
      int64_t best_i = h0 * iw + w0;
      A best = -std::numeric_limits<A>::infinity();
      for (int64_t h = h0; h < h1; ++h)
        for (int64_t w = w0; w < w1; ++w) {
          const A v = static_cast<A>(x[h * iw + w]);
          if (v > best || std::isnan(v)) {
            best = v;
            best_i = h * iw + w;
          }
        }
      o[at] = static_cast<T>(best);
      ind[at] = best_i;
    });
  });
}
void adaptive_max_pool2d_backward_kernel(const OpArgs& a, std::span<const Tensor> out) {
  scatter_indices_grad(a.tensor(0), a.tensor(2), out[0]);
}
Grads adaptive_max_pool2d_backward(const BackwardContext& c, const Grads& g) {
  return {call_tensor("adaptive_max_pool2d_backward", g[0], c.tensor(0), c.result(1))};
}
Grads adaptive_max_pool2d_double_backward(const BackwardContext& c, const Grads& g) {
  Grads out(3);
  if (c.needs_grad_of_arg(0)) out[0] = gather_at_indices(g[0], c.tensor(2));
  if (c.needs_grad_of_arg(1)) out[1] = call_tensor("zeros", c.spec_of_arg(1).sizes, g[0].dtype());
  return out;
}

constexpr const char* kPool2dArgs = "int[2] kernel_size, int[2] stride=[], int[2] padding=0";

} // namespace

void register_pooling_ops(OpRegistry& r) {
  const std::string pool2d = kPool2dArgs;
  r.def("max_pool2d_with_indices(Tensor self, " + pool2d + ", int[2] dilation=1, bool ceil_mode=False) -> (Tensor, Tensor)")
      .hidden().structured(max_pool2d_with_indices_meta, max_pool2d_with_indices_kernel)
      .derivative("MaxPool2DWithIndicesBackward0", max_pool2d_backward).saves({"self"}).saves_results({1});
  r.def("max_pool2d_with_indices_backward(Tensor grad_output, Tensor self, int[2] kernel_size, int[2] stride, "
        "int[2] padding, int[2] dilation, bool ceil_mode, Tensor indices) -> Tensor")
      .hidden().structured(like_self_meta, max_pool2d_backward_kernel)
      .derivative("MaxPool2DWithIndicesBackwardBackward0", max_pool2d_double_backward).saves({"indices"});
  r.def("max_pool2d(Tensor self, " + pool2d + ", int[2] dilation=1, bool ceil_mode=False) -> Tensor")
      .composite(max_pool2d_run);
  r.def("max_pool1d_with_indices(Tensor self, int[1] kernel_size, int[1] stride=[], int[1] padding=0, "
        "int[1] dilation=1, bool ceil_mode=False) -> (Tensor, Tensor)").composite(max_pool1d_with_indices_run);
  r.def("max_pool1d(Tensor self, int[1] kernel_size, int[1] stride=[], int[1] padding=0, int[1] dilation=1, "
        "bool ceil_mode=False) -> Tensor").composite(max_pool1d_run);
  r.def("avg_pool2d(Tensor self, " + pool2d + ", bool ceil_mode=False, bool count_include_pad=True, "
        "int? divisor_override=None) -> Tensor")
      .hidden().structured(avg_pool2d_meta, avg_pool2d_kernel)
      .derivative("AvgPool2DBackward0", avg_pool2d_backward).saves({"self"});
  r.def("avg_pool2d_backward(Tensor grad_output, Tensor self, int[2] kernel_size, int[2] stride, int[2] padding, "
        "bool ceil_mode, bool count_include_pad, int? divisor_override) -> Tensor")
      .hidden().structured(avg_pool2d_backward_meta, avg_pool2d_backward_kernel)
      .derivative("AvgPool2DBackwardBackward0", avg_pool2d_double_backward);
  r.def("avg_pool1d(Tensor self, int[1] kernel_size, int[1] stride=[], int[1] padding=0, bool ceil_mode=False, "
        "bool count_include_pad=True) -> Tensor").composite(avg_pool1d_run);
  r.def("adaptive_avg_pool2d(Tensor self, SymInt[2] output_size) -> Tensor").hidden().composite(adaptive_avg_pool2d_run);
  r.def("_adaptive_avg_pool2d(Tensor self, SymInt[2] output_size) -> Tensor")
      .structured(adaptive_avg_pool2d_meta, adaptive_avg_pool2d_kernel)
      .derivative("AdaptiveAvgPool2DBackward0", adaptive_avg_pool2d_backward).saves({"self"});
  r.def("_adaptive_avg_pool2d_backward(Tensor grad_output, Tensor self) -> Tensor")
      .structured(adaptive_avg_pool2d_backward_meta, adaptive_avg_pool2d_backward_kernel)
      .derivative("AdaptiveAvgPool2DBackwardBackward0", adaptive_avg_pool2d_double_backward);
  r.def("adaptive_avg_pool1d(Tensor self, int[1] output_size) -> Tensor").composite(adaptive_avg_pool1d_run);
  r.def("adaptive_max_pool2d(Tensor self, int[2] output_size) -> (Tensor, Tensor)")
      .hidden().structured(adaptive_max_pool2d_meta, adaptive_max_pool2d_kernel)
      .derivative("AdaptiveMaxPool2DBackward0", adaptive_max_pool2d_backward).saves({"self"}).saves_results({1});
  r.def("adaptive_max_pool2d_backward(Tensor grad_output, Tensor self, Tensor indices) -> Tensor")
      .hidden().structured(like_self_meta, adaptive_max_pool2d_backward_kernel)
      .derivative("AdaptiveMaxPool2DBackwardBackward0", adaptive_max_pool2d_double_backward).saves({"indices"});
}

} // namespace refc::ops
