// SymInt and SymBool: the integer and boolean types that shape computations
// (meta functions, view geometry, broadcasting) are written in. Today a SymInt
// is always a concrete int64; the dynamic-shapes layer makes it symbolic
// without changing the code written against it. A comparison of SymInts gives a
// SymBool, and branching on one (explicit bool conversion) is where a symbolic
// implementation records a guard.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace refc::tensor {

class SymBool {
public:
  SymBool(bool b) : v_(b) {}
  explicit operator bool() const { return v_; }
  bool expect_bool() const { return v_; }
  SymBool operator!() const { return !v_; }
  SymBool operator&&(const SymBool& o) const { return v_ && o.v_; }
  SymBool operator||(const SymBool& o) const { return v_ || o.v_; }

private:
  bool v_;
};

class SymInt {
public:
  SymInt() = default;
  SymInt(int64_t v) : v_(v) {}
  SymInt(int v) : v_(v) {}
  SymInt(size_t v) : v_(static_cast<int64_t>(v)) {}

  bool is_symbolic() const { return false; }
  // The concrete value; for a symbolic SymInt, its hint.
  int64_t expect_int() const { return v_; }

  SymInt operator+(const SymInt& o) const { return v_ + o.v_; }
  SymInt operator-(const SymInt& o) const { return v_ - o.v_; }
  SymInt operator*(const SymInt& o) const { return v_ * o.v_; }
  SymInt operator-() const { return -v_; }
  SymInt& operator+=(const SymInt& o) { v_ += o.v_; return *this; }
  SymInt& operator-=(const SymInt& o) { v_ -= o.v_; return *this; }
  SymInt& operator*=(const SymInt& o) { v_ *= o.v_; return *this; }
  // Python floor division and modulo (the divisor is positive in shape code).
  SymInt floordiv(const SymInt& o) const {
    int64_t q = v_ / o.v_;
    return (v_ % o.v_ != 0 && ((v_ < 0) != (o.v_ < 0))) ? q - 1 : q;
  }
  SymInt mod(const SymInt& o) const { return v_ - floordiv(o).v_ * o.v_; }
  // ceil(a / b) for positive b.
  SymInt ceildiv(const SymInt& o) const { return -((-*this).floordiv(o)); }

  SymBool operator==(const SymInt& o) const { return v_ == o.v_; }
  SymBool operator!=(const SymInt& o) const { return v_ != o.v_; }
  SymBool operator<(const SymInt& o) const { return v_ < o.v_; }
  SymBool operator<=(const SymInt& o) const { return v_ <= o.v_; }
  SymBool operator>(const SymInt& o) const { return v_ > o.v_; }
  SymBool operator>=(const SymInt& o) const { return v_ >= o.v_; }

private:
  int64_t v_ = 0;
};

inline SymInt sym_max(const SymInt& a, const SymInt& b) { return (a >= b).expect_bool() ? a : b; }
inline SymInt sym_min(const SymInt& a, const SymInt& b) { return (a <= b).expect_bool() ? a : b; }

using SymIntVector = std::vector<SymInt>;
using SymIntArrayRef = std::span<const SymInt>;
using IntVector = std::vector<int64_t>;
using IntArrayRef = std::span<const int64_t>;

// Concrete sizes as SymInts and back (the latter requires them concrete).
SymIntVector to_sym(IntArrayRef v);
IntVector expect_ints(SymIntArrayRef v);

} // namespace refc::tensor
