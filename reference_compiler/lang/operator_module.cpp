// The `operator` module, native as CPython's _operator is (these functions are
// passed to sorted, map and reduce in hot loops): every operator as a function
// over the abstract object protocol, and the itemgetter, attrgetter and
// methodcaller callables with their CPython reprs
// ("operator.itemgetter(1)").
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/container_support.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/iterators.h"
#include "reference_compiler/lang/module_builder.h"
#include "reference_compiler/lang/singletons.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/tuple_object.h"

#include <string>
#include <vector>

namespace refc::lang {

namespace {

// ---- operator functions (one registry line each) ----------------------------------

// REFC_OPERATOR_BINARY(name, BinaryOp): name(a, b) is `a op b`.
#define REFC_OPERATOR_BINARIES(X)                                                              \
  X(add, Add)                                                                                  \
  X(sub, Subtract)                                                                             \
  X(mul, Multiply)                                                                             \
  X(matmul, MatrixMultiply)                                                                    \
  X(truediv, TrueDivide)                                                                       \
  X(floordiv, FloorDivide)                                                                     \
  X(mod, Remainder)                                                                            \
  X(pow, Power)                                                                                \
  X(lshift, LShift)                                                                            \
  X(rshift, RShift)                                                                            \
  X(and_, And)                                                                                 \
  X(or_, Or)                                                                                   \
  X(xor, Xor)                                                                                  \
  X(iadd, InplaceAdd)                                                                          \
  X(isub, InplaceSubtract)                                                                     \
  X(imul, InplaceMultiply)                                                                     \
  X(imatmul, InplaceMatrixMultiply)                                                            \
  X(itruediv, InplaceTrueDivide)                                                               \
  X(ifloordiv, InplaceFloorDivide)                                                             \
  X(imod, InplaceRemainder)                                                                    \
  X(ipow, InplacePower)                                                                        \
  X(ilshift, InplaceLShift)                                                                    \
  X(irshift, InplaceRShift)                                                                    \
  X(iand, InplaceAnd)                                                                          \
  X(ior, InplaceOr)                                                                            \
  X(ixor, InplaceXor)

// REFC_OPERATOR_COMPARISONS(name, CompareOp)
#define REFC_OPERATOR_COMPARISONS(X)                                                           \
  X(lt, Lt)                                                                                    \
  X(le, Le)                                                                                    \
  X(eq, Eq)                                                                                    \
  X(ne, Ne)                                                                                    \
  X(gt, Gt)                                                                                    \
  X(ge, Ge)

void two_args(const Args& a, const char* name) {
  check_positional(a, name, std::string("_operator.") + name, 2, 2);
}

#define REFC_DEFINE_BINARY(name, op)                                                           \
  Value op_##name(Args a) {                                                                    \
    two_args(a, #name);                                                                        \
    return binary_op(BinaryOp::op, a[0], a[1]);                                                \
  }
REFC_OPERATOR_BINARIES(REFC_DEFINE_BINARY)
#undef REFC_DEFINE_BINARY

#define REFC_DEFINE_COMPARISON(name, op)                                                       \
  Value op_##name(Args a) {                                                                    \
    two_args(a, #name);                                                                        \
    return compare(CompareOp::op, a[0], a[1]);                                                 \
  }
REFC_OPERATOR_COMPARISONS(REFC_DEFINE_COMPARISON)
#undef REFC_DEFINE_COMPARISON

Value op_neg(Args a) { return unary_op(UnaryOp::Negative, one_arg(a, "_operator.neg")); }
Value op_pos(Args a) { return unary_op(UnaryOp::Positive, one_arg(a, "_operator.pos")); }
Value op_invert(Args a) { return unary_op(UnaryOp::Invert, one_arg(a, "_operator.invert")); }
Value op_inv(Args a) { return unary_op(UnaryOp::Invert, one_arg(a, "_operator.inv")); }
Value op_not(Args a) { return Value::boolean(!truthy(one_arg(a, "_operator.not_"))); }
Value op_truth(Args a) { return Value::boolean(truthy(one_arg(a, "_operator.truth"))); }

Value op_abs(Args a) {
  const Value& x = one_arg(a, "_operator.abs");
  if (x.is_intlike() && x.as_int() != INT64_MIN) {
    int64_t v = x.as_int();
    return Value::integer(v < 0 ? -v : v);
  }
  if (x.is_float()) return Value::floating(x.as_float() < 0 ? -x.as_float() : x.as_float());
  if (lookup_special(x, names::__abs__).is_null())
    raise(exc::TypeError, "bad operand type for abs(): '" + type_name(x) + "'");
  return call_method(x, names::__abs__, {});
}

Value op_index(Args a) {
  const Value& x = one_arg(a, "_operator.index");
  if (x.is_intlike()) return Value::integer(x.as_int());
  return Value::integer(index_value(x));
}

Value op_is(Args a) {
  two_args(a, "is_");
  return Value::boolean(a[0].is(a[1]));
}

Value op_is_not(Args a) {
  two_args(a, "is_not");
  return Value::boolean(!a[0].is(a[1]));
}

Value op_contains(Args a) {
  two_args(a, "contains");
  return Value::boolean(contains(a[0], a[1]));
}

Value op_getitem(Args a) {
  two_args(a, "getitem");
  return getitem(a[0], a[1]);
}

Value op_setitem(Args a) {
  check_positional(a, "setitem", "_operator.setitem", 3, 3);
  setitem(a[0], a[1], a[2]);
  return Value::none();
}

Value op_delitem(Args a) {
  two_args(a, "delitem");
  delitem(a[0], a[1]);
  return Value::none();
}

// concat requires sequences: CPython checks for __getitem__ first.
Value concat_impl(const Args& a, const char* name, BinaryOp op) {
  two_args(a, name);
  if (lookup_special(a[0], names::__getitem__).is_null())
    raise(exc::TypeError, "'" + type_name(a[0]) + "' object can't be concatenated");
  return binary_op(op, a[0], a[1]);
}

Value op_concat(Args a) { return concat_impl(a, "concat", BinaryOp::Add); }
Value op_iconcat(Args a) { return concat_impl(a, "iconcat", BinaryOp::InplaceAdd); }

Value op_countOf(Args a) {
  two_args(a, "countOf");
  Value it = get_iter(a[0]);
  int64_t n = 0;
  for (Value x = next_item(it); !x.is_null(); x = next_item(it))
    if (equals(x, a[1])) ++n;
  return Value::integer(n);
}

Value op_indexOf(Args a) {
  two_args(a, "indexOf");
  Value it = get_iter(a[0]);
  int64_t i = 0;
  for (Value x = next_item(it); !x.is_null(); x = next_item(it), ++i)
    if (equals(x, a[1])) return Value::integer(i);
  raise(exc::ValueError, "sequence.index(x): x not in sequence");
}

Value op_length_hint(Args a) {
  check_positional(a, "length_hint", "_operator.length_hint", 1, 2);
  int64_t dflt = a.npos == 2 ? index_value(a[1]) : 0;
  if (!lookup_special(a[0], names::__len__).is_null()) return Value::integer(length(a[0]));
  static Str* hint = intern("__length_hint__");
  if (lookup_special(a[0], hint).is_null()) return Value::integer(dflt);
  Value r = call_method(a[0], hint, {});
  if (is_not_implemented(r)) return Value::integer(dflt);
  if (!r.is_intlike())
    raise(exc::TypeError, "__length_hint__ must be an integer, not " + type_name(r));
  if (r.as_int() < 0) raise(exc::ValueError, "__length_hint__() should return >= 0");
  return r;
}

// ---- itemgetter, attrgetter, methodcaller ----------------------------------------

TypeObject* itemgetter_type = nullptr;
TypeObject* attrgetter_type = nullptr;
TypeObject* methodcaller_type = nullptr;

struct ItemGetter : Object {
  ItemGetter() : Object(itemgetter_type) {}
  std::vector<Value> items;
};

struct AttrGetter : Object {
  AttrGetter() : Object(attrgetter_type) {}
  std::vector<Value> names;               // the dotted names, for repr
  std::vector<std::vector<Str*>> paths;   // each name split at dots, interned
};

struct MethodCaller : Object {
  MethodCaller() : Object(methodcaller_type) {}
  Str* name = nullptr;      // interned
  std::vector<Value> args;  // positional values, then keyword values
  size_t npos = 0;
  Ref<Tuple> kwnames;       // null when there are no keywords
};

Value itemgetter_new(Args a) {
  check_no_keywords(a, "itemgetter");
  if (a.npos < 2) raise(exc::TypeError, "itemgetter expected 1 argument, got 0");
  Ref<ItemGetter> g = make<ItemGetter>();
  g->items.assign(a.values + 1, a.values + a.npos);
  return Value(std::move(g));
}

Value itemgetter_call(Args a) {
  auto* g = receiver<ItemGetter>(a, itemgetter_type, "__call__");
  check_no_keywords(a, "itemgetter");
  if (a.npos != 2)
    raise(exc::TypeError, "itemgetter expected 1 argument, got " + std::to_string(a.npos - 1));
  if (g->items.size() == 1) return getitem(a[1], g->items[0]);
  std::vector<Value> out;
  out.reserve(g->items.size());
  for (const Value& k : g->items) out.push_back(getitem(a[1], k));
  return Value(make_tuple(std::move(out)));
}

Value itemgetter_repr(Args a) {
  auto* g = receiver<ItemGetter>(a, itemgetter_type, "__repr__");
  std::string out = "operator.itemgetter(";
  for (size_t i = 0; i < g->items.size(); ++i) {
    if (i) out += ", ";
    append_repr(out, g->items[i]);
  }
  return str_value(out + ")");
}

Value attrgetter_new(Args a) {
  check_no_keywords(a, "attrgetter");
  if (a.npos < 2) raise(exc::TypeError, "attrgetter expected 1 argument, got 0");
  Ref<AttrGetter> g = make<AttrGetter>();
  for (size_t i = 1; i < a.npos; ++i) {
    if (!isinstance(a[i], types::str)) raise(exc::TypeError, "attribute name must be a string");
    std::string_view name = a[i].as<Str>()->view();
    std::vector<Str*> path;
    size_t start = 0;
    while (true) {
      size_t dot = name.find('.', start);
      path.push_back(intern(name.substr(start, dot == std::string_view::npos ? name.npos : dot - start)));
      if (dot == std::string_view::npos) break;
      start = dot + 1;
    }
    g->names.push_back(a[i]);
    g->paths.push_back(std::move(path));
  }
  return Value(std::move(g));
}

Value attrgetter_call(Args a) {
  auto* g = receiver<AttrGetter>(a, attrgetter_type, "__call__");
  check_no_keywords(a, "attrgetter");
  if (a.npos != 2)
    raise(exc::TypeError, "attrgetter expected 1 argument, got " + std::to_string(a.npos - 1));
  auto resolve = [&](const std::vector<Str*>& path) {
    Value v = a[1];
    for (Str* n : path) v = getattr(v, n);
    return v;
  };
  if (g->paths.size() == 1) return resolve(g->paths[0]);
  std::vector<Value> out;
  for (const auto& path : g->paths) out.push_back(resolve(path));
  return Value(make_tuple(std::move(out)));
}

Value attrgetter_repr(Args a) {
  auto* g = receiver<AttrGetter>(a, attrgetter_type, "__repr__");
  std::string out = "operator.attrgetter(";
  for (size_t i = 0; i < g->names.size(); ++i) {
    if (i) out += ", ";
    append_repr(out, g->names[i]);
  }
  return str_value(out + ")");
}

Value methodcaller_new(Args a) {
  if (a.npos < 2)
    raise(exc::TypeError, "methodcaller needs at least one argument, the method name");
  if (!isinstance(a[1], types::str)) raise(exc::TypeError, "method name must be a string");
  Ref<MethodCaller> m = make<MethodCaller>();
  m->name = intern(a[1].as<Str>()->view());
  m->npos = a.npos - 2;
  m->args.assign(a.values + 2, a.values + a.npos + a.nkw());
  if (a.nkw()) m->kwnames = Ref<Tuple>::borrow(const_cast<Tuple*>(a.kwnames));
  return Value(std::move(m));
}

Value methodcaller_call(Args a) {
  auto* m = receiver<MethodCaller>(a, methodcaller_type, "__call__");
  check_no_keywords(a, "methodcaller");
  if (a.npos != 2)
    raise(exc::TypeError, "methodcaller expected 1 argument, got " + std::to_string(a.npos - 1));
  Value method = getattr(a[1], m->name);
  return call(method, Args{m->args.data(), m->npos, m->kwnames.get()});
}

Value methodcaller_repr(Args a) {
  auto* m = receiver<MethodCaller>(a, methodcaller_type, "__repr__");
  std::string out = "operator.methodcaller(";
  append_repr(out, Value::borrow(m->name));
  for (size_t i = 0; i < m->npos; ++i) {
    out += ", ";
    append_repr(out, m->args[i]);
  }
  for (size_t k = 0; m->kwnames && k < m->kwnames->items.size(); ++k) {
    out += ", " + std::string(m->kwnames->items[k].as<Str>()->view()) + "=";
    append_repr(out, m->args[m->npos + k]);
  }
  return str_value(out + ")");
}

// Instances are created by __new__ alone; __init__ accepts the same arguments.
Value accept_init(Args) { return Value::none(); }

TypeObject* make_callable_type(const char* name, NativeFn new_fn, NativeFn call_fn,
                               NativeFn repr_fn) {
  TypeObject* t = make_module_type(name, "operator");
  add_new(t, new_fn);
  add_method(t, "__init__", accept_init);
  add_method(t, "__call__", call_fn);
  add_method(t, "__repr__", repr_fn);
  return t;
}

} // namespace

Ref<Module> create_operator_module() {
  if (!itemgetter_type) {
    itemgetter_type = make_callable_type("itemgetter", itemgetter_new, itemgetter_call,
                                         itemgetter_repr);
    attrgetter_type = make_callable_type("attrgetter", attrgetter_new, attrgetter_call,
                                         attrgetter_repr);
    methodcaller_type = make_callable_type("methodcaller", methodcaller_new, methodcaller_call,
                                           methodcaller_repr);
  }
  ModuleBuilder m("operator");
  // Each function is also bound as its dunder alias (operator.__add__ is operator.add).
  auto both = [&](const char* name, NativeFn fn) {
    m.function(name, fn);
    std::string base(name);
    if (!base.empty() && base.back() == '_') base.pop_back(); // and_ -> __and__
    m.function("__" + base + "__", fn);
  };
#define REFC_REGISTER(name, op) both(#name, op_##name);
  REFC_OPERATOR_BINARIES(REFC_REGISTER)
  REFC_OPERATOR_COMPARISONS(REFC_REGISTER)
#undef REFC_REGISTER
  both("neg", op_neg);
  both("pos", op_pos);
  both("invert", op_invert);
  both("inv", op_inv);
  both("not_", op_not);
  both("abs", op_abs);
  both("index", op_index);
  both("contains", op_contains);
  both("getitem", op_getitem);
  both("setitem", op_setitem);
  both("delitem", op_delitem);
  both("concat", op_concat);
  both("iconcat", op_iconcat);
  m.function("truth", op_truth)
      .function("is_", op_is)
      .function("is_not", op_is_not)
      .function("countOf", op_countOf)
      .function("indexOf", op_indexOf)
      .function("length_hint", op_length_hint)
      .value("itemgetter", Value::borrow(itemgetter_type))
      .value("attrgetter", Value::borrow(attrgetter_type))
      .value("methodcaller", Value::borrow(methodcaller_type));
  return m.finish();
}

} // namespace refc::lang
