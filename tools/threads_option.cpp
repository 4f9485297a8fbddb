#include "tools/threads_option.h"

#include "autograd/machine.h"
#include "tools/validators.h"

namespace gv::tools {

CLI::Option* add_threads_option(CLI::App& command, int& threads, const std::string& description) {
  threads = cores();
  return command.add_option("--threads", threads, description + " (0: one per core)")
      ->check(integer_in<int>(0, kMaxThreads))
      ->transform(CLI::Validator(
          [](std::string& text) -> std::string {
            if (std::stoi(text) == 0) text = std::to_string(cores());
            return {};
          },
          ""))
      ->capture_default_str();
}

}  // namespace gv::tools
