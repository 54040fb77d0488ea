// ObjectUnpickler (see object_unpickler.h).
#include "reference_compiler/torch/serialization/object_unpickler.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/instance_object.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/tensor/storage.h"
#include "reference_compiler/tensor/tensor_types.h"
#include "reference_compiler/torch/serialization/storage_types.h"

#include <cstring>
#include <set>

namespace refc::torch::serialization {

using lang::Value;

namespace {

// The globals 2.14's weights-only unpickler allows by default
// (torch/_weights_only_unpickler.py _get_allowed_globals) that refc has;
// dtypes and storage classes are recognized by name.
const std::set<std::string>& allowed_globals() {
  static const std::set<std::string> names = {
      "collections.OrderedDict", "collections.Counter", "torch.nn.parameter.Parameter", "torch.Size",
      "torch.Tensor", "torch.device", "builtins.set",
      "torch._utils._rebuild_tensor", "torch._utils._rebuild_tensor_v2", "torch._utils._rebuild_parameter",
      "torch._utils._rebuild_parameter_with_state", "torch._tensor._rebuild_from_type_v2"};
  return names;
}

bool is_allowed(const std::string& module, const std::string& name) {
  if (allowed_globals().count(module + "." + name)) return true;
  return module == "torch" && (tensor::dtype_from_name(name) || storage_type_dtype(name));
}

// The path the weights-only unpickler shows for a global: builtins' without "builtins.".
std::string shown_path(const std::string& module, const std::string& name) {
  return module == "builtins" ? name : module + "." + name;
}

const std::string& str_of(const Value& v) {
  static const std::string empty;
  return lang::isinstance(v, lang::types::str) ? v.as<lang::Str>()->data : empty;
}

} // namespace

Value ObjectUnpickler::load() {
  const std::string data = archive_.get_record("data.pkl");
  PickleReader reader(data, *this, weights_only_);
  return reader.load();
}

Value ObjectUnpickler::find_class(const std::string& raw_module, const std::string& name) {
  // Protocol 2 names Python 3's modules by their Python 2 names.
  const std::string module = raw_module == "__builtin__" ? "builtins" : raw_module == "copy_reg" ? "copyreg" : raw_module;
  if (weights_only_ && !is_allowed(module, name)) {
    if (lang::isinstance(safe_globals_, lang::types::dict))
      if (Value allowed = safe_globals_.as<lang::Dict>()->get(lang::str_value(module + "." + name)); !allowed.is_null())
        return allowed;
    const std::string path = shown_path(module, name);
    raise_unpickling_error("Unsupported global: GLOBAL " + path +
                           " was not an allowed global by default. Please use `torch.serialization.add_safe_globals([" +
                           path + "])` or the `torch.serialization.safe_globals([" + path +
                           "])` context manager to allowlist this global if you trust this class/function.");
  }
  // A storage class stands for its dtype: a persistent id only needs that.
  if (module == "torch")
    if (auto dtype = storage_type_dtype(name)) return tensor::dtype_value(*dtype);
  Value mod(lang::import_module(module));
  Value found = mod;
  // A qualified name (Outer.Inner) walks attributes.
  size_t start = 0;
  for (;;) {
    const size_t dot = name.find('.', start);
    found = lang::getattr(found, lang::intern(name.substr(start, dot - start)));
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  return found;
}

Value ObjectUnpickler::persistent_load(const Value& pid) {
  if (!lang::isinstance(pid, lang::types::tuple))
    raise_unpickling_error("persistent_load id must be tuple or int, but got " + lang::type_name(pid));
  const auto& items = pid.as<lang::Tuple>()->items;
  if (items.size() != 5 || str_of(items[0]) != "storage")
    raise_unpickling_error("Only persistent_load of storage is allowed, but got " +
                           (items.empty() ? std::string("tuple") : lang::type_name(items[0])));
  const std::optional<tensor::DType> dtype = tensor::dtype_of_value(items[1]);
  if (!dtype) raise_unpickling_error("persistent_load: unknown storage type " + lang::type_name(items[1]));
  const std::string& key = str_of(items[2]);
  if (auto it = loaded_storages_.find(key); it != loaded_storages_.end()) return it->second;
  const int64_t numel = items[4].is_int() ? items[4].as_int() : 0;
  const std::string bytes = archive_.get_record("data/" + key);
  const size_t nbytes = static_cast<size_t>(numel) * tensor::itemsize(*dtype);
  if (bytes.size() < nbytes)
    lang::raise(lang::exc::RuntimeError, "PytorchStreamReader failed reading file data/" + key + ": file read failed");
  lang::Ref<tensor::Storage> storage = tensor::new_storage(nbytes, tensor::kCPU);
  if (nbytes) std::memcpy(storage->data, bytes.data(), nbytes);
  Value placed = lang::call(restore_location_, {Value(storage), items[3]});
  if (!placed.is_obj() || placed.as_obj()->type != tensor::storage_type())
    lang::raise(lang::exc::TypeError, "torch.load: map_location must give a torch.UntypedStorage, not " +
                                          lang::type_name(placed));
  Value typed(lang::make_tuple({placed, tensor::dtype_value(*dtype)}));
  loaded_storages_.emplace(key, typed);
  return typed;
}

Value ObjectUnpickler::reduce(const Value& func, const Value& args) {
  if (!lang::is_callable(func))
    raise_unpickling_error("Trying to call reduce for unrecognized function " +
                           std::string(lang::repr(func)->view()));
  if (!lang::isinstance(args, lang::types::tuple)) raise_unpickling_error("REDUCE arguments must be a tuple");
  const auto& items = args.as<lang::Tuple>()->items;
  return lang::call(func, lang::Args{items.data(), items.size(), nullptr});
}

Value ObjectUnpickler::new_object(const Value& cls, const Value& args) {
  if (!lang::isinstance(cls, lang::types::type) || !lang::isinstance(args, lang::types::tuple))
    raise_unpickling_error("NEWOBJ class argument isn't a type object");
  const auto& items = args.as<lang::Tuple>()->items;
  Value new_fn = lang::getattr(cls, lang::names::__new__);
  return lang::call_prepend(new_fn, cls, lang::Args{items.data(), items.size(), nullptr});
}

void ObjectUnpickler::build(const Value& inst, const Value& state) {
  if (Value setstate = lang::getattr_or_null(inst, lang::intern("__setstate__")); !setstate.is_null()) {
    lang::call(setstate, {state});
    return;
  }
  Value attrs = state;
  Value slots;
  if (lang::isinstance(state, lang::types::tuple) && state.as<lang::Tuple>()->items.size() == 2) {
    attrs = state.as<lang::Tuple>()->items[0];
    slots = state.as<lang::Tuple>()->items[1];
  }
  // refc's OrderedDict takes no attributes; the only state torch files give
  // one is a state_dict's _metadata, which refc's load_state_dict does not read.
  const lang::TypeObject* type = inst.type();
  if (type->module == "collections" && type->name == "OrderedDict") return;
  // As pickle's load_build: the state goes into the instance's __dict__
  // directly (no __setattr__ runs), slot state through setattr.
  for (const Value* part : {&attrs, &slots}) {
    if (part->is_null() || part->is_none()) continue;
    if (!lang::isinstance(*part, lang::types::dict)) raise_unpickling_error("state is not a dictionary");
    lang::Dict* dict = part == &attrs ? inst.as_obj()->attribute_dict(true) : nullptr;
    if (part == &attrs && inst.type()->layout == lang::Layout::Instance) dict = inst.as<lang::Instance>()->dict.get();
    for (const lang::Dict::Entry& e : part->as<lang::Dict>()->entries()) {
      if (e.key.is_null()) continue;
      if (dict) dict->set(lang::intern(str_of(e.key)), e.value);
      else lang::setattr(inst, lang::intern(str_of(e.key)), e.value);
    }
  }
}

} // namespace refc::torch::serialization
