// Str: construction (code-point length and the ASCII flag), the intern table,
// and the hash. The hash is CPython 3.11's with PYTHONHASHSEED=0: SipHash-1-3
// with a zero key over the string's CPython storage (1, 2 or 4 bytes per code
// point, chosen by the largest code point), so sets and dicts of strings
// iterate, and hash() prints, exactly as under CPython.
#include "reference_compiler/lang/str_object.h"

#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/utf8.h"

#include <cstring>
#include <unordered_map>

namespace refc::lang {
namespace {

// Scans UTF-8 text once: code points, and whether every byte is ASCII.
void measure(std::string_view s, int64_t& length, bool& ascii) {
  int64_t continuation = 0;
  bool high = false;
  for (char ch : s) {
    auto b = static_cast<uint8_t>(ch);
    high |= b >= 0x80;
    continuation += (b & 0xC0) == 0x80;
  }
  ascii = !high;
  length = static_cast<int64_t>(s.size()) - continuation;
}

inline uint64_t rotl(uint64_t x, int b) { return (x << b) | (x >> (64 - b)); }

struct SipState {
  // The key is zero, so v0..v3 start as SipHash's constants.
  uint64_t v0 = 0x736f6d6570736575ULL, v1 = 0x646f72616e646f6dULL;
  uint64_t v2 = 0x6c7967656e657261ULL, v3 = 0x7465646279746573ULL;
  void round() {
    v0 += v1;
    v1 = rotl(v1, 13);
    v1 ^= v0;
    v0 = rotl(v0, 32);
    v2 += v3;
    v3 = rotl(v3, 16);
    v3 ^= v2;
    v0 += v3;
    v3 = rotl(v3, 21);
    v3 ^= v0;
    v2 += v1;
    v1 = rotl(v1, 17);
    v1 ^= v2;
    v2 = rotl(v2, 32);
  }
  void compress(uint64_t m) {
    v3 ^= m;
    round();
    v0 ^= m;
  }
};

// SipHash-1-3 of `n` bytes with a zero key (little-endian words, as on x86).
uint64_t siphash13(const unsigned char* p, size_t n) {
  SipState s;
  uint64_t b = static_cast<uint64_t>(n) << 56;
  size_t words = n / 8;
  for (size_t i = 0; i < words; ++i) {
    uint64_t m;
    std::memcpy(&m, p + 8 * i, 8);
    s.compress(m);
  }
  uint64_t tail = 0;
  size_t rest = n % 8;
  for (size_t i = 0; i < rest; ++i) tail |= static_cast<uint64_t>(p[8 * words + i]) << (8 * i);
  s.compress(b | tail);
  s.v2 ^= 0xff;
  s.round();
  s.round();
  s.round();
  return s.v0 ^ s.v1 ^ s.v2 ^ s.v3;
}

// CPython's storage of a non-ASCII string: Latin-1, UCS-2 or UCS-4 bytes.
std::string cpython_storage(std::string_view utf8) {
  uint32_t max_cp = 0;
  for (const char* p = utf8.data(); p < utf8.data() + utf8.size();) max_cp = std::max(max_cp, utf8_decode(p));
  int width = max_cp < 0x100 ? 1 : max_cp < 0x10000 ? 2 : 4;
  std::string out;
  out.reserve(utf8.size() * width);
  for (const char* p = utf8.data(); p < utf8.data() + utf8.size();) {
    uint32_t c = utf8_decode(p);
    for (int i = 0; i < width; ++i) out.push_back(static_cast<char>((c >> (8 * i)) & 0xFF));
  }
  return out;
}

int64_t finish_hash(uint64_t h) {
  auto x = static_cast<int64_t>(h);
  return x == -1 ? -2 : x;
}

struct InternTable {
  std::unordered_map<std::string_view, Str*> map;
};

InternTable& intern_table() {
  static InternTable* table = new InternTable(); // never destroyed: interned strings are immortal
  return *table;
}

} // namespace

Str::Str(std::string utf8) : Object(types::str), data(std::move(utf8)) { measure(data, length, ascii); }

int64_t Str::hash() const {
  if (hash_ != -1) return hash_;
  int64_t h;
  if (data.empty()) {
    h = 0;
  } else if (ascii) {
    h = finish_hash(siphash13(reinterpret_cast<const unsigned char*>(data.data()), data.size()));
  } else {
    std::string bytes = cpython_storage(data);
    h = finish_hash(siphash13(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size()));
  }
  hash_ = h;
  return h;
}

int64_t hash_bytes(std::string_view data) {
  if (data.empty()) return 0;
  return finish_hash(siphash13(reinterpret_cast<const unsigned char*>(data.data()), data.size()));
}

uint32_t Str::code_point(int64_t i) const {
  if (ascii) return static_cast<uint8_t>(data[static_cast<size_t>(i)]);
  const char* p = data.data() + utf8_offset(data, i);
  return utf8_decode(p);
}

Ref<Str> make_str(std::string utf8) { return make<Str>(std::move(utf8)); }

Str* intern(std::string_view utf8) {
  InternTable& t = intern_table();
  auto it = t.map.find(utf8);
  if (it != t.map.end()) return it->second;
  Str* s = new Str(std::string(utf8));
  s->make_immortal();
  s->flags |= Str::kInterned;
  t.map.emplace(std::string_view(s->data), s);
  return s;
}

} // namespace refc::lang
