// CodeGenerator: the compiler's working state — a stack of compilation units
// (one per function, lambda, comprehension or class body being compiled, each
// with its Assembler and its stack of "frame blocks" for unwinding on break /
// continue / return) — and the visitors that emit code for statements
// (compile_stmt.cpp) and expressions (compile_expr.cpp). Internal to the
// compiler; compiler.h is the public entry point.
#pragma once

#include "reference_compiler/lang/assembler.h"
#include "reference_compiler/lang/ast.h"
#include "reference_compiler/lang/compile_error.h"
#include "reference_compiler/lang/future_features.h"
#include "reference_compiler/lang/symbol_table.h"

#include <memory>
#include <string>
#include <vector>

namespace refc::lang {

class CodeGenerator {
public:
  CodeGenerator(const SymbolTable& symbols, std::string filename)
      : symbols_(symbols), filename_(std::move(filename)) {}

  Ref<CodeObject> compile_module(const ast::Module& module);

private:
  using Label = Assembler::Label;

  // What a break / continue / return must undo when leaving a construct.
  enum class FBlockKind {
    WhileLoop, ForLoop, TryExcept, FinallyTry, FinallyEnd, With, HandlerCleanup, PopValue,
    ExceptionHandler
  };
  struct FBlock {
    FBlock(FBlockKind k, Label b = {}, Label e = {}) : kind(k), block(b), exit(e) {}
    FBlockKind kind;
    Label block; // loops: the continue target
    Label exit;  // loops: the break target
    const ast::StmtList* finalbody = nullptr; // FinallyTry
    const ast::Stmt* with = nullptr;          // With
    std::string handler_name;                 // HandlerCleanup: the `as` name, or empty
  };

  struct Unit {
    Scope* ste;
    std::unique_ptr<Assembler> as;
    std::string qualname;
    std::vector<FBlock> fblocks;
  };

  // ---- units ------------------------------------------------------------------
  void enter_unit(Scope* ste, const std::string& name, int first_line, const ast::Span& span);
  Ref<CodeObject> leave_unit();
  Unit& u() { return *units_.back(); }
  Assembler& as() { return *units_.back()->as; }
  [[noreturn]] void error(std::string msg, const ast::Span& span) const {
    throw CompileError{std::move(msg), span};
  }
  std::string mangled(const std::string& name) const;

  // ---- emission helpers ----------------------------------------------------------
  void emit(Op op, uint32_t arg = 0) { as().emit(op, arg); }
  void jump(Op op, Label l) { as().emit_jump(op, l); }
  Label label() { return as().new_label(); }
  void bind(Label l) { as().bind(l); }
  void load_const(const Value& v) { emit(Op::LOAD_CONST, as().add_const(v)); }
  void load_none() { load_const(Value::none()); }
  void emit_name(Op op, const std::string& name) { emit(op, as().add_name(mangled(name))); }
  void set_location(const ast::Span& s);
  void push_fblock(FBlock b, const ast::Span& where);
  void pop_fblock() { u().fblocks.pop_back(); }

  // ---- names -------------------------------------------------------------------------
  enum class NameCtx { Load, Store, Del };
  void nameop(const std::string& name, NameCtx ctx, bool push_null = false);
  // True when `name` would be loaded with LOAD_GLOBAL here.
  bool is_global_load(const std::string& name) const;

  // ---- statements (compile_stmt.cpp) ---------------------------------------------------
  void visit_body(const ast::StmtList& body);
  void visit_stmt(const ast::Stmt& s);
  void compile_function(const ast::FunctionDef& f);
  void compile_class(const ast::ClassDef& c);
  void compile_return(const ast::Return& r);
  void compile_if(const ast::If& s);
  void compile_while(const ast::While& s);
  void compile_for(const ast::For& s);
  void compile_try_except(const ast::Try& s);
  void compile_try_finally(const ast::Try& s);
  void compile_with(const ast::With& s, size_t pos);
  void compile_assert(const ast::Assert& s);
  void compile_import(const ast::Import& s);
  void compile_import_from(const ast::ImportFrom& s);
  void compile_annassign(const ast::AnnAssign& s);
  // Pushes an annotation's value: the expression, or under `from __future__
  // import annotations` its source text.
  void visit_annotation(const ast::Expr& annotation);
  void compile_augassign(const ast::AugAssign& s);
  void compile_delete(const ast::Expr& target);
  void compile_break(const ast::Stmt& s);
  void compile_continue(const ast::Stmt& s);
  void call_exit_with_nones();
  // Unwinds the frame blocks for a return (preserve_tos: the value to return
  // is on the stack) or, when `loop` is given, up to the innermost loop.
  void unwind_fblock(const FBlock& b, bool preserve_tos);
  bool unwind_fblock_stack(bool preserve_tos, FBlock* loop);
  void body_with_docstring(const ast::StmtList& body, bool is_module);

  // ---- expressions (compile_expr.cpp) ---------------------------------------------------
  void visit_expr(const ast::Expr& e);
  void visit_expr_inner(const ast::Expr& e);
  void visit_store(const ast::Expr& target);
  void visit_unpack_store(const ast::ExprList& elts, const ast::Span& span);
  void jump_if(const ast::Expr& e, Label target, bool cond);
  void compile_boolop(const ast::BoolOp& e);
  void compile_compare(const ast::Compare& e);
  void emit_compare_op(ast::CmpOpKind op);
  void compile_call(const ast::Call& e);
  // Arguments after `pushed` already-pushed positional values.
  void call_helper(int pushed, const ast::ExprList& args, const std::vector<ast::keyword>& kws);
  void subkwargs(const std::vector<ast::keyword>& kws, size_t begin, size_t end);
  void starunpack(const ast::ExprList& elts, int pushed, Op build, Op add, Op extend,
                  bool tuple);
  void compile_dict(const ast::Dict& e);
  void compile_lambda(const ast::Lambda& e);
  void compile_comprehension(const ast::Expr& e, const std::vector<ast::comprehension>& gens,
                             const ast::Expr* elt, const ast::Expr* value);
  void comprehension_generator(const std::vector<ast::comprehension>& gens, size_t index,
                               int depth, const ast::Expr* elt, const ast::Expr* value,
                               ast::ExprKind kind);
  void compile_slice(const ast::Slice& s);
  void compile_joined_str(const ast::JoinedStr& e);
  void compile_formatted_value(const ast::FormattedValue& e);
  void compile_yield_from();

  // ---- functions ------------------------------------------------------------------------
  // Pushes defaults / kwdefaults / annotations as MAKE_FUNCTION expects; returns its flags.
  uint32_t default_arguments(const ast::arguments& a);
  uint32_t annotations(const ast::arguments& a, const ast::Expr* returns);
  void make_closure(const Ref<CodeObject>& code, uint32_t flags);
  void set_signature(const ast::arguments& a);
  std::string qualname_for(const std::string& name) const;

  // ---- constants -------------------------------------------------------------------------
  static Value constant_value(const ast::ConstantValue& c);
  // The value of an expression made only of constants (a Constant, or a tuple
  // of them), or Null.
  Value try_constant(const ast::Expr& e) const;

  const SymbolTable& symbols_;
  std::string filename_;
  FutureFeatures future_; // read from the module body by body_with_docstring
  std::vector<std::unique_ptr<Unit>> units_;
};

} // namespace refc::lang
