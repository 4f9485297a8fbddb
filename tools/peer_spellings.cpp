#include "tools/peer_spellings.h"

#include <algorithm>
#include <utility>

#include "tools/progress.h"

namespace gv::tools {
namespace {

using ValueAnswer = std::pair<std::string_view, std::string_view>;  // peer's value, gradvec's

struct PeerSpelling {
  std::string_view spelling;            // as the peer's tool reads it
  std::vector<std::string_view> peers;  // whose spelling it is
  // gradvec's option, which the command must have; empty where gradvec has none: the option is
  // left out of the line, where the command has `where`.
  std::string_view option;
  // For an option whose values differ too: each peer value and gradvec's option and value.
  std::vector<ValueAnswer> values = {};
  std::string_view note = "";   // what else differs
  std::string_view needs = "";  // a gradvec option this one needs, added to the line
  std::string_view where = "";  // for an option gradvec has none of: an option of the commands
};

constexpr std::string_view kWord2vec = "word2vec.c";
constexpr std::string_view kFastText = "fastText";
constexpr std::string_view kGensim = "gensim";
constexpr std::string_view kWithSubwords = " (with --subwords)";

// word2vec.c's spellings are also its word2phrase's, so they answer in `phrases` as well.
// gensim's are its keyword arguments (--vector_size) and its word2vec_standalone script's
// (-min_count; its other names are word2vec.c's).
const std::vector<PeerSpelling> kPeerSpellings{
    {"-size", {kWord2vec}, "--dim"},
    {"-iter", {kWord2vec}, "--epochs"},
    {"-cbow", {kWord2vec}, "--model", {{"1", "--model cbow"}, {"0", "--model skipgram"}}},
    {"-hs", {kWord2vec}, "--loss", {{"1", "--loss hs"}, {"0", "--loss sgns"}}},
    {"-negative", {kWord2vec}, "--negative"},
    {"-window", {kWord2vec}, "--window"},
    {"-sample", {kWord2vec}, "--sample"},
    {"-min-count", {kWord2vec}, "--min-count"},
    {"-threads", {kWord2vec}, "--threads"},
    {"-train", {kWord2vec}, "--corpus"},
    {"-alpha", {kWord2vec}, "--lr"},
    {"-binary",
     {kWord2vec},
     "--output-format",
     {{"1", "--output-format w2v-bin"}, {"0", "--output-format w2v"}}},
    {"-save-vocab", {kWord2vec}, "--save-vocab"},
    {"-read-vocab", {kWord2vec}, "--read-vocab"},
    {"-threshold",  // word2phrase's
     {kWord2vec},
     "--threshold",
     {},
     " (its score's N is gensim 4's, the distinct words and bigrams; word2phrase's is the words "
     "read)"},
    {"-classes", {kWord2vec}, "", {}, " (gradvec makes no k-means word classes)", "", "--negative"},
    {"-debug", {kWord2vec}, "", {}, " (how much word2vec.c prints)", "", "--min-count"},
    {"-output",
     {kWord2vec, kFastText},
     "--output",
     {},
     // Every command with --output writes one file there, so this holds for each.
     " (the whole file name: fastText's -output is a prefix it adds .bin and .vec to)"},
    {"-dim", {kFastText}, "--dim"},
    {"-epoch", {kFastText}, "--epochs"},
    {"-minCount", {kFastText}, "--min-count"},
    {"-minn", {kFastText}, "--minn", {}, kWithSubwords, "--subwords"},
    {"-maxn", {kFastText}, "--maxn", {}, kWithSubwords, "--subwords"},
    {"-bucket", {kFastText}, "--buckets", {}, kWithSubwords, "--subwords"},
    {"-loss",
     {kFastText},
     "--loss",
     {{"ns", "--loss sgns"}, {"hs", "--loss hs"}, {"softmax", "--loss softmax"}}},
    {"-thread", {kFastText}, "--threads"},
    {"-input", {kFastText}, "--corpus"},
    {"-ws", {kFastText}, "--window"},
    {"-neg", {kFastText}, "--negative"},
    {"-lr", {kFastText}, "--lr"},
    {"-t", {kFastText}, "--sample"},
    {"-seed", {kFastText}, "--seed"},
    {"-pretrainedVectors", {kFastText}, "--init"},
    {"-wordNgrams",
     {kFastText},
     "",
     {},
     " (fastText reads it for supervised models only)",
     "",
     "--negative"},
    {"-verbose", {kFastText}, "", {}, " (how much fastText prints)", "", "--negative"},
    {"--vector_size", {kGensim}, "--dim"},
    {"--size", {kGensim}, "--dim"},
    {"--workers", {kGensim}, "--threads"},
    {"--sg", {kGensim}, "--model", {{"1", "--model skipgram"}, {"0", "--model cbow"}}},
    {"--hs", {kGensim}, "--loss", {{"1", "--loss hs"}, {"0", "--loss sgns"}}},
    {"--alpha", {kGensim}, "--lr"},
    {"--iter", {kGensim}, "--epochs"},
    {"--min_count", {kGensim}, "--min-count"},
    {"-min_count", {kGensim}, "--min-count"},
    {"--topn", {kGensim}, "--k"},
};

const PeerSpelling* find_peer_spelling(std::string_view typed) {
  const auto found = std::find_if(kPeerSpellings.begin(), kPeerSpellings.end(),
                                  [&](const PeerSpelling& peer) { return peer.spelling == typed; });
  return found == kPeerSpellings.end() ? nullptr : &*found;
}

std::vector<std::string> words_of(std::string_view text) {
  std::vector<std::string> words;
  for (size_t at = 0; at < text.size();) {
    const size_t end = std::min(text.find(' ', at), text.size());
    words.emplace_back(text.substr(at, end - at));
    at = end + 1;
  }
  return words;
}

// One peer option of the line: the words it spans (the option and its value) and what replaces
// them in gradvec's spelling.
struct Answer {
  const PeerSpelling* peer;
  size_t at, end;                  // args[at, end)
  std::string typed;               // "-size", or "-cbow 1" where the value picks the answer
  std::string value;               // as given, "" when the line ends
  std::string said;                // gradvec's spelling, as the answer says it
  std::vector<std::string> words;  // gradvec's spelling, as the line has it
};

Answer answer_at(const std::vector<std::string>& args, size_t at) {
  const std::string& word = args[at];
  const size_t equals = word.find('=');
  Answer answer{nullptr, at, at + 1, word.substr(0, equals), "", "", {}};
  if (equals != std::string::npos) {
    answer.value = word.substr(equals + 1);
  } else if (at + 1 < args.size()) {
    answer.value = args[at + 1];
    answer.end = at + 2;
  }
  const bool has_value = equals != std::string::npos || answer.end > at + 1;
  const PeerSpelling& peer = *find_peer_spelling(answer.typed);
  answer.peer = &peer;
  if (peer.option.empty()) {  // left out, its value with it
    if (has_value) answer.typed += " " + answer.value;
    return answer;
  }
  answer.said = peer.option;
  answer.words = {std::string(peer.option)};
  if (has_value) answer.words.push_back(answer.value);
  if (peer.values.empty()) return answer;
  // A value the table does not know is answered with every value it does, and carried over
  // for gradvec to refuse with its own choices.
  answer.said.clear();
  for (const auto& [theirs, gradvecs] : peer.values) {
    if (theirs != answer.value) continue;
    answer.typed += " " + answer.value;
    answer.said = gradvecs;
    answer.words = words_of(gradvecs);
  }
  if (!answer.said.empty()) return answer;
  for (const auto& [theirs, gradvecs] : peer.values) {
    answer.said += (answer.said.empty() ? "" : ", ") + std::string(gradvecs) + " for " +
                   std::string(peer.spelling) + " " + std::string(theirs);
  }
  return answer;
}

// "a", "a and b", "a, b and c".
std::string joined(const std::vector<std::string>& items, std::string_view last) {
  std::string text;
  for (size_t i = 0; i < items.size(); ++i)
    text += (i == 0 ? "" : i + 1 == items.size() ? std::string(last) : ", ") + items[i];
  return text;
}

// Whose spellings the answers are: the tools named alone by some option of the line (-output,
// both word2vec.c's and fastText's, says nothing of which the line came from), else every one.
std::string whose(const std::vector<Answer>& answers) {
  std::vector<std::string> tools;
  for (const bool alone : {true, false}) {
    for (const Answer& answer : answers) {
      if (alone && answer.peer->peers.size() > 1) continue;
      for (const std::string_view tool : answer.peer->peers) {
        if (std::find(tools.begin(), tools.end(), tool) == tools.end()) tools.emplace_back(tool);
      }
    }
    if (!tools.empty()) break;
  }
  for (std::string& tool : tools) tool += "'s";
  return joined(tools, " and ");
}

// gradvec's hs and softmax draw no negatives, and its --negative starts at 1: a line that turns
// negative sampling off beside them ("-hs 1 -negative 0", gensim's "--hs 1 --negative 0") says
// only "--loss hs". Returns the words of that zero, args[at, end), when the line has one.
std::pair<size_t, size_t> zero_negatives(const std::vector<std::string>& args,
                                         const std::vector<Answer>& answers) {
  for (const Answer& answer : answers) {
    if (answer.peer->option == "--negative" && answer.value == "0") return {answer.at, answer.end};
  }
  for (size_t at = 0; at < args.size(); ++at) {
    if (args[at] == "--negative=0") return {at, at + 1};
    if (args[at] == "--negative" && at + 1 < args.size() && args[at + 1] == "0")
      return {at, at + 2};
  }
  return {0, 0};
}

}  // namespace

bool is_peer_spelling(const CLI::App& command, std::string_view typed) {
  const PeerSpelling* peer = find_peer_spelling(typed);
  if (peer == nullptr || command.get_option_no_throw(std::string(typed)) != nullptr) return false;
  const std::string_view option = peer->option.empty() ? peer->where : peer->option;
  return command.get_option_no_throw(std::string(option)) != nullptr;
}

std::string answer_peer_spellings(const std::vector<std::string>& args,
                                  const std::vector<size_t>& peers) {
  std::vector<Answer> answers;
  for (const size_t at : peers) answers.push_back(answer_at(args, at));
  const auto without_negatives = std::find_if(answers.begin(), answers.end(), [](const Answer& a) {
    return a.words.size() == 2 && a.words[0] == "--loss" && a.words[1] != "sgns";
  });
  // Plain locals, not a structured binding: clang 14 cannot capture one in a lambda.
  const std::pair<size_t, size_t> zero = zero_negatives(args, answers);
  const size_t zero_at = zero.first, zero_end = zero.second;
  const bool drop_zero = without_negatives != answers.end() && zero_end > zero_at;
  if (drop_zero) {
    without_negatives->typed += " " + joined({args.begin() + static_cast<long>(zero_at),
                                              args.begin() + static_cast<long>(zero_end)},
                                             " ");
    std::erase_if(answers, [&](const Answer& a) { return a.at == zero_at; });
  }

  std::vector<std::string> said, line{"gradvec"};
  for (const Answer& answer : answers) {
    said.push_back(answer.peer->option.empty()
                       ? answer.typed + " is left out" + std::string(answer.peer->note)
                       : answer.typed + " is " + answer.said + std::string(answer.peer->note));
  }
  for (size_t at = 0; at < args.size();) {
    const auto answer =
        std::find_if(answers.begin(), answers.end(), [&](const Answer& a) { return a.at == at; });
    if (answer != answers.end()) {
      for (const std::string& word : answer->words) line.push_back(shell_quoted(word));
      const std::string needs(answer->peer->needs);
      const auto has = [&](const std::vector<std::string>& words) {
        return std::find(words.begin(), words.end(), needs) != words.end();
      };
      if (!needs.empty() && !has(args) && !has(line)) line.push_back(needs);
      at = answer->end;
    } else if (drop_zero && at == zero_at) {
      at = zero_end;
    } else {
      line.push_back(shell_quoted(args[at++]));
    }
  }
  std::string command = line[0];
  for (size_t i = 1; i < line.size(); ++i) command += " " + line[i];
  return whose(answers) + (said.size() == 1 ? " spelling: " : " spellings: ") +
         joined(said, " and ") + ". In gradvec's spelling: " + command;
}

}  // namespace gv::tools
