// The leaf guard kinds.
#include "reference_compiler/dynamo/guards/leaf_guards.h"

#include "reference_compiler/dynamo/planted_bugs.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/ops/grad_mode.h"
#include "reference_compiler/tensor/autograd_meta.h"
#include "reference_compiler/tensor/dtype.h"
#include "reference_compiler/tensor/tensor_types.h"

#include <cmath>
#include <filesystem>
#include <set>
#include <sstream>

namespace refc::dynamo {

using lang::Value;
using tensor::Tensor;

namespace {

std::string repr_of(const Value& v) { return std::string(lang::repr(v)->view()); }
std::string id_of(const void* p) { return std::to_string(reinterpret_cast<uintptr_t>(p)); }

// A size or stride the cache entry accepts any value of (a symbolic one: the
// shape guards check it).
constexpr int64_t kAnyValue = INT64_MIN;

// Sizes or strides as TENSOR_MATCH holds them: symbolic ones become kAnyValue.
tensor::IntVector static_or_any(tensor::SymIntArrayRef v) {
  tensor::IntVector out;
  for (const tensor::SymInt& s : v) out.push_back(s.maybe_int().value_or(kAnyValue));
  return out;
}

std::string int_list(const tensor::IntVector& v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + (v[i] == kAnyValue ? "None" : std::to_string(v[i]));
  return s + "]";
}

// The dispatch keys PyTorch derives from a tensor's device.
std::string dispatch_key_set(tensor::Device d) {
  const std::string backend = d.type == tensor::DeviceType::CUDA   ? "CUDA"
                              : d.type == tensor::DeviceType::Meta ? "Meta"
                                                                   : "CPU";
  return "DispatchKeySet(" + backend + ", BackendSelect, ADInplaceOrView, Autograd" + backend + ")";
}

class TypeMatch final : public LeafGuard {
public:
  TypeMatch(const Source& s, lang::TypeObject* type)
      : LeafGuard("TYPE_MATCH", "___check_type_id(" + s.str() + ", " + id_of(type) + "), type=" +
                                    repr_of(Value::borrow(type))),
        type_(type) {
    hint = "type " + type->name;
  }
  bool check(const Value& v) const override { return v.type() == type_; }

private:
  lang::TypeObject* type_;
};

class IdMatch final : public LeafGuard {
public:
  IdMatch(const Source& s, const Value& object)
      : LeafGuard("ID_MATCH", "___check_obj_id(" + s.str() + ", " + id_of(object.is_obj() ? object.as_obj() : nullptr) +
                                  ")"),
        object_(object) {}
  bool check(const Value& v) const override { return v.is(object_); }

private:
  Value object_;
};

class EqualsMatch final : public LeafGuard {
public:
  EqualsMatch(const Source& s, const Value& value) : LeafGuard("EQUALS_MATCH", code(s, value)), value_(value) {}
  bool check(const Value& v) const override {
    if (v.type() != value_.type()) return false;
    // An int immediate never equals a big int (those lie outside int64).
    if (value_.is_int() || value_.is_bool()) return v.tag() == value_.tag() && v.as_int() == value_.as_int();
    if (value_.is_float()) return v.as_float() == value_.as_float() || (std::isnan(v.as_float()) && std::isnan(value_.as_float()));
    if (value_.is_none()) return true;
    try {
      return lang::equals(v, value_);
    } catch (const lang::PyError&) {
      return false;
    }
  }

private:
  static std::string code(const Source& s, const Value& value) {
    if (value.is_none()) return s.str() + " is None";
    if (value.is_float() && std::isnan(value.as_float()))
      return "(type(" + s.str() + ") is float and __math_isnan(" + s.str() + "))";
    return s.str() + " == " + repr_of(value);
  }
  Value value_;
};

int64_t length_of(const Value& v) {
  if (!v.is_obj()) return -1;
  switch (v.as_obj()->type->layout) {
  case lang::Layout::List: return v.as<lang::List>()->size();
  case lang::Layout::Tuple: return v.as<lang::Tuple>()->size();
  case lang::Layout::Dict: return v.as<lang::Dict>()->size();
  default: return -1;
  }
}

class LengthCheck final : public LeafGuard {
public:
  LengthCheck(const Source& s, int64_t n)
      : LeafGuard("LENGTH_CHECK", n == 0 ? "not " + s.str() : "len(" + s.str() + ") == " + std::to_string(n)), n_(n) {}
  bool check(const Value& v) const override { return length_of(v) == n_; }

private:
  int64_t n_;
};

class NoHasattr final : public LeafGuard {
public:
  NoHasattr(const std::string& attr, std::string code_part)
      : LeafGuard("NO_HASATTR", std::move(code_part)), attr_(lang::intern(attr)) {}
  bool check(const Value& v) const override {
    // A tensor whose class has no such attribute and no __getattr__ (checked
    // through the class's lookup cache) has it only if it was set on it.
    if (tensor::is_tensor(v)) {
      const lang::TypeObject* t = v.as_obj()->type;
      if (t->lookup(attr_).is_null() && t->lookup(lang::names::__getattr__).is_null()) {
        const lang::Dict* d = v.as_obj()->attribute_dict(false);
        return !d || d->get(attr_).is_null();
      }
    }
    try {
      return lang::getattr_or_null(v, attr_).is_null();
    } catch (const lang::PyError&) {
      return false;
    }
  }

private:
  lang::Str* attr_;
};

class DynamicIndicesSubset final : public LeafGuard {
public:
  DynamicIndicesSubset(const Source& s, std::set<int64_t> dims)
      : LeafGuard("DYNAMIC_INDICES", "((" + s.str() + "._dynamo_dynamic_indices.issubset(" + set_repr(dims) +
                                         ")) if hasattr(" + s.str() + ", '_dynamo_dynamic_indices') else True)"),
        dims_(std::move(dims)) {}
  bool check(const Value& v) const override {
    try {
      const Value marks = lang::getattr_or_null(v, attr_);
      if (marks.is_null()) return true;
      Value it = lang::get_iter(marks);
      for (Value d = lang::iter_next(it); !d.is_null(); d = lang::iter_next(it))
        if (!d.is_int() || !dims_.count(d.as_int())) return false;
      return true;
    } catch (const lang::PyError&) {
      return false;
    }
  }

private:
  // A set of small ints prints in ascending order, as Python's does.
  static std::string set_repr(const std::set<int64_t>& dims) {
    std::string s = "{";
    for (int64_t d : dims) s += (s.size() > 1 ? ", " : "") + std::to_string(d);
    return s + "}";
  }
  std::set<int64_t> dims_;
  lang::Str* attr_ = lang::intern("_dynamo_dynamic_indices");
};

class TensorMatch final : public LeafGuard {
public:
  TensorMatch(const Source& s, const Tensor& t, const Tensor& geometry)
      : LeafGuard("TENSOR_MATCH", ""), name_(s.str()), type_(t.impl()->type), dtype_(t.dtype()), device_(t.device()),
        requires_grad_(t.requires_grad()), geometry_(geometry) {
    finalize();
  }

  // Sizes and strides are read from the trace's fake tensor when the tree is
  // finished: a symbol the trace specialized is a constant by then.
  void finalize() override {
    sizes_ = static_or_any(geometry_.sym_sizes());
    strides_ = static_or_any(geometry_.sym_strides());
    if (planted(PlantedBug::tensor_match_ignores_strides)) std::fill(strides_.begin(), strides_.end(), kAnyValue);
    check_dtype_ = !planted(PlantedBug::tensor_match_ignores_dtype);
    check_requires_grad_ = !planted(PlantedBug::tensor_match_ignores_requires_grad);
    set_code_part("check_tensor(" + name_ + ", " + type_->name + ", " + dispatch_key_set(device_) + ", torch." +
                  std::string(tensor::dtype_name(dtype_)) + ", device=" +
                  (device_.index < 0 ? "None" : std::to_string(device_.index)) +
                  ", requires_grad=" + (requires_grad_ ? "True" : "False") + ", size=" + int_list(sizes_) +
                  ", stride=" + int_list(strides_) + ")");
  }

  // The hot path: compares, builds no text.
  bool check(const Value& v) const override {
    if (v.type() != type_) return false;
    const tensor::TensorImpl* t = v.as<tensor::TensorImpl>();
    const tensor::Device d = t->device();
    if (d.type != device_.type || d.index != device_.index || (t->dtype != dtype_ && check_dtype_)) return false;
    if (static_cast<size_t>(t->dim()) != sizes_.size()) return false;
    const tensor::IntArrayRef sizes = t->sizes(), strides = t->strides();
    for (size_t i = 0; i < sizes_.size(); ++i)
      if ((sizes[i] != sizes_[i] && sizes_[i] != kAnyValue) || (strides[i] != strides_[i] && strides_[i] != kAnyValue))
        return false;
    return Tensor::from_value(v).requires_grad() == requires_grad_ || !check_requires_grad_;
  }
  std::string failure_reason(const Value& v) const override { return mismatch(v); }

private:
  // TensorCheck::check_verbose: the first property that differs, in its order.
  std::string mismatch(const Value& v) const {
    const std::string prefix = "tensor '" + name_ + "' ";
    if (v.type() != type_)
      return "expected type of '" + name_ + "' to be " + repr_of(Value::borrow(type_)) + ", but found " +
             repr_of(Value::borrow(v.type()));
    const Tensor t = Tensor::from_value(v);
    if (t.device().type != device_.type)
      return prefix + "dispatch key set mismatch. expected " + dispatch_key_set(device_) + ", actual " +
             dispatch_key_set(t.device());
    if (t.dtype() != dtype_)
      return prefix + "dtype mismatch. expected " + std::string(tensor::scalar_type_name(dtype_)) + ", actual " +
             std::string(tensor::scalar_type_name(t.dtype()));
    if (t.device().index != device_.index)
      return prefix + "Tensor device index mismatch. Expected device index to be " + std::to_string(device_.index) +
             ", actual " + std::to_string(t.device().index);
    if (t.requires_grad() != requires_grad_)
      return prefix + "requires_grad mismatch. expected requires_grad=" + (requires_grad_ ? "1" : "0");
    if (static_cast<size_t>(t.dim()) != sizes_.size())
      return prefix + "rank mismatch. expected " + std::to_string(sizes_.size()) + ", actual " + std::to_string(t.dim());
    // A parameter's shape is static by config: PyTorch says how to change that.
    const std::string parameter_hint =
        type_ != tensor::tensor_type() && type_->name == "Parameter"
            ? ". Guard failed on a parameter, consider using torch._dynamo.config.force_parameter_static_shapes = "
              "False to allow dynamism on parameters."
            : "";
    for (size_t i = 0; i < sizes_.size(); ++i)
      if (t.size(static_cast<int64_t>(i)) != sizes_[i] && sizes_[i] != kAnyValue)
        return prefix + "size mismatch at index " + std::to_string(i) + ". expected " + std::to_string(sizes_[i]) +
               ", actual " + std::to_string(t.size(static_cast<int64_t>(i))) + parameter_hint;
    for (size_t i = 0; i < strides_.size(); ++i)
      if (t.stride(static_cast<int64_t>(i)) != strides_[i] && strides_[i] != kAnyValue)
        return prefix + "stride mismatch at index " + std::to_string(i) + ". expected " + std::to_string(strides_[i]) +
               ", actual " + std::to_string(t.stride(static_cast<int64_t>(i)));
    return {};
  }

  std::string name_;
  lang::TypeObject* type_;
  tensor::DType dtype_;
  tensor::Device device_;
  bool requires_grad_;
  Tensor geometry_;
  tensor::IntVector sizes_, strides_;
  bool check_dtype_ = true, check_requires_grad_ = true; // false only under a planted bug
};

class GlobalState final : public LeafGuard {
public:
  GlobalState()
      : LeafGuard("GLOBAL_STATE", "___check_global_state()"), default_dtype_(tensor::default_float_dtype()),
        grad_mode_(ops::grad_enabled()) {}
  bool check(const Value&) const override {
    return tensor::default_float_dtype() == default_dtype_ && ops::grad_enabled() == grad_mode_;
  }
  // "GLOBAL_STATE changed: grad_mode " (each changed field and a space, in
  // the order PyTorch lists them).
  std::string failure_reason(const Value&) const override {
    std::string out = "GLOBAL_STATE changed: ";
    if (tensor::default_float_dtype() != default_dtype_) out += "default_dtype ";
    if (ops::grad_enabled() != grad_mode_) out += "grad_mode ";
    return out;
  }
  std::string captured_state() const override {
    return "default_dtype=" + std::string(tensor::dtype_name(default_dtype_)) + " grad_mode=" + (grad_mode_ ? "1" : "0");
  }

private:
  tensor::DType default_dtype_;
  bool grad_mode_;
};

std::string quoted_sources(const std::vector<SourcePtr>& sources) {
  std::string out = "[";
  for (size_t i = 0; i < sources.size(); ++i) out += (i ? ", \"" : "\"") + sources[i]->str() + "\"";
  return out + "]";
}

const lang::Object* object_of(const Value& v) { return v.is_obj() ? v.as_obj() : nullptr; }

class NoTensorAliasing final : public LeafGuard {
public:
  explicit NoTensorAliasing(std::vector<SourcePtr> sources)
      : LeafGuard("NO_TENSOR_ALIASING", "___check_no_aliasing(" + [&] {
          std::string names;
          for (size_t i = 0; i < sources.size(); ++i) names += (i ? ", " : "") + sources[i]->str();
          return names;
        }() + ")"),
        sources_(std::move(sources)) {
    for (const SourcePtr& s : sources_)
      if (s->kind == Source::Kind::FrameLocal) locals_.push_back(static_cast<size_t>(s->index));
    if (locals_.size() != sources_.size()) locals_.clear();
  }
  bool check(const Value&) const override { return true; }
  Relation relation() const override { return Relation::NoAliasing; }
  // Runs on every call: pairwise over the (few) tensor inputs, allocating
  // nothing; inputs that are all frame locals are compared in place.
  bool check_root(const GuardInput& in) const override {
    if (!locals_.empty()) {
      for (size_t i = 0; i < locals_.size(); ++i) {
        if (locals_[i] >= in.locals.size() || !in.locals[locals_[i]].is_obj()) continue;
        const lang::Object* a = in.locals[locals_[i]].as_obj();
        for (size_t j = i + 1; j < locals_.size(); ++j)
          if (locals_[j] < in.locals.size() && in.locals[locals_[j]].is_obj() && in.locals[locals_[j]].as_obj() == a)
            return false;
      }
      return true;
    }
    for (size_t i = 0; i < sources_.size(); ++i) {
      const Value a = sources_[i]->read(in);
      if (!a.is_obj()) continue;
      for (size_t j = i + 1; j < sources_.size(); ++j)
        if (sources_[j]->read(in).is(a)) return false;
    }
    return true;
  }
  std::string root_failure_reason(const GuardInput& in) const override {
    return "Duplicate tensors found: " + quoted_sources(duplicates(in));
  }

private:
  // The sources sharing a tensor with another one, in order.
  std::vector<SourcePtr> duplicates(const GuardInput& in) const {
    std::vector<const lang::Object*> seen;
    for (const SourcePtr& s : sources_) seen.push_back(object_of(s->read(in)));
    std::vector<SourcePtr> out;
    for (size_t i = 0; i < seen.size(); ++i)
      for (size_t j = 0; j < seen.size(); ++j)
        if (i != j && seen[i] && seen[i] == seen[j]) {
          out.push_back(sources_[i]);
          break;
        }
    return out;
  }
  std::vector<SourcePtr> sources_;
  std::vector<size_t> locals_; // the frame-local index of each source, when all are locals
};

class TensorAliasing final : public LeafGuard {
public:
  TensorAliasing(SourcePtr a, SourcePtr b)
      : LeafGuard("TENSOR_ALIASING", a->str() + " is " + b->str()), a_(std::move(a)), b_(std::move(b)) {}
  bool check(const Value&) const override { return true; }
  Relation relation() const override { return Relation::Aliasing; }
  bool check_root(const GuardInput& in) const override {
    const lang::Object* a = object_of(a_->read(in));
    return a && a == object_of(b_->read(in));
  }

private:
  SourcePtr a_, b_;
};

class DictKeyMatch final : public LeafGuard {
public:
  DictKeyMatch(const Source& s, int64_t index, Value key)
      : LeafGuard("DICT_KEY_MATCH", "list(dict.keys(" + s.str() + "))[" + std::to_string(index) + "] == " + repr_of(key)),
        index_(index), key_(std::move(key)) {}
  bool check(const Value& v) const override {
    if (!v.is_obj() || v.as_obj()->type->layout != lang::Layout::Dict) return false;
    int64_t i = 0;
    for (const lang::Dict::Entry& e : v.as<lang::Dict>()->entries()) {
      if (e.key.is_null()) continue;
      if (i++ == index_) return lang::equals(e.key, key_);
    }
    return false;
  }

private:
  int64_t index_;
  Value key_;
};

class AlwaysTrue final : public LeafGuard {
public:
  using LeafGuard::LeafGuard;
  bool check(const Value&) const override { return true; }
};

} // namespace

std::string LeafGuard::failure_reason(const Value&) const { return code_part_; }

std::string LeafGuard::verbose_code_part() const {
  if (!origin.empty()) {
    std::string out = code_part_;
    if (out.size() < 60) out.resize(60, ' ');
    return out + "  # " + origin;
  }
  if (!user_frame) return code_part_;
  std::string out = code_part_;
  if (out.size() < 60) out.resize(60, ' ');
  return out + "  # " + user_frame->code + "  # " + short_filename(user_frame->file) + ":" +
         std::to_string(user_frame->line) + " in " + user_frame->function + (hint.empty() ? "" : " (HINT: " + hint + ")");
}

std::string LeafGuard::failure_reason_with_origin(const Value& v) const {
  std::string reason = failure_reason(v);
  if (reason != code_part_ || user_stack.empty()) return reason;
  reason = verbose_code_part() + "\nUser stack trace:";
  for (const graph::UserFrame& f : user_stack) {
    reason += "\n  File \"" + f.file + "\", line " + std::to_string(f.line) + ", in " + f.function;
    if (!f.code.empty()) reason += "\n    " + f.code;
  }
  return reason;
}

std::string short_filename(const std::string& path) {
  std::error_code ec;
  const std::filesystem::path cwd = std::filesystem::current_path(ec);
  if (ec) return path;
  const std::filesystem::path rel = std::filesystem::path(path).lexically_relative(cwd);
  const std::string r = rel.string();
  return rel.empty() || r.starts_with("..") || std::filesystem::path(path).is_relative() ? path : r;
}

std::unique_ptr<LeafGuard> type_match(const Source& s, lang::TypeObject* type) { return std::make_unique<TypeMatch>(s, type); }
std::unique_ptr<LeafGuard> id_match(const Source& s, const Value& object) { return std::make_unique<IdMatch>(s, object); }
std::unique_ptr<LeafGuard> equals_match(const Source& s, const Value& value) {
  return std::make_unique<EqualsMatch>(s, value);
}
std::unique_ptr<LeafGuard> dict_key_match(const Source& s, int64_t index, const Value& key) {
  return std::make_unique<DictKeyMatch>(s, index, key);
}
std::unique_ptr<LeafGuard> length_check(const Source& s, int64_t n) { return std::make_unique<LengthCheck>(s, n); }
std::unique_ptr<LeafGuard> no_hasattr(const Source& s, const std::string& attr) {
  return std::make_unique<NoHasattr>(attr, "hasattr(" + s.str() + ", '" + attr + "') == False");
}
std::unique_ptr<LeafGuard> hasattr_false(const Source& s, const std::string& attr) {
  return std::make_unique<NoHasattr>(attr, "not hasattr(" + s.str() + ", '" + attr + "')");
}
std::unique_ptr<LeafGuard> dynamic_indices_subset(const Source& s, std::set<int64_t> dims) {
  return std::make_unique<DynamicIndicesSubset>(s, std::move(dims));
}
std::unique_ptr<LeafGuard> tensor_match(const Source& s, const Tensor& example, const Tensor& geometry) {
  return std::make_unique<TensorMatch>(s, example, geometry);
}
std::unique_ptr<LeafGuard> global_state() { return std::make_unique<GlobalState>(); }
std::unique_ptr<LeafGuard> no_tensor_aliasing(std::vector<SourcePtr> sources) {
  return std::make_unique<NoTensorAliasing>(std::move(sources));
}
std::unique_ptr<LeafGuard> tensor_aliasing(SourcePtr a, SourcePtr b) {
  return std::make_unique<TensorAliasing>(std::move(a), std::move(b));
}
std::unique_ptr<LeafGuard> default_device() {
  auto g = std::make_unique<AlwaysTrue>("DEFAULT_DEVICE", "utils_device.CURRENT_DEVICE == None");
  g->origin = "_dynamo/output_graph.py:471 in init_ambient_guards";
  return g;
}
std::unique_ptr<LeafGuard> torch_function_mode_stack() {
  return std::make_unique<AlwaysTrue>("TORCH_FUNCTION_MODE_STACK", "___check_torch_function_mode_stack()");
}

} // namespace refc::dynamo
