// The `refc` command: parses the command line (CLI11) and hands each
// subcommand to the library — `refc run FILE.py [args...]` runs a program,
// `refc dis FILE.py` lists its bytecode, `refc pgo show [--json] [FILE]`
// prints a saved automatic-dynamic profile. Exit status: 0 success, 1 uncaught
// exception or syntax error (or the program's own SystemExit code), 2 usage
// error. No logic lives here.
#include "reference_compiler/lang/dis.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/dynamo/eval_frame.h"
#include "reference_compiler/dynamo/pgo_command.h"
#include "reference_compiler/repro/repro_module.h"
#include "reference_compiler/torch/torch_module.h"

#include <CLI/CLI.hpp>

#include <iostream>
#include <string>
#include <vector>

#ifndef REFC_VERSION
#define REFC_VERSION "0.0.0"
#endif

int main(int argc, char** argv) {
  CLI::App app{"refc: a reference tracing compiler for tensor programs, and its interpreter "
               "for a Python 3.11 subset"};
  app.set_version_flag("--version", std::string("refc ") + REFC_VERSION);
  app.require_subcommand(1);

  std::string run_file;
  std::vector<std::string> run_args;
  CLI::App* run = app.add_subcommand("run", "Run a program (sys.argv = [FILE, ARGS...])");
  run->add_option("file", run_file, "The program to run")->required()->check(CLI::ExistingFile);
  run->add_option("args", run_args, "Arguments passed to the program");
  // Everything after FILE belongs to the program, options included.
  run->prefix_command();

  // refc repro COMMAND FILE: a repro file run with that command (its first argument).
  std::string repro_command, repro_file;
  CLI::App* repro = app.add_subcommand(
      "repro", "Replay a repro file (written by TORCHDYNAMO_REPRO_AFTER=dynamo): run compiles its graph and shows "
               "the failure; get-args describes its inputs");
  repro->add_option("command", repro_command, "run | get-args | minify | analyze")
      ->required()
      ->check(CLI::IsMember({"run", "get-args", "minify", "analyze"}));
  repro->add_option("file", repro_file, "The repro file")->required()->check(CLI::ExistingFile);

  std::string dis_file;
  CLI::App* dis = app.add_subcommand("dis", "List the bytecode of every code object in a file");
  dis->add_option("file", dis_file, "The program to disassemble")
      ->required()
      ->check(CLI::ExistingFile);

  CLI::App* pgo =
      app.add_subcommand("pgo", "Inspect the automatic-dynamic profiles (PGO) of torch.compile");
  pgo->require_subcommand(1);
  refc::dynamo::ShowProfileRequest show_request;
  CLI::App* show = pgo->add_subcommand(
      "show", "Print a profile as PyTorch's render_code_state does (default FILE: the profile that "
              "TORCH_COMPILE_JOB_ID, TORCH_COMPILE_CACHE_KEY_TAG and REFC_CACHE_DIR select)");
  show->add_flag("--json", show_request.json, "Print the validated profile as JSON instead");
  show->add_option("file", show_request.file, "The profile file");

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return 2;
  }

  auto run_program = [](const std::vector<std::string>& program_argv) {
    refc::torch::install();
    refc::dynamo::install();
    refc::repro::install();
    refc::lang::initialise(program_argv);
    return refc::lang::run_main_file(program_argv.front());
  };
  if (*run) {
    std::vector<std::string> program_argv{run_file};
    program_argv.insert(program_argv.end(), run_args.begin(), run_args.end());
    for (const std::string& extra : run->remaining()) program_argv.push_back(extra);
    return run_program(program_argv);
  }
  if (*repro) return run_program({repro_file, repro_command});
  if (*dis) {
    refc::lang::initialise({dis_file});
    return refc::lang::disassemble_file(dis_file);
  }
  if (*show) return refc::dynamo::show_profile(show_request, std::cout, std::cerr);
  return 2;
}
