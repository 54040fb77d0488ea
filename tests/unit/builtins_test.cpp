// Tests of the built-in functions (builtin_functions.def). Program cases
// recorded from CPython 3.11 (builtins_test_data.py writes
// builtins_test_data.inc, including print into a capturing file object) are
// run through the interpreter and compared as reprs or exception texts.
#include "test_support.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/iterators.h"
#include "reference_compiler/lang/module_object.h"
#include "reference_compiler/lang/str_object.h"

#include <gtest/gtest.h>

#include <string>

namespace refc::lang {
namespace {

using testing::ProgramCase;

#include "builtins_test_data.inc"

class BuiltinsTest : public testing::InterpreterTest {};

TEST_F(BuiltinsTest, ProgramsMatchCPython) { testing::expect_cases_match("builtin_case", kBuiltinCases, kPrelude); }

TEST_F(BuiltinsTest, EveryRegistryEntryIsABuiltin) {
#define REFC_BUILTIN(name) EXPECT_FALSE(interp().builtins->get(intern(#name)).is_null()) << #name;
#include "reference_compiler/lang/builtin_functions.def"
#undef REFC_BUILTIN
  for (const char* type_name : {"enumerate", "zip", "map", "filter", "reversed"}) {
    Value t = interp().builtins->get(intern(type_name));
    ASSERT_TRUE(t.is_obj()) << type_name;
    EXPECT_EQ(t.as_obj()->type, types::type) << type_name;
  }
}

TEST_F(BuiltinsTest, NextOnNativeIteratorsNeedsNoException) {
  Value next = interp().builtins->get(intern("next"));
  Value it = make_range_iterator(0, 1, 1);
  EXPECT_TRUE(call(next, {it, Value::none()}).is(Value::integer(0)));
  EXPECT_TRUE(call(next, {it, Value::none()}).is_none());
}

} // namespace
} // namespace refc::lang
