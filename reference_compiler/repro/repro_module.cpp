// torch._C._repro: write_storage, read_storage, storage_nbytes, storage_id,
// write_text, exec_source.
#include "reference_compiler/repro/repro_module.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/compiler.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/module_builder.h"
#include "reference_compiler/lang/module_registry.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/syntax_error.h"
#include "reference_compiler/lang/vm.h"
#include "reference_compiler/repro/content_store.h"
#include "reference_compiler/tensor/storage.h"
#include "reference_compiler/tensor/tensor.h"
#include "reference_compiler/tensor/tensor_types.h"

#include <cstring>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace refc::repro {

namespace {

using lang::Value;
using tensor::Tensor;

Tensor tensor_arg(const Value& v, const char* fname) {
  if (!tensor::is_tensor(v)) lang::raise(lang::exc::TypeError, std::string(fname) + "() expects a tensor");
  const Tensor t = Tensor::from_value(v);
  if (!t.has_data()) lang::raise(lang::exc::ValueError, std::string(fname) + "(): the tensor has no data");
  return t;
}

std::string str_arg(const Value& v) { return std::string(lang::to_str(v)->view()); }

// write_storage(tensor, dir) -> key: the tensor's whole storage, stored.
Value write_storage(lang::Args a) {
  Value p[2];
  lang::bind_args(a, "write_storage", {"tensor", "dir"}, 2, 2, p);
  const Tensor t = tensor_arg(p[0], "write_storage");
  const tensor::Storage& s = *t.impl()->storage;
  try {
    return lang::str_value(ContentStore(str_arg(p[1])).write({static_cast<const std::byte*>(s.data), s.nbytes}));
  } catch (const std::exception& e) {
    lang::raise(lang::exc::OSError, e.what());
  }
}

// read_storage(dir, key, nbytes, dtype) -> the stored bytes as a 1-d tensor of dtype.
Value read_storage(lang::Args a) {
  Value p[4];
  lang::bind_args(a, "read_storage", {"dir", "key", "nbytes", "dtype"}, 4, 4, p);
  const auto dtype = tensor::dtype_of_value(p[3]);
  if (!dtype) lang::raise(lang::exc::TypeError, "read_storage(): dtype must be a torch.dtype");
  const int64_t nbytes = lang::index_value(p[2]);
  const int64_t item = static_cast<int64_t>(tensor::itemsize(*dtype));
  if (nbytes < 0 || nbytes % item != 0)
    lang::raise(lang::exc::ValueError, "read_storage(): " + std::to_string(nbytes) + " bytes do not hold whole elements");
  std::vector<std::byte> bytes;
  try {
    bytes = ContentStore(str_arg(p[0])).read(str_arg(p[1]), static_cast<size_t>(nbytes));
  } catch (const StoreError& e) {
    lang::raise(lang::exc::RuntimeError, e.what());
  }
  Tensor t = Tensor::empty(tensor::SymIntVector{nbytes / item}, *dtype);
  if (nbytes) std::memcpy(t.raw_data(), bytes.data(), bytes.size());
  return t.to_value();
}

Value storage_nbytes(lang::Args a) {
  const Tensor t = tensor_arg(lang::one_arg(a, "storage_nbytes"), "storage_nbytes");
  return Value::integer(static_cast<int64_t>(t.impl()->storage->nbytes));
}

// An identity of the tensor's storage, equal for tensors sharing it (for this process only).
Value storage_id(lang::Args a) {
  const Tensor t = tensor_arg(lang::one_arg(a, "storage_id"), "storage_id");
  return Value::integer(static_cast<int64_t>(reinterpret_cast<intptr_t>(t.impl()->storage.get())));
}

// write_text(path, text): the file replaced atomically (a temporary, then
// rename), its directory made if needed, so a reader never sees half a repro.
Value write_text(lang::Args a) {
  Value p[2];
  lang::bind_args(a, "write_text", {"path", "text"}, 2, 2, p);
  const std::filesystem::path path = str_arg(p[0]);
  const std::filesystem::path temp = path.string() + ".tmp" + std::to_string(::getpid());
  try {
    if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path());
    {
      std::ofstream out(temp, std::ios::trunc);
      out << lang::to_str(p[1])->view();
      if (!out.flush()) throw std::runtime_error("cannot write " + temp.string());
    }
    std::filesystem::rename(temp, path);
  } catch (const std::exception& e) {
    lang::raise(lang::exc::OSError, e.what());
  }
  return Value::none();
}

// exec_source(source, filename) -> the globals after running it as a module
// (how a repro's graph code becomes a module without a file).
Value exec_source(lang::Args a) {
  Value p[2];
  lang::bind_args(a, "exec_source", {"source", "filename"}, 2, 2, p);
  lang::Ref<lang::CodeObject> code;
  try {
    code = lang::compile_source(std::string(lang::to_str(p[0])->view()), str_arg(p[1]));
  } catch (const lang::SyntaxErrorInfo& e) {
    lang::raise(lang::exc::SyntaxError, e.msg + " (" + str_arg(p[1]) + ", line " + std::to_string(e.lineno) + ")");
  }
  lang::Ref<lang::Dict> globals = lang::make_dict();
  globals->set(lang::intern("__name__"), lang::str_value("__repro__"));
  lang::run_code(code.get(), globals.get(), globals.get());
  return Value(globals);
}

lang::Ref<lang::Module> create_module() {
  lang::ModuleBuilder m("torch._C._repro");
  m.function("write_storage", write_storage)
      .function("read_storage", read_storage)
      .function("storage_nbytes", storage_nbytes)
      .function("storage_id", storage_id)
      .function("write_text", write_text)
      .function("exec_source", exec_source);
  return m.finish();
}

} // namespace

void install() {
  static bool installed = false;
  if (installed) return;
  installed = true;
  lang::register_native_module("torch._C._repro", create_module);
}

} // namespace refc::repro
