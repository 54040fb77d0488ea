// Codegen: writes the bytecode that replaces a traced frame — load the graph's
// inputs from their sources, call the compiled graph, rebuild every value the
// rest of the frame needs from the graph's outputs, sources and constants,
// and replay side effects — and copies instructions of the original code
// into new code objects (transformed frames and resume functions), mapping
// their table indices.
#pragma once

#include "reference_compiler/dynamo/output_graph.h"
#include "reference_compiler/dynamo/resume_function.h"
#include "reference_compiler/lang/assembler.h"

#include <map>
#include <vector>

namespace refc::dynamo {

// Emits instruction `in` of `from` into `a`, mapping its table indices into
// a's tables (a jump goes to `target`).
void copy_instruction(lang::Assembler& a, const lang::CodeObject& from, const lang::Instruction& in,
                      lang::Assembler::Label target = {});

class Codegen {
public:
  // Starts a code object like `original` (same name, arguments, locals,
  // cells and free variables, so it can run in the original's frame), with
  // its free variables copied in.
  explicit Codegen(const lang::CodeObject& original);
  // Makes the frame's cells (MAKE_CELL): after the graph read the arguments
  // that become cells, before anything reads the cells.
  void make_cells();
  lang::Assembler& assembler() { return asm_; }

  // Loads the value of `source` (a local, global, attribute or item chain).
  void load_source(const Source& source);
  // Calls the compiled graph with its inputs and keeps its output tuple; the
  // trackers whose nodes are in `outputs` are rebuilt from it.
  void call_graph(const lang::Value& compiled, const std::vector<GraphInput>& inputs,
                  const std::vector<graph::Node*>& outputs);
  // The eager backend's graph run in the frame itself: each node's call is
  // emitted as the graph's forward would make it, so a compiled call costs
  // no second frame and no output tuple. False (nothing emitted) for a graph
  // with a node or argument form only forward handles.
  bool inline_graph(const graph::Graph& graph, const std::vector<GraphInput>& inputs,
                    const std::vector<graph::Node*>& outputs);
  // Loads every value the trackers in `roots` (and their parts) read from a
  // source other than a bare frame local (a global, a closure cell, through
  // an object) into a temporary now; load_source then reads the temporary. Called before side effects are replayed, so values
  // rebuilt after them are the ones the trace saw.
  void preload_sources(const std::vector<VarPtr>& roots);
  // Pushes the value a tracker stands for.
  void reconstruct(const VarPtr& v);
  // Whether reconstruct() can rebuild `v` (checked before the backend runs).
  static bool reconstructible(const VarPtr& v);
  // `with maker(*args):` — SETUP_WITH to `handler` (emitted by exit_context).
  void enter_context(const ReenterWith& with, lang::Assembler::Label handler);
  // Leaves the block: POP_BLOCK, exit(None, None, None), then the exception
  // handler at `handler` (what the compiler emits for a with statement); both
  // paths continue at `after`, which is bound here.
  void exit_context(lang::Assembler::Label handler, lang::Assembler::Label after);
  // Writes the frame's cells the trace assigned (root Cell trackers).
  void store_cells(const std::vector<VarPtr>& derefs);
  // Replays side effects in order.
  void replay(const std::vector<SideEffect>& effects);
  // A fresh local for a temporary.
  int new_temp(const std::string& hint);
  lang::Ref<lang::CodeObject> finish() { return asm_.assemble(); }

private:
  lang::Assembler asm_;
  const lang::CodeObject& original_;
  std::map<const graph::Node*, int> output_index_;  // call_graph: node -> index in the output tuple
  std::map<const graph::Node*, int> output_local_;  // inline_graph: node -> the local holding it
  std::map<std::string, int> preloaded_;             // source (as printed) -> the local holding its value
  std::map<const Variable*, int> new_objects_; // objects made by the trace: their temporaries
  int graph_out_ = -1;
  bool cells_made_ = false;
  int ntemps_ = 0;
};

} // namespace refc::dynamo
