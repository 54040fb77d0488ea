// Assembler: builds a CodeObject from instructions with symbolic labels. The
// compiler emits through it, and so will the tracer when it writes transformed
// code and resume functions. assemble() resolves labels, drops unreachable
// instructions, and validates the result: jump targets in range, argument
// indices inside their tables, one consistent value-stack depth and block-stack
// depth at every instruction over all paths (handlers included), no underflow,
// and no path that runs off the end (every path ends in RETURN_VALUE,
// RAISE_VARARGS or RERAISE). It computes the stack size, the block-stack size,
// the cell-to-argument map and the inline-cache slots.
#pragma once

#include "reference_compiler/lang/code_object.h"

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace refc::lang {

class Assembler {
public:
  struct Label {
    int id = -1;
    bool valid() const { return id >= 0; }
  };

  Assembler(std::string name, std::string qualname, std::string filename, int first_line);

  // ---- code object facts --------------------------------------------------
  void set_arg_counts(int argcount, int posonlyargcount, int kwonlyargcount) {
    argcount_ = argcount;
    posonlyargcount_ = posonlyargcount;
    kwonlyargcount_ = kwonlyargcount;
  }
  void add_flags(uint32_t f) { flags_ |= f; }
  uint32_t flags() const { return flags_; }

  // Table entries; each returns the index, reusing an equal existing entry.
  // Constants are shared only when of the same type and identical value (1,
  // 1.0 and True stay distinct; -0.0 and 0.0 too); strings compare by text.
  int add_const(const Value& v);
  int add_name(std::string_view name);
  int add_varname(std::string_view name);
  int add_cellvar(std::string_view name);
  int add_freevar(std::string_view name);
  // Index of an existing entry or -1.
  int find_varname(std::string_view name) const;
  int find_cellvar(std::string_view name) const;
  int find_freevar(std::string_view name) const;
  int num_cellvars() const { return static_cast<int>(cellvars_.size()); }
  int num_freevars() const { return static_cast<int>(freevars_.size()); }

  // ---- instructions --------------------------------------------------------
  Label new_label();
  // Places `label` before the next emitted instruction.
  void bind(Label label);
  // The source position given to instructions emitted from now on.
  void set_position(const Position& pos) { pos_ = pos; }
  const Position& position() const { return pos_; }
  void emit(Op op, uint32_t arg = 0);
  // A jump or SETUP_* to `target`. JUMP_FORWARD / JUMP_BACKWARD are
  // interchangeable here: assemble() names each by the direction it resolves to.
  void emit_jump(Op op, Label target);
  // Instructions emitted so far.
  int size() const { return static_cast<int>(instrs_.size()); }
  // The last emitted opcode (NOP when none).
  Op last_op() const { return instrs_.empty() ? Op::NOP : instrs_.back().op; }

  // ---- the static block table ----------------------------------------------
  // Opens a region starting at the next instruction; `handler` (may be
  // invalid) is its exit or handler. Returns its id for end_block.
  int begin_block(BlockKind kind, Label handler, int line);
  // Closes region `id` after the last emitted instruction.
  void end_block(int id);

  // Builds and validates the code object. Raises SystemError ("invalid
  // bytecode in f: ...") when the instructions are invalid.
  Ref<CodeObject> assemble();

private:
  struct PendingInstr {
    Op op;
    uint32_t arg;
    int label; // jump target label id or -1
    Position pos;
  };
  struct PendingBlock {
    BlockKind kind;
    int start, end; // instruction indices; end -1 while open
    int handler_label;
    int line;
    int parent;
  };

  [[noreturn]] void fail(const std::string& what) const;

  std::string name_, qualname_, filename_;
  int first_line_;
  int argcount_ = 0, posonlyargcount_ = 0, kwonlyargcount_ = 0;
  uint32_t flags_ = 0;

  std::vector<Value> consts_;
  std::vector<Str*> names_, varnames_, cellvars_, freevars_;
  std::unordered_map<std::string_view, int> name_index_, varname_index_; // generated code has thousands of locals

  std::vector<PendingInstr> instrs_;
  std::vector<int> label_pos_; // instruction index per label, -1 unbound
  std::vector<PendingBlock> blocks_;
  std::vector<int> open_blocks_;
  Position pos_;
};

} // namespace refc::lang
