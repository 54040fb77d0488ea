// The symbol table: every symbol an expression can hold, interned by name and
// kind, each a GiNaC symbol that knows its kind. The kind is what sympy's
// assumptions on the symbol say (integer=True, positive=True / integer=True /
// real=True) and, as in sympy, part of the symbol's identity.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <ginac/ex.h>

namespace refc::symbolic {

enum class SymbolKind : uint8_t {
  PositiveInteger, // a size: integer=True, positive=True
  Integer,         // integer=True
  Real,            // real=True (a float symbol)
};

struct SymbolInfo {
  std::string name;
  SymbolKind kind;
  bool is_integer() const { return kind != SymbolKind::Real; }
  bool is_positive() const { return kind == SymbolKind::PositiveInteger; }
};

// The interned symbol of that name and kind.
const GiNaC::ex& intern_symbol(std::string_view name, SymbolKind kind);
// What a symbol of this layer is; e must be a GiNaC symbol made by intern_symbol.
const SymbolInfo& symbol_info(const GiNaC::ex& e);

} // namespace refc::symbolic
