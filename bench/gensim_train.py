#!/usr/bin/env python3
"""Trains gensim word2vec (skip-gram or CBOW, negative sampling or hierarchical softmax) on a
tokenised corpus; writes word2vec text.

    gensim_train.py --input TOKENS --output VEC [--model skipgram --loss sgns --dim 100
                    --window 5 --negative 5 --sample 1e-3 --min-count 5 --lr 0.025 --epochs 5
                    --threads 1 --seed 1 --init-scale 1 --input-mode corpus_file]
                    [--then TOKENS2 --then-output VEC2 --then-lr LR --then-epochs N]

The defaults are gradvec's, so a comparison changes nothing by accident. --model and --loss
take gradvec's names: cbow is gensim's sg=0 with cbow_mean=1 (the mean of the context rows,
gensim's default), hs is hs=1 with negative=0 (no negative sampling beside the tree). The learning rate
decays linearly from --lr to --lr * 1e-4, word2vec.c's floor. gensim 4 starts its input
vectors uniform in +-1/dim (as gradvec and fastText do; word2vec.c uses +-0.5/dim): they are
rescaled to +-SCALE/dim before training, so --init-scale 1 keeps gensim's own start.
--input-mode corpus_file (the default) is gensim's fastest path: every worker reads its own
part of the file in Cython, with no Python iterator between the file and the workers;
--input-mode lines feeds the same file through the LineSentence iterator instead.
--then continues the trained model on a second corpus as gensim's users do (bench/continue.sh
races it against `gradvec train --init`): build_vocab(TOKENS2, update=True), then train() on
it, starting again at --then-lr (default --lr) for --then-epochs (default --epochs), decaying to
that rate * 1e-4; the continued model goes to --then-output. Prints one line on stdout: "gensim_train: vocab_seconds=V train_seconds=T save_seconds=S
words=N" (train-only time is what gensim itself would report; the benchmark also times the
whole process).
"""
import argparse
import os
import sys
import time


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--input", required=True, help="tokenised corpus, one sentence a line")
    parser.add_argument("--output", required=True, help="word2vec text file to write")
    parser.add_argument("--model", choices=["skipgram", "cbow"], default="skipgram")
    parser.add_argument("--loss", choices=["sgns", "hs"], default="sgns")
    parser.add_argument("--dim", type=int, default=100)
    parser.add_argument("--window", type=int, default=5)
    parser.add_argument("--negative", type=int, default=5)
    parser.add_argument("--sample", type=float, default=1e-3)
    parser.add_argument("--min-count", type=int, default=5)
    parser.add_argument("--lr", type=float, default=0.025)
    parser.add_argument("--epochs", type=int, default=5)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--init-scale", type=float, default=1.0,
                        help="input vectors start uniform in +-SCALE/dim (gensim's own: 1)")
    parser.add_argument("--input-mode", choices=["corpus_file", "lines"], default="corpus_file",
                        help="corpus_file= (fastest) or a LineSentence iterator")
    parser.add_argument("--then", help="a second corpus to continue the model on")
    parser.add_argument("--then-output", help="word2vec text file of the continued model")
    parser.add_argument("--then-lr", type=float, help="the second run's rate (default: --lr)")
    parser.add_argument("--then-epochs", type=int, help="the second run's epochs (default: --epochs)")
    args = parser.parse_args()
    if (args.then is None) != (args.then_output is None):
        sys.exit("gensim_train.py: --then and --then-output go together")
    if not args.init_scale > 0:
        sys.exit(f"gensim_train.py: --init-scale must be positive, got {args.init_scale}")
    for path in (args.input, args.then or args.input):
        if not os.path.isfile(path):
            sys.exit(f"gensim_train.py: corpus {path} does not exist")

    # Imported after argument checks so that --help and usage errors are instant.
    from gensim.models import Word2Vec
    from gensim.models.word2vec import LineSentence

    # Either corpus_file=PATH or corpus_iterable=LineSentence(PATH), for both passes.
    def corpus_of(path):
        if args.input_mode == "corpus_file":
            return {"corpus_file": path}
        return {"corpus_iterable": LineSentence(path)}

    corpus = corpus_of(args.input)
    # Same as Word2Vec(sentences=...), split in two steps to time the vocabulary pass apart.
    hs = args.loss == "hs"
    model = Word2Vec(vector_size=args.dim, window=args.window,
                     negative=0 if hs else args.negative, hs=int(hs),
                     sg=int(args.model == "skipgram"), cbow_mean=1, sample=args.sample,
                     min_count=args.min_count, alpha=args.lr, min_alpha=args.lr * 1e-4,
                     epochs=args.epochs, workers=args.threads, seed=args.seed)
    start = time.perf_counter()
    model.build_vocab(**corpus)
    model.wv.vectors *= args.init_scale  # from gensim's U(-1/dim, 1/dim)
    vocab_done = time.perf_counter()
    model.train(**corpus, total_examples=model.corpus_count,
                total_words=model.corpus_total_words, epochs=model.epochs,
                start_alpha=model.alpha, end_alpha=model.min_alpha)
    train_done = time.perf_counter()
    save(model, args.output)
    save_done = time.perf_counter()
    print(f"gensim_train: vocab_seconds={vocab_done - start:.3f} "
          f"train_seconds={train_done - vocab_done:.3f} save_seconds={save_done - train_done:.3f} "
          f"words={model.corpus_total_words} input={args.input_mode} model={args.model} "
          f"loss={args.loss}")
    if args.then:
        lr = args.then_lr or args.lr
        second = corpus_of(args.then)
        model.build_vocab(**second, update=True)
        model.train(**second, total_examples=model.corpus_count,
                    total_words=model.corpus_total_words, epochs=args.then_epochs or args.epochs,
                    start_alpha=lr, end_alpha=lr * 1e-4)
        save(model, args.then_output)


def save(model, path):
    """Atomic write: a reader never sees a half-written vector file."""
    tmp = f"{path}.tmp.{os.getpid()}"
    model.wv.save_word2vec_format(tmp, binary=False)
    os.replace(tmp, path)


if __name__ == "__main__":
    main()
