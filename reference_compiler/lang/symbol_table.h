// SymbolTable: CPython's symtable pass. It walks a module's AST once, builds a
// Scope per module / function / lambda / comprehension / class body, records
// how each name is used there, then resolves every name to local, global
// (explicit or implicit), free or cell with CPython's rules — class scopes are
// invisible to nested functions, `super` implies a `__class__` cell, walrus
// targets in comprehensions bind in the enclosing function, private names are
// mangled. Misuses raise CompileError with CPython's messages ("no binding for
// nonlocal 'x' found", "name 'x' is used prior to global declaration", ...).
#pragma once

#include "reference_compiler/lang/ast.h"
#include "reference_compiler/lang/compile_error.h"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace refc::lang {

enum class ScopeKind : uint8_t { Module, Function, Class };
enum class NameScope : uint8_t { Local, GlobalExplicit, GlobalImplicit, Free, Cell };

namespace symflags {
inline constexpr uint32_t kGlobal = 1;      // `global x` here
inline constexpr uint32_t kLocal = 2;       // bound here
inline constexpr uint32_t kParam = 4;       // a parameter
inline constexpr uint32_t kNonlocal = 8;    // `nonlocal x` here
inline constexpr uint32_t kUse = 16;        // read here
inline constexpr uint32_t kFree = 32;       // used here, bound in an enclosing function
inline constexpr uint32_t kFreeClass = 64;  // bound in this class and free in a child
inline constexpr uint32_t kImport = 128;    // bound by import
inline constexpr uint32_t kAnnot = 256;     // annotated
inline constexpr uint32_t kCompIter = 512;  // a comprehension's iteration variable
inline constexpr uint32_t kBound = kLocal | kParam | kImport;
} // namespace symflags

struct Symbol {
  uint32_t flags = 0;
  NameScope scope = NameScope::GlobalImplicit;
};

struct Scope {
  ScopeKind kind;
  std::string name;         // function/class name, "<lambda>", "<listcomp>", "top"
  const void* node;         // the AST node that opened it
  int lineno = 0;
  Scope* parent = nullptr;
  std::vector<std::unique_ptr<Scope>> children;

  std::unordered_map<std::string, Symbol> symbols; // by mangled name
  std::vector<std::string> symbol_order;           // first-seen order
  std::vector<std::string> params;                 // parameter names in order

  bool is_generator = false;     // contains yield (or is a generator expression)
  bool is_comprehension = false; // list/set/dict comprehension or generator expression
  bool nested = false;           // inside a function (CO_NESTED)
  bool has_free = false;         // uses free variables
  bool child_free = false;       // a child scope has free variables
  bool needs_class_closure = false; // a class whose methods use __class__ / super()
  bool returns_value = false;
  int comp_iter_expr = 0;        // >0 while visiting a comprehension's iterable
  bool comp_iter_target = false; // visiting a comprehension's target
  std::string private_name;      // enclosing class name for mangling, or empty

  // The resolved scope of `name` (already mangled); names never mentioned here
  // resolve as global (implicit).
  NameScope scope_of(const std::string& name) const;
  uint32_t flags_of(const std::string& name) const;
  // Cell and free variable names, sorted as CPython sorts them.
  std::vector<std::string> cellvars() const;
  std::vector<std::string> freevars() const;
};

class SymbolTable {
public:
  // Builds the table for `module`; raises CompileError.
  static std::unique_ptr<SymbolTable> build(const ast::Module& module);

  Scope* top() const { return top_.get(); }
  // The scope opened by an AST node (FunctionDef, Lambda, ClassDef,
  // a comprehension expression); REFC_CHECKs that it exists.
  Scope* scope_for(const void* node) const;

private:
  friend class SymbolTableBuilder;
  std::unique_ptr<Scope> top_;
  std::unordered_map<const void*, Scope*> by_node_;
};

// CPython's private-name mangling: inside class `class_name`, `__x` becomes
// `_Class__x` (not dunder names, not dotted names).
std::string mangle(std::string_view private_name, const std::string& name);

} // namespace refc::lang
