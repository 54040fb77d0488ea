// IntProgram: compilation of an expression to postfix steps, and the loop
// that runs them on a fixed-size stack.
#include "reference_compiler/symbolic/int_program.h"

#include <limits>
#include <stdexcept>

#include <ginac/ginac.h>

#include "reference_compiler/symbolic/node.h"

namespace refc::symbolic {

using GiNaC::ex;
using GiNaC::numeric;

namespace {

constexpr int kMaxDepth = 64;

int64_t to_int64(const numeric& n) {
  if (!n.is_integer() || n > numeric(std::numeric_limits<long>::max()) || n < numeric(std::numeric_limits<long>::min()))
    throw std::invalid_argument("IntProgram: a constant that is not an int64");
  return n.to_long();
}

class Compiler {
public:
  Compiler(const std::function<int(const Expr&)>& slot_of, std::vector<IntProgram::Step>& code)
      : slot_of_(slot_of), code_(code) {}

  int max_depth = 0;

  void emit(const ex& e0) {
    ex e = unheld(e0);
    switch (node_kind(e)) {
    case NodeKind::Integer: return push(IntProgram::Op::Const, to_int64(numeric_of(e)));
    case NodeKind::Rational:
    case NodeKind::Float: throw std::invalid_argument("IntProgram: a float-valued expression");
    case NodeKind::Symbol: {
      Expr s = Expr::from_ginac(e);
      if (!s.is_integer()) throw std::invalid_argument("IntProgram: a float symbol");
      return push(IntProgram::Op::Slot, slot_of_(s));
    }
    case NodeKind::Add: {
      auto [c, rest] = as_coeff_add(e);
      std::vector<ex> terms = add_terms(rest);
      emit(terms[0]);
      for (size_t i = 1; i < terms.size(); ++i) emit(terms[i]), pop(IntProgram::Op::Add);
      if (!c.is_zero()) step(IntProgram::Op::AddConst, to_int64(c));
      return;
    }
    case NodeKind::Mul: {
      auto [c, rest] = as_coeff_mul(e);
      std::vector<ex> factors = mul_factors(rest);
      emit(factors[0]);
      for (size_t i = 1; i < factors.size(); ++i) emit(factors[i]), pop(IntProgram::Op::Mul);
      if (c != 1) step(IntProgram::Op::MulConst, to_int64(c));
      return;
    }
    case NodeKind::Pow: {
      const ex& n = e.op(1);
      if (!is_integer_number(n) || numeric_of(n).is_negative())
        throw std::invalid_argument("IntProgram: a power that is not integer");
      emit(e.op(0));
      return step(IntProgram::Op::PowConst, to_int64(numeric_of(n)));
    }
    case NodeKind::Relation: {
      emit(e.lhs());
      emit(e.rhs());
      switch (relation_op(e)) {
      case RelOp::Eq: return pop(IntProgram::Op::Eq);
      case RelOp::Ne: return pop(IntProgram::Op::Ne);
      case RelOp::Lt: return pop(IntProgram::Op::Lt);
      case RelOp::Le: return pop(IntProgram::Op::Le);
      case RelOp::Gt: return pop(IntProgram::Op::Gt);
      case RelOp::Ge: return pop(IntProgram::Op::Ge);
      }
      return;
    }
    case NodeKind::Function: return function(e);
    }
  }

private:
  void function(const ex& e) {
    Function f = *function_of(e);
    std::vector<ex> args = sympy_args(e);
    auto chain = [&](IntProgram::Op op) {
      emit(args[0]);
      for (size_t i = 1; i < args.size(); ++i) emit(args[i]), pop(op);
    };
    switch (f) {
    case Function::True: return push(IntProgram::Op::Const, 1);
    case Function::False: return push(IntProgram::Op::Const, 0);
    case Function::Not: return emit(args[0]), step(IntProgram::Op::Not, 0);
    case Function::And: return chain(IntProgram::Op::And);
    case Function::Or: return chain(IntProgram::Op::Or);
    case Function::Max: return chain(IntProgram::Op::Max);
    case Function::Min: return chain(IntProgram::Op::Min);
    case Function::FloorDiv:
    case Function::CleanDiv: return chain(IntProgram::Op::FloorDiv);
    case Function::PythonMod:
    case Function::Mod: return chain(IntProgram::Op::Mod);
    case Function::ModularIndexing:
      emit(args[0]), emit(args[1]), pop(IntProgram::Op::FloorDiv);
      emit(args[2]), pop(IntProgram::Op::Mod);
      return;
    case Function::PowByNatural: return chain(IntProgram::Op::Pow);
    default: throw std::invalid_argument("IntProgram: a float-valued function");
    }
  }

  void push(IntProgram::Op op, int64_t arg) {
    code_.push_back({op, arg});
    if (++depth_ > max_depth) max_depth = depth_;
    if (max_depth > kMaxDepth) throw std::length_error("IntProgram: expression nested too deeply");
  }
  void pop(IntProgram::Op op) { code_.push_back({op, 0}), --depth_; } // two operands -> one
  void step(IntProgram::Op op, int64_t arg) { code_.push_back({op, arg}); } // one -> one

  const std::function<int(const Expr&)>& slot_of_;
  std::vector<IntProgram::Step>& code_;
  int depth_ = 0;
};

inline int64_t wrap_add(int64_t a, int64_t b) { return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b)); }
inline int64_t wrap_mul(int64_t a, int64_t b) { return static_cast<int64_t>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b)); }

inline int64_t floor_div(int64_t a, int64_t b) {
  if (b == 0) throw std::domain_error("integer division or modulo by zero");
  if (b == -1) return wrap_mul(a, -1);
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

inline int64_t python_mod(int64_t a, int64_t b) {
  if (b == 0) throw std::domain_error("integer division or modulo by zero");
  if (b == -1) return 0;
  int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}

inline int64_t power(int64_t base, int64_t n) {
  if (n < 0) throw std::domain_error("negative exponent");
  int64_t r = 1;
  while (n) {
    if (n & 1) r = wrap_mul(r, base);
    base = wrap_mul(base, base);
    n >>= 1;
  }
  return r;
}

} // namespace

IntProgram IntProgram::compile(const Expr& e, const std::function<int(const Expr&)>& slot_of) {
  IntProgram p;
  Compiler c(slot_of, p.code_);
  c.emit(e.ginac());
  p.max_depth_ = c.max_depth;
  return p;
}

std::optional<IntProgram::Range> IntProgram::as_range() const {
  constexpr int64_t kMin = std::numeric_limits<int64_t>::min(), kMax = std::numeric_limits<int64_t>::max();
  if (code_.size() != 3) return std::nullopt;
  const bool slot_first = code_[0].op == Op::Slot && code_[1].op == Op::Const;
  const bool const_first = code_[0].op == Op::Const && code_[1].op == Op::Slot;
  if (!slot_first && !const_first) return std::nullopt;
  const int slot = static_cast<int>(slot_first ? code_[0].arg : code_[1].arg);
  const int64_t c = slot_first ? code_[1].arg : code_[0].arg;
  // The relation read as `slot REL c`.
  Op rel = code_[2].op;
  if (const_first) {
    switch (rel) {
    case Op::Lt: rel = Op::Gt; break;
    case Op::Le: rel = Op::Ge; break;
    case Op::Gt: rel = Op::Lt; break;
    case Op::Ge: rel = Op::Le; break;
    default: break;
    }
  }
  switch (rel) {
  case Op::Eq: return Range{slot, c, c};
  case Op::Le: return Range{slot, kMin, c};
  case Op::Ge: return Range{slot, c, kMax};
  case Op::Lt: return c == kMin ? std::nullopt : std::optional<Range>(Range{slot, kMin, c - 1});
  case Op::Gt: return c == kMax ? std::nullopt : std::optional<Range>(Range{slot, c + 1, kMax});
  default: return std::nullopt;
  }
}

int64_t IntProgram::run(const int64_t* slots) const {
  int64_t stack[kMaxDepth];
  int sp = 0;
  for (const Step& s : code_) {
    switch (s.op) {
    case Op::Const: stack[sp++] = s.arg; break;
    case Op::Slot: stack[sp++] = slots[s.arg]; break;
    case Op::Add: --sp, stack[sp - 1] = wrap_add(stack[sp - 1], stack[sp]); break;
    case Op::AddConst: stack[sp - 1] = wrap_add(stack[sp - 1], s.arg); break;
    case Op::Mul: --sp, stack[sp - 1] = wrap_mul(stack[sp - 1], stack[sp]); break;
    case Op::MulConst: stack[sp - 1] = wrap_mul(stack[sp - 1], s.arg); break;
    case Op::PowConst: stack[sp - 1] = power(stack[sp - 1], s.arg); break;
    case Op::FloorDiv: --sp, stack[sp - 1] = floor_div(stack[sp - 1], stack[sp]); break;
    case Op::Mod: --sp, stack[sp - 1] = python_mod(stack[sp - 1], stack[sp]); break;
    case Op::Max: --sp, stack[sp - 1] = stack[sp - 1] > stack[sp] ? stack[sp - 1] : stack[sp]; break;
    case Op::Min: --sp, stack[sp - 1] = stack[sp - 1] < stack[sp] ? stack[sp - 1] : stack[sp]; break;
    case Op::Eq: --sp, stack[sp - 1] = stack[sp - 1] == stack[sp]; break;
    case Op::Ne: --sp, stack[sp - 1] = stack[sp - 1] != stack[sp]; break;
    case Op::Lt: --sp, stack[sp - 1] = stack[sp - 1] < stack[sp]; break;
    case Op::Le: --sp, stack[sp - 1] = stack[sp - 1] <= stack[sp]; break;
    case Op::Gt: --sp, stack[sp - 1] = stack[sp - 1] > stack[sp]; break;
    case Op::Ge: --sp, stack[sp - 1] = stack[sp - 1] >= stack[sp]; break;
    case Op::And: --sp, stack[sp - 1] = (stack[sp - 1] != 0) & (stack[sp] != 0); break;
    case Op::Or: --sp, stack[sp - 1] = (stack[sp - 1] != 0) | (stack[sp] != 0); break;
    case Op::Not: stack[sp - 1] = stack[sp - 1] == 0; break;
    case Op::Pow: --sp, stack[sp - 1] = power(stack[sp - 1], stack[sp]); break;
    }
  }
  return stack[0];
}

} // namespace refc::symbolic
