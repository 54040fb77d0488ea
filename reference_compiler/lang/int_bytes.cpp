// int.to_bytes and int.from_bytes: an int as `length` bytes in big- or
// little-endian order (two's complement when signed), and back, with
// CPython 3.11's defaults (length=1, byteorder='big') and errors. refc's ints
// are 64-bit, so from_bytes raises its int OverflowError past that range.
#include "reference_compiler/lang/abstract.h"
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
  int64_t n = a[0].as_int();
  int64_t length = p[0].is_null() ? 1 : str_detail::int_arg(p[0]);
  if (length < 0) raise(exc::ValueError, "length argument must be non-negative");
  bool little = little_endian(p[1], "to_bytes");
  bool is_signed = !p[2].is_null() && truthy(p[2]);
  if (n < 0 && !is_signed) raise(exc::OverflowError, "can't convert negative int to unsigned");
  // Does n fit in `length` bytes?
  bool fits;
  if (length >= 8) {
    fits = is_signed || n >= 0;
  } else {
    int bits = static_cast<int>(length) * 8;
    if (is_signed) {
      int64_t lo = bits == 0 ? 0 : -(int64_t{1} << (bits - 1));
      int64_t hi = bits == 0 ? 0 : (int64_t{1} << (bits - 1)) - 1;
      fits = n >= lo && n <= hi;
    } else {
      fits = static_cast<uint64_t>(n) < (uint64_t{1} << bits);
    }
  }
  if (!fits) raise(exc::OverflowError, "int too big to convert");
  if (length > str_detail::kMaxStrBytes) raise(exc::MemoryError, "");
  std::string out(static_cast<size_t>(length), n < 0 ? '\xff' : '\0');
  auto u = static_cast<uint64_t>(n);
  for (int64_t i = 0; i < std::min<int64_t>(length, 8); ++i) {
    char byte = static_cast<char>((u >> (8 * i)) & 0xFF);
    out[static_cast<size_t>(little ? i : length - 1 - i)] = byte;
  }
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
  // data is now big-endian; leading sign-extension bytes carry no value.
  bool negative = is_signed && !data.empty() && (static_cast<unsigned char>(data[0]) & 0x80);
  char filler = negative ? '\xff' : '\0';
  size_t skip = 0;
  while (skip < data.size() && data[skip] == filler) ++skip;
  size_t significant = data.size() - skip;
  if (significant > 8) raise_int_overflow();
  uint64_t u = negative ? ~uint64_t{0} : 0;
  for (size_t i = skip; i < data.size(); ++i) u = (u << 8) | static_cast<unsigned char>(data[i]);
  if (significant == 8) {
    // The top byte's high bit must agree with the sign for the value to fit.
    bool high = (u >> 63) != 0;
    if (high != negative) raise_int_overflow();
  }
  Value result = Value::integer(static_cast<int64_t>(u));
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
