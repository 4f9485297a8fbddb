#include "word2vec/data_parallel/sync_schedule.h"

#include <catch2/catch.hpp>
#include <stdexcept>

using gv::SyncSchedule;

TEST_CASE("SyncSchedule: each rank reads about sync_words words between rounds", "[sync]") {
  // 200000 words an epoch over 2 processes at 20000 words a round: 100000 each, 5 rounds.
  const SyncSchedule schedule(200000, 2, 100000, 20000);
  CHECK(schedule.rounds() == 5);
  CHECK(schedule.due_at(1) == 20000);
  CHECK(schedule.due_at(4) == 80000);
  // A remainder makes one more round: no process reads much more than sync_words between two.
  CHECK(SyncSchedule(200001, 2, 100000, 20000).rounds() == 6);
  // A corpus smaller than one round still has the epoch's full sync.
  CHECK(SyncSchedule(10, 3, 4, 20000).rounds() == 1);
  CHECK(SyncSchedule(0, 1, 0, 1).rounds() == 1);
  // The due points follow the process's own share, whatever the others'.
  CHECK(SyncSchedule(200000, 2, 90000, 20000).due_at(2) == 36000);
  CHECK_THROWS_AS(SyncSchedule(100, 0, 10, 10), std::invalid_argument);
  CHECK_THROWS_AS(SyncSchedule(100, 2, 10, 0), std::invalid_argument);
}

TEST_CASE("SyncSchedule: tier t of the rows syncs every 2^t rounds", "[sync]") {
  const int64_t tier0 = SyncSchedule::kTierZeroRows;
  const int64_t rows = 10 * tier0;
  // Odd rounds: tier 0 only; round 2: tiers 0 and 1; round 4: up to tier 2; round 8: tier 3.
  CHECK(SyncSchedule::rows_in_round(1, rows) == tier0);
  CHECK(SyncSchedule::rows_in_round(3, rows) == tier0);
  CHECK(SyncSchedule::rows_in_round(2, rows) == 2 * tier0);
  CHECK(SyncSchedule::rows_in_round(6, rows) == 2 * tier0);
  CHECK(SyncSchedule::rows_in_round(4, rows) == 4 * tier0);
  CHECK(SyncSchedule::rows_in_round(8, rows) == 8 * tier0);
  // Past the table's last tier, every row.
  CHECK(SyncSchedule::rows_in_round(16, rows) == rows);
  CHECK(SyncSchedule::rows_in_round(int64_t{1} << 62, rows) == rows);
  // A table smaller than tier 0 syncs whole every round.
  CHECK(SyncSchedule::rows_in_round(1, 300) == 300);
}
