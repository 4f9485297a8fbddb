#include "word2vec/objective.h"

#include <stdexcept>

#include "word2vec/hs_objective.h"
#include "word2vec/huffman_tree.h"
#include "word2vec/negative_sampler.h"
#include "word2vec/sgns_objective.h"
#include "word2vec/softmax_objective.h"

namespace gv {

ObjectiveMaker objective_maker(const TrainOptions& options, std::span<const int64_t> counts) {
  switch (options.loss) {
    case LossKind::sgns: {
      auto noise = std::make_shared<const NegativeSampler>(counts);
      return [noise, k = options.negatives, shared = options.shared_negatives] {
        return std::make_unique<SgnsObjective>(noise, k, shared);
      };
    }
    case LossKind::softmax:
      return [] { return std::make_unique<SoftmaxObjective>(); };
    case LossKind::hs: {
      auto tree = std::make_shared<const HuffmanTree>(counts);
      return [tree] { return std::make_unique<HsObjective>(tree); };
    }
  }
  throw std::invalid_argument("train: unknown loss");
}

}  // namespace gv
