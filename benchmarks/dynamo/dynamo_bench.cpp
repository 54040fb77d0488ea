// The costs torch.compile adds, against the targets of the tracer's design:
//   - guard evaluation on a cache hit of fn(x, y) (two tensors): <= 0.5 us;
//   - a call through the compiled wrapper (eager backend, 1-element tensors)
//     over the same uncompiled call: <= 1.3x;
//   - tracing and compiling a 300-op straight-line function: < 20 ms;
//   - a hit behind 8 failing cache entries costs O(guards): about 9x one
//     entry's guard evaluation, not more;
//   - dynamic shapes: the guards of fn(x, y) with four symbolic sizes cost
//     <= 2x the same entry with static sizes, and tracing the 300-op
//     function with dynamic=True <= 2x its static trace.
// Each figure comes from one run of this program (the medians with
// --benchmark_repetitions=N; each ratio is the median of paired
// measurements, see paired_ratio); the summary at the end prints the ratios
// and exits non-zero when a target is missed.
#include "reference_compiler/backends/backends_module.h"
#include "reference_compiler/dynamo/eval_frame.h"
#include "reference_compiler/dynamo/guards/guard_manager.h"
#include "reference_compiler/symbolic/shape_env.h"
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/compiler.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/vm.h"
#include "reference_compiler/tensor/tensor.h"
#include "reference_compiler/torch/torch_module.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace refc::dynamo {
namespace {

using lang::Value;

lang::Dict* program() {
  static lang::Ref<lang::Dict> globals = [] {
    std::string source = R"(
import torch

def add(x, y):
    return x + y

compiled_add = torch.compile(add, backend="eager")
x = torch.ones(1)
y = torch.ones(1)
compiled_add(x, y)
x2 = torch.ones(3, 4)
y2 = torch.ones(5, 6)

def shapes(x):
    return x * 2

torch._dynamo.config.cache_size_limit = 64
compiled_shapes = torch.compile(shapes, backend="eager", dynamic=False)
for n in range(1, 10):
    compiled_shapes(torch.ones(n))
last_shape = torch.ones(9)
)";
    // A 300-op straight-line function.
    source += "\ndef long_fn(x):\n";
    for (int i = 0; i < 300; ++i) source += i % 2 ? "    x = x * 1.0001\n" : "    x = x + 1\n";
    source += "    return x\n";
    lang::Ref<lang::CodeObject> code = lang::compile_source(source, "<dynamo_bench>");
    lang::Ref<lang::Dict> g = lang::make_dict();
    g->set(lang::intern("__name__"), Value(lang::make_str("__main__")));
    lang::run_code(code.get(), g.get(), g.get());
    return g;
  }();
  return globals.get();
}

Value global(const char* name) { return program()->get(lang::intern(name)); }

// A ratio of costs that holds while the machine's speed drifts: each
// iteration times `numerator` and then `denominator` once, and the median of
// the per-pair ratios is reported as the "ratio" counter.
template <class Numerator, class Denominator>
void paired_ratio(benchmark::State& state, Numerator numerator, Denominator denominator) {
  auto seconds = [](auto& f) {
    const auto start = std::chrono::steady_clock::now();
    f();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  std::vector<double> ratios;
  for (auto _ : state) {
    const double n = seconds(numerator);
    ratios.push_back(n / seconds(denominator));
  }
  std::sort(ratios.begin(), ratios.end());
  state.counters["ratio"] = ratios[ratios.size() / 2];
}

// The guard tree torch.compile builds for fn(x, y) with two tensors
// (TORCH_LOGS=guards prints the same guards for compiled_add).
void BM_GuardCheckHitTwoTensors(benchmark::State& state) {
  Value x = global("x"), y = global("y");
  RootGuardManager root;
  root.add(default_device());
  root.add(global_state());
  root.add(torch_function_mode_stack());
  root.add(no_tensor_aliasing({Source::local("x", 0), Source::local("y", 1)}));
  for (auto [name, index] : {std::pair{"x", 0}, std::pair{"y", 1}}) {
    SourcePtr s = Source::local(name, index);
    const tensor::Tensor t = tensor::Tensor::from_value(index ? y : x);
    root.manager_for(s).add(tensor_match(*s, t, t));
    root.manager_for(s).add(no_hasattr(*s, "_dynamo_dynamic_indices"));
  }
  root.finalize();
  Value locals[] = {x, y};
  const GuardInput input{locals, program(), {}};
  for (auto _ : state) benchmark::DoNotOptimize(root.check(input));
}
BENCHMARK(BM_GuardCheckHitTwoTensors);

// fn(x, y) with two 2-d tensors: static sizes (TENSOR_MATCH checks them),
// or four symbolic ones (TENSOR_MATCH skips them; four shape guards
// `2 <= L['x'].size()[0]`, ... check them, as dynamic=True produces).
struct Entry2d {
  std::unique_ptr<RootGuardManager> root = std::make_unique<RootGuardManager>();
  Value locals[2];
  bool check() const { return root->check(GuardInput{locals, program(), {}}); }
};

Entry2d entry_2d(bool symbolic) {
  Entry2d e;
  e.locals[0] = global("x2");
  e.locals[1] = global("y2");
  RootGuardManager& root = *e.root;
  root.add(default_device());
  root.add(global_state());
  root.add(torch_function_mode_stack());
  root.add(no_tensor_aliasing({Source::local("x", 0), Source::local("y", 1)}));
  auto env = std::make_shared<symbolic::ShapeEnv>(symbolic::ShapeEnvConfig{}, nullptr);
  std::map<std::string, SourcePtr> sources;
  for (auto [name, index] : {std::pair{"x", 0}, std::pair{"y", 1}}) {
    SourcePtr s = Source::local(name, index);
    const tensor::Tensor t = tensor::Tensor::from_value(e.locals[index]);
    tensor::Tensor geometry = t;
    if (symbolic) {
      tensor::SymIntVector sizes;
      for (int64_t d = 0; d < 2; ++d) {
        SourcePtr size = Source::tensor_size(s, d);
        sources[size->str()] = size;
        sizes.push_back(env->create_size_symbol(t.sizes()[static_cast<size_t>(d)], size->str(),
                                                symbolic::DimDynamic::Dynamic));
      }
      geometry = tensor::Tensor::empty(sizes, t.dtype());
    }
    root.manager_for(s).add(tensor_match(*s, t, geometry));
    root.manager_for(s).add(no_hasattr(*s, "_dynamo_dynamic_indices"));
  }
  if (symbolic)
    root.set_shape_guards(std::make_unique<ShapeGuards>(env->produce_guards(),
                                                        [&](const std::string& n) { return sources.at(n); }));
  root.finalize();
  return e;
}

void guard_check_2d(benchmark::State& state, bool symbolic) {
  const Entry2d e = entry_2d(symbolic);
  if (!e.check()) state.SkipWithError("the guards do not pass");
  for (auto _ : state) benchmark::DoNotOptimize(e.check());
}
void BM_GuardCheck2dStatic(benchmark::State& state) { guard_check_2d(state, false); }
void BM_GuardCheck2dFourSymbolic(benchmark::State& state) { guard_check_2d(state, true); }
BENCHMARK(BM_GuardCheck2dStatic);
BENCHMARK(BM_GuardCheck2dFourSymbolic);

void BM_GuardSymbolicOverStatic(benchmark::State& state) {
  const Entry2d symbolic = entry_2d(true), fixed = entry_2d(false);
  constexpr int kBatch = 20000;
  auto batch = [](const Entry2d& e) {
    return [&e] {
      for (int i = 0; i < kBatch; ++i) benchmark::DoNotOptimize(e.check());
    };
  };
  paired_ratio(state, batch(symbolic), batch(fixed));
}
BENCHMARK(BM_GuardSymbolicOverStatic)->Iterations(101);

void call_loop(benchmark::State& state, const char* fn, const char* a, const char* b) {
  Value f = global(fn), x = global(a), y = global(b);
  for (auto _ : state) benchmark::DoNotOptimize(lang::call(f, {x, y}));
}
void BM_CallUncompiled(benchmark::State& state) { call_loop(state, "add", "x", "y"); }
void BM_CallCompiled(benchmark::State& state) { call_loop(state, "compiled_add", "x", "y"); }
BENCHMARK(BM_CallUncompiled);
BENCHMARK(BM_CallCompiled);

// The wrapper's cost, as a ratio of paired batches of compiled and uncompiled calls.
void BM_CallCompiledOverUncompiled(benchmark::State& state) {
  const Value plain = global("add"), compiled = global("compiled_add"), x = global("x"), y = global("y");
  constexpr int kBatch = 400;
  auto batch = [&](const Value& f) {
    return [&, f] {
      for (int i = 0; i < kBatch; ++i) benchmark::DoNotOptimize(lang::call(f, {x, y}));
    };
  };
  paired_ratio(state, batch(compiled), batch(plain));
}
BENCHMARK(BM_CallCompiledOverUncompiled)->Iterations(101);

// A hit on the first (most recent) entry, and one behind 8 failing entries.
void BM_CacheHitFirstEntry(benchmark::State& state) {
  Value f = global("compiled_shapes"), x = global("last_shape");
  for (auto _ : state) benchmark::DoNotOptimize(lang::call(f, {x}));
}
void BM_CacheHitAfter8Failing(benchmark::State& state) {
  Value f = global("compiled_shapes");
  Value x = lang::call(lang::getattr(Value(lang::import_module("torch")), lang::intern("ones")), {Value::integer(1)});
  for (auto _ : state) benchmark::DoNotOptimize(lang::call(f, {x}));
}
BENCHMARK(BM_CacheHitFirstEntry);
BENCHMARK(BM_CacheHitAfter8Failing);

// Tracing and compiling (eager backend) a 300-op function, then one call;
// with dynamic=True every size of the input is a symbol.
void trace_300_once(bool dynamic) {
  Value torch = Value(lang::import_module("torch"));
  static const Value compile = lang::getattr(torch, lang::intern("compile"));
  static const Value reset = lang::getattr(lang::getattr(torch, lang::intern("_dynamo")), lang::intern("reset"));
  Value fn = global("long_fn"), x = global("x2");
  Value kwargs[] = {fn, Value(lang::make_str("eager")), Value::boolean(dynamic)};
  lang::Ref<lang::Tuple> names = lang::make_tuple({Value(lang::make_str("backend")), Value(lang::make_str("dynamic"))});
  lang::call(reset, {});
  Value compiled = lang::call(compile, lang::Args{kwargs, 1, names.get()});
  benchmark::DoNotOptimize(lang::call(compiled, {x}));
}
void trace_300(benchmark::State& state, bool dynamic) {
  for (auto _ : state) trace_300_once(dynamic);
  state.SetLabel("300 ops");
}
void BM_Trace300Ops(benchmark::State& state) { trace_300(state, false); }
void BM_Trace300OpsDynamic(benchmark::State& state) { trace_300(state, true); }
BENCHMARK(BM_Trace300Ops)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Trace300OpsDynamic)->Unit(benchmark::kMillisecond);

void BM_Trace300DynamicOverStatic(benchmark::State& state) {
  paired_ratio(state, [] { trace_300_once(true); }, [] { trace_300_once(false); });
}
BENCHMARK(BM_Trace300DynamicOverStatic)->Iterations(31);

// Collects each benchmark's time per iteration (ns) for the summary.
class Collector : public benchmark::ConsoleReporter {
public:
  std::map<std::string, double> ns;
  std::set<std::string> ns_median;
  std::map<std::string, double> ratio; // the "ratio" counter of a benchmark that reports one
  void ReportRuns(const std::vector<Run>& runs) override {
    // With --benchmark_repetitions the medians stand for their benchmarks.
    for (const Run& r : runs) {
      std::string name = r.benchmark_name();
      if (auto it = r.counters.find("ratio"); it != r.counters.end() && !name.ends_with("_mean") &&
                                              !name.ends_with("_stddev") && !name.ends_with("_cv"))
        ratio[r.run_name.function_name] = it->second;
      const bool median = name.ends_with("_median");
      if (median) name.resize(name.size() - 7);
      else if (r.run_type == Run::RT_Aggregate || ns_median.count(name)) continue;
      ns[name] = r.GetAdjustedRealTime() * (r.time_unit == benchmark::kMillisecond ? 1e6 : 1.0);
      if (median) ns_median.insert(name);
    }
    ConsoleReporter::ReportRuns(runs);
  }
};

} // namespace
} // namespace refc::dynamo

int main(int argc, char** argv) {
  refc::torch::install();
  refc::dynamo::install();
  refc::backends::install();
  refc::lang::initialise({"dynamo_bench"});
  refc::dynamo::program();
  benchmark::Initialize(&argc, argv);
  refc::dynamo::Collector collector;
  benchmark::RunSpecifiedBenchmarks(&collector);
  auto& ns = collector.ns;
  bool ok = true;
  auto report = [&](const char* what, double value, double target, const char* unit, bool below) {
    const bool met = below ? value <= target : value >= target;
    ok &= met;
    std::printf("%-52s %10.3f %-3s (target %s %g) %s\n", what, value, unit, below ? "<=" : ">=", target,
                met ? "ok" : "MISSED");
  };
  std::printf("\nsummary\n");
  if (ns.count("BM_GuardCheckHitTwoTensors"))
    report("guard evaluation, cache hit of fn(x, y)", ns["BM_GuardCheckHitTwoTensors"] / 1000.0, 0.5, "us", true);
  if (collector.ratio.count("BM_CallCompiledOverUncompiled"))
    report("compiled / uncompiled call (eager backend, 1 element)", collector.ratio["BM_CallCompiledOverUncompiled"],
           1.3, "x", true);
  if (ns.count("BM_Trace300Ops")) report("trace + compile 300 ops", ns["BM_Trace300Ops"] / 1e6, 20, "ms", true);
  if (ns.count("BM_CacheHitAfter8Failing") && ns.count("BM_CacheHitFirstEntry"))
    report("hit behind 8 failing entries / hit on the first", ns["BM_CacheHitAfter8Failing"] / ns["BM_CacheHitFirstEntry"],
           9, "x", true);
  if (collector.ratio.count("BM_GuardSymbolicOverStatic"))
    report("guards with 4 symbolic sizes / with static sizes", collector.ratio["BM_GuardSymbolicOverStatic"], 2, "x",
           true);
  if (collector.ratio.count("BM_Trace300DynamicOverStatic"))
    report("trace 300 ops, dynamic=True / static", collector.ratio["BM_Trace300DynamicOverStatic"], 2, "x", true);
  return ok ? 0 : 1;
}
