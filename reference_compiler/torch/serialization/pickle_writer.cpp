// PickleWriter (see pickle_writer.h).
#include "reference_compiler/torch/serialization/pickle_writer.h"

#include "reference_compiler/torch/serialization/pickle_opcodes.h"

#include <bit>
#include <cstring>
#include <functional>

namespace refc::torch::serialization {

size_t PickleWriter::KeyHash::operator()(const MemoKey& k) const {
  if (const auto* p = std::get_if<const void*>(&k)) return std::hash<const void*>()(*p);
  return std::hash<std::string>()(std::get<std::string>(k)) ^ 0x9e3779b97f4a7c15ull;
}

PickleWriter::PickleWriter() {
  op(op::PROTO);
  op(2);
}

void PickleWriter::u32(uint32_t v) {
  const unsigned char b[4] = {static_cast<unsigned char>(v), static_cast<unsigned char>(v >> 8),
                              static_cast<unsigned char>(v >> 16), static_cast<unsigned char>(v >> 24)};
  raw(b, 4);
}

void PickleWriter::boolean(bool b) { op(b ? op::NEWTRUE : op::NEWFALSE); }

void PickleWriter::integer(int64_t v) {
  if (v >= 0 && v <= 0xff) {
    op(op::BININT1);
    op(static_cast<uint8_t>(v));
  } else if (v >= 0 && v <= 0xffff) {
    op(op::BININT2);
    op(static_cast<uint8_t>(v));
    op(static_cast<uint8_t>(v >> 8));
  } else if (v >= INT32_MIN && v <= INT32_MAX) {
    op(op::BININT);
    u32(static_cast<uint32_t>(static_cast<int32_t>(v)));
  } else {
    std::string bytes;
    auto u = static_cast<uint64_t>(v);
    for (int i = 0; i < 8; ++i) bytes.push_back(static_cast<char>(u >> (8 * i)));
    long_integer(std::move(bytes));
  }
}

void PickleWriter::long_integer(std::string little_endian) {
  // The fewest two's-complement bytes (pickle's encode_long): a top byte that
  // only repeats the sign of the one below it goes.
  while (little_endian.size() > 1) {
    const auto last = static_cast<unsigned char>(little_endian.back());
    const auto prev = static_cast<unsigned char>(little_endian[little_endian.size() - 2]);
    if ((last == 0x00 && !(prev & 0x80)) || (last == 0xff && (prev & 0x80))) little_endian.pop_back();
    else break;
  }
  if (little_endian.size() <= 0xff) {
    op(op::LONG1);
    op(static_cast<uint8_t>(little_endian.size()));
  } else {
    op(op::LONG4);
    u32(static_cast<uint32_t>(little_endian.size()));
  }
  out_ += little_endian;
}

void PickleWriter::floating(double v) {
  op(op::BINFLOAT); // big-endian IEEE 754
  const auto bits = std::bit_cast<uint64_t>(v);
  for (int i = 7; i >= 0; --i) op(static_cast<uint8_t>(bits >> (8 * i)));
}

void PickleWriter::string(std::string_view utf8) {
  op(op::BINUNICODE);
  u32(static_cast<uint32_t>(utf8.size()));
  raw(utf8.data(), utf8.size());
}

void PickleWriter::global(std::string_view module, std::string_view name) {
  std::string key = std::string(module) + "\n" + std::string(name);
  if (get(key)) return;
  op(op::GLOBAL);
  out_ += key;
  op('\n');
  put(key);
}

int64_t PickleWriter::memo_slot(const MemoKey& key) const {
  auto it = memo_.find(key);
  return it == memo_.end() ? -1 : it->second;
}

bool PickleWriter::get(const MemoKey& key) {
  const int64_t slot = memo_slot(key);
  if (slot < 0) return false;
  if (slot < 256) {
    op(op::BINGET);
    op(static_cast<uint8_t>(slot));
  } else {
    op(op::LONG_BINGET);
    u32(static_cast<uint32_t>(slot));
  }
  return true;
}

void PickleWriter::put(const MemoKey& key) {
  const auto slot = static_cast<int64_t>(memo_.size());
  memo_.emplace(key, slot);
  if (slot < 256) {
    op(op::BINPUT);
    op(static_cast<uint8_t>(slot));
  } else {
    op(op::LONG_BINPUT);
    u32(static_cast<uint32_t>(slot));
  }
}

std::string PickleWriter::finish() {
  op(op::STOP);
  return std::move(out_);
}

} // namespace refc::torch::serialization
