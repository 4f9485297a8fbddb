#include "tools/vectors/analogy_eval.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <stdexcept>

#include "io/printable.h"
#include "tools/vectors/eval_words.h"
#include "tools/vectors/parallel_for.h"
#include "tools/vectors/text_file.h"
#include "tools/vectors/tile_product.h"
#include "tools/vectors/top_k.h"

namespace gv::tools {
namespace {

// gensim asks most_similar for topn=5 and drops a, b, c from a list of 5 + 3 candidates.
constexpr int64_t kAnswersConsidered = 5;
constexpr int64_t kCandidatesKept = kAnswersConsidered + 3;
// Questions per block: a multiple of kQueryPanel for both 1 and 3 query rows per question,
// small enough that the block's packed queries (384 x dim floats) stay in L2.
constexpr int64_t kBlockQuestions = 16 * kQueryPanel;

// A question that can be answered: its expected word is in the restricted vocabulary, and a,
// b and c are too or (fastText models) have a vector from the model.
struct SeenQuestion {
  int64_t section;
  std::array<int64_t, 4> rows;            // a, b, c, expected; -1 outside the vocabulary
  std::array<const float*, 3> vectors{};  // unit vectors (dim) of a, b and c
  std::array<std::string, 4> keys;        // the same words as EvalWords compares them
};

// Query rows of one question: Add needs unit(b - a + c); Mul scores against a, b and c.
int64_t query_rows_per_question(AnalogyMethod method) {
  return method == AnalogyMethod::Add ? 1 : 3;
}

// False when the question's query has no direction (b - a + c cancels out; its rows are
// then zero).
bool write_query_rows(const VectorIndex& index, const SeenQuestion& q, AnalogyMethod method,
                      float* out) {  // out: (query_rows_per_question, dim)
  const int64_t dim = index.dim();
  if (method == AnalogyMethod::Mul) {
    for (int64_t r = 0; r < 3; ++r) std::copy_n(q.vectors[r], dim, out + r * dim);
    return true;
  }
  const float *a = q.vectors[0], *b = q.vectors[1], *c = q.vectors[2];
  for (int64_t d = 0; d < dim; ++d) out[d] = b[d] - a[d] + c[d];
  return normalize_sum(out, dim, 3);
}

// Feeds one (kQueryPanel, kVocabPanel) tile of cosines into the candidates of its questions.
// `first_question`: the tile's first question within the block; `first_word`: its first row.
void offer_tile(const float* tile, AnalogyMethod method, int64_t first_question,
                int64_t questions_in_block, int64_t first_word, int64_t vocabulary_size,
                std::vector<TopK>& candidates) {
  const int64_t rows_per_question = query_rows_per_question(method);
  const int64_t words = std::min(kVocabPanel, vocabulary_size - first_word);
  float scores[kVocabPanel];
  for (int64_t i = 0; i < kQueryPanel / rows_per_question; ++i) {
    const int64_t question = first_question + i;
    if (question >= questions_in_block) break;
    const float* cos = tile + i * rows_per_question * kVocabPanel;  // (rows_per_question, 16)
    if (method == AnalogyMethod::Mul) {  // Levy & Goldberg eq. 4, cosines shifted to [0, 1]
      for (int64_t j = 0; j < kVocabPanel; ++j) {
        const float to_a = (1 + cos[j]) * 0.5f, to_b = (1 + cos[kVocabPanel + j]) * 0.5f,
                    to_c = (1 + cos[2 * kVocabPanel + j]) * 0.5f;
        scores[j] = to_b * to_c / (to_a + 1e-6f);
      }
      cos = scores;
    }
    // Words arrive in increasing order, so beating the floor is exactly "would be kept";
    // nearly every word fails this one comparison.
    TopK& best = candidates[static_cast<size_t>(question)];
    float floor = best.floor();
    for (int64_t j = 0; j < words; ++j) {
      if (cos[j] > floor) {
        best.offer(first_word + j, cos[j]);
        floor = best.floor();
      }
    }
  }
}

// gensim's choice among the best candidates (see the header); the key of the predicted word,
// or "" when there is no candidate at all.
std::string predicted_key(const EvalWords& vocabulary, const SeenQuestion& q,
                          const std::vector<ScoredIndex>& best) {
  std::string predicted;
  int64_t considered = 0;
  for (const ScoredIndex& candidate : best) {
    if (considered == kAnswersConsidered) break;
    const bool is_query_row = candidate.index == q.rows[0] || candidate.index == q.rows[1] ||
                              candidate.index == q.rows[2];
    if (is_query_row) continue;
    ++considered;
    predicted = vocabulary.key(vocabulary.index().word(candidate.index));
    if (predicted != q.keys[0] && predicted != q.keys[1] && predicted != q.keys[2]) break;
  }
  return predicted;
}

enum class Answer : char { Wrong, Right, NoDirection };

// For every question, whether its prediction equals its expected word, or that its query has
// no direction to predict by.
std::vector<Answer> answer_questions(const EvalWords& vocabulary,
                                     const std::vector<SeenQuestion>& questions,
                                     AnalogyMethod method) {
  const VectorIndex& index = vocabulary.index();
  const int64_t dim = index.dim(), words = vocabulary.size();
  const int64_t vocab_panels = (words + kVocabPanel - 1) / kVocabPanel;
  // The restricted vocabulary is the index's first `words` rows, which are contiguous.
  const std::vector<float> packed_vocab =
      words > 0 ? pack_panels(index.unit_row(0), words, dim, kVocabPanel) : std::vector<float>();
  const int64_t rows_per_question = query_rows_per_question(method);
  const int64_t block_rows = kBlockQuestions * rows_per_question;
  const int64_t n_questions = static_cast<int64_t>(questions.size());
  const int64_t n_blocks = (n_questions + kBlockQuestions - 1) / kBlockQuestions;
  std::vector<Answer> answers(questions.size(), Answer::Wrong);

  parallel_for(n_blocks, index.threads(), 1, [&](int64_t first_block, int64_t last_block) {
    std::vector<float> query_rows(static_cast<size_t>(block_rows * dim));  // (block_rows, dim)
    std::vector<float> packed_queries(query_rows.size());  // block_rows / 6 panels of (dim, 6)
    std::vector<TopK> candidates(static_cast<size_t>(kBlockQuestions), TopK(kCandidatesKept));
    float tile[kQueryPanel * kVocabPanel];
    for (int64_t block = first_block; block < last_block; ++block) {
      const int64_t first = block * kBlockQuestions;
      const int64_t count = std::min(kBlockQuestions, n_questions - first);
      std::fill(query_rows.begin(), query_rows.end(), 0.0f);
      for (int64_t q = 0; q < count; ++q) {
        if (!write_query_rows(index, questions[first + q], method,
                              query_rows.data() + q * rows_per_question * dim)) {
          answers[first + q] = Answer::NoDirection;
        }
      }
      pack_panels_into(query_rows.data(), block_rows, dim, kQueryPanel, packed_queries.data());
      const int64_t query_panels = (count * rows_per_question + kQueryPanel - 1) / kQueryPanel;
      // Vocabulary panel outermost: each (dim, 16) panel is read from memory once per block
      // and then served from L1 to every query panel.
      for (int64_t p = 0; p < vocab_panels; ++p) {
        const float* vocab_panel = packed_vocab.data() + p * dim * kVocabPanel;
        for (int64_t g = 0; g < query_panels; ++g) {
          multiply_panels(packed_queries.data() + g * dim * kQueryPanel, vocab_panel, dim, tile);
          offer_tile(tile, method, g * kQueryPanel / rows_per_question, count, p * kVocabPanel,
                     words, candidates);
        }
      }
      for (int64_t q = 0; q < count; ++q) {
        const SeenQuestion& question = questions[first + q];
        const std::string predicted =
            predicted_key(vocabulary, question, candidates[q].take_sorted());
        if (answers[first + q] != Answer::NoDirection && predicted == question.keys[3]) {
          answers[first + q] = Answer::Right;
        }
      }
    }
  });
  return answers;
}

std::string percent(int64_t part, int64_t whole) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2f", whole > 0 ? 100.0 * part / whole : 0.0);
  return buffer;
}

}  // namespace

std::vector<AnalogySection> parse_analogy_questions(std::istream& in, const std::string& source) {
  std::vector<AnalogySection> sections;
  LineReader reader(in, source);
  std::string line;
  while (reader.next(line)) {
    if (!line.empty() && line[0] == ':') {
      // gensim: line.lstrip(': ').strip()
      std::string_view name(line);
      name.remove_prefix(std::min(name.find_first_not_of(": "), name.size()));
      sections.push_back({std::string(trim_whitespace(name)), {}});
      continue;
    }
    const std::vector<std::string_view> words = split_fields(line);
    if (words.empty()) continue;
    if (words.size() != 4) {
      throw std::runtime_error(reader.where() + "expected 4 words 'a b c d', got " +
                               std::to_string(words.size()));
    }
    if (sections.empty()) {
      throw std::runtime_error(reader.where() + "question before the first ': section' line");
    }
    sections.back().questions.push_back({std::string(words[0]), std::string(words[1]),
                                         std::string(words[2]), std::string(words[3]),
                                         reader.line_number()});
  }
  return sections;
}

std::vector<AnalogySection> read_analogy_questions(const std::string& path) {
  const std::unique_ptr<std::istream> in = open_text_file(path, "questions file");
  return parse_analogy_questions(*in, path);
}

AnalogyEvalResult evaluate_analogies(const VectorIndex& index,
                                     const std::vector<AnalogySection>& sections,
                                     const AnalogyEvalOptions& options) {
  EvalWords vocabulary(index, options.restrict_to, options.case_insensitive);
  AnalogyEvalResult result;
  result.total.name = "total";
  result.subwords = vocabulary.has_subwords();
  std::vector<SeenQuestion> seen;
  for (size_t s = 0; s < sections.size(); ++s) {
    result.sections.push_back({sections[s].name, 0, 0, 0});
    for (const AnalogyQuestion& q : sections[s].questions) {
      ++result.sections.back().questions;
      const auto expected = vocabulary.find(q.expected);
      if (!expected) continue;  // candidates are vocabulary words: it could not be the answer
      SeenQuestion candidate{static_cast<int64_t>(s), {-1, -1, -1, *expected}, {}, {}};
      const std::array<const std::string*, 4> words{&q.a, &q.b, &q.c, &q.expected};
      for (size_t w = 0; w < 4; ++w) candidate.keys[w] = vocabulary.key(*words[w]);
      bool answerable = true;
      for (size_t w = 0; w < 3 && answerable; ++w) {
        if (const auto row = vocabulary.find(*words[w])) candidate.rows[w] = *row;
        candidate.vectors[w] = vocabulary.unit_vector(*words[w]);
        answerable = candidate.vectors[w] != nullptr;
      }
      if (!answerable) continue;
      // A zero vector has no cosine with anything (gensim's would be NaN): the question has
      // no answer to count, right or wrong.
      const bool zero = is_zero(index.unit_row(*expected), index.dim()) ||
                        std::any_of(candidate.vectors.begin(), candidate.vectors.end(),
                                    [&](const float* v) { return is_zero(v, index.dim()); });
      if (zero) {
        ++result.zero_vector;
        continue;
      }
      seen.push_back(std::move(candidate));
    }
  }
  const std::vector<Answer> answers = answer_questions(vocabulary, seen, options.method);
  for (size_t q = 0; q < seen.size(); ++q) {
    if (answers[q] == Answer::NoDirection) {
      ++result.zero_vector;
      continue;
    }
    const std::array<int64_t, 4>& rows = seen[q].rows;
    result.outside_vocabulary += rows[0] < 0 || rows[1] < 0 || rows[2] < 0;
    AnalogyScore& section = result.sections[static_cast<size_t>(seen[q].section)];
    ++section.seen;
    section.correct += answers[q] == Answer::Right;
  }
  for (const AnalogyScore& section : result.sections) {
    result.total.correct += section.correct;
    result.total.seen += section.seen;
    result.total.questions += section.questions;
  }
  return result;
}

std::string format_analogy_report(const AnalogyEvalResult& result) {
  std::string report;
  const auto score_line = [](const AnalogyScore& s) {
    return printable_on_terminal(s.name) + ": " + std::to_string(s.correct) + "/" +
           std::to_string(s.seen) + " correct (" + percent(s.correct, s.seen) + "%)";
  };
  for (const AnalogyScore& section : result.sections) report += score_line(section) + "\n";
  report += score_line(result.total) + ", " + std::to_string(result.total.seen) + "/" +
            std::to_string(result.total.questions) + " questions seen\n";
  if (result.zero_vector > 0) {
    report += "left out: " + std::to_string(result.zero_vector) + " of the " +
              std::to_string(result.total.questions) +
              " questions, for a zero vector (a word's, or b - a + c)\n";
  }
  if (result.subwords) {
    report += "from subwords: " + std::to_string(result.outside_vocabulary) + " of the " +
              std::to_string(result.total.seen) +
              " seen questions had a, b or c outside the vocabulary\n";
  }
  return report;
}

}  // namespace gv::tools
