#include "text/corpus/sentence_cache.h"

#include <limits>
#include <stdexcept>
#include <string>

#include "autograd/machine.h"

namespace gv {

namespace {

constexpr int64_t kMaxWords = std::numeric_limits<uint32_t>::max();  // Sentence::end's range

}  // namespace

SentenceCache::SentenceCache(ByteRange range, int64_t budget_bytes)
    : range_(range), budget_bytes_(budget_bytes), usable_(budget_bytes > 0), last_{range.begin, 0} {
  if (!usable_) return;
  // Address space only: the pages are touched as the cache fills, so the reserve costs no
  // memory, and filling never copies a full vector into one twice its size. In huge pages, it
  // takes one page fault where 4 KiB pages took 512.
  words_.reserve(static_cast<size_t>(std::min(kMaxWords, budget_bytes / int64_t{4})));
  sentences_.reserve(static_cast<size_t>(budget_bytes / int64_t{sizeof(Sentence)}));
  advise_huge_pages(words_.data(), words_.capacity() * sizeof(int32_t));
  advise_huge_pages(sentences_.data(), sentences_.capacity() * sizeof(Sentence));
}

int64_t SentenceCache::bytes() const {
  return static_cast<int64_t>(words_.size() * sizeof(int32_t) +
                              sentences_.size() * sizeof(Sentence));
}

void SentenceCache::give_up() {
  usable_ = false;
  // Swapped out rather than assigned {}, which would keep the reserved memory.
  std::vector<int32_t>().swap(words_);
  std::vector<Sentence>().swap(sentences_);
}

void SentenceCache::add(std::span<const int32_t> words, const CorpusPosition& after) {
  if (!usable_) return;
  const int64_t n = static_cast<int64_t>(words.size());
  const int64_t advance = after.byte_offset - last_.byte_offset;
  const bool cut = advance == 0 && after.sentences_after == last_.sentences_after + 1;
  const bool line = advance > 0 && advance <= kMaxWords && after.sentences_after == 0;
  if (!(cut || line) ||
      bytes() + n * int64_t{sizeof(int32_t)} + int64_t{sizeof(Sentence)} > budget_bytes_ ||
      static_cast<int64_t>(words_.size()) + n > kMaxWords) {
    give_up();
    return;
  }
  words_.insert(words_.end(), words.begin(), words.end());
  sentences_.push_back({static_cast<uint32_t>(words_.size()), static_cast<uint32_t>(advance)});
  last_ = after;
}

void SentenceCache::map(std::span<const int32_t> to) {
  if (!usable_) return;
  // In place: a sentence's kept words move down to where the words kept so far end.
  size_t kept = 0, begin = 0;
  for (Sentence& sentence : sentences_) {
    for (size_t i = begin; i < sentence.end; ++i) {
      const int32_t word = words_[i];
      if (word < 0 || static_cast<size_t>(word) >= to.size()) {
        give_up();  // half renumbered: nothing left to replay
        throw std::out_of_range("SentenceCache::map: word " + std::to_string(word) +
                                " is not among the " + std::to_string(to.size()) + " mapped");
      }
      if (to[static_cast<size_t>(word)] >= 0) words_[kept++] = to[static_cast<size_t>(word)];
    }
    begin = sentence.end;
    sentence.end = static_cast<uint32_t>(kept);
  }
  words_.resize(kept);
}

CorpusPosition SentenceCache::after(const CorpusPosition& before, const Sentence& sentence) {
  if (sentence.advance == 0) return {before.byte_offset, before.sentences_after + 1};
  return {before.byte_offset + sentence.advance, 0};
}

bool SentenceCache::next(Cursor& at, std::vector<int64_t>& ids) const {
  while (at.sentence < sentences_.size()) {
    const size_t begin = at.sentence == 0 ? 0 : sentences_[at.sentence - 1].end;
    const Sentence& sentence = sentences_[at.sentence++];
    at.position = after(at.position, sentence);
    if (sentence.end > begin) {
      ids.assign(words_.begin() + static_cast<std::ptrdiff_t>(begin),
                 words_.begin() + static_cast<std::ptrdiff_t>(sentence.end));
      return true;
    }
  }
  ids.clear();
  return false;
}

std::optional<SentenceCache::Cursor> SentenceCache::find(const CorpusPosition& position) const {
  for (Cursor at = begin();; at.position = after(at.position, sentences_[at.sentence++])) {
    if (at.position == position) return at;
    if (at.sentence == sentences_.size()) return std::nullopt;
  }
}

}  // namespace gv
