// gradvec's help: `help [COMMAND...]`, every option's default shown, and text wrapped to the width.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "tests/tools/command_line_app.h"
#include "tools/help_formatter.h"

using namespace gv::testing;  // command_line_app.h

TEST_CASE("command line: help [COMMAND...] prints that command's help") {
  const auto help_of = [](const std::vector<std::string>& args) {
    auto app = gradvec_app();
    try {
      parse(*app, args);
    } catch (const CLI::CallForHelp&) {
      return app->help();
    }
    return std::string("no help");
  };
  const std::string top = help_of({"help"});
  CHECK(top.rfind("gradvec\nUsage: gradvec [OPTIONS]", 0) == 0);
  CHECK(top.find("\nSubcommands:\n  train ") != std::string::npos);
  CHECK(help_of({"help", "train"}).rfind("Train skip-gram or CBOW word vectors", 0) == 0);
  CHECK(help_of({"help", "lm", "train"}).rfind("Train the character-level transformer", 0) == 0);
  CHECK(help_of({"help", "train"}) == help_of({"train", "--help"}));
  CHECK(answer({"help", "trian"}) == "unknown command 'trian'; did you mean 'train'?");
  CHECK(answer({"help", "lm", "smaple"}) == "unknown command 'smaple'; did you mean 'sample'?");
}

TEST_CASE("help: every option that takes a value shows its default") {
  // Options with no default by nature: what the command is about, asked for each time.
  const std::vector<std::string> no_default{
      // Files written only when asked for; the checkpoint's default is said in its description.
      "train --save-vocab",
      "train --resume",
      "train --read-vocab",
      "lm train --resume",
      "phrases --list",
      "pe --svg",
      // The words asked about: analogy counts them itself, to say what the three are.
      "analogy words",
      // plot draws either the words given or the first N: one of the two is asked for.
      "plot --words",
      "plot --top",
  };
  auto app = gradvec_app();
  int checked = 0;
  for (const CLI::App* command : all_commands(*app)) {
    for (const CLI::Option* option : command->get_options()) {
      if (option->get_expected_max() == 0 || option->get_required()) continue;  // flags, required
      std::string path;
      for (const std::string& name : path_of(command)) path += name + " ";
      const std::string id = path + option->get_name();
      if (std::find(no_default.begin(), no_default.end(), id) != no_default.end()) continue;
      const bool shown = !option->get_default_str().empty() ||
                         option->get_option_text().find("(default: ") != std::string::npos ||
                         option->get_description().find("(default: ") != std::string::npos ||
                         option->get_description().find("(default on ") != std::string::npos;
      CAPTURE(id);
      CHECK(shown);
      ++checked;
    }
  }
  CHECK(checked > 40);
}

TEST_CASE("help: text is wrapped at spaces to the width, keeping its own line breaks") {
  using gv::tools::wrap_text;
  CHECK(wrap_text("aaa bbb ccc", 7) == "aaa bbb\nccc");
  CHECK(wrap_text("aaa bbb ccc", 6) == "aaa\nbbb\nccc");
  CHECK(wrap_text("a\nbb cc", 4) == "a\nbb\ncc");
  CHECK(wrap_text("averyveryverylongword x", 5) == "averyveryverylongword\nx");
  CHECK(wrap_text("end\n", 80) == "end\n");
  // Every line of every command's help fits.
  auto app = gradvec_app();
  for (const CLI::App* command : all_commands(*app)) {
    if (command->get_name().empty() && command->get_parent() != nullptr) continue;
    std::istringstream help(command->help());
    std::string line;
    while (std::getline(help, line)) {
      CAPTURE(command->get_name(), line);
      CHECK(line.size() <= gv::tools::WrappingFormatter::kHelpWidth);
    }
  }
}
