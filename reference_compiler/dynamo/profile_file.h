// The file format of a saved automatic-dynamic profile (pgo.h writes it,
// `refc pgo show` reads it): JSON, so that people can read and diff it, where
// PyTorch pickles. The payload is checksummed, because a profile that was
// cut short or edited by hand must never be trusted: a wrong profile makes
// inputs dynamic (or static) that should not be.
//
//   {
//     "format": "refc-dynamo-code-state",
//     "version": 1,
//     "checksum": "crc32:1c291ca3",        CRC-32 of the payload's compact dump
//     "payload": {"code_states": [
//       {"filename": "/w/e7.py", "firstlineno": 2, "name": "fn",
//        "file_hash": "dcd28177", "closure_hash": null,
//        "automatic_dynamic": {
//          "L['x']": {"scalar": "?", "size": ["?", 3], "stride": ["S(1)", 1]},
//          "L['n']": {"scalar": "?", "size": "?", "stride": "?"}}}]}
//   }
//
// Each part of an entry is null (unset), "?" (auto_dynamic), an int, or a
// list of ints, "?" and (strides only) "S(i)". Code objects and inputs keep
// their first-seen order. The exclusion records of an entry are not saved:
// they describe the last join of one process.
#pragma once

#include "reference_compiler/dynamo/frame_state.h"

#include <stdexcept>
#include <string>
#include <string_view>

namespace refc::dynamo {

inline constexpr std::string_view kProfileFormatName = "refc-dynamo-code-state";
inline constexpr int kProfileFormatVersion = 1;

// Why a text is not a profile this refc can trust; what() is one line.
class ProfileFormatError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// The file's text (pretty-printed, ending in a newline).
std::string encode_profile(const CodeStates& states);
// The states a file's text holds; throws ProfileFormatError for text that is
// not JSON, names another format or version, fails its checksum, or whose
// payload does not have the shape above.
CodeStates decode_profile(std::string_view text);

} // namespace refc::dynamo
