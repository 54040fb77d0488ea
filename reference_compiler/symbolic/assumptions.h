// sympy's assumptions (the fuzzy is_integer / is_positive / is_even / ...
// queries) for this layer's expressions: the handlers of sympy's Add, Mul,
// Pow, numbers and symbols and of PyTorch's functions, closed under sympy's
// fact rules for finite reals. PyTorch's construction rules decide with
// them (Max(s0, 1) is s0 when s0 is positive; Eq(s0, 0) is False), so they
// must answer as sympy answers, including its "don't know"s.
#pragma once

#include <optional>

#include <ginac/ex.h>

namespace refc::symbolic {

using Fuzzy = std::optional<bool>; // true, false, or unknown (None)

struct Facts {
  Fuzzy integer, rational, zero, positive, negative, nonnegative, nonpositive, even, odd;
};

// All facts of a real expression (booleans have none: all unknown).
Facts facts(const GiNaC::ex& e);

inline Fuzzy ask_integer(const GiNaC::ex& e) { return facts(e).integer; }
inline Fuzzy ask_zero(const GiNaC::ex& e) { return facts(e).zero; }
inline Fuzzy ask_positive(const GiNaC::ex& e) { return facts(e).positive; }
inline Fuzzy ask_negative(const GiNaC::ex& e) { return facts(e).negative; }
inline Fuzzy ask_nonnegative(const GiNaC::ex& e) { return facts(e).nonnegative; }
inline Fuzzy ask_nonpositive(const GiNaC::ex& e) { return facts(e).nonpositive; }
inline Fuzzy ask_even(const GiNaC::ex& e) { return facts(e).even; }
inline Fuzzy ask_odd(const GiNaC::ex& e) { return facts(e).odd; }

inline bool is_true(Fuzzy f) { return f.has_value() && *f; }
inline bool is_false(Fuzzy f) { return f.has_value() && !*f; }

} // namespace refc::symbolic
