// Encoding and strict decoding of the saved profile (profile_file.h), with
// nlohmann::ordered_json so that the payload's order, and so its checksum,
// survives a round trip.
#include "reference_compiler/dynamo/profile_file.h"

#include "reference_compiler/dynamo/crc32.h"

#include <nlohmann/json.hpp>

#include <charconv>
#include <cstdio>
#include <limits>

namespace refc::dynamo {

namespace {

using Json = nlohmann::ordered_json;

// Strings that are not valid UTF-8 (a file name is bytes) are written with
// U+FFFD rather than refused: the profile still saves.
std::string compact(const Json& j) {
  return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

// A value quoted in an error message: one line, and short.
std::string brief(const Json& j) {
  std::string text = compact(j);
  return text.size() <= 40 ? text : text.substr(0, 37) + "...";
}

std::string checksum_of(const Json& payload) {
  char text[16];
  std::snprintf(text, sizeof text, "%08x", crc32(compact(payload)));
  return std::string("crc32:") + text;
}

[[noreturn]] void malformed(const std::string& what) {
  throw ProfileFormatError("malformed payload: " + what);
}

// --- encoding ---------------------------------------------------------------

struct EncodeElement {
  Json operator()(int64_t v) const { return v; }
  Json operator()(double v) const { return v; }
  Json operator()(AutoUnset) const { return nullptr; }
  Json operator()(AutoDynamic) const { return "?"; }
  Json operator()(InferStride s) const { return "S(" + std::to_string(s.dim) + ")"; }
};

template <class Element>
Json encode_tuple_state(const std::variant<AutoUnset, std::vector<Element>, AutoDynamic>& state) {
  if (const auto* elements = std::get_if<std::vector<Element>>(&state)) {
    Json list = Json::array();
    for (const Element& e : *elements)
      list.push_back(std::visit(EncodeElement{}, e));
    return list;
  }
  return std::holds_alternative<AutoUnset>(state) ? Json(nullptr) : Json("?");
}

Json encode_entry(const FrameStateEntry& entry) {
  Json j = Json::object();
  j["scalar"] = std::visit(EncodeElement{}, entry.scalar_state());
  j["size"] = encode_tuple_state(entry.size_state());
  j["stride"] = encode_tuple_state(entry.stride_state());
  return j;
}

// --- decoding ---------------------------------------------------------------

const Json& field(const Json& object, const char* name, const std::string& where) {
  auto it = object.find(name);
  if (it == object.end()) malformed(where + " has no \"" + name + "\"");
  return *it;
}

int64_t decode_int(const Json& j, const std::string& where) {
  if (j.is_number_integer() && !j.is_number_unsigned()) return j.get<int64_t>();
  if (j.is_number_unsigned() &&
      j.get<uint64_t>() <= static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
    return static_cast<int64_t>(j.get<uint64_t>());
  malformed(where + " is not an integer");
}

// "S(i)" -> InferStride(i).
bool parse_infer_stride(const std::string& s, InferStride& out) {
  if (s.size() < 4 || !s.starts_with("S(") || s.back() != ')') return false;
  const char* first = s.data() + 2;
  const char* last = s.data() + s.size() - 1;
  size_t dim = 0;
  auto [end, ec] = std::from_chars(first, last, dim);
  if (ec != std::errc() || end != last) return false;
  out.dim = dim;
  return true;
}

ScalarState decode_scalar(const Json& j, const std::string& where) {
  if (j.is_null()) return auto_unset;
  if (j == "?") return auto_dynamic;
  if (j.is_number_float()) return j.get<double>();
  return decode_int(j, where);
}

SizeElement decode_size_element(const Json& j, const std::string& where) {
  if (j == "?") return auto_dynamic;
  return decode_int(j, where);
}

StrideElement decode_stride_element(const Json& j, const std::string& where) {
  if (j == "?") return auto_dynamic;
  InferStride s;
  if (j.is_string() && parse_infer_stride(j.get<std::string>(), s)) return s;
  return decode_int(j, where);
}

template <class Element, class DecodeElement>
std::variant<AutoUnset, std::vector<Element>, AutoDynamic>
decode_tuple_state(const Json& j, const std::string& where, DecodeElement decode_element) {
  if (j.is_null()) return auto_unset;
  if (j == "?") return auto_dynamic;
  if (!j.is_array()) malformed(where + " is neither null, \"?\" nor a list");
  std::vector<Element> elements;
  for (size_t i = 0; i < j.size(); ++i)
    elements.push_back(decode_element(j[i], where + "[" + std::to_string(i) + "]"));
  return elements;
}

FrameStateEntry decode_entry(const Json& j, const std::string& where) {
  if (!j.is_object()) malformed(where + " is not an object");
  return FrameStateEntry(decode_scalar(field(j, "scalar", where), where + ".scalar"),
                         decode_tuple_state<SizeElement>(field(j, "size", where), where + ".size",
                                                         decode_size_element),
                         decode_tuple_state<StrideElement>(
                             field(j, "stride", where), where + ".stride", decode_stride_element));
}

std::string decode_string(const Json& j, const std::string& where) {
  if (!j.is_string()) malformed(where + " is not a string");
  return j.get<std::string>();
}

CodeStates decode_payload(const Json& payload) {
  if (!payload.is_object()) malformed("the payload is not an object");
  const Json& list = field(payload, "code_states", "the payload");
  if (!list.is_array()) malformed("code_states is not a list");
  CodeStates states;
  for (size_t i = 0; i < list.size(); ++i) {
    const std::string where = "code_states[" + std::to_string(i) + "]";
    const Json& code = list[i];
    if (!code.is_object()) malformed(where + " is not an object");
    CodeId id;
    id.filename = decode_string(field(code, "filename", where), where + ".filename");
    const int64_t line = decode_int(field(code, "firstlineno", where), where + ".firstlineno");
    if (line < std::numeric_limits<int>::min() || line > std::numeric_limits<int>::max())
      malformed(where + ".firstlineno is out of range");
    id.firstlineno = static_cast<int>(line);
    id.name = decode_string(field(code, "name", where), where + ".name");
    id.file_hash = decode_string(field(code, "file_hash", where), where + ".file_hash");
    const Json& closure = field(code, "closure_hash", where);
    if (!closure.is_null()) id.closure_hash = decode_int(closure, where + ".closure_hash");
    if (states.contains(id)) malformed(where + " repeats the code object " + id.str());
    CodeState& state = states[id];
    const Json& entries = field(code, "automatic_dynamic", where);
    if (!entries.is_object()) malformed(where + ".automatic_dynamic is not an object");
    for (const auto& [source, entry] : entries.items())
      state[source] = decode_entry(entry, where + ".automatic_dynamic[" + source + "]");
  }
  return states;
}

} // namespace

std::string encode_profile(const CodeStates& states) {
  Json codes = Json::array();
  for (const auto& [id, state] : states) {
    Json code = Json::object();
    code["filename"] = id.filename;
    code["firstlineno"] = id.firstlineno;
    code["name"] = id.name;
    code["file_hash"] = id.file_hash;
    code["closure_hash"] = id.closure_hash ? Json(*id.closure_hash) : Json(nullptr);
    Json entries = Json::object();
    for (const auto& [source, entry] : state)
      entries[source] = encode_entry(entry);
    code["automatic_dynamic"] = std::move(entries);
    codes.push_back(std::move(code));
  }
  Json payload = Json::object();
  payload["code_states"] = std::move(codes);
  Json document = Json::object();
  document["format"] = kProfileFormatName;
  document["version"] = kProfileFormatVersion;
  document["checksum"] = checksum_of(payload);
  document["payload"] = std::move(payload);
  return document.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

CodeStates decode_profile(std::string_view text) {
  Json document;
  try {
    document = Json::parse(text.begin(), text.end());
  } catch (const Json::parse_error& e) {
    std::string what = e.what();
    // "[json.exception.parse_error.101] parse error at line 1, ..." -> "parse error at line 1, ..."
    if (size_t close = what.find("] ");
        what.starts_with("[json.exception.") && close != std::string::npos)
      what.erase(0, close + 2);
    throw ProfileFormatError("not JSON: " + what);
  }
  if (!document.is_object()) throw ProfileFormatError("not a profile: the JSON is not an object");
  auto format = document.find("format");
  if (format == document.end() || !format->is_string() ||
      format->get<std::string>() != kProfileFormatName)
    throw ProfileFormatError("not a profile: format is " +
                             (format == document.end() ? "missing" : brief(*format)) +
                             ", expected \"" + std::string(kProfileFormatName) + "\"");
  auto version = document.find("version");
  if (version == document.end() || !version->is_number_integer() ||
      *version != kProfileFormatVersion)
    throw ProfileFormatError("unsupported version " +
                             (version == document.end() ? "(missing)" : brief(*version)) +
                             ", this refc reads version " + std::to_string(kProfileFormatVersion));
  auto payload = document.find("payload");
  if (payload == document.end()) throw ProfileFormatError("malformed profile: no payload");
  auto checksum = document.find("checksum");
  const std::string actual = checksum_of(*payload);
  if (checksum == document.end() || !checksum->is_string() || *checksum != actual)
    throw ProfileFormatError("checksum mismatch: recorded " +
                             (checksum == document.end() ? "nothing" : brief(*checksum)) +
                             ", payload has \"" + actual + "\"");
  return decode_payload(*payload);
}

} // namespace refc::dynamo
