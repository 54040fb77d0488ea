// Resampling ops behind F.interpolate, F.unfold, F.fold and F.pixel_shuffle:
// upsample_nearest and upsample_linear in one and two spatial dimensions
// (with the .vec overloads F.interpolate calls, which turn scale factors
// into sizes), their backward ops, im2col / col2im and pixel_shuffle /
// pixel_unshuffle (each pair the other's derivative).
//
// Source indices and weights are computed as ATen's UpSample.h does (float
// scales, the output == input and output == 2 * input shortcuts of nearest,
// clamped lambdas of linear, the source index's multiply-add fused) and
// combined as its CPU kernels do. Two-dimensional bilinear resizing by a
// scale that is not exact can still differ from PyTorch in the last bit of
// an occasional element.
#include "reference_compiler/ops/unary_kernels.h"

#include "reference_compiler/ops/op_family.h"

#include <cmath>

namespace refc::ops {

namespace {

std::string pair_str(const IntVector& v) { return "(" + std::to_string(v[0]) + ", " + std::to_string(v[1]) + ")"; }

// ---- source indices -----------------------------------------------------------------------

// Where an op's arguments are: argument 0 the input (or grad_output),
// output_size, for backward ops input_size, align_corners for linear modes,
// then one optional scale per spatial dimension.
struct UpsampleLayout {
  int spatial;   // spatial dimensions
  bool linear;   // linear interpolation (else nearest)
  bool backward; // the *_backward op
  size_t align_arg() const { return backward ? 3 : 2; }
  size_t scales_arg() const { return align_arg() + (linear ? 1 : 0); }
};

float compute_scale(std::optional<double> scale, int64_t in, int64_t out) {
  return scale && *scale > 0 ? static_cast<float>(1.0 / *scale) : static_cast<float>(in) / static_cast<float>(out);
}

int64_t nearest_index(int64_t o, int64_t in, int64_t out, std::optional<double> scale) {
  if (out == in) return o;
  if (out == 2 * in) return o >> 1;
  const float s = compute_scale(scale, in, out);
  return std::min(static_cast<int64_t>(std::floor(static_cast<float>(o) * s)), in - 1);
}

// The two source indices and their weights for one output position.
struct LinearTap {
  int64_t i0, i1;
  float w0, w1;
};
LinearTap linear_tap(int64_t o, int64_t in, int64_t out, bool align_corners, std::optional<double> scale) {
  if (out == in) return {o, o, 1.0f, 0.0f};
  float ratio = align_corners ? (out > 1 ? static_cast<float>(in - 1) / static_cast<float>(out - 1) : 0.0f)
                              : compute_scale(scale, in, out);
  float real = align_corners ? ratio * static_cast<float>(o)
                             : std::max(std::fma(ratio, static_cast<float>(o) + 0.5f, -0.5f), 0.0f);
  int64_t i0 = std::min(static_cast<int64_t>(std::floor(real)), in - 1);
  float lambda = std::min(std::max(real - static_cast<float>(i0), 0.0f), 1.0f);
  return {i0, i0 + (i0 < in - 1 ? 1 : 0), 1.0f - lambda, lambda};
}

// Per spatial dimension, the taps of every output position (nearest: one tap, weight 1).
std::vector<std::vector<LinearTap>> taps(const UpsampleLayout& l, const OpArgs& a, const IntVector& in_sizes,
                                         const IntVector& out_sizes) {
  std::vector<std::vector<LinearTap>> all(l.spatial);
  const bool align = l.linear && a.bool_(l.align_arg());
  for (int d = 0; d < l.spatial; ++d) {
    const int64_t in = in_sizes[d + 2], out = out_sizes[d + 2];
    const std::optional<double> scale = a.optional_double(l.scales_arg() + d);
    for (int64_t o = 0; o < out; ++o) {
      if (l.linear) {
        all[d].push_back(linear_tap(o, in, out, align, scale));
      } else {
        int64_t i = nearest_index(o, in, out, scale);
        all[d].push_back({i, i, 1.0f, 0.0f});
      }
    }
  }
  return all;
}

// ---- meta ---------------------------------------------------------------------------------

// The full input and output sizes, checked as ATen's upsample_*d_common_check.
std::pair<IntVector, IntVector> upsample_sizes(const UpsampleLayout& l, const OpArgs& a) {
  const IntVector output_size = a.int_list(1);
  const IntVector input_size = l.backward ? a.int_list(2) : IntVector(a.tensor(0).sizes().begin(), a.tensor(0).sizes().end());
  const size_t full = static_cast<size_t>(l.spatial) + 2;
  check(output_size.size() == static_cast<size_t>(l.spatial), "It is expected output_size equals to " +
                                                                    std::to_string(l.spatial) + ", but got size " +
                                                                    std::to_string(output_size.size()));
  check(input_size.size() == full, "It is expected input_size equals to " + std::to_string(full) +
                                       ", but got size " + std::to_string(input_size.size()));
  bool positive = true;
  std::string in_desc, out_desc;
  const char* names[2][2] = {{"W", ""}, {"H", "W"}};
  for (int d = 0; d < l.spatial; ++d) {
    positive &= input_size[d + 2] > 0 && output_size[d] > 0;
    std::string sep = d ? ", " : "";
    in_desc += sep + names[l.spatial - 1][d] + ": " + std::to_string(input_size[d + 2]);
    out_desc += sep + names[l.spatial - 1][d] + ": " + std::to_string(output_size[d]);
  }
  check(positive, "Input and output sizes should be greater than 0, but got input (" + in_desc + ") output (" +
                      out_desc + ")");
  IntVector out_sizes = {input_size[0], input_size[1]};
  out_sizes.insert(out_sizes.end(), output_size.begin(), output_size.end());
  return {input_size, out_sizes};
}

template <int kSpatial, bool kLinear> std::vector<TensorSpec> upsample_meta(const OpArgs& a) {
  const UpsampleLayout l{kSpatial, kLinear, false};
  const Tensor input = a.tensor(0);
  int64_t inner = 1;
  for (int64_t d = 1; d < input.dim(); ++d) inner *= input.size(d);
  check(input.dim() == kSpatial + 2 && (input.numel() != 0 || inner != 0),
        std::string("Non-empty ") + std::to_string(kSpatial + 2) + "D data tensor expected but got a tensor with sizes " +
            shape_str(input.sym_sizes()));
  check_floating(kLinear ? "compute_indices_weights_linear" : "compute_indices_weights_nearest", input.dtype());
  IntVector out = upsample_sizes(l, a).second;
  SymIntVector sizes(out.begin(), out.end());
  return {{sizes, tensor::contiguous_strides(sizes), 0, input.dtype(), input.device()}};
}
template <int kSpatial, bool kLinear> std::vector<TensorSpec> upsample_backward_meta(const OpArgs& a) {
  const UpsampleLayout l{kSpatial, kLinear, true};
  auto [in, out] = upsample_sizes(l, a);
  const Tensor grad = a.tensor(0);
  check(grad.dim() == kSpatial + 2, "Expected grad_output to be a tensor of dimension " + std::to_string(kSpatial + 2) +
                                        " but got: dimension " + std::to_string(grad.dim()));
  for (int d = 0; d < kSpatial + 2; ++d)
    check(grad.size(d) == out[d], "Expected grad_output to have the same shape as output; output.size(" +
                                      std::to_string(d) + ") = " + std::to_string(out[d]) + " but got grad_output.size(" +
                                      std::to_string(d) + ") = " + grad.sym_size(d).str());
  SymIntVector sizes(in.begin(), in.end());
  return {{sizes, tensor::contiguous_strides(sizes), 0, grad.dtype(), grad.device()}};
}

// ---- kernels ------------------------------------------------------------------------------

// One output element of a plane: linear modes nest the spatial dimensions
// outermost first, t0 w0 + t1 w1 at every level, with one product fused into
// the add as in ATen's AVX2 build (the first in the innermost dimension, the
// second above it); nearest copies.
template <bool kLinear, class T>
T interpolate(const T* in, const std::vector<std::vector<LinearTap>>& t, const IntVector& in_strides,
              const int64_t* o, int d, int spatial) {
  if (d == spatial) return *in;
  const LinearTap& tap = t[d][o[d]];
  T t0 = interpolate<kLinear>(in + tap.i0 * in_strides[d], t, in_strides, o, d + 1, spatial);
  if (!kLinear) return t0;
  T t1 = interpolate<kLinear>(in + tap.i1 * in_strides[d], t, in_strides, o, d + 1, spatial);
  const T w0 = static_cast<T>(tap.w0), w1 = static_cast<T>(tap.w1);
  return d == spatial - 1 ? std::fma(t0, w0, t1 * w1) : std::fma(t1, w1, t0 * w0);
}

// Visits every (plane, output position) with the position's indices.
template <class F> void for_each_output(const IntVector& out_sizes, int spatial, F f) {
  int64_t planes = out_sizes[0] * out_sizes[1], positions = 1;
  for (int d = 0; d < spatial; ++d) positions *= out_sizes[d + 2];
  int64_t o[2] = {0, 0};
  for (int64_t p = 0; p < planes; ++p) {
    for (int64_t k = 0; k < positions; ++k) {
      int64_t rest = k;
      for (int d = spatial - 1; d >= 0; --d) {
        o[d] = rest % out_sizes[d + 2];
        rest /= out_sizes[d + 2];
      }
      f(p, k, o);
    }
  }
}

IntVector spatial_strides(const IntVector& sizes, int spatial) {
  IntVector s(spatial);
  int64_t stride = 1;
  for (int d = spatial - 1; d >= 0; --d) {
    s[d] = stride;
    stride *= sizes[d + 2];
  }
  return s;
}
int64_t plane_size(const IntVector& sizes, int spatial) {
  int64_t n = 1;
  for (int d = 0; d < spatial; ++d) n *= sizes[d + 2];
  return n;
}

template <int kSpatial, bool kLinear> void upsample_kernel(const OpArgs& a, std::span<const Tensor> out) {
  const UpsampleLayout l{kSpatial, kLinear, false};
  auto [in_sizes, out_sizes] = upsample_sizes(l, a);
  auto t = taps(l, a, in_sizes, out_sizes);
  const IntVector in_strides = spatial_strides(in_sizes, kSpatial);
  const int64_t in_plane = plane_size(in_sizes, kSpatial), out_plane = plane_size(out_sizes, kSpatial);
  tensor::visit_dtype(out[0].dtype(), [&]<class S>() {
    if constexpr (!std::is_integral_v<S>) {
      // 16-bit floats interpolate in float.
      using T = OpMath<S>;
      Tensor input = to_dtype(call_tensor("contiguous", a.tensor(0)), tensor::dtype_of<T>);
      const T* src = input.data<T>();
      S* dst = out[0].data<S>();
      for_each_output(out_sizes, kSpatial, [&](int64_t p, int64_t k, const int64_t* o) {
        dst[p * out_plane + k] = static_cast<S>(interpolate<kLinear>(src + p * in_plane, t, in_strides, o, 0, kSpatial));
      });
    }
  });
}

// The backward ops: every output position's gradient added to its taps,
// weighted by the product of their weights, in the order the forward reads them.
template <int kSpatial, bool kLinear> void upsample_backward_kernel(const OpArgs& a, std::span<const Tensor> out) {
  const UpsampleLayout l{kSpatial, kLinear, true};
  auto [in_sizes, out_sizes] = upsample_sizes(l, a);
  auto t = taps(l, a, in_sizes, out_sizes);
  const IntVector in_strides = spatial_strides(in_sizes, kSpatial);
  const int64_t in_plane = plane_size(in_sizes, kSpatial), out_plane = plane_size(out_sizes, kSpatial);
  Tensor grad = to_dtype(call_tensor("contiguous", a.tensor(0)), out[0].dtype());
  tensor::visit_dtype(out[0].dtype(), [&]<class S>() {
    if constexpr (!std::is_integral_v<S>) {
      using T = OpMath<S>;
      const S* g = grad.data<S>();
      std::vector<T> acc(static_cast<size_t>(in_plane * out_sizes[0] * out_sizes[1]), T(0));
      for_each_output(out_sizes, kSpatial, [&](int64_t p, int64_t k, const int64_t* o) {
        const T v = static_cast<T>(g[p * out_plane + k]);
        T* plane = acc.data() + p * in_plane;
        if (kSpatial == 1) {
          const LinearTap& w = t[0][o[0]];
          plane[w.i0] += w.w0 * v;
          if (kLinear) plane[w.i1] += w.w1 * v;
        } else {
          const LinearTap &h = t[0][o[0]], &w = t[1][o[1]];
          plane[h.i0 * in_strides[0] + w.i0] += h.w0 * w.w0 * v;
          if (kLinear) {
            plane[h.i0 * in_strides[0] + w.i1] += h.w0 * w.w1 * v;
            plane[h.i1 * in_strides[0] + w.i0] += h.w1 * w.w0 * v;
            plane[h.i1 * in_strides[0] + w.i1] += h.w1 * w.w1 * v;
          }
        }
      });
      S* dst = out[0].data<S>();
      for (size_t i = 0; i < acc.size(); ++i) dst[i] = static_cast<S>(acc[i]);
    }
  });
}

// ---- derivatives and .vec overloads -------------------------------------------------------

// forward(self, output_size, [align_corners,] scales...) -> backward(grad,
// output_size, self's sizes, [align_corners,] scales...).
template <const char* kBackward> Grads upsample_derivative(const BackwardContext& c, const Grads& g) {
  std::vector<Value> args = {g[0].to_value(), c.values[1], sym_int_list_value(c.spec_of_arg(0).sizes)};
  args.insert(args.end(), c.values.begin() + 2, c.values.end());
  return {Tensor::from_value(call_op(ops::op(kBackward), std::move(args)))};
}
// backward(grad_output, output_size, input_size, ...) is linear in grad_output: the forward op.
template <const char* kForward> Grads upsample_backward_derivative(const BackwardContext& c, const Grads& g) {
  std::vector<Value> args = {g[0].to_value(), c.values[1]};
  args.insert(args.end(), c.values.begin() + 3, c.values.end());
  return {Tensor::from_value(call_op(ops::op(kForward), std::move(args)))};
}
constexpr char kNearest1d[] = "upsample_nearest1d", kNearest2d[] = "upsample_nearest2d",
               kLinear1d[] = "upsample_linear1d", kBilinear2d[] = "upsample_bilinear2d",
               kNearest1dBackward[] = "upsample_nearest1d_backward", kNearest2dBackward[] = "upsample_nearest2d_backward",
               kLinear1dBackward[] = "upsample_linear1d_backward", kBilinear2dBackward[] = "upsample_bilinear2d_backward";

// .vec(input, output_size, [align_corners,] scale_factors): the output size
// from the scale factors when no size is given (truncated products).
template <const char* kOp, bool kLinear> Value upsample_vec_run(const OpArgs& a) {
  const Tensor input = a.tensor(0);
  const int64_t spatial = input.dim() - 2;
  const auto output_size = a.optional_int_list(1);
  const size_t scales_arg = kLinear ? 3 : 2;
  const auto scales = a.is_none(scales_arg) ? std::nullopt : std::optional(a.double_list(scales_arg));
  IntVector size;
  if (output_size) {
    check(!scales, "Must specify exactly one of output_size and scale_factors");
    check(static_cast<int64_t>(output_size->size()) == spatial, "Input and output must have the same number of spatial dimensions");
    size = *output_size;
  } else {
    check(scales.has_value(), "Must specify exactly one of output_size and scale_factors");
    check(static_cast<int64_t>(scales->size()) == spatial, "Input and scale_factors must have the same number of spatial dimensions");
    for (int64_t d = 0; d < spatial; ++d)
      size.push_back(static_cast<int64_t>(static_cast<double>(input.size(d + 2)) * (*scales)[d]));
  }
  std::vector<Value> args = {input.to_value(), to_arg(size)};
  if (kLinear) args.push_back(a[2]);
  for (int64_t d = 0; d < spatial; ++d) args.push_back(scales ? to_arg((*scales)[d]) : Value::none());
  return call_op(ops::op(kOp), std::move(args));
}

// ---- im2col / col2im ----------------------------------------------------------------------

struct Unfold {
  IntVector kernel, dilation, padding, stride;
  int64_t blocks(int d, int64_t size) const {
    return (size + 2 * padding[d] - (dilation[d] * (kernel[d] - 1) + 1)) / stride[d] + 1;
  }
};
Unfold unfold_params(const OpArgs& a, size_t first) {
  Unfold u{a.int_list(first), a.int_list(first + 1), a.int_list(first + 2), a.int_list(first + 3)};
  const IntVector* lists[] = {&u.kernel, &u.dilation, &u.padding, &u.stride};
  const char* names[] = {"kernel_size", "dilation", "padding", "stride"};
  for (int i = 0; i < 4; ++i)
    check(lists[i]->size() == 2, std::string("It is expected ") + names[i] + " equals to 2, but got size " +
                                     std::to_string(lists[i]->size()));
  check(u.kernel[0] > 0 && u.kernel[1] > 0, "kernel size should be greater than zero, but got kernel_height: " +
                                                std::to_string(u.kernel[0]) + " kernel_width: " + std::to_string(u.kernel[1]));
  check(u.dilation[0] > 0 && u.dilation[1] > 0, "dilation should be greater than zero, but got dilation_height: " +
                                                    std::to_string(u.dilation[0]) + " dilation_width: " +
                                                    std::to_string(u.dilation[1]));
  check(u.padding[0] >= 0 && u.padding[1] >= 0, "padding should be non-negative, but got pad_height: " +
                                                    std::to_string(u.padding[0]) + " pad_width: " +
                                                    std::to_string(u.padding[1]));
  check(u.stride[0] > 0 && u.stride[1] > 0, "stride should be greater than zero, but got stride_height: " +
                                                std::to_string(u.stride[0]) + " stride_width: " + std::to_string(u.stride[1]));
  return u;
}

// Calls f(column offset, image offset or -1 when in padding) for every
// element of the (C * kh * kw, L) column matrix of one (C, H, W) image.
template <class F> void for_each_column(const Unfold& u, int64_t channels, int64_t h, int64_t w, F f) {
  const int64_t oh = u.blocks(0, h), ow = u.blocks(1, w);
  const int64_t rows = channels * u.kernel[0] * u.kernel[1];
  for (int64_t r = 0; r < rows; ++r) {
    const int64_t kw = r % u.kernel[1], kh = (r / u.kernel[1]) % u.kernel[0], c = r / (u.kernel[0] * u.kernel[1]);
    for (int64_t y = 0; y < oh; ++y) {
      const int64_t iy = y * u.stride[0] - u.padding[0] + kh * u.dilation[0];
      for (int64_t x = 0; x < ow; ++x) {
        const int64_t ix = x * u.stride[1] - u.padding[1] + kw * u.dilation[1];
        const bool inside = iy >= 0 && iy < h && ix >= 0 && ix < w;
        f((r * oh + y) * ow + x, inside ? (c * h + iy) * w + ix : -1);
      }
    }
  }
}

std::vector<TensorSpec> im2col_meta(const OpArgs& a) {
  const Tensor input = a.tensor(0);
  const Unfold u = unfold_params(a, 1);
  const int64_t ndim = input.dim();
  check((ndim == 3 || ndim == 4) && input.size(ndim - 3) != 0 && input.size(ndim - 2) != 0 && input.size(ndim - 1) != 0,
        "Expected 3D or 4D (batch mode) tensor with optional 0 dim batch size for input, but got:" +
            shape_str(input.sym_sizes()));
  const int64_t h = input.size(ndim - 2), w = input.size(ndim - 1);
  const int64_t oh = u.blocks(0, h), ow = u.blocks(1, w);
  check(oh >= 1 && ow >= 1, "Given input with spatial size " + pair_str({h, w}) + ", kernel_size=" + pair_str(u.kernel) +
                                ", dilation=" + pair_str(u.dilation) + ", padding=" + pair_str(u.padding) +
                                ", calculated shape of the array of sliding blocks as " + pair_str({oh, ow}) +
                                ", but its components must be at least one.");
  SymIntVector sizes;
  if (ndim == 4) sizes.push_back(input.size(0));
  sizes.push_back(input.size(ndim - 3) * u.kernel[0] * u.kernel[1]);
  sizes.push_back(oh * ow);
  return {{sizes, tensor::contiguous_strides(sizes), 0, input.dtype(), input.device()}};
}
void im2col_kernel(const OpArgs& a, std::span<const Tensor> out) {
  const Tensor input = call_tensor("contiguous", a.tensor(0));
  const Unfold u = unfold_params(a, 1);
  const int64_t ndim = input.dim(), batch = ndim == 4 ? input.size(0) : 1;
  const int64_t c = input.size(ndim - 3), h = input.size(ndim - 2), w = input.size(ndim - 1);
  const int64_t image = c * h * w, columns = out[0].numel() / batch;
  tensor::visit_dtype(out[0].dtype(), [&]<class T>() {
    const T* src = input.data<T>();
    T* dst = out[0].data<T>();
    for (int64_t n = 0; n < batch; ++n)
      for_each_column(u, c, h, w, [&](int64_t col, int64_t im) {
        dst[n * columns + col] = im < 0 ? T(0) : src[n * image + im];
      });
  });
}

std::vector<TensorSpec> col2im_meta(const OpArgs& a) {
  const Tensor input = a.tensor(0);
  const IntVector output_size = a.int_list(1);
  check(output_size.size() == 2, "It is expected output_size equals to 2, but got size " + std::to_string(output_size.size()));
  const Unfold u = unfold_params(a, 2);
  const int64_t ndim = input.dim();
  check((ndim == 2 || ndim == 3) && input.size(ndim - 2) != 0 && input.size(ndim - 1) != 0,
        "Expected 2D or 3D (batch mode) tensor for input with possibly 0 batch size and non-zero dimensions for input, but got: " +
            shape_str(input.sym_sizes()));
  const int64_t per_channel = u.kernel[0] * u.kernel[1];
  check(input.size(ndim - 2) % per_channel == 0,
        "Expected size of input's dimension 1 to be divisible by the product of kernel_size, but got input.size(1)=" +
            input.sym_size(ndim - 2).str() + " and kernel_size=" + pair_str(u.kernel));
  const int64_t bh = u.blocks(0, output_size[0]), bw = u.blocks(1, output_size[1]);
  check(bh >= 1 && bw >= 1, "Given output_size=" + pair_str(output_size) + ", kernel_size=" + pair_str(u.kernel) +
                                ", dilation=" + pair_str(u.dilation) + ", padding=" + pair_str(u.padding) + ", stride=" +
                                pair_str(u.stride) + ", calculated shape of the array of sliding blocks as " +
                                pair_str({bh, bw}) + ", which is too small (non-positive)");
  check(input.size(ndim - 1) == bh * bw,
        "Given output_size=" + pair_str(output_size) + ", kernel_size=" + pair_str(u.kernel) + ", dilation=" +
            pair_str(u.dilation) + ", padding=" + pair_str(u.padding) + ", stride=" + pair_str(u.stride) +
            ", expected size of input's dimension 2 to match the calculated number of sliding blocks " +
            std::to_string(bh) + " * " + std::to_string(bw) + " = " + std::to_string(bh * bw) +
            ", but got input.size(2)=" + input.sym_size(ndim - 1).str() + ".");
  SymIntVector sizes;
  if (ndim == 3) sizes.push_back(input.size(0));
  sizes.push_back(input.size(ndim - 2) / per_channel);
  sizes.push_back(output_size[0]);
  sizes.push_back(output_size[1]);
  return {{sizes, tensor::contiguous_strides(sizes), 0, input.dtype(), input.device()}};
}
void col2im_kernel(const OpArgs& a, std::span<const Tensor> out) {
  const Tensor input = call_tensor("contiguous", a.tensor(0));
  const IntVector output_size = a.int_list(1);
  const Unfold u = unfold_params(a, 2);
  const int64_t ndim = out[0].dim(), batch = ndim == 4 ? out[0].size(0) : 1;
  const int64_t c = out[0].size(ndim - 3), h = output_size[0], w = output_size[1];
  const int64_t image = c * h * w, columns = input.numel() / batch;
  tensor::visit_dtype(out[0].dtype(), [&]<class T>() {
    const T* src = input.data<T>();
    T* dst = out[0].data<T>();
    std::fill(dst, dst + out[0].numel(), T(0));
    for (int64_t n = 0; n < batch; ++n)
      for_each_column(u, c, h, w, [&](int64_t col, int64_t im) {
        if (im >= 0) dst[n * image + im] = static_cast<T>(dst[n * image + im] + src[n * columns + col]);
      });
  });
}

Grads im2col_backward(const BackwardContext& c, const Grads& g) {
  const SymIntVector& sizes = c.spec_of_arg(0).sizes;
  SymIntVector spatial = {sizes[sizes.size() - 2], sizes[sizes.size() - 1]};
  OpArgs a = c.args();
  return {call_tensor("col2im", g[0], spatial, a[1], a[2], a[3], a[4])};
}
Grads col2im_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  return {call_tensor("im2col", g[0], a[2], a[3], a[4], a[5])};
}

// ---- pixel_shuffle / pixel_unshuffle --------------------------------------------------------

// pixel_shuffle(self, r): (*, C r^2, H, W) -> (*, C, H r, W r), moving each
// group of r^2 channels into an r x r block; pixel_unshuffle inverts it.
// Each is the other's derivative.
Value pixel_shuffle_run(const OpArgs& a) {
  const Tensor self = a.tensor(0);
  const int64_t r = a.int_(1), ndim = self.dim();
  check(ndim >= 3, "pixel_shuffle expects input to have at least 3 dimensions, but got input with " +
                       std::to_string(ndim) + " dimension(s)");
  check(r > 0, "pixel_shuffle expects a positive upscale_factor, but got " + std::to_string(r));
  const int64_t c = self.size(self.dim() - 3), h = self.size(self.dim() - 2), w = self.size(self.dim() - 1);
  check(c % (r * r) == 0, "pixel_shuffle expects its input's 'channel' dimension to be divisible by the square of "
                          "upscale_factor, but input.size(-3)=" + std::to_string(c) + " is not divisible by " +
                              std::to_string(r * r));
  IntVector batch(self.sizes().begin(), self.sizes().end() - 3);
  const int64_t b = static_cast<int64_t>(batch.size());
  IntVector split = batch, order, shape = batch;
  split.insert(split.end(), {c / (r * r), r, r, h, w});
  for (int64_t d = 0; d < b; ++d) order.push_back(d);
  order.insert(order.end(), {b, b + 3, b + 1, b + 4, b + 2});
  shape.insert(shape.end(), {c / (r * r), h * r, w * r});
  Tensor permuted = call_tensor("permute", call_tensor("reshape", self, split), order);
  return call("reshape", call_tensor("clone", permuted, "contiguous_format"), shape);
}
Value pixel_unshuffle_run(const OpArgs& a) {
  const Tensor self = a.tensor(0);
  const int64_t r = a.int_(1), ndim = self.dim();
  check(ndim >= 3, "pixel_unshuffle expects input to have at least 3 dimensions, but got input with " +
                       std::to_string(ndim) + " dimension(s)");
  check(r > 0, "pixel_unshuffle expects a positive downscale_factor, but got " + std::to_string(r));
  const int64_t c = self.size(self.dim() - 3), h = self.size(self.dim() - 2), w = self.size(self.dim() - 1);
  check(h % r == 0, "pixel_unshuffle expects height to be divisible by downscale_factor, but input.size(-2)=" +
                        std::to_string(h) + " is not divisible by " + std::to_string(r));
  check(w % r == 0, "pixel_unshuffle expects width to be divisible by downscale_factor, but input.size(-1)=" +
                        std::to_string(w) + " is not divisible by " + std::to_string(r));
  IntVector batch(self.sizes().begin(), self.sizes().end() - 3);
  const int64_t b = static_cast<int64_t>(batch.size());
  IntVector split = batch, order, shape = batch;
  split.insert(split.end(), {c, h / r, r, w / r, r});
  for (int64_t d = 0; d < b; ++d) order.push_back(d);
  order.insert(order.end(), {b, b + 2, b + 4, b + 1, b + 3});
  shape.insert(shape.end(), {c * r * r, h / r, w / r});
  Tensor permuted = call_tensor("permute", call_tensor("reshape", self, split), order);
  return call("reshape", call_tensor("clone", permuted, "contiguous_format"), shape);
}
template <const char* kInverse> Grads pixel_shuffle_backward(const BackwardContext& c, const Grads& g) {
  return {call_tensor(kInverse, g[0], c.args()[1])};
}
constexpr char kPixelShuffle[] = "pixel_shuffle", kPixelUnshuffle[] = "pixel_unshuffle";

} // namespace

void register_upsample_ops(OpRegistry& r) {
  r.def("upsample_nearest1d(Tensor self, SymInt[1] output_size, float? scales=None) -> Tensor").hidden()
      .structured(upsample_meta<1, false>, upsample_kernel<1, false>)
      .derivative("UpsampleNearest1DBackward0", upsample_derivative<kNearest1dBackward>);
  r.def("upsample_nearest1d.vec(Tensor input, SymInt[]? output_size, float[]? scale_factors) -> Tensor").hidden()
      .composite(upsample_vec_run<kNearest1d, false>);
  r.def("upsample_nearest1d_backward(Tensor grad_output, SymInt[1] output_size, SymInt[3] input_size, "
        "float? scales=None) -> Tensor").hidden()
      .structured(upsample_backward_meta<1, false>, upsample_backward_kernel<1, false>)
      .derivative("UpsampleNearest1DBackwardBackward0", upsample_backward_derivative<kNearest1d>);
  r.def("upsample_nearest2d(Tensor self, SymInt[2] output_size, float? scales_h=None, float? scales_w=None) -> Tensor")
      .hidden().structured(upsample_meta<2, false>, upsample_kernel<2, false>)
      .derivative("UpsampleNearest2DBackward0", upsample_derivative<kNearest2dBackward>);
  r.def("upsample_nearest2d.vec(Tensor input, SymInt[]? output_size, float[]? scale_factors) -> Tensor").hidden()
      .composite(upsample_vec_run<kNearest2d, false>);
  r.def("upsample_nearest2d_backward(Tensor grad_output, SymInt[2] output_size, SymInt[4] input_size, "
        "float? scales_h=None, float? scales_w=None) -> Tensor").hidden()
      .structured(upsample_backward_meta<2, false>, upsample_backward_kernel<2, false>)
      .derivative("UpsampleNearest2DBackwardBackward0", upsample_backward_derivative<kNearest2d>);

  r.def("upsample_linear1d(Tensor self, SymInt[1] output_size, bool align_corners, float? scales=None) -> Tensor")
      .hidden().structured(upsample_meta<1, true>, upsample_kernel<1, true>)
      .derivative("UpsampleLinear1DBackward0", upsample_derivative<kLinear1dBackward>);
  r.def("upsample_linear1d.vec(Tensor input, SymInt[]? output_size, bool align_corners, float[]? scale_factors) "
        "-> Tensor").hidden().composite(upsample_vec_run<kLinear1d, true>);
  r.def("upsample_linear1d_backward(Tensor grad_output, SymInt[1] output_size, SymInt[3] input_size, "
        "bool align_corners, float? scales=None) -> Tensor").hidden()
      .structured(upsample_backward_meta<1, true>, upsample_backward_kernel<1, true>)
      .derivative("UpsampleLinear1DBackwardBackward0", upsample_backward_derivative<kLinear1d>);
  r.def("upsample_bilinear2d(Tensor self, SymInt[2] output_size, bool align_corners, float? scales_h=None, "
        "float? scales_w=None) -> Tensor").hidden()
      .structured(upsample_meta<2, true>, upsample_kernel<2, true>)
      .derivative("UpsampleBilinear2DBackward0", upsample_derivative<kBilinear2dBackward>);
  r.def("upsample_bilinear2d.vec(Tensor input, SymInt[]? output_size, bool align_corners, float[]? scale_factors) "
        "-> Tensor").hidden().composite(upsample_vec_run<kBilinear2d, true>);
  r.def("upsample_bilinear2d_backward(Tensor grad_output, SymInt[2] output_size, SymInt[4] input_size, "
        "bool align_corners, float? scales_h=None, float? scales_w=None) -> Tensor").hidden()
      .structured(upsample_backward_meta<2, true>, upsample_backward_kernel<2, true>)
      .derivative("UpsampleBilinear2DBackwardBackward0", upsample_backward_derivative<kBilinear2d>);

  r.def("im2col(Tensor self, int[2] kernel_size, int[2] dilation, int[2] padding, int[2] stride) -> Tensor").hidden()
      .structured(im2col_meta, im2col_kernel).derivative("Im2ColBackward0", im2col_backward);
  r.def("col2im(Tensor self, SymInt[2] output_size, int[2] kernel_size, int[2] dilation, int[2] padding, "
        "int[2] stride) -> Tensor").hidden()
      .structured(col2im_meta, col2im_kernel).derivative("Col2ImBackward0", col2im_backward);
  r.def("pixel_shuffle(Tensor self, int upscale_factor) -> Tensor").custom(pixel_shuffle_run)
      .derivative("PixelShuffleBackward0", pixel_shuffle_backward<kPixelUnshuffle>);
  r.def("pixel_unshuffle(Tensor self, int downscale_factor) -> Tensor").custom(pixel_unshuffle_run)
      .derivative("PixelUnshuffleBackward0", pixel_shuffle_backward<kPixelShuffle>);
}

} // namespace refc::ops
