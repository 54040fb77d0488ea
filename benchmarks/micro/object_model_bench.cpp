// Micro-benchmarks of the interpreter's hot building blocks: Value copies
// (reference counting), dict lookups and stores, string interning and hashing,
// the generic binary-operator protocol, and the VM's per-iteration cost on a
// small loop. They isolate the pieces the pure-Python workloads in
// benchmarks/vm/ exercise together, so a regression there can be located here.
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/value.h"

#include <benchmark/benchmark.h>

#include <string>
#include <vector>

namespace refc::lang {
namespace {

void BM_ValueCopyObject(benchmark::State& state) {
  Value s = str_value("payload");
  for (auto _ : state) {
    Value copy = s;
    benchmark::DoNotOptimize(copy);
  }
}
BENCHMARK(BM_ValueCopyObject);

std::vector<Str*> interned_keys(int n) {
  std::vector<Str*> keys;
  for (int i = 0; i < n; ++i) keys.push_back(intern("attribute_" + std::to_string(i)));
  return keys;
}

void BM_DictGetInternedStr(benchmark::State& state) {
  auto keys = interned_keys(static_cast<int>(state.range(0)));
  Ref<Dict> d = make_dict();
  for (size_t i = 0; i < keys.size(); ++i) d->set(keys[i], Value::integer(int64_t(i)));
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(d->get(keys[i]));
    if (++i == keys.size()) i = 0;
  }
}
BENCHMARK(BM_DictGetInternedStr)->Arg(8)->Arg(1024);

void BM_DictSetIntKeys(benchmark::State& state) {
  Ref<Dict> d = make_dict();
  int64_t i = 0;
  for (auto _ : state) {
    d->set(Value::integer(i), Value::integer(i));
    i = (i + 1) & 1023;
  }
}
BENCHMARK(BM_DictSetIntKeys);

void BM_InternExisting(benchmark::State& state) {
  intern("a_fairly_typical_identifier");
  for (auto _ : state) benchmark::DoNotOptimize(intern("a_fairly_typical_identifier"));
}
BENCHMARK(BM_InternExisting);

void BM_StrHashFresh(benchmark::State& state) {
  const std::string text(static_cast<size_t>(state.range(0)), 'x');
  for (auto _ : state) {
    Ref<Str> s = make_str(text);
    benchmark::DoNotOptimize(s->hash());
  }
}
BENCHMARK(BM_StrHashFresh)->Arg(8)->Arg(256);

void BM_BinaryOpIntAdd(benchmark::State& state) {
  Value a = Value::integer(12345), b = Value::integer(678);
  for (auto _ : state) benchmark::DoNotOptimize(binary_op(BinaryOp::Add, a, b));
}
BENCHMARK(BM_BinaryOpIntAdd);

void BM_BinaryOpStrConcat(benchmark::State& state) {
  Value a = str_value("hello, "), b = str_value("world");
  for (auto _ : state) benchmark::DoNotOptimize(binary_op(BinaryOp::Add, a, b));
}
BENCHMARK(BM_BinaryOpStrConcat);

// One module run per iteration: compile cost is amortised over range(0)
// loop iterations, so items/s approximates the VM's loop-iteration rate.
void BM_VmLoop(benchmark::State& state) {
  const std::string source = "def f(n):\n"
                             "    total = 0\n"
                             "    for i in range(n):\n"
                             "        total += i * 2\n"
                             "    return total\n"
                             "f(" + std::to_string(state.range(0)) + ")\n";
  for (auto _ : state) benchmark::DoNotOptimize(run_module_source("bench", "<bench>", source));
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_VmLoop)->Arg(100000);

} // namespace
} // namespace refc::lang

int main(int argc, char** argv) {
  refc::lang::initialise();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
