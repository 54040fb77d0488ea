// refc's eager ops against LibTorch's CPU kernels, side by side in one
// process: each workload (1M-element float32 tensors, or 512x512 for mm) runs
// alternately under both, single-threaded, and the fastest of several
// repetitions of each is kept. Prints a ratio table (refc time / LibTorch
// time) and, with --json FILE, the same as JSON; exits 1 when a ratio is
// above the target (1.5).
//
//   refc_eager_bench [--repeat N] [--json FILE] [WORKLOAD ...]
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/ops/call.h"
#include "reference_compiler/tensor/generator.h"

#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;
using refc::ops::call_tensor;
using refc::tensor::IntVector;
using RefcTensor = refc::tensor::Tensor;

constexpr double kTarget = 1.5;

// A refc tensor and a LibTorch tensor holding the same values.
struct Pair {
  RefcTensor refc;
  at::Tensor torch;
};

Pair random_pair(const IntVector& sizes) {
  at::Tensor t = torch::randn(std::vector<int64_t>(sizes.begin(), sizes.end()));
  RefcTensor r = RefcTensor::empty(refc::tensor::to_sym(sizes), refc::tensor::DType::Float32);
  std::memcpy(r.raw_data(), t.data_ptr<float>(), static_cast<size_t>(t.numel()) * sizeof(float));
  return {r, t};
}

struct Workload {
  std::string name;
  std::string shape; // for the table
  std::function<void()> refc, torch;
};

std::vector<Workload> workloads() {
  std::vector<Workload> w;
  Pair a = random_pair({1000, 1000}), b = random_pair({1000, 1000});
  w.push_back({"add", "1000x1000", [=] { call_tensor("add.Tensor", a.refc, b.refc); }, [=] { (void)(a.torch + b.torch); }});
  w.push_back({"mul", "1000x1000", [=] { call_tensor("mul.Tensor", a.refc, b.refc); }, [=] { (void)(a.torch * b.torch); }});
  w.push_back({"exp", "1000x1000", [=] { call_tensor("exp", a.refc); }, [=] { (void)a.torch.exp(); }});
  w.push_back({"sum(dim=1)", "1000x1000", [=] { call_tensor("sum.dim_IntList", a.refc, IntVector{1}); },
               [=] { (void)a.torch.sum(1); }});
  w.push_back({"sum(dim=0)", "1000x1000", [=] { call_tensor("sum.dim_IntList", a.refc, IntVector{0}); },
               [=] { (void)a.torch.sum(0); }});
  w.push_back({"softmax(dim=-1)", "1000x1000", [=] { call_tensor("softmax.int", a.refc, int64_t{-1}); },
               [=] { (void)a.torch.softmax(-1); }});
  Pair gamma = random_pair({1000}), beta = random_pair({1000});
  w.push_back({"layer_norm", "1000x1000",
               [=] { call_tensor("layer_norm", a.refc, IntVector{1000}, gamma.refc, beta.refc); },
               [=] { (void)at::layer_norm(a.torch, {1000}, gamma.torch, beta.torch); }});
  Pair m1 = random_pair({512, 512}), m2 = random_pair({512, 512});
  w.push_back({"mm", "512x512", [=] { call_tensor("mm", m1.refc, m2.refc); }, [=] { (void)at::mm(m1.torch, m2.torch); }});
  Pair x = random_pair({1, 16, 256, 256}), k = random_pair({16, 16, 3, 3}), bias = random_pair({16});
  w.push_back({"conv2d 3x3", "1x16x256x256",
               [=] { call_tensor("conv2d", x.refc, k.refc, bias.refc, IntVector{1, 1}, IntVector{1, 1}); },
               [=] { (void)at::conv2d(x.torch, k.torch, bias.torch, {1, 1}, {1, 1}); }});
  return w;
}

double time_once(const std::function<void()>& f) {
  auto start = Clock::now();
  f();
  return std::chrono::duration<double>(Clock::now() - start).count();
}

} // namespace

int main(int argc, char** argv) {
  int repeat = 20;
  std::string json;
  std::vector<std::string> only;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--repeat" && i + 1 < argc) repeat = std::max(1, std::atoi(argv[++i]));
    else if (arg == "--json" && i + 1 < argc) json = argv[++i];
    else if (arg == "-h" || arg == "--help") {
      std::puts("usage: refc_eager_bench [--repeat N] [--json FILE] [WORKLOAD ...]");
      return 0;
    } else only.push_back(arg);
  }
  at::set_num_threads(1);
  at::manual_seed(0);
  refc::lang::init_builtin_types();

  std::printf("%-16s %-14s %12s %12s %7s  %s\n", "workload", "shape", "refc ms", "libtorch ms", "ratio", "status");
  std::string rows;
  bool ok = true;
  for (const Workload& w : workloads()) {
    if (!only.empty() && std::find(only.begin(), only.end(), w.name) == only.end()) continue;
    w.refc();
    w.torch(); // warm up both
    double best_refc = 1e30, best_torch = 1e30;
    for (int r = 0; r < repeat; ++r) {
      best_refc = std::min(best_refc, time_once(w.refc));
      best_torch = std::min(best_torch, time_once(w.torch));
    }
    double ratio = best_refc / best_torch;
    bool pass = ratio <= kTarget;
    ok &= pass;
    std::printf("%-16s %-14s %12.3f %12.3f %7.2f  %s\n", w.name.c_str(), w.shape.c_str(), best_refc * 1e3,
                best_torch * 1e3, ratio, pass ? "ok" : "SLOW");
    char row[256];
    std::snprintf(row, sizeof row, "%s{\"workload\": \"%s\", \"refc_s\": %.6g, \"libtorch_s\": %.6g, \"ratio\": %.4g}",
                  rows.empty() ? "" : ", ", w.name.c_str(), best_refc, best_torch, ratio);
    rows += row;
  }
  std::printf("targets (each ratio <= %.1f): %s\n", kTarget, ok ? "met" : "MISSED");
  if (!json.empty()) std::ofstream(json) << "{\"target\": " << kTarget << ", \"results\": [" << rows << "]}\n";
  return ok ? 0 : 1;
}
