// The eval loop. This file is long because it is one function: dispatch by
// computed goto needs every instruction's body inside it, and the hot paths
// are written out inline so that ip, sp and the frame stay in registers.
//
// One function runs a frame and every Python frame it calls
// (Python-to-Python calls push an arena frame and continue in the same loop,
// without C++ recursion); natives that call back into Python re-enter it
// through call_function. Dispatch is by computed goto (labels as values) with
// a switch fallback (-DREFC_NO_COMPUTED_GOTO). Hot paths are inline: int and
// float arithmetic and comparisons with overflow checks, list/tuple/dict
// subscripts, range and list iteration, global lookups cached on dict
// versions, attribute and method lookups cached on (type, type_epoch), and
// calls of Python functions with exactly their positional arguments.
// Exceptions raised inside natives arrive as C++ PyError; the loop catches
// them, records the traceback entry, and unwinds through the frame's runtime
// block stack (SETUP_FINALLY / SETUP_CLEANUP / SETUP_WITH) or out of the frame.
#include "reference_compiler/lang/vm_internal.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/argument_binding.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/descriptor_objects.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/generator_object.h"
#include "reference_compiler/lang/import_system.h"
#include "reference_compiler/lang/instance_object.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/iterators.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/module_object.h"
#include "reference_compiler/lang/range_object.h"
#include "reference_compiler/lang/set_object.h"
#include "reference_compiler/lang/singletons.h"
#include "reference_compiler/lang/super_object.h"
#include "reference_compiler/lang/traceback.h"
#include "reference_compiler/lang/tuple_object.h"

#include <cmath>
#include <cstring>
#include <new>

#if defined(__GNUC__) && !defined(REFC_NO_COMPUTED_GOTO)
#define REFC_COMPUTED_GOTO 1
#endif

namespace refc::lang::evaluation {

// Inline cache kinds (InlineCache::kind).
enum : uint8_t {
  kCacheEmpty = 0,
  kAttrInstanceValue, // the attribute lives in the instance dict (no class attribute)
  kAttrMethod,        // a plain function on the type, not shadowed by the instance
  kAttrClassValue,    // a plain (non-descriptor) class attribute
  kStoreInstance,     // STORE_ATTR goes straight to the instance dict
};

// ---- attribute caches ------------------------------------------------------------------

inline TypeObject* type_of(const Value& v) { return v.is_obj() ? v.as_obj()->type : v.type(); }

bool has_instance_dict_layout(Layout l) { return l == Layout::Instance || l == Layout::Exception; }

// A class attribute that attribute access returns as is (no __get__).
bool is_plain_value(const Value& d) {
  if (!d.is_obj()) return true;
  TypeObject* t = d.as_obj()->type;
  switch (t->layout) {
  case Layout::Function:
  case Layout::NativeFunction:
  case Layout::StaticMethod:
  case Layout::ClassMethod:
  case Layout::Property:
  case Layout::BoundMethod: return false;
  default: break;
  }
  if (!t->heap) return true;
  return t->lookup(names::__get__).is_null() && t->lookup(names::__set__).is_null() &&
         t->lookup(names::__delete__).is_null();
}

bool is_plain_method(const Value& d) {
  if (!d.is_obj()) return false;
  Object* o = d.as_obj();
  return o->type->layout == Layout::Function ||
         (o->type->layout == Layout::NativeFunction && (o->flags & NativeFunction::kMethod));
}

// Fills a LOAD_ATTR cache after a successful slow lookup.
__attribute__((noinline)) void fill_load_attr_cache(InlineCache& c, const Value& owner, Str* name) {
  if (!owner.is_obj()) return;
  Object* o = owner.as_obj();
  TypeObject* t = o->type;
  if (!has_instance_dict_layout(t->layout)) return;
  Value descr = t->lookup(name);
  Dict* d = static_cast<Instance*>(o)->dict.get();
  c.kind = kCacheEmpty;
  if (descr.is_null()) {
    if (!d) return;
    int64_t idx = d->find_index(name);
    if (idx < 0) return;
    c.kind = kAttrInstanceValue;
    c.index = idx;
    c.value = Value();
  } else if (is_plain_method(descr)) {
    c.kind = kAttrMethod;
    c.value = descr;
  } else if (is_plain_value(descr)) {
    c.kind = kAttrClassValue;
    c.value = descr;
  } else {
    return;
  }
  c.key = t;
  c.version_a = type_epoch;
}

__attribute__((noinline)) void fill_store_attr_cache(InlineCache& c, const Value& owner,
                                                     Str* name) {
  if (!owner.is_obj()) return;
  TypeObject* t = owner.as_obj()->type;
  if (!has_instance_dict_layout(t->layout) || !t->heap) return;
  static Value object_setattr = types::object->lookup(names::__setattr__);
  if (!t->lookup(names::__setattr__).is(object_setattr)) return;
  Value descr = t->lookup(name);
  if (!descr.is_null() && !is_plain_value(descr) && !is_plain_method(descr)) return;
  c.kind = kStoreInstance;
  c.key = t;
  c.version_a = type_epoch;
}

// Looks `name` up in an instance dict using (and refreshing) the cached entry index.
inline Value instance_dict_lookup(Dict* d, Str* name, InlineCache& c) {
  const auto& es = d->entries();
  auto idx = static_cast<size_t>(c.index);
  if (idx < es.size() && es[idx].key.is_obj() && es[idx].key.as_obj() == name) return es[idx].value;
  int64_t i = d->find_index(name);
  if (i < 0) return Value();
  c.index = i;
  return es[static_cast<size_t>(i)].value;
}

// Runs `op`, catching what it raises into `exc` (returns false then). The VM
// calls what commonly raises (calls, subscripts, attribute lookups) through
// this so that the C++ unwinder never has to search the eval loop.
template <class F> __attribute__((noinline)) bool guarded(F&& op, Value& exc) {
  try {
    op();
    return true;
  } catch (PyError& e) {
    exc = std::move(e.exc);
  } catch (std::bad_alloc&) {
    exc = new_exception(exc::MemoryError, "");
  } catch (std::exception& e) {
    exc = new_exception(exc::SystemError, std::string("internal error: ") + e.what());
  }
  return false;
}

// Finishes an entry frame leaving the loop (done: for good, else suspended).
inline void leave_entry(Frame* entry, bool done) {
  Interpreter& in = interp();
  --in.depth;
  g_vm.current = entry->previous_;
  if (entry->flags_ & Frame::kHookSuspended) --g_vm.hook_suspended;
  if (!done) return;
  if (entry->flags_ & Frame::kOnHeap)
    clear_frame(entry);
  else
    release_arena_frame(entry);
}

Value eval(Frame* entry, EntryMode mode, Value arg, bool* finished, Value* error) {
  Interpreter& in = interp();
  entry->previous_ = g_vm.current;
  if (REFC_UNLIKELY(++in.depth > in.recursion_limit ||
                    static_cast<const char*>(__builtin_frame_address(0)) < stack_floor())) {
    --in.depth;
    if (entry->flags_ & Frame::kOnHeap)
      clear_frame(entry);
    else
      release_arena_frame(entry);
    *error = new_exception(exc::RecursionError, "maximum recursion depth exceeded");
    return Value();
  }
  g_vm.current = entry;
  if (entry->flags_ & Frame::kHookSuspended) ++g_vm.hook_suspended;

  Frame* f = entry;
  CodeObject* co;
  const Instruction* code_base;
  const Instruction* ip;
  Value* sp;
  Value* fast;
  const Value* consts;
  Str* const* names;
  const Tuple* kwnames = nullptr;
  Value exc;
  bool reraise = false;
  bool thrown_in = false; // an exception thrown into a generator keeps its context

#define LOAD_FRAME()                                                                           \
  do {                                                                                         \
    co = f->code_;                                                                             \
    code_base = co->code.data();                                                               \
    ip = f->ip_;                                                                               \
    sp = f->sp_;                                                                               \
    fast = f->localsplus();                                                                    \
    consts = co->consts.data();                                                                \
    names = co->names.data();                                                                  \
  } while (0)
#define SAVE_FRAME()                                                                           \
  do {                                                                                         \
    f->ip_ = ip;                                                                               \
    f->sp_ = sp;                                                                               \
  } while (0)
#define PUSH(v) (new (sp) Value(v), ++sp)
#define POP() Value(std::move(*--sp))
#define TOP() sp[-1]
#define SECOND() sp[-2]
#define DROP() ((--sp)->~Value())
#define JUMPTO(target) (ip = code_base + (target))
// Raises from inside the loop without a C++ throw (hot error paths).
#define VM_RAISE(type, msg)                                                                    \
  do {                                                                                         \
    exc = new_exception(type, msg);                                                            \
    goto exception;                                                                            \
  } while (0)

  LOAD_FRAME();
  if (mode == EntryMode::Send) {
    PUSH(std::move(arg));
    ++ip;
  } else if (mode == EntryMode::Throw) {
    exc = std::move(arg);
    thrown_in = true;
    goto exception;
  }

#ifdef REFC_COMPUTED_GOTO
  static void* const kTargets[] = {
#define REFC_OPCODE(name, kind, flags, effect, jump_effect) &&op_##name,
#include "reference_compiler/lang/opcodes.def"
#undef REFC_OPCODE
  };
#define TARGET(name)                                                                           \
  case Op::name:                                                                               \
  op_##name:
#else
#define TARGET(name) case Op::name:
#endif
// A plain goto to the one dispatch point, never a computed goto from inside a
// handler: a computed goto leaves the handler's scope without running its
// locals' destructors (GNU C++) or is rejected (clang). Compilers duplicate
// the dispatch point into each handler, so this costs no extra jump.
#define DISPATCH() goto dispatch
#define NEXT()                                                                                 \
  do {                                                                                         \
    ++ip;                                                                                      \
    DISPATCH();                                                                                \
  } while (0)

  for (;;) {
    try {
      for (;;) {
      dispatch:
#ifdef REFC_COMPUTED_GOTO
        goto* kTargets[static_cast<int>(ip->op)];
#endif
        switch (ip->op) {
        // ---- the hottest instructions first ----------------------------------------------
        TARGET(LOAD_FAST) {
          const Value& v = fast[ip->arg];
          if (REFC_UNLIKELY(v.is_null())) raise_unbound_local(co->varnames[ip->arg]);
          PUSH(v);
          NEXT();
        }
        TARGET(STORE_FAST) {
          fast[ip->arg] = POP();
          NEXT();
        }
        TARGET(LOAD_CONST) {
          PUSH(consts[ip->arg]);
          NEXT();
        }
        TARGET(BINARY_OP) {
          Value& a = SECOND();
          const Value& b = TOP();
          auto op = static_cast<BinaryOp>(ip->arg);
          if (a.tag() == Tag::Int && b.tag() == Tag::Int) {
            int64_t x = a.as_int(), y = b.as_int(), r;
            switch (op) {
            case BinaryOp::Add:
            case BinaryOp::InplaceAdd:
              if (REFC_UNLIKELY(__builtin_add_overflow(x, y, &r))) goto binary_generic; // leaves int64
              goto int_result;
            case BinaryOp::Subtract:
            case BinaryOp::InplaceSubtract:
              if (REFC_UNLIKELY(__builtin_sub_overflow(x, y, &r))) goto binary_generic; // leaves int64
              goto int_result;
            case BinaryOp::Multiply:
            case BinaryOp::InplaceMultiply:
              if (REFC_UNLIKELY(__builtin_mul_overflow(x, y, &r))) goto binary_generic; // leaves int64
              goto int_result;
            case BinaryOp::FloorDivide:
            case BinaryOp::InplaceFloorDivide:
              if (REFC_UNLIKELY(y == 0)) VM_RAISE(exc::ZeroDivisionError, "integer division or modulo by zero");
              if (REFC_UNLIKELY(x == INT64_MIN && y == -1)) goto binary_generic; // 2**63
              r = x / y;
              if ((x % y != 0) && ((x < 0) != (y < 0))) --r;
              goto int_result;
            case BinaryOp::Remainder:
            case BinaryOp::InplaceRemainder:
              if (REFC_UNLIKELY(y == 0)) VM_RAISE(exc::ZeroDivisionError, "integer modulo by zero");
              if (REFC_UNLIKELY(y == -1)) {
                r = 0;
                goto int_result;
              }
              r = x % y;
              if (r != 0 && ((r < 0) != (y < 0))) r += y;
              goto int_result;
            case BinaryOp::And:
            case BinaryOp::InplaceAnd: r = x & y; goto int_result;
            case BinaryOp::Or:
            case BinaryOp::InplaceOr: r = x | y; goto int_result;
            case BinaryOp::Xor:
            case BinaryOp::InplaceXor: r = x ^ y; goto int_result;
            case BinaryOp::RShift:
            case BinaryOp::InplaceRShift:
              if (y < 0) break;
              r = y >= 64 ? (x < 0 ? -1 : 0) : (x >> y);
              goto int_result;
            case BinaryOp::LShift:
            case BinaryOp::InplaceLShift:
              if (y < 0 || y >= 63) break;
              r = static_cast<int64_t>(static_cast<uint64_t>(x) << y);
              if ((r >> y) != x) break;
              goto int_result;
            case BinaryOp::TrueDivide:
            case BinaryOp::InplaceTrueDivide:
              if (REFC_UNLIKELY(y == 0)) VM_RAISE(exc::ZeroDivisionError, "division by zero");
              if (x > -(int64_t(1) << 53) && x < (int64_t(1) << 53) && y > -(int64_t(1) << 53) &&
                  y < (int64_t(1) << 53)) {
                --sp;
                new (&a) Value(Value::floating(static_cast<double>(x) / static_cast<double>(y)));
                NEXT();
              }
              break;
            default: break;
            }
            goto binary_generic;
          int_result:
            // Both operands are immediates: overwrite without destructors.
            --sp;
            new (&a) Value(Value::integer(r));
            NEXT();
          }
          if ((a.tag() == Tag::Float || a.tag() == Tag::Int) &&
              (b.tag() == Tag::Float || b.tag() == Tag::Int)) {
            double x = a.tag() == Tag::Float ? a.as_float() : static_cast<double>(a.as_int());
            double y = b.tag() == Tag::Float ? b.as_float() : static_cast<double>(b.as_int());
            double r;
            switch (op) {
            case BinaryOp::Add:
            case BinaryOp::InplaceAdd: r = x + y; break;
            case BinaryOp::Subtract:
            case BinaryOp::InplaceSubtract: r = x - y; break;
            case BinaryOp::Multiply:
            case BinaryOp::InplaceMultiply: r = x * y; break;
            case BinaryOp::TrueDivide:
            case BinaryOp::InplaceTrueDivide:
              if (REFC_UNLIKELY(y == 0.0)) VM_RAISE(exc::ZeroDivisionError, "float division by zero");
              r = x / y;
              break;
            default: goto binary_generic;
            }
            --sp;
            new (&a) Value(Value::floating(r));
            NEXT();
          }
        binary_generic : {
          Value r = binary_op(op, a, b);
          DROP();
          TOP() = std::move(r);
          NEXT();
        }
        }
        TARGET(COMPARE_OP) {
          Value& a = SECOND();
          const Value& b = TOP();
          auto op = static_cast<CompareOp>(ip->arg);
          bool r;
          if (a.tag() == Tag::Int && b.tag() == Tag::Int) {
            int64_t x = a.as_int(), y = b.as_int();
            switch (op) {
            case CompareOp::Lt: r = x < y; break;
            case CompareOp::Le: r = x <= y; break;
            case CompareOp::Eq: r = x == y; break;
            case CompareOp::Ne: r = x != y; break;
            case CompareOp::Gt: r = x > y; break;
            default: r = x >= y; break;
            }
          } else if (a.tag() == Tag::Float && b.tag() == Tag::Float) {
            double x = a.as_float(), y = b.as_float();
            switch (op) {
            case CompareOp::Lt: r = x < y; break;
            case CompareOp::Le: r = x <= y; break;
            case CompareOp::Eq: r = x == y; break;
            case CompareOp::Ne: r = x != y; break;
            case CompareOp::Gt: r = x > y; break;
            default: r = x >= y; break;
            }
          } else if ((op == CompareOp::Eq || op == CompareOp::Ne) && a.is_obj() && b.is_obj() &&
                     a.as_obj()->type == types::str && b.as_obj()->type == types::str) {
            r = str_equal(a.as<Str>(), b.as<Str>()) == (op == CompareOp::Eq);
            DROP();
            TOP() = Value::boolean(r);
            NEXT();
          } else {
            Value res = compare(op, a, b);
            DROP();
            TOP() = std::move(res);
            NEXT();
          }
          // Two immediates compared: drop them without destructors and, when
          // a conditional jump follows (the usual case), take it directly.
          sp -= 2;
          {
            const Instruction* nx = ip + 1;
            if (nx->op == Op::POP_JUMP_IF_FALSE) {
              ip = r ? nx + 1 : code_base + nx->arg;
              DISPATCH();
            }
            if (nx->op == Op::POP_JUMP_IF_TRUE) {
              ip = r ? code_base + nx->arg : nx + 1;
              DISPATCH();
            }
          }
          PUSH(Value::boolean(r));
          NEXT();
        }
        TARGET(POP_JUMP_IF_FALSE) {
          Value v = POP();
          bool t = v.tag() == Tag::Bool ? v.as_bool() : truthy(v);
          if (!t) {
            JUMPTO(ip->arg);
            DISPATCH();
          }
          NEXT();
        }
        TARGET(POP_JUMP_IF_TRUE) {
          Value v = POP();
          bool t = v.tag() == Tag::Bool ? v.as_bool() : truthy(v);
          if (t) {
            JUMPTO(ip->arg);
            DISPATCH();
          }
          NEXT();
        }
        TARGET(JUMP_BACKWARD) {
          JUMPTO(ip->arg);
          DISPATCH();
        }
        TARGET(JUMP_FORWARD) {
          JUMPTO(ip->arg);
          DISPATCH();
        }
        TARGET(FOR_ITER) {
          Value& itv = TOP();
          Object* o = itv.as_obj();
          if (REFC_LIKELY(itv.is_obj())) {
            TypeObject* t = o->type;
            if (t == iter_types::range_iterator) {
              auto* r = static_cast<RangeIterator*>(o);
              if (r->remaining > 0) {
                int64_t v = r->next_value;
                --r->remaining;
                r->next_value = static_cast<int64_t>(static_cast<uint64_t>(v) +
                                                     static_cast<uint64_t>(r->step));
                PUSH(Value::integer(v));
                NEXT();
              }
              goto for_exhausted;
            }
            if (t == iter_types::list_iterator) {
              auto* li = static_cast<ListIterator*>(o);
              if (li->list && li->index < li->list->size()) {
                PUSH(li->list->items[static_cast<size_t>(li->index++)]);
                NEXT();
              }
              li->list = nullptr;
              goto for_exhausted;
            }
            if (t->layout == Layout::Iterator) {
              SAVE_FRAME();
              Value v;
              if (REFC_UNLIKELY(!guarded([&] { v = static_cast<IteratorObject*>(o)->next(); }, exc)))
                goto exception;
              if (v.is_null()) goto for_exhausted;
              PUSH(std::move(v));
              NEXT();
            }
            if (t == types::generator) {
              SAVE_FRAME();
              bool done = false;
              Value v;
              if (REFC_UNLIKELY(!guarded(
                      [&] { v = generator_send(static_cast<Generator*>(o), Value::none(), &done); },
                      exc)))
                goto exception;
              if (done) goto for_exhausted;
              PUSH(std::move(v));
              NEXT();
            }
          }
          {
            SAVE_FRAME();
            Value v;
            if (REFC_UNLIKELY(!guarded([&] { v = iter_next(itv); }, exc))) goto exception;
            if (v.is_null()) goto for_exhausted;
            PUSH(std::move(v));
            NEXT();
          }
        for_exhausted:
          DROP();
          JUMPTO(ip->arg);
          DISPATCH();
        }
        TARGET(LOAD_GLOBAL) {
          InlineCache& c = co->caches[ip->cache];
          Dict* g = f->globals_;
          Dict* b = f->builtins_;
          if (REFC_UNLIKELY(c.version_a != g->version() || c.version_b != b->version() ||
                            c.value.is_null())) {
            Str* name = names[ip->arg >> 1];
            Value v = g->get(name);
            if (v.is_null()) {
              v = b->get(name);
              if (v.is_null()) raise_name_error(name, f);
            }
            c.value = std::move(v);
            c.version_a = g->version();
            c.version_b = b->version();
          }
          if (ip->arg & 1) PUSH(Value());
          PUSH(c.value);
          NEXT();
        }
        TARGET(LOAD_ATTR) {
          Str* name = names[ip->arg];
          Value& owner = TOP();
          InlineCache& c = co->caches[ip->cache];
          if (owner.is_obj()) {
            Object* o = owner.as_obj();
            TypeObject* t = o->type;
            if (c.key == t && c.version_a == type_epoch) {
              Dict* d = static_cast<Instance*>(o)->dict.get();
              switch (c.kind) {
              case kAttrInstanceValue:
                if (d) {
                  Value v = instance_dict_lookup(d, name, c);
                  if (!v.is_null()) {
                    owner = std::move(v);
                    NEXT();
                  }
                }
                break;
              case kAttrMethod:
                if (!d || d->find_index(name) < 0) {
                  owner = Value(make<BoundMethod>(c.value, owner));
                  NEXT();
                }
                break;
              case kAttrClassValue:
                if (!d || d->find_index(name) < 0) {
                  owner = c.value;
                  NEXT();
                }
                break;
              default: break;
              }
            } else if (t->layout == Layout::Module) {
              Value v = static_cast<Module*>(o)->dict->get(name);
              if (!v.is_null()) {
                owner = std::move(v);
                NEXT();
              }
            } else if (t == super_type()) {
              SAVE_FRAME();
              owner = super_getattr(static_cast<SuperObject*>(o), name);
              NEXT();
            }
          }
          SAVE_FRAME();
          Value v;
          if (REFC_UNLIKELY(!guarded([&] { v = getattr(owner, name); }, exc))) goto exception;
          fill_load_attr_cache(c, owner, name);
          owner = std::move(v);
          NEXT();
        }
        TARGET(LOAD_METHOD) {
          Str* name = names[ip->arg];
          Value& owner = TOP();
          InlineCache& c = co->caches[ip->cache];
          TypeObject* t = type_of(owner);
          if (c.key == t && c.version_a == type_epoch && c.kind == kAttrMethod) {
            bool shadowed = false;
            if (has_instance_dict_layout(t->layout)) {
              Dict* d = static_cast<Instance*>(owner.as_obj())->dict.get();
              shadowed = d && d->find_index(name) >= 0;
            }
            if (!shadowed) {
              Value self = std::move(owner);
              owner = c.value;
              PUSH(std::move(self));
              NEXT();
            }
          }
          SAVE_FRAME();
          if (t == super_type()) {
            Value m = super_getattr(owner.as<SuperObject>(), name);
            owner = Value();
            PUSH(std::move(m));
            NEXT();
          }
          Value m;
          bool unbound = false;
          if (REFC_UNLIKELY(!guarded([&] { unbound = get_method(owner, name, m); }, exc)))
            goto exception;
          if (unbound) {
            if (t->layout != Layout::Module && t->layout != Layout::Type &&
                t->layout != Layout::Function && t->lookup(name).is(m)) {
              c.kind = kAttrMethod;
              c.key = t;
              c.version_a = type_epoch;
              c.value = m;
            }
            Value self = std::move(owner);
            owner = std::move(m);
            PUSH(std::move(self));
          } else {
            owner = Value();
            PUSH(std::move(m));
          }
          NEXT();
        }
        TARGET(STORE_ATTR) {
          Str* name = names[ip->arg];
          InlineCache& c = co->caches[ip->cache];
          const Value& owner = TOP();
          if (owner.is_obj() && c.kind == kStoreInstance && c.key == owner.as_obj()->type &&
              c.version_a == type_epoch) {
            Dict* d = owner.as<Instance>()->dict.get();
            if (d) {
              d->set(name, std::move(SECOND()));
              DROP();
              DROP();
              NEXT();
            }
          }
          SAVE_FRAME();
          setattr(owner, name, SECOND());
          fill_store_attr_cache(c, owner, name);
          DROP();
          DROP();
          NEXT();
        }
        TARGET(CALL) {
          uint32_t nargs = ip->arg;
          Value* args = sp - nargs;
          Value* slot0 = args - 2; // NULL or the callable
          Value* fslot;
          Value* argv;
          size_t total;
          if (slot0->is_null()) {
            fslot = args - 1;
            argv = args;
            total = nargs;
          } else {
            fslot = slot0;
            argv = args - 1;
            total = nargs + 1;
          }
          const Tuple* kw = kwnames;
          kwnames = nullptr;
          size_t nkw = kw ? kw->items.size() : 0;
          Object* callee = fslot->is_obj() ? fslot->as_obj() : nullptr;
          if (callee && callee->type == types::method && fslot == args - 1) {
            // [NULL, bound, args] -> [func, self, args]
            auto* bm = static_cast<BoundMethod*>(callee);
            Value func = bm->func;
            Value self = bm->self;
            *slot0 = std::move(func);
            *fslot = std::move(self);
            fslot = slot0;
            argv = args - 1;
            total = nargs + 1;
            callee = fslot->is_obj() ? fslot->as_obj() : nullptr;
          }
          SAVE_FRAME();
          if (callee && callee->type == types::function) {
            auto* func = static_cast<Function*>(callee);
            CodeObject* fco = func->code.get();
            size_t npos = total - nkw;
            bool simple = nkw == 0 && npos == static_cast<size_t>(fco->argcount) &&
                          (fco->flags & (CO_VARARGS | CO_VARKEYWORDS | CO_GENERATOR)) == 0 &&
                          fco->kwonlyargcount == 0;
            if (fco->flags & CO_GENERATOR) {
              Frame* gf = alloc_heap_frame(fco, func, func->globals.get(), func->builtins.get());
              Value gen;
              try {
                bind_arguments(func, fco, Args{argv, npos, kw}, gf->localsplus());
                if (hook_active()) gf = apply_frame_hook(gf);
                gen = Value(make_generator(gf, func));
              } catch (...) {
                if (gen.is_null()) discard_frame(gf);
                throw;
              }
              while (sp > slot0) DROP();
              PUSH(std::move(gen));
              NEXT();
            }
            if (REFC_UNLIKELY(in.depth + 1 > in.recursion_limit))
              raise(exc::RecursionError, "maximum recursion depth exceeded");
            Frame* nf;
            if (simple) {
              // The common call: a new arena frame takes the arguments bitwise
              // and the stack's reference to the function; nothing is copied
              // or counted twice.
              void* mem = frame_arena().allocate(fco->layout_frame_bytes);
              if (REFC_UNLIKELY(!mem)) raise(exc::MemoryError, "out of frame memory");
              nf = static_cast<Frame*>(mem);
              nf->code_ = fco;
              incref(fco);
              nf->func_ = func;
              fslot->release_obj();
              nf->globals_ = func->globals.get();
              nf->builtins_ = func->builtins.get();
              nf->locals_dict_ = nullptr;
              nf->ip_ = fco->code.data();
              nf->shadowed_ = nullptr;
              nf->gen_ = nullptr;
              nf->nblocks_ = 0;
              nf->flags_ = 0;
              Value* slots = nf->localsplus();
              std::memcpy(static_cast<void*>(slots), static_cast<const void*>(argv),
                          total * sizeof(Value));
              for (int i = static_cast<int>(total); i < fco->layout_nlocalsplus; ++i)
                new (slots + i) Value();
              nf->sp_ = slots + fco->layout_nlocalsplus;
              sp = slot0; // every slot from slot0 up was moved out or is Null
            } else {
              nf = alloc_arena_frame(fco, func, func->globals.get(), func->builtins.get(), nullptr);
              try {
                bind_arguments(func, fco, Args{argv, npos, kw}, nf->localsplus());
              } catch (...) {
                release_arena_frame(nf);
                throw;
              }
              while (sp > slot0) DROP();
            }
            if (REFC_UNLIKELY(hook_active())) {
              nf->previous_ = f;
              try {
                nf = apply_frame_hook(nf);
              } catch (...) {
                release_arena_frame(nf);
                throw;
              }
              if (nf->flags_ & Frame::kHookSuspended) ++g_vm.hook_suspended;
            }
            ++in.depth;
            f->sp_ = sp;
            nf->previous_ = f;
            f = nf;
            g_vm.current = f;
            LOAD_FRAME();
            DISPATCH();
          }
          Value r;
          bool ok;
          if (callee && callee->type == types::builtin_function &&
              static_cast<NativeFunction*>(callee)->self.is_null()) {
            auto* nfn = static_cast<NativeFunction*>(callee);
            ok = guarded(
                [&] {
                  r = nfn->fn(Args{argv, total - nkw, kw});
                  if (REFC_UNLIKELY(r.is_null())) raise(exc::StopIteration, "");
                },
                exc);
          } else {
            ok = guarded([&] { r = call(*fslot, Args{argv, total - nkw, kw}); }, exc);
          }
          if (REFC_UNLIKELY(!ok)) goto exception;
          while (sp > slot0) DROP();
          PUSH(std::move(r));
          NEXT();
        }
        TARGET(RETURN_VALUE) {
          Value r = POP();
          if (f == entry) {
            f->sp_ = sp;
            f->ip_ = ip;
            *finished = true;
            leave_entry(entry, true);
            return r;
          }
          Frame* caller = f->previous_;
          --in.depth;
          if (f->flags_ & Frame::kHookSuspended) --g_vm.hook_suspended;
          f->sp_ = sp;
          release_arena_frame(f);
          f = caller;
          g_vm.current = f;
          LOAD_FRAME();
          PUSH(std::move(r));
          NEXT();
        }
        TARGET(POP_TOP) {
          DROP();
          NEXT();
        }
        TARGET(PUSH_NULL) {
          PUSH(Value());
          NEXT();
        }
        TARGET(NOP) { NEXT(); }
        TARGET(COPY) {
          PUSH(sp[-static_cast<int>(ip->arg)]);
          NEXT();
        }
        TARGET(SWAP) {
          sp[-1].swap(sp[-static_cast<int>(ip->arg)]);
          NEXT();
        }
        TARGET(BINARY_SUBSCR) {
          Value& container = SECOND();
          const Value& key = TOP();
          if (container.is_obj()) {
            TypeObject* t = container.as_obj()->type;
            if (t == types::list && key.tag() == Tag::Int) {
              List* l = container.as<List>();
              int64_t i = key.as_int();
              if (i < 0) i += l->size();
              if (i >= 0 && i < l->size()) {
                Value v = l->items[static_cast<size_t>(i)];
                DROP();
                TOP() = std::move(v);
                NEXT();
              }
            } else if (t == types::tuple && key.tag() == Tag::Int) {
              Tuple* tu = container.as<Tuple>();
              int64_t i = key.as_int();
              if (i < 0) i += tu->size();
              if (i >= 0 && i < tu->size()) {
                Value v = tu->items[static_cast<size_t>(i)];
                DROP();
                TOP() = std::move(v);
                NEXT();
              }
            } else if (t == types::dict) {
              Value v = container.as<Dict>()->get(key);
              if (!v.is_null()) {
                DROP();
                TOP() = std::move(v);
                NEXT();
              }
            }
          }
          Value v;
          if (REFC_UNLIKELY(!guarded([&] { v = getitem(container, key); }, exc))) goto exception;
          DROP();
          TOP() = std::move(v);
          NEXT();
        }
        TARGET(STORE_SUBSCR) {
          // TOS1[TOS] = TOS2
          Value& container = SECOND();
          const Value& key = TOP();
          if (container.is_obj()) {
            TypeObject* t = container.as_obj()->type;
            if (t == types::list && key.tag() == Tag::Int) {
              List* l = container.as<List>();
              int64_t i = key.as_int();
              if (i < 0) i += l->size();
              if (i >= 0 && i < l->size()) {
                l->items[static_cast<size_t>(i)] = std::move(sp[-3]);
                DROP();
                DROP();
                DROP();
                NEXT();
              }
            } else if (t == types::dict) {
              container.as<Dict>()->set(key, std::move(sp[-3]));
              DROP();
              DROP();
              DROP();
              NEXT();
            }
          }
          setitem(container, key, sp[-3]);
          DROP();
          DROP();
          DROP();
          NEXT();
        }
        TARGET(DELETE_SUBSCR) {
          delitem(SECOND(), TOP());
          DROP();
          DROP();
          NEXT();
        }
        TARGET(IS_OP) {
          bool r = SECOND().is(TOP()) != (ip->arg != 0);
          DROP();
          TOP() = Value::boolean(r);
          NEXT();
        }
        TARGET(CONTAINS_OP) {
          SAVE_FRAME(); // a __contains__ written in Python may read the caller's line
          bool r = contains(TOP(), SECOND()) != (ip->arg != 0);
          DROP();
          TOP() = Value::boolean(r);
          NEXT();
        }
        TARGET(UNARY_NEGATIVE) {
          Value& v = TOP();
          if (v.tag() == Tag::Int && REFC_LIKELY(v.as_int() != INT64_MIN)) {
            v = Value::integer(-v.as_int());
          } else if (v.tag() == Tag::Float) {
            v = Value::floating(-v.as_float());
          } else {
            v = unary_op(UnaryOp::Negative, v);
          }
          NEXT();
        }
        TARGET(UNARY_POSITIVE) {
          Value& v = TOP();
          if (v.tag() != Tag::Int && v.tag() != Tag::Float) v = unary_op(UnaryOp::Positive, v);
          NEXT();
        }
        TARGET(UNARY_INVERT) {
          Value& v = TOP();
          if (v.tag() == Tag::Int)
            v = Value::integer(~v.as_int());
          else
            v = unary_op(UnaryOp::Invert, v);
          NEXT();
        }
        TARGET(UNARY_NOT) {
          Value& v = TOP();
          bool t = v.tag() == Tag::Bool ? v.as_bool() : truthy(v);
          v = Value::boolean(!t);
          NEXT();
        }
        TARGET(POP_JUMP_IF_NONE) {
          Value v = POP();
          if (v.is_none()) {
            JUMPTO(ip->arg);
            DISPATCH();
          }
          NEXT();
        }
        TARGET(POP_JUMP_IF_NOT_NONE) {
          Value v = POP();
          if (!v.is_none()) {
            JUMPTO(ip->arg);
            DISPATCH();
          }
          NEXT();
        }
        TARGET(JUMP_IF_FALSE_OR_POP) {
          const Value& v = TOP();
          bool t = v.tag() == Tag::Bool ? v.as_bool() : truthy(v);
          if (!t) {
            JUMPTO(ip->arg);
            DISPATCH();
          }
          DROP();
          NEXT();
        }
        TARGET(JUMP_IF_TRUE_OR_POP) {
          const Value& v = TOP();
          bool t = v.tag() == Tag::Bool ? v.as_bool() : truthy(v);
          if (t) {
            JUMPTO(ip->arg);
            DISPATCH();
          }
          DROP();
          NEXT();
        }
        TARGET(GET_ITER) {
          Value& v = TOP();
          if (v.is_obj()) {
            TypeObject* t = v.as_obj()->type;
            if (t == types::list) {
              v = make_list_iterator(Ref<List>::borrow(v.as<List>()));
              NEXT();
            }
            if (t == types::range) {
              Range* r = v.as<Range>();
              v = make_range_iterator(r->start, r->step, r->length());
              NEXT();
            }
            if (t == types::tuple) {
              v = make_tuple_iterator(Ref<Tuple>::borrow(v.as<Tuple>()));
              NEXT();
            }
          }
          v = get_iter(v);
          NEXT();
        }
        TARGET(KW_NAMES) {
          kwnames = consts[ip->arg].as<Tuple>();
          NEXT();
        }

        // ---- names -------------------------------------------------------------------------
        TARGET(DELETE_FAST) {
          if (fast[ip->arg].is_null()) raise_unbound_local(co->varnames[ip->arg]);
          fast[ip->arg] = Value();
          NEXT();
        }
        TARGET(STORE_GLOBAL) {
          f->globals_->set(names[ip->arg], POP());
          NEXT();
        }
        TARGET(DELETE_GLOBAL) {
          if (f->globals_->pop(Value::borrow(names[ip->arg])).is_null())
            raise_name_error(names[ip->arg], f);
          NEXT();
        }
        TARGET(LOAD_NAME) {
          Str* name = names[ip->arg];
          Value v;
          if (f->locals_dict_) v = f->locals_dict_->get(name);
          if (v.is_null()) v = f->globals_->get(name);
          if (v.is_null()) v = f->builtins_->get(name);
          if (v.is_null()) raise_name_error(name, f);
          PUSH(std::move(v));
          NEXT();
        }
        TARGET(STORE_NAME) {
          Str* name = names[ip->arg];
          if (REFC_UNLIKELY(!f->locals_dict_))
            raise(exc::SystemError,
                  "no locals found when storing '" + std::string(name->view()) + "'");
          f->locals_dict_->set(name, POP());
          NEXT();
        }
        TARGET(DELETE_NAME) {
          Str* name = names[ip->arg];
          if (!f->locals_dict_ || f->locals_dict_->pop(Value::borrow(name)).is_null())
            raise_name_error(name, f);
          NEXT();
        }
        TARGET(MAKE_CELL) {
          int i = static_cast<int>(ip->arg);
          Value init;
          int arg = co->cell2arg[i];
          if (arg >= 0) init = std::move(fast[arg]);
          fast[co->layout_nlocals + i] = Value(make<Cell>(std::move(init)));
          NEXT();
        }
        TARGET(COPY_FREE_VARS) {
          Function* fn = f->func_;
          const Tuple* closure = fn ? fn->closure.get() : nullptr;
          if (REFC_UNLIKELY(!closure || closure->items.size() < ip->arg))
            raise(exc::SystemError, "function has no closure for its free variables");
          Value* slots = fast + co->layout_nlocals + co->ncells();
          for (uint32_t i = 0; i < ip->arg; ++i) slots[i] = closure->items[i];
          NEXT();
        }
        TARGET(LOAD_CLOSURE) {
          PUSH(fast[co->layout_nlocals + static_cast<int>(ip->arg)]);
          NEXT();
        }
        TARGET(LOAD_DEREF) {
          int i = static_cast<int>(ip->arg);
          const Value& v = fast[co->layout_nlocals + i].as<Cell>()->value;
          if (REFC_UNLIKELY(v.is_null())) {
            if (i < co->ncells()) raise_unbound_local(co->deref_name(i));
            raise_unbound_free(co->deref_name(i));
          }
          PUSH(v);
          NEXT();
        }
        TARGET(LOAD_CLASSDEREF) {
          int i = static_cast<int>(ip->arg);
          Str* name = co->deref_name(i);
          Value v;
          if (f->locals_dict_) v = f->locals_dict_->get(name);
          if (v.is_null()) {
            v = fast[co->layout_nlocals + i].as<Cell>()->value;
            if (v.is_null()) {
              if (i < co->ncells()) raise_unbound_local(name);
              raise_unbound_free(name);
            }
          }
          PUSH(std::move(v));
          NEXT();
        }
        TARGET(STORE_DEREF) {
          fast[co->layout_nlocals + static_cast<int>(ip->arg)].as<Cell>()->value = POP();
          NEXT();
        }
        TARGET(DELETE_DEREF) {
          int i = static_cast<int>(ip->arg);
          Value& v = fast[co->layout_nlocals + i].as<Cell>()->value;
          if (v.is_null()) {
            if (i < co->ncells()) raise_unbound_local(co->deref_name(i));
            raise_unbound_free(co->deref_name(i));
          }
          v = Value();
          NEXT();
        }
        TARGET(SETUP_ANNOTATIONS) {
          static Str* ann = intern("__annotations__");
          if (!f->locals_dict_) raise(exc::SystemError, "no locals found when setting up annotations");
          if (f->locals_dict_->get(ann).is_null()) f->locals_dict_->set(ann, Value(make_dict()));
          NEXT();
        }
        TARGET(DELETE_ATTR) {
          delattr(TOP(), names[ip->arg]);
          DROP();
          NEXT();
        }

        // ---- building ----------------------------------------------------------------------
        TARGET(BUILD_TUPLE) {
          uint32_t n = ip->arg;
          std::vector<Value> items;
          items.reserve(n);
          for (Value* p = sp - n; p < sp; ++p) items.push_back(std::move(*p));
          for (uint32_t i = 0; i < n; ++i) DROP();
          PUSH(n == 0 ? Value::borrow(empty_tuple()) : Value(make_tuple(std::move(items))));
          NEXT();
        }
        TARGET(BUILD_LIST) {
          uint32_t n = ip->arg;
          std::vector<Value> items;
          items.reserve(n);
          for (Value* p = sp - n; p < sp; ++p) items.push_back(std::move(*p));
          for (uint32_t i = 0; i < n; ++i) DROP();
          PUSH(make_list(std::move(items)));
          NEXT();
        }
        TARGET(BUILD_SET) {
          uint32_t n = ip->arg;
          auto s = make_set();
          for (Value* p = sp - n; p < sp; ++p) s->add(*p);
          for (uint32_t i = 0; i < n; ++i) DROP();
          PUSH(std::move(s));
          NEXT();
        }
        TARGET(BUILD_MAP) {
          uint32_t n = ip->arg;
          auto d = make_dict();
          for (Value* p = sp - 2 * n; p < sp; p += 2) d->set(p[0], p[1]);
          for (uint32_t i = 0; i < 2 * n; ++i) DROP();
          PUSH(std::move(d));
          NEXT();
        }
        TARGET(BUILD_CONST_KEY_MAP) {
          uint32_t n = ip->arg;
          const auto& keys = TOP().as<Tuple>()->items;
          auto d = make_dict();
          Value* vals = sp - 1 - n;
          for (uint32_t i = 0; i < n; ++i) d->set(keys[i], vals[i]);
          for (uint32_t i = 0; i <= n; ++i) DROP();
          PUSH(std::move(d));
          NEXT();
        }
        TARGET(BUILD_STRING) {
          uint32_t n = ip->arg;
          Value s = build_string(sp - n, n);
          for (uint32_t i = 0; i < n; ++i) DROP();
          PUSH(std::move(s));
          NEXT();
        }
        TARGET(BUILD_SLICE) {
          uint32_t n = ip->arg;
          Value step = n == 3 ? POP() : Value::none();
          Value stop = POP();
          Value start = POP();
          PUSH(make<Slice>(std::move(start), std::move(stop), std::move(step)));
          NEXT();
        }
        TARGET(LIST_APPEND) {
          Value v = POP();
          sp[-static_cast<int>(ip->arg)].as<List>()->items.push_back(std::move(v));
          NEXT();
        }
        TARGET(SET_ADD) {
          Value v = POP();
          sp[-static_cast<int>(ip->arg)].as<SetObject>()->add(v);
          NEXT();
        }
        TARGET(MAP_ADD) {
          Value v = POP();
          Value k = POP();
          sp[-static_cast<int>(ip->arg)].as<Dict>()->set(k, std::move(v));
          NEXT();
        }
        TARGET(LIST_EXTEND) {
          list_extend(sp[-1 - static_cast<int>(ip->arg)].as<List>(), TOP());
          DROP();
          NEXT();
        }
        TARGET(SET_UPDATE) {
          SetObject* s = sp[-1 - static_cast<int>(ip->arg)].as<SetObject>();
          for (const Value& v : collect_items(TOP())) s->add(v);
          DROP();
          NEXT();
        }
        TARGET(DICT_UPDATE) {
          dict_update(sp[-1 - static_cast<int>(ip->arg)].as<Dict>(), TOP());
          DROP();
          NEXT();
        }
        TARGET(DICT_MERGE) {
          int i = static_cast<int>(ip->arg);
          dict_merge(sp[-1 - i].as<Dict>(), TOP(), sp[-3 - i]);
          DROP();
          NEXT();
        }
        TARGET(LIST_TO_TUPLE) {
          Value& v = TOP();
          v = Value(make_tuple(std::move(v.as<List>()->items)));
          NEXT();
        }
        TARGET(UNPACK_SEQUENCE) {
          uint32_t n = ip->arg;
          Value seq = POP();
          if (seq.is_obj() && seq.as_obj()->type == types::tuple &&
              seq.as<Tuple>()->items.size() == n) {
            const auto& items = seq.as<Tuple>()->items;
            for (uint32_t i = n; i-- > 0;) PUSH(items[i]);
            NEXT();
          }
          unpack_sequence(seq, n, sp);
          sp += n;
          NEXT();
        }
        TARGET(UNPACK_EX) {
          Value seq = POP();
          uint32_t count = (ip->arg & 0xFF) + (ip->arg >> 8) + 1;
          unpack_ex(seq, ip->arg, sp);
          sp += count;
          NEXT();
        }
        TARGET(FORMAT_VALUE) {
          uint32_t fl = ip->arg;
          if (fl & 4) {
            Value r = format_value(SECOND(), fl, &TOP());
            DROP();
            TOP() = std::move(r);
          } else {
            TOP() = format_value(TOP(), fl, nullptr);
          }
          NEXT();
        }

        // ---- generators ------------------------------------------------------------------
        TARGET(YIELD_VALUE) {
          Value v = POP();
          if (REFC_UNLIKELY(f != entry || !(f->flags_ & Frame::kOnHeap)))
            raise(exc::SystemError, "yield outside a generator frame");
          f->ip_ = ip;
          f->sp_ = sp;
          *finished = false;
          leave_entry(entry, false);
          return v;
        }
        TARGET(SEND) {
          Value& receiver = SECOND();
          Value v = POP();
          Value result;
          Value r;
          bool ok = guarded(
              [&] {
                if (receiver.is_obj() && receiver.as_obj()->type == types::generator) {
                  bool done = false;
                  r = generator_send(receiver.as<Generator>(), v, &done);
                  if (done) {
                    result = std::move(r);
                    r = Value();
                  }
                } else {
                  r = send_to_iterator(receiver, v, result);
                }
              },
              exc);
          if (REFC_UNLIKELY(!ok)) goto exception;
          if (r.is_null()) {
            TOP() = std::move(result);
            JUMPTO(ip->arg);
            DISPATCH();
          }
          PUSH(std::move(r));
          NEXT();
        }
        TARGET(GET_YIELD_FROM_ITER) {
          Value& v = TOP();
          if (!(v.is_obj() && v.as_obj()->type == types::generator)) v = get_iter(v);
          NEXT();
        }

        // ---- functions, classes, imports ---------------------------------------------------
        TARGET(MAKE_FUNCTION) {
          uint32_t fl = ip->arg;
          Value fn = make_function(f, fl, sp);
          int n = 1 + __builtin_popcount(fl & 15);
          for (int i = 0; i < n; ++i) DROP();
          PUSH(std::move(fn));
          NEXT();
        }
        TARGET(CALL_FUNCTION_EX) {
          Value kwargs = (ip->arg & 1) ? POP() : Value();
          Value callargs = POP();
          SAVE_FRAME();
          Value r;
          if (REFC_UNLIKELY(!guarded([&] { r = call_function_ex(TOP(), callargs, kwargs); }, exc)))
            goto exception;
          DROP();
          TOP() = std::move(r);
          NEXT();
        }
        TARGET(LOAD_BUILD_CLASS) {
          static Str* bc = intern("__build_class__");
          Value v = f->builtins_->get(bc);
          if (v.is_null()) raise(exc::NameError, "__build_class__ not found");
          PUSH(std::move(v));
          NEXT();
        }
        TARGET(IMPORT_NAME) {
          Value fromlist = POP();
          Value level = POP();
          SAVE_FRAME();
          PUSH(import_name(names[ip->arg], fromlist, level.is_intlike() ? level.as_int() : 0));
          NEXT();
        }
        TARGET(IMPORT_FROM) {
          SAVE_FRAME();
          Value v = import_from(TOP(), names[ip->arg]);
          PUSH(std::move(v));
          NEXT();
        }
        TARGET(IMPORT_STAR) {
          Value m = POP();
          if (!f->locals_dict_) raise(exc::SystemError, "no locals found during 'import *'");
          import_star(m, f->locals_dict_);
          NEXT();
        }

        // ---- exceptions and blocks -------------------------------------------------------------
        TARGET(SETUP_FINALLY) {
          f->blocks()[f->nblocks_++] = {ip->arg, static_cast<uint32_t>(sp - f->stack_base())};
          NEXT();
        }
        TARGET(SETUP_CLEANUP) {
          f->blocks()[f->nblocks_++] = {ip->arg, static_cast<uint32_t>(sp - f->stack_base())};
          NEXT();
        }
        TARGET(SETUP_WITH) {
          Value mgr = POP();
          Value enter, exit;
          SAVE_FRAME();
          with_lookup(mgr, enter, exit);
          PUSH(std::move(exit));
          Value res = call(enter, {});
          f->blocks()[f->nblocks_++] = {ip->arg, static_cast<uint32_t>(sp - f->stack_base())};
          PUSH(std::move(res));
          NEXT();
        }
        TARGET(POP_BLOCK) {
          --f->nblocks_;
          NEXT();
        }
        TARGET(PUSH_EXC_INFO) {
          Value e = POP();
          PUSH(g_vm.handled.is_null() ? Value::none() : g_vm.handled);
          g_vm.handled = e;
          PUSH(std::move(e));
          NEXT();
        }
        TARGET(POP_EXCEPT) {
          Value prev = POP();
          g_vm.handled = prev.is_none() ? Value() : std::move(prev);
          NEXT();
        }
        TARGET(CHECK_EXC_MATCH) {
          bool m = check_exc_match(SECOND(), TOP());
          TOP() = Value::boolean(m);
          NEXT();
        }
        TARGET(WITH_EXCEPT_START) {
          // [exit, prev, exc] -> [exit, prev, exc, exit(type, exc, tb)]
          const Value& e = TOP();
          Value argv[3] = {Value::borrow(type_of(e)), e, Value::none()};
          SAVE_FRAME();
          Value r = call(sp[-3], Args{argv, 3, nullptr});
          PUSH(std::move(r));
          NEXT();
        }
        TARGET(LOAD_ASSERTION_ERROR) {
          PUSH(Value::borrow(exc::AssertionError));
          NEXT();
        }
        TARGET(RAISE_VARARGS) {
          switch (ip->arg) {
          case 0:
            if (g_vm.handled.is_null())
              raise(exc::RuntimeError, "No active exception to reraise");
            exc = g_vm.handled;
            reraise = true;
            break;
          case 1: {
            Value v = POP();
            exc = exception_from(v, false);
            set_context(exc, true);
            break;
          }
          default: {
            Value cause = POP();
            Value v = POP();
            exc = exception_from(v, false);
            Value c = cause.is_none() ? Value::none() : exception_from(cause, true);
            auto* eo = exc.as<ExceptionObject>();
            eo->cause = std::move(c);
            eo->suppress_context = true;
            set_context(exc, true);
            break;
          }
          }
          goto exception;
        }
        TARGET(RERAISE) {
          exc = POP();
          reraise = true;
          goto exception;
        }
        }
      }
    } catch (PyError& e) {
      exc = std::move(e.exc);
      reraise = false;
    } catch (std::bad_alloc&) {
      exc = new_exception(exc::MemoryError, "");
      reraise = false;
    } catch (std::exception& e) {
      exc = new_exception(exc::SystemError, std::string("internal error: ") + e.what());
      reraise = false;
    }

  exception:
    // `exc` is raised at `ip` in frame `f`.
    kwnames = nullptr;
    if (!reraise) {
      add_traceback_entry(exc, co, co->line_at(static_cast<int>(ip - code_base)));
      if (!thrown_in) set_context(exc, false);
    }
    reraise = false;
    thrown_in = false;
    while (f->nblocks_ > 0) {
      RuntimeBlock b = f->blocks()[--f->nblocks_];
      Value* level = f->stack_base() + b.level;
      while (sp > level) DROP();
      PUSH(std::move(exc));
      exc = Value();
      JUMPTO(b.handler);
      goto resume_loop;
    }
    // No handler here: the frame is done.
    while (sp > f->stack_base()) DROP();
    f->sp_ = sp;
    if (f == entry) {
      leave_entry(entry, true);
      *error = std::move(exc);
      return Value();
    }
    {
      Frame* caller = f->previous_;
      --in.depth;
      if (f->flags_ & Frame::kHookSuspended) --g_vm.hook_suspended;
      release_arena_frame(f);
      f = caller;
      g_vm.current = f;
      LOAD_FRAME();
      goto exception; // recorded again at the caller's CALL
    }
  resume_loop:;
  }
#undef LOAD_FRAME
#undef SAVE_FRAME
#undef PUSH
#undef POP
#undef TOP
#undef SECOND
#undef DROP
#undef JUMPTO
#undef VM_RAISE
#undef TARGET
#undef DISPATCH
#undef NEXT
}

} // namespace refc::lang::evaluation
