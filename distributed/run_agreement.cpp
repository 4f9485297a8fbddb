#include "distributed/run_agreement.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <utility>

#include "io/xxh64.h"

namespace gv {

namespace {

// What the ranks compare, by name, each value as a rank shows it in the refusal.
using Fields = std::vector<std::pair<std::string, std::string>>;

// The options naming a file every rank reads besides the corpus: a model to continue, a
// checkpoint, a vocabulary.
constexpr const char* kInputFileOptions[] = {"--init", "--resume", "--read-vocab"};

// When a file was last written, in UTC to the nanosecond ("2026-11-28 12:12:05.865589112 UTC"),
// or why that cannot be read.
std::string modification_time(const std::string& name) {
  using namespace std::chrono;
  std::error_code error;
  const auto written = std::filesystem::last_write_time(name, error);
  if (error) return "an unknown time (" + error.message() + ")";
  const auto when = file_clock::to_sys(written);
  const auto seconds = floor<std::chrono::seconds>(when);
  const std::time_t t = system_clock::to_time_t(time_point_cast<system_clock::duration>(seconds));
  std::tm utc{};
  gmtime_r(&t, &utc);
  char text[64];
  const size_t n = std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S", &utc);
  std::snprintf(text + n, sizeof text - n, ".%09lld UTC",
                static_cast<long long>(duration_cast<nanoseconds>(when - seconds).count()));
  return text;
}

// A file as the ranks compare it: its name, its size and its modification time (a rank that
// cannot see it shows -1 bytes and an unknown time).
std::string file_fingerprint(const std::string& name, int64_t bytes) {
  return name + ", " + std::to_string(bytes) + " bytes, modified at " + modification_time(name);
}

// The running binary's bytes, hashed: the same build on every rank, wherever each found it.
std::string binary_fingerprint() {
  std::ifstream file("/proc/self/exe", std::ios::binary);
  const std::string bytes{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
  char text[32];
  std::snprintf(text, sizeof text, "xxh64 %016llx",
                static_cast<unsigned long long>(
                    Xxh64().finish_with(bytes.data(), static_cast<int64_t>(bytes.size()))));
  return text;
}

Fields run_fields(const std::vector<GroupSetting>& settings, const Corpus& corpus) {
  Fields fields = {{"the gradvec binary", binary_fingerprint()},
                   {"the number of corpus files", std::to_string(corpus.file_count())}};
  for (const GroupSetting& setting : settings) {
    fields.emplace_back(setting.name, setting.given ? "'" + setting.value + "'" : "not given");
  }
  for (const GroupSetting& setting : settings) {
    if (!setting.given ||
        std::ranges::find(kInputFileOptions, setting.name) == std::end(kInputFileOptions))
      continue;
    std::error_code error;
    const auto bytes = std::filesystem::file_size(setting.value, error);
    fields.emplace_back("the " + setting.name + " file",
                        file_fingerprint(setting.value, error ? -1 : static_cast<int64_t>(bytes)));
  }
  for (size_t i = 0; i < corpus.file_count(); ++i) {
    fields.emplace_back("corpus file " + std::to_string(i + 1),
                        file_fingerprint(corpus.file_name(i), corpus.end(i) - corpus.start(i)));
  }
  return fields;
}

// Each field's value, one per line (values hold no newline: they are typed on a command line,
// paths and numbers); the first line the number of fields.
std::string serialise(const Fields& fields) {
  std::string text = std::to_string(fields.size()) + "\n";
  for (const auto& [name, value] : fields) {
    std::string line = value;
    std::replace(line.begin(), line.end(), '\n', ' ');
    text += line + "\n";
  }
  return text;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  for (size_t at = 0; at < text.size();) {
    const size_t end = text.find('\n', at);
    lines.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  return lines;
}

}  // namespace

void agree_on_run(const MpiJob& job, const std::vector<GroupSetting>& settings,
                  const Corpus& corpus) {
  const Fields fields = run_fields(settings, corpus);
  const std::vector<std::string> ranks = job.all_gather(serialise(fields));
  const std::vector<std::string> ours = lines_of(ranks[0]);
  for (size_t r = 1; r < ranks.size(); ++r) {
    if (ranks[r] == ranks[0]) continue;
    if (job.rank() != 0) {
      job.barrier();  // rank 0, which names the difference, never comes: it ends the job
    }
    const std::vector<std::string> theirs = lines_of(ranks[r]);
    // The fields' names are this binary's: from the first field on they mean the same on
    // every rank, or the first field (the binary) already differs.
    size_t f = 1;
    while (f < std::min(ours.size(), theirs.size()) && ours[f] == theirs[f]) ++f;
    const std::string name = f - 1 < fields.size() ? fields[f - 1].first : "the settings";
    const std::string their_value = f < theirs.size() ? theirs[f] : "nothing";
    const std::string our_value = f < ours.size() ? ours[f] : "nothing";
    throw std::runtime_error("rank " + std::to_string(r) + " differs in " + name + ": " +
                             their_value + " there, " + our_value +
                             " here; every rank must run the same command on the same files");
  }
}

}  // namespace gv
