// The native iterators of iterators.h and the types behind them (including the
// built-in enumerate, zip, map, filter and reversed). Each `next` function
// returns Null when exhausted instead of raising StopIteration; the types'
// __next__ natives pass that Null on (native_function.h's convention), and
// Python-level callers see a StopIteration.
#include "reference_compiler/lang/iterators.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/container_support.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/number_ops.h"
#include "reference_compiler/lang/range_object.h"
#include "reference_compiler/lang/set_object.h"
#include "reference_compiler/lang/type_initializers.h"

namespace refc::lang {

TypeObject* make_native_type(std::string name, Layout layout) {
  return new TypeObject(std::move(name), types::object, layout, false);
}

Value next_item(const Value& iterator) {
  if (IteratorObject* native = as_native_iterator(iterator)) return native->next();
  return iter_next(iterator);
}

namespace {

// A (a, b) result tuple, reusing the previous one when nobody else holds it
// (CPython's trick for dict.items(), enumerate and zip).
Value pair_result(Ref<Tuple>& cache, Value a, Value b) {
  if (cache && cache->refcnt == 1 && cache->items.size() == 2) {
    Value old0 = std::move(cache->items[0]), old1 = std::move(cache->items[1]);
    cache->items[0] = std::move(a);
    cache->items[1] = std::move(b);
    return Value(cache);
  }
  cache = make<Tuple>(std::vector<Value>{std::move(a), std::move(b)});
  return Value(cache);
}

bool is_exc(const PyError& e, TypeObject* t) { return isinstance(e.exc, t); }

// ---- list, tuple, range -------------------------------------------------------

Value list_next(IteratorObject* self) {
  auto* it = static_cast<ListIterator*>(self);
  if (it->list && it->index < it->list->size())
    return it->list->items[static_cast<size_t>(it->index++)];
  it->list = nullptr;
  return Value();
}

struct ListReverseIterator : IteratorObject {
  ListReverseIterator(Ref<List> l)
      : IteratorObject(iter_types::list_reverseiterator, &step), list(std::move(l)),
        index(list->size() - 1) {}
  static Value step(IteratorObject* self) {
    auto* it = static_cast<ListReverseIterator*>(self);
    if (it->list && it->index >= 0 && it->index < it->list->size())
      return it->list->items[static_cast<size_t>(it->index--)];
    it->index = -1;
    it->list = nullptr;
    return Value();
  }
  Ref<List> list;
  int64_t index;
};

Value tuple_next(IteratorObject* self) {
  auto* it = static_cast<TupleIterator*>(self);
  if (it->tuple && it->index < it->tuple->size())
    return it->tuple->items[static_cast<size_t>(it->index++)];
  it->tuple = nullptr;
  return Value();
}

Value range_next(IteratorObject* self) {
  auto* it = static_cast<RangeIterator*>(self);
  if (it->remaining <= 0) return Value();
  int64_t v = it->next_value;
  --it->remaining;
  // Wrapping add: after the last value the next one may lie outside int64.
  it->next_value =
      static_cast<int64_t>(static_cast<uint64_t>(v) + static_cast<uint64_t>(it->step));
  return Value::integer(v);
}

// ---- set and dict ---------------------------------------------------------------

struct SetIterator : IteratorObject {
  SetIterator(Ref<SetObject> s)
      : IteratorObject(iter_types::set_iterator, &step), set(std::move(s)), used(set->size()) {}
  static Value step(IteratorObject* self) {
    auto* it = static_cast<SetIterator*>(self);
    if (!it->set) return Value();
    if (it->used != it->set->size()) {
      it->used = -1; // sticky, as in CPython
      raise(exc::RuntimeError, "Set changed size during iteration");
    }
    const auto& table = it->set->table();
    Object* dummy = SetObject::dummy_key();
    while (it->pos < table.size()) {
      const Value& k = table[it->pos++].key;
      if (!k.is_null() && !(k.is_obj() && k.as_obj() == dummy)) return k;
    }
    it->set = nullptr;
    return Value();
  }
  Ref<SetObject> set;
  int64_t used;
  size_t pos = 0;
};

struct DictIterator : IteratorObject {
  DictIterator(TypeObject* t, Ref<Dict> d, int kind, bool reverse)
      : IteratorObject(t, reverse ? &step_reverse : &step), dict(std::move(d)), used(dict->size()),
        remaining(dict->size()), kind(kind) {
    pos = reverse ? static_cast<int64_t>(dict->entries().size()) - 1 : 0;
  }

  Value produce(const Dict::Entry& e) {
    if (kind == 0) return e.key;
    if (kind == 1) return e.value;
    return pair_result(result, e.key, e.value);
  }

  void check_size() {
    if (used != dict->size()) {
      used = -1;
      raise(exc::RuntimeError, "dictionary changed size during iteration");
    }
  }

  static Value step(IteratorObject* self) {
    auto* it = static_cast<DictIterator*>(self);
    if (!it->dict) return Value();
    it->check_size();
    const auto& entries = it->dict->entries();
    int64_t i = it->pos, n = static_cast<int64_t>(entries.size());
    while (i < n && entries[static_cast<size_t>(i)].key.is_null()) ++i;
    if (i >= n) {
      it->dict = nullptr;
      return Value();
    }
    if (it->remaining == 0) {
      it->dict = nullptr;
      raise(exc::RuntimeError, "dictionary keys changed during iteration");
    }
    it->pos = i + 1;
    --it->remaining;
    return it->produce(entries[static_cast<size_t>(i)]);
  }

  static Value step_reverse(IteratorObject* self) {
    auto* it = static_cast<DictIterator*>(self);
    if (!it->dict) return Value();
    it->check_size();
    const auto& entries = it->dict->entries();
    int64_t i = std::min<int64_t>(it->pos, static_cast<int64_t>(entries.size()) - 1);
    while (i >= 0 && entries[static_cast<size_t>(i)].key.is_null()) --i;
    if (i < 0) {
      it->dict = nullptr;
      return Value();
    }
    it->pos = i - 1;
    --it->remaining;
    return it->produce(entries[static_cast<size_t>(i)]);
  }

  Ref<Dict> dict; // null once exhausted
  int64_t used, remaining;
  int64_t pos;
  int kind;
  Ref<Tuple> result;
};

// ---- the sequence protocol and iter(callable, sentinel) -------------------------

struct SeqIterator : IteratorObject {
  SeqIterator(Value s) : IteratorObject(iter_types::seq_iterator, &step), seq(std::move(s)) {}
  static Value step(IteratorObject* self) {
    auto* it = static_cast<SeqIterator*>(self);
    if (it->seq.is_null()) return Value();
    try {
      Value v = getitem(it->seq, Value::integer(it->index));
      ++it->index;
      return v;
    } catch (const PyError& e) {
      if (!is_exc(e, exc::IndexError) && !is_exc(e, exc::StopIteration)) throw;
    }
    it->seq = Value();
    return Value();
  }
  Value seq;
  int64_t index = 0;
};

struct CallableIterator : IteratorObject {
  CallableIterator(Value c, Value s)
      : IteratorObject(iter_types::callable_iterator, &step), callable(std::move(c)),
        sentinel(std::move(s)) {}
  static Value step(IteratorObject* self) {
    auto* it = static_cast<CallableIterator*>(self);
    if (it->callable.is_null()) return Value();
    Value result;
    try {
      result = call(it->callable, {});
    } catch (const PyError& e) {
      if (!is_exc(e, exc::StopIteration)) throw;
      it->callable = Value();
      return Value();
    }
    if (keys_equal(result, it->sentinel)) {
      it->callable = Value();
      it->sentinel = Value();
      return Value();
    }
    return result;
  }
  Value callable, sentinel;
};

// ---- enumerate, zip, map, filter, reversed ---------------------------------------

struct Enumerate : IteratorObject {
  Enumerate(Value it, int64_t start)
      : IteratorObject(iter_types::enumerate, &step), iter(std::move(it)), count(start) {}
  static Value step(IteratorObject* self) {
    auto* it = static_cast<Enumerate*>(self);
    Value item = next_item(it->iter);
    if (item.is_null()) return Value();
    int64_t index = it->count;
    it->count = int_add(index, 1);
    return pair_result(it->result, Value::integer(index), std::move(item));
  }
  Value iter;
  int64_t count;
  Ref<Tuple> result;
};

struct Zip : IteratorObject {
  Zip(std::vector<Value> its, bool strict)
      : IteratorObject(iter_types::zip, &step), iters(std::move(its)), strict(strict) {}
  static Value step(IteratorObject* self) {
    auto* it = static_cast<Zip*>(self);
    size_t n = it->iters.size();
    if (n == 0) return Value();
    std::vector<Value> items;
    items.reserve(n);
    for (size_t i = 0; i < n; ++i) {
      Value item = next_item(it->iters[i]);
      if (item.is_null()) {
        if (it->strict) it->check_lengths(i);
        return Value();
      }
      items.push_back(std::move(item));
    }
    if (n == 2) return pair_result(it->result, std::move(items[0]), std::move(items[1]));
    return Value(make_tuple(std::move(items)));
  }
  // zip(strict=True): iterator i ran out; the others must end here too.
  void check_lengths(size_t i) {
    auto plural = [](size_t k) { return k == 1 ? std::string(" ") : std::string("s 1-"); };
    if (i > 0)
      raise(exc::ValueError, "zip() argument " + std::to_string(i + 1) + " is shorter than argument" +
                                 plural(i) + std::to_string(i));
    for (size_t k = 1; k < iters.size(); ++k) {
      if (!next_item(iters[k]).is_null())
        raise(exc::ValueError, "zip() argument " + std::to_string(k + 1) +
                                   " is longer than argument" + plural(k) + std::to_string(k));
    }
  }
  std::vector<Value> iters;
  bool strict;
  Ref<Tuple> result;
};

struct Map : IteratorObject {
  Map(Value f, std::vector<Value> its)
      : IteratorObject(iter_types::map, &step), func(std::move(f)), iters(std::move(its)) {}
  static Value step(IteratorObject* self) {
    auto* it = static_cast<Map*>(self);
    if (it->iters.size() == 1) {
      Value item = next_item(it->iters[0]);
      if (item.is_null()) return Value();
      return call(it->func, {item});
    }
    std::vector<Value> args;
    args.reserve(it->iters.size());
    for (const Value& i : it->iters) {
      Value item = next_item(i);
      if (item.is_null()) return Value();
      args.push_back(std::move(item));
    }
    return call(it->func, Args{args.data(), args.size(), nullptr});
  }
  Value func;
  std::vector<Value> iters;
};

struct Filter : IteratorObject {
  Filter(Value f, Value it)
      : IteratorObject(iter_types::filter, &step), func(std::move(f)), iter(std::move(it)) {}
  static Value step(IteratorObject* self) {
    auto* it = static_cast<Filter*>(self);
    bool identity =
        it->func.is_none() || (it->func.is_obj() && it->func.as_obj() == types::bool_);
    for (;;) {
      Value item = next_item(it->iter);
      if (item.is_null()) return Value();
      bool keep = identity ? truthy(item) : truthy(call(it->func, {item}));
      if (keep) return item;
    }
  }
  Value func, iter;
};

struct Reversed : IteratorObject {
  Reversed(Value s, int64_t n)
      : IteratorObject(iter_types::reversed, &step), seq(std::move(s)), index(n - 1) {}
  static Value step(IteratorObject* self) {
    auto* it = static_cast<Reversed*>(self);
    if (it->index >= 0 && !it->seq.is_null()) {
      try {
        Value v = getitem(it->seq, Value::integer(it->index));
        --it->index;
        return v;
      } catch (const PyError& e) {
        if (!is_exc(e, exc::IndexError) && !is_exc(e, exc::StopIteration)) throw;
      }
    }
    it->index = -1;
    it->seq = Value();
    return Value();
  }
  Value seq;
  int64_t index;
};

// ---- the types' methods ------------------------------------------------------------

Value iterator_iter(Args a) {
  if (a.npos != 1 || !as_native_iterator(a[0]))
    raise(exc::TypeError, "expected an iterator as the receiver of __iter__");
  return a[0];
}

Value iterator_next(Args a) {
  IteratorObject* it = a.npos == 1 ? as_native_iterator(a[0]) : nullptr;
  if (!it) raise(exc::TypeError, "expected an iterator as the receiver of __next__");
  return it->next(); // Null: exhausted (call() raises StopIteration for Python callers)
}

// Binds `names` (positional order) from a's positionals and keywords, with
// CPython's messages for an Argument-Clinic builtin `fname`.
void bind_args(const Args& a, std::string_view fname, std::initializer_list<const char*> names,
               size_t required, Value* out) {
  size_t n = names.size();
  if (a.npos > n)
    raise(exc::TypeError, std::string(fname) + "() takes at most " + std::to_string(n) +
                              " arguments (" + std::to_string(a.npos + a.nkw()) + " given)");
  for (size_t i = 0; i < a.npos; ++i) out[i] = a[i];
  for (size_t k = 0; k < a.nkw(); ++k) {
    std::string_view key = a.kwname(k)->view();
    size_t i = 0;
    for (const char* name : names) {
      if (key == name) break;
      ++i;
    }
    if (i == n)
      raise(exc::TypeError,
            "'" + std::string(key) + "' is an invalid keyword argument for " + std::string(fname) + "()");
    if (!out[i].is_null())
      raise(exc::TypeError, "argument for " + std::string(fname) + "() given by name ('" +
                                std::string(key) + "') and position (" + std::to_string(i + 1) + ")");
    out[i] = a.kwvalue(k);
  }
  size_t i = 0;
  for (const char* name : names) {
    if (i < required && out[i].is_null())
      raise(exc::TypeError, std::string(fname) + "() missing required argument '" + name + "'");
    ++i;
  }
}

Value enumerate_new(Args a) {
  Value bound[2];
  bind_args(a.drop_first(), "enumerate", {"iterable", "start"}, 1, bound);
  int64_t start = bound[1].is_null() ? 0 : to_index(bound[1]);
  Value it = get_iter(bound[0]);
  return Value(make<Enumerate>(std::move(it), start));
}

Value zip_new(Args a) {
  bool strict = false;
  if (a.nkw() > 1)
    raise(exc::TypeError,
          "zip() takes at most 1 keyword argument (" + std::to_string(a.nkw()) + " given)");
  if (a.nkw() == 1) {
    std::string_view key = a.kwname(0)->view();
    if (key != "strict")
      raise(exc::TypeError, "'" + std::string(key) + "' is an invalid keyword argument for zip()");
    strict = truthy(a.kwvalue(0));
  }
  std::vector<Value> iters;
  iters.reserve(a.npos);
  for (size_t i = 1; i < a.npos; ++i) iters.push_back(get_iter(a[i]));
  return Value(make<Zip>(std::move(iters), strict));
}

Value map_new(Args a) {
  if (a.nkw() != 0) raise(exc::TypeError, "map() takes no keyword arguments");
  if (a.npos < 3) raise(exc::TypeError, "map() must have at least two arguments.");
  std::vector<Value> iters;
  for (size_t i = 2; i < a.npos; ++i) iters.push_back(get_iter(a[i]));
  return Value(make<Map>(a[1], std::move(iters)));
}

Value filter_new(Args a) {
  if (a.nkw() != 0) raise(exc::TypeError, "filter() takes no keyword arguments");
  if (a.npos != 3)
    raise(exc::TypeError, "filter expected 2 arguments, got " + std::to_string(a.npos - 1));
  return Value(make<Filter>(a[1], get_iter(a[2])));
}

Value reversed_new(Args a) {
  if (a.nkw() != 0) raise(exc::TypeError, "reversed() takes no keyword arguments");
  if (a.npos != 2)
    raise(exc::TypeError, "reversed expected 1 argument, got " + std::to_string(a.npos - 1));
  const Value& seq = a[1];
  Value method = lookup_special(seq, names::__reversed__);
  if (method.is_none()) raise(exc::TypeError, "'" + type_name(seq) + "' object is not reversible");
  if (!method.is_null()) return call(method, {seq});
  TypeObject* t = seq.type();
  if (t->lookup(names::__getitem__).is_null() || t->layout == Layout::Dict)
    raise(exc::TypeError, "'" + type_name(seq) + "' object is not reversible");
  int64_t n = length(seq);
  return Value(make<Reversed>(seq, n));
}

} // namespace

// ---- constructors -----------------------------------------------------------------

ListIterator::ListIterator(Ref<List> l)
    : IteratorObject(iter_types::list_iterator, &list_next), list(std::move(l)) {}
TupleIterator::TupleIterator(Ref<Tuple> t)
    : IteratorObject(iter_types::tuple_iterator, &tuple_next), tuple(std::move(t)) {}
RangeIterator::RangeIterator(int64_t next, int64_t step, int64_t remaining)
    : IteratorObject(iter_types::range_iterator, &range_next), next_value(next), step(step),
      remaining(remaining) {}

Value make_list_iterator(Ref<List> list) { return Value(make<ListIterator>(std::move(list))); }
Value make_list_reverse_iterator(Ref<List> list) {
  return Value(make<ListReverseIterator>(std::move(list)));
}
Value make_tuple_iterator(Ref<Tuple> tuple) { return Value(make<TupleIterator>(std::move(tuple))); }
Value make_range_iterator(int64_t start, int64_t step, int64_t length) {
  return Value(make<RangeIterator>(start, step, length));
}
Value make_set_iterator(Ref<SetObject> set) { return Value(make<SetIterator>(std::move(set))); }

Value make_dict_iterator(Ref<Dict> dict, int kind, bool reverse) {
  static TypeObject* const* forward[] = {&iter_types::dict_keyiterator,
                                         &iter_types::dict_valueiterator,
                                         &iter_types::dict_itemiterator};
  static TypeObject* const* backward[] = {&iter_types::dict_reversekeyiterator,
                                          &iter_types::dict_reversevalueiterator,
                                          &iter_types::dict_reverseitemiterator};
  TypeObject* t = *(reverse ? backward : forward)[kind];
  return Value(make<DictIterator>(t, std::move(dict), kind, reverse));
}

Value make_sequence_iterator(Value seq) { return Value(make<SeqIterator>(std::move(seq))); }

Value make_callable_iterator(Value callable, Value sentinel) {
  return Value(make<CallableIterator>(std::move(callable), std::move(sentinel)));
}

void extend_from_iterable(std::vector<Value>& out, const Value& iterable) {
  if (iterable.is_obj()) {
    Object* o = iterable.as_obj();
    switch (o->type->layout) {
    case Layout::List: {
      const std::vector<Value>& items = static_cast<List*>(o)->items;
      if (&items == &out) {
        std::vector<Value> copy = items;
        out.insert(out.end(), copy.begin(), copy.end());
      } else {
        out.insert(out.end(), items.begin(), items.end());
      }
      return;
    }
    case Layout::Tuple: {
      const std::vector<Value>& items = static_cast<Tuple*>(o)->items;
      out.insert(out.end(), items.begin(), items.end());
      return;
    }
    case Layout::Dict: {
      Ref<Dict> d = Ref<Dict>::borrow(static_cast<Dict*>(o));
      out.reserve(out.size() + static_cast<size_t>(d->size()));
      for (const Dict::Entry& e : d->entries())
        if (!e.key.is_null()) out.push_back(e.key);
      return;
    }
    case Layout::Set:
    case Layout::FrozenSet: {
      const auto* s = static_cast<SetObject*>(o);
      out.reserve(out.size() + static_cast<size_t>(s->size()));
      s->for_each([&](const Value& k) { out.push_back(k); });
      return;
    }
    case Layout::Range: {
      const auto* r = static_cast<Range*>(o);
      int64_t n = r->length();
      out.reserve(out.size() + static_cast<size_t>(n));
      for (int64_t i = 0; i < n; ++i) out.push_back(Value::integer(r->at(i)));
      return;
    }
    default: break;
    }
  }
  Value it = get_iter(iterable);
  if (IteratorObject* native = as_native_iterator(it)) {
    for (Value x = native->next(); !x.is_null(); x = native->next()) out.push_back(std::move(x));
    return;
  }
  for (Value x = iter_next(it); !x.is_null(); x = iter_next(it)) out.push_back(std::move(x));
}

void init_iterator_types() {
#define REFC_ITERATOR_TYPE(cxx, py) iter_types::cxx = make_native_type(py, Layout::Iterator);
#include "reference_compiler/lang/iterator_types.def"
#undef REFC_ITERATOR_TYPE
#define REFC_ITERATOR_TYPE(cxx, py)                                                           \
  add_method(iter_types::cxx, "__iter__", iterator_iter);                                     \
  add_method(iter_types::cxx, "__next__", iterator_next);
#include "reference_compiler/lang/iterator_types.def"
#undef REFC_ITERATOR_TYPE
  add_new(iter_types::enumerate, enumerate_new);
  add_new(iter_types::zip, zip_new);
  add_new(iter_types::map, map_new);
  add_new(iter_types::filter, filter_new);
  add_new(iter_types::reversed, reversed_new);
}

} // namespace refc::lang
