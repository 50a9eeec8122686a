/* peers_pinocchio.c - contact.h against Pinocchio's ADMM and PGS contact solvers on one
   problem (make bench-peers; bench/peers.sh runs it once per problem and pair).

     peers_pinocchio [-p admm|pgs] [-t target] [-r rounds] [-b batch_ms] [-B budget_s] [-x max_iter]
                     [--profile ct|pin [-s seconds]] PROBLEM(.hdf5|.ctp)
     peers_pinocchio --header

   Pairs: admm = contact.h ADMM_NCP against Pinocchio's ADMMContactSolver (named admm_lapack
   in the build with -DCONTACT_USE_LAPACK, peers_pinocchio_lapack); pgs = contact.h
   PGS_NCP against Pinocchio's PGSContactSolver (bench/peers/pinocchio_side.cpp says how
   Pinocchio is called and kept cold). Both get the same symmetrized, normal-last dense G of
   bench_problem.h, g and mu; Pinocchio's cones take contacts only, so a problem with
   bilateral or unilateral rows or a compliance R is skipped (exit status 3, a message on
   stderr, no row).

   Protocol (bench/peers.h): one error measure for every answer, bench_score's relative
   error (Siconos' natural map with the De Saxce term over max(||g||, ||lambda||, ||v||)) of
   lambda and v = G lambda + g recomputed from the answer (ct_velocity) for Pinocchio, as
   ct_solve's v for contact.h; target `-t` (1e-8). Each side's own tolerance is tuned per
   problem by the rule of bench/peers.h: contact.h's tol_rel (stop = CT_STOP_RELATIVE),
   Pinocchio's absolute_precision (= relative_precision). Iteration cap `-x` (10000) on both.
   Default settings otherwise on both sides. Then `-r` (7) interleaved rounds of batches of
   about `-b` (20) ms of CPU time each (fewer rounds, at least 3, past `-B` (60) seconds):
   medians, min, max of the time per cold solve. Timed:
   ct_solve (validation, its power iteration, every factorization, the scoring of its answer)
   on a workspace allocated outside; Pinocchio's solve (power iteration, every Delassus
   factorization) after its O(n) reset. The CSV's us_per_iter is median_us / iterations.
   Pinocchio's ADMM answer after the timed rounds is compared with a freshly built solver
   (fresh_check, must be 0).

   --profile ct|pin: tune both sides, then only cold solves of that side for -s seconds (5) of
   CPU time, no timing rows: for `perf record`.

   One CSV row per side with the columns of --header: problem, family, nc, n, density (of G),
   pair, side (contact.h / pinocchio), method, target, own_tol (kept), tries (tuning
   solves), iterations, factorizations, rel_error (bench_score), abs_error (contact.h's
   absolute NCP residual), converged (rel_error <= target), own_converged (the side's own
   stopping test), batch, rounds, median_us, min_us, max_us, us_per_iter, fresh_check
   (Pinocchio ADMM only).

   Build (make bench-peers): the contact.h part in C, Pinocchio's in C++, one flag set:
     cc  -O2 -march=native -DNDEBUG -DBENCH_WITH_FCLIB -I. -Ibench -c bench/peers_pinocchio.c
     c++ -O2 -march=native -DNDEBUG -DEIGEN_NO_DEBUG -Ibench/peers/stub
         -isystem $PINOCCHIO_SRC/include -isystem /usr/include/eigen3 -c bench/peers/pinocchio_side.cpp
     c++ -o peers_pinocchio peers_pinocchio.o pinocchio_side.o -lfclib -lm */
#define _POSIX_C_SOURCE 199309L
#define CONTACT_IO
#define CONTACT_IMPLEMENTATION
#include "contact.h"
#include "bench_problem.h"
#include "peers.h"
#include "peers/pinocchio_side.h"

static const char *HEADER =
    "problem,family,nc,n,density,pair,side,method,target,own_tol,tries,iterations,factorizations,"
    "rel_error,abs_error,converged,own_converged,batch,rounds,median_us,min_us,max_us,"
    "us_per_iter,fresh_check";

typedef struct run {
    bench_problem bp;
    ct_problem p;
    int max_iter;
    double *lambda, *v;
    /* contact.h */
    ct_settings s;
    ct_workspace ws;
    ct_info info;
    /* Pinocchio */
    pin_problem *pin;
    pin_result pr;
    int pgs; /* the pair: 0 admm, 1 pgs */
} run;

static int ct_side_solve(void *ctx, double tol) {
    run *r = (run *)ctx;
    r->s.tol_rel = tol;
    if (ct_solve(&r->p, &r->s, &r->ws, r->lambda, r->v, &r->info) != CT_OK) {
        r->info.status = CT_STATUS_NUMERICAL_FAILURE;
        r->info.iterations = 0;
    }
    return r->info.status == CT_STATUS_CONVERGED;
}
static double ct_side_score(void *ctx) {
    run *r = (run *)ctx;
    double rel, absr;
    bench_score(&r->bp, r->lambda, r->v, &rel, &absr);
    return rel;
}

static void pin_side_prepare(void *ctx) {
    run *r = (run *)ctx;
    if (r->pgs) pin_pgs_reset(r->pin);
    else pin_admm_reset(r->pin);
}
static int pin_side_solve(void *ctx, double tol) {
    run *r = (run *)ctx;
    if (r->pgs) pin_pgs_solve(r->pin, tol, r->max_iter, &r->pr);
    else pin_admm_solve(r->pin, tol, r->max_iter, &r->pr);
    return r->pr.converged;
}
static double pin_side_score(void *ctx) {
    run *r = (run *)ctx;
    double rel, absr;
    memcpy(r->lambda, r->pr.x, sizeof(double) * (size_t)r->bp.n);
    if (ct_velocity(&r->p, r->lambda, r->v) != CT_OK) return INFINITY;
    bench_score(&r->bp, r->lambda, r->v, &rel, &absr);
    return rel;
}

/* the admm pair's name: built with CONTACT_USE_LAPACK (contact.h's factorizations and solves by
   LAPACK's potrf/potrs, here OpenBLAS's), admm_lapack */
#ifdef CONTACT_USE_LAPACK
#define PEERS_ADMM_PAIR "admm_lapack"
#else
#define PEERS_ADMM_PAIR "admm"
#endif
/* one row: the side's answer is the last solve's (lambda and v hold it) */
static void print_row(run *r, const peer_side *sd, double target, int rounds, int own, double fresh) {
    double rel, absr;
    const bench_problem *bp = &r->bp;
    bench_score(bp, r->lambda, r->v, &rel, &absr);
    printf("%s,%s,%d,%d,%.4g,%s,%s,%s,%g,%g,%d,%d,%d,%.6g,%.6g,%d,%d,%d,%d,%.6g,%.6g,%.6g,%.6g,",
           bp->name, bp->family, bp->nc, bp->n, bp->density, r->pgs ? "pgs" : PEERS_ADMM_PAIR, sd->side,
           sd->method, target, sd->tol, sd->tries, sd->iterations, sd->factorizations, rel, absr,
           rel <= target, own, sd->batch, rounds, sd->median_us, sd->min_us, sd->max_us,
           sd->iterations > 0 ? sd->median_us / sd->iterations : NAN);
    if (fresh >= 0) printf("%.3g\n", fresh);
    else printf("\n");
}

int main(int argc, char **argv) {
    run r;
    peer_side sides[2];
    double target = 1e-8, batch_ms = 20, prof_s = 5, budget_s = 60;
    int rounds = 7, i, profile = -1, own;
    const char *path = NULL;
    memset(&r, 0, sizeof(r));
    r.max_iter = 10000;
    for (i = 1; i < argc; ++i) {
        const char *a = argv[i];
        if (!strcmp(a, "--header")) {
            printf("%s\n", HEADER);
            return 0;
        } else if (!strcmp(a, "-p") && i + 1 < argc) {
            ++i;
            if (!strcmp(argv[i], "pgs")) r.pgs = 1;
            else if (strcmp(argv[i], "admm")) path = NULL, i = argc;
        } else if (!strcmp(a, "-t") && i + 1 < argc) target = atof(argv[++i]);
        else if (!strcmp(a, "-r") && i + 1 < argc) rounds = atoi(argv[++i]);
        else if (!strcmp(a, "-b") && i + 1 < argc) batch_ms = atof(argv[++i]);
        else if (!strcmp(a, "-x") && i + 1 < argc) r.max_iter = atoi(argv[++i]);
        else if (!strcmp(a, "-s") && i + 1 < argc) prof_s = atof(argv[++i]);
        else if (!strcmp(a, "-B") && i + 1 < argc) budget_s = atof(argv[++i]);
        else if (!strcmp(a, "--profile") && i + 1 < argc) {
            ++i;
            profile = !strcmp(argv[i], "ct") ? 0 : !strcmp(argv[i], "pin") ? 1 : -2;
        } else if (a[0] != '-' && !path) path = a;
        else path = NULL, i = argc;
    }
    if (!path || !(target > 0) || rounds < 1 || !(batch_ms > 0) || !(budget_s > 0) || r.max_iter < 1 ||
        profile == -2) {
        fprintf(stderr, "usage: %s [-p admm|pgs] [-t target] [-r rounds] [-b batch_ms] [-B budget_s] [-x max_iter] "
                        "[--profile ct|pin [-s seconds]] PROBLEM\n       %s --header\n", argv[0], argv[0]);
        return 2;
    }
    if (bench_load(path, &r.bp) != 0) {
        fprintf(stderr, "%s: cannot load %s\n", argv[0], path);
        return 2;
    }
    if (r.bp.nb + r.bp.nu > 0 || r.bp.R || r.bp.nc == 0) {
        fprintf(stderr, "%s: skipped: %s has joints, limits or a compliance R (Pinocchio's cones take contacts only)\n",
                argv[0], r.bp.name);
        bench_free(&r.bp);
        return 3;
    }
    r.p = bench_ct(&r.bp);
    r.s = ct_default_settings();
    r.s.method = r.pgs ? CT_METHOD_PGS_NCP : CT_METHOD_ADMM_NCP;
    r.s.stop = CT_STOP_RELATIVE;
    r.s.max_iter = r.max_iter;
    r.s.warm_start = 0;
    r.s.sym_tol = 0; /* bench_problem symmetrized G exactly */
    if (ct_workspace_alloc_problem(&r.ws, &r.p, &r.s, NULL) != CT_OK) {
        fprintf(stderr, "%s: %s: no workspace\n", argv[0], r.bp.name);
        return 2;
    }
    r.lambda = (double *)calloc((size_t)r.bp.n, sizeof(double));
    r.v = (double *)calloc((size_t)r.bp.n, sizeof(double));
    r.pin = pin_new(r.bp.nc, r.bp.G, r.bp.g, r.bp.mu);
    if (!r.lambda || !r.v || !r.pin) {
        fprintf(stderr, "%s: out of memory\n", argv[0]);
        return 2;
    }
    memset(sides, 0, sizeof(sides));
    sides[0].side = "contact.h";
    sides[0].method = r.pgs ? "PGS_NCP" : "ADMM_NCP";
    sides[0].ctx = &r;
    sides[0].solve = ct_side_solve;
    sides[0].score = ct_side_score;
    sides[1].side = "pinocchio";
    sides[1].method = r.pgs ? "PGSContactSolver" : "ADMMContactSolver";
    sides[1].ctx = &r;
    sides[1].prepare = pin_side_prepare;
    sides[1].solve = pin_side_solve;
    sides[1].score = pin_side_score;

    for (i = 0; i < 2; ++i) peer_tune(&sides[i], target);
    if (profile >= 0) {
        double t0 = peer_cpu_us();
        long count = 0;
        while (peer_cpu_us() - t0 < prof_s * 1e6) {
            if (sides[profile].prepare) sides[profile].prepare(&r);
            sides[profile].solve(&r, sides[profile].tol);
            ++count;
        }
        fprintf(stderr, "%s: %s %s: %ld cold solves at tol %g in %.1f s\n", r.bp.name,
                sides[profile].side, sides[profile].method, count, sides[profile].tol, prof_s);
        return 0;
    }
    rounds = peer_time(sides, 2, rounds, batch_ms, budget_s);
    if (rounds < 0) return 2;
    /* each side's answer at its kept tolerance once more: counters, own outcome, the row */
    own = ct_side_solve(&r, sides[0].tol);
    sides[0].iterations = r.info.iterations;
    sides[0].factorizations = r.info.factorizations;
    print_row(&r, &sides[0], target, rounds, own, -1);
    pin_side_prepare(&r);
    own = pin_side_solve(&r, sides[1].tol);
    (void)pin_side_score(&r); /* lambda and v from Pinocchio's answer */
    sides[1].iterations = r.pr.iterations;
    sides[1].factorizations = r.pr.factorizations;
    print_row(&r, &sides[1], target, rounds, own,
              r.pgs ? -1 : pin_admm_fresh_check(r.pin, sides[1].tol, r.max_iter, r.pr.x));
    ct_workspace_free(&r.ws);
    pin_free(r.pin);
    free(r.lambda);
    free(r.v);
    bench_free(&r.bp);
    return 0;
}
