// The utf-8, ascii and latin-1 codecs with the strict, replace, ignore and
// backslashreplace error handlers, and the methods built on them
// (bytes.decode, bytearray.decode, str.encode). The UTF-8 decoder reports the
// same error ranges and reasons as CPython's ("invalid start byte", "invalid
// continuation byte", "unexpected end of data"), so messages and 'replace'
// output match byte for byte.
#include "reference_compiler/lang/text_codecs.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/bytes_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/module_builder.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/utf8.h"

#include <cctype>
#include <cstdio>

namespace refc::lang {

Codec lookup_codec(std::string_view encoding) {
  // CPython's normalize_encoding, then its alias table for these three codecs.
  std::string key;
  for (char c : encoding) {
    if (c == '-' || c == ' ')
      key += '_';
    else
      key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  for (const char* name : {"utf_8", "utf8", "u8", "utf", "utf8_ucs2", "utf8_ucs4", "cp65001"})
    if (key == name) return Codec::Utf8;
  if (key == "utf_8_sig") return Codec::Utf8Sig;
  for (const char* name : {"ascii", "us_ascii", "646", "ansi_x3.4_1968", "ansi_x3_4_1968",
                           "ansi_x3.4_1986", "cp367", "csascii", "ibm367", "iso646_us",
                           "iso_646.irv_1991", "iso_ir_6", "us"})
    if (key == name) return Codec::Ascii;
  for (const char* name : {"latin_1", "latin1", "latin", "l1", "iso_8859_1", "iso8859_1",
                           "8859", "cp819", "iso_ir_100", "csisolatin1", "ibm819",
                           "iso_8859_1_1987"})
    if (key == name) return Codec::Latin1;
  raise(exc::LookupError, "unknown encoding: " + std::string(encoding));
}

const char* codec_name(Codec codec) {
  switch (codec) {
  case Codec::Utf8:
  case Codec::Utf8Sig: return "utf-8";
  case Codec::Ascii: return "ascii";
  case Codec::Latin1: return "latin-1";
  }
  return "utf-8";
}

namespace {

enum class Handler : uint8_t { Strict, Replace, Ignore, BackslashReplace, SurrogateEscape };

Handler lookup_handler(std::string_view errors) {
  if (errors == "strict") return Handler::Strict;
  if (errors == "replace") return Handler::Replace;
  if (errors == "ignore") return Handler::Ignore;
  if (errors == "backslashreplace") return Handler::BackslashReplace;
  if (errors == "surrogateescape") return Handler::SurrogateEscape;
  raise(exc::LookupError, "unknown error handler name '" + std::string(errors) + "'");
}

void append_hex_escape(std::string& out, uint32_t c) {
  char tmp[16];
  if (c < 0x100)
    std::snprintf(tmp, sizeof tmp, "\\x%02x", c);
  else if (c < 0x10000)
    std::snprintf(tmp, sizeof tmp, "\\u%04x", c);
  else
    std::snprintf(tmp, sizeof tmp, "\\U%08x", c);
  out += tmp;
}

// UnicodeDecodeError(encoding, object, start, end, reason) with CPython's message.
[[noreturn]] void raise_decode_error(Codec codec, std::string_view data, size_t start, size_t end,
                                     const char* reason) {
  char tmp[200];
  if (end - start == 1)
    std::snprintf(tmp, sizeof tmp, "'%s' codec can't decode byte 0x%02x in position %zu: %s",
                  codec_name(codec), static_cast<unsigned char>(data[start]), start, reason);
  else
    std::snprintf(tmp, sizeof tmp, "'%s' codec can't decode bytes in position %zu-%zu: %s",
                  codec_name(codec), start, end - 1, reason);
  Value e = new_exception(exc::UnicodeDecodeError, tmp);
  try {
    setattr(e, intern("encoding"), str_value(codec_name(codec)));
    setattr(e, intern("object"), bytes_value(std::string(data)));
    setattr(e, intern("start"), Value::integer(static_cast<int64_t>(start)));
    setattr(e, intern("end"), Value::integer(static_cast<int64_t>(end)));
    setattr(e, intern("reason"), str_value(reason));
  } catch (PyError&) {
  }
  raise(e);
}

// UnicodeEncodeError for code points [start, end) of s.
[[noreturn]] void raise_encode_error(Codec codec, const Str* s, const std::u32string& text,
                                     size_t start, size_t end, const char* reason) {
  std::string msg = std::string("'") + codec_name(codec) + "' codec can't encode ";
  if (end - start == 1) {
    msg += "character '";
    append_hex_escape(msg, text[start]);
    msg += "' in position " + std::to_string(start);
  } else {
    msg += "characters in position " + std::to_string(start) + "-" + std::to_string(end - 1);
  }
  msg += std::string(": ") + reason;
  Value e = new_exception(exc::UnicodeEncodeError, msg);
  try {
    setattr(e, intern("encoding"), str_value(codec_name(codec)));
    setattr(e, intern("object"), Value::borrow(const_cast<Str*>(s)));
    setattr(e, intern("start"), Value::integer(static_cast<int64_t>(start)));
    setattr(e, intern("end"), Value::integer(static_cast<int64_t>(end)));
    setattr(e, intern("reason"), str_value(reason));
  } catch (PyError&) {
  }
  raise(e);
}

bool is_continuation(unsigned char c) { return (c & 0xC0) == 0x80; }

// The length of the valid UTF-8 sequence at data[i], or 0 with [i, end) and
// the reason of CPython's decoder for an invalid one.
size_t utf8_sequence(std::string_view data, size_t i, size_t& end, const char*& reason) {
  auto c = static_cast<unsigned char>(data[i]);
  size_t n = data.size();
  if (c < 0x80) return 1;
  size_t need;
  unsigned char lo = 0x80, hi = 0xBF; // the range of the second byte
  if (c >= 0xC2 && c <= 0xDF) {
    need = 1;
  } else if (c >= 0xE0 && c <= 0xEF) {
    need = 2;
    if (c == 0xE0) lo = 0xA0;
    if (c == 0xED) hi = 0x9F;
  } else if (c >= 0xF0 && c <= 0xF4) {
    need = 3;
    if (c == 0xF0) lo = 0x90;
    if (c == 0xF4) hi = 0x8F;
  } else {
    end = i + 1;
    reason = "invalid start byte";
    return 0;
  }
  for (size_t k = 1; k <= need; ++k) {
    if (i + k >= n) {
      end = n;
      reason = "unexpected end of data";
      return 0;
    }
    auto b = static_cast<unsigned char>(data[i + k]);
    bool ok = k == 1 ? b >= lo && b <= hi : is_continuation(b);
    if (!ok) {
      end = i + k;
      reason = "invalid continuation byte";
      return 0;
    }
  }
  return need + 1;
}

// Applies a decode error handler to bytes [start, end).
void decode_error(Handler h, Codec codec, std::string_view data, size_t start, size_t end,
                  const char* reason, std::string& out) {
  switch (h) {
  case Handler::Strict: raise_decode_error(codec, data, start, end, reason);
  case Handler::Replace: utf8_append(out, 0xFFFD); return;
  case Handler::Ignore: return;
  case Handler::BackslashReplace:
    for (size_t k = start; k < end; ++k) append_hex_escape(out, static_cast<unsigned char>(data[k]));
    return;
  case Handler::SurrogateEscape:
    // Bytes 0x80-0xff become lone surrogates U+DC80-U+DCFF; ASCII cannot.
    for (size_t k = start; k < end; ++k)
      if (static_cast<unsigned char>(data[k]) < 0x80) raise_decode_error(codec, data, start, end, reason);
    for (size_t k = start; k < end; ++k) utf8_append(out, 0xDC00 + static_cast<unsigned char>(data[k]));
    return;
  }
}

// Applies an encode error handler to code points [start, end).
void encode_error(Handler h, Codec codec, const Str* s, const std::u32string& text, size_t start,
                  size_t end, const char* reason, std::string& out) {
  switch (h) {
  case Handler::Strict: raise_encode_error(codec, s, text, start, end, reason);
  case Handler::Replace: out.append(end - start, '?'); return;
  case Handler::Ignore: return;
  case Handler::BackslashReplace:
    for (size_t k = start; k < end; ++k) append_hex_escape(out, text[k]);
    return;
  case Handler::SurrogateEscape:
    for (size_t k = start; k < end; ++k)
      if (text[k] < 0xDC80 || text[k] > 0xDCFF) raise_encode_error(codec, s, text, start, end, reason);
    for (size_t k = start; k < end; ++k) out.push_back(static_cast<char>(text[k] - 0xDC00));
    return;
  }
}

bool is_surrogate(uint32_t c) { return c >= 0xD800 && c <= 0xDFFF; }

} // namespace

std::string decode_bytes(std::string_view data, Codec codec, std::string_view errors) {
  if (codec == Codec::Utf8Sig) {
    if (data.starts_with(kUtf8Bom)) data.remove_prefix(kUtf8Bom.size());
    codec = Codec::Utf8;
  }
  std::string out;
  out.reserve(data.size());
  Handler h = Handler::Strict;
  bool handler_known = errors == "strict";
  auto handler = [&] {
    if (!handler_known) {
      h = lookup_handler(errors);
      handler_known = true;
    }
    return h;
  };
  for (size_t i = 0; i < data.size();) {
    auto c = static_cast<unsigned char>(data[i]);
    if (c < 0x80) {
      out.push_back(static_cast<char>(c));
      ++i;
      continue;
    }
    if (codec == Codec::Latin1) {
      utf8_append(out, c);
      ++i;
      continue;
    }
    if (codec == Codec::Ascii) {
      decode_error(handler(), codec, data, i, i + 1, "ordinal not in range(128)", out);
      ++i;
      continue;
    }
    size_t end = 0;
    const char* reason = nullptr;
    size_t len = utf8_sequence(data, i, end, reason);
    if (len == 0) {
      decode_error(handler(), codec, data, i, end, reason, out);
      i = end;
      continue;
    }
    out.append(data.substr(i, len));
    i += len;
  }
  return out;
}

std::string encode_str(const Str* s, Codec codec, std::string_view errors) {
  if (codec == Codec::Utf8Sig) return std::string(kUtf8Bom) + encode_str(s, Codec::Utf8, errors);
  if (s->ascii) return s->data;
  std::u32string text;
  for (const char* p = s->data.data(); p < s->data.data() + s->data.size();) text.push_back(utf8_decode(p));
  uint32_t limit = codec == Codec::Ascii ? 0x80 : codec == Codec::Latin1 ? 0x100 : 0x110000;
  const char* reason = codec == Codec::Ascii    ? "ordinal not in range(128)"
                       : codec == Codec::Latin1 ? "ordinal not in range(256)"
                                                : "surrogates not allowed";
  auto bad = [&](uint32_t c) { return c >= limit || (codec == Codec::Utf8 && is_surrogate(c)); };
  std::string out;
  for (size_t i = 0; i < text.size();) {
    uint32_t c = text[i];
    if (!bad(c)) {
      if (codec == Codec::Utf8)
        utf8_append(out, c);
      else
        out.push_back(static_cast<char>(c));
      ++i;
      continue;
    }
    size_t end = i + 1;
    while (end < text.size() && bad(text[end])) ++end;
    encode_error(lookup_handler(errors), codec, s, text, i, end, reason, out);
    i = end;
  }
  return out;
}

std::string decode_text(std::string_view data, std::string_view encoding, std::string_view errors) {
  return decode_bytes(data, lookup_codec(encoding), errors);
}

std::string encode_text(const Str* s, std::string_view encoding, std::string_view errors) {
  return encode_str(s, lookup_codec(encoding), errors);
}

namespace {

// The (encoding, errors) arguments of decode() and encode().
void codec_args(const Args& a, const char* fname, std::string& encoding, std::string& errors) {
  Value p[2];
  bind_clinic_args(a.drop_first(), fname, {"encoding", "errors"}, 0, p);
  encoding = "utf-8";
  errors = "strict";
  const char* names[2] = {"encoding", "errors"};
  std::string* outs[2] = {&encoding, &errors};
  for (int k = 0; k < 2; ++k) {
    if (p[k].is_null()) continue;
    if (!isinstance(p[k], types::str))
      raise(exc::TypeError, std::string(fname) + "() argument '" + names[k] + "' must be str, not " +
                                type_name(p[k]));
    *outs[k] = p[k].as<Str>()->data;
  }
}

template <bool Mutable> Value bytes_decode(Args a) {
  check_self(a, Mutable ? types::bytearray : types::bytes, "decode");
  std::string encoding, errors;
  codec_args(a, "decode", encoding, errors);
  return str_value(decode_text(a[0].as<Bytes>()->view(), encoding, errors));
}

Value str_encode(Args a) {
  check_self(a, types::str, "encode");
  std::string encoding, errors;
  codec_args(a, "encode", encoding, errors);
  return bytes_value(encode_text(a[0].as<Str>(), encoding, errors));
}

} // namespace

void add_text_codec_methods() {
  add_method(types::bytes, "decode", bytes_decode<false>);
  add_method(types::bytearray, "decode", bytes_decode<true>);
  add_method(types::str, "encode", str_encode);
}

} // namespace refc::lang
