// The tokenizer: every input tokenizes the same whole or fed in pieces (1 byte, 7 bytes, by a
// tokenizer reused after finish()), and every token is non-empty and valid UTF-8, under each set
// of options of the three tokenizers; at most kMaxTokenBytes long but for a BPE token's piece.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "tests/fuzz/fuzz_support.h"
#include "tests/text/tokenize_in_pieces.h"
#include "text/bpe/bpe_trainer.h"
#include "text/tokenizer.h"

namespace {

using Sentences = std::vector<std::vector<std::string>>;

bool valid_utf8(std::string_view text) {
  for (size_t i = 0; i < text.size();) {
    const auto lead = static_cast<unsigned char>(text[i]);
    const size_t length = lead < 0x80                    ? 1
                          : lead >= 0xc2 && lead <= 0xdf ? 2
                          : lead >= 0xe0 && lead <= 0xef ? 3
                          : lead >= 0xf0 && lead <= 0xf4 ? 4
                                                         : 0;
    if (length == 0 || i + length > text.size()) return false;
    const std::u8string_view c(reinterpret_cast<const char8_t*>(text.data() + i), length);
    for (size_t k = 1; k < length; ++k) {
      if ((c[k] & 0xc0) != 0x80) return false;
    }
    // Overlong forms and surrogates.
    if ((lead == 0xe0 && c[1] < 0xa0) || (lead == 0xed && c[1] > 0x9f) ||
        (lead == 0xf0 && c[1] < 0x90) || (lead == 0xf4 && c[1] > 0x8f)) {
      return false;
    }
    i += length;
  }
  return true;
}

// The tokens of merges learned from a line of words, spaces, punctuation and a UTF-8 letter.
gv::TokenizerOptions bpe_options() {
  gv::bpe::BpeTrainer trainer;
  trainer.add_text("the king and the queen, the crown's \xc3\xa9t\xc3\xa9   of the sword\n");
  gv::TokenizerOptions options;
  options.kind = gv::TokenizerKind::bpe;
  options.lowercase = false;
  options.bpe = std::make_shared<const gv::BpeWords>(gv::bpe::BpeTokens(trainer.learn(300)));
  return options;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  gv::TokenizerOptions verbatim;
  verbatim.lowercase = false;
  verbatim.keep_punctuation = true;
  gv::TokenizerOptions whole_text;
  whole_text.line_is_sentence = false;
  gv::TokenizerOptions whitespace;
  whitespace.kind = gv::TokenizerKind::whitespace;
  gv::TokenizerOptions whitespace_verbatim = whitespace;
  whitespace_verbatim.lowercase = false;
  static const gv::TokenizerOptions bpe = bpe_options();
  for (const gv::TokenizerOptions& options :
       {gv::TokenizerOptions{}, verbatim, whole_text, whitespace, whitespace_verbatim, bpe}) {
    const Sentences whole = gv::tokenize(text, options);
    const bool bounded = options.kind != gv::TokenizerKind::bpe;
    for (const auto& sentence : whole) {
      if (sentence.empty()) gv::fuzz::finding("an empty sentence");
      for (const std::string& token : sentence) {
        if (token.empty() || (bounded && token.size() > gv::Tokenizer::kMaxTokenBytes) ||
            !valid_utf8(token)) {
          gv::fuzz::finding("token \"" + token + "\" is empty, too long or not UTF-8");
        }
      }
    }
    gv::Tokenizer reused(options);
    for (const size_t piece : {size_t{1}, size_t{7}}) {
      if (gv::testing::tokenize_in_pieces(reused, text, [piece] { return piece; }) != whole) {
        gv::fuzz::finding("tokens depend on how the text is cut into pieces");
      }
    }
  }
  return 0;
}
