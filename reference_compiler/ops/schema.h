// FunctionSchema: an op's signature in ATen's schema language, parsed from the
// one string each op is declared with, e.g.
//   "add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor"
//   "max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)"
//   "view(Tensor(a) self, SymInt[] size) -> Tensor(a)"
// The schema drives argument binding for torch.* functions, Tensor methods and
// torch.ops.aten.* callables, names outputs, and says which arguments an op
// mutates or aliases.
#pragma once

#include "reference_compiler/lang/value.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace refc::ops {

// The base types of schema arguments.
enum class ArgKind : uint8_t {
  Tensor, Int, SymInt, Float, Bool, Scalar, ScalarType, Str, Layout, Device, MemoryFormat,
  Generator, Dimname, Any
};

struct ArgType {
  ArgKind kind = ArgKind::Any;
  bool optional = false; // T?, or T[]? for an optional list
  bool list = false;     // T[] / T[N]
  bool elem_optional = false; // Tensor?[]: a list whose elements may be None
  int fixed_size = 0;    // N of T[N]: a single T is accepted and repeated N times
  std::string str() const; // back to schema syntax: "int[1]?", "Tensor?[]"
};

struct Argument {
  std::string name;
  ArgType type;
  bool kwarg_only = false;
  bool has_default = false;
  lang::Value default_value; // valid when has_default (None, number, str, tuple of ints)
  std::string default_text;  // the default as written in the schema ("1e-05", "'none'")
  // Alias annotation: Tensor(a) aliases set "a"; Tensor(a!) is also written to.
  std::string alias_set;
  bool is_write = false;
};

struct FunctionSchema {
  std::string name;     // "add"
  std::string overload; // "Tensor", or "" for the default overload
  std::vector<Argument> arguments;
  std::vector<Argument> returns; // a single `Tensor[]` return is a list
  bool returns_list() const { return returns.size() == 1 && returns[0].type.list; }
  // "add.Tensor", or "add" for the default overload.
  std::string qualified_name() const;
  // The overload name as torch.ops spells it: "Tensor" or "default".
  std::string overload_name() const { return overload.empty() ? "default" : overload; }
  // Index of the argument called `name`, or -1.
  int find_argument(std::string_view arg_name) const;
  // Back to the schema text (normalised spacing).
  std::string str() const;
};

// Parses a schema string; throws std::invalid_argument with a message naming
// the position on malformed input (schemas are written by refc's developers,
// so this is an internal error surfaced at start-up).
FunctionSchema parse_schema(std::string_view text);

} // namespace refc::ops
