// The text codecs refc knows (utf-8, utf-8-sig, ascii, latin-1, under CPython's
// names and aliases) and the error handlers strict, replace, ignore and
// backslashreplace: what bytes.decode, str.encode, bytes(str, encoding) and
// text files use. Failures raise CPython's UnicodeDecodeError /
// UnicodeEncodeError ("'utf-8' codec can't decode byte 0xff in position 0:
// invalid start byte") and LookupError ("unknown encoding: x").
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <string_view>

namespace refc::lang {

struct Str;

// Utf8Sig is utf-8 that skips a leading byte order mark when decoding and
// writes one when encoding.
enum class Codec : uint8_t { Utf8, Utf8Sig, Ascii, Latin1 };

constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";

// The codec an encoding name selects (case, '-' and '_' as CPython's
// normalisation ignores them), else LookupError "unknown encoding: <name>".
Codec lookup_codec(std::string_view encoding);
// The codec's own name, as its error messages print it ("utf-8").
const char* codec_name(Codec codec);

// `data` decoded to UTF-8 text (refc's str storage).
std::string decode_bytes(std::string_view data, Codec codec, std::string_view errors);
// `s` encoded.
std::string encode_str(const Str* s, Codec codec, std::string_view errors);
// The same with the encoding given by name.
std::string decode_text(std::string_view data, std::string_view encoding, std::string_view errors);
std::string encode_text(const Str* s, std::string_view encoding, std::string_view errors);

// Registers bytes.decode, bytearray.decode and str.encode.
void add_text_codec_methods();

} // namespace refc::lang
