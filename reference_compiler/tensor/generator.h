// Generator: PyTorch's CPU random number generator (at::CPUGeneratorImpl, an
// mt19937 engine plus the cached second Box-Muller samples) and the CPU
// sampling kernels that draw from it (rand, randn, randint, random_,
// bernoulli_, dropout's mask, exponential_, randperm), ported from PyTorch
// 2.14 so that `torch.manual_seed(0); torch.randn(3, 4)` gives bit-identical
// values. Where 2.14's kernels differ from the C++ sources at hand (uniform_,
// normal_ for half/bfloat16 and random_(from, to) were read off the shipped
// x86-64 AVX2 binary), the binary wins; generator.cpp says which is which.
//
// Every fill_* writes a tensor of any strides in place, visiting elements in
// the order PyTorch's TensorIterator does (memory order for permuted layouts),
// and raises PyTorch's RuntimeError / NotImplementedError where PyTorch's
// *_impl_ function and kernel dispatch would. Not thread-safe: PyTorch locks a
// mutex per generator; refc runs one interpreter thread.
#pragma once

#include "reference_compiler/tensor/tensor.h"

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace refc::tensor {

// at::mt19937: the 32-bit Mersenne Twister, seeded with init_genrand on the
// low 32 bits of a 64-bit seed (the full seed is kept for initial_seed()).
class MT19937 {
public:
  static constexpr int kN = 624;
  static constexpr int kM = 397;

  explicit MT19937(uint64_t seed = 5489);
  uint32_t operator()();

  // The raw state, in PyTorch's mt19937_data_pod fields, for get/set_state.
  uint64_t seed = 0;
  int left = 1;
  bool seeded = false;
  uint32_t next = 0;
  std::array<uint32_t, kN> state{};

private:
  void next_state();
};

class Generator {
public:
  // What `torch.Generator()` starts with (c10::default_rng_seed_val).
  static constexpr uint64_t kDefaultSeed = 67280421310721ULL;
  // sizeof(at::detail::CPUGeneratorImplState): torch.get_rng_state().numel().
  static constexpr size_t kStateSize = 5056;

  explicit Generator(uint64_t seed = kDefaultSeed) : engine_(seed) {}

  // torch.manual_seed / Generator.manual_seed: reseeds and drops cached normals.
  void manual_seed(uint64_t seed);
  uint64_t initial_seed() const { return engine_.seed; }
  // torch.seed(): reseeds from std::random_device and returns the new seed.
  uint64_t seed();

  uint32_t random() { return engine_(); }
  // Two draws: the first is the high word.
  uint64_t random64();

  // The second sample of the last scalar Box-Muller pair, if not yet used.
  // Only the double one is ever set by the CPU kernels; both are serialized.
  std::optional<float> next_float_normal_sample;
  std::optional<double> next_double_normal_sample;

  // torch.get_rng_state(): kStateSize bytes in PyTorch's CPUGeneratorImplState
  // layout (x86-64), so states round-trip with PyTorch's byte tensors.
  std::vector<uint8_t> get_state() const;
  // torch.set_rng_state(): raises RuntimeError for a wrong size or an invalid state.
  void set_state(std::span<const uint8_t> bytes);

private:
  MT19937 engine_;
};

// The generator behind torch.manual_seed, torch.rand, ... (torch.default_generator),
// seeded non-deterministically at first use as PyTorch's is at start-up.
Generator& default_generator();
// 64 bits from std::random_device (PyTorch reads /dev/urandom).
uint64_t nondeterministic_seed();

// uniform_(from, to); torch.rand is uniform_(0, 1). Floating dtypes only.
void fill_uniform(const Tensor& t, double from, double to, Generator& g);
// normal_(mean, std); torch.randn is normal_(0, 1). Floating dtypes only.
void fill_normal(const Tensor& t, double mean, double std, Generator& g);
// random_(from, to) over [from, to); to = nullopt means up to the dtype's
// largest value (2^digits for floating dtypes), and from = INT64_MIN with no
// `to` is the full 64-bit range. torch.randint(low, high) is random_(low, high).
void fill_random(const Tensor& t, int64_t from, std::optional<int64_t> to, Generator& g);
// random_() with no bounds: [0, max] for integers, [0, 2^digits] for floats.
void fill_random(const Tensor& t, Generator& g);
// bernoulli_(p) with a scalar probability (dropout: noise.bernoulli_(1 - p)).
void fill_bernoulli(const Tensor& t, double p, Generator& g);
// bernoulli_(p) with a tensor of probabilities broadcast to t's shape
// (torch.bernoulli(p) is empty_like(p).bernoulli_(p)).
void fill_bernoulli(const Tensor& t, const Tensor& p, Generator& g);
// exponential_(lambd).
void fill_exponential(const Tensor& t, double lambd, Generator& g);
// torch.randperm(n): t is a 1-d tensor of n elements (any stride, any
// dtype randperm supports).
void fill_randperm(const Tensor& t, int64_t n, Generator& g);

} // namespace refc::tensor
