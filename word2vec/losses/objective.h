// Objective: what training minimises, apart from the loop that feeds it (as fastText keeps
// its Loss apart from its Model).
//
// A worker's loop hands its objective examples and, once per optimizer step, asks for the
// loss of all of them: a scalar Var built from engine ops on the worker's views of W_in and
// W_out. The loop then runs backward and the optimizer; it never knows which objective it
// trains, so a new one (hierarchical softmax, say) is a new class and one more case in
// objective_maker(), not a branch in the loop.
//
// Every objective serves both models (options.model): skip-gram, where each context of an
// example predicts its centre, and CBOW, where their mean does. A new loss gets both by
// building on ExampleInputs (example_inputs.h), as SoftmaxObjective does: add() hands it the
// example's contexts and records the centre once for every input row it returns; loss()
// takes the rows h (N, C) = rows_of(W_in), a graph of engine ops (gather_rows or
// embedding_bag) that carries the loss's gradient with respect to h back to W_in, and scores
// them against W_out. The objective receives the model from objective_maker(), once. (SGNS and
// HS share one fused op, logistic_loss, with a skip-gram path that reads W_in rows by id, with no
// copy into h; their other paths are rows_of + that op on dense rows. Each loss lives in its
// folder of word2vec/losses/, whose objective header walks it from objective to optimizer.)
//
// Examples arrive one at a time rather than as a finished batch because an objective may
// draw random numbers for each (SGNS draws its negatives) from the worker's stream, and
// those draws must interleave with the window draws in word2vec.c's order to keep training
// reproducible from one version to the next.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>

#include "autograd/rng.h"
#include "autograd/var.h"
#include "embeddings/subword_rows.h"
#include "word2vec/examples/example.h"
#include "word2vec/train_options.h"

namespace gv {

class Objective {
 public:
  virtual ~Objective() = default;

  // Adds an example with at least one context to the batch being filled.
  virtual void add(const Example& example, Rng& rng) = 0;
  // (input, output) pairs the batch's loss sums over, for the per-pair loss that training
  // reports; 0 when nothing was added since the last loss().
  virtual int64_t pairs() const = 0;
  // The rows of W_in the batch's loss will read (words, and with subwords their bucket rows),
  // in no particular order and possibly repeated: what a continued run's pull on known rows
  // looks at (known_rows.h). Valid until loss() empties the batch.
  virtual std::span<const int64_t> input_rows() const = 0;
  // The batch's summed loss on the tables W_in (V, C) and W_out (V, C), a scalar; then starts
  // an empty batch. Filling the next batch before calling backward() on this loss is safe:
  // its backward reads nothing that add() writes afterwards.
  virtual Var loss(const Var& w_in, const Var& w_out) = 0;
};

// Returns a fresh objective each call: one per worker, each filling its own batch.
using ObjectiveMaker = std::function<std::unique_ptr<Objective>()>;

// The one place that picks the objective for options.loss and options.model. What the
// workers can share read-only (SGNS's noise distribution over the vocabulary's `counts`, HS's
// Huffman tree, the words' subword rows when options.subwords) is built here, once. Throws
// std::invalid_argument for a combination it cannot train.
ObjectiveMaker objective_maker(const TrainOptions& options, std::span<const int64_t> counts,
                               std::shared_ptr<const SubwordRows> subwords = nullptr);

}  // namespace gv
