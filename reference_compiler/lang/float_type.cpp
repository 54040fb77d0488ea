// The float type (init_float_type): construction from numbers and strings,
// arithmetic mixing with ints (float's dunders accept int and bool operands,
// int's defer to them), exact comparisons with ints and NaN semantics, repr
// through float_repr, rounding and integer conversion with CPython's errors,
// and the float methods (is_integer, as_integer_ratio, hex, ...).
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/bytes_object.h"
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
  if (is_bytes_like(x)) {
    // float(b"1.5"): the bytes' ASCII text; a ValueError shows the bytes.
    std::string_view text = x.as<Bytes>()->view();
    try {
      return Value::floating(parse_float(text));
    } catch (PyError& e) {
      if (!isinstance(e.exc, exc::ValueError)) throw;
    }
    raise(exc::ValueError, "could not convert string to float: " + bytes_repr(text));
  }
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

// The receiver and the other operand of a binary dunder as doubles (swapped
// when reflected); false when the other operand is not a number.
bool float_operands(const Args& a, const char* name, size_t max_args, bool reflected, double& x,
                    double& y) {
  x = self_float(a, name);
  dunder_arity(a, name, 1, max_args);
  if (!as_double(a[1], y)) return false;
  if (reflected) std::swap(x, y);
  return true;
}

template <BinaryOp Op, bool Reflected> Value float_binary(Args a) {
  double x, y;
  if (!float_operands(a, binary_method_name(Op, Reflected), 1, Reflected, x, y))
    return not_implemented();
  return numeric_binary_op(Op, Value::floating(x), Value::floating(y));
}

template <bool Reflected> Value float_divmod_fn(Args a) {
  double x, y;
  if (!float_operands(a, Reflected ? "__rdivmod__" : "__divmod__", 1, Reflected, x, y))
    return not_implemented();
  double q, r;
  float_divmod(x, y, q, r);
  return Value(make_tuple({Value::floating(q), Value::floating(r)}));
}

template <bool Reflected> Value float_pow_fn(Args a) {
  double x, y;
  if (!float_operands(a, Reflected ? "__rpow__" : "__pow__", 2, Reflected, x, y))
    return not_implemented();
  if (a.npos > 2 && !a[2].is_none())
    raise(exc::TypeError, "pow() 3rd argument not allowed unless all arguments are integers");
  return Value::floating(float_pow(x, y));
}

template <CompareOp Op> Value float_compare(Args a) {
  self_float(a, compare_method_name(Op));
  dunder_arity(a, compare_method_name(Op), 1, 1);
  bool r;
  if (!numeric_compare(Op, a[0], a[1], r)) return not_implemented();
  return Value::boolean(r);
}

// ---- unary operators and conversions -------------------------------------------------

// The receiver of a dunder that takes no other argument.
double unary_self(const Args& a, const char* name) {
  double x = self_float(a, name);
  dunder_arity(a, name, 0, 0);
  return x;
}

Value float_neg_fn(Args a) { return Value::floating(-unary_self(a, "__neg__")); }
Value float_pos_fn(Args a) { return Value::floating(unary_self(a, "__pos__")); }
Value float_abs_fn(Args a) { return Value::floating(std::fabs(unary_self(a, "__abs__"))); }
Value float_bool_fn(Args a) { return Value::boolean(unary_self(a, "__bool__") != 0.0); }
Value float_hash_fn(Args a) { return Value::integer(float_hash(unary_self(a, "__hash__"))); }
Value float_repr_fn(Args a) { return str_value(float_repr(unary_self(a, "__repr__"))); }
Value float_int_fn(Args a) { return float_to_int(unary_self(a, "__int__")); }
Value float_trunc_fn(Args a) { return float_to_int(unary_self(a, "__trunc__")); }
Value float_floor_fn(Args a) {
  return float_to_int(std::floor(unary_self(a, "__floor__")));
}
Value float_ceil_fn(Args a) {
  return float_to_int(std::ceil(unary_self(a, "__ceil__")));
}
Value float_float_fn(Args a) { return Value::floating(unary_self(a, "__float__")); }

Value float_round_fn(Args a) {
  double x = self_float(a, "__round__");
  if (a.nkw() > 0) raise(exc::TypeError, "float.__round__() takes no keyword arguments");
  check_arity(a.drop_first(), "__round__", 0, 1);
  if (a.npos < 2 || a[1].is_none()) return float_round_to_int(x);
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
  Value num = float_to_int(m);
  Value den = Value::integer(1);
  if (e > 0)
    num = numeric_binary_op(BinaryOp::LShift, num, Value::integer(e));
  else if (e < 0)
    den = numeric_binary_op(BinaryOp::LShift, den, Value::integer(-e));
  return Value(make_tuple({num, den}));
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
  add_binary_methods<BinaryOp::Add, BinaryOp::Subtract, BinaryOp::Multiply, BinaryOp::TrueDivide,
                     BinaryOp::FloorDivide, BinaryOp::Remainder>(
      t, []<BinaryOp Op, bool R> { return float_binary<Op, R>; });
  add_method(t, "__divmod__", float_divmod_fn<false>);
  add_method(t, "__rdivmod__", float_divmod_fn<true>);
  add_method(t, "__pow__", float_pow_fn<false>);
  add_method(t, "__rpow__", float_pow_fn<true>);
  add_comparisons(t, []<CompareOp Op> { return float_compare<Op>; });
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
