// SymNode: a symbolic integer, float or boolean — an expression over shape
// symbols owned by a ShapeEnv — as the tensor layer sees it. The tensor layer
// only computes with it through this interface; reference_compiler/symbolic
// implements it (with GiNaC expressions, value ranges and guards), so
// geometry code written on SymInt never depends on the algebra.
//
// A node is an interpreter object: programs that meet one while tracing see a
// torch.SymInt / torch.SymFloat / torch.SymBool, and a SymInt holds it behind
// a tagged pointer.
#pragma once

#include "reference_compiler/lang/object.h"
#include "reference_compiler/lang/type_object.h"
#include "reference_compiler/lang/value.h"

#include <cstdint>
#include <optional>
#include <string>

namespace refc::tensor {

enum class SymOp : uint8_t {
  Add, Sub, Mul, FloorDiv, Mod, TrueDiv, Pow, Max, Min, // arithmetic
  Eq, Ne, Lt, Le, Gt, Ge,                               // comparisons (boolean results)
  And, Or,                                              // booleans
};
enum class SymUnaryOp : uint8_t { Neg, Not, Ceil, Floor, ToFloat };
enum class SymKind : uint8_t { Int, Float, Bool };

struct SymNodeImpl;
using SymNode = lang::Ref<SymNodeImpl>;

struct SymNodeImpl : lang::Object {
  SymNodeImpl(lang::TypeObject* type, SymKind kind) : lang::Object(type), kind(kind) {}
  const SymKind kind;

  // Operations build new nodes in the same ShapeEnv; they never guard.
  virtual SymNode binary(SymOp op, const SymNodeImpl& other) const = 0;
  virtual SymNode unary(SymUnaryOp op) const = 0;
  // A constant of the same ShapeEnv (the other operand of `s0 + 1`).
  virtual SymNode constant_int(int64_t v) const = 0;
  virtual SymNode constant_float(double v) const = 0;

  // Known without a guard (a constant, or decided by the symbols' ranges and
  // the guards made so far).
  virtual std::optional<int64_t> maybe_int() const = 0;
  virtual std::optional<bool> maybe_bool() const = 0;
  // The value on the example inputs (no guard): fake kernels need a number.
  virtual int64_t int_hint() const = 0;
  virtual double float_hint() const = 0;
  virtual bool bool_hint() const = 0;

  // Specialize: the value on the example inputs, after recording the guard
  // that makes it true on later calls (`Eq(s0, 3)`, `s0 > 2`). A node with no
  // value to compare against (an unbacked symbol) raises the data-dependent
  // error instead.
  virtual int64_t guard_int() = 0;
  virtual double guard_float() = 0;
  virtual bool guard_bool() = 0;
  // guard_bool as PyTorch's guard_size_oblivious: a size symbol counts as >= 2
  // when that decides the question, so 0/1 checks in framework code do not
  // specialize.
  virtual bool guard_size_oblivious() = 0;
  // guard_bool where the value is known on the example inputs; `fallback`,
  // unguarded, where it is not (PyTorch's guard_or_false / guard_or_true).
  virtual bool guard_or(bool fallback) = 0;

  // As PyTorch prints the expression: "s0*s1", "Eq(s0, 3)".
  virtual std::string str() const = 0;
};

// The Python types of nodes (torch.SymInt, torch.SymFloat, torch.SymBool).
lang::TypeObject* sym_int_type();
lang::TypeObject* sym_float_type();
lang::TypeObject* sym_bool_type();
lang::TypeObject* sym_type(SymKind kind);

// The node `v` is (a torch.SymInt / SymFloat / SymBool), or null.
inline SymNodeImpl* as_sym_node(const lang::Value& v) {
  if (!v.is_obj()) return nullptr;
  lang::TypeObject* t = v.as_obj()->type;
  return t == sym_int_type() || t == sym_float_type() || t == sym_bool_type() ? static_cast<SymNodeImpl*>(v.as_obj())
                                                                              : nullptr;
}
inline bool is_sym_kind(const lang::Value& v, SymKind kind) {
  SymNodeImpl* n = as_sym_node(v);
  return n && n->kind == kind;
}

} // namespace refc::tensor
