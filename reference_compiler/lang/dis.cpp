// The bytecode listing behind `refc dis`. Output is deterministic (no
// addresses), so listings can be diffed and kept as goldens.
#include "reference_compiler/lang/dis.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/compiler.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/output.h"
#include "reference_compiler/lang/syntax_error.h"

#include <fstream>
#include <iostream>
#include <sstream>
#include <unistd.h>

namespace refc::lang {

namespace {

std::string code_label(const CodeObject& c) {
  return "<code object " + c.name + ", file \"" + c.filename + "\", line " +
         std::to_string(c.first_line) + ">";
}

std::string const_repr(const Value& v) {
  if (v.is_obj() && v.as_obj()->type == types::code) return code_label(*v.as<CodeObject>());
  try {
    return std::string(repr(v)->view());
  } catch (PyError&) {
    return "<unrepresentable " + type_name(v) + ">";
  }
}

std::string join(const std::vector<Str*>& names) {
  if (names.empty()) return "-";
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) out += (i ? ", " : "") + std::string(names[i]->view());
  return out;
}

std::string flags_text(uint32_t f) {
  static const std::pair<uint32_t, const char*> kFlags[] = {
      {CO_OPTIMIZED, "OPTIMIZED"}, {CO_NEWLOCALS, "NEWLOCALS"}, {CO_VARARGS, "VARARGS"},
      {CO_VARKEYWORDS, "VARKEYWORDS"}, {CO_NESTED, "NESTED"}, {CO_GENERATOR, "GENERATOR"},
      {CO_NOFREE, "NOFREE"}};
  std::string out;
  for (auto& [bit, name] : kFlags)
    if (f & bit) out += (out.empty() ? "" : ", ") + std::string(name);
  return out.empty() ? "-" : out;
}

// What an instruction's argument stands for, or empty.
std::string arg_meaning(const CodeObject& c, const Instruction& in) {
  uint32_t a = in.arg;
  switch (op_info(in.op).arg_kind) {
  case ArgKind::None:
  case ArgKind::Int: return {};
  case ArgKind::Const: return a < c.consts.size() ? const_repr(c.consts[a]) : "?";
  case ArgKind::Name: return a < c.names.size() ? std::string(c.names[a]->view()) : "?";
  case ArgKind::Global: {
    std::string n = (a >> 1) < c.names.size() ? std::string(c.names[a >> 1]->view()) : "?";
    return (a & 1) ? "NULL + " + n : n;
  }
  case ArgKind::Local: return a < c.varnames.size() ? std::string(c.varnames[a]->view()) : "?";
  case ArgKind::Deref:
    return static_cast<int>(a) < c.ncells() + c.nfrees()
               ? std::string(c.deref_name(static_cast<int>(a))->view())
               : "?";
  case ArgKind::Jump: return "to " + std::to_string(a);
  case ArgKind::BinOp: return binary_op_symbol(static_cast<BinaryOp>(a));
  case ArgKind::Compare: return compare_op_symbol(static_cast<CompareOp>(a));
  case ArgKind::Invert:
    if (in.op == Op::IS_OP) return a ? "is not" : "is";
    return a ? "not in" : "in";
  case ArgKind::UnpackEx:
    return std::to_string(a & 0xFF) + " before, " + std::to_string(a >> 8) + " after";
  case ArgKind::Format: {
    static const char* kConv[] = {"", "str", "repr", "ascii"};
    std::string out = kConv[a & 3];
    if (a & 4) out += out.empty() ? "with format" : ", with format";
    return out;
  }
  case ArgKind::FunctionFlags: {
    static const char* kNames[] = {"defaults", "kwdefaults", "annotations", "closure"};
    std::string out;
    for (int i = 0; i < 4; ++i)
      if (a & (1u << i)) out += (out.empty() ? "" : ", ") + std::string(kNames[i]);
    return out;
  }
  }
  return {};
}

std::string pad_right(std::string s, size_t width) {
  if (s.size() < width) s.append(width - s.size(), ' ');
  return s;
}
std::string pad_left(std::string s, size_t width) {
  if (s.size() < width) s.insert(0, width - s.size(), ' ');
  return s;
}

void disassemble_one(const CodeObject& c, std::string& out) {
  out += "Disassembly of " + code_label(c) + ":\n";
  out += "  qualname: " + c.qualname + "\n";
  out += "  args: " + std::to_string(c.argcount) + " (posonly " +
         std::to_string(c.posonlyargcount) + ", kwonly " + std::to_string(c.kwonlyargcount) +
         ")  flags: " + flags_text(c.flags) + "\n";
  out += "  stack size: " + std::to_string(c.stacksize) + "  max blocks: " +
         std::to_string(c.max_blocks) + "\n";
  out += "  varnames: " + join(c.varnames) + "\n";
  out += "  cellvars: " + join(c.cellvars) + "  freevars: " + join(c.freevars) + "\n";
  if (c.blocks.empty()) {
    out += "  blocks: -\n";
  } else {
    out += "  blocks:\n";
    for (size_t i = 0; i < c.blocks.size(); ++i) {
      const BlockInfo& b = c.blocks[i];
      std::string line = "    [" + std::to_string(i) + "] " + pad_right(block_kind_name(b.kind), 8) +
                         " " + std::to_string(b.start) + ".." + std::to_string(b.end - 1);
      line = pad_right(line, 28);
      if (b.handler >= 0)
        line += (b.kind == BlockKind::Loop ? "exit -> " : "handler -> ") + std::to_string(b.handler);
      line = pad_right(line, 46);
      line += "line " + std::to_string(b.line);
      if (b.parent >= 0) line += "  in [" + std::to_string(b.parent) + "]";
      out += line + "\n";
    }
  }
  std::vector<char> is_target(c.code.size() + 1, 0);
  for (const Instruction& in : c.code)
    if (op_has_flag(in.op, opflags::kJump) && in.arg < is_target.size()) is_target[in.arg] = 1;
  for (const BlockInfo& b : c.blocks)
    if (b.handler >= 0) is_target[static_cast<size_t>(b.handler)] = 1;

  out += "\n";
  int last_line = -1;
  for (size_t pc = 0; pc < c.code.size(); ++pc) {
    const Instruction& in = c.code[pc];
    int line = c.positions[pc].line;
    std::string row;
    if (line != last_line) {
      if (pc != 0) out += "\n";
      row = pad_left(std::to_string(line), 5);
      last_line = line;
    } else {
      row = "     ";
    }
    row += is_target[pc] ? "  >> " : "     ";
    row += pad_left(std::to_string(pc), 4) + " ";
    row += pad_right(std::string(op_name(in.op)), 22);
    bool has_arg = op_info(in.op).arg_kind != ArgKind::None;
    row += has_arg ? pad_left(std::to_string(in.arg), 5) : std::string(5, ' ');
    std::string meaning = arg_meaning(c, in);
    if (!meaning.empty()) row += " (" + meaning + ")";
    std::vector<int> blocks = c.enclosing_block_indices(static_cast<int>(pc));
    if (!blocks.empty()) {
      row = pad_right(row, 68);
      row += "#";
      for (int b : blocks)
        row += " " + std::string(block_kind_name(c.blocks[b].kind)) + "[" + std::to_string(b) + "]";
    }
    while (!row.empty() && row.back() == ' ') row.pop_back();
    out += row + "\n";
  }
}

void disassemble_rec(const CodeObject& c, bool recursive, std::string& out) {
  disassemble_one(c, out);
  if (!recursive) return;
  for (const Value& k : c.consts) {
    if (k.is_obj() && k.as_obj()->type == types::code) {
      out += "\n";
      disassemble_rec(*k.as<CodeObject>(), true, out);
    }
  }
}

} // namespace

std::string disassemble(const CodeObject& code, bool recursive) {
  std::string out;
  disassemble_rec(code, recursive, out);
  return out;
}

int disassemble_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::cerr << "refc: can't open file '" << path << "'\n";
    return 2;
  }
  std::stringstream buf;
  buf << in.rdbuf();
  Ref<CodeObject> code;
  try {
    code = compile_source(buf.str(), path);
  } catch (SyntaxErrorInfo& e) {
    flush_stdout();
    std::cerr << format_syntax_error(e);
    return 1;
  }
  std::string text = disassemble(*code, true);
  write_stdout(text);
  flush_stdout();
  return 0;
}

} // namespace refc::lang
