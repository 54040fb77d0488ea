// CodeObject: one compiled function, class body or module — its instructions,
// the tables their arguments index (consts, names, varnames, cellvars,
// freevars), per-instruction source positions, the signature facts call
// binding needs, and a static block table saying which loops, with-blocks and
// try-blocks enclose each instruction (what the tracer asks when it splits a
// frame). Code objects are immutable once assembled, except for the inline
// caches the VM fills in as it runs.
#pragma once

#include "reference_compiler/lang/object.h"
#include "reference_compiler/lang/opcode.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/value.h"

#include <cstdint>
#include <string>
#include <vector>

namespace refc::lang {

// co_flags, with CPython's values.
inline constexpr uint32_t CO_OPTIMIZED = 0x1;
inline constexpr uint32_t CO_NEWLOCALS = 0x2;
inline constexpr uint32_t CO_VARARGS = 0x4;
inline constexpr uint32_t CO_VARKEYWORDS = 0x8;
inline constexpr uint32_t CO_NESTED = 0x10;
inline constexpr uint32_t CO_GENERATOR = 0x20;
inline constexpr uint32_t CO_NOFREE = 0x40;
// refc's own: frames of this code are never shown to the frame hook
// (generated code the tracer must not compile, such as a graph's forward).
inline constexpr uint32_t CO_NO_FRAME_HOOK = 0x1000000;

struct Instruction {
  static constexpr uint16_t kNoCache = 0xFFFF;
  Op op = Op::NOP;
  uint8_t reserved = 0;
  uint16_t cache = kNoCache; // index into CodeObject::caches for kCache opcodes
  uint32_t arg = 0;
};

// Source span of an instruction (1-based lines, 0-based byte columns; 0 = unknown).
struct Position {
  int32_t line = 0, end_line = 0, col = 0, end_col = 0;
};

// A statically nested region of the code. Regions nest properly: the table is
// a forest in pre-order (a block comes before the blocks inside it).
enum class BlockKind : uint8_t {
  Loop,    // a for/while loop (header, body, and the back jump); handler = exit
  With,    // the body of a with-item (SETUP_WITH .. POP_BLOCK); handler = exit handler
  Try,     // a try body with except clauses; handler = dispatch to the clauses
  Finally, // a try body (and except clauses) protected by a finally; handler = finally
  Handler, // the code of an except clause or finally-on-exception path (exception set)
};
const char* block_kind_name(BlockKind k);

struct BlockInfo {
  BlockKind kind;
  uint32_t start; // first instruction inside
  uint32_t end;   // one past the last instruction inside
  int32_t handler; // the handler / exit instruction, or -1
  int32_t line;    // the source line of the statement that opened it
  int32_t parent;  // index of the enclosing block in the table, or -1
};

// Per-instruction inline cache (LOAD_GLOBAL, LOAD_ATTR, LOAD_METHOD, STORE_ATTR).
struct InlineCache {
  uint64_t version_a = 0; // LOAD_GLOBAL: globals version; attributes: type_epoch
  uint64_t version_b = 0; // LOAD_GLOBAL: builtins version
  const void* key = nullptr; // attributes: the receiver's type
  int64_t index = -1;        // attributes: the instance-dict entry index
  uint8_t kind = 0;          // VM-private meaning
  Value value;               // the cached global / method / class attribute
};

struct CodeObject : Object {
  CodeObject();

  std::string name;     // co_name
  std::string qualname; // co_qualname
  std::string filename; // co_filename
  int first_line = 1;   // co_firstlineno

  std::vector<Instruction> code;
  std::vector<Position> positions; // one per instruction
  // For function code, consts[0] is the docstring or None (as CPython 3.11).
  std::vector<Value> consts;
  std::vector<Str*> names;    // interned
  std::vector<Str*> varnames; // locals, arguments first (interned)
  std::vector<Str*> cellvars; // locals captured by inner functions (interned)
  std::vector<Str*> freevars; // variables captured from outer functions (interned)
  // For each cellvar, the index of the argument it also is, or -1.
  std::vector<int32_t> cell2arg;

  int argcount = 0;        // positional parameters, positional-only included
  int posonlyargcount = 0;
  int kwonlyargcount = 0;
  uint32_t flags = 0;
  int stacksize = 0;  // maximum value-stack depth
  int max_blocks = 0; // maximum runtime block-stack depth

  std::vector<BlockInfo> blocks; // the static block table, pre-order
  mutable std::vector<InlineCache> caches;

  int nlocals() const { return static_cast<int>(varnames.size()); }
  int ncells() const { return static_cast<int>(cellvars.size()); }
  int nfrees() const { return static_cast<int>(freevars.size()); }
  // Slots a frame needs for locals, cells and free variables.
  int nlocalsplus() const { return nlocals() + ncells() + nfrees(); }

  // The frame layout, cached for the VM's call path by compute_layout()
  // (the Assembler calls it; call it again after editing the tables by hand).
  int32_t layout_nlocals = 0;     // == nlocals()
  int32_t layout_nlocalsplus = 0; // == nlocalsplus()
  uint32_t layout_frame_bytes = 0; // == Frame::size_for(this), rounded up to 16
  void compute_layout();
  // Parameters including *args and **kwargs.
  int total_args() const {
    return argcount + kwonlyargcount + ((flags & CO_VARARGS) ? 1 : 0) +
           ((flags & CO_VARKEYWORDS) ? 1 : 0);
  }
  bool is_generator() const { return (flags & CO_GENERATOR) != 0; }
  // The name of deref slot i (cellvars then freevars).
  Str* deref_name(int i) const { return i < ncells() ? cellvars[i] : freevars[i - ncells()]; }
  // The docstring (function code only), or None.
  Value docstring() const;

  int line_at(int pc) const {
    return pc >= 0 && pc < static_cast<int>(positions.size()) ? positions[pc].line : first_line;
  }
  // Indices into `blocks` of the regions containing instruction `pc`, outermost first.
  std::vector<int> enclosing_block_indices(int pc) const;
  // The regions containing instruction `pc`, outermost first.
  std::vector<const BlockInfo*> enclosing_blocks(int pc) const;
};

// The `code` type's attributes (type_initializers.def).
void init_code_type();

} // namespace refc::lang
