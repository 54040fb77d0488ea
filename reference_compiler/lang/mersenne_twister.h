// MersenneTwister: the MT19937 generator exactly as CPython's _random module
// runs it — the same state update, tempering, 53-bit random() formula,
// getrandbits word order and init_by_array seeding — plus the seed keys
// CPython derives from an int (its absolute value's 32-bit words) and from a
// str (random.py's version-2 seeding: the text followed by its SHA-512
// digest, read as one big-endian integer). Kept apart from the `random`
// module so its sequences can be tested against CPython's directly.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace refc::lang {

class MersenneTwister {
public:
  static constexpr int kN = 624;

  // Seeds with CPython's init_by_array(key) (key must not be empty).
  void seed(const std::vector<uint32_t>& key);
  uint32_t next_u32();
  // random(): a float in [0, 1) from 53 random bits.
  double next_double() {
    uint32_t a = next_u32() >> 5, b = next_u32() >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
  }
  // getrandbits(k) for 0 < k <= 64.
  uint64_t bits(int k);
  // Uniform in [0, n) for n > 0, by rejection over bits(n.bit_length())
  // (random.py's _randbelow_with_getrandbits).
  uint64_t below(uint64_t n);

  // State for getstate()/setstate(): the 624 words and the position.
  uint32_t state[kN] = {};
  int index = kN + 1;

private:
  void init_genrand(uint32_t s);
};

// The key CPython seeds with for the int whose absolute value is `n`.
std::vector<uint32_t> seed_key_from_uint(uint64_t n);
// The key for a str seed (UTF-8 text), as random.seed(s) (version 2) computes it.
std::vector<uint32_t> seed_key_from_str(std::string_view utf8);
// 624 words from the OS entropy source (time and pid when it is unavailable).
std::vector<uint32_t> seed_key_from_urandom();

} // namespace refc::lang
