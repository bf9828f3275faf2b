// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstddef>
#include <memory>
#include <optional>

#include "vortex/array/array.h"
#include "vortex/scan/scan_options.h"
#include "vortex/scan/scan_source.h"

namespace vortex::scan {

struct ScanPlan;

/// Batches of a scan. Planning and every split run on the executor; the caller's thread only
/// collects results. Poll() never blocks, so a caller can drive many streams at once and no
/// stream's planning holds up another's batches (seed 000). At most `window` split results
/// exist at a time (running or finished but not yet returned): producers pause while the
/// consumer has not taken them, so memory does not grow with the number of cores (seed 002).
/// Destroying the stream cancels splits not yet started; running ones finish and are dropped.
class ScanStream {
public:
    enum class State { Ready, Pending, Finished };
    struct PollResult {
        State state = State::Pending;
        /// The batch when state is Ready.
        ArrayRef batch;
    };

    /// Starts planning on the executor and returns at once.
    static std::unique_ptr<ScanStream> Start(ScanSource source, ScanOptions options);
    /// Starts the splits of a plan made with `options` by a caller that planned already
    /// (ScanBuilder::Collect), so the scan is not planned twice.
    static std::unique_ptr<ScanStream> StartPlanned(std::shared_ptr<const ScanPlan> plan,
                                                    ScanOptions options);
    ~ScanStream();
    ScanStream(const ScanStream &) = delete;
    ScanStream &operator=(const ScanStream &) = delete;

    /// The dtype of every batch, known without planning.
    const DType &dtype() const { return dtype_; }

    /// Returns a batch if one is ready, Pending while work is under way, Finished at the end,
    /// or the first error of planning or of any split (again on every later call).
    Result<PollResult> Poll();
    /// Waits for the next batch; nullopt at the end.
    Result<std::optional<ArrayRef>> Next();

    /// For tests and benchmarks: splits started so far, and the most split results that
    /// were ever held at once.
    size_t splits_started() const;
    size_t max_held() const;

    struct State_;
    explicit ScanStream(std::shared_ptr<State_> state, DType dtype);

private:
    std::shared_ptr<State_> state_;
    DType dtype_;
};

} // namespace vortex::scan
