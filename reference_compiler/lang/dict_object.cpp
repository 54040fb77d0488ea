// Dict: CPython's compact ordered dict (a dense entry vector in insertion
// order plus an open-addressing index table probed as dictobject.c probes) and
// the dict type's methods. Lookups compare the stored hash, then identity, then
// str/int equality inline, and only then call __eq__; after any user code the
// probe re-validates the table, so a dict mutated by a key's __eq__ stays
// memory-safe. Every mutation takes a fresh global version number.
#include "reference_compiler/lang/dict_object.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/container_support.h"
#include "reference_compiler/lang/dict_view_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/iterators.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/repr_guard.h"
#include "reference_compiler/lang/singletons.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/lang/type_initializers.h"

namespace refc::lang {

namespace {
constexpr int32_t kEmpty = -1;
constexpr int32_t kDummy = -2;
constexpr size_t kMinSize = 8;

// Entries a table of `size` index slots may hold before it must grow (2/3).
size_t usable_size(size_t size) { return (size << 1) / 3; }

// CPython's open-addressing probe order for `hash` in an index table of `size`
// slots (a power of two): the low bits first, then the higher bits mixed in.
struct ProbeSequence {
  size_t mask, perturb, slot;
  ProbeSequence(int64_t hash, size_t size)
      : mask(size - 1), perturb(static_cast<size_t>(hash)),
        slot(static_cast<size_t>(hash) & mask) {}
  void next() {
    perturb >>= 5;
    slot = (slot * 5 + perturb + 1) & mask;
  }
};
} // namespace

uint64_t next_dict_version() {
  static uint64_t version = 0;
  return ++version;
}

Dict::Dict() : TrackedObject(types::dict), version_(next_dict_version()) {}

void Dict::traverse(ReferenceVisitor& visit) {
  for (const Entry& e : entries_) {
    visit(e.key);
    visit(e.value);
  }
}
void Dict::clear_references() { clear(); }

Ref<Dict> make_dict() { return make<Dict>(); }

void Dict::touch() { version_ = next_dict_version(); }

int64_t Dict::lookup_slot(const Value& key, int64_t hash) const {
restart:
  if (index_.empty()) return -1;
  for (ProbeSequence probe(hash, index_.size());; probe.next()) {
    int32_t ix = index_[probe.slot];
    if (ix == kEmpty) return -1;
    if (ix >= 0) {
      const Entry& e = entries_[static_cast<size_t>(ix)];
      if (e.hash == hash) {
        if (e.key.is(key)) return ix;
        bool both_str = is_str(e.key) && is_str(key);
        if (both_str || (e.key.is_int() && key.is_int())) {
          if (both_str && str_equal(e.key.as<Str>(), key.as<Str>())) return ix;
        } else {
          Value start_key = e.key; // owned: __eq__ may delete the entry
          size_t table_size = index_.size();
          bool eq = equals(start_key, key);
          if (index_.size() != table_size || index_[probe.slot] != ix ||
              static_cast<size_t>(ix) >= entries_.size() ||
              !entries_[static_cast<size_t>(ix)].key.is(start_key))
            goto restart; // the table changed under us
          if (eq) return ix;
        }
      }
    }
  }
}

int64_t Dict::find_index(const Str* key) const {
  if (index_.empty()) return -1;
  int64_t hash = key->hash();
  for (ProbeSequence probe(hash, index_.size());; probe.next()) {
    int32_t ix = index_[probe.slot];
    if (ix == kEmpty) return -1;
    if (ix >= 0) {
      const Entry& e = entries_[static_cast<size_t>(ix)];
      if (e.key.is_obj() && e.key.as_obj() == key) return ix;
      if (e.hash == hash && is_str(e.key) && str_equal(e.key.as<Str>(), key)) return ix;
    }
  }
}

Value Dict::get(const Str* key) const {
  int64_t ix = find_index(key);
  return ix < 0 ? Value() : entries_[static_cast<size_t>(ix)].value;
}

Value Dict::get(const Value& key) const {
  if (is_str(key)) return get(key.as<Str>());
  return get_with_hash(key, hash_key(key));
}

Value Dict::get_with_hash(const Value& key, int64_t hash) const {
  int64_t ix = lookup_slot(key, hash);
  return ix < 0 ? Value() : entries_[static_cast<size_t>(ix)].value;
}

void Dict::set(const Value& key, Value value) {
  if (is_str(key)) {
    set(key.as<Str>(), std::move(value));
    return;
  }
  set_with_hash(key, hash_key(key), std::move(value));
}

void Dict::set(Str* key, Value value) {
  int64_t ix = find_index(key);
  if (ix >= 0) {
    Value old = std::move(entries_[static_cast<size_t>(ix)].value);
    entries_[static_cast<size_t>(ix)].value = std::move(value);
    touch();
    return;
  }
  insert_new(key->hash(), Value::borrow(key), std::move(value));
}

void Dict::set_with_hash(const Value& key, int64_t hash, Value value) {
  int64_t ix = lookup_slot(key, hash);
  if (ix >= 0) {
    // The existing key object is kept (d[1.0] = x keeps the key 1), as in CPython.
    Value old = std::move(entries_[static_cast<size_t>(ix)].value);
    entries_[static_cast<size_t>(ix)].value = std::move(value);
    touch();
    return;
  }
  insert_new(hash, key, std::move(value));
}

void Dict::insert_new(int64_t hash, Value key, Value value) {
  if (index_.empty() || entries_.size() >= usable_size(index_.size()))
    rebuild(static_cast<size_t>(used_) * 3);
  ProbeSequence probe(hash, index_.size());
  while (index_[probe.slot] >= 0) probe.next();
  index_[probe.slot] = static_cast<int32_t>(entries_.size());
  entries_.push_back(Entry{hash, std::move(key), std::move(value)});
  ++used_;
  touch();
}

void Dict::rebuild(size_t min_capacity) {
  size_t size = kMinSize;
  while (size < min_capacity) size <<= 1;
  if (size > (size_t{1} << 30)) raise(exc::MemoryError, "");
  std::vector<Entry> live;
  live.reserve(usable_size(size));
  for (Entry& e : entries_)
    if (!e.key.is_null()) live.push_back(std::move(e));
  std::vector<int32_t> index(size, kEmpty);
  for (size_t n = 0; n < live.size(); ++n) {
    ProbeSequence probe(live[n].hash, size);
    while (index[probe.slot] != kEmpty) probe.next();
    index[probe.slot] = static_cast<int32_t>(n);
  }
  entries_.swap(live);
  index_.swap(index);
}

namespace {
// The index-table position holding entry `ix` (which must be present).
size_t slot_of(const std::vector<int32_t>& index, int64_t hash, int64_t ix) {
  ProbeSequence probe(hash, index.size());
  while (index[probe.slot] != ix) probe.next();
  return probe.slot;
}
} // namespace

Value Dict::pop(const Value& key) { return pop_with_hash(key, hash_key(key)); }

Value Dict::pop_with_hash(const Value& key, int64_t hash) {
  int64_t ix = lookup_slot(key, hash);
  if (ix < 0) return Value();
  index_[slot_of(index_, hash, ix)] = kDummy;
  Entry& e = entries_[static_cast<size_t>(ix)];
  Value old_key = std::move(e.key);
  Value value = std::move(e.value);
  --used_;
  touch();
  return value; // old_key is released after the dict is consistent
}

bool Dict::pop_last(Value& key, Value& value) {
  if (used_ == 0) return false;
  size_t i = entries_.size();
  while (i > 0 && entries_[i - 1].key.is_null()) --i;
  Entry& e = entries_[i - 1];
  index_[slot_of(index_, e.hash, static_cast<int64_t>(i - 1))] = kDummy;
  key = std::move(e.key);
  value = std::move(e.value);
  entries_.resize(i - 1);
  --used_;
  touch();
  return true;
}

void Dict::clear() {
  std::vector<Entry> old_entries;
  std::vector<int32_t> old_index;
  old_entries.swap(entries_);
  old_index.swap(index_);
  used_ = 0;
  touch();
}

// ---- the dict type --------------------------------------------------------------

namespace {

Dict* self_dict(const Args& a, std::string_view method) {
  return receiver<Dict>(a, types::dict, method);
}

bool is_dict(const Value& v) { return v.is_obj() && v.as_obj()->type->layout == Layout::Dict; }

// Inserts every entry of `src` into `dst` (PyDict_Merge for two dicts).
void merge_dicts(Dict* dst, Dict* src) {
  if (dst == src) return;
  Ref<Dict> keep = Ref<Dict>::borrow(src);
  int64_t size = src->size();
  for (size_t i = 0; i < src->entries().size(); ++i) {
    const Dict::Entry& e = src->entries()[i];
    if (e.key.is_null()) continue;
    Value key = e.key, value = e.value;
    int64_t hash = e.hash;
    dst->set_with_hash(key, hash, std::move(value));
    if (src->size() != size) raise(exc::RuntimeError, "dict mutated during update");
  }
}

// PyDict_MergeFromSeq2: an iterable of 2-item sequences.
void merge_pairs(Dict* d, const Value& seq) {
  Value it = get_iter(seq);
  int64_t n = 0;
  for (Value item = next_item(it); !item.is_null(); item = next_item(it), ++n) {
    std::vector<Value> pair;
    if (item.is_obj() && item.as_obj()->type->layout == Layout::Tuple) {
      pair = item.as<Tuple>()->items;
    } else if (item.is_obj() && item.as_obj()->type->layout == Layout::List) {
      pair = item.as<List>()->items;
    } else {
      try {
        pair = collect_items(item);
      } catch (const PyError& e) {
        if (isinstance(e.exc, exc::TypeError))
          raise(exc::TypeError, "cannot convert dictionary update sequence element #" +
                                    std::to_string(n) + " to a sequence");
        throw;
      }
    }
    if (pair.size() != 2)
      raise(exc::ValueError, "dictionary update sequence element #" + std::to_string(n) +
                                 " has length " + std::to_string(pair.size()) +
                                 "; 2 is required");
    d->set(pair[0], std::move(pair[1]));
  }
}

// dict_update_arg: a dict, a mapping with keys(), or an iterable of pairs.
void update_from(Dict* d, const Value& arg) {
  if (arg.is_obj() && arg.as_obj()->type == types::dict) {
    merge_dicts(d, arg.as<Dict>());
    return;
  }
  if (hasattr(arg, names::keys)) {
    Value keys = call_method(arg, names::keys, {});
    Value it = get_iter(keys);
    for (Value k = next_item(it); !k.is_null(); k = next_item(it)) d->set(k, getitem(arg, k));
    return;
  }
  merge_pairs(d, arg);
}

void update_from_keywords(Dict* d, const Args& a) {
  for (size_t i = 0; i < a.nkw(); ++i) d->set(a.kwname(i), a.kwvalue(i));
}

Value dict_new(Args a) {
  if (a.npos > 2)
    raise(exc::TypeError, "dict expected at most 1 argument, got " + std::to_string(a.npos - 1));
  Ref<Dict> d = make_dict();
  if (a.npos == 2) update_from(d.get(), a[1]);
  update_from_keywords(d.get(), a);
  return Value(std::move(d));
}

Value dict_repr(Args a) {
  Dict* d = self_dict(a, "__repr__");
  if (d->size() == 0) return str_value("{}");
  ReprGuard guard(d);
  if (guard.recursive()) return str_value("{...}");
  std::string out = "{";
  bool first = true;
  for (size_t i = 0; i < d->entries().size(); ++i) {
    const Dict::Entry& e = d->entries()[i];
    if (e.key.is_null()) continue;
    Value key = e.key, value = e.value; // owned: repr may mutate the dict
    if (!first) out += ", ";
    first = false;
    append_repr(out, key);
    out += ": ";
    append_repr(out, value);
  }
  out += "}";
  return str_value(std::move(out));
}

Value dict_len(Args a) {
  Dict* d = self_dict(a, "__len__");
  check_method_no_args(a, "dict.__len__");
  return Value::integer(d->size());
}

Value dict_getitem(Args a) {
  Dict* d = self_dict(a, "__getitem__");
  check_method_one_arg(a, "dict.__getitem__");
  Value v = d->get(a[1]);
  if (v.is_null()) raise_key_error(a[1]);
  return v;
}

Value dict_setitem(Args a) {
  Dict* d = self_dict(a, "__setitem__");
  if (a.npos != 3)
    raise(exc::TypeError, "expected 2 arguments, got " + std::to_string(a.npos - 1));
  d->set(a[1], a[2]);
  return Value::none();
}

Value dict_delitem(Args a) {
  Dict* d = self_dict(a, "__delitem__");
  check_method_one_arg(a, "dict.__delitem__");
  if (d->pop(a[1]).is_null()) raise_key_error(a[1]);
  return Value::none();
}

Value dict_contains(Args a) {
  Dict* d = self_dict(a, "__contains__");
  check_method_one_arg(a, "dict.__contains__");
  return Value::boolean(!d->get(a[1]).is_null());
}

Value dict_iter(Args a) {
  return make_dict_iterator(Ref<Dict>::borrow(self_dict(a, "__iter__")), 0);
}

Value dict_reversed(Args a) {
  Dict* d = self_dict(a, "__reversed__");
  check_method_no_args(a, "dict.__reversed__");
  return make_dict_iterator(Ref<Dict>::borrow(d), 0, true);
}

bool dicts_equal(Dict* a, Dict* b) {
  if (a->size() != b->size()) return false;
  Ref<Dict> keep_a = Ref<Dict>::borrow(a), keep_b = Ref<Dict>::borrow(b);
  for (size_t i = 0; i < a->entries().size(); ++i) {
    const Dict::Entry& e = a->entries()[i];
    if (e.key.is_null()) continue;
    Value key = e.key, aval = e.value;
    int64_t hash = e.hash;
    Value bval = b->get_with_hash(key, hash);
    if (bval.is_null()) return false;
    if (!keys_equal(aval, bval)) return false;
  }
  return true;
}

Value dict_eq(Args a) {
  Dict* d = self_dict(a, "__eq__");
  check_method_one_arg(a, "dict.__eq__");
  if (!is_dict(a[1])) return not_implemented();
  return Value::boolean(dicts_equal(d, a[1].as<Dict>()));
}

Value dict_ne(Args a) {
  Dict* d = self_dict(a, "__ne__");
  check_method_one_arg(a, "dict.__ne__");
  if (!is_dict(a[1])) return not_implemented();
  return Value::boolean(!dicts_equal(d, a[1].as<Dict>()));
}

Ref<Dict> copy_dict(Dict* d) {
  Ref<Dict> out = make_dict();
  merge_dicts(out.get(), d);
  return out;
}

Value dict_or(Args a) {
  Dict* d = self_dict(a, "__or__");
  check_method_one_arg(a, "dict.__or__");
  if (!is_dict(a[1])) return not_implemented();
  Ref<Dict> out = copy_dict(d);
  merge_dicts(out.get(), a[1].as<Dict>());
  return Value(std::move(out));
}

Value dict_ror(Args a) {
  Dict* d = self_dict(a, "__ror__");
  check_method_one_arg(a, "dict.__ror__");
  if (!is_dict(a[1])) return not_implemented();
  Ref<Dict> out = copy_dict(a[1].as<Dict>());
  merge_dicts(out.get(), d);
  return Value(std::move(out));
}

Value dict_ior(Args a) {
  Dict* d = self_dict(a, "__ior__");
  check_method_one_arg(a, "dict.__ior__");
  update_from(d, a[1]);
  return a[0];
}

Value dict_get(Args a) {
  Dict* d = self_dict(a, "get");
  reject_keywords(a, "get");
  if (a.npos < 2) raise(exc::TypeError, "get expected at least 1 argument, got 0");
  if (a.npos > 3)
    raise(exc::TypeError, "get expected at most 2 arguments, got " + std::to_string(a.npos - 1));
  Value v = d->get(a[1]);
  if (!v.is_null()) return v;
  return a.npos == 3 ? a[2] : Value::none();
}

Value dict_setdefault(Args a) {
  Dict* d = self_dict(a, "setdefault");
  reject_keywords(a, "setdefault");
  if (a.npos < 2) raise(exc::TypeError, "setdefault expected at least 1 argument, got 0");
  if (a.npos > 3)
    raise(exc::TypeError,
          "setdefault expected at most 2 arguments, got " + std::to_string(a.npos - 1));
  int64_t hash = hash_key(a[1]);
  Value v = d->get_with_hash(a[1], hash);
  if (!v.is_null()) return v;
  Value dflt = a.npos == 3 ? a[2] : Value::none();
  d->set_with_hash(a[1], hash, dflt);
  return dflt;
}

Value dict_pop(Args a) {
  Dict* d = self_dict(a, "pop");
  reject_keywords(a, "pop");
  if (a.npos < 2) raise(exc::TypeError, "pop expected at least 1 argument, got 0");
  if (a.npos > 3)
    raise(exc::TypeError, "pop expected at most 2 arguments, got " + std::to_string(a.npos - 1));
  Value v = d->pop(a[1]);
  if (!v.is_null()) return v;
  if (a.npos == 3) return a[2];
  raise_key_error(a[1]);
}

Value dict_popitem(Args a) {
  Dict* d = self_dict(a, "popitem");
  check_method_no_args(a, "dict.popitem");
  Value key, value;
  if (!d->pop_last(key, value)) raise(exc::KeyError, "popitem(): dictionary is empty");
  return Value(make_tuple({std::move(key), std::move(value)}));
}

Value dict_update(Args a) {
  Dict* d = self_dict(a, "update");
  if (a.npos > 2)
    raise(exc::TypeError, "update expected at most 1 argument, got " + std::to_string(a.npos - 1));
  if (a.npos == 2) update_from(d, a[1]);
  update_from_keywords(d, a);
  return Value::none();
}

// keys(), values() and items(): a live view of the dict.
Value dict_view_method(Args a, std::string_view method, std::string_view qualname,
                       DictViewKind kind) {
  Dict* d = self_dict(a, method);
  check_method_no_args(a, qualname);
  return make_dict_view(Ref<Dict>::borrow(d), kind);
}

Value dict_keys(Args a) { return dict_view_method(a, "keys", "dict.keys", DictViewKind::Keys); }
Value dict_values(Args a) {
  return dict_view_method(a, "values", "dict.values", DictViewKind::Values);
}
Value dict_items(Args a) { return dict_view_method(a, "items", "dict.items", DictViewKind::Items); }

Value dict_clear(Args a) {
  Dict* d = self_dict(a, "clear");
  check_method_no_args(a, "dict.clear");
  d->clear();
  return Value::none();
}

Value dict_copy(Args a) {
  Dict* d = self_dict(a, "copy");
  check_method_no_args(a, "dict.copy");
  return Value(copy_dict(d));
}

Value dict_fromkeys(Args a) {
  reject_keywords(a, "fromkeys");
  if (a.npos < 2) raise(exc::TypeError, "fromkeys expected at least 1 argument, got 0");
  if (a.npos > 3)
    raise(exc::TypeError,
          "fromkeys expected at most 2 arguments, got " + std::to_string(a.npos - 1));
  Value d = call(a[0], {});
  Value value = a.npos == 3 ? a[2] : Value::none();
  Value it = get_iter(a[1]);
  if (is_dict(d)) {
    Dict* dd = d.as<Dict>();
    for (Value k = next_item(it); !k.is_null(); k = next_item(it)) dd->set(k, value);
  } else {
    for (Value k = next_item(it); !k.is_null(); k = next_item(it)) setitem(d, k, value);
  }
  return d;
}

} // namespace

void init_dict_type() {
  TypeObject* t = types::dict;
  add_new(t, dict_new);
  add_method(t, "__repr__", dict_repr);
  add_method(t, "__len__", dict_len);
  add_method(t, "__getitem__", dict_getitem);
  add_method(t, "__setitem__", dict_setitem);
  add_method(t, "__delitem__", dict_delitem);
  add_method(t, "__contains__", dict_contains);
  add_method(t, "__iter__", dict_iter);
  add_method(t, "__reversed__", dict_reversed);
  add_method(t, "__eq__", dict_eq);
  add_method(t, "__ne__", dict_ne);
  add_method(t, "__or__", dict_or);
  add_method(t, "__ror__", dict_ror);
  add_method(t, "__ior__", dict_ior);
  add_method(t, "get", dict_get);
  add_method(t, "setdefault", dict_setdefault);
  add_method(t, "pop", dict_pop);
  add_method(t, "popitem", dict_popitem);
  add_method(t, "update", dict_update);
  add_method(t, "keys", dict_keys);
  add_method(t, "values", dict_values);
  add_method(t, "items", dict_items);
  add_method(t, "clear", dict_clear);
  add_method(t, "copy", dict_copy);
  add_classmethod(t, "fromkeys", dict_fromkeys);
  t->set_attr(names::__hash__, Value::none());
  init_dict_view_types();
}

} // namespace refc::lang
