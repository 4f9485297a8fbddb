#include "word2vec/losses/objective.h"

#include <stdexcept>

#include "word2vec/losses/hs/hs_objective.h"
#include "word2vec/losses/hs/huffman_tree.h"
#include "word2vec/losses/sgns/negative_sampler.h"
#include "word2vec/losses/sgns/sgns_objective.h"
#include "word2vec/losses/softmax/softmax_objective.h"

namespace gv {

ObjectiveMaker objective_maker(const TrainOptions& options, std::span<const int64_t> counts,
                               std::shared_ptr<const SubwordRows> subwords) {
  switch (options.loss) {
    case LossKind::sgns: {
      if (options.model == ModelKind::cbow && !options.shared_negatives) {
        throw std::invalid_argument(
            "train: --pair-negatives is for skip-gram; CBOW has one input per centre word");
      }
      auto noise = std::make_shared<const NegativeSampler>(counts);
      return
          [noise, k = options.negatives, shared = options.shared_negatives, model = options.model,
           subwords] { return std::make_unique<SgnsObjective>(noise, k, shared, model, subwords); };
    }
    case LossKind::softmax:
      return [model = options.model, subwords] {
        return std::make_unique<SoftmaxObjective>(model, subwords);
      };
    case LossKind::hs: {
      auto tree = std::make_shared<const HuffmanTree>(counts);
      return [tree, model = options.model, subwords] {
        return std::make_unique<HsObjective>(tree, model, subwords);
      };
    }
  }
  throw std::invalid_argument("train: unknown loss");
}

}  // namespace gv
