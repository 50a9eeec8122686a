/* pinocchio_side.h - the C interface of bench/peers/pinocchio_side.cpp (Pinocchio's ADMM and
   PGS contact solvers on a dense G, contacts only, contact.h's row order (t1, t2, n), which is
   Pinocchio's too). Not part of contact.h. */
#ifndef BENCH_PINOCCHIO_SIDE_H
#define BENCH_PINOCCHIO_SIDE_H
#ifdef __cplusplus
extern "C" {
#endif

typedef struct pin_problem pin_problem;

typedef struct pin_result {
    int converged;      /* Pinocchio's own stopping test was met                          */
    int iterations;     /* iterations (ADMM) or sweeps (PGS) done                          */
    int factorizations; /* ADMM: getCholeskyUpdateCount(); PGS: 0                          */
    const double *x;    /* the answer (3 nc), valid until the next call on the problem     */
} pin_result;

/* G: 3 nc x 3 nc row-major (symmetric), g: 3 nc, mu: nc; copied. NULL when out of memory. */
pin_problem *pin_new(int nc, const double *G, const double *g, const double *mu);
void pin_free(pin_problem *p);
/* back to a new solver's state, O(n) (pinocchio_side.cpp says what is kept between calls) */
void pin_admm_reset(pin_problem *p);
void pin_admm_solve(pin_problem *p, double tol, int max_iter, pin_result *res);
/* max |x_fresh - x| with x_fresh the answer of a newly built solver and Delassus operator */
double pin_admm_fresh_check(pin_problem *p, double tol, int max_iter, const double *x);
void pin_pgs_reset(pin_problem *p); /* x = 0, PGS's start */
void pin_pgs_solve(pin_problem *p, double tol, int max_iter, pin_result *res);
const char *pin_version(void);

#ifdef __cplusplus
}
#endif
#endif
