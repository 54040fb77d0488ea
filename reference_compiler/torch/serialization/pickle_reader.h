// PickleReader: runs a pickle stream (protocols 2 to 5, the opcodes
// torch.save's files use) and returns the object it builds. What the stream
// may name or call goes through Hooks, so that torch.load decides which
// globals a file may use (weights_only) and how storages and tensors are
// made. A malformed stream raises _pickle.UnpicklingError.
#pragma once

#include "reference_compiler/lang/value.h"

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace refc::torch::serialization {

class PickleReader {
public:
  struct Hooks {
    virtual ~Hooks() = default;
    // GLOBAL module name (and STACK_GLOBAL).
    virtual lang::Value find_class(const std::string& module, const std::string& name) = 0;
    // BINPERSID with the persistent id `pid`.
    virtual lang::Value persistent_load(const lang::Value& pid) = 0;
    // REDUCE: func(*args).
    virtual lang::Value reduce(const lang::Value& func, const lang::Value& args) = 0;
    // NEWOBJ: cls.__new__(cls, *args).
    virtual lang::Value new_object(const lang::Value& cls, const lang::Value& args) = 0;
    // BUILD: inst.__setstate__(state), or its __dict__ updated from state.
    virtual void build(const lang::Value& inst, const lang::Value& state) = 0;
  };

  // With `weights_only_opcodes`, only the opcodes 2.14's weights-only
  // unpickler runs (protocol 2's) are read; any other raises its
  // "Unsupported operand N".
  PickleReader(std::string_view data, Hooks& hooks, bool weights_only_opcodes)
      : data_(data), hooks_(hooks), weights_only_opcodes_(weights_only_opcodes) {}
  lang::Value load();

private:
  uint8_t byte();
  std::string_view bytes(size_t n);
  uint32_t u32();
  std::string line();
  lang::Value pop();
  lang::Value& top();
  std::vector<lang::Value> pop_mark();
  void memo_put(uint64_t index);
  lang::Value memo_get(uint64_t index);

  std::string_view data_;
  size_t pos_ = 0;
  Hooks& hooks_;
  bool weights_only_opcodes_;
  std::vector<lang::Value> stack_;
  std::vector<size_t> marks_;
  std::unordered_map<uint64_t, lang::Value> memo_;
};

// Raises _pickle.UnpicklingError(message) (torch.serialization defines it).
[[noreturn]] void raise_unpickling_error(const std::string& message);

} // namespace refc::torch::serialization
