// The abstract object protocol, part two: binary and unary operators (with
// reflected operands, the subclass-first rule, in-place fallbacks and the
// sequence concat/repeat fallbacks), rich comparison, truth, membership,
// hashing, repr/str/format, __index__, iteration, subscripting and len().
// Each operation first handles the immediates and the exact built-in
// containers inline, then dispatches to dunders found on the type.
#include "reference_compiler/lang/abstract.h"

#include "reference_compiler/lang/big_int.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/instance_object.h"
#include "reference_compiler/lang/iterators.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/number_ops.h"
#include "reference_compiler/lang/recursion_guard.h"
#include "reference_compiler/lang/set_object.h"
#include "reference_compiler/lang/singletons.h"
#include "reference_compiler/lang/tuple_object.h"

#include <cstring>

namespace refc::lang {

namespace {

inline TypeObject* type_of(const Value& v) { return v.is_obj() ? v.as_obj()->type : v.type(); }

inline bool exact(const Value& v, const TypeObject* t) {
  return v.is_obj() && v.as_obj()->type == t;
}

inline bool is_numeric(const Value& v) { return v.is_intlike() || v.is_float() || is_big_int(v); }

std::string quoted_type(const Value& v) { return "'" + type_of(v)->name + "'"; }

Ref<Str> as_str_ref(Value v) { return Ref<Str>::steal(static_cast<Str*>(v.release_obj())); }

// meth(self, other) for a dunder found on type(self).
Value call_dunder(const Value& meth, const Value& self, const Value& other) {
  Value argv[1] = {other};
  return call_with_self(meth, self, Args{argv, 1, nullptr});
}

Value call_dunder0(const Value& meth, const Value& self) {
  return call_with_self(meth, self, Args{nullptr, 0, nullptr});
}

// ---- operator names ---------------------------------------------------------------

struct BinarySlot {
  Str* name;  // __add__
  Str* rname; // __radd__
  Str* iname; // __iadd__
};

constexpr int kBinaryOps = 13;

const BinarySlot* binary_slots() {
  static const BinarySlot* slots = [] {
    static const char* const kNames[kBinaryOps] = {"add", "and",     "floordiv", "lshift", "matmul",
                                                   "mul", "mod",     "or",       "pow",    "rshift",
                                                   "sub", "truediv", "xor"};
    static BinarySlot table[kBinaryOps];
    for (int i = 0; i < kBinaryOps; ++i) {
      std::string n = kNames[i];
      table[i] = {intern("__" + n + "__"), intern("__r" + n + "__"), intern("__i" + n + "__")};
    }
    return table;
  }();
  return slots;
}

const char* const kBinarySymbols[] = {
    "+",  "&",  "//",  "<<",  "@",  "*",  "%",  "|",  "**",  ">>",  "-",  "/",  "^",
    "+=", "&=", "//=", "<<=", "@=", "*=", "%=", "|=", "**=", ">>=", "-=", "/=", "^="};

const char* const kCompareSymbols[] = {"<", "<=", "==", "!=", ">", ">="};

Str* compare_name(CompareOp op) {
  static Str* const* table = [] {
    static Str* t[6] = {names::__lt__, names::__le__, names::__eq__,
                        names::__ne__, names::__gt__, names::__ge__};
    return t;
  }();
  return table[static_cast<int>(op)];
}

constexpr CompareOp kSwapped[] = {CompareOp::Gt, CompareOp::Ge, CompareOp::Eq,
                                  CompareOp::Ne, CompareOp::Lt, CompareOp::Le};

// binary_op1: a.__op__(b) / b.__rop__(a) with the subclass-first rule; Null
// when both decline.
Value binary_dispatch(int base, const Value& a, const Value& b) {
  const BinarySlot& s = binary_slots()[base];
  TypeObject* ta = type_of(a);
  TypeObject* tb = type_of(b);
  Value fa = ta->lookup(s.name);
  Value fb;
  if (tb != ta) fb = tb->lookup(s.rname);
  if (!fb.is_null() && tb->is_subtype(ta) && !fb.is(ta->lookup(s.rname))) {
    // A subclass overriding the reflected method gets the first try.
    Value r = call_dunder(fb, b, a);
    if (!is_not_implemented(r)) return r;
    fb = Value();
  }
  if (!fa.is_null() && !fa.is_none()) {
    Value r = call_dunder(fa, a, b);
    if (!is_not_implemented(r)) return r;
  }
  if (!fb.is_null() && !fb.is_none()) {
    Value r = call_dunder(fb, b, a);
    if (!is_not_implemented(r)) return r;
  }
  return Value();
}

bool is_sequence(const Value& v) {
  return exact(v, types::list) || exact(v, types::tuple) || exact(v, types::str);
}

bool has_index(const Value& v) {
  return v.is_intlike() || !type_of(v)->lookup(names::__index__).is_null();
}

// CPython's sq_concat / sq_repeat fallbacks after both operands declined.
Value sequence_fallback(int base, const Value& a, const Value& b) {
  if (base == static_cast<int>(BinaryOp::Add) && is_sequence(a)) {
    const std::string& n = type_of(a)->name;
    raise(exc::TypeError,
          "can only concatenate " + n + " (not \"" + type_of(b)->name + "\") to " + n);
  }
  if (base == static_cast<int>(BinaryOp::Multiply)) {
    const Value* seq = is_sequence(a) ? &a : is_sequence(b) ? &b : nullptr;
    if (seq) {
      const Value& count = seq == &a ? b : a;
      if (!has_index(count))
        raise(exc::TypeError,
              "can't multiply sequence by non-int of type '" + type_of(count)->name + "'");
      if (is_big_int(count)) raise(exc::OverflowError, "cannot fit 'int' into an index-sized integer");
      Value n = Value::integer(index_value(count));
      Value r = call_dunder(type_of(*seq)->lookup(binary_slots()[base].name), *seq, n);
      if (!is_not_implemented(r)) return r;
    }
  }
  return Value();
}

[[noreturn]] void raise_unsupported(int op, const Value& a, const Value& b) {
  const char* sym = op == static_cast<int>(BinaryOp::Power) ? "** or pow()" : kBinarySymbols[op];
  raise(exc::TypeError, std::string("unsupported operand type(s) for ") + sym + ": " +
                            quoted_type(a) + " and " + quoted_type(b));
}

// Inline int/float arithmetic for the most common operators; Null otherwise.
inline Value fast_numeric(int base, const Value& a, const Value& b) {
  if (a.is_int() && b.is_int()) {
    int64_t x = a.as_int(), y = b.as_int(), r;
    switch (static_cast<BinaryOp>(base)) {
    case BinaryOp::Add:
      if (__builtin_add_overflow(x, y, &r)) break;
      return Value::integer(r);
    case BinaryOp::Subtract:
      if (__builtin_sub_overflow(x, y, &r)) break;
      return Value::integer(r);
    case BinaryOp::Multiply:
      if (__builtin_mul_overflow(x, y, &r)) break;
      return Value::integer(r);
    default:
      break;
    }
  } else if (a.is_float() && b.is_float()) {
    double x = a.as_float(), y = b.as_float();
    switch (static_cast<BinaryOp>(base)) {
    case BinaryOp::Add:
      return Value::floating(x + y);
    case BinaryOp::Subtract:
      return Value::floating(x - y);
    case BinaryOp::Multiply:
      return Value::floating(x * y);
    default:
      break;
    }
  }
  if (is_numeric(a) && is_numeric(b)) return numeric_binary_op(static_cast<BinaryOp>(base), a, b);
  return Value();
}

} // namespace

const char* binary_op_symbol(BinaryOp op) { return kBinarySymbols[static_cast<int>(op)]; }
const char* compare_op_symbol(CompareOp op) { return kCompareSymbols[static_cast<int>(op)]; }

// ---- operators ------------------------------------------------------------------------

Value binary_op(BinaryOp op, const Value& a, const Value& b) {
  int code = static_cast<int>(op);
  bool inplace = code >= kBinaryOps;
  int base = inplace ? code - kBinaryOps : code;
  if (!a.is_obj() && !b.is_obj()) {
    Value r = fast_numeric(base, a, b);
    if (!r.is_null()) return r;
  } else if ((is_big_int(a) || is_big_int(b)) && is_numeric(a) && is_numeric(b)) {
    Value r = numeric_binary_op(static_cast<BinaryOp>(base), a, b);
    if (!r.is_null()) return r;
  }
  if (inplace) {
    Value fi = type_of(a)->lookup(binary_slots()[base].iname);
    if (!fi.is_null() && !fi.is_none()) {
      Value r = call_dunder(fi, a, b);
      if (!is_not_implemented(r)) return r;
    }
  }
  Value r = binary_dispatch(base, a, b);
  if (!r.is_null()) return r;
  r = sequence_fallback(base, a, b);
  if (!r.is_null()) return r;
  raise_unsupported(code, a, b);
}

Value unary_op(UnaryOp op, const Value& a) {
  if (op == UnaryOp::Not) return Value::boolean(!truthy(a));
  if (a.is_intlike()) {
    int64_t x = a.as_int();
    switch (op) {
    case UnaryOp::Negative:
      if (x == INT64_MIN) return int_value_negate(a);
      return Value::integer(-x);
    case UnaryOp::Positive:
      return Value::integer(x);
    default:
      return Value::integer(~x);
    }
  }
  if (a.is_float()) {
    if (op == UnaryOp::Negative) return Value::floating(-a.as_float());
    if (op == UnaryOp::Positive) return a;
  }
  if (is_big_int(a)) {
    if (op == UnaryOp::Negative) return int_value_negate(a);
    if (op == UnaryOp::Positive) return a;
    return int_value_invert(a);
  }
  Str* name = op == UnaryOp::Negative   ? names::__neg__
              : op == UnaryOp::Positive ? names::__pos__
                                        : names::__invert__;
  Value f = type_of(a)->lookup(name);
  if (!f.is_null() && !f.is_none()) return call_dunder0(f, a);
  const char* sym = op == UnaryOp::Negative ? "-" : op == UnaryOp::Positive ? "+" : "~";
  raise(exc::TypeError, std::string("bad operand type for unary ") + sym + ": " + quoted_type(a));
}

// ---- comparison --------------------------------------------------------------------

namespace {

// `x op y` for two values of one ordered scalar type.
template <typename T> inline bool compare_scalars(CompareOp op, T x, T y) {
  switch (op) {
  case CompareOp::Lt: return x < y;
  case CompareOp::Le: return x <= y;
  case CompareOp::Eq: return x == y;
  case CompareOp::Ne: return x != y;
  case CompareOp::Gt: return x > y;
  case CompareOp::Ge: return x >= y;
  }
  return false;
}

inline bool fast_compare(CompareOp op, const Value& a, const Value& b, bool& out) {
  if (a.is_int() && b.is_int()) {
    out = compare_scalars(op, a.as_int(), b.as_int());
    return true;
  }
  if (a.is_float() && b.is_float()) {
    out = compare_scalars(op, a.as_float(), b.as_float());
    return true;
  }
  if (is_numeric(a) && is_numeric(b)) return numeric_compare(op, a, b, out);
  if (exact(a, types::str) && exact(b, types::str)) {
    // UTF-8 byte order is code point order.
    const Str* x = a.as<Str>();
    const Str* y = b.as<Str>();
    if (op == CompareOp::Eq || op == CompareOp::Ne) {
      out = str_equal(x, y) == (op == CompareOp::Eq);
      return true;
    }
    out = compare_scalars(op, x->view().compare(y->view()), 0);
    return true;
  }
  return false;
}

Value rich_compare(CompareOp op, const Value& a, const Value& b) {
  RecursionGuard guard(" in comparison");
  TypeObject* ta = type_of(a);
  TypeObject* tb = type_of(b);
  Str* name = compare_name(op);
  Str* rname = compare_name(kSwapped[static_cast<int>(op)]);
  bool checked_reverse = false;
  if (ta != tb && tb->is_subtype(ta)) {
    Value f = tb->lookup(rname);
    if (!f.is_null() && !f.is_none()) {
      checked_reverse = true;
      Value r = call_dunder(f, b, a);
      if (!is_not_implemented(r)) return r;
    }
  }
  Value f = ta->lookup(name);
  if (!f.is_null() && !f.is_none()) {
    Value r = call_dunder(f, a, b);
    if (!is_not_implemented(r)) return r;
  }
  if (!checked_reverse) {
    Value g = tb->lookup(rname);
    if (!g.is_null() && !g.is_none()) {
      Value r = call_dunder(g, b, a);
      if (!is_not_implemented(r)) return r;
    }
  }
  if (op == CompareOp::Eq) return Value::boolean(a.is(b));
  if (op == CompareOp::Ne) return Value::boolean(!a.is(b));
  raise(exc::TypeError, std::string("'") + kCompareSymbols[static_cast<int>(op)] +
                            "' not supported between instances of " + quoted_type(a) + " and " +
                            quoted_type(b));
}

} // namespace

Value compare(CompareOp op, const Value& a, const Value& b) {
  bool out;
  if (fast_compare(op, a, b, out)) return Value::boolean(out);
  return rich_compare(op, a, b);
}

bool compare_bool(CompareOp op, const Value& a, const Value& b) {
  bool out;
  if (fast_compare(op, a, b, out)) return out;
  Value r = rich_compare(op, a, b);
  if (r.is_bool()) return r.as_bool();
  return truthy(r);
}

bool equals(const Value& a, const Value& b) {
  if (a.is(b)) return true;
  bool out;
  if (fast_compare(CompareOp::Eq, a, b, out)) return out;
  Value r = rich_compare(CompareOp::Eq, a, b);
  if (r.is_bool()) return r.as_bool();
  return truthy(r);
}

// ---- truth and membership --------------------------------------------------------

bool truthy(const Value& v) {
  switch (v.tag()) {
  case Tag::Null:
  case Tag::None:
    return false;
  case Tag::Bool:
  case Tag::Int:
    return v.as_int() != 0;
  case Tag::Float:
    return v.as_float() != 0.0;
  case Tag::Obj:
    break;
  }
  Object* o = v.as_obj();
  TypeObject* t = o->type;
  if (t == types::str) return static_cast<Str*>(o)->length != 0;
  if (t == types::list) return !static_cast<List*>(o)->items.empty();
  if (t == types::tuple) return !static_cast<Tuple*>(o)->items.empty();
  if (t == types::dict) return static_cast<Dict*>(o)->size() != 0;
  if (t == types::set || t == types::frozenset) return static_cast<SetObject*>(o)->size() != 0;
  if (o == singletons::not_implemented || o == singletons::ellipsis) return true;
  Value f = t->lookup(names::__bool__);
  if (!f.is_null() && !f.is_none()) {
    Value r = call_dunder0(f, v);
    if (!r.is_bool())
      raise(exc::TypeError, "__bool__ should return bool, returned " + type_of(r)->name);
    return r.as_bool();
  }
  Value len = t->lookup(names::__len__);
  if (!len.is_null() && !len.is_none()) {
    Value r = call_dunder0(len, v);
    int64_t n = index_value(r);
    if (n < 0) raise(exc::ValueError, "__len__() should return >= 0");
    return n != 0;
  }
  return true;
}

bool contains(const Value& container, const Value& item) {
  if (container.is_obj()) {
    Object* o = container.as_obj();
    TypeObject* t = o->type;
    if (t == types::dict) return static_cast<Dict*>(o)->contains(item);
    if (t == types::set || t == types::frozenset) {
      Value f = t->lookup(names::__contains__);
      return truthy(call_dunder(f, container, item));
    }
    if (t == types::list || t == types::tuple) {
      // Index-based: an __eq__ may mutate the list.
      const std::vector<Value>& items =
          t == types::list ? static_cast<List*>(o)->items : static_cast<Tuple*>(o)->items;
      for (size_t i = 0; i < items.size(); ++i) {
        Value x = items[i];
        if (equals(x, item)) return true;
      }
      return false;
    }
    Value f = t->lookup(names::__contains__);
    if (!f.is_null() && !f.is_none()) return truthy(call_dunder(f, container, item));
  }
  TypeObject* t = type_of(container);
  Value it_attr = t->lookup(names::__iter__);
  bool iterable = (!it_attr.is_null() && !it_attr.is_none()) ||
                  (it_attr.is_null() && !t->lookup(names::__getitem__).is_null());
  if (!iterable)
    raise(exc::TypeError, "argument of type " + quoted_type(container) + " is not iterable");
  Value it = get_iter(container);
  for (;;) {
    Value x = iter_next(it);
    if (x.is_null()) return false;
    if (equals(x, item)) return true;
  }
}

// ---- hashing and conversion ----------------------------------------------------------

int64_t hash(const Value& v) {
  switch (v.tag()) {
  case Tag::Int:
    return int_hash(v.as_int());
  case Tag::Bool:
    return v.as_int();
  case Tag::Float:
    return float_hash(v.as_float());
  case Tag::None:
  case Tag::Null:
    return none_hash;
  case Tag::Obj:
    break;
  }
  Object* o = v.as_obj();
  if (o->type == types::str) return static_cast<Str*>(o)->hash();
  if (o->type == types::int_) return int_value_hash(v);
  RecursionGuard guard(" while calling a Python object"); // hash of a nested tuple recurses
  Value f = o->type->lookup(names::__hash__);
  if (f.is_null() || f.is_none()) raise(exc::TypeError, "unhashable type: " + quoted_type(v));
  Value r = call_dunder0(f, v);
  if (is_big_int(r)) return int_value_hash(r);
  if (!r.is_intlike()) raise(exc::TypeError, "__hash__ method should return an integer");
  int64_t h = r.as_int();
  return h == -1 ? -2 : h;
}

Ref<Str> repr(const Value& v) {
  switch (v.tag()) {
  case Tag::Int:
    return make_str(int_to_string(v.as_int()));
  case Tag::Bool:
    return Ref<Str>::borrow(intern(v.as_bool() ? "True" : "False"));
  case Tag::None:
  case Tag::Null:
    return Ref<Str>::borrow(intern("None"));
  case Tag::Float:
    return make_str(float_repr(v.as_float()));
  case Tag::Obj:
    break;
  }
  RecursionGuard guard(" while getting the repr of an object");
  Value f = v.as_obj()->type->lookup(names::__repr__);
  Value r = call_dunder0(f, v);
  if (!exact(r, types::str))
    raise(exc::TypeError, "__repr__ returned non-string (type " + type_of(r)->name + ")");
  return as_str_ref(std::move(r));
}

Ref<Str> to_str(const Value& v) {
  if (exact(v, types::str)) return Ref<Str>::borrow(v.as<Str>());
  if (!v.is_obj()) return repr(v);
  RecursionGuard guard(" while getting the str of an object");
  Value f = v.as_obj()->type->lookup(names::__str__);
  Value r = call_dunder0(f, v);
  if (!exact(r, types::str))
    raise(exc::TypeError, "__str__ returned non-string (type " + type_of(r)->name + ")");
  return as_str_ref(std::move(r));
}

Ref<Str> format(const Value& v, std::string_view spec) {
  if (spec.empty() && exact(v, types::str)) return Ref<Str>::borrow(v.as<Str>());
  Value f = type_of(v)->lookup(names::__format__);
  if (f.is_null() || f.is_none())
    raise(exc::TypeError, "Type " + type_of(v)->name + " doesn't define __format__");
  Value r = call_dunder(f, v, str_value(std::string(spec)));
  if (!exact(r, types::str))
    raise(exc::TypeError, "__format__ must return a str, not " + type_of(r)->name);
  return as_str_ref(std::move(r));
}

int64_t index_value(const Value& v) {
  if (v.is_intlike()) return v.as_int();
  if (is_big_int(v)) raise(exc::OverflowError, "Python int too large to convert to C ssize_t");
  Value f = type_of(v)->lookup(names::__index__);
  if (f.is_null() || f.is_none())
    raise(exc::TypeError, quoted_type(v) + " object cannot be interpreted as an integer");
  Value r = call_dunder0(f, v);
  if (is_big_int(r)) raise(exc::OverflowError, "Python int too large to convert to C ssize_t");
  if (!r.is_intlike())
    raise(exc::TypeError, "__index__ returned non-int (type " + type_of(r)->name + ")");
  return r.as_int();
}

// ---- iteration ---------------------------------------------------------------------

Value get_iter(const Value& v) {
  TypeObject* t = type_of(v);
  Value f = t->lookup(names::__iter__);
  if (f.is_null()) {
    if (!t->lookup(names::__getitem__).is_null()) return make_sequence_iterator(v);
    raise(exc::TypeError, quoted_type(v) + " object is not iterable");
  }
  if (f.is_none()) raise(exc::TypeError, quoted_type(v) + " object is not iterable");
  Value it = call_dunder0(f, v);
  TypeObject* it_type = type_of(it);
  if (it_type->layout != Layout::Iterator && it_type->lookup(names::__next__).is_null())
    raise(exc::TypeError, "iter() returned non-iterator of type " + quoted_type(it));
  return it;
}

Value iter_next(const Value& it) {
  if (IteratorObject* native = as_native_iterator(it)) return native->next();
  Value f = type_of(it)->lookup(names::__next__);
  if (f.is_null() || f.is_none())
    raise(exc::TypeError, quoted_type(it) + " object is not an iterator");
  try {
    if (f.is_obj() && f.as_obj()->type->layout == Layout::NativeFunction &&
        (f.as_obj()->flags & NativeFunction::kMethod))
      return f.as<NativeFunction>()->fn(Args{&it, 1, nullptr}); // Null: exhausted
    return call_dunder0(f, it);
  } catch (PyError& e) {
    if (isinstance(e.exc, exc::StopIteration)) return Value();
    throw;
  }
}

// ---- containers ----------------------------------------------------------------------

namespace {

[[noreturn]] void raise_key_error(const Value& key) {
  Ref<ExceptionObject> e = make<ExceptionObject>(exc::KeyError);
  e->args = make_tuple({key});
  throw PyError{Value(std::move(e))};
}

// The item index for a fast-path subscript of a list or tuple; -1 when the
// caller should take the generic path (which raises IndexError itself).
inline int64_t fast_index(const Value& key, size_t size) {
  if (!key.is_int()) return -1;
  int64_t i = key.as_int();
  if (i < 0) i += static_cast<int64_t>(size);
  if (i < 0 || i >= static_cast<int64_t>(size)) return -1;
  return i;
}

} // namespace

Value getitem(const Value& obj, const Value& key) {
  if (obj.is_obj()) {
    Object* o = obj.as_obj();
    TypeObject* t = o->type;
    if (t == types::list) {
      const auto& items = static_cast<List*>(o)->items;
      int64_t i = fast_index(key, items.size());
      if (i >= 0) return items[i];
    } else if (t == types::tuple) {
      const auto& items = static_cast<Tuple*>(o)->items;
      int64_t i = fast_index(key, items.size());
      if (i >= 0) return items[i];
    } else if (t == types::dict) {
      Value v = static_cast<Dict*>(o)->get(key);
      if (v.is_null()) raise_key_error(key);
      return v;
    }
    Value f = t->lookup(names::__getitem__);
    if (!f.is_null() && !f.is_none()) return call_dunder(f, obj, key);
    if (t->layout == Layout::Type) {
      auto* cls = static_cast<TypeObject*>(o);
      Value cg = cls->lookup(names::__class_getitem__);
      if (!cg.is_null()) {
        Value bound = descriptor_get(cg, Value(), cls);
        Value argv[1] = {key};
        return call(bound, Args{argv, 1, nullptr});
      }
      raise(exc::TypeError, "type '" + cls->name + "' is not subscriptable");
    }
  }
  raise(exc::TypeError, quoted_type(obj) + " object is not subscriptable");
}

void setitem(const Value& obj, const Value& key, Value value) {
  if (obj.is_obj()) {
    Object* o = obj.as_obj();
    TypeObject* t = o->type;
    if (t == types::list) {
      auto& items = static_cast<List*>(o)->items;
      int64_t i = fast_index(key, items.size());
      if (i >= 0) {
        items[i] = std::move(value);
        return;
      }
    } else if (t == types::dict) {
      static_cast<Dict*>(o)->set(key, std::move(value));
      return;
    }
    Value f = t->lookup(names::__setitem__);
    if (!f.is_null() && !f.is_none()) {
      Value argv[2] = {key, std::move(value)};
      call_with_self(f, obj, Args{argv, 2, nullptr});
      return;
    }
  }
  raise(exc::TypeError, quoted_type(obj) + " object does not support item assignment");
}

void delitem(const Value& obj, const Value& key) {
  Value f = type_of(obj)->lookup(names::__delitem__);
  if (!f.is_null() && !f.is_none()) {
    call_dunder(f, obj, key);
    return;
  }
  raise(exc::TypeError, quoted_type(obj) + " object doesn't support item deletion");
}

int64_t length(const Value& obj) {
  if (obj.is_obj()) {
    Object* o = obj.as_obj();
    TypeObject* t = o->type;
    if (t == types::str) return static_cast<Str*>(o)->length;
    if (t == types::list) return static_cast<List*>(o)->size();
    if (t == types::tuple) return static_cast<Tuple*>(o)->size();
    if (t == types::dict) return static_cast<Dict*>(o)->size();
    if (t == types::set || t == types::frozenset) return static_cast<SetObject*>(o)->size();
    Value f = t->lookup(names::__len__);
    if (!f.is_null() && !f.is_none()) {
      Value r = call_dunder0(f, obj);
      int64_t n = index_value(r);
      if (n < 0) raise(exc::ValueError, "__len__() should return >= 0");
      return n;
    }
  }
  raise(exc::TypeError, "object of type " + quoted_type(obj) + " has no len()");
}

} // namespace refc::lang
