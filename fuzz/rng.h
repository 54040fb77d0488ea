// Rng: the fuzzer's random numbers. A program is a pure function of its
// seed on every machine and standard library, so nothing here uses <random>'s
// distributions (their algorithms are implementation-defined): SplitMix64
// for the stream, modulo reduction (its bias is negligible at these small
// ranges) and explicit weighted picks.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace refc::fuzz {

class Rng {
public:
  explicit Rng(uint64_t seed) : state_(seed) {}

  uint64_t next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n); n > 0.
  size_t below(size_t n) { return static_cast<size_t>(next() % n); }
  // Uniform in [lo, hi].
  int64_t between(int64_t lo, int64_t hi) { return lo + static_cast<int64_t>(below(static_cast<size_t>(hi - lo + 1))); }
  // True with probability percent/100.
  bool percent(int percent) { return static_cast<int>(below(100)) < percent; }
  template <class T> const T& pick(std::span<const T> items) { return items[below(items.size())]; }
  template <class T> const T& pick(const std::vector<T>& items) { return items[below(items.size())]; }
  template <class T> T pick(std::initializer_list<T> items) { return items.begin()[below(items.size())]; }
  // An index drawn with the given weights (not all zero).
  size_t weighted(std::span<const int> weights) {
    int total = 0;
    for (int w : weights) total += w;
    int r = static_cast<int>(below(static_cast<size_t>(total)));
    for (size_t i = 0; i < weights.size(); ++i) {
      if (r < weights[i]) return i;
      r -= weights[i];
    }
    return weights.size() - 1;
  }

private:
  uint64_t state_;
};

// The seed of program `index` of a campaign seeded `campaign`: programs are
// independent of each other and of how a campaign is split into shards.
inline uint64_t program_seed(uint64_t campaign, uint64_t index) {
  Rng mix(campaign ^ (index * 0xd1b54a32d192ed03ULL));
  mix.next();
  return mix.next() >> 16; // 48 bits: short enough to type on a command line
}

} // namespace refc::fuzz
