// Tests of refc's `random`: the MersenneTwister core against sequences that
// CPython 3.11 produced for int, str and hashed seeds (random_test_data.inc,
// written by random_test_data.py), then the module's functions through the
// interpreter against values recorded from CPython.
#include "test_support.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/mersenne_twister.h"
#include "reference_compiler/lang/module_registry.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/tuple_object.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

namespace refc::lang {
namespace {

enum class SeedKind { Int, Str, Hash };

struct Draw {
  enum Kind { Random, Bits, Below } kind;
  uint64_t arg;
  uint64_t result;  // Bits, Below
  double fresult;   // Random
};

struct SeedCase {
  SeedKind kind;
  std::string_view seed; // a string_view literal: str seeds may hold NULs
  std::vector<Draw> draws;
};

const std::vector<SeedCase>& seed_cases() {
  using namespace std::string_view_literals;
  static const std::vector<SeedCase> cases = {
#include "random_test_data.inc"
  };
  return cases;
}

std::vector<uint32_t> key_for(const SeedCase& c) {
  switch (c.kind) {
  case SeedKind::Int: {
    int64_t v = std::stoll(std::string(c.seed));
    return seed_key_from_uint(v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v));
  }
  case SeedKind::Str: return seed_key_from_str(c.seed);
  case SeedKind::Hash: return seed_key_from_uint(std::stoull(std::string(c.seed)));
  }
  return {};
}

TEST(MersenneTwister, MatchesCPythonSequences) {
  ASSERT_GE(seed_cases().size(), 10u);
  for (const SeedCase& c : seed_cases()) {
    SCOPED_TRACE("seed " + std::string(c.seed));
    MersenneTwister mt;
    mt.seed(key_for(c));
    int draws_before_tail = 0;
    for (const Draw& d : c.draws) {
      switch (d.kind) {
      case Draw::Random:
        if (draws_before_tail == 20) // the last draw follows 700 skipped random() calls
          for (int i = 0; i < 700; ++i) mt.next_double();
        EXPECT_EQ(mt.next_double(), d.fresult);
        break;
      case Draw::Bits: EXPECT_EQ(mt.bits(static_cast<int>(d.arg)), d.result) << "bits " << d.arg; break;
      case Draw::Below: EXPECT_EQ(mt.below(d.arg), d.result) << "below " << d.arg; break;
      }
      ++draws_before_tail;
    }
  }
}

TEST(MersenneTwister, StateRoundTrips) {
  MersenneTwister a, b;
  a.seed(seed_key_from_uint(7));
  for (int i = 0; i < 1000; ++i) a.next_u32();
  std::copy(std::begin(a.state), std::end(a.state), std::begin(b.state));
  b.index = a.index;
  for (int i = 0; i < 2000; ++i) ASSERT_EQ(a.next_u32(), b.next_u32());
}

TEST(MersenneTwister, UrandomSeedsDiffer) {
  MersenneTwister a, b;
  a.seed(seed_key_from_urandom());
  b.seed(seed_key_from_urandom());
  EXPECT_NE(a.next_u32() ^ (uint64_t(a.next_u32()) << 32), b.next_u32() ^ (uint64_t(b.next_u32()) << 32));
}

// ---- the module's functions -----------------------------------------------------

struct ModuleCall {
  const char* function;
  std::vector<const char*> args;   // Python literals
  std::vector<const char*> kwargs; // "name=literal"
  const char* expected;            // repr of the result, or "Type: message"
};

const std::vector<ModuleCall>& module_calls() {
  static const std::vector<ModuleCall> calls = {
#include "random_module_test_data.inc"
  };
  return calls;
}

// Evaluates Python literals with refc itself (a tiny module per call).
Value evaluate(const std::string& expr) {
  Ref<Module> m = run_module_source("_random_test_literal", "<test>", "value = " + expr + "\n");
  return m->dict->get(intern("value"));
}

using testing::exception_text;

TEST(RandomModule, MatchesCPythonCallByCall) {
  Ref<Module> random = testing::builtin_module("random");
  ASSERT_TRUE(random);
  ASSERT_GE(module_calls().size(), 60u);
  for (const ModuleCall& c : module_calls()) {
    std::string label = std::string("random.") + c.function;
    std::vector<Value> values;
    for (const char* a : c.args) values.push_back(evaluate(a));
    std::vector<Value> names;
    for (const char* kw : c.kwargs) {
      std::string s(kw);
      size_t eq = s.find('=');
      names.push_back(Value::borrow(intern(s.substr(0, eq))));
      values.push_back(evaluate(s.substr(eq + 1)));
    }
    Ref<Tuple> kwnames = names.empty() ? Ref<Tuple>() : make_tuple(names);
    Args args{values.data(), c.args.size(), kwnames.get()};
    std::string got;
    try {
      if (std::string(c.function) == "getstate_roundtrip") {
        Value state = call(random->dict->get(intern("getstate")), {});
        Value fn = random->dict->get(intern("random"));
        std::vector<double> first;
        for (int i = 0; i < 3; ++i) first.push_back(call(fn, {}).as_float());
        call(random->dict->get(intern("setstate")), {state});
        bool same = true;
        for (int i = 0; i < 3; ++i) same &= call(fn, {}).as_float() == first[i];
        got = same ? "True" : "False";
      } else {
        Value r = call(random->dict->get(intern(c.function)), args);
        if (std::string(c.function) == "shuffle") r = values[0];
        got = std::string(repr(r)->view());
      }
    } catch (PyError& e) {
      got = exception_text(e);
    }
    EXPECT_EQ(got, c.expected) << label;
  }
}

TEST(RandomModule, RandomInstancesAreIndependent) {
  Ref<Module> random = testing::builtin_module("random");
  Value cls = random->dict->get(intern("Random"));
  Value a = call(cls, {Value::integer(42)});
  Value b = call(cls, {Value::integer(42)});
  Value ra = call(getattr(a, intern("random")), {});
  Value rb = call(getattr(b, intern("random")), {});
  EXPECT_EQ(ra.as_float(), 0.6394267984578837); // random.Random(42).random() under CPython
  EXPECT_EQ(rb.as_float(), ra.as_float());
}

} // namespace
} // namespace refc::lang
