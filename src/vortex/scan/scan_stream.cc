// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/scan/scan_stream.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>

#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/slice.h"
#include "vortex/io/executor.h"
#include "vortex/scan/scan_plan.h"
#include "vortex/scan/split.h"

namespace vortex::scan {
namespace {

// The canonical form of `array` with struct fields canonical too (Canonicalize leaves a
// struct's fields as they are).
Result<ArrayRef> DecodeFully(const ArrayRef &array) {
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(array));
    const auto *fields = As<StructArray>(*canonical);
    if (fields == nullptr) {
        return canonical;
    }
    std::vector<ArrayRef> decoded;
    decoded.reserve(fields->nfields());
    for (const ArrayRef &field : fields->fields()) {
        VX_ASSIGN_OR_RETURN(ArrayRef field_decoded, DecodeFully(field));
        decoded.push_back(std::move(field_decoded));
    }
    VX_ASSIGN_OR_RETURN(auto rebuilt, StructArray::TryMake(canonical->dtype(), std::move(decoded),
                                                           canonical->len(), fields->validity()));
    return ArrayRef(std::move(rebuilt));
}

} // namespace

// Shared by the stream and its tasks; outlives the stream while tasks still run.
struct ScanStream::State_ {
    ScanSource source;
    ScanOptions options;
    Executor *executor = nullptr;

    mutable std::mutex mutex;
    std::condition_variable changed;
    // Everything below is guarded by `mutex`.
    std::shared_ptr<const ScanPlan> plan;
    Status error;
    bool cancelled = false;
    size_t next_split = 0;  // next split to start
    size_t next_result = 0; // next split to return (ordered)
    size_t returned = 0;    // split results handed over
    size_t running = 0;
    bool planning = false;                       // the planning task has been spawned and not finished
    std::map<size_t, Result<ArrayRef>> finished; // by split index
    size_t max_held = 0;
    // The result being cut into batches.
    ArrayRef current;
    size_t current_offset = 0;
    uint64_t rows_returned = 0;

    size_t held() const { return running + finished.size(); }

    // Starts splits while the window allows. Called with the lock held.
    void LaunchLocked(const std::shared_ptr<State_> &self) {
        while (!cancelled && error.ok() && plan && next_split < plan->splits.size() &&
               held() < std::max<size_t>(1, options.window)) {
            const size_t index = next_split++;
            ++running;
            max_held = std::max(max_held, held());
            executor->Spawn([self, index] { self->RunSplit(self, index); });
        }
    }

    void RunSplit(const std::shared_ptr<State_> &self, size_t index) {
        std::shared_ptr<const ScanPlan> planned;
        {
            std::lock_guard lock(mutex);
            if (cancelled) {
                --running;
                changed.notify_all();
                return;
            }
            planned = plan;
        }
        const SplitRange &split = planned->splits[index];
        if (options.canonical && executor->threads() > 1 && planned->projection.size() > 1 &&
            SplitReadsWholeColumns(*planned, split)) {
            RunSplitByColumns(self, std::move(planned), index);
            return;
        }
        Result<ArrayRef> result = ExecuteSplit(*planned, split);
        if (result.ok() && options.canonical) {
            result = DecodeFully(*result);
        }
        Publish(index, std::move(result));
    }

    void Publish(size_t index, Result<ArrayRef> result) {
        std::lock_guard lock(mutex);
        --running;
        if (!cancelled) {
            finished.emplace(index, std::move(result));
        }
        changed.notify_all();
    }

    // A split that is just its columns decodes them as separate tasks: with the one-split
    // window of an Arrow export, a split's columns are then the only parallel work, and the
    // memory held is still one split. No task waits for another: the last column to finish
    // puts the split together and publishes it.
    struct ColumnJob {
        std::shared_ptr<const ScanPlan> plan;
        size_t index = 0;
        std::vector<Result<ArrayRef>> columns;
        std::atomic<size_t> remaining{0};
    };

    void RunSplitByColumns(const std::shared_ptr<State_> &self,
                           std::shared_ptr<const ScanPlan> planned,
                           size_t index) {
        auto job = std::make_shared<ColumnJob>();
        const size_t ncolumns = planned->projection.size();
        job->plan = std::move(planned);
        job->index = index;
        job->columns.assign(ncolumns, Status::Internal("column not decoded"));
        job->remaining.store(ncolumns);
        for (size_t k = 1; k < ncolumns; ++k) {
            executor->Spawn([self, job, k] { self->RunColumn(*job, k); });
        }
        RunColumn(*job, 0);
    }

    bool IsCancelled() const {
        std::lock_guard lock(mutex);
        return cancelled;
    }

    void RunColumn(ColumnJob &job, size_t k) {
        const SplitRange &split = job.plan->splits[job.index];
        // A dropped stream waits for its running splits: skip the work it no longer needs.
        Result<ArrayRef> column = IsCancelled() ? Result<ArrayRef>(Status::Cancelled("the scan was dropped"))
                                                : ReadSplitColumn(*job.plan, split, k);
        if (column.ok()) {
            column = DecodeFully(*column);
        }
        job.columns[k] = std::move(column);
        if (job.remaining.fetch_sub(1, std::memory_order_acq_rel) != 1) {
            return;
        }
        std::vector<ArrayRef> columns;
        for (Result<ArrayRef> &c : job.columns) {
            if (!c.ok()) {
                Publish(job.index, c.status()); // the first failed column, in projection order
                return;
            }
            columns.push_back(*std::move(c));
        }
        Publish(job.index, AssembleSplit(*job.plan, split, std::move(columns)));
    }

    void RunPlanning(const std::shared_ptr<State_> &self) {
        if (options.before_planning) {
            options.before_planning();
        }
        Result<std::shared_ptr<const ScanPlan>> planned =
            IsCancelled() ? Result<std::shared_ptr<const ScanPlan>>(Status::Cancelled("the scan was dropped"))
                          : PlanScan(source, options);
        std::lock_guard lock(mutex);
        planning = false;
        if (cancelled) {
            // Dropped while planning: nothing more starts.
        } else if (planned.ok()) {
            plan = *std::move(planned);
            LaunchLocked(self);
        } else if (error.ok()) {
            error = planned.status();
        }
        changed.notify_all();
    }

    // Takes the next batch if one is ready. Called with the lock held.
    Result<PollResult> PollLocked(const std::shared_ptr<State_> &self) {
        while (true) {
            if (!error.ok()) {
                return error;
            }
            if (!plan) {
                return PollResult{State::Pending, nullptr};
            }
            const bool limit_reached = plan->limit && rows_returned >= *plan->limit;
            if (current && current_offset < current->len() && !limit_reached) {
                size_t take = std::min(plan->batch_rows, current->len() - current_offset);
                if (plan->limit) {
                    take = static_cast<size_t>(std::min<uint64_t>(take, *plan->limit - rows_returned));
                }
                VX_ASSIGN_OR_RETURN(ArrayRef batch, Slice(current, current_offset, current_offset + take));
                current_offset += take;
                rows_returned += take;
                return PollResult{State::Ready, std::move(batch)};
            }
            current = nullptr;
            if (limit_reached || returned == plan->splits.size()) {
                cancelled = true; // nothing more is needed
                return PollResult{State::Finished, nullptr};
            }
            auto it = options.ordered ? finished.find(next_result) : finished.begin();
            if (it == finished.end()) {
                return PollResult{State::Pending, nullptr};
            }
            Result<ArrayRef> result = std::move(it->second);
            finished.erase(it);
            ++returned;
            if (options.ordered) {
                ++next_result;
            }
            LaunchLocked(self);
            if (!result.ok()) {
                error = result.status();
                return error;
            }
            current = *std::move(result);
            current_offset = 0;
        }
    }
};

ScanStream::ScanStream(std::shared_ptr<State_> state, DType dtype)
    : state_(std::move(state)), dtype_(std::move(dtype)) {}

std::unique_ptr<ScanStream> ScanStream::Start(ScanSource source, ScanOptions options) {
    auto state = std::make_shared<State_>();
    state->executor = options.executor != nullptr ? options.executor : &Executor::Default();
    Result<DType> dtype = source.layout ? ScanOutputDType(source, options)
                                        : Result<DType>(Status::InvalidArgument("incomplete scan source"));
    state->source = std::move(source);
    state->options = std::move(options);
    if (!dtype.ok()) {
        state->error = dtype.status();
        return std::make_unique<ScanStream>(std::move(state), DType::Null());
    }
    // Planning may read zone tables and footers of large files: never on the caller's thread.
    state->planning = true;
    state->executor->Spawn([state] { state->RunPlanning(state); });
    return std::make_unique<ScanStream>(std::move(state), *std::move(dtype));
}

std::unique_ptr<ScanStream> ScanStream::StartPlanned(std::shared_ptr<const ScanPlan> plan,
                                                     ScanOptions options) {
    auto state = std::make_shared<State_>();
    state->executor = options.executor != nullptr ? options.executor : &Executor::Default();
    state->source = plan->source;
    state->options = std::move(options);
    DType dtype = plan->output_dtype;
    std::lock_guard lock(state->mutex);
    state->plan = std::move(plan);
    state->LaunchLocked(state);
    return std::make_unique<ScanStream>(state, std::move(dtype));
}

ScanStream::~ScanStream() {
    std::unique_lock lock(state_->mutex);
    state_->cancelled = true;
    state_->finished.clear();
    state_->current = nullptr;
    // Planning and splits in flight read the file and decode with the session's encodings:
    // wait for them, so none outlives the stream (after an error, vx returns from main while
    // they run, and the default executor's workers are never joined). Queued ones see
    // `cancelled` and return at once. Not on a worker of the stream's executor: a queued task
    // may need that very worker.
    if (!state_->executor->InWorkerThread()) {
        state_->changed.wait(lock, [&] { return state_->running == 0 && !state_->planning; });
    }
}

Result<ScanStream::PollResult> ScanStream::Poll() {
    std::lock_guard lock(state_->mutex);
    return state_->PollLocked(state_);
}

Result<std::optional<ArrayRef>> ScanStream::Next() {
    std::unique_lock lock(state_->mutex);
    while (true) {
        VX_ASSIGN_OR_RETURN(PollResult polled, state_->PollLocked(state_));
        switch (polled.state) {
            case State::Ready:
                return std::optional<ArrayRef>(std::move(polled.batch));
            case State::Finished:
                return std::optional<ArrayRef>();
            case State::Pending:
                state_->changed.wait(lock);
                break;
        }
    }
}

size_t ScanStream::splits_started() const {
    std::lock_guard lock(state_->mutex);
    return state_->next_split;
}

size_t ScanStream::max_held() const {
    std::lock_guard lock(state_->mutex);
    return state_->max_held;
}

} // namespace vortex::scan
