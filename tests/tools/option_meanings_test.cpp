// One option name, one meaning: every command's --help, read as it prints, gives each long
// option name the same value text (type, default, choices) and the same description in every
// command that has it. Two texts for one name are either two meanings or one meaning said two
// ways; both leave a reader of one command's --help wrong about the other.
#include <catch2/catch.hpp>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "tools/commands.h"

namespace {

// An option's --help, as the command's formatter prints it: the value text after the names
// (CLI11's "TYPE=DEFAULT", an option_text such as "add|mul (default: add)") and the description.
// "Needs:" and "Excludes:" are left out: they name the options beside it in that command.
struct HelpText {
  std::string value;
  std::string description;
  bool operator==(const HelpText&) const = default;
};

// gradvec's formatter (help_formatter.h) wraps CLI11's value text without changing it.
HelpText help_text(const CLI::Option& option) {
  std::string value = CLI::Formatter().make_option_opts(&option);
  for (const char* relation : {" Needs:", " Excludes:"})
    value = value.substr(0, value.find(relation));
  return {value, option.get_description()};
}

// "gradvec lm train"; an option group (a nameless subcommand) is its command's.
std::string path_of(const CLI::App& command) {
  if (command.get_parent() == nullptr) return "gradvec";
  const std::string parent = path_of(*command.get_parent());
  return command.get_name().empty() ? parent : parent + " " + command.get_name();
}

// The names whose texts may differ, and why. A description may differ where the option names
// the command's own object (the file it writes, the model it trains); a value text (type,
// range, default) where the objects differ too, or where a default is kept for a reason the
// --help says. What an entry does not name is still compared. A new entry needs a reason a
// user reading both --help texts would accept.
enum class MayDiffer { Description, Value, Both };
struct Allowed {
  MayDiffer what;
  const char* why;
};
const std::map<std::string, Allowed> kAllowed{
    {"--output",
     {MayDiffer::Both,
      "each command's own output: vectors, a corpus, a model, a BPE "
      "file, an SVG; required where there is no usual place"}},
    {"--output-format", {MayDiffer::Both, "convert cannot write fasttext-bin (no n-gram rows)"}},
    {"--corpus",
     {MayDiffer::Both,
      "train reads several files; the forms are issue 46's other "
      "part"}},
    {"--tokenizer",
     {MayDiffer::Both,
      "word tokenizers for word vectors, characters for the lm, a BPE file for "
      "bpe encode/decode"}},
    {"--threads", {MayDiffer::Description, "what the threads share: training, counting, a file"}},
    {"--seed", {MayDiffer::Description, "what the seed draws: pe draws only a learned table"}},
    {"--resume", {MayDiffer::Description, "which settings a resumed run may change"}},
    {"--min-count",
     {MayDiffer::Both,
      "phrases takes gensim Phrases' min_count, also subtracted "
      "in its score"}},
    {"--restrict",
     {MayDiffer::Value,
      "eval analogy's default is word2vec.c's compute-accuracy "
      "30000, said in its --help"}},
    // Word vectors, a transformer and a positional table are different models.
    {"--dim", {MayDiffer::Both, "a word vector's, a transformer's or a table's width"}},
    {"--lr", {MayDiffer::Both, "SGD's rate for word vectors, AdamW's peak for the lm"}},
    {"--batch", {MayDiffer::Both, "centre words per step, or lm windows per step"}},
    {"--context", {MayDiffer::Both, "lm eval's default is the trained context, lm train's is 64"}},
};

bool may_differ(const std::string& name, MayDiffer part) {
  const auto allowed = kAllowed.find(name);
  return allowed != kAllowed.end() &&
         (allowed->second.what == MayDiffer::Both || allowed->second.what == part);
}

}  // namespace

TEST_CASE("every command's --help gives one option name one description and one default") {
  CLI::App app("gradvec");
  gv::tools::add_all_commands(app);
  // option name -> (the first command seen with it, its text there)
  std::map<std::string, std::pair<std::string, HelpText>> first;
  std::vector<CLI::App*> commands{&app};
  int compared = 0;
  for (size_t i = 0; i < commands.size(); ++i) {
    for (CLI::App* sub : commands[i]->get_subcommands([](CLI::App*) { return true; }))
      commands.push_back(sub);
    const CLI::App& command = *commands[i];
    for (const CLI::Option* option : command.get_options()) {
      if (!option->nonpositional() || option->get_group().empty()) continue;  // hidden
      const std::string path = path_of(command);
      for (const std::string& name : option->get_lnames()) {
        const std::string long_name = "--" + name;
        const HelpText text = help_text(*option);
        const auto [seen, inserted] = first.try_emplace(long_name, path, text);
        if (inserted) continue;
        ++compared;
        const HelpText& before = seen->second.second;
        CAPTURE(long_name, seen->second.first, path);
        if (!may_differ(long_name, MayDiffer::Value)) CHECK(text.value == before.value);
        if (!may_differ(long_name, MayDiffer::Description))
          CHECK(text.description == before.description);
      }
    }
  }
  CHECK(compared > 50);
}
