// Parameter files (embeddings/parameter_file.h), loaded into a small module; a file that does
// not fit must leave it untouched.
#include <cstring>
#include <vector>

#include "embeddings/parameter_file.h"
#include "tests/fuzz/fixtures.h"
#include "tests/fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static gv::fuzz::InputFile file("parameters");
  static gv::InputEmbedding module = gv::fuzz::parameter_module();
  const std::string& path = file.hold(data, size);
  const std::vector<gv::Var> params = module.parameters();
  std::vector<gv::Tensor> before;
  for (const gv::Var& p : params)
    before.push_back(p.value());  // a copy: Tensor has value semantics
  try {
    gv::load_parameters(params, path);
  } catch (const std::runtime_error& e) {
    gv::fuzz::check_error(e, path);
    for (size_t i = 0; i < params.size(); ++i) {
      const gv::Tensor& now = params[i].value();
      // Bytes, not floats: a value loaded by an earlier input may be a NaN.
      if (std::memcmp(now.data(), before[i].data(), sizeof(float) * size_t(now.numel())) != 0) {
        gv::fuzz::finding("a failed load changed the module");
      }
    }
  }
  return 0;
}
