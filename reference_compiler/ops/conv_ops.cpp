// Convolution and pooling: convolution (1-d and 2-d, strided, padded,
// dilated, grouped, transposed) with convolution_backward, the conv1d/conv2d
// front ends (including padding='same'/'valid'), max/avg/adaptive pooling
// with their backward ops, and the 1-d pooling composites.
//
// Convolution follows ATen's slow_conv2d: output = weight @ im2col(input)
// per image and group, with gemm's rounding (gemm.h: sums in the reference
// BLAS's order); for float and double the GEMM micro-kernel reads image rows
// in place (or packs border patches), never materialising im2col. The input
// gradient is col2im(weight^T @ grad_output) and the weight gradient
// grad_output @ im2col(input)^T accumulated over the batch, exactly as ATen
// orders them; a transposed convolution's forward pass is the input
// gradient of the matching convolution. (ATen runs large float32 convolutions
// through oneDNN, whose rounding differs in the last bits; refc keeps the
// im2col order everywhere.)
#include "reference_compiler/ops/dtype_names.h"
#include "reference_compiler/ops/gemm.h"

#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/ops/op_family.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <vector>

namespace refc::ops {

using lang::Value;
using tensor::IntVector;
using tensor::Scalar;
using tensor::SymIntVector;

namespace {

using Grads = std::vector<Tensor>;

std::string list_str(const IntVector& v) { return shape_str(v); }

template <class T> constexpr bool kFast = std::is_same_v<T, float> || std::is_same_v<T, double>;
template <class T>
using Acc = std::conditional_t<std::is_same_v<T, tensor::Half> || std::is_same_v<T, tensor::BFloat16>, float, T>;

Tensor contiguous(const Tensor& t) { return call_tensor("contiguous", t); }

// The size of dim -k (Tensor::size takes only wrapped dims).
int64_t size_from_end(const Tensor& t, int64_t k) { return t.size(t.dim() - k); }

// ---- geometry ------------------------------------------------------------------------------

// One convolution viewed as in ATen's slow_conv2d: the "image" is the input of
// a (non-transposed) convolution, the "columns" side its output; every 1-d
// convolution is a 2-d one with height 1.
struct ConvShape {
  int64_t batch = 0, groups = 1;
  int64_t image_c = 0, image_h = 1, image_w = 0; // channels and size of the image side
  int64_t cols_c = 0, cols_h = 1, cols_w = 0;    // channels and size of the columns side
  int64_t kh = 1, kw = 1, sh = 1, sw = 1, ph = 0, pw = 0, dh = 1, dw = 1;

  int64_t image_cg() const { return image_c / groups; }
  int64_t cols_cg() const { return cols_c / groups; }
  int64_t patch() const { return image_cg() * kh * kw; } // K: one column's length
  int64_t pixels() const { return cols_h * cols_w; }     // P: number of columns
  int64_t image_plane() const { return image_h * image_w; }
};

// The parameters of a convolution call, expanded to the spatial rank.
struct ConvParams {
  IntVector stride, padding, dilation, output_padding;
  bool transposed = false;
  int64_t groups = 1;
};

IntVector expand_param(const IntVector& v, const char* name, int64_t dim) {
  if (v.size() == 1) return IntVector(static_cast<size_t>(dim), v[0]);
  if (static_cast<int64_t>(v.size()) != dim)
    fail(std::string("expected ") + name + " to be a single integer value or a list of " + std::to_string(dim) +
         " values to match the convolution dimensions, but got " + name + "=" + list_str(v));
  return v;
}

// convolution(input, weight, bias, stride, padding, dilation, transposed, output_padding, groups),
// the arguments starting at `first` (convolution_backward has grad_output first).
ConvParams conv_params(const OpArgs& a, size_t first, int64_t dim) {
  ConvParams p;
  p.groups = a.int_(first + 5);
  check(dim > 0, "weight should have at least three dimensions");
  check(p.groups > 0, "non-positive groups is not supported");
  p.stride = expand_param(a.int_list(first), "stride", dim);
  p.padding = expand_param(a.int_list(first + 1), "padding", dim);
  p.dilation = expand_param(a.int_list(first + 2), "dilation", dim);
  p.transposed = a.bool_(first + 3);
  p.output_padding = expand_param(a.int_list(first + 4), "output_padding", dim);
  return p;
}

bool any_of(const IntVector& v, bool (*pred)(int64_t)) { return std::any_of(v.begin(), v.end(), pred); }

// ATen's check_shape_forward, then the output size.
SymIntVector conv_output_sizes(const Tensor& input, const Tensor& weight, const Tensor& bias, const ConvParams& p) {
  const int64_t k = input.dim(), weight_dim = weight.dim();
  const std::string weight_sizes = shape_str(weight.sym_sizes());
  check(!any_of(p.padding, [](int64_t x) { return x < 0; }), "negative padding is not supported");
  check(!any_of(p.output_padding, [](int64_t x) { return x < 0; }), "negative output_padding is not supported");
  check(!any_of(p.stride, [](int64_t x) { return x <= 0; }), "non-positive stride is not supported");
  check(!any_of(p.dilation, [](int64_t x) { return x <= 0; }),
        "dilation should be greater than zero, but got " + list_str(p.dilation));
  check(weight_dim == k, "Expected " + std::to_string(weight_dim) + "-dimensional input for " +
                             std::to_string(weight_dim) + "-dimensional weight " + weight_sizes + ", but got " +
                             std::to_string(k) + "-dimensional input of size " + shape_str(input.sym_sizes()) +
                             " instead");
  const int64_t g = p.groups, w0 = weight.size(0), w1 = weight.size(1);
  check(w0 >= g, "Given groups=" + std::to_string(g) + ", expected weight to be at least " + std::to_string(g) +
                     " at dimension 0, but got weight of size " + weight_sizes + " instead");
  check(w0 % g == 0, "Given groups=" + std::to_string(g) + ", expected weight to be divisible by " + std::to_string(g) +
                         " at dimension 0, but got weight of size [" + weight_sizes + "] instead");
  const std::string bias_sizes = bias.defined() ? shape_str(bias.sym_sizes()) : "";
  SymIntVector out{input.sym_size(0)};
  if (!p.transposed) {
    check(input.size(1) == w1 * g, "Given groups=" + std::to_string(g) + ", weight of size " + weight_sizes +
                                       ", expected input" + shape_str(input.sym_sizes()) + " to have " +
                                       std::to_string(w1 * g) + " channels, but got " + input.sym_size(1).str() +
                                       " channels instead");
    check(!bias.defined() || (bias.dim() == 1 && bias.size(0) == w0),
          "Given weight of size " + weight_sizes + ", expected bias to be 1-dimensional with " + std::to_string(w0) +
              " elements, but got bias of size " + bias_sizes + " instead");
    std::string in_s, k_s;
    bool fits = true;
    for (int64_t i = 2; i < k; ++i) {
      const int64_t padded = input.size(i) + 2 * p.padding[i - 2];
      const int64_t kernel = p.dilation[i - 2] * (weight.size(i) - 1) + 1;
      fits &= padded >= kernel;
      in_s += (i > 2 ? " x " : "") + std::to_string(padded);
      k_s += (i > 2 ? " x " : "") + std::to_string(kernel);
    }
    check(fits, "Calculated padded input size per channel: (" + in_s + "). Kernel size: (" + k_s +
                    "). Kernel size can't be greater than actual input size");
    out.push_back(w0);
    for (int64_t i = 2; i < k; ++i)
      out.push_back((input.size(i) + 2 * p.padding[i - 2] - p.dilation[i - 2] * (weight.size(i) - 1) - 1) /
                        p.stride[i - 2] + 1);
  } else {
    check(input.size(1) == w0, "Given transposed=1, weight of size " + weight_sizes + ", expected input" +
                                   shape_str(input.sym_sizes()) + " to have " + std::to_string(w0) +
                                   " channels, but got " + input.sym_size(1).str() + " channels instead");
    check(!bias.defined() || (bias.dim() == 1 && bias.size(0) == w1 * g),
          "Given transposed=1, weight of size " + weight_sizes + ", expected bias to be 1-dimensional with " +
              std::to_string(w1 * g) + " elements, but got bias of size " + bias_sizes + " instead");
    out.push_back(w1 * g);
    for (int64_t i = 2; i < k; ++i)
      out.push_back((input.size(i) - 1) * p.stride[i - 2] - 2 * p.padding[i - 2] +
                    p.dilation[i - 2] * (weight.size(i) - 1) + p.output_padding[i - 2] + 1);
  }
  return out;
}

void check_conv_dtypes(const Tensor& input, const Tensor& weight, const Tensor& bias) {
  auto same = [&](const Tensor& t) {
    if (t.defined() && t.dtype() != input.dtype())
      fail("expected scalar type " + std::string(tensor::scalar_type_name(input.dtype())) + " but found " +
           std::string(tensor::scalar_type_name(t.dtype())));
  };
  same(weight);
  same(bias);
  if (input.dtype() == DType::Bool)
    dtype_not_implemented("slow_conv2d_cpu", DType::Bool);
}

// The image/columns geometry of a convolution whose image is `image_sizes`
// and columns side `cols_sizes` (both [N, C, (H,) W]).
ConvShape conv_shape(tensor::IntArrayRef image_sizes, tensor::IntArrayRef cols_sizes, tensor::IntArrayRef weight_sizes,
                     const ConvParams& p) {
  ConvShape s;
  const bool two_d = image_sizes.size() == 4;
  s.batch = image_sizes[0];
  s.groups = p.groups;
  s.image_c = image_sizes[1];
  s.cols_c = cols_sizes[1];
  s.image_w = image_sizes.back();
  s.cols_w = cols_sizes.back();
  s.kw = weight_sizes.back();
  s.sw = p.stride.back();
  s.pw = p.padding.back();
  s.dw = p.dilation.back();
  if (two_d) {
    s.image_h = image_sizes[2];
    s.cols_h = cols_sizes[2];
    s.kh = weight_sizes[2];
    s.sh = p.stride[0];
    s.ph = p.padding[0];
    s.dh = p.dilation[0];
  }
  return s;
}

// ---- im2col and col2im ---------------------------------------------------------------------

// dst[t] = A(pix0 + t, kidx) for t < count: the image value column pix0 + t
// reads at patch offset kidx (zero in the padding), for one image and group.
template <class T>
void patch_row(const ConvShape& s, const T* image, int64_t kidx, int64_t pix0, int64_t count, T* dst) {
  const int64_t kk = s.kh * s.kw;
  const int64_t c = kidx / kk, ki = kidx % kk / s.kw, kj = kidx % s.kw;
  const T* plane = image + c * s.image_plane();
  int64_t t = 0, pix = pix0;
  while (t < count) {
    const int64_t oh = pix / s.cols_w, ow = pix % s.cols_w;
    const int64_t seg = std::min(count - t, s.cols_w - ow);
    const int64_t ih = oh * s.sh - s.ph + ki * s.dh;
    T* d = dst + t;
    if (ih < 0 || ih >= s.image_h) {
      std::fill(d, d + seg, T(0));
    } else {
      const T* row = plane + ih * s.image_w;
      const int64_t iw0 = ow * s.sw - s.pw + kj * s.dw;
      // Columns u with 0 <= iw0 + u * sw < image_w read the row; the rest is padding.
      const int64_t hi = std::clamp<int64_t>(s.image_w - iw0 <= 0 ? 0 : (s.image_w - iw0 + s.sw - 1) / s.sw, 0, seg);
      const int64_t lo = std::min(iw0 >= 0 ? 0 : (-iw0 + s.sw - 1) / s.sw, hi);
      std::fill(d, d + lo, T(0));
      if (s.sw == 1) {
        for (int64_t u = lo; u < hi; ++u) d[u] = row[iw0 + u];
      } else {
        for (int64_t u = lo; u < hi; ++u) d[u] = row[iw0 + u * s.sw];
      }
      std::fill(d + hi, d + seg, T(0));
    }
    t += seg;
    pix += seg;
  }
}

// cols[kidx * P + pix] for one image and group.
template <class T> void im2col(const ConvShape& s, const T* image, T* cols) {
  const int64_t P = s.pixels();
  for (int64_t kidx = 0; kidx < s.patch(); ++kidx) patch_row(s, image, kidx, 0, P, cols + kidx * P);
}

// image += col2im(cols), in ATen's order: patch offsets outermost, so every
// image element sums its contributions in increasing patch offset.
template <class T> void col2im_add(const ConvShape& s, const T* cols, T* image) {
  const int64_t kk = s.kh * s.kw, P = s.pixels();
  for (int64_t kidx = 0; kidx < s.patch(); ++kidx) {
    const int64_t c = kidx / kk, ki = kidx % kk / s.kw, kj = kidx % s.kw;
    T* plane = image + c * s.image_plane();
    const T* src = cols + kidx * P;
    for (int64_t oh = 0; oh < s.cols_h; ++oh) {
      const int64_t ih = oh * s.sh - s.ph + ki * s.dh;
      if (ih < 0 || ih >= s.image_h) continue;
      T* row = plane + ih * s.image_w;
      for (int64_t ow = 0; ow < s.cols_w; ++ow) {
        const int64_t iw = ow * s.sw - s.pw + kj * s.dw;
        if (iw >= 0 && iw < s.image_w) row[iw] = static_cast<T>(row[iw] + src[oh * s.cols_w + ow]);
      }
    }
  }
}

// p[0, n) = v, through block copies (a plain fill loop does not vectorise at -O2).
template <class T> void fill_values(T* p, int64_t n, T v) {
  constexpr int64_t kBlock = 64;
  const int64_t head = std::min(n, kBlock);
  std::fill(p, p + head, v);
  for (int64_t i = head; i < n; i += kBlock) std::memcpy(p + i, p, static_cast<size_t>(std::min(kBlock, n - i)) * sizeof(T));
}

// ---- the three convolution computations ------------------------------------------------------

// One image and group of a float/double convolution: out (P x cols_cg,
// column-major, pre-filled) += im2col(image) @ weight^T, one MR-column panel
// of the output at a time against every NR-channel panel of the weight.
// Interior panels at stride 1 read the image rows in place; the others are
// packed from patch_row.
template <class T> void conv_panels(const ConvShape& s, const T* img, const T* bpack, T* out) {
  constexpr int64_t MR = kGemmMR<T>, NR = kGemmNR;
  const int64_t K = s.patch(), P = s.pixels(), cog = s.cols_cg(), kk = s.kh * s.kw;
  IntVector offsets(static_cast<size_t>(K));
  for (int64_t l = 0; l < K; ++l)
    offsets[l] = l / kk * s.image_plane() + l % kk / s.kw * s.dh * s.image_w + l % s.kw * s.dw;
  std::vector<T> panel(static_cast<size_t>(K * MR));
  for (int64_t i0 = 0; i0 < P; i0 += MR) {
    const int64_t mi = std::min(MR, P - i0), oh = i0 / s.cols_w, ow = i0 % s.cols_w;
    const int64_t ih0 = oh * s.sh - s.ph, iw0 = ow * s.sw - s.pw;
    const bool direct = mi == MR && ow + MR <= s.cols_w && s.sw == 1 && ih0 >= 0 && ih0 + (s.kh - 1) * s.dh < s.image_h &&
                        iw0 >= 0 && iw0 + (s.kw - 1) * s.dw + MR <= s.image_w;
    if (!direct) {
      const bool one_row = ow + mi <= s.cols_w;
      for (int64_t l = 0; l < K; ++l) {
        T* dst = panel.data() + l * MR;
        if (one_row) {
          // A panel inside one output row: one input row per tap, zero outside the image.
          const int64_t ih = ih0 + l % kk / s.kw * s.dh, iw = iw0 + l % s.kw * s.dw;
          const T* row = img + l / kk * s.image_plane() + ih * s.image_w;
          const bool row_ok = ih >= 0 && ih < s.image_h;
          if (row_ok && iw >= 0 && iw + (mi - 1) * s.sw < s.image_w) {
            for (int64_t u = 0; u < mi; ++u) dst[u] = row[iw + u * s.sw];
          } else {
            for (int64_t u = 0; u < mi; ++u) {
              const int64_t x = iw + u * s.sw;
              dst[u] = row_ok && x >= 0 && x < s.image_w ? row[x] : T(0);
            }
          }
        } else {
          patch_row(s, img, l, i0, mi, dst);
        }
        std::fill(dst + mi, dst + MR, T(0));
      }
    }
    for (int64_t jr = 0; jr < cog; jr += NR)
      gemm_tile<T>(mi, std::min(NR, cog - jr), out + i0 + jr * P, P, [&](T* c, int64_t ldc, int64_t nr) {
        if (direct) gemm_micro_kernel(K, img + ih0 * s.image_w + iw0, offsets.data(), bpack + jr * K, c, ldc, nr);
        else gemm_micro_kernel(K, panel.data(), bpack + jr * K, c, ldc, nr);
      });
  }
}

// cols_out[n, co] = bias[co] + sum over the patch of weight[co] * im2col(image[n]),
// summed in patch order (ATen's gemm('n', 'n') with beta 1 on a bias-filled output).
template <class T> void conv_forward(const ConvShape& s, const T* image, const T* weight, const T* bias, T* out) {
  const int64_t K = s.patch(), P = s.pixels(), cog = s.cols_cg();
  for (int64_t c = 0; c < s.batch * s.cols_c; ++c) fill_values(out + c * P, P, bias ? bias[c % s.cols_c] : T(0));
  for (int64_t g = 0; g < s.groups; ++g) {
    const T* w = weight + g * cog * K;
    std::vector<T> bpack;
    std::unique_ptr<T[]> cols;
    if constexpr (kFast<T>) {
      bpack.resize(static_cast<size_t>(K * ((cog + kGemmNR - 1) / kGemmNR * kGemmNR)));
      gemm_pack_b<T>(K, cog, MatrixView<T>{w, 1, K}, T(1), bpack.data());
    } else {
      cols.reset(new T[K * P]);
    }
    for (int64_t n = 0; n < s.batch; ++n) {
      const T* img = image + (n * s.image_c + g * s.image_cg()) * s.image_plane();
      T* acc = out + (n * s.cols_c + g * cog) * P;
      if constexpr (kFast<T>) {
        conv_panels(s, img, bpack.data(), acc);
      } else {
        im2col(s, img, cols.get());
        gemm<T>(GemmOrder::Axpy, P, cog, K, Scalar(int64_t{1}), MatrixView<T>{cols.get(), 1, P},
                MatrixView<T>{w, 1, K}, Scalar(int64_t{1}), acc, P);
      }
    }
  }
}

// image_grad = col2im(weight^T @ cols_grad) per image and group (ATen's
// gemm('n', 't') into a column buffer, then unfolded accumulation).
template <class T> void conv_backward_input(const ConvShape& s, const T* cols_grad, const T* weight, T* image_grad) {
  const int64_t K = s.patch(), P = s.pixels(), cog = s.cols_cg();
  std::fill(image_grad, image_grad + s.batch * s.image_c * s.image_plane(), T(0));
  std::unique_ptr<T[]> cols(new T[K * P]);
  for (int64_t n = 0; n < s.batch; ++n)
    for (int64_t g = 0; g < s.groups; ++g) {
      const T* go = cols_grad + (n * s.cols_c + g * cog) * P;
      gemm<T>(GemmOrder::Axpy, P, K, cog, Scalar(int64_t{1}), MatrixView<T>{go, 1, P},
              MatrixView<T>{weight + g * cog * K, K, 1}, Scalar(int64_t{0}), cols.get(), P);
      col2im_add(s, cols.get(), image_grad + (n * s.image_c + g * s.image_cg()) * s.image_plane());
    }
}

// weight_grad[co, kidx] = sum over images, in order, of the dot product of
// cols_grad[n, co] with im2col(image[n])[kidx] (ATen's gemm('t', 'n') with beta 1).
template <class T> void conv_backward_weight(const ConvShape& s, const T* cols_grad, const T* image, T* weight_grad) {
  const int64_t K = s.patch(), P = s.pixels(), cog = s.cols_cg();
  std::fill(weight_grad, weight_grad + s.cols_c * K, T(0));
  std::unique_ptr<T[]> cols(new T[K * P]);
  for (int64_t g = 0; g < s.groups; ++g)
    for (int64_t n = 0; n < s.batch; ++n) {
      im2col(s, image + (n * s.image_c + g * s.image_cg()) * s.image_plane(), cols.get());
      const T* go = cols_grad + (n * s.cols_c + g * cog) * P;
      gemm<T>(GemmOrder::Dot, K, cog, P, Scalar(int64_t{1}), MatrixView<T>{cols.get(), P, 1},
              MatrixView<T>{go, 1, P}, Scalar(int64_t{1}), weight_grad + g * cog * K, K);
    }
}

// ---- convolution ------------------------------------------------------------------------------

// [-1, 1, ...]: a per-channel vector shaped to broadcast against `t`'s [C, spatial...] dims.
SymIntVector channel_shape(const Tensor& t) {
  SymIntVector shape(static_cast<size_t>(t.dim() - 1), 1);
  shape[0] = -1;
  return shape;
}

struct ConvCall {
  Tensor input, weight, bias;
  ConvParams params;
};
ConvCall conv_call(const OpArgs& a, size_t first) {
  ConvCall c{a.tensor(first), a.tensor(first + 1), a.optional_tensor(first + 2), {}};
  c.params = conv_params(a, first + 3, c.weight.dim() - 2);
  return c;
}

void check_spatial_rank(const Tensor& weight) {
  if (weight.dim() > 4)
    lang::raise(lang::exc::NotImplementedError, "refc: convolution supports 1-d and 2-d inputs, got weight of size " +
                                                    shape_str(weight.sym_sizes()));
}

std::vector<TensorSpec> convolution_meta(const OpArgs& a) {
  ConvCall c = conv_call(a, 0);
  SymIntVector sizes = conv_output_sizes(c.input, c.weight, c.bias, c.params);
  check_conv_dtypes(c.input, c.weight, c.bias);
  check_spatial_rank(c.weight);
  return {contiguous_spec(std::move(sizes), c.input.dtype(), c.input)};
}

void convolution_kernel(const OpArgs& a, std::span<const Tensor> out) {
  ConvCall c = conv_call(a, 0);
  Tensor input = contiguous(c.input), weight = contiguous(c.weight);
  Tensor bias = c.bias.defined() ? contiguous(c.bias) : Tensor();
  tensor::visit_dtype(input.dtype(), [&]<class T>() {
    if (!c.params.transposed) {
      ConvShape s = conv_shape(input.sizes(), out[0].sizes(), weight.sizes(), c.params);
      conv_forward<T>(s, input.data<T>(), weight.data<T>(), bias.defined() ? bias.data<T>() : nullptr, out[0].data<T>());
      return;
    }
    // A transposed convolution is the input gradient of the convolution from its output back to its input.
    ConvShape s = conv_shape(out[0].sizes(), input.sizes(), weight.sizes(), c.params);
    conv_backward_input<T>(s, input.data<T>(), weight.data<T>(), out[0].data<T>());
  });
  // ATen adds a transposed convolution's bias after the col2im.
  if (c.params.transposed && bias.defined()) call("add_.Tensor", out[0], call_tensor("reshape", bias, channel_shape(out[0])));
}

// convolution_backward(grad_output, input, weight, bias_sizes, stride, padding,
// dilation, transposed, output_padding, groups, output_mask)
std::vector<TensorSpec> convolution_backward_meta(const OpArgs& a) {
  Tensor grad = a.tensor(0), input = a.tensor(1), weight = a.tensor(2);
  std::vector<TensorSpec> specs{contiguous_spec({input.sym_sizes().begin(), input.sym_sizes().end()}, input.dtype(), input),
                                contiguous_spec({weight.sym_sizes().begin(), weight.sym_sizes().end()}, weight.dtype(), weight),
                                contiguous_spec(a.is_none(3) ? SymIntVector{weight.sym_size(0)} : a.sym_int_list(3),
                                                grad.dtype(), grad)};
  return specs;
}

Tensor new_output(const TensorSpec& s, bool with_data) {
  if (with_data) return Tensor::empty_strided(s.sizes, s.strides, s.dtype, s.device);
  Tensor meta = Tensor::empty_strided(s.sizes, s.strides, s.dtype, tensor::Device{tensor::DeviceType::Meta});
  return Tensor::alias(tensor::tensor_type(), tensor::new_storage(meta->storage->nbytes, s.device, false), s.sizes,
                       s.strides, 0, s.dtype);
}

Value convolution_backward_run(const OpArgs& a) {
  Tensor grad = contiguous(a.tensor(0)), input = contiguous(a.tensor(1)), weight = contiguous(a.tensor(2));
  ConvParams p = conv_params(a, 4, weight.dim() - 2);
  std::vector<bool> mask;
  for (const Value& v : a[10].as<lang::Tuple>()->items) mask.push_back(v.as_bool());
  std::vector<TensorSpec> specs = convolution_backward_meta(a);
  const bool with_data = grad.has_data() && input.has_data() && weight.has_data();
  std::vector<Value> outs(3, Value::none());
  Tensor gi, gw;
  if (mask[0]) gi = new_output(specs[0], with_data);
  if (mask[1]) gw = new_output(specs[1], with_data);
  if (with_data && (mask[0] || mask[1])) {
    tensor::visit_dtype(grad.dtype(), [&]<class T>() {
      if (!p.transposed) {
        ConvShape s = conv_shape(input.sizes(), grad.sizes(), weight.sizes(), p);
        if (mask[0]) conv_backward_input<T>(s, grad.data<T>(), weight.data<T>(), gi.data<T>());
        if (mask[1]) conv_backward_weight<T>(s, grad.data<T>(), input.data<T>(), gw.data<T>());
      } else {
        // The transposed convolution maps back to a plain one from grad's space to input's.
        ConvShape s = conv_shape(grad.sizes(), input.sizes(), weight.sizes(), p);
        if (mask[0]) conv_forward<T>(s, grad.data<T>(), weight.data<T>(), nullptr, gi.data<T>());
        if (mask[1]) conv_backward_weight<T>(s, input.data<T>(), grad.data<T>(), gw.data<T>());
      }
    });
  }
  if (gi.defined()) outs[0] = gi.to_value();
  if (gw.defined()) outs[1] = gw.to_value();
  if (mask[2]) {
    IntVector dims{0};
    for (int64_t d = 2; d < grad.dim(); ++d) dims.push_back(d);
    outs[2] = call("sum.dim_IntList", grad, dims);
  }
  return Value(lang::make_tuple(std::move(outs)));
}

// conv{1,2}d: unbatched inputs gain a batch dim, bias must match the input's dtype.
struct Batchified {
  Tensor input;
  bool batched;
};
Batchified batchify(const Tensor& input, const Tensor& bias, int64_t spatial, const char* name) {
  if (bias.defined() && bias.dtype() != input.dtype())
    fail("Input type (" + std::string(typemeta_name(input.dtype())) + ") and bias type (" +
         std::string(typemeta_name(bias.dtype())) + ") should be the same");
  const bool batched = input.dim() == spatial + 2;
  check(input.dim() == spatial + 1 || batched,
        "Expected " + std::to_string(spatial + 1) + "D (unbatched) or " + std::to_string(spatial + 2) +
            "D (batched) input to " + name + ", but got input of size: " + shape_str(input.sym_sizes()));
  return {batched ? input : call_tensor("unsqueeze", input, 0), batched};
}
Value unbatchify(const Tensor& out, bool batched) {
  return batched ? out.to_value() : call("squeeze.dim", out, 0);
}

template <int64_t kSpatial> Value conv_nd_run(const OpArgs& a) {
  Tensor bias = a.optional_tensor(2);
  Batchified b = batchify(a.tensor(0), bias, kSpatial, kSpatial == 1 ? "conv1d" : "conv2d");
  Tensor out = call_tensor("convolution", b.input, a.tensor(1), bias, a[3], a[4], a[5], false,
                           IntVector(kSpatial, 0), a[6]);
  return unbatchify(out, b.batched);
}

// ATen's _convolution_mode: 'valid' is no padding; 'same' pads symmetrically,
// through an explicit constant pad when the total padding is odd.
template <int64_t kSpatial> Value conv_nd_padding_run(const OpArgs& a) {
  Tensor bias = a.optional_tensor(2), weight = a.tensor(1);
  Batchified b = batchify(a.tensor(0), bias, kSpatial, kSpatial == 1 ? "conv1d" : "conv2d");
  std::string_view mode = a.str(4);
  IntVector stride = expand_param(a.int_list(3), "stride", kSpatial);
  IntVector dilation = expand_param(a.int_list(5), "dilation", kSpatial);
  IntVector pad_l(kSpatial, 0);
  Tensor input = b.input;
  if (mode == "same") {
    for (int64_t s : stride) check(s == 1, "padding='same' is not supported for strided convolutions");
    IntVector pad_nd(2 * kSpatial, 0);
    for (int64_t i = 0; i < kSpatial; ++i) {
      const int64_t total = dilation[i] * (weight.size(i + 2) - 1), left = total / 2, right = total - left;
      pad_l[i] = left;
      if (right != left) {
        pad_nd[2 * (kSpatial - 1 - i) + 1] = right - left; // F.pad order: last dim first
      }
    }
    if (std::any_of(pad_nd.begin(), pad_nd.end(), [](int64_t v) { return v != 0; }))
      input = call_tensor("constant_pad_nd", input, pad_nd, int64_t{0});
  } else if (mode != "valid") {
    fail("Invalid padding string: '" + std::string(mode) + "'");
  }
  Tensor out = call_tensor("convolution", input, weight, bias, stride, pad_l, dilation, false, IntVector(kSpatial, 0), a[6]);
  return unbatchify(out, b.batched);
}

// conv_transpose{1,2}d(input, weight, bias, stride, padding, output_padding, groups, dilation)
template <int64_t kSpatial> Value conv_transpose_nd_run(const OpArgs& a) {
  Tensor bias = a.optional_tensor(2);
  Batchified b = batchify(a.tensor(0), bias, kSpatial, kSpatial == 1 ? "conv_transpose1d" : "conv_transpose2d");
  Tensor out = call_tensor("convolution", b.input, a.tensor(1), bias, a[3], a[4], a[7], true, a[5], a[6]);
  return unbatchify(out, b.batched);
}

// ---- convolution derivatives ------------------------------------------------------------------

Value mask_value(bool a, bool b, bool c) {
  return Value(lang::make_tuple({Value::boolean(a), Value::boolean(b), Value::boolean(c)}));
}

Grads convolution_backward_formula(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  // Only a bias that needs a gradient matters here; its sizes come from the saved metadata.
  const bool bias_grad = c.needs_grad_of_arg(2);
  Value bias_sizes = bias_grad ? to_arg(c.spec_of_arg(2).sizes) : Value::none();
  Value r = call("convolution_backward", g[0], c.tensor(0), c.tensor(1), bias_sizes, a[3], a[4], a[5], a[6], a[7], a[8],
                 mask_value(c.needs_grad_of_arg(0), c.needs_grad_of_arg(1), bias_grad));
  return unpack_tensors(r);
}

// convolution_backward is linear in grad_output and bilinear in (input,
// weight) through the forward map F: so with upstream grads ggI, ggW, ggb,
// grad_output gets F(ggI, W, ggb) + F(I, ggW); weight gets the weight
// gradient of F(ggI, .) against grad_output; input the input gradient of F(., ggW).
Grads convolution_double_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  Tensor go = c.tensor(0), input = c.tensor(1), weight = c.tensor(2);
  const Tensor ggi = g[0], ggw = g[1], ggb = g.size() > 2 ? g[2] : Tensor();
  auto forward = [&](const Tensor& x, const Tensor& w, const Tensor& b) {
    return call_tensor("convolution", x, w, b, a[4], a[5], a[6], a[7], a[8], a[9]);
  };
  auto backward = [&](const Tensor& x, const Tensor& w, bool want_input) {
    Value r = call("convolution_backward", go, x, w, Value::none(), a[4], a[5], a[6], a[7], a[8], a[9],
                   mask_value(want_input, !want_input, false));
    return unpack_tensors(r)[want_input ? 0 : 1];
  };
  Grads out(3);
  if (c.needs_grad_of_arg(0)) {
    Tensor acc;
    if (ggi.defined()) acc = forward(ggi, weight, ggb);
    if (ggw.defined()) {
      Tensor t = forward(input, ggw, Tensor());
      acc = acc.defined() ? call_tensor("add.Tensor", acc, t) : t;
    }
    if (!acc.defined() && ggb.defined())
      acc = call_tensor("expand", call_tensor("reshape", ggb, channel_shape(go)), go.sym_sizes());
    out[0] = acc;
  }
  if (c.needs_grad_of_arg(1) && ggw.defined()) out[1] = backward(input, ggw, true);
  if (c.needs_grad_of_arg(2) && ggi.defined()) out[2] = backward(ggi, weight, false);
  return out;
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
    const T* in = self.data<T>();
    T* o = out[0].data<T>();
    for (int64_t c = 0; c < num_planes(self); ++c) {
      const T* x = in + c * p.ih * p.iw;
      for (int64_t oh = 0; oh < p.oh; ++oh)
        for (int64_t ow = 0; ow < p.ow; ++ow) {
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
          const int64_t i = (c * p.oh + oh) * p.ow + ow;
          o[i] = static_cast<T>(best);
          ind[i] = best_i;
        }
    }
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

Value max_pool1d_with_indices_run(const OpArgs& a) {
  Tensor self = a.tensor(0);
  check(self.dim() == 2 || self.dim() == 3, "max_pool1d() Expected 2D or 3D input tensor, but got " +
                                                shape_str(self.sym_sizes()));
  auto widen = [&](size_t i, int64_t fill) {
    IntVector v = a.int_list(i);
    if (v.empty()) return v;
    v.insert(v.begin(), fill);
    return v;
  };
  Value r = call("max_pool2d_with_indices", call_tensor("unsqueeze", self, -2), widen(1, 1), widen(2, 1), widen(3, 0),
                 widen(4, 1), a[5]);
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
    const T* in = self.data<T>();
    T* o = out[0].data<T>();
    for (int64_t c = 0; c < num_planes(self); ++c) {
      const T* x = in + c * p.ih * p.iw;
      for (int64_t oh = 0; oh < p.oh; ++oh)
        for (int64_t ow = 0; ow < p.ow; ++ow) {
          AvgWindow w = avg_window(r, oh, ow);
          T& dst = o[(c * p.oh + oh) * p.ow + ow];
          if (w.h0 >= w.h1 || w.w0 >= w.w1) {
            dst = T(0);
            continue;
          }
          A sum = 0;
          for (int64_t h = w.h0; h < w.h1; ++h)
            for (int64_t v = w.w0; v < w.w1; ++v) sum = static_cast<A>(sum + static_cast<A>(x[h * p.iw + v]));
          dst = static_cast<T>(sum / static_cast<A>(w.divide));
        }
    }
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
    for (int64_t c = 0; c < num_planes(out[0]); ++c) {
      T* x = gi + c * p.ih * p.iw;
      for (int64_t oh = 0; oh < p.oh; ++oh)
        for (int64_t ow = 0; ow < p.ow; ++ow) {
          AvgWindow w = avg_window(r, oh, ow);
          const T delta = static_cast<T>(go[(c * p.oh + oh) * p.ow + ow] / static_cast<Acc<T>>(w.divide));
          for (int64_t h = w.h0; h < w.h1; ++h)
            for (int64_t v = w.w0; v < w.w1; ++v) x[h * p.iw + v] = static_cast<T>(x[h * p.iw + v] + delta);
        }
    }
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
  Tensor self = a.tensor(0);
  check(self.dim() == 2 || self.dim() == 3, "avg_pool1d() Expected 2D or 3D input tensor, but got " +
                                                shape_str(self.sym_sizes()));
  auto widen = [&](size_t i, int64_t fill) {
    IntVector v = a.int_list(i);
    if (v.empty()) return v;
    v.insert(v.begin(), fill);
    return v;
  };
  Tensor out = call_tensor("avg_pool2d", call_tensor("unsqueeze", self, -2), widen(1, 1), widen(2, 1), widen(3, 0),
                           a[4], a[5]);
  return call("squeeze.dim", out, -2);
}

// ---- adaptive pooling ----------------------------------------------------------------------------

int64_t start_index(int64_t o, int64_t out, int64_t in) { return (o * in) / out; }
int64_t end_index(int64_t o, int64_t out, int64_t in) { return ((o + 1) * in + out - 1) / out; }

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

std::vector<TensorSpec> adaptive_avg_pool2d_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  IntVector size = adaptive_output_size(a, "adaptive_avg_pool2d");
  check_adaptive_input(self, "adaptive_avg_pool2d");
  check_pool_dtype(self.dtype(), "adaptive_avg_pool2d", false);
  return {contiguous_spec(pooled_sizes(self, size[0], size[1]), self.dtype(), self)};
}

// ATen's cpu_adaptive_avg_pool: sum / kh / kw.
void adaptive_avg_pool2d_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = contiguous(a.tensor(0));
  const int64_t ih = size_from_end(self, 2), iw = size_from_end(self, 1), oh = size_from_end(out[0], 2), ow = size_from_end(out[0], 1);
  tensor::visit_dtype(self.dtype(), [&]<class T>() {
    using A = Acc<T>;
    const T* in = self.data<T>();
    T* o = out[0].data<T>();
    for (int64_t c = 0; c < num_planes(self); ++c) {
      const T* x = in + c * ih * iw;
      for (int64_t i = 0; i < oh; ++i) {
        const int64_t h0 = start_index(i, oh, ih), h1 = end_index(i, oh, ih);
        for (int64_t j = 0; j < ow; ++j) {
          const int64_t w0 = start_index(j, ow, iw), w1 = end_index(j, ow, iw);
          A sum = 0;
          for (int64_t h = h0; h < h1; ++h)
            for (int64_t w = w0; w < w1; ++w) sum = static_cast<A>(sum + static_cast<A>(x[h * iw + w]));
          o[(c * oh + i) * ow + j] = static_cast<T>(sum / static_cast<A>(h1 - h0) / static_cast<A>(w1 - w0));
        }
      }
    }
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
    for (int64_t c = 0; c < num_planes(out[0]); ++c) {
      T* x = gi + c * ih * iw;
      for (int64_t i = 0; i < oh; ++i) {
        const int64_t h0 = start_index(i, oh, ih), h1 = end_index(i, oh, ih);
        for (int64_t j = 0; j < ow; ++j) {
          const int64_t w0 = start_index(j, ow, iw), w1 = end_index(j, ow, iw);
          const T delta = static_cast<T>(static_cast<A>(go[(c * oh + i) * ow + j]) / static_cast<A>(h1 - h0) /
                                         static_cast<A>(w1 - w0));
          for (int64_t h = h0; h < h1; ++h)
            for (int64_t w = w0; w < w1; ++w) x[h * iw + w] = static_cast<T>(x[h * iw + w] + delta);
        }
      }
    }
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
  IntVector size = adaptive_output_size(a, "adaptive_max_pool2d");
  check_adaptive_input(self, "adaptive_max_pool2d");
  check_pool_dtype(self.dtype(), "adaptive_max_pool2d", false);
  SymIntVector sizes = pooled_sizes(self, size[0], size[1]);
  return {contiguous_spec(sizes, self.dtype(), self), contiguous_spec(sizes, DType::Int64, self)};
}

void adaptive_max_pool2d_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = contiguous(a.tensor(0));
  const int64_t ih = size_from_end(self, 2), iw = size_from_end(self, 1), oh = size_from_end(out[0], 2), ow = size_from_end(out[0], 1);
  int64_t* ind = out[1].data<int64_t>();
  tensor::visit_dtype(self.dtype(), [&]<class T>() {
    using A = Acc<T>;
    const T* in = self.data<T>();
    T* o = out[0].data<T>();
    for (int64_t c = 0; c < num_planes(self); ++c) {
      const T* x = in + c * ih * iw;
      for (int64_t i = 0; i < oh; ++i) {
        const int64_t h0 = start_index(i, oh, ih), h1 = end_index(i, oh, ih);
        for (int64_t j = 0; j < ow; ++j) {
          const int64_t w0 = start_index(j, ow, iw), w1 = end_index(j, ow, iw);
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
          o[(c * oh + i) * ow + j] = static_cast<T>(best);
          ind[(c * oh + i) * ow + j] = best_i;
        }
      }
    }
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

void register_conv_ops(OpRegistry& r) {
  r.def("convolution(Tensor input, Tensor weight, Tensor? bias, SymInt[] stride, SymInt[] padding, SymInt[] dilation, "
        "bool transposed, SymInt[] output_padding, SymInt groups) -> Tensor")
      .structured(convolution_meta, convolution_kernel)
      .derivative("ConvolutionBackward0", convolution_backward_formula).saves({"input", "weight"});
  r.def("convolution_backward(Tensor grad_output, Tensor input, Tensor weight, SymInt[]? bias_sizes, SymInt[] stride, "
        "SymInt[] padding, SymInt[] dilation, bool transposed, SymInt[] output_padding, SymInt groups, "
        "bool[3] output_mask) -> (Tensor, Tensor, Tensor)")
      .custom(convolution_backward_run, convolution_backward_meta)
      .derivative("ConvolutionBackwardBackward0", convolution_double_backward)
      .saves({"grad_output", "input", "weight"});
  r.def("conv1d(Tensor input, Tensor weight, Tensor? bias=None, SymInt[1] stride=1, SymInt[1] padding=0, "
        "SymInt[1] dilation=1, SymInt groups=1) -> Tensor").composite(conv_nd_run<1>);
  r.def("conv2d(Tensor input, Tensor weight, Tensor? bias=None, SymInt[2] stride=1, SymInt[2] padding=0, "
        "SymInt[2] dilation=1, SymInt groups=1) -> Tensor").composite(conv_nd_run<2>);
  r.def("conv1d.padding(Tensor input, Tensor weight, Tensor? bias=None, SymInt[1] stride=1, str padding=\"valid\", "
        "SymInt[1] dilation=1, SymInt groups=1) -> Tensor").composite(conv_nd_padding_run<1>);
  r.def("conv2d.padding(Tensor input, Tensor weight, Tensor? bias=None, SymInt[2] stride=1, str padding=\"valid\", "
        "SymInt[2] dilation=1, SymInt groups=1) -> Tensor").composite(conv_nd_padding_run<2>);
  r.def("conv_transpose1d(Tensor input, Tensor weight, Tensor? bias=None, SymInt[1] stride=1, SymInt[1] padding=0, "
        "SymInt[1] output_padding=0, SymInt groups=1, SymInt[1] dilation=1) -> Tensor")
      .composite(conv_transpose_nd_run<1>);
  r.def("conv_transpose2d.input(Tensor input, Tensor weight, Tensor? bias=None, SymInt[2] stride=1, "
        "SymInt[2] padding=0, SymInt[2] output_padding=0, SymInt groups=1, SymInt[2] dilation=1) -> Tensor")
      .composite(conv_transpose_nd_run<2>);

  const std::string pool2d = kPool2dArgs;
  r.def("max_pool2d_with_indices(Tensor self, " + pool2d + ", int[2] dilation=1, bool ceil_mode=False) -> (Tensor, Tensor)")
      .hidden().structured(max_pool2d_with_indices_meta, max_pool2d_with_indices_kernel)
      .derivative("MaxPool2DWithIndicesBackward0", max_pool2d_backward).saves({"self"}).saves_result();
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
      .derivative("AdaptiveMaxPool2DBackward0", adaptive_max_pool2d_backward).saves({"self"}).saves_result();
  r.def("adaptive_max_pool2d_backward(Tensor grad_output, Tensor self, Tensor indices) -> Tensor")
      .hidden().structured(like_self_meta, adaptive_max_pool2d_backward_kernel)
      .derivative("AdaptiveMaxPool2DBackwardBackward0", adaptive_max_pool2d_double_backward).saves({"indices"});
}

} // namespace refc::ops
