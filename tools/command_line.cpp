#include "tools/command_line.h"

#include <array>
#include <cctype>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "io/printable.h"
#include "tools/name_suggestions.h"
#include "tools/old_spellings.h"
#include "tools/peer_spellings.h"

namespace gv::tools {
namespace {

constexpr std::string_view kHelp = "help";
constexpr size_t kQuotedBytes = 64;  // of a word quoted back: the message stays one short line

std::string in_quotes(std::string_view typed) {
  return "'" + printable(typed, kQuotedBytes) + "'";
}

// Option groups are nameless subcommands; the commands are the named ones.
std::vector<CLI::App*> commands_of(CLI::App& command) {
  return command.get_subcommands([](CLI::App* sub) { return !sub->get_name().empty(); });
}

CLI::App* find_command(CLI::App& command, const std::string& word) {
  for (CLI::App* sub : commands_of(command)) {
    if (sub->check_name(word)) return sub;
  }
  return nullptr;
}

// "gradvec lm train": the app's own name is argv[0] only once parsing starts.
std::string command_path(const CLI::App& command) {
  const CLI::App* parent = command.get_parent();
  return parent == nullptr ? "gradvec" : command_path(*parent) + " " + command.get_name();
}

// The names offered as suggestions: the commands' and options' own, never an old spelling
// (old_spellings.h), which is read but not registered.
std::vector<std::string> offered_commands(CLI::App& command) {
  std::vector<std::string> names;
  if (command.get_parent() == nullptr) names.emplace_back(kHelp);
  for (const CLI::App* sub : commands_of(command)) names.push_back(sub->get_name());
  return names;
}
std::vector<std::string> offered_options(const CLI::App& command) {
  std::vector<std::string> names;
  for (const CLI::Option* option : command.get_options()) {
    if (!option->nonpositional()) continue;
    for (const std::string& name : option->get_lnames()) names.push_back("--" + name);
    for (const std::string& name : option->get_snames()) names.push_back("-" + name);
  }
  return names;
}

// "a", "a or b", "a, b or c".
std::string listed(const std::vector<std::string>& names) {
  std::string text;
  for (size_t i = 0; i < names.size(); ++i)
    text += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
  return text;
}

UnknownName unknown_command(CLI::App& command, const std::string& typed) {
  const std::vector<std::string> names = offered_commands(command);
  std::string hint = did_you_mean(typed, names);
  if (hint.empty()) {
    hint = "; the commands of " + command_path(command) + " are ";
    for (size_t i = 0; i < names.size(); ++i) hint += (i > 0 ? ", " : "") + names[i];
  }
  return UnknownName("unknown command " + in_quotes(typed) + hint);
}

// A command with commands of its own (gradvec, eval, lm, bpe) does nothing itself: an option
// given to it belongs to one of them, so the message names the one missing, among those that take
// `option` when it is given ("gradvec eval needs a command before --vectors: analogy or
// similarity"); nullopt when none takes it.
std::optional<UnknownName> command_missing(CLI::App& command, const std::string& option = "") {
  std::vector<std::string> names;
  for (const CLI::App* sub : commands_of(command)) {
    if (option.empty() || sub->get_option_no_throw(option) != nullptr)
      names.push_back(sub->get_name());
  }
  if (names.empty()) return std::nullopt;
  const std::string before = option.empty() ? "" : " before " + option;
  return UnknownName(command_path(command) + " needs a command" + before + ": " + listed(names));
}

// Names users bring from elsewhere for what a command calls otherwise: lm's model is --lm, a
// query command's is --vectors. Offered as a guess, never read as the option: --model is train's
// architecture.
constexpr std::array<std::pair<std::string_view, std::string_view>, 2> kOtherNames{{
    {"--model", "--lm"},
    {"--model", "--vectors"},
}};

UnknownName unknown_option(CLI::App& command, const std::string& typed) {
  std::string hint = did_you_mean(typed, offered_options(command));
  for (const auto& [other, name] : kOtherNames) {
    if (hint.empty() && typed == other && command.get_option_no_throw(std::string(name)))
      hint = "; did you mean " + in_quotes(name) + "?";
  }
  if (hint.empty()) {
    if (auto missing = command_missing(command, typed)) return *missing;
    hint = " for " + command_path(command) + " (see its --help)";
  }
  return UnknownName("unknown option " + in_quotes(typed) + hint);
}

// The options whose value is what a command reads. No command takes a file as a bare word, so a
// bare word where a command takes none is likeliest that input with its option left out
// ("gradvec train file.txt").
constexpr std::array<std::string_view, 3> kInputOptions{"--corpus", "--vectors", "--lm"};

UnknownName unexpected_word(const CLI::App& command, const std::string& word) {
  std::vector<std::string> meant;
  for (const std::string_view input : kInputOptions) {
    if (command.get_option_no_throw(std::string(input)) != nullptr)
      meant.push_back("'" + std::string(input) + " " + printable(word, kQuotedBytes) + "'");
  }
  const std::string hint =
      meant.empty() ? " (see its --help)" : "; did you mean " + listed(meant) + "?";
  return UnknownName(command_path(command) + " takes no bare words, got " + in_quotes(word) + hint);
}

// As CLI11 reads a word: "-x..." and "--x..." are options, but "-" (standard input) and "-0.5"
// (a negative number) are values.
bool is_option(std::string_view word) {
  return word.size() > 1 && word[0] == '-' &&
         !(std::isdigit(static_cast<unsigned char>(word[1])) || word[1] == '.');
}

// The option name of `word` as typed: "--name=VALUE" is "--name".
std::string name_of(const std::string& word) {
  return word.substr(0, word.find('='));
}

bool takes_value(const CLI::Option& option) {
  return option.get_expected_max() > 0;
}

// An option CLI11 refuses to read twice ("At Most 1 required but received 2").
bool takes_one_value(const CLI::Option& option) {
  return option.get_expected_max() == 1 &&
         option.get_multi_option_policy() == CLI::MultiOptionPolicy::Throw;
}

// Named as the user typed it both times: an old spelling and the current name are one option.
UnknownName given_twice(const CLI::Option& option, const std::string& first,
                        const std::string& second) {
  const std::string as = first == second ? "" : " (as " + first + " and " + second + ")";
  return UnknownName(option.get_name() + " is given twice" + as + ": give it once");
}

// The option `word` names in `command`, or nullptr. CLI11 reads "--name=VALUE", "-xVALUE" as
// the one-letter option -x with a value, and "-xyz" of flags as -x -y -z.
const CLI::Option* find_option(const CLI::App& command, const std::string& word) {
  if (word[1] == '-') return command.get_option_no_throw(name_of(word));
  const CLI::Option* option = command.get_option_no_throw(word.substr(0, 2));
  if (option == nullptr || word.size() == 2 || takes_value(*option)) return option;
  return find_option(command, "-" + word.substr(2)) != nullptr ? option : nullptr;
}

// Checks the names in `args` (argv after the program) as CLI11 will read them: every option
// against the command it follows, and every word where a command is expected against that
// command's commands; an old spelling of an option is rewritten to its current name. A bare word
// where the command takes none, or a command missing at the end, is named too. A peer's spelling
// is no mistake to stop at: its index joins `walk.peers`, for one answer to them all. Values and
// positionals are left to CLI11.
struct Walk {
  std::vector<size_t> peers;          // where the peers' spellings are
  const CLI::App* command = nullptr;  // the command of the word checked last
  size_t at = 0;                      // that word's index
};
void walk_names(CLI::App& app, std::vector<std::string>& args, Walk& walk) {
  CLI::App* command = &app;
  std::map<const CLI::Option*, std::string> given;  // as first typed
  // Words the option before may still take as values: one for most, any number for a list
  // (--corpus, --show), which CLI11 ends at the next option or command name.
  int values_left = 0;
  bool list_values = false;
  bool help_asked = false;  // --help or --version: a missing command is no mistake then
  for (size_t i = 0; i < args.size(); ++i) {
    std::string& word = args[i];
    walk.command = command;
    walk.at = i;
    if (word == "--") return;  // the rest are positionals, whatever they look like
    if (is_option(word)) {
      std::string typed = name_of(word);
      const std::string as_typed = typed;
      if (const auto current = current_spelling(*command, typed)) {
        word.replace(0, typed.size(), *current);
        typed = *current;
      }
      if (is_peer_spelling(*command, typed)) {
        walk.peers.push_back(i);
        values_left = typed.size() < word.size() ? 0 : 1;  // each takes one value
        list_values = false;
        continue;
      }
      const CLI::Option* option = find_option(*command, word);
      if (option == nullptr) throw unknown_option(*command, typed);
      if (takes_one_value(*option)) {
        const auto [first, inserted] = given.emplace(option, as_typed);
        if (!inserted) throw given_twice(*option, first->second, as_typed);
      }
      help_asked =
          help_asked || option == command->get_help_ptr() || option == command->get_version_ptr();
      values_left = takes_value(*option) ? option->get_expected_max() : 0;
      if (typed.size() < word.size()) --values_left;  // --name=VALUE
      list_values = option->get_expected_max() > 1;
      continue;
    }
    CLI::App* sub = find_command(*command, word);
    if (values_left > 0 && (sub == nullptr || !list_values)) {
      --values_left;
      continue;
    }
    values_left = 0;
    if (sub != nullptr) {
      command = sub;
      continue;
    }
    const bool takes_words =
        !command->get_options([](const CLI::Option* option) { return option->get_positional(); })
             .empty();
    if (takes_words) continue;
    if (!commands_of(*command).empty()) throw unknown_command(*command, word);
    throw unexpected_word(*command, word);
  }
  if (command->get_require_subcommand_min() > 0 && !help_asked) {
    if (auto missing = command_missing(*command)) throw *missing;
  }
}

// walk_names, with the peers' spellings answered together: a line copied from another tool is
// answered in one run. A mistake before the first of them is answered as it is; one after it is
// left for the line in gradvec's spelling to meet, and the peers' spellings past it are still
// found, read as options of the command the walk stopped in.
void check_names(CLI::App& app, std::vector<std::string>& args) {
  Walk walk;
  try {
    walk_names(app, args, walk);
  } catch (const UnknownName&) {
    if (walk.peers.empty()) throw;
    for (size_t i = walk.at + 1; i < args.size(); ++i) {
      if (is_option(args[i]) && is_peer_spelling(*walk.command, name_of(args[i])))
        walk.peers.push_back(i);
    }
  }
  if (!walk.peers.empty()) throw UnknownName(answer_peer_spellings(args, walk.peers));
}

// `help COMMAND...` as `COMMAND... --help`, each name checked.
std::vector<std::string> help_request(CLI::App& app, const std::vector<std::string>& names) {
  std::vector<std::string> args;
  CLI::App* command = &app;
  for (const std::string& name : names) {
    CLI::App* sub = find_command(*command, name);
    if (sub == nullptr) throw unknown_command(*command, name);
    command = sub;
    args.push_back(name);
  }
  args.emplace_back("--help");
  return args;
}

// CLI11 parses `args` as the words after the program's name, `program`.
void parse_words(CLI::App& app, const char* program, const std::vector<std::string>& args) {
  std::vector<const char*> argv{program};
  for (const std::string& word : args) argv.push_back(word.c_str());
  app.parse(static_cast<int>(argv.size()), argv.data());
}

}  // namespace

void parse_command_line(CLI::App& app, int argc, const char* const* argv) {
  std::vector<std::string> args;
  for (int i = 1; i < argc; ++i) args.emplace_back(argv[i]);
  if (!args.empty() && args[0] == kHelp && find_command(app, args[0]) == nullptr) {
    parse_words(app, argv[0], help_request(app, {args.begin() + 1, args.end()}));
    return;
  }
  check_names(app, args);
  parse_words(app, argv[0], args);
}

}  // namespace gv::tools
