// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <list>
#include <mutex>
#include <random>
#include <thread>
#include <unordered_map>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/layout/sequence/sequence_id.h"

namespace vortex {
namespace {

using std::chrono::milliseconds;

// Long enough for a wrongly unblocked waiter to finish; a pass never depends on it.
constexpr milliseconds kSettle{30};

TEST(SequenceIdTest, PathsOrderLexicographicallyWithPrefixFirst) {
    // The order the spec states: [0] < [0, 0] < [0, 1] < [1] < [1, 0].
    const std::vector<SequencePath> expected = {{0}, {0, 0}, {0, 1}, {1}, {1, 0}};
    for (size_t i = 0; i + 1 < expected.size(); ++i) {
        EXPECT_LT(expected[i], expected[i + 1]);
    }
    // The same paths, as minted through the API.
    SequencePointer root = SequenceId::Root();
    SequenceId zero = root.Advance();
    SequenceId one = root.Advance();
    EXPECT_EQ(zero.path(), (SequencePath{0}));
    EXPECT_EQ(one.path(), (SequencePath{1}));
    EXPECT_LT(zero, one);
    SequencePointer children = std::move(zero).Descend();
    SequenceId zero_zero = children.Advance();
    SequenceId zero_one = children.Advance();
    EXPECT_EQ(zero_zero.path(), (SequencePath{0, 0}));
    EXPECT_EQ(zero_one.path(), (SequencePath{0, 1}));
    EXPECT_LT(zero_zero, zero_one);
    EXPECT_LT(zero_one, one);
    SequencePointer one_children = std::move(one).Descend();
    EXPECT_EQ(one_children.position(), (SequencePath{1, 0}));
    EXPECT_EQ(zero_one.ToString(), "[0, 1]");
}

TEST(SequenceIdTest, PointerOperationsMintTheDocumentedPaths) {
    SequencePointer root = SequenceId::Root();
    EXPECT_EQ(root.position(), (SequencePath{0}));
    auto [data, eof] = std::move(root).Split();
    EXPECT_FALSE(root.valid()); // NOLINT(bugprone-use-after-move): moved-from pointers are empty
    EXPECT_EQ(data.position(), (SequencePath{0, 0}));
    EXPECT_EQ(eof.position(), (SequencePath{1}));
    SequencePointer column = eof.SplitOff();
    EXPECT_EQ(column.position(), (SequencePath{1, 0}));
    EXPECT_EQ(eof.position(), (SequencePath{2}));
    SequenceId last = std::move(eof).Downgrade();
    EXPECT_EQ(last.path(), (SequencePath{2}));
    EXPECT_FALSE(eof.valid()); // NOLINT(bugprone-use-after-move)
}

TEST(SequenceIdTest, TokensAreAliveUntilReleasedOrConsumed) {
    SequencePointer pointer = SequenceId::Root();
    const auto universe = pointer.universe();
    EXPECT_EQ(universe->alive_count(), 1U); // the pointer's position
    SequenceId first = pointer.Advance();
    EXPECT_EQ(universe->alive_count(), 2U);
    SequenceId moved = std::move(first);
    EXPECT_FALSE(first.valid()); // NOLINT(bugprone-use-after-move)
    EXPECT_EQ(universe->alive_count(), 2U);
    SequencePointer child = std::move(moved).Descend(); // the parent is consumed
    EXPECT_EQ(universe->alive_count(), 2U);
    SequenceId second = pointer.Advance();
    second.Release();
    EXPECT_FALSE(second.valid());
    EXPECT_EQ(universe->alive_count(), 2U);
    child = SequencePointer();
    EXPECT_EQ(universe->alive_count(), 1U);
    SequenceId assigned = pointer.Advance();
    assigned = pointer.Advance(); // move-assignment releases the overwritten id
    EXPECT_EQ(universe->alive_count(), 2U);
}

// Checks the order of every alive id and pointer position against an independent model: one
// list in which each alive token has a node. Advance inserts the new id just before its
// pointer's node, SplitOff inserts the new pointer there too, and Descend puts the child
// pointer right after the consumed id's node. The paths, read in list order, must increase.
class OrderModel {
public:
    OrderModel() { pointers_.push_back({SequenceId::Root(), order_.insert(order_.end(), next_serial_++)}); }

    static constexpr size_t kLast = SIZE_MAX;

    // Applies operation `op` (0..6) to the token chosen by `target` (modulo the count, or
    // kLast); returns false if the operation has no token to act on.
    bool Apply(int op, size_t target) {
        const bool on_pointer = op <= 2 || op == 5 || op == 6;
        if (on_pointer ? pointers_.empty() : ids_.empty()) {
            return false;
        }
        const size_t n = on_pointer ? pointers_.size() : ids_.size();
        const size_t i = target == kLast ? n - 1 : target % n;
        switch (op) {
            case 0: { // Advance
                auto &[pointer, node] = pointers_[i];
                SequenceId id = pointer.Advance();
                ids_.push_back({std::move(id), order_.insert(node, next_serial_++)});
                break;
            }
            case 1: { // SplitOff
                auto &[pointer, node] = pointers_[i];
                SequencePointer earlier = pointer.SplitOff();
                pointers_.push_back({std::move(earlier), order_.insert(node, next_serial_++)});
                break;
            }
            case 2: { // Split
                auto [earlier, later] = std::move(pointers_[i].first).Split();
                pointers_[i].first = std::move(later);
                pointers_.push_back({std::move(earlier), order_.insert(pointers_[i].second, next_serial_++)});
                break;
            }
            case 3: { // Descend
                auto node = ids_[i].second;
                SequencePointer child = std::move(ids_[i].first).Descend();
                pointers_.push_back({std::move(child), order_.insert(std::next(node), next_serial_++)});
                order_.erase(node);
                EraseAt(ids_, i);
                break;
            }
            case 4: // release an id
                order_.erase(ids_[i].second);
                EraseAt(ids_, i);
                break;
            case 5: // drop a pointer
                order_.erase(pointers_[i].second);
                EraseAt(pointers_, i);
                break;
            case 6: { // Downgrade: the pointer's node becomes the id's
                ids_.push_back({std::move(pointers_[i].first).Downgrade(), pointers_[i].second});
                EraseAt(pointers_, i);
                break;
            }
            default:
                return false;
        }
        return true;
    }

    // Asserts that model order and path order agree and that the universe counts the tokens.
    void Check() const {
        std::unordered_map<uint64_t, size_t> rank;
        for (uint64_t serial : order_) {
            rank.emplace(serial, rank.size());
        }
        std::vector<std::pair<size_t, SequencePath>> ranked;
        for (const auto &[id, node] : ids_) {
            ranked.emplace_back(rank.at(*node), id.path());
        }
        for (const auto &[pointer, node] : pointers_) {
            ranked.emplace_back(rank.at(*node), pointer.position());
        }
        std::sort(ranked.begin(), ranked.end());
        for (size_t k = 1; k < ranked.size(); ++k) {
            ASSERT_LT(ranked[k - 1].second, ranked[k].second);
        }
        const std::shared_ptr<SequenceUniverse> *universe = nullptr;
        if (!ids_.empty()) {
            universe = &ids_.front().first.universe();
        } else if (!pointers_.empty()) {
            universe = &pointers_.front().first.universe();
        }
        if (universe != nullptr) {
            ASSERT_EQ((*universe)->alive_count(), ids_.size() + pointers_.size());
        }
    }

private:
    using Node = std::list<uint64_t>::iterator;

    template <typename T>
    static void EraseAt(std::vector<std::pair<T, Node>> &tokens, size_t i) {
        std::swap(tokens[i], tokens.back());
        tokens.pop_back();
    }

    std::list<uint64_t> order_;
    std::vector<std::pair<SequenceId, Node>> ids_;
    std::vector<std::pair<SequencePointer, Node>> pointers_;
    uint64_t next_serial_ = 0;
};

TEST(SequenceIdTest, EveryShortProgramMatchesTheOrderModel) {
    // Every program of up to 4 operations, each applied to the first or the last token.
    constexpr int kOps = 7;
    constexpr int kLength = 4;
    constexpr int kChoices = kOps * 2;
    int programs = 1;
    for (int step = 0; step < kLength; ++step) {
        programs *= kChoices;
    }
    for (int program = 0; program < programs; ++program) {
        OrderModel model;
        int code = program;
        for (int step = 0; step < kLength; ++step) {
            const int choice = code % kChoices;
            code /= kChoices;
            model.Apply(choice / 2, choice % 2 == 0 ? 0 : OrderModel::kLast);
            ASSERT_NO_FATAL_FAILURE(model.Check()) << "program " << program << " step " << step;
        }
    }
}

TEST(SequenceIdTest, LongRandomProgramsMatchTheOrderModel) {
    std::mt19937_64 rng(7);
    for (int program = 0; program < 200; ++program) {
        OrderModel model;
        for (int step = 0; step < 60; ++step) {
            // Favour minting so the trees grow deep and wide.
            const int op = static_cast<int>(rng() % 10);
            model.Apply(op < 4 ? 0 : op - 3, static_cast<size_t>(rng()));
            ASSERT_NO_FATAL_FAILURE(model.Check()) << "program " << program << " step " << step;
        }
    }
}

// Runs `collapse` on a thread and reports when it returns.
class CollapseThread {
public:
    explicit CollapseThread(SequenceId &id)
        : thread_([this, &id] {
              status_ = id.Collapse();
              done_.store(true);
          }) {}
    ~CollapseThread() {
        if (thread_.joinable()) {
            thread_.join();
        }
    }
    bool done() const { return done_.load(); }
    Status Join() {
        thread_.join();
        return status_;
    }

private:
    std::atomic<bool> done_{false};
    Status status_;
    std::thread thread_;
};

TEST(SequenceIdTest, CollapseWaitsForEarlierIdsOnly) {
    SequencePointer pointer = SequenceId::Root();
    SequenceId first = pointer.Advance();
    SequenceId second = pointer.Advance();
    SequenceId third = pointer.Advance(); // later ids (and the pointer) never delay `second`
    EXPECT_TRUE(first.Collapse().ok());   // nothing earlier is alive: returns at once
    CollapseThread waiter(second);
    std::this_thread::sleep_for(kSettle);
    EXPECT_FALSE(waiter.done());        // `first` still holds its position
    EXPECT_TRUE(first.Collapse().ok()); // collapsing again is allowed and does not release
    std::this_thread::sleep_for(kSettle);
    EXPECT_FALSE(waiter.done());
    first.Release();
    EXPECT_TRUE(waiter.Join().ok());
}

TEST(SequenceIdTest, DescendedChildrenWaitForTheirEarlierSiblingsOnly) {
    SequencePointer pointer = SequenceId::Root();
    SequenceId first = pointer.Advance();
    SequenceId second = pointer.Advance();
    SequencePointer children = std::move(second).Descend();
    SequenceId child = children.Advance();
    CollapseThread waiter(child);
    std::this_thread::sleep_for(kSettle);
    EXPECT_FALSE(waiter.done());
    first.Release();
    EXPECT_TRUE(waiter.Join().ok());
}

TEST(SequenceIdTest, DroppingAPointerReleasesItsPosition) {
    // The file writer's shape: data ids come from `data`, zone tables from `eof`.
    auto [data, eof] = SequenceId::Root().Split();
    SequenceId zone_table = eof.Advance();
    CollapseThread waiter(zone_table);
    SequenceId chunk = data.Advance();
    EXPECT_TRUE(chunk.Collapse().ok());
    chunk.Release();
    std::this_thread::sleep_for(kSettle);
    EXPECT_FALSE(waiter.done()); // the data pointer could still mint [0, 1]
    data = SequencePointer();
    EXPECT_TRUE(waiter.Join().ok());
}

TEST(SequenceIdTest, UniversesAreIndependent) {
    SequencePointer a = SequenceId::Root();
    SequencePointer b = SequenceId::Root();
    SequenceId a0 = a.Advance();
    b.Advance().Release();
    SequenceId b1 = b.Advance();
    EXPECT_TRUE(b1.Collapse().ok()); // a0 lives in another universe
    EXPECT_NE(a.universe(), b.universe());
}

TEST(SequenceIdTest, CancelWakesWaitersWithTheError) {
    SequencePointer pointer = SequenceId::Root();
    SequenceId first = pointer.Advance();
    std::vector<SequenceId> later;
    later.reserve(8);
    for (int i = 0; i < 8; ++i) {
        later.push_back(pointer.Advance());
    }
    std::vector<std::unique_ptr<CollapseThread>> waiters;
    waiters.reserve(later.size());
    for (auto &id : later) {
        waiters.push_back(std::make_unique<CollapseThread>(id));
    }
    std::this_thread::sleep_for(kSettle);
    for (const auto &waiter : waiters) {
        EXPECT_FALSE(waiter->done());
    }
    pointer.universe()->Cancel(Status::Cancelled("writer dropped"));
    pointer.universe()->Cancel(Status::Io("second cancellation is ignored"));
    for (auto &waiter : waiters) {
        Status status = waiter->Join();
        EXPECT_EQ(status.code(), StatusCode::Cancelled);
        EXPECT_EQ(status.message(), "writer dropped");
    }
    // Later collapses fail at once, even of the smallest id.
    EXPECT_EQ(first.Collapse().code(), StatusCode::Cancelled);
    EXPECT_EQ(pointer.universe()->status().code(), StatusCode::Cancelled);
}

TEST(SequenceIdTest, ParkRunsAtOnceWhenFirst) {
    SequencePointer pointer = SequenceId::Root();
    SequenceId first = pointer.Advance();
    const std::thread::id caller = std::this_thread::get_id();
    std::vector<std::pair<Status, std::thread::id>> runs;
    std::move(first).Park([&](const Status &turn) { runs.emplace_back(turn, std::this_thread::get_id()); });
    ASSERT_EQ(runs.size(), 1U);
    EXPECT_TRUE(runs[0].first.ok());
    EXPECT_EQ(runs[0].second, caller);
    EXPECT_FALSE(first.valid());                      // NOLINT(bugprone-use-after-move): Park leaves it empty
    EXPECT_EQ(pointer.universe()->alive_count(), 1U); // only the pointer: the parked id is gone
}

TEST(SequenceIdTest, ParkedWorkRunsInOrderOnTheReleasingThread) {
    SequencePointer pointer = SequenceId::Root();
    SequenceId first = pointer.Advance();
    SequenceId second = pointer.Advance();
    SequenceId third = pointer.Advance();
    SequenceId fourth = pointer.Advance();
    std::vector<std::string> order;
    auto record = [&](const SequenceId &id) {
        return [&order, path = id.ToString()](const Status &turn) {
            EXPECT_TRUE(turn.ok());
            order.push_back(path);
        };
    };
    // Parked out of order, and behind `first`, which someone still holds.
    auto third_turn = record(third);
    auto second_turn = record(second);
    std::move(third).Park(third_turn);
    std::move(second).Park(second_turn);
    EXPECT_TRUE(order.empty());
    std::thread releaser([&] { first.Release(); }); // runs `second` and `third`, in that order
    releaser.join();
    EXPECT_EQ(order, (std::vector<std::string>{"[1]", "[2]"}));
    // `fourth` is held: a collapse behind it waits, one before it does not.
    SequenceId fifth = pointer.Advance();
    CollapseThread waiter(fifth);
    std::this_thread::sleep_for(kSettle);
    EXPECT_FALSE(waiter.done());
    auto fourth_turn = record(fourth);
    std::move(fourth).Park(fourth_turn); // first now: runs here, then wakes the waiter
    EXPECT_EQ(order.back(), "[3]");
    EXPECT_TRUE(waiter.Join().ok());
}

TEST(SequenceIdTest, CancelHandsParkedWorkTheError) {
    SequencePointer pointer = SequenceId::Root();
    SequenceId first = pointer.Advance();
    std::vector<Status> turns;
    for (int i = 0; i < 3; ++i) {
        pointer.Advance().Park([&](const Status &turn) { turns.push_back(turn); });
    }
    EXPECT_TRUE(turns.empty());
    pointer.universe()->Cancel(Status::Cancelled("writer dropped"));
    ASSERT_EQ(turns.size(), 3U);
    for (const Status &turn : turns) {
        EXPECT_EQ(turn.code(), StatusCode::Cancelled);
    }
    // Parking after the cancellation hands the error at once, even to the smallest id.
    std::move(first).Park([&](const Status &turn) { turns.push_back(turn); });
    ASSERT_EQ(turns.size(), 4U);
    EXPECT_EQ(turns.back().code(), StatusCode::Cancelled);
}

// Mints `count` ids from a random tree of Advance, SplitOff and Descend, then drops every
// pointer, so only the returned ids are alive.
std::vector<SequenceId> MintRandomTree(size_t count, std::mt19937_64 &rng) {
    std::vector<SequencePointer> pointers;
    pointers.push_back(SequenceId::Root());
    std::vector<SequenceId> ids;
    while (ids.size() < count) {
        SequencePointer &pointer = pointers[rng() % pointers.size()];
        switch (rng() % 4) {
            case 0:
                pointers.push_back(pointer.SplitOff());
                break;
            case 1:
                if (!ids.empty()) {
                    const size_t i = rng() % ids.size();
                    pointers.push_back(std::move(ids[i]).Descend());
                    std::swap(ids[i], ids.back());
                    ids.pop_back();
                    break;
                }
                [[fallthrough]];
            default:
                ids.push_back(pointer.Advance());
                break;
        }
    }
    return ids;
}

TEST(SequenceIdTest, ConcurrentSinkAppendsInSequenceOrder) {
    // Writers hold ids from a random tree, process their own ids in ascending order (a writer
    // keeps only its newest id), and either append (Collapse, record, release) or drop each.
    // A holder thread releases a further random subset in random order. Whatever the timing,
    // the appended paths must come out sorted.
    std::mt19937_64 rng(42);
    for (size_t threads = 1; threads <= 16; ++threads) {
        for (int repeat = 0; repeat < 3; ++repeat) {
            std::vector<SequenceId> ids = MintRandomTree(240, rng);
            std::shuffle(ids.begin(), ids.end(), rng);
            const auto universe = ids.front().universe();
            std::vector<std::vector<SequenceId>> owned(threads);
            std::vector<SequenceId> held; // released by the holder in random order
            for (auto &id : ids) {
                if (rng() % 4 == 0) {
                    held.push_back(std::move(id));
                } else {
                    owned[rng() % threads].push_back(std::move(id));
                }
            }
            ASSERT_EQ(universe->alive_count(), ids.size());

            std::mutex sink_mutex;
            std::vector<SequencePath> appended;
            std::vector<std::thread> workers;
            for (size_t t = 0; t < threads; ++t) {
                workers.emplace_back([&, mine = std::move(owned[t]), seed = rng()]() mutable {
                    std::mt19937_64 local(seed);
                    std::sort(mine.begin(), mine.end());
                    for (auto &id : mine) {
                        if (local() % 3 == 0) {
                            std::this_thread::yield();
                        }
                        if (local() % 5 == 0) {
                            id.Release();
                            continue;
                        }
                        ASSERT_TRUE(id.Collapse().ok());
                        {
                            std::lock_guard lock(sink_mutex);
                            appended.push_back(id.path());
                        }
                        id.Release();
                    }
                });
            }
            std::thread holder([&, seed = rng()] {
                std::mt19937_64 local(seed);
                std::shuffle(held.begin(), held.end(), local);
                for (auto &id : held) {
                    if (local() % 2 == 0) {
                        std::this_thread::yield();
                    }
                    id.Release();
                }
            });
            for (auto &worker : workers) {
                worker.join();
            }
            holder.join();
            EXPECT_TRUE(std::is_sorted(appended.begin(), appended.end())) << threads << " threads";
            EXPECT_EQ(std::adjacent_find(appended.begin(), appended.end()), appended.end());
            EXPECT_EQ(universe->alive_count(), 0U);
        }
    }
}

TEST(SequenceIdTest, ConcurrentParkingAppendsInSequenceOrder) {
    // As above, but the writers park their ids instead of collapsing them: nobody waits, and
    // whichever thread releases the last earlier id runs the parked appends.
    std::mt19937_64 rng(7);
    for (size_t threads = 1; threads <= 16; threads *= 2) {
        for (int repeat = 0; repeat < 3; ++repeat) {
            std::vector<SequenceId> ids = MintRandomTree(200, rng);
            std::shuffle(ids.begin(), ids.end(), rng);
            const auto universe = ids.front().universe();
            std::vector<std::vector<SequenceId>> owned(threads);
            for (auto &id : ids) {
                owned[rng() % threads].push_back(std::move(id));
            }
            std::mutex sink_mutex;
            std::vector<SequencePath> appended;
            std::atomic<size_t> parked{0};
            std::vector<std::thread> workers;
            for (size_t t = 0; t < threads; ++t) {
                workers.emplace_back([&, mine = std::move(owned[t]), seed = rng()]() mutable {
                    std::mt19937_64 local(seed);
                    std::shuffle(mine.begin(), mine.end(), local);
                    for (auto &id : mine) {
                        if (local() % 3 == 0) {
                            std::this_thread::yield();
                        }
                        if (local() % 4 == 0) {
                            id.Release();
                            continue;
                        }
                        ++parked;
                        SequencePath path = id.path();
                        std::move(id).Park([&, path](const Status &turn) {
                            ASSERT_TRUE(turn.ok());
                            std::lock_guard lock(sink_mutex);
                            appended.push_back(path);
                        });
                    }
                });
            }
            for (auto &worker : workers) {
                worker.join();
            }
            EXPECT_EQ(appended.size(), parked.load()) << threads << " threads";
            EXPECT_TRUE(std::is_sorted(appended.begin(), appended.end())) << threads << " threads";
            EXPECT_EQ(std::adjacent_find(appended.begin(), appended.end()), appended.end());
            EXPECT_EQ(universe->alive_count(), 0U);
        }
    }
}

} // namespace
} // namespace vortex
