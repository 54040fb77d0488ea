// What many unit tests set up alike, defined once (here and in
// test_support.cpp): fixtures that initialise the builtin types before every
// test or the interpreter once per suite; for the op tests, the names they
// use unqualified, 1-d tensors made from and read back as plain vectors and
// the repr of a raised exception; for the tests whose cases a
// *_test_data.py generator recorded from CPython 3.11, program cases run
// through the interpreter, exceptions as the generators record them and the
// compact text encoding of argument values; the lines and words of a text.
#pragma once

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/module_object.h"
#include "reference_compiler/lang/value.h"
#include "reference_compiler/ops/call.h"
#include "reference_compiler/tensor/tensor.h"

#include <gtest/gtest.h>

#include <functional>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace refc::testing {

using lang::Value;
using ops::call;
using ops::call_tensor;
using tensor::DType;
using tensor::IntVector;
using tensor::Tensor;

class BuiltinTypesTest : public ::testing::Test {
protected:
  void SetUp() override { lang::init_builtin_types(); }
};

// A 1-d tensor of T's dtype holding `values`.
template <class T> Tensor make(std::vector<T> values) {
  Tensor t = Tensor::empty(tensor::SymIntVector{static_cast<int64_t>(values.size())}, tensor::dtype_of<T>);
  for (size_t i = 0; i < values.size(); ++i) t.data<T>()[i] = values[i];
  return t;
}
// A tensor's elements in logical order.
template <class T> std::vector<T> values(const Tensor& t) {
  Tensor c = call_tensor("contiguous", t);
  return std::vector<T>(c.data<T>(), c.data<T>() + c.numel());
}

// The repr of the exception `f` raises, or "(no error)".
template <class F> std::string error_repr(F f) {
  try {
    f();
  } catch (const lang::PyError& e) {
    return std::string(lang::repr(e.exc)->view());
  }
  return "(no error)";
}
// A raised exception as "Type: message", the way the generators record one.
std::string exception_text(const lang::PyError& e);
// The exception `f` raises as "Type: message" ("Type" alone for an empty
// message), or "no error".
std::string error_text(const std::function<void()>& f);

// A class body's namespace: __module__ = "__main__" and `attrs`.
lang::Ref<lang::Dict> class_namespace(std::initializer_list<std::pair<const char*, lang::Value>> attrs);

// The builtin module `name`, created after initialising the interpreter.
lang::Ref<lang::Module> builtin_module(const char* name);

// A fixture that initialises the interpreter once per suite.
class InterpreterTest : public ::testing::Test {
protected:
  static void SetUpTestSuite();
};

// A program case: statements separated by "; ", the last an expression, and
// the repr of its value (or "!Type: message" for the exception it raises).
struct ProgramCase {
  const char* source;
  const char* expected;
};
// Runs a case's source after `prelude` as the module `name`, the same way the
// generators' wrap() ran it under CPython; returns the recorded result, or
// "<no result>".
std::string run_case(const char* name, const std::string& source, const std::string& prelude = "");
// Expects every case to give its recorded result when run as the module `name`.
template <size_t N>
void expect_cases_match(const char* name, const ProgramCase (&cases)[N], const std::string& prelude = "") {
  for (const ProgramCase& c : cases) {
    SCOPED_TRACE(c.source);
    EXPECT_EQ(run_case(name, c.source, prelude), c.expected);
  }
}
// The text a case expects: "Type: message" for an expected error, else the
// result's text.
std::string expectation(std::string_view error, std::string_view text);

// Decodes one value of the compact encoding the generators write from the
// front of `in`: N None, B0/B1, I<int>;, F<hex float or inf/-inf/nan>;,
// S<bytes>:<utf-8>, T<n>; / L<n>; followed by n items, D<n>; followed by n
// key/value pairs, X<start><stop><step> a slice. The tables stay plain
// constants that compile quickly.
lang::Value decode_next(std::string_view& in);

// `text` split at its line ends.
std::vector<std::string> lines_of(const std::string& text);
// The whitespace-separated words of `line`.
std::vector<std::string> words(const std::string& line);

} // namespace refc::testing
