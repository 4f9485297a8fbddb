#include "tools/peer_spellings.h"

#include <utility>
#include <vector>

namespace gv::tools {
namespace {

using ValueAnswer = std::pair<std::string_view, std::string_view>;  // peer's value, gradvec's

struct PeerSpelling {
  std::string_view spelling;  // as the peer's tool reads it
  std::string_view peers;     // whose spelling it is
  std::string_view option;    // gradvec's option, which the command must have
  // For an option whose values differ too: each peer value and gradvec's option and value.
  std::vector<ValueAnswer> values = {};
  std::string_view note = "";  // what else differs
};

constexpr std::string_view kWord2vec = "word2vec.c's";
constexpr std::string_view kFastText = "fastText's";
constexpr std::string_view kSubwordsOnly = " (with --subwords)";

// word2vec.c's spellings are also its word2phrase's, so they answer in `phrases` as well.
const std::vector<PeerSpelling> kPeerSpellings{
    {"-size", kWord2vec, "--dim"},
    {"-iter", kWord2vec, "--epochs"},
    {"-cbow", kWord2vec, "--model", {{"1", "--model cbow"}, {"0", "--model skipgram"}}},
    {"-hs", kWord2vec, "--loss", {{"1", "--loss hs"}, {"0", "--loss sgns"}}},
    {"-negative", kWord2vec, "--negative"},
    {"-min-count", kWord2vec, "--min-count"},
    {"-threads", kWord2vec, "--threads"},
    {"-train", kWord2vec, "--corpus"},
    {"-alpha", kWord2vec, "--lr"},
    {"-binary",
     kWord2vec,
     "--output-format",
     {{"1", "--output-format w2v-bin"}, {"0", "--output-format w2v"}}},
    {"-save-vocab", kWord2vec, "--save-vocab"},
    {"-read-vocab", kWord2vec, "--read-vocab"},
    {"-output",
     "word2vec.c's and fastText's",
     "--output",
     {},
     // Every command with --output writes one file there, so this holds for each.
     ", the whole file name (fastText's -output is a prefix it adds .bin and .vec to)"},
    {"-dim", kFastText, "--dim"},
    {"-epoch", kFastText, "--epochs"},
    {"-minCount", kFastText, "--min-count"},
    {"-minn", kFastText, "--minn", {}, kSubwordsOnly},
    {"-maxn", kFastText, "--maxn", {}, kSubwordsOnly},
    {"-bucket", kFastText, "--buckets", {}, kSubwordsOnly},
    {"-loss",
     kFastText,
     "--loss",
     {{"ns", "--loss sgns"}, {"hs", "--loss hs"}, {"softmax", "--loss softmax"}}},
    {"-thread", kFastText, "--threads"},
    {"-input", kFastText, "--corpus"},
    {"-ws", kFastText, "--window"},
    {"-neg", kFastText, "--negative"},
    {"--topn", "gensim's", "--k"},
};

// "-cbow 1 is word2vec.c's spelling; gradvec's is --model cbow"; a value the table does not
// know is answered with every value it does.
std::string answer(const PeerSpelling& peer, std::string_view value) {
  std::string typed(peer.spelling), ours(peer.option);
  if (!peer.values.empty()) {
    ours.clear();
    for (const auto& [theirs, gradvecs] : peer.values) {
      if (theirs == value) typed += " " + std::string(value), ours = gradvecs;
    }
    if (ours.empty()) {
      for (const auto& [theirs, gradvecs] : peer.values) {
        ours += (ours.empty() ? "" : ", ") + std::string(gradvecs) + " for " +
                std::string(peer.spelling) + " " + std::string(theirs);
      }
    }
  }
  return typed + " is " + std::string(peer.peers) + " spelling; gradvec's is " + ours +
         std::string(peer.note);
}

}  // namespace

std::optional<std::string> answer_peer_spelling(const CLI::App& command, std::string_view typed,
                                                std::string_view value) {
  for (const PeerSpelling& peer : kPeerSpellings) {
    if (peer.spelling == typed && command.get_option_no_throw(std::string(peer.option)) != nullptr)
      return answer(peer, value);
  }
  return std::nullopt;
}

}  // namespace gv::tools
