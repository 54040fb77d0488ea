// SubgraphTracer: lifting free variables and their size symbols.
#include "reference_compiler/dynamo/subgraph_tracer.h"

#include "reference_compiler/dynamo/output_graph.h"
#include "reference_compiler/symbolic/expr_sym_node.h"
#include "reference_compiler/tensor/tensor_types.h"

namespace refc::dynamo {

namespace {

// The free symbols of a SymInt, by name.
void symbols_of(const tensor::SymInt& s, std::vector<std::string>& out) {
  if (!s.is_symbolic()) return;
  if (const symbolic::Expr* e = symbolic::expr_of(*s.node_ptr()))
    for (const symbolic::Expr& sym : e->free_symbols())
      out.emplace_back(sym.symbol_name());
}

} // namespace

SubgraphTracer::SubgraphTracer(OutputGraph& output)
    : output_(output), parent_(output.subtracer), graph_(std::make_shared<graph::Graph>()) {
  output_.subtracer = this;
}

SubgraphTracer::~SubgraphTracer() { output_.subtracer = parent_; }

graph::Node* SubgraphTracer::add_input(graph::Node* outer, const std::string& name) {
  graph::Node* ph = graph_->placeholder(name, name);
  ph->example_value = outer->example_value;
  lifted_.emplace_back(outer, ph);
  versions_.push_back(tensor::is_tensor(ph->example_value)
                          ? tensor::Tensor::from_value(ph->example_value).version()
                          : 0);
  return ph;
}

std::vector<graph::Node*> SubgraphTracer::mutated_inputs() const {
  std::vector<graph::Node*> out;
  for (size_t i = 0; i < lifted_.size(); ++i) {
    const lang::Value& v = lifted_[i].second->example_value;
    if (tensor::is_tensor(v) && tensor::Tensor::from_value(v).version() != versions_[i])
      out.push_back(lifted_[i].second);
  }
  return out;
}

void SubgraphTracer::bind_symbols(const lang::Value& example) {
  std::vector<std::string> symbols;
  if (tensor::is_tensor(example)) {
    const tensor::Tensor t = tensor::Tensor::from_value(example);
    for (const tensor::SymInt& s : t.sym_sizes())
      symbols_of(s, symbols);
    for (const tensor::SymInt& s : t.sym_strides())
      symbols_of(s, symbols);
    symbols_of(t->sym_storage_offset(), symbols);
  } else if (tensor::SymNodeImpl* n = tensor::as_sym_node(example)) {
    if (const symbolic::Expr* e = symbolic::expr_of(*n))
      for (const symbolic::Expr& sym : e->free_symbols())
        symbols.emplace_back(sym.symbol_name());
  }
  for (const std::string& symbol : symbols) {
    if (bound_symbols_.count(symbol)) continue;
    graph::Node* root = output_.symbol_input(symbol);
    if (!root) continue; // a symbol no input carries (unbacked): nothing to bind it to
    graph::Node* outer = parent_ ? parent_->lift(root) : root;
    bound_symbols_[symbol] = add_input(outer, symbol);
  }
}

graph::Node* SubgraphTracer::lift(graph::Node* node) {
  if (node->graph == graph_.get()) return node;
  graph::Node* outer = parent_ ? parent_->lift(node) : node;
  for (const auto& [from, ph] : lifted_)
    if (from == outer) return ph;
  bind_symbols(outer->example_value);
  // A size symbol is its bound placeholder.
  if (tensor::SymNodeImpl* n = tensor::as_sym_node(outer->example_value))
    if (const symbolic::Expr* e = symbolic::expr_of(*n); e && e->is_symbol())
      if (auto it = bound_symbols_.find(std::string(e->symbol_name())); it != bound_symbols_.end())
        return it->second;
  return add_input(outer, outer->name);
}

} // namespace refc::dynamo
