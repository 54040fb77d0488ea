// The printer: sympy's StrPrinter (what str() of a sympy expression gives),
// with PyTorch's printing of its functions (FloorDiv as `(a//b)`).
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include <ginac/ex.h>

namespace refc::symbolic {

using SymbolText = std::function<std::string(std::string_view symbol)>;

std::string sympy_str(const GiNaC::ex& e);
// With each symbol printed as symbol_text(name); term order as sympy_str.
std::string sympy_str(const GiNaC::ex& e, const SymbolText& symbol_text);
// PyTorch's PythonPrinter, as shape guards print: Python's operators
// (`a // b`, `a % b`, `==`, `and`), sums and products in sympy's argument
// order (`1 + L['x'].size()[0]`), Max / Min as torch.sym_max / sym_min.
std::string python_str(const GiNaC::ex& e, const SymbolText& symbol_text);

// sympy's precedence() of an expression, for the printer's parentheses.
double precedence(const GiNaC::ex& e);
// Expr.could_extract_minus_sign().
bool could_extract_minus_sign(const GiNaC::ex& e);

} // namespace refc::symbolic
