// ObjectPickler: torch.save's pickling of a Python object into data.pkl, as
// PyTorch's _save runs pickle with its persistent_id: tensors become
// torch._utils._rebuild_tensor_v2 calls on storages that are written as
// persistent ids ('storage', torch.FloatStorage, key, location, numel) and
// collected, each once, for the archive's data/<key> records; nn.Parameters
// become _rebuild_parameter calls, OrderedDicts, torch.Size, dtypes and
// devices the reductions PyTorch gives them, and instances of plain classes
// copyreg's protocol-2 reduction (NEWOBJ, then BUILD with their __dict__);
// functions and classes are pickled by name.
#pragma once

#include "reference_compiler/lang/value.h"
#include "reference_compiler/tensor/dtype.h"
#include "reference_compiler/tensor/storage.h"
#include "reference_compiler/torch/serialization/pickle_writer.h"

#include <deque>
#include <map>
#include <string>
#include <vector>

namespace refc::torch::serialization {

class ObjectPickler {
public:
  // One storage to write as data/<key>.
  struct SavedStorage {
    std::string key;
    lang::Ref<tensor::Storage> storage;
    tensor::DType dtype;
  };

  // Pickles `obj`; raises TypeError ("cannot pickle 'generator' object") for
  // what pickle cannot save.
  void dump(const lang::Value& obj);
  std::string finish() { return writer_.finish(); }
  const std::vector<SavedStorage>& storages() const { return storages_; }

private:
  void save(const lang::Value& v);
  void save_str(const lang::Value& v);
  void save_tuple(const lang::Value& v);
  void save_tuple_items(const std::vector<lang::Value>& items, const lang::Value& memo_as);
  void save_list(const lang::Value& v);
  void save_dict_items(const lang::Value& dict);
  void save_tensor(const lang::Value& v);
  void save_storage_id(const lang::Value& tensor);
  void save_instance(const lang::Value& v);
  // A function or class, pickled by reference (GLOBAL module qualname).
  void save_global(const lang::Value& v, const std::string& module, const std::string& qualname);
  // Memoizes under a key no other value has (temporaries pickle makes).
  void put_fresh();
  // Keeps temporaries alive until the end so that their addresses, which key
  // the memo, are never reused (a deque: the references stay valid).
  const lang::Value& keep(lang::Value v);

  PickleWriter writer_;
  std::vector<SavedStorage> storages_;
  std::map<const tensor::Storage*, size_t> storage_index_;
  std::deque<lang::Value> kept_;
  size_t fresh_ = 0;
};

} // namespace refc::torch::serialization
