#include "text/bpe/bpe_file.h"

#include <charconv>
#include <fstream>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string_view>

#include "io/gunzip_reader.h"
#include "io/input_file.h"
#include "io/printable.h"

namespace gv::bpe {
namespace {

constexpr std::string_view kMagic = "gradvec-bpe";
constexpr int kVersion = 1;
// The shortest merge line, "0 0\n": a file of S bytes holds at most S / 4 merges.
constexpr int64_t kShortestMergeLine = 4;

// A decimal number with no sign or leading zero, the whole of `text`.
std::optional<int64_t> number(std::string_view text) {
  if (text.empty() || text.size() > 18 || (text.size() > 1 && text[0] == '0')) return std::nullopt;
  int64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < 0) return std::nullopt;
  return value;
}

class Reader {
 public:
  explicit Reader(const std::string& path) : path_(path) {
    size_ = open_regular_file(path, "BPE file", file_);
    refuse_gzip_file(file_, path, "BPE file");
  }

  [[noreturn]] void fail(const std::string& what) const {
    throw std::runtime_error(path_ + ": line " + std::to_string(line_number_) + ": " + what);
  }

  // The next line without its \n; fails at the end of the file or a line without one.
  std::string next_line(const std::string& expected) {
    ++line_number_;
    std::string line;
    if (!std::getline(file_, line)) fail("the file ends where " + expected + " should be");
    if (file_.eof()) fail("the line does not end with a newline");
    return line;
  }

  bool at_end() { return file_.peek() == std::ifstream::traits_type::eof(); }
  int64_t size() const { return size_; }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  std::ifstream file_;
  int64_t size_ = 0;
  int64_t line_number_ = 0;
};

// "WORD N" with N a number, or nullopt.
std::optional<int64_t> labelled(std::string_view line, std::string_view word) {
  if (!line.starts_with(word) || line.size() <= word.size() || line[word.size()] != ' ') {
    return std::nullopt;
  }
  return number(line.substr(word.size() + 1));
}

}  // namespace

void write_bpe(std::ostream& out, const BpeTokens& vocabulary) {
  out << kMagic << ' ' << kVersion << '\n' << "merges " << vocabulary.merges().size() << '\n';
  for (const Merge& m : vocabulary.merges()) out << m.left << ' ' << m.right << '\n';
}

BpeTokens load_bpe(const std::string& path) {
  Reader reader(path);
  const std::string magic = reader.next_line("the magic line");
  if (!has_bpe_magic(magic)) {
    reader.fail("not a gradvec BPE file: it does not start with '" + std::string(kMagic) + "'");
  }
  const std::optional<int64_t> version = labelled(magic, kMagic);
  if (version != kVersion) {
    reader.fail("version '" + quoted_input(magic.substr(kMagic.size() + 1)) +
                "', this gradvec reads version " + std::to_string(kVersion));
  }
  const std::optional<int64_t> count = labelled(reader.next_line("'merges M'"), "merges");
  if (!count) reader.fail("expected 'merges M' with M a number");
  const int64_t most = kMaxVocabSize - kMinVocabSize;
  if (*count > most) {
    reader.fail("merges " + std::to_string(*count) + " is more than the " + std::to_string(most) +
                " a tokenizer may have (a vocabulary of " + std::to_string(kMaxVocabSize) +
                " tokens, four times the largest in use)");
  }
  if (*count > reader.size() / kShortestMergeLine) {
    reader.fail("merges " + std::to_string(*count) + " cannot fit in the file's " +
                std::to_string(reader.size()) + " bytes");
  }
  std::vector<Merge> merges;
  merges.reserve(static_cast<size_t>(*count));
  for (int64_t k = 0; k < *count; ++k) {
    const std::string line = reader.next_line("merge " + std::to_string(k));
    const size_t space = line.find(' ');
    const std::optional<int64_t> left = number(std::string_view(line).substr(0, space));
    const std::optional<int64_t> right = space == std::string::npos
                                             ? std::nullopt
                                             : number(std::string_view(line).substr(space + 1));
    if (!left || !right) reader.fail("expected merge " + std::to_string(k) + " as 'L R'");
    const int64_t made = kMinVocabSize + k;
    if (*left >= made || *right >= made) {
      reader.fail("merge " + std::to_string(k) + " joins token " +
                  std::to_string(std::max(*left, *right)) + ", not made before it (tokens 0 to " +
                  std::to_string(made - 1) + " exist)");
    }
    merges.push_back({static_cast<TokenId>(*left), static_cast<TokenId>(*right)});
  }
  if (!reader.at_end()) {
    reader.next_line("");
    reader.fail("more than the " + std::to_string(*count) + " merges the file announces");
  }
  try {
    return BpeTokens(std::move(merges));
  } catch (const std::invalid_argument& e) {
    throw std::runtime_error(path + ": " + e.what());
  }
}

bool has_bpe_magic(std::string_view bytes) {
  return bytes.starts_with(std::string(kMagic) + ' ');
}

}  // namespace gv::bpe
