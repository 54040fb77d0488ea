// PickleWriter: emits a protocol-2 pickle stream opcode by opcode, as
// CPython's pickle.Pickler writes it (the shortest integer opcode, BINFLOAT,
// BINUNICODE, TUPLE1-3, SETITEMS and APPENDS in batches of 1000) and keeps
// the memo: a key (an object's address, or a text for values refc makes
// itself) maps to the memo slot BINPUT stored it in, so that a second
// reference is a BINGET.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <variant>

namespace refc::torch::serialization {

class PickleWriter {
public:
  // Items per SETITEMS / APPENDS opcode (pickle's _BATCHSIZE).
  static constexpr size_t kBatchSize = 1000;
  // What a memo entry is keyed by: an object, or a text refc makes itself
  // (a storage key, a global's "module\nname").
  using MemoKey = std::variant<const void*, std::string>;

  PickleWriter();

  void op(uint8_t opcode) { out_.push_back(static_cast<char>(opcode)); }
  void none() { op('N'); }
  void boolean(bool b);
  void integer(int64_t v);
  // An int of any size as its little-endian two's-complement bytes (LONG1 or LONG4).
  void long_integer(std::string little_endian);
  void floating(double v);
  void string(std::string_view utf8);
  // GLOBAL 'module name' (memoized by name: a second use is a BINGET).
  void global(std::string_view module, std::string_view name);

  // The memo slot of `key`, or -1 when it has none.
  int64_t memo_slot(const MemoKey& key) const;
  // Writes BINGET of `key`'s slot when it has one; returns whether it did.
  bool get(const MemoKey& key);
  // Memoizes the value on top of the stack under `key` (BINPUT).
  void put(const MemoKey& key);

  // STOP, and the finished stream.
  std::string finish();

private:
  struct KeyHash {
    size_t operator()(const MemoKey& k) const;
  };
  void raw(const void* p, size_t n) { out_.append(static_cast<const char*>(p), n); }
  void u32(uint32_t v);
  std::string out_;
  std::unordered_map<MemoKey, int64_t, KeyHash> memo_;
};

} // namespace refc::torch::serialization
