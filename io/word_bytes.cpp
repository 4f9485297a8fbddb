#include "io/word_bytes.h"

#include "io/printable.h"

namespace gv {

std::string word_problem(std::string_view word, bool blanks_in_words) {
  if (word.empty()) return "is empty";
  const size_t breaking = word.find_first_of(std::string_view("\0\n\r\v\f", 5));
  if (breaking != std::string_view::npos) {
    return "contains the byte " + printable(word.substr(breaking, 1)) +
           ", which no vector file allows in a word";
  }
  constexpr std::string_view kBlanks = " \t";
  if (!blanks_in_words) {
    if (word.find_first_of(kBlanks) != std::string_view::npos) {
      return "contains a space or tab, which ends a word in a binary file";
    }
  } else if (kBlanks.find(word.front()) != std::string_view::npos ||
             kBlanks.find(word.back()) != std::string_view::npos) {
    return "starts or ends with a space or tab, which a text line cannot keep";
  }
  return "";
}

}  // namespace gv
