// SymInt and SymBool: the integer and boolean types that shape computations
// (meta functions, view geometry, broadcasting) are written in. A SymInt is a
// concrete int64 or a symbolic node (sym_node.h) behind a tagged pointer, in
// the same 8 bytes, so concrete code pays one branch; arithmetic and
// comparisons on symbolic values build expressions without guarding. Turning
// one into a C++ int or bool (expect_int, explicit bool conversion) is where
// the ShapeEnv records a guard: that is the only way a trace specializes.
#pragma once

#include "reference_compiler/tensor/sym_node.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace refc::tensor {

class SymBool {
public:
  SymBool(bool b) : v_(b) {}
  explicit SymBool(SymNode node);

  bool is_symbolic() const { return static_cast<bool>(node_); }
  const SymNode& node() const { return node_; }
  // Branching on it guards (the outcome is recorded for later calls).
  explicit operator bool() const { return node_ ? guard() : v_; }
  bool expect_bool() const { return static_cast<bool>(*this); }
  // Known without a guard, or nullopt.
  std::optional<bool> maybe_bool() const;
  // True only when known true without a guard (PyTorch's statically_known_true).
  bool statically_true() const { return maybe_bool().value_or(false); }
  // A size symbol counts as >= 2 where that decides (PyTorch's guard_size_oblivious).
  bool guard_size_oblivious() const;
  // Guarded where it has a value on the example inputs, false without a
  // guard where it is data-dependent (PyTorch's guard_or_false).
  bool guard_or_false() const { return node_ ? node_->guard_or(false) : v_; }
  bool hint() const;

  SymBool operator!() const;
  SymBool operator&&(const SymBool& o) const;
  SymBool operator||(const SymBool& o) const;

private:
  bool guard() const;
  bool v_ = false;
  SymNode node_;
};

class SymInt {
public:
  SymInt() = default;
  SymInt(int64_t v) : data_(v) {}
  SymInt(int v) : data_(v) {}
  SymInt(size_t v) : data_(static_cast<int64_t>(v)) {}
  // A symbolic SymInt; a node that is a known constant becomes that constant.
  explicit SymInt(SymNode node);

  SymInt(const SymInt& o) : data_(o.data_) {
    if (o.is_symbolic()) lang::incref(o.node_ptr());
  }
  SymInt(SymInt&& o) noexcept : data_(o.data_) { o.data_ = 0; }
  SymInt& operator=(const SymInt& o) {
    if (this != &o) {
      SymInt copy(o);
      std::swap(data_, copy.data_);
    }
    return *this;
  }
  SymInt& operator=(SymInt&& o) noexcept {
    std::swap(data_, o.data_);
    return *this;
  }
  ~SymInt() {
    if (is_symbolic()) lang::decref(node_ptr());
  }

  bool is_symbolic() const { return (static_cast<uint64_t>(data_) & kTagMask) == kTag; }
  SymNodeImpl* node_ptr() const {
    return reinterpret_cast<SymNodeImpl*>(static_cast<uint64_t>(data_) & ~kTagMask);
  }
  // The node standing for this value (a constant node in `like`'s ShapeEnv when concrete).
  SymNode to_node(const SymNodeImpl& like) const;

  // The concrete value; for a symbolic SymInt, its value on the example
  // inputs after guarding that it keeps that value (specialization).
  int64_t expect_int() const { return is_symbolic() ? node_ptr()->guard_int() : data_; }
  // The value on the example inputs, without a guard.
  int64_t hint() const { return is_symbolic() ? node_ptr()->int_hint() : data_; }
  // The value if known without a guard.
  std::optional<int64_t> maybe_int() const {
    return is_symbolic() ? node_ptr()->maybe_int() : std::optional<int64_t>(data_);
  }
  std::string str() const;

  SymInt operator+(const SymInt& o) const { return both_concrete(o) ? SymInt(data_ + o.data_) : sym(SymOp::Add, o); }
  SymInt operator-(const SymInt& o) const { return both_concrete(o) ? SymInt(data_ - o.data_) : sym(SymOp::Sub, o); }
  SymInt operator*(const SymInt& o) const { return both_concrete(o) ? SymInt(data_ * o.data_) : sym(SymOp::Mul, o); }
  SymInt operator-() const;
  SymInt& operator+=(const SymInt& o) { return *this = *this + o; }
  SymInt& operator-=(const SymInt& o) { return *this = *this - o; }
  SymInt& operator*=(const SymInt& o) { return *this = *this * o; }
  // Python floor division and modulo (the divisor is positive in shape code).
  SymInt floordiv(const SymInt& o) const {
    if (!both_concrete(o)) return sym(SymOp::FloorDiv, o);
    int64_t q = data_ / o.data_;
    return (data_ % o.data_ != 0 && ((data_ < 0) != (o.data_ < 0))) ? q - 1 : q;
  }
  SymInt mod(const SymInt& o) const {
    if (!both_concrete(o)) return sym(SymOp::Mod, o);
    return data_ - floordiv(o).data_ * o.data_;
  }
  // ceil(a / b) for positive b.
  SymInt ceildiv(const SymInt& o) const { return -((-*this).floordiv(o)); }

  SymBool operator==(const SymInt& o) const { return both_concrete(o) ? SymBool(data_ == o.data_) : cmp(SymOp::Eq, o); }
  SymBool operator!=(const SymInt& o) const { return both_concrete(o) ? SymBool(data_ != o.data_) : cmp(SymOp::Ne, o); }
  SymBool operator<(const SymInt& o) const { return both_concrete(o) ? SymBool(data_ < o.data_) : cmp(SymOp::Lt, o); }
  SymBool operator<=(const SymInt& o) const { return both_concrete(o) ? SymBool(data_ <= o.data_) : cmp(SymOp::Le, o); }
  SymBool operator>(const SymInt& o) const { return both_concrete(o) ? SymBool(data_ > o.data_) : cmp(SymOp::Gt, o); }
  SymBool operator>=(const SymInt& o) const { return both_concrete(o) ? SymBool(data_ >= o.data_) : cmp(SymOp::Ge, o); }

  friend SymInt sym_max(const SymInt& a, const SymInt& b);
  friend SymInt sym_min(const SymInt& a, const SymInt& b);

private:
  // A node pointer is stored with the top three bits 101: x86-64 and AArch64
  // user-space addresses leave them clear, and no size or index comes near
  // the negative integers with that prefix (below -4.6e18).
  static constexpr uint64_t kTagMask = 0b111ULL << 61;
  static constexpr uint64_t kTag = 0b101ULL << 61;

  bool both_concrete(const SymInt& o) const { return !is_symbolic() && !o.is_symbolic(); }
  SymInt sym(SymOp op, const SymInt& o) const;
  SymBool cmp(SymOp op, const SymInt& o) const;

  int64_t data_ = 0;
};

inline SymInt sym_max(const SymInt& a, const SymInt& b) {
  if (a.both_concrete(b)) return a.data_ >= b.data_ ? a : b;
  return a.sym(SymOp::Max, b);
}
inline SymInt sym_min(const SymInt& a, const SymInt& b) {
  if (a.both_concrete(b)) return a.data_ <= b.data_ ? a : b;
  return a.sym(SymOp::Min, b);
}

using SymIntVector = std::vector<SymInt>;
using SymIntArrayRef = std::span<const SymInt>;
using IntVector = std::vector<int64_t>;
using IntArrayRef = std::span<const int64_t>;

// Concrete sizes as SymInts and back (the latter guards symbolic ones).
SymIntVector to_sym(IntArrayRef v);
IntVector expect_ints(SymIntArrayRef v);
bool any_symbolic(SymIntArrayRef v);
// "[s0, 3]"-style list text of SymInts (for messages and graph annotations).
std::string sym_list_str(SymIntArrayRef v);

} // namespace refc::tensor
