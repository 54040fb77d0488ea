// The op registry and OpBuilder: declaration, in-place variants, lookup.
#include "reference_compiler/ops/op_registry.h"

#include "reference_compiler/lang/errors.h"

#include <unordered_map>

namespace refc::ops {

#define REFC_OP_FAMILY(fn) void fn(OpRegistry& r);
#include "reference_compiler/ops/op_families.def"
#undef REFC_OP_FAMILY

namespace {

std::unordered_map<std::string, const OpDef*>& index() {
  static std::unordered_map<std::string, const OpDef*> map;
  return map;
}

// Gives `schema` the name and overload of `qualified_name` ("add_.Tensor").
void rename(FunctionSchema& schema, std::string_view qualified_name) {
  size_t dot = qualified_name.find('.');
  schema.name = std::string(qualified_name.substr(0, dot));
  schema.overload = dot == std::string_view::npos ? "" : std::string(qualified_name.substr(dot + 1));
}

} // namespace

OpDef& OpRegistry::add(FunctionSchema schema) {
  auto op = std::make_unique<OpDef>();
  op->qualified_name = schema.qualified_name();
  op->python_name = schema.name;
  op->schema = std::move(schema);
  op->variants = kFunction;
  auto [it, inserted] = index().emplace(op->qualified_name, op.get());
  REFC_CHECK(inserted, "op " + op->qualified_name + " declared twice");
  ops_.push_back(std::move(op));
  return *ops_.back();
}

OpBuilder OpRegistry::def(std::string_view schema) {
  FunctionSchema parsed;
  try {
    parsed = parse_schema(schema);
  } catch (const std::invalid_argument& e) {
    lang::internal_error(__FILE__, __LINE__, e.what());
  }
  return OpBuilder(*this, add(std::move(parsed)));
}

OpBuilder OpRegistry::alias(std::string_view qualified_name, const OpDef& target) {
  FunctionSchema schema = target.schema;
  rename(schema, qualified_name);
  OpDef& a = add(std::move(schema));
  a.kind = target.kind;
  a.variants = target.variants;
  a.inplace = target.inplace;
  a.numbers_as_tensors = target.numbers_as_tensors;
  a.meta = target.meta;
  a.kernel = target.kernel;
  a.run = target.run;
  a.decomposition = target.decomposition;
  if (target.derivative) a.derivative = std::make_unique<Derivative>(*target.derivative);
  a.functional = target.functional; // an in-place alias mutates like the target's op (gradcheck uses its samples)
  return OpBuilder(*this, a);
}

const OpDef* OpRegistry::find(std::string_view qualified_name) const {
  auto it = index().find(std::string(qualified_name));
  return it == index().end() ? nullptr : it->second;
}

std::vector<const OpDef*> OpRegistry::overloads(std::string_view name) const {
  std::vector<const OpDef*> out;
  for (const auto& op : ops_)
    if (op->schema.name == name) out.push_back(op.get());
  return out;
}

// ---- OpBuilder -------------------------------------------------------------------

OpBuilder& OpBuilder::structured(MetaFn meta, KernelFn kernel) {
  op_->kind = OpKind::Structured;
  op_->meta = meta;
  op_->kernel = kernel;
  return *this;
}

OpBuilder& OpBuilder::view(MetaFn meta) {
  op_->kind = OpKind::View;
  op_->meta = meta;
  return *this;
}

OpBuilder& OpBuilder::custom(RunFn run, MetaFn meta) {
  op_->kind = OpKind::Custom;
  op_->run = run;
  op_->meta = meta;
  return *this;
}

OpBuilder& OpBuilder::composite(RunFn decomposition) {
  op_->kind = OpKind::Composite;
  op_->decomposition = decomposition;
  return *this;
}

OpBuilder& OpBuilder::decomposition(RunFn decomposition) {
  op_->decomposition = decomposition;
  return *this;
}

OpBuilder& OpBuilder::inplace(std::string_view qualified_name, uint8_t variants) {
  REFC_CHECK(op_->kind == OpKind::Structured, "inplace() needs a structured op: " + op_->qualified_name);
  // Same arguments, self annotated as written, returning self.
  FunctionSchema schema = op_->schema;
  rename(schema, qualified_name);
  schema.arguments[0].alias_set = "a";
  schema.arguments[0].is_write = true;
  schema.returns = {schema.arguments[0]};
  schema.returns[0].name.clear();
  schema.returns[0].has_default = false;
  OpDef& v = registry_.add(std::move(schema));
  v.kind = OpKind::Structured;
  v.variants = variants;
  v.inplace = true;
  v.numbers_as_tensors = op_->numbers_as_tensors;
  v.meta = op_->meta;
  v.kernel = op_->kernel;
  v.functional = op_;
  inplace_ = &v;
  if (op_->derivative) v.derivative = std::make_unique<Derivative>(*op_->derivative);
  return *this;
}

OpBuilder& OpBuilder::derivative(std::string node_name, BackwardFn fn) {
  op_->derivative = std::make_unique<Derivative>();
  op_->derivative->node_name = std::move(node_name);
  op_->derivative->fn = fn;
  if (inplace_) inplace_->derivative = std::make_unique<Derivative>(*op_->derivative);
  return *this;
}

Derivative& OpBuilder::derivative_for(const char* call) {
  REFC_CHECK(op_->derivative, std::string(call) + " before derivative(): " + op_->qualified_name);
  return *op_->derivative;
}

OpBuilder& OpBuilder::sync_inplace() {
  if (inplace_) *inplace_->derivative = *op_->derivative;
  return *this;
}

namespace {

uint32_t output_mask(std::initializer_list<int> outputs) {
  uint32_t mask = 0;
  for (int k : outputs) mask |= 1u << k;
  return mask;
}

} // namespace

OpBuilder& OpBuilder::saves(std::initializer_list<std::string_view> arg_names) {
  for (std::string_view name : arg_names) saves_for(name, {});
  return *this;
}

OpBuilder& OpBuilder::saves_for(std::string_view arg, std::initializer_list<std::string_view> read_by) {
  Derivative& d = derivative_for("saves_for()");
  auto index = [&](std::string_view name) {
    int i = op_->schema.find_argument(name);
    REFC_CHECK(i >= 0 && i < 64, op_->qualified_name + " has no argument " + std::string(name));
    return i;
  };
  uint64_t mask = 0;
  for (std::string_view name : read_by) mask |= uint64_t{1} << index(name);
  d.saved_args.push_back(index(arg));
  d.saved_when.push_back(mask);
  return sync_inplace();
}

OpBuilder& OpBuilder::differentiable_outputs(std::initializer_list<int> outputs) {
  derivative_for("differentiable_outputs()").differentiable_outputs = output_mask(outputs);
  return sync_inplace();
}

OpBuilder& OpBuilder::saves_result() {
  derivative_for("saves_result()").saved_results = ~0u;
  return sync_inplace();
}

OpBuilder& OpBuilder::saves_results(std::initializer_list<int> outputs) {
  derivative_for("saves_results()").saved_results = output_mask(outputs);
  return sync_inplace();
}

// ---- the process-wide registry -----------------------------------------------------

const OpRegistry& registry() {
  static OpRegistry* r = [] {
    auto* reg = new OpRegistry;
#define REFC_OP_FAMILY(fn) fn(*reg);
#include "reference_compiler/ops/op_families.def"
#undef REFC_OP_FAMILY
    return reg;
  }();
  return *r;
}

const OpDef& op(std::string_view qualified_name) {
  const OpDef* d = registry().find(qualified_name);
  REFC_CHECK(d, "no op named " + std::string(qualified_name));
  return *d;
}

} // namespace refc::ops
