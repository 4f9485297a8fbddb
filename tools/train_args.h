// gradvec train's command line: what it parses (TrainArgs) and the options that fill it, in the
// groups --help lists them in.
#pragma once

#include <set>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "tools/continue_options.h"
#include "tools/corpus_reading_options.h"
#include "tools/train_group_options.h"
#include "tools/vectors/vector_formats.h"
#include "word2vec/train_options.h"

namespace gv::tools {

struct TrainArgs {
  std::vector<std::string> corpus = {"data/tinyshakespeare.txt"};  // corpus_files() checks them
  std::string output = "models/tinyshakespeare.vec";
  VectorFormat format = VectorFormat::Word2VecText;
  bool lr_given = false;        // if not, the model's default_lr
  std::set<std::string> given;  // the options on the command line, by their long names
  CorpusReadingOptions reading;
  std::string checkpoint;
  std::string resume;
  ContinueOptions continued;       // --init and what goes with it
  std::string read_vocab;          // train these words: no counting pass
  bool keep_unseen_vocab = false;  // keep read words the tokenizer never yields
  std::string save_vocab;
  bool quiet = false;
  // Words whose neighbours end the run. The defaults are the frequent words whose top-5
  // neighbours on TinyShakespeare agree most across seeds (bench/demo_words.py measures it).
  std::vector<std::string> show = {"thou", "shall", "more", "son", "york"};
  TrainOptions options;
  TrainGroupOptions group;             // training across MPI ranks
  std::vector<GroupSetting> settings;  // what every process of the group must share
};

// Adds every option of train to `cmd`, filling `args`, which must outlive the command's parse.
void add_train_options(CLI::App& cmd, TrainArgs& args);

}  // namespace gv::tools
