// ObjectPickler (see object_pickler.h). Each save_* mirrors the Pickler.save_*
// method of CPython's Lib/pickle.py at protocol 2, or the __reduce_ex__
// PyTorch gives the type, so that the opcodes (and the memo) are those
// PyTorch writes for the same object.
#include "reference_compiler/torch/serialization/object_pickler.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/big_int.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/function_object.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/instance_object.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/recursion_guard.h"
#include "reference_compiler/lang/set_object.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/tensor/autograd_meta.h"
#include "reference_compiler/tensor/tensor.h"
#include "reference_compiler/tensor/tensor_types.h"
#include "reference_compiler/torch/python_objects.h"
#include "reference_compiler/torch/serialization/pickle_opcodes.h"
#include "reference_compiler/torch/serialization/storage_types.h"

namespace refc::torch::serialization {

using lang::Layout;
using lang::Value;

namespace {

bool is_class(const lang::TypeObject* t, std::string_view module, std::string_view name) {
  return t->module == module && t->name == name;
}

const void* address(const Value& v) { return v.as_obj(); }

} // namespace

const Value& ObjectPickler::keep(Value v) {
  kept_.push_back(std::move(v));
  return kept_.back();
}

void ObjectPickler::put_fresh() { writer_.put("fresh:" + std::to_string(fresh_++)); }

void ObjectPickler::dump(const Value& obj) { save(obj); }

void ObjectPickler::save(const Value& v) {
  switch (v.tag()) {
  case lang::Tag::None: return writer_.none();
  case lang::Tag::Bool: return writer_.boolean(v.as_bool());
  case lang::Tag::Int: return writer_.integer(v.as_int());
  case lang::Tag::Float: return writer_.floating(v.as_float());
  case lang::Tag::Null: lang::raise(lang::exc::SystemError, "torch.save: a null value");
  case lang::Tag::Obj: break;
  }
  if (writer_.get(address(v))) return;
  lang::TypeObject* type = v.type();
  if (lang::is_big_int(v)) {
    // Enough big-endian bytes for any sign; long_integer trims the redundant top bytes.
    std::string bytes = lang::int_value_to_bytes(v, lang::int_value_bit_length(v) / 8 + 1, true);
    return writer_.long_integer(std::string(bytes.rbegin(), bytes.rend()));
  }
  if (tensor::is_tensor(v)) return save_tensor(v);
  if (auto dtype = tensor::dtype_of_value(v); dtype && type == tensor::dtype_type()) {
    // torch.dtype's __reduce__ is its name: pickled as the global torch.<name>.
    return writer_.global("torch", tensor::dtype_name(*dtype));
  }
  if (type == tensor::device_type()) {
    writer_.global("torch", "device");
    writer_.string(v.as<tensor::DeviceObject>()->device.str());
    put_fresh();
    writer_.op(op::TUPLE1);
    put_fresh();
    writer_.op(op::REDUCE);
    writer_.put(address(v));
    return;
  }
  if (type == size_type()) {
    // torch.Size.__reduce__: (torch.Size, (tuple(self),)).
    writer_.global("torch", "Size");
    const Value& items = keep(Value(lang::make_tuple(v.as<lang::Tuple>()->items)));
    save_tuple(items);
    writer_.op(op::TUPLE1);
    put_fresh();
    writer_.op(op::REDUCE);
    writer_.put(address(v));
    return;
  }
  switch (type->layout) {
  case Layout::Str: return save_str(v);
  case Layout::Tuple:
    if (type == lang::types::tuple) return save_tuple(v);
    break;
  case Layout::List:
    if (type == lang::types::list) return save_list(v);
    break;
  case Layout::Dict:
    if (type == lang::types::dict) {
      writer_.op(op::EMPTY_DICT);
      writer_.put(address(v));
      return save_dict_items(v);
    }
    if (is_class(type, "collections", "OrderedDict")) {
      // OrderedDict.__reduce__: (OrderedDict, (), None, None, iter(items)).
      writer_.global("collections", "OrderedDict");
      writer_.op(op::EMPTY_TUPLE);
      writer_.op(op::REDUCE);
      writer_.put(address(v));
      return save_dict_items(v);
    }
    break;
  case Layout::Set:
  case Layout::FrozenSet: {
    // set.__reduce__: (set, (list(self),)); protocol 2 names builtins as __builtin__.
    writer_.global("__builtin__", type->layout == Layout::Set ? "set" : "frozenset");
    std::vector<Value> items;
    v.as<lang::SetObject>()->for_each([&](const Value& item) { items.push_back(item); });
    const Value& list = keep(Value(lang::make_list(std::move(items))));
    save_list(list);
    writer_.op(op::TUPLE1);
    put_fresh();
    writer_.op(op::REDUCE);
    writer_.put(address(v));
    return;
  }
  case Layout::Instance: return save_instance(v);
  case Layout::Function: {
    auto* f = v.as<lang::Function>();
    const Value module = f->module;
    return save_global(v, lang::isinstance(module, lang::types::str) ? module.as<lang::Str>()->data : "__main__",
                       lang::to_str(f->qualname)->data);
  }
  case Layout::Type: {
    auto* t = v.as<lang::TypeObject>();
    return save_global(v, t->module, t->qualname);
  }
  default: break;
  }
  if (type->layout == Layout::Tuple) return save_instance(v); // a namedtuple
  lang::raise(lang::exc::TypeError, "cannot pickle '" + lang::type_name(v) + "' object");
}

void ObjectPickler::save_str(const Value& v) {
  writer_.string(v.as<lang::Str>()->view());
  writer_.put(address(v));
}

void ObjectPickler::save_tuple(const Value& v) { save_tuple_items(v.as<lang::Tuple>()->items, v); }

void ObjectPickler::save_tuple_items(const std::vector<Value>& items, const Value& memo_as) {
  if (items.empty()) return writer_.op(op::EMPTY_TUPLE);
  lang::RecursionGuard guard(" while pickling an object");
  const bool short_form = items.size() <= 3;
  if (!short_form) writer_.op(op::MARK);
  for (const Value& item : items) save(item);
  // A tuple that contains itself (through a list) is memoized by then.
  if (!memo_as.is_null() && writer_.memo_slot(address(memo_as)) >= 0) {
    if (short_form)
      for (size_t i = 0; i < items.size(); ++i) writer_.op(op::POP);
    else
      writer_.op(op::POP_MARK);
    writer_.get(address(memo_as));
    return;
  }
  static constexpr uint8_t kShort[] = {0, op::TUPLE1, op::TUPLE2, op::TUPLE3};
  writer_.op(short_form ? kShort[items.size()] : op::TUPLE);
  if (memo_as.is_null()) put_fresh();
  else writer_.put(address(memo_as));
}

void ObjectPickler::save_list(const Value& v) {
  writer_.op(op::EMPTY_LIST);
  writer_.put(address(v));
  lang::RecursionGuard guard(" while pickling an object");
  const std::vector<Value> items = v.as<lang::List>()->items; // a copy: saving may not change it
  for (size_t start = 0; start < items.size(); start += PickleWriter::kBatchSize) {
    const size_t n = std::min(PickleWriter::kBatchSize, items.size() - start);
    if (n > 1) writer_.op(op::MARK);
    for (size_t i = start; i < start + n; ++i) save(items[i]);
    writer_.op(n > 1 ? op::APPENDS : op::APPEND);
  }
}

void ObjectPickler::save_dict_items(const Value& dict) {
  lang::RecursionGuard guard(" while pickling an object");
  std::vector<std::pair<Value, Value>> items;
  for (const lang::Dict::Entry& e : dict.as<lang::Dict>()->entries())
    if (!e.key.is_null()) items.emplace_back(e.key, e.value);
  for (size_t start = 0; start < items.size(); start += PickleWriter::kBatchSize) {
    const size_t n = std::min(PickleWriter::kBatchSize, items.size() - start);
    if (n > 1) writer_.op(op::MARK);
    for (size_t i = start; i < start + n; ++i) {
      save(items[i].first);
      save(items[i].second);
    }
    writer_.op(n > 1 ? op::SETITEMS : op::SETITEM);
  }
}

void ObjectPickler::save_tensor(const Value& v) {
  const tensor::Tensor t = tensor::Tensor::from_value(v);
  const bool requires_grad = tensor::autograd_meta_or_null(t) && tensor::autograd_meta_or_null(t)->requires_grad;
  // Attributes a program set on the tensor (torch._utils._get_obj_state).
  const Value state = t->attrs && t->attrs->size() > 0 ? Value(t->attrs) : Value();
  auto save_state = [&] {
    writer_.op(op::EMPTY_DICT);
    writer_.put(address(state));
    save_dict_items(state);
  };
  if (is_class(v.type(), "torch.nn.parameter", "Parameter")) {
    // Parameter.__reduce_ex__: (_rebuild_parameter, (self.data, self.requires_grad,
    // OrderedDict())), or _rebuild_parameter_with_state with the state after them.
    writer_.global("torch._utils", state.is_null() ? "_rebuild_parameter" : "_rebuild_parameter_with_state");
    const Value& data = keep(tensor::Tensor::alias(tensor::tensor_type(), t->storage, tensor::to_sym(t.sizes()),
                                                   tensor::to_sym(t.strides()), t.storage_offset(), t.dtype())
                                 .to_value());
    if (!state.is_null()) writer_.op(op::MARK);
    save(data);
    writer_.boolean(requires_grad);
    writer_.global("collections", "OrderedDict");
    writer_.op(op::EMPTY_TUPLE);
    writer_.op(op::REDUCE);
    put_fresh();
    if (!state.is_null()) save_state();
    writer_.op(state.is_null() ? op::TUPLE3 : op::TUPLE);
    put_fresh();
    writer_.op(op::REDUCE);
    writer_.put(address(v));
    return;
  }
  // Tensor.__reduce_ex__ with state: (_rebuild_from_type_v2, (func, type(self), args, state)).
  if (!state.is_null()) {
    writer_.global("torch._tensor", "_rebuild_from_type_v2");
    writer_.op(op::MARK);
    writer_.global("torch._utils", "_rebuild_tensor_v2");
    writer_.global(v.type()->module, v.type()->qualname);
  } else {
    writer_.global("torch._utils", "_rebuild_tensor_v2");
  }
  // Tensor._reduce_ex_internal for a strided CPU tensor: (_rebuild_tensor_v2,
  // (storage, storage_offset, size, stride, requires_grad, OrderedDict())).
  writer_.op(op::MARK);
  save_storage_id(v);
  writer_.integer(t.storage_offset());
  std::vector<Value> sizes, strides;
  for (int64_t s : t.sizes()) sizes.push_back(Value::integer(s));
  for (int64_t s : t.strides()) strides.push_back(Value::integer(s));
  save_tuple_items(sizes, Value());
  save_tuple_items(strides, Value());
  writer_.boolean(requires_grad);
  writer_.global("collections", "OrderedDict");
  writer_.op(op::EMPTY_TUPLE);
  writer_.op(op::REDUCE);
  put_fresh();
  writer_.op(op::TUPLE);
  put_fresh();
  if (!state.is_null()) {
    save_state();
    writer_.op(op::TUPLE);
    put_fresh();
  }
  writer_.op(op::REDUCE);
  writer_.put(address(v));
}

void ObjectPickler::save_storage_id(const Value& v) {
  const tensor::Tensor t = tensor::Tensor::from_value(v);
  tensor::Storage* storage = t->storage.get();
  if (!storage->has_data || !storage->device.is_cpu())
    lang::raise(lang::exc::RuntimeError, "torch.save: refc saves tensors on the cpu only, not on " +
                                             storage->device.str() + (storage->has_data ? "" : " (a tensor without data)"));
  auto [it, fresh] = storage_index_.emplace(storage, storages_.size());
  if (fresh) storages_.push_back({std::to_string(storages_.size()), t->storage, t.dtype()});
  const SavedStorage& saved = storages_[it->second];
  // A persistent id names a typed storage, so one storage has one dtype.
  if (saved.dtype != t.dtype())
    lang::raise(lang::exc::RuntimeError,
                "Cannot save multiple tensors or storages that view the same data as different types");
  const std::string& key = saved.key;
  const std::string type_name = storage_type_name(t.dtype());
  writer_.op(op::MARK);
  if (!writer_.get(std::string("str:storage"))) {
    writer_.string("storage");
    writer_.put(std::string("str:storage"));
  }
  writer_.global("torch", type_name);
  if (!writer_.get("key:" + key)) {
    writer_.string(key);
    writer_.put("key:" + key);
  }
  const std::string location = storage->device.str();
  if (!writer_.get("location:" + location)) {
    writer_.string(location);
    writer_.put("location:" + location);
  }
  writer_.integer(static_cast<int64_t>(storage->nbytes / tensor::itemsize(t.dtype())));
  writer_.op(op::TUPLE);
  put_fresh();
  writer_.op(op::BINPERSID);
}

void ObjectPickler::save_global(const Value& v, const std::string& module, const std::string& qualname) {
  // pickle's save_global: a name that does not lead back to the object
  // (a lambda, a function defined in a function) cannot be pickled.
  if (qualname.find('<') != std::string::npos) {
    Value cls = lang::getattr(Value(lang::import_module("torch.serialization")), lang::intern("PicklingError"));
    lang::raise(lang::call(cls, {lang::str_value("Can't pickle " + std::string(lang::repr(v)->view()) +
                                                 ": it's not found as " + module + "." + qualname)}));
  }
  // Protocol 2 names Python 3's builtins by their Python 2 module; the memo
  // entry is the name's (the same object under the same name).
  writer_.global(module == "builtins" ? "__builtin__" : module, qualname);
}

void ObjectPickler::save_instance(const Value& v) {
  // copyreg's protocol-2 reduction of a plain object: (copyreg.__newobj__,
  // (cls,), self.__dict__) written as GLOBAL cls, (), NEWOBJ, state, BUILD.
  lang::TypeObject* type = v.type();
  writer_.global(type->module, type->qualname);
  if (type->layout == Layout::Tuple) save_tuple_items(v.as<lang::Tuple>()->items, Value()); // __getnewargs__
  else writer_.op(op::EMPTY_TUPLE);
  writer_.op(op::NEWOBJ);
  writer_.put(address(v));
  // The state is what the class's __getstate__ gives, else the __dict__.
  Value state;
  if (Value getstate = lang::lookup_special(v, lang::intern("__getstate__"));
      !getstate.is_null() && type->lookup(lang::intern("__getstate__")).is(getstate) &&
      !lang::types::object->dict->get(lang::intern("__getstate__")).is(getstate)) {
    state = keep(lang::call_with_self(getstate, v, lang::Args{}));
  } else {
    lang::Dict* dict = v.as_obj()->attribute_dict(false);
    if (type->layout == Layout::Instance) dict = v.as<lang::Instance>()->dict.get();
    if (dict && dict->size() > 0) state = keep(Value(lang::Ref<lang::Dict>::borrow(dict)));
  }
  if (state.is_null() || state.is_none()) return;
  if (lang::isinstance(state, lang::types::dict) && state.type() == lang::types::dict) {
    if (state.as<lang::Dict>()->size() == 0) return;
    writer_.op(op::EMPTY_DICT);
    writer_.put(address(state));
    save_dict_items(state);
  } else {
    save(state);
  }
  writer_.op(op::BUILD);
}

} // namespace refc::torch::serialization
