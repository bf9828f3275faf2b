/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: Copyright the vortex-cpp contributors */
/*
 * An LD_PRELOAD library that makes the storage under a whole process fail the way real
 * storage fails, for tests of programs we do not call from C++ (vx, a DuckDB host): only
 * files whose path contains $VORTEX_FAULT_PATH are touched, every other file works.
 *
 *   VORTEX_FAULT_PATH=text          which files (a substring of the path given to open)
 *   VORTEX_FAULT_READ_EIO_AT=N      a read (pread or read) whose range covers byte N fails, EIO
 *   VORTEX_FAULT_WRITE_ENOSPC_AFTER=N  the write that would take a file past N bytes fails,
 *                                   ENOSPC (a full disk: so does every write after it)
 *   VORTEX_FAULT_FSYNC_EIO=1        fsync and fdatasync fail with EIO (lost writes)
 *   VORTEX_FAULT_SHORT_IO=N         reads and writes move at most N bytes per call (legal
 *                                   for POSIX, and what pipes and network file systems do)
 *   VORTEX_FAULT_REPORT=file        at exit, appends "opened O injected I" for the test to
 *                                   check that the fault really happened
 *
 * Reads that go through a memory mapping are not seen here; the programs under test read
 * files with pread.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#define MAX_FDS 65536

struct config {
    const char *path;
    long long read_eio_at;
    long long enospc_after;
    int fsync_eio;
    long long short_io;
    const char *report;
};

static struct config cfg = {NULL, -1, -1, 0, 0, NULL};
/* Per descriptor: whether it is a faulty file, and the bytes written through it. */
static atomic_uchar tracked[MAX_FDS];
static atomic_llong written[MAX_FDS];
static atomic_llong position[MAX_FDS]; /* offset for read(2)/write(2) on tracked files */
static atomic_long opened_count;
static atomic_long injected_count;

static long long env_number(const char *name) {
    const char *value = getenv(name);
    return value == NULL || *value == '\0' ? -1 : strtoll(value, NULL, 10);
}

static void report(void) {
    if (cfg.report == NULL) {
        return;
    }
    FILE *out = fopen(cfg.report, "a");
    if (out != NULL) {
        fprintf(out, "opened %ld injected %ld\n", atomic_load(&opened_count), atomic_load(&injected_count));
        fclose(out);
    }
}

__attribute__((constructor)) static void configure(void) {
    cfg.path = getenv("VORTEX_FAULT_PATH");
    if (cfg.path != NULL && *cfg.path == '\0') {
        cfg.path = NULL;
    }
    cfg.read_eio_at = env_number("VORTEX_FAULT_READ_EIO_AT");
    cfg.enospc_after = env_number("VORTEX_FAULT_WRITE_ENOSPC_AFTER");
    cfg.fsync_eio = env_number("VORTEX_FAULT_FSYNC_EIO") > 0;
    cfg.short_io = env_number("VORTEX_FAULT_SHORT_IO");
    cfg.report = getenv("VORTEX_FAULT_REPORT");
    atexit(report);
}

static void *next(const char *name) {
    void *fn = dlsym(RTLD_NEXT, name);
    if (fn == NULL) {
        fprintf(stderr, "io_fault_shim: no next %s\n", name);
        abort();
    }
    return fn;
}

static int is_tracked(int fd) { return fd >= 0 && fd < MAX_FDS && atomic_load(&tracked[fd]); }

static void track(int fd, const char *path) {
    if (fd < 0 || fd >= MAX_FDS) {
        return;
    }
    int hit = cfg.path != NULL && path != NULL && strstr(path, cfg.path) != NULL;
    atomic_store(&tracked[fd], (unsigned char)hit);
    atomic_store(&written[fd], 0);
    atomic_store(&position[fd], 0);
    if (hit) {
        atomic_fetch_add(&opened_count, 1);
    }
}

static mode_t mode_arg(int flags, va_list args) {
    return (flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE ? (mode_t)va_arg(args, int) : 0;
}

#define DEFINE_OPEN(name)                                                                          \
    int name(const char *path, int flags, ...) {                                                   \
        static int (*real)(const char *, int, ...);                                               \
        if (real == NULL) real = (int (*)(const char *, int, ...))next(#name);                    \
        va_list args;                                                                              \
        va_start(args, flags);                                                                     \
        mode_t mode = mode_arg(flags, args);                                                       \
        va_end(args);                                                                              \
        int fd = real(path, flags, mode);                                                          \
        track(fd, path);                                                                    \
        return fd;                                                                                 \
    }
DEFINE_OPEN(open)
DEFINE_OPEN(open64)

#define DEFINE_OPENAT(name)                                                                        \
    int name(int dir, const char *path, int flags, ...) {                                          \
        static int (*real)(int, const char *, int, ...);                                          \
        if (real == NULL) real = (int (*)(int, const char *, int, ...))next(#name);               \
        va_list args;                                                                              \
        va_start(args, flags);                                                                     \
        mode_t mode = mode_arg(flags, args);                                                       \
        va_end(args);                                                                              \
        int fd = real(dir, path, flags, mode);                                                     \
        track(fd, path);                                                                    \
        return fd;                                                                                 \
    }
DEFINE_OPENAT(openat)
DEFINE_OPENAT(openat64)

int close(int fd) {
    static int (*real)(int);
    if (real == NULL) real = (int (*)(int))next("close");
    if (fd >= 0 && fd < MAX_FDS) {
        atomic_store(&tracked[fd], 0);
    }
    return real(fd);
}

/* How many of `count` bytes at `offset` a read may move, or -1 with errno set. */
static ssize_t read_allowance(int fd, size_t count, long long offset) {
    if (!is_tracked(fd)) {
        return (ssize_t)count;
    }
    if (cfg.read_eio_at >= 0 && count > 0 && offset <= cfg.read_eio_at &&
        cfg.read_eio_at < offset + (long long)count) {
        atomic_fetch_add(&injected_count, 1);
        errno = EIO;
        return -1;
    }
    if (cfg.short_io > 0 && (long long)count > cfg.short_io) {
        atomic_fetch_add(&injected_count, 1);
        return (ssize_t)cfg.short_io;
    }
    return (ssize_t)count;
}

/* How many of `count` bytes a write may move, or -1 with errno set. */
static ssize_t write_allowance(int fd, size_t count) {
    if (!is_tracked(fd)) {
        return (ssize_t)count;
    }
    long long before = atomic_load(&written[fd]);
    if (cfg.enospc_after >= 0 && before + (long long)count > cfg.enospc_after) {
        atomic_fetch_add(&injected_count, 1);
        errno = ENOSPC;
        return -1;
    }
    if (cfg.short_io > 0 && (long long)count > cfg.short_io) {
        atomic_fetch_add(&injected_count, 1);
        return (ssize_t)cfg.short_io;
    }
    return (ssize_t)count;
}

#define DEFINE_PREAD(name)                                                                         \
    ssize_t name(int fd, void *buf, size_t count, off_t offset) {                                  \
        static ssize_t (*real)(int, void *, size_t, off_t);                                       \
        if (real == NULL) real = (ssize_t (*)(int, void *, size_t, off_t))next(#name);            \
        ssize_t allowed = read_allowance(fd, count, (long long)offset);                            \
        return allowed < 0 ? -1 : real(fd, buf, (size_t)allowed, offset);                          \
    }
DEFINE_PREAD(pread)
DEFINE_PREAD(pread64)

ssize_t read(int fd, void *buf, size_t count) {
    static ssize_t (*real)(int, void *, size_t);
    if (real == NULL) real = (ssize_t (*)(int, void *, size_t))next("read");
    if (!is_tracked(fd)) {
        return real(fd, buf, count);
    }
    ssize_t allowed = read_allowance(fd, count, atomic_load(&position[fd]));
    if (allowed < 0) {
        return -1;
    }
    ssize_t got = real(fd, buf, (size_t)allowed);
    if (got > 0) {
        atomic_fetch_add(&position[fd], got);
    }
    return got;
}

ssize_t write(int fd, const void *buf, size_t count) {
    static ssize_t (*real)(int, const void *, size_t);
    if (real == NULL) real = (ssize_t (*)(int, const void *, size_t))next("write");
    ssize_t allowed = write_allowance(fd, count);
    if (allowed < 0) {
        return -1;
    }
    ssize_t wrote = real(fd, buf, (size_t)allowed);
    if (wrote > 0 && is_tracked(fd)) {
        atomic_fetch_add(&written[fd], wrote);
    }
    return wrote;
}

#define DEFINE_PWRITE(name)                                                                        \
    ssize_t name(int fd, const void *buf, size_t count, off_t offset) {                            \
        static ssize_t (*real)(int, const void *, size_t, off_t);                                 \
        if (real == NULL) real = (ssize_t (*)(int, const void *, size_t, off_t))next(#name);      \
        ssize_t allowed = write_allowance(fd, count);                                              \
        if (allowed < 0) return -1;                                                                \
        ssize_t wrote = real(fd, buf, (size_t)allowed, offset);                                    \
        if (wrote > 0 && is_tracked(fd)) atomic_fetch_add(&written[fd], wrote);                    \
        return wrote;                                                                              \
    }
DEFINE_PWRITE(pwrite)
DEFINE_PWRITE(pwrite64)

#define DEFINE_SYNC(name)                                                                          \
    int name(int fd) {                                                                             \
        static int (*real)(int);                                                                   \
        if (real == NULL) real = (int (*)(int))next(#name);                                       \
        if (cfg.fsync_eio && is_tracked(fd)) {                                                     \
            atomic_fetch_add(&injected_count, 1);                                                  \
            errno = EIO;                                                                           \
            return -1;                                                                             \
        }                                                                                          \
        return real(fd);                                                                           \
    }
DEFINE_SYNC(fsync)
DEFINE_SYNC(fdatasync)
