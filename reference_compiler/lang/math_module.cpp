// The `math` module: CPython 3.11's mathmodule.c semantics on refc's values —
// the same libm calls wrapped in the same special-value and errno rules (so
// results and "math domain error" / "math range error" match bit for bit),
// CPython's own algorithms where it does not defer to libm (fsum's exact
// partials, hypot/dist's compensated vector norm, gamma/lgamma's Lanczos
// sums), and the integer functions on ints of any size (big_int.h). The libm functions with
// CPython's own special cases, and gamma/lgamma, are math_libm.cpp's.
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/big_int.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/math_libm.h"
#include "reference_compiler/lang/module_builder.h"
#include "reference_compiler/lang/number_ops.h"
#include "reference_compiler/lang/tuple_object.h"

#include <cerrno>
#include <cfloat>
#include <climits>
#include <cmath>
#include <numbers>
#include <vector>

namespace refc::lang {

namespace {

using namespace math_detail;

Str* s_floor;
Str* s_ceil;
Str* s_trunc;

[[noreturn]] void domain_error() { raise(exc::ValueError, "math domain error"); }

// CPython's is_error(): EDOM is a domain error; ERANGE an overflow unless the
// result is small (an underflow, which is not an error).
void check_errno(double r) {
  if (errno == EDOM) domain_error();
  if (errno == ERANGE && std::fabs(r) >= 1.5) raise(exc::OverflowError, "math range error");
}

// math_1: a libm function of one double with CPython's special-value rules.
Value math_1(const Value& arg, double (*f)(double), bool can_overflow) {
  double x = to_double(arg);
  errno = 0;
  double r = f(x);
  if (std::isnan(r) && !std::isnan(x)) domain_error();
  if (std::isinf(r) && std::isfinite(x)) {
    if (can_overflow) raise(exc::OverflowError, "math range error");
    domain_error();
  }
  if (std::isfinite(r) && errno) check_errno(r);
  return Value::floating(r);
}

// math_1a: for functions that set errno themselves.
Value math_1a(const Value& arg, double (*f)(double)) {
  double x = to_double(arg);
  errno = 0;
  double r = f(x);
  if (errno) check_errno(r);
  return Value::floating(r);
}

// math_2: a function of two doubles.
Value math_2(const Args& a, const char* name, double (*f)(double, double)) {
  check_positional(a, name, std::string("math.") + name, 2, 2);
  double x = to_double(a[0]), y = to_double(a[1]);
  errno = 0;
  double r = f(x, y);
  if (std::isnan(r))
    errno = (!std::isnan(x) && !std::isnan(y)) ? EDOM : 0;
  else if (std::isinf(r))
    errno = (std::isfinite(x) && std::isfinite(y)) ? ERANGE : 0;
  if (errno) check_errno(r);
  return Value::floating(r);
}

// ---- one-argument functions (a registry: name, function, can_overflow) ------

double f_fabs(double x) { return std::fabs(x); }

#define REFC_MATH_FUNCS(X)                                                                     \
  X(acos, std::acos, false)                                                                    \
  X(acosh, std::acosh, false)                                                                  \
  X(asin, std::asin, false)                                                                    \
  X(asinh, std::asinh, false)                                                                  \
  X(atan, std::atan, false)                                                                    \
  X(atanh, std::atanh, false)                                                                  \
  X(cbrt, std::cbrt, false)                                                                    \
  X(cos, std::cos, false)                                                                      \
  X(cosh, std::cosh, true)                                                                     \
  X(exp, std::exp, true)                                                                       \
  X(exp2, std::exp2, true)                                                                     \
  X(expm1, std::expm1, true)                                                                   \
  X(fabs, f_fabs, false)                                                                       \
  X(log1p, std::log1p, false)                                                                  \
  X(sin, std::sin, false)                                                                      \
  X(sinh, std::sinh, true)                                                                     \
  X(sqrt, std::sqrt, false)                                                                    \
  X(tan, std::tan, false)                                                                      \
  X(tanh, std::tanh, false)

#define REFC_MATH_1(name, fn, can_overflow)                                                    \
  Value math_##name(Args a) {                                                                  \
    return math_1(one_arg(a, "math." #name), static_cast<double (*)(double)>(fn), can_overflow); \
  }
REFC_MATH_FUNCS(REFC_MATH_1)
#undef REFC_MATH_1

double f_erf(double x) { return std::erf(x); }
double f_erfc(double x) { return std::erfc(x); }
Value math_erf(Args a) { return math_1a(one_arg(a, "math.erf"), f_erf); }
Value math_erfc(Args a) { return math_1a(one_arg(a, "math.erfc"), f_erfc); }
Value math_gamma(Args a) { return math_1a(one_arg(a, "math.gamma"), m_tgamma); }
Value math_lgamma(Args a) { return math_1a(one_arg(a, "math.lgamma"), m_lgamma); }

double f_copysign(double x, double y) { return std::copysign(x, y); }
Value math_atan2(Args a) { return math_2(a, "atan2", m_atan2); }
Value math_copysign(Args a) { return math_2(a, "copysign", f_copysign); }
Value math_remainder(Args a) { return math_2(a, "remainder", m_remainder); }

// ---- rounding to int ----------------------------------------------------------

// floor/ceil: floats directly, ints as themselves, else the type's dunder,
// else the value as a float.
Value round_to_int(const Value& x, Str* dunder, double (*f)(double)) {
  if (x.is_float()) return float_to_int(f(x.as_float()));
  if (x.is_intlike()) return Value::integer(x.as_int());
  if (is_big_int(x)) return x;
  if (!lookup_special(x, dunder).is_null()) return call_method(x, dunder, {});
  return float_to_int(f(to_double(x)));
}

double f_floor(double x) { return std::floor(x); }
double f_ceil(double x) { return std::ceil(x); }
Value math_floor(Args a) { return round_to_int(one_arg(a, "math.floor"), s_floor, f_floor); }
Value math_ceil(Args a) { return round_to_int(one_arg(a, "math.ceil"), s_ceil, f_ceil); }

Value math_trunc(Args a) {
  const Value& x = one_arg(a, "math.trunc");
  if (x.is_float()) return float_to_int(std::trunc(x.as_float()));
  if (x.is_intlike()) return Value::integer(x.as_int());
  if (lookup_special(x, s_trunc).is_null())
    raise(exc::TypeError, "type " + type_name(x) + " doesn't define __trunc__ method");
  return call_method(x, s_trunc, {});
}

// ---- logarithms ---------------------------------------------------------------

// loghelper: ints must be positive (no libm call for them to reject).
double log_of(const Value& x, double (*f)(double)) {
  if (x.is_intlike()) {
    if (x.as_int() <= 0) domain_error();
    return f(static_cast<double>(x.as_int()));
  }
  return math_1(x, f, false).as_float();
}

Value math_log(Args a) {
  check_no_keywords(a, "math.log");
  if (a.npos < 1 || a.npos > 2) raise(exc::TypeError, "math.log requires 1 to 2 arguments");
  double num = log_of(a[0], m_log);
  if (a.npos == 1) return Value::floating(num);
  double den = log_of(a[1], m_log);
  if (den == 0.0) raise(exc::ZeroDivisionError, "float division by zero");
  return Value::floating(num / den);
}

Value math_log2(Args a) { return Value::floating(log_of(one_arg(a, "math.log2"), m_log2)); }
Value math_log10(Args a) { return Value::floating(log_of(one_arg(a, "math.log10"), m_log10)); }

// ---- two-argument float functions ---------------------------------------------

Value math_pow(Args a) {
  check_positional(a, "pow", "math.pow", 2, 2);
  double x = to_double(a[0]), y = to_double(a[1]), r = 0.0;
  errno = 0;
  if (!std::isfinite(x) || !std::isfinite(y)) {
    // IEEE specials handled here so every platform agrees (C99 Annex F).
    if (std::isnan(x))
      r = y == 0.0 ? 1.0 : x;
    else if (std::isnan(y))
      r = x == 1.0 ? 1.0 : y;
    else if (std::isinf(x)) {
      bool odd_y = std::isfinite(y) && std::fmod(std::fabs(y), 2.0) == 1.0;
      if (y > 0.0)
        r = odd_y ? x : std::fabs(x);
      else if (y == 0.0)
        r = 1.0;
      else
        r = odd_y ? std::copysign(0.0, x) : 0.0;
    } else {
      if (std::fabs(x) == 1.0)
        r = 1.0;
      else if (y > 0.0 && std::fabs(x) > 1.0)
        r = y;
      else if (y < 0.0 && std::fabs(x) < 1.0)
        r = -y;
      else
        r = 0.0;
    }
  } else {
    r = std::pow(x, y);
    if (!std::isfinite(r)) {
      if (std::isnan(r))
        errno = EDOM;
      else
        errno = x == 0.0 ? EDOM : ERANGE; // 0**negative vs overflow
    } else {
      errno = 0;
    }
  }
  if (errno) check_errno(r);
  return Value::floating(r);
}

Value math_fmod(Args a) {
  check_positional(a, "fmod", "math.fmod", 2, 2);
  double x = to_double(a[0]), y = to_double(a[1]);
  if (std::isinf(y) && std::isfinite(x)) return Value::floating(x);
  double r = std::fmod(x, y);
  if (std::isnan(r) && !std::isnan(x) && !std::isnan(y)) domain_error();
  return Value::floating(r);
}

Value math_ldexp(Args a) {
  check_positional(a, "ldexp", "math.ldexp", 2, 2);
  double x = to_double(a[0]);
  if (!a[1].is_intlike()) raise(exc::TypeError, "Expected an int as second argument to ldexp.");
  int64_t e = a[1].as_int();
  double r;
  errno = 0;
  if (x == 0.0 || !std::isfinite(x)) {
    r = x;
  } else if (e > INT_MAX) {
    r = std::copysign(HUGE_VAL, x);
    errno = ERANGE;
  } else if (e < INT_MIN) {
    r = std::copysign(0.0, x);
  } else {
    r = std::ldexp(x, static_cast<int>(e));
    errno = std::isinf(r) ? ERANGE : 0;
  }
  if (errno) check_errno(r);
  return Value::floating(r);
}

Value math_frexp(Args a) {
  double x = to_double(one_arg(a, "math.frexp"));
  int e = 0;
  if (!(std::isnan(x) || std::isinf(x) || x == 0.0)) x = std::frexp(x, &e);
  return Value(make_tuple({Value::floating(x), Value::integer(e)}));
}

Value math_modf(Args a) {
  double x = to_double(one_arg(a, "math.modf"));
  if (std::isinf(x))
    return Value(make_tuple({Value::floating(std::copysign(0.0, x)), Value::floating(x)}));
  if (std::isnan(x)) return Value(make_tuple({Value::floating(x), Value::floating(x)}));
  double ip;
  double fp = std::modf(x, &ip);
  return Value(make_tuple({Value::floating(fp), Value::floating(ip)}));
}

Value math_degrees(Args a) {
  return Value::floating(to_double(one_arg(a, "math.degrees")) * (180.0 / kPi));
}
Value math_radians(Args a) {
  return Value::floating(to_double(one_arg(a, "math.radians")) * (kPi / 180.0));
}
Value math_isfinite(Args a) {
  return Value::boolean(std::isfinite(to_double(one_arg(a, "math.isfinite"))));
}
Value math_isinf(Args a) { return Value::boolean(std::isinf(to_double(one_arg(a, "math.isinf")))); }
Value math_isnan(Args a) { return Value::boolean(std::isnan(to_double(one_arg(a, "math.isnan")))); }

Value math_nextafter(Args a) {
  check_positional(a, "nextafter", "math.nextafter", 2, 2);
  return Value::floating(std::nextafter(to_double(a[0]), to_double(a[1])));
}

Value math_ulp(Args a) {
  double x = to_double(one_arg(a, "math.ulp"));
  if (std::isnan(x)) return Value::floating(x);
  x = std::fabs(x);
  if (std::isinf(x)) return Value::floating(x);
  double up = std::nextafter(x, HUGE_VAL);
  if (std::isinf(up)) return Value::floating(x - std::nextafter(x, -HUGE_VAL));
  return Value::floating(up - x);
}

Value math_isclose(Args a) {
  Value p[4];
  // Argument-clinic wording, which differs from a Python function's.
  if (a.npos > 2)
    raise(exc::TypeError,
          "isclose() takes exactly 2 positional arguments (" + std::to_string(a.npos) + " given)");
  static const char* const kNames[4] = {"a", "b", "rel_tol", "abs_tol"};
  for (size_t i = 0; i < a.npos; ++i) p[i] = a[i];
  for (size_t k = 0; k < a.nkw(); ++k) {
    std::string_view kw = a.kwname(k)->view();
    size_t j = 0;
    while (j < 4 && kw != kNames[j]) ++j;
    if (j == 4)
      raise(exc::TypeError, "isclose() got an unexpected keyword argument '" + std::string(kw) + "'");
    if (!p[j].is_null())
      raise(exc::TypeError, "argument for isclose() given by name ('" + std::string(kw) +
                                "') and position (" + std::to_string(j + 1) + ")");
    p[j] = a.kwvalue(k);
  }
  for (size_t j = 0; j < 2; ++j)
    if (p[j].is_null())
      raise(exc::TypeError, std::string("isclose() missing required argument '") + kNames[j] +
                                "' (pos " + std::to_string(j + 1) + ")");
  double x = to_double(p[0]), y = to_double(p[1]);
  double rel_tol = p[2].is_null() ? 1e-09 : to_double(p[2]);
  double abs_tol = p[3].is_null() ? 0.0 : to_double(p[3]);
  if (rel_tol < 0.0 || abs_tol < 0.0) raise(exc::ValueError, "tolerances must be non-negative");
  if (x == y) return Value::boolean(true);
  if (std::isinf(x) || std::isinf(y)) return Value::boolean(false);
  double diff = std::fabs(y - x);
  return Value::boolean(diff <= std::fabs(rel_tol * y) || diff <= std::fabs(rel_tol * x) ||
                        diff <= abs_tol);
}

// ---- vector norms ---------------------------------------------------------------

// sqrt(sum(x*x for x in vec)) with CPython's algorithm: power-of-two scaling,
// Veltkamp-Dekker splitting for exact squares, compensated summation and a
// final differential correction of the square root. `max` is the largest
// |x|; every element is finite unless max is infinite or found_nan.
double vector_norm(const std::vector<double>& vec, double max, bool found_nan) {
  const double kSplit = 134217729.0; // 2**27 + 1
  if (std::isinf(max)) return max;
  if (found_nan) return NAN;
  if (max == 0.0 || vec.size() <= 1) return max;
  int max_e;
  std::frexp(max, &max_e);
  double csum = 1.0, frac1 = 0.0, frac2 = 0.0, frac3 = 0.0;
  auto add = [&](double& frac, double x) {
    double old = csum;
    csum += x;
    frac += (old - csum) + x;
  };
  if (max_e >= -1023) {
    double scale = std::ldexp(1.0, -max_e);
    for (double x : vec) {
      x *= scale;
      double t = x * kSplit;
      double hi = t - (t - x);
      double lo = x - hi;
      add(frac1, hi * hi);
      add(frac2, 2.0 * hi * lo);
      frac3 += lo * lo;
    }
    double h = std::sqrt(csum - 1.0 + (frac1 + frac2 + frac3));
    double t = h * kSplit;
    double hi = t - (t - h);
    double lo = h - hi;
    add(frac1, -hi * hi);
    add(frac2, -2.0 * hi * lo);
    add(frac3, -lo * lo);
    double x = csum - 1.0 + (frac1 + frac2 + frac3);
    return (h + x / (2.0 * h)) / scale;
  }
  // Subnormal max: ldexp(1, -max_e) would overflow, so divide by max instead.
  for (double x : vec) {
    x /= max;
    add(frac1, x * x);
  }
  return max * std::sqrt(csum - 1.0 + frac1);
}

Value math_hypot(Args a) {
  check_no_keywords(a, "math.hypot");
  std::vector<double> v;
  v.reserve(a.npos);
  double max = 0.0;
  bool nan = false;
  for (size_t i = 0; i < a.npos; ++i) {
    double x = std::fabs(to_double(a[i]));
    v.push_back(x);
    nan |= std::isnan(x);
    if (x > max) max = x;
  }
  return Value::floating(vector_norm(v, max, nan));
}

std::vector<Value> to_items(const Value& v) {
  std::vector<Value> out;
  if (v.is_obj() && isinstance(v, types::tuple)) return v.as<Tuple>()->items;
  Value it = get_iter(v);
  for (Value x = iter_next(it); !x.is_null(); x = iter_next(it)) out.push_back(std::move(x));
  return out;
}

Value math_dist(Args a) {
  check_positional(a, "dist", "math.dist", 2, 2);
  std::vector<Value> p = to_items(a[0]), q = to_items(a[1]);
  if (p.size() != q.size())
    raise(exc::ValueError, "both points must have the same number of dimensions");
  std::vector<double> v;
  v.reserve(p.size());
  double max = 0.0;
  bool nan = false;
  for (size_t i = 0; i < p.size(); ++i) {
    double px = to_double(p[i]);
    double qx = to_double(q[i]);
    double x = std::fabs(px - qx);
    v.push_back(x);
    nan |= std::isnan(x);
    if (x > max) max = x;
  }
  return Value::floating(vector_norm(v, max, nan));
}

// ---- sums and products ------------------------------------------------------------

// Shewchuk / Hettinger exact summation with correctly rounded result.
Value math_fsum(Args a) {
  Value it = get_iter(one_arg(a, "math.fsum"));
  std::vector<double> p;
  double special_sum = 0.0, inf_sum = 0.0;
  for (Value item = iter_next(it); !item.is_null(); item = iter_next(it)) {
    double x = to_double(item);
    double xsave = x;
    size_t i = 0;
    for (double y : p) {
      if (std::fabs(x) < std::fabs(y)) std::swap(x, y);
      volatile double hi = x + y;
      volatile double yr = hi - x;
      double lo = y - yr;
      if (lo != 0.0) p[i++] = lo;
      x = hi;
    }
    p.resize(i);
    if (x != 0.0) {
      if (!std::isfinite(x)) {
        // From a nan/inf summand, or intermediate overflow of finite ones.
        if (std::isfinite(xsave)) raise(exc::OverflowError, "intermediate overflow in fsum");
        if (std::isinf(xsave)) inf_sum += xsave;
        special_sum += xsave;
        p.clear();
      } else {
        p.push_back(x);
      }
    }
  }
  if (special_sum != 0.0) {
    if (std::isnan(inf_sum)) raise(exc::ValueError, "-inf + inf in fsum");
    return Value::floating(special_sum);
  }
  double hi = 0.0;
  size_t n = p.size();
  if (n > 0) {
    hi = p[--n];
    volatile double lo = 0.0;
    // Add the partials from the top, stopping when the sum becomes inexact.
    while (n > 0) {
      double x = hi;
      double y = p[--n];
      volatile double h = x + y;
      hi = h;
      volatile double yr = hi - x;
      lo = y - yr;
      if (lo != 0.0) break;
    }
    // Round half-even across partials: 1e-16 + 1 + 1e16 must round up.
    if (n > 0 && ((lo < 0.0 && p[n - 1] < 0.0) || (lo > 0.0 && p[n - 1] > 0.0))) {
      double y = lo * 2.0;
      volatile double x = hi + y;
      volatile double yr = x - hi;
      if (y == yr) hi = x;
    }
  }
  return Value::floating(hi);
}

Value math_prod(Args a) {
  if (a.npos != 1)
    raise(exc::TypeError,
          "prod() takes exactly 1 positional argument (" + std::to_string(a.npos) + " given)");
  Value start = Value::integer(1);
  for (size_t k = 0; k < a.nkw(); ++k) {
    if (a.kwname(k)->view() != "start")
      raise(exc::TypeError, "prod() got an unexpected keyword argument '" +
                                std::string(a.kwname(k)->view()) + "'");
    start = a.kwvalue(k);
  }
  Value it = get_iter(a[0]);
  Value result = start;
  for (Value item = iter_next(it); !item.is_null(); item = iter_next(it)) {
    if (result.is_int() && item.is_int()) {
      int64_t r;
      if (__builtin_mul_overflow(result.as_int(), item.as_int(), &r))
        result = numeric_binary_op(BinaryOp::Multiply, result, item);
      else
        result = Value::integer(r);
    } else if (result.is_float() && item.is_float()) {
      result = Value::floating(result.as_float() * item.as_float());
    } else {
      result = binary_op(BinaryOp::Multiply, result, item);
    }
  }
  return result;
}

// ---- integer functions (any size) ------------------------------------------------

Value math_gcd(Args a) {
  check_no_keywords(a, "math.gcd");
  Value g = Value::integer(0);
  for (size_t i = 0; i < a.npos; ++i) g = int_value_gcd(g, int_value_index(a[i]));
  return g;
}

Value math_lcm(Args a) {
  check_no_keywords(a, "math.lcm");
  Value r = Value::integer(1);
  for (size_t i = 0; i < a.npos; ++i) r = int_value_lcm(r, int_value_index(a[i]));
  return r;
}

bool is_negative(const Value& v) { return int_value_compare(v, Value::integer(0)) < 0; }

// n! for the argument of factorial() and one-argument perm().
Value factorial_of(const Value& arg) {
  Value n = int_value_index(arg);
  if (is_negative(n)) raise(exc::ValueError, "factorial() not defined for negative values");
  int64_t m = int_value_to_int64(n, exc::OverflowError, "factorial() argument should not exceed 9223372036854775807");
  return int_value_factorial(static_cast<uint64_t>(m));
}

Value math_factorial(Args a) { return factorial_of(one_arg(a, "math.factorial")); }

Value math_isqrt(Args a) {
  Value n = int_value_index(one_arg(a, "math.isqrt"));
  if (is_negative(n)) raise(exc::ValueError, "isqrt() argument must be nonnegative");
  return int_value_isqrt(n);
}

// comb/perm's (n, k) checks; false when k > n (the result is 0).
bool comb_args(const Value& n, const Value& k) {
  if (is_negative(n)) raise(exc::ValueError, "n must be a non-negative integer");
  if (is_negative(k)) raise(exc::ValueError, "k must be a non-negative integer");
  return int_value_compare(k, n) <= 0;
}

Value math_comb(Args a) {
  check_positional(a, "comb", "math.comb", 2, 2);
  Value n = int_value_index(a[0]), k = int_value_index(a[1]);
  if (!comb_args(n, k)) return Value::integer(0);
  return int_value_comb(n, k);
}

Value math_perm(Args a) {
  check_positional(a, "perm", "math.perm", 1, 2);
  if (a.npos == 1 || a[1].is_none()) return factorial_of(a[0]);
  Value n = int_value_index(a[0]), k = int_value_index(a[1]);
  if (!comb_args(n, k)) return Value::integer(0);
  return int_value_perm(n, k);
}

} // namespace

Ref<Module> create_math_module() {
  s_floor = intern("__floor__");
  s_ceil = intern("__ceil__");
  s_trunc = intern("__trunc__");
  ModuleBuilder m("math");
#define REFC_MATH_REGISTER(name, fn, can_overflow) m.function(#name, math_##name);
  REFC_MATH_FUNCS(REFC_MATH_REGISTER)
#undef REFC_MATH_REGISTER
  m.function("erf", math_erf)
      .function("erfc", math_erfc)
      .function("gamma", math_gamma)
      .function("lgamma", math_lgamma)
      .function("atan2", math_atan2)
      .function("copysign", math_copysign)
      .function("remainder", math_remainder)
      .function("floor", math_floor)
      .function("ceil", math_ceil)
      .function("trunc", math_trunc)
      .function("log", math_log)
      .function("log2", math_log2)
      .function("log10", math_log10)
      .function("pow", math_pow)
      .function("fmod", math_fmod)
      .function("ldexp", math_ldexp)
      .function("frexp", math_frexp)
      .function("modf", math_modf)
      .function("degrees", math_degrees)
      .function("radians", math_radians)
      .function("isfinite", math_isfinite)
      .function("isinf", math_isinf)
      .function("isnan", math_isnan)
      .function("isclose", math_isclose)
      .function("nextafter", math_nextafter)
      .function("ulp", math_ulp)
      .function("hypot", math_hypot)
      .function("dist", math_dist)
      .function("fsum", math_fsum)
      .function("prod", math_prod)
      .function("gcd", math_gcd)
      .function("lcm", math_lcm)
      .function("factorial", math_factorial)
      .function("isqrt", math_isqrt)
      .function("comb", math_comb)
      .function("perm", math_perm)
      .value("pi", Value::floating(kPi))
      .value("e", Value::floating(std::numbers::e))
      .value("tau", Value::floating(2 * kPi))
      .value("inf", Value::floating(HUGE_VAL))
      .value("nan", Value::floating(NAN));
  return m.finish();
}

} // namespace refc::lang
