// The float-valued functions (IntTrueDiv, FloatTrueDiv, ToFloat) and the
// float-to-int ones (CeilToInt, FloorToInt, TruncToInt) with their eval()
// rules: they fold constants and nothing else.
#include "reference_compiler/symbolic/build.h"

#include <cmath>

#include <ginac/ginac.h>

#include "reference_compiler/symbolic/assumptions.h"

namespace refc::symbolic::build {

using GiNaC::ex;
using GiNaC::numeric;

namespace {

ex float_value(double v) { return numeric(v); }

} // namespace

ex int_true_div(const ex& a, const ex& b) {
  if (is_true(ask_zero(b))) throw DivisionByZero("division by zero");
  if (is_integer_number(a) && is_integer_number(b))
    return float_value(numeric_of(a).to_double() / numeric_of(b).to_double());
  return make_function(Function::IntTrueDiv, {a, b});
}

ex float_true_div(const ex& a, const ex& b) {
  if (is_true(ask_zero(b))) throw DivisionByZero("division by zero");
  if (is_numeric(a) && is_numeric(b)) return float_value(numeric_of(a).to_double() / numeric_of(b).to_double());
  return make_function(Function::FloatTrueDiv, {a, b});
}

ex to_float(const ex& a) {
  if (is_integer_number(a)) return float_value(numeric_of(a).to_double());
  return make_function(Function::ToFloat, {a});
}

ex unary_function(Function f, const ex& a) {
  if (is_numeric(a)) {
    double v = numeric_of(a).to_double();
    double r = f == Function::CeilToInt ? std::ceil(v) : f == Function::FloorToInt ? std::floor(v) : std::trunc(v);
    if (is_integer_number(a)) return a;
    return numeric(static_cast<long>(r));
  }
  return make_function(f, {a});
}

} // namespace refc::symbolic::build
