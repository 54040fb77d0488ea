// The bytecode instruction set as C++ (Op, one enumerator per opcodes.def line)
// and the per-opcode facts every consumer shares — name, how the argument is
// read, control-flow flags and stack effect — so the compiler, the assembler's
// checks, the VM and dis never disagree about an instruction.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace refc::lang {

enum class Op : uint8_t {
#define REFC_OPCODE(name, kind, flags, effect, jump_effect) name,
#include "reference_compiler/lang/opcodes.def"
#undef REFC_OPCODE
};

inline constexpr int kNumOpcodes = 0
#define REFC_OPCODE(name, kind, flags, effect, jump_effect) +1
#include "reference_compiler/lang/opcodes.def"
#undef REFC_OPCODE
    ;

// How an instruction's argument is interpreted.
enum class ArgKind : uint8_t {
  None,          // ignored
  Int,           // a count or small integer
  Const,         // index into consts
  Name,          // index into names
  Local,         // index into varnames
  Deref,         // index into cellvars + freevars
  Global,        // (names index << 1) | push-NULL bit
  Jump,          // absolute instruction index
  BinOp,         // abstract.h BinaryOp
  Compare,       // abstract.h CompareOp
  Invert,        // 0 or 1
  UnpackEx,      // before | (after << 8)
  Format,        // FORMAT_VALUE flags
  FunctionFlags, // MAKE_FUNCTION flags
};

namespace opflags {
inline constexpr uint8_t kJump = 1;          // the argument is a jump target
inline constexpr uint8_t kNoFallthrough = 2; // never continues with the next instruction
inline constexpr uint8_t kSetup = 4;         // pushes a runtime block; target = handler
inline constexpr uint8_t kCache = 8;         // owns an inline cache slot
} // namespace opflags

struct OpInfo {
  std::string_view name;
  ArgKind arg_kind;
  uint8_t flags;
};

inline constexpr OpInfo kOpInfo[] = {
#define REFC_OPCODE(name, kind, flags, effect, jump_effect)                                  \
  {#name, ArgKind::kind, [] {                                                                  \
     using namespace opflags;                                                                  \
     return static_cast<uint8_t>(flags);                                                       \
   }()},
#include "reference_compiler/lang/opcodes.def"
#undef REFC_OPCODE
};

inline const OpInfo& op_info(Op op) { return kOpInfo[static_cast<int>(op)]; }
inline std::string_view op_name(Op op) { return op_info(op).name; }
inline bool op_has_flag(Op op, uint8_t flag) { return (op_info(op).flags & flag) != 0; }

// Net stack effect of `op` with `oparg`, on the fall-through path or (jump=true)
// on the path to the jump target / handler.
int stack_effect(Op op, uint32_t oparg, bool jump);

// The opcode named `name` ("LOAD_FAST"), if any.
std::optional<Op> op_from_name(std::string_view name);

} // namespace refc::lang
