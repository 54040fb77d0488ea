// The symbol table: interned GiNaC symbols that carry their SymbolInfo.
#include "reference_compiler/symbolic/symbol_table.h"

#include <deque>
#include <map>
#include <stdexcept>
#include <utility>

#include <ginac/ginac.h>

namespace refc::symbolic {
namespace {

// A GiNaC symbol that points at its entry in the table. GiNaC compares
// symbols by serial number, so copies GiNaC makes stay the same symbol.
// Sizes are in GiNaC's positive domain, everything else in the real domain:
// no symbol here is complex.
class TableSymbol : public GiNaC::symbol {
public:
  TableSymbol(const SymbolInfo* info) : GiNaC::symbol(info->name), info_(info) {}
  unsigned get_domain() const override {
    return info_->is_positive() ? GiNaC::domain::positive : GiNaC::domain::real;
  }
  GiNaC::ex conjugate() const override { return *this; }
  GiNaC::ex real_part() const override { return *this; }
  GiNaC::ex imag_part() const override { return 0; }
  TableSymbol* duplicate() const override {
    auto* copy = new TableSymbol(*this);
    copy->setflag(GiNaC::status_flags::dynallocated);
    return copy;
  }
  const SymbolInfo* info() const { return info_; }

private:
  const SymbolInfo* info_;
};

struct Entry {
  SymbolInfo info;
  GiNaC::ex symbol;
};

struct Table {
  std::deque<Entry> entries; // stable addresses
  std::map<std::pair<std::string, SymbolKind>, Entry*, std::less<>> by_name;
};

Table& table() {
  static Table* t = new Table; // never destroyed: expressions may outlive static destruction order
  return *t;
}

} // namespace

const GiNaC::ex& intern_symbol(std::string_view name, SymbolKind kind) {
  Table& t = table();
  auto key = std::make_pair(std::string(name), kind);
  auto it = t.by_name.find(key);
  if (it != t.by_name.end()) return it->second->symbol;
  Entry& entry = t.entries.emplace_back();
  entry.info = SymbolInfo{std::string(name), kind};
  entry.symbol = GiNaC::dynallocate<TableSymbol>(&entry.info);
  t.by_name.emplace(std::move(key), &entry);
  return entry.symbol;
}

const SymbolInfo& symbol_info(const GiNaC::ex& e) {
  const auto* s = dynamic_cast<const TableSymbol*>(&GiNaC::ex_to<GiNaC::basic>(e));
  if (s == nullptr) throw std::logic_error("symbol_info: not a symbol of the symbol table");
  return *s->info();
}

} // namespace refc::symbolic
