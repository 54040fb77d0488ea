// Unicode character properties the language front end needs and the C++
// library lacks: identifier characters (for the lexer, PEP 3131) and
// printability (for str repr, which escapes non-printable characters).
// They follow Unicode 14.0, the version CPython 3.11 ships (unicode_db.h).
#pragma once

namespace refc::lang {

// XID_Start, plus '_' (what may begin an identifier).
bool is_xid_start(char32_t c);
// XID_Continue (what may follow the first character of an identifier).
bool is_xid_continue(char32_t c);
// CPython's str.isprintable() for one character.
bool is_printable(char32_t c);

} // namespace refc::lang
