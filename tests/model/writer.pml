/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: Copyright the vortex-cpp contributors */
/*
 * writer.pml: a SPIN model of the push writer's concurrency protocol. Run ./check.sh.
 *
 * WHAT IS MODELLED (from the code; where DESIGN.md section 4 differs, see the end)
 *  - The caller: FileWriter::Open, Write x NB, Finish, or an early drop (the writer destroyed
 *    before Finish). One Write is one batch of CHUNK = NC units, one unit per column.
 *  - StructWriter: one ColumnDriver thread per column behind a capacity-one Mailbox; the
 *    caller sends each batch to columns 0..NC-1 in turn and blocks in Send while a column's
 *    previous message still waits. Siblings therefore run concurrently.
 *  - In each driver, the column's chain of writers. Their synchronous child_->Write/Finish
 *    calls run on a small stack machine (one frame per level). Every id operation of the code
 *    is there: Advance, Descend, SplitOff, Release, ids dropped at scope end. It works on the
 *    ordered set of alive ids; FileSegmentSink::Write waits in Collapse until its id is the
 *    smallest alive one.
 *  - CompressWriter: kCompressWindow = 2 tasks per column on an Executor of NW workers (FIFO).
 *    A task completes at any moment SPIN picks (columns compress at nondeterministic speeds).
 *    The tasks of a "slow" column complete only when nothing else can move (timeout): its
 *    compression finishes last.
 *  - BufferedBytes: every Reserve and Release of the code on one counter (cur), BeginWork /
 *    EndWork (working), and Write's WaitAtMost: it waits while cur > budget - chunk and work is
 *    in flight.
 *  - Failure: SequenceUniverse::Cancel (wakes Collapse), Mailbox::Close, the drivers' drain,
 *    the drop path (~State, ~StructWriter, ~ColumnDriver), and a WriteSink that fails.
 *
 * PROPERTIES (pan -DSAFETY: assertions and invalid end states)
 *  P1 No deadlock. The only valid end state of a blocked process is an idle executor worker
 *     (label end_idle); drivers and the caller must terminate.
 *  P2 No lost or duplicated chunk. Each column's data segments cover its batches exactly once
 *     and in order (FLAT asserts the chunk starts at nextb[c]; Finish asserts nextb[c] == NB).
 *     A dictionary's values come after its codes. There is one zone table per zoned column,
 *     after all of its data.
 *  P3 Sequence order. Segments are appended in increasing id order. No id is minted twice,
 *     and none is minted that orders before an appended segment (Mint).
 *  P4 Budget. cur <= budget + the chunk being written, checked at every Reserve.
 *  P5 Finish returns only after every segment is appended, with no id alive, no byte held
 *     and no task queued.
 *  P6 An early drop or a failing sink ends every driver (the caller joins them all).
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
 *   sink_error         {chunked->compress->buffered->flat,            2  4  1 2 -  2  8
 *                       zoned->compress->flat}, any append may fail
 *   drop_buf_chk       buf_chk; the caller may drop the writer before any Write
 *   drop_dict_zoned    dict_zoned, likewise
 *   dict_budget        default_tree with NB = 4, where P4 used to fail (see "Code versus
 *                      docs" 1)
 *  SHRINK: a compressed chunk is its input's size or half of it; otherwise it equals its
 *  input (compression never grows a chunk: assumed).
 *
 * ABSTRACTIONS (and why they are sound for P1-P6)
 *  - Atomic runs. A driver runs atomically from one blocking point to the next (Receive,
 *    Collapse, TaskHandle::Wait); so does the caller (WaitAtMost, Send, Join). The dropped
 *    interleavings cannot change which waits are enabled. An id minted during a run is a
 *    sibling of an alive pointer or a child of an alive id, so it orders after the smallest
 *    alive id. Descend registers the child before releasing the parent, as the code does.
 *    One caveat: two processes' transient over-counts never coincide in the model. The only
 *    transient in the code (DictWriter: codes and new values beyond what the input held)
 *    sits in one driver's run.
 *  - Whole batches. EmitBatches, RowQueue and zone cutting are local. A repartition block is
 *    R whole batches. A dictionary closes before a batch that does not fit; it never splits
 *    one.
 *  - Not modelled: nested structs, a nullable struct's validity column (one more
 *    chunked->compress->flat column), the sizes of zone statistics (a table is 1 unit), and
 *    Write/Finish called from a worker of the same executor (executor.h forbids blocking
 *    there).
 *
 * MODEL LABEL / STATE -> CODE (src/vortex/...)
 *  Caller: FileWriter_Open       file/file_writer.cc FileWriter::Open (Root().Split())
 *  Caller: FileWriter_Write      FileWriter::Write -> layout/write/buffered_bytes.cc
 *                                BufferedBytes::WaitAtMost; EmitBatches
 *  Caller: StructWriter_Write    layout/write/struct_writer.cc StructWriter::Write
 *  inline Send                   ColumnDriver::Send -> layout/write/mailbox.h Mailbox::Send
 *  Caller: FileWriter_Finish     FileWriter::Finish (s.data = SequencePointer())
 *  Caller: StructWriter_Finish   StructWriter::Finish (FinishMessage, eof release, Join)
 *  Caller: FileWriter_drop       FileWriter::State::~State, ~StructWriter, ~ColumnDriver
 *  Driver: ColumnDriver_Run      ColumnDriver::Run: Mailbox::Receive, writer_->Write/Finish
 *  Driver: Run_failed, Run_closed, Run_cancel, Run_end
 *                                ColumnDriver::Run's exits: Cancel, Close, drain, return
 *  FLAT  WR                      layout/write/flat_writer.cc FlatWriter::Write ->
 *                                file_writer.cc FileSegmentSink::Write ->
 *                                layout/sequence/sequence_id.cc SequenceId::Collapse
 *  REPART ENTRY/LOOP/FINISH_CHILD  flat_writer.cc RepartitionWriter::Write/Emit/Finish
 *  COMPRESS ENTRY/LOOP/WRITE_OLDEST  CompressWriter::Write/Submit/WriteOldest (Wait)
 *  BUFFERED ENTRY/FLUSH/FINISH_CHILD BufferedWriter::Write/Flush/Finish
 *  DICT  LOOP/DICT_RETURN/CLOSE_DICT/CLOSE_DICT_VALUES/CLOSE_DICT_NEXT/FINISH_END
 *                                layout/write/dict_writer.cc DictWriter::Write,
 *                                CloseDictionary, Finish
 *  ZONED ENTRY/ZONE_TABLE/FINISH_END layout/write/zoned_writer.cc ZonedWriter::Write/Finish
 *  SIDE  ENTRY/WRITE_OLDEST/SIDE_COLLAPSE  the CompressWriter -> FlatWriter that
 *                                CloseDictionary and ZonedWriter::Finish write once
 *  Worker: end_idle              io/executor.cc Executor::WorkerLoop
 *  Mint/Release/Advance/Descend/SplitOff  sequence_id.cc SequenceUniverse::Add/Remove,
 *                                SequencePointer::Advance, SequenceId::Descend, SplitOff
 *  Reserve/Unreserve, working    buffered_bytes.cc Reserve/Reservation::Release,
 *                                BeginWork/EndWork
 *  The code has matching "// model: ..." comments at these points.
 *
 * MUTANT AND PROBES (check.sh asserts that SPIN reports them)
 *  MUTANT_KEEP_OLD_ID: the BufferedWriter keeps its first held chunk's id until it flushes,
 *    as the reviewed reference PR's writers did. SPIN finds the seed's deadlock in buf_chk.
 *    Column a idles in Receive holding the id; b is blocked in Collapse behind it; the caller
 *    is blocked in Send to b.
 *  PROBE_SEND_BLOCKS, PROBE_BUDGET_WAIT, PROBE_SLOW_BACKPRESSURE assert that the caller never
 *    waits in Send, never waits in WaitAtMost, and is never held back by the slow column.
 *    SPIN refuting them shows that the pass runs really exercise those waits.
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
 *    codes_writer_->Write, which can block in Collapse): codes and new values now take their
 *    bytes out of `held` first (TakeHeld). At this bound SPIN finds either change alone
 *    enough for dict_budget; the code has both. dict_write_test.cc
 *    DictionaryColumnsStayWithinTheBufferedBytesBudget checks the bound on such tables.
 *  2 DESIGN: each node has Write(seq, chunk), Finish(seq), Close(). Code: LayoutWriter has
 *    Write(id, chunk, held) and Finish(eof pointer). FileWriter has Write, Finish (which
 *    closes the sink) and its destructor. There is no Close to model.
 *  3 DESIGN: a node "keeps only the newest" token while waiting for input. Code
 *    (layout_writer.h): a writer keeps NO id once Write returns. MUTANT_KEEP_NEWEST passes the
 *    configurations above. It deadlocks once the bytes that idle writers hold can exceed
 *    budget - chunk (e.g. -DCFG_BUF_CHK -DMAXBUF=6 -DMUTANT_KEEP_NEWEST): the caller waits in
 *    WaitAtMost for a column that waits behind the kept id. Item 1 makes such holdings
 *    possible, so only the code's stricter rule is safe.
 *  4 DESIGN: "Compression uses a bounded window of the executor." Code: each CompressWriter
 *    keeps up to 2 tasks in flight on the shared executor (1 between Writes). executor.h's
 *    TaskWindow, whose comment cites that sentence, is not used by the write path. The bound
 *    is 2 per compressing column (plus one values/zone-table task), not a fixed number of
 *    executor slots; the fixed number is the executor's workers (NW here).
 *  5 DESIGN's default tree: struct -> zoned -> chunked -> compress -> buffered -> flat. Code
 *    (DefaultWriteStrategy): struct -> zoned -> dict -> repartition -> compress -> buffered ->
 *    flat. Zone tables and dictionary values go through compress -> flat, and a nullable
 *    struct's validity through repartition -> compress -> flat.
 *  6 DESIGN: chunked "about 2 MB", buffered "about 1 MB". Code: block_bytes = 1 MiB,
 *    buffer_bytes = 2 MiB.
 *  7 DESIGN: "Every edge has capacity one." Code: only the struct -> column edges are queues
 *    (capacity one). Below a driver the writers call each other synchronously, and the
 *    compress window holds up to two chunks.
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

#ifdef CFG_BUDGET
/* Columns of chunked -> compress -> buffered -> flat with blocks of two batches and enough
 * batches that the compress windows plus the buffers fill the default budget: Write waits in
 * WaitAtMost (PROBE_BUDGET_WAIT shows it does). */
#define NC 3
#define NL 4
#define NB 8
#define R  2
#define W  3
#define NW 2
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

#define NF (NL + 1)   /* frames per driver: one per level, plus the SIDE frame */
#define SL NL         /* index of the SIDE frame */
#define TOP 255       /* "returned to ColumnDriver::Run" */
#define WR 1          /* frame op: LayoutWriter::Write */
#define FI 2          /* frame op: LayoutWriter::Finish */
#define CHUNK_MSG 1   /* struct_writer.cc ChunkMessage */
#define FINISH_MSG 2  /* struct_writer.cc FinishMessage */
#define TAG_VALUES 1  /* SIDE writes a dictionary's values */
#define TAG_ZONES 2   /* SIDE writes a zone table */

/* ------------------------------------------------------------------------------------------
 * Sequence ids (sequence_id.cc). A path [p1, .., pL] is the integer sum (p_i + 1) * 12^(8-i):
 * integer order is the paths' lexicographic order with a prefix before its extensions, as
 * SequencePath orders them (components up to 10, depth up to 8; asserted). An id is the pair
 * (code, depth L); UNIT(L) = 12^(8-L).
 * alive[] is SequenceUniverse::alive_, kept sorted: alive[0] is the smallest alive id.
 * ---------------------------------------------------------------------------------------- */
#define RADIX 12
#define DEPTH 8
#define UNIT(d) unitv[d]
#define NA 24

hidden int unitv[DEPTH + 1];   /* constant: set once by init */
int alive[NA];
byte na;
int last_seg;         /* the id of the last appended segment */
bit cancelled;        /* SequenceUniverse::Cancel was called */
bit sink_failed;      /* FileSegmentSink::status_ */

hidden byte xj, xt, xk;       /* scratch, always written before read inside one atomic step */
hidden int xtc;
hidden byte xtd;

/* SequenceUniverse::Add: register a newly minted id. */
inline Mint(x) {
    assert(na < NA);
    xj = na;
    do
    :: xj > 0 && alive[xj - 1] > x -> alive[xj] = alive[xj - 1]; xj--
    :: else -> break
    od;
    assert(xj == 0 || alive[xj - 1] != x);     /* "SequenceId minted twice" */
    alive[xj] = x;
    na++;
    /* Collapse's promise: once a segment is written no alive id orders before it, ever. */
    assert(x > last_seg)
}

/* SequenceId::Release / destructor (SequenceUniverse::Remove); an empty id (0) is a no-op. */
inline Release(x, xd) {
    if
    :: x != 0 ->
        xj = 0;
        do
        :: xj < na && alive[xj] != x -> xj++
        :: else -> break
        od;
        assert(xj < na);
        do
        :: xj + 1 < na -> alive[xj] = alive[xj + 1]; xj++
        :: else -> break
        od;
        na--;
        alive[na] = 0;
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

/* dict_writer.cc TakeHeld: x units out of the frame's input reservation (au[sp]) as far as
 * it goes, the rest reserved anew */
inline TakeHeld(x) {
    if
    :: au[sp] >= (x) -> au[sp] = au[sp] - (x)
    :: else -> Reserve((x) - au[sp]); au[sp] = 0
    fi
}

/* ------------------------------------------------------------------------------------------
 * Strategy tree, mailboxes, executor, outcome.
 * ---------------------------------------------------------------------------------------- */
byte kind[NC * NL];   /* kind[c * NL + level]; 0 = unused level */
bit slow[NC];

/* Mailbox<Message> per column (mailbox.h): capacity one. */
bit mfull[NC];
bit mclosed[NC];
byte mkind[NC];
int mcode[NC];
byte mdepth[NC];
byte mfirst[NC];
byte mbytes[NC];

#ifdef PROBE_SLOW_BACKPRESSURE
bit caller_blocked;   /* the caller waits in Send or WaitAtMost (only for this probe) */
#endif
bit ddone[NC];        /* the driver thread has ended (ColumnDriver::Join returns) */
bit dfailed[NC];      /* its status_ is an error */

/* Executor (executor.cc): a FIFO queue, NW workers. Task slot c*3+0/1: the data chain's
 * CompressWriter (kCompressWindow = 2 in flight), c*3+2: the SIDE compress of that column. */
chan exq = [3 * NC] of { byte };
byte tin[3 * NC];
byte tout[3 * NC];
bit tdone[3 * NC];

/* What reached the file. */
byte nextb[NC];       /* data segments of column c covered batches [0, nextb[c]) in order */
byte vseg[NC];        /* dictionary values segments of column c */
byte dclosed[NC];     /* dictionaries column c closed */
byte zseg[NC];        /* zone tables of column c */
bit zoned_col[NC];

/* ------------------------------------------------------------------------------------------
 * Executor worker: runs compression tasks in FIFO order. Compression never blocks on ids or
 * other tasks (the executor's rule), so a task just completes, at a time SPIN picks.
 * ---------------------------------------------------------------------------------------- */
proctype Worker() {
    byte w;
end_idle:                              /* Executor::WorkerLoop: parked on an empty queue */
    do
    :: exq?w ->
        if
        :: slow[w / 3] -> timeout      /* the slowest column: done only when all else waits */
        :: else -> skip
        fi;
        atomic {
#ifdef PROBE_SLOW_BACKPRESSURE
            /* reachability probe: the slow column's compression held the caller back */
            assert(!(slow[w / 3] && caller_blocked));
#endif
#ifdef SHRINK
            if
            :: tout[w] = tin[w]
            :: tin[w] > 1 -> tout[w] = (tin[w] + 1) / 2
            fi;
#else
            tout[w] = tin[w];          /* compressed size = input size */
#endif
            tdone[w] = 1;
            w = 0
        }
    od
}

/* ------------------------------------------------------------------------------------------
 * ColumnDriver (struct_writer.cc): one thread per column running its chain of writers.
 *
 * The chain's synchronous calls (a writer calling child_->Write / Finish) run on a small
 * stack machine: frame k is level k's current call (op WR or FI, resume point pos[k], its
 * argument id/pointer ac/ad, first batch af, batch count an, held bytes au, its local
 * SequencePointer lc/ld). sp is the running frame. Each step is atomic and starts with the
 * only places a driver can block: Collapse (FlatWriter via FileSegmentSink::Write),
 * TaskHandle::Wait (CompressWriter::WriteOldest) and Mailbox::Receive.
 * ---------------------------------------------------------------------------------------- */
/* Resume points of a frame (pos[]), named after the code they stand for. */
#define ENTRY 0             /* the call starts */
#define LOOP 1              /* Write's loop: Emit, the compress window, DictWriter Append */
#define FLUSH 2             /* BufferedWriter::Flush */
#define WRITE_OLDEST 3      /* CompressWriter::WriteOldest: TaskHandle::Wait */
#define SIDE_COLLAPSE 4     /* SIDE's FlatWriter::Write: Collapse */
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

/* move this frame's id/pointer and chunk to the child frame (pass-through writers) */
inline PassDown() {
    ac[CHILD] = ac[sp]; ad[CHILD] = ad[sp]; ac[sp] = 0; ad[sp] = 0;
    af[CHILD] = af[sp]; an[CHILD] = an[sp]; au[CHILD] = au[sp];
    af[sp] = 0; an[sp] = 0; au[sp] = 0
}

/* FileSegmentSink::Write after Collapse: append one segment and check the file's order */
inline AppendSegment(id) {
    assert(!cancelled);
    assert(id > last_seg);                 /* segments land in sequence order */
    last_seg = id
}

proctype Driver(byte c) {
    /* frames */
    int ac[NF]; byte ad[NF]; int lc[NF]; byte ld[NF];
    byte af[NF]; byte an[NF]; byte au[NF]; byte op[NF]; byte pos[NF];
    byte sp = TOP;
    byte sret;
    byte msg;          /* kind of the message being processed */
    bit got;           /* some message was received (ColumnDriver::universe_ set) */
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
     * drun batches in the current dictionary, dafter = where CloseDictionary returns */
    byte dmode; byte dv; byte drun; byte dafter;
    bit zany;          /* ZonedWriter: some zone exists */

    /* The driver runs atomically until it blocks (see the header: "atomic runs"). */
    atomic {
    skip;              /* (a label may not open an atomic sequence) */
ColumnDriver_Run:
    /* Mailbox::Receive: blocks until an item arrives or the mailbox is closed */
    atomic {
        (mfull[c] || mclosed[c]) ->
        if
        :: mfull[c] ->
            got = 1;
            msg = mkind[c];
            ac[0] = mcode[c]; ad[0] = mdepth[c];
            af[0] = mfirst[c]; an[0] = (msg == CHUNK_MSG -> 1 : 0); au[0] = mbytes[c];
            mfull[c] = 0; mkind[c] = 0; mcode[c] = 0; mdepth[c] = 0; mfirst[c] = 0; mbytes[c] = 0;
            op[0] = (msg == CHUNK_MSG -> WR : FI);
            pos[0] = 0;
            sp = 0
        :: else ->
            goto Run_closed            /* Receive returned nullopt */
        fi
    }

    /* writer_->Write(...) / writer_->Finish(...) */
    do
    :: sp == TOP -> break

    /* ---------------- FlatWriter ---------------- */
    :: atomic {   /* FlatWriter::Write -> FileSegmentSink::Write -> SequenceId::Collapse */
        KIND == FLAT && op[sp] == WR && (alive[0] == ac[sp] || cancelled) ->
        if
        :: cancelled -> goto Run_failed
        :: else -> skip
        fi;
#ifdef SINK_ERROR
        if      /* FileSegmentSink::Write: status_ kept, or WriteSink::Write fails now */
        :: sink_failed -> goto Run_failed_sink
        :: !sink_failed -> skip
        :: !sink_failed -> sink_failed = 1; goto Run_failed_sink
        fi;
#endif
        AppendSegment(ac[sp]);
        assert(af[sp] == nextb[c] && an[sp] > 0);   /* every batch once, in order */
        nextb[c] = nextb[c] + an[sp];
        Release(ac[sp], ad[sp]);
        Unreserve(au[sp]);                          /* held.Release() */
        Return()
    }
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
    :: atomic {   /* CompressWriter::Write: Submit to the executor; ptr = id.Descend() */
        KIND == COMPRESS && op[sp] == WR && pos[sp] == ENTRY ->
        assert(cn < CW);
        xj = (ch + cn) % 2;
        xt = c * 3 + xj;
        cef[xj] = af[sp]; cen[xj] = an[sp]; ceu[xj] = au[sp];
        tin[xt] = au[sp];
        cn++;
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
    :: atomic {   /* CompressWriter::WriteOldest: oldest.compressed.Wait(), then child_->Write */
        KIND == COMPRESS && tdone[c * 3 + ch] &&
        pos[sp] == WRITE_OLDEST ->
        xt = c * 3 + ch;
        xk = CHILD;
        tdone[xt] = 0;
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
        tin[xt] = au[SL];
        exq!xt;
        pos[SL] = WRITE_OLDEST
    }
    :: atomic {   /* CompressWriter::Finish -> WriteOldest(eof): Wait */
        sp == SL && pos[SL] == WRITE_OLDEST && tdone[c * 3 + 2] ->
        xt = c * 3 + 2;
        tdone[xt] = 0;
        Unreserve(au[SL]);
        au[SL] = tout[xt];
        Reserve(au[SL]);
        tout[xt] = 0; tin[xt] = 0;
        Advance(ac[SL], ad[SL], lc[SL], ld[SL]);
        pos[SL] = SIDE_COLLAPSE
    }
    :: atomic {   /* FlatWriter::Write: Collapse, append */
        sp == SL && pos[SL] == SIDE_COLLAPSE && (alive[0] == lc[SL] || cancelled) ->
        if
        :: cancelled -> goto Run_failed
        :: else -> skip
        fi;
#ifdef SINK_ERROR
        if      /* FileSegmentSink::Write: status_ kept, or WriteSink::Write fails now */
        :: sink_failed -> goto Run_failed_sink
        :: !sink_failed -> skip
        :: !sink_failed -> sink_failed = 1; goto Run_failed_sink
        fi;
#endif
        AppendSegment(lc[SL]);
        if
        :: af[SL] == TAG_VALUES -> vseg[c]++;
            assert(vseg[c] == dclosed[c] + 1)    /* its dictionary's codes came first */
        :: else -> zseg[c]++;
            assert(zseg[c] == 1 && nextb[c] == NB)   /* one zone table, after all data */
        fi;
        Release(lc[SL], ld[SL]);
        Unreserve(au[SL]);
        Release(ac[SL], ad[SL]);
        Return()
    }
    od;

    /* buffered_.EndWork() */
    atomic {
        working--;
        if
        :: msg == FINISH_MSG ->
            mclosed[c] = 1;                /* mailbox_.Close(); status_ ok: return */
            goto Run_end
        :: else ->
            msg = 0;
            goto ColumnDriver_Run
        fi
    }

Run_failed_sink:
    /* the sink failed: status_ is an error (the universe is cancelled below) */
Run_failed:
    /* writer_->Write/Finish returned an error (Cancelled, or the sink's) */
    atomic { working--; dfailed[c] = 1; goto Run_cancel }
Run_closed:
    /* the mailbox was closed before Finish: status_ = Cancelled */
    dfailed[c] = 1;
Run_cancel:
    /* universe_->Cancel(status_); mailbox_.Close(); drain what is left */
    atomic {
        if
        :: got -> cancelled = 1
        :: else -> skip
        fi;
        mclosed[c] = 1;
        if
        :: mfull[c] ->
            mfull[c] = 0; mkind[c] = 0; mcode[c] = 0; mdepth[c] = 0; mfirst[c] = 0; mbytes[c] = 0;
            working--
        :: else -> skip
        fi
    }
Run_end:
    ddone[c] = 1
    }
}

/* ------------------------------------------------------------------------------------------
 * The caller: FileWriter::Open, Write (x NB), Finish, or an early drop (~FileWriter).
 * One Write is one batch (EmitBatches cuts it as it arrived), one unit per column.
 * ---------------------------------------------------------------------------------------- */

/* ColumnDriver::Send -> Mailbox::Send: blocks while the previous message waits */
inline Send(i, kd, xc, xd, f, bytes) {
#ifdef PROBE_SEND_BLOCKS
    assert(!(mfull[i] && !mclosed[i]));        /* reachability probe: Send must wait */
#endif
#ifdef PROBE_SLOW_BACKPRESSURE
    caller_blocked = (mfull[i] && !mclosed[i]);
#endif
    atomic {
        (!mfull[i] || mclosed[i]) ->
#ifdef PROBE_SLOW_BACKPRESSURE
        caller_blocked = 0;
#endif
        if
        :: mclosed[i] -> sendfail = 1          /* Send fails: the item stays with the caller */
        :: else ->
            working++;                          /* buffered_.BeginWork() */
            mfull[i] = 1; mkind[i] = kd; mcode[i] = xc; mdepth[i] = xd;
            mfirst[i] = f; mbytes[i] = bytes;
            xc = 0; xd = 0
        fi
    };
    if
    :: sendfail -> (ddone[i])                  /* ColumnDriver::Join */
    :: else -> skip
    fi
}

proctype Caller() {
    int dc, ec, bc, pc, mc;     /* data/eof pointers, batch id, struct ptr, message id */
    byte dd, ed, bd, pd, md;
    byte k, i;
    bit sendfail, failed;

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
            i = 0
        };
StructWriter_Write:
        do
        :: i < NC ->
            atomic { Advance(pc, pd, mc, md) };  /* ChunkMessage{ptr.Advance(), column, part} */
            Send(i, CHUNK_MSG, mc, md, k, 1);
            if
            :: sendfail ->                       /* Write fails: s.failed, universe->Cancel */
                atomic { Release(mc, md); Release(pc, pd); failed = 1; cancelled = 1 };
                goto FileWriter_drop
            :: else -> i++
            fi
        :: else -> break
        od;
        atomic { Release(pc, pd); k++; i = 0 }
    :: else -> break
    od;

FileWriter_Finish:
    atomic { Release(dc, dd) };                  /* s.data = SequencePointer() */
StructWriter_Finish:
    do
    :: i < NC ->
        atomic { SplitOff(ec, ed, mc, md) };     /* FinishMessage{eof.SplitOff()} */
        Send(i, FINISH_MSG, mc, md, 0, 0);
        if
        :: sendfail -> atomic { Release(mc, md); sendfail = 0; failed = 1 }
        :: else -> skip
        fi;
        i++
    :: else -> break
    od;
    atomic { Release(ec, ed); i = 0 };           /* eof = SequencePointer() */
    do                                           /* driver->Join() for each column */
    :: i < NC -> (ddone[i]); i++
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
            assert(na == 0 && cur == 0 && working == 0);
            assert(len(exq) == 0)
        :: else -> skip
        fi
    };
    goto FileWriter_end;

FileWriter_drop:
    /* ~State: universe Cancel; ~StructWriter: Cancel; drivers_.clear(): Close + join each */
    atomic { cancelled = 1; i = 0 };
    do
    :: i < NC ->
        mclosed[i] = 1;                          /* ~ColumnDriver: mailbox_.Close() */
        (ddone[i]);                              /* thread_.join() */
        i++
    :: else -> break
    od;
    i = 0;
    do
    :: i < NC -> assert(ddone[i]); i++
    :: else -> break
    od;
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
            run Driver(c);
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
