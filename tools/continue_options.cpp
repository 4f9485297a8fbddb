#include "tools/continue_options.h"

#include "tools/validators.h"

namespace gv::tools {

void ContinueOptions::add_to(CLI::App& command) {
  CLI::Option* model =
      command
          .add_option("--init", init,
                      "Continue this model on --corpus: a gradvec checkpoint or fastText .bin, "
                      "or any vector file (W_in only: W_out starts at zero). The corpus's new "
                      "words at --min-count join it, a checkpoint's rare words counting their "
                      "earlier occurrences too; --lr and --epochs are this run's (default: none, "
                      "a fresh run; see docs/training.md, 'Continued training')")
          ->check(regular_file("model"));
  CLI::Option* freeze =
      command
          .add_flag("--freeze-known", freeze_known,
                    "With --init: the model's words keep their W_in rows bit for bit; only new "
                    "words (and subword buckets) train (default: off)")
          ->needs(model);
  command
      .add_option("--anchor-known", anchor_known,
                  "With --init: pull the model's words' W_in rows toward the model's values, "
                  "adding LAMBDA/2 x ||w - w_old||^2 to the loss; lr x LAMBDA at most 1 (0: off; "
                  "see docs/training.md, 'Continued training')")
      ->check(kNonNegativeFloat)
      ->needs(model)
      ->excludes(freeze)
      ->capture_default_str();
}

}  // namespace gv::tools
