// The transformer over BPE tokens: it trains from about log V, holds out the same text as the
// character model, counts its loss per character as well as per token, and keeps its tokenizer
// in its checkpoint, which resumes, samples and refuses damaged merges.
#include <catch2/catch.hpp>

#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "io/input_pass_stop.h"
#include "lm/evaluation.h"
#include "lm/lm_checkpoint.h"
#include "lm/lm_trainer.h"
#include "lm/sampling.h"
#include "tests/lm/lm_support.h"
#include "tests/scratch_dir.h"
#include "text/bpe/bpe_trainer.h"

namespace gv::testing {

namespace {

// A tokenizer of `vocab_size` tokens learned from the file at `corpus`.
LmTokenizer bpe_of(const std::string& corpus, int64_t vocab_size) {
  gv::bpe::BpeTrainer trainer;
  trainer.add_text(read_file(corpus));
  return LmTokenizer(gv::bpe::BpeTokens(trainer.learn(vocab_size)));
}

uint32_t version_of(const std::string& path) {
  const std::string bytes = read_file(path);
  uint32_t version = 0;
  std::memcpy(&version, bytes.data() + 8, sizeof version);  // after the 8-byte magic
  return version;
}

}  // namespace

TEST_CASE("A transformer over BPE tokens trains down from log V", "[lm][bpe]") {
  ScratchDir dir("lm_bpe_train");
  const std::string corpus = shakespeare_excerpt(dir);
  const LmTokenizer tokens = bpe_of(corpus, 300);
  gv::LmTrainOptions run = small_run();
  run.steps = 40;
  LmTrainer trainer(corpus, small_config(), run, &tokens);
  CHECK(trainer.model().config().vocab == 300);
  CHECK(trainer.corpus().vocab.bpe() != nullptr);
  // Merges make fewer tokens than characters: 6000 bytes split 5400 / 600 before encoding.
  CHECK(trainer.corpus().validation.size() < 500);
  const double before = trainer.validation_loss(12);
  CHECK(before == Approx(std::log(300.0)).margin(0.15));
  CHECK(trainer.train({}, kNoStop));
  CHECK(trainer.validation_loss(12) < before - 1.0);
}

TEST_CASE("Characters and BPE tokens hold out the same text", "[lm][bpe]") {
  ScratchDir dir("lm_bpe_split");
  // The cut 90% of the way in falls inside the word "ere": split tokens would not decode to it.
  const std::string corpus = shakespeare_excerpt(dir, 1000);
  const LmTokenizer tokens = bpe_of(corpus, 400);
  const gv::LmCorpus characters = gv::read_lm_corpus(corpus, 12);
  const gv::LmCorpus bpe = gv::read_lm_corpus(corpus, 12, &tokens);
  const std::string text = read_file(corpus);
  for (const gv::LmCorpus* split : {&characters, &bpe}) {
    CHECK(split->vocab.decode(split->train) == text.substr(0, 900));
    CHECK(split->vocab.decode(split->validation) == text.substr(900));
  }
  CHECK(bpe.validation.size() < characters.validation.size());
}

TEST_CASE(
    "The loss per character is the nats of the tokens predicted over their characters, "
    "none without one",
    "[lm][bpe][evaluation]") {
  // Tokens: 256 = "ab", 257 = "abc", 258 = "é" (two bytes, one character).
  const LmTokenizer tokens(gv::bpe::BpeTokens({{'a', 'b'}, {256, 'c'}, {0xC3, 0xA9}}));
  // Token 0 ('x') is never predicted; the four after it are "abc", "é", " ", "ab": 7 characters.
  const std::vector<int64_t> ids = {'x', 257, 258, ' ', 256};
  CHECK(tokens.characters_in(ids) == 8);
  gv::WindowLoss loss;
  loss.mean = 2.0;
  loss.predictions = 4;
  const gv::TextLoss text = gv::text_loss(loss, ids, tokens);
  CHECK(text.per_token == 2.0);
  CHECK(text.tokens == 4);
  CHECK(text.characters == 7);
  CHECK(text.per_character.value() == Approx(2.0 * 4 / 7));

  // A character model's tokens are bytes: its loss per character is its loss per token on ASCII,
  // and "é"'s two bytes are one character.
  const LmTokenizer bytes(gv::ByteAlphabet::of_text("ab\xC3\xA9"));
  const std::vector<int64_t> ascii = bytes.encode("abba", "test");
  loss.predictions = 3;
  CHECK(gv::text_loss(loss, ascii, bytes).per_character == 2.0);
  const std::vector<int64_t> accented = bytes.encode(std::string("a\xC3\xA9") + "b", "test");
  CHECK(gv::text_loss(loss, accented, bytes).per_character.value() == Approx(2.0 * 3 / 2));
  // Tokens predicted that only continue a character begun before them ("é"'s second byte) hold
  // no character: there is no loss per character.
  loss.predictions = 1;
  const gv::TextLoss continued = gv::text_loss(loss, bytes.encode("\xC3\xA9", "test"), bytes);
  CHECK(continued.per_token == 2.0);
  CHECK(continued.characters == 0);
  CHECK_FALSE(continued.per_character.has_value());
}

TEST_CASE("mean_loss counts the predictions that text_loss turns into characters",
          "[lm][bpe][evaluation]") {
  ScratchDir dir("lm_bpe_eval");
  const std::string corpus = shakespeare_excerpt(dir);
  const LmTokenizer tokens = bpe_of(corpus, 300);
  LmTrainer trainer(corpus, small_config(), small_run(), &tokens);
  const std::vector<int64_t>& validation = trainer.corpus().validation;
  const int64_t length = 12, windows = (static_cast<int64_t>(validation.size()) - 1) / length;
  const gv::WindowLoss loss = gv::mean_loss(trainer.model(), validation, length, 4, 1);
  CHECK(loss.predictions == windows * length);
  const gv::TextLoss text = gv::text_loss(loss, validation, trainer.corpus().vocab);
  // Shakespeare is ASCII: a character is a byte of the tokens predicted.
  const std::string predicted =
      tokens.decode(std::span(validation).subspan(1, static_cast<size_t>(windows * length)));
  CHECK(text.characters == static_cast<int64_t>(predicted.size()));
  CHECK(text.per_character.value() ==
        Approx(loss.mean * double(windows * length) / predicted.size()));
  CHECK(text.per_character.value() < text.per_token);
}

TEST_CASE("A BPE model's checkpoint holds its tokenizer: it resumes and samples without the file",
          "[lm][bpe][checkpoint]") {
  ScratchDir dir("lm_bpe_checkpoint");
  const std::string corpus = shakespeare_excerpt(dir);
  const LmTokenizer tokens = bpe_of(corpus, 300);
  LmTrainer straight(corpus, small_config(), small_run(), &tokens);
  REQUIRE(straight.train({}, kNoStop));
  LmTrainer first(corpus, small_config(), small_run(), &tokens);
  CHECK_FALSE(first.train({}, kNoStop, 3));
  const std::string path = dir.file("bpe.lm");
  first.save_checkpoint(path);
  CHECK(version_of(path) == 4);

  const gv::LmCheckpoint checkpoint = gv::read_lm_checkpoint(path);
  REQUIRE(checkpoint.vocab.bpe() != nullptr);
  CHECK(checkpoint.vocab.bpe()->merges() == tokens.bpe()->merges());
  CHECK(checkpoint.model->config().vocab == 300);
  // A prompt is encoded and a sample decoded with the checkpoint's own tokens.
  gv::SampleOptions options;
  options.length = 20;
  std::string sampled;
  gv::sample(*checkpoint.model, checkpoint.vocab.encode("First Citizen:", "prompt"), options,
             [&](int64_t id) { sampled += checkpoint.vocab.decode(std::span(&id, 1)); });
  CHECK(sampled.size() >= 20);

  LmTrainer resumed = LmTrainer::from_checkpoint(path, corpus);
  CHECK(resumed.corpus().vocab.same_tokenizer(tokens));
  REQUIRE(resumed.train({}, kNoStop));
  CHECK(values_of(resumed) == values_of(straight));

  // A character model is written as version 4 too, which names its vocabulary's kind.
  LmTrainer characters(corpus, small_config(), small_run());
  characters.save_checkpoint(dir.file("chars.lm"));
  CHECK(version_of(dir.file("chars.lm")) == 4);
}

TEST_CASE("A checkpoint whose merges are damaged is refused by name", "[lm][bpe][checkpoint]") {
  ScratchDir dir("lm_bpe_damaged");
  const std::string corpus = shakespeare_excerpt(dir);
  const LmTokenizer tokens = bpe_of(corpus, 300);
  LmTrainer trainer(corpus, small_config(), small_run(), &tokens);
  trainer.save_checkpoint(dir.file("good.lm"));
  std::string bytes = read_file(dir.file("good.lm"));
  // magic 8, version 4, vocabulary kind 1, merge count 4, then merge 0's left token: one not
  // made yet.
  const int32_t unmade = 999;
  std::memcpy(bytes.data() + 17, &unmade, sizeof unmade);
  CHECK_THROWS_WITH(gv::read_lm_checkpoint(dir.write("bad.lm", bytes)),
                    Catch::Contains("bad.lm: not a valid gradvec language-model checkpoint "
                                    "(vocabulary: merge 0 (999 ") &&
                        Catch::Contains("joins a token not made before it"));
  // More merges than the file's bytes hold.
  bytes = read_file(dir.file("good.lm"));
  const uint32_t many = 0x7FFFFFFF;
  std::memcpy(bytes.data() + 13, &many, sizeof many);
  CHECK_THROWS_WITH(gv::read_lm_checkpoint(dir.write("many.lm", bytes)),
                    Catch::Contains("many.lm: not a valid gradvec language-model checkpoint "
                                    "(truncated or corrupt: vocabulary claims"));
}

TEST_CASE("A stop ends lm's reading of its corpus and the encoding of its text",
          "[lm][bpe][stop]") {
  ScratchDir dir("lm_corpus_stop");
  const std::string corpus = shakespeare_excerpt(dir);
  const LmTokenizer tokens = bpe_of(corpus, 300);
  std::atomic<bool> stop{true};
  gv::stop_input_passes_when(&stop);
  CHECK_THROWS_MATCHES(gv::read_lm_corpus(corpus, 12, &tokens), gv::InputPassStopped,
                       Catch::Message("reading " + corpus));
  CHECK_THROWS_MATCHES(tokens.encode(read_file(corpus), "the text"), gv::InputPassStopped,
                       Catch::Message("encoding the text"));
  stop = false;
  CHECK(gv::read_lm_corpus(corpus, 12, &tokens).train.size() > 0);
  gv::stop_input_passes_when(nullptr);
}

}  // namespace gv::testing
