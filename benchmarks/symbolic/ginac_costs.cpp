// What GiNaC costs for the work symbolic shapes do, measured before the
// symbolic layer is built on it (docs/design/symbolic.md):
//   - building a small size expression (s0*s1 + 2*s0 + c), as a meta function
//     computing on SymInts does for every op while tracing;
//   - evaluating it with the sizes of a call by substitution;
//   - evaluating the same expression as a flat program over int64, the form
//     the design compiles shape guards to.
// The summary prints the ratios that decide the design: GiNaC is cheap
// enough to trace with, and too slow to evaluate guards with; and, from
// layer_costs.cpp, what the symbolic layer adds to building and what a
// compiled guard costs.
#include <benchmark/benchmark.h>
#include <ginac/ginac.h>

#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace {

using GiNaC::ex;
using GiNaC::symbol;

const symbol& s0() {
  static const symbol s("s0");
  return s;
}
const symbol& s1() {
  static const symbol s("s1");
  return s;
}

void BM_BuildExpression(benchmark::State& state) {
  int64_t c = 0;
  for (auto _ : state) {
    ex e = s0() * s1() + 2 * s0() + GiNaC::numeric(++c & 1023);
    benchmark::DoNotOptimize(e);
  }
}
BENCHMARK(BM_BuildExpression);

void BM_EvaluateBySubstitution(benchmark::State& state) {
  const ex e = s0() * s1() + 2 * s0() + 1;
  const GiNaC::exmap sizes{{s0(), 3}, {s1(), 4}};
  for (auto _ : state) benchmark::DoNotOptimize(GiNaC::ex_to<GiNaC::numeric>(e.subs(sizes)).to_long());
}
BENCHMARK(BM_EvaluateBySubstitution);

// s0*s1 + 2*s0 + 1 as a postfix program over the call's sizes.
void BM_EvaluateFlatProgram(benchmark::State& state) {
  enum Op : uint8_t { Size, Const, Add, Mul };
  struct Step {
    Op op;
    int64_t arg;
  };
  const std::vector<Step> program = {{Size, 0}, {Size, 1}, {Mul, 0}, {Const, 2}, {Size, 0},
                                     {Mul, 0},  {Add, 0},  {Const, 1}, {Add, 0}};
  int64_t sizes[2] = {3, 4};
  for (auto _ : state) {
    int64_t stack[8];
    int sp = 0;
    for (const Step& s : program) {
      switch (s.op) {
      case Size: stack[sp++] = sizes[s.arg]; break;
      case Const: stack[sp++] = s.arg; break;
      case Add: --sp; stack[sp - 1] += stack[sp]; break;
      case Mul: --sp; stack[sp - 1] *= stack[sp]; break;
      }
    }
    benchmark::DoNotOptimize(stack[0]);
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_EvaluateFlatProgram);

class Collector : public benchmark::ConsoleReporter {
public:
  std::map<std::string, double> ns;
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& r : runs)
      if (r.run_type == Run::RT_Iteration || r.benchmark_name().ends_with("_median"))
        ns[r.run_name.function_name] = r.GetAdjustedRealTime();
    ConsoleReporter::ReportRuns(runs);
  }
};

} // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  Collector collector;
  benchmark::RunSpecifiedBenchmarks(&collector);
  auto& ns = collector.ns;
  std::printf("\nsummary\n");
  if (ns.count("BM_BuildExpression"))
    std::printf("%-52s %10.3f us\n", "build s0*s1 + 2*s0 + c", ns["BM_BuildExpression"] / 1000.0);
  if (ns.count("BM_EvaluateBySubstitution") && ns.count("BM_EvaluateFlatProgram"))
    std::printf("%-52s %10.1f x\n", "substitution / flat program (evaluating a guard)",
                ns["BM_EvaluateBySubstitution"] / ns["BM_EvaluateFlatProgram"]);
  // The symbolic layer's own costs (layer_costs.cpp).
  if (ns.count("BM_LayerBuildExpression") && ns.count("BM_BuildExpression"))
    std::printf("%-52s %10.2f x\n", "Expr / GiNaC building s0*s1 + 2*s0 + c",
                ns["BM_LayerBuildExpression"] / ns["BM_BuildExpression"]);
  if (ns.count("BM_LayerIntProgramGuard"))
    std::printf("%-52s %10.1f ns\n", "IntProgram: a 3-condition shape guard", ns["BM_LayerIntProgramGuard"]);
  return 0;
}
