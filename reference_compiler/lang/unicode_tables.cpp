// The front end's identifier and printability classes, read from the Unicode
// database the str methods use (unicode_db.h): one set of tables, so the lexer,
// str.isidentifier() and str.isprintable() cannot disagree.
#include "reference_compiler/lang/unicode_tables.h"

#include "reference_compiler/lang/unicode_db.h"

namespace refc::lang {

bool is_xid_start(char32_t c) { return unicode::has(c, unicode::kXidStart); }

bool is_xid_continue(char32_t c) { return unicode::has(c, unicode::kXidContinue); }

bool is_printable(char32_t c) {
  // Past U+10FFFF (only lenient decoding of malformed UTF-8 yields such values)
  // nothing is escaped.
  return c > 0x10FFFF || unicode::has(c, unicode::kPrintable);
}

} // namespace refc::lang
