// The graph parser: refc's Python parser reads the text, and a walk over
// forward's statements rebuilds the nodes print_readable printed.
#include "reference_compiler/graph/graph_parser.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/ast.h"
#include "reference_compiler/lang/big_int.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/parser.h"
#include "reference_compiler/lang/range_object.h"
#include "reference_compiler/lang/singletons.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/syntax_error.h"
#include "reference_compiler/lang/tuple_object.h"

#include <cmath>
#include <sstream>
#include <unordered_map>

namespace refc::graph {

using lang::Value;
namespace ast = lang::ast;

Value import_dotted(std::string_view dotted) {
  const size_t dot = dotted.find('.');
  Value v(lang::import_module(std::string(dotted.substr(0, dot))));
  for (size_t start = dot; start != std::string_view::npos;) {
    const size_t next = dotted.find('.', start + 1);
    v = lang::getattr(v, lang::intern(dotted.substr(start + 1, next == std::string_view::npos ? std::string_view::npos
                                                                                             : next - start - 1)));
    start = next;
  }
  return v;
}

namespace {

const char* operator_name(ast::OperatorKind op) {
  switch (op) {
  case ast::OperatorKind::Add: return "add";
  case ast::OperatorKind::Sub: return "sub";
  case ast::OperatorKind::Mult: return "mul";
  case ast::OperatorKind::MatMult: return "matmul";
  case ast::OperatorKind::Div: return "truediv";
  case ast::OperatorKind::Mod: return "mod";
  case ast::OperatorKind::Pow: return "pow";
  case ast::OperatorKind::LShift: return "lshift";
  case ast::OperatorKind::RShift: return "rshift";
  case ast::OperatorKind::BitOr: return "or_";
  case ast::OperatorKind::BitXor: return "xor";
  case ast::OperatorKind::BitAnd: return "and_";
  case ast::OperatorKind::FloorDiv: return "floordiv";
  }
  return "?";
}

const char* compare_name(ast::CmpOpKind op) {
  switch (op) {
  case ast::CmpOpKind::Eq: return "eq";
  case ast::CmpOpKind::NotEq: return "ne";
  case ast::CmpOpKind::Lt: return "lt";
  case ast::CmpOpKind::LtE: return "le";
  case ast::CmpOpKind::Gt: return "gt";
  case ast::CmpOpKind::GtE: return "ge";
  default: return nullptr;
  }
}

class Reader {
public:
  Reader(std::string_view text, const NameResolver& resolve) : resolve_(resolve) {
    std::istringstream in{std::string(text)};
    for (std::string line; std::getline(in, line);) lines_.push_back(line);
  }

  std::unique_ptr<Graph> read(const ast::Module& module) {
    for (const ast::StmtPtr& s : module.body)
      if (s->kind == ast::StmtKind::ClassDef && find_forward(ast::as<ast::ClassDef>(*s)))
        return read_class(ast::as<ast::ClassDef>(*s));
    fail(1, "expected `class ...(torch.nn.Module):` with a `def forward(self, ...)` method");
  }

private:
  Reader(const std::vector<std::string>& lines, const NameResolver& resolve) : resolve_(resolve), lines_(lines) {}

  std::unique_ptr<Graph> read_class(const ast::ClassDef& cls) {
    const ast::FunctionDef* forward = find_forward(cls);
    if (!forward) fail(cls.span.lineno, "expected a `def forward(self, ...)` method in class " + cls.name);
    const auto& params = forward->args.args;
    if (params.empty() || params[0].arg != "self") fail(forward->span.lineno, "forward's first parameter must be self");
    // `l_x_ = L_x_` statements name the placeholders' variables.
    std::unordered_map<std::string, std::string> variable_of;
    for (const ast::StmtPtr& stmt : forward->body)
      if (stmt->kind == ast::StmtKind::Assign) {
        const auto& a = ast::as<ast::Assign>(*stmt);
        if (a.targets.size() == 1 && a.targets[0]->kind == ast::ExprKind::Name && a.value->kind == ast::ExprKind::Name)
          variable_of.emplace(ast::as<ast::Name>(*a.value).id, ast::as<ast::Name>(*a.targets[0]).id);
      }
    for (size_t i = 1; i < params.size(); ++i) {
      const std::string& target = params[i].arg;
      auto it = variable_of.find(target);
      Node* p = graph_->placeholder(target, it == variable_of.end() ? std::string_view(target) : it->second);
      names_[target] = p;
      names_[p->name] = p;
    }
    for (const ast::StmtPtr& stmt : forward->body) statement(*stmt);
    if (!graph_->output_node()) fail(forward->span.lineno, "forward has no return statement");
    // Nested classes are the subgraphs get_attr nodes read.
    for (const ast::StmtPtr& m : cls.body)
      if (m->kind == ast::StmtKind::ClassDef) {
        const auto& sub = ast::as<ast::ClassDef>(*m);
        graph_->add_subgraph(sub.name, std::shared_ptr<Graph>(Reader(lines_, resolve_).read_class(sub)));
      }
    graph_->verify();
    return std::move(graph_);
  }
  [[noreturn]] void fail(int line, const std::string& what) {
    lang::raise(lang::exc::ValueError, "line " + std::to_string(line) + ": not a printed graph: " + what);
  }

  static const ast::FunctionDef* find_forward(const ast::ClassDef& cls) {
    for (const ast::StmtPtr& m : cls.body)
      if (m->kind == ast::StmtKind::FunctionDef && ast::as<ast::FunctionDef>(*m).name == "forward")
        return &ast::as<ast::FunctionDef>(*m);
    return nullptr;
  }

  // The "# File: f:N in fn, code: ..." comment above `line`, if any.
  std::optional<UserFrame> frame_above(int line) {
    for (int i = line - 2; i >= 0; --i) {
      std::string_view l = lines_[static_cast<size_t>(i)];
      l.remove_prefix(std::min(l.find_first_not_of(' '), l.size()));
      if (l.empty()) return current_frame_;
      if (l.starts_with("# No stacktrace")) return current_frame_ = std::nullopt;
      if (l.starts_with("# File: ")) {
        l.remove_prefix(8);
        const size_t in = l.find(" in "), colon = l.substr(0, in).rfind(':'), code = l.find(", code: ");
        if (in == std::string_view::npos || colon == std::string_view::npos || code == std::string_view::npos)
          return current_frame_;
        UserFrame f{std::string(l.substr(0, colon)), std::stoi(std::string(l.substr(colon + 1, in - colon - 1))),
                    std::string(l.substr(in + 4, code - in - 4)), std::string(l.substr(code + 8))};
        return current_frame_ = f;
      }
      if (!l.starts_with("#")) return current_frame_;
    }
    return current_frame_;
  }

  void statement(const ast::Stmt& s) {
    const int line = s.span.lineno;
    switch (s.kind) {
    case ast::StmtKind::Return: {
      const auto& r = ast::as<ast::Return>(s);
      graph_->output(r.value ? value(*r.value) : Value::none());
      return;
    }
    case ast::StmtKind::AnnAssign: {
      const auto& a = ast::as<ast::AnnAssign>(s);
      if (!a.value) fail(line, "an annotation without a value");
      define(*a.target, *a.value, line);
      return;
    }
    case ast::StmtKind::Assign: {
      const auto& a = ast::as<ast::Assign>(s);
      if (a.value->kind == ast::ExprKind::Constant &&
          std::holds_alternative<ast::NoneTag>(ast::as<ast::Constant>(*a.value).value))
        return; // `a = b = None` frees values: nothing to rebuild
      if (a.targets.size() != 1) fail(line, "a chained assignment of something other than None");
      define(*a.targets[0], *a.value, line);
      return;
    }
    case ast::StmtKind::AugAssign: {
      // `a += b;  name = a`: the in-place call, named by the assignment after it.
      const auto& a = ast::as<ast::AugAssign>(s);
      if (a.target->kind != ast::ExprKind::Name) fail(line, "an augmented assignment to something other than a name");
      pending_inplace_ = call_operator(std::string("i") + operator_name(a.op), {value(*a.target), value(*a.value)}, "");
      pending_inplace_->user_frame = frame_above(line);
      pending_target_ = ast::as<ast::Name>(*a.target).id;
      return;
    }
    case ast::StmtKind::Pass: return;
    default: fail(line, "an unexpected statement");
    }
  }

  void define(const ast::Expr& target, const ast::Expr& value_expr, int line) {
    if (target.kind != ast::ExprKind::Name) fail(line, "an assignment to something other than a name");
    const std::string& name = ast::as<ast::Name>(target).id;
    // `l_x_ = L_x_`: the placeholder's variable, named when it was created.
    if (value_expr.kind == ast::ExprKind::Name) {
      if (pending_inplace_ && ast::as<ast::Name>(value_expr).id == pending_target_) {
        graph_->rename(pending_inplace_, name);
        names_[name] = pending_inplace_;
        pending_inplace_ = nullptr;
        return;
      }
      auto it = names_.find(ast::as<ast::Name>(value_expr).id);
      if (it != names_.end() && it->second->op == NodeOp::Placeholder && it->second->name == name) return;
    }
    Node* n = node_for(value_expr, name, line);
    n->user_frame = frame_above(line);
    names_[name] = n;
  }

  Node* node_for(const ast::Expr& e, const std::string& name, int line) {
    switch (e.kind) {
    case ast::ExprKind::BinOp: {
      const auto& b = ast::as<ast::BinOp>(e);
      return call_operator(operator_name(b.op), {value(*b.left), value(*b.right)}, name);
    }
    case ast::ExprKind::UnaryOp: {
      const auto& u = ast::as<ast::UnaryOp>(e);
      const char* op = u.op == ast::UnaryOpKind::USub ? "neg" : u.op == ast::UnaryOpKind::UAdd ? "pos"
                       : u.op == ast::UnaryOpKind::Invert ? "invert" : nullptr;
      if (!op) fail(line, "`not` is not an operator call");
      return call_operator(op, {value(*u.operand)}, name);
    }
    case ast::ExprKind::Compare: {
      const auto& c = ast::as<ast::Compare>(e);
      const char* op = c.ops.size() == 1 ? compare_name(c.ops[0]) : nullptr;
      if (!op) fail(line, "a comparison other than one ==, !=, <, <=, > or >=");
      return call_operator(op, {value(*c.left), value(*c.comparators[0])}, name);
    }
    case ast::ExprKind::Subscript: {
      const auto& s = ast::as<ast::Subscript>(e);
      return call_operator("getitem", {value(*s.value), value(*s.slice)}, name);
    }
    case ast::ExprKind::Attribute: {
      const auto& a = ast::as<ast::Attribute>(e);
      if (std::optional<std::string> path = self_path(e)) return graph_->get_attr(*path, name);
      return graph_->call_function("getattr", resolve_("builtins.getattr"),
                                   Value(lang::make_tuple({value(*a.value), lang::str_value(a.attr)})), {}, name);
    }
    case ast::ExprKind::Call: return call(ast::as<ast::Call>(e), name, line);
    default: fail(line, "an expression that is not an operation");
    }
  }

  Node* call_operator(const std::string& op, std::initializer_list<Value> args, const std::string& name) {
    return graph_->call_function("operator." + op, resolve_("operator." + op), Value(lang::make_tuple(args)), {}, name);
  }

  Node* call(const ast::Call& c, const std::string& name, int line) {
    std::vector<Value> args;
    for (const ast::ExprPtr& a : c.args) {
      if (a->kind == ast::ExprKind::Starred) fail(line, "a starred argument");
      args.push_back(value(*a));
    }
    lang::Ref<lang::Dict> kwargs = lang::make_dict();
    for (const ast::keyword& k : c.keywords) {
      if (k.arg.empty()) fail(line, "a ** argument");
      kwargs->set(lang::intern(k.arg), value(*k.value));
    }
    // self.path(...) / getattr(self.a, "0")(...): a submodule.
    if (std::optional<std::string> path = self_path(*c.func))
      return graph_->call_module(*path, Value(lang::make_tuple(std::move(args))), Value(std::move(kwargs)), name);
    // node.method(...)
    if (c.func->kind == ast::ExprKind::Attribute) {
      const auto& a = ast::as<ast::Attribute>(*c.func);
      if (a.value->kind == ast::ExprKind::Name && names_.count(ast::as<ast::Name>(*a.value).id)) {
        args.insert(args.begin(), value(*a.value));
        return graph_->call_method(a.attr, Value(lang::make_tuple(std::move(args))), Value(std::move(kwargs)), name);
      }
    }
    std::optional<std::string> dotted = dotted_name(*c.func);
    if (!dotted) fail(line, "a call of something other than a dotted name");
    return graph_->call_function(*dotted, resolve_(*dotted), Value(lang::make_tuple(std::move(args))),
                                 Value(std::move(kwargs)), name);
  }

  // "a.b.c" for a chain of attributes on a name that is not a node.
  std::optional<std::string> dotted_name(const ast::Expr& e) {
    if (e.kind == ast::ExprKind::Name) {
      const std::string& id = ast::as<ast::Name>(e).id;
      if (names_.count(id) || id == "self") return std::nullopt;
      return id;
    }
    if (e.kind != ast::ExprKind::Attribute) return std::nullopt;
    const auto& a = ast::as<ast::Attribute>(e);
    std::optional<std::string> base = dotted_name(*a.value);
    return base ? std::optional(*base + "." + a.attr) : std::nullopt;
  }

  // The attribute path of `self.a.b` or `getattr(self.a, "0")`.
  std::optional<std::string> self_path(const ast::Expr& e) {
    if (e.kind == ast::ExprKind::Attribute) {
      const auto& a = ast::as<ast::Attribute>(e);
      if (a.value->kind == ast::ExprKind::Name && ast::as<ast::Name>(*a.value).id == "self") return a.attr;
      std::optional<std::string> base = self_path(*a.value);
      return base ? std::optional(*base + "." + a.attr) : std::nullopt;
    }
    if (e.kind == ast::ExprKind::Call) {
      const auto& c = ast::as<ast::Call>(e);
      if (c.func->kind == ast::ExprKind::Name && ast::as<ast::Name>(*c.func).id == "getattr" && c.args.size() == 2 &&
          c.keywords.empty() && c.args[1]->kind == ast::ExprKind::Constant &&
          std::holds_alternative<std::string>(ast::as<ast::Constant>(*c.args[1]).value)) {
        std::optional<std::string> base = self_path(*c.args[0]);
        if (!base && c.args[0]->kind == ast::ExprKind::Name && ast::as<ast::Name>(*c.args[0]).id == "self")
          return std::get<std::string>(ast::as<ast::Constant>(*c.args[1]).value);
        return base ? std::optional(*base + "." + std::get<std::string>(ast::as<ast::Constant>(*c.args[1]).value))
                    : std::nullopt;
      }
    }
    return std::nullopt;
  }

  // An argument: node names, literals, containers, slices and dotted constants.
  Value value(const ast::Expr& e) {
    const int line = e.span.lineno;
    switch (e.kind) {
    case ast::ExprKind::Name: {
      const std::string& id = ast::as<ast::Name>(e).id;
      if (auto it = names_.find(id); it != names_.end()) return Value::borrow(it->second);
      if (id == "inf") return Value::floating(INFINITY);
      if (id == "nan") return Value::floating(NAN);
      if (id == "Ellipsis") return lang::ellipsis();
      fail(line, "unknown name '" + id + "'");
    }
    case ast::ExprKind::Constant: {
      const ast::ConstantValue& c = ast::as<ast::Constant>(e).value;
      if (std::holds_alternative<ast::NoneTag>(c)) return Value::none();
      if (const bool* b = std::get_if<bool>(&c)) return Value::boolean(*b);
      if (const int64_t* i = std::get_if<int64_t>(&c)) return Value::integer(*i);
      if (const auto* big = std::get_if<ast::BigIntLiteral>(&c)) return lang::int_from_digits(big->digits, big->base, false);
      if (const double* d = std::get_if<double>(&c)) return Value::floating(*d);
      if (const std::string* s = std::get_if<std::string>(&c)) return lang::str_value(*s);
      return lang::ellipsis();
    }
    case ast::ExprKind::UnaryOp: { // -1, -inf
      const auto& u = ast::as<ast::UnaryOp>(e);
      if (u.op != ast::UnaryOpKind::USub) fail(line, "an operator inside an argument");
      return lang::unary_op(lang::UnaryOp::Negative, value(*u.operand));
    }
    case ast::ExprKind::Tuple: return Value(lang::make_tuple(values(ast::as<ast::Tuple>(e).elts)));
    case ast::ExprKind::List: return Value(lang::make_list(values(ast::as<ast::List>(e).elts)));
    case ast::ExprKind::Dict: {
      const auto& d = ast::as<ast::Dict>(e);
      lang::Ref<lang::Dict> out = lang::make_dict();
      for (size_t i = 0; i < d.keys.size(); ++i) {
        if (!d.keys[i]) fail(line, "a ** entry in a dict");
        out->set(value(*d.keys[i]), value(*d.values[i]));
      }
      return Value(std::move(out));
    }
    case ast::ExprKind::Slice: {
      const auto& s = ast::as<ast::Slice>(e);
      auto part = [&](const ast::ExprPtr& p) { return p ? value(*p) : Value::none(); };
      return Value(lang::make<lang::Slice>(part(s.lower), part(s.upper), part(s.step)));
    }
    case ast::ExprKind::Call: { // slice(a, b, c) as the printer writes slices
      const auto& c = ast::as<ast::Call>(e);
      if (c.func->kind == ast::ExprKind::Name && ast::as<ast::Name>(*c.func).id == "slice" && c.args.size() == 3 &&
          c.keywords.empty())
        return Value(lang::make<lang::Slice>(value(*c.args[0]), value(*c.args[1]), value(*c.args[2])));
      fail(line, "a call inside an argument");
    }
    case ast::ExprKind::Attribute: {
      std::optional<std::string> dotted = dotted_name(e);
      if (!dotted) fail(line, "an attribute of a node inside an argument");
      return resolve_(*dotted);
    }
    default: fail(line, "an unsupported argument expression");
    }
  }

  std::vector<Value> values(const ast::ExprList& list) {
    std::vector<Value> out;
    for (const ast::ExprPtr& e : list) out.push_back(value(*e));
    return out;
  }

  const NameResolver& resolve_;
  std::vector<std::string> lines_;
  std::unique_ptr<Graph> graph_ = std::make_unique<Graph>();
  std::unordered_map<std::string, Node*> names_;
  Node* pending_inplace_ = nullptr; // an in-place call waiting for its name
  std::string pending_target_;
  std::optional<UserFrame> current_frame_;
};

} // namespace

std::unique_ptr<Graph> parse_graph(std::string_view text, const NameResolver& resolve) {
  ast::Module module;
  try {
    module = lang::parse_module(text, "<graph>");
  } catch (lang::SyntaxErrorInfo& e) {
    lang::raise_syntax_error(e);
  }
  return Reader(text, resolve).read(module);
}

} // namespace refc::graph
