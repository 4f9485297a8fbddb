#include "word2vec/examples/example_inputs.h"

#include <utility>

#include "autograd/ops.h"

namespace gv {

ExampleInputs::ExampleInputs(ModelKind model, std::shared_ptr<const SubwordRows> subwords)
    : cbow_(model == ModelKind::cbow), subwords_(std::move(subwords)) {
  if (subwords_ && !cbow_) bag_of_word_.assign(static_cast<size_t>(subwords_->words()), -1);
}

void ExampleInputs::append_rows_of(std::span<const int64_t> words) {
  if (!subwords_) {
    ids_.insert(ids_.end(), words.begin(), words.end());
    return;
  }
  for (const int64_t word : words) {
    const std::span<const int64_t> rows = subwords_->of(word);
    ids_.insert(ids_.end(), rows.begin(), rows.end());
  }
}

int64_t ExampleInputs::add(std::span<const int64_t> contexts) {
  const auto m = static_cast<int64_t>(contexts.size());
  if (cbow_) {
    append_rows_of(contexts);
    offsets_.push_back(static_cast<int64_t>(ids_.size()));
    rows_ += 1;
    return 1;
  }
  if (subwords_) {
    for (const int64_t word : contexts) {
      int64_t& bag = bag_of_word_[static_cast<size_t>(word)];
      if (bag < 0) {
        bag = static_cast<int64_t>(bag_words_.size());
        bag_words_.push_back(word);
        append_rows_of({&word, 1});
        offsets_.push_back(static_cast<int64_t>(ids_.size()));
      }
      context_bags_.push_back(bag);
    }
  } else {
    append_rows_of(contexts);
  }
  rows_ += m;
  return m;
}

Var ExampleInputs::rows_of(const Var& w_in) const {
  if (!cbow_ && !subwords_) return gather_rows(w_in, ids_);                      // (N, C)
  const Var bags = embedding_bag(w_in, ids_, offsets_, BagGradient::undivided);  // (B, C)
  return cbow_ ? bags : gather_rows(bags, context_bags_);                        // (N, C)
}

void ExampleInputs::clear() {
  ids_.clear();
  offsets_.assign(1, 0);
  context_bags_.clear();
  for (const int64_t word : bag_words_) bag_of_word_[static_cast<size_t>(word)] = -1;
  bag_words_.clear();
  rows_ = 0;
}

}  // namespace gv
