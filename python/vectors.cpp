// KeyedVectors' engine (gradvec._core.Vectors): a table read by the command line's readers
// (tools/vectors/vector_io.h), asked the command line's queries (VectorIndex, the analogy and
// similarity evaluations) and written by its writers. The rows stay in the C++ table and numpy
// sees them in place: `table` is a (V, d) float32 array over WordVectors::values, kept alive by
// the object it came from. Queries run on a VectorIndex (unit rows) built on first use, as
// gensim's fill_norms; `refresh_index` rebuilds it after the rows were changed through numpy.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "python/bindings.h"
#include "tools/vectors/analogy_eval.h"
#include "tools/vectors/similarity_eval.h"
#include "tools/vectors/vector_index.h"
#include "tools/vectors/vector_io.h"

namespace py = pybind11;

namespace gv::python {
namespace {

using tools::AnalogyMethod;
using tools::Neighbor;
using tools::QueryTerm;
using tools::VectorIndex;

// The format a `format=` argument names by its command line flag ("w2v-bin"), or Auto.
VectorFormat format_named(const std::string& name) {
  if (name == "auto") return VectorFormat::Auto;
  std::string message = "format: must be one of auto";
  for (const VectorFormatSpec& spec : vector_formats()) {
    if (spec.flag == name) return spec.format;
    message += "|";
    message += spec.flag;
  }
  throw std::invalid_argument(message + ", got '" + name + "'");
}

// gensim's query terms, as keyed_vectors.py passes them: (word or 1-D vector, weight) pairs.
std::vector<QueryTerm> terms_of(const py::iterable& pairs) {
  std::vector<QueryTerm> terms;
  for (py::handle pair : pairs) {
    const auto item = pair.cast<std::pair<py::object, float>>();
    QueryTerm term{{}, {}, item.second};
    if (py::isinstance<py::array>(item.first)) {
      const auto vector =
          py::array_t<float, py::array::c_style | py::array::forcecast>::ensure(item.first);
      if (!vector || vector.ndim() != 1) throw py::type_error("a query vector must be 1-D");
      term.vector.assign(vector.data(), vector.data() + vector.size());
    } else {
      term.word = to_bytes(item.first);
    }
    terms.push_back(std::move(term));
  }
  return terms;
}

py::list neighbours_to_python(const std::vector<Neighbor>& neighbours) {
  py::list out;
  for (const Neighbor& n : neighbours) out.append(py::make_tuple(to_python(n.word), n.score));
  return out;
}

class Vectors {
 public:
  explicit Vectors(WordVectors vectors) : vectors_(std::move(vectors)) {}

  static Vectors read(const std::string& path, const std::string& format, int64_t limit) {
    const ReadOptions options{format_named(format), limit, false, 0};
    py::gil_scoped_release unlocked;
    return Vectors(read_vectors(path, options));
  }

  const WordVectors& vectors() const { return vectors_; }
  WordVectors& vectors() { return vectors_; }  // numpy writes the rows in place (`table`)

  py::list words() const {
    py::list out;
    for (const std::string& word : vectors_.words) out.append(to_python(word));
    return out;
  }

  // A fastText model's vector for a word outside its vocabulary, from its n-grams; for any other
  // word (or table) UnknownWordError, with the spellings close to it.
  py::array_t<float> vector_outside_vocabulary(const std::string& word) const {
    py::array_t<float> out(vectors_.dim);
    if (vectors_.subwords == nullptr ||
        !vectors_.subwords->ngram_vector(word, out.mutable_data())) {
      throw tools::UnknownWordError(word, tools::query_suggestions(word, vectors_.words));
    }
    return out;
  }

  py::array_t<float> unit_vector(const std::string& word) {
    const VectorIndex& queries = index();
    queries.require_vector(word);
    py::array_t<float> out(vectors_.dim);
    queries.unit_vector(word, out.mutable_data());
    return out;
  }

  float similarity(const std::string& a, const std::string& b) {
    const VectorIndex& queries = index();
    std::vector<float> x(static_cast<size_t>(vectors_.dim)), y(x.size());
    queries.require_vector(a);
    queries.require_vector(b);
    queries.unit_vector(a, x.data());
    queries.unit_vector(b, y.data());
    return tools::dot(x.data(), y.data(), vectors_.dim);
  }

  // gensim's most_similar (cosmul: most_similar_cosmul) over (term, weight) pairs: [(word,
  // score)] best first, query words excluded, or, topn None, every candidate's score.
  py::object most_similar(const py::iterable& positive, const py::iterable& negative,
                          std::optional<int64_t> topn, int64_t restrict_to, bool cosmul) {
    const VectorIndex& queries = index();
    std::vector<QueryTerm> plus = terms_of(positive), minus = terms_of(negative);
    std::vector<int64_t> excluded;
    std::vector<float> scores;
    std::vector<Neighbor> neighbours;
    {
      py::gil_scoped_release unlocked;
      if (cosmul) {
        scores = queries.cosmul_scores(plus, minus, restrict_to, excluded);
        if (topn) neighbours = queries.best_excluding(scores, *topn, std::move(excluded));
      } else {  // the weights carry the sides
        plus.insert(plus.end(), minus.begin(), minus.end());
        const std::vector<float> query = queries.query_direction(plus, excluded);
        if (topn) {
          neighbours = queries.nearest(query.data(), *topn, restrict_to, std::move(excluded));
        } else {
          scores.resize(static_cast<size_t>(queries.candidate_count(restrict_to)));
          queries.dot_rows(query.data(), static_cast<int64_t>(scores.size()), scores.data());
        }
      }
    }
    if (!topn) return py::array_t<float>(static_cast<py::ssize_t>(scores.size()), scores.data());
    return neighbours_to_python(neighbours);
  }

  // [(section, correct, seen, questions)], the total last, named "total".
  std::vector<std::tuple<std::string, int64_t, int64_t, int64_t>> evaluate_analogies(
      const std::string& path, int64_t restrict_to, bool case_insensitive, bool cosmul) {
    const VectorIndex& queries = index();
    py::gil_scoped_release unlocked;
    const tools::AnalogyEvalResult result = tools::evaluate_analogies(
        queries, tools::read_analogy_questions(path),
        {restrict_to, cosmul ? AnalogyMethod::Mul : AnalogyMethod::Add, case_insensitive});
    std::vector<std::tuple<std::string, int64_t, int64_t, int64_t>> out;
    for (const tools::AnalogyScore& score : result.sections) {
      out.emplace_back(score.name, score.correct, score.seen, score.questions);
    }
    out.emplace_back(result.total.name, result.total.correct, result.total.seen,
                     result.total.questions);
    return out;
  }

  // (Pearson's r, Spearman's rho, pairs used, pairs skipped for a word without a vector)
  std::tuple<double, double, int64_t, int64_t> evaluate_similarity(const std::string& path,
                                                                   int64_t restrict_to,
                                                                   bool case_insensitive) {
    const VectorIndex& queries = index();
    py::gil_scoped_release unlocked;
    const tools::SimilarityEvalResult result = tools::evaluate_similarity(
        queries, tools::read_similarity_pairs(path), path, restrict_to, case_insensitive);
    return {result.pearson, result.spearman, result.pairs_used, result.pairs_skipped};
  }

  void write(const std::string& path, const std::string& format) const {
    const VectorFormat chosen = format_named(format);
    py::gil_scoped_release unlocked;
    write_vectors(path, vectors_, chosen, 0);
  }

  void refresh_index() { index_.reset(); }

 private:
  // Built with the GIL held, so two Python threads never build it at once.
  const VectorIndex& index() {
    if (index_ == nullptr) index_ = std::make_unique<VectorIndex>(WordVectors(vectors_), 0);
    return *index_;
  }

  WordVectors vectors_;
  std::unique_ptr<VectorIndex> index_;
};

// (V, d) float32 over the table's rows, not a copy: `owner` (the Vectors) lives as long as it.
py::array_t<float> table(const py::object& owner) {
  WordVectors& vectors = owner.cast<Vectors&>().vectors();
  const auto row_bytes = static_cast<py::ssize_t>(vectors.dim * sizeof(float));
  return py::array_t<float>({vectors.size(), vectors.dim}, {row_bytes, py::ssize_t{sizeof(float)}},
                            vectors.values.data(), owner);
}

}  // namespace

void bind_vectors(py::module_& module) {
  py::class_<Vectors>(module, "Vectors")
      .def_static("read", &Vectors::read, py::arg("path"), py::arg("format") = "auto",
                  py::arg("limit") = 0)
      .def_property_readonly("table", &table)
      .def_property_readonly("dim", [](const Vectors& v) { return v.vectors().dim; })
      .def_property_readonly("has_subwords",
                             [](const Vectors& v) { return v.vectors().subwords != nullptr; })
      .def("words", &Vectors::words)
      .def("vector_outside_vocabulary",
           [](const Vectors& v, const py::str& word) {
             return v.vector_outside_vocabulary(to_bytes(word));
           })
      .def("unit_vector",
           [](Vectors& v, const py::str& word) { return v.unit_vector(to_bytes(word)); })
      .def("similarity", [](Vectors& v, const py::str& a,
                            const py::str& b) { return v.similarity(to_bytes(a), to_bytes(b)); })
      .def("most_similar", &Vectors::most_similar, py::arg("positive"), py::arg("negative"),
           py::arg("topn"), py::arg("restrict_to"), py::arg("cosmul"))
      .def("evaluate_analogies", &Vectors::evaluate_analogies)
      .def("evaluate_similarity", &Vectors::evaluate_similarity)
      .def("write", &Vectors::write)
      .def("refresh_index", &Vectors::refresh_index);
}

}  // namespace gv::python
