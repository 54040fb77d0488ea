// The registry of functions: one row per function, registered with GiNaC on
// first use.
#include "reference_compiler/symbolic/functions.h"

#include <array>
#include <string>
#include <vector>

#include <ginac/ginac.h>

#include "reference_compiler/symbolic/node.h"

namespace refc::symbolic {
namespace {

using F = Function;
using Fam = FunctionFamily;
using T = ValueType;

// sympy.printing.precedence.PRECEDENCE
constexpr double kOr = 20, kAnd = 30, kFloorDivLike = 35, kMul = 50, kFunc = 70, kNot = 100, kAtom = 1000;

constexpr std::array kFunctions = {
    FunctionInfo{F::HeldSum, "HeldSum", 1, Fam::Internal, T::SameAsArgs, 40, false},
    FunctionInfo{F::True, "BooleanTrue", 0, Fam::BooleanAtom, T::Bool, kAtom, false},
    FunctionInfo{F::False, "BooleanFalse", 0, Fam::BooleanAtom, T::Bool, kAtom, false},
    FunctionInfo{F::And, "And", -1, Fam::Connective, T::Bool, kAnd, false},
    FunctionInfo{F::Or, "Or", -1, Fam::Connective, T::Bool, kOr, false},
    FunctionInfo{F::Not, "Not", 1, Fam::Connective, T::Bool, kNot, false},
    FunctionInfo{F::FloorDiv, "FloorDiv", 2, Fam::SympyFunction, T::Int, kFloorDivLike, true},
    FunctionInfo{F::CleanDiv, "CleanDiv", 2, Fam::SympyFunction, T::Int, kFloorDivLike, true},
    FunctionInfo{F::PythonMod, "PythonMod", 2, Fam::SympyFunction, T::Int, kFloorDivLike, true},
    FunctionInfo{F::Mod, "Mod", 2, Fam::SympyFunction, T::Int, kFloorDivLike, true},
    FunctionInfo{F::ModularIndexing, "ModularIndexing", 3, Fam::SympyFunction, T::Int, kFloorDivLike, true},
    FunctionInfo{F::Max, "Max", -1, Fam::Lattice, T::SameAsArgs, kAtom, false},
    FunctionInfo{F::Min, "Min", -1, Fam::Lattice, T::SameAsArgs, kAtom, false},
    FunctionInfo{F::PowByNatural, "PowByNatural", 2, Fam::SympyFunction, T::Int, kMul, true},
    FunctionInfo{F::IntTrueDiv, "IntTrueDiv", 2, Fam::SympyFunction, T::Float, kFloorDivLike, true},
    FunctionInfo{F::FloatTrueDiv, "FloatTrueDiv", 2, Fam::SympyFunction, T::Float, kFloorDivLike, true},
    FunctionInfo{F::ToFloat, "ToFloat", 1, Fam::SympyFunction, T::Float, kFunc, false},
    FunctionInfo{F::CeilToInt, "CeilToInt", 1, Fam::SympyFunction, T::Int, kFunc, false},
    FunctionInfo{F::FloorToInt, "FloorToInt", 1, Fam::SympyFunction, T::Int, kFunc, false},
    FunctionInfo{F::TruncToInt, "TruncToInt", 1, Fam::SympyFunction, T::Int, kFunc, false},
};

struct Serials {
  std::array<unsigned, kFunctions.size()> serial_of{};
  std::vector<int> function_of_serial; // -1: not ours
};

const Serials& serials() {
  static const Serials* s = [] {
    auto* out = new Serials;
    for (size_t i = 0; i < kFunctions.size(); ++i) {
      static_assert(sizeof(F) == 1);
      if (static_cast<size_t>(kFunctions[i].id) != i) throw std::logic_error("function registry out of order");
      // GiNaC identifies a function by its serial; the name is only for its
      // own printing, and is made unique because GiNaC's parser keys on it.
      unsigned serial = GiNaC::function::register_new(
          GiNaC::function_options("refc_" + std::string(kFunctions[i].name), 0));
      out->serial_of[i] = serial;
      if (out->function_of_serial.size() <= serial) out->function_of_serial.resize(serial + 1, -1);
      out->function_of_serial[serial] = static_cast<int>(i);
    }
    return out;
  }();
  return *s;
}

} // namespace

const FunctionInfo& function_info(Function f) { return kFunctions[static_cast<size_t>(f)]; }

std::optional<Function> function_of(const GiNaC::ex& e) {
  if (!is_exactly<GiNaC::function>(e)) return std::nullopt;
  unsigned serial = GiNaC::ex_to<GiNaC::function>(e).get_serial();
  const auto& table = serials().function_of_serial;
  if (serial >= table.size() || table[serial] < 0) return std::nullopt;
  return static_cast<Function>(table[serial]);
}

GiNaC::ex make_function(Function f, const GiNaC::exvector& args) {
  return GiNaC::function(serials().serial_of[static_cast<size_t>(f)], args);
}

} // namespace refc::symbolic
