// Writes the harnesses' seed corpora, tests/fuzz/seeds/<harness>/: files gradvec itself writes
// (vectors and models trained on fixtures.h's corpus, word2vec and lm checkpoints, parameter and
// vocabulary files), each with a slightly broken copy or two, and a few hand-written text files.
// Run from the repository root after changing a format:  build-fuzz/fuzz_seeds tests/fuzz/seeds
// Seeds end in -vec, -bin, -ckpt rather than .vec, .bin, .ckpt, which .gitignore keeps out.
#include <atomic>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "embeddings/parameter_file.h"
#include "lm/lm_checkpoint.h"
#include "lm/lm_trainer.h"
#include "tests/file_bytes.h"
#include "tests/fuzz/fixtures.h"
#include "tests/scratch_dir.h"
#include "tests/word2vec/small_options.h"
#include "text/bpe/bpe_file.h"
#include "text/bpe/bpe_trainer.h"
#include "text/corpus/corpus_reader.h"
#include "tools/trained_vectors.h"
#include "tools/vectors/vector_io.h"
#include "word2vec/checkpoint/checkpoint.h"
#include "word2vec/trainer.h"

namespace fs = std::filesystem;

namespace {

fs::path g_root;

void seed(const std::string& harness, const std::string& name, const std::string& bytes) {
  fs::create_directories(g_root / harness);
  std::ofstream(g_root / harness / name, std::ios::binary) << bytes;
}

// `bytes`, then copies broken as a file cut short or damaged in transit is: cut at two
// thirds, and with one byte changed a quarter of the way in (inside the header, or the
// first record).
void seed_with_damage(const std::string& harness, const std::string& name,
                      const std::string& bytes) {
  seed(harness, name, bytes);
  seed(harness, name + ".cut", bytes.substr(0, bytes.size() * 2 / 3));
  std::string changed = bytes;
  changed[changed.size() / 4] ^= 0x5a;
  seed(harness, name + ".changed", changed);
}

// A file that a function writes, as bytes.
template <class Write>
std::string written(Write write) {
  const gv::testing::ScratchDir dir("seed");
  const std::string path = dir.file("written");
  write(path);
  return gv::testing::read_file(path);
}

// A word2vec file without its "V d" line.
std::string after_header(const std::string& file) {
  return file.substr(file.find('\n') + 1);
}

// The tests' small run cut to 3 dimensions and the 8 most frequent words, so that each seed is
// a few hundred bytes and the headers written by hand below ("5 3", "9 3") lie about the number
// of words alone.
gv::TrainOptions seed_options() {
  gv::TrainOptions o = gv::testing::small_options();
  o.dim = 3;
  o.max_vocab = 8;
  return o;
}

gv::Trainer trained(const std::string& corpus, const gv::TrainOptions& options,
                    int64_t stop_after_words = 0) {
  gv::Trainer trainer = gv::Trainer::fresh(corpus, options);
  const std::atomic<bool> stop{false};
  trainer.train({}, stop, stop_after_words);
  return trainer;
}

void vector_seeds(const std::string& corpus) {
  const gv::Trainer trainer = trained(corpus, seed_options());
  const gv::WordVectors vectors = gv::tools::input_vectors(trainer);
  const auto file = [&](gv::VectorFormat format) {
    return written([&](const std::string& path) { gv::write_vectors(path, vectors, format); });
  };
  const std::string glove = file(gv::VectorFormat::Glove);
  const std::string w2v = file(gv::VectorFormat::Word2VecText);
  const std::string w2v_bin = file(gv::VectorFormat::Word2VecBinary);
  seed_with_damage("vector_text", "glove.txt", glove);
  seed_with_damage("vector_text", "w2v-vec", w2v);
  std::string crlf;
  for (const char c : w2v) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  seed("vector_text", "w2v-crlf-vec", crlf);
  seed("vector_text", "w2v-bom-vec", "\xef\xbb\xbf" + w2v);
  seed("vector_text", "header-lies-vec", "5 3\n" + after_header(w2v));
  seed_with_damage("vector_binary", "w2v-bin", w2v_bin);
  seed("vector_binary", "header-lies-bin", "9 3\n" + after_header(w2v_bin));

  gv::TrainOptions subword_options = seed_options();
  subword_options.dim = 2;
  subword_options.subwords = true;
  subword_options.subword_scheme = {2, 3, 8};
  const gv::Trainer subword_trainer = trained(corpus, subword_options);
  const std::string model = written(
      [&](const std::string& path) { gv::tools::write_fasttext_model(subword_trainer, path); });
  seed_with_damage("fasttext_bin", "model-bin", model);
  // Counts no corpus gives (io/count_limit.h): 2^62 in the first word's, and 0 in the
  // second's. The dictionary's entries start at byte 92: a word, its NUL, its int64 count, a
  // type byte.
  const size_t first_count = 92 + std::strlen(model.data() + 92) + 1;
  seed("fasttext_bin", "crafted-count-bin",
       gv::testing::patched<int64_t>(model, first_count, int64_t{1} << 62));
  const size_t second_count = first_count + 9 + std::strlen(model.data() + first_count + 9) + 1;
  seed("fasttext_bin", "zero-count-bin", gv::testing::patched<int64_t>(model, second_count, 0));
  // train --init's models: a .bin, one whose count no corpus gives, and one with a NaN in its
  // last bucket row, which lies before the output matrix (a 17-byte header, then words x dim
  // floats); word2vec text, and the same with its first word again, on the second's row.
  seed("initial_model", "model-bin", model);
  seed("initial_model", "crafted-count-bin",
       gv::testing::patched<int64_t>(model, first_count, int64_t{1} << 62));
  const size_t output_bytes =
      17 + static_cast<size_t>(subword_trainer.vocabulary().size() * subword_options.dim) * 4;
  seed("initial_model", "nan-bucket-bin",
       gv::testing::patched(model, model.size() - output_bytes - 4,
                            std::numeric_limits<float>::quiet_NaN()));
  seed("initial_model", "w2v-vec", w2v);
  gv::WordVectors repeated = vectors;
  repeated.words.push_back(repeated.words.front());
  repeated.values.insert(repeated.values.end(), vectors.row(1), vectors.row(1) + vectors.dim);
  seed("initial_model", "repeated-word-vec", written([&](const std::string& path) {
         gv::write_vectors(path, repeated, gv::VectorFormat::Word2VecText);
       }));
  // Without n-grams (maxn 0), the other way a model says it has no bucket rows to read.
  gv::TrainOptions words_only = subword_options;
  words_only.subwords = false;
  const gv::Trainer words_trainer = trained(corpus, words_only);
  seed("fasttext_bin", "words-only-bin", written([&](const std::string& path) {
         gv::tools::write_fasttext_model(words_trainer, path);
       }));

  // Detection sees every format, and the files it is most likely to confuse.
  seed("vector_detect", "glove.txt", glove);
  seed("vector_detect", "w2v-vec", w2v);
  seed("vector_detect", "w2v-bin", w2v_bin);
  seed("vector_detect", "model-bin", model);
  seed("vector_detect", "header-only-vec", w2v.substr(0, w2v.find('\n') + 1));
  seed("vector_detect", "glove-1999.txt", "1999 3\n2000 4\n");
  // A header whose dimension lies just below INT64_MAX: the sizes computed from it must not
  // overflow.
  const std::string huge_dim = "2 9223372036854775806\n";
  for (const char* harness : {"vector_detect", "vector_text"}) {
    seed(harness, "huge-dim-vec", huge_dim + after_header(w2v));
  }
  seed("vector_binary", "huge-dim-bin", huge_dim + after_header(w2v_bin));
}

void checkpoint_seeds(const std::string& corpus) {
  // Stopped mid-run, so positions and random states are not at their starting values.
  const auto checkpoint = [&](const gv::TrainOptions& options) {
    const gv::Trainer trainer = trained(corpus, options, /*stop_after_words=*/30);
    return written([&](const std::string& path) { trainer.save_checkpoint(path); });
  };
  const std::string sgd = checkpoint(seed_options());
  seed_with_damage("checkpoint", "sgd-ckpt", sgd);
  seed("initial_model", "sgd-ckpt", sgd);
  // Counts past 2^44 tokens (io/count_limit.h) that every other bound allowed: 2^62 prior
  // tokens (byte 173, after the options and the corpus's size and fingerprint), and as many more
  // in the first word's count (after the vocabulary's size and the word's length and bytes).
  const size_t first_count = 189 + gv::testing::read_at<uint32_t>(sgd, 185);
  seed("checkpoint", "crafted-count-ckpt",
       gv::testing::patched<int64_t>(
           gv::testing::patched<int64_t>(sgd, 173, int64_t{1} << 62), first_count,
           gv::testing::read_at<int64_t>(sgd, first_count) + (int64_t{1} << 62)));
  gv::TrainOptions hs_cbow_adam = seed_options();
  hs_cbow_adam.loss = gv::LossKind::hs;
  hs_cbow_adam.model = gv::ModelKind::cbow;
  hs_cbow_adam.optimizer = gv::OptimizerKind::adam;
  hs_cbow_adam.threads = 2;
  seed("checkpoint", "hs-cbow-adam-2threads-ckpt", checkpoint(hs_cbow_adam));
  gv::TrainOptions subwords_adagrad = seed_options();
  subwords_adagrad.subwords = true;
  subwords_adagrad.subword_scheme = {2, 3, 4};
  subwords_adagrad.optimizer = gv::OptimizerKind::adagrad;
  seed("checkpoint", "subwords-adagrad-ckpt", checkpoint(subwords_adagrad));
  // Over BPE tokens: the merges follow the options.
  gv::bpe::BpeTrainer bpe;
  bpe.add_text(gv::testing::read_file(corpus));
  gv::TrainOptions over_bpe = seed_options();
  over_bpe.tokenizer.kind = gv::TokenizerKind::bpe;
  over_bpe.tokenizer.lowercase = false;
  over_bpe.tokenizer.bpe = std::make_shared<const gv::BpeWords>(gv::bpe::BpeTokens(bpe.learn(280)));
  seed("checkpoint", "bpe-ckpt", checkpoint(over_bpe));
  // Every word kept but those seen once, which the rare words hold (word and count).
  gv::TrainOptions twice = seed_options();
  twice.max_vocab = 0;
  twice.min_count = 2;
  seed_with_damage("checkpoint", "rare-words-ckpt", checkpoint(twice));
  // A continued run (train --init --freeze-known): prior tokens and frozen rows. The model has
  // two of the corpus's words and one it lacks, and rare words: one the corpus has, whose
  // counts join it, and one it lacks, carried on.
  gv::InitialModel model;
  model.path = "model";
  model.dim = 3;
  model.words = gv::Trainer::fresh(corpus, seed_options()).vocabulary().words();
  model.words.resize(2);
  model.words.push_back("unseen");
  model.counts = {5, 4, 3};
  model.rare = {{"winter", {4, 0}}, {"elsewhere", {2, 1}}};
  model.w_in.assign(3 * 3, 0.25f);
  gv::TrainOptions continued = seed_options();
  continued.max_vocab = 0;
  gv::Trainer frozen =
      gv::Trainer::continued(corpus, continued, model, {gv::KnownWords::Rule::frozen});
  const std::atomic<bool> stop{false};
  frozen.train({}, stop, /*stop_after_words=*/30);
  seed("checkpoint", "frozen-continued-ckpt",
       written([&](const std::string& path) { frozen.save_checkpoint(path); }));
  // The same run pulled toward the model's rows (--anchor-known): the anchor's rows and values.
  gv::Trainer anchored =
      gv::Trainer::continued(corpus, continued, model, {gv::KnownWords::Rule::anchored, 2.0f});
  anchored.train({}, stop, /*stop_after_words=*/30);
  seed("checkpoint", "anchored-continued-ckpt",
       written([&](const std::string& path) { anchored.save_checkpoint(path); }));
  // Of a run across 2 MPI ranks of one thread each: the sync state, and every rank's worker at
  // the start of its share.
  gv::TrainOptions one_thread = seed_options();
  one_thread.threads = 1;
  const gv::Trainer alone = trained(corpus, one_thread, /*stop_after_words=*/30);
  gv::TrainingState ranks = alone.training_state();
  const std::vector<gv::ByteRange> shares = gv::split_corpus(gv::Corpus(corpus), 2);
  ranks.positions.resize(2, ranks.positions.front());
  for (size_t r = 0; r < 2; ++r) ranks.positions[r].corpus = {shares[r].begin, 0};
  ranks.sync = {10, 0, 2, {{20, 0}, {20, 0}}};
  seed("checkpoint", "two-ranks-ckpt", written([&](const std::string& path) {
         gv::write_checkpoint(path, alone.vocabulary(), alone.input_table().value(),
                              alone.output_table().value(), ranks);
       }));
  // A NaN in W_in's row 1, and an infinity in Adam's first moments: read at load, by row
  // (TensorReader::floats), where a resumed run once trained on them.
  gv::Tensor nan_row = alone.input_table().value();
  nan_row.data()[nan_row.shape()[1] + 2] = std::numeric_limits<float>::quiet_NaN();
  seed("checkpoint", "nan-row-ckpt", written([&](const std::string& path) {
         gv::write_checkpoint(path, alone.vocabulary(), nan_row, alone.output_table().value(),
                              alone.training_state());
       }));
  const gv::Trainer adam = trained(corpus, hs_cbow_adam, /*stop_after_words=*/30);
  gv::TrainingState inf_state = adam.training_state();
  inf_state.optimizer.tensors.front().data()[0] = std::numeric_limits<float>::infinity();
  seed("checkpoint", "adam-inf-ckpt", written([&](const std::string& path) {
         gv::write_checkpoint(path, adam.vocabulary(), adam.input_table().value(),
                              adam.output_table().value(), inf_state);
       }));
}

void lm_checkpoint_seeds(const std::string& corpus) {
  gv::GptConfig config;
  config.layers = 1;
  config.heads = 2;
  config.dim = 8;
  config.context = 8;
  gv::LmTrainOptions options;
  options.batch = 2;
  options.steps = 4;
  options.warmup = 1;
  // Stopped after 2 of its 4 steps, so the step, the random state and the optimizers' counters
  // are not at their starting values.
  const auto checkpoint = [&](gv::PositionKind positions, const gv::LmTokenizer* tokens) {
    config.positions = positions;
    gv::LmTrainer trainer(corpus, config, options, tokens);
    const std::atomic<bool> stop{false};
    trainer.train({}, stop, 2);
    return written([&](const std::string& path) { trainer.save_checkpoint(path); });
  };
  const std::string rope = checkpoint(gv::PositionKind::rope, nullptr);
  seed_with_damage("lm_checkpoint", "rope-ckpt", rope);
  seed("initial_model", "lm-model-head", rope.substr(0, 64));  // told by its magic alone
  // An infinity in AdamW's first moments, which a resumed run took for a divergence.
  seed("lm_checkpoint", "adam-inf-ckpt", written([&](const std::string& path) {
         std::ofstream(path, std::ios::binary) << rope;
         gv::LmCheckpoint read = gv::read_lm_checkpoint(path);
         read.training.optimizers.front().tensors.front().data()[0] =
             std::numeric_limits<float>::infinity();
         gv::write_lm_checkpoint(path, read.vocab, *read.model, read.training);
       }));
  seed("lm_checkpoint", "learned-ckpt", checkpoint(gv::PositionKind::learned, nullptr));
  // Over BPE tokens: the checkpoint holds the merges (format version 3).
  gv::bpe::BpeTrainer bpe;
  bpe.add_text(gv::testing::read_file(corpus));
  const gv::LmTokenizer tokens(gv::bpe::BpeTokens(bpe.learn(280)));
  seed_with_damage("lm_checkpoint", "bpe-ckpt", checkpoint(gv::PositionKind::rope, &tokens));
}

void file_seeds(const std::string& corpus) {
  const gv::InputEmbedding module = gv::fuzz::parameter_module();
  seed_with_damage("parameter_file", "module.params", written([&](const std::string& path) {
                     gv::save_parameters(module.parameters(), path);
                   }));
  gv::Rng rng(3);
  const gv::Embedding other(5, 3, rng);
  seed("parameter_file", "other-module.params",
       written([&](const std::string& path) { gv::save_parameters(other.parameters(), path); }));
  // A NaN in the positions' last row.
  gv::Var positions = module.parameters().back();  // a handle: writes into the module
  positions.value().data()[positions.numel() - 1] = std::numeric_limits<float>::quiet_NaN();
  seed("parameter_file", "nan.params",
       written([&](const std::string& path) { gv::save_parameters(module.parameters(), path); }));

  const gv::Vocabulary vocab = gv::Vocabulary::build(gv::count_words(corpus));
  const std::string saved = written([&](const std::string& path) { vocab.save(path); });
  seed_with_damage("vocabulary", "vocab.txt", saved);
  seed("initial_model", "vocab.txt", saved);
  seed("initial_model", "two-columns.txt", "the 0.5\nking -1.25\n");
  seed("initial_model", "one-dimension-vec", "2 1\nthe 0.5\nking -1.25\n");
  seed("vocabulary", "duplicate.txt", "king 3\nqueen 2\nking 1\n");
  seed("vocabulary", "crlf-blank-lines.txt", "king 3\r\n\r\nqueen 2\r\n");
  // Counts past 2^44 tokens (io/count_limit.h): one, and a sum.
  seed("vocabulary", "crafted-count.txt", "the 4611686018427387904\nking 3\n");
  seed("vocabulary", "counts-past-2-44.txt", "king 17592186044415\nqueen 2\n");

  gv::bpe::BpeTrainer bpe;
  bpe.add_text(gv::fuzz::kCorpus);
  std::ostringstream tokenizer;
  gv::bpe::write_bpe(tokenizer, gv::bpe::BpeTokens(bpe.learn(300)));
  seed_with_damage("bpe_file", "fixture-bpe", tokenizer.str());
  seed("initial_model", "fixture-bpe", tokenizer.str());
  seed("bpe_file", "repeated-merge-bpe", "gradvec-bpe 1\nmerges 2\n97 97\n97 97\n");
  seed("bpe_file", "doubling-bpe", "gradvec-bpe 1\nmerges 4\n97 97\n256 256\n257 257\n258 258\n");
}

void text_seeds() {
  seed("analogy_questions", "questions.txt",
       ": capital-common-countries\nAthens Greece Baghdad Iraq\nAthens Greece Bangkok Thailand\n"
       ": family\nboy girl brother sister\nking queen man woman\n");
  seed("analogy_questions", "crlf-tabs-blank.txt",
       ": gram1-adjective-to-adverb\r\n\r\namazing\tamazingly\tapparent\tapparently\r\n");
  seed("analogy_questions", "three-words.txt", ": family\nboy girl brother\n");
  seed("analogy_questions", "no-section.txt", "boy girl brother sister\n: family\n");
  seed("similarity_pairs", "pairs.txt",
       "# word1 word2 score\nlove\tsex\t6.77\ntiger cat 7.35\nbook paper 7.46\n");
  seed("similarity_pairs", "crlf-exponent.txt", "king queen 8.5e0\r\nking cabbage 0.23\r\n");
  seed("similarity_pairs", "bad-score.txt", "tiger cat seven\n");
  seed("similarity_pairs", "nan.txt", "tiger cat nan\n");
  seed("similarity_pairs", "two-fields.txt", "tiger cat\n");

  // The tokenizer's hard cases: apostrophes and underscores, non-ASCII letters, spaces and
  // punctuation, invalid UTF-8, a token past kMaxTokenBytes, no final newline.
  const std::vector<std::pair<std::string, std::string>> texts = {
      {"shakespeare.txt", std::string(gv::fuzz::kCorpus)},
      {"apostrophes.txt",
       "'Tis know't, we'll o'er the dogs' new_york _emphasis_ don\xe2\x80\x99t\n"},
      {"unicode.txt",
       "Caf\xc3\xa9 \xce\x9a\xce\xb1\xce\xbb\xce\xb7\xce\xbc\xce\xad\xcf\x81\xce\xb1 "
       "\xd0\x9f\xd1\x80\xd0\xb8\xd0\xb2\xd0\xb5\xd1\x82\xc2\xa0\xc2\xabmot\xc2\xbb\xe2\x80\x94"
       "end\xe2\x80\xa6 \xe4\xbd\xa0\xe5\xa5\xbd\xe3\x80\x82\n"},
      {"invalid-utf8.txt",
       "ab\x80"
       "cd \xc0\xaf \xed\xa0\x80 \xf4\x90\x80\x80 \xe2\x82\n"},
      {"long-token.txt", std::string(150, 'a') + " \xc3\xa9" + std::string(120, 'b') + "\n"},
      {"crlf-no-final-newline.txt", "one two\r\nthree four\r\n\r\nfive"},
  };
  for (const auto& [name, text] : texts) {
    seed("tokenizer", name, text);
    seed("corpus_reader", name, text);
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s SEEDS_DIR\n", argv[0]);
    return 2;
  }
  g_root = argv[1];
  const fs::path corpus = fs::temp_directory_path() / "gradvec-seed-corpus.txt";
  std::ofstream(corpus, std::ios::binary) << gv::fuzz::kCorpus;
  vector_seeds(corpus.string());
  checkpoint_seeds(corpus.string());
  lm_checkpoint_seeds(corpus.string());
  file_seeds(corpus.string());
  text_seeds();
  fs::remove(corpus);
  return 0;
}
