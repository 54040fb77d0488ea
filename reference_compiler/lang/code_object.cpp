// CodeObject's queries (docstring, enclosing blocks) and the Python-visible
// `code` type: read-only co_* attributes and the CPython-style repr.
#include "reference_compiler/lang/code_object.h"

#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/frame.h"
#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/tuple_object.h"

#include <cstdio>

namespace refc::lang {

CodeObject::CodeObject() : Object(types::code) {}

const char* block_kind_name(BlockKind k) {
  switch (k) {
  case BlockKind::Loop: return "loop";
  case BlockKind::With: return "with";
  case BlockKind::Try: return "try";
  case BlockKind::Finally: return "finally";
  case BlockKind::Handler: return "handler";
  }
  return "?";
}

void CodeObject::compute_layout() {
  layout_nlocals = nlocals();
  layout_nlocalsplus = nlocalsplus();
  size_t bytes = sizeof(Frame) + sizeof(Value) * static_cast<size_t>(layout_nlocalsplus + stacksize) +
                 sizeof(RuntimeBlock) * static_cast<size_t>(max_blocks);
  layout_frame_bytes = static_cast<uint32_t>((bytes + 15) & ~size_t(15));
}

Value CodeObject::docstring() const {
  if ((flags & CO_OPTIMIZED) && !consts.empty() && consts[0].is_obj() &&
      consts[0].type() == types::str)
    return consts[0];
  return Value::none();
}

std::vector<int> CodeObject::enclosing_block_indices(int pc) const {
  std::vector<int> out;
  if (pc < 0) return out;
  auto upc = static_cast<uint32_t>(pc);
  // Pre-order with proper nesting: every containing block is met before the
  // blocks it contains, so a linear scan yields outermost first.
  for (size_t i = 0; i < blocks.size(); ++i)
    if (blocks[i].start <= upc && upc < blocks[i].end) out.push_back(static_cast<int>(i));
  return out;
}

std::vector<const BlockInfo*> CodeObject::enclosing_blocks(int pc) const {
  std::vector<const BlockInfo*> out;
  for (int i : enclosing_block_indices(pc)) out.push_back(&blocks[i]);
  return out;
}

namespace {

CodeObject* self_code(const Args& a) {
  REFC_CHECK(a.npos >= 1 && a[0].is_obj() && a[0].type() == types::code, "code getter receiver");
  return a[0].as<CodeObject>();
}

Value str_tuple(const std::vector<Str*>& v) {
  std::vector<Value> items;
  items.reserve(v.size());
  for (Str* s : v) items.push_back(Value::borrow(s));
  return Value(make_tuple(std::move(items)));
}

} // namespace

void init_code_type() {
  TypeObject* t = types::code;
  add_getter(t, "co_name", [](Args a) { return str_value(self_code(a)->name); });
  add_getter(t, "co_qualname", [](Args a) { return str_value(self_code(a)->qualname); });
  add_getter(t, "co_filename", [](Args a) { return str_value(self_code(a)->filename); });
  add_getter(t, "co_firstlineno",
             [](Args a) { return Value::integer(self_code(a)->first_line); });
  add_getter(t, "co_argcount", [](Args a) { return Value::integer(self_code(a)->argcount); });
  add_getter(t, "co_posonlyargcount",
             [](Args a) { return Value::integer(self_code(a)->posonlyargcount); });
  add_getter(t, "co_kwonlyargcount",
             [](Args a) { return Value::integer(self_code(a)->kwonlyargcount); });
  add_getter(t, "co_nlocals", [](Args a) { return Value::integer(self_code(a)->nlocals()); });
  // CPython 3.11 no longer sets CO_NOFREE (refc keeps it for its own use).
  add_getter(t, "co_flags",
             [](Args a) { return Value::integer(self_code(a)->flags & ~CO_NOFREE); });
  add_getter(t, "co_stacksize", [](Args a) { return Value::integer(self_code(a)->stacksize); });
  add_getter(t, "co_varnames", [](Args a) { return str_tuple(self_code(a)->varnames); });
  add_getter(t, "co_cellvars", [](Args a) { return str_tuple(self_code(a)->cellvars); });
  add_getter(t, "co_freevars", [](Args a) { return str_tuple(self_code(a)->freevars); });
  add_getter(t, "co_names", [](Args a) { return str_tuple(self_code(a)->names); });
  add_getter(t, "co_consts", [](Args a) {
    return Value(make_tuple(std::vector<Value>(self_code(a)->consts)));
  });
  add_method(t, "__repr__", [](Args a) {
    CodeObject* c = self_code(a);
    char addr[32];
    std::snprintf(addr, sizeof addr, "%p", static_cast<void*>(c));
    return str_value("<code object " + c->name + " at " + addr + ", file \"" + c->filename +
                     "\", line " + std::to_string(c->first_line) + ">");
  });
}

} // namespace refc::lang
