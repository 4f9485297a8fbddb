// What the checkpoint tests share: small runs to checkpoint, and the checkpoint's layout walked
// field by field (as checkpoint.cpp documents it) so that a test can overwrite one field.
#pragma once

#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <map>
#include <string>

#include "tests/file_bytes.h"
#include "tests/scratch_dir.h"
#include "word2vec/trainer.h"

namespace gv::testing {

// A corpus of short lines over a few words, `lines` long.
inline std::string small_corpus(int lines) {
  std::string text;
  const char* words[] = {"the", "king", "queen", "a", "crown", "and", "sword", "of", "gold"};
  for (int line = 0; line < lines; ++line) {
    for (int w = 0; w < 6; ++w) text += std::string(w ? " " : "") + words[(line * 7 + w * w) % 9];
    text += '\n';
  }
  return text;
}

// A checkpoint with every optional part present: subwords (W_in has bucket rows), Adam (state
// tensors and step counters), and a stop mid-epoch (a worker position inside the corpus).
inline std::string mid_run_checkpoint(const gv::testing::ScratchDir& dir,
                                      const std::string& corpus) {
  gv::TrainOptions o;
  o.dim = 4;
  o.min_count = 1;
  o.epochs = 2;
  o.threads = 1;
  o.optimizer = gv::OptimizerKind::adam;
  o.subwords = true;
  o.subword_scheme = {3, 4, 50};
  gv::Trainer trainer = gv::Trainer::fresh(corpus, o);
  const std::atomic<bool> never{false};
  REQUIRE_FALSE(trainer.train({}, never, 700));
  const std::string path = dir.file("good.ckpt");
  trainer.save_checkpoint(path);
  return path;
}

// Where each field of a checkpoint starts, found by walking the layout checkpoint.cpp documents;
// the walk must end exactly at the end of the file.
inline std::map<std::string, size_t> locate_fields(const std::string& bytes) {
  std::map<std::string, size_t> at;
  size_t offset = 12;  // magic and version
  const auto field = [&](const std::string& name, size_t size) {
    at[name] = offset;
    offset += size;
  };
  const auto count = [&] { return read_at<uint32_t>(bytes, offset); };
  for (const char* name :
       {"dim", "window", "negatives", "min_count", "max_vocab", "epochs", "batch", "threads",
        "optimizer", "loss", "model", "tokenizer", "sample"}) {
    field(name, 8);
  }
  field("lr", 4);
  field("seed", 8);
  for (const char* name :
       {"lowercase", "keep_punctuation", "line_is_sentence", "shared_negatives", "subwords"}) {
    field(name, 1);
  }
  for (const char* name : {"minn", "maxn", "buckets"}) field(name, 8);
  if (read_at<int64_t>(bytes, at.at("tokenizer")) == static_cast<int64_t>(gv::TokenizerKind::bpe)) {
    const uint32_t merges = count();
    field("BPE merges", 4);
    for (uint32_t k = 0; k < merges; ++k) field("BPE merge " + std::to_string(k), 8);
  }
  for (const char* name : {"corpus size", "corpus fingerprint", "prior tokens"}) field(name, 8);
  const uint32_t words = count();
  field("vocabulary size", 4);
  for (uint32_t id = 0; id < words; ++id) {
    offset += 4 + count();
    field("count of word " + std::to_string(id), 8);
  }
  const uint32_t rare = count();
  field("rare words", 4);
  for (uint32_t i = 0; i < rare; ++i) {
    const std::string word = "rare word " + std::to_string(i);
    field(word, 4 + count());
    field(word + " count", 8);
  }
  const auto tensor = [&](const std::string& name) {
    const uint32_t ndim = count();
    offset += 4;
    int64_t numel = 1;
    for (uint32_t d = 0; d < ndim; ++d) {
      numel *= read_at<int64_t>(bytes, offset);
      field(name + " dim " + std::to_string(d), 8);
    }
    field(name + " data", 4 * static_cast<size_t>(numel));
  };
  tensor("W_in");
  tensor("W_out");
  const uint32_t frozen = count();
  field("frozen rows", 4);
  for (uint32_t i = 0; i < frozen; ++i) field("frozen row " + std::to_string(i), 8);
  const auto dim = static_cast<size_t>(read_at<int64_t>(bytes, at.at("dim")));
  field("anchor", 4);
  const uint32_t anchored = count();
  field("anchored rows", 4);
  for (uint32_t i = 0; i < anchored; ++i) {
    field("anchored row " + std::to_string(i), 8);
    field("anchored values " + std::to_string(i), 4 * dim);
  }
  const uint32_t tensors = count();
  field("optimizer tensors", 4);
  for (uint32_t i = 0; i < tensors; ++i) tensor("optimizer tensor " + std::to_string(i));
  const uint32_t counters = count();
  field("optimizer counters", 4);
  for (uint32_t i = 0; i < counters; ++i) field("optimizer counter " + std::to_string(i), 8);
  field("seconds", 8);
  const uint32_t processes = count();
  field("sync processes", 4);
  if (processes > 0) {
    for (const char* name : {"sync words", "sync epoch", "sync next round"}) field(name, 8);
  }
  for (uint32_t p = 0; p < processes; ++p) {
    const std::string process = "process " + std::to_string(p) + " ";
    for (const char* name : {"share words", "epoch start"}) field(process + name, 8);
  }
  const uint32_t workers = count();
  field("workers", 4);
  for (uint32_t w = 0; w < workers; ++w) {
    const std::string worker = "worker " + std::to_string(w) + " ";
    for (const char* name : {"epoch", "byte offset", "sentences after"}) field(worker + name, 8);
    field(worker + "rng", 32);
    field(worker + "cached normal", 8);
    field(worker + "has cached normal", 1);
    for (const char* name : {"words done", "loss sum", "loss pairs"}) field(worker + name, 8);
  }
  REQUIRE(offset == bytes.size());
  return at;
}

// A field overwritten: its new bytes, and what the error must say besides the checkpoint's name.
struct Edit {
  std::string field;
  std::string bytes;
  std::string message;
};

// `good` with `edit`'s bytes written over its field, which `at` locates.
inline std::string edited(const std::string& good, const std::map<std::string, size_t>& at,
                          const Edit& edit) {
  std::string bytes = good;
  std::copy(edit.bytes.begin(), edit.bytes.end(), bytes.begin() + at.at(edit.field));
  REQUIRE(bytes != good);
  return bytes;
}

// A scratch directory holding small_corpus(200) and mid_run_checkpoint's file of it: its bytes,
// `good`, and where each of their fields starts. A fixture, for TEST_CASE_METHOD.
struct MidRunCheckpoint {
  ScratchDir dir{"checkpoint"};
  std::string corpus = dir.write("corpus.txt", small_corpus(200));
  std::string good = read_file(mid_run_checkpoint(dir, corpus));
  std::map<std::string, size_t> at = locate_fields(good);
};

}  // namespace gv::testing
