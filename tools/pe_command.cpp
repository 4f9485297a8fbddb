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
#include <stdexcept>
#include <string>

#include "autograd/rng.h"
#include "autograd/var.h"
#include "embeddings/learned_positional_embedding.h"
#include "embeddings/rotary_embedding.h"
#include "embeddings/sinusoidal_positional_embedding.h"
#include "tools/commands.h"
#include "tools/output_lock.h"
#include "tools/output_paths.h"
#include "tools/svg.h"
#include "tools/validators.h"

namespace gv::tools {

namespace {

// pe prints its table as text for reading, plotting or pasting: 2^24 numbers are already about
// 150 MB of it, far past anything read, and keep the largest working set, RoPE's (the table,
// its cos and sin, and the products that rotate it: about eight tables), under a gigabyte.
// --len and --dim are each bounded by it, and so is the table they make.
constexpr int64_t kMaxNumbers = int64_t{1} << 24;

struct PeOptions {
  std::string kind;
  int64_t length = 0;
  int64_t dim = 0;
  bool interleaved = false;
  uint64_t seed = 1;
  std::string svg_path;
};

// (T, D): the table the command prints.
Tensor positional_table(const PeOptions& options) {
  if (options.kind == "sinusoidal") {
    return SinusoidalPositionalEmbedding(options.length, options.dim).table();
  }
  if (options.kind == "learned") {
    Rng rng(options.seed);
    return LearnedPositionalEmbedding(options.length, options.dim, rng).weight().value();
  }
  RotaryOptions rope_options;
  rope_options.interleaved = options.interleaved;
  const RotaryEmbedding rope(options.length, options.dim, rope_options);
  return rope.forward(Var::constant(Tensor::ones({options.length, options.dim}))).value();
}

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
  if (options.interleaved && options.kind != "rope") {
    throw std::invalid_argument("--interleaved applies to --kind rope only, not " + options.kind);
  }
  // Checked here, by the option's name, before the library's own check names its class.
  if (options.kind != "learned" && options.dim % 2 != 0) {
    throw std::invalid_argument("--dim must be even for --kind " + options.kind +
                                " (its dimensions work in sin/cos pairs), got " +
                                std::to_string(options.dim));
  }
  if (options.length > kMaxNumbers / options.dim) {  // each is at most kMaxNumbers: no overflow
    throw std::invalid_argument(
        "--len " + std::to_string(options.length) + " is too large for --dim " +
        std::to_string(options.dim) + ": " + std::to_string(options.length * options.dim) +
        " numbers, more than pe prints (" + std::to_string(kMaxNumbers) + ")");
  }
  if (writes_to_standard_output(options.svg_path)) {
    throw std::invalid_argument("--svg " + options.svg_path +
                                ": the table is printed on standard output; give the SVG a file");
  }
  const OutputLocks locks = prepare_outputs({options.svg_path});
  const Tensor table = positional_table(options);
  // The plot first: a file that cannot be written fails the command before any output.
  if (!options.svg_path.empty()) {
    heatmap(std::span(table.data(), static_cast<size_t>(table.numel())), options.length,
            options.dim,
            {.title = "positional encoding: " + describe(options),
             .row_axis = "position",
             .column_axis = "dimension"})
        .save(options.svg_path);
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
      ->check(positive_integer_up_to(kMaxNumbers));
  pe->add_option("--dim", options->dim, "Dimensions D (even for sinusoidal and rope)")
      ->required()
      ->check(positive_integer_up_to(kMaxNumbers));
  pe->add_flag("--interleaved", options->interleaved,
               "rope: pair dims (2i, 2i+1) as the RoPE paper, not (i, i + D/2) as GPT-NeoX");
  pe->add_option("--seed", options->seed, "learned: seed of the N(0, 1) initialisation")
      ->check(kSeed)
      ->capture_default_str();
  pe->add_option("--svg", options->svg_path, "Also draw the table as a heatmap into this file");
  pe->callback([options] { run_pe(*options); });
}

}  // namespace gv::tools
