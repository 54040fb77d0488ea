// Variable trackers: what the symbolic interpreter holds on its stack and in
// its locals instead of real values. A tracker says what is known about a
// value while tracing — a constant, a tensor computed by a graph node, a
// container of other trackers, a real object the trace reads but does not
// compute (a module, a function, an nn.Module) — and, when the value came
// from the frame's inputs, its Source, so the generated code can reload it
// and the guards can check it on later calls.
#pragma once

#include "reference_compiler/dynamo/guards/source.h"
#include "reference_compiler/graph/node.h"
#include "reference_compiler/lang/code_object.h"
#include "reference_compiler/lang/value.h"
#include "reference_compiler/tensor/tensor.h"

#include <memory>
#include <string>
#include <vector>

namespace refc::dynamo {

struct Variable;
using VarPtr = std::shared_ptr<Variable>;

struct Variable {
  enum class Kind : uint8_t {
    Null,           // the NULL of PUSH_NULL / LOAD_GLOBAL
    Constant,       // an immutable Python value: None, numbers, str, range, slice, dtype, device
    Tensor,         // a tensor a graph node computes (or a graph input)
    List,           // a list of trackers (mutable)
    Tuple,          // a tuple of trackers
    Dict,           // a dict with constant keys (mutable)
    Object,         // a real object known at trace time: module, function, class, nn.Module, instance
    NestedFunction, // a function made by MAKE_FUNCTION while tracing
    Method,         // a bound method: `self` plus a function, or a Tensor method by name
    Iterator,       // an iterator over a known sequence of trackers
    Cell,           // a closure cell made while tracing (holds a tracker)
    GradMode,       // torch.no_grad() / enable_grad() / set_grad_enabled(b) / nullcontext()
    NewObject,      // an instance of a user class created while tracing (made for real after the graph)
    Lazy,           // an argument of the compiled frame not looked at yet: `value` read from `source`
    LazyComputed,   // an operation on lazy constants not looked at yet (`scale * 2` of a float input)
    SymNode,        // a symbolic int/float/bool (a size, a dynamic int) a graph node computes
    Slice,          // slice(start, stop, step) with a symbolic bound (constant slices are Constant)
  };

  explicit Variable(Kind k) : kind(k) {}
  Kind kind;
  SourcePtr source; // where the value can be read on a call; null when computed

  // Constant and Object: the value. NewObject: its class. Method: the function (Null for a Tensor
  // method). GradMode: what made it (torch.no_grad, ...). Cell: the real cell, if any.
  lang::Value value;
  // Tensor, SymNode: the node computing it (its example value is the fake
  // tensor, or the torch.SymInt / SymFloat / SymBool). Tuple of a symbolic
  // x.shape: the `x.size()` node standing for the whole.
  graph::Node* node = nullptr;
  // List, Tuple, Dict (values), Iterator (the sequence), NewObject (attribute values),
  // Slice (start, stop, step): the elements.
  std::vector<VarPtr> items;
  // Dict: the keys (constants), parallel to items. NewObject: its attribute names.
  std::vector<lang::Value> keys;
  // Method: the receiver. Cell: the contents (null when empty). LazyComputed:
  // what it became when realized (null until then).
  VarPtr self;
  // Method of a Tensor: its name. GradMode: "no_grad", "enable_grad", "nullcontext".
  std::string name;
  // Iterator: the next position. GradMode: the mode it sets (1/0; -1 none).
  // Cell: the compiled frame's deref slot it is, or -1. LazyComputed: the
  // BINARY_OP operator (its operands are `items`, its result `value`).
  int64_t index = 0;
  // NestedFunction: its code, defaults (a Tuple tracker or null), closure cells.
  lang::Ref<lang::CodeObject> code;
  VarPtr defaults;
  std::vector<VarPtr> closure;
  lang::Value globals; // NestedFunction: the globals dict it was made in
  // List / Dict from a source changed by the trace: its contents are
  // replayed on the real object after the graph runs. Cell: written.
  bool mutated = false;
  // Tensor: its node was named after the variable it was first stored to.
  bool named = false;
  // GradMode: the grad mode to restore on exit.
  bool restore_grad = true;

  bool is(Kind k) const { return kind == k; }
  bool is_constant() const { return kind == Kind::Constant; }
  // A constant, or a tuple/list of constants, as a Python value.
  bool is_python_constant() const;
  lang::Value as_python_constant() const;
  // The fake tensor a Tensor tracker stands for.
  tensor::Tensor example() const;
  // Tensor or SymNode: computed by a graph node.
  bool in_graph() const { return kind == Kind::Tensor || kind == Kind::SymNode; }

  // How TORCH_LOGS=trace_bytecode shows it: "TensorVariable()", "ConstantVariable(int: 1)".
  std::string repr() const;
  // Python's type name of the value this tracks ("Tensor", "list", "int").
  std::string python_type_name() const;
  // The class of the Dynamo tracker this one stands for, as Python prints it:
  // "<class 'torch._dynamo.variables.constant.ConstantVariable'>".
  std::string tracker_class() const;

  static VarPtr null();
  static VarPtr constant(lang::Value v, SourcePtr source = nullptr);
  static VarPtr none() { return constant(lang::Value::none()); }
  static VarPtr tensor(graph::Node* node, SourcePtr source = nullptr);
  static VarPtr sym(graph::Node* node, SourcePtr source = nullptr);
  static VarPtr list(std::vector<VarPtr> items, SourcePtr source = nullptr);
  static VarPtr tuple(std::vector<VarPtr> items, SourcePtr source = nullptr);
  static VarPtr slice(std::vector<VarPtr> parts);
  static VarPtr dict(std::vector<lang::Value> keys, std::vector<VarPtr> items, SourcePtr source = nullptr);
  static VarPtr object(lang::Value v, SourcePtr source = nullptr);
  static VarPtr method(VarPtr self, lang::Value function);
  static VarPtr tensor_method(VarPtr self, std::string name);
  static VarPtr iterator(std::vector<VarPtr> items);
  // `slot`: the deref slot of the compiled frame this cell is, or -1.
  static VarPtr cell(VarPtr contents, int slot);
  // `maker`: the class (or set_grad_enabled) that made it, to make it again.
  static VarPtr new_object(lang::Value cls);
  static VarPtr grad_mode(std::string name, int mode, lang::Value maker);
  // Dynamo's LazyVariableTracker: wrapped (and guarded) only when something
  // looks at it, not when it is loaded, stored or passed to an inlined call.
  static VarPtr lazy(lang::Value v, SourcePtr source);
  // PyTorch 2.14's ComputedLazyConstantVariable: binary operator `op` on
  // lazy constants (an int, float, bool or str input not looked at yet) and
  // constants, computed now from their values; its inputs are wrapped and
  // guarded, and the operation traced, only when something looks at the
  // result (so `x + scale * 2` reads x before scale, as 2.14 does).
  static VarPtr lazy_computed(int op, VarPtr a, VarPtr b, lang::Value result);
  // A Lazy int/float/bool/str, or a LazyComputed: what lazy_computed takes.
  bool is_lazy_constant() const;
};

// Whether v is a value the tracer treats as a constant (immutable, compared by value).
bool is_constant_value(const lang::Value& v);

} // namespace refc::dynamo
