// The command line's answers to mistakes, driven through parse_command_line on the app main
// builds, with every command's work replaced by nothing: a line that parsed would run nothing.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cctype>
#include <functional>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "tests/tools/command_line_app.h"
#include "tools/command_line.h"
#include "tools/commands.h"
#include "tools/help_formatter.h"
#include "tools/name_suggestions.h"
#include "tools/old_spellings.h"
#include "tools/peer_spellings.h"

using namespace gv::testing;  // command_line_app.h

namespace {

// `name` mistyped by one letter: each letter dropped, each two neighbouring letters swapped,
// and for an option "--name" also "-name". Letters only: a dash dropped inside a name is no typo
// of one letter, and a name left empty is no name.
std::vector<std::string> one_letter_typos(const std::string& name) {
  const size_t dashes = name.find_first_not_of('-');
  const auto letter = [&](size_t i) { return std::isalnum(static_cast<unsigned char>(name[i])); };
  std::vector<std::string> typos;
  for (size_t i = dashes; i < name.size(); ++i) {
    if (letter(i) && name.size() - dashes > 1)
      typos.push_back(name.substr(0, i) + name.substr(i + 1));
    if (i + 1 < name.size() && letter(i) && letter(i + 1) && name[i] != name[i + 1]) {
      std::string swapped = name;
      std::swap(swapped[i], swapped[i + 1]);
      typos.push_back(swapped);
    }
  }
  if (dashes == 2) typos.push_back(name.substr(1));
  return typos;
}

}  // namespace

TEST_CASE("command line: every command, mistyped by one letter, is answered with its name") {
  auto app = gradvec_app();
  int checked = 0;
  for (CLI::App* parent : all_commands(*app)) {
    const std::vector<CLI::App*> commands =
        parent->get_subcommands([](CLI::App* sub) { return !sub->get_name().empty(); });
    for (const CLI::App* command : commands) {
      if (command->get_group().empty()) continue;  // hidden: never offered
      for (const std::string& typo : one_letter_typos(command->get_name())) {
        const bool taken = std::any_of(commands.begin(), commands.end(),
                                       [&](const CLI::App* c) { return c->check_name(typo); });
        if (taken || typo == "help") continue;
        std::vector<std::string> args = path_of(parent);
        args.push_back(typo);
        const std::string said = answer(args);
        CAPTURE(command_line(args), said);
        CHECK(said.rfind("unknown command '" + typo + "'; did you mean ", 0) == 0);
        CHECK(said.find("'" + command->get_name() + "'") != std::string::npos);
        ++checked;
      }
    }
  }
  CHECK(checked > 50);
}

TEST_CASE(
    "command line: every option of every command, mistyped by one letter, is answered with its "
    "name") {
  auto app = gradvec_app();
  int checked = 0;
  for (const CLI::App* command : all_commands(*app)) {
    if (command->get_name().empty()) continue;  // an option group, listed with its command
    const std::vector<const CLI::Option*> options = command->get_options();
    for (const CLI::Option* option : options) {
      if (!option->nonpositional() || option->get_group().empty()) continue;
      std::vector<std::string> names;
      for (const std::string& name : option->get_lnames()) names.push_back("--" + name);
      for (const std::string& name : option->get_snames()) names.push_back("-" + name);
      for (const std::string& name : names) {
        for (const std::string& typo : one_letter_typos(name)) {
          const bool taken = command->get_option_no_throw(typo) != nullptr;
          // A peer's spelling is answered as such (the next test).
          const bool peer = gv::tools::is_peer_spelling(*command, typo);
          if (taken || peer) continue;
          std::vector<std::string> args = path_of(command);
          args.push_back(typo);
          const std::string said = answer(args);
          CAPTURE(command_line(args), said);
          CHECK(said.rfind("unknown option '" + typo + "'; did you mean ", 0) == 0);
          CHECK(said.find("'" + name + "'") != std::string::npos);
          ++checked;
        }
      }
    }
  }
  CHECK(checked > 300);
}

TEST_CASE(
    "command line: word2vec.c's, fastText's and gensim's spellings are answered with gradvec's") {
  struct Case {
    std::vector<std::string> args;
    std::string typed, ours;  // the peer's option as the answer names it, and gradvec's
    std::string line;         // the line in gradvec's spelling
  };
  const auto said = [](const std::string& whose, const Case& c) {
    return whose + " spelling: " + c.typed + " is " + c.ours + ". In gradvec's spelling: gradvec " +
           c.line;
  };
  const std::vector<Case> word2vec{
      {{"train", "-size", "200"}, "-size", "--dim", "train --dim 200"},
      {{"train", "-iter", "5"}, "-iter", "--epochs", "train --epochs 5"},
      {{"train", "-cbow", "1"}, "-cbow 1", "--model cbow", "train --model cbow"},
      {{"train", "-cbow", "0"}, "-cbow 0", "--model skipgram", "train --model skipgram"},
      {{"train", "-hs", "1"}, "-hs 1", "--loss hs", "train --loss hs"},
      {{"train", "-hs", "0"}, "-hs 0", "--loss sgns", "train --loss sgns"},
      {{"train", "-negative", "10"}, "-negative", "--negative", "train --negative 10"},
      {{"train", "-window", "8"}, "-window", "--window", "train --window 8"},
      {{"train", "-sample", "1e-4"}, "-sample", "--sample", "train --sample 1e-4"},
      {{"train", "-min-count", "3"}, "-min-count", "--min-count", "train --min-count 3"},
      {{"train", "-threads", "4"}, "-threads", "--threads", "train --threads 4"},
      {{"train", "-train", "text8"}, "-train", "--corpus", "train --corpus text8"},
      {{"train", "-alpha", "0.05"}, "-alpha", "--lr", "train --lr 0.05"},
      {{"train", "-binary", "1"},
       "-binary 1",
       "--output-format w2v-bin",
       "train --output-format w2v-bin"},
      {{"train", "-binary", "0"}, "-binary 0", "--output-format w2v", "train --output-format w2v"},
      {{"train", "-save-vocab", "v.txt"},
       "-save-vocab",
       "--save-vocab",
       "train --save-vocab v.txt"},
      {{"train", "-read-vocab", "v.txt"},
       "-read-vocab",
       "--read-vocab",
       "train --read-vocab v.txt"},
      // word2phrase, in word2vec.c's distribution, reads its corpus as -train too.
      {{"phrases", "-train", "text8"}, "-train", "--corpus", "phrases --corpus text8"},
  };
  const std::vector<Case> fasttext{
      {{"train", "-dim", "100"}, "-dim", "--dim", "train --dim 100"},
      {{"train", "-epoch", "5"}, "-epoch", "--epochs", "train --epochs 5"},
      {{"train", "-minCount", "5"}, "-minCount", "--min-count", "train --min-count 5"},
      // fastText's n-grams are gradvec's --subwords, which the line gains.
      {{"train", "-minn", "3"}, "-minn", "--minn (with --subwords)", "train --minn 3 --subwords"},
      {{"train", "-maxn", "6"}, "-maxn", "--maxn (with --subwords)", "train --maxn 6 --subwords"},
      {{"train", "--subwords", "-bucket", "1000"},
       "-bucket",
       "--buckets (with --subwords)",
       "train --subwords --buckets 1000"},
      {{"train", "-loss", "ns"}, "-loss ns", "--loss sgns", "train --loss sgns"},
      {{"train", "-loss", "hs"}, "-loss hs", "--loss hs", "train --loss hs"},
      {{"train", "-loss", "softmax"}, "-loss softmax", "--loss softmax", "train --loss softmax"},
      {{"train", "-thread", "4"}, "-thread", "--threads", "train --threads 4"},
      {{"train", "-input", "data.txt"}, "-input", "--corpus", "train --corpus data.txt"},
      {{"train", "-ws", "5"}, "-ws", "--window", "train --window 5"},
      {{"train", "-neg", "5"}, "-neg", "--negative", "train --negative 5"},
      {{"train", "-lr", "0.05"}, "-lr", "--lr", "train --lr 0.05"},
      {{"train", "-t", "1e-4"}, "-t", "--sample", "train --sample 1e-4"},
      {{"train", "-pretrainedVectors", "a.vec"},
       "-pretrainedVectors",
       "--init",
       "train --init a.vec"},
  };
  // gensim's keyword arguments, as a user who knows them types them; --hs 1 is no slip of -h.
  const std::vector<Case> gensim{
      {{"train", "--vector_size", "100"}, "--vector_size", "--dim", "train --dim 100"},
      {{"train", "--size", "100"}, "--size", "--dim", "train --dim 100"},
      {{"train", "--workers", "4"}, "--workers", "--threads", "train --threads 4"},
      {{"train", "--sg", "1"}, "--sg 1", "--model skipgram", "train --model skipgram"},
      {{"train", "--sg", "0"}, "--sg 0", "--model cbow", "train --model cbow"},
      {{"train", "--hs", "1"}, "--hs 1", "--loss hs", "train --loss hs"},
      {{"train", "--alpha", "0.025"}, "--alpha", "--lr", "train --lr 0.025"},
      {{"train", "--iter", "5"}, "--iter", "--epochs", "train --epochs 5"},
      {{"train", "--min_count", "2"}, "--min_count", "--min-count", "train --min-count 2"},
      {{"train", "--min_count=2"}, "--min_count", "--min-count", "train --min-count 2"},
      {{"nearest", "--topn", "3", "king"}, "--topn", "--k", "nearest --k 3 king"},
  };
  for (const auto& [whose, cases] :
       {std::pair{"word2vec.c's", &word2vec}, std::pair{"fastText's", &fasttext},
        std::pair{"gensim's", &gensim}}) {
    for (const Case& c : *cases) {
      CAPTURE(command_line(c.args));
      CHECK(answer(c.args) == said(whose, c));
    }
  }
  CHECK(answer({"train", "-output", "out"}) ==
        "word2vec.c's and fastText's spelling: -output is --output (the whole file name: "
        "fastText's -output is a prefix it adds .bin and .vec to). In gradvec's spelling: gradvec "
        "train --output out");
  // A value word2vec.c does not have is answered with every one it does, and carried over for
  // gradvec to refuse with its own choices.
  CHECK(answer({"train", "-cbow", "2"}) ==
        "word2vec.c's spelling: -cbow is --model cbow for -cbow 1, --model skipgram for -cbow 0. "
        "In gradvec's spelling: gradvec train --model 2");
}

TEST_CASE("command line: a peer's whole command line is answered at once, in gradvec's spelling") {
  // word2vec.c's own demo-word.sh line: every option named in one answer, with the line to copy.
  CHECK(answer({"train", "-train",   "text8", "-output",   "vectors.bin", "-cbow", "1", "-size",
                "200",   "-window",  "8",     "-negative", "25",          "-hs",   "0", "-sample",
                "1e-4",  "-threads", "20",    "-binary",   "1",           "-iter", "15"}) ==
        "word2vec.c's spellings: -train is --corpus, -output is --output (the whole file name: "
        "fastText's -output is a prefix it adds .bin and .vec to), -cbow 1 is --model cbow, -size "
        "is --dim, -window is --window, -negative is --negative, -hs 0 is --loss sgns, -sample is "
        "--sample, -threads is --threads, -binary 1 is --output-format w2v-bin and -iter is "
        "--epochs. In gradvec's spelling: gradvec train --corpus text8 --output vectors.bin "
        "--model cbow --dim 200 --window 8 --negative 25 --loss sgns --sample 1e-4 --threads 20 "
        "--output-format w2v-bin --epochs 15");
  // Hierarchical softmax with negative sampling off is --loss hs alone: gradvec's --negative
  // starts at 1, and hs draws none. So in gensim's spelling, where --negative is gradvec's own.
  CHECK(answer({"train", "-hs", "1", "-negative", "0", "-size", "50"}) ==
        "word2vec.c's spellings: -hs 1 -negative 0 is --loss hs and -size is --dim. In gradvec's "
        "spelling: gradvec train --loss hs --dim 50");
  CHECK(answer({"train", "--negative", "0", "--sg", "1", "--hs", "1"}) ==
        "gensim's spellings: --sg 1 is --model skipgram and --hs 1 --negative 0 is --loss hs. In "
        "gradvec's spelling: gradvec train --model skipgram --loss hs");
  // Options gradvec has none of are named and left out; values are quoted for the shell.
  CHECK(answer({"train", "-train", "my text.txt", "-classes", "500"}) ==
        "word2vec.c's spellings: -train is --corpus and -classes 500 is left out (gradvec makes "
        "no k-means word classes). In gradvec's spelling: gradvec train --corpus 'my text.txt'");
  CHECK(answer({"train", "-input", "t.txt", "-minn", "2", "-maxn", "5", "-wordNgrams", "2"}) ==
        "fastText's spellings: -input is --corpus, -minn is --minn (with --subwords), -maxn is "
        "--maxn (with --subwords) and -wordNgrams 2 is left out (fastText reads it for supervised "
        "models only). In gradvec's spelling: gradvec train --corpus t.txt --minn 2 --subwords "
        "--maxn 5");
  // A mistake of gradvec's own spelling after a peer's stays in the line (its own answer comes
  // when the line runs); the peers' past it are still answered. One before them is answered.
  CHECK(answer({"train", "-size", "100", "--epoch", "3", "-cbow", "1"}) ==
        "word2vec.c's spellings: -size is --dim and -cbow 1 is --model cbow. In gradvec's "
        "spelling: gradvec train --dim 100 --epoch 3 --model cbow");
  CHECK(answer({"train", "--epoch", "3", "-size", "100"}) ==
        "unknown option '--epoch'; did you mean '--epochs'?");
  // A command that lacks the option is no place for its peer spelling.
  CHECK(answer({"nearest", "--vectors", "v.vec", "-size", "3", "king"}) ==
        "unknown option '-size' for gradvec nearest (see its --help)");
}

TEST_CASE("command line: names are checked where they can be commands or options, not values") {
  CHECK(answer({"trian"}) == "unknown command 'trian'; did you mean 'train'?");
  CHECK(answer({"lm", "trian"}) == "unknown command 'trian'; did you mean 'train'?");
  CHECK(answer({"nearst", "--vectors", "v.vec", "king"}) ==
        "unknown command 'nearst'; did you mean 'nearest'?");
  CHECK(answer({"train", "--epoch", "1"}) == "unknown option '--epoch'; did you mean '--epochs'?");
  CHECK(answer({"nearest", "-k", "3", "king"}) == "unknown option '-k'; did you mean '--k'?");
  CHECK(answer({"train", "--epoch=1"}) == "unknown option '--epoch'; did you mean '--epochs'?");
  CHECK(answer({"hepl"}) == "unknown command 'hepl'; did you mean 'help' or 'repl'?");
  CHECK(answer({"xyzzy"}) ==
        "unknown command 'xyzzy'; the commands of gradvec are help, train, phrases, bpe, pe, lm, "
        "nearest, analogy, eval, repl, convert, info, plot, vector");
  CHECK(answer({"nearest", "--xyzzy"}) ==
        "unknown option '--xyzzy' for gradvec nearest (see its --help)");
  // "-help" is not -h with flags e, l and p.
  CHECK(answer({"train", "-help"}) == "unknown option '-help'; did you mean '--help'?");
  // A control byte typed is shown, not sent to the terminal.
  CHECK(answer({"tr\x1b[2Jian"}).rfind("unknown command 'tr\\x1b[2Jian'; the commands of", 0) == 0);
  // Values, negative numbers, standard input and words after -- are no names.
  CHECK(answer({"train", "--corpus", "trian", "--lr", "-0.5", "--output", "-"}).empty());
  CHECK(answer({"nearest", "--vectors", "v.vec", "--", "--epoch", "-size"}).empty());
  CHECK(answer({"train", "--show", "trian", "-size"}) ==
        "word2vec.c's spelling: -size is --dim. In gradvec's spelling: gradvec train --show trian "
        "--dim");
}

TEST_CASE(
    "command line: a bare word, a command cut short or left out is named with the next step") {
  CHECK(answer({"train", "file.txt"}) ==
        "gradvec train takes no bare words, got 'file.txt'; did you mean '--corpus file.txt'?");
  CHECK(answer({"lm", "eval", "m.lm"}) ==
        "gradvec lm eval takes no bare words, got 'm.lm'; did you mean '--corpus m.lm' or '--lm "
        "m.lm'?");
  CHECK(answer({"pe", "x"}) == "gradvec pe takes no bare words, got 'x' (see its --help)");
  // A list's values are no bare words, up to the next option; one value is one word.
  CHECK(answer({"train", "--corpus", "a.txt", "b.txt", "--show", "king", "queen"}).empty());
  CHECK(answer({"train", "--corpus=a.txt", "b.txt"}).empty());
  CHECK(answer({"train", "--output", "a.vec", "b.vec"}) ==
        "gradvec train takes no bare words, got 'b.vec'; did you mean '--corpus b.vec'?");
  CHECK(answer({"near"}) == "unknown command 'near'; did you mean 'nearest'?");
  CHECK(answer({"train", "--neg", "3"}) == "unknown option '--neg'; did you mean '--negative'?");
  CHECK(answer({"eval", "--vectors", "v.vec"}) ==
        "gradvec eval needs a command before --vectors: analogy or similarity");
  CHECK(answer({"lm", "--steps", "3"}) == "gradvec lm needs a command before --steps: train");
  CHECK(answer({"--corpus", "c.txt"}) ==
        "gradvec needs a command before --corpus: train or phrases");
  CHECK(answer({"eval"}) == "gradvec eval needs a command: analogy or similarity");
  CHECK(answer({"lm"}) == "gradvec lm needs a command: train, sample or eval");
  CHECK(answer({"eval", "--help"}).empty());
}
TEST_CASE("command line: an old spelling is read as the option's name now, where it has one") {
  using gv::tools::current_spelling;
  CLI::App app("test");
  std::string path, format;
  CLI::App* convert = app.add_subcommand("convert");
  convert->add_option("--vectors", path);
  convert->add_option("--vectors-format", format);
  convert->add_option("--output-format", format);
  CLI::App* train = app.add_subcommand("train");
  train->add_option("--output-format", format);
  train->add_option("--to", format);  // a name of its own is never rewritten
  CLI::App* sample = app.add_subcommand("sample");
  sample->add_option("--lm", path);
  CHECK(current_spelling(*convert, "--in") == "--vectors");
  CHECK(current_spelling(*convert, "--from") == "--vectors-format");
  // Where a command reads and writes vectors, --format was the format read.
  CHECK(current_spelling(*convert, "--format") == "--vectors-format");
  CHECK(current_spelling(*convert, "--to") == "--output-format");
  CHECK(current_spelling(*train, "--format") == "--output-format");
  CHECK_FALSE(current_spelling(*train, "--to"));
  CHECK_FALSE(current_spelling(*train, "--in"));  // no --vectors here
  CHECK(current_spelling(*sample, "--checkpoint") == "--lm");
  CHECK_FALSE(current_spelling(*sample, "--out"));
  const auto said = [&](const std::vector<std::string>& args) {
    try {
      parse(app, args);
    } catch (const gv::tools::UnknownName& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  CHECK(said({"convert", "--in", "v.vec"}).empty());
  CHECK(said({"convert", "--in=v.vec"}).empty());
  CHECK(path == "v.vec");
  // Never offered: "--inn" is one slip from "--in", which is no option of convert's.
  CHECK(said({"convert", "--inn", "v.vec"}) ==
        "unknown option '--inn' for gradvec convert (see its --help)");
}

TEST_CASE("command line: an option of one value given twice is named as typed, both times") {
  CHECK(answer({"convert", "--in", "a.vec", "--vectors", "b.vec", "--output", "c.vec"}) ==
        "--vectors is given twice (as --in and --vectors): give it once");
  CHECK(answer({"train", "--epochs", "1", "--epochs=2"}) ==
        "--epochs is given twice: give it once");
  // A list is not one value: two corpora are two files to read.
  CHECK(answer({"train", "--corpus", "a.txt", "--corpus", "b.txt"}).empty());
}

TEST_CASE(
    "name suggestions: one slip, or two in a long name, or a name cut short; never a different "
    "short name") {
  using gv::tools::likely_meant;
  const std::vector<std::string> options{"--k",         "--lr",   "--epochs",
                                         "--min-count", "--minn", "--maxn"};
  CHECK(likely_meant("-k", options) == std::vector<std::string>{"--k"});     // a dash
  CHECK(likely_meant("--rl", options) == std::vector<std::string>{"--lr"});  // a swap
  CHECK(likely_meant("--epohcs", options) == std::vector<std::string>{"--epochs"});
  CHECK(likely_meant("--mincount", options) == std::vector<std::string>{"--min-count"});
  CHECK(likely_meant("--mixn", options) == std::vector<std::string>{"--minn", "--maxn"});
  CHECK(likely_meant("--mi-count", options) == std::vector<std::string>{"--min-count"});
  CHECK(likely_meant("--epx", options).empty());  // two slips in a short name: no likelier
  CHECK(likely_meant("-t", options).empty());     // another letter, not a slip of --k
  CHECK(likely_meant("--ab", options).empty());
  // A name cut short after 3 letters or more is one slip, whatever is left off.
  CHECK(likely_meant("--epo", options) == std::vector<std::string>{"--epochs"});
  CHECK(likely_meant("--min", options) == std::vector<std::string>{"--min-count", "--minn"});
  CHECK(likely_meant("--ep", options).empty());
  CHECK(gv::tools::did_you_mean("--mixn", options) == "; did you mean '--minn' or '--maxn'?");
  CHECK(gv::tools::did_you_mean("--xyzzy", options).empty());
}
