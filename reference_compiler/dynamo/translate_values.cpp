// The symbolic interpreter's operations on trackers, shared by its opcodes:
// attributes, Python operators (recorded in the graph on tensors, folded on
// constants), subscripts, truthiness and iteration.
#include "reference_compiler/dynamo/instruction_translator.h"

#include "reference_compiler/dynamo/translator_support.h"

#include "reference_compiler/dynamo/eval_frame.h"
#include "reference_compiler/dynamo/trace_rules.h"
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/descriptor_objects.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/function_object.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/module_object.h"
#include "reference_compiler/lang/instance_object.h"
#include "reference_compiler/lang/import_system.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/range_object.h"
#include "reference_compiler/lang/traceback.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/logging/logs.h"
#include "reference_compiler/ops/grad_mode.h"
#include "reference_compiler/tensor/tensor_types.h"
#include "reference_compiler/torch/python_objects.h"

#include <algorithm>

namespace refc::dynamo {

using lang::Layout;
using lang::Value;
using Kind = Variable::Kind;
using translator::fold;
using translator::operator_function;
using translator::str_of;
using translator::type_of;

namespace {

const char* const kBinaryOperatorNames[] = {
    "add",  "and_",  "floordiv",  "lshift",  "matmul",  "mul",  "mod",  "or_",  "pow",  "rshift",  "sub",  "truediv",  "xor",
    "iadd", "iand",  "ifloordiv", "ilshift", "imatmul", "imul", "imod", "ior",  "ipow", "irshift", "isub", "itruediv", "ixor"};
const char* const kCompareOperatorNames[] = {"lt", "le", "eq", "ne", "gt", "ge"};

// operator.<name>(a, b) as a node of the graph.
VarPtr call_operator(OutputGraph& output, const std::string& name, const VarPtr& a, const VarPtr& b) {
  return output.call(graph::NodeOp::CallFunction, "operator." + name, operator_function(name), {a, b}, {});
}

} // namespace

// ---- attributes ---------------------------------------------------------------------------

namespace {

// How PyTorch names what an nn.Module attribute resolves to: its parameters,
// buffers and submodules live in dicts (L['self']._modules['fc1']._parameters['weight']).
SourcePtr attribute_source(const VarPtr& obj, const std::string& name) {
  if (is_nn_module_value(obj->value) && obj->value.as_obj()->type->layout == Layout::Instance) {
    lang::Dict* attrs = obj->value.as<lang::Instance>()->dict.get();
    if (attrs && attrs->get(lang::intern(name)).is_null()) {
      for (const char* store : {"_parameters", "_buffers", "_modules"}) {
        Value d = attrs->get(lang::intern(store));
        if (d.is_obj() && d.as_obj()->type->layout == Layout::Dict && !d.as<lang::Dict>()->get(lang::intern(name)).is_null())
          return Source::dict_item(Source::attr(obj->source, store), name);
      }
    }
  }
  return Source::attr(obj->source, name);
}

} // namespace

VarPtr InstructionTranslator::get_attr(const VarPtr& obj, const std::string& name) {
  switch (obj->kind) {
  case Kind::Tensor: {
    static const std::set<std::string> constant_attrs = {"shape", "dtype", "device", "ndim", "requires_grad",
                                                        "is_cuda", "layout", "is_leaf", "is_sparse"};
    if (name == "shape" && obj->example().impl()->is_symbolic()) return output_.shape_of(obj);
    if (constant_attrs.count(name)) {
      Value v = lang::getattr(obj->node->example_value, lang::intern(name));
      return output_.wrap_unsourced(v);
    }
    if (name == "grad") {
      // An input's .grad is another input (or None); a value the graph computes has none yet.
      if (!obj->source) return Variable::none();
      Value real;
      for (const GraphInput& in : output_.inputs())
        if (in.node == obj->node) real = in.value;
      if (real.is_null()) unsupported("Unsupported: Tensor.grad of an aliased input");
      return output_.wrap(lang::getattr(real, lang::intern("grad")), Source::attr(obj->source, "grad"));
    }
    if (name == "T" || name == "mT" || name == "H" || name == "mH" || name == "real" || name == "imag" ||
        name == "data")
      unsupported("Unsupported: Tensor." + name);
    return Variable::tensor_method(obj, name);
  }
  case Kind::List:
  case Kind::Tuple:
  case Kind::Dict:
  case Kind::GradMode: return Variable::tensor_method(obj, name);
  case Kind::NewObject: {
    for (size_t i = 0; i < obj->keys.size(); ++i)
      if (str_of(obj->keys[i]) == name) return obj->items[i];
    Value attr = obj->value.as<lang::TypeObject>()->lookup(lang::intern(name));
    if (attr.is_null()) unsupported("Unsupported: AttributeError: '" + obj->python_type_name() + "' object has no attribute '" + name + "'");
    if (attr.is_obj() && attr.as_obj()->type->layout == Layout::Function) return Variable::method(obj, attr);
    return output_.wrap_unsourced(attr);
  }
  case Kind::Constant: {
    Value v;
    try {
      v = lang::getattr(obj->value, lang::intern(name));
    } catch (const lang::PyError& e) {
      unsupported("Unsupported: " + lang::type_name(e.exc) + ": " + str_of(e.exc));
    }
    return output_.wrap_unsourced(v);
  }
  case Kind::Object: {
    // Attributes stored earlier in this trace.
    for (auto it = output_.side_effects().rbegin(); it != output_.side_effects().rend(); ++it)
      if (it->kind == SideEffect::Kind::StoreAttr && it->name == name && it->target->value.is_obj() &&
          it->target->value.as_obj() == obj->value.as_obj())
        return it->value;
    Value v;
    try {
      v = lang::getattr(obj->value, lang::intern(name));
    } catch (const lang::PyError& e) {
      unsupported("Unsupported: " + lang::type_name(e.exc) + ": " + str_of(e.exc));
    }
    // A method of a user class: bind it to the tracker of its receiver.
    if (v.is_obj() && v.as_obj()->type->layout == Layout::BoundMethod) {
      auto* m = v.as<lang::BoundMethod>();
      if (m->self.is_obj() && m->self.as_obj() == obj->value.as_obj() && m->func.is_obj() &&
          m->func.as_obj()->type->layout == Layout::Function)
        return Variable::method(obj, m->func);
      // A builtin method of the object (an OrderedDict's values): called on its tracker.
      if (m->self.is_obj() && m->self.as_obj() == obj->value.as_obj() && m->func.is_obj() &&
          m->func.as_obj()->type->layout == Layout::NativeFunction)
        return Variable::tensor_method(obj, name);
    }
    if (obj->value.is_obj() && obj->value.as_obj()->type->layout == Layout::Module) {
      // Module attributes: torch's are read unguarded and remember their
      // qualified name, which is how the graph calls them.
      const std::string module_name = obj->value.as<lang::Module>()->name;
      if (is_torch_module_name(module_name) || !obj->source) {
        VarPtr r = output_.wrap_unsourced(v);
        r->name = module_name + "." + name;
        return r;
      }
    }
    if (obj->source) return output_.wrap(v, attribute_source(obj, name));
    return output_.wrap_unsourced(v);
  }
  default: unsupported("Unsupported: attribute " + name + " of " + obj->repr());
  }
}

void InstructionTranslator::store_attr(const VarPtr& obj, const std::string& name, const VarPtr& value) {
  if (obj->is(Kind::NewObject)) {
    for (size_t i = 0; i < obj->keys.size(); ++i)
      if (str_of(obj->keys[i]) == name) {
        obj->items[i] = value;
        return;
      }
    obj->keys.push_back(Value(lang::make_str(name)));
    obj->items.push_back(value);
    return;
  }
  if (!obj->is(Kind::Object) || !obj->source || obj->value.as_obj()->type->layout != Layout::Instance)
    unsupported("Unsupported: STORE_ATTR " + name + " on " + obj->repr());
  output_.side_effects().push_back({SideEffect::Kind::StoreAttr, obj, name, value});
}

// ---- operators -----------------------------------------------------------------------------

VarPtr InstructionTranslator::binary_op(int op, const VarPtr& a, const VarPtr& b) {
  if (a->in_graph() || b->in_graph()) return call_operator(output_, kBinaryOperatorNames[op], a, b);
  if (a->is_python_constant() && b->is_python_constant())
    return fold([&] { return lang::binary_op(static_cast<lang::BinaryOp>(op), a->as_python_constant(), b->as_python_constant()); });
  const auto bop = static_cast<lang::BinaryOp>(op);
  const bool add = bop == lang::BinaryOp::Add || bop == lang::BinaryOp::InplaceAdd;
  if (add && (a->is(Kind::List) || a->is(Kind::Tuple)) && a->kind == b->kind) {
    std::vector<VarPtr> items = a->items;
    items.insert(items.end(), b->items.begin(), b->items.end());
    if (bop == lang::BinaryOp::InplaceAdd && a->is(Kind::List)) {
      a->items = items;
      output_.mark_mutated(a);
      return a;
    }
    return a->is(Kind::List) ? Variable::list(std::move(items)) : Variable::tuple(std::move(items));
  }
  if ((bop == lang::BinaryOp::Multiply) && (a->is(Kind::List) || a->is(Kind::Tuple)) && b->is_constant() &&
      b->value.is_int()) {
    std::vector<VarPtr> items;
    for (int64_t i = 0; i < b->value.as_int(); ++i) items.insert(items.end(), a->items.begin(), a->items.end());
    return a->is(Kind::List) ? Variable::list(std::move(items)) : Variable::tuple(std::move(items));
  }
  unsupported(std::string("Unsupported: builtin operator ") + lang::binary_op_symbol(bop) + " on " + a->repr() +
              " and " + b->repr());
}

namespace {

// The values a lazy computation holds (ConstantVariable.is_base_literal's).
bool is_primitive(const Value& v) {
  const lang::TypeObject* t = v.type();
  return v.is_none() || t == lang::types::int_ || t == lang::types::float_ || t == lang::types::bool_ ||
         t == lang::types::str;
}

} // namespace

VarPtr InstructionTranslator::lazy_binary_op(int op, const VarPtr& a, const VarPtr& b) {
  // A lazy input wrapped already is an ordinary value (2.14's realized LazyConstantVariable).
  auto lazy = [&](const VarPtr& v) {
    return v->is_lazy_constant() && !(v->is(Kind::Lazy) && output_.wrapped(*v->source));
  };
  auto operand = [&](const VarPtr& v) { return lazy(v) || (v->is_constant() && is_primitive(v->value)); };
  if (!(lazy(a) || lazy(b)) || !operand(a) || !operand(b)) return nullptr;
  Value result;
  try {
    result = lang::binary_op(static_cast<lang::BinaryOp>(op), a->value, b->value);
  } catch (const lang::PyError&) {
    return nullptr; // raised when traced for real
  }
  return is_primitive(result) ? Variable::lazy_computed(op, a, b, std::move(result)) : nullptr;
}

VarPtr InstructionTranslator::compare(int op, const VarPtr& a, const VarPtr& b) {
  if (a->in_graph() || b->in_graph()) return call_operator(output_, kCompareOperatorNames[op], a, b);
  if (a->is_python_constant() && b->is_python_constant())
    return fold([&] { return lang::compare(static_cast<lang::CompareOp>(op), a->as_python_constant(), b->as_python_constant()); });
  if (a->is(Kind::Object) && b->is(Kind::Object) && (op == 2 || op == 3)) {
    const bool same = a->value.as_obj() == b->value.as_obj();
    return Variable::constant(Value::boolean(op == 2 ? same : !same));
  }
  unsupported("Unsupported: comparison of " + a->repr() + " and " + b->repr());
}

VarPtr InstructionTranslator::subscript(const VarPtr& obj, const VarPtr& key) {
  if (obj->is(Kind::Tensor))
    return call_operator(output_, "getitem", obj, key);
  if (key->is(Kind::Slice)) {
    // Python sequences take plain ints: a symbolic bound is specialized.
    std::vector<Value> parts;
    for (const VarPtr& p : key->items)
      parts.push_back((p->is(Kind::SymNode) ? output_.specialize(p) : p)->as_python_constant());
    return subscript(obj, Variable::constant(Value(lang::make<lang::Slice>(parts[0], parts[1], parts[2]))));
  }
  if ((obj->is(Kind::List) || obj->is(Kind::Tuple)) && key->is_constant()) {
    const Value k = key->value;
    const int64_t n = static_cast<int64_t>(obj->items.size());
    if (k.is_intlike()) {
      int64_t i = k.as_int();
      if (i < 0) i += n;
      if (i < 0 || i >= n) unsupported("Unsupported: IndexError: " + obj->python_type_name() + " index out of range");
      return obj->items[static_cast<size_t>(i)];
    }
    // A slice: let Python pick the indices.
    std::vector<Value> indices;
    for (int64_t i = 0; i < n; ++i) indices.push_back(Value::integer(i));
    Value picked = lang::getitem(Value(lang::make_list(std::move(indices))), k);
    std::vector<VarPtr> items;
    for (const Value& i : picked.as<lang::List>()->items) items.push_back(obj->items[static_cast<size_t>(i.as_int())]);
    return obj->is(Kind::List) ? Variable::list(std::move(items)) : Variable::tuple(std::move(items));
  }
  if (obj->is(Kind::Dict) && key->is_python_constant()) {
    for (size_t i = 0; i < obj->keys.size(); ++i)
      if (lang::equals(obj->keys[i], key->as_python_constant())) return obj->items[i];
    unsupported("Unsupported: KeyError: " + std::string(lang::repr(key->as_python_constant())->view()));
  }
  if (obj->is_python_constant() && key->is_python_constant())
    return fold([&] { return lang::getitem(obj->as_python_constant(), key->as_python_constant()); });
  if (obj->is(Kind::Object) && key->is_constant() && key->value.is_int() && obj->source) {
    Value v = lang::getitem(obj->value, key->value);
    return output_.wrap(v, Source::item(obj->source, key->value.as_int()));
  }
  unsupported("Unsupported: subscript of " + obj->repr() + " with " + key->repr());
}

void InstructionTranslator::store_subscript(const VarPtr& obj, const VarPtr& key, const VarPtr& value) {
  if (obj->is(Kind::Tensor)) {
    output_.call(graph::NodeOp::CallFunction, "operator.setitem", operator_function("setitem"), {obj, key, value}, {});
    return;
  }
  if (obj->is(Kind::List) && key->is_constant() && key->value.is_int()) {
    int64_t i = key->value.as_int();
    if (i < 0) i += static_cast<int64_t>(obj->items.size());
    if (i < 0 || i >= static_cast<int64_t>(obj->items.size()))
      unsupported("Unsupported: IndexError: list assignment index out of range");
    obj->items[static_cast<size_t>(i)] = value;
    output_.mark_mutated(obj);
    return;
  }
  if (obj->is(Kind::Dict) && key->is_python_constant()) {
    call_method(obj, "__setitem__", {key, value}, {});
    return;
  }
  unsupported("Unsupported: STORE_SUBSCR on " + obj->repr());
}

bool InstructionTranslator::truth(const VarPtr& v) {
  switch (v->kind) {
  case Kind::Constant: return lang::truthy(v->value);
  case Kind::List:
  case Kind::Tuple:
  case Kind::Dict: return !v->items.empty();
  case Kind::NestedFunction:
  case Kind::Method: return true;
  case Kind::Object: {
    const lang::TypeObject* t = type_of(v->value);
    if (t->lookup(lang::intern("__bool__")).is_null() && t->lookup(lang::intern("__len__")).is_null()) return true;
    // A sized container read from a source (an OrderedDict of hooks): its length is guarded.
    const lang::Layout layout = t->layout;
    if (v->source && (layout == Layout::Dict || layout == Layout::List || layout == Layout::Tuple)) {
      const int64_t n = lang::length(v->value);
      output_.add_guard(v->source, length_check(*v->source, n));
      return n > 0;
    }
    unsupported("Unsupported: truthiness of " + v->repr());
  }
  case Kind::Tensor: graph_break(GraphBreak::DataDependentJump);
  case Kind::SymNode: return output_.guard_bool(v);
  default: unsupported("Unsupported: truthiness of " + v->repr());
  }
}

VarPtr InstructionTranslator::get_iter(const VarPtr& v) {
  if (v->is(Kind::Iterator)) return v;
  if (v->is(Kind::Object) || v->is(Kind::NewObject)) {
    // A user-defined __iter__ (nn.Sequential's) is inlined.
    const lang::TypeObject* t = v->is(Kind::Object) ? type_of(v->value) : v->value.as<lang::TypeObject>();
    Value iter_fn = t->lookup(lang::intern("__iter__"));
    if (iter_fn.is_obj() && iter_fn.as_obj()->type->layout == Layout::Function)
      return get_iter(call(Variable::method(v, iter_fn), {}, {}));
  }
  return Variable::iterator(unpack(v));
}

std::vector<VarPtr> InstructionTranslator::unpack(const VarPtr& v) {
  switch (v->kind) {
  case Kind::List:
  case Kind::Tuple: return v->items;
  case Kind::Iterator: {
    std::vector<VarPtr> rest(v->items.begin() + v->index, v->items.end());
    v->index = static_cast<int64_t>(v->items.size());
    return rest;
  }
  case Kind::Dict: {
    std::vector<VarPtr> keys;
    for (const Value& k : v->keys) keys.push_back(output_.wrap_unsourced(k));
    return keys;
  }
  case Kind::Tensor: {
    const tensor::Tensor t = v->example();
    if (t.dim() == 0) unsupported("Unsupported: TypeError: iteration over a 0-d tensor");
    std::vector<VarPtr> items;
    const int64_t n = t.sym_sizes()[0].expect_int(); // iterating specializes the length
    for (int64_t i = 0; i < n; ++i) items.push_back(subscript(v, Variable::constant(Value::integer(i))));
    return items;
  }
  case Kind::Constant: {
    std::vector<VarPtr> items;
    try {
      Value it = lang::get_iter(v->value);
      for (Value x = lang::iter_next(it); !x.is_null(); x = lang::iter_next(it)) items.push_back(output_.wrap_unsourced(x));
    } catch (const lang::PyError& e) {
      unsupported("Unsupported: " + lang::type_name(e.exc) + ": " + str_of(e.exc));
    }
    return items;
  }
  default: unsupported("Unsupported: iterating over " + v->repr());
  }
}

} // namespace refc::dynamo
