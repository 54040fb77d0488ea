// The pickle opcodes refc's pickler writes and its unpickler reads, with the
// bytes CPython's Lib/pickle.py gives them: protocol 2's, which torch.save
// writes, and the few of protocols 3-5 files saved with a newer protocol use.
#pragma once

#include <cstdint>

namespace refc::torch::serialization::op {

inline constexpr uint8_t MARK = '(';
inline constexpr uint8_t STOP = '.';
inline constexpr uint8_t POP = '0';
inline constexpr uint8_t POP_MARK = '1';
inline constexpr uint8_t DUP = '2';
inline constexpr uint8_t BININT = 'J';
inline constexpr uint8_t BININT1 = 'K';
inline constexpr uint8_t BININT2 = 'M';
inline constexpr uint8_t NONE = 'N';
inline constexpr uint8_t BINPERSID = 'Q';
inline constexpr uint8_t REDUCE = 'R';
inline constexpr uint8_t BINUNICODE = 'X';
inline constexpr uint8_t EMPTY_LIST = ']';
inline constexpr uint8_t APPEND = 'a';
inline constexpr uint8_t BUILD = 'b';
inline constexpr uint8_t GLOBAL = 'c';
inline constexpr uint8_t DICT = 'd';
inline constexpr uint8_t EMPTY_DICT = '}';
inline constexpr uint8_t APPENDS = 'e';
inline constexpr uint8_t BINGET = 'h';
inline constexpr uint8_t LONG_BINGET = 'j';
inline constexpr uint8_t LIST = 'l';
inline constexpr uint8_t BINPUT = 'q';
inline constexpr uint8_t LONG_BINPUT = 'r';
inline constexpr uint8_t SETITEM = 's';
inline constexpr uint8_t TUPLE = 't';
inline constexpr uint8_t EMPTY_TUPLE = ')';
inline constexpr uint8_t SETITEMS = 'u';
inline constexpr uint8_t BINFLOAT = 'G';
// Protocol 2.
inline constexpr uint8_t PROTO = 0x80;
inline constexpr uint8_t NEWOBJ = 0x81;
inline constexpr uint8_t TUPLE1 = 0x85;
inline constexpr uint8_t TUPLE2 = 0x86;
inline constexpr uint8_t TUPLE3 = 0x87;
inline constexpr uint8_t NEWTRUE = 0x88;
inline constexpr uint8_t NEWFALSE = 0x89;
inline constexpr uint8_t LONG1 = 0x8a;
inline constexpr uint8_t LONG4 = 0x8b;
// Protocol 4.
inline constexpr uint8_t SHORT_BINUNICODE = 0x8c;
inline constexpr uint8_t BINUNICODE8 = 0x8d;
inline constexpr uint8_t EMPTY_SET = 0x8f;
inline constexpr uint8_t ADDITEMS = 0x90;
inline constexpr uint8_t FROZENSET = 0x91;
inline constexpr uint8_t STACK_GLOBAL = 0x93;
inline constexpr uint8_t MEMOIZE = 0x94;
inline constexpr uint8_t FRAME = 0x95;

} // namespace refc::torch::serialization::op
