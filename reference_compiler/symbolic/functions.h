// The registry of functions an expression holds beyond GiNaC's sums,
// products, powers and relations: PyTorch's sympy functions, sympy's boolean
// connectives and constants, and the held sum. Each is a GiNaC function with
// no evaluation of its own (the builders in this layer apply the rules before
// they make one); the table says how sympy names, sorts and prints it.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include <ginac/ex.h>

namespace refc::symbolic {

enum class Function : uint8_t {
  // A sum kept as one factor of a product or as the base of a power, as sympy
  // keeps s1*(2*s0 + 2). GiNaC would take the content out of a bare sum in a
  // product (2*s1*(s0 + 1)); sympy keeps what was built, so the sum is held.
  HeldSum,
  True,
  False,
  And,
  Or,
  Not,
  FloorDiv,
  CleanDiv,
  PythonMod,
  Mod,
  ModularIndexing,
  Max,
  Min,
  PowByNatural,
  IntTrueDiv,
  FloatTrueDiv,
  ToFloat,
  CeilToInt,
  FloorToInt,
  TruncToInt,
};

// How sympy classifies the function's class.
enum class FunctionFamily : uint8_t {
  SympyFunction, // a sympy.Function subclass: class_key (4, 10000, name)
  Lattice,       // Max / Min (LatticeOp): class_key (5, 0, name), args printed sorted
  Connective,    // And / Or / Not (BooleanFunction): class_key (5, 0, name)
  BooleanAtom,   // sympy.true / sympy.false: class_key (2, 0, name)
  Internal,      // HeldSum: stands for its sum everywhere
};

enum class ValueType : uint8_t { Int, Float, Bool, SameAsArgs };

struct FunctionInfo {
  Function id;
  std::string_view name; // sympy's class name
  int arity;             // -1: any number of arguments
  FunctionFamily family;
  ValueType type;
  // sympy's printing precedence (sympy.printing.precedence): the class's
  // `precedence` attribute when it has one, else the value for its class.
  double precedence;
  // Whether the class has a `precedence` attribute: precedence_Mul treats
  // such a Function factor specially.
  bool has_precedence_attribute;
};

const FunctionInfo& function_info(Function f);
// The registry entry of a GiNaC function made by make_function, if e is one.
std::optional<Function> function_of(const GiNaC::ex& e);
inline bool is_function(const GiNaC::ex& e, Function f) {
  auto k = function_of(e);
  return k && *k == f;
}
// The function applied to these arguments, as is (no rule applied).
GiNaC::ex make_function(Function f, const GiNaC::exvector& args);

} // namespace refc::symbolic
