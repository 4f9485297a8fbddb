// Each `gradvec` subcommand lives in its own file and registers itself on the app here.
// A command reports bad input by throwing; main() prints the message on one line and
// exits with status 2 (1 is left for "ran, but the answer is no", e.g. a failed check;
// 128 + a signal's number means that signal stopped it).
#pragma once

#include <CLI/CLI.hpp>
#include <stdexcept>

namespace gv::tools {

// Thrown by a command that INT, TERM or HUP stopped, after it has said what it saved: main()
// prints nothing more and exits with 128 + the signal's number (130 for Ctrl-C), the status the
// shell gives a process the signal ended.
struct Interrupted : std::runtime_error {
  explicit Interrupted(int signal) : std::runtime_error("interrupted"), signal(signal) {}
  int signal;
};

// Every command below, in the order --help lists them, with help wrapped to a fixed width.
void add_all_commands(CLI::App& app);  // commands.cpp

void add_train_command(CLI::App& app);    // train_command.cpp
void add_pe_command(CLI::App& app);       // pe_command.cpp
void add_phrases_command(CLI::App& app);  // phrases_command.cpp
void add_bpe_command(CLI::App& app);      // bpe_command.cpp: bpe train, bpe encode, bpe decode
void add_lm_command(CLI::App& app);       // lm_command.cpp: lm train, lm sample, lm eval
void add_vector_commands(CLI::App& app);  // vector_commands.cpp: nearest, analogy, eval, repl,
                                          // convert, info, plot, and vector:
void add_print_vectors_command(CLI::App& app);  // print_vectors_command.cpp

}  // namespace gv::tools
