// Tests of the str type against CPython 3.11: every str method and operator
// over receivers that cover ASCII, Latin-1, Greek sigma, line breaks, Unicode
// digits and spaces, astral characters and quotes (str_methods_test_data.py
// records CPython's results and errors), str.format, `%` formatting, repr
// quoting, iteration and the in-place `+=` fast path.
#include "test_support.h"

#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/instance_object.h"
#include "reference_compiler/lang/iterators.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/number_ops.h"
#include "reference_compiler/lang/range_object.h"
#include "reference_compiler/lang/str_methods.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/lang/type_object.h"

#include <gtest/gtest.h>

#include <limits>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace refc::lang {
namespace {

#define SV(s) std::string_view(s, sizeof(s) - 1)

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

using testing::decode_next;

Value decode(std::string_view text) { return decode_next(text); }

struct MethodCase {
  std::string_view method;
  std::string_view self;
  std::string_view args;     // an encoded tuple
  std::string_view expected; // repr of the result, or the error message
  std::string_view error;
};
struct FormatCallCase {
  std::string_view format;
  std::string_view args;   // an encoded tuple
  std::string_view kwargs; // an encoded dict
  std::string_view expected;
  std::string_view error;
};
struct PercentCase {
  std::string_view format;
  std::string_view args; // the encoded right operand
  std::string_view expected;
  std::string_view error;
};

#include "str_methods_test_data.inc"

// repr() of the values these tests produce, independent of other types' code.
std::string show(const Value& v) {
  if (v.is_none()) return "None";
  if (v.is_bool()) return v.as_bool() ? "True" : "False";
  if (v.is_int()) return int_to_string(v.as_int());
  if (v.is_float()) return float_repr(v.as_float());
  TypeObject* t = v.as_obj()->type;
  if (t == types::str) return str_repr(v.as<Str>()->view());
  if (t == types::list || t == types::tuple) {
    const auto& items = t == types::list ? v.as<List>()->items : v.as<Tuple>()->items;
    std::string out = t == types::list ? "[" : "(";
    for (size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + show(items[i]);
    if (t == types::tuple && items.size() == 1) out += ",";
    return out + (t == types::list ? "]" : ")");
  }
  if (t == types::not_implemented_type) return "NotImplemented";
  return "<" + t->name + ">";
}

std::string describe(const PyError& e) {
  auto* x = e.exc.as<ExceptionObject>();
  std::string msg;
  // str(KeyError(k)) is repr(k).
  if (x->type != exc::KeyError && x->args && x->args->size() > 0 && x->args->items[0].is_obj() &&
      x->args->items[0].as_obj()->type == types::str)
    msg = std::string(x->args->items[0].as<Str>()->view());
  else if (x->args && x->args->size() > 0)
    msg = show(x->args->items[0]);
  return x->type->name + ": " + msg;
}

using testing::expectation;

class StrMethodsTest : public testing::BuiltinTypesTest {};

TEST_F(StrMethodsTest, MethodsMatchCPython) {
  int failures = 0;
  for (const MethodCase& c : kMethodCases) {
    std::vector<Value> argv{str_value(std::string(c.self))};
    Value args = decode(c.args);
    for (const Value& a : args.as<Tuple>()->items) argv.push_back(a);
    std::string got;
    try {
      Value m = types::str->lookup(intern(c.method));
      ASSERT_FALSE(m.is_null()) << c.method;
      Value r = m.as<NativeFunction>()->fn(Args{argv.data(), argv.size(), nullptr});
      got = show(r);
    } catch (const PyError& e) {
      got = describe(e);
    }
    // The hash of a str is whatever CPython's is; only its type matters here.
    if (c.method == "__hash__") continue;
    std::string want = expectation(c.error, c.expected);
    if (got != want && ++failures <= 40)
      ADD_FAILURE() << str_repr(c.self) << "." << c.method << "(...) #" << c.args.size() << ": got [" << got
                    << "] want [" << want << "]";
  }
  EXPECT_EQ(failures, 0);
}

TEST_F(StrMethodsTest, FormatMatchesCPython) {
  int failures = 0;
  for (const FormatCallCase& c : kFormatCalls) {
    Value args = decode(c.args);
    std::vector<Value> argv = args.as<Tuple>()->items;
    size_t npos = argv.size();
    std::vector<Value> names;
    Value kwargs = decode(c.kwargs);
    for (const Dict::Entry& e : kwargs.as<Dict>()->entries()) {
      argv.push_back(e.value);
      names.push_back(Value::borrow(intern(e.key.as<Str>()->view())));
    }
    Ref<Tuple> kwnames = names.empty() ? Ref<Tuple>() : make_tuple(std::move(names));
    std::string got;
    try {
      Ref<Str> fmt = make_str(std::string(c.format));
      got = show(Value(str_format(fmt.get(), Args{argv.data(), npos, kwnames.get()})));
    } catch (const PyError& e) {
      got = describe(e);
    }
    std::string want = expectation(c.error, c.expected);
    if (got != want && ++failures <= 40)
      ADD_FAILURE() << str_repr(c.format) << ".format(...): got [" << got << "] want [" << want << "]";
  }
  EXPECT_EQ(failures, 0);
}

TEST_F(StrMethodsTest, PercentFormattingMatchesCPython) {
  int failures = 0;
  for (const PercentCase& c : kPercentCases) {
    std::string got;
    try {
      Ref<Str> fmt = make_str(std::string(c.format));
      got = show(Value(str_percent_format(fmt.get(), decode(c.args))));
    } catch (const PyError& e) {
      got = describe(e);
    }
    std::string want = expectation(c.error, c.expected);
    if (got != want && ++failures <= 40)
      ADD_FAILURE() << str_repr(c.format) << " % ...: got [" << got << "] want [" << want << "]";
  }
  EXPECT_EQ(failures, 0);
}

TEST_F(StrMethodsTest, IterationYieldsCodePoints) {
  Value s = str_value("a\u00e9\U0001f600");
  Value m = types::str->lookup(intern("__iter__"));
  Value it = m.as<NativeFunction>()->fn(Args{&s, 1, nullptr});
  IteratorObject* native = as_native_iterator(it);
  ASSERT_NE(native, nullptr);
  EXPECT_EQ(it.type()->name, "str_iterator");
  std::vector<std::string> got;
  for (Value v = native->next(); !v.is_null(); v = native->next()) got.emplace_back(v.as<Str>()->view());
  EXPECT_EQ(got, (std::vector<std::string>{"a", "\u00e9", "\U0001f600"}));
  EXPECT_TRUE(native->next().is_null());
  Value ascii = str_value("ab");
  EXPECT_EQ(m.as<NativeFunction>()->fn(Args{&ascii, 1, nullptr}).type()->name, "str_ascii_iterator");
}

TEST_F(StrMethodsTest, InPlaceAppendReusesAUniqueString) {
  Value s = str_value("ab");
  Str* before = s.as<Str>();
  Ref<Str> tail = make_str("\u00e9");
  str_append_inplace(s, tail.get());
  EXPECT_EQ(s.as<Str>(), before); // only reference: appended in place
  EXPECT_EQ(s.as<Str>()->view(), "ab\u00e9");
  EXPECT_EQ(s.as<Str>()->length, 3);
  EXPECT_FALSE(s.as<Str>()->ascii);
  EXPECT_EQ(s.as<Str>()->hash(), make_str("ab\u00e9")->hash());
  Value shared = s;
  str_append_inplace(s, tail.get());
  EXPECT_NE(s.as<Str>(), shared.as<Str>()); // shared: a new string
  EXPECT_EQ(shared.as<Str>()->view(), "ab\u00e9");
  EXPECT_EQ(s.as<Str>()->view(), "ab\u00e9\u00e9");
  Value interned = Value::borrow(intern("xy"));
  str_append_inplace(interned, tail.get());
  EXPECT_EQ(intern("xy")->view(), "xy");
}

TEST_F(StrMethodsTest, ReprQuotingAndEscapes) {
  EXPECT_EQ(str_repr("abc"), "'abc'");
  EXPECT_EQ(str_repr("it's"), "\"it's\"");
  EXPECT_EQ(str_repr("it's \"x\""), "'it\\'s \"x\"'");
  EXPECT_EQ(str_repr("a\\b\n\t\r\x01\x7f"), "'a\\\\b\\n\\t\\r\\x01\\x7f'");
  EXPECT_EQ(str_repr("\u00e9\u00a0\u200b\U0001f600\U000e0001"), "'\u00e9\\xa0\\u200b\U0001f600\\U000e0001'");
  EXPECT_EQ(ascii_escape("'\u00e9\u20ac\U0001f600'"), "'\\xe9\\u20ac\\U0001f600'");
}

} // namespace
} // namespace refc::lang
