// The plain built-in functions (builtin_functions.def): print (into the
// buffered stdout of output.h unless sys.stdout was replaced or a file is
// given), len, min/max, sum, sorted, the numeric helpers, the reflection
// helpers (isinstance, getattr, vars, ...) and iteration (iter, next), each
// with CPython 3.11's argument handling and error messages.
#include "reference_compiler/lang/builtin_functions.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/big_int.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/code_object.h"
#include "reference_compiler/lang/container_support.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/frame.h"
#include "reference_compiler/lang/function_object.h"
#include "reference_compiler/lang/generic_alias.h"
#include "reference_compiler/lang/bytes_object.h"
#include "reference_compiler/lang/file_object.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/iterators.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/metaclass.h"
#include "reference_compiler/lang/list_sort.h"
#include "reference_compiler/lang/module_object.h"
#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/number_ops.h"
#include "reference_compiler/lang/output.h"
#include "reference_compiler/lang/set_object.h"
#include "reference_compiler/lang/singletons.h"
#include "reference_compiler/lang/str_methods.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/lang/vm.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <climits>
#include <cmath>

namespace refc::lang {

namespace {

// ---- argument helpers ---------------------------------------------------------------

std::string count_text(size_t n) { return std::to_string(n); }

// "name expected N arguments, got M" (exact count, no keywords).
void expect_exactly(const Args& a, std::string_view name, size_t n) {
  reject_keywords(a, name);
  if (a.npos != n)
    raise(exc::TypeError, std::string(name) + " expected " + count_text(n) + " argument" +
                              (n == 1 ? "" : "s") + ", got " + count_text(a.npos));
}

// "name expected at least / at most N argument(s), got M".
void expect_between(const Args& a, std::string_view name, size_t lo, size_t hi) {
  reject_keywords(a, name);
  if (a.npos < lo)
    raise(exc::TypeError, std::string(name) + " expected at least " + count_text(lo) +
                              " argument" + (lo == 1 ? "" : "s") + ", got " + count_text(a.npos));
  if (a.npos > hi)
    raise(exc::TypeError, std::string(name) + " expected at most " + count_text(hi) + " argument" +
                              (hi == 1 ? "" : "s") + ", got " + count_text(a.npos));
}

// Binds positional-or-keyword parameters of an Argument-Clinic builtin.
void bind(const Args& a, std::string_view fname, std::initializer_list<const char*> names,
          size_t required, Value* out) {
  size_t n = names.size();
  if (a.npos + a.nkw() > n)
    raise(exc::TypeError, std::string(fname) + "() takes at most " + count_text(n) +
                              " arguments (" + count_text(a.npos + a.nkw()) + " given)");
  for (size_t i = 0; i < a.npos; ++i) out[i] = a[i];
  for (size_t k = 0; k < a.nkw(); ++k) {
    std::string_view key = a.kwname(k)->view();
    size_t i = 0;
    for (const char* name : names) {
      if (key == name) break;
      ++i;
    }
    if (i == n)
      raise(exc::TypeError, "'" + std::string(key) + "' is an invalid keyword argument for " +
                                std::string(fname) + "()");
    if (!out[i].is_null())
      raise(exc::TypeError, "argument for " + std::string(fname) + "() given by name ('" +
                                std::string(key) + "') and position (" + count_text(i + 1) + ")");
    out[i] = a.kwvalue(k);
  }
  size_t i = 0;
  for (const char* name : names) {
    if (i < required && out[i].is_null())
      raise(exc::TypeError, std::string(fname) + "() missing required argument '" + name +
                                "' (pos " + count_text(i + 1) + ")");
    ++i;
  }
}

bool is_type(const Value& v) { return v.is_obj() && v.as_obj()->type->layout == Layout::Type; }
bool is_tuple(const Value& v) { return v.is_obj() && v.as_obj()->type->layout == Layout::Tuple; }

Str* attr_name(const Value& v) {
  if (!is_str(v))
    raise(exc::TypeError, "attribute name must be string, not '" + type_name(v) + "'");
  return v.as<Str>();
}

// ---- print ------------------------------------------------------------------------------

Dict* sys_dict() {
  static Str* sys_name = intern("sys");
  Interpreter& in = interp();
  if (!in.modules) return nullptr;
  Value sys = in.modules->get(sys_name);
  if (!(sys.is_obj() && sys.as_obj()->type->layout == Layout::Module)) return nullptr;
  return sys.as<Module>()->dict.get();
}

// sys.__stdout__, the stream whose writes go into output.h's buffer.
Value original_stdout() {
  static Str* orig_name = intern("__stdout__");
  Dict* d = sys_dict();
  return d ? d->get(orig_name) : Value();
}

// Null while sys.stdout is still the original stream (or sys is not loaded),
// so print writes straight into the buffer; otherwise the replacement.
Value replaced_stdout() {
  static Str* stdout_name = intern("stdout");
  Dict* d = sys_dict();
  if (!d) return Value();
  Value out = d->get(stdout_name);
  if (out.is_null() || out.is(original_stdout())) return Value();
  return out;
}

void write_str(const Value& v) {
  if (v.is_int()) {
    char buf[24];
    auto r = std::to_chars(buf, buf + sizeof buf, v.as_int());
    write_stdout(std::string_view(buf, static_cast<size_t>(r.ptr - buf)));
  } else if (is_str(v)) {
    write_stdout(v.as<Str>()->view());
  } else {
    Ref<Str> s = to_str(v);
    write_stdout(s->view());
  }
}

Value builtin_print(Args a) {
  Value sep, end, file, flush;
  for (size_t i = 0; i < a.nkw(); ++i) {
    std::string_view k = a.kwname(i)->view();
    if (k == "sep")
      sep = a.kwvalue(i);
    else if (k == "end")
      end = a.kwvalue(i);
    else if (k == "file")
      file = a.kwvalue(i);
    else if (k == "flush")
      flush = a.kwvalue(i);
    else
      raise(exc::TypeError, "'" + std::string(k) + "' is an invalid keyword argument for print()");
  }
  if (!sep.is_null() && !sep.is_none() && !is_str(sep))
    raise(exc::TypeError, "sep must be None or a string, not " + type_name(sep));
  if (!end.is_null() && !end.is_none() && !is_str(end))
    raise(exc::TypeError, "end must be None or a string, not " + type_name(end));
  std::string_view sep_text = is_str(sep) ? sep.as<Str>()->view() : std::string_view(" ");
  std::string_view end_text = is_str(end) ? end.as<Str>()->view() : std::string_view("\n");

  if (file.is_null() || file.is_none())
    file = replaced_stdout();
  else if (file.is(original_stdout()))
    file = Value(); // the original sys.stdout writes into the same buffer
  if (file.is_null()) {
    // Piece by piece, as CPython writes them: a __str__ that prints itself
    // lands between the pieces already written and the rest.
    for (size_t i = 0; i < a.npos; ++i) {
      if (i) write_stdout(sep_text);
      write_str(a[i]);
    }
    write_stdout(end_text);
    if (!flush.is_null() && truthy(flush)) flush_stdout();
    return Value::none();
  }
  if (file.is_none()) return Value::none(); // sys.stdout = None: print does nothing
  static Str* write_name = intern("write");
  static Str* flush_name = intern("flush");
  Value write = getattr(file, write_name);
  for (size_t i = 0; i < a.npos; ++i) {
    if (i) call(write, {is_str(sep) ? sep : str_value(" ")});
    call(write, {Value(to_str(a[i]))});
  }
  call(write, {is_str(end) ? end : str_value("\n")});
  if (!flush.is_null() && truthy(flush)) call_method(file, flush_name, {});
  return Value::none();
}

// ---- containers and iteration -----------------------------------------------------

Value builtin_len(Args a) {
  check_one_arg(a, "len");
  const Value& v = a[0];
  if (v.is_obj()) {
    // Type pointer compares first: they need no load from the type object.
    Object* o = v.as_obj();
    TypeObject* t = o->type;
    if (t == types::list) return Value::integer(static_cast<List*>(o)->size());
    if (t == types::str) return Value::integer(static_cast<Str*>(o)->length);
    if (t == types::tuple) return Value::integer(static_cast<Tuple*>(o)->size());
    if (t == types::dict) return Value::integer(static_cast<Dict*>(o)->size());
    if (t == types::set || t == types::frozenset)
      return Value::integer(static_cast<SetObject*>(o)->size());
  }
  return Value::integer(length(v));
}

Value builtin_sorted(Args a) {
  if (a.npos != 1)
    raise(exc::TypeError, "sorted expected 1 argument, got " + count_text(a.npos));
  Value key;
  bool reverse = false;
  if (a.nkw() > 2)
    raise(exc::TypeError, "sort() takes at most 2 keyword arguments (" + count_text(a.nkw()) +
                              " given)");
  for (size_t i = 0; i < a.nkw(); ++i) {
    std::string_view k = a.kwname(i)->view();
    if (k == "key")
      key = a.kwvalue(i);
    else if (k == "reverse")
      reverse = to_index(a.kwvalue(i)) != 0;
    else
      raise(exc::TypeError, "'" + std::string(k) + "' is an invalid keyword argument for sort()");
  }
  Ref<List> result = make_list(collect_items(a[0]));
  sort_list(result.get(), key, reverse);
  return Value(std::move(result));
}

template <bool IsMax> Value min_max(Args a) {
  const char* name = IsMax ? "max" : "min";
  if (a.npos == 0)
    raise(exc::TypeError, std::string(name) + " expected at least 1 argument, got 0");
  Value key, dflt;
  if (a.nkw() > 2)
    raise(exc::TypeError, std::string(name) + "() takes at most 2 keyword arguments (" +
                              count_text(a.nkw()) + " given)");
  for (size_t i = 0; i < a.nkw(); ++i) {
    std::string_view k = a.kwname(i)->view();
    if (k == "key")
      key = a.kwvalue(i);
    else if (k == "default")
      dflt = a.kwvalue(i);
    else
      raise(exc::TypeError, "'" + std::string(k) + "' is an invalid keyword argument for " +
                                std::string(name) + "()");
  }
  if (a.npos > 1 && !dflt.is_null())
    raise(exc::TypeError, std::string("Cannot specify a default for ") + name +
                              "() with multiple positional arguments");
  if (key.is_none()) key = Value();
  const CompareOp op = IsMax ? CompareOp::Gt : CompareOp::Lt;
  Value best_item, best_key;
  auto consider = [&](Value item) {
    Value k = key.is_null() ? item : call(key, {item});
    if (best_item.is_null()) {
      best_item = std::move(item);
      best_key = std::move(k);
      return;
    }
    bool better;
    if (k.is_int() && best_key.is_int())
      better = IsMax ? k.as_int() > best_key.as_int() : k.as_int() < best_key.as_int();
    else
      better = compare_bool(op, k, best_key);
    if (better) {
      best_item = std::move(item);
      best_key = std::move(k);
    }
  };
  if (a.npos > 1) {
    for (size_t i = 0; i < a.npos; ++i) consider(a[i]);
  } else {
    Value it = get_iter(a[0]);
    for (Value x = next_item(it); !x.is_null(); x = next_item(it)) consider(std::move(x));
  }
  if (best_item.is_null()) {
    if (!dflt.is_null()) return dflt;
    raise(exc::ValueError, std::string(name) + "() arg is an empty sequence");
  }
  return best_item;
}

Value builtin_max(Args a) { return min_max<true>(a); }
Value builtin_min(Args a) { return min_max<false>(a); }

Value builtin_sum(Args a) {
  if (a.npos == 0)
    raise(exc::TypeError, "sum() takes at least 1 positional argument (0 given)");
  if (a.npos + a.nkw() > 2)
    raise(exc::TypeError,
          "sum() takes at most 2 arguments (" + count_text(a.npos + a.nkw()) + " given)");
  Value result = Value::integer(0);
  if (a.npos == 2) result = a[1];
  for (size_t i = 0; i < a.nkw(); ++i) {
    std::string_view k = a.kwname(i)->view();
    if (k != "start")
      raise(exc::TypeError, "'" + std::string(k) + "' is an invalid keyword argument for sum()");
    if (a.npos == 2)
      raise(exc::TypeError, "argument for sum() given by name ('start') and position (2)");
    result = a.kwvalue(i);
  }
  if (is_str(result))
    raise(exc::TypeError, "sum() can't sum strings [use ''.join(seq) instead]");
  Value it = get_iter(a[0]);
  Value item;
  if (result.is_int()) {
    int64_t acc = result.as_int();
    for (;;) {
      item = next_item(it);
      if (item.is_null()) return Value::integer(acc);
      int64_t r;
      if (item.is_intlike() && !__builtin_add_overflow(acc, item.as_int(), &r)) {
        acc = r;
        continue;
      }
      result = binary_op(BinaryOp::Add, Value::integer(acc), item);
      break;
    }
  }
  if (result.is_float()) {
    double acc = result.as_float();
    for (;;) {
      item = next_item(it);
      if (item.is_null()) return Value::floating(acc);
      if (item.is_float()) {
        acc += item.as_float();
        continue;
      }
      if (item.is_intlike()) {
        acc += static_cast<double>(item.as_int());
        continue;
      }
      result = binary_op(BinaryOp::Add, Value::floating(acc), item);
      break;
    }
  }
  for (item = next_item(it); !item.is_null(); item = next_item(it))
    result = binary_op(BinaryOp::Add, result, item);
  return result;
}

Value builtin_any(Args a) {
  check_one_arg(a, "any");
  Value it = get_iter(a[0]);
  for (Value x = next_item(it); !x.is_null(); x = next_item(it))
    if (truthy(x)) return Value::boolean(true);
  return Value::boolean(false);
}

Value builtin_all(Args a) {
  check_one_arg(a, "all");
  Value it = get_iter(a[0]);
  for (Value x = next_item(it); !x.is_null(); x = next_item(it))
    if (!truthy(x)) return Value::boolean(false);
  return Value::boolean(true);
}

Value builtin_iter(Args a) {
  if (a.nkw() != 0) raise(exc::TypeError, "iter() takes no keyword arguments");
  expect_between(a, "iter", 1, 2);
  if (a.npos == 1) return get_iter(a[0]);
  if (!is_callable(a[0])) raise(exc::TypeError, "iter(v, w): v must be callable");
  return make_callable_iterator(a[0], a[1]);
}

Value builtin_next(Args a) {
  if (a.nkw() != 0) raise(exc::TypeError, "next() takes no keyword arguments");
  expect_between(a, "next", 1, 2);
  const Value& it = a[0];
  if (IteratorObject* native = as_native_iterator(it)) {
    Value v = native->next();
    if (!v.is_null()) return v;
    if (a.npos == 2) return a[1];
    raise_stop_iteration();
  }
  Value method = lookup_special(it, names::__next__);
  if (method.is_null() || method.is_none())
    raise(exc::TypeError, "'" + type_name(it) + "' object is not an iterator");
  if (a.npos == 1) return call(method, {it});
  try {
    return call(method, {it});
  } catch (const PyError& e) {
    if (!isinstance(e.exc, exc::StopIteration)) throw;
  }
  return a[1];
}

// ---- numbers ----------------------------------------------------------------------

Value builtin_abs(Args a) {
  check_one_arg(a, "abs");
  const Value& v = a[0];
  if (v.is_intlike() && v.as_int() != INT64_MIN) return Value::integer(int_abs(v.as_int()));
  if (is_int_value(v)) return int_value_abs(v);
  if (v.is_float()) return Value::floating(std::fabs(v.as_float()));
  Value method = lookup_special(v, names::__abs__);
  if (method.is_null()) raise(exc::TypeError, "bad operand type for abs(): '" + type_name(v) + "'");
  return call(method, {v});
}

Value builtin_round(Args a) {
  Value bound[2];
  bind(a, "round", {"number", "ndigits"}, 1, bound);
  const Value& x = bound[0];
  bool no_digits = bound[1].is_null() || bound[1].is_none();
  if (no_digits) {
    if (x.is_int()) return x;
    if (x.is_float()) return float_round_to_int(x.as_float());
  }
  Value method = lookup_special(x, names::__round__);
  if (method.is_null())
    raise(exc::TypeError, "type " + type_name(x) + " doesn't define __round__ method");
  if (no_digits) return call(method, {x});
  return call(method, {x, bound[1]});
}

// a.__op__(b), else b.__rop__(a) (the right operand first when its type is a
// subclass of the left's): the dispatch of a binary builtin without an operator.
Value reflected_dispatch(const Value& a, const Value& b, const char* op, const char* rop,
                         const char* what) {
  TypeObject* ta = a.type();
  TypeObject* tb = b.type();
  Value fa = ta->lookup(intern(op));
  Value fb = ta != tb ? tb->lookup(intern(rop)) : Value();
  if (!fb.is_null() && tb->is_subtype(ta)) {
    Value r = call(fb, {b, a});
    if (!is_not_implemented(r)) return r;
    fb = Value();
  }
  if (!fa.is_null() && !fa.is_none()) {
    Value r = call(fa, {a, b});
    if (!is_not_implemented(r)) return r;
  }
  if (!fb.is_null() && !fb.is_none()) {
    Value r = call(fb, {b, a});
    if (!is_not_implemented(r)) return r;
  }
  raise(exc::TypeError, std::string("unsupported operand type(s) for ") + what + ": '" +
                            type_name(a) + "' and '" + type_name(b) + "'");
}

Value builtin_divmod(Args a) {
  expect_exactly(a, "divmod", 2);
  const Value& x = a[0];
  const Value& y = a[1];
  if (x.is_intlike() && y.is_intlike() && !(x.as_int() == INT64_MIN && y.as_int() == -1)) {
    int64_t q, r;
    int_divmod(x.as_int(), y.as_int(), q, r);
    return Value(make_tuple({Value::integer(q), Value::integer(r)}));
  }
  if (is_int_value(x) && is_int_value(y)) {
    Value q, r;
    int_value_divmod(x, y, q, r);
    return Value(make_tuple({q, r}));
  }
  bool xn = is_int_value(x) || x.is_float(), yn = is_int_value(y) || y.is_float();
  if (xn && yn) {
    double dx = x.is_float() ? x.as_float() : int_value_to_float(x);
    double dy = y.is_float() ? y.as_float() : int_value_to_float(y);
    double q, r;
    float_divmod(dx, dy, q, r);
    return Value(make_tuple({Value::floating(q), Value::floating(r)}));
  }
  return reflected_dispatch(x, y, "__divmod__", "__rdivmod__", "divmod()");
}

Value builtin_pow(Args a) {
  Value bound[3];
  bind(a, "pow", {"base", "exp", "mod"}, 2, bound);
  const Value& base = bound[0];
  const Value& exp = bound[1];
  const Value& mod = bound[2];
  if (mod.is_null() || mod.is_none()) return binary_op(BinaryOp::Power, base, exp);
  if (base.is_intlike() && exp.is_intlike() && mod.is_intlike())
    return Value::integer(int_pow_mod(base.as_int(), exp.as_int(), mod.as_int()));
  if (is_int_value(base) && is_int_value(exp) && is_int_value(mod)) return int_value_pow_mod(base, exp, mod);
  auto numeric = [](const Value& v) { return is_int_value(v) || v.is_float(); };
  if (numeric(base) && numeric(exp) && numeric(mod))
    raise(exc::TypeError, "pow() 3rd argument not allowed unless all arguments are integers");
  Value method = lookup_special(base, intern("__pow__"));
  if (!method.is_null() && !method.is_none()) {
    Value r = call(method, {base, exp, mod});
    if (!is_not_implemented(r)) return r;
  }
  raise(exc::TypeError, "unsupported operand type(s) for ** or pow(): '" + type_name(base) +
                            "', '" + type_name(exp) + "', '" + type_name(mod) + "'");
}

Value int_text(Args a, const char* name, int base) {
  check_one_arg(a, name);
  return str_value(int_value_to_base(int_value_index(a[0]), base));
}

Value builtin_hex(Args a) { return int_text(a, "hex", 16); }
Value builtin_oct(Args a) { return int_text(a, "oct", 8); }
Value builtin_bin(Args a) { return int_text(a, "bin", 2); }

Value builtin_chr(Args a) {
  check_one_arg(a, "chr");
  // CPython converts to a C int first.
  int64_t c = int_value_to_int64(int_value_index(a[0]), exc::OverflowError, "Python int too large to convert to C int");
  if (c > INT_MAX || c < INT_MIN) raise(exc::OverflowError, "Python int too large to convert to C int");
  if (c < 0 || c > 0x10FFFF) raise(exc::ValueError, "chr() arg not in range(0x110000)");
  return str_char(static_cast<uint32_t>(c));
}

Value builtin_ord(Args a) {
  check_one_arg(a, "ord");
  const Value& v = a[0];
  if (is_bytes_like(v)) {
    std::string_view b = v.as<Bytes>()->view();
    if (b.size() != 1)
      raise(exc::TypeError, "ord() expected a character, but string of length " +
                                std::to_string(b.size()) + " found");
    return Value::integer(static_cast<uint8_t>(b[0]));
  }
  if (!is_str(v))
    raise(exc::TypeError, "ord() expected string of length 1, but " + type_name(v) + " found");
  const Str* s = v.as<Str>();
  if (s->length != 1)
    raise(exc::TypeError, "ord() expected a character, but string of length " +
                              std::to_string(s->length) + " found");
  return Value::integer(s->code_point(0));
}

Value builtin_format(Args a) {
  if (a.npos > 2)
    raise(exc::TypeError, "format expected at most 2 arguments, got " + count_text(a.npos));
  Value bound[2];
  bind(a, "format", {"value", "format_spec"}, 1, bound);
  std::string_view spec;
  if (!bound[1].is_null()) {
    if (!is_str(bound[1]))
      raise(exc::TypeError,
            "format() argument 2 must be str, not " + type_name(bound[1]));
    spec = bound[1].as<Str>()->view();
  }
  return Value(format(bound[0], spec));
}

Value builtin_hash(Args a) {
  check_one_arg(a, "hash");
  return Value::integer(hash_key(a[0]));
}

// ---- objects and types ------------------------------------------------------------

Value builtin_repr(Args a) {
  check_one_arg(a, "repr");
  return Value(repr(a[0]));
}

Value builtin_ascii(Args a) {
  check_one_arg(a, "ascii");
  Ref<Str> r = repr(a[0]);
  if (r->ascii) return Value(std::move(r));
  return str_value(ascii_escape(r->view()));
}

Value builtin_id(Args a) {
  check_one_arg(a, "id");
  const Value& v = a[0];
  if (v.is_obj()) return Value::integer(static_cast<int64_t>(reinterpret_cast<intptr_t>(v.as_obj())));
  // Immediates have no address; give each value a stable odd number (object
  // addresses are even) that differs between tags.
  uint64_t payload = v.is_float() ? std::bit_cast<uint64_t>(v.as_float())
                                  : static_cast<uint64_t>(v.as_int());
  uint64_t id = ((payload << 4) | (static_cast<uint64_t>(v.tag()) << 1) | 1) & (~uint64_t{0} >> 1);
  return Value::integer(static_cast<int64_t>(id));
}

Value builtin_callable(Args a) {
  check_one_arg(a, "callable");
  return Value::boolean(is_callable(a[0]));
}

// isinstance / issubclass against a type or a (nested) tuple of types.
bool instance_of(const Value& v, const Value& cls) {
  if (is_type(cls)) {
    TypeObject* t = cls.as<TypeObject>();
    if (t->type != types::type) return metaclass_instancecheck(v, t);
    return isinstance(v, t);
  }
  if (is_tuple(cls)) {
    Ref<Tuple> t = Ref<Tuple>::borrow(cls.as<Tuple>());
    for (const Value& c : t->items)
      if (instance_of(v, c)) return true;
    return false;
  }
  // int | str checks as the tuple of its arguments.
  if (cls.is_obj() && cls.as_obj()->type == union_type)
    return instance_of(v, Value::borrow(cls.as<UnionType>()->args.get()));
  // Any other object decides through its class's __instancecheck__ (as
  // typing's aliases do: isinstance(x, typing.List)).
  static Str* instancecheck = intern("__instancecheck__");
  Value hook = lookup_special(cls, instancecheck);
  Value argv[1] = {v};
  if (!hook.is_null()) return truthy(call_with_self(hook, cls, Args{argv, 1, nullptr}));
  raise(exc::TypeError, "isinstance() arg 2 must be a type, a tuple of types, or a union");
}

bool subclass_of(const Value& sub, const Value& cls) {
  if (is_type(cls)) {
    TypeObject* c = cls.as<TypeObject>();
    if (c->type != types::type) return metaclass_subclasscheck(sub, c);
    if (!is_type(sub)) raise(exc::TypeError, "issubclass() arg 1 must be a class");
    return sub.as<TypeObject>()->is_subtype(c);
  }
  if (is_tuple(cls)) {
    Ref<Tuple> tt = Ref<Tuple>::borrow(cls.as<Tuple>());
    for (const Value& c : tt->items)
      if (subclass_of(sub, c)) return true;
    return false;
  }
  if (cls.is_obj() && cls.as_obj()->type == union_type)
    return subclass_of(sub, Value::borrow(cls.as<UnionType>()->args.get()));
  static Str* subclasscheck = intern("__subclasscheck__");
  Value hook = lookup_special(cls, subclasscheck);
  Value argv[1] = {sub};
  if (!hook.is_null()) return truthy(call_with_self(hook, cls, Args{argv, 1, nullptr}));
  if (!is_type(sub)) raise(exc::TypeError, "issubclass() arg 1 must be a class");
  raise(exc::TypeError, "issubclass() arg 2 must be a class, a tuple of classes, or a union");
}

Value builtin_isinstance(Args a) {
  expect_exactly(a, "isinstance", 2);
  return Value::boolean(instance_of(a[0], a[1]));
}

Value builtin_issubclass(Args a) {
  expect_exactly(a, "issubclass", 2);
  return Value::boolean(subclass_of(a[0], a[1]));
}

Value builtin_getattr(Args a) {
  expect_between(a, "getattr", 2, 3);
  Str* name = attr_name(a[1]);
  if (a.npos == 2) return getattr(a[0], name);
  Value v = getattr_or_null(a[0], name);
  return v.is_null() ? a[2] : v;
}

Value builtin_setattr(Args a) {
  expect_exactly(a, "setattr", 3);
  setattr(a[0], attr_name(a[1]), a[2]);
  return Value::none();
}

Value builtin_delattr(Args a) {
  expect_exactly(a, "delattr", 2);
  delattr(a[0], attr_name(a[1]));
  return Value::none();
}

Value builtin_hasattr(Args a) {
  expect_exactly(a, "hasattr", 2);
  return Value::boolean(hasattr(a[0], attr_name(a[1])));
}

// The calling frame's local namespace (a fresh dict for function frames).
Value frame_locals() {
  Frame* f = current_frame();
  if (!f) return Value(make_dict());
  if (f->locals_dict()) return Value::borrow(f->locals_dict());
  Ref<Dict> d = make_dict();
  CodeObject* code = f->code();
  auto locals = f->locals();
  for (size_t i = 0; i < locals.size(); ++i)
    if (!locals[i].is_null()) d->set(code->varnames[i], locals[i]);
  auto cells = f->cells();
  for (size_t i = 0; i < cells.size(); ++i) {
    const Value& c = cells[i];
    if (!(c.is_obj() && c.as_obj()->type == types::cell)) continue;
    const Value& content = c.as<Cell>()->value;
    if (content.is_null()) continue;
    Str* name = i < code->cellvars.size() ? code->cellvars[i]
                                          : code->freevars[i - code->cellvars.size()];
    d->set(name, content);
  }
  return Value(std::move(d));
}

Value builtin_globals(Args a) {
  check_no_args(a, "globals");
  Frame* f = current_frame();
  if (!f) return Value(make_dict());
  return Value::borrow(f->globals());
}

Value builtin_locals(Args a) {
  check_no_args(a, "locals");
  return frame_locals();
}

Value builtin_vars(Args a) {
  expect_between(a, "vars", 0, 1);
  if (a.npos == 0) return frame_locals();
  Value d = getattr_or_null(a[0], names::__dict__);
  if (d.is_null()) raise(exc::TypeError, "vars() argument must have __dict__ attribute");
  return d;
}

Value builtin_dir(Args a) {
  expect_between(a, "dir", 0, 1);
  std::vector<Value> names;
  if (a.npos == 0) {
    names = collect_items(frame_locals());
  } else {
    Layout layout = a[0].is_obj() ? a[0].as_obj()->type->layout : Layout::Other;
    Value custom = lookup_special(a[0], intern("__dir__"));
    if (layout == Layout::Module) {
      // module.__dir__: the module's namespace only.
      names = collect_items(Value(a[0].as<Module>()->dict));
    } else if (layout == Layout::Type &&
               (!a[0].as_obj()->type->heap || custom.is(types::object->dict->get(intern("__dir__"))))) {
      // type.__dir__ (unless a metaclass defines its own): the attributes
      // along the class's MRO.
      Ref<SetObject> seen = make_set();
      for (TypeObject* k : a[0].as<TypeObject>()->mro) set_update(seen.get(), Value(k->dict));
      names = collect_items(Value(seen));
    } else if (!custom.is_null()) {
      names = collect_items(call(custom, {a[0]}));
    } else {
      Ref<SetObject> seen = make_set();
      const Value& obj = a[0];
      Value inst = getattr_or_null(obj, names::__dict__);
      if (inst.is_obj() && inst.as_obj()->type == types::dict) set_update(seen.get(), inst);
      TypeObject* t = is_type(obj) ? obj.as<TypeObject>() : obj.type();
      for (TypeObject* k : t->mro) set_update(seen.get(), Value(k->dict));
      names = collect_items(Value(seen));
    }
  }
  Ref<List> result = make_list(std::move(names));
  sort_list(result.get(), Value(), false);
  return Value(std::move(result));
}

// ---- outside the subset -----------------------------------------------------------

[[noreturn]] void unsupported(const char* what) {
  raise(exc::NotImplementedError, std::string(what) + " is not supported by refc");
}

Value builtin_open(Args a) { return builtin_open_file(a); }
Value builtin_exec(Args) { unsupported("exec()"); }
Value builtin_eval(Args) { unsupported("eval()"); }
Value builtin_compile(Args) { unsupported("compile()"); }
Value builtin_input(Args) { unsupported("input()"); }

} // namespace

void init_builtin_functions(Dict* builtins) {
#define REFC_BUILTIN(name) builtins->set(intern(#name), Value(make_native(#name, builtin_##name)));
#include "reference_compiler/lang/builtin_functions.def"
#undef REFC_BUILTIN
  // The iterator types that are also built-in names.
  builtins->set(intern("enumerate"), Value::borrow(iter_types::enumerate));
  builtins->set(intern("zip"), Value::borrow(iter_types::zip));
  builtins->set(intern("map"), Value::borrow(iter_types::map));
  builtins->set(intern("filter"), Value::borrow(iter_types::filter));
  builtins->set(intern("reversed"), Value::borrow(iter_types::reversed));
}

} // namespace refc::lang
