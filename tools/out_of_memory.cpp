#include "tools/out_of_memory.h"

#include <new>
#include <vector>

#include "autograd/memory_limit.h"
#include "tools/builtin_tokenizer_note.h"

namespace gv::tools {

namespace {

// Every option of any command that memory grows with.
constexpr const char* kSizingOptions[] = {
    "--dim",     "--buckets", "--batch",          "--window", "--negative", "--layers",
    "--context", "--threads", "--max-vocab-size", "--limit",  "--len"};

// The subcommand that ran: the last one parsed at the deepest level (lm -> train).
const CLI::App& command_run(const CLI::App& app) {
  const std::vector<CLI::App*> parsed = app.get_subcommands();
  return parsed.empty() ? app : command_run(*parsed.back());
}

// Whether `command` was given a BPE file as --tokenizer.
bool reads_bpe_file(const CLI::App& command) {
  const CLI::Option* tokenizer = command.get_option_no_throw("--tokenizer");
  if (tokenizer == nullptr || tokenizer->count() == 0) return false;
  return !names_builtin_tokenizer(tokenizer->as<std::string>());
}

// "out of memory[ DOING]: this process may use 2.0 GB (ulimit -v)", the limit where it is known.
std::string out_of_memory(const std::string& doing) {
  const MemoryLimit limit = memory_limit();
  return "out of memory" + (doing.empty() ? "" : " " + doing) +
         (limit.bytes > 0 ? ": " + limit.describe() : std::string());
}

}  // namespace

std::string out_of_memory_message(const CLI::App& app) {
  const CLI::App& command = command_run(app);
  std::vector<std::string> options;
  for (const char* name : kSizingOptions) {
    if (command.get_option_no_throw(name) != nullptr) options.emplace_back(name);
  }
  std::string advice;
  if (!options.empty()) {
    advice = "lower " + options.front();
    for (size_t i = 1; i < options.size(); ++i) {
      advice += (i + 1 == options.size() ? " or " : ", ") + options[i];
    }
  }
  // A BPE file's tokens are held by every command reading it, and size its tables: a million
  // merges of long tokens take gigabytes whatever the other options.
  if (reads_bpe_file(command)) {
    advice += (advice.empty() ? "" : ", or ") + std::string("use a --tokenizer of fewer merges");
  }
  if (advice.empty()) advice = "use smaller inputs";
  return out_of_memory("") + "; " + advice;
}

std::string failure_message(const std::exception& e, const std::string& doing) {
  return dynamic_cast<const std::bad_alloc*>(&e) == nullptr ? e.what() : out_of_memory(doing);
}

}  // namespace gv::tools
