// The float type (init_float_type): construction from numbers and strings,
// arithmetic mixing with ints (float's dunders accept int and bool operands,
// int's defer to them), exact comparisons with ints and NaN semantics, repr
// through float_repr, rounding and integer conversion with CPython's errors,
// and the float methods (is_integer, as_integer_ratio, hex, ...).
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/container_support.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/format_spec.h"
#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/number_ops.h"
#include "reference_compiler/lang/singletons.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/lang/type_initializers.h"

#include <cfloat>
#include <cmath>

namespace refc::lang {
namespace {

inline double self_float(const Args& a, std::string_view method) {
  if (a.npos == 0 || !a[0].is_float()) check_self(a, types::float_, method);
  return a[0].as_float();
}

void dunder_arity(const Args& a, std::string_view name, size_t min, size_t max) {
  if (a.nkw() > 0) raise(exc::TypeError, "wrapper " + std::string(name) + "() takes no keyword arguments");
  size_t n = a.npos - 1;
  if (n < min || n > max) {
    size_t want = n < min ? min : max;
    raise(exc::TypeError, "expected " + std::to_string(want) + " argument" + (want == 1 ? "" : "s") +
                              ", got " + std::to_string(n));
  }
}

// An int, bool or float operand as a double; false for anything else.
inline bool as_double(const Value& v, double& out) {
  if (v.is_float()) {
    out = v.as_float();
    return true;
  }
  if (v.is_intlike()) {
    out = int_to_float(v.as_int());
    return true;
  }
  return false;
}

Value float_new(Args a) {
  if (a.nkw() > 0) raise(exc::TypeError, "float() takes no keyword arguments");
  check_arity(a.drop_first(), "float", 0, 1);
  if (a.npos < 2) return Value::floating(0.0);
  const Value& x = a[1];
  if (x.is_float()) return x;
  if (x.is_intlike()) return Value::floating(int_to_float(x.as_int()));
  if (is_str(x)) return Value::floating(parse_float(x.as<Str>()->view()));
  Value m = lookup_special(x, names::__float__);
  if (!m.is_null()) {
    Value r = call(m, {x});
    if (!r.is_float())
      raise(exc::TypeError, type_name(x) + ".__float__ returned non-float (type " + type_name(r) + ")");
    return r;
  }
  m = lookup_special(x, names::__index__);
  if (!m.is_null()) {
    Value r = call(m, {x});
    if (!r.is_intlike())
      raise(exc::TypeError, "__index__ returned non-int (type " + type_name(r) + ")");
    return Value::floating(int_to_float(r.as_int()));
  }
  raise(exc::TypeError, "float() argument must be a string or a real number, not '" + type_name(x) + "'");
}

constexpr const char* binary_dunder(BinaryOp op, bool reflected) {
  switch (op) {
  case BinaryOp::Add: return reflected ? "__radd__" : "__add__";
  case BinaryOp::Subtract: return reflected ? "__rsub__" : "__sub__";
  case BinaryOp::Multiply: return reflected ? "__rmul__" : "__mul__";
  case BinaryOp::TrueDivide: return reflected ? "__rtruediv__" : "__truediv__";
  case BinaryOp::FloorDivide: return reflected ? "__rfloordiv__" : "__floordiv__";
  case BinaryOp::Remainder: return reflected ? "__rmod__" : "__mod__";
  default: return "__op__";
  }
}

template <BinaryOp Op, bool Reflected> Value float_binary(Args a) {
  const char* name = binary_dunder(Op, Reflected);
  double x = self_float(a, name);
  dunder_arity(a, name, 1, 1);
  double y;
  if (!as_double(a[1], y)) return not_implemented();
  if (Reflected) std::swap(x, y);
  return numeric_binary_op(Op, Value::floating(x), Value::floating(y));
}

template <bool Reflected> Value float_divmod_fn(Args a) {
  const char* name = Reflected ? "__rdivmod__" : "__divmod__";
  double x = self_float(a, name);
  dunder_arity(a, name, 1, 1);
  double y;
  if (!as_double(a[1], y)) return not_implemented();
  if (Reflected) std::swap(x, y);
  double q, r;
  float_divmod(x, y, q, r);
  return Value(make_tuple({Value::floating(q), Value::floating(r)}));
}

template <bool Reflected> Value float_pow_fn(Args a) {
  const char* name = Reflected ? "__rpow__" : "__pow__";
  double x = self_float(a, name);
  dunder_arity(a, name, 1, 2);
  double y;
  if (!as_double(a[1], y)) return not_implemented();
  if (a.npos > 2 && !a[2].is_none())
    raise(exc::TypeError, "pow() 3rd argument not allowed unless all arguments are integers");
  if (Reflected) std::swap(x, y);
  return Value::floating(float_pow(x, y));
}

template <CompareOp Op> Value float_compare(Args a) {
  constexpr const char* kNames[] = {"__lt__", "__le__", "__eq__", "__ne__", "__gt__", "__ge__"};
  self_float(a, kNames[static_cast<int>(Op)]);
  dunder_arity(a, kNames[static_cast<int>(Op)], 1, 1);
  bool r;
  if (!numeric_compare(Op, a[0], a[1], r)) return not_implemented();
  return Value::boolean(r);
}

// ---- unary operators and conversions -------------------------------------------------

Value float_neg_fn(Args a) {
  double x = self_float(a, "__neg__");
  dunder_arity(a, "__neg__", 0, 0);
  return Value::floating(-x);
}
Value float_pos_fn(Args a) {
  double x = self_float(a, "__pos__");
  dunder_arity(a, "__pos__", 0, 0);
  return Value::floating(x);
}
Value float_abs_fn(Args a) {
  double x = self_float(a, "__abs__");
  dunder_arity(a, "__abs__", 0, 0);
  return Value::floating(std::fabs(x));
}
Value float_bool_fn(Args a) {
  double x = self_float(a, "__bool__");
  dunder_arity(a, "__bool__", 0, 0);
  return Value::boolean(x != 0.0);
}
Value float_hash_fn(Args a) {
  double x = self_float(a, "__hash__");
  dunder_arity(a, "__hash__", 0, 0);
  return Value::integer(float_hash(x));
}
Value float_repr_fn(Args a) {
  double x = self_float(a, "__repr__");
  dunder_arity(a, "__repr__", 0, 0);
  return str_value(float_repr(x));
}
Value float_int_fn(Args a) {
  double x = self_float(a, "__int__");
  dunder_arity(a, "__int__", 0, 0);
  return Value::integer(float_to_int(x));
}
Value float_trunc_fn(Args a) {
  double x = self_float(a, "__trunc__");
  dunder_arity(a, "__trunc__", 0, 0);
  return Value::integer(float_to_int(x));
}
Value float_floor_fn(Args a) {
  double x = self_float(a, "__floor__");
  dunder_arity(a, "__floor__", 0, 0);
  return Value::integer(float_to_int(std::floor(x)));
}
Value float_ceil_fn(Args a) {
  double x = self_float(a, "__ceil__");
  dunder_arity(a, "__ceil__", 0, 0);
  return Value::integer(float_to_int(std::ceil(x)));
}
Value float_float_fn(Args a) {
  double x = self_float(a, "__float__");
  dunder_arity(a, "__float__", 0, 0);
  return Value::floating(x);
}

Value float_round_fn(Args a) {
  double x = self_float(a, "__round__");
  if (a.nkw() > 0) raise(exc::TypeError, "float.__round__() takes no keyword arguments");
  check_arity(a.drop_first(), "__round__", 0, 1);
  if (a.npos < 2 || a[1].is_none()) return Value::integer(float_round_to_int(x));
  int64_t nd = a[1].is_intlike() ? a[1].as_int() : index_value(a[1]);
  return Value::floating(float_round(x, nd));
}

Value float_format_fn(Args a) {
  double x = self_float(a, "__format__");
  check_method_one_arg(a, "float.__format__");
  if (!is_str(a[1])) raise(exc::TypeError, "__format__() argument must be str, not " + type_name(a[1]));
  return str_value(format_float(x, a[1].as<Str>()->view()));
}

// ---- methods and attributes ------------------------------------------------------------

Value float_is_integer(Args a) {
  double x = self_float(a, "is_integer");
  check_method_no_args(a, "float.is_integer");
  return Value::boolean(std::isfinite(x) && x == std::floor(x));
}

Value float_as_integer_ratio(Args a) {
  double x = self_float(a, "as_integer_ratio");
  check_method_no_args(a, "float.as_integer_ratio");
  if (std::isinf(x)) raise(exc::OverflowError, "cannot convert Infinity to integer ratio");
  if (std::isnan(x)) raise(exc::ValueError, "cannot convert NaN to integer ratio");
  int e;
  double m = std::frexp(x, &e);
  // Scale the mantissa to an integer; each doubling moves one bit of exponent.
  for (int i = 0; i < 300 && m != std::floor(m); ++i) {
    m *= 2.0;
    --e;
  }
  int64_t num = float_to_int(m);
  int64_t den = 1;
  if (e > 0) {
    num = int_lshift(num, e);
  } else if (e < 0) {
    if (-e >= 63) raise_int_overflow();
    den = int64_t{1} << -e;
  }
  return Value(make_tuple({Value::integer(num), Value::integer(den)}));
}

Value float_conjugate(Args a) {
  double x = self_float(a, "conjugate");
  check_method_no_args(a, "float.conjugate");
  return Value::floating(x);
}

Value float_get_real(Args a) { return Value::floating(self_float(a, "real")); }
Value float_get_imag(Args a) {
  self_float(a, "imag");
  return Value::floating(0.0);
}

// float.hex(): CPython's float_hex layout, e.g. '0x1.8000000000000p+0'.
Value float_hex(Args a) {
  double x = self_float(a, "hex");
  check_method_no_args(a, "float.hex");
  if (std::isnan(x) || std::isinf(x)) return str_value(float_repr(x));
  if (x == 0) return str_value(std::signbit(x) ? "-0x0.0p+0" : "0x0.0p+0");
  static const char kHex[] = "0123456789abcdef";
  int e;
  double m = std::frexp(std::fabs(x), &e);
  int shift = 1 - std::max(DBL_MIN_EXP - e, 0);
  m = std::ldexp(m, shift);
  e -= shift;
  std::string out = x < 0 ? "-0x" : "0x";
  int d = static_cast<int>(m);
  out.push_back(kHex[d]);
  m -= d;
  out.push_back('.');
  for (int i = 0; i < (DBL_MANT_DIG - 1) / 4; ++i) {
    m *= 16.0;
    d = static_cast<int>(m);
    out.push_back(kHex[d]);
    m -= d;
  }
  out += e < 0 ? "p-" : "p+";
  out += std::to_string(e < 0 ? -e : e);
  return str_value(std::move(out));
}

} // namespace

void init_float_type() {
  TypeObject* t = types::float_;
  add_new(t, float_new);
  add_method(t, "__add__", float_binary<BinaryOp::Add, false>);
  add_method(t, "__radd__", float_binary<BinaryOp::Add, true>);
  add_method(t, "__sub__", float_binary<BinaryOp::Subtract, false>);
  add_method(t, "__rsub__", float_binary<BinaryOp::Subtract, true>);
  add_method(t, "__mul__", float_binary<BinaryOp::Multiply, false>);
  add_method(t, "__rmul__", float_binary<BinaryOp::Multiply, true>);
  add_method(t, "__truediv__", float_binary<BinaryOp::TrueDivide, false>);
  add_method(t, "__rtruediv__", float_binary<BinaryOp::TrueDivide, true>);
  add_method(t, "__floordiv__", float_binary<BinaryOp::FloorDivide, false>);
  add_method(t, "__rfloordiv__", float_binary<BinaryOp::FloorDivide, true>);
  add_method(t, "__mod__", float_binary<BinaryOp::Remainder, false>);
  add_method(t, "__rmod__", float_binary<BinaryOp::Remainder, true>);
  add_method(t, "__divmod__", float_divmod_fn<false>);
  add_method(t, "__rdivmod__", float_divmod_fn<true>);
  add_method(t, "__pow__", float_pow_fn<false>);
  add_method(t, "__rpow__", float_pow_fn<true>);
  add_method(t, "__eq__", float_compare<CompareOp::Eq>);
  add_method(t, "__ne__", float_compare<CompareOp::Ne>);
  add_method(t, "__lt__", float_compare<CompareOp::Lt>);
  add_method(t, "__le__", float_compare<CompareOp::Le>);
  add_method(t, "__gt__", float_compare<CompareOp::Gt>);
  add_method(t, "__ge__", float_compare<CompareOp::Ge>);
  add_method(t, "__neg__", float_neg_fn);
  add_method(t, "__pos__", float_pos_fn);
  add_method(t, "__abs__", float_abs_fn);
  add_method(t, "__bool__", float_bool_fn);
  add_method(t, "__hash__", float_hash_fn);
  add_method(t, "__repr__", float_repr_fn);
  add_method(t, "__int__", float_int_fn);
  add_method(t, "__trunc__", float_trunc_fn);
  add_method(t, "__floor__", float_floor_fn);
  add_method(t, "__ceil__", float_ceil_fn);
  add_method(t, "__float__", float_float_fn);
  add_method(t, "__round__", float_round_fn);
  add_method(t, "__format__", float_format_fn);
  add_method(t, "is_integer", float_is_integer);
  add_method(t, "as_integer_ratio", float_as_integer_ratio);
  add_method(t, "conjugate", float_conjugate);
  add_method(t, "hex", float_hex);
  add_getter(t, "real", float_get_real);
  add_getter(t, "imag", float_get_imag);
}

} // namespace refc::lang
