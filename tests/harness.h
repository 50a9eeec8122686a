/* tests/harness.h - the tiny test harness of contact.h's suite (plain C99, no dependencies).

   Each test program includes contact.h and then this file (the implementation is linked from
   tests/impl.c's object, or defined before the include by the Makefile's TESTS_STANDALONE), calls
   CHECK-style macros, and ends with `return th_summary();`, which prints exactly one line
       N passed, M failed
   and returns 0 if M == 0 (1 otherwise). tests/run.sh and tests/summarize.sh add the lines of
   all programs up (see the Makefile).

   PRECISION. Every program is built twice: in double and with -DCONTACT_USE_FLOAT (ct_real is
   float), and both again under -fsanitize=address,undefined. Tolerances that depend on the
   precision are the macros below (FLOAT IS LOOSER because its epsilon is ~5e8 times larger,
   and PGS/ADMM in float stagnate a few hundred epsilons above zero on O(1) problems):
                                          double            float
       TH_EPS     machine epsilon         2.2e-16           1.2e-7
       TOL_PROJ   cone projections and    1e-13 (~450 eps)  1e-5 (~80 eps)   relative to ||x||
                  Moreau identities
       TOL_CHOL   Cholesky, per unit of   4 eps             4 eps            test_cholesky uses
                  size                                                       64 n TOL_CHOL on L
                                                                             and 8 n TOL_CHOL on
                                                                             the solve residual
       TOL_SOLVE  NCP residual (absolute) 1e-8              1e-4             problems scaled to
                  a solver must reach                                        max diag G = 1 and
                                                                             ||g||_inf = 1
       TOL_KNOWN  known single-contact    1e-10             1e-4             absolute, O(1) data
                  answers (lambda, v)
       TOL_AGREE  PGS vs ADMM on v        1e-6              1e-3             well-conditioned
                                                                             problems only
   test_solver.c hands the solvers tol_abs 1e-9 (double) / 1e-5 (float), and tol_rel 1e-13 /
   1e-6 for the known answers; its float problems are smaller (at most 4 contacts) and its
   warm-start bound from an accurate answer is 2 iterations in double, 5 in float. */
#ifndef TESTS_HARNESS_H
#define TESTS_HARNESS_H

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef CONTACT_USE_FLOAT
#define TH_PRECISION "float"
#define TH_EPS 1.1920928955078125e-07
#define TOL_PROJ 1e-5
#define TOL_SOLVE 1e-4
#define TOL_KNOWN 1e-4
#define TOL_AGREE 1e-3
#else
#define TH_PRECISION "double"
#define TH_EPS 2.220446049250313e-16
#define TOL_PROJ 1e-13
#define TOL_SOLVE 1e-8
#define TOL_KNOWN 1e-10
#define TOL_AGREE 1e-6
#endif
#define TOL_CHOL (4.0 * TH_EPS)

#if defined(__GNUC__) || defined(__clang__)
#define TH_UNUSED __attribute__((unused))
#else
#define TH_UNUSED
#endif

static int th_passed = 0, th_failed = 0, th_printed = 0;
#define TH_MAX_PRINTED 60 /* failure messages printed at most (all are counted) */

/* The one place that counts: returns ok so that callers can add context. */
static TH_UNUSED int th_check(int ok, const char *file, int line, const char *expr, const char *fmt, ...) {
    if (ok) {
        ++th_passed;
        return 1;
    }
    ++th_failed;
    if (th_printed++ < TH_MAX_PRINTED) {
        fprintf(stdout, "FAIL %s:%d [%s]: %s", file, line, TH_PRECISION, expr);
        if (fmt && fmt[0]) {
            va_list ap;
            fputs(" -- ", stdout);
            va_start(ap, fmt);
            vfprintf(stdout, fmt, ap);
            va_end(ap);
        }
        fputc('\n', stdout);
        fflush(stdout); /* keep the message if a sanitizer aborts later */
    } else if (th_printed == TH_MAX_PRINTED + 1) {
        fputs("(further failure messages suppressed)\n", stdout);
    }
    return 0;
}

/* CHECK(cond); CHECKF(cond, "printf format", args...) */
#define CHECK(cond) th_check(!!(cond), __FILE__, __LINE__, #cond, "")
#define CHECKF(cond, ...) th_check(!!(cond), __FILE__, __LINE__, #cond, __VA_ARGS__)
/* The value macros evaluate each argument exactly once (arguments may be calls). */
static TH_UNUSED int th_check_near(double a, double b, double tol, const char *file, int line,
                                   const char *expr) {
    return th_check(fabs(a - b) <= tol, file, line, expr,
                    "%.17g vs %.17g (|diff| %.3g > tol %.3g)", a, b, fabs(a - b), tol);
}
static TH_UNUSED int th_check_le(double a, double b, const char *file, int line, const char *expr) {
    return th_check(a <= b, file, line, expr, "%.17g > %.17g", a, b);
}
static TH_UNUSED int th_check_eq_int(long a, long b, const char *file, int line, const char *expr) {
    return th_check(a == b, file, line, expr, "%ld vs %ld", a, b);
}
/* |a - b| <= tol (NaN fails) */
#define CHECK_NEAR(a, b, tol) \
    th_check_near((double)(a), (double)(b), (double)(tol), __FILE__, __LINE__, #a " ~ " #b)
/* a <= b (NaN fails) */
#define CHECK_LE(a, b) th_check_le((double)(a), (double)(b), __FILE__, __LINE__, #a " <= " #b)
#define CHECK_EQ_INT(a, b) th_check_eq_int((long)(a), (long)(b), __FILE__, __LINE__, #a " == " #b)

/* Prints the protocol line; the return value is the process exit status. */
static TH_UNUSED int th_summary(void) {
    fflush(stdout);
    printf("%d passed, %d failed\n", th_passed, th_failed);
    fflush(stdout);
    return th_failed ? 1 : 0;
}

/* Deterministic random numbers (splitmix64): the same sequence on every platform. */
static unsigned long long th_rng_state = 0x243F6A8885A308D3ull;
static TH_UNUSED void th_seed(unsigned long long s) { th_rng_state = s ^ 0x9E3779B97F4A7C15ull; }
static TH_UNUSED unsigned long long th_next(void) {
    unsigned long long z = (th_rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
/* uniform in [0, 1) */
static TH_UNUSED double th_uniform(void) { return (double)(th_next() >> 11) * (1.0 / 9007199254740992.0); }
/* uniform in [a, b) */
static TH_UNUSED double th_range(double a, double b) { return a + (b - a) * th_uniform(); }
/* standard normal (Box-Muller) */
static TH_UNUSED double th_normal(void) {
    double u = th_uniform(), w = th_uniform();
    if (u < 1e-300) u = 1e-300;
    return sqrt(-2.0 * log(u)) * cos(6.283185307179586 * w);
}

/* Small double-precision helpers for references. */
static TH_UNUSED double th_norm3(const double x[3]) { return sqrt(x[0] * x[0] + x[1] * x[1] + x[2] * x[2]); }
static TH_UNUSED double th_dot3(const double a[3], const double b[3]) {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

#endif /* TESTS_HARNESS_H */
