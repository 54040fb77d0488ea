// PickleReader (see pickle_reader.h). The opcodes follow CPython's
// Lib/pickle.py _Unpickler.load_* methods.
#include "reference_compiler/torch/serialization/pickle_reader.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/big_int.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/container_support.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/set_object.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/torch/serialization/pickle_opcodes.h"

#include <bit>
#include <cstdio>

namespace refc::torch::serialization {

using lang::Value;

void raise_unpickling_error(const std::string& message) {
  Value cls = lang::getattr(Value(lang::import_module("torch.serialization")), lang::intern("UnpicklingError"));
  lang::raise(lang::call(cls, {lang::str_value(message)}));
}

uint8_t PickleReader::byte() {
  if (pos_ >= data_.size()) {
    // An empty stream is EOFError, as pickle.load (and the weights-only
    // unpickler, with no message) raise it.
    if (pos_ == 0) lang::raise(lang::exc::EOFError, weights_only_opcodes_ ? "" : "Ran out of input");
    raise_unpickling_error("pickle data was truncated");
  }
  return static_cast<uint8_t>(data_[pos_++]);
}

std::string_view PickleReader::bytes(size_t n) {
  if (data_.size() - pos_ < n) raise_unpickling_error("pickle data was truncated");
  std::string_view out = data_.substr(pos_, n);
  pos_ += n;
  return out;
}

uint32_t PickleReader::u32() {
  std::string_view b = bytes(4);
  uint32_t v = 0;
  for (int i = 3; i >= 0; --i) v = (v << 8) | static_cast<uint8_t>(b[i]);
  return v;
}

std::string PickleReader::line() {
  const size_t end = data_.find('\n', pos_);
  if (end == std::string_view::npos) raise_unpickling_error("pickle data was truncated");
  std::string out(data_.substr(pos_, end - pos_));
  pos_ = end + 1;
  return out;
}

Value PickleReader::pop() {
  if (stack_.empty() || (!marks_.empty() && stack_.size() <= marks_.back()))
    raise_unpickling_error("unpickling stack underflow");
  Value v = std::move(stack_.back());
  stack_.pop_back();
  return v;
}

Value& PickleReader::top() {
  if (stack_.empty()) raise_unpickling_error("unpickling stack underflow");
  return stack_.back();
}

std::vector<Value> PickleReader::pop_mark() {
  if (marks_.empty()) raise_unpickling_error("could not find MARK");
  const size_t at = marks_.back();
  marks_.pop_back();
  std::vector<Value> items(std::make_move_iterator(stack_.begin() + static_cast<std::ptrdiff_t>(at)),
                           std::make_move_iterator(stack_.end()));
  stack_.resize(at);
  return items;
}

void PickleReader::memo_put(uint64_t index) { memo_[index] = top(); }

Value PickleReader::memo_get(uint64_t index) {
  auto it = memo_.find(index);
  if (it == memo_.end()) {
    // The weights-only unpickler's memo is a dict: a missing index is its KeyError.
    if (weights_only_opcodes_) lang::raise_key_error(Value::integer(static_cast<int64_t>(index)));
    raise_unpickling_error("Memo value not found at index " + std::to_string(index));
  }
  return it->second;
}

namespace {

// pickle's decode_long: little-endian two's-complement bytes, any length.
Value long_integer(std::string_view little_endian) {
  return lang::int_value_from_bytes(std::string(little_endian.rbegin(), little_endian.rend()), true);
}

// The opcodes of torch/_weights_only_unpickler.py's load loop.
bool weights_only_opcode(uint8_t code) {
  static constexpr uint8_t kOpcodes[] = {
      op::GLOBAL, op::NEWOBJ, op::REDUCE, op::BUILD, op::APPEND, op::APPENDS, op::SETITEM, op::SETITEMS,
      op::MARK, op::TUPLE, op::TUPLE1, op::TUPLE2, op::TUPLE3, op::NONE, op::NEWFALSE, op::NEWTRUE,
      op::EMPTY_TUPLE, op::EMPTY_LIST, op::EMPTY_DICT, op::EMPTY_SET, op::BININT, op::BININT1, op::BININT2,
      op::BINFLOAT, op::BINUNICODE, 'U' /* SHORT_BINSTRING */, op::BINPERSID, op::BINGET, op::LONG_BINGET,
      op::BINPUT, op::LONG_BINPUT, op::LONG1, op::PROTO, op::STOP};
  for (uint8_t c : kOpcodes)
    if (c == code) return true;
  return false;
}

} // namespace

Value PickleReader::load() {
  for (;;) {
    const uint8_t code = byte();
    if (weights_only_opcodes_ && !weights_only_opcode(code))
      raise_unpickling_error("Unsupported operand " + std::to_string(code));
    switch (code) {
    case op::PROTO: {
      const uint8_t proto = byte();
      if (proto > 5) raise_unpickling_error("unsupported pickle protocol: " + std::to_string(proto));
      if (weights_only_opcodes_ && proto != 2)
        lang::call(lang::getattr(Value(lang::import_module("warnings")), lang::intern("warn")),
                   {lang::str_value("Detected pickle protocol " + std::to_string(proto) +
                                    " in the checkpoint, which was not the default pickle protocol used by "
                                    "`torch.load` (2). The weights_only Unpickler might not support all "
                                    "instructions implemented by this protocol, please file an issue for adding "
                                    "support if you encounter this.")});
      break;
    }
    case op::FRAME: bytes(8); break; // frames only group the opcodes that follow
    case op::STOP: return pop();
    case op::MARK: marks_.push_back(stack_.size()); break;
    case op::POP:
      if (!marks_.empty() && marks_.back() == stack_.size()) marks_.pop_back();
      else pop();
      break;
    case op::POP_MARK: pop_mark(); break;
    case op::DUP: stack_.push_back(top()); break;
    case op::NONE: stack_.push_back(Value::none()); break;
    case op::NEWTRUE: stack_.push_back(Value::boolean(true)); break;
    case op::NEWFALSE: stack_.push_back(Value::boolean(false)); break;
    case op::BININT: stack_.push_back(Value::integer(static_cast<int32_t>(u32()))); break;
    case op::BININT1: stack_.push_back(Value::integer(byte())); break;
    case op::BININT2: {
      const uint8_t lo = byte();
      stack_.push_back(Value::integer(lo | (byte() << 8)));
      break;
    }
    case op::LONG1: stack_.push_back(long_integer(bytes(byte()))); break;
    case op::LONG4: stack_.push_back(long_integer(bytes(u32()))); break;
    case op::BINFLOAT: {
      std::string_view b = bytes(8);
      uint64_t bits = 0;
      for (char c : b) bits = (bits << 8) | static_cast<uint8_t>(c);
      stack_.push_back(Value::floating(std::bit_cast<double>(bits)));
      break;
    }
    case op::BINUNICODE: stack_.push_back(lang::str_value(std::string(bytes(u32())))); break;
    case op::SHORT_BINUNICODE: stack_.push_back(lang::str_value(std::string(bytes(byte())))); break;
    case op::BINUNICODE8: {
      const uint64_t lo = u32();
      const uint64_t n = lo | (static_cast<uint64_t>(u32()) << 32);
      stack_.push_back(lang::str_value(std::string(bytes(n))));
      break;
    }
    case 'U': stack_.push_back(lang::str_value(std::string(bytes(byte())))); break; // SHORT_BINSTRING
    case 'T': stack_.push_back(lang::str_value(std::string(bytes(u32())))); break;  // BINSTRING
    case op::EMPTY_TUPLE: stack_.push_back(Value::borrow(lang::empty_tuple())); break;
    case op::TUPLE1: {
      Value a = pop();
      stack_.push_back(Value(lang::make_tuple({a})));
      break;
    }
    case op::TUPLE2: {
      Value b = pop(), a = pop();
      stack_.push_back(Value(lang::make_tuple({a, b})));
      break;
    }
    case op::TUPLE3: {
      Value c = pop(), b = pop(), a = pop();
      stack_.push_back(Value(lang::make_tuple({a, b, c})));
      break;
    }
    case op::TUPLE: stack_.push_back(Value(lang::make_tuple(pop_mark()))); break;
    case op::EMPTY_LIST: stack_.push_back(Value(lang::make_list())); break;
    case op::LIST: stack_.push_back(Value(lang::make_list(pop_mark()))); break;
    case op::EMPTY_DICT: stack_.push_back(Value(lang::make_dict())); break;
    case op::DICT: {
      std::vector<Value> items = pop_mark();
      Value d(lang::make_dict());
      for (size_t i = 0; i + 1 < items.size(); i += 2) lang::setitem(d, items[i], items[i + 1]);
      stack_.push_back(std::move(d));
      break;
    }
    case op::EMPTY_SET: stack_.push_back(Value(lang::make_set())); break;
    case op::FROZENSET: {
      Value items(lang::make_list(pop_mark()));
      stack_.push_back(Value(lang::make_set_from(items, true)));
      break;
    }
    case op::APPEND: {
      Value item = pop();
      lang::call_method(top(), lang::intern("append"), {item});
      break;
    }
    case op::APPENDS: {
      Value items(lang::make_list(pop_mark()));
      lang::call_method(top(), lang::intern("extend"), {items});
      break;
    }
    case op::ADDITEMS: {
      std::vector<Value> items = pop_mark();
      for (const Value& item : items) lang::call_method(top(), lang::intern("add"), {item});
      break;
    }
    case op::SETITEM: {
      Value value = pop(), key = pop();
      lang::setitem(top(), key, value);
      break;
    }
    case op::SETITEMS: {
      std::vector<Value> items = pop_mark();
      for (size_t i = 0; i + 1 < items.size(); i += 2) lang::setitem(top(), items[i], items[i + 1]);
      break;
    }
    case op::BINGET: stack_.push_back(memo_get(byte())); break;
    case op::LONG_BINGET: stack_.push_back(memo_get(u32())); break;
    case op::BINPUT: memo_put(byte()); break;
    case op::LONG_BINPUT: memo_put(u32()); break;
    case op::MEMOIZE: memo_put(memo_.size()); break;
    case op::GLOBAL: {
      std::string module = line();
      std::string name = line();
      stack_.push_back(hooks_.find_class(module, name));
      break;
    }
    case op::STACK_GLOBAL: {
      Value name = pop(), module = pop();
      if (!lang::isinstance(name, lang::types::str) || !lang::isinstance(module, lang::types::str))
        raise_unpickling_error("STACK_GLOBAL requires str");
      stack_.push_back(hooks_.find_class(std::string(module.as<lang::Str>()->view()),
                                         std::string(name.as<lang::Str>()->view())));
      break;
    }
    case op::BINPERSID: {
      Value pid = pop();
      stack_.push_back(hooks_.persistent_load(pid));
      break;
    }
    case op::REDUCE: {
      Value args = pop();
      Value func = pop();
      stack_.push_back(hooks_.reduce(func, args));
      break;
    }
    case op::NEWOBJ: {
      Value args = pop();
      Value cls = pop();
      stack_.push_back(hooks_.new_object(cls, args));
      break;
    }
    case op::BUILD: {
      Value state = pop();
      hooks_.build(top(), state);
      break;
    }
    default: {
      char shown[8];
      std::snprintf(shown, sizeof shown, "\\x%02x", code);
      const std::string text = code >= 0x20 && code < 0x7f ? std::string(1, static_cast<char>(code)) : shown;
      raise_unpickling_error("invalid load key, '" + text + "'.");
    }
    }
  }
}

} // namespace refc::torch::serialization
