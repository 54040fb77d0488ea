// Binary pointwise ops with broadcasting and type promotion: arithmetic (add,
// sub, rsub with alpha; mul; div with rounding modes; floor_divide,
// remainder, fmod, pow), maximum/minimum/fmax/fmin, atan2, hypot, copysign,
// xlogy, the comparisons, and the logical and bitwise ops. Each op is one
// functor over the compute type; run_binary converts the operands and picks
// the loop, and the transcendental ones (pow, atan2, hypot) run through
// float_pointwise so their float results match PyTorch's SLEEF-based kernels.
// Ops PyTorch also declares with a Scalar operand (remainder.Scalar,
// pow.Tensor_Scalar, ...) share the Tensor overload's kernel: the Scalar
// arrives as a wrapped number. Tensor overloads are declared first, so a 0-d
// tensor binds to them as it does in PyTorch.
#include "reference_compiler/ops/binary_kernels.h"

#include "reference_compiler/ops/op_family.h"
#include "reference_compiler/ops/unary_kernels.h"

#include <climits>
#include <cmath>

namespace refc::ops {

namespace {

// Integer arithmetic wraps around in two's complement, as PyTorch's does;
// computed unsigned so that overflow is defined behaviour. Other types (the
// floating ones) compute as they are.
template <class T> constexpr bool kWraps = std::is_integral_v<T> && !std::is_same_v<T, bool>;
template <class T> T wrapping_add(T x, T y) {
  if constexpr (kWraps<T>) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(static_cast<U>(x) + static_cast<U>(y)));
  } else {
    return static_cast<T>(x + y);
  }
}
template <class T> T wrapping_sub(T x, T y) {
  if constexpr (kWraps<T>) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(static_cast<U>(x) - static_cast<U>(y)));
  } else {
    return static_cast<T>(x - y);
  }
}
template <class T> T wrapping_mul(T x, T y) {
  if constexpr (kWraps<T>) {
    using U = std::make_unsigned_t<T>;
    // uint16_t promotes to int, whose product may overflow: multiply in uint64_t.
    return static_cast<T>(static_cast<U>(static_cast<uint64_t>(static_cast<U>(x)) * static_cast<U>(y)));
  } else {
    return static_cast<T>(x * y);
  }
}

std::vector<TensorSpec> binary_meta(const OpArgs& a) { return {elementwise_spec(a, {0, 1}, Promotion::Default)}; }
std::vector<TensorSpec> true_div_meta(const OpArgs& a) {
  if (a.size() > 2 && !a.is_none(2)) return binary_meta(a); // rounding modes keep the promoted type
  return {elementwise_spec(a, {0, 1}, Promotion::IntToFloat)};
}

void check_alpha(const Tensor& out, const Scalar& alpha) {
  if (out.dtype() == DType::Bool) {
    check(alpha.is_bool() || alpha.to_double() == 0 || alpha.to_double() == 1,
          "Boolean alpha only supported for Boolean results.");
  } else if (!tensor::is_floating(out.dtype())) {
    check(alpha.is_integral(), "For integral input tensors, argument alpha must not be a floating point number.");
  }
}

// float32/float64 x + y and x * y on operands of the output's dtype: the
// vectorised vec_math forms (exact, so the same in every element).
bool exact_float_binary(const OpArgs& a, const Tensor& out, VecFn2 fn) {
  DType t = out.dtype();
  if ((t != DType::Float32 && t != DType::Float64) || a.is_number(0) || a.is_number(1) ||
      a.tensor(0).dtype() != t || a.tensor(1).dtype() != t)
    return false;
  float_pointwise<2>(
      out, {a.tensor(0), a.tensor(1)}, VecLoop::All, [fn](auto* o, auto in, int64_t n) { vec_math(fn, o, in[0], in[1], n); },
      [fn](auto x, auto y) { return libm_math(fn, x, y); });
  return true;
}

template <bool kSubtract> void add_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Scalar alpha = a.scalar(2);
  check_alpha(out[0], alpha);
  if (kSubtract && out[0].dtype() == DType::Bool)
    fail("Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or "
         "`logical_xor()` operator instead.");
  if (alpha.to_double() == 1) {
    if (!kSubtract && exact_float_binary(a, out[0], VecFn2::Add)) return;
    run_binary(a, out[0], []<class T>() {
      return [](T x, T y) {
        if constexpr (kSubtract) return wrapping_sub(x, y);
        else if constexpr (std::is_same_v<T, bool>) return static_cast<T>(x || y);
        else return wrapping_add(x, y);
      };
    });
    return;
  }
  // Floats: x + alpha y in one FMA (alpha negated to subtract), as ATen's add
  // kernel computes it (vec::fmadd).
  run_binary(a, out[0], [&]<class T>() {
    T alpha_t = alpha.to<T>();
    return [alpha_t](T x, T y) {
      if constexpr (std::is_same_v<T, bool>) {
        return static_cast<T>(x || (alpha_t && y));
      } else if constexpr (std::is_integral_v<T>) {
        return kSubtract ? wrapping_sub(x, wrapping_mul(alpha_t, y)) : wrapping_add(x, wrapping_mul(alpha_t, y));
      } else {
        OpMath<T> al = alpha_t;
        return static_cast<T>(std::fma(kSubtract ? -al : al, static_cast<OpMath<T>>(y), static_cast<OpMath<T>>(x)));
      }
    };
  });
}

void mul_kernel(const OpArgs& a, std::span<const Tensor> out) {
  if (exact_float_binary(a, out[0], VecFn2::Mul)) return;
  run_binary(a, out[0], []<class T>() {
    return [](T x, T y) {
      if constexpr (std::is_same_v<T, bool>) return static_cast<T>(x && y);
      else return wrapping_mul(x, y);
    };
  });
}

// Python-style floor division for integers.
template <class T> T floor_div_int(T x, T y) {
  T q = static_cast<T>(x / y);
  if ((x % y != 0) && ((x < 0) != (y < 0))) --q;
  return q;
}

// PyTorch's div_floor_floating: the floor of the exact quotient, via fmod.
template <class F> F floor_div_float(F fx, F fy) {
  if (fy == 0) return fx / fy;
  F mod = std::fmod(fx, fy);
  F div = (fx - mod) / fy;
  if (mod != 0 && ((fy < 0) != (mod < 0))) div -= 1;
  if (div == 0) return std::copysign(F(0), fx / fy);
  F floordiv = std::floor(div);
  if (div - floordiv > F(0.5)) floordiv += 1;
  return floordiv;
}

// Integer division and modulo by zero raise, as in PyTorch.
void check_nonzero_divisor(const Tensor& divisor) {
  Tensor d = to_dtype(divisor, DType::Int64);
  bool zero = false;
  for_each_row(plan_loop(d, std::span<const Tensor>{}), [&](char** p, const int64_t* s, int64_t n) {
    for (int64_t i = 0; i < n; ++i) zero |= *reinterpret_cast<int64_t*>(p[0] + i * s[0]) == 0;
  });
  if (zero) fail("ZeroDivisionError");
}

void div_kernel(const OpArgs& a, std::span<const Tensor> out) {
  std::string_view mode = a.size() > 2 && !a.is_none(2) ? a.str(2) : std::string_view();
  if (!mode.empty() && mode != "trunc" && mode != "floor")
    fail("div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '" + std::string(mode) + "'");
  if (tensor::is_integral(out[0].dtype())) check_nonzero_divisor(a.tensor(1));
  bool floor = mode == "floor", trunc = mode == "trunc";
  run_binary(a, out[0], [&]<class T>() {
    return [floor, trunc](T x, T y) -> T {
      if constexpr (std::is_same_v<T, bool>) {
        return static_cast<T>(x && y);
      } else if constexpr (std::is_integral_v<T>) {
        if (floor) return floor_div_int<T>(x, y);
        return static_cast<T>(x / y);
      } else {
        using F = std::conditional_t<std::is_same_v<T, double>, double, float>;
        F fx = static_cast<F>(x), fy = static_cast<F>(y);
        if (trunc) return static_cast<T>(std::trunc(fx / fy));
        if (floor) return static_cast<T>(floor_div_float(fx, fy));
        return static_cast<T>(fx / fy);
      }
    };
  }, mode.empty() ? Promotion::IntToFloat : Promotion::Default);
}

// rsub(self, other, alpha) = other - alpha * self: sub with the operands swapped.
void check_sub_operands(const OpArgs& a) {
  bool self_bool = !a.is_number(0) && a.tensor(0).dtype() == DType::Bool;
  bool other_bool = a.is_number(1) ? a[1].is_bool() : a.tensor(1).dtype() == DType::Bool;
  if (self_bool && other_bool)
    lang::raise(lang::exc::NotImplementedError,
                "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or "
                "`logical_xor()` operator instead.");
  if (self_bool || other_bool)
    lang::raise(lang::exc::NotImplementedError,
                "Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to invert "
                "a mask, use the `~` or `logical_not()` operator instead.");
}
void rsub_kernel(const OpArgs& a, std::span<const Tensor> out) {
  check_sub_operands(a);
  const Value swapped[] = {a[1], a[0], a[2]};
  add_kernel<true>(OpArgs(op("sub.Tensor").schema, swapped), out);
}

// floor_divide = div(rounding_mode='floor').
std::vector<TensorSpec> floor_divide_meta(const OpArgs& a) {
  std::vector<TensorSpec> spec = binary_meta(a);
  if (spec[0].dtype == DType::Bool) dtype_not_implemented("div_floor_cpu", DType::Bool);
  return spec;
}
void floor_divide_kernel(const OpArgs& a, std::span<const Tensor> out) {
  const Value with_mode[] = {a[0], a[1], lang::str_value("floor")};
  div_kernel(OpArgs(op("div.Tensor_mode").schema, with_mode), out);
}

// A binary op that computes in the promoted type and refuses bool (remainder, fmod, ...).
template <const char* kKernel> std::vector<TensorSpec> no_bool_meta(const OpArgs& a) {
  std::vector<TensorSpec> spec = binary_meta(a);
  if (spec[0].dtype == DType::Bool) dtype_not_implemented(kKernel, DType::Bool);
  return spec;
}
constexpr char kRemainder[] = "remainder_cpu", kFmod[] = "fmod_cpu", kPow[] = "pow";

// remainder: Python's modulo (the result takes the divisor's sign).
void remainder_kernel(const OpArgs& a, std::span<const Tensor> out) {
  if (tensor::is_integral(out[0].dtype())) check_nonzero_divisor(a.tensor(1));
  run_binary(a, out[0], []<class T>() {
    return [](T x, T y) -> T {
      if constexpr (std::is_same_v<T, bool>) {
        return x;
      } else if constexpr (std::is_integral_v<T>) {
        T r = static_cast<T>(x % y);
        if (r != 0 && ((r < 0) != (y < 0))) r = static_cast<T>(r + y);
        return r;
      } else {
        OpMath<T> fx = x, fy = y;
        OpMath<T> mod = std::fmod(fx, fy);
        if (mod != 0 && ((fy < 0) != (mod < 0))) mod += fy;
        return static_cast<T>(mod);
      }
    };
  });
}
// fmod: C's remainder (the result takes the dividend's sign).
void fmod_kernel(const OpArgs& a, std::span<const Tensor> out) {
  if (tensor::is_integral(out[0].dtype())) check_nonzero_divisor(a.tensor(1));
  run_binary(a, out[0], []<class T>() {
    return [](T x, T y) -> T {
      if constexpr (std::is_same_v<T, bool>) return x;
      else if constexpr (std::is_integral_v<T>) return static_cast<T>(x % y);
      else return static_cast<T>(std::fmod(static_cast<OpMath<T>>(x), static_cast<OpMath<T>>(y)));
    };
  });
}

// A float op that is one binary vec_math function, run on the promoted operands.
void float_binary(const OpArgs& a, const Tensor& out, VecFn2 fn) {
  DType t = out.dtype();
  float_pointwise<2>(
      out, {to_dtype(a.tensor(0), t), to_dtype(a.tensor(1), t)}, VecLoop::Blocks,
      [fn](auto* o, auto in, int64_t n) { vec_math(fn, o, in[0], in[1], n); },
      [fn](auto x, auto y) { return libm_math(fn, x, y); });
}

// Integer power by squaring; negative exponents give 0 except for bases 1 and -1.
template <class T> T int_pow(T base, T exp) {
  if constexpr (std::is_signed_v<T>) {
    if (exp < 0) {
      if (base == 1) return 1;
      if (base == -1) return (-exp) % 2 ? T(-1) : T(1);
      return 0;
    }
  }
  T result = 1;
  while (exp) {
    if (exp & 1) result = wrapping_mul(result, base);
    exp = static_cast<T>(exp / 2);
    base = wrapping_mul(base, base);
  }
  return result;
}

void pow_kernel(const OpArgs& a, std::span<const Tensor> out) {
  if (tensor::is_floating(out[0].dtype())) return float_binary(a, out[0], VecFn2::Pow);
  run_binary(a, out[0], []<class T>() {
    return [](T x, T y) -> T {
      if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) return int_pow(x, y);
      else return x; // floats took float_binary; bool was refused
    };
  });
}
// pow(Tensor, Scalar): x^0 = 1 and x^1 = x; integers may not take negative
// integer powers; for floats the small exponents PyTorch special-cases
// (2, 3, 0.5, -0.5, -1, -2) are computed with multiplications and roots.
std::vector<TensorSpec> pow_scalar_meta(const OpArgs& a) {
  Scalar exp = a.scalar(1);
  DType base = a.tensor(0).dtype();
  if ((tensor::is_integral(base) || base == DType::Bool) && exp.is_integral() && exp.to_int() < 0)
    fail("Integers to negative integer powers are not allowed.");
  return binary_meta(a);
}
void pow_scalar_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Scalar exp = a.scalar(1);
  const Tensor& o = out[0];
  double e = exp.to_double();
  if (e == 0) return copy_into(o, wrapped_number_tensor(Scalar(int64_t{1})));
  if (e == 1) return copy_into(o, a.tensor(0));
  if (o.dtype() == DType::Bool) dtype_not_implemented(kPow, DType::Bool);
  Tensor x = to_dtype(a.tensor(0), o.dtype());
  if (!tensor::is_floating(o.dtype())) {
    tensor::visit_dtype(o.dtype(), [&]<class T>() {
      if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
        T ei = exp.to<T>();
        unary_loop<T, T>(o, x, [ei](T v) { return int_pow(v, ei); });
      }
    });
    return;
  }
  auto special = [e](auto v) {
    using T = decltype(v);
    if (e == 2) return v * v;
    if (e == 3) return v * v * v;
    if (e == 0.5) return std::sqrt(v);
    if (e == -0.5) return T(1) / std::sqrt(v);
    if (e == -1) return T(1) / v;
    return T(1) / (v * v);
  };
  if (e == 2 || e == 3 || e == 0.5 || e == -0.5 || e == -1 || e == -2) {
    float_unary(
        o, x, VecLoop::All,
        [&](auto* out_p, auto* in, int64_t n) {
          for (int64_t i = 0; i < n; ++i) out_p[i] = special(in[i]);
        },
        special);
    return;
  }
  float_unary(
      o, x, VecLoop::Blocks,
      [e](auto* out_p, auto* in, int64_t n) {
        using T = std::remove_pointer_t<decltype(out_p)>;
        T ev[kVecChunk];
        std::fill(ev, ev + n, static_cast<T>(e));
        vec_math(VecFn2::Pow, out_p, in, ev, n);
      },
      [e](auto v) { return libm_math(VecFn2::Pow, v, static_cast<decltype(v)>(e)); });
}
// pow(Scalar, Tensor): 1^x = 1; otherwise the wrapped base against the exponent.
void pow_scalar_base_kernel(const OpArgs& a, std::span<const Tensor> out) {
  if (out[0].dtype() == DType::Bool) dtype_not_implemented(kPow, DType::Bool);
  if (a.scalar(0).to_double() == 1) return copy_into(out[0], wrapped_number_tensor(Scalar(int64_t{1})));
  pow_kernel(a, out);
}

// maximum/minimum propagate NaN; fmax/fmin ignore it. On bool: or / and.
template <bool kMax, bool kPropagateNan> void extremum_kernel(const OpArgs& a, std::span<const Tensor> out) {
  run_binary(a, out[0], []<class T>() {
    return [](T x, T y) -> T {
      if constexpr (std::is_same_v<T, bool>) return kMax ? (x || y) : (x && y);
      else if constexpr (kPropagateNan) return kMax ? nan_max(x, y) : nan_min(x, y);
      else if constexpr (std::is_integral_v<T>) return kMax ? std::max(x, y) : std::min(x, y);
      else return static_cast<T>(kMax ? std::fmax(static_cast<OpMath<T>>(x), static_cast<OpMath<T>>(y))
                                      : std::fmin(static_cast<OpMath<T>>(x), static_cast<OpMath<T>>(y)));
    };
  });
}

std::vector<TensorSpec> float_binary_meta(const OpArgs& a) { return {elementwise_spec(a, {0, 1}, Promotion::IntToFloat)}; }
std::vector<TensorSpec> bool_binary_meta(const OpArgs& a) { return {elementwise_spec(a, {0, 1}, Promotion::AlwaysBool)}; }

void atan2_kernel(const OpArgs& a, std::span<const Tensor> out) { float_binary(a, out[0], VecFn2::Atan2); }
void hypot_kernel(const OpArgs& a, std::span<const Tensor> out) {
  check_floating("hypot_cpu", out[0].dtype());
  float_binary(a, out[0], VecFn2::Hypot);
}
void copysign_kernel(const OpArgs& a, std::span<const Tensor> out) {
  run_binary(a, out[0], []<class T>() {
    return [](T x, T y) -> T {
      if constexpr (std::is_integral_v<T>) return x;
      else return static_cast<T>(std::copysign(static_cast<OpMath<T>>(x), static_cast<OpMath<T>>(y)));
    };
  }, Promotion::IntToFloat);
}
// xlogy(x, y) = x log(y), 0 where x == 0, NaN where y is NaN (scalar libm log).
void xlogy_kernel(const OpArgs& a, std::span<const Tensor> out) {
  run_binary(a, out[0], []<class T>() {
    return [](T x, T y) -> T {
      if constexpr (std::is_integral_v<T>) {
        return x;
      } else {
        OpMath<T> fx = x, fy = y;
        if (std::isnan(fy)) return static_cast<T>(std::numeric_limits<OpMath<T>>::quiet_NaN());
        if (fx == 0) return static_cast<T>(0);
        return static_cast<T>(fx * libm_math(VecFn::Log, fy));
      }
    };
  }, Promotion::IntToFloat);
}

// Comparisons: computed in the promoted type, bool results.
template <class Cmp> void compare_kernel(const OpArgs& a, std::span<const Tensor> out) {
  run_binary(a, out[0], []<class T>() {
    return [](T x, T y) -> bool { return Cmp()(static_cast<OpMath<T>>(x), static_cast<OpMath<T>>(y)); };
  }, Promotion::AlwaysBool);
}

// logical_and/or/xor: on the operands' truth values, whatever their dtypes.
template <class Op> void logical_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor x = a.tensor(0), y = a.tensor(1);
  tensor::visit_dtype(out[0].dtype(), [&]<class R>() {
    binary_loop<R, bool>(out[0], to_dtype(x, DType::Bool), to_dtype(y, DType::Bool),
                         [](bool p, bool q) { return convert<R>(Op()(p, q)); });
  });
}
struct LogicalXor {
  bool operator()(bool p, bool q) const { return p != q; }
};

// Bitwise ops: integers and bool only.
template <const char* kKernel> std::vector<TensorSpec> bitwise_meta(const OpArgs& a) {
  std::vector<TensorSpec> spec = binary_meta(a);
  check_integral(kKernel, spec[0].dtype, true);
  return spec;
}
template <const char* kKernel> std::vector<TensorSpec> shift_meta(const OpArgs& a) {
  std::vector<TensorSpec> spec = binary_meta(a);
  check_integral(kKernel, spec[0].dtype, false);
  return spec;
}
constexpr char kAnd[] = "bitwise_and_cpu", kOr[] = "bitwise_or_cpu", kXor[] = "bitwise_xor_cpu",
               kLshift[] = "lshift_cpu", kRshift[] = "rshift_cpu";
template <class Op> void bitwise_kernel(const OpArgs& a, std::span<const Tensor> out) {
  run_binary(a, out[0], []<class T>() {
    return [](T x, T y) -> T {
      if constexpr (std::is_integral_v<T>) return static_cast<T>(Op()(x, y));
      else return x; // refused by bitwise_meta
    };
  });
}
// Shifts by a negative amount or by the width or more give 0 (left) or the
// sign fill (right), as in PyTorch.
template <bool kLeft> void shift_kernel(const OpArgs& a, std::span<const Tensor> out) {
  run_binary(a, out[0], []<class T>() {
    return [](T x, T y) -> T {
      if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
        using U = std::make_unsigned_t<T>;
        using S = std::make_signed_t<T>;
        constexpr T kWidth = static_cast<T>(sizeof(T) * CHAR_BIT);
        if constexpr (kLeft) {
          if (static_cast<S>(y) < 0 || y >= kWidth) return 0;
          return static_cast<T>(static_cast<U>(x) << y);
        } else {
          constexpr T kMax = static_cast<T>(kWidth - std::is_signed_v<T>);
          if (static_cast<S>(y) < 0 || y >= kMax) return static_cast<T>(x >> kMax);
          return static_cast<T>(x >> y);
        }
      } else {
        return x;
      }
    };
  });
}

// ---- derivatives ---------------------------------------------------------------------------

Grads add_backward(const BackwardContext& c, const Grads& g) {
  Grads out(2);
  Scalar alpha = c.args().scalar(2);
  if (c.needs_grad_of_arg(0)) out[0] = g[0];
  if (c.needs_grad_of_arg(1)) out[1] = alpha.to_double() == 1 ? g[0] : call_tensor("mul.Tensor", g[0], alpha);
  return out;
}
Grads sub_backward(const BackwardContext& c, const Grads& g) {
  Grads out(2);
  Scalar alpha = c.args().scalar(2);
  if (c.needs_grad_of_arg(0)) out[0] = g[0];
  // -grad, times alpha unless it is 1 (FunctionsManual's maybe_multiply(-grad, alpha))
  if (c.needs_grad_of_arg(1)) {
    out[1] = call_tensor("neg", g[0]);
    const bool one = alpha.is_integral() ? alpha.to_int() == 1 : alpha.to_double() == 1.0;
    if (!one) out[1] = call_tensor("mul.Scalar", out[1], alpha);
  }
  return out;
}
Grads mul_backward(const BackwardContext& c, const Grads& g) {
  Grads out(2);
  if (c.needs_grad_of_arg(0)) out[0] = call_tensor("mul.Tensor", g[0], c.args()[1]);
  if (c.needs_grad_of_arg(1)) out[1] = call_tensor("mul.Tensor", g[0], c.args()[0]);
  return out;
}
Grads div_backward(const BackwardContext& c, const Grads& g) {
  Grads out(2);
  OpArgs a = c.args();
  if (a.size() > 2 && !a.is_none(2)) { // rounding modes have zero gradient almost everywhere
    if (c.needs_grad_of_arg(0)) out[0] = call_tensor("zeros_like", g[0]);
    if (c.needs_grad_of_arg(1)) out[1] = call_tensor("zeros_like", g[0]);
    return out;
  }
  if (c.needs_grad_of_arg(0)) out[0] = call_tensor("div.Tensor", g[0], a[1]);
  if (c.needs_grad_of_arg(1)) {
    // -grad * ((self / other) / other), FunctionsManual's div_tensor_other_backward
    Value other = a[1];
    out[1] = call_tensor("mul.Tensor", call_tensor("neg", g[0]),
                         call_tensor("div.Tensor", call_tensor("div.Tensor", a[0], other), other));
  }
  return out;
}

// mul.Scalar / div.Scalar (what ATen's C++ `tensor * 0.5` calls; Python's
// `x * 0.5` is mul.Tensor with a wrapped number): grad * other, grad / other.
Grads mul_scalar_backward(const BackwardContext& c, const Grads& g) { return {call_tensor("mul.Tensor", g[0], c.args()[1])}; }
Grads div_scalar_backward(const BackwardContext& c, const Grads& g) { return {call_tensor("div.Tensor", g[0], c.args()[1])}; }

// Formulas below fill gradients by argument index; the engine wants one per
// Tensor argument (Scalar operands have none).
Grads per_tensor_arg(const BackwardContext& c, Grads by_arg) {
  Grads out;
  for (size_t i = 0; i < by_arg.size(); ++i)
    if (c.op->schema.arguments[i].type.kind == ArgKind::Tensor) out.push_back(std::move(by_arg[i]));
  return out;
}

Grads rsub_backward(const BackwardContext& c, const Grads& g) {
  Grads out(2);
  Scalar alpha = c.args().scalar(2);
  if (c.needs_grad_of_arg(0))
    out[0] = call_tensor("mul.Tensor", g[0], alpha.is_integral() ? Scalar(-alpha.to_int()) : Scalar(-alpha.to_double()));
  if (c.needs_grad_of_arg(1)) out[1] = g[0];
  return per_tensor_arg(c, std::move(out));
}
// remainder/fmod: d/dself = 1; d/dother = -div(self, other, rounding_mode).
template <const char* kMode> Grads modulo_backward(const BackwardContext& c, const Grads& g) {
  Grads out(2);
  if (c.needs_grad_of_arg(0)) out[0] = g[0];
  if (c.op->schema.arguments[1].type.kind == ArgKind::Tensor && c.needs_grad_of_arg(1))
    out[1] = call_tensor("mul.Tensor", call_tensor("neg", g[0]), call_tensor("div.Tensor_mode", c.tensor(0), c.tensor(1), kMode));
  return per_tensor_arg(c, std::move(out));
}
constexpr char kFloorMode[] = "floor", kTruncMode[] = "trunc";

// pow(self, exponent): d/dself = exponent self^(exponent - 1) (0 where the
// exponent is 0); d/dexponent = result log(self) (0 where self is 0 and the
// exponent is non-negative).
Grads pow_scalar_backward(const BackwardContext& c, const Grads& g) {
  double e = c.args().scalar(1).to_double();
  if (e == 0) return {call_tensor("zeros_like", c.tensor(0))};
  return {call_tensor("mul.Tensor", g[0], call_tensor("mul.Tensor", e, call_tensor("pow.Tensor_Scalar", c.tensor(0), e - 1)))};
}
Tensor pow_exponent_grad(const Tensor& grad, const Tensor& log_base, const Tensor& result, const Tensor& zero_mask) {
  Tensor d = call_tensor("mul.Tensor", result, log_base);
  if (zero_mask.defined()) d = call_tensor("where.ScalarSelf", zero_mask, 0.0, d);
  return call_tensor("mul.Tensor", grad, d);
}
Grads pow_backward(const BackwardContext& c, const Grads& g) {
  Grads out(2);
  Tensor self = c.tensor(0), exponent = c.tensor(1);
  if (c.needs_grad_of_arg(0)) {
    Tensor d = call_tensor("mul.Tensor", exponent, call_tensor("pow.Tensor_Tensor", self, call_tensor("sub.Tensor", exponent, 1)));
    out[0] = call_tensor("where.ScalarSelf", call_tensor("eq.Scalar", exponent, 0.0), 0.0, call_tensor("mul.Tensor", g[0], d));
  }
  if (c.needs_grad_of_arg(1)) {
    Tensor base = to_dtype(self, c.result().dtype());
    Tensor mask = call_tensor("logical_and", call_tensor("eq.Scalar", base, 0), call_tensor("ge.Scalar", exponent, 0));
    out[1] = pow_exponent_grad(g[0], call_tensor("log", base), c.result(), mask);
  }
  return out;
}
Grads pow_scalar_base_backward(const BackwardContext& c, const Grads& g) {
  Scalar base = c.args().scalar(0);
  Tensor exponent = c.tensor(1);
  Tensor log_base = wrapped_number_tensor(Scalar(std::log(base.to_double())));
  Tensor mask = base.to_double() == 0 ? call_tensor("ge.Scalar", exponent, 0) : Tensor();
  return {pow_exponent_grad(g[0], log_base, c.result(), mask)};
}

// maximum/minimum/fmax/fmin: the gradient goes to the larger (smaller)
// operand, split in halves on ties.
template <bool kMax> Grads extremum_backward(const BackwardContext& c, const Grads& g) {
  Tensor x = c.tensor(0), y = c.tensor(1);
  Grads out(2);
  if (c.needs_grad_of_arg(0)) out[0] = tie_split(g[0], x, y, kMax ? "lt.Tensor" : "gt.Tensor");
  if (c.needs_grad_of_arg(1)) out[1] = tie_split(g[0], x, y, kMax ? "gt.Tensor" : "lt.Tensor");
  return out;
}

// atan2(y, x): d/dy = x / (x^2 + y^2), d/dx = -y / (x^2 + y^2).
Grads atan2_backward(const BackwardContext& c, const Grads& g) {
  Tensor y = c.tensor(0), x = c.tensor(1);
  Tensor recip = call_tensor("reciprocal", call_tensor("add.Tensor", call_tensor("mul.Tensor", y, y), call_tensor("mul.Tensor", x, x)));
  Grads out(2);
  if (c.needs_grad_of_arg(0)) out[0] = call_tensor("mul.Tensor", call_tensor("mul.Tensor", g[0], x), recip);
  if (c.needs_grad_of_arg(1)) out[1] = call_tensor("mul.Tensor", call_tensor("mul.Tensor", g[0], call_tensor("neg", y)), recip);
  return out;
}
Grads hypot_backward(const BackwardContext& c, const Grads& g) {
  Grads out(2);
  for (size_t i = 0; i < 2; ++i)
    if (c.needs_grad_of_arg(i))
      out[i] = call_tensor("div.Tensor", call_tensor("mul.Tensor", g[0], c.tensor(i)), c.result());
  return out;
}
// copysign: grad * (result / self), 0 where self is 0; nothing flows to the sign.
Grads copysign_backward(const BackwardContext& c, const Grads& g) {
  Grads out(2);
  if (c.needs_grad_of_arg(0)) {
    Tensor self = c.tensor(0);
    Tensor ratio = call_tensor("where.ScalarSelf", call_tensor("eq.Scalar", self, 0), 0.0, call_tensor("div.Tensor", c.result(), self));
    out[0] = call_tensor("mul.Tensor", g[0], ratio);
  }
  if (c.op->schema.arguments[1].type.kind == ArgKind::Tensor && c.needs_grad_of_arg(1))
    out[1] = call_tensor("zeros", c.spec_of_arg(1).sizes, c.spec_of_arg(1).dtype); // other is not saved
  return per_tensor_arg(c, std::move(out));
}
// xlogy(x, y): d/dx = log(y) (0 where x == 0 and y <= 0), d/dy = x / y.
Grads xlogy_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  bool self_tensor = !a.is_number(0), other_tensor = !a.is_number(1);
  Grads out(2);
  if (self_tensor && c.needs_grad_of_arg(0)) {
    Tensor d = call_tensor("xlogy.Tensor", g[0], other_tensor ? Value(c.tensor(1).to_value()) : a[1]);
    Tensor self_zero = call_tensor("eq.Scalar", c.tensor(0), 0);
    Tensor mask = other_tensor ? call_tensor("logical_and", self_zero, call_tensor("le.Scalar", c.tensor(1), 0)) : self_zero;
    bool masked = other_tensor || a.scalar(1).to_double() <= 0;
    out[0] = masked ? call_tensor("where.ScalarSelf", mask, 0.0, d) : d;
  }
  if (other_tensor && c.needs_grad_of_arg(1))
    out[1] = call_tensor("div.Tensor", call_tensor("mul.Tensor", g[0], self_tensor ? Value(c.tensor(0).to_value()) : a[0]), c.tensor(1));
  return per_tensor_arg(c, std::move(out));
}

} // namespace

void register_binary_ops(OpRegistry& r) {
  r.def("add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor").method().numbers_as_tensors()
      .structured(binary_meta, add_kernel<false>).inplace("add_.Tensor")
      .derivative("AddBackward0", add_backward);
  r.def("sub.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor").method().numbers_as_tensors()
      .structured(binary_meta, add_kernel<true>).inplace("sub_.Tensor")
      .derivative("SubBackward0", sub_backward);
  r.def("mul.Tensor(Tensor self, Tensor other) -> Tensor").method().numbers_as_tensors()
      .structured(binary_meta, mul_kernel).inplace("mul_.Tensor")
      .derivative("MulBackward0", mul_backward).saves_for("other", {"self"}).saves_for("self", {"other"});
  r.def("div.Tensor(Tensor self, Tensor other) -> Tensor").method().numbers_as_tensors()
      .structured(true_div_meta, div_kernel).inplace("div_.Tensor")
      .derivative("DivBackward0", div_backward).saves_for("self", {"other"}).saves({"other"});
  r.def("div.Tensor_mode(Tensor self, Tensor other, *, str? rounding_mode) -> Tensor").method().numbers_as_tensors()
      .structured(true_div_meta, div_kernel).inplace("div_.Tensor_mode")
      .derivative("DivBackward2", div_backward).saves_for("self", {"other"}).saves({"other"});
  r.def("mul.Scalar(Tensor self, Scalar other) -> Tensor").hidden().structured(binary_meta, mul_kernel)
      .derivative("MulBackward1", mul_scalar_backward);
  r.def("div.Scalar(Tensor self, Scalar other) -> Tensor").hidden().structured(true_div_meta, div_kernel)
      .derivative("DivBackward1", div_scalar_backward);
  const uint8_t both = kFunction | kMethod;
  r.def("rsub.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor").structured(binary_meta, rsub_kernel)
      .derivative("RsubBackward0", rsub_backward);
  r.def("rsub.Scalar(Tensor self, Scalar other, Scalar alpha=1) -> Tensor").structured(binary_meta, rsub_kernel)
      .derivative("RsubBackward1", rsub_backward);
  r.def("floor_divide(Tensor self, Tensor other) -> Tensor").method().numbers_as_tensors()
      .structured(floor_divide_meta, floor_divide_kernel).inplace("floor_divide_.Tensor");
  r.def("floor_divide.Scalar(Tensor self, Scalar other) -> Tensor").method()
      .structured(floor_divide_meta, floor_divide_kernel).inplace("floor_divide_.Scalar");
  r.def("remainder.Tensor(Tensor self, Tensor other) -> Tensor").method()
      .structured(no_bool_meta<kRemainder>, remainder_kernel).inplace("remainder_.Tensor")
      .derivative("RemainderBackward1", modulo_backward<kFloorMode>)
      .saves_for("self", {"other"}).saves_for("other", {"other"});
  r.def("remainder.Scalar(Tensor self, Scalar other) -> Tensor").method()
      .structured(no_bool_meta<kRemainder>, remainder_kernel).inplace("remainder_.Scalar")
      .derivative("RemainderBackward0", modulo_backward<kFloorMode>);
  r.def("remainder.Scalar_Tensor(Scalar self, Tensor other) -> Tensor")
      .structured(no_bool_meta<kRemainder>, remainder_kernel);
  r.def("fmod.Tensor(Tensor self, Tensor other) -> Tensor").method()
      .structured(no_bool_meta<kFmod>, fmod_kernel).inplace("fmod_.Tensor")
      .derivative("FmodBackward1", modulo_backward<kTruncMode>)
      .saves_for("self", {"other"}).saves_for("other", {"other"});
  r.def("fmod.Scalar(Tensor self, Scalar other) -> Tensor").method()
      .structured(no_bool_meta<kFmod>, fmod_kernel).inplace("fmod_.Scalar")
      .derivative("FmodBackward0", modulo_backward<kTruncMode>);
  r.def("pow.Tensor_Tensor(Tensor self, Tensor exponent) -> Tensor").method()
      .structured(no_bool_meta<kPow>, pow_kernel).inplace("pow_.Tensor")
      .derivative("PowBackward1", pow_backward).saves({"self", "exponent"}).saves_result();
  r.def("pow.Scalar(Scalar self, Tensor exponent) -> Tensor").structured(binary_meta, pow_scalar_base_kernel)
      .derivative("PowBackward2", pow_scalar_base_backward).saves({"exponent"}).saves_result();
  r.def("pow.Tensor_Scalar(Tensor self, Scalar exponent) -> Tensor").method()
      .structured(pow_scalar_meta, pow_scalar_kernel).inplace("pow_.Scalar")
      .derivative("PowBackward0", pow_scalar_backward).saves({"self"});
  r.def("maximum(Tensor self, Tensor other) -> Tensor").method().structured(binary_meta, extremum_kernel<true, true>)
      .derivative("MaximumBackward0", extremum_backward<true>).saves({"self", "other"});
  r.def("minimum(Tensor self, Tensor other) -> Tensor").method().structured(binary_meta, extremum_kernel<false, true>)
      .derivative("MinimumBackward0", extremum_backward<false>).saves({"self", "other"});
  r.def("fmax(Tensor self, Tensor other) -> Tensor").method().structured(binary_meta, extremum_kernel<true, false>)
      .derivative("FmaxBackward0", extremum_backward<true>).saves({"self", "other"});
  r.def("fmin(Tensor self, Tensor other) -> Tensor").method().structured(binary_meta, extremum_kernel<false, false>)
      .derivative("FminBackward0", extremum_backward<false>).saves({"self", "other"});
  r.def("atan2(Tensor self, Tensor other) -> Tensor").method().structured(float_binary_meta, atan2_kernel)
      .inplace("atan2_").derivative("Atan2Backward0", atan2_backward).saves({"self", "other"});
  r.def("hypot(Tensor self, Tensor other) -> Tensor").method().structured(binary_meta, hypot_kernel)
      .inplace("hypot_").derivative("HypotBackward0", hypot_backward).saves({"self", "other"}).saves_result();
  r.def("copysign.Tensor(Tensor self, Tensor other) -> Tensor").method().structured(float_binary_meta, copysign_kernel)
      .inplace("copysign_.Tensor").derivative("CopysignBackward0", copysign_backward).saves({"self"}).saves_result();
  r.def("copysign.Scalar(Tensor self, Scalar other) -> Tensor").method().structured(float_binary_meta, copysign_kernel)
      .inplace("copysign_.Scalar").derivative("CopysignBackward1", copysign_backward).saves({"self"}).saves_result();
  r.def("xlogy.Tensor(Tensor self, Tensor other) -> Tensor").method().structured(float_binary_meta, xlogy_kernel)
      .inplace("xlogy_.Tensor", both).derivative("XlogyBackward0", xlogy_backward).saves({"self", "other"});
  r.def("xlogy.Scalar_Self(Scalar self, Tensor other) -> Tensor").structured(float_binary_meta, xlogy_kernel)
      .derivative("XlogyBackward1", xlogy_backward).saves({"other"});
  r.def("xlogy.Scalar_Other(Tensor self, Scalar other) -> Tensor").method().structured(float_binary_meta, xlogy_kernel)
      .inplace("xlogy_.Scalar_Other", both).derivative("XlogyBackward2", xlogy_backward).saves({"self"});

  struct Comparison {
    const char* name;
    KernelFn kernel;
  };
  const Comparison comparisons[] = {
      {"eq", compare_kernel<std::equal_to<>>},   {"ne", compare_kernel<std::not_equal_to<>>},
      {"lt", compare_kernel<std::less<>>},       {"le", compare_kernel<std::less_equal<>>},
      {"gt", compare_kernel<std::greater<>>},    {"ge", compare_kernel<std::greater_equal<>>},
  };
  for (const Comparison& cmp : comparisons) {
    std::string name = cmp.name;
    r.def(name + ".Tensor(Tensor self, Tensor other) -> Tensor").method().structured(bool_binary_meta, cmp.kernel)
        .inplace(name + "_.Tensor");
    r.def(name + ".Scalar(Tensor self, Scalar other) -> Tensor").method().structured(bool_binary_meta, cmp.kernel)
        .inplace(name + "_.Scalar");
  }
  r.def("logical_and(Tensor self, Tensor other) -> Tensor").method()
      .structured(bool_binary_meta, logical_kernel<std::logical_and<>>).inplace("logical_and_");
  r.def("logical_or(Tensor self, Tensor other) -> Tensor").method()
      .structured(bool_binary_meta, logical_kernel<std::logical_or<>>).inplace("logical_or_");
  r.def("logical_xor(Tensor self, Tensor other) -> Tensor").method()
      .structured(bool_binary_meta, logical_kernel<LogicalXor>).inplace("logical_xor_");

  struct Bitwise {
    const char* name;
    MetaFn meta;
    KernelFn kernel;
    const char* scalar_overload; // "Scalar" or "Tensor_Scalar"
  };
  const Bitwise bitwise[] = {
      {"bitwise_and", bitwise_meta<kAnd>, bitwise_kernel<std::bit_and<>>, "Scalar"},
      {"bitwise_or", bitwise_meta<kOr>, bitwise_kernel<std::bit_or<>>, "Scalar"},
      {"bitwise_xor", bitwise_meta<kXor>, bitwise_kernel<std::bit_xor<>>, "Scalar"},
      {"bitwise_left_shift", shift_meta<kLshift>, shift_kernel<true>, "Tensor_Scalar"},
      {"bitwise_right_shift", shift_meta<kRshift>, shift_kernel<false>, "Tensor_Scalar"},
  };
  for (const Bitwise& b : bitwise) {
    std::string name = b.name, scalar = b.scalar_overload;
    r.def(name + ".Tensor(Tensor self, Tensor other) -> Tensor").method().structured(b.meta, b.kernel)
        .inplace(name + "_.Tensor");
    r.def(name + "." + scalar + "(Tensor self, Scalar other) -> Tensor").method().structured(b.meta, b.kernel)
        .inplace(name + "_." + scalar);
    r.def(name + ".Scalar_Tensor(Scalar self, Tensor other) -> Tensor").structured(b.meta, b.kernel);
  }
}

} // namespace refc::ops
