// Convolution: convolution (1-d and 2-d, strided, padded, dilated, grouped,
// transposed) with convolution_backward and its derivatives, and the
// conv1d/conv2d and conv_transpose front ends (including padding='same' and
// 'valid'). Pooling is pooling_ops.cpp.
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
#include <memory>
#include <vector>

namespace refc::ops {

namespace {

std::string list_str(const IntVector& v) { return shape_str(v); }

template <class T> constexpr bool kFast = std::is_same_v<T, float> || std::is_same_v<T, double>;

Tensor contiguous(const Tensor& t) { return call_tensor("contiguous", t); }

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
}

} // namespace refc::ops
