// What reading a corpus yields next, whichever tokenizer reads it (tokenizer.h, bpe_tokenizer.h).
#pragma once

namespace gv {

enum class TokenizerEvent {
  kToken,        // token() holds the next token
  kSentenceEnd,  // the sentence holding the tokens since the previous end is complete
  kNeedInput,    // everything fed so far is consumed: feed() more, or finish()
};

}  // namespace gv
