// MersenneTwister (mersenne_twister.h): MT19937 with CPython's seeding, and the
// SHA-512 that str seeds need (FIPS 180-4, written out here so refc has no
// crypto dependency for one hash).
#include "reference_compiler/lang/mersenne_twister.h"

#include <sys/random.h>
#include <unistd.h>

#include <array>
#include <ctime>
#include <string>

namespace refc::lang {

namespace {

constexpr int kM = 397;

constexpr uint64_t kSha512K[80] = {
    0x428a2f98d728ae22, 0x7137449123ef65cd, 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc,
    0x3956c25bf348b538, 0x59f111f1b605d019, 0x923f82a4af194f9b, 0xab1c5ed5da6d8118,
    0xd807aa98a3030242, 0x12835b0145706fbe, 0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2,
    0x72be5d74f27b896f, 0x80deb1fe3b1696b1, 0x9bdc06a725c71235, 0xc19bf174cf692694,
    0xe49b69c19ef14ad2, 0xefbe4786384f25e3, 0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65,
    0x2de92c6f592b0275, 0x4a7484aa6ea6e483, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5,
    0x983e5152ee66dfab, 0xa831c66d2db43210, 0xb00327c898fb213f, 0xbf597fc7beef0ee4,
    0xc6e00bf33da88fc2, 0xd5a79147930aa725, 0x06ca6351e003826f, 0x142929670a0e6e70,
    0x27b70a8546d22ffc, 0x2e1b21385c26c926, 0x4d2c6dfc5ac42aed, 0x53380d139d95b3df,
    0x650a73548baf63de, 0x766a0abb3c77b2a8, 0x81c2c92e47edaee6, 0x92722c851482353b,
    0xa2bfe8a14cf10364, 0xa81a664bbc423001, 0xc24b8b70d0f89791, 0xc76c51a30654be30,
    0xd192e819d6ef5218, 0xd69906245565a910, 0xf40e35855771202a, 0x106aa07032bbd1b8,
    0x19a4c116b8d2d0c8, 0x1e376c085141ab53, 0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8,
    0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb, 0x5b9cca4f7763e373, 0x682e6ff3d6b2b8a3,
    0x748f82ee5defb2fc, 0x78a5636f43172f60, 0x84c87814a1f0ab72, 0x8cc702081a6439ec,
    0x90befffa23631e28, 0xa4506cebde82bde9, 0xbef9a3f7b2c67915, 0xc67178f2e372532b,
    0xca273eceea26619c, 0xd186b8c721c0c207, 0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178,
    0x06f067aa72176fba, 0x0a637dc5a2c898a6, 0x113f9804bef90dae, 0x1b710b35131c471b,
    0x28db77f523047d84, 0x32caab7b40c72493, 0x3c9ebe0a15c9bebc, 0x431d67c49c100d4c,
    0x4cc5d4becb3e42b6, 0x597f299cfc657e2a, 0x5fcb6fab3ad6faec, 0x6c44198c4a475817};

uint64_t rotr(uint64_t x, int n) { return (x >> n) | (x << (64 - n)); }

std::array<uint8_t, 64> sha512(std::string_view data) {
  uint64_t h[8] = {0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b,
                   0xa54ff53a5f1d36f1, 0x510e527fade682d1, 0x9b05688c2b3e6c1f,
                   0x1f83d9abfb41bd6b, 0x5be0cd19137e2179};
  std::string msg(data);
  uint64_t bit_len = static_cast<uint64_t>(data.size()) * 8;
  msg.push_back(static_cast<char>(0x80));
  while (msg.size() % 128 != 112) msg.push_back(0);
  for (int i = 0; i < 8; ++i) msg.push_back(0); // high 64 bits of the 128-bit length
  for (int i = 7; i >= 0; --i) msg.push_back(static_cast<char>(bit_len >> (8 * i)));
  for (size_t block = 0; block < msg.size(); block += 128) {
    uint64_t w[80];
    for (int t = 0; t < 16; ++t) {
      w[t] = 0;
      for (int b = 0; b < 8; ++b)
        w[t] = (w[t] << 8) | static_cast<uint8_t>(msg[block + 8 * t + b]);
    }
    for (int t = 16; t < 80; ++t) {
      uint64_t s0 = rotr(w[t - 15], 1) ^ rotr(w[t - 15], 8) ^ (w[t - 15] >> 7);
      uint64_t s1 = rotr(w[t - 2], 19) ^ rotr(w[t - 2], 61) ^ (w[t - 2] >> 6);
      w[t] = w[t - 16] + s0 + w[t - 7] + s1;
    }
    uint64_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
    for (int t = 0; t < 80; ++t) {
      uint64_t t1 = hh + (rotr(e, 14) ^ rotr(e, 18) ^ rotr(e, 41)) + ((e & f) ^ (~e & g)) +
                    kSha512K[t] + w[t];
      uint64_t t2 = (rotr(a, 28) ^ rotr(a, 34) ^ rotr(a, 39)) + ((a & b) ^ (a & c) ^ (b & c));
      hh = g;
      g = f;
      f = e;
      e = d + t1;
      d = c;
      c = b;
      b = a;
      a = t1 + t2;
    }
    h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e, h[5] += f, h[6] += g, h[7] += hh;
  }
  std::array<uint8_t, 64> out;
  for (int i = 0; i < 8; ++i)
    for (int b = 0; b < 8; ++b) out[8 * i + b] = static_cast<uint8_t>(h[i] >> (56 - 8 * b));
  return out;
}

} // namespace

void MersenneTwister::init_genrand(uint32_t s) {
  state[0] = s;
  for (int i = 1; i < kN; i++)
    state[i] = 1812433253u * (state[i - 1] ^ (state[i - 1] >> 30)) + static_cast<uint32_t>(i);
  index = kN;
}

void MersenneTwister::seed(const std::vector<uint32_t>& key) {
  init_genrand(19650218u);
  size_t i = 1, j = 0;
  size_t k = kN > key.size() ? kN : key.size();
  for (; k; k--) {
    state[i] = (state[i] ^ ((state[i - 1] ^ (state[i - 1] >> 30)) * 1664525u)) + key[j] +
               static_cast<uint32_t>(j);
    i++;
    j++;
    if (i >= kN) {
      state[0] = state[kN - 1];
      i = 1;
    }
    if (j >= key.size()) j = 0;
  }
  for (k = kN - 1; k; k--) {
    state[i] = (state[i] ^ ((state[i - 1] ^ (state[i - 1] >> 30)) * 1566083941u)) -
               static_cast<uint32_t>(i);
    i++;
    if (i >= kN) {
      state[0] = state[kN - 1];
      i = 1;
    }
  }
  state[0] = 0x80000000u; // MSB is 1, assuring a non-zero initial array
}

uint32_t MersenneTwister::next_u32() {
  static constexpr uint32_t kMag01[2] = {0x0u, 0x9908b0dfu};
  uint32_t y;
  if (index >= kN) {
    int kk;
    for (kk = 0; kk < kN - kM; kk++) {
      y = (state[kk] & 0x80000000u) | (state[kk + 1] & 0x7fffffffu);
      state[kk] = state[kk + kM] ^ (y >> 1) ^ kMag01[y & 0x1u];
    }
    for (; kk < kN - 1; kk++) {
      y = (state[kk] & 0x80000000u) | (state[kk + 1] & 0x7fffffffu);
      state[kk] = state[kk + (kM - kN)] ^ (y >> 1) ^ kMag01[y & 0x1u];
    }
    y = (state[kN - 1] & 0x80000000u) | (state[0] & 0x7fffffffu);
    state[kN - 1] = state[kM - 1] ^ (y >> 1) ^ kMag01[y & 0x1u];
    index = 0;
  }
  y = state[index++];
  y ^= (y >> 11);
  y ^= (y << 7) & 0x9d2c5680u;
  y ^= (y << 15) & 0xefc60000u;
  y ^= (y >> 18);
  return y;
}

uint64_t MersenneTwister::bits(int k) {
  if (k <= 32) return next_u32() >> (32 - k);
  uint64_t lo = next_u32();
  uint64_t hi = next_u32() >> (64 - k);
  return lo | (hi << 32);
}

uint64_t MersenneTwister::below(uint64_t n) {
  int k = 64 - __builtin_clzll(n);
  uint64_t r = bits(k);
  while (r >= n) r = bits(k);
  return r;
}

std::vector<uint32_t> seed_key_from_uint(uint64_t n) {
  std::vector<uint32_t> key{static_cast<uint32_t>(n)};
  if (n >> 32) key.push_back(static_cast<uint32_t>(n >> 32));
  return key;
}

std::vector<uint32_t> seed_key_from_str(std::string_view s) {
  std::array<uint8_t, 64> digest = sha512(s);
  std::vector<uint8_t> be(s.begin(), s.end());
  be.insert(be.end(), digest.begin(), digest.end());
  size_t first = 0;
  while (first < be.size() && be[first] == 0) ++first; // leading zeros add no words
  std::vector<uint32_t> key;
  size_t nbytes = be.size() - first;
  for (size_t w = 0; w * 4 < nbytes; ++w) {
    uint32_t word = 0;
    for (size_t b = 0; b < 4 && w * 4 + b < nbytes; ++b)
      word |= static_cast<uint32_t>(be[be.size() - 1 - (w * 4 + b)]) << (8 * b);
    key.push_back(word);
  }
  if (key.empty()) key.push_back(0);
  return key;
}

std::vector<uint32_t> seed_key_from_urandom() {
  std::vector<uint32_t> key(MersenneTwister::kN);
  size_t want = key.size() * sizeof(uint32_t), got = 0;
  auto* p = reinterpret_cast<char*>(key.data());
  while (got < want) {
    ssize_t r = getrandom(p + got, want - got, 0);
    if (r <= 0) break;
    got += static_cast<size_t>(r);
  }
  if (got < want) {
    timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    key = {static_cast<uint32_t>(ts.tv_sec), static_cast<uint32_t>(ts.tv_nsec),
           static_cast<uint32_t>(getpid())};
  }
  return key;
}

} // namespace refc::lang
