// Token: one lexical unit of a program, as CPython 3.11's tokenizer splits
// it. Operators and keywords get their own kinds so the parser dispatches on
// one byte; NAME covers identifiers and the soft keywords (match, case, _).
#pragma once

#include <cstdint>
#include <string_view>

namespace refc::lang {

// X(Kind, spelling): the spelling is the operator or keyword text, or
// CPython's token name for the other kinds.
#define REFC_TOKEN_KINDS(X)                                                                        \
  X(EndMarker, "ENDMARKER") X(Name, "NAME") X(Number, "NUMBER") X(String, "STRING")               \
  X(Newline, "NEWLINE") X(Indent, "INDENT") X(Dedent, "DEDENT") X(Error, "ERRORTOKEN")            \
  X(LPar, "(") X(RPar, ")") X(LSqb, "[") X(RSqb, "]") X(LBrace, "{") X(RBrace, "}")              \
  X(Colon, ":") X(Comma, ",") X(Semi, ";") X(Plus, "+") X(Minus, "-") X(Star, "*")               \
  X(Slash, "/") X(VBar, "|") X(Amper, "&") X(Less, "<") X(Greater, ">") X(Equal, "=")            \
  X(Dot, ".") X(Percent, "%") X(EqEqual, "==") X(NotEqual, "!=") X(LessEqual, "<=")              \
  X(GreaterEqual, ">=") X(Tilde, "~") X(Circumflex, "^") X(LeftShift, "<<")                      \
  X(RightShift, ">>") X(DoubleStar, "**") X(PlusEqual, "+=") X(MinEqual, "-=")                   \
  X(StarEqual, "*=") X(SlashEqual, "/=") X(PercentEqual, "%=") X(AmperEqual, "&=")               \
  X(VBarEqual, "|=") X(CircumflexEqual, "^=") X(LeftShiftEqual, "<<=")                           \
  X(RightShiftEqual, ">>=") X(DoubleStarEqual, "**=") X(DoubleSlash, "//")                       \
  X(DoubleSlashEqual, "//=") X(At, "@") X(AtEqual, "@=") X(RArrow, "->") X(Ellipsis, "...")      \
  X(ColonEqual, ":=") X(OtherOp, "OP")                                                           \
  X(KwFalse, "False") X(KwNone, "None") X(KwTrue, "True") X(KwAnd, "and") X(KwAs, "as")          \
  X(KwAssert, "assert") X(KwAsync, "async") X(KwAwait, "await") X(KwBreak, "break")              \
  X(KwClass, "class") X(KwContinue, "continue") X(KwDef, "def") X(KwDel, "del")                  \
  X(KwElif, "elif") X(KwElse, "else") X(KwExcept, "except") X(KwFinally, "finally")              \
  X(KwFor, "for") X(KwFrom, "from") X(KwGlobal, "global") X(KwIf, "if") X(KwImport, "import")    \
  X(KwIn, "in") X(KwIs, "is") X(KwLambda, "lambda") X(KwNonlocal, "nonlocal") X(KwNot, "not")    \
  X(KwOr, "or") X(KwPass, "pass") X(KwRaise, "raise") X(KwReturn, "return") X(KwTry, "try")      \
  X(KwWhile, "while") X(KwWith, "with") X(KwYield, "yield")

enum class TokenKind : uint8_t {
#define REFC_TOKEN_ENUM(kind, spelling) kind,
  REFC_TOKEN_KINDS(REFC_TOKEN_ENUM)
#undef REFC_TOKEN_ENUM
};

std::string_view token_kind_spelling(TokenKind kind);

inline bool is_keyword(TokenKind k) { return k >= TokenKind::KwFalse; }

struct Token {
  TokenKind kind = TokenKind::EndMarker;
  // Bracket nesting depth after this token (CPython's token level).
  int16_t level = 0;
  // Positions as CPython records them: 1-based lines, 0-based UTF-8 byte
  // columns. INDENT, DEDENT and ENDMARKER have no extent in CPython: their
  // col and end_col are -1, and `cursor_col` is where the tokenizer's cursor
  // stood (what CPython reports for an error at such a token).
  int lineno = 0, col = 0, end_lineno = 0, end_col = 0;
  int cursor_col = 0;
  // The token's bytes in the lexer's (normalised) source.
  uint32_t start = 0, end = 0;
};

} // namespace refc::lang
