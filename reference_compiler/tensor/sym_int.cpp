// SymInt and SymBool: the symbolic slow paths (building nodes, guarding), and
// which Python type a symbolic node of each kind has.
#include "reference_compiler/tensor/sym_int.h"

#include <stdexcept>

namespace refc::tensor {

lang::TypeObject* sym_type(SymKind kind) {
  switch (kind) {
  case SymKind::Int: return sym_int_type();
  case SymKind::Float: return sym_float_type();
  case SymKind::Bool: return sym_bool_type();
  }
  return nullptr;
}

// ---- SymBool ------------------------------------------------------------------

SymBool::SymBool(SymNode node) {
  if (std::optional<bool> known = node->maybe_bool()) {
    v_ = *known;
  } else {
    node_ = std::move(node);
  }
}

std::optional<bool> SymBool::maybe_bool() const { return node_ ? node_->maybe_bool() : std::optional<bool>(v_); }
bool SymBool::guard() const { return node_->guard_bool(); }
bool SymBool::guard_size_oblivious() const { return node_ ? node_->guard_size_oblivious() : v_; }
bool SymBool::hint() const { return node_ ? node_->bool_hint() : v_; }

SymBool SymBool::operator!() const { return node_ ? SymBool(node_->unary(SymUnaryOp::Not)) : SymBool(!v_); }

SymBool SymBool::operator&&(const SymBool& o) const {
  if (!node_ && !o.node_) return v_ && o.v_;
  // A known false operand decides without building anything.
  if (!node_) return v_ ? o : SymBool(false);
  if (!o.node_) return o.v_ ? *this : SymBool(false);
  return SymBool(node_->binary(SymOp::And, *o.node_));
}

SymBool SymBool::operator||(const SymBool& o) const {
  if (!node_ && !o.node_) return v_ || o.v_;
  if (!node_) return v_ ? SymBool(true) : o;
  if (!o.node_) return o.v_ ? SymBool(true) : *this;
  return SymBool(node_->binary(SymOp::Or, *o.node_));
}

// ---- SymInt -------------------------------------------------------------------

SymInt::SymInt(SymNode node) {
  if (std::optional<int64_t> known = node->maybe_int()) {
    data_ = *known;
    return;
  }
  const auto bits = reinterpret_cast<uint64_t>(node.release());
  if (bits & kTagMask) throw std::logic_error("SymInt: node address does not fit the tagged representation");
  data_ = static_cast<int64_t>(bits | kTag);
}

SymNode SymInt::to_node(const SymNodeImpl& like) const {
  return is_symbolic() ? SymNode::borrow(node_ptr()) : like.constant_int(data_);
}

// Identities decided without building a node: tracing multiplies by 1 and
// compares a size with itself for every tensor it makes (numel, strides).
SymInt SymInt::sym(SymOp op, const SymInt& o) const {
  switch (op) {
  case SymOp::Mul:
    if (data_ == 1) return o;
    if (o.data_ == 1) return *this;
    break;
  case SymOp::Add:
    if (data_ == 0) return o;
    [[fallthrough]];
  case SymOp::Sub:
    if (o.data_ == 0) return *this;
    break;
  case SymOp::Max:
  case SymOp::Min:
    if (data_ == o.data_) return *this;
    break;
  default: break;
  }
  const SymNodeImpl& like = is_symbolic() ? *node_ptr() : *o.node_ptr();
  return SymInt(to_node(like)->binary(op, *o.to_node(like)));
}

SymBool SymInt::cmp(SymOp op, const SymInt& o) const {
  if (data_ == o.data_) return op == SymOp::Eq || op == SymOp::Le || op == SymOp::Ge; // the same node
  const SymNodeImpl& like = is_symbolic() ? *node_ptr() : *o.node_ptr();
  return SymBool(to_node(like)->binary(op, *o.to_node(like)));
}

SymInt SymInt::operator-() const { return is_symbolic() ? SymInt(node_ptr()->unary(SymUnaryOp::Neg)) : SymInt(-data_); }

std::string SymInt::str() const { return is_symbolic() ? node_ptr()->str() : std::to_string(data_); }

SymIntVector to_sym(IntArrayRef v) { return SymIntVector(v.begin(), v.end()); }

IntVector expect_ints(SymIntArrayRef v) {
  IntVector out;
  out.reserve(v.size());
  for (const SymInt& s : v) out.push_back(s.expect_int());
  return out;
}

bool any_symbolic(SymIntArrayRef v) {
  for (const SymInt& s : v)
    if (s.is_symbolic()) return true;
  return false;
}

std::string sym_list_str(SymIntArrayRef v) {
  std::string out = "[";
  for (size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + v[i].str();
  return out + "]";
}

} // namespace refc::tensor
