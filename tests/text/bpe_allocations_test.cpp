// Reading a corpus as BPE tokens allocates nothing per line once its pieces are known: the
// tokenizer and its encoder keep their buffers. Counted by replacing the global operator new and
// delete of this test binary, which only count and call malloc and free.
#include <catch2/catch.hpp>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <string>

#include "tests/scratch_dir.h"
#include "text/bpe/bpe_trainer.h"
#include "text/tokenizer.h"

namespace {

std::atomic<int64_t> allocations{0};

void* counted_malloc(size_t size) {
  allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* memory = std::malloc(size == 0 ? 1 : size)) return memory;
  throw std::bad_alloc();
}

}  // namespace

// Every form that allocates without an alignment, so that no memory of this binary comes from
// one allocator and goes back to another (the aligned forms keep their own pair).
void* operator new(size_t size) {
  return counted_malloc(size);
}
void* operator new[](size_t size) {
  return counted_malloc(size);
}
void* operator new(size_t size, const std::nothrow_t&) noexcept {
  allocations.fetch_add(1, std::memory_order_relaxed);
  return std::malloc(size == 0 ? 1 : size);
}
void* operator new[](size_t size, const std::nothrow_t& nothrow) noexcept {
  return operator new(size, nothrow);
}
void operator delete(void* memory) noexcept {
  std::free(memory);
}
void operator delete[](void* memory) noexcept {
  std::free(memory);
}
void operator delete(void* memory, size_t) noexcept {
  std::free(memory);
}
void operator delete[](void* memory, size_t) noexcept {
  std::free(memory);
}
void operator delete(void* memory, const std::nothrow_t&) noexcept {
  std::free(memory);
}
void operator delete[](void* memory, const std::nothrow_t&) noexcept {
  std::free(memory);
}

TEST_CASE("A BPE tokenizer allocates nothing for lines whose pieces it has seen",
          "[bpe][tokenizer]") {
  std::string text = gv::testing::read_file(GRADVEC_SOURCE_DIR "/data/tinyshakespeare.txt");
  text.resize(text.rfind('\n', 20000) + 1);  // whole lines: a pass leaves no line pending
  gv::bpe::BpeTrainer trainer;
  trainer.add_text(text);
  gv::TokenizerOptions options;
  options.kind = gv::TokenizerKind::bpe;
  options.lowercase = false;
  options.bpe = std::make_shared<const gv::BpeWords>(gv::bpe::BpeTokens(trainer.learn(400)));
  gv::Tokenizer tokenizer(options);
  // Returns the tokens of one pass over `text`, fed whole.
  const auto tokens_of_pass = [&] {
    int64_t tokens = 0;
    tokenizer.feed(text);
    for (gv::TokenizerEvent event; (event = tokenizer.next()) != gv::TokenizerEvent::kNeedInput;)
      tokens += event == gv::TokenizerEvent::kToken;
    return tokens;
  };
  const int64_t first = tokens_of_pass();  // learns the pieces, grows the buffers
  const int64_t before = allocations.load();
  const int64_t second = tokens_of_pass();
  CHECK(allocations.load() - before == 0);
  CHECK(second == first);
  CHECK(first > 4000);
}
