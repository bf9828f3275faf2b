/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: Copyright the vortex-cpp contributors */
/*
 * writer.pml: a SPIN model of the push writer's concurrency protocol. Run ./check.sh.
 *
 * WHAT IS MODELLED (from the code; where DESIGN.md section 4 differs, see the end)
 *  - The caller: FileWriter::Open, Write x NB, Finish, then the writer's destruction; or an
 *    early drop (the writer destroyed before Finish). One Write is one batch of CHUNK = NC
 *    units, one unit per column.
 *  - The executor: NW worker processes taking tasks from ONE FIFO queue (exq). A task is a
 *    strand turn (ColumnDriver::RunOne of a column) or a compression task. There is no thread
 *    per column: the processes are the workers and the caller.
 *  - StructWriter: each column is a strand. ColumnDriver::Send (caller) waits while the
 *    column's capacity-one slot is full, puts the message in and, unless the strand is
 *    scheduled, queues a RunOne task. RunOne takes the message (freeing the slot), processes
 *    it on its worker and queues itself again at the back of the queue if another message
 *    arrived, so at most one turn per column is queued or running.
 *  - In a turn, the column's chain of writers. Their synchronous child_->Write/Finish calls
 *    run on a small stack machine (one frame per level, per column). Every id operation of the
 *    code is there: Advance, Descend, SplitOff, Release, ids dropped at scope end, on the
 *    ordered set of alive ids (alive[]).
 *  - FileSegmentSink::Write PARKS the segment on its id (SequenceId::Park) with its bytes and
 *    returns. When the id is, or becomes, the smallest alive one, SequenceUniverse::RunFirst
 *    runs the parked work, one entry at a time in id order, on the process that parked it (if
 *    it was first) or that released the last earlier id: the append (the file write), then
 *    held.Release(). A failing append cancels the universe.
 *  - CompressWriter: kCompressWindow = 2 tasks per column, submitted with
 *    SubmitRunnableByWaiter. In WriteOldest's Wait, a task no worker has started is claimed
 *    and run by the column's own worker; one a worker runs is waited for. A task completes at
 *    any moment SPIN picks; the tasks of a "slow" column complete only when nothing else can
 *    move (timeout), whoever runs them.
 *  - BufferedBytes: every Reserve and Release of the code on one counter (cur), BeginWork /
 *    EndWork (working), and Write's WaitAtMost: it waits while cur > budget - chunk and work is
 *    in flight. A parked segment's bytes count until its append has run.
 *  - Failure: SequenceUniverse::Cancel (parked work gets the error and appends nothing;
 *    Collapse waiters wake), ColumnDriver::Process's error path (Cancel, Stop), the closed
 *    slot, the drop path (~State, ~StructWriter, ~ColumnDriver) and a WriteSink that fails.
 *
 * PROPERTIES (pan -DSAFETY: assertions and invalid end states)
 *  P1 No deadlock. The only valid end state of a blocked process is an idle executor worker
 *     (label end_idle); the caller must terminate.
 *  P2 No lost or duplicated chunk. Each column's data segments cover its batches exactly once
 *     and in order (checked at each append: the chunk starts at nextb[c]; Finish checks
 *     nextb[c] == NB). A dictionary's values come after its codes and before the next
 *     dictionary's. There is one zone table per zoned column, after all of its data.
 *  P3 Sequence order. Segments are appended in increasing id order. No id is minted twice,
 *     and none is minted that orders before an appended segment (Mint). Only the first alive
 *     id's parked work runs, and one at a time (frun).
 *  P4 Budget. cur <= budget + the chunk being written, checked at every Reserve; parked
 *     segments' bytes count until they are appended.
 *  P5 Finish returns only after every segment is appended: no id alive (so nothing parked),
 *     no byte held, no work in flight, no task queued.
 *  P6 An early drop or a failing sink ends every strand: the destruction of the writer
 *     returns only once no turn of any column is queued or running.
 *  No never claim or progress labels: every loop consumes bounded input (NB batches and
 *  finitely many tasks), so there is no non-progress cycle to look for.
 *
 * UNITS AND BOUNDS
 *  Units: 1 unit = one column's slice of one batch. R = batches per repartition block.
 *  W = BufferedWriter window, in units. DV = dictionary values limit, in units
 *  (max_value_bytes). NW = executor workers. budget = NC * (2R + W), plus NC * DV in trees
 *  with a dictionary, as FileWriter::Open computes it with default options (block = R,
 *  buffer = W, a dictionary's values up to DV: the default strategy's room per column).
 *  ids: radix-12 paths, up to 11 siblings per level and depth 8 (both asserted).
 *  alive ids <= 24 (asserted).
 *   check.sh name      tree (columns)                                  NC NB R W DV NW budget
 *   buf_chk            {buffered->chunked->flat, chunked->flat}        2  5  2 5 -  1  18
 *   dict_zoned         {dict(codes: chunked->compress->buffered->flat, 2  4  2 2 1  2  14
 *                       values: compress->flat),
 *                       zoned(compress->buffered->flat, zones: compress->flat)}   (+SHRINK)
 *   slow_last          2 x chunked->compress->buffered->flat, column 0 2  4  1 2 -  2  8
 *                      slow
 *   budget             3 x chunked->compress->buffered->flat          3  8  2 3 -  2  21
 *   default_tree       2 x zoned->dict->chunked->compress->buffered   2  3  1 2 1  1  10
 *                      ->flat (the default leaf)                                 (+SHRINK)
 *   dict_budget        default_tree with NB = 4, where P4 used to fail (see "Code versus
 *                      docs" 1)                                       2  4  1 2 1  1  10
 *   sink_error         {chunked->compress->buffered->flat,            2  4  1 2 -  2  8
 *                       zoned->compress->flat}, any append may fail
 *   narrow             {buffered->chunked->flat,                      3  3  1 2 -  1  12
 *                       chunked->compress->buffered->flat,
 *                       zoned(compress->flat, zones: compress->flat)}: one worker, three
 *                      columns
 *   narrow2            narrow with two workers (-DNW=2)               3  3  1 2 -  2  12
 *   narrow_budget      budget with one worker                          3  8  2 3 -  1  21
 *   drop_buf_chk       buf_chk; the caller may drop the writer before any Write
 *   drop_dict_zoned    dict_zoned, likewise
 *   drop_narrow2       narrow2, likewise
 *   keep_old_id        buf_chk with MUTANT_KEEP_OLD_ID (see below)
 *  SHRINK: a compressed chunk is its input's size or half of it; otherwise it equals its
 *  input (compression never grows a chunk: assumed).
 *
 * ABSTRACTIONS (and why they are sound for P1-P6)
 *  - Atomic runs. A turn is three atomic parts: RunOne's first lock (the slot is free from
 *    then on), Process (writer_->Write/Finish, then EndWork), RunOne's last lock (respawn or
 *    !scheduled_), then the left message's EndWork. Process runs atomically from one blocking
 *    point to the next (the only ones: TaskHandle::Wait on a task a worker runs, a slow
 *    compression, and the mutant's Collapse); so does the caller between its waits
 *    (WaitAtMost, Send, Join, ~ColumnDriver). The caller's Sends can thus fall between the
 *    two locks of a turn, which decides the order of turns in the queue. Inside Process they
 *    could only change the queue position of compression tasks (which block nothing and may
 *    be run by either side) and the order of id mints (after every alive id either way).
 *    RunFirst's appends run inside the run of the process that triggered them: they block on
 *    nothing and only lower cur. An id minted during a run is a sibling of an alive pointer or
 *    a child of an alive id, so it orders after the smallest alive id. Descend registers the
 *    child before releasing the parent, as the code does. One caveat: two processes'
 *    transient over-counts never coincide in the model. The only transient in the code
 *    (DictWriter: codes and new values beyond what the input held) sits in one turn.
 *  - RunFirst after a Release in the middle of a step runs after the rest of that step (the
 *    code runs it inside Remove). The rest of a step is local, or mints ids after the first
 *    one, or Reserves (then the model counts the parked bytes a little longer: pessimistic).
 *  - A compression task that its waiter claimed leaves the queue at once (exq??): in the code
 *    it stays queued and the worker that pops it finds it claimed and does nothing.
 *  - The race between FileSegmentSink::Write's status check and Park (a cancellation in
 *    between makes Park run on_turn with the error at once: nothing appended, Write OK) is a
 *    nondeterministic choice in the FLAT step.
 *  - Whole batches. EmitBatches, RowQueue and zone cutting are local. A repartition block is
 *    R whole batches. A dictionary closes before a batch that does not fit; it never splits
 *    one.
 *  - After a failure a column never runs again: its frames are abandoned (the ids they held
 *    stay in alive[]; after Cancel no one waits on them) and its bytes are not tracked.
 *  - Not modelled: nested structs (their fields run inline, inside their column's turn), a
 *    nullable struct's validity column (one more chunked->compress->flat column), a struct
 *    written from a worker thread (driven inline), the sizes of zone statistics (a table is 1
 *    unit), and other users of the same executor.
 *
 * MODEL LABEL / STATE -> CODE (src/vortex/...)
 *  Caller: FileWriter_Open       file/file_writer.cc FileWriter::Open (Root().Split())
 *  Caller: FileWriter_Write      FileWriter::Write -> layout/write/buffered_bytes.cc
 *                                BufferedBytes::WaitAtMost; EmitBatches
 *  Caller: StructWriter_Write    layout/write/struct_writer.cc StructWriter::Write
 *  inline Send                   ColumnDriver::Send: BeginWork, wait for the slot, Spawn
 *                                RunOne unless scheduled_; when closed_, Join()
 *  Caller: FileWriter_Finish     FileWriter::Finish (s.data = SequencePointer())
 *  Caller: StructWriter_Finish   StructWriter::Finish (FinishMessage, eof release, Join:
 *                                stopped_ && !scheduled_)
 *  Caller: FileWriter_drop       FileWriter::State::~State, ~StructWriter (Cancel)
 *  Caller: FileWriter_destroy    ~StructWriter drivers_.clear(): ~ColumnDriver (closed_, the
 *                                left message, wait !scheduled_); then State's members go
 *                                (gone)
 *  Worker: end_idle, task        io/executor.cc Executor::WorkerLoop; io/executor.h
 *                                SubmitRunnableByWaiter's task (claimed.exchange)
 *  Worker: ColumnDriver_RunOne   struct_writer.cc ColumnDriver::RunOne, its first lock
 *  Worker: ColumnDriver_Process  ColumnDriver::Process: writer_->Write/Finish
 *  Worker: Process_failed        Process's error path: universe_->Cancel, Stop
 *  Worker: Process_end           RunOne: buffered.EndWork()
 *  Worker: RunOne_end            RunOne's end: a lock (closed_, left), the left message's
 *                                EndWork, then the last lock (Spawn or !scheduled_)
 *  FLAT  WR                      layout/write/flat_writer.cc FlatWriter::Write ->
 *                                file/file_writer.cc FileSegmentSink::Write -> Park
 *  inline Park                   layout/sequence/sequence_id.cc SequenceId::Park ->
 *                                SequenceUniverse::Park
 *  inline RunFirstStep           SequenceUniverse::RunFirst, one turn of its loop, running
 *                                FileSegmentSink::Write's callback (Append, held.Release(),
 *                                Cancel if the append failed)
 *  inline Cancel                 SequenceUniverse::Cancel
 *  REPART ENTRY/LOOP/FINISH_CHILD  flat_writer.cc RepartitionWriter::Write/Emit/Finish
 *  COMPRESS ENTRY/LOOP/WRITE_OLDEST  CompressWriter::Write/Submit/WriteOldest ->
 *                                io/executor.h TaskHandle::Wait (claim and run_by_waiter, or
 *                                wait on ready_cv)
 *  BUFFERED ENTRY/FLUSH/FINISH_CHILD BufferedWriter::Write/Flush/Finish
 *  DICT  LOOP/DICT_RETURN/CLOSE_DICT/CLOSE_DICT_VALUES/CLOSE_DICT_NEXT/FINISH_END
 *                                layout/write/dict_writer.cc DictWriter::Write,
 *                                CloseDictionary, Finish
 *  ZONED ENTRY/ZONE_TABLE/FINISH_END layout/write/zoned_writer.cc ZonedWriter::Write/Finish
 *  SIDE  ENTRY/WRITE_OLDEST/SIDE_PARK  the CompressWriter -> FlatWriter that
 *                                CloseDictionary and ZonedWriter::Finish write once
 *  Mint/Release/Advance/Descend/SplitOff  sequence_id.cc SequenceUniverse::Add/Remove
 *                                (Remove of the first id -> RunFirst), SequencePointer::
 *                                Advance, SequenceId::Descend, SplitOff
 *  Reserve/Unreserve, working    buffered_bytes.cc Reserve/Reservation::Release,
 *                                BeginWork/EndWork
 *  The code has matching "// model: ..." comments at these points.
 *
 * MUTANTS, PROBES AND KNOWN ISSUES (check.sh asserts that SPIN reports them)
 *  MUTANT_COLLAPSE_ON_WORKER: FileSegmentSink::Write blocks in SequenceId::Collapse on the
 *    worker (the old design's append) instead of parking. In narrow2 (3 columns, 2 workers)
 *    SPIN finds a deadlock: column a's turn finished while the caller put a's FinishMessage
 *    in its slot and b's and c's (whose strands were idle) were queued at once, so a's next
 *    turn went behind them; both workers run b's and c's Finish and wait in Collapse for a's
 *    EOF id, which a's queued turn would release; the caller waits in Join. With ONE worker
 *    the mutant passes (narrow): a FIFO queue with one worker runs turns in sequence order,
 *    so no append ever waits for a later turn. It also passes with as many workers as
 *    columns (dict_zoned).
 *  MUTANT_KEEP_OLD_ID (keep_old_id, a passing run now): the BufferedWriter keeps its first
 *    held chunk's id until it flushes, as the reviewed reference PR's writers did. It used to
 *    deadlock buf_chk (column b blocked in Collapse behind the kept id, the caller blocked in
 *    Send to b). Now b's segments park behind the kept id and nothing waits on the order, so
 *    it passes. What it still costs is memory: the parked segments hold their bytes while no
 *    work is in flight, and WaitAtMost lets the caller in then. -DMAXBUF=6 on buf_chk (a
 *    budget below the per-column holdings, which Open would shrink) fails P4 with the
 *    mutant and passes without it; with Open's sizing the model's uniform columns (one unit
 *    each per batch) stay within the budget, but a narrow column keeping an id would park
 *    a wide column's segments for as many batches as its own buffer takes to fill.
 *  PROBE_SEND_BLOCKS, PROBE_BUDGET_WAIT, PROBE_SLOW_BACKPRESSURE assert that the caller never
 *    waits in Send, never waits in WaitAtMost, and is never held back by the slow column.
 *    PROBE_WAITER_RUNS asserts that a column never runs a compression itself,
 *    PROBE_WAIT_BLOCKS that a column never waits for a compression a worker runs, and
 *    PROBE_RUN_BY_OTHER that a parked segment is always appended in its own column's turn.
 *    SPIN refuting them shows that the pass runs really exercise those paths.
 *  CHECK_LIFETIME (lifetime): asserts that nothing touches the writer's BufferedBytes after
 *    the writer is destroyed. See "Code versus docs" 8.
 *  MUTANT_KEEP_NEWEST (not in check.sh): the writer keeps only its newest id, DESIGN.md's
 *    wording. See "Code versus docs" 3.
 *
 * CODE VERSUS DOCS
 *  1 FIXED, budget. file_writer.h (max_buffered_bytes): "Upper bound on buffered_bytes()
 *    (plus the chunk being written)". DESIGN.md: bytes are accounted from the moment a chunk
 *    is queued until its segment is written. With dictionary columns the bound failed (the
 *    former known_dict_budget run). First, FileWriter::Open's per-column share (2 blocks +
 *    buffer) had no room for DictWriter's values_held_, which can grow to max_value_bytes =
 *    block_bytes: the share now includes it. Second, DictWriter::Write reserved the codes
 *    while the input's `held` was still alive (released only when Write returns, after
 *    codes_writer_->Write): codes and new values now take their bytes out of `held` first
 *    (TakeHeld). dict_write_test.cc DictionaryColumnsStayWithinTheBufferedBytesBudget checks
 *    the bound on such tables.
 *  2 DESIGN: each node has Write(seq, chunk), Finish(seq), Close(). Code: LayoutWriter has
 *    Write(id, chunk, held) and Finish(eof pointer). FileWriter has Write, Finish (which
 *    closes the sink) and its destructor. There is no Close to model.
 *  3 DESIGN: a node "keeps only the newest" token while waiting for input. Code
 *    (layout_writer.h): a writer keeps NO id once Write returns. With parking, keeping an id
 *    no longer deadlocks: MUTANT_KEEP_NEWEST passes buf_chk, also with -DMAXBUF=6 (which
 *    deadlocked it under Collapse). Its cost is the one MUTANT_KEEP_OLD_ID describes: bytes
 *    parked behind an idle writer's id.
 *  4 DESIGN: "Compression uses a bounded window of the executor." Code: each CompressWriter
 *    keeps up to 2 tasks in flight on the shared executor (1 between Writes), submitted with
 *    SubmitRunnableByWaiter. executor.h's TaskWindow is not used by the write path. The
 *    executor's workers also run the columns' turns, from the same queue.
 *  5 DESIGN's default tree: struct -> zoned -> chunked -> compress -> buffered -> flat. Code
 *    (DefaultWriteStrategy): struct -> zoned -> dict -> repartition -> compress -> buffered ->
 *    flat. Zone tables and dictionary values go through compress -> flat, and a nullable
 *    struct's validity through repartition -> compress -> flat.
 *  6 DESIGN: chunked "about 2 MB", buffered "about 1 MB". Code: block_bytes = 1 MiB,
 *    buffer_bytes = 2 MiB.
 *  7 DESIGN: "Every edge has capacity one." Code: only the struct -> column edges are slots
 *    (capacity one). Within a column's turn the writers call each other synchronously, the
 *    compress window holds up to two chunks, and parked segments wait on their ids without
 *    any bound but the budget.
 *  8 FOUND AND FIXED, lifetime. struct_writer.cc ColumnDriver::RunOne, as first written: when Process stops (an error)
 *    while the caller has already put the next message in the slot, RunOne takes it as
 *    `left`, clears scheduled_ under the lock, and only AFTER the lock calls
 *    buffered.EndWork() and destroys the message (its Reservation releases into the same
 *    BufferedBytes). Once scheduled_ is false, ~ColumnDriver returns, and ~State then
 *    destroys `buffered`: a use after free. `lifetime` (sink_error with
 *    CHECK_LIFETIME) finds it: an append fails and cancels the universe; a column's next turn
 *    fails at its FlatWriter while the caller has already put its FinishMessage in the slot,
 *    so RunOne takes it as `left` and clears scheduled_; StructWriter::Finish's Join returns
 *    (stopped_ && !scheduled_), Finish fails, the writer is destroyed (~ColumnDriver returns
 *    at once) and State goes; then the worker calls EndWork on the destroyed BufferedBytes.
 *    The drop configurations do not reach it at their bounds: the turn that fails after the
 *    drop's Cancel must write a segment and have a later message already in its slot, which
 *    needs more batches than they have.
 *    Fixed: RunOne now handles `left` (EndWork, destroy it) before the lock that clears
 *    scheduled_, and the `lifetime` run (sink_error with CHECK_LIFETIME) passes.
 */

/* ------------------------------------------------------------------------------------------
 * Configuration: exactly one CFG_* is defined by check.sh (-DCFG_...). Each one fixes the
 * strategy tree (kind[] per column, top to bottom), the bounds and the options.
 * ---------------------------------------------------------------------------------------- */

/* node kinds (one LayoutWriter class each) */
#define FLAT     1   /* flat_writer.cc FlatWriter */
#define REPART   2   /* flat_writer.cc RepartitionWriter ("chunked") */
#define COMPRESS 3   /* flat_writer.cc CompressWriter */
#define BUFFERED 4   /* flat_writer.cc BufferedWriter */
#define DICT     5   /* dict_writer.cc DictWriter (codes below it, values through SIDE) */
#define ZONED    6   /* zoned_writer.cc ZonedWriter (data below it, zone table through SIDE) */
#define SIDE     7   /* a CompressWriter -> FlatWriter written once: dict values, zone table */

#if defined(CFG_BUF_CHK) || defined(CFG_DROP_BUF_CHK)
/* The tree the reference's review deadlocked: struct { a: buffered -> chunked -> flat,
 * b: chunked -> flat }. */
#define NC 2
#define NL 3
#define NB 5
#define R  2          /* rows (batches) per repartition block */
#define W  5          /* BufferedWriter window, units: more than the edges between columns hold */
#define SETUP_TREE \
    kind[0] = BUFFERED; kind[1] = REPART; kind[2] = FLAT; \
    kind[3] = REPART;   kind[4] = FLAT
#ifdef CFG_DROP_BUF_CHK
#define DROP
#endif
#endif

#if defined(CFG_DICT_ZONED) || defined(CFG_DROP_DICT_ZONED)
/* struct { a: dict (codes: chunked -> compress -> buffered -> flat; values: compress -> flat),
 *          b: zoned (data: compress -> buffered -> flat; zone table: compress -> flat) } */
#define NC 2
#define NL 5
#define NB 4
#define R  2
#define W  2
#define NW 2
#define DV 1          /* dictionary values capacity, units (DictLayoutOptions::max_value_bytes) */
#define DICTS
#define SHRINK        /* a compressed chunk has its input's size or half of it */
#define SETUP_TREE \
    kind[0] = DICT;  kind[1] = REPART;   kind[2] = COMPRESS; kind[3] = BUFFERED; kind[4] = FLAT; \
    kind[5] = ZONED; kind[6] = COMPRESS; kind[7] = BUFFERED; kind[8] = FLAT
#ifdef CFG_DROP_DICT_ZONED
#define DROP
#endif
#endif

#ifdef CFG_SLOW_LAST
/* The default leaf chain's data path in two columns, column 0's compression the slowest:
 * its tasks complete only when nothing else in the system can move (timeout). */
#define NC 2
#define NL 4
#define NB 4
#define R  1
#define W  2
#define NW 2
#define SLOW0 1
#define SETUP_TREE \
    kind[0] = REPART; kind[1] = COMPRESS; kind[2] = BUFFERED; kind[3] = FLAT; \
    kind[4] = REPART; kind[5] = COMPRESS; kind[6] = BUFFERED; kind[7] = FLAT
#endif

#if defined(CFG_BUDGET) || defined(CFG_NARROW_BUDGET)
/* Columns of chunked -> compress -> buffered -> flat with blocks of two batches and enough
 * batches that the compress windows plus the buffers fill the default budget: Write waits in
 * WaitAtMost (PROBE_BUDGET_WAIT shows it does). CFG_NARROW_BUDGET: one worker. */
#define NC 3
#define NL 4
#define NB 8
#define R  2
#define W  3
#ifdef CFG_NARROW_BUDGET
#define NW 1
#else
#define NW 2
#endif
#define SETUP_TREE \
    kind[0] = REPART; kind[1] = COMPRESS; kind[2] = BUFFERED; kind[3] = FLAT; \
    kind[4] = REPART; kind[5] = COMPRESS; kind[6] = BUFFERED; kind[7] = FLAT; \
    kind[8] = REPART; kind[9] = COMPRESS; kind[10] = BUFFERED; kind[11] = FLAT
#endif

#if defined(CFG_DEFAULT) || defined(CFG_DICT_BUDGET)
/* The full default leaf: zoned -> dict -> chunked -> compress -> buffered -> flat, twice.
 * CFG_DICT_BUDGET: the same with one more batch, where the budget assertion used to fail
 * (see "Code versus docs" 1 in the header). */
#define NC 2
#define NL 6
#ifdef CFG_DICT_BUDGET
#define NB 4
#else
#define NB 3
#endif
#define R  1
#define W  2
#define DV 1
#define DICTS         /* a tree with a dictionary: the budget has room for its values */
#define SHRINK
#define NW 1
#define SETUP_TREE \
    kind[0] = ZONED; kind[1] = DICT; kind[2] = REPART; kind[3] = COMPRESS; kind[4] = BUFFERED; \
    kind[5] = FLAT; \
    kind[6] = ZONED; kind[7] = DICT; kind[8] = REPART; kind[9] = COMPRESS; kind[10] = BUFFERED; \
    kind[11] = FLAT
#endif

#ifdef CFG_SINK_ERROR
/* A failing WriteSink: any segment write may fail (FileSegmentSink keeps the error), in
 * struct { a: chunked -> compress -> buffered -> flat, b: zoned -> compress -> flat }. */
#define NC 2
#define NL 4
#define NB 4
#define R  1
#define W  2
#define NW 2
#define SINK_ERROR
#define SETUP_TREE \
    kind[0] = REPART; kind[1] = COMPRESS; kind[2] = BUFFERED; kind[3] = FLAT; \
    kind[4] = ZONED;  kind[5] = COMPRESS; kind[6] = FLAT
#endif


#if defined(CFG_NARROW) || defined(CFG_DROP_NARROW)
/* Fewer workers than columns, the point of running columns as strands: three columns, one
 * worker. struct { a: buffered -> chunked -> flat, b: chunked -> compress -> buffered -> flat,
 * c: zoned (data: compress -> flat; zone table: compress -> flat) } */
#define NC 3
#define NL 4
#define NB 3
#define R  1
#define W  2
#ifndef NW
#define NW 1          /* -DNW=2: two workers */
#endif
#define SETUP_TREE \
    kind[0] = BUFFERED; kind[1] = REPART;   kind[2] = FLAT; \
    kind[4] = REPART;   kind[5] = COMPRESS; kind[6] = BUFFERED; kind[7] = FLAT; \
    kind[8] = ZONED;    kind[9] = COMPRESS; kind[10] = FLAT
#ifdef CFG_DROP_NARROW
#define DROP
#endif
#endif

#ifndef NC
#error "define one CFG_* (see check.sh)"
#endif

/* Defaults of what a configuration leaves out. */
#ifndef NW
#define NW 1          /* executor worker threads */
#endif
#ifndef DV
#define DV 1
#endif
#ifndef SLOW0
#define SLOW0 0
#endif
#define CW 2          /* flat_writer.cc kCompressWindow */
#define ZT 1          /* bytes of a zone table, units */
#define CHUNK NC      /* bytes of one Write (one batch, one unit per column) */

/* FileWriter::Open's default budget: per column 2 blocks + the buffer (+ a dictionary's
 * values in trees with one). -DMAXBUF=n sets max_buffered_bytes instead (Open would then
 * shrink block and buffer to max(n / (6 columns), 1): a configuration using it sets R and W
 * to match). */
#ifdef MAXBUF
#define BUDGET MAXBUF
#elif defined(DICTS)
#define BUDGET (NC * (2 * R + W + DV))
#else
#define BUDGET (NC * (2 * R + W))
#endif
#ifndef R
#define R 1
#endif
#ifndef W
#define W 1
#endif

#define NF (NL + 1)   /* frames per column: one per level, plus the SIDE frame */
#define SL NL         /* index of the SIDE frame */
#define TOP 255       /* "returned to ColumnDriver::Process" */
#define WR 1          /* frame op: LayoutWriter::Write */
#define FI 2          /* frame op: LayoutWriter::Finish */
#define CHUNK_MSG 1   /* struct_writer.cc ChunkMessage */
#define FINISH_MSG 2  /* struct_writer.cc FinishMessage */
#define TAG_DATA 1    /* a parked segment of column data */
#define TAG_VALUES 2  /* a dictionary's values (SIDE) */
#define TAG_ZONES 3   /* a zone table (SIDE) */

#if defined(MUTANT_COLLAPSE_ON_WORKER) && defined(SINK_ERROR)
#error "MUTANT_COLLAPSE_ON_WORKER does not model a failing sink"
#endif

/* ------------------------------------------------------------------------------------------
 * Sequence ids (sequence_id.cc). A path [p1, .., pL] is the integer sum (p_i + 1) * 12^(8-i):
 * integer order is the paths' lexicographic order with a prefix before its extensions, as
 * SequencePath orders them (components up to 10, depth up to 8; asserted). An id is the pair
 * (code, depth L); UNIT(L) = 12^(8-L).
 * alive[] is SequenceUniverse::alive_, kept sorted: alive[0] is the smallest alive id.
 * pay[] is each entry's parked work (Entry::parked): 0 while someone holds the id, else the
 * parked segment, PACK(tag, column, first batch, batches, bytes) (FileSegmentSink::Parked).
 * Only alive[0]'s work can be running (Entry::running): frun.
 * ---------------------------------------------------------------------------------------- */
#define RADIX 12
#define DEPTH 8
#define UNIT(d) unitv[d]
#define NA 24

#define PACK(t, col, f, n, u) ((t) + 4 * (col) + 16 * (f) + 256 * (n) + 4096 * (u))
#define PTAG(p) ((p) % 4)
#define PCOL(p) (((p) / 4) % 4)
#define PF(p) (((p) / 16) % 16)
#define PN(p) (((p) / 256) % 16)
#define PU(p) ((p) / 4096)

hidden int unitv[DEPTH + 1];   /* constant: set once by init */
int alive[NA];
int pay[NA];
byte na;
int last_seg;         /* the id of the last appended segment */
bit cancelled;        /* SequenceUniverse::Cancel was called */
bit frun;             /* alive[0]'s parked work has been handed its turn (Entry::running) */
bit sink_failed;      /* FileSegmentSink::status_ */
bit dropped;          /* a parked segment got the error: never written (TakeSpecs fails) */
bit gone;             /* the FileWriter's State (BufferedBytes, sink) has been destroyed */

hidden byte xj, xt, xk, xw;   /* scratch, always written before read inside one atomic step */
hidden int xtc, xp;
hidden byte xtd;

/* SequenceUniverse::Add: register a newly minted id. */
inline Mint(x) {
    assert(na < NA);
    xj = na;
    do
    :: xj > 0 && alive[xj - 1] > x -> alive[xj] = alive[xj - 1]; pay[xj] = pay[xj - 1]; xj--
    :: else -> break
    od;
    assert(xj == 0 || alive[xj - 1] != x);     /* "SequenceId minted twice" */
    alive[xj] = x;
    pay[xj] = 0;
    na++;
    /* Once a segment is written no alive id orders before it, ever. */
    assert(x > last_seg)
}

/* SequenceId::Release / destructor -> SequenceUniverse::Remove; an empty id (0) is a no-op.
 * Removing the first id runs RunFirst on this process: if the new first entry is parked,
 * rf is set and the process runs it (RunFirstStep) before it goes on. */
inline Release(x, xd) {
    if
    :: x != 0 ->
        xj = 0;
        do
        :: xj < na && alive[xj] != x -> xj++
        :: else -> break
        od;
        assert(xj < na && pay[xj] == 0);       /* a parked id has no holder to release it */
        xw = (xj == 0);
        do
        :: xj + 1 < na -> alive[xj] = alive[xj + 1]; pay[xj] = pay[xj + 1]; xj++
        :: else -> break
        od;
        na--;
        alive[na] = 0;
        pay[na] = 0;
        if
        :: xw && na > 0 && pay[0] != 0 -> assert(!frun); rf = 1; frun = 1
        :: else -> skip
        fi;
        x = 0;
        xd = 0
    :: else -> skip
    fi
}

/* SequencePointer::Advance: the pointer's current id goes to (ic, id); the pointer moves on. */
inline Advance(pc, pd, ic, id) {
    assert(pc != 0);
    ic = pc;
    id = pd;
    pc = pc + UNIT(pd);
    assert((pc / UNIT(pd)) % RADIX != 0);    /* the encoding's 11 siblings per level suffice */
    Mint(pc)
}

/* SequenceId::Descend: consumes (ic, id), the pointer (pc, pd) at its first child. */
inline Descend(ic, id, pc, pd) {
    assert(ic != 0 && id < DEPTH);
    pd = id + 1;
    pc = ic + UNIT(pd);
    Mint(pc);
    Release(ic, id)
}

/* SequencePointer::SplitOff = Advance().Descend() */
inline SplitOff(pc, pd, qc, qd) {
    Advance(pc, pd, xtc, xtd);
    Descend(xtc, xtd, qc, qd)
}

/* SequenceId::Park -> SequenceUniverse::Park, not cancelled: the id's entry keeps the work
 * (payload p) and the id is consumed. If the id is first, RunFirst runs it on this process. */
inline Park(x, xd, p) {
    xj = 0;
    do
    :: xj < na && alive[xj] != x -> xj++
    :: else -> break
    od;
    assert(xj < na && pay[xj] == 0);
    pay[xj] = p;
    p = 0;
    if
    :: xj == 0 -> assert(!frun); rf = 1; frun = 1
    :: else -> skip
    fi;
    x = 0;
    xd = 0
}

/* SequenceUniverse::Cancel: every parked entry not running gets the error now (on_turn runs
 * on this process: nothing is appended, the bytes are released) and is erased. Collapse
 * waiters wake (their guard reads `cancelled`). */
inline Cancel() {
    if
    :: !cancelled ->
        cancelled = 1;
        xj = frun;                 /* work already running finishes and erases its own entry */
        xw = frun;
        do
        :: xj < na ->
            if
            :: pay[xj] != 0 ->
                Unreserve(PU(pay[xj]));
                dropped = 1
            :: else ->
                alive[xw] = alive[xj];
                pay[xw] = pay[xj];
                xw++
            fi;
            xj++
        :: else -> break
        od;
        do
        :: na > xw -> na--; alive[na] = 0; pay[na] = 0
        :: else -> break
        od
    :: else -> skip
    fi
}

/* ------------------------------------------------------------------------------------------
 * BufferedBytes (buffered_bytes.cc): cur = current(), working = BeginWork - EndWork.
 * ---------------------------------------------------------------------------------------- */
byte cur;
byte working;

inline Reserve(x) {
    cur = cur + (x);
    /* Property: the budget is exceeded by no more than the chunk being written. */
    assert(cur <= BUDGET + CHUNK)
}

inline Unreserve(x) {
    assert(cur >= (x));
    cur = cur - (x)
}

/* ------------------------------------------------------------------------------------------
 * What reached the file, and the append (FileSegmentSink::Append) with its checks.
 * ---------------------------------------------------------------------------------------- */
byte nextb[NC];       /* data segments of column c covered batches [0, nextb[c]) in order */
byte vseg[NC];        /* dictionary values segments of column c */
byte dclosed[NC];     /* dictionaries column c closed */
byte zseg[NC];        /* zone tables of column c */
bit zoned_col[NC];

/* append the segment of alive[0] whose payload is p */
inline AppendParked(p) {
    assert(alive[0] > last_seg);           /* segments land in sequence order */
    last_seg = alive[0];
    xk = PCOL(p);
    if
    :: PTAG(p) == TAG_DATA ->
        assert(PF(p) == nextb[xk] && PN(p) > 0);   /* every batch once, in order */
        nextb[xk] = nextb[xk] + PN(p)
    :: PTAG(p) == TAG_VALUES ->
        /* after every code of its dictionary, before any code of the next one */
        assert(PF(p) == nextb[xk]);
        vseg[xk]++;
        assert(vseg[xk] <= dclosed[xk] + 1)
    :: PTAG(p) == TAG_ZONES ->
        zseg[xk]++;
        assert(zseg[xk] == 1 && nextb[xk] == NB)   /* one zone table, after all data */
    fi
}

/* SequenceUniverse::RunFirst, one turn of its loop, on the process with rf set: alive[0]'s
 * parked work (FileSegmentSink::Write's callback) runs: Append (a failing WriteSink sets
 * status_ and cancels the universe), then held.Release(); the entry is erased. If the next
 * first entry is parked it runs next (rf stays set); anything else ends the loop. */
inline RunFirstStep() {
    assert(frun && na > 0 && pay[0] != 0);
    xp = pay[0];
#ifdef PROBE_RUN_BY_OTHER
    assert(PCOL(xp) == c);                 /* probe: another column's turn appends it */
#endif
    if
    :: sink_failed -> skip                 /* Append: status_ is an error, nothing written */
    :: else ->
#ifdef SINK_ERROR
        if
        :: skip
        :: sink_failed = 1                 /* WriteSink::Write fails: status_ = its error */
        fi;
#endif
        if
        :: !sink_failed -> AppendParked(xp)
        :: else -> Cancel()                /* universe.lock()->Cancel(appended) */
        fi
    fi;
    Unreserve(PU(xp));                     /* parked->held.Release() */
    /* lock; alive_.erase(it) */
    xj = 0;
    do
    :: xj + 1 < na -> alive[xj] = alive[xj + 1]; pay[xj] = pay[xj + 1]; xj++
    :: else -> break
    od;
    na--;
    alive[na] = 0;
    pay[na] = 0;
    if
    :: na > 0 && pay[0] != 0 -> skip       /* parked and now first: it runs next, here */
    :: else -> rf = 0; frun = 0
    fi;
    xp = 0
}

/* ------------------------------------------------------------------------------------------
 * Strategy tree, slots, executor.
 * ---------------------------------------------------------------------------------------- */
byte kind[NC * NL];   /* kind[c * NL + level]; 0 = unused level */
bit slow[NC];

/* ColumnDriver (struct_writer.cc): the capacity-one slot_ and the strand's flags. */
bit mfull[NC];        /* slot_.has_value() */
byte mkind[NC];
int mcode[NC];
byte mdepth[NC];
byte mfirst[NC];
byte mbytes[NC];
bit closed[NC];       /* closed_: no message is taken any more */
bit sched[NC];        /* scheduled_: a RunOne task of the strand is queued or running */
bit stopped[NC];      /* stopped_: finished or failed */
bit dfailed[NC];      /* status_ is an error */

#ifdef PROBE_SLOW_BACKPRESSURE
bit caller_blocked;   /* the caller waits in Send or WaitAtMost (only for this probe) */
#endif

inline TakeSlot(i) {
    mfull[i] = 0; mkind[i] = 0; mcode[i] = 0; mdepth[i] = 0; mfirst[i] = 0; mbytes[i] = 0
}

/* Executor (executor.cc): ONE FIFO queue, NW workers. An entry is a compression task slot
 * t < STRAND (c*3+0/1: the data chain's CompressWriter, kCompressWindow = 2 in flight; c*3+2:
 * the SIDE compress of column c), or STRAND + c: a RunOne turn of column c. */
#define STRAND (3 * NC)
chan exq = [4 * NC] of { byte };
/* A compression task's state (TaskState: claimed, value) */
#define TF 0          /* free slot */
#define TQ 1          /* queued, not claimed */
#define TR 2          /* claimed by a worker, running */
#define TW 3          /* claimed by its waiter (TaskHandle::Wait), running on the column's worker */
#define TD 4          /* done: Wait returns */
byte ts[3 * NC];
byte tin[3 * NC];
byte tout[3 * NC];

/* the compression of task t completes */
inline Compress(t) {
#ifdef PROBE_SLOW_BACKPRESSURE
    /* reachability probe: the slow column's compression held the caller back */
    assert(!(slow[(t) / 3] && caller_blocked));
#endif
#ifdef SHRINK
    if
    :: tout[t] = tin[t]
    :: tin[t] > 1 -> tout[t] = (tin[t] + 1) / 2
    fi;
#else
    tout[t] = tin[t];              /* compressed size = input size */
#endif
    ts[t] = TD
}

/* ------------------------------------------------------------------------------------------
 * Each column's writers: state of the chain (LayoutWriter objects) and of its call stack.
 *
 * The chain's synchronous calls (a writer calling child_->Write / Finish) run on a small
 * stack machine: frame k is level k's current call (op WR or FI, resume point pos[k], its
 * argument id/pointer ac/ad, first batch af, batch count an, held bytes au, its local
 * SequencePointer lc/ld). sp is the running frame. The column's turn runs on whichever worker
 * took it; the names below stand for col[c].<name>, c being that worker's column.
 * ---------------------------------------------------------------------------------------- */
typedef Col {
    /* frames */
    int ac[NF]; byte ad[NF]; int lc[NF]; byte ld[NF];
    byte af[NF]; byte an[NF]; byte au[NF]; byte op[NF]; byte pos[NF];
    byte sp;
    byte sret;
    /* RepartitionWriter: queued batches [qf, qf + qn), qu bytes (held_) */
    byte qf; byte qn; byte qu;
    /* CompressWriter: cn chunks in flight, the oldest in entry ch (task slot c*3+ch) */
    byte cn; byte ch; byte cef[2]; byte cen[2]; byte ceu[2];
    /* BufferedWriter: bk chunks from batch bf, bb bytes; bi = Flush's position */
    byte bk; byte bf; byte bb; byte bi; byte ben[W + 2]; byte beu[W + 2];
#if defined(MUTANT_KEEP_OLD_ID) || defined(MUTANT_KEEP_NEWEST)
    int kc; byte kd;   /* the id a mutant BufferedWriter keeps between writes */
#endif
    /* DictWriter: mode 0 undecided / 1 dictionary / 2 fallback, dv values bytes held,
     * drun batches in the current dictionary, dend = the batch after its last one,
     * dafter = where CloseDictionary returns */
    byte dmode; byte dv; byte drun; byte dend; byte dafter;
    bit zany           /* ZonedWriter: some zone exists */
};
Col col[NC];

#define ac col[c].ac
#define ad col[c].ad
#define lc col[c].lc
#define ld col[c].ld
#define af col[c].af
#define an col[c].an
#define au col[c].au
#define op col[c].op
#define pos col[c].pos
#define sp col[c].sp
#define sret col[c].sret
#define qf col[c].qf
#define qn col[c].qn
#define qu col[c].qu
#define cn col[c].cn
#define ch col[c].ch
#define cef col[c].cef
#define cen col[c].cen
#define ceu col[c].ceu
#define bk col[c].bk
#define bf col[c].bf
#define bb col[c].bb
#define bi col[c].bi
#define ben col[c].ben
#define beu col[c].beu
#define kc col[c].kc
#define kd col[c].kd
#define dmode col[c].dmode
#define dv col[c].dv
#define drun col[c].drun
#define dend col[c].dend
#define dafter col[c].dafter
#define zany col[c].zany

/* Resume points of a frame (pos[]), named after the code they stand for. */
#define ENTRY 0             /* the call starts */
#define LOOP 1              /* Write's loop: Emit, the compress window, DictWriter Append */
#define FLUSH 2             /* BufferedWriter::Flush */
#define WRITE_OLDEST 3      /* CompressWriter::WriteOldest: TaskHandle::Wait */
#define SIDE_PARK 4         /* SIDE's FlatWriter::Write: FileSegmentSink::Write, Park */
#define FINISH_CHILD 5      /* Finish: child_->Finish(eof) */
#define CLOSE_DICT 6        /* DictWriter::CloseDictionary: codes_writer_->Finish */
#define CLOSE_DICT_VALUES 7 /* CloseDictionary: values_writer->Write + Finish */
#define CLOSE_DICT_NEXT 8   /* CloseDictionary done: a new dictionary starts */
#define DONE 9              /* the child returned: return */
#define ZONE_TABLE 10       /* ZonedWriter::Finish: the zone table */
#define FINISH_END 11       /* Finish: drop the EOF pointer, return */
#define DICT_RETURN 12      /* DictWriter::Write returns */

#define KIND (sp >= SL -> (sp == SL -> SIDE : 0) : kind[c * NL + sp])
#define CHILD (sp + 1)

/* call frame `f` with op `o`; this frame resumes at `resume` */
inline Call(f, o, resume) {
    op[f] = o;
    pos[f] = 0;
    pos[sp] = resume;
    if
    :: f == SL -> sret = sp
    :: else -> skip
    fi;
    sp = f
}

/* return from frame sp; everything it held must already be gone */
inline Return() {
    assert(ac[sp] == 0 && lc[sp] == 0);
    op[sp] = 0; pos[sp] = 0; af[sp] = 0; an[sp] = 0; au[sp] = 0;
    if
    :: sp == SL -> sp = sret; sret = 0
    :: sp == 0 -> sp = TOP
    :: else -> sp = sp - 1
    fi
}

/* dict_writer.cc TakeHeld: x units out of the frame's input reservation (au[sp]) as far as
 * it goes, the rest reserved anew */
inline TakeHeld(x) {
    if
    :: au[sp] >= (x) -> au[sp] = au[sp] - (x)
    :: else -> Reserve((x) - au[sp]); au[sp] = 0
    fi
}

/* move this frame's id/pointer and chunk to the child frame (pass-through writers) */
inline PassDown() {
    ac[CHILD] = ac[sp]; ad[CHILD] = ad[sp]; ac[sp] = 0; ad[sp] = 0;
    af[CHILD] = af[sp]; an[CHILD] = an[sp]; au[CHILD] = au[sp];
    af[sp] = 0; an[sp] = 0; au[sp] = 0
}

/* ------------------------------------------------------------------------------------------
 * Executor worker (executor.cc WorkerLoop): takes the queue's first entry and runs it: a
 * compression task (which never blocks on anything), or a turn of a column's strand
 * (ColumnDriver::RunOne), in which the column's writers run on this worker.
 * ---------------------------------------------------------------------------------------- */
proctype Worker() {
    byte w;            /* the queue entry taken */
    byte c;            /* the column whose turn this worker runs */
    byte msg;          /* kind of the message being processed (0: none) */
    bit rf;            /* in SequenceUniverse::RunFirst: alive[0]'s parked work runs next */
    bit stop;          /* Process returned "stopped" (finished or failed) */
    bit left;          /* RunOne took a message left in the closed slot */

end_idle:              /* Executor::WorkerLoop: parked on an empty queue */
    do
    :: atomic {
        exq?w ->
        if
        :: w >= STRAND ->
            c = w - STRAND;
            w = 0;
            goto ColumnDriver_RunOne
        :: else ->
            /* task: if (!state->claimed.exchange(true)) run it (a task its waiter claimed
             * has left the queue, see WRITE_OLDEST) */
            assert(ts[w] == TQ);
            ts[w] = TR
        fi
       };
       if
       :: slow[w / 3] -> timeout   /* the slowest column: done only when all else waits */
       :: else -> skip
       fi;
       atomic { Compress(w); w = 0 }
    od;

ColumnDriver_RunOne:
    atomic {
    /* lock; if (!closed_) message = TakeSlot(); changed_.notify_all(): the slot is free, the
     * caller may send the next message while this turn runs */
    assert(sched[c]);
    if
    :: !closed[c] ->
        assert(mfull[c]);
        msg = mkind[c];
        ac[0] = mcode[c]; ad[0] = mdepth[c];
        af[0] = mfirst[c]; an[0] = (msg == CHUNK_MSG -> 1 : 0); au[0] = mbytes[c];
        TakeSlot(c);
        op[0] = (msg == CHUNK_MSG -> WR : FI);
        pos[0] = ENTRY;
        sp = 0
    :: else -> goto RunOne_end             /* ~ColumnDriver took the message */
    fi
    };

ColumnDriver_Process:
    /* writer_->Write(...) / writer_->Finish(...): atomic until it blocks ("atomic runs") */
    atomic {
    do
    :: atomic { rf -> RunFirstStep() }    /* RunFirst, inside the Remove/Park that began it */
    :: else ->
    if
    :: sp == TOP -> break

    /* ---------------- FlatWriter ---------------- */
#ifdef MUTANT_COLLAPSE_ON_WORKER
    :: atomic {   /* MUTANT: FileSegmentSink::Write blocks in SequenceId::Collapse, then appends */
        KIND == FLAT && op[sp] == WR && (alive[0] == ac[sp] || cancelled) ->
        if
        :: cancelled -> goto Process_failed
        :: else -> skip
        fi;
        xp = PACK(TAG_DATA, c, af[sp], an[sp], 0);
        AppendParked(xp);
        xp = 0;
        Release(ac[sp], ad[sp]);
        Unreserve(au[sp]);                          /* held.Release() */
        Return()
    }
#else
    :: atomic {   /* FlatWriter::Write -> FileSegmentSink::Write: Park(segment, held) */
        KIND == FLAT && op[sp] == WR ->
        if
        :: cancelled -> goto Process_failed         /* universe status or status_: an error */
        :: cancelled ->                             /* cancelled after that check: Park runs */
            Release(ac[sp], ad[sp]);                /* on_turn(error) at once, Write is OK */
            Unreserve(au[sp]);
            dropped = 1
        :: !cancelled ->
            xp = PACK(TAG_DATA, c, af[sp], an[sp], au[sp]);
            Park(ac[sp], ad[sp], xp)
        fi;
        au[sp] = 0;                                 /* `held` went with the segment */
        Return()
    }
#endif
    :: atomic {   /* FlatWriter::Finish: the EOF pointer is dropped */
        KIND == FLAT && op[sp] == FI ->
        Release(ac[sp], ad[sp]);
        Return()
    }

    /* ---------------- RepartitionWriter ---------------- */
    :: atomic {   /* RepartitionWriter::Write: ptr = id.Descend(); queue_.Push */
        KIND == REPART && op[sp] == WR && pos[sp] == ENTRY ->
        Descend(ac[sp], ad[sp], lc[sp], ld[sp]);
        assert(qn == 0 || qf + qn == af[sp]);
        if
        :: qn == 0 -> qf = af[sp]
        :: else -> skip
        fi;
        qn = qn + an[sp]; qu = qu + au[sp];
        af[sp] = 0; an[sp] = 0; au[sp] = 0;
        pos[sp] = LOOP
    }
    :: atomic {   /* RepartitionWriter::Write: while a block is full, Emit(ptr); else return */
        KIND == REPART && op[sp] == WR && pos[sp] == LOOP ->
        if
        :: qn >= R ->
            xk = CHILD;
            Advance(lc[sp], ld[sp], ac[xk], ad[xk]);
            af[xk] = qf; an[xk] = R;
            if   /* Reservation::SplitShare(rows, queue_.rows()) */
            :: R >= qn -> au[xk] = qu
            :: else -> au[xk] = qu * R / qn
            fi;
            qu = qu - au[xk]; qf = qf + R; qn = qn - R;
            if
            :: qn == 0 -> qf = 0
            :: else -> skip
            fi;
            Call(xk, WR, LOOP)
        :: else ->
            Release(lc[sp], ld[sp]);
            Return()
        fi
    }
    :: atomic {   /* RepartitionWriter::Finish: Emit the tail under eof.SplitOff() */
        KIND == REPART && op[sp] == FI && pos[sp] == ENTRY ->
        if
        :: qn > 0 ->
            xk = CHILD;
            SplitOff(ac[sp], ad[sp], lc[sp], ld[sp]);
            Advance(lc[sp], ld[sp], ac[xk], ad[xk]);
            af[xk] = qf; an[xk] = qn; au[xk] = qu;
            qf = 0; qn = 0; qu = 0;
            Call(xk, WR, FINISH_CHILD)
        :: else -> pos[sp] = FINISH_CHILD
        fi
    }
    :: atomic {   /* RepartitionWriter::Finish: child_->Finish(eof) */
        KIND == REPART && op[sp] == FI && pos[sp] == FINISH_CHILD ->
        Release(lc[sp], ld[sp]);
        PassDown();
        Call(CHILD, FI, DONE)
    }
    :: atomic {
        KIND == REPART && op[sp] == FI && pos[sp] == DONE -> Return()
    }

    /* ---------------- CompressWriter ---------------- */
    :: atomic {   /* CompressWriter::Write: Submit (SubmitRunnableByWaiter); ptr = id.Descend() */
        KIND == COMPRESS && op[sp] == WR && pos[sp] == ENTRY ->
        assert(cn < CW);
        xj = (ch + cn) % 2;
        xt = c * 3 + xj;
        assert(ts[xt] == TF);
        cef[xj] = af[sp]; cen[xj] = an[sp]; ceu[xj] = au[sp];
        tin[xt] = au[sp];
        cn++;
        ts[xt] = TQ;
        exq!xt;
        af[sp] = 0; an[sp] = 0; au[sp] = 0;
        Descend(ac[sp], ad[sp], lc[sp], ld[sp]);
        pos[sp] = LOOP
    }
    :: atomic {   /* CompressWriter::Write: while in_flight_.size() > kCompressWindow - 1 */
        KIND == COMPRESS && op[sp] == WR && pos[sp] == LOOP ->
        if
        :: cn > CW - 1 -> pos[sp] = WRITE_OLDEST
        :: else ->
            Release(lc[sp], ld[sp]);
            Return()
        fi
    }
    :: atomic {   /* CompressWriter::Finish: while (!in_flight_.empty()) WriteOldest(eof) */
        KIND == COMPRESS && op[sp] == FI && pos[sp] == ENTRY ->
        if
        :: cn > 0 -> pos[sp] = WRITE_OLDEST
        :: else ->
            PassDown();
            Call(CHILD, FI, DONE)
        fi
    }
    :: atomic {   /* WriteOldest: Wait on a task no worker has started: claim it, run it here */
        KIND == COMPRESS && pos[sp] == WRITE_OLDEST && ts[c * 3 + ch] == TQ ->
#ifdef PROBE_WAITER_RUNS
        assert(0);                          /* probe: a column runs its own compression */
#endif
        xt = c * 3 + ch;
        exq??eval(xt);
        ts[xt] = TW
    }
    :: atomic {   /* ... the column's worker runs the compression (run_by_waiter) */
        KIND == COMPRESS && pos[sp] == WRITE_OLDEST && ts[c * 3 + ch] == TW &&
        (!slow[c] || timeout) ->
        xt = c * 3 + ch;
        Compress(xt)
    }
#ifdef PROBE_WAIT_BLOCKS
    :: atomic {   /* probe: the column must wait for a compression a worker runs */
        KIND == COMPRESS && pos[sp] == WRITE_OLDEST && ts[c * 3 + ch] == TR -> assert(0)
    }
#endif
    :: atomic {   /* WriteOldest: Wait returns (ready_cv), then child_->Write(ptr.Advance()) */
        KIND == COMPRESS && pos[sp] == WRITE_OLDEST && ts[c * 3 + ch] == TD ->
        xt = c * 3 + ch;
        xk = CHILD;
        ts[xt] = TF;
        Unreserve(ceu[ch]);                 /* oldest.held.Release() */
        Reserve(tout[xt]);                   /* ctx_.buffered.Reserve(compressed->nbytes()) */
        au[xk] = tout[xt]; af[xk] = cef[ch]; an[xk] = cen[ch];
        tout[xt] = 0; tin[xt] = 0; cef[ch] = 0; cen[ch] = 0; ceu[ch] = 0;
        cn--;
        ch = (cn == 0 -> 0 : 1 - ch);
        if
        :: op[sp] == WR ->
            Advance(lc[sp], ld[sp], ac[xk], ad[xk]);
            Call(xk, WR, LOOP)
        :: else ->
            Advance(ac[sp], ad[sp], ac[xk], ad[xk]);
            Call(xk, WR, ENTRY)
        fi
    }
    :: atomic {
        KIND == COMPRESS && op[sp] == FI && pos[sp] == DONE -> Return()
    }

    /* ---------------- BufferedWriter ---------------- */
    :: atomic {   /* BufferedWriter::Write: hold the chunk; Flush(id.Descend()) once full */
        KIND == BUFFERED && op[sp] == WR && pos[sp] == ENTRY ->
        assert(bk < W + 2);
        if
        :: bk == 0 -> bf = af[sp]
        :: else -> skip
        fi;
        ben[bk] = an[sp]; beu[bk] = au[sp]; bk++; bb = bb + au[sp];
        af[sp] = 0; an[sp] = 0; au[sp] = 0;
#ifdef MUTANT_KEEP_OLD_ID
        /* MUTANT: keep the first held chunk's id until the flush (the reviewed PR's writer) */
        if
        :: kc == 0 -> kc = ac[sp]; kd = ad[sp]; ac[sp] = 0; ad[sp] = 0
        :: else -> skip
        fi;
        if
        :: bb >= W ->
            Release(ac[sp], ad[sp]);
            Descend(kc, kd, lc[sp], ld[sp]);
            bi = 0; pos[sp] = FLUSH
        :: else ->
            Release(ac[sp], ad[sp]);
            Return()
        fi
#elif defined(MUTANT_KEEP_NEWEST)
        /* MUTANT: keep only the newest id while waiting for more input (DESIGN.md's wording) */
        Release(kc, kd);
        kc = ac[sp]; kd = ad[sp]; ac[sp] = 0; ad[sp] = 0;
        if
        :: bb >= W ->
            Descend(kc, kd, lc[sp], ld[sp]);
            bi = 0; pos[sp] = FLUSH
        :: else -> Return()
        fi
#else
        if
        :: bb >= W ->
            Descend(ac[sp], ad[sp], lc[sp], ld[sp]);
            bi = 0; pos[sp] = FLUSH
        :: else ->
            Release(ac[sp], ad[sp]);             /* no id is kept once Write returns */
            Return()
        fi
#endif
    }
    :: atomic {   /* BufferedWriter::Flush: each held chunk under ptr.Advance() */
        KIND == BUFFERED && pos[sp] == FLUSH ->
        if
        :: bi < bk ->
            xk = CHILD;
            Advance(lc[sp], ld[sp], ac[xk], ad[xk]);
            af[xk] = bf; an[xk] = ben[bi]; au[xk] = beu[bi];
            bf = bf + ben[bi]; bb = bb - beu[bi];
            ben[bi] = 0; beu[bi] = 0;
            bi++;
            Call(xk, WR, FLUSH)
        :: else ->
            bk = 0; bi = 0; bf = 0;
            Release(lc[sp], ld[sp]);
            if
            :: op[sp] == WR -> Return()
            :: else -> pos[sp] = FINISH_CHILD
            fi
        fi
    }
    :: atomic {   /* BufferedWriter::Finish: Flush(eof.SplitOff()) what is held */
        KIND == BUFFERED && op[sp] == FI && pos[sp] == ENTRY ->
        if
        :: bk > 0 ->
#if defined(MUTANT_KEEP_OLD_ID) || defined(MUTANT_KEEP_NEWEST)
            Release(kc, kd);
#endif
            SplitOff(ac[sp], ad[sp], lc[sp], ld[sp]);
            bi = 0; pos[sp] = FLUSH
        :: else -> pos[sp] = FINISH_CHILD
        fi
    }
    :: atomic {   /* BufferedWriter::Finish: child_->Finish(eof) */
        KIND == BUFFERED && op[sp] == FI && pos[sp] == FINISH_CHILD ->
        PassDown();
        Call(CHILD, FI, DONE)
    }
    :: atomic {
        KIND == BUFFERED && op[sp] == FI && pos[sp] == DONE -> Return()
    }

    /* ---------------- DictWriter ---------------- */
    :: atomic {   /* DictWriter::Write: the first chunk decides (DictPays) */
        KIND == DICT && op[sp] == WR && pos[sp] == ENTRY ->
        if
        :: dmode == 0 ->
            if
            :: dmode = 1
            :: dmode = 2
            fi
        :: else -> skip
        fi;
        if
        :: dmode == 2 ->                         /* fallback_writer_->Write(id, chunk, held) */
            PassDown();
            Call(CHILD, WR, DONE)
        :: else ->
            Descend(ac[sp], ad[sp], lc[sp], ld[sp]);
            pos[sp] = LOOP
        fi
    }
    :: atomic {   /* DictWriter::Write loop: builder_->Append(rest); codes_writer_->Write */
        KIND == DICT && op[sp] == WR && pos[sp] == LOOP ->
        if      /* the batch brings 0 or 1 units of new distinct values */
        :: xt = 0
        :: xt = 1
        fi;
        if
        :: dv + xt <= DV ->
            dv = dv + xt;
            TakeHeld(xt);                        /* values_held_ grows */
            drun++;
            dend = af[sp] + an[sp];
            xk = CHILD;
            TakeHeld(1);                         /* codes: TakeHeld(held, .., codes->nbytes()) */
            Advance(lc[sp], ld[sp], ac[xk], ad[xk]);
            af[xk] = af[sp]; an[xk] = an[sp]; au[xk] = 1;
            Call(xk, WR, DICT_RETURN)
        :: else ->
            dafter = LOOP;                          /* the batch does not fit: close, retry */
            pos[sp] = CLOSE_DICT
        fi;
        xt = 0
    }
    :: atomic {   /* DictWriter::Write returns: ptr and what is left of `held` are dropped */
        KIND == DICT && op[sp] == WR && pos[sp] == DICT_RETURN ->
        Release(lc[sp], ld[sp]);
        Unreserve(au[sp]);
        Return()
    }
    :: atomic {   /* CloseDictionary: codes_writer_->Finish(ptr.SplitOff()) */
        KIND == DICT && pos[sp] == CLOSE_DICT ->
        xk = CHILD;
        SplitOff(lc[sp], ld[sp], ac[xk], ad[xk]);
        Call(xk, FI, CLOSE_DICT_VALUES)
    }
    :: atomic {   /* CloseDictionary: values_writer->Write(ptr.Advance()), Finish(ptr.SplitOff()) */
        KIND == DICT && pos[sp] == CLOSE_DICT_VALUES ->
        Advance(lc[sp], ld[sp], xtc, xtd);
        Release(xtc, xtd);                         /* CompressWriter::Write's ptr, dropped */
        SplitOff(lc[sp], ld[sp], ac[SL], ad[SL]);
        au[SL] = dv; dv = 0;                     /* std::move(values_held_) */
        af[SL] = TAG_VALUES;
        Call(SL, WR, CLOSE_DICT_NEXT)
    }
    :: atomic {
        KIND == DICT && pos[sp] == CLOSE_DICT_NEXT ->
        dclosed[c]++;
        drun = 0;
        pos[sp] = dafter;
        dafter = 0
    }
    :: atomic {   /* DictWriter::Finish */
        KIND == DICT && op[sp] == FI && pos[sp] == ENTRY ->
        if
        :: dmode != 1 ->                         /* fallback_writer_->Finish(eof) */
            PassDown();
            Call(CHILD, FI, DONE)
        :: dmode == 1 && drun > 0 ->
            SplitOff(ac[sp], ad[sp], lc[sp], ld[sp]);
            dafter = FINISH_END;
            pos[sp] = CLOSE_DICT
        :: dmode == 1 && drun == 0 -> pos[sp] = FINISH_END
        fi
    }
    :: atomic {
        KIND == DICT && op[sp] == FI && pos[sp] == FINISH_END ->
        Release(lc[sp], ld[sp]);
        Release(ac[sp], ad[sp]);
        Return()
    }
    :: atomic {
        KIND == DICT && pos[sp] == DONE -> Return()
    }

    /* ---------------- ZonedWriter ---------------- */
    :: atomic {   /* ZonedWriter::Write: CloseZone (local), data_->Write(id, chunk, held) */
        KIND == ZONED && op[sp] == WR && pos[sp] == ENTRY ->
        zany = 1;
        PassDown();
        Call(CHILD, WR, DONE)
    }
    :: atomic {
        KIND == ZONED && pos[sp] == DONE -> Return()
    }
    :: atomic {   /* ZonedWriter::Finish: data_->Finish(eof.SplitOff()) */
        KIND == ZONED && op[sp] == FI && pos[sp] == ENTRY ->
        xk = CHILD;
        SplitOff(ac[sp], ad[sp], ac[xk], ad[xk]);
        Call(xk, FI, ZONE_TABLE)
    }
    :: atomic {   /* ZonedWriter::Finish: the table, Write(eof.Advance()), Finish(eof.SplitOff()) */
        KIND == ZONED && op[sp] == FI && pos[sp] == ZONE_TABLE ->
        if
        :: zany ->
            Reserve(ZT);
            Advance(ac[sp], ad[sp], xtc, xtd);
            Release(xtc, xtd);
            SplitOff(ac[sp], ad[sp], ac[SL], ad[SL]);
            au[SL] = ZT;
            af[SL] = TAG_ZONES;
            Call(SL, WR, FINISH_END)
        :: else -> pos[sp] = FINISH_END
        fi
    }
    :: atomic {
        KIND == ZONED && op[sp] == FI && pos[sp] == FINISH_END ->
        Release(ac[sp], ad[sp]);
        Return()
    }

    /* ---- SIDE: CompressWriter -> FlatWriter written once then finished (values, zones) ---- */
    :: atomic {   /* CompressWriter::Write: Submit */
        sp == SL && pos[SL] == ENTRY ->
        xt = c * 3 + 2;
        assert(ts[xt] == TF);
        tin[xt] = au[SL];
        ts[xt] = TQ;
        exq!xt;
        pos[SL] = WRITE_OLDEST
    }
    :: atomic {   /* CompressWriter::Finish -> WriteOldest(eof): Wait claims an unstarted task */
        sp == SL && pos[SL] == WRITE_OLDEST && ts[c * 3 + 2] == TQ ->
#ifdef PROBE_WAITER_RUNS
        assert(0);
#endif
        xt = c * 3 + 2;
        exq??eval(xt);
        ts[xt] = TW
    }
    :: atomic {   /* ... and runs it */
        sp == SL && pos[SL] == WRITE_OLDEST && ts[c * 3 + 2] == TW && (!slow[c] || timeout) ->
        xt = c * 3 + 2;
        Compress(xt)
    }
    :: atomic {   /* Wait returns */
        sp == SL && pos[SL] == WRITE_OLDEST && ts[c * 3 + 2] == TD ->
        xt = c * 3 + 2;
        ts[xt] = TF;
        Unreserve(au[SL]);
        au[SL] = tout[xt];
        Reserve(au[SL]);
        tout[xt] = 0; tin[xt] = 0;
        Advance(ac[SL], ad[SL], lc[SL], ld[SL]);
        pos[SL] = SIDE_PARK
    }
#ifdef MUTANT_COLLAPSE_ON_WORKER
    :: atomic {   /* MUTANT: FlatWriter::Write: Collapse, append */
        sp == SL && pos[SL] == SIDE_PARK && (alive[0] == lc[SL] || cancelled) ->
        if
        :: cancelled -> goto Process_failed
        :: else -> skip
        fi;
        xp = PACK(af[SL], c, (af[SL] == TAG_VALUES -> dend : 0), 0, 0);
        AppendParked(xp);
        xp = 0;
        Release(lc[SL], ld[SL]);
        Unreserve(au[SL]);
        au[SL] = 0;
        Release(ac[SL], ad[SL]);
        Return()
    }
#else
    :: atomic {   /* FlatWriter::Write -> FileSegmentSink::Write: Park; Finish drops eof */
        sp == SL && pos[SL] == SIDE_PARK ->
        if
        :: cancelled -> goto Process_failed
        :: cancelled ->
            Release(lc[SL], ld[SL]);
            Unreserve(au[SL]);
            dropped = 1
        :: !cancelled ->
            xp = PACK(af[SL], c, (af[SL] == TAG_VALUES -> dend : 0), 0, au[SL]);
            Park(lc[SL], ld[SL], xp)
        fi;
        au[SL] = 0;
        Release(ac[SL], ad[SL]);
        Return()
    }
#endif
    fi
    od;

    /* Process returns: a finished writer (result_) stops the strand, a written chunk does not */
    if
    :: msg == FINISH_MSG -> stopped[c] = 1; stop = 1      /* Stop() */
    :: else -> skip
    fi;
    goto Process_end;

Process_failed:
    /* writer_->Write/Finish returned an error: universe_->Cancel(status_); Stop() */
    assert(!rf);
    dfailed[c] = 1;
    Cancel();
    stopped[c] = 1;
    stop = 1;
Process_end:
    working--;                                /* buffered.EndWork() */
    msg = 0
    };

RunOne_end:
    /* first lock of the end: if (stop) closed_; if (closed_) left = TakeSlot() */
    atomic {
    if
    :: stop -> closed[c] = 1
    :: else -> skip
    fi;
    if
    :: closed[c] && mfull[c] -> TakeSlot(c); left = 1
    :: else -> skip
    fi;
    stop = 0
    };
    /* still scheduled, so the driver and the writer's BufferedBytes exist: if (left)
     * buffered.EndWork() (and the message goes) */
    if
    :: left ->
#ifdef CHECK_LIFETIME
        assert(!gone);                        /* the writer's BufferedBytes still exists */
#endif
        working--;
        left = 0
    :: else -> skip
    fi;
    /* last lock: if (slot_) Spawn(RunOne) (to the back of the queue: columns take turns);
     * else scheduled_ = false */
    atomic {
    if
    :: mfull[c] -> exq!(STRAND + c)
    :: else -> sched[c] = 0
    fi;
    c = 0
    };
    goto end_idle
}

/* ------------------------------------------------------------------------------------------
 * The caller: FileWriter::Open, Write (x NB), Finish, or an early drop; then the writer is
 * destroyed. One Write is one batch (EmitBatches cuts it as it arrived), one unit per column.
 * ---------------------------------------------------------------------------------------- */

/* ColumnDriver::Send: BeginWork; wait while the slot is full; put the message in; Spawn a
 * RunOne task unless the strand is scheduled. Closed: EndWork, return Join(). */
inline Send(i, mk, xc, xd, f, bytes) {
#ifdef PROBE_SEND_BLOCKS
    assert(!(mfull[i] && !closed[i]));        /* reachability probe: Send must wait */
#endif
#ifdef PROBE_SLOW_BACKPRESSURE
    caller_blocked = (mfull[i] && !closed[i]);
#endif
    atomic {
        (!mfull[i] || closed[i]) ->
#ifdef PROBE_SLOW_BACKPRESSURE
        caller_blocked = 0;
#endif
        if
        :: closed[i] -> sendfail = 1          /* the message dies with Send */
        :: else ->
            working++;                          /* buffered_.BeginWork() */
            mfull[i] = 1; mkind[i] = mk; mcode[i] = xc; mdepth[i] = xd;
            mfirst[i] = f; mbytes[i] = bytes;
            xc = 0; xd = 0;
            if
            :: !sched[i] -> sched[i] = 1; exq!(STRAND + i)
            :: else -> skip
            fi
        fi
    };
    if
    :: sendfail -> (stopped[i] && !sched[i])   /* return Join() */
    :: else -> skip
    fi
}

proctype Caller() {
    int dc, ec, bc, pc, mc;     /* data/eof pointers, batch id, struct ptr, message id */
    byte dd, ed, bd, pd, md;
    byte k, i;
    bit sendfail, failed;
    bit rf;                     /* Release's RunFirst flag: the caller's releases never make a
                                 * parked id first (its ids order after all it hands out) */

    atomic {
    skip;
FileWriter_Open:
    atomic {
        ec = UNIT(1); ed = 1; Mint(ec);          /* SequenceId::Root() = [0] */
        SplitOff(ec, ed, dc, dd)                 /* (data, eof) = Split(): [0,0], [1] */
    }
    do
    :: k < NB ->
#ifdef DROP
        if
        :: goto FileWriter_drop                  /* the writer is destroyed before Finish */
        :: skip
        fi;
#endif
FileWriter_Write:
        /* BufferedBytes::WaitAtMost(budget - bytes, stop = universe cancelled) */
#ifdef PROBE_BUDGET_WAIT
        assert(cur + CHUNK <= BUDGET || working == 0 || cancelled);   /* probe: it must wait */
#endif
#ifdef PROBE_SLOW_BACKPRESSURE
        caller_blocked = !(cur + CHUNK <= BUDGET || working == 0 || cancelled);
#endif
        atomic {
            (cur + CHUNK <= BUDGET || working == 0 || cancelled) ->
#ifdef PROBE_SLOW_BACKPRESSURE
            caller_blocked = 0;
#endif
            if
            :: cancelled -> failed = 1; goto FileWriter_drop
            :: else -> skip
            fi;
            Reserve(CHUNK);                      /* pending_held, then the batch's `held` */
            /* EmitBatches: root->Write(data.Advance(), batch); StructWriter::Write Descend */
            Advance(dc, dd, bc, bd);
            Descend(bc, bd, pc, pd);
            assert(!rf);
            i = 0
        };
StructWriter_Write:
        do
        :: i < NC ->
            atomic { Advance(pc, pd, mc, md) };  /* ChunkMessage{ptr.Advance(), column, part} */
            Send(i, CHUNK_MSG, mc, md, k, 1);
            if
            :: sendfail ->                       /* Write fails: s.failed, universe->Cancel */
                atomic { Release(mc, md); Release(pc, pd); assert(!rf); failed = 1; Cancel() };
                goto FileWriter_drop
            :: else -> i++
            fi
        :: else -> break
        od;
        atomic { Release(pc, pd); assert(!rf); k++; i = 0 }
    :: else -> break
    od;

FileWriter_Finish:
    atomic { Release(dc, dd); assert(!rf) };     /* s.data = SequencePointer() */
StructWriter_Finish:
    do
    :: i < NC ->
        atomic { SplitOff(ec, ed, mc, md); assert(!rf) };   /* FinishMessage{eof.SplitOff()} */
        Send(i, FINISH_MSG, mc, md, 0, 0);
        if
        :: sendfail -> atomic { Release(mc, md); assert(!rf); sendfail = 0; failed = 1 }
        :: else -> skip
        fi;
        i++
    :: else -> break
    od;
    atomic { Release(ec, ed); assert(!rf); i = 0 };   /* eof = SequencePointer() */
    do                                           /* driver->Join(): stopped_ && !scheduled_ */
    :: i < NC -> (stopped[i] && !sched[i]); i++
    :: else -> break
    od;
    /* Finish returns: every segment is in the file, in order, nothing left alive */
    atomic {
        i = 0;
        do
        :: i < NC ->
            failed = failed || dfailed[i];
            i++
        :: else -> break
        od;
        failed = failed || sink_failed || dropped;   /* TakeSpecs: status_, kUnwritten */
#ifndef SINK_ERROR
        assert(!failed);
#endif
        if
        :: !failed ->
            i = 0;
            do
            :: i < NC ->
                assert(nextb[i] == NB);
                assert(!zoned_col[i] || zseg[i] == 1);
                assert(vseg[i] == dclosed[i]);
                i++
            :: else -> break
            od;
            assert(na == 0 && !frun && cur == 0 && working == 0);
            assert(len(exq) == 0)
        :: else -> skip
        fi;
        i = 0
    };
    goto FileWriter_destroy;

FileWriter_drop:
    /* ~State: universe Cancel; ~StructWriter: Cancel (a no-op by then) */
    atomic { Cancel(); i = 0 };
FileWriter_destroy:
    /* drivers_.clear(): each ~ColumnDriver closes the slot, takes what is left in it
     * (EndWork), and waits until no turn of its strand is queued or running */
    do
    :: i < NC ->
        atomic {
            closed[i] = 1;
            if
            :: mfull[i] -> TakeSlot(i); working--
            :: else -> skip
            fi
        };
        (!sched[i]);
        i++
    :: else -> break
    od;
    /* P6: every strand has ended; then State's members (BufferedBytes, the sink) go */
    atomic {
        i = 0;
        do
        :: i < NC -> assert(!sched[i] && !mfull[i]); i++
        :: else -> break
        od;
        i = 0;
        gone = 1
    };
FileWriter_end:
    skip
    }
}

init {
    byte c;
    atomic {
        unitv[DEPTH] = 1;
        c = DEPTH;
        do
        :: c > 0 -> unitv[c - 1] = unitv[c] * RADIX; c--
        :: else -> break
        od;
        SETUP_TREE;
        slow[0] = SLOW0;
        c = 0;
        do
        :: c < NC ->
            zoned_col[c] = (kind[c * NL] == ZONED);
            c++
        :: else -> break
        od;
        c = 0;
        do
        :: c < NW -> run Worker(); c++
        :: else -> break
        od;
        run Caller()
    }
}
