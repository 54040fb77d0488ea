// Unit tests of the object model core: built-in type creation, user classes
// made with type(name, bases, namespace) (as __build_class__ does), instance
// creation rules, descriptors (property, classmethod, staticmethod, bound
// methods), modules, exceptions, singletons and deferred destruction. Expected
// messages are CPython 3.11's.
#include "test_support.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/descriptor_objects.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/function_object.h"
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

class ObjectModelTest : public testing::BuiltinTypesTest {};

std::string text(const Ref<Str>& s) { return std::string(s->view()); }
std::string repr_of(const Value& v) { return text(repr(v)); }
std::string str_of(const Value& v) { return text(to_str(v)); }
Value type_value(TypeObject* t) { return Value::borrow(t); }
Value s(const char* t) { return str_value(t); }

// A native method (binds to instances like a Python function would).
Value method(NativeFn fn, const char* name = "m") {
  Ref<NativeFunction> f = make_native(name, fn);
  f->flags |= NativeFunction::kMethod;
  return Value(std::move(f));
}

// type(name, (base,), {attrs..., '__module__': '__main__'})
Value make_class(const char* name, TypeObject* base,
                 std::initializer_list<std::pair<const char*, Value>> attrs = {},
                 std::initializer_list<std::pair<const char*, Value>> kwargs = {}) {
  Ref<Dict> ns = testing::class_namespace(attrs);
  Value bases =
      base ? Value(make_tuple({type_value(base)})) : Value(make_tuple(std::vector<Value>{}));
  std::vector<Value> argv = {s(name), bases, Value(ns)};
  std::vector<Value> kwnames;
  for (auto& [k, v] : kwargs) {
    argv.push_back(v);
    kwnames.push_back(Value::borrow(intern(k)));
  }
  Ref<Tuple> kn = kwnames.empty() ? Ref<Tuple>() : make_tuple(kwnames);
  return call(type_value(types::type), Args{argv.data(), 3, kn.get()});
}

TypeObject* as_type(const Value& v) { return v.as<TypeObject>(); }

using testing::error_text;

TEST_F(ObjectModelTest, BuiltinTypesHaveNamesBasesAndMro) {
  EXPECT_EQ(types::int_->name, "int");
  EXPECT_EQ(types::bool_->base, types::int_);
  ASSERT_EQ(types::bool_->mro.size(), 3u);
  EXPECT_EQ(types::bool_->mro[2], types::object);
  EXPECT_EQ(types::object->base, nullptr);
  EXPECT_EQ(types::type->type, types::type);
  EXPECT_EQ(types::object->type, types::type);
  EXPECT_EQ(types::object->dict->type, types::dict);
  EXPECT_TRUE(exc::KeyError->is_subtype(exc::LookupError));
  EXPECT_TRUE(exc::ModuleNotFoundError->is_subtype(exc::Exception));
  EXPECT_FALSE(exc::SystemExit->is_subtype(exc::Exception));
  EXPECT_EQ(exc::TabError->layout, Layout::Exception);
  EXPECT_EQ(types::list->module, "builtins");
  EXPECT_GE(types::int_->refcnt, Object::kImmortal / 2);
  EXPECT_EQ(Value::integer(1).type(), types::int_);
  EXPECT_EQ(Value::boolean(true).type(), types::bool_);
  EXPECT_EQ(Value::none().type(), types::none_type);
}

TEST_F(ObjectModelTest, TypeReprAndOneArgumentCall) {
  EXPECT_EQ(repr_of(type_value(types::int_)), "<class 'int'>");
  EXPECT_EQ(repr_of(type_value(exc::ValueError)), "<class 'ValueError'>");
  Value foo = make_class("Foo", nullptr);
  EXPECT_EQ(repr_of(foo), "<class '__main__.Foo'>");
  Value t = call(type_value(types::type), {Value::integer(3)});
  EXPECT_TRUE(t.is(type_value(types::int_)));
  EXPECT_EQ(error_text([] { call(type_value(types::type), {}); }),
            "TypeError: type() takes 1 or 3 arguments");
  EXPECT_EQ(error_text([] {
              call(type_value(types::type), {Value::integer(1), Value::integer(2)});
            }),
            "TypeError: type() takes 1 or 3 arguments");
}

TEST_F(ObjectModelTest, ClassCreationFillsTheNamespace) {
  Value eq = method([](Args) { return Value::boolean(true); }, "__eq__");
  Value foo = make_class("Foo", nullptr, {{"__qualname__", s("outer.Foo")}, {"__eq__", eq}});
  TypeObject* t = as_type(foo);
  EXPECT_EQ(t->name, "Foo");
  EXPECT_EQ(t->qualname, "outer.Foo");
  EXPECT_EQ(t->module, "__main__");
  EXPECT_TRUE(t->heap);
  EXPECT_EQ(t->base, types::object);
  EXPECT_TRUE(t->dict->get(names::__qualname__).is_null());
  EXPECT_TRUE(t->dict->get(names::__doc__).is_none());
  EXPECT_TRUE(t->dict->get(names::__hash__).is_none()); // __eq__ without __hash__
  EXPECT_EQ(str_of(getattr(foo, names::__qualname__)), "outer.Foo");
  EXPECT_EQ(str_of(getattr(foo, names::__name__)), "Foo");
  EXPECT_EQ(str_of(getattr(foo, names::__module__)), "__main__");
  EXPECT_EQ(repr_of(getattr(foo, intern("__mro__"))),
            "(<class '__main__.outer.Foo'>, <class 'object'>)");
  EXPECT_EQ(repr_of(getattr(foo, intern("__bases__"))), "(<class 'object'>,)");
  EXPECT_EQ(repr_of(getattr(type_value(types::object), intern("__bases__"))), "()");
  EXPECT_TRUE(getattr(type_value(types::object), intern("__base__")).is_none());
  EXPECT_TRUE(getattr(foo, names::__doc__).is_none());
  EXPECT_EQ(error_text([&] { hash(call(foo, {})); }), "TypeError: unhashable type: 'Foo'");
}

TEST_F(ObjectModelTest, ClassCreationRejectsWhatRefcDoesNotSupport) {
  Value a = make_class("A", nullptr);
  Value b = make_class("B", nullptr);
  EXPECT_EQ(error_text([&] {
              Ref<Dict> ns = make_dict();
              call(type_value(types::type), {s("C"), Value(make_tuple({a, b})), Value(ns)});
            }),
            "NotImplementedError: multiple inheritance is not supported");
  EXPECT_EQ(error_text([] { make_class("C", types::int_); }),
            "NotImplementedError: subclassing the built-in type 'int' is not supported");
  EXPECT_EQ(error_text([] { make_class("C", types::bool_); }),
            "TypeError: type 'bool' is not an acceptable base type");
  // A class deriving from `type` is a metaclass; type() itself passes a
  // `metaclass` keyword on to __init_subclass__, as CPython does.
  EXPECT_EQ(error_text([] { make_class("C", types::type); }), "no error");
  EXPECT_EQ(error_text([&] {
              make_class("C", nullptr, {}, {{"metaclass", a}});
            }),
            "TypeError: C.__init_subclass__() takes no keyword arguments");
  EXPECT_EQ(error_text([] {
              call(type_value(types::type),
                   {Value::integer(1), Value(make_tuple({})), Value(make_dict())});
            }),
            "TypeError: type.__new__() argument 1 must be str, not int");
  EXPECT_EQ(error_text([] {
              call(type_value(types::type), {s("A"), Value::integer(1), Value(make_dict())});
            }),
            "TypeError: type.__new__() argument 2 must be tuple, not int");
  EXPECT_EQ(error_text([] {
              call(type_value(types::type), {s("A"), Value(make_tuple({})), Value::integer(1)});
            }),
            "TypeError: type.__new__() argument 3 must be dict, not int");
  EXPECT_EQ(error_text([] {
              make_class("C", nullptr, {{"__slots__", Value(make_tuple({}))}});
            }),
            "NotImplementedError: __slots__ is not supported");
  EXPECT_EQ(error_text([&] {
              make_class("C", nullptr, {}, {{"x", Value::integer(1)}});
            }),
            "TypeError: C.__init_subclass__() takes no keyword arguments");
}

TEST_F(ObjectModelTest, InitSubclassAndSetNameHooksRun) {
  static Value seen;
  Value hook = method([](Args a) {
    seen = Value(make_tuple({a[0], a.keyword("tag")}));
    return Value::none();
  });
  Value base = make_class("Base", nullptr, {{"__init_subclass__", Value(make<ClassMethod>(hook))}});
  Value derived = make_class("Derived", as_type(base), {}, {{"tag", Value::integer(7)}});
  ASSERT_TRUE(isinstance(seen, types::tuple));
  EXPECT_TRUE(seen.as<Tuple>()->items[0].is(derived));
  EXPECT_EQ(seen.as<Tuple>()->items[1].as_int(), 7);
  seen = Value();

  // A property learns its attribute name through __set_name__.
  Value getter = method([](Args) { return Value::integer(1); });
  Value prop = call(type_value(types::property), {getter});
  Value cls = make_class("P", nullptr, {{"x", prop}});
  Value inst = call(cls, {});
  EXPECT_EQ(error_text([&] { setattr(inst, intern("x"), Value::integer(2)); }),
            "AttributeError: property 'x' of 'P' object has no setter");
  EXPECT_EQ(error_text([&] { delattr(inst, intern("x")); }),
            "AttributeError: property 'x' of 'P' object has no deleter");
}

TEST_F(ObjectModelTest, ClassCellReceivesTheNewClass) {
  Value cell(make<Cell>());
  Value cls = make_class("K", nullptr, {{"__classcell__", cell}});
  EXPECT_TRUE(cell.as<Cell>()->value.is(cls));
  EXPECT_TRUE(as_type(cls)->dict->get(intern("__classcell__")).is_null());
}

TEST_F(ObjectModelTest, InstanceCreationFollowsObjectNewAndInitRules) {
  Value plain = make_class("B", nullptr);
  Value inst = call(plain, {});
  EXPECT_TRUE(isinstance(inst, as_type(plain)));
  EXPECT_EQ(error_text([&] { call(plain, {Value::integer(1)}); }),
            "TypeError: B() takes no arguments");
  EXPECT_EQ(error_text([] { call(type_value(types::object), {Value::integer(1)}); }),
            "TypeError: object() takes no arguments");

  Value init = method([](Args a) {
    setattr(a[0], intern("x"), a[1]);
    return Value::none();
  });
  Value c = make_class("C", nullptr, {{"__init__", init}});
  Value ci = call(c, {Value::integer(5)});
  EXPECT_EQ(getattr(ci, intern("x")).as_int(), 5);

  Value bad_init = method([](Args) { return Value::integer(1); });
  Value g = make_class("G", nullptr, {{"__init__", bad_init}});
  EXPECT_EQ(error_text([&] { call(g, {}); }), "TypeError: __init__() should return None, not 'int'");

  // __new__ overridden and passing arguments on to object.__new__.
  Value new_fn = method([](Args a) {
    Value object_new = getattr(type_value(types::object), names::__new__);
    return call(object_new, {a[0], a[1]});
  });
  Value d = make_class("D", nullptr, {{"__new__", Value(make<StaticMethod>(new_fn))}});
  EXPECT_EQ(error_text([&] { call(d, {Value::integer(1)}); }),
            "TypeError: object.__new__() takes exactly one argument (the type to instantiate)");

  Value object_new = getattr(type_value(types::object), names::__new__);
  EXPECT_EQ(error_text([&] { call(object_new, {type_value(types::int_)}); }),
            "TypeError: object.__new__(int) is not safe, use int.__new__()");
  EXPECT_EQ(error_text([&] { call(object_new, {Value::integer(1)}); }),
            "TypeError: object.__new__(X): X is not a type object (int)");
  EXPECT_EQ(error_text([&] { call(object_new, {}); }),
            "TypeError: object.__new__(): not enough arguments");
  Value object_init = getattr(type_value(types::object), names::__init__);
  EXPECT_EQ(error_text([&] {
              call(object_init, {inst, Value::integer(1)});
            }),
            "TypeError: B.__init__() takes exactly one argument (the instance to initialize)");
  EXPECT_EQ(error_text([&] {
              call(object_init, {ci, Value::integer(1)});
            }),
            "TypeError: object.__init__() takes exactly one argument (the instance to initialize)");
  EXPECT_EQ(error_text([] { call(type_value(types::function), {}); }),
            "TypeError: cannot create 'function' instances");
}

TEST_F(ObjectModelTest, ClassAttributesAreWritableOnlyOnUserClasses) {
  Value foo = make_class("Foo", nullptr, {{"x", Value::integer(1)}});
  uint64_t epoch = type_epoch;
  EXPECT_EQ(as_type(foo)->lookup(intern("x")).as_int(), 1);
  setattr(foo, intern("x"), Value::integer(2));
  EXPECT_GT(type_epoch, epoch);
  EXPECT_EQ(as_type(foo)->lookup(intern("x")).as_int(), 2); // cache invalidated
  delattr(foo, intern("x"));
  EXPECT_TRUE(as_type(foo)->lookup(intern("x")).is_null());
  EXPECT_EQ(error_text([&] { delattr(foo, intern("x")); }),
            "AttributeError: type object 'Foo' has no attribute 'x'");
  EXPECT_EQ(error_text([] { setattr(type_value(types::int_), intern("x"), Value::integer(1)); }),
            "TypeError: cannot set 'x' attribute of immutable type 'int'");
  EXPECT_EQ(error_text([] { delattr(type_value(types::int_), intern("x")); }),
            "TypeError: cannot set 'x' attribute of immutable type 'int'");
  setattr(foo, names::__name__, s("Bar"));
  EXPECT_EQ(as_type(foo)->name, "Bar");
  EXPECT_EQ(error_text([&] { setattr(foo, names::__name__, Value::integer(1)); }),
            "TypeError: can only assign string to Bar.__name__, not 'int'");
}

TEST_F(ObjectModelTest, PropertyDescriptors) {
  Value getter = method([](Args a) { return getattr(a[0], intern("_v")); });
  Value setter = method([](Args a) {
    setattr(a[0], intern("_v"), a[1]);
    return Value::none();
  });
  Value ro = call(type_value(types::property), {getter});
  Value rw = call(getattr(ro, intern("setter")), {setter});
  EXPECT_FALSE(rw.is(ro));
  EXPECT_TRUE(getattr(ro, intern("fset")).is_none());
  EXPECT_TRUE(getattr(rw, intern("fset")).is(setter));
  Value cls = make_class("A", nullptr, {{"ro", ro}, {"rw", rw}});
  Value a = call(cls, {});
  setattr(a, intern("rw"), Value::integer(3));
  EXPECT_EQ(getattr(a, intern("rw")).as_int(), 3);
  EXPECT_EQ(getattr(a, intern("ro")).as_int(), 3);
  // A data descriptor wins over the instance dict.
  a.as<Instance>()->dict->set(intern("ro"), Value::integer(99));
  EXPECT_EQ(getattr(a, intern("ro")).as_int(), 3);
  EXPECT_EQ(error_text([&] { setattr(a, intern("ro"), Value::integer(1)); }),
            "AttributeError: property 'ro' of 'A' object has no setter");
  EXPECT_TRUE(getattr(cls, intern("ro")).is(ro)); // class access returns the property
  Value empty = call(type_value(types::property), {});
  Value c2 = make_class("C", nullptr, {{"y", empty}});
  EXPECT_EQ(error_text([&] { getattr(call(c2, {}), intern("y")); }),
            "AttributeError: property 'y' of 'C' object has no getter");
  EXPECT_EQ(str_of(getattr(type_value(types::type), names::__name__)), "type");
  EXPECT_EQ(repr_of(types::type->dict->get(names::__name__)),
            "<attribute '__name__' of 'type' objects>");
}

TEST_F(ObjectModelTest, ClassmethodStaticmethodAndBoundMethods) {
  Value f = method([](Args a) { return a.npos > 0 ? a[0] : Value::none(); }, "f");
  Value cls = make_class("A", nullptr,
                         {{"f", f},
                          {"c", call(type_value(types::classmethod), {f})},
                          {"s", call(type_value(types::staticmethod), {f})}});
  Value a = call(cls, {});
  Value bound = getattr(a, intern("f"));
  EXPECT_TRUE(isinstance(bound, types::method));
  EXPECT_TRUE(getattr(bound, intern("__self__")).is(a));
  EXPECT_TRUE(getattr(bound, intern("__func__")).is(f));
  EXPECT_TRUE(call(bound, {}).is(a));
  EXPECT_TRUE(equals(bound, getattr(a, intern("f"))));
  EXPECT_EQ(hash(bound), hash(getattr(a, intern("f"))));
  EXPECT_FALSE(equals(bound, getattr(call(cls, {}), intern("f"))));
  EXPECT_TRUE(getattr(cls, intern("f")).is(f)); // class access: the plain function
  EXPECT_TRUE(call(getattr(a, intern("c")), {}).is(cls));
  EXPECT_TRUE(call(getattr(cls, intern("c")), {}).is(cls));
  EXPECT_TRUE(getattr(a, intern("s")).is(f));
  EXPECT_TRUE(call(getattr(cls, intern("s")), {}).is_none());
  Value sm = call(type_value(types::staticmethod), {f});
  EXPECT_TRUE(call(sm, {Value::integer(4)}).is(Value::integer(4))); // callable since 3.10
  Value cm = call(type_value(types::classmethod), {f});
  EXPECT_EQ(error_text([&] { call(cm, {}); }), "TypeError: 'classmethod' object is not callable");
  EXPECT_EQ(error_text([] { call(type_value(types::staticmethod), {}); }),
            "TypeError: staticmethod expected 1 argument, got 0");
  Value len(make_native("len", [](Args) { return Value::none(); }));
  EXPECT_EQ(repr_of(call(type_value(types::staticmethod), {len})),
            "<staticmethod(<built-in function len>)>");
  EXPECT_EQ(repr_of(call(type_value(types::classmethod), {len})),
            "<classmethod(<built-in function len>)>");
}

Value repr_self_native(Args) { return str_value("<A>"); }

TEST_F(ObjectModelTest, MethodAndFunctionReprs) {
  Value cls = make_class("A", nullptr, {{"__repr__", method(repr_self_native, "__repr__")}});
  Value a = call(cls, {});
  TypeObject* t = as_type(make_class("Box", nullptr));
  add_method(t, "grow", [](Args) { return Value::none(); });
  Value box = call(type_value(t), {});
  std::string bm = repr_of(getattr(box, intern("grow")));
  EXPECT_EQ(bm.rfind("<built-in method grow of Box object at 0x", 0), 0u) << bm;
  EXPECT_EQ(repr_of(getattr(type_value(t), intern("grow"))), "<method 'grow' of 'Box' objects>");
  EXPECT_EQ(repr_of(Value(make_native("len", [](Args) { return Value::none(); }))),
            "<built-in function len>");
  Ref<BoundMethod> m =
      make<BoundMethod>(Value(make_native("g", [](Args) { return Value::none(); })), a);
  EXPECT_EQ(repr_of(Value(m)).rfind("<built-in method g of A object at 0x", 0), 0u);
}

TEST_F(ObjectModelTest, ModulesReadAndWriteTheirDict) {
  Value m(make_module("math"));
  EXPECT_EQ(repr_of(m), "<module 'math' (built-in)>");
  EXPECT_EQ(str_of(getattr(m, names::__name__)), "math");
  setattr(m, intern("pi"), Value::floating(3.0));
  EXPECT_EQ(getattr(m, intern("pi")).as_float(), 3.0);
  EXPECT_EQ(error_text([&] { getattr(m, intern("foo")); }),
            "AttributeError: module 'math' has no attribute 'foo'");
  delattr(m, intern("pi"));
  EXPECT_EQ(error_text([&] { delattr(m, intern("pi")); }),
            "AttributeError: module 'math' has no attribute 'pi'");
  m.as<Module>()->dict->set(names::__file__, s("/x/mod.py"));
  EXPECT_EQ(repr_of(m), "<module 'math' from '/x/mod.py'>");
  EXPECT_TRUE(getattr(m, names::__dict__).is(Value(m.as<Module>()->dict)));
}

TEST_F(ObjectModelTest, ExceptionStrReprAndArgs) {
  Value ve = type_value(exc::ValueError);
  EXPECT_EQ(repr_of(call(ve, {s("x")})), "ValueError('x')");
  EXPECT_EQ(repr_of(call(ve, {})), "ValueError()");
  EXPECT_EQ(repr_of(call(ve, {s("a"), Value::integer(1)})), "ValueError('a', 1)");
  EXPECT_EQ(str_of(call(ve, {})), "");
  EXPECT_EQ(str_of(call(ve, {s("x")})), "x");
  EXPECT_EQ(str_of(call(ve, {s("a"), Value::integer(1)})), "('a', 1)");
  EXPECT_EQ(str_of(call(type_value(exc::KeyError), {s("a")})), "'a'");
  EXPECT_EQ(str_of(call(type_value(exc::KeyError), {s("a"), s("b")})), "('a', 'b')");
  Value e = call(ve, {Value::integer(1)});
  setattr(e, names::args, Value(make_list({Value::integer(1), Value::integer(2)})));
  EXPECT_EQ(repr_of(getattr(e, names::args)), "(1, 2)");
  EXPECT_EQ(error_text([&] {
              Value argv[1] = {Value::integer(1)};
              Ref<Tuple> kw = make_tuple({Value::borrow(intern("x"))});
              call(ve, Args{argv, 0, kw.get()});
            }),
            "TypeError: ValueError() takes no keyword arguments");
  EXPECT_TRUE(getattr(e, intern("__traceback__")).is_none());
  EXPECT_TRUE(getattr(e, intern("__cause__")).is_none());
  EXPECT_TRUE(call_method(e, intern("with_traceback"), {Value::none()}).is(e));
  EXPECT_EQ(error_text([&] { setattr(e, intern("__cause__"), Value::integer(3)); }),
            "TypeError: exception cause must be None or derive from BaseException");
  EXPECT_EQ(error_text([&] { setattr(e, intern("__context__"), Value::integer(3)); }),
            "TypeError: exception context must be None or derive from BaseException");
  setattr(e, intern("__cause__"), call(type_value(exc::KeyError), {}));
  EXPECT_TRUE(getattr(e, intern("__suppress_context__")).as_bool());
  EXPECT_EQ(error_text([&] { call_method(e, intern("add_note"), {Value::integer(1)}); }),
            "TypeError: note must be a str, not 'int'");
}

TEST_F(ObjectModelTest, UserExceptionSubclassKeepsConstructorArgs) {
  Value init = method([](Args a) {
    setattr(a[0], intern("c"), a[1]);
    return Value::none();
  });
  Value e_cls = make_class("E", exc::Exception, {{"__init__", init}});
  EXPECT_EQ(as_type(e_cls)->layout, Layout::Exception);
  Value e = call(e_cls, {Value::integer(1), Value::integer(2)});
  EXPECT_EQ(repr_of(getattr(e, names::args)), "(1, 2)");
  EXPECT_EQ(str_of(e), "(1, 2)");
  EXPECT_EQ(repr_of(e), "E(1, 2)");
  EXPECT_TRUE(isinstance(e, exc::BaseException));
}

TEST_F(ObjectModelTest, ExceptionsWithExtraState) {
  EXPECT_EQ(
      getattr(call(type_value(exc::StopIteration), {Value::integer(5)}), intern("value")).as_int(),
      5);
  EXPECT_TRUE(getattr(call(type_value(exc::StopIteration), {}), intern("value")).is_none());
  EXPECT_TRUE(getattr(call(type_value(exc::SystemExit), {}), intern("code")).is_none());
  EXPECT_EQ(
      repr_of(getattr(call(type_value(exc::SystemExit), {Value::integer(1), Value::integer(2)}),
                      intern("code"))),
      "(1, 2)");
  Value os =
      call(type_value(exc::OSError), {Value::integer(2), s("No such file or directory"), s("x")});
  EXPECT_EQ(type_name(os), "FileNotFoundError");
  EXPECT_EQ(str_of(os), "[Errno 2] No such file or directory: 'x'");
  EXPECT_EQ(repr_of(os), "FileNotFoundError(2, 'No such file or directory')");
  EXPECT_EQ(str_of(call(type_value(exc::OSError), {Value::integer(13), s("Permission denied")})),
            "[Errno 13] Permission denied");
  Value info = Value(make_tuple({s("/a/f.py"), Value::integer(3), Value::integer(4), s("x = (")}));
  EXPECT_EQ(str_of(call(type_value(exc::SyntaxError), {s("bad"), info})), "bad (f.py, line 3)");
  Value argv[2] = {s("m"), Value::integer(1)};
  Ref<Tuple> kw = make_tuple({Value::borrow(intern("name"))});
  Value ae = call(type_value(exc::AttributeError), Args{argv, 1, kw.get()});
  EXPECT_EQ(getattr(ae, intern("name")).as_int(), 1);
  Ref<Tuple> bad_kw = make_tuple({Value::borrow(intern("foo"))});
  EXPECT_EQ(error_text([&] {
              call(type_value(exc::AttributeError), Args{argv, 1, bad_kw.get()});
            }),
            "TypeError: 'foo' is an invalid keyword argument for AttributeError()");
}

TEST_F(ObjectModelTest, RaiseHelpers) {
  EXPECT_EQ(error_text([] { raise(exc::ValueError, "bad"); }), "ValueError: bad");
  EXPECT_EQ(error_text([] { raise(type_value(exc::KeyError)); }), "KeyError");
  EXPECT_EQ(error_text([] { raise(Value::integer(1)); }),
            "TypeError: exceptions must derive from BaseException");
  EXPECT_EQ(error_text([] { raise_int_overflow(); }),
            "OverflowError: integer overflow (refc ints are 64-bit)");
  std::string check = error_text([] { REFC_CHECK(1 + 1 == 3, "arithmetic"); });
  EXPECT_EQ(check.rfind("SystemError: internal error at ", 0), 0u) << check;
  EXPECT_EQ(check.substr(check.size() - 12), ": arithmetic") << check;
  std::string internal =
      error_text([] { internal_error("/x/reference_compiler/lang/vm.cpp", 12, "bad pc"); });
  EXPECT_EQ(internal, "SystemError: internal error at reference_compiler/lang/vm.cpp:12: bad pc");
  Value e = new_exception(exc::TypeError, "");
  EXPECT_EQ(e.as<ExceptionObject>()->args->items.size(), 0u);
}

TEST_F(ObjectModelTest, Singletons) {
  EXPECT_TRUE(call(type_value(types::none_type), {}).is_none());
  EXPECT_EQ(error_text([] { call(type_value(types::none_type), {Value::integer(1)}); }),
            "TypeError: NoneType takes no arguments");
  EXPECT_TRUE(call(type_value(types::not_implemented_type), {}).is(not_implemented()));
  EXPECT_TRUE(call(type_value(types::ellipsis_type), {}).is(ellipsis()));
  EXPECT_EQ(repr_of(not_implemented()), "NotImplemented");
  EXPECT_EQ(repr_of(ellipsis()), "Ellipsis");
  EXPECT_EQ(repr_of(Value::none()), "None");
  EXPECT_TRUE(truthy(not_implemented()));
  EXPECT_FALSE(truthy(Value::none()));
  EXPECT_EQ(hash(Value::none()), hash(Value::none()));
}

TEST_F(ObjectModelTest, DeepStructuresAreFreedWithoutRecursion) {
  // 300,000 nested lists: destroying them recursively would overflow the stack.
  Value v(make_list());
  for (int i = 0; i < 300000; ++i)
    v = Value(make_list({v}));
  v = Value();
  SUCCEED();
}

TEST_F(ObjectModelTest, ObjectDefaults) {
  Value foo = make_class("Foo", nullptr);
  Value a = call(foo, {});
  EXPECT_EQ(repr_of(a).rfind("<__main__.Foo object at 0x", 0), 0u);
  EXPECT_EQ(str_of(a), repr_of(a));
  EXPECT_EQ(repr_of(call(type_value(types::object), {})).rfind("<object object at 0x", 0), 0u);
  EXPECT_EQ(text(format(a, "")), repr_of(a));
  EXPECT_EQ(error_text([&] { format(a, "x"); }),
            "TypeError: unsupported format string passed to Foo.__format__");
  EXPECT_TRUE(getattr(a, names::__class__).is(foo));
  EXPECT_TRUE(equals(a, a));
  EXPECT_FALSE(equals(a, call(foo, {})));
  EXPECT_TRUE(compare_bool(CompareOp::Ne, a, call(foo, {})));
  EXPECT_EQ(hash(a), hash(a));
  EXPECT_EQ(error_text([] {
              setattr(call(type_value(types::object), {}), intern("x"), Value::integer(1));
            }),
            "AttributeError: 'object' object has no attribute 'x'");
  EXPECT_EQ(error_text([] { getattr(Value::integer(1), names::__dict__); }),
            "AttributeError: 'int' object has no attribute '__dict__'");
  setattr(a, intern("y"), Value::integer(2));
  Value d = getattr(a, names::__dict__);
  EXPECT_EQ(d.as<Dict>()->get(intern("y")).as_int(), 2);
}

} // namespace
} // namespace refc::lang
