// The assembler: label resolution, dead-code removal and the validating
// stack-depth analysis that turns emitted instructions into a CodeObject.
#include "reference_compiler/lang/assembler.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"

#include <cstring>

namespace refc::lang {

Assembler::Assembler(std::string name, std::string qualname, std::string filename,
                     int first_line)
    : name_(std::move(name)), qualname_(std::move(qualname)), filename_(std::move(filename)),
      first_line_(first_line) {
  pos_.line = first_line;
}

void Assembler::fail(const std::string& what) const {
  raise(exc::SystemError, "invalid bytecode in " + qualname_ + ": " + what);
}

namespace {

// Constants are shared when they are the same value of the same type.
bool same_const(const Value& a, const Value& b) {
  if (a.tag() != b.tag()) return false;
  switch (a.tag()) {
  case Tag::Null:
  case Tag::None: return true;
  case Tag::Bool:
  case Tag::Int: return a.as_int() == b.as_int();
  case Tag::Float: {
    double x = a.as_float(), y = b.as_float();
    return std::memcmp(&x, &y, sizeof x) == 0; // keeps 0.0 / -0.0 and NaNs apart
  }
  case Tag::Obj: {
    if (a.as_obj() == b.as_obj()) return true;
    if (a.type() == types::str && b.type() == types::str)
      return str_equal(a.as<Str>(), b.as<Str>());
    return false;
  }
  }
  return false;
}

int find_str(const std::vector<Str*>& v, std::string_view s) {
  for (size_t i = 0; i < v.size(); ++i)
    if (v[i]->view() == s) return static_cast<int>(i);
  return -1;
}

} // namespace

int Assembler::add_const(const Value& v) {
  for (size_t i = 0; i < consts_.size(); ++i)
    if (same_const(consts_[i], v)) return static_cast<int>(i);
  consts_.push_back(v);
  return static_cast<int>(consts_.size() - 1);
}

int Assembler::add_name(std::string_view name) {
  auto it = name_index_.find(name);
  if (it != name_index_.end()) return it->second;
  Str* s = intern(name);
  names_.push_back(s);
  int idx = static_cast<int>(names_.size() - 1);
  name_index_.emplace(s->view(), idx);
  return idx;
}

int Assembler::add_varname(std::string_view name) {
  if (auto it = varname_index_.find(name); it != varname_index_.end()) return it->second;
  Str* s = intern(name);
  varnames_.push_back(s);
  const int idx = static_cast<int>(varnames_.size() - 1);
  varname_index_.emplace(s->view(), idx);
  return idx;
}

int Assembler::add_cellvar(std::string_view name) {
  int i = find_str(cellvars_, name);
  if (i >= 0) return i;
  REFC_CHECK(freevars_.empty(), "cellvars must be added before freevars");
  cellvars_.push_back(intern(name));
  return static_cast<int>(cellvars_.size() - 1);
}

int Assembler::add_freevar(std::string_view name) {
  int i = find_str(freevars_, name);
  if (i >= 0) return static_cast<int>(cellvars_.size()) + i;
  freevars_.push_back(intern(name));
  return static_cast<int>(cellvars_.size() + freevars_.size() - 1);
}

int Assembler::find_varname(std::string_view name) const {
  auto it = varname_index_.find(name);
  return it == varname_index_.end() ? -1 : it->second;
}
int Assembler::find_cellvar(std::string_view name) const { return find_str(cellvars_, name); }
int Assembler::find_freevar(std::string_view name) const {
  int i = find_str(freevars_, name);
  return i < 0 ? -1 : static_cast<int>(cellvars_.size()) + i;
}

Assembler::Label Assembler::new_label() {
  label_pos_.push_back(-1);
  return Label{static_cast<int>(label_pos_.size() - 1)};
}

void Assembler::bind(Label label) {
  REFC_CHECK(label.valid() && label.id < static_cast<int>(label_pos_.size()), "bind: bad label");
  REFC_CHECK(label_pos_[label.id] < 0, "bind: label bound twice");
  label_pos_[label.id] = size();
}

void Assembler::emit(Op op, uint32_t arg) {
  REFC_CHECK(!op_has_flag(op, opflags::kJump), "emit: jumps need emit_jump");
  instrs_.push_back({op, arg, -1, pos_});
}

void Assembler::emit_jump(Op op, Label target) {
  REFC_CHECK(op_has_flag(op, opflags::kJump), "emit_jump: not a jump");
  REFC_CHECK(target.valid() && target.id < static_cast<int>(label_pos_.size()),
             "emit_jump: bad label");
  instrs_.push_back({op, 0, target.id, pos_});
}

int Assembler::begin_block(BlockKind kind, Label handler, int line) {
  int parent = open_blocks_.empty() ? -1 : open_blocks_.back();
  blocks_.push_back({kind, size(), -1, handler.id, line, parent});
  int id = static_cast<int>(blocks_.size() - 1);
  open_blocks_.push_back(id);
  return id;
}

void Assembler::end_block(int id) {
  REFC_CHECK(!open_blocks_.empty() && open_blocks_.back() == id, "end_block: not innermost");
  open_blocks_.pop_back();
  blocks_[id].end = size();
}

Ref<CodeObject> Assembler::assemble() {
  const int n = size();
  if (n == 0) fail("no instructions");
  if (!open_blocks_.empty()) fail("block table region left open");

  // ---- resolve labels ------------------------------------------------------
  std::vector<int> target(n, -1);
  for (int i = 0; i < n; ++i) {
    const PendingInstr& in = instrs_[i];
    if (in.label < 0) continue;
    int t = label_pos_[in.label];
    if (t < 0) fail("jump to an unbound label at instruction " + std::to_string(i));
    if (t >= n)
      fail("jump target " + std::to_string(t) + " out of range at instruction " +
           std::to_string(i));
    target[i] = t;
  }

  // ---- reachability -----------------------------------------------------------
  std::vector<char> reachable(n, 0);
  std::vector<int> work{0};
  reachable[0] = 1;
  auto reach = [&](int t) {
    if (!reachable[t]) {
      reachable[t] = 1;
      work.push_back(t);
    }
  };
  while (!work.empty()) {
    int i = work.back();
    work.pop_back();
    Op op = instrs_[i].op;
    if (!op_has_flag(op, opflags::kNoFallthrough)) {
      if (i + 1 >= n)
        fail("control falls off the end of the code after instruction " + std::to_string(i) +
             " (" + std::string(op_name(op)) + ")");
      reach(i + 1);
    }
    if (target[i] >= 0) reach(target[i]);
  }

  // New index of each kept instruction; newpos[k] = kept instructions before k.
  std::vector<int> newpos(n + 1, 0);
  for (int i = 0; i < n; ++i) newpos[i + 1] = newpos[i] + (reachable[i] ? 1 : 0);
  const int m = newpos[n];

  auto code = make<CodeObject>();
  code->name = name_;
  code->qualname = qualname_;
  code->filename = filename_;
  code->first_line = first_line_;
  code->consts = consts_;
  code->names = names_;
  code->varnames = varnames_;
  code->cellvars = cellvars_;
  code->freevars = freevars_;
  code->argcount = argcount_;
  code->posonlyargcount = posonlyargcount_;
  code->kwonlyargcount = kwonlyargcount_;
  code->flags = flags_;
  if (freevars_.empty() && cellvars_.empty()) code->flags |= CO_NOFREE;
  code->code.reserve(m);
  code->positions.reserve(m);

  int last_line = first_line_;
  int ncaches = 0;
  for (int i = 0; i < n; ++i) {
    if (!reachable[i]) continue;
    const PendingInstr& in = instrs_[i];
    Instruction out;
    out.op = in.op;
    out.arg = target[i] >= 0 ? static_cast<uint32_t>(newpos[target[i]]) : in.arg;
    int here = newpos[i];
    if (in.op == Op::JUMP_FORWARD || in.op == Op::JUMP_BACKWARD)
      out.op = static_cast<int>(out.arg) > here ? Op::JUMP_FORWARD : Op::JUMP_BACKWARD;
    if (op_has_flag(in.op, opflags::kCache)) {
      if (ncaches >= Instruction::kNoCache) fail("too many inline caches");
      out.cache = static_cast<uint16_t>(ncaches++);
    }
    Position p = in.pos;
    if (p.line <= 0) p.line = p.end_line = last_line;
    last_line = p.line;
    code->code.push_back(out);
    code->positions.push_back(p);
  }
  code->caches.resize(ncaches);

  // ---- argument checks ---------------------------------------------------------
  const uint32_t nconsts = static_cast<uint32_t>(consts_.size());
  const uint32_t nnames = static_cast<uint32_t>(names_.size());
  const uint32_t nlocals = static_cast<uint32_t>(varnames_.size());
  const uint32_t nderef = static_cast<uint32_t>(cellvars_.size() + freevars_.size());
  for (int i = 0; i < m; ++i) {
    const Instruction& in = code->code[i];
    auto bad = [&](const char* what, uint32_t value) {
      fail(std::string(what) + " " + std::to_string(value) + " out of range at instruction " +
           std::to_string(i) + " (" + std::string(op_name(in.op)) + ")");
    };
    switch (op_info(in.op).arg_kind) {
    case ArgKind::Const:
      if (in.arg >= nconsts) bad("constant index", in.arg);
      break;
    case ArgKind::Name:
      if (in.arg >= nnames) bad("name index", in.arg);
      break;
    case ArgKind::Global:
      if ((in.arg >> 1) >= nnames) bad("name index", in.arg >> 1);
      break;
    case ArgKind::Local:
      if (in.arg >= nlocals) bad("local index", in.arg);
      break;
    case ArgKind::Deref:
      if (in.arg >= nderef) bad("cell/free index", in.arg);
      break;
    case ArgKind::BinOp:
      if (in.arg > static_cast<uint32_t>(BinaryOp::InplaceXor)) bad("binary operator", in.arg);
      break;
    case ArgKind::Compare:
      if (in.arg > static_cast<uint32_t>(CompareOp::Ge)) bad("comparison operator", in.arg);
      break;
    case ArgKind::Invert:
      if (in.arg > 1) bad("flag", in.arg);
      break;
    default: break;
    }
    if (in.op == Op::KW_NAMES &&
        !(consts_[in.arg].is_obj() && consts_[in.arg].type() == types::tuple))
      fail("KW_NAMES constant is not a tuple at instruction " + std::to_string(i));
    if (in.op == Op::COPY_FREE_VARS && in.arg != freevars_.size())
      fail("COPY_FREE_VARS count differs from the free variables at instruction " +
           std::to_string(i));
  }

  // ---- stack depth and block depth over all paths -------------------------------
  std::vector<int> depth(m, -1), bdepth(m, -1);
  int max_depth = 0, max_blocks = 0;
  auto flow = [&](int from, int to, int d, int b) {
    if (d < 0)
      fail("stack underflow at instruction " + std::to_string(from) + " (" +
           std::string(op_name(code->code[from].op)) + ")");
    if (depth[to] < 0) {
      depth[to] = d;
      bdepth[to] = b;
      if (d > max_depth) max_depth = d;
      work.push_back(to);
    } else if (depth[to] != d) {
      fail("inconsistent stack depth at instruction " + std::to_string(to) + " (" +
           std::to_string(depth[to]) + " vs " + std::to_string(d) + " via instruction " +
           std::to_string(from) + ")");
    } else if (bdepth[to] != b) {
      fail("inconsistent block depth at instruction " + std::to_string(to) + " (" +
           std::to_string(bdepth[to]) + " vs " + std::to_string(b) + " via instruction " +
           std::to_string(from) + ")");
    }
  };
  depth[0] = 0;
  bdepth[0] = 0;
  work.assign(1, 0);
  while (!work.empty()) {
    int i = work.back();
    work.pop_back();
    const Instruction& in = code->code[i];
    int d = depth[i], b = bdepth[i];
    auto need = [&](int k) {
      if (d < k)
        fail("stack underflow at instruction " + std::to_string(i) + " (" +
             std::string(op_name(in.op)) + ")");
    };
    switch (in.op) {
    case Op::COPY:
    case Op::SWAP:
      if (in.arg < 1) fail("COPY/SWAP of item 0 at instruction " + std::to_string(i));
      need(static_cast<int>(in.arg));
      break;
    case Op::LIST_APPEND:
    case Op::SET_ADD:
    case Op::LIST_EXTEND:
    case Op::SET_UPDATE:
    case Op::DICT_UPDATE:
    case Op::DICT_MERGE: need(static_cast<int>(in.arg) + 1); break;
    case Op::MAP_ADD: need(static_cast<int>(in.arg) + 2); break;
    case Op::POP_BLOCK:
      if (b < 1) fail("POP_BLOCK without a block at instruction " + std::to_string(i));
      break;
    case Op::RETURN_VALUE:
      if (b != 0) fail("RETURN_VALUE inside an open block at instruction " + std::to_string(i));
      break;
    default: break;
    }
    if (op_has_flag(in.op, opflags::kSetup)) {
      flow(i, static_cast<int>(in.arg), d + stack_effect(in.op, in.arg, true), b);
      int nb = b + 1;
      if (nb > max_blocks) max_blocks = nb;
      flow(i, i + 1, d + stack_effect(in.op, in.arg, false), nb);
      continue;
    }
    int nb = in.op == Op::POP_BLOCK ? b - 1 : b;
    if (op_has_flag(in.op, opflags::kJump))
      flow(i, static_cast<int>(in.arg), d + stack_effect(in.op, in.arg, true), nb);
    if (!op_has_flag(in.op, opflags::kNoFallthrough)) {
      int nd = d + stack_effect(in.op, in.arg, false);
      if (nd > max_depth) max_depth = nd;
      flow(i, i + 1, nd, nb);
    } else if (d + stack_effect(in.op, in.arg, false) < 0) {
      fail("stack underflow at instruction " + std::to_string(i) + " (" +
           std::string(op_name(in.op)) + ")");
    }
  }
  // A few opcodes briefly hold one more item than their net effect shows.
  code->stacksize = max_depth + 1;
  code->max_blocks = max_blocks;

  // ---- the static block table ----------------------------------------------------
  std::vector<int> block_map(blocks_.size(), -1);
  for (size_t k = 0; k < blocks_.size(); ++k) {
    const PendingBlock& pb = blocks_[k];
    int start = newpos[pb.start], end = newpos[pb.end];
    int parent = pb.parent;
    while (parent >= 0 && block_map[parent] < 0) parent = blocks_[parent].parent;
    if (start >= end) continue;
    int handler = -1;
    if (pb.handler_label >= 0) {
      int t = label_pos_[pb.handler_label];
      if (t >= 0 && t < n && reachable[t]) handler = newpos[t];
    }
    block_map[k] = static_cast<int>(code->blocks.size());
    code->blocks.push_back({pb.kind, static_cast<uint32_t>(start), static_cast<uint32_t>(end),
                            handler, pb.line, parent >= 0 ? block_map[parent] : -1});
  }

  // ---- cells that are also arguments ------------------------------------------
  int nargs = code->total_args();
  for (Str* c : cellvars_) {
    int idx = -1;
    for (int a = 0; a < nargs && a < static_cast<int>(varnames_.size()); ++a)
      if (varnames_[a] == c) idx = a;
    code->cell2arg.push_back(idx);
  }
  code->compute_layout();
  return code;
}

} // namespace refc::lang
