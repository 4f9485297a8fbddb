// The corpus reader on a file: counts that do not depend on the number of threads, sentences
// that match the tokenizer's (cut at kMaxSentenceTokens) whatever the chunk size, and a
// position that resumes where the reader stopped. Gzip input is read as its content, and
// corrupt gzip is refused with one line naming the file.
#include <algorithm>
#include <string>
#include <vector>

#include "io/gunzip_reader.h"
#include "tests/fuzz/fuzz_support.h"
#include "text/corpus/corpus_reader.h"

namespace {

using Sentences = std::vector<std::vector<std::string>>;

// The tokenizer's sentences as a reader yields them: at most kMaxSentenceTokens tokens each.
Sentences capped(const Sentences& sentences) {
  constexpr size_t kCap = gv::CorpusReader::kMaxSentenceTokens;
  Sentences out;
  for (const auto& sentence : sentences) {
    for (size_t at = 0; at < sentence.size(); at += kCap) {
      out.emplace_back(sentence.begin() + at,
                       sentence.begin() + std::min(sentence.size(), at + kCap));
    }
  }
  return out;
}

// What `reader` yields from here on, as words.
Sentences read_rest(gv::CorpusReader& reader, const gv::Vocabulary& vocab) {
  Sentences out;
  std::vector<int64_t> ids;
  while (reader.next_sentence(vocab, ids)) {
    out.emplace_back();
    for (const int64_t id : ids) out.back().push_back(vocab.word(id));
  }
  return out;
}

// The text a reader should see in `bytes`: their gzip content when they start with gzip's magic
// number (throws GzipDataError when it is corrupt), the bytes themselves otherwise.
std::string content(std::string_view bytes) {
  if (!gv::starts_with_gzip_magic(bytes)) return std::string(bytes);
  gv::GunzipReader reader([bytes, at = size_t{0}](char* buffer, int64_t capacity) mutable {
    const size_t n = std::min(bytes.size() - at, static_cast<size_t>(capacity));
    std::copy_n(bytes.data() + at, n, buffer);
    at += n;
    return static_cast<int64_t>(n);
  });
  std::string text;
  char buffer[4096];
  while (const int64_t n = reader.read(buffer, sizeof buffer)) text.append(buffer, n);
  return text;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static gv::fuzz::InputFile file("corpus");
  const std::string& path = file.hold(data, size);
  std::string text;
  try {
    text = content(std::string_view(reinterpret_cast<const char*>(data), size));
  } catch (const gv::GzipDataError&) {
    try {
      gv::count_words(path, gv::TokenizerOptions{}, 1);
    } catch (const std::runtime_error& e) {
      gv::fuzz::check_error(e, path);
      return 0;
    }
    gv::fuzz::finding("corrupt gzip read as a corpus");
  }
  gv::TokenizerOptions whole_text;
  whole_text.line_is_sentence = false;
  for (const gv::TokenizerOptions& options : {gv::TokenizerOptions{}, whole_text}) {
    const gv::WordCounts counts = gv::count_words(path, options, 1);
    if (gv::count_words(path, options, 3) != counts) {
      gv::fuzz::finding("word counts depend on the number of threads");
    }
    if (counts.empty()) continue;
    const gv::Vocabulary vocab = gv::Vocabulary::build(counts);
    const Sentences expected = capped(gv::tokenize(text, options));

    gv::CorpusReader reader(path, options, /*chunk_bytes=*/5);
    if (read_rest(reader, vocab) != expected) {
      gv::fuzz::finding("the reader's sentences are not the tokenizer's");
    }
    // Stopped after its first sentence, a reader resumes at the second.
    gv::CorpusReader first(path, options, /*chunk_bytes=*/3);
    std::vector<int64_t> ids;
    first.next_sentence(vocab, ids);
    gv::CorpusReader resumed(path, options, /*chunk_bytes=*/1);
    resumed.seek(first.position());
    if (read_rest(resumed, vocab) != Sentences(expected.begin() + 1, expected.end())) {
      gv::fuzz::finding("seek() resumes elsewhere");
    }
  }
  return 0;
}
