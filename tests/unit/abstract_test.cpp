// Unit tests of the abstract object protocol (abstract.h) on classes built
// programmatically with native methods: attribute lookup order and messages,
// __getattr__, LOAD_METHOD lookup, calls of every callable kind, binary-op
// dispatch with reflection and the subclass rule, in-place fallbacks,
// comparisons, hashing, repr/str/format, truth, len, iteration and
// subscripting errors. Expected messages are CPython 3.11's.
#include "test_support.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/descriptor_objects.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/instance_object.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/module_object.h"
#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/singletons.h"
#include "reference_compiler/lang/tuple_object.h"

#include <gtest/gtest.h>

#include <functional>
#include <string>

namespace refc::lang {
namespace {

class AbstractTest : public testing::BuiltinTypesTest {};

std::string text(const Ref<Str>& s) { return std::string(s->view()); }
Value type_value(TypeObject* t) { return Value::borrow(t); }
Value s(const char* t) { return str_value(t); }
Value I(int64_t i) { return Value::integer(i); }

Value method(NativeFn fn, const char* name = "m") {
  Ref<NativeFunction> f = make_native(name, fn);
  f->flags |= NativeFunction::kMethod;
  return Value(std::move(f));
}

Value make_class(const char* name, const Value& base,
                 std::initializer_list<std::pair<const char*, Value>> attrs = {}) {
  Ref<Dict> ns = testing::class_namespace(attrs);
  Value bases =
      base.is_null() ? Value(make_tuple(std::vector<Value>{})) : Value(make_tuple({base}));
  return call(type_value(types::type), {s(name), bases, Value(ns)});
}

using testing::error_text;

// Natives that return a tag naming the method that ran, so dispatch order is visible.
Value tag_add(Args) { return s("A.__add__"); }
Value tag_radd(Args) { return s("A.__radd__"); }
Value tag_sub_radd(Args) { return s("B.__radd__"); }
Value tag_iadd(Args) { return s("A.__iadd__"); }
Value decline(Args) { return not_implemented(); }

TEST_F(AbstractTest, AttributeLookupOrder) {
  Value f = method([](Args a) { return a[0]; });
  Value cls = make_class("A", Value(), {{"f", f}, {"x", I(1)}});
  Value a = call(cls, {});
  EXPECT_EQ(getattr(a, intern("x")).as_int(), 1); // class attribute
  setattr(a, intern("x"), I(2));
  EXPECT_EQ(getattr(a, intern("x")).as_int(), 2); // instance dict first
  EXPECT_EQ(getattr(cls, intern("x")).as_int(), 1);
  EXPECT_TRUE(isinstance(getattr(a, intern("f")), types::method));
  setattr(a, intern("f"), I(3)); // a function is a non-data descriptor: shadowed
  EXPECT_EQ(getattr(a, intern("f")).as_int(), 3);
  Value sub = make_class("B", cls);
  Value b = call(sub, {});
  EXPECT_EQ(getattr(b, intern("x")).as_int(), 1); // inherited
  EXPECT_EQ(error_text([&] { getattr(a, intern("nope")); }),
            "AttributeError: 'A' object has no attribute 'nope'");
  EXPECT_EQ(error_text([&] { getattr(cls, intern("nope")); }),
            "AttributeError: type object 'A' has no attribute 'nope'");
  EXPECT_EQ(error_text([] { getattr(I(1), intern("nope")); }),
            "AttributeError: 'int' object has no attribute 'nope'");
  EXPECT_TRUE(getattr_or_null(a, intern("nope")).is_null());
  EXPECT_FALSE(hasattr(a, intern("nope")));
  EXPECT_TRUE(hasattr(a, intern("x")));
  try {
    getattr(a, intern("nope"));
  } catch (PyError& e) {
    EXPECT_EQ(text(to_str(getattr(e.exc, intern("name")))), "nope");
    EXPECT_TRUE(getattr(e.exc, intern("obj")).is(a));
  }
}

TEST_F(AbstractTest, GetattrHookRunsOnlyWhenLookupFails) {
  Value hook = method([](Args a) -> Value {
    if (a[1].as<Str>()->view() == "missing") raise(exc::AttributeError, "really missing");
    return Value(make_tuple({s("hook"), a[1]}));
  });
  Value cls = make_class("G", Value(), {{"__getattr__", hook}, {"real", I(1)}});
  Value g = call(cls, {});
  EXPECT_EQ(getattr(g, intern("real")).as_int(), 1);
  EXPECT_EQ(text(repr(getattr(g, intern("other")))), "('hook', 'other')");
  EXPECT_EQ(error_text([&] { getattr(g, intern("missing")); }), "AttributeError: really missing");
  EXPECT_FALSE(hasattr(g, intern("missing")));
}

TEST_F(AbstractTest, SetattrHookAndReadOnlyBuiltins) {
  static int calls = 0;
  Value hook = method([](Args a) {
    ++calls;
    generic_setattr(a[0], a[1].as<Str>(), a[2]);
    return Value::none();
  });
  Value cls = make_class("S", Value(), {{"__setattr__", hook}});
  Value obj = call(cls, {});
  setattr(obj, intern("v"), I(4));
  EXPECT_EQ(calls, 1);
  EXPECT_EQ(getattr(obj, intern("v")).as_int(), 4);
  EXPECT_EQ(error_text([] { setattr(I(1), intern("x"), I(2)); }),
            "AttributeError: 'int' object has no attribute 'x'");
  EXPECT_EQ(error_text([] { delattr(I(1), intern("x")); }),
            "AttributeError: 'int' object has no attribute 'x'");
  Value len = Value(make_native("len", [](Args) { return Value::none(); }));
  EXPECT_EQ(
      error_text([&] { setattr(len, names::__call__, I(1)); }),
      "AttributeError: 'builtin_function_or_method' object attribute '__call__' is read-only");
  Value plain = call(make_class("P", Value()), {});
  EXPECT_EQ(error_text([&] { delattr(plain, intern("x")); }),
            "AttributeError: 'P' object has no attribute 'x'");
}

TEST_F(AbstractTest, GetMethodAvoidsBinding) {
  Value f = method([](Args a) { return a[0]; });
  Value cls = make_class("M", Value(), {{"f", f}, {"n", I(1)}});
  Value m = call(cls, {});
  Value out;
  EXPECT_TRUE(get_method(m, intern("f"), out));
  EXPECT_TRUE(out.is(f));
  EXPECT_FALSE(get_method(m, intern("n"), out));
  EXPECT_EQ(out.as_int(), 1);
  setattr(m, intern("f"), I(7));
  EXPECT_FALSE(get_method(m, intern("f"), out)); // shadowed by the instance
  EXPECT_EQ(out.as_int(), 7);
  EXPECT_FALSE(get_method(cls, intern("f"), out)); // class access: plain lookup
  EXPECT_TRUE(out.is(f));
  EXPECT_TRUE(call_method(call(cls, {}), intern("f"), {}).is_obj());
}

TEST_F(AbstractTest, CallsOfEveryKind) {
  Value echo = Value(make_native("echo", [](Args a) {
    return Value(make_tuple(std::vector<Value>(a.values, a.values + a.npos)));
  }));
  EXPECT_EQ(text(repr(call(echo, {I(1), I(2)}))), "(1, 2)");
  Value bound(make<BoundMethod>(echo, s("self")));
  EXPECT_EQ(text(repr(call(bound, {I(1)}))), "('self', 1)");
  // Many arguments take the heap path of the prepend.
  std::vector<Value> many;
  for (int i = 0; i < 12; ++i)
    many.push_back(I(i));
  Value r = call(bound, Args{many.data(), many.size(), nullptr});
  EXPECT_EQ(r.as<Tuple>()->items.size(), 13u);
  Value with_self = Value(make_native("ws", [](Args a) { return a[0]; }));
  with_self.as<NativeFunction>()->self = s("recv");
  EXPECT_EQ(text(to_str(call(with_self, {}))), "recv");
  Value callable_cls = make_class(
      "C", Value(), {{"__call__", method([](Args a) { return I(static_cast<int64_t>(a.npos)); })}});
  EXPECT_EQ(call(call(callable_cls, {}), {I(1), I(2)}).as_int(), 3);
  EXPECT_TRUE(is_callable(call(callable_cls, {})));
  EXPECT_FALSE(is_callable(I(1)));
  EXPECT_EQ(error_text([] { call(I(1), {}); }), "TypeError: 'int' object is not callable");
  Value plain = call(make_class("B", Value()), {});
  EXPECT_EQ(error_text([&] { call(plain, {}); }), "TypeError: 'B' object is not callable");
  // A native __next__ returning Null ends iteration; called directly it raises StopIteration.
  Value exhausted = method([](Args) { return Value(); });
  EXPECT_EQ(error_text([&] { call(exhausted, {I(0)}); }), "StopIteration");
}

TEST_F(AbstractTest, RecursiveCallChainsRaiseRecursionError) {
  Value cls = make_class("R", Value());
  Value r = call(cls, {});
  setattr(cls, names::__call__, r); // r() calls r.__call__ == r ...
  EXPECT_EQ(error_text([&] { call(r, {}); }),
            "RecursionError: maximum recursion depth exceeded while calling a Python object");
}

TEST_F(AbstractTest, BinaryOpsDispatchWithReflection) {
  Value a_cls =
      make_class("A", Value(), {{"__add__", method(tag_add)}, {"__radd__", method(tag_radd)}});
  Value a = call(a_cls, {});
  EXPECT_EQ(text(to_str(binary_op(BinaryOp::Add, a, I(1)))), "A.__add__");
  EXPECT_EQ(text(to_str(binary_op(BinaryOp::Add, I(1), a))), "A.__radd__");
  // A subclass overriding the reflected method is tried first.
  Value b_cls = make_class("B", a_cls, {{"__radd__", method(tag_sub_radd)}});
  Value b = call(b_cls, {});
  EXPECT_EQ(text(to_str(binary_op(BinaryOp::Add, a, b))), "B.__radd__");
  // Same type: no reflected call.
  EXPECT_EQ(text(to_str(binary_op(BinaryOp::Add, b, b))), "A.__add__");
  // In-place: __iadd__ first, else the plain operator.
  Value i_cls = make_class("I", a_cls, {{"__iadd__", method(tag_iadd)}});
  EXPECT_EQ(text(to_str(binary_op(BinaryOp::InplaceAdd, call(i_cls, {}), I(1)))), "A.__iadd__");
  EXPECT_EQ(text(to_str(binary_op(BinaryOp::InplaceAdd, a, I(1)))), "A.__add__");
  // Declining both ways gives CPython's message.
  Value n_cls =
      make_class("N", Value(), {{"__add__", method(decline)}, {"__radd__", method(decline)}});
  Value n = call(n_cls, {});
  EXPECT_EQ(error_text([&] { binary_op(BinaryOp::Add, n, n); }),
            "TypeError: unsupported operand type(s) for +: 'N' and 'N'");
  EXPECT_EQ(error_text([&] { binary_op(BinaryOp::Power, I(1), n); }),
            "TypeError: unsupported operand type(s) for ** or pow(): 'int' and 'N'");
  EXPECT_EQ(error_text([&] { binary_op(BinaryOp::InplacePower, I(1), n); }),
            "TypeError: unsupported operand type(s) for **=: 'int' and 'N'");
  EXPECT_EQ(error_text([&] { binary_op(BinaryOp::InplaceSubtract, n, Value::none()); }),
            "TypeError: unsupported operand type(s) for -=: 'N' and 'NoneType'");
  EXPECT_EQ(error_text([&] { binary_op(BinaryOp::MatrixMultiply, I(1), I(2)); }),
            "TypeError: unsupported operand type(s) for @: 'int' and 'int'");
  EXPECT_EQ(binary_op(BinaryOp::Add, I(2), I(3)).as_int(), 5);
  EXPECT_EQ(binary_op(BinaryOp::Multiply, Value::floating(1.5), Value::floating(2)).as_float(),
            3.0);
  // A result beyond int64 is a big int; one that fits again is an immediate.
  Value big = binary_op(BinaryOp::Add, I(INT64_MAX), I(1));
  EXPECT_EQ(text(repr(big)), "9223372036854775808");
  EXPECT_TRUE(binary_op(BinaryOp::Subtract, big, I(1)).is_int());
  EXPECT_EQ(std::string(binary_op_symbol(BinaryOp::InplaceFloorDivide)), "//=");
}

TEST_F(AbstractTest, UnaryOps) {
  EXPECT_EQ(unary_op(UnaryOp::Negative, I(3)).as_int(), -3);
  EXPECT_EQ(unary_op(UnaryOp::Invert, Value::boolean(true)).as_int(), -2);
  EXPECT_TRUE(unary_op(UnaryOp::Not, I(0)).as_bool());
  EXPECT_EQ(error_text([] { unary_op(UnaryOp::Negative, s("a")); }),
            "TypeError: bad operand type for unary -: 'str'");
  EXPECT_EQ(error_text([] { unary_op(UnaryOp::Invert, Value::floating(1.5)); }),
            "TypeError: bad operand type for unary ~: 'float'");
  EXPECT_EQ(text(repr(unary_op(UnaryOp::Negative, I(INT64_MIN)))), "9223372036854775808");
  Value neg = make_class("Neg", Value(), {{"__neg__", method([](Args) { return s("neg"); })}});
  EXPECT_EQ(text(to_str(unary_op(UnaryOp::Negative, call(neg, {})))), "neg");
}

TEST_F(AbstractTest, ComparisonsReflectAndDefaultToIdentity) {
  Value gt_only =
      make_class("G", Value(), {{"__gt__", method([](Args) { return s("G.__gt__"); })}});
  Value g = call(gt_only, {});
  // g2 < g  has no __lt__, so g.__gt__(g2) answers.
  Value g2 = call(gt_only, {});
  EXPECT_EQ(text(to_str(compare(CompareOp::Lt, g2, g))), "G.__gt__");
  Value plain = make_class("P", Value());
  Value p = call(plain, {});
  EXPECT_FALSE(compare_bool(CompareOp::Eq, p, call(plain, {})));
  EXPECT_TRUE(compare_bool(CompareOp::Eq, p, p));
  EXPECT_TRUE(compare_bool(CompareOp::Ne, p, call(plain, {})));
  EXPECT_EQ(error_text([&] { compare(CompareOp::Lt, p, p); }),
            "TypeError: '<' not supported between instances of 'P' and 'P'");
  EXPECT_EQ(error_text([] { compare(CompareOp::Ge, I(1), Value::none()); }),
            "TypeError: '>=' not supported between instances of 'int' and 'NoneType'");
  // Subclass with the reflected method goes first.
  Value base =
      make_class("Base", Value(), {{"__lt__", method([](Args) { return s("Base.__lt__"); })}});
  Value derived =
      make_class("Derived", base, {{"__gt__", method([](Args) { return s("Derived.__gt__"); })}});
  EXPECT_EQ(text(to_str(compare(CompareOp::Lt, call(base, {}), call(derived, {})))),
            "Derived.__gt__");
  EXPECT_TRUE(compare_bool(CompareOp::Lt, I(1), I(2)));
  EXPECT_TRUE(compare_bool(CompareOp::Ge, Value::floating(2.5), Value::floating(2.5)));
  EXPECT_TRUE(compare_bool(CompareOp::Lt, s("abc"), s("abd")));
  EXPECT_TRUE(equals(s("x"), s("x")));
  // __ne__ inverts a user __eq__.
  Value eq_cls =
      make_class("E", Value(), {{"__eq__", method([](Args) { return Value::boolean(true); })}});
  EXPECT_FALSE(compare_bool(CompareOp::Ne, call(eq_cls, {}), I(1)));
}

TEST_F(AbstractTest, HashingRules) {
  EXPECT_EQ(hash(I(5)), 5);
  EXPECT_EQ(hash(I(-1)), -2);
  EXPECT_EQ(hash(I(int64_t{1} << 62)), 2); // reduced modulo 2**61 - 1
  EXPECT_EQ(hash(Value::boolean(true)), 1);
  EXPECT_EQ(hash(Value::floating(1.0)), 1);
  EXPECT_EQ(error_text([] { hash(Value(make_list())); }), "TypeError: unhashable type: 'list'");
  Value bad = make_class("H", Value(), {{"__hash__", method([](Args) { return s("a"); })}});
  EXPECT_EQ(error_text([&] { hash(call(bad, {})); }),
            "TypeError: __hash__ method should return an integer");
  Value big =
      make_class("Big", Value(), {{"__hash__", method([](Args) { return I(int64_t{1} << 62); })}});
  EXPECT_EQ(hash(call(big, {})), int64_t{1} << 62); // used as is, as CPython does
  Value none_hash = make_class("NH", Value(), {{"__hash__", Value::none()}});
  EXPECT_EQ(error_text([&] { hash(call(none_hash, {})); }), "TypeError: unhashable type: 'NH'");
}

TEST_F(AbstractTest, ReprStrAndFormatCheckResultTypes) {
  Value bad = make_class("Bad", Value(),
                         {{"__repr__", method([](Args) { return I(2); })},
                          {"__str__", method([](Args) { return I(1); })},
                          {"__format__", method([](Args) { return I(3); })}});
  Value b = call(bad, {});
  EXPECT_EQ(error_text([&] { repr(b); }), "TypeError: __repr__ returned non-string (type int)");
  EXPECT_EQ(error_text([&] { to_str(b); }), "TypeError: __str__ returned non-string (type int)");
  EXPECT_EQ(error_text([&] { format(b, ""); }), "TypeError: __format__ must return a str, not int");
  EXPECT_EQ(text(repr(I(-42))), "-42");
  EXPECT_EQ(text(repr(Value::boolean(false))), "False");
  EXPECT_EQ(text(to_str(Value::none())), "None");
}

TEST_F(AbstractTest, TruthAndLength) {
  EXPECT_FALSE(truthy(s("")));
  EXPECT_TRUE(truthy(Value(make_list({I(1)}))));
  EXPECT_FALSE(truthy(Value::floating(0.0)));
  Value bad_bool = make_class("BB", Value(), {{"__bool__", method([](Args) { return I(1); })}});
  EXPECT_EQ(error_text([&] { truthy(call(bad_bool, {})); }),
            "TypeError: __bool__ should return bool, returned int");
  Value neg_len = make_class("NL", Value(), {{"__len__", method([](Args) { return I(-1); })}});
  EXPECT_EQ(error_text([&] { truthy(call(neg_len, {})); }),
            "ValueError: __len__() should return >= 0");
  EXPECT_EQ(error_text([&] { length(call(neg_len, {})); }),
            "ValueError: __len__() should return >= 0");
  Value str_len = make_class("SL", Value(), {{"__len__", method([](Args) { return s("a"); })}});
  EXPECT_EQ(error_text([&] { length(call(str_len, {})); }),
            "TypeError: 'str' object cannot be interpreted as an integer");
  Value zero_len = make_class("ZL", Value(), {{"__len__", method([](Args) { return I(0); })}});
  EXPECT_FALSE(truthy(call(zero_len, {})));
  EXPECT_EQ(length(call(zero_len, {})), 0);
  EXPECT_EQ(error_text([] { length(I(1)); }), "TypeError: object of type 'int' has no len()");
  EXPECT_EQ(length(Value(make_list({I(1), I(2)}))), 2);
  EXPECT_EQ(length(s("héllo")), 5);
}

TEST_F(AbstractTest, IndexValue) {
  EXPECT_EQ(index_value(Value::boolean(true)), 1);
  EXPECT_EQ(error_text([] { index_value(Value::floating(1.5)); }),
            "TypeError: 'float' object cannot be interpreted as an integer");
  Value idx = make_class("Ix", Value(), {{"__index__", method([](Args) { return I(3); })}});
  EXPECT_EQ(index_value(call(idx, {})), 3);
  Value bad = make_class("Bx", Value(), {{"__index__", method([](Args) { return s("a"); })}});
  EXPECT_EQ(error_text([&] { index_value(call(bad, {})); }),
            "TypeError: __index__ returned non-int (type str)");
}

Value counter_next(Args a) {
  Value n = getattr(a[0], intern("n"));
  if (n.as_int() >= 3) return Value(); // exhausted
  setattr(a[0], intern("n"), I(n.as_int() + 1));
  return n;
}

TEST_F(AbstractTest, IterationProtocol) {
  Value counter = make_class("Counter", Value(),
                             {{"__iter__", method([](Args a) { return a[0]; })},
                              {"__next__", method(counter_next)},
                              {"n", I(0)}});
  Value c = call(counter, {});
  Value it = get_iter(c);
  int64_t sum = 0;
  for (Value x = iter_next(it); !x.is_null(); x = iter_next(it))
    sum += x.as_int();
  EXPECT_EQ(sum, 0 + 1 + 2);
  EXPECT_TRUE(contains(call(counter, {}), I(2)));
  EXPECT_FALSE(contains(call(counter, {}), I(5)));
  // A Python-style __next__ raising StopIteration is absorbed too.
  Value raising =
      make_class("R", Value(),
                 {{"__iter__", method([](Args a) { return a[0]; })},
                  {"__next__", method([](Args) -> Value { raise(exc::StopIteration, ""); })}});
  EXPECT_TRUE(iter_next(get_iter(call(raising, {}))).is_null());
  EXPECT_EQ(error_text([] { get_iter(I(1)); }), "TypeError: 'int' object is not iterable");
  EXPECT_EQ(error_text([] { iter_next(I(1)); }), "TypeError: 'int' object is not an iterator");
  Value bad_iter = make_class("BI", Value(), {{"__iter__", method([](Args) { return I(1); })}});
  EXPECT_EQ(error_text([&] { get_iter(call(bad_iter, {})); }),
            "TypeError: iter() returned non-iterator of type 'int'");
  Value not_iter = make_class("NI", Value(), {{"__iter__", Value::none()}});
  EXPECT_EQ(error_text([&] { get_iter(call(not_iter, {})); }),
            "TypeError: 'NI' object is not iterable");
  EXPECT_EQ(error_text([] { contains(I(1), I(1)); }),
            "TypeError: argument of type 'int' is not iterable");
  EXPECT_TRUE(contains(Value(make_list({I(1), s("a")})), s("a")));
}

TEST_F(AbstractTest, Subscripting) {
  Value lst = Value(make_list({I(10), I(20)}));
  EXPECT_EQ(getitem(lst, I(-1)).as_int(), 20);
  setitem(lst, I(0), I(5));
  EXPECT_EQ(getitem(lst, I(0)).as_int(), 5);
  Value d = Value(make_dict());
  setitem(d, s("k"), I(1));
  EXPECT_EQ(getitem(d, s("k")).as_int(), 1);
  EXPECT_EQ(error_text([&] { getitem(d, s("z")); }), "KeyError: 'z'");
  EXPECT_EQ(error_text([] { getitem(I(1), I(0)); }), "TypeError: 'int' object is not subscriptable");
  EXPECT_EQ(error_text([] { getitem(type_value(types::int_), I(0)); }),
            "TypeError: type 'int' is not subscriptable");
  Value plain = make_class("B", Value());
  EXPECT_EQ(error_text([&] { getitem(call(plain, {}), I(0)); }),
            "TypeError: 'B' object is not subscriptable");
  EXPECT_EQ(error_text([&] { getitem(plain, I(0)); }), "TypeError: type 'B' is not subscriptable");
  EXPECT_EQ(error_text([] { setitem(s("ab"), I(0), s("x")); }),
            "TypeError: 'str' object does not support item assignment");
  EXPECT_EQ(error_text([] { delitem(Value(make_tuple({I(1)})), I(0)); }),
            "TypeError: 'tuple' object doesn't support item deletion");
  Value cg = make_class("CG", Value(), {{"__class_getitem__", method([](Args a) {
                                           return Value(make_tuple({a[0], a[1]}));
                                         })}});
  Value r = getitem(cg, I(7));
  EXPECT_TRUE(r.as<Tuple>()->items[0].is(cg)); // classmethod bound to the class
  Value item = make_class("It", Value(), {{"__getitem__", method([](Args a) { return a[1]; })}});
  EXPECT_EQ(getitem(call(item, {}), I(9)).as_int(), 9);
}

TEST_F(AbstractTest, UserDescriptors) {
  // A non-data descriptor: __get__ only.
  Value getter_cls = make_class("D", Value(), {{"__get__", method([](Args a) {
                                                  return Value(make_tuple({s("got"), a[1]}));
                                                })}});
  Value d = call(getter_cls, {});
  Value owner = make_class("O", Value(), {{"d", d}});
  Value o = call(owner, {});
  EXPECT_EQ(text(repr(getattr(o, intern("d")))).substr(0, 8), "('got', ");
  EXPECT_EQ(text(repr(getattr(owner, intern("d")))), "('got', None)");
  setattr(o, intern("d"), I(1)); // non-data: the instance dict shadows it
  EXPECT_EQ(getattr(o, intern("d")).as_int(), 1);
  // A data descriptor: __set__ intercepts stores.
  static Value stored;
  Value data_cls =
      make_class("DD", Value(),
                 {{"__get__", method([](Args) { return stored; })}, {"__set__", method([](Args a) {
                                                                       stored = a[2];
                                                                       return Value::none();
                                                                     })}});
  Value owner2 = make_class("O2", Value(), {{"v", call(data_cls, {})}});
  Value o2 = call(owner2, {});
  setattr(o2, intern("v"), I(42));
  EXPECT_EQ(getattr(o2, intern("v")).as_int(), 42);
  EXPECT_TRUE(o2.as<Instance>()->dict->get(intern("v")).is_null());
  stored = Value();
}

} // namespace
} // namespace refc::lang
