#include "text/corpus/slice_reader.h"

#include <optional>

namespace gv {

SliceReader::SliceReader(const Corpus& corpus, const TokenizerOptions& options, ByteRange range,
                         const SentenceCache* cache)
    : reader_(corpus, options), cache_(cache) {
  reader_.set_range(range);
  if (cache_) cursor_ = cache_->begin();
}

void SliceReader::rewind() {
  if (cache_) {
    cursor_ = cache_->begin();
  } else {
    reader_.rewind();
  }
}

void SliceReader::seek(const CorpusPosition& position) {
  if (cache_) {
    if (const std::optional<SentenceCache::Cursor> at = cache_->find(position)) {
      cursor_ = *at;
      return;
    }
    cache_ = nullptr;  // no sentence of the cache ends there: the file has it all
  }
  reader_.seek(position);
}

}  // namespace gv
