// The int and bool types (init_int_type, init_bool_type): construction from
// numbers and strings, the arithmetic, bitwise and comparison dunders with
// CPython's NotImplemented protocol (an int operand defers to float's reflected
// method), and the int methods and attributes. bool is int's subclass: it only
// adds its constructor, repr, and & | ^ that stay bool between bools.
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/big_int.h"
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

namespace refc::lang {
namespace {

// int(b"42"): the bytes' ASCII text, parsed as a str; a ValueError shows the bytes.
Value parse_int_bytes(const Value& x, int base) {
  std::string_view text = x.as<Bytes>()->view();
  try {
    return parse_int(text, base);
  } catch (PyError& e) {
    if (!isinstance(e.exc, exc::ValueError)) throw;
  }
  raise(exc::ValueError, "invalid literal for int() with base " + std::to_string(base) + ": " +
                             bytes_repr(text));
}

// The receiver of an int method: an immediate or a BigInt.
inline const Value& self_int(const Args& a, std::string_view method) {
  if (a.npos == 0 || !a[0].is_intlike()) check_self(a, types::int_, method);
  return a[0];
}

// An int result that is a plain int (a bool receiver gives the int).
inline Value plain_int(const Value& v) { return v.is_bool() ? Value::integer(v.as_int()) : v; }

// int(x) for a value that is not a str: numbers directly, else __int__,
// __index__ or __trunc__, with CPython's checks on what they return.
Value int_from_object(const Value& x) {
  if (x.is_intlike()) return Value::integer(x.as_int());
  if (is_big_int(x)) return x;
  if (x.is_float()) return float_to_int(x.as_float());
  if (is_str(x)) return parse_int(x.as<Str>()->view(), 10);
  if (is_bytes_like(x)) return parse_int_bytes(x, 10);
  for (Str* name : {names::__int__, names::__index__}) {
    Value m = lookup_special(x, name);
    if (m.is_null()) continue;
    Value r = call(m, {x});
    if (!is_int_value(r))
      raise(exc::TypeError, std::string(name->view()) + " returned non-int (type " + type_name(r) + ")");
    return plain_int(r);
  }
  static Str* trunc = intern("__trunc__");
  Value m = lookup_special(x, trunc);
  if (!m.is_null()) {
    Value r = call(m, {x});
    if (is_int_value(r)) return plain_int(r);
    Value m2 = lookup_special(r, names::__index__);
    if (m2.is_null())
      raise(exc::TypeError, "__trunc__ returned non-Integral (type " + type_name(r) + ")");
    return int_from_object(r);
  }
  raise(exc::TypeError, "int() argument must be a string, a bytes-like object or a real number, not '" +
                            type_name(x) + "'");
}

Value int_new(Args a) {
  // args[0] is the class.
  size_t npos = a.npos - 1;
  Value x, base;
  if (npos > 0) x = a[1];
  if (npos > 1) base = a[2];
  for (size_t k = 0; k < a.nkw(); ++k) {
    std::string_view kw = a.kwname(k)->view();
    if (kw != "base")
      raise(exc::TypeError, "'" + std::string(kw) + "' is an invalid keyword argument for int()");
    if (npos > 1) raise(exc::TypeError, "argument for int() given by name ('base') and position (2)");
    base = a.kwvalue(k);
  }
  if (npos > 2)
    raise(exc::TypeError, "int() takes at most 2 arguments (" + std::to_string(npos + a.nkw()) + " given)");
  if (base.is_null()) {
    if (x.is_null()) return Value::integer(0);
    return int_from_object(x);
  }
  if (x.is_null()) raise(exc::TypeError, "int() missing string argument");
  int64_t b = base.is_intlike() ? base.as_int() : index_value(base);
  if (!is_str(x) && !is_bytes_like(x))
    raise(exc::TypeError, "int() can't convert non-string with explicit base");
  if (b != 0 && (b < 2 || b > 36)) raise(exc::ValueError, "int() base must be >= 2 and <= 36, or 0");
  if (is_bytes_like(x)) return parse_int_bytes(x, static_cast<int>(b));
  return parse_int(x.as<Str>()->view(), static_cast<int>(b));
}

// ---- binary operators ------------------------------------------------------------

// `self op other` (or `other op self` when reflected) for int operands; any
// other operand type answers NotImplemented, as CPython's int slots do.
template <BinaryOp Op, bool Reflected> Value int_binary(Args a) {
  const char* name = binary_method_name(Op, Reflected);
  self_int(a, name);
  dunder_arity(a, name, 1, 1);
  const Value& other = a[1];
  if (!is_int_value(other)) return not_implemented();
  return Reflected ? numeric_binary_op(Op, other, a[0]) : numeric_binary_op(Op, a[0], other);
}

Value divmod_tuple(const Value& x, const Value& y) {
  if (x.is_intlike() && y.is_intlike() && !(x.as_int() == INT64_MIN && y.as_int() == -1)) {
    int64_t q, r;
    int_divmod(x.as_int(), y.as_int(), q, r);
    return Value(make_tuple({Value::integer(q), Value::integer(r)}));
  }
  Value q, r;
  int_value_divmod(x, y, q, r);
  return Value(make_tuple({q, r}));
}

template <bool Reflected> Value int_divmod_fn(Args a) {
  const Value& self = self_int(a, Reflected ? "__rdivmod__" : "__divmod__");
  dunder_arity(a, Reflected ? "__rdivmod__" : "__divmod__", 1, 1);
  if (!is_int_value(a[1])) return not_implemented();
  return Reflected ? divmod_tuple(a[1], self) : divmod_tuple(self, a[1]);
}

template <bool Reflected> Value int_pow_fn(Args a) {
  const Value& self = self_int(a, Reflected ? "__rpow__" : "__pow__");
  dunder_arity(a, Reflected ? "__rpow__" : "__pow__", 1, 2);
  if (!is_int_value(a[1])) return not_implemented();
  const Value& base = Reflected ? a[1] : self;
  const Value& exp = Reflected ? self : a[1];
  if (a.npos > 2 && !a[2].is_none()) {
    if (!is_int_value(a[2])) return not_implemented();
    if (base.is_intlike() && exp.is_intlike() && a[2].is_intlike())
      return Value::integer(int_pow_mod(base.as_int(), exp.as_int(), a[2].as_int()));
    return int_value_pow_mod(base, exp, a[2]);
  }
  return numeric_binary_op(BinaryOp::Power, base, exp);
}

template <CompareOp Op> Value int_compare(Args a) {
  self_int(a, compare_method_name(Op));
  dunder_arity(a, compare_method_name(Op), 1, 1);
  if (!is_int_value(a[1])) return not_implemented();
  bool r = false;
  numeric_compare(Op, a[0], a[1], r);
  return Value::boolean(r);
}

// ---- unary operators and conversions -------------------------------------------------

// The receiver of a dunder that takes no other argument.
const Value& unary_self(const Args& a, const char* name) {
  const Value& v = self_int(a, name);
  dunder_arity(a, name, 0, 0);
  return v;
}

Value int_neg_fn(Args a) { return unary_op(UnaryOp::Negative, unary_self(a, "__neg__")); }
Value int_pos_fn(Args a) { return plain_int(unary_self(a, "__pos__")); }
Value int_abs_fn(Args a) {
  const Value& v = unary_self(a, "__abs__");
  if (v.is_intlike() && v.as_int() != INT64_MIN) return Value::integer(v.as_int() < 0 ? -v.as_int() : v.as_int());
  return int_value_abs(v);
}
Value int_invert_fn(Args a) { return unary_op(UnaryOp::Invert, unary_self(a, "__invert__")); }
Value int_bool_fn(Args a) {
  const Value& v = unary_self(a, "__bool__");
  return Value::boolean(is_big_int(v) || v.as_int() != 0);
}
Value int_hash_fn(Args a) { return Value::integer(int_value_hash(unary_self(a, "__hash__"))); }
Value int_repr_fn(Args a) { return str_value(int_value_to_string(unary_self(a, "__repr__"))); }
// __int__, __index__, __trunc__, __floor__, __ceil__: the int itself (a bool
// becomes the plain int).
constexpr char kInt[] = "__int__", kIndex[] = "__index__", kTrunc[] = "__trunc__",
               kFloor[] = "__floor__", kCeil[] = "__ceil__";
template <const char* Name> Value int_identity(Args a) { return plain_int(unary_self(a, Name)); }
Value int_float_fn(Args a) { return Value::floating(int_value_to_float(unary_self(a, "__float__"))); }

Value int_round_fn(Args a) {
  const Value& v = self_int(a, "__round__");
  if (a.nkw() > 0) raise(exc::TypeError, "int.__round__() takes no keyword arguments");
  check_arity(a.drop_first(), "__round__", 0, 1);
  if (a.npos < 2 || a[1].is_none()) return plain_int(v);
  int64_t nd = a[1].is_intlike() ? a[1].as_int() : index_value(a[1]);
  return int_value_round(v, nd);
}

Value int_format_fn(Args a) {
  const Value& v = self_int(a, "__format__");
  check_method_one_arg(a, "int.__format__");
  if (!is_str(a[1])) raise(exc::TypeError, "__format__() argument must be str, not " + type_name(a[1]));
  std::string_view spec = a[1].as<Str>()->view();
  if (a[0].is_bool()) {
    if (spec.empty()) return Value(to_str(a[0]));
    return str_value(format_int(v, spec, "bool"));
  }
  return str_value(format_int(v, spec, "int"));
}

// ---- methods and attributes ------------------------------------------------------------

Value int_bit_length(Args a) {
  const Value& v = self_int(a, "bit_length");
  check_method_no_args(a, "int.bit_length");
  return Value::integer(int_value_bit_length(v));
}

Value int_bit_count(Args a) {
  const Value& v = self_int(a, "bit_count");
  check_method_no_args(a, "int.bit_count");
  return Value::integer(int_value_bit_count(v));
}

Value int_as_integer_ratio(Args a) {
  const Value& v = self_int(a, "as_integer_ratio");
  check_method_no_args(a, "int.as_integer_ratio");
  return Value(make_tuple({plain_int(v), Value::integer(1)}));
}

Value int_conjugate(Args a) {
  const Value& v = self_int(a, "conjugate");
  check_method_no_args(a, "int.conjugate");
  return plain_int(v);
}

Value int_get_self(Args a) { return plain_int(self_int(a, "real")); }
Value int_get_zero(Args a) {
  self_int(a, "imag");
  return Value::integer(0);
}
Value int_get_one(Args a) {
  self_int(a, "denominator");
  return Value::integer(1);
}

// ---- bool --------------------------------------------------------------------------------

Value bool_new(Args a) {
  if (a.nkw() > 0) raise(exc::TypeError, "bool() takes no keyword arguments");
  check_arity(a.drop_first(), "bool", 0, 1);
  if (a.npos < 2) return Value::boolean(false);
  return Value::boolean(truthy(a[1]));
}

Value bool_repr_fn(Args a) {
  if (a.npos == 0 || !a[0].is_bool()) check_self(a, types::bool_, "__repr__");
  dunder_arity(a, "__repr__", 0, 0);
  static Str* true_str = intern("True");
  static Str* false_str = intern("False");
  return Value::borrow(a[0].as_bool() ? true_str : false_str);
}

// & | ^ (and reflected): bool when both operands are bools, else int's result.
template <BinaryOp Op, bool Reflected> Value bool_bitwise(Args a) {
  const char* name = binary_method_name(Op, Reflected);
  if (a.npos == 0 || !a[0].is_bool()) check_self(a, types::bool_, name);
  dunder_arity(a, name, 1, 1);
  if (!a[1].is_intlike()) return not_implemented();
  return numeric_binary_op(Op, a[0], a[1]);
}

} // namespace

void init_int_type() {
  TypeObject* t = types::int_;
  add_new(t, int_new);
  add_binary_methods<BinaryOp::Add, BinaryOp::Subtract, BinaryOp::Multiply, BinaryOp::TrueDivide,
                     BinaryOp::FloorDivide, BinaryOp::Remainder>(
      t, []<BinaryOp Op, bool R> { return int_binary<Op, R>; });
  add_method(t, "__divmod__", int_divmod_fn<false>);
  add_method(t, "__rdivmod__", int_divmod_fn<true>);
  add_method(t, "__pow__", int_pow_fn<false>);
  add_method(t, "__rpow__", int_pow_fn<true>);
  // int & int is an int even between bools (bool overrides these).
  add_binary_methods<BinaryOp::LShift, BinaryOp::RShift, BinaryOp::And, BinaryOp::Or, BinaryOp::Xor>(
      t, []<BinaryOp Op, bool R> { return int_binary<Op, R>; });
  add_comparisons(t, []<CompareOp Op> { return int_compare<Op>; });
  add_method(t, "__neg__", int_neg_fn);
  add_method(t, "__pos__", int_pos_fn);
  add_method(t, "__abs__", int_abs_fn);
  add_method(t, "__invert__", int_invert_fn);
  add_method(t, "__bool__", int_bool_fn);
  add_method(t, "__hash__", int_hash_fn);
  add_method(t, "__repr__", int_repr_fn);
  add_method(t, "__int__", int_identity<kInt>);
  add_method(t, "__index__", int_identity<kIndex>);
  add_method(t, "__trunc__", int_identity<kTrunc>);
  add_method(t, "__floor__", int_identity<kFloor>);
  add_method(t, "__ceil__", int_identity<kCeil>);
  add_method(t, "__float__", int_float_fn);
  add_method(t, "__round__", int_round_fn);
  add_method(t, "__format__", int_format_fn);
  add_method(t, "bit_length", int_bit_length);
  add_method(t, "bit_count", int_bit_count);
  add_method(t, "as_integer_ratio", int_as_integer_ratio);
  add_method(t, "conjugate", int_conjugate);
  add_getter(t, "real", int_get_self);
  add_getter(t, "imag", int_get_zero);
  add_getter(t, "numerator", int_get_self);
  add_getter(t, "denominator", int_get_one);
}

void init_bool_type() {
  TypeObject* t = types::bool_;
  add_new(t, bool_new);
  add_method(t, "__repr__", bool_repr_fn);
  add_binary_methods<BinaryOp::And, BinaryOp::Or, BinaryOp::Xor>(
      t, []<BinaryOp Op, bool R> { return bool_bitwise<Op, R>; });
}

} // namespace refc::lang
