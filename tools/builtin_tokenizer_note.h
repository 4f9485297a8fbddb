// A --tokenizer value that names a built-in tokenizer (chars for lm train; words, whitespace for
// train and phrases) means the built-in, even when a file of that name is in the working
// directory: the file is given as ./NAME. A user who meant the file learns why it was not read.
#pragma once

#include <string>

namespace gv::tools {

// lm train's --tokenizer value for the model over the corpus's own characters.
inline const std::string kCharacterTokenizer = "chars";

// Whether `value`, given as --tokenizer, names a built-in (words, whitespace, chars), which it
// means whatever files there are, rather than a BPE file.
bool names_builtin_tokenizer(const std::string& value);

// Prints a one-line note on standard error when `builtin`, the name of the built-in tokenizer a
// run uses as given by --tokenizer, is also the name of a regular file in the working directory.
void note_file_named_like_tokenizer(const std::string& builtin);

}  // namespace gv::tools
