// Stack effects and name lookup for the instruction set, generated from
// opcodes.def so they cannot drift from the opcode list.
#include "reference_compiler/lang/opcode.h"

namespace refc::lang {

int stack_effect(Op op, uint32_t oparg, bool jump) {
  switch (op) {
#define REFC_OPCODE(name, kind, flags, effect, jump_effect)                                  \
  case Op::name:                                                                               \
    return jump ? (jump_effect) : (effect);
#include "reference_compiler/lang/opcodes.def"
#undef REFC_OPCODE
  }
  return 0;
}

std::optional<Op> op_from_name(std::string_view name) {
  for (int i = 0; i < kNumOpcodes; ++i)
    if (kOpInfo[i].name == name) return static_cast<Op>(i);
  return std::nullopt;
}

} // namespace refc::lang
