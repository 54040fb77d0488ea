// Tests of refc's `math` module: each call in math_test_data.inc (written by
// math_test_data.py from CPython 3.11) is replayed through the module's
// functions, and the repr of the result — or "Type: message" of the raised
// exception — must equal CPython's exactly.
#include "test_support.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/module_registry.h"
#include "reference_compiler/lang/str_object.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <string>
#include <vector>

namespace refc::lang {
namespace {

using Maker = std::function<Value()>;

Maker I(int64_t v) { return [v] { return Value::integer(v); }; }
Maker B(bool v) { return [v] { return Value::boolean(v); }; }
Maker F(double v) { return [v] { return Value::floating(v); }; }
Maker S(const char* s) { return [s] { return str_value(s); }; }
Maker N() { return [] { return Value::none(); }; }
Maker L(std::vector<Maker> items) {
  return [items] {
    std::vector<Value> v;
    for (const Maker& m : items) v.push_back(m());
    return Value(make_list(std::move(v)));
  };
}

struct MathCase {
  const char* function;
  std::vector<Maker> args;
  const char* expected;
};

const std::vector<MathCase>& cases() {
  static const std::vector<MathCase> all = {
#include "math_test_data.inc"
  };
  return all;
}

// repr(result) or "Type: message", as the generator script records them.
std::string outcome(const Value& fn, const std::vector<Maker>& makers) {
  std::vector<Value> args;
  for (const Maker& m : makers) args.push_back(m());
  try {
    Value r = call(fn, Args{args.data(), args.size(), nullptr});
    return std::string(repr(r)->view());
  } catch (PyError& e) {
    return testing::exception_text(e);
  }
}

TEST(MathModule, MatchesCPython) {
  Ref<Module> math = testing::builtin_module("math");
  ASSERT_TRUE(math);
  ASSERT_GE(cases().size(), 150u);
  for (const MathCase& c : cases()) {
    Value fn = math->dict->get(intern(c.function));
    ASSERT_FALSE(fn.is_null()) << c.function;
    EXPECT_EQ(outcome(fn, c.args), c.expected) << "math." << c.function;
  }
}

TEST(MathModule, Constants) {
  Ref<Module> math = testing::builtin_module("math");
  EXPECT_EQ(math->dict->get(intern("pi")).as_float(), 3.141592653589793);
  EXPECT_EQ(math->dict->get(intern("e")).as_float(), 2.718281828459045);
  EXPECT_EQ(math->dict->get(intern("tau")).as_float(), 6.283185307179586);
  EXPECT_TRUE(std::isinf(math->dict->get(intern("inf")).as_float()));
  EXPECT_TRUE(std::isnan(math->dict->get(intern("nan")).as_float()));
}

// Results beyond int64 are exact big ints (values from CPython 3.11).
TEST(MathModule, IntegerResultsBeyond64BitsAreExact) {
  Ref<Module> math = testing::builtin_module("math");
  EXPECT_EQ(outcome(math->dict->get(intern("factorial")), {I(21)}), "51090942171709440000");
  EXPECT_EQ(outcome(math->dict->get(intern("comb")), {I(100), I(50)}), "100891344545564193334812497256");
  EXPECT_EQ(outcome(math->dict->get(intern("perm")), {I(30), I(20)}), "73096577329197271449600000");
  EXPECT_EQ(outcome(math->dict->get(intern("prod")), {L({I(1LL << 40), I(1LL << 40)})}),
            "1208925819614629174706176");
  EXPECT_EQ(outcome(math->dict->get(intern("floor")), {F(1e19)}), "10000000000000000000");
}

} // namespace
} // namespace refc::lang
