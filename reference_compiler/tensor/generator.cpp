// PyTorch 2.14's CPU random number generator, bit for bit: at::mt19937 and
// CPUGeneratorImpl (aten/src/ATen/core/MT19937RNGEngine.h, CPUGeneratorImpl.cpp),
// seeding, the 64-bit draws and the byte layout of get_state/set_state. The
// distributions drawn from it are distributions.cpp.
#include "reference_compiler/tensor/generator.h"

#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"

#include <cstring>
#include <random>
#include <span>
#include <vector>

namespace refc::tensor {

// ---------------------------------------------------------------- mt19937 ---

MT19937::MT19937(uint64_t seed_in) {
  seed = seed_in;
  seeded = true;
  state[0] = static_cast<uint32_t>(seed_in & 0xffffffffu);
  for (int j = 1; j < kN; ++j)
    state[j] = 1812433253u * (state[j - 1] ^ (state[j - 1] >> 30)) + static_cast<uint32_t>(j);
  left = 1;
  next = 0;
}

uint32_t MT19937::operator()() {
  if (--left == 0) next_state();
  uint32_t y = state[next++];
  y ^= y >> 11;
  y ^= (y << 7) & 0x9d2c5680u;
  y ^= (y << 15) & 0xefc60000u;
  y ^= y >> 18;
  return y;
}

void MT19937::next_state() {
  auto twist = [](uint32_t u, uint32_t v) {
    uint32_t mixed = (u & 0x80000000u) | (v & 0x7fffffffu);
    return (mixed >> 1) ^ ((v & 1u) ? 0x9908b0dfu : 0u);
  };
  left = kN;
  next = 0;
  for (int i = 0; i < kN; ++i)
    state[i] = state[(i + kM) % kN] ^ twist(state[i], state[(i + 1) % kN]);
}

// -------------------------------------------------------------- Generator ---

void Generator::manual_seed(uint64_t seed) {
  next_float_normal_sample.reset();
  next_double_normal_sample.reset();
  engine_ = MT19937(seed);
}

uint64_t nondeterministic_seed() {
  std::random_device rd;
  uint64_t hi = rd();
  return (hi << 32) | rd();
}

uint64_t Generator::seed() {
  uint64_t s = nondeterministic_seed();
  manual_seed(s);
  return s;
}

uint64_t Generator::random64() {
  uint64_t hi = engine_();
  uint64_t lo = engine_();
  return (hi << 32) | lo;
}

// Byte offsets of at::detail::CPUGeneratorImplState on x86-64 (a legacy POD
// whose state array holds 64-bit words, then the float normal cache). Padding
// bytes are zero, as PyTorch's value-initialised struct leaves them.
namespace state_layout {
constexpr size_t kInitialSeed = 0;   // uint64_t the_initial_seed
constexpr size_t kLeft = 8;          // int left
constexpr size_t kSeeded = 12;       // int seeded
constexpr size_t kNext = 16;         // uint64_t next
constexpr size_t kState = 24;        // uint64_t state[624]
constexpr size_t kNormalX = 5016;    // double normal_x (unused, 0)
constexpr size_t kNormalY = 5024;    // double normal_y: the cached double sample
constexpr size_t kNormalRho = 5032;  // double normal_rho (unused, 0)
constexpr size_t kNormalValid = 5040; // int normal_is_valid
constexpr size_t kFloatSample = 5048; // float next_float_normal_sample
constexpr size_t kFloatValid = 5052;  // bool is_next_float_normal_sample_valid
static_assert(kState + 8 * MT19937::kN == kNormalX && kNormalRho == kNormalY + 8 &&
              kNormalValid == kNormalRho + 8);
} // namespace state_layout

namespace {
template <class T> void put(std::vector<uint8_t>& out, size_t at, T v) {
  std::memcpy(out.data() + at, &v, sizeof v);
}
template <class T> T get(std::span<const uint8_t> in, size_t at) {
  T v;
  std::memcpy(&v, in.data() + at, sizeof v);
  return v;
}
} // namespace

std::vector<uint8_t> Generator::get_state() const {
  namespace L = state_layout;
  std::vector<uint8_t> out(kStateSize, 0);
  put<uint64_t>(out, L::kInitialSeed, engine_.seed);
  put<int32_t>(out, L::kLeft, engine_.left);
  put<int32_t>(out, L::kSeeded, engine_.seeded ? 1 : 0);
  put<uint64_t>(out, L::kNext, engine_.next);
  for (int i = 0; i < MT19937::kN; ++i)
    put<uint64_t>(out, L::kState + 8 * static_cast<size_t>(i), engine_.state[i]);
  if (next_double_normal_sample) {
    put<double>(out, L::kNormalY, *next_double_normal_sample);
    put<int32_t>(out, L::kNormalValid, 1);
  }
  if (next_float_normal_sample) {
    put<float>(out, L::kFloatSample, *next_float_normal_sample);
    out[L::kFloatValid] = 1;
  }
  return out;
}

void Generator::set_state(std::span<const uint8_t> bytes) {
  namespace L = state_layout;
  if (bytes.size() != kStateSize)
    lang::raise(lang::exc::RuntimeError,
                "Expected a CPUGeneratorImplState of size " + std::to_string(kStateSize) +
                    " but found the input RNG state size to be " + std::to_string(bytes.size()));
  MT19937 engine;
  engine.seed = get<uint64_t>(bytes, L::kInitialSeed);
  engine.left = get<int32_t>(bytes, L::kLeft);
  engine.seeded = get<int32_t>(bytes, L::kSeeded) != 0;
  // PyTorch narrows the legacy 64-bit fields to the engine's 32-bit ones.
  engine.next = static_cast<uint32_t>(get<uint64_t>(bytes, L::kNext));
  for (int i = 0; i < MT19937::kN; ++i)
    engine.state[i] =
        static_cast<uint32_t>(get<uint64_t>(bytes, L::kState + 8 * static_cast<size_t>(i)));
  bool valid = engine.seeded && engine.left > 0 && engine.left <= MT19937::kN &&
               engine.next <= static_cast<uint32_t>(MT19937::kN);
  if (!valid) lang::raise(lang::exc::RuntimeError, "Invalid mt19937 state");
  engine_ = engine;
  next_float_normal_sample.reset();
  if (bytes[L::kFloatValid]) next_float_normal_sample = get<float>(bytes, L::kFloatSample);
  next_double_normal_sample.reset();
  if (get<int32_t>(bytes, L::kNormalValid)) next_double_normal_sample = get<double>(bytes, L::kNormalY);
}

Generator& default_generator() {
  static Generator g(nondeterministic_seed());
  return g;
}

} // namespace refc::tensor
