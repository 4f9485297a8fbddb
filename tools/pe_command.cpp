// `gradvec pe`: print (and optionally draw) a positional encoding table.
//
//   gradvec pe --kind sinusoidal --len 4 --dim 8
//
// prints T lines of D numbers: row t is what position t contributes — the sinusoidal
// encoding, a freshly initialised learned table, or RoPE's rotation of the all-ones vector.
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "io/input_pass_stop.h"
#include "tools/commands.h"
#include "tools/output_lock.h"
#include "tools/output_paths.h"
#include "tools/positional_table.h"
#include "tools/progress.h"
#include "tools/stop_signals.h"
#include "tools/svg.h"
#include "tools/validators.h"

namespace gv::tools {

namespace {

struct PeOptions : PositionalTableOptions {
  std::string svg_path;
};

std::string describe(const PeOptions& options) {
  std::string kind = options.kind;
  if (kind == "rope") kind += options.interleaved ? " (interleaved pairs)" : " (split halves)";
  if (kind == "learned") kind += ", seed " + std::to_string(options.seed);
  return kind + ", T = " + std::to_string(options.length) + ", d = " + std::to_string(options.dim);
}

void print_table(const Tensor& table) {
  const int64_t rows = table.size(0), cols = table.size(1);
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t c = 0; c < cols; ++c) {
      std::printf(c ? " %.5f" : "%.5f", static_cast<double>(table[r * cols + c]));
    }
    std::putchar('\n');
  }
}

void run_pe(const PeOptions& options) {
  check_positional_table(options);
  if (writes_to_standard_output(options.svg_path)) {
    throw std::invalid_argument("--svg " + options.svg_path +
                                ": the table is printed on standard output; give the SVG a file");
  }
  // With --svg, from here through its write, INT, TERM and HUP (INT even where a script's
  // background job has it ignored) end the command before the write, or once it is done, with
  // nothing printed, as convert's do; the table printed after it is a stream like any other.
  std::optional<StopSignals> signals;
  if (!options.svg_path.empty()) signals.emplace();
  const OutputLocks locks = prepare_outputs({options.svg_path});
  const Tensor table = positional_table(options);
  // The plot first: a file that cannot be written fails the command before any output.
  if (signals) {
    throw_if_input_pass_stopped("making the table");
    heatmap(std::span(table.data(), static_cast<size_t>(table.numel())), options.length,
            options.dim,
            {.title = "positional encoding: " + describe(options),
             .row_axis = "position",
             .column_axis = "dimension"})
        .save(options.svg_path);
    end_if_signalled(*signals, "the table", options.svg_path);
    signals.reset();
  }
  print_table(table);
}

}  // namespace

void add_pe_command(CLI::App& app) {
  auto options = std::make_shared<PeOptions>();
  CLI::App* pe =
      app.add_subcommand("pe", "Print a positional encoding table: T lines of D numbers");
  pe->add_option("--kind", options->kind, "Which encoding to print")
      ->required()
      ->check(CLI::IsMember({"sinusoidal", "learned", "rope"}));
  pe->add_option("--len", options->length, "Number of positions T")
      ->required()
      ->check(positive_integer_up_to(kMaxPositionalNumbers));
  pe->add_option("--dim", options->dim, "Dimensions D (even for sinusoidal and rope)")
      ->required()
      ->check(positive_integer_up_to(kMaxPositionalNumbers));
  pe->add_flag("--interleaved", options->interleaved,
               "rope: pair dims (2i, 2i+1) as the RoPE paper, not (i, i + D/2) as GPT-NeoX");
  pe->add_option("--seed", options->seed, "learned: seed of the N(0, 1) initialisation")
      ->check(kSeed)
      ->capture_default_str();
  pe->add_option("--svg", options->svg_path, "Also draw the table as a heatmap into this file");
  pe->footer(kWriteStopSignalsHelp);
  pe->callback([options] { run_pe(*options); });
}

}  // namespace gv::tools
