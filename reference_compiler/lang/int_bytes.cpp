// int.to_bytes and int.from_bytes: an int as `length` bytes in big- or
// little-endian order (two's complement when signed), and back, with
// CPython 3.11's defaults (length=1, byteorder='big') and errors; the bytes of
// ints of any size are big_int.cpp's.
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/big_int.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/bytes_object.h"
#include "reference_compiler/lang/container_support.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/iterators.h"
#include "reference_compiler/lang/module_builder.h"
#include "reference_compiler/lang/str_internal.h"

#include <algorithm>

namespace refc::lang {
namespace {

// byteorder: 'little' or 'big' (true for little).
bool little_endian(const Value& v, const char* fname) {
  if (v.is_null()) return false;
  if (!isinstance(v, types::str))
    raise(exc::TypeError, std::string(fname) + "() argument 'byteorder' must be str, not " +
                              type_name(v));
  const std::string& order = v.as<Str>()->data;
  if (order == "little") return true;
  if (order == "big") return false;
  raise(exc::ValueError, "byteorder must be either 'little' or 'big'");
}

Value int_to_bytes(Args a) {
  check_self(a, types::int_, "to_bytes");
  Value p[3];
  bind_clinic_args(a.drop_first(), "to_bytes", {"length", "byteorder", "signed"}, 0, p, 2);
  const Value& n = a[0];
  int64_t length = p[0].is_null() ? 1 : str_detail::int_arg(p[0]);
  if (length < 0) raise(exc::ValueError, "length argument must be non-negative");
  bool little = little_endian(p[1], "to_bytes");
  bool is_signed = !p[2].is_null() && truthy(p[2]);
  if (int_value_compare(n, Value::integer(0)) < 0 && !is_signed)
    raise(exc::OverflowError, "can't convert negative int to unsigned");
  if (length > str_detail::kMaxStrBytes) raise(exc::MemoryError, "");
  std::string out = int_value_to_bytes(n, length, is_signed);
  if (little) std::reverse(out.begin(), out.end());
  return bytes_value(std::move(out));
}

Value int_from_bytes(Args a) {
  Value p[3];
  bind_clinic_args(a.drop_first(), "from_bytes", {"bytes", "byteorder", "signed"}, 1, p, 2);
  std::string data;
  const Value& source = p[0];
  if (is_bytes_like(source)) {
    data = std::string(source.as<Bytes>()->view());
  } else if (isinstance(source, types::str) || !source.is_obj() ||
             lookup_special(source, names::__iter__).is_null()) {
    raise(exc::TypeError, "cannot convert '" + type_name(source) + "' object to bytes");
  } else {
    for (const Value& item : collect_items(source)) {
      int64_t b = str_detail::int_arg(item);
      if (b < 0 || b > 255) raise(exc::ValueError, "bytes must be in range(0, 256)");
      data.push_back(static_cast<char>(b));
    }
  }
  bool little = little_endian(p[1], "from_bytes");
  bool is_signed = !p[2].is_null() && truthy(p[2]);
  if (little) std::reverse(data.begin(), data.end());
  Value result = int_value_from_bytes(data, is_signed);
  auto* cls = a[0].as<TypeObject>();
  if (cls != types::int_) return call(Value::borrow(cls), {result});
  return result;
}

} // namespace

void add_int_bytes_methods() {
  add_method(types::int_, "to_bytes", int_to_bytes);
  add_classmethod(types::int_, "from_bytes", int_from_bytes);
}

} // namespace refc::lang
