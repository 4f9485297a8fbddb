// gradvec's command line built as main builds it but never run, for the tests of its answers
// (command_line_test.cpp, help_test.cpp): the app, its commands, and what it says to a line.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "tools/command_line.h"
#include "tools/commands.h"

namespace gv::testing {

// Every command, parents before children.
inline std::vector<CLI::App*> all_commands(CLI::App& app) {
  std::vector<CLI::App*> commands{&app};
  for (size_t i = 0; i < commands.size(); ++i) {
    for (CLI::App* sub : commands[i]->get_subcommands([](CLI::App*) { return true; })) {
      commands.push_back(sub);
    }
  }
  return commands;
}

// gradvec's commands, parsed but never run: once a command line is parsed, the top level's
// parse-complete callback throws CLI::Success (a parse that asks nothing to run) before any
// command's own callback. Those stay in place: each owns the state its options write into.
inline std::unique_ptr<CLI::App> gradvec_app() {
  auto app = std::make_unique<CLI::App>("gradvec");
  gv::tools::add_all_commands(*app);
  app->parse_complete_callback([] { throw CLI::Success(); });
  return app;
}

// "lm train" for gradvec's `lm train`, "" for gradvec itself.
inline std::vector<std::string> path_of(const CLI::App* command) {
  std::vector<std::string> path;
  for (; command->get_parent() != nullptr; command = command->get_parent()) {
    path.insert(path.begin(), command->get_name());
  }
  return path;
}

inline std::string command_line(const std::vector<std::string>& args) {
  std::string line = "gradvec";
  for (const std::string& arg : args) line += " " + arg;
  return line;
}

inline void parse(CLI::App& app, const std::vector<std::string>& args) {
  std::vector<const char*> argv{"gradvec"};
  for (const std::string& arg : args) argv.push_back(arg.c_str());
  gv::tools::parse_command_line(app, static_cast<int>(argv.size()), argv.data());
}

// What parse_command_line says about gradvec ARGS: the UnknownName message, or "" when it
// accepted them (CLI11's own errors, such as a missing required option, count as accepted).
inline std::string answer(const std::vector<std::string>& args) {
  auto app = gradvec_app();
  try {
    parse(*app, args);
  } catch (const gv::tools::UnknownName& e) {
    return e.what();
  } catch (const CLI::Error&) {
  }
  return "";
}

}  // namespace gv::testing
