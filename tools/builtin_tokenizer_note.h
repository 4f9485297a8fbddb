// A --tokenizer value that names a built-in tokenizer (chars for lm train; words, whitespace for
// train and phrases) means the built-in, even when a file of that name is in the working
// directory: the file is given as ./NAME. A user who meant the file learns why it was not read.
#pragma once

#include <string>

namespace gv::tools {

// Prints a one-line note on standard error when `builtin`, the name of the built-in tokenizer a
// run uses as given by --tokenizer, is also the name of a regular file in the working directory.
void note_file_named_like_tokenizer(const std::string& builtin);

}  // namespace gv::tools
