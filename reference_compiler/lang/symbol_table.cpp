// The symbol table pass, following CPython 3.11's symtable.c: a visit that
// records each name's uses per scope, then an analysis that resolves scopes
// (local / global / free / cell) bottom-up through the nested scopes.
#include "reference_compiler/lang/symbol_table.h"

#include "reference_compiler/lang/errors.h"

#include <algorithm>
#include <map>
#include <set>

namespace refc::lang {

using namespace symflags;

std::string mangle(std::string_view private_name, const std::string& name) {
  if (private_name.empty() || name.size() < 2 || name[0] != '_' || name[1] != '_') return name;
  // CPython leaves every name ending in "__" alone, "__" itself included.
  if (name.compare(name.size() - 2, 2, "__") == 0) return name;
  if (name.find('.') != std::string::npos) return name;
  size_t skip = private_name.find_first_not_of('_');
  if (skip == std::string_view::npos) return name;
  return "_" + std::string(private_name.substr(skip)) + name;
}

NameScope Scope::scope_of(const std::string& name) const {
  auto it = symbols.find(name);
  return it == symbols.end() ? NameScope::GlobalImplicit : it->second.scope;
}

uint32_t Scope::flags_of(const std::string& name) const {
  auto it = symbols.find(name);
  return it == symbols.end() ? 0 : it->second.flags;
}

std::vector<std::string> Scope::cellvars() const {
  std::vector<std::string> out;
  for (auto& [n, s] : symbols)
    if (s.scope == NameScope::Cell) out.push_back(n);
  if (needs_class_closure) out.push_back("__class__");
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> Scope::freevars() const {
  std::vector<std::string> out;
  for (auto& [n, s] : symbols)
    if (s.scope == NameScope::Free || (s.flags & kFreeClass)) out.push_back(n);
  std::sort(out.begin(), out.end());
  return out;
}

Scope* SymbolTable::scope_for(const void* node) const {
  auto it = by_node_.find(node);
  REFC_CHECK(it != by_node_.end(), "symbol table: no scope for node");
  return it->second;
}

class SymbolTableBuilder {
public:
  explicit SymbolTableBuilder(SymbolTable& t) : table_(t) {}

  void run(const ast::Module& m) {
    table_.top_ = std::make_unique<Scope>();
    Scope* top = table_.top_.get();
    top->kind = ScopeKind::Module;
    top->name = "top";
    top->node = &m;
    table_.by_node_[&m] = top;
    cur_ = top;
    for (auto& s : m.body) visit_stmt(*s);
    std::set<std::string> free, global;
    analyze_block(top, nullptr, free, global);
  }

private:
  using NameSet = std::set<std::string>;

  [[noreturn]] static void error(std::string msg, const ast::Span& span) {
    throw CompileError{std::move(msg), span};
  }

  std::string mangled(const std::string& name) const { return mangle(cur_->private_name, name); }

  Scope* enter(ScopeKind kind, std::string name, const void* node, int lineno) {
    auto s = std::make_unique<Scope>();
    s->kind = kind;
    s->name = std::move(name);
    s->node = node;
    s->lineno = lineno;
    s->parent = cur_;
    s->private_name = cur_->private_name;
    s->nested = cur_->nested || cur_->kind == ScopeKind::Function;
    Scope* raw = s.get();
    cur_->children.push_back(std::move(s));
    table_.by_node_[node] = raw;
    cur_ = raw;
    return raw;
  }
  void leave() { cur_ = cur_->parent; }

  // symtable_add_def_helper
  void add_def_in(Scope* ste, const std::string& raw, uint32_t flag, const ast::Span& span) {
    std::string name = mangle(ste->private_name, raw);
    auto it = ste->symbols.find(name);
    uint32_t val;
    if (it != ste->symbols.end()) {
      val = it->second.flags;
      if ((flag & kParam) && (val & kParam))
        error("duplicate argument '" + raw + "' in function definition", span);
      val |= flag;
    } else {
      val = flag;
      ste->symbol_order.push_back(name);
    }
    if (ste->comp_iter_target) {
      if (val & (kGlobal | kNonlocal))
        error("comprehension inner loop cannot rebind assignment expression target '" + raw +
                  "'",
              span);
      val |= kCompIter;
    }
    ste->symbols[name].flags = val;
    if (flag & kParam) ste->params.push_back(name);
  }
  void add_def(const std::string& name, uint32_t flag, const ast::Span& span) {
    add_def_in(cur_, name, flag, span);
  }

  void record_directive(Scope* ste, const std::string& name, const ast::Span& span) {
    directives_.emplace(std::make_pair(ste, name), span); // the first one is reported
  }

  // ---- visiting --------------------------------------------------------------

  void visit_exprs(const ast::ExprList& es) {
    for (auto& e : es)
      if (e) visit_expr(*e);
  }
  void visit_stmts(const ast::StmtList& ss) {
    for (auto& s : ss) visit_stmt(*s);
  }

  void visit_params(const ast::arguments& a) {
    // CPython's parameter order: positional, keyword-only, *args, **kwargs.
    for (auto& p : a.posonlyargs) add_def(p.arg, kParam, p.span);
    for (auto& p : a.args) add_def(p.arg, kParam, p.span);
    for (auto& p : a.kwonlyargs) add_def(p.arg, kParam, p.span);
    if (a.vararg) add_def(a.vararg->arg, kParam, a.vararg->span);
    if (a.kwarg) add_def(a.kwarg->arg, kParam, a.kwarg->span);
  }

  void visit_annotations(const ast::arguments& a, const ast::Expr* returns) {
    auto ann = [&](const ast::arg& p) {
      if (p.annotation) visit_expr(*p.annotation);
    };
    for (auto& p : a.posonlyargs) ann(p);
    for (auto& p : a.args) ann(p);
    if (a.vararg) ann(*a.vararg);
    for (auto& p : a.kwonlyargs) ann(p);
    if (a.kwarg) ann(*a.kwarg);
    if (returns) visit_expr(*returns);
  }

  void visit_alias(const ast::alias& a) {
    std::string store = a.asname.empty() ? a.name.substr(0, a.name.find('.')) : a.asname;
    if (store == "*") {
      if (cur_->kind != ScopeKind::Module) error("import * only allowed at module level", a.span);
      return;
    }
    add_def(store, kImport, a.span);
  }

  void visit_stmt(const ast::Stmt& s) {
    using K = ast::StmtKind;
    switch (s.kind) {
    case K::FunctionDef: {
      auto& f = ast::as<ast::FunctionDef>(s);
      add_def(f.name, kLocal, s.span);
      visit_exprs(f.args.defaults);
      visit_exprs(f.args.kw_defaults);
      visit_annotations(f.args, f.returns.get());
      visit_exprs(f.decorator_list);
      enter(ScopeKind::Function, f.name, &f, s.span.lineno);
      visit_params(f.args);
      visit_stmts(f.body);
      leave();
      break;
    }
    case K::ClassDef: {
      auto& c = ast::as<ast::ClassDef>(s);
      add_def(c.name, kLocal, s.span);
      visit_exprs(c.bases);
      for (auto& k : c.keywords) visit_expr(*k.value);
      visit_exprs(c.decorator_list);
      Scope* sc = enter(ScopeKind::Class, c.name, &c, s.span.lineno);
      sc->private_name = c.name;
      visit_stmts(c.body);
      leave();
      break;
    }
    case K::Return: {
      auto& r = ast::as<ast::Return>(s);
      if (r.value) {
        visit_expr(*r.value);
        cur_->returns_value = true;
      }
      break;
    }
    case K::Delete: visit_exprs(ast::as<ast::Delete>(s).targets); break;
    case K::Assign: {
      auto& a = ast::as<ast::Assign>(s);
      visit_exprs(a.targets);
      visit_expr(*a.value);
      break;
    }
    case K::AnnAssign: {
      auto& a = ast::as<ast::AnnAssign>(s);
      if (a.target->kind == ast::ExprKind::Name) {
        auto& n = ast::as<ast::Name>(*a.target);
        uint32_t cur = cur_->flags_of(mangled(n.id));
        if ((cur & (kGlobal | kNonlocal)) && cur_ != table_.top_.get() && a.simple)
          error("annotated name '" + n.id + "' can't be " +
                    ((cur & kGlobal) ? "global" : "nonlocal"),
                s.span);
        if (a.simple)
          add_def(n.id, kAnnot | kLocal, a.target->span);
        else if (a.value)
          add_def(n.id, kLocal, a.target->span);
      } else {
        visit_expr(*a.target);
      }
      visit_expr(*a.annotation);
      if (a.value) visit_expr(*a.value);
      break;
    }
    case K::AugAssign: {
      auto& a = ast::as<ast::AugAssign>(s);
      visit_expr(*a.target);
      visit_expr(*a.value);
      break;
    }
    case K::For: {
      auto& f = ast::as<ast::For>(s);
      visit_expr(*f.target);
      visit_expr(*f.iter);
      visit_stmts(f.body);
      visit_stmts(f.orelse);
      break;
    }
    case K::While: {
      auto& w = ast::as<ast::While>(s);
      visit_expr(*w.test);
      visit_stmts(w.body);
      visit_stmts(w.orelse);
      break;
    }
    case K::If: {
      auto& i = ast::as<ast::If>(s);
      visit_expr(*i.test);
      visit_stmts(i.body);
      visit_stmts(i.orelse);
      break;
    }
    case K::With: {
      auto& w = ast::as<ast::With>(s);
      for (auto& item : w.items) {
        visit_expr(*item.context_expr);
        if (item.optional_vars) visit_expr(*item.optional_vars);
      }
      visit_stmts(w.body);
      break;
    }
    case K::Raise: {
      auto& r = ast::as<ast::Raise>(s);
      if (r.exc) visit_expr(*r.exc);
      if (r.cause) visit_expr(*r.cause);
      break;
    }
    case K::Try: {
      auto& t = ast::as<ast::Try>(s);
      visit_stmts(t.body);
      visit_stmts(t.orelse);
      for (auto& h : t.handlers) {
        if (h.type) visit_expr(*h.type);
        if (!h.name.empty()) add_def(h.name, kLocal, h.span);
        visit_stmts(h.body);
      }
      visit_stmts(t.finalbody);
      break;
    }
    case K::Assert: {
      auto& a = ast::as<ast::Assert>(s);
      visit_expr(*a.test);
      if (a.msg) visit_expr(*a.msg);
      break;
    }
    case K::Import:
      for (auto& a : ast::as<ast::Import>(s).names) visit_alias(a);
      break;
    case K::ImportFrom:
      for (auto& a : ast::as<ast::ImportFrom>(s).names) visit_alias(a);
      break;
    case K::Global:
    case K::Nonlocal: {
      bool is_global = s.kind == K::Global;
      const auto& names = is_global ? ast::as<ast::Global>(s).names
                                    : ast::as<ast::Nonlocal>(s).names;
      const char* what = is_global ? "global" : "nonlocal";
      for (const std::string& name : names) {
        uint32_t cur = cur_->flags_of(mangled(name));
        if (cur & (kParam | kLocal | kUse | kAnnot)) {
          std::string msg;
          if (cur & kParam)
            msg = "name '" + name + "' is parameter and " + what;
          else if (cur & kUse)
            msg = "name '" + name + "' is used prior to " + what + " declaration";
          else if (cur & kAnnot)
            msg = "annotated name '" + name + "' can't be " + what;
          else
            msg = "name '" + name + "' is assigned to before " + what + " declaration";
          error(msg, s.span);
        }
        add_def(name, is_global ? kGlobal : kNonlocal, s.span);
        record_directive(cur_, mangled(name), s.span);
      }
      break;
    }
    case K::Expr: visit_expr(*ast::as<ast::Expr_>(s).value); break;
    case K::Pass:
    case K::Break:
    case K::Continue: break;
    }
  }

  void visit_comprehension_generators(const std::vector<ast::comprehension>& gens,
                                      size_t first) {
    for (size_t i = first; i < gens.size(); ++i) {
      cur_->comp_iter_target = true;
      visit_expr(*gens[i].target);
      cur_->comp_iter_target = false;
      cur_->comp_iter_expr++;
      visit_expr(*gens[i].iter);
      cur_->comp_iter_expr--;
      visit_exprs(gens[i].ifs);
    }
  }

  void handle_comprehension(const ast::Expr& e, const char* scope_name,
                            const std::vector<ast::comprehension>& gens, const ast::Expr* elt,
                            const ast::Expr* value, const char* kind_word) {
    bool is_generator = e.kind == ast::ExprKind::GeneratorExp;
    const ast::comprehension& outer = gens[0];
    cur_->comp_iter_expr++;
    visit_expr(*outer.iter);
    cur_->comp_iter_expr--;
    Scope* sc = enter(ScopeKind::Function, scope_name, &e, e.span.lineno);
    sc->is_comprehension = true;
    if (is_generator) sc->is_generator = true;
    add_def(".0", kParam, e.span);
    cur_->comp_iter_target = true;
    visit_expr(*outer.target);
    cur_->comp_iter_target = false;
    visit_exprs(outer.ifs);
    visit_comprehension_generators(gens, 1);
    if (value) visit_expr(*value);
    visit_expr(*elt);
    if (!is_generator && sc->is_generator)
      error(std::string("'yield' inside ") + kind_word, yield_span_);
    leave();
  }

  // symtable_extend_namedexpr_scope
  void extend_namedexpr_scope(const ast::Name& target) {
    const std::string& name = target.id;
    for (Scope* ste = cur_; ste; ste = ste->parent) {
      if (ste->is_comprehension) {
        if (ste->flags_of(name) & kCompIter)
          error("assignment expression cannot rebind comprehension iteration variable '" + name +
                    "'",
                target.span);
        continue;
      }
      if (ste->kind == ScopeKind::Function) {
        uint32_t in_scope = ste->flags_of(name);
        add_def(name, (in_scope & kGlobal) ? kGlobal : kNonlocal, target.span);
        record_directive(cur_, name, target.span);
        add_def_in(ste, name, kLocal, target.span);
        return;
      }
      if (ste->kind == ScopeKind::Module) {
        add_def(name, kGlobal, target.span);
        record_directive(cur_, name, target.span);
        add_def_in(ste, name, kGlobal, target.span);
        return;
      }
      if (ste->kind == ScopeKind::Class)
        error("assignment expression within a comprehension cannot be used in a class body",
              target.span);
    }
  }

  void visit_expr(const ast::Expr& e) {
    using K = ast::ExprKind;
    switch (e.kind) {
    case K::BoolOp: visit_exprs(ast::as<ast::BoolOp>(e).values); break;
    case K::NamedExpr: {
      auto& n = ast::as<ast::NamedExpr>(e);
      if (cur_->comp_iter_expr > 0)
        error("assignment expression cannot be used in a comprehension iterable expression",
              e.span);
      if (cur_->is_comprehension && n.target->kind == K::Name)
        extend_namedexpr_scope(ast::as<ast::Name>(*n.target));
      visit_expr(*n.value);
      visit_expr(*n.target);
      break;
    }
    case K::BinOp: {
      auto& b = ast::as<ast::BinOp>(e);
      visit_expr(*b.left);
      visit_expr(*b.right);
      break;
    }
    case K::UnaryOp: visit_expr(*ast::as<ast::UnaryOp>(e).operand); break;
    case K::Lambda: {
      auto& l = ast::as<ast::Lambda>(e);
      visit_exprs(l.args.defaults);
      visit_exprs(l.args.kw_defaults);
      enter(ScopeKind::Function, "<lambda>", &l, e.span.lineno);
      visit_params(l.args);
      visit_expr(*l.body);
      leave();
      break;
    }
    case K::IfExp: {
      auto& i = ast::as<ast::IfExp>(e);
      visit_expr(*i.test);
      visit_expr(*i.body);
      visit_expr(*i.orelse);
      break;
    }
    case K::Dict: {
      auto& d = ast::as<ast::Dict>(e);
      visit_exprs(d.keys);
      visit_exprs(d.values);
      break;
    }
    case K::Set: visit_exprs(ast::as<ast::Set>(e).elts); break;
    case K::GeneratorExp: {
      auto& g = ast::as<ast::GeneratorExp>(e);
      handle_comprehension(e, "<genexpr>", g.generators, g.elt.get(), nullptr,
                           "generator expression");
      break;
    }
    case K::ListComp: {
      auto& g = ast::as<ast::ListComp>(e);
      handle_comprehension(e, "<listcomp>", g.generators, g.elt.get(), nullptr,
                           "list comprehension");
      break;
    }
    case K::SetComp: {
      auto& g = ast::as<ast::SetComp>(e);
      handle_comprehension(e, "<setcomp>", g.generators, g.elt.get(), nullptr,
                           "set comprehension");
      break;
    }
    case K::DictComp: {
      auto& g = ast::as<ast::DictComp>(e);
      handle_comprehension(e, "<dictcomp>", g.generators, g.key.get(), g.value.get(),
                           "dict comprehension");
      break;
    }
    case K::Yield: {
      auto& y = ast::as<ast::Yield>(e);
      if (y.value) visit_expr(*y.value);
      note_yield(e);
      break;
    }
    case K::YieldFrom: {
      visit_expr(*ast::as<ast::YieldFrom>(e).value);
      note_yield(e);
      break;
    }
    case K::Compare: {
      auto& c = ast::as<ast::Compare>(e);
      visit_expr(*c.left);
      visit_exprs(c.comparators);
      break;
    }
    case K::Call: {
      auto& c = ast::as<ast::Call>(e);
      visit_expr(*c.func);
      visit_exprs(c.args);
      for (auto& k : c.keywords) visit_expr(*k.value);
      break;
    }
    case K::FormattedValue: {
      auto& f = ast::as<ast::FormattedValue>(e);
      visit_expr(*f.value);
      if (f.format_spec) visit_expr(*f.format_spec);
      break;
    }
    case K::JoinedStr: visit_exprs(ast::as<ast::JoinedStr>(e).values); break;
    case K::Constant: break;
    case K::Attribute: visit_expr(*ast::as<ast::Attribute>(e).value); break;
    case K::Subscript: {
      auto& s = ast::as<ast::Subscript>(e);
      visit_expr(*s.value);
      visit_expr(*s.slice);
      break;
    }
    case K::Starred: visit_expr(*ast::as<ast::Starred>(e).value); break;
    case K::Slice: {
      auto& s = ast::as<ast::Slice>(e);
      if (s.lower) visit_expr(*s.lower);
      if (s.upper) visit_expr(*s.upper);
      if (s.step) visit_expr(*s.step);
      break;
    }
    case K::Name: {
      auto& n = ast::as<ast::Name>(e);
      add_def(n.id, n.ctx == ast::ExprContext::Load ? kUse : kLocal, e.span);
      if (n.ctx == ast::ExprContext::Load && cur_->kind == ScopeKind::Function && n.id == "super")
        add_def("__class__", kUse, e.span);
      break;
    }
    case K::List: visit_exprs(ast::as<ast::List>(e).elts); break;
    case K::Tuple: visit_exprs(ast::as<ast::Tuple>(e).elts); break;
    }
  }

  void note_yield(const ast::Expr& e) {
    if (!cur_->is_generator) yield_span_ = e.span;
    cur_->is_generator = true;
  }

  // ---- analysis (analyze_block and friends) ------------------------------------

  [[noreturn]] void error_at_directive(Scope* ste, const std::string& name, std::string msg) {
    auto it = directives_.find({ste, name});
    error(std::move(msg), it != directives_.end() ? it->second : ast::Span{ste->lineno, 0, 0, 0});
  }

  void analyze_name(Scope* ste, std::unordered_map<std::string, NameScope>& scopes,
                    const std::string& name, uint32_t flags, NameSet* bound, NameSet& local,
                    NameSet& free, NameSet& global) {
    if (flags & kGlobal) {
      if (flags & kNonlocal)
        error_at_directive(ste, name, "name '" + name + "' is nonlocal and global");
      scopes[name] = NameScope::GlobalExplicit;
      global.insert(name);
      if (bound) bound->erase(name);
      return;
    }
    if (flags & kNonlocal) {
      if (!bound)
        error_at_directive(ste, name, "nonlocal declaration not allowed at module level");
      if (!bound->count(name))
        error_at_directive(ste, name, "no binding for nonlocal '" + name + "' found");
      scopes[name] = NameScope::Free;
      ste->has_free = true;
      free.insert(name);
      return;
    }
    if (flags & kBound) {
      scopes[name] = NameScope::Local;
      local.insert(name);
      global.erase(name);
      return;
    }
    if (bound && bound->count(name)) {
      scopes[name] = NameScope::Free;
      ste->has_free = true;
      free.insert(name);
      return;
    }
    scopes[name] = NameScope::GlobalImplicit;
    if (ste->nested) ste->has_free = true;
  }

  void analyze_block(Scope* ste, NameSet* bound, NameSet& free, NameSet& global) {
    NameSet local, newglobal, newfree, newbound;
    std::unordered_map<std::string, NameScope> scopes;
    if (ste->kind == ScopeKind::Class) {
      newglobal = global;
      if (bound) newbound = *bound;
    }
    for (const std::string& name : ste->symbol_order)
      analyze_name(ste, scopes, name, ste->symbols[name].flags, bound, local, free, global);

    if (ste->kind != ScopeKind::Class) {
      if (ste->kind == ScopeKind::Function) newbound.insert(local.begin(), local.end());
      if (bound) newbound.insert(bound->begin(), bound->end());
      newglobal.insert(global.begin(), global.end());
    } else {
      newbound.insert("__class__");
    }

    NameSet allfree;
    for (auto& child : ste->children) {
      NameSet child_bound = newbound, child_free = newfree, child_global = newglobal;
      NameSet temp_free;
      analyze_block(child.get(), &child_bound, temp_free, child_global);
      allfree.insert(temp_free.begin(), temp_free.end());
      if (child->has_free || child->child_free) ste->child_free = true;
    }
    newfree.insert(allfree.begin(), allfree.end());

    if (ste->kind == ScopeKind::Function) {
      // analyze_cells: locals used free by children become cells.
      for (auto& [name, sc] : scopes) {
        if (sc != NameScope::Local) continue;
        if (!newfree.count(name)) continue;
        sc = NameScope::Cell;
        newfree.erase(name);
      }
    } else if (ste->kind == ScopeKind::Class) {
      if (newfree.erase("__class__")) ste->needs_class_closure = true;
    }

    // update_symbols
    for (auto& [name, sc] : scopes) ste->symbols[name].scope = sc;
    for (const std::string& name : newfree) {
      auto it = ste->symbols.find(name);
      if (it != ste->symbols.end()) {
        if (ste->kind == ScopeKind::Class && (it->second.flags & (kBound | kGlobal)))
          it->second.flags |= kFreeClass;
        continue;
      }
      if (bound && !bound->count(name)) continue;
      Symbol sym;
      sym.flags = kFree;
      sym.scope = NameScope::Free;
      ste->symbols[name] = sym;
      ste->symbol_order.push_back(name);
    }
    free.insert(newfree.begin(), newfree.end());
  }

  SymbolTable& table_;
  Scope* cur_ = nullptr;
  ast::Span yield_span_;
  std::map<std::pair<Scope*, std::string>, ast::Span> directives_;
};

std::unique_ptr<SymbolTable> SymbolTable::build(const ast::Module& module) {
  auto t = std::unique_ptr<SymbolTable>(new SymbolTable());
  SymbolTableBuilder b(*t);
  b.run(module);
  return t;
}

} // namespace refc::lang
