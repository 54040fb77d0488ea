// The `refc` command: parses the command line (CLI11) and hands each
// subcommand to the library — `refc run FILE.py [args...]` runs a program,
// `refc dis FILE.py` lists its bytecode, `refc pgo show [--json] [FILE]`
// prints a saved automatic-dynamic profile, `refc repro COMMAND FILE.py`
// replays, describes or minifies a repro, `refc minify --program FILE.py`
// reduces a program, `refc fuzz` runs a fuzz campaign. Exit status: 0 success, 1 uncaught
// exception or syntax error (or the program's own SystemExit code), 2 usage
// error. No logic lives here.
#include "reference_compiler/aot/aot_module.h"
#include "reference_compiler/backends/backends_module.h"
#include "reference_compiler/dynamo/eval_frame.h"
#include "reference_compiler/dynamo/pgo_command.h"
#include "reference_compiler/dynamo/planted_bugs.h"
#include "reference_compiler/lang/dis.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/torch/torch_module.h"
#include "fuzz/campaign.h"
#include "fuzz/generator.h"
#include "fuzz/worker.h"
#include "minifier/minifier.h"
#include "minifier/minifier_module.h"
#include "minifier/program_reducer.h"
#include "repro/repro_module.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <tuple>
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

  // refc repro COMMAND FILE: a repro file run with that command (its first
  // argument); minify's options go to the minifier the file calls.
  CLI::App* repro = app.add_subcommand(
      "repro", "Work with a repro file (written by TORCHDYNAMO_REPRO_AFTER=dynamo)");
  repro->require_subcommand(1);
  std::string repro_command, repro_file;
  refc::minifier::MinifyOptions& minify = refc::minifier::minify_options();
  double timeout_s = 30;
  for (auto [name, help] : {std::pair{"run", "Compile its graph and run it: the failure shows"},
                            std::pair{"get-args", "Describe the graph's inputs"},
                            std::pair{"minify", "Reduce the graph and its inputs to the smallest that fail the same "
                                                "way (writes FILE's folder/minify/repro.py)"},
                            std::pair{"analyze", "Compare the compiled graph with eager op by op"}}) {
    CLI::App* command = repro->add_subcommand(name, help);
    command->add_option("file", repro_file, "The repro file")->required()->check(CLI::ExistingFile);
    command->final_callback([&repro_command, name = std::string(name)] { repro_command = name; });
    if (std::string(name) == "minify") {
      command->add_option("-j,--jobs", minify.jobs, "Candidates run at once")->capture_default_str()->check(CLI::Range(1, 256));
      command->add_option("--timeout", timeout_s, "Seconds a candidate may run (a hang fails by timing out)")
          ->capture_default_str()
          ->check(CLI::PositiveNumber);
      command->add_option("--out", minify.out_dir, "Output folder (default: minify/ next to FILE)");
      command->add_flag("--resume", minify.resume, "Go on from the output folder's journal after an interruption");
      command->add_option("--runs", minify.reproduce_runs, "Runs of the original before reducing (flakiness check)")
          ->capture_default_str()
          ->check(CLI::Range(1, 100));
      command->add_flag("-q,--quiet", minify.quiet, "No status line or summary (events.jsonl and summary.json still)");
    }
  }

  // refc minify --program FILE: the program reducer.
  refc::minifier::ReduceProgramOptions reduce;
  double reduce_timeout_s = 30;
  CLI::App* reduce_cmd = app.add_subcommand(
      "minify", "Reduce a program (not a graph) while its failure persists: for failures of the tracer itself "
                "(writes FILE.minify/program.py)");
  reduce_cmd->add_option("--program", reduce.file, "The program to reduce")->required()->check(CLI::ExistingFile);
  reduce_cmd->add_option("--signature", reduce.signature,
                         "What must persist: a failure whose description contains TEXT (default: the program's "
                         "own failure, exactly)");
  reduce_cmd->add_flag("--differs-from-eager", reduce.differs_from_eager,
                       "What must persist: the program prints something else compiled than with "
                       "TORCH_COMPILE_DISABLE=1");
  reduce_cmd->add_option("-j,--jobs", reduce.run.jobs, "Candidates run at once")->capture_default_str()->check(CLI::Range(1, 256));
  reduce_cmd->add_option("--timeout", reduce_timeout_s, "Seconds a candidate may run")->capture_default_str()->check(CLI::PositiveNumber);
  reduce_cmd->add_option("--out", reduce.run.out_dir, "Output folder (default: FILE.minify/ next to FILE)");
  reduce_cmd->add_option("--runs", reduce.run.reproduce_runs, "Runs of the original before reducing (flakiness check)")
      ->capture_default_str()
      ->check(CLI::Range(1, 100));
  reduce_cmd->add_flag("-q,--quiet", reduce.run.quiet, "No status line or summary");

  // refc fuzz: a campaign, one program replayed, or (internal) a worker.
  refc::fuzz::CampaignOptions fuzz;
  std::string fuzz_time = "10m", fuzz_shard = "0/1", planted;
  std::optional<uint64_t> replay_seed;
  bool fuzz_worker = false, fuzz_json = false, list_generators = false, list_planted = false;
  CLI::App* fuzz_cmd = app.add_subcommand(
      "fuzz", "Generate programs and check compiled against eager, guard soundness and precision (a campaign; "
              "writes --out DIR)");
  fuzz_cmd->add_option("--time", fuzz_time, "How long: 90s, 10m, 2h (0: until --programs)")->capture_default_str();
  fuzz_cmd->add_option("-j,--jobs", fuzz.jobs, "Worker processes")->capture_default_str()->check(CLI::Range(1, 256));
  fuzz_cmd->add_option("--seed", fuzz.seed, "Campaign seed: program i has seed f(SEED, i)")->capture_default_str();
  fuzz_cmd->add_option("--out", fuzz.out, "Output folder (findings/, corpus/, stats.json)")->capture_default_str();
  fuzz_cmd->add_option("--shard", fuzz_shard, "i/N: this process checks programs i, i+N, i+2N, ...")->capture_default_str();
  fuzz_cmd->add_option("--programs", fuzz.programs, "Stop after this many programs (0: no limit)")->capture_default_str();
  fuzz_cmd->add_option("--program-timeout", fuzz.program_timeout, "Seconds one program may run before it counts as a hang")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  fuzz_cmd->add_flag("--stop-on-finding", fuzz.stop_on_finding, "Stop at the first finding");
  fuzz_cmd->add_flag("!--no-reduce", fuzz.reduce, "Do not reduce the findings' programs");
  fuzz_cmd->add_flag("-q,--quiet", fuzz.quiet, "No status line or summary (stats.json still)");
  fuzz_cmd->add_option("--planted", planted,
                       "Plant bugs (names from torch._dynamo.config.planted_bugs_TESTING_ONLY, comma-separated): "
                       "the campaign must find them");
  fuzz_cmd->add_option("--replay", replay_seed, "Generate and check the program of this seed, here, and print it");
  fuzz_cmd->add_flag("--json", fuzz_json, "With --replay: print the program and verdict as one JSON object");
  fuzz_cmd->add_flag("--list-generators", list_generators, "List the program generators and their weights");
  fuzz_cmd->add_flag("--list-planted", list_planted, "List the bugs --planted can plant");
  fuzz_cmd->add_flag("--worker", fuzz_worker, "Run as a campaign's worker (seeds on stdin, verdicts on stdout)")->group("");

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

  auto install = [](const std::vector<std::string>& program_argv) {
    refc::torch::install();
    refc::dynamo::install();
    refc::backends::install();
    refc::aot::install();
    refc::repro::install();
    refc::minifier::install();
    refc::lang::initialise(program_argv);
  };
  auto run_program = [&install](const std::vector<std::string>& program_argv) {
    install(program_argv);
    return refc::lang::run_main_file(program_argv.front());
  };
  if (*run) {
    std::vector<std::string> program_argv{run_file};
    program_argv.insert(program_argv.end(), run_args.begin(), run_args.end());
    for (const std::string& extra : run->remaining()) program_argv.push_back(extra);
    return run_program(program_argv);
  }
  if (*repro) {
    if (repro_command == "minify") {
      minify.timeout = std::chrono::milliseconds(static_cast<int64_t>(timeout_s * 1000));
      minify.out_dir = refc::minifier::output_dir(repro_file, minify);
      if (minify.resume) {
        if (std::optional<std::filesystem::path> from = refc::minifier::resume_point(minify.out_dir)) {
          std::cerr << "minify: resuming from " << from->string() << "\n";
          repro_file = from->string();
        }
      }
    }
    return run_program({repro_file, repro_command});
  }
  if (*reduce_cmd) {
    if (!reduce.signature.empty() && reduce.differs_from_eager) {
      std::cerr << "refc minify: --signature and --differs-from-eager are two different questions; give one\n";
      return 2;
    }
    reduce.run.timeout = std::chrono::milliseconds(static_cast<int64_t>(reduce_timeout_s * 1000));
    return refc::minifier::reduce_program(reduce);
  }
  if (*fuzz_cmd) {
    if (list_generators) {
      for (const refc::fuzz::Generator& g : refc::fuzz::generators())
        std::cout << g.name << std::string(20 - std::min<size_t>(g.name.size(), 19), ' ') << g.weight << "  " << g.summary << "\n";
      return 0;
    }
    if (list_planted) {
      for (const refc::dynamo::PlantedBugInfo& b : refc::dynamo::planted_bugs()) std::cout << b.name << "  " << b.what << "\n";
      return 0;
    }
    for (size_t start = 0; start < planted.size();) {
      size_t comma = planted.find(',', start);
      if (comma == std::string::npos) comma = planted.size();
      const std::string name = planted.substr(start, comma - start);
      const auto bugs = refc::dynamo::planted_bugs();
      if (std::none_of(bugs.begin(), bugs.end(), [&](const auto& b) { return b.name == name; })) {
        std::cerr << "refc fuzz: --planted: unknown bug '" << name << "' (refc fuzz --list-planted lists them)\n";
        return 2;
      }
      start = comma + 1;
    }
    if (!planted.empty()) setenv("TORCHDYNAMO_PLANTED_BUGS_TESTING_ONLY", planted.c_str(), 1);
    if (fuzz_worker || replay_seed) {
      install({"fuzz"});
      return fuzz_worker ? refc::fuzz::run_worker() : refc::fuzz::replay(*replay_seed, fuzz_json);
    }
    const std::optional<double> seconds = refc::fuzz::parse_duration(fuzz_time);
    const std::optional<std::pair<int, int>> shard = refc::fuzz::parse_shard(fuzz_shard);
    if (!seconds || !shard) {
      std::cerr << "refc fuzz: " << (!seconds ? "--time takes 90s, 10m, 2h or a number of seconds"
                                              : "--shard takes i/N with 0 <= i < N")
                << "\n";
      return 2;
    }
    if (*seconds == 0 && fuzz.programs == 0) {
      std::cerr << "refc fuzz: --time 0 needs --programs N\n";
      return 2;
    }
    fuzz.seconds = *seconds;
    std::tie(fuzz.shard, fuzz.shards) = *shard;
    return refc::fuzz::run_campaign(fuzz);
  }
  if (*dis) {
    refc::lang::initialise({dis_file});
    return refc::lang::disassemble_file(dis_file);
  }
  if (*show) return refc::dynamo::show_profile(show_request, std::cout, std::cerr);
  return 2;
}
