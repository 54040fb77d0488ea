// What the symbolic layer (reference_compiler/symbolic) costs on top of
// GiNaC, for the work tracing and guards do with it: building size
// expressions through PyTorch's construction rules (again, as tracing
// does, and for the first time), printing a guard as
// sympy does, bounding and simplifying, and running a compiled guard
// (IntProgram), which must stay allocation-free and in the tens of ns.
// Registered into refc_symbolic_bench beside ginac_costs.cpp.
#include <benchmark/benchmark.h>

#include <cstdint>

#include "reference_compiler/symbolic/bound.h"
#include "reference_compiler/symbolic/expr.h"
#include "reference_compiler/symbolic/int_program.h"
#include "reference_compiler/symbolic/simplify.h"

namespace {

using refc::symbolic::Expr;

const Expr& s0() {
  static const Expr s = Expr::positive_symbol("s0");
  return s;
}
const Expr& s1() {
  static const Expr s = Expr::positive_symbol("s1");
  return s;
}

// The GiNaC baseline's s0*s1 + 2*s0 + c, through Expr.
void BM_LayerBuildExpression(benchmark::State& state) {
  int64_t c = 0;
  for (auto _ : state) {
    Expr e = s0() * s1() + 2 * s0() + Expr(++c & 1023);
    benchmark::DoNotOptimize(e);
  }
}
BENCHMARK(BM_LayerBuildExpression);

// A convolution's output size: (s0 + 2*1 - 3) // 2 + 1, through FloorDiv's rules.
void BM_LayerBuildConvolutionSize(benchmark::State& state) {
  for (auto _ : state) {
    Expr e = floordiv(s0() + 2 - 3, 2) + 1;
    benchmark::DoNotOptimize(e);
  }
}
BENCHMARK(BM_LayerBuildConvolutionSize);

// The same with a new constant each time, so that the construction memo
// never has it: what building an expression for the first time costs.
void BM_LayerBuildConvolutionSizeFirstTime(benchmark::State& state) {
  int64_t c = 0;
  for (auto _ : state) {
    Expr e = floordiv(s0() + (++c % 1000000), 2) + 1;
    benchmark::DoNotOptimize(e);
  }
}
BENCHMARK(BM_LayerBuildConvolutionSizeFirstTime);

// A guard's relation, decided or kept through sympy's relation rules.
void BM_LayerBuildRelation(benchmark::State& state) {
  for (auto _ : state) {
    Expr e = eq(s0() * s1(), s1() * 4);
    benchmark::DoNotOptimize(e);
  }
}
BENCHMARK(BM_LayerBuildRelation);

void BM_LayerPrintGuard(benchmark::State& state) {
  Expr guard = logical_and(le(2, s0()), eq(s0() * s1() + 2 * s0(), 24));
  for (auto _ : state) benchmark::DoNotOptimize(guard.str());
}
BENCHMARK(BM_LayerPrintGuard);

void BM_LayerSimplify(benchmark::State& state) {
  refc::symbolic::RangeOf ranges = [](const Expr&) { return refc::symbolic::ValueRange{2, 1024}; };
  Expr e = max(s0() * (s1() + 1), 1) + floordiv(s0(), 4096);
  for (auto _ : state) benchmark::DoNotOptimize(simplify(e, ranges));
}
BENCHMARK(BM_LayerSimplify);

// The baseline's flat program, compiled from s0*s1 + 2*s0 + 1.
void BM_LayerIntProgramSize(benchmark::State& state) {
  auto program = refc::symbolic::IntProgram::compile(s0() * s1() + 2 * s0() + 1,
                                                     [](const Expr& s) { return s == s0() ? 0 : 1; });
  int64_t sizes[2] = {3, 4};
  for (auto _ : state) {
    benchmark::DoNotOptimize(program.run(sizes));
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_LayerIntProgramSize);

// A shape guard: 2 <= s0 and s0*s1 + 2*s0 == 24 and s1 % 4 == 0.
void BM_LayerIntProgramGuard(benchmark::State& state) {
  Expr guard = logical_and(logical_and(le(2, s0()), eq(s0() * s1() + 2 * s0(), 24)), eq(mod(s1(), 4), 0));
  auto program = refc::symbolic::IntProgram::compile(guard, [](const Expr& s) { return s == s0() ? 0 : 1; });
  int64_t sizes[2] = {3, 4};
  for (auto _ : state) {
    benchmark::DoNotOptimize(program.run(sizes));
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_LayerIntProgramGuard);

} // namespace
