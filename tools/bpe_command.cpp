// `gradvec bpe`: a byte-level BPE tokenizer (text/bpe/) learned from a corpus, and text
// turned into its tokens and back.
//
//   gradvec bpe train --corpus data/tinyshakespeare.txt --vocab-size 4096 --output tok.bpe
//   gradvec bpe encode --tokenizer tok.bpe <in.txt >ids.txt
//   gradvec bpe decode --tokenizer tok.bpe <ids.txt >out.txt     # out.txt is in.txt, byte for byte
//
// encode writes one line of ids per input line, that line's \n encoded with it (as token 10 or in
// a merge), so decode writes the bytes of every id and nothing else: the lines come back with
// their own newlines, and a last line without one comes back without one.
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "io/atomic_file.h"
#include "io/input_pass_stop.h"
#include "io/gunzip_reader.h"
#include "io/input_file.h"
#include "io/printable.h"
#include "text/bpe/bpe_encoder.h"
#include "text/bpe/bpe_file.h"
#include "text/bpe/bpe_trainer.h"
#include "text/bpe/pre_tokenizer.h"
#include "text/bpe/readable_piece.h"
#include "text/corpus/corpus.h"
#include "tools/commands.h"
#include "tools/corpus_argument.h"
#include "tools/launched_ranks.h"
#include "tools/output_lock.h"
#include "tools/output_paths.h"
#include "tools/progress.h"
#include "tools/validators.h"

namespace gv::tools {
namespace {

struct BpeArgs {
  std::vector<std::string> corpus = {"data/tinyshakespeare.txt"};
  int64_t vocab_size = 4096;
  std::string output;
  std::string tokenizer;
  bool pieces = false;
  bool allow_binary = false;
};

// Input is read, and output written, in blocks of about this many bytes: a line costs no read
// or write call of its own.
constexpr size_t kBlockBytes = size_t{1} << 20;

// Calls `use` with successive blocks of `in`, of kBlockBytes but the last.
template <class Use>
void for_each_block(std::istream& in, Use use) {
  std::vector<char> block(kBlockBytes);
  while (in) {
    in.read(block.data(), static_cast<std::streamsize>(block.size()));
    if (in.gcount() > 0) use(std::string_view(block.data(), static_cast<size_t>(in.gcount())));
  }
}

// Calls `use` with each pre-token of `in` (pre_tokenizer.h) as the bytes after it settle it: a
// block and the pre-token being read are held, never a whole line. With `doing` ("counting
// big.txt"), a stop signal ends the pass at its next block (InputPassStopped).
template <class Use>
void for_each_pre_token_of(std::istream& in, Use use, const std::string* doing = nullptr) {
  bpe::PreTokenStream pre_tokens;
  for_each_block(in, [&](std::string_view block) {
    if (doing != nullptr) throw_if_input_pass_stopped(*doing);
    pre_tokens.add(block, use);
  });
  pre_tokens.finish(use);
}

// Calls `use` with each line of `in`, its \n kept (none on a last line without one).
template <class Use>
void for_each_line(std::istream& in, Use use) {
  std::string pending;  // the start of a line that continues in the next block
  for_each_block(in, [&](std::string_view block) {
    while (!block.empty()) {
      const size_t newline = block.find('\n');
      if (newline == std::string_view::npos) {
        pending.append(block);
        return;
      }
      const std::string_view line = block.substr(0, newline + 1);
      block.remove_prefix(line.size());
      if (pending.empty()) {
        use(line);
      } else {
        pending.append(line);
        use(std::string_view(pending));
        pending.clear();
      }
    }
  });
  if (!pending.empty()) use(std::string_view(pending));
}

// Writes `out` to standard output and empties it.
void write_standard_output(std::string& out) {
  std::fwrite(out.data(), 1, out.size(), stdout);
  out.clear();
}

// Throws if standard output could not take everything written to it (a full disk, a closed pipe).
void finish_standard_output() {
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
    throw std::runtime_error("cannot write standard output");
  }
}

void run_train(const BpeArgs& args) {
  refuse_launched_ranks("gradvec bpe train runs as one process", "train", kStartWithoutLauncher);
  // From the start through the write: a signal (INT even where a script's background job has it
  // ignored) ends counting or learning at the next MiB or merge, with nothing written, but never
  // cuts the write.
  const StopSignals signals;
  const CorpusArgument corpus_argument(args.corpus, BpeArgs().corpus, args.allow_binary);
  refuse_shared_files(corpus_argument.inputs(), {{"--output", args.output}});
  const OutputLocks locks = prepare_outputs({args.output});
  const auto start = std::chrono::steady_clock::now();
  const Corpus corpus = corpus_argument.read();
  bpe::BpeTrainer trainer;
  for (size_t i = 0; i < corpus.file_count(); ++i) {
    std::ifstream file;
    open_corpus(corpus.path(i), file);
    const std::string counting = "counting " + corpus.file_name(i);
    for_each_pre_token_of(
        file, [&](std::string_view piece) { trainer.add_pre_token(piece, 1); }, &counting);
    if (file.bad()) throw std::runtime_error(corpus.file_name(i) + ": cannot read the corpus");
  }
  const bpe::BpeTokens vocabulary(trainer.learn(args.vocab_size));
  write_file_atomically(args.output, [&](std::ostream& out) { bpe::write_bpe(out, vocabulary); });
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
  std::fprintf(
      stderr, "%zu merges learned (a vocabulary of %lld tokens) from %s in %.2f s, written to %s\n",
      vocabulary.merges().size(), static_cast<long long>(vocabulary.size()),
      printable(corpus.name()).c_str(), took.count(), printable(args.output).c_str());
  end_if_signalled(signals, "learning", args.output);
}

// The decompressed standard input (if gzip'd, as every command reads a file) given to
// read(std::istream&).
template <class Read>
void read_standard_input(Read read) {
  GunzipBuffer content(read_descriptor(STDIN_FILENO, "standard input"), "standard input");
  std::istream in(&content);
  in.exceptions(std::ios::badbit);  // a read error or bad gzip data ends the command, named
  read(in);
}

// The ids are written as each pre-token is read, a line of them ending with the token holding
// the input line's \n (the last byte of its last pre-token), so a line of any length costs a
// pre-token and a block of output.
void run_encode(const BpeArgs& args) {
  const bpe::BpeTokens vocabulary = bpe::load_bpe(args.tokenizer);
  bpe::BpeEncoder encoder(vocabulary);
  std::string out;
  bool line_open = false;  // ids written since the last line's end
  const auto write_pre_token = [&](std::string_view piece) {
    for (const bpe::TokenId id : encoder.encode_pre_token(piece)) {
      if (line_open) out += ' ';
      if (args.pieces) {
        out += bpe::readable_piece(vocabulary.bytes(id));
      } else {
        char digits[16];
        out.append(digits, std::to_chars(digits, digits + sizeof digits, id).ptr);
      }
      line_open = true;
    }
    if (piece.ends_with('\n')) {
      out += '\n';
      line_open = false;
    }
    if (out.size() >= kBlockBytes) write_standard_output(out);
  };
  read_standard_input([&](std::istream& in) { for_each_pre_token_of(in, write_pre_token); });
  if (line_open) out += '\n';  // a last line without a newline
  write_standard_output(out);
  finish_standard_output();
}

// The ids of one line of decode's input, each in [0, vocabulary size).
std::vector<bpe::TokenId> parse_ids(std::string_view line, int64_t line_number, int64_t size) {
  std::vector<bpe::TokenId> ids;
  size_t at = 0;
  while ((at = line.find_first_not_of(" \t\r\n", at)) != std::string::npos) {
    const size_t end = std::min(line.find_first_of(" \t\r\n", at), line.size());
    const std::string text(line.substr(at, end - at));
    int64_t id = -1;
    const auto [stop, error] = std::from_chars(text.data(), text.data() + text.size(), id);
    if (error != std::errc() || stop != text.data() + text.size() || id < 0 || id >= size) {
      throw std::runtime_error("standard input: line " + std::to_string(line_number) + ": '" +
                               quoted_input(text) + "' is not a token id in [0, " +
                               std::to_string(size - 1) + "]");
    }
    ids.push_back(static_cast<bpe::TokenId>(id));
    at = end;
  }
  return ids;
}

// Everything is read and checked before a byte is written: a bad id leaves no partial output.
void run_decode(const BpeArgs& args) {
  const bpe::BpeTokens vocabulary = bpe::load_bpe(args.tokenizer);
  std::string out;
  int64_t line_number = 0;
  read_standard_input([&](std::istream& in) {
    for_each_line(in, [&](std::string_view line) {
      out += vocabulary.decode(parse_ids(line, ++line_number, vocabulary.size()));
    });
  });
  write_standard_output(out);
  finish_standard_output();
}

void add_tokenizer_option(CLI::App& cmd, BpeArgs& args) {
  cmd.add_option("--tokenizer", args.tokenizer, "BPE file written by gradvec bpe train")
      ->required()
      ->check(regular_file("tokenizer"));
}

}  // namespace

void add_bpe_command(CLI::App& app) {
  auto args = std::make_shared<BpeArgs>();
  CLI::App* bpe = app.add_subcommand(
      "bpe", "A byte-level BPE tokenizer: learn one from a corpus, encode and decode text");
  bpe->require_subcommand(1);

  CLI::App* train = bpe->add_subcommand("train", "Learn BPE merges from a corpus");
  add_corpus_option(*train, args->corpus, args->allow_binary,
                    "Text, read as bytes: several files, read in this order; a directory, for "
                    "every regular file directly in it; or - for standard input. gzip'd files "
                    "are decompressed");
  train->add_option("--vocab-size", args->vocab_size, "Tokens: the 256 bytes and the merges")
      ->check(integer_in<int64_t>(bpe::kMinVocabSize, bpe::kMaxVocabSize))
      ->capture_default_str();
  train->add_option("--output", args->output, "Where the BPE file goes")->required();
  train->footer(kBpeTrainStopSignalsHelp);
  train->callback([args] { run_train(*args); });

  CLI::App* encode = bpe->add_subcommand(
      "encode",
      "Standard input (decompressed if gzip'd) to token ids, one line of ids per input line");
  add_tokenizer_option(*encode, *args);
  encode->add_flag(
      "--pieces", args->pieces,
      "Print tokens as readable pieces instead of ids: each space as U+2581, each byte "
      "that is not part of a printable character as \\xNN");
  encode->callback([args] { run_encode(*args); });

  CLI::App* decode = bpe->add_subcommand(
      "decode", "Token ids on standard input (decompressed if gzip'd) to the bytes they stand for");
  add_tokenizer_option(*decode, *args);
  decode->callback([args] { run_decode(*args); });
}

}  // namespace gv::tools
