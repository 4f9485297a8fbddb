#include "tools/trained_vectors.h"

namespace gv::tools {

WordVectors input_vectors(const Trainer& trainer) {
  const Vocabulary& vocabulary = trainer.vocabulary();
  const Tensor& table = trainer.input_table().value();  // (V, dim)
  WordVectors vectors;
  vectors.dim = trainer.options().dim;
  vectors.values.assign(table.data(), table.data() + table.numel());
  vectors.words.reserve(static_cast<size_t>(vocabulary.size()));
  for (int64_t id = 0; id < vocabulary.size(); ++id) vectors.words.push_back(vocabulary.word(id));
  return vectors;
}

}  // namespace gv::tools
