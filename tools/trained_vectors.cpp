#include "tools/trained_vectors.h"

#include <span>

namespace gv::tools {

WordVectors input_vectors(const Trainer& trainer) {
  const Vocabulary& vocabulary = trainer.vocabulary();
  const Tensor& table = trainer.input_table().value();  // (V, dim) or (V + buckets, dim)
  const SubwordRows* subwords = trainer.subwords();
  WordVectors vectors;
  vectors.dim = trainer.options().dim;
  vectors.words = vocabulary.words();
  vectors.values.assign(static_cast<size_t>(vocabulary.size() * vectors.dim), 0.0f);
  for (int64_t id = 0; id < vocabulary.size(); ++id) {
    float* vector = vectors.row(id);
    const std::span<const int64_t> rows = subwords ? subwords->of(id) : std::span(&id, 1);
    for (const int64_t row : rows) {
      const float* from = table.data() + row * vectors.dim;
      for (int64_t j = 0; j < vectors.dim; ++j) vector[j] += from[j];
    }
    const float scale = 1.0f / static_cast<float>(rows.size());
    for (int64_t j = 0; j < vectors.dim; ++j) vector[j] *= scale;
  }
  return vectors;
}

}  // namespace gv::tools
