/* peers.h - what the peer benchmarks share (bench/peers_pinocchio.c, bench/peers_mujoco.c):
   a side of a comparison, the tuning of its own tolerance, interleaved timed rounds. Not part
   of contact.h.

   A side is one solver on one problem behind three callbacks:
     prepare(ctx)       puts the solver back to its cold state (inside the timed batch, so it
                        must be cheap: O(n); contact.h needs none, ct_solve keeps nothing)
     solve(ctx, tol)    one cold solve with the side's OWN stopping tolerance tol; returns 1
                        when the side's own stopping test ended it, 0 at its iteration cap
     score(ctx)         the common error measure of the last answer (the same function for
                        every side of a comparison; lower is better)

   peer_tune: each side's own tolerance is tuned per problem by one rule, the same for every
   side: start at the target; if the answer meets the target (score <= target), loosen by
   PEER_STEP (10) while it still does, at most PEER_LOOSEN (3) times, and keep the loosest that
   did; if it does not, tighten by 10 until it does, at most PEER_TIGHTEN (6) times (target
   1e-8: down to 1e-14), and stop tightening as soon as a try ends without the side's own
   stopping test (the iteration cap: a tighter tolerance cannot help). A side that never meets
   the target keeps its last tolerance and is reported as not converged. Every try is a cold
   solve; none is timed.

   peer_time: interleaved rounds. Each side's batch size k is set once so that k cold solves
   (each after prepare) take about batch_ms of CPU time (at least 1, at most PEER_MAX_BATCH);
   then `rounds` rounds, each timing one batch of every side in order (A, B, A, B, ...), fewer
   (but at least 3) when the rounds would take more than budget_s seconds (slow problems). A
   batch's time over k is one sample of the side's time per solve; the result is the median
   over the rounds, with the minimum and maximum. CPU time of the process
   (CLOCK_PROCESS_CPUTIME_ID): on a shared machine another job's time does not count. */
#ifndef BENCH_PEERS_H
#define BENCH_PEERS_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(__GNUC__) || defined(__clang__)
#define PEER_UNUSED __attribute__((unused))
#else
#define PEER_UNUSED
#endif

#define PEER_STEP 10.0
#define PEER_LOOSEN 3
#define PEER_TIGHTEN 6
#define PEER_MAX_BATCH 2001

typedef struct peer_side {
    const char *side;   /* "contact.h", "pinocchio", "mujoco"                            */
    const char *method; /* "ADMM_NCP", "ADMM", "Newton", ...                              */
    void *ctx;
    void (*prepare)(void *ctx);           /* NULL: nothing to reset                       */
    int (*solve)(void *ctx, double tol);  /* one cold solve at the side's own tolerance   */
    double (*score)(void *ctx);           /* the common measure of the last answer        */
    /* filled by peer_try */
    int own;          /* the side's own stopping test ended the last try (not its cap)    */
    /* the program's, for its rows */
    int iterations, factorizations;
    /* filled by peer_tune */
    double tol;       /* the own tolerance kept                                          */
    double error;     /* its score                                                        */
    int tries;        /* solves the tuning took                                           */
    int converged;    /* error <= target                                                  */
    /* filled by peer_time */
    int batch;        /* solves per timed batch                                           */
    double median_us, min_us, max_us; /* per solve, over the rounds                      */
} peer_side;

/* this process's CPU time in microseconds */
static PEER_UNUSED double peer_cpu_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec * 1e-3;
}

static PEER_UNUSED int peer_cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* one untimed cold solve at tol; its score */
static PEER_UNUSED double peer_try(peer_side *s, double tol) {
    double e;
    if (s->prepare) s->prepare(s->ctx);
    s->own = s->solve(s->ctx, tol);
    e = s->score(s->ctx);
    s->tries++;
    return e == e ? e : INFINITY;
}

/* the tuning rule of the header comment; leaves the side's answer at the tolerance kept */
static PEER_UNUSED void peer_tune(peer_side *s, double target) {
    double t = target, e, last = target;
    int j;
    s->tries = 0;
    e = peer_try(s, t);
    if (e <= target) {
        for (j = 0; j < PEER_LOOSEN; ++j) {
            double e2 = peer_try(s, last = t * PEER_STEP);
            if (!(e2 <= target)) break;
            t *= PEER_STEP;
            e = e2;
        }
    } else {
        for (j = 0; j < PEER_TIGHTEN && !(e <= target) && s->own; ++j) {
            t /= PEER_STEP;
            e = peer_try(s, last = t);
        }
    }
    s->tol = t;
    if (last != t) e = peer_try(s, t); /* the answer left behind is the kept tolerance's */
    s->error = e;
    s->converged = e <= target;
}

/* one timed batch of k cold solves at the side's tolerance: microseconds per solve */
static PEER_UNUSED double peer_batch(peer_side *s, int k) {
    double t0 = peer_cpu_us();
    int i;
    for (i = 0; i < k; ++i) {
        if (s->prepare) s->prepare(s->ctx);
        s->solve(s->ctx, s->tol);
    }
    return (peer_cpu_us() - t0) / k;
}

/* interleaved rounds over ns sides (header comment); returns the rounds run, or -1 out of
   memory */
static PEER_UNUSED int peer_time(peer_side *sides, int ns, int rounds, double batch_ms, double budget_s) {
    double *t = (double *)malloc(sizeof(double) * (size_t)(ns * rounds + 1)), per_round = 0;
    int i, r;
    if (!t) return -1;
    for (i = 0; i < ns; ++i) { /* calibration: one solve, untimed by the result */
        double one = peer_batch(&sides[i], 1), k = one > 0 ? batch_ms * 1e3 / one : PEER_MAX_BATCH;
        sides[i].batch = k < 1 ? 1 : (k > PEER_MAX_BATCH ? PEER_MAX_BATCH : (int)k);
        per_round += one * sides[i].batch;
    }
    if (rounds > 3 && per_round * rounds > budget_s * 1e6) {
        rounds = (int)(budget_s * 1e6 / per_round);
        if (rounds < 3) rounds = 3;
    }
    for (r = 0; r < rounds; ++r)
        for (i = 0; i < ns; ++i) t[i * rounds + r] = peer_batch(&sides[i], sides[i].batch);
    for (i = 0; i < ns; ++i) {
        double *x = t + i * rounds;
        qsort(x, (size_t)rounds, sizeof(double), peer_cmp_double);
        sides[i].median_us = rounds % 2 ? x[rounds / 2] : 0.5 * (x[rounds / 2 - 1] + x[rounds / 2]);
        sides[i].min_us = x[0];
        sides[i].max_us = x[rounds - 1];
    }
    free(t);
    return rounds;
}

#endif
