/* contact.h - v0.1.0 - frictional contact solvers for one physics time step.
   SPDX-License-Identifier: MIT OR Unlicense

   Solves the frictional contact problem of one velocity-level time step (bodies touching,
   sliding, sticking, stacking; joints and joint limits) given the Delassus matrix G, the free
   velocity g and the friction coefficients mu. No dependencies, no allocation during a solve,
   float or double, deterministic.

   Do this:
       #define CONTACT_IMPLEMENTATION
   before you include this file in ONE C or C++ file to create the implementation.
   Every other file includes it without the define.

   METHODS (settings.method; docs/solvers.md helps choose)
       ADMM_NCP (default, robust), ADMM_CCP, PGS_NCP (fast on small well-conditioned scenes),
       PGS_CCP, PGS_LCP, NBGS, RAISIM, RAISIM_DS, RAISIM_DS_ES, STAGGERED, and NEWTON_SOFT for the
       soft models of MuJoCo and Drake (p->soft: regularized CCP, SAP, Lagged, Similar).

   QUICK START
       ct_problem p;   ct_settings s = ct_default_settings();   ct_workspace ws;   ct_info info;
       ct_real lambda[12] = {0}, v[12];              (4 contacts: n = 3*4 rows, normal LAST)
       p.nb = 0; p.nu = 0; p.nc = 4;
       p.G = G;    (12 x 12 row-major, G = J M^-1 J^T, symmetric positive semidefinite)
       p.g = g;    (12: free velocity J v_free, biases folded into the normal rows)
       p.mu = mu;  (4: friction coefficients, >= 0)
       p.R = NULL; (or 12 compliance entries >= 0)
       p.soft = NULL; (or a soft model for NEWTON_SOFT; zero-initialize ct_problem)
       p.Gs = NULL;   (or a block-sparse G with p.G = NULL: ct_sparse, large problems)
       s.method = CT_METHOD_ADMM_NCP;
       if (ct_workspace_alloc(&ws, p.nb, p.nu, p.nc, &s, NULL) != CT_OK) return;
       ct_result r = ct_solve(&p, &s, &ws, lambda, v, &info);
       if (r != CT_OK) printf("%s\n", ct_result_string(r));
       else printf("%s after %d iterations, NCP residual %g\n",
                   ct_status_string(info.status), info.iterations, (double)info.ncp.absolute);
       ct_workspace_free(&ws);
   lambda holds the constraint impulses (or forces, see UNITS), v = (G + R) lambda + g the
   constraint velocities after the step. Without malloc: ct_workspace_size() then
   ct_workspace_init() on your own memory.

   CONVENTIONS
       rows:  [ bilateral nb | unilateral nu | contacts 3*nc ]     n = nb + nu + 3 nc
       contact block i: (t1, t2, n), the NORMAL LAST; v_n > 0 separates.
       bilateral rows: lambda free, v = 0.  unilateral rows: lambda >= 0 _|_ v >= 0.
       contacts: K_mu = {lambda_n >= 0, ||lambda_T|| <= mu lambda_n}, NCP with De Saxce:
                 K_mu contains lambda _|_ v + (0, 0, mu ||v_T||) in K_mu* = K_{1/mu}.
   UNITS
       The caller's. With G = J M^-1 J^T and g = J v_free, lambda is an impulse (N s) and v a
       velocity (m/s). Seed 000 recommends solving for forces instead: divide g (and the biases)
       by the time step dt; lambda is then a force (N) and v a velocity divided by dt, and the
       tolerances no longer depend on dt.

   CONFIGURATION (define before including; "match" = must be the same in every file)
       macro                   default              match  effect
       CONTACT_IMPLEMENTATION  undefined            -      emit the implementation in this file
       CONTACT_STATIC          undefined            -      all functions static (private copy)
       CONTACT_USE_FLOAT       undefined (double)   yes    ct_real is float; a mismatch between
                                                           files fails at link time
       CONTACT_NO_MALLOC       undefined            -      no ct_workspace_alloc/free, no malloc
       CONTACT_MALLOC(sz,ctx)  malloc(sz)           -      allocator (define both or neither)
       CONTACT_FREE(p,ctx)     free(p)              -
       CONTACT_ASSERT(x)       assert(x)            -      programmer errors only
       CONTACT_MEMSET/MEMCPY   memset/memcpy        -
       CONTACT_SQRT/FABS/POW   sqrt/fabs/pow (or the f versions in float)
       CONTACT_ATAN2/SIN/COS   atan2/sin/cos (RAISIM, NBGS; f versions in float)
       CONTACT_LOG             log (ADMM warm_rho from ct_admm_state_set; logf in float)
       CONTACT_USE_LAPACK      undefined            -      Cholesky via [ds]potrf/[ds]potrs
       CONTACT_USE_BLAS        undefined            -      products via [ds]symv
       CONTACT_IO              undefined            -      ct_problem_write/read (stdio, malloc)
   (LAPACK and BLAS are opt-in; link -llapack / -lblas or OpenBLAS.)

   CONTENTS (search for the tags)
       >>config >>codes >>types >>api               declarations
       >>hooks >>linalg >>delassus >>cones >>criteria >>workspace >>settings >>validate
       >>solver-common
       >>solver-gs >>solver-admm >>solver-staggered >>solver-newton >>derivatives
       >>solver-inverse >>compliance
       >>public >>io
       >>license

   ALSO
       ct_solve_update (reuse the ADMM factorization when only g changed), ct_admm_state_get/set,
       ct_inverse_dynamics (seed 003 Alg. 2), ct_compliance_mujoco / _sap / _contactbench /
       _spring_damper (R and the reference velocity from physical parameters), settings.history,
       ct_jvp / ct_vjp (derivatives of the answer w.r.t. g, G, mu, R by the implicit function
       theorem).

   REVISIONS
       0.2.0 (unreleased)  compliance helpers, ADMM reuse across calls and divergence detection,
                           inverse dynamics, per-iteration history; NEWTON_SOFT with the soft
                           models of seed 002 and derivatives; input range checks; block-sparse
                           G (p->Gs) with a sparse Cholesky.
       0.1.0 (2026-11-21)  first release: problem format, cones, criteria, Cholesky, workspace;
                           ADMM_NCP, ADMM_CCP, the Gauss-Seidel family (PGS_NCP, PGS_CCP,
                           PGS_LCP, NBGS, RAISIM, RAISIM_DS, RAISIM_DS_ES) and STAGGERED;
                           optional problem dump/load (CONTACT_IO).
*/
#ifndef CONTACT_H_INCLUDED
#define CONTACT_H_INCLUDED

/* >>config ------------------------------------------------------------------------------- */
#define CONTACT_VERSION_MAJOR 0
#define CONTACT_VERSION_MINOR 1
#define CONTACT_VERSION_PATCH 0
#define CONTACT_VERSION_STRING "0.1.0"

#include <stddef.h> /* size_t */
#ifdef CONTACT_IO
#include <stdio.h> /* FILE */
#endif

#if defined(__GNUC__) || defined(__clang__)
#define CT__MAYBE_UNUSED __attribute__((unused))
#else
#define CT__MAYBE_UNUSED
#endif

#ifdef CONTACT_STATIC
#define CT_API static CT__MAYBE_UNUSED
#else
#define CT_API extern
#endif

#ifdef CONTACT_USE_FLOAT
typedef float ct_real;
#define CT__PREC(name) name##_f32
#else
typedef double ct_real;
#define CT__PREC(name) name##_f64
#endif

/* Every function whose meaning depends on ct_real links under a precision-suffixed name, so
   a file built with CONTACT_USE_FLOAT cannot silently call a double implementation. */
#define ct_default_settings CT__PREC(ct_default_settings)
#define ct_settings_pgs_seed004 CT__PREC(ct_settings_pgs_seed004)
#define ct_method_flavor CT__PREC(ct_method_flavor)
#define ct_settings_validate CT__PREC(ct_settings_validate)
#define ct_problem_validate CT__PREC(ct_problem_validate)
#define ct_workspace_size CT__PREC(ct_workspace_size)
#define ct_workspace_size_problem CT__PREC(ct_workspace_size_problem)
#define ct_workspace_alloc_problem CT__PREC(ct_workspace_alloc_problem)
#define ct_sparse_count CT__PREC(ct_sparse_count)
#define ct_sparse_from_dense CT__PREC(ct_sparse_from_dense)
#define ct_workspace_init CT__PREC(ct_workspace_init)
#define ct_workspace_alloc CT__PREC(ct_workspace_alloc)
#define ct_workspace_free CT__PREC(ct_workspace_free)
#define ct_solve CT__PREC(ct_solve)
#define ct_solve_update CT__PREC(ct_solve_update)
#define ct_jvp CT__PREC(ct_jvp)
#define ct_vjp CT__PREC(ct_vjp)
#define ct_admm_state_get CT__PREC(ct_admm_state_get)
#define ct_admm_state_set CT__PREC(ct_admm_state_set)
#define ct_inverse_dynamics CT__PREC(ct_inverse_dynamics)
#define ct_compliance_mujoco CT__PREC(ct_compliance_mujoco)
#define ct_compliance_sap CT__PREC(ct_compliance_sap)
#define ct_compliance_contactbench CT__PREC(ct_compliance_contactbench)
#define ct_compliance_spring_damper CT__PREC(ct_compliance_spring_damper)
#define ct_velocity CT__PREC(ct_velocity)
#define ct_criteria CT__PREC(ct_criteria)
#define ct_contact_modes CT__PREC(ct_contact_modes)
#define ct_project_cone CT__PREC(ct_project_cone)
#define ct_project_dual_cone CT__PREC(ct_project_dual_cone)
#define ct_project_polar_cone CT__PREC(ct_project_polar_cone)
#define ct_project_disk CT__PREC(ct_project_disk)
#define ct_project_pyramid CT__PREC(ct_project_pyramid)
#define ct_clamp_box_tangent CT__PREC(ct_clamp_box_tangent)
#define ct_project_cone_metric CT__PREC(ct_project_cone_metric)
#define ct_project_constraints CT__PREC(ct_project_constraints)
#define ct_project_dual_constraints CT__PREC(ct_project_dual_constraints)
#define ct_desaxce CT__PREC(ct_desaxce)
#define ct_cholesky_scratch_size CT__PREC(ct_cholesky_scratch_size)
#define ct_cholesky_factor CT__PREC(ct_cholesky_factor)
#define ct_cholesky_solve CT__PREC(ct_cholesky_solve)
#define ct_delassus_scratch_size CT__PREC(ct_delassus_scratch_size)
#define ct_delassus_from_mj CT__PREC(ct_delassus_from_mj)
#define ct_problem_write CT__PREC(ct_problem_write)
#define ct_problem_read CT__PREC(ct_problem_read)
#define ct_problem_data_free CT__PREC(ct_problem_data_free)

#ifdef __cplusplus
extern "C" {
#endif

/* >>codes -------------------------------------------------------------------------------- */
/* ct_result: what every call returns. CT_OK = 0; negative values are caller errors. */
#define CT_RESULT_LIST(X)                                                                        \
    X(CT_OK, 0, "ok")                                                                            \
    X(CT_ERROR_INVALID_ARGUMENT, -1, "invalid argument (a required pointer is NULL)")           \
    X(CT_ERROR_INVALID_SIZE, -2, "invalid size (negative, zero where not allowed, or too large)") \
    X(CT_ERROR_NON_FINITE, -3, "non-finite input (NaN or infinity in G, g, mu, R or lambda)")  \
    X(CT_ERROR_NEGATIVE_FRICTION, -4, "negative friction coefficient mu")                      \
    X(CT_ERROR_NEGATIVE_COMPLIANCE, -5, "negative compliance R")                                \
    X(CT_ERROR_NOT_SYMMETRIC, -6, "Delassus matrix G is not symmetric")                        \
    X(CT_ERROR_NOT_PSD, -7, "Delassus matrix G is not positive semidefinite")                  \
    X(CT_ERROR_NOT_POSITIVE_DEFINITE, -8, "matrix is not positive definite (Cholesky failed)") \
    X(CT_ERROR_INVALID_SETTINGS, -9, "invalid settings (a field is out of range)")             \
    X(CT_ERROR_WORKSPACE_TOO_SMALL, -10, "workspace too small for this problem and method")   \
    X(CT_ERROR_OUT_OF_MEMORY, -11, "out of memory")                                             \
    X(CT_ERROR_IO, -12, "read or write failed, or not a contact.h problem file")              \
    X(CT_ERROR_NO_FACTORIZATION, -13,                                                            \
      "the workspace holds no reusable ADMM factorization for this problem (call ct_solve)")    \
    X(CT_ERROR_ANISOTROPIC_COMPLIANCE, -14,                                                      \
      "the two tangent rows of a contact have different compliance R (must be equal here)")  \
    X(CT_ERROR_INVALID_SOFT, -15,                                                                 \
      "invalid soft-model input: p->soft data out of range, or R <= 0 where the model needs it") \
    X(CT_ERROR_OUT_OF_RANGE, -16,                                                                 \
      "input magnitude out of range (|entry| of G, g, mu, R or lambda above 1e150, 1e15 in float)")

/* ct_status: the outcome of a solve that ran (ct_info.status). */
#define CT_STATUS_LIST(X)                                                                        \
    X(CT_STATUS_CONVERGED, 0, "converged (the returned point meets the tolerance)")            \
    X(CT_STATUS_MAX_ITERATIONS, 1, "stopped at max_iter without meeting the tolerance")        \
    X(CT_STATUS_STALLED, 2, "stalled (no progress: tol_change or the method's own stall test; tolerance not met)") \
    X(CT_STATUS_NUMERICAL_FAILURE, 3, "numerical failure (divergence or non-finite iterate)") \
    X(CT_STATUS_NOT_SOLVED, 4, "not solved (the call returned an error)")

#define CT__ENUM_ITEM(name, value, text) name = value,
typedef enum ct_result { CT_RESULT_LIST(CT__ENUM_ITEM) CT_RESULT_END_ = 1 } ct_result;
typedef enum ct_status { CT_STATUS_LIST(CT__ENUM_ITEM) CT_STATUS_END_ } ct_status;

/* >>types -------------------------------------------------------------------------------- */
/* Algorithms, named together with the model they solve (seed 001, Table I). */
typedef enum ct_method {
    CT_METHOD_PGS_NCP = 0,     /* projected Gauss-Seidel on the Coulomb NCP (seed 000 Alg. 6)     */
    CT_METHOD_ADMM_NCP = 1,    /* proximal ADMM with De Saxce fixed point (seed 003 Alg. 1)       */
    CT_METHOD_PGS_CCP = 2,     /* PGS with the orthogonal cone projection (seed 000 Alg. 2): CCP;
                                  with pgs.desaxce = 1 the local De Saxce estimate makes it an NCP
                                  solver (seed 001 Table I "PGS-CCP")                            */
    CT_METHOD_PGS_LCP = 3,     /* PGS on the box (pyramid) friction LCP (seed 000 Alg. 1)        */
    CT_METHOD_NBGS = 4,        /* block Gauss-Seidel, each contact solved exactly (seed 001 Alg. 4),
                                  Preclik's per-contact model                                   */
    CT_METHOD_RAISIM = 5,      /* per-contact bisection (seed 004 Alg. 1-2), Preclik's model     */
    CT_METHOD_RAISIM_DS = 6,   /* RAISIM with the local De Saxce estimate (seed 001): NCP        */
    CT_METHOD_RAISIM_DS_ES = 7, /* RAISIM_DS stopped on the objective improvement (seed 001 eq. 160) */
    CT_METHOD_STAGGERED = 8,   /* staggered projections (seed 000 Alg. 7): normal and tangential
                                  QPs alternated, each solved by ADMM; NCP or LCP flavor         */
    CT_METHOD_ADMM_CCP = 9,    /* ADMM_NCP without the De Saxce term: the convex Anitescu model
                                  (seed 000 Alg. 3, seed 001 Alg. 6 with s = 0)                  */
    CT_METHOD_NEWTON_SOFT = 10, /* Newton with exact line search on a soft convex model (MuJoCo
                                  and Drake: regularized CCP, SAP, Lagged, Similar; seed 002)  */
    CT_METHOD_COUNT_
} ct_method;

/* Which law a set of residuals measures. */
typedef enum ct_flavor {
    CT_FLAVOR_NCP = 0,      /* Coulomb with the De Saxce term: Signorini + cone + max. dissipation */
    CT_FLAVOR_CCP = 1,      /* Anitescu's convex relaxation: no De Saxce term                  */
    CT_FLAVOR_LCP = 2,      /* box (4-facet pyramid) friction with the term mu ||v_T||_1      */
    CT_FLAVOR_SIGNORINI = 3, /* Preclik's per-contact model (RAISIM, NBGS): cone feasibility and
                               Signorini only; its solvers also require a small last update  */
    CT_FLAVOR_SOFT = 4      /* a soft model's law (p->soft): lambda = gamma(v - R lambda), the
                               impulse the model gives at the physical velocity (NEWTON_SOFT) */
} ct_flavor;

/* What a solve stops on. */
typedef enum ct_stop_rule {
    CT_STOP_ABSOLUTE = 0, /* residuals.absolute = max(primal, dual, comp) <= tol_abs */
    CT_STOP_RELATIVE = 1  /* residuals.relative (Siconos' error) <= tol_rel */
} ct_stop_rule;

/* ct_info.reused bits */
#define CT_REUSED_RHO 1
#define CT_REUSED_DUAL 2
#define CT_REUSED_FACTOR 4

/* Per-contact mode from ct_contact_modes. */
typedef enum ct_contact_mode { CT_MODE_OPEN = 0, CT_MODE_STICK = 1, CT_MODE_SLIDE = 2 } ct_contact_mode;

/* Soft contact models (seed 002), solved by NEWTON_SOFT and scored by CT_FLAVOR_SOFT. */
typedef enum ct_soft_model {
    CT_SOFT_CCP = 0,    /* regularized CCP: lambda = P^R_K(-R^-1 v_c) with R > 0 from p->R on
                           every row (MuJoCo's, Drake's or ContactBench's R: ct_compliance_*)  */
    CT_SOFT_SAP = 1,    /* Drake SAP (seed 002 Sec. V-A): R and v^ from k, tau_d, beta, sigma  */
    CT_SOFT_LAGGED = 2, /* Hunt-Crossley normal law, friction of the previous normal impulse
                           (seed 002 eq. 18); regularized by sigma (eq. 26)                   */
    CT_SOFT_SIMILAR = 3 /* Hunt-Crossley law of z = v_n - mu ||v_T||_s (seed 002 eq. 19-21)    */
} ct_soft_model;

/* The data of the soft models. With them g is the pure free velocity J v*: no Baumgarte or
   phi0/dt bias (compliance enters through phi0; seed 002 notes, trap T10). */
typedef struct ct_soft {
    ct_soft_model model;
    ct_real dt;          /* time step (s) > 0 (SAP, LAGGED, SIMILAR)                          */
    const ct_real *phi0; /* (nc) signed distance at the start of the step (m); < 0 overlaps  */
    const ct_real *vn0;  /* (nc) previous normal velocity (m/s), LAGGED; NULL: 0             */
    const ct_real *k;    /* (nc) stiffness (N/m) >= 0; SAP: > 0                               */
    const ct_real *d;    /* (nc) LAGGED, SIMILAR: Hunt-Crossley dissipation (s/m) >= 0; SAP:
                            the dissipation time scale tau_d (s) >= 0                         */
    ct_real v_s;         /* LAGGED, SIMILAR: stiction tolerance eps_s (m/s) > 0 (seed 002:
                            1e-4)                                                             */
    ct_real sigma;       /* SAP: R_t = sigma w (> 0, Drake 1e-3); LAGGED, SIMILAR: eps_s =
                            max(v_s, sigma w mu gamma_n0) (eq. 26; 0 = the pure model)        */
    ct_real beta;        /* SAP near-rigid parameter >= 0 (Drake 1)                           */
    /* Optional generalized form (nv > 0 and nv < n): G = J M^-1 J^T and g = J vstar must hold;
       NEWTON_SOFT then works in generalized velocities (Newton matrix M + J^T H J, nv x nv). */
    int nv;              /* 0: contact space                                                  */
    const ct_real *M;    /* (nv x nv) row-major SPD mass matrix                               */
    const ct_real *J;    /* (n x nv) row-major constraint Jacobian                            */
    const ct_real *vstar; /* (nv) free velocity                                               */
} ct_soft;

/* Block-sparse storage of G (the second input form, for large problems: docs/solvers.md
   "Sparse storage"). Groups are the problem's row groups in order: each bilateral and each
   unilateral row is a group of 1 row, each contact a group of 3; ng = nb + nu + nc. Both
   triangles are stored (the matrix is symmetric): block row gi lists its nonzero blocks
   (gi, col[k]) for k in [row_ptr[gi], row_ptr[gi + 1]), columns ascending, the diagonal block
   included; block k occupies val[9 k .. 9 k + 9) as a row-major 3x3 (for a group of 1 row only
   the first row or column is read). */
typedef struct ct_sparse {
    const int *row_ptr;  /* (ng + 1), row_ptr[0] = 0                                         */
    const int *col;      /* (row_ptr[ng]) block column indices                              */
    const ct_real *val;  /* (9 row_ptr[ng]) the blocks                                      */
} ct_sparse;

/* A Delassus operator supplied by the caller instead of G (issue "scale", item 4): for engines
   with their own articulated-body or sparse machinery (Pinocchio's Delassus operators, seed
   003 Sec. III-E). ADMM_NCP and ADMM_CCP run on it (they need products and the factor/solve of
   G + D); the other methods return CT_ERROR_INVALID_ARGUMENT. G must be symmetric positive
   semidefinite: only its diagonal blocks are validated (finite, in range, symmetric, the PSD
   conditions of ct_problem_validate); the rest is the caller's promise. */
typedef struct ct_operator {
    void *ctx;                                           /* passed to every callback        */
    void (*mul)(void *ctx, const ct_real *x, ct_real *y); /* y = G x, n each                 */
    /* B = G's diagonal block at row r: size 3 (a contact, r its first row) or 1 (a joint or
       limit row), row-major in B[0 .. size^2) */
    void (*diag_block)(void *ctx, int r, int size, ct_real *B);
    /* factor G + diag(d) (d: n, positive); 0 on success, nonzero when it is not positive
       definite */
    int (*factor)(void *ctx, const ct_real *d);
    void (*solve)(void *ctx, ct_real *b);                /* b <- (G + diag(d))^-1 b, the last
                                                            factor's d                      */
} ct_operator;

/* The problem of one time step. All arrays are caller-owned and read only.
   v = (G + R) lambda + g. */
typedef struct ct_problem {
    int nb;              /* bilateral rows (joints): lambda free, v = 0                     */
    int nu;              /* unilateral rows (limits): 0 <= lambda _|_ v >= 0                */
    int nc;              /* contacts: 3 rows each, ordered (t1, t2, normal)                 */
    const ct_real *G;    /* (n x n) row-major Delassus matrix J M^-1 J^T, symmetric PSD      */
    const ct_real *g;    /* (n) free velocity, biases folded into normal rows               */
    const ct_real *mu;   /* (nc) friction coefficients >= 0; may be NULL when nc = 0         */
    const ct_real *R;    /* (n) compliance diagonal >= 0, or NULL for rigid rows            */
    const ct_soft *soft; /* soft model data, or NULL; read only by NEWTON_SOFT and
                            CT_FLAVOR_SOFT (NULL there means CT_SOFT_CCP with p->R)          */
    const ct_sparse *Gs; /* block-sparse G instead of the dense one (then G = NULL), or NULL */
    const ct_operator *Gop; /* G as an operator (ADMM only; then G = Gs = NULL), or NULL    */
} ct_problem;

/* Knobs of the Gauss-Seidel family (PGS_NCP, PGS_CCP, PGS_LCP, NBGS). */
typedef struct ct_pgs_settings {
    ct_real omega; /* relaxation: PGS scales each step, lambda <- P(lambda - omega step); NBGS
                      blends lambda <- omega lambda* + (1 - omega) lambda; (0, 2); default 1 */
    int desaxce;   /* PGS_CCP only: 1 adds the local De Saxce estimate (an NCP solver); default 0 */
} ct_pgs_settings;

/* RAISIM, RAISIM_DS, RAISIM_DS_ES knobs (seed 004; defaults: its Sec. V-C for the relaxation,
   ContactBench for the bracketing steps, which the paper does not give). */
typedef struct ct_raisim_settings {
    ct_real alpha;        /* initial relaxation, (0, 1]; default 1                             */
    ct_real alpha_min;    /* relaxation floor, (0, alpha]; default 0.7                         */
    ct_real gamma;        /* per-sweep decay alpha <- alpha_min + gamma (alpha - alpha_min),
                             [0, 1]; default 0.99                                             */
    ct_real beta1;        /* initial angular step of the bracketing (rad), > 0; default 1e-2   */
    ct_real beta2;        /* step shrink on a rejected step, (0, 1); default 0.5               */
    ct_real beta3;        /* step growth while the sign holds, > 1; default 1.3                */
    ct_real bisect_tol;   /* bisection stops when max |lambda - lambda_prev| < this, > 0;
                             default 1e-6 (seed 004: 1 uNs)                                   */
    int bisect_iters;     /* cap of each of the two loops of the bisection, >= 1; default 100 */
    ct_real es_tol;       /* RAISIM_DS_ES: stop when |f_k - f_k-1| / I_total <= es_tol, > 0;
                             default 1e-12                                                    */
    ct_real mass_sum;     /* RAISIM_DS_ES: I_total = sum diag(M) if known (> 0); 0: use the
                             normalization n^2 / tr(G + R) (docs/solvers.md); default 0       */
} ct_raisim_settings;

/* STAGGERED knobs (seed 000 Alg. 7; defaults from ContactBench). */
typedef struct ct_staggered_settings {
    int inner_iters;      /* ADMM iterations per subproblem at most, >= 1; default 100         */
    int lcp;              /* 0: disks (NCP), 1: boxes (LCP); default 0                         */
} ct_staggered_settings;

/* The ADMM penalty rule, applied every admm.update_every iterations. */
typedef enum ct_rho_rule {
    CT_RHO_SPECTRAL = 0, /* rho = sqrt(m L) kappa^p, p +-= rho_power_step (seed 003 eq. 45-46)  */
    CT_RHO_LINEAR = 1,   /* rho *= or /= linear_factor (residual balancing, seed 003 eq. 44)   */
    CT_RHO_FIXED = 2     /* rho = rho0 throughout (seed 001: rho0 = 1 works on its problems)   */
} ct_rho_rule;

/* ADMM_NCP / ADMM_CCP knobs (seed 003 Sec. III; defaults from its reference implementation,
   see docs). */
typedef struct ct_admm_settings {
    ct_real eta;          /* proximal weight, >= 0, > 0 with the spectral rule (seed 003
                             eq. 35; with R = 0 it is the only positive lower bound m of the
                             spectrum); default 1e-6                                          */
    ct_rho_rule rule;     /* penalty rule; default CT_RHO_SPECTRAL                             */
    ct_real rho0;         /* initial rho of the linear and fixed rules, > 0; default 1         */
    ct_real linear_factor; /* tau_inc = tau_dec of the linear rule, > 1; default 2            */
    ct_real rho_power;    /* initial exponent p of rho = sqrt(m L) kappa^p; default 0.2        */
    ct_real rho_power_step; /* spectral step of p (seed 003 eq. 46); default 0.05             */
    ct_real ratio;        /* primal/dual ratio that triggers a rho change, > 1; default 10     */
    int update_every;     /* apply the penalty rule every k iterations, >= 1; default 10       */
    int power_iters;      /* power iterations for L = lambda_max(G + R), >= 1; default 20      */
    ct_real over_relax;   /* over-relaxation alpha of the x-step, (0, 2); default 1 (none)     */
    int warm_rho;         /* 1: start from the penalty the workspace kept from the last ADMM
                             solve of the same size (spectral: its exponent p; linear: rho), or
                             from ct_admm_state_set; 0: from the rule's start; default 0      */
    int warm_dual;        /* 1: start the dual variable z from the workspace (the last ADMM
                             solve of the same size, or ct_admm_state_set); 0: from
                             z = v(y) + Gamma(v(y)); default 0                                */
} ct_admm_settings;

/* One iteration's record (settings.history). */
typedef struct ct_history_entry {
    int iteration;     /* 1-based                                                          */
    ct_real rho;       /* ADMM penalty of this iteration (0 for other methods)              */
    ct_real primal;    /* ADMM: ||x - y||_inf (seed 003 eq. 40); -1 for other methods      */
    ct_real dual;      /* ADMM: ||eta dx + rho dy||_inf (eq. 41); -1 for other methods     */
    ct_real criterion; /* the stopping measure (settings.stop) of the method's flavor, or -1
                          when it was not evaluated in this iteration                      */
} ct_history_entry;

/* An optional caller buffer that ct_solve fills with the first `capacity` iterations. */
typedef struct ct_history {
    ct_history_entry *entries; /* caller's array of capacity entries                       */
    int capacity;              /* >= 0                                                      */
    int count;                 /* written by ct_solve: the entries filled                  */
} ct_history;

/* NEWTON_SOFT knobs (seed 002 Sec. X; defaults from Drake, its notes Sec. 3.2). */
typedef struct ct_newton_settings {
    ct_real alpha_max;    /* largest line-search step, >= 1; default 1.5                       */
    int ls_iters;         /* line-search iterations at most, >= 1; default 100                 */
    ct_real ls_tol;       /* the exact line search stops when the step changes alpha by less
                             than ls_tol alpha_max, > 0; default 1e-8                          */
    ct_real cost_tol;     /* stall: |l_k - l_k-1| <= cost_tol |l| with alpha > 0.5, >= 0;
                             default 1e-15                                                    */
} ct_newton_settings;

typedef struct ct_settings {
    ct_method method;      /* algorithm and model; default CT_METHOD_ADMM_NCP                 */
    int max_iter;          /* iterations (sweeps) at most, >= 0; default 1000                 */
    ct_stop_rule stop;     /* which criterion stops a solve; default CT_STOP_ABSOLUTE         */
    ct_real tol_abs;       /* on max(primal, dual, comp), > 0; default 1e-8 (1e-4 in float)   */
    ct_real tol_rel;       /* on Siconos' relative error, > 0; default 1e-8 (1e-5 in float)   */
    ct_real tol_change;    /* stall test ||dl|| <= tol_change max(||l_prev||, ||l||); 0 = off; default 0 */
    int check_every;       /* evaluate the stopping criteria every k iterations, >= 1; default 1 */
    int warm_start;        /* 1: lambda is read as the initial guess; 0: start from zero; default 1 */
    ct_real sym_tol;       /* |G_ij - G_ji| <= sym_tol max|G_ii| accepted; default 1e-8 (1e-4 float) */
    ct_pgs_settings pgs;
    ct_admm_settings admm;
    ct_raisim_settings raisim;
    ct_staggered_settings staggered;
    ct_history *history;   /* NULL (default) or a buffer that receives per-iteration records  */
    ct_newton_settings newton;
} ct_settings;

/* Residuals of a point (lambda, v), each the maximum over constraints of the per-constraint
   Euclidean quantity (seed 000's definition; a component-wise infinity norm can be smaller by
   up to sqrt(3)), with the first row of the worst constraint (-1 when there is none). */
typedef struct ct_residuals {
    ct_real primal;    int primal_row;    /* distance of lambda to K                           */
    ct_real dual;      int dual_row;      /* distance of v (+ Gamma) to K*; |v| on bilateral   */
    ct_real comp;      int comp_row;      /* |<lambda, v (+ Gamma)>| per contact / unilateral   */
    ct_real natmap;    int natmap_row;    /* ||lambda - P_K(lambda - (v + Gamma))||            */
    ct_real signorini; int signorini_row; /* |lambda_n v_n| (contacts and unilateral rows)     */
    ct_real absolute;  int absolute_row;  /* max(primal, dual, comp): seed 000's eps_abs        */
    ct_real relative;  /* ||F||_2 / max(||g||, ||lambda||, ||v||), Siconos' error; 0 if all 0  */
} ct_residuals;

typedef struct ct_info {
    ct_status status;       /* outcome                                                        */
    ct_method method;       /* the method that ran                                            */
    ct_flavor flavor;       /* the law the method solves (its stopping flavor)                */
    int iterations;         /* iterations (sweeps) done                                       */
    int factorizations;     /* Cholesky factorizations done                                   */
    ct_real rho;            /* final ADMM penalty (0 for other methods)                       */
    int reused;             /* what came from the workspace: CT_REUSED_RHO | _DUAL | _FACTOR  */
    ct_residuals ncp;       /* NCP residuals of the returned point (every method)             */
    ct_residuals model;     /* residuals of the returned point in the method's flavor         */
    size_t workspace_peak;  /* workspace bytes this solve used                                */
} ct_info;

/* Caller-owned memory for ct_solve. Treat as opaque. */
typedef struct ct_workspace {
    unsigned char *base;    /* aligned start                                                  */
    size_t size;            /* usable bytes from base                                         */
    void *mem;              /* what ct_workspace_alloc got (NULL for ct_workspace_init)       */
    void *alloc_ctx;        /* allocator context passed to CONTACT_MALLOC / CONTACT_FREE     */
} ct_workspace;

/* >>api ---------------------------------------------------------------------------------- */
CT_API const char *ct_version(void);
CT_API const char *ct_result_string(ct_result r);
CT_API const char *ct_status_string(ct_status s);
CT_API const char *ct_method_string(ct_method m);

CT_API ct_settings ct_default_settings(void);
/* Seed 004's PGS baseline for comparisons: PGS_NCP with a constant relaxation omega = 0.6. */
CT_API ct_settings ct_settings_pgs_seed004(void);
/* The law a method solves, i.e. the flavor of its stopping test and of ct_info.model. */
CT_API ct_flavor ct_method_flavor(const ct_settings *s);
CT_API ct_result ct_settings_validate(const ct_settings *s);
/* Checks pointers, sizes, finiteness, mu >= 0, R >= 0, symmetry of G within sym_tol (relative
   to max |G_ii|), and the necessary PSD conditions G_ii >= -tau and each contact's 3x3 block
   + tau I positive definite, tau = max(sym_tol, sqrt(eps)) max |G_ii|; a negative eigenvalue no
   diagonal block shows is detected where a method factors G. */
CT_API ct_result ct_problem_validate(const ct_problem *p, ct_real sym_tol);

/* Workspace: bytes needed for these dimensions and settings.method. */
CT_API ct_result ct_workspace_size(int nb, int nu, int nc, const ct_settings *s, size_t *bytes);
/* Bytes for this problem: ct_workspace_size for a dense G; for a block-sparse G with ADMM the
   size depends on the fill of its sparse Cholesky, which this computes (the minimum-degree
   ordering, with temporary memory from CONTACT_MALLOC; with CONTACT_NO_MALLOC the bound of a
   dense factor, ng (ng - 1) / 2 blocks). */
CT_API ct_result ct_workspace_size_problem(const ct_problem *p, const ct_settings *s, size_t *bytes);
/* Block-sparse form from a dense G: blocks (gi, gj) with an entry above drop_tol max |G_ii|
   (and every diagonal block). ct_sparse_count gives nnzb; ct_sparse_from_dense fills row_ptr
   (ng + 1), col (nnzb) and val (9 nnzb) for ng = nb + nu + nc groups. */
CT_API ct_result ct_sparse_count(int nb, int nu, int nc, const ct_real *G, ct_real drop_tol, int *nnzb);
CT_API ct_result ct_sparse_from_dense(int nb, int nu, int nc, const ct_real *G, ct_real drop_tol,
                                      int *row_ptr, int *col, ct_real *val);
CT_API ct_result ct_workspace_init(ct_workspace *ws, void *mem, size_t bytes);
#ifndef CONTACT_NO_MALLOC
CT_API ct_result ct_workspace_alloc(ct_workspace *ws, int nb, int nu, int nc, const ct_settings *s,
                                    void *alloc_ctx);
CT_API void ct_workspace_free(ct_workspace *ws);
CT_API ct_result ct_workspace_alloc_problem(ct_workspace *ws, const ct_problem *p, const ct_settings *s,
                                            void *alloc_ctx);
#endif

/* Solve. lambda (n) is read as the warm start (unless settings.warm_start = 0) and receives
   the answer; v (n) receives (G + R) lambda + g. info may be NULL. */
CT_API ct_result ct_solve(const ct_problem *p, const ct_settings *s, ct_workspace *ws,
                          ct_real *lambda, ct_real *v, ct_info *info);

/* Solve again after only g (and mu) changed: G, R (same pointers, same contents), the sizes
   and the ADMM settings must be those of the last ct_solve or ct_solve_update on this
   workspace, whose factorization of G + R + (eta + rho) I and penalty state are reused (no
   power iteration, no factorization unless the penalty rule changes rho during the solve).
   The answer is bit-identical to ct_solve with admm.warm_rho = 1 started from the same
   lambda (and, with admm.warm_dual = 1, the same dual). CT_ERROR_NO_FACTORIZATION when the
   workspace holds none for this problem. For methods without a factorization it is ct_solve. */
CT_API ct_result ct_solve_update(const ct_problem *p, const ct_settings *s, ct_workspace *ws,
                                 ct_real *lambda, ct_real *v, ct_info *info);
/* Derivatives of an answer (lambda, v) of ct_solve by the implicit function theorem at that
   point itself (seed 002 Sec. X-B), for the law of settings.method's flavor:
   - SOFT (NEWTON_SOFT): v_c = G gamma(v_c) + g differentiated: (I + G H) dv_c = dg + dG lambda,
     dlambda = -H dv_c (H: the models' Hessian blocks at v_c = v - R lambda), solved through
     H = C C^T and the SPD matrix I + C^T G C (no inverse of G: a singular G is fine; lambda is
     unique).
   - NCP, CCP (the other methods): the contact modes of the point (open: lambda = 0; stick:
     v = 0; slide: lambda_T = -mu lambda_n v_T/||v_T|| and v_n = 0 (NCP) or v_n = mu ||v_T||
     (CCP); joints v = 0, limits by activity) identified with the relative tolerance
     1e-6 (1e-3 in float), linearized and solved by LU. At a mode boundary the derivative is the
     one-sided derivative of the identified mode. When the linearization is singular (a
     hyperstatic G: lambda is not unique) it is solved with G + eps I, eps = sqrt(eps_mach)
     max G_ii: dv is the true derivative up to O(eps), dlambda that of the eps-regularized
     lambda, and *lambda_unique (may be NULL) is set to 0.
   jvp: directions dg (n), dG (n x n), dmu (nc), dR (n), each may be NULL (zero); outputs
   dlambda, dv (n; may be NULL). vjp: cotangents lbar, vbar (n; NULL = zero); outputs gbar
   (n), Gbar (n x n), mubar (nc), Rbar (n), each may be NULL. mu and R: NCP/CCP only (for the
   soft models they enter the kernels: CT_ERROR_INVALID_ARGUMENT). ws: a workspace sized
   for CT_METHOD_NEWTON_SOFT (whatever the method). LCP and SIGNORINI flavors:
   CT_ERROR_INVALID_SETTINGS. */
CT_API ct_result ct_jvp(const ct_problem *p, const ct_settings *s, ct_workspace *ws,
                        const ct_real *lambda, const ct_real *v, const ct_real *dg,
                        const ct_real *dG, const ct_real *dmu, const ct_real *dR,
                        ct_real *dlambda, ct_real *dv, int *lambda_unique);
CT_API ct_result ct_vjp(const ct_problem *p, const ct_settings *s, ct_workspace *ws,
                        const ct_real *lambda, const ct_real *v, const ct_real *lbar,
                        const ct_real *vbar, ct_real *gbar, ct_real *Gbar, ct_real *mubar,
                        ct_real *Rbar, int *lambda_unique);

/* The ADMM state a workspace keeps between solves, for engines that cache it per contact:
   get copies the dual variable z (n = nb + nu + 3 nc entries; may be NULL) and rho of the last
   ADMM solve (CT_ERROR_NO_FACTORIZATION if there was none of this size); set stores them so
   that the next ct_solve with admm.warm_dual / admm.warm_rho starts from them (it drops any
   reusable factorization). The workspace must be sized for an ADMM method. */
CT_API ct_result ct_admm_state_get(const ct_workspace *ws, int nb, int nu, int nc, ct_real *dual,
                                   ct_real *rho);
CT_API ct_result ct_admm_state_set(ct_workspace *ws, int nb, int nu, int nc, const ct_real *dual,
                                   ct_real rho);

/* Inverse dynamics (seed 003 Sec. IV, Alg. 2): given the target constraint velocities
   c = p->g (J v_ref plus biases), the compliance p->R (NULL: rigid) and p->mu, find lambda in
   K with sigma = R lambda + c and K contains lambda _|_ sigma + Gamma(sigma) in K* (NCP flavor)
   or sigma in K* (CCP flavor: settings.method ADMM_CCP; ADMM_NCP for NCP; other methods:
   CT_ERROR_INVALID_SETTINGS). p->G is not used (may be NULL). The proximal weight is
   settings.admm.eta (needed > 0 when a row has R = 0, where it is the only curvature; seed 003
   uses 1e-8). Each contact's two tangent rows need equal R (the metric projection is
   analytic then), else CT_ERROR_ANISOTROPIC_COMPLIANCE. No workspace: O(n) per iteration.
   lambda: warm start (settings.warm_start) and answer; sigma (n) receives R lambda + c. An
   infeasible target (a sliding c with R = 0 for the CCP) stops with
   CT_STATUS_NUMERICAL_FAILURE and finite outputs. */
CT_API ct_result ct_inverse_dynamics(const ct_problem *p, const ct_settings *s, ct_real *lambda,
                                     ct_real *sigma, ct_info *info);

/* Compliance helpers: fill R (n entries, only the rows or contacts named are written) and
   vref (n, may be NULL), the reference velocity to ADD to g (g_used = g + vref), from the
   parameters users already have. Units: impulses (lambda in N s, g in m/s); when solving for
   forces (g divided by dt, seed 000) R is unchanged and vref is divided by dt too. p gives the
   sizes and G (its diagonal blocks); rows are numbered as in the problem.
   MuJoCo (seed 001 eq. 103-113) on rows [row0, row0 + rows): solref = (timeconst,
   dampratio), or (-stiffness, -damping) for the direct form; solimp = (dmin, dmax, width,
   midpoint, power); timeconst is raised to 2 dt (MuJoCo's refsafe). pos (n; NULL: 0) is the
   constraint violation r (the signed distance on a contact normal row), vel (n; NULL: 0) the
   constraint velocity at the start of the step. R_j = (1 - d_j)/d_j G_jj (a contact's three
   rows take its normal row's R_n: MuJoCo's elliptic cones with impratio 1, isotropic as the
   metric projections need) and vref_j = dt (b vel_j + k_j pos_j). tangent_ref = 0 leaves vref = 0 on contact tangent rows
   (keeps the De Saxce invariance the NCP solvers need, seed 001 Sec. V-D); 1 is MuJoCo's
   choice. */
CT_API ct_result ct_compliance_mujoco(const ct_problem *p, int row0, int rows,
                                      const ct_real solref[2], const ct_real solimp[5],
                                      ct_real dt, const ct_real *pos, const ct_real *vel,
                                      int tangent_ref, ct_real *R, ct_real *vref);
/* Drake SAP (seed 002, its notes Sec. 2.2) on contacts [c0, c0 + count): w = ||G_ii||_F / 3,
   R_n = max(beta^2 w / (4 pi^2), 1 / (dt k (dt + tau_d))), R_t = sigma w, and
   vref_n = phi0 / (dt + tau_d) (phi0: nc signed distances at the start of the step, NULL:
   0). k > 0 (N/m), tau_d >= 0 (s), beta >= 0 (Drake: 1), sigma >= 0 (Drake: 1e-3). */
CT_API ct_result ct_compliance_sap(const ct_problem *p, int c0, int count, ct_real dt, ct_real k,
                                   ct_real tau_d, ct_real beta, ct_real sigma,
                                   const ct_real *phi0, ct_real *R, ct_real *vref);
/* ContactBench's variant (seed 000 notes Sec. 1.8): R_n = ||G_ii||_F / (4 pi^2),
   R_t = 1e-3 R_n, on contacts [c0, c0 + count); no reference velocity. */
CT_API ct_result ct_compliance_contactbench(const ct_problem *p, int c0, int count, ct_real *R);
/* A normal spring-damper, lambda_n = dt (-k phi - d v_n)+ with phi = phi0 + dt v_n, on
   contacts [c0, c0 + count): R_n = 1 / (dt (k dt + d)), vref_n = k phi0 / (k dt + d),
   tangent rows rigid (R_t = 0). k >= 0 (N/m), d >= 0 (N s/m), k dt + d > 0. */
CT_API ct_result ct_compliance_spring_damper(const ct_problem *p, int c0, int count, ct_real dt,
                                             ct_real k, ct_real d, const ct_real *phi0,
                                             ct_real *R, ct_real *vref);

/* v = (G + R) lambda + g */
CT_API ct_result ct_velocity(const ct_problem *p, const ct_real *lambda, ct_real *v);
/* The one scoring function every solver returns through. */
CT_API ct_result ct_criteria(const ct_problem *p, const ct_real *lambda, const ct_real *v,
                             ct_flavor flavor, ct_residuals *out);
/* modes[i] (nc) = open if lambda_n <= tol, else stick if ||v_T|| <= tol, else slide. */
CT_API ct_result ct_contact_modes(const ct_problem *p, const ct_real *lambda, const ct_real *v,
                                  ct_real tol, ct_contact_mode *modes);

/* Cones. 3-vectors are (t1, t2, n); out may alias x. mu >= 0. */
CT_API void ct_project_cone(ct_real mu, const ct_real x[3], ct_real out[3]);      /* K_mu          */
CT_API void ct_project_dual_cone(ct_real mu, const ct_real x[3], ct_real out[3]); /* K_mu* = K_1/mu */
CT_API void ct_project_polar_cone(ct_real mu, const ct_real x[3], ct_real out[3]); /* -K_mu*       */
CT_API void ct_project_disk(ct_real r, const ct_real x[2], ct_real out[2]);       /* ||.|| <= r    */
/* 4-facet pyramid {x_n >= 0, |x_t1| <= mu x_n, |x_t2| <= mu x_n}: the Euclidean projection. */
CT_API void ct_project_pyramid(ct_real mu, const ct_real x[3], ct_real out[3]);
/* x_n fixed (clamped at 0), each tangential component clamped to [-mu x_n, mu x_n]. */
CT_API void ct_clamp_box_tangent(ct_real mu, const ct_real x[3], ct_real out[3]);
/* Projection onto K_mu in the metric diag(d) (seed 003 after eq. 48); needs d[0] == d[1] > 0,
   d[2] > 0, else CT_ERROR_INVALID_ARGUMENT. */
CT_API ct_result ct_project_cone_metric(ct_real mu, const ct_real d[3], const ct_real x[3],
                                        ct_real out[3]);
/* Onto K = R^nb x R+^nu x prod K_mu_i, and onto K* = {0}^nb x R+^nu x prod K_1/mu_i. */
CT_API void ct_project_constraints(int nb, int nu, int nc, const ct_real *mu, const ct_real *x,
                                   ct_real *out);
CT_API void ct_project_dual_constraints(int nb, int nu, int nc, const ct_real *mu,
                                        const ct_real *x, ct_real *out);
/* De Saxce term Gamma(v) = (0, 0, mu ||v_T||). */
CT_API void ct_desaxce(ct_real mu, const ct_real v[3], ct_real out[3]);

/* Dense Cholesky A = L L^T of a row-major SPD matrix, in place on the lower triangle (the
   strictly upper triangle is not touched), with shift added to the diagonal first. scratch:
   ct_cholesky_scratch_size(n) elements (NULL allowed when that is 0).
   CT_ERROR_NOT_POSITIVE_DEFINITE if a pivot is not positive; *bad_pivot (may be NULL) gets
   its row. */
CT_API size_t ct_cholesky_scratch_size(int n);
CT_API ct_result ct_cholesky_factor(ct_real *a, int n, int lda, ct_real shift, ct_real *scratch,
                                    int *bad_pivot);
/* b <- (L L^T)^-1 b */
CT_API void ct_cholesky_solve(const ct_real *l, int n, int lda, ct_real *b);

/* For users with M and J: G = J M^-1 J^T (m x m) and, if vfree and g are not NULL,
   g = J vfree. M: (nv x nv) row-major SPD; J: (m x nv) row-major. scratch:
   ct_delassus_scratch_size(nv, m) elements. */
CT_API size_t ct_delassus_scratch_size(int nv, int m);
CT_API ct_result ct_delassus_from_mj(int nv, int m, const ct_real *M, const ct_real *J,
                                     const ct_real *vfree, ct_real *G, ct_real *g,
                                     ct_real *scratch);

#if defined(CONTACT_IO) && !defined(CONTACT_NO_MALLOC)
/* Optional (define CONTACT_IO; needs stdio and malloc): write and read a problem in
   contact.h's text format, to attach a failing problem to a bug report or to keep benchmark
   problems. Format (docs/math.md):
       contact.h problem 1
       nb <nb> nu <nu> nc <nc> R <0|1>
       G <n lines of n numbers>  g <n numbers>  mu <nc numbers>  [R <n numbers>]  end
   Numbers are written with 17 significant digits (9 in float), so a double round-trips. */
typedef struct ct_problem_data {
    ct_problem problem;           /* points into the arrays below                          */
    ct_real *G, *g, *mu, *R;      /* owned; R is NULL when the file has none               */
} ct_problem_data;
CT_API ct_result ct_problem_write(const ct_problem *p, FILE *f);
CT_API ct_result ct_problem_read(FILE *f, ct_problem_data *out);
CT_API void ct_problem_data_free(ct_problem_data *d);
#endif

#ifdef __cplusplus
}
#endif
#endif /* CONTACT_H_INCLUDED */

/* ======================================================================================== */
/*                                     IMPLEMENTATION                                       */
/* ======================================================================================== */
#ifdef CONTACT_IMPLEMENTATION
#ifndef CONTACT_IMPLEMENTATION_ONCE
#define CONTACT_IMPLEMENTATION_ONCE

/* >>hooks -------------------------------------------------------------------------------- */
#include <stdint.h> /* uintptr_t */
#ifndef CONTACT_ASSERT
#include <assert.h>
#define CONTACT_ASSERT(x) assert(x)
#endif
#if !defined(CONTACT_MEMSET) || !defined(CONTACT_MEMCPY)
#include <string.h>
#endif
#ifndef CONTACT_MEMSET
#define CONTACT_MEMSET(p, c, n) memset((p), (c), (n))
#endif
#ifndef CONTACT_MEMCPY
#define CONTACT_MEMCPY(d, s, n) memcpy((d), (s), (n))
#endif
#if !defined(CONTACT_SQRT) || !defined(CONTACT_FABS) || !defined(CONTACT_POW) ||            \
    !defined(CONTACT_ATAN2) || !defined(CONTACT_SIN) || !defined(CONTACT_COS) ||              \
    !defined(CONTACT_LOG)
#include <math.h>
#endif
#ifdef CONTACT_USE_FLOAT
#ifndef CONTACT_SQRT
#define CONTACT_SQRT(x) sqrtf(x)
#endif
#ifndef CONTACT_FABS
#define CONTACT_FABS(x) fabsf(x)
#endif
#ifndef CONTACT_POW
#define CONTACT_POW(x, y) powf((x), (y))
#endif
#ifndef CONTACT_ATAN2
#define CONTACT_ATAN2(y, x) atan2f((y), (x))
#endif
#ifndef CONTACT_SIN
#define CONTACT_SIN(x) sinf(x)
#endif
#ifndef CONTACT_COS
#define CONTACT_COS(x) cosf(x)
#endif
#ifndef CONTACT_LOG
#define CONTACT_LOG(x) logf(x)
#endif
#else
#ifndef CONTACT_SQRT
#define CONTACT_SQRT(x) sqrt(x)
#endif
#ifndef CONTACT_FABS
#define CONTACT_FABS(x) fabs(x)
#endif
#ifndef CONTACT_POW
#define CONTACT_POW(x, y) pow((x), (y))
#endif
#ifndef CONTACT_ATAN2
#define CONTACT_ATAN2(y, x) atan2((y), (x))
#endif
#ifndef CONTACT_SIN
#define CONTACT_SIN(x) sin(x)
#endif
#ifndef CONTACT_COS
#define CONTACT_COS(x) cos(x)
#endif
#ifndef CONTACT_LOG
#define CONTACT_LOG(x) log(x)
#endif
#endif
#ifndef CONTACT_NO_MALLOC
#if defined(CONTACT_MALLOC) != defined(CONTACT_FREE)
#error "contact.h: define both CONTACT_MALLOC and CONTACT_FREE, or neither"
#endif
#ifndef CONTACT_MALLOC
#include <stdlib.h>
#define CONTACT_MALLOC(sz, ctx) ((void)(ctx), malloc(sz))
#define CONTACT_FREE(p, ctx) ((void)(ctx), free(p))
#endif
#endif

#ifdef CONTACT_USE_FLOAT
#define CT_EPS ((ct_real)1.1920928955078125e-07)  /* FLT_EPSILON */
#define CT_MINVAL ((ct_real)1e-30)                  /* floor of divisions */
#define CT__RES_MAX ((ct_real)1e38)                 /* the largest residual reported         */
#define CT_HUGE ((ct_real)1e15)                     /* input range and divergence threshold:
                                                       HUGE^2 n stays below FLT_MAX (3.4e38) */
#else
#define CT_EPS ((ct_real)2.220446049250313e-16)    /* DBL_EPSILON */
#define CT_MINVAL ((ct_real)1e-300)
#define CT__RES_MAX ((ct_real)1e300)                /* the largest residual reported         */
#define CT_HUGE ((ct_real)1e150)                    /* the same for DBL_MAX                  */
#endif
#define CT__MAX_N 46340 /* n*n must fit an int */
#define CT__ALIGN 64

#define CT__PRIVATE static CT__MAYBE_UNUSED

CT__PRIVATE ct_real ct__max(ct_real a, ct_real b) { return a > b ? a : b; }
CT__PRIVATE ct_real ct__min(ct_real a, ct_real b) { return a < b ? a : b; }
/* NaN and infinities give x - x != 0; needs no libm. */
CT__PRIVATE int ct__finite(ct_real x) { return (x - x) == (ct_real)0; }
CT__PRIVATE int ct__all_finite(const ct_real *x, size_t n) {
    size_t i;
    int bad = 0; /* x - x is NaN for inf and NaN; an or of compares vectorizes (a sum would not) */
    for (i = 0; i < n; ++i) bad |= (x[i] - x[i]) != 0;
    return !bad;
}
/* every |x_i| <= CT_HUGE (NaN fails too) */
CT__PRIVATE int ct__in_range(const ct_real *x, size_t n) {
    size_t i;
    int b0 = 0, b1 = 0; /* no early exit, two chains */
    for (i = 0; i + 2 <= n; i += 2) {
        b0 |= !(CONTACT_FABS(x[i]) <= CT_HUGE);
        b1 |= !(CONTACT_FABS(x[i + 1]) <= CT_HUGE);
    }
    if (i < n) b0 |= !(CONTACT_FABS(x[i]) <= CT_HUGE);
    return !(b0 | b1);
}
/* Input values: one pass for the common case (all finite and in range); flags *nonfinite or
   *range raised otherwise (x NULL: nothing). Validation reports NON_FINITE before OUT_OF_RANGE. */
CT__PRIVATE void ct__values_check(const ct_real *x, size_t n, int *nonfinite, int *range) {
    if (!x || ct__in_range(x, n)) return;
    if (ct__all_finite(x, n)) *range = 1;
    else *nonfinite = 1;
}

/* the problem sizes: each non-negative and bounded before they are summed (no int overflow),
   n = nb + nu + 3 nc <= CT__MAX_N so that n^2 fits an int */
CT__PRIVATE int ct__sizes_ok(int nb, int nu, int nc) {
    return nb >= 0 && nu >= 0 && nc >= 0 && nb <= CT__MAX_N && nu <= CT__MAX_N &&
           nc <= CT__MAX_N / 3 && nb + nu + 3 * nc <= CT__MAX_N;
}

/* Overflow-safe sum of squares: the value is scale^2 ssq (LAPACK's dnrm2 update) */
CT__PRIVATE void ct__ssq_add(ct_real *scale, ct_real *ssq, ct_real x) {
    ct_real a = CONTACT_FABS(x);
    if (!(a > 0)) return;
    if (*scale < a) {
        *ssq = 1 + *ssq * (*scale / a) * (*scale / a);
        *scale = a;
    } else {
        *ssq += (a / *scale) * (a / *scale);
    }
}
/* A plain sum of squares is exact to rounding unless it overflows or its terms underflow: it is
   trusted when finite and at least CT__SSQ_LO (then an underflowed term is below 1e-100 of the
   sum in double, 1e-13 in float), or when every term is zero; otherwise the scaled update above
   recomputes it. The fast path is what the criteria run on every iteration. */
#ifdef CONTACT_USE_FLOAT
#define CT__SSQ_LO ((ct_real)1e-25)
#else
#define CT__SSQ_LO ((ct_real)1e-200)
#endif
CT__PRIVATE int ct__ssq_plain_ok(ct_real sum, int nonzero) {
    return ct__finite(sum) && (sum >= CT__SSQ_LO || !nonzero);
}
CT__PRIVATE ct_real ct__norm2_safe(const ct_real *x, int n) {
    ct_real scale = 0, ssq = 0, sum = 0;
    int i;
    for (i = 0; i < n; ++i) sum += x[i] * x[i];
    if (ct__finite(sum) && sum >= CT__SSQ_LO) return CONTACT_SQRT(sum);
    for (i = 0; i < n; ++i) ct__ssq_add(&scale, &ssq, x[i]);
    return scale * CONTACT_SQRT(ssq);
}
/* A sum of squares accumulated plainly (safe = 0; nonzero: some term was not 0) or by the
   scaled update (safe = 1) */
typedef struct ct__ssq {
    ct_real scale, ssq, sum;
    int safe, nonzero;
} ct__ssq;
CT__PRIVATE void ct__ssq_take(ct__ssq *a, ct_real x) {
    if (a->safe) {
        ct__ssq_add(&a->scale, &a->ssq, x);
    } else {
        a->sum += x * x;
        a->nonzero |= x != 0;
    }
}

CT__PRIVATE ct_real ct__norm2(const ct_real *x, int n) {
    ct_real s = 0;
    int i;
    for (i = 0; i < n; ++i) s += x[i] * x[i];
    return CONTACT_SQRT(s);
}
CT__PRIVATE ct_real ct__dot(const ct_real *x, const ct_real *y, int n) {
    ct_real s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    int i = 0;
    for (; i + 4 <= n; i += 4) {
        s0 += x[i] * y[i];
        s1 += x[i + 1] * y[i + 1];
        s2 += x[i + 2] * y[i + 2];
        s3 += x[i + 3] * y[i + 3];
    }
    for (; i < n; ++i) s0 += x[i] * y[i];
    return (s0 + s1) + (s2 + s3);
}
CT__PRIVATE ct_real ct__norm_t(const ct_real x[3]) { return CONTACT_SQRT(x[0] * x[0] + x[1] * x[1]); }
/* ||a - b|| of 3-vectors */
CT__PRIVATE ct_real ct__dist3(const ct_real a[3], const ct_real b[3]) {
    ct_real d0 = a[0] - b[0], d1 = a[1] - b[1], d2 = a[2] - b[2];
    return CONTACT_SQRT(d0 * d0 + d1 * d1 + d2 * d2);
}

/* >>linalg ------------------------------------------------------------------------------- */
#if defined(CONTACT_USE_LAPACK) || defined(CONTACT_USE_BLAS)
#ifdef __cplusplus
extern "C" {
#endif
#ifdef CONTACT_USE_FLOAT
#define CT__LAPACK(name) s##name##_
#else
#define CT__LAPACK(name) d##name##_
#endif
/* Fortran interfaces with the trailing hidden length of each character argument (gfortran
   passes it as size_t since GCC 8; omitting it is the GCC PR 90329 hazard). 32-bit integers. */
#ifdef CONTACT_USE_LAPACK
void CT__LAPACK(potrf)(const char *uplo, const int *n, ct_real *a, const int *lda, int *info,
                       size_t uplo_len);
void CT__LAPACK(potrs)(const char *uplo, const int *n, const int *nrhs, const ct_real *a,
                       const int *lda, ct_real *b, const int *ldb, int *info, size_t uplo_len);
#endif
#ifdef CONTACT_USE_BLAS
void CT__LAPACK(symv)(const char *uplo, const int *n, const ct_real *alpha, const ct_real *a,
                      const int *lda, const ct_real *x, const int *incx, const ct_real *beta,
                      ct_real *y, const int *incy, size_t uplo_len);
#endif
#ifdef __cplusplus
}
#endif
#endif

/* y = A x for a symmetric row-major n x n A (lda) */
CT__PRIVATE void ct__symv(const ct_real *a, int n, int lda, const ct_real *x, ct_real *y) {
#ifdef CONTACT_USE_BLAS
    /* row-major lower == column-major upper */
    const char uplo = 'U';
    const int one = 1;
    const ct_real alpha = 1, beta = 0;
    if (n > 0) CT__LAPACK(symv)(&uplo, &n, &alpha, a, &lda, x, &one, &beta, y, &one, 1);
#else
    int i;
    for (i = 0; i < n; ++i) y[i] = ct__dot(a + (size_t)i * lda, x, n);
#endif
}

/* Register tile of the micro-kernel: MR rows x NR columns of accumulators, sized to the vector ISA the
   compiler targets (only selects constants; the code is the same plain C for all of them). */
#if defined(__AVX512F__)
#define CT__CHOL_MR 6
#define CT__CHOL_NR 16
#define CT__CHOL_ROW(c, x, b) CT__CHOL_FMA8(c, x, b, 0) CT__CHOL_FMA8(c, x, b, 8)
#elif defined(__AVX__)
#define CT__CHOL_MR 6
#define CT__CHOL_NR 8
#define CT__CHOL_ROW(c, x, b) CT__CHOL_FMA8(c, x, b, 0)
#else
#define CT__CHOL_MR 4
#define CT__CHOL_NR 4
#define CT__CHOL_ROW(c, x, b) CT__CHOL_FMA4(c, x, b, 0)
#endif
#if CT__CHOL_MR == 6
#define CT__CHOL_ROWS(X) X(0) X(1) X(2) X(3) X(4) X(5)
#else
#define CT__CHOL_ROWS(X) X(0) X(1) X(2) X(3)
#endif
#define CT__CHOL_FMA4(c, x, b, o) \
    c[o] += x * b[o]; c[o + 1] += x * b[o + 1]; c[o + 2] += x * b[o + 2]; c[o + 3] += x * b[o + 3];
#define CT__CHOL_FMA8(c, x, b, o) CT__CHOL_FMA4(c, x, b, o) CT__CHOL_FMA4(c, x, b, o + 4)
#define CT__CHOL_SET4(t, c, o) t[o] = c[o]; t[o + 1] = c[o + 1]; t[o + 2] = c[o + 2]; t[o + 3] = c[o + 3];
#if CT__CHOL_NR == 16
#define CT__CHOL_ROW_SAVE(t, c) CT__CHOL_SET4(t, c, 0) CT__CHOL_SET4(t, c, 4) CT__CHOL_SET4(t, c, 8) CT__CHOL_SET4(t, c, 12)
#elif CT__CHOL_NR == 8
#define CT__CHOL_ROW_SAVE(t, c) CT__CHOL_SET4(t, c, 0) CT__CHOL_SET4(t, c, 4)
#else
#define CT__CHOL_ROW_SAVE(t, c) CT__CHOL_SET4(t, c, 0)
#endif

#ifndef CT__CHOL_NB
#define CT__CHOL_NB 16 /* panel width (columns factored per step), a multiple of NR */
#endif
#define CT__CHOL_KC 256               /* depth of one packed B chunk (B chunk = KC x NR stays in L1) */
#ifndef CT__CHOL_SMALL
#define CT__CHOL_SMALL 24 /* below this order: unblocked path */
#endif

/* Scratch needed by ct__chol_factor, in ct_real elements, for order n (0 is fine for small n). */
#define CT__CHOL_SCRATCH(n) ((size_t)CT__CHOL_NB * (size_t)(n))

/* Micro-kernel, C -= A*B^T on an MR x NR tile: A rows a + r*lda (kc long), b packed kc x NR, C rows c + r*ldc.
   Only C(r,c) with r < mr, c < nr and c <= r + dofs is written (dofs = tile row - tile column). */
/* GCC's -O3 loop vectorizer turns the p loop below into strictly ordered (fold-left) vector
   reductions, about 5 times slower than the register tile it replaces: keep it to SLP. */
#if defined(__GNUC__) && !defined(__clang__) && !defined(__INTEL_COMPILER)
#define CT__TILE_KERNEL __attribute__((optimize("no-tree-loop-vectorize")))
#else
#define CT__TILE_KERNEL
#endif
CT__PRIVATE CT__TILE_KERNEL void ct__chol_mk(int kc, const ct_real *a, int lda, const ct_real *b, ct_real *c, int ldc, int mr, int nr,
                        int dofs)
{
#define CT__CHOL_DECL(r) ct_real c##r[CT__CHOL_NR] = {0}; const ct_real *a##r = a + (r < mr ? r : 0) * lda;
    CT__CHOL_ROWS(CT__CHOL_DECL)
#undef CT__CHOL_DECL
    int p, r, j;
    for (p = 0; p < kc; ++p, b += CT__CHOL_NR) {
#define CT__CHOL_STEP(r) { const ct_real x = a##r[p]; CT__CHOL_ROW(c##r, x, b) }
        CT__CHOL_ROWS(CT__CHOL_STEP)
#undef CT__CHOL_STEP
    }
    {
        ct_real t[CT__CHOL_MR][CT__CHOL_NR];
#define CT__CHOL_SAVE(r) CT__CHOL_ROW_SAVE(t[r], c##r)
        CT__CHOL_ROWS(CT__CHOL_SAVE)
#undef CT__CHOL_SAVE
        if (mr == CT__CHOL_MR && nr == CT__CHOL_NR && dofs >= CT__CHOL_NR - 1) {
            for (r = 0; r < CT__CHOL_MR; ++r)
                for (j = 0; j < CT__CHOL_NR; ++j) c[r * ldc + j] -= t[r][j];
        } else {
            for (r = 0; r < mr; ++r)
                for (j = 0; j < nr && j <= r + dofs; ++j) c[r * ldc + j] -= t[r][j];
        }
    }
}

/* Unblocked Cholesky-Banachiewicz: L(i,j) = (A(i,j) - L(i,0:j) . L(j,0:j)) / L(j,j). Returns -1 or bad pivot. */
CT__PRIVATE int ct__chol_unblocked(ct_real *a, int n, int lda, int off)
{
    int i, j;
    for (i = 0; i < n; ++i) {
        ct_real *ai = a + i * lda;
        for (j = 0; j <= i; ++j) {
            const ct_real *aj = a + j * lda;
            const ct_real s = ai[j] - ct__dot(ai, aj, j);
            if (j < i) {
                ai[j] = s * (1 / aj[j]); /* the division is off the dependency chain */
            } else {
                if (!(s > 0 && s - s == 0)) return off + i; /* not > 0, or inf/NaN */
                ai[i] = CONTACT_SQRT(s);
            }
        }
    }
    return -1;
}

/* In-place Cholesky A = L L^T, row-major, lower triangle read/written, strict upper untouched.
   Returns -1 on success or the 0-based index of the first pivot that is not > 0 or not finite. */
CT__PRIVATE int ct__chol_blocked(ct_real *a, int n, int lda, ct_real *scratch)
{
    int k, kb, i, j, p, p0, kc, jt, nt, info;
    if (n < CT__CHOL_SMALL) return ct__chol_unblocked(a, n, lda, 0);
    for (k = 0; k < n; k += kb) {
        ct_real *pan = a + k * lda + k; /* top-left of the panel: diagonal element (k,k) */
        kb = n - k < CT__CHOL_NB ? n - k : CT__CHOL_NB;
        nt = (kb + CT__CHOL_NR - 1) / CT__CHOL_NR;
        if (k > 0) {
            /* pack B = L(k:k+kb, 0:k) as nt column tiles of k x NR (zero padded) */
            for (jt = 0; jt < nt; ++jt) {
                ct_real *bt = scratch + jt * k * CT__CHOL_NR;
                for (j = 0; j < CT__CHOL_NR; ++j) {
                    int col = jt * CT__CHOL_NR + j;
                    if (col < kb) {
                        const ct_real *src = a + (k + col) * lda;
                        for (p = 0; p < k; ++p) bt[p * CT__CHOL_NR + j] = src[p];
                    } else {
                        for (p = 0; p < k; ++p) bt[p * CT__CHOL_NR + j] = 0;
                    }
                }
            }
            /* A(k:n, k:k+kb) -= L(k:n, 0:k) * B^T, in KC deep chunks */
            for (p0 = 0; p0 < k; p0 += kc) {
                kc = k - p0 < CT__CHOL_KC ? k - p0 : CT__CHOL_KC;
                for (jt = 0; jt < nt; ++jt) {
                    const ct_real *bt = scratch + (jt * k + p0) * CT__CHOL_NR;
                    int j0 = jt * CT__CHOL_NR, nr = kb - j0 < CT__CHOL_NR ? kb - j0 : CT__CHOL_NR;
                    for (i = j0 - j0 % CT__CHOL_MR; i < n - k; i += CT__CHOL_MR) {
                        int mr = n - k - i < CT__CHOL_MR ? n - k - i : CT__CHOL_MR;
                        ct__chol_mk(kc, a + (k + i) * lda + p0, lda, bt, pan + i * lda + j0, lda, mr, nr, i - j0);
                    }
                }
            }
        }
        /* factor the diagonal block */
        info = ct__chol_unblocked(pan, kb, lda, k);
        if (info >= 0) return info;
        if (k + kb < n) {
            /* TRSM  X = A(k+kb:n, k:k+kb) * L11^-T, as a GEMM with the explicit inverse: pack B(p,c) = -Linv(c,p)
               (Linv = L11^-1 by column substitution), then per row tile: copy the rows, zero them, C -= A*B^T */
#define CT__CHOL_B(p, c) scratch[((c) / CT__CHOL_NR * kb + (p)) * CT__CHOL_NR + (c) % CT__CHOL_NR]
            for (j = 0; j < nt * CT__CHOL_NR; ++j) {
                for (p = 0; p < kb; ++p) CT__CHOL_B(p, j) = 0;
                if (j < kb) { /* row j of Linv: Linv(j, 0:j) = -(sum_i L(j,i) Linv(i, 0:j)) / L(j,j), axpy form */
                    const ct_real *lj = pan + j * lda, r = -1 / lj[j];
                    for (i = 0; i < j; ++i)
                        for (p = 0; p <= i; ++p) CT__CHOL_B(p, j) += lj[i] * CT__CHOL_B(p, i);
                    for (p = 0; p < j; ++p) CT__CHOL_B(p, j) *= r;
                    CT__CHOL_B(j, j) = r;
                }
            }
#undef CT__CHOL_B
            for (i = kb; i < n - k; i += CT__CHOL_MR) {
                ct_real buf[CT__CHOL_MR * CT__CHOL_NB], *row = pan + i * lda;
                int r, mr = n - k - i < CT__CHOL_MR ? n - k - i : CT__CHOL_MR;
                for (r = 0; r < mr; ++r)
                    for (j = 0; j < kb; ++j) { buf[r * CT__CHOL_NB + j] = row[r * lda + j]; row[r * lda + j] = 0; }
                for (jt = 0; jt < nt; ++jt) {
                    int j0 = jt * CT__CHOL_NR, nr = kb - j0 < CT__CHOL_NR ? kb - j0 : CT__CHOL_NR;
                    ct__chol_mk(kb, buf, CT__CHOL_NB, scratch + jt * kb * CT__CHOL_NR, row + j0, lda, mr, nr, n);
                }
            }
        }
    }
    return -1;
}

/* In-place row-major lower Cholesky; returns -1 or the first bad pivot. See ct_cholesky_factor. */
CT__PRIVATE int ct__chol_factor(ct_real *a, int n, int lda, ct_real *scratch) {
#ifdef CONTACT_USE_LAPACK
    const char uplo = 'U';
    int info = 0;
    (void)scratch;
    if (n <= 0) return -1;
    CT__LAPACK(potrf)(&uplo, &n, a, &lda, &info, 1);
    return info > 0 ? info - 1 : -1;
#else
    return ct__chol_blocked(a, n, lda, scratch);
#endif
}

/* b <- (L L^T)^-1 b */
CT__PRIVATE void ct__chol_solve(const ct_real *l, int n, int lda, ct_real *b) {
#ifdef CONTACT_USE_LAPACK
    const char uplo = 'U';
    const int one = 1;
    int info = 0;
    if (n > 0) CT__LAPACK(potrs)(&uplo, &n, &one, l, &lda, b, &n, &info, 1);
#else
    int i, k;
    /* L y = b: forward, row dots */
    for (i = 0; i < n; ++i) {
        const ct_real *li = l + (size_t)i * lda;
        b[i] = (b[i] - ct__dot(li, b, i)) / li[i];
    }
    /* L^T x = y: backward, axpy with row i of L */
    for (i = n - 1; i >= 0; --i) {
        const ct_real *li = l + (size_t)i * lda;
        ct_real xi = b[i] / li[i];
        b[i] = xi;
        for (k = 0; k < i; ++k) b[k] -= li[k] * xi;
    }
#endif
}

/* y = L x (lower triangular product), for solvers that work on the factor */
CT__PRIVATE void ct__tri_mul(const ct_real *l, int n, int lda, const ct_real *x, ct_real *y) {
    int i;
    for (i = 0; i < n; ++i) y[i] = ct__dot(l + (size_t)i * lda, x, i + 1);
}
/* y = L^T x */
CT__PRIVATE void ct__tri_mul_t(const ct_real *l, int n, int lda, const ct_real *x, ct_real *y) {
    int i, k;
    for (i = 0; i < n; ++i) y[i] = 0;
    for (i = 0; i < n; ++i) {
        const ct_real *li = l + (size_t)i * lda;
        for (k = 0; k <= i; ++k) y[k] += li[k] * x[i];
    }
}

/* Largest eigenvalue of a symmetric PSD operator y = A x by power iteration from a fixed
   start (deterministic). tmp, x: n each. Returns the Rayleigh quotient (>= 0). */
typedef void (*ct__matvec_fn)(const void *ctx, const ct_real *x, ct_real *y);
CT__PRIVATE ct_real ct__power_iteration(ct__matvec_fn mv, const void *ctx, int n, int iters,
                                        ct_real *x, ct_real *y) {
    int i, k;
    ct_real nrm, lam = 0;
    if (n <= 0) return 0;
    for (i = 0; i < n; ++i) x[i] = (ct_real)1 + (ct_real)0.1 * (ct_real)(i % 7);
    nrm = ct__norm2(x, n);
    for (i = 0; i < n; ++i) x[i] /= nrm;
    for (k = 0; k < iters; ++k) {
        mv(ctx, x, y);
        lam = ct__dot(x, y, n);
        nrm = ct__norm2(y, n);
        if (!(nrm > CT_MINVAL) || !ct__finite(nrm)) break;
        for (i = 0; i < n; ++i) x[i] = y[i] / nrm;
    }
    return lam > 0 ? lam : 0;
}

/* >>delassus ----------------------------------------------------------------------------- */
/* The few operations every solver needs from G + R. Only this section reads the storage of G,
   so a block-sparse or user-supplied operator can replace it without touching the solvers. */
typedef struct ct__op {
    const ct_real *G;     /* dense row-major n x n, or NULL when S or U is given         */
    const ct_sparse *S;   /* block-sparse G (ct_sparse), or NULL                         */
    const ct_operator *U; /* the caller's operator (ct_operator), or NULL: products, the
                             diagonal blocks and the factor/solve of ADMM, nothing else   */
    const ct_real *R;     /* n or NULL                                                   */
    int n, c0;            /* rows; c0 = nb + nu, the first contact row                   */
} ct__op;

CT__PRIVATE void ct__op_init(ct__op *op, const ct_problem *p) {
    op->G = p->G;
    op->S = p->G ? NULL : p->Gs;
    op->U = p->G || p->Gs ? NULL : p->Gop;
    op->R = p->R;
    op->c0 = p->nb + p->nu;
    op->n = op->c0 + 3 * p->nc;
}
/* the row groups of the block-sparse form: a joint or limit row alone, a contact's 3 rows */
CT__PRIVATE int ct__grp(int c0, int i) { return i < c0 ? i : c0 + (i - c0) / 3; }
CT__PRIVATE int ct__grp_row(int c0, int g) { return g < c0 ? g : c0 + 3 * (g - c0); }
CT__PRIVATE int ct__grp_size(int c0, int g) { return g < c0 ? 1 : 3; }
/* the block (gi, gj) of S, or NULL (binary search in the block row) */
CT__PRIVATE const ct_real *ct__sp_block(const ct_sparse *S, int gi, int gj) {
    int lo = S->row_ptr[gi], hi = S->row_ptr[gi + 1] - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (S->col[mid] == gj) return S->val + 9 * (size_t)mid;
        if (S->col[mid] < gj) lo = mid + 1;
        else hi = mid - 1;
    }
    return NULL;
}
CT__PRIVATE ct_real ct__op_r(const ct__op *op, int i) { return op->R ? op->R[i] : (ct_real)0; }
/* G_ij */
CT__PRIVATE ct_real ct__op_g(const ct__op *op, int i, int j) {
    if (op->G) return op->G[(size_t)i * op->n + j];
    if (op->U) { /* an operator gives its diagonal blocks only (the one thing asked of it) */
        const int gi = ct__grp(op->c0, i), r0 = ct__grp_row(op->c0, gi), sz = ct__grp_size(op->c0, gi);
        ct_real B[9];
        if (gi != ct__grp(op->c0, j)) return 0;
        op->U->diag_block(op->U->ctx, r0, sz, B);
        return B[sz * (i - r0) + (j - r0)];
    }
    {
        const int gi = ct__grp(op->c0, i), gj = ct__grp(op->c0, j);
        const ct_real *b = ct__sp_block(op->S, gi, gj);
        return b ? b[3 * (i - ct__grp_row(op->c0, gi)) + (j - ct__grp_row(op->c0, gj))] : (ct_real)0;
    }
}
/* (G + R)_ij */
CT__PRIVATE ct_real ct__op_entry(const ct__op *op, int i, int j) {
    ct_real e = ct__op_g(op, i, j);
    return i == j ? e + ct__op_r(op, i) : e;
}
/* (G x)_i over the block row of i (sparse form) */
CT__PRIVATE ct_real ct__sp_row(const ct__op *op, int i, const ct_real *x) {
    const int gi = ct__grp(op->c0, i), a = i - ct__grp_row(op->c0, gi);
    ct_real acc = 0;
    int k, b;
    for (k = op->S->row_ptr[gi]; k < op->S->row_ptr[gi + 1]; ++k) {
        const int gj = op->S->col[k], r0 = ct__grp_row(op->c0, gj), sj = ct__grp_size(op->c0, gj);
        const ct_real *blk = op->S->val + 9 * (size_t)k + 3 * a;
        for (b = 0; b < sj; ++b) acc += blk[b] * x[r0 + b];
    }
    return acc;
}
/* ((G + R) x)_i, one row */
CT__PRIVATE ct_real ct__op_row(const ct__op *op, int i, const ct_real *x) {
    ct_real gx = op->G ? ct__dot(op->G + (size_t)i * op->n, x, op->n) : ct__sp_row(op, i, x);
    return gx + ct__op_r(op, i) * x[i];
}
/* y[0..3) = ((G + R) x) at the 3 rows of the contact starting at r0, in one pass */
CT__PRIVATE void ct__op_rows3(const ct__op *op, int r0, const ct_real *x, ct_real y[3]) {
    int a, k;
    if (op->G) {
        for (a = 0; a < 3; ++a) y[a] = ct__dot(op->G + (size_t)(r0 + a) * op->n, x, op->n);
    } else {
        const int gi = ct__grp(op->c0, r0);
        y[0] = y[1] = y[2] = 0;
        for (k = op->S->row_ptr[gi]; k < op->S->row_ptr[gi + 1]; ++k) {
            const int gj = op->S->col[k], c = ct__grp_row(op->c0, gj);
            const ct_real *blk = op->S->val + 9 * (size_t)k;
            if (gj < op->c0) {
                for (a = 0; a < 3; ++a) y[a] += blk[3 * a] * x[c];
            } else {
                for (a = 0; a < 3; ++a) y[a] += blk[3 * a] * x[c] + blk[3 * a + 1] * x[c + 1] + blk[3 * a + 2] * x[c + 2];
            }
        }
    }
    for (a = 0; a < 3; ++a) y[a] += ct__op_r(op, r0 + a) * x[r0 + a];
}
/* y = (G + R) x; the sparse form walks each block row once */
CT__PRIVATE void ct__op_mul(const ct__op *op, const ct_real *x, ct_real *y) {
    int i;
    if (op->G) {
        ct__symv(op->G, op->n, op->n, x, y);
    } else if (op->U) {
        op->U->mul(op->U->ctx, x, y);
    } else {
        const int ng = op->c0 + (op->n - op->c0) / 3;
        int gi, k, a, b;
        for (gi = 0; gi < ng; ++gi) {
            const int r0 = ct__grp_row(op->c0, gi), si = ct__grp_size(op->c0, gi);
            ct_real acc[3] = {0, 0, 0};
            for (k = op->S->row_ptr[gi]; k < op->S->row_ptr[gi + 1]; ++k) {
                const int gj = op->S->col[k], c = ct__grp_row(op->c0, gj);
                const ct_real *blk = op->S->val + 9 * (size_t)k;
                if (gj < op->c0) { /* a 1-row group: the block's first column */
                    for (a = 0; a < si; ++a) acc[a] += blk[3 * a] * x[c];
                } else if (si == 3) { /* contact by contact, the common case */
                    acc[0] += blk[0] * x[c] + blk[1] * x[c + 1] + blk[2] * x[c + 2];
                    acc[1] += blk[3] * x[c] + blk[4] * x[c + 1] + blk[5] * x[c + 2];
                    acc[2] += blk[6] * x[c] + blk[7] * x[c + 1] + blk[8] * x[c + 2];
                } else {
                    for (b = 0; b < 3; ++b) acc[0] += blk[b] * x[c + b];
                }
            }
            for (a = 0; a < si; ++a) y[r0 + a] = acc[a];
        }
    }
    if (op->R)
        for (i = 0; i < op->n; ++i) y[i] += op->R[i] * x[i];
}
/* v += (G + R)[:, r0 .. r0+len) d: the columns of a row (len 1) or a contact (len 3), read as
   its rows (G is symmetric: ct_problem_validate); what a Gauss-Seidel update adds to v */
CT__PRIVATE void ct__op_add_cols(const ct__op *op, int r0, int len, const ct_real *d, ct_real *v) {
    int a, j, k;
    if (op->G) {
        const size_t n = (size_t)op->n;
        const ct_real *g0 = op->G + (size_t)r0 * n;
        if (len == 3) {
            const ct_real *g1 = g0 + n, *g2 = g1 + n, d0 = d[0], d1 = d[1], d2 = d[2];
            for (j = 0; j < op->n; ++j) v[j] += g0[j] * d0 + g1[j] * d1 + g2[j] * d2;
        } else {
            for (j = 0; j < op->n; ++j) v[j] += g0[j] * d[0];
        }
    } else {
        const int gi = ct__grp(op->c0, r0);
        for (k = op->S->row_ptr[gi]; k < op->S->row_ptr[gi + 1]; ++k) {
            const int gj = op->S->col[k], c = ct__grp_row(op->c0, gj);
            const ct_real *blk = op->S->val + 9 * (size_t)k;
            if (gj < op->c0) { /* a 1-row group: the block's first column */
                ct_real acc = 0;
                for (a = 0; a < len; ++a) acc += blk[3 * a] * d[a];
                v[c] += acc;
            } else if (len == 3) {
                v[c] += blk[0] * d[0] + blk[3] * d[1] + blk[6] * d[2];
                v[c + 1] += blk[1] * d[0] + blk[4] * d[1] + blk[7] * d[2];
                v[c + 2] += blk[2] * d[0] + blk[5] * d[1] + blk[8] * d[2];
            } else {
                v[c] += blk[0] * d[0];
                v[c + 1] += blk[1] * d[0];
                v[c + 2] += blk[2] * d[0];
            }
        }
    }
    if (op->R)
        for (a = 0; a < len; ++a) v[r0 + a] += op->R[r0 + a] * d[a];
}
CT__PRIVATE void ct__op_mul_cb(const void *ctx, const ct_real *x, ct_real *y) {
    ct__op_mul((const ct__op *)ctx, x, y);
}
/* B (3x3 row-major) = the diagonal block of G + R at rows r0..r0+2 */
CT__PRIVATE void ct__op_block3(const ct__op *op, int r0, ct_real B[9]) {
    int i, j;
    if (op->U && r0 >= op->c0 && (r0 - op->c0) % 3 == 0) { /* a contact: one callback */
        op->U->diag_block(op->U->ctx, r0, 3, B);
        if (op->R)
            for (i = 0; i < 3; ++i) B[4 * i] += op->R[r0 + i];
        return;
    }
    if (op->S && r0 >= op->c0 && (r0 - op->c0) % 3 == 0) { /* a contact: one block lookup */
        const ct_real *blk = ct__sp_block(op->S, ct__grp(op->c0, r0), ct__grp(op->c0, r0));
        if (blk) CONTACT_MEMCPY(B, blk, 9 * sizeof(ct_real));
        else CONTACT_MEMSET(B, 0, 9 * sizeof(ct_real));
        if (op->R)
            for (i = 0; i < 3; ++i) B[4 * i] += op->R[r0 + i];
        return;
    }
    for (i = 0; i < 3; ++i)
        for (j = 0; j < 3; ++j) B[3 * i + j] = ct__op_entry(op, r0 + i, r0 + j);
}
/* L = chol(G + R + D + shift I) restricted to rows idx[0..m) (idx NULL: all rows, m = n);
   D: a diagonal indexed like G (NULL: none). L: m x m row-major. Returns -1 or the failing
   pivot. */
CT__PRIVATE int ct__op_factor(const ct__op *op, const int *idx, int m, const ct_real *D,
                              ct_real shift, ct_real *L, ct_real *scratch) {
    int i, j;
    for (i = 0; i < m; ++i) {
        int gi = idx ? idx[i] : i;
        ct_real *li = L + (size_t)i * m;
        for (j = 0; j <= i; ++j) li[j] = ct__op_entry(op, gi, idx ? idx[j] : j);
        li[i] += shift + (D ? D[gi] : (ct_real)0);
    }
    return ct__chol_factor(L, m, m, scratch);
}

/* D = chol(W), lower, of the leading s x s part (s <= 3) of a row-major padded 3x3 W (only its
   lower triangle is read); 0 when a pivot is not positive. The sparse Cholesky's diagonal
   blocks (a test without the factor is ct__m3_spd). */
CT__PRIVATE int ct__chol_small(const ct_real W[9], int sz, ct_real D[9]) {
    int a, b, c;
    CONTACT_MEMSET(D, 0, 9 * sizeof(ct_real));
    for (a = 0; a < sz; ++a) {
        ct_real d = W[4 * a];
        for (c = 0; c < a; ++c) d -= D[3 * a + c] * D[3 * a + c];
        if (!(d > 0)) return 0;
        D[4 * a] = CONTACT_SQRT(d);
        for (b = a + 1; b < sz; ++b) {
            ct_real e = W[3 * b + a];
            for (c = 0; c < a; ++c) e -= D[3 * b + c] * D[3 * a + c];
            D[3 * b + a] = e / D[4 * a];
        }
    }
    return 1;
}

/* The sparse Cholesky of G + R + shift I for a block-sparse G (ADMM's factor; issue "scale").
   Groups (a joint or limit row, a contact's 3 rows) are eliminated as blocks:
   - ordering: minimum degree on the group graph, by explicit elimination on bitsets (ties to
     the lowest group, deterministic); the eliminated node's neighbours form a clique, which is
     the block pattern of its column of L, so the same pass is the symbolic factorization.
   - numeric: left-looking by block column k (in elimination order): the column of A is
     gathered into an accumulator, the earlier columns j whose pattern contains k are
     subtracted (L_ik -= L_ij L_kj^T over the rows i >= k of column j), then L_kk = chol(A_kk)
     (at most 3x3) and L_ik = W_ik L_kk^-T. Blocks are stored as padded 3x3, row-major.
   - solve: forward and backward block substitutions in elimination order, in place.
   The ordering and the symbolic factorization depend only on the pattern and are computed once
   per pattern (the workspace keeps them); a new shift (ADMM's rho) only redoes the numeric
   part. */
typedef struct ct__spchol {
    int ng, c0, nnzl;
    int *perm, *iperm, *lp, *tp, *mark, *deg; /* new -> old group, old -> new, L's column and
                                                 transpose pointers, slot map, degrees   */
    unsigned long long *bits;                 /* ng x words: the elimination graph         */
    int *li, *tj, *tpos;                      /* L's row groups per column (new labels,
                                                 ascending); transpose: column j, position */
    ct_real *diag, *w, *lval;                 /* L_kk, the accumulator, L's blocks         */
} ct__spchol;

CT__PRIVATE int ct__popcount64(unsigned long long x) {
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_popcountll(x);
#else
    int c = 0;
    while (x) { x &= x - 1; ++c; }
    return c;
#endif
}

/* minimum-degree ordering and the pattern of L (li, in old labels until ct__sp_finish); li may
   be NULL to count only. Returns nnzl, or -1 when it exceeds cap. */
CT__PRIVATE long ct__sp_order(ct__spchol *sp, const ct_sparse *S, int *li, long cap) {
    const int ng = sp->ng, words = (ng + 63) / 64;
    unsigned long long *B = sp->bits;
    long nnz = 0;
    int v, k, step, q;
    CONTACT_MEMSET(B, 0, (size_t)ng * (size_t)words * sizeof(unsigned long long));
    for (v = 0; v < ng; ++v)
        for (k = S->row_ptr[v]; k < S->row_ptr[v + 1]; ++k) {
            int u = S->col[k];
            if (u == v) continue;
            B[(size_t)v * words + u / 64] |= 1ull << (u % 64);
            B[(size_t)u * words + v / 64] |= 1ull << (v % 64); /* symmetric pattern */
        }
    for (v = 0; v < ng; ++v) {
        int d = 0;
        for (q = 0; q < words; ++q) d += ct__popcount64(B[(size_t)v * words + q]);
        sp->deg[v] = d;
        sp->iperm[v] = -1;
    }
    for (step = 0; step < ng; ++step) {
        unsigned long long *Bv;
        int best = -1;
        for (v = 0; v < ng; ++v) /* alive: iperm < 0 */
            if (sp->iperm[v] < 0 && (best < 0 || sp->deg[v] < sp->deg[best])) best = v;
        v = best;
        sp->perm[step] = v;
        sp->iperm[v] = step;
        sp->lp[step] = (int)nnz;
        Bv = B + (size_t)v * words;
        /* the neighbours form a clique; v leaves the graph */
        for (q = 0; q < words; ++q) {
            unsigned long long m = Bv[q];
            while (m) {
                int u = q * 64 + ct__popcount64((m & (~m + 1)) - 1), r, d = 0;
                unsigned long long *Bu = B + (size_t)u * words;
                m &= m - 1;
                if (li) {
                    if (nnz >= cap) return -1;
                    li[nnz] = u;
                }
                ++nnz;
                for (r = 0; r < words; ++r) Bu[r] |= Bv[r];
                Bu[u / 64] &= ~(1ull << (u % 64));
                Bu[v / 64] &= ~(1ull << (v % 64));
                for (r = 0; r < words; ++r) d += ct__popcount64(Bu[r]);
                sp->deg[u] = d;
            }
        }
    }
    sp->lp[ng] = (int)nnz;
    return nnz;
}

/* li to new labels, sorted per column; the transpose lists (tp, tj, tpos) */
CT__PRIVATE void ct__sp_finish(ct__spchol *sp) {
    const int ng = sp->ng;
    int k, q, r;
    for (k = 0; k < ng; ++k) {
        int *l = sp->li + sp->lp[k], m = sp->lp[k + 1] - sp->lp[k];
        for (q = 0; q < m; ++q) l[q] = sp->iperm[l[q]];
        for (q = 1; q < m; ++q) { /* insertion sort: the lists are short */
            int x = l[q];
            for (r = q - 1; r >= 0 && l[r] > x; --r) l[r + 1] = l[r];
            l[r + 1] = x;
        }
    }
    for (k = 0; k <= ng; ++k) sp->tp[k] = 0;
    for (q = 0; q < sp->nnzl; ++q) sp->tp[sp->li[q] + 1]++;
    for (k = 0; k < ng; ++k) sp->tp[k + 1] += sp->tp[k];
    for (k = 0; k < ng; ++k) sp->mark[k] = sp->tp[k];
    for (k = 0; k < ng; ++k) /* column k's rows i: (k, position) goes to i's list */
        for (q = sp->lp[k]; q < sp->lp[k + 1]; ++q) {
            int i = sp->li[q], at = sp->mark[i]++;
            sp->tj[at] = k;
            sp->tpos[at] = q - sp->lp[k];
        }
}

/* the numeric factorization of G + R + shift I; returns -1, or the failing group */
CT__PRIVATE int ct__sp_factor(ct__spchol *sp, const ct__op *op, ct_real shift) {
    const ct_sparse *S = op->S;
    const int ng = sp->ng, c0 = sp->c0;
    int k, q, a, b, c, t;
    for (k = 0; k < ng; ++k) sp->mark[k] = -1;
    for (k = 0; k < ng; ++k) {
        const int ok = sp->perm[k], sk = ct__grp_size(c0, ok), r0 = ct__grp_row(c0, ok);
        const int m = sp->lp[k + 1] - sp->lp[k];
        ct_real *W = sp->w, *D = sp->diag + 9 * (size_t)k;
        /* the accumulator: slot 0 the diagonal block, slot 1 + q the q-th row group */
        CONTACT_MEMSET(W, 0, 9 * ((size_t)m + 1) * sizeof(ct_real));
        for (q = 0; q < m; ++q) sp->mark[sp->li[sp->lp[k] + q]] = q + 1;
        sp->mark[k] = 0;
        for (q = S->row_ptr[ok]; q < S->row_ptr[ok + 1]; ++q) { /* A_ik = (A_ki)^T */
            const int j = sp->iperm[S->col[q]], sj = ct__grp_size(c0, S->col[q]);
            const ct_real *blk = S->val + 9 * (size_t)q;
            ct_real *Wi;
            if (j < k) continue;
            Wi = W + 9 * (size_t)sp->mark[j];
            for (a = 0; a < sj; ++a)
                for (b = 0; b < sk; ++b) Wi[3 * a + b] = blk[3 * b + a];
        }
        for (a = 0; a < sk; ++a) W[4 * a] += ct__op_r(op, r0 + a) + shift;
        for (t = sp->tp[k]; t < sp->tp[k + 1]; ++t) { /* earlier columns j with k in them */
            const int j = sp->tj[t], pos = sp->tpos[t], sj = ct__grp_size(c0, sp->perm[j]);
            const ct_real *Lkj = sp->lval + 9 * (size_t)(sp->lp[j] + pos);
            for (q = sp->lp[j] + pos; q < sp->lp[j + 1]; ++q) {
                const int i = sp->li[q], si = ct__grp_size(c0, sp->perm[i]);
                const ct_real *Lij = sp->lval + 9 * (size_t)q;
                ct_real *Wi = W + 9 * (size_t)sp->mark[i];
                for (a = 0; a < si; ++a)
                    for (b = 0; b < sk; ++b) {
                        ct_real e = 0;
                        for (c = 0; c < sj; ++c) e += Lij[3 * a + c] * Lkj[3 * b + c];
                        Wi[3 * a + b] -= e;
                    }
            }
        }
        /* L_kk = chol(W_kk), lower, padded 3x3 */
        if (!ct__chol_small(W, sk, D)) {
            for (q = 0; q < m; ++q) sp->mark[sp->li[sp->lp[k] + q]] = -1;
            return k;
        }
        /* L_ik = W_ik L_kk^-T: each row x solves x L_kk^T = w */
        for (q = 0; q < m; ++q) {
            const int i = sp->li[sp->lp[k] + q], si = ct__grp_size(c0, sp->perm[i]);
            const ct_real *Wi = W + 9 * (size_t)(q + 1);
            ct_real *Lik = sp->lval + 9 * (size_t)(sp->lp[k] + q);
            CONTACT_MEMSET(Lik, 0, 9 * sizeof(ct_real));
            for (a = 0; a < si; ++a)
                for (b = 0; b < sk; ++b) {
                    ct_real e = Wi[3 * a + b];
                    for (c = 0; c < b; ++c) e -= Lik[3 * a + c] * D[3 * b + c];
                    Lik[3 * a + b] = e / D[4 * b];
                }
            sp->mark[i] = -1;
        }
        sp->mark[k] = -1;
    }
    return -1;
}

/* x <- (L L^T)^-1 x, in the problem's row order */
CT__PRIVATE void ct__sp_solve(const ct__spchol *sp, ct_real *x) {
    const int ng = sp->ng, c0 = sp->c0;
    int k, q, a, c;
    for (k = 0; k < ng; ++k) { /* L y = x */
        const int ok = sp->perm[k], sk = ct__grp_size(c0, ok), r0 = ct__grp_row(c0, ok);
        const ct_real *D = sp->diag + 9 * (size_t)k;
        ct_real *xk = x + r0;
        for (a = 0; a < sk; ++a) {
            ct_real e = xk[a];
            for (c = 0; c < a; ++c) e -= D[3 * a + c] * xk[c];
            xk[a] = e / D[4 * a];
        }
        for (q = sp->lp[k]; q < sp->lp[k + 1]; ++q) {
            const int oi = sp->perm[sp->li[q]], si = ct__grp_size(c0, oi);
            const ct_real *L = sp->lval + 9 * (size_t)q;
            ct_real *xi = x + ct__grp_row(c0, oi);
            for (a = 0; a < si; ++a)
                for (c = 0; c < sk; ++c) xi[a] -= L[3 * a + c] * xk[c];
        }
    }
    for (k = ng - 1; k >= 0; --k) { /* L^T x = y */
        const int ok = sp->perm[k], sk = ct__grp_size(c0, ok), r0 = ct__grp_row(c0, ok);
        const ct_real *D = sp->diag + 9 * (size_t)k;
        ct_real *xk = x + r0;
        for (q = sp->lp[k]; q < sp->lp[k + 1]; ++q) {
            const int oi = sp->perm[sp->li[q]], si = ct__grp_size(c0, oi);
            const ct_real *L = sp->lval + 9 * (size_t)q, *xi = x + ct__grp_row(c0, oi);
            for (c = 0; c < sk; ++c)
                for (a = 0; a < si; ++a) xk[c] -= L[3 * a + c] * xi[a];
        }
        for (a = sk - 1; a >= 0; --a) {
            ct_real e = xk[a];
            for (c = a + 1; c < sk; ++c) e -= D[3 * c + a] * xk[c];
            xk[a] = e / D[4 * a];
        }
    }
}

/* Fixed-size 3x3 helpers for per-contact blocks (row-major). */
/* y = B x */
CT__PRIVATE void ct__m3_mul(const ct_real B[9], const ct_real x[3], ct_real y[3]) {
    ct_real y0 = B[0] * x[0] + B[1] * x[1] + B[2] * x[2];
    ct_real y1 = B[3] * x[0] + B[4] * x[1] + B[5] * x[2];
    ct_real y2 = B[6] * x[0] + B[7] * x[1] + B[8] * x[2];
    y[0] = y0; y[1] = y1; y[2] = y2;
}
/* A symmetric 3x3 B (its lower triangle is read) is safely positive definite when its
   Cholesky pivots exceed tol: in minors, a > tol, det2 > tol a, det3 > tol det2 (Sylvester's
   criterion with a margin; tol = 0: positive definite). Then, when Bi is not NULL, B^-1 =
   adj(B) / det3 (symmetric; one division). Returns 0 (Bi untouched) otherwise. The Preclik
   methods' block inverses and validation's PSD test of the contact blocks. */
CT__PRIVATE int ct__m3_spd(const ct_real B[9], ct_real tol, ct_real Bi[9]) {
    const ct_real a = B[0], b = B[3], c = B[6], d = B[4], e = B[7], f = B[8];
    const ct_real c00 = d * f - e * e, c01 = c * e - b * f, c02 = b * e - c * d;
    const ct_real det2 = a * d - b * b, det3 = a * c00 + b * c01 + c * c02;
    ct_real inv;
    if (!(a > tol) || !(det2 > tol * a) || !(det3 > tol * det2)) return 0;
    if (!Bi) return 1;
    inv = 1 / det3;
    Bi[0] = c00 * inv;
    Bi[1] = Bi[3] = c01 * inv;
    Bi[2] = Bi[6] = c02 * inv;
    Bi[4] = (a * f - c * c) * inv;
    Bi[5] = Bi[7] = (b * c - a * e) * inv;
    Bi[8] = det2 * inv;
    return 1;
}

/* >>cones -------------------------------------------------------------------------------- */
/* Euclidean projections (seed 001 eq. 147-151; seed 003 Sec. 2.4 of its notes). The polar
   region is tested first for K_mu and membership first for K_mu*, so mu = 0 needs no special
   case: K_0 is the ray {x_T = 0, x_n >= 0} and K_0* the half-space {x_n >= 0}. ||x_T|| = 0
   never reaches a division. */
CT_API void ct_project_cone(ct_real mu, const ct_real x[3], ct_real out[3]) {
    ct_real t = ct__norm_t(x), n = x[2];
    if (mu * t <= -n) {
        out[0] = out[1] = out[2] = 0;
    } else if (t <= mu * n) {
        out[0] = x[0]; out[1] = x[1]; out[2] = n;
    } else { /* t > 0 here */
        ct_real s = (mu * t + n) / (1 + mu * mu), f = mu * s / t;
        out[0] = f * x[0]; out[1] = f * x[1]; out[2] = s;
    }
}

CT_API void ct_project_dual_cone(ct_real mu, const ct_real x[3], ct_real out[3]) {
    ct_real t = ct__norm_t(x), n = x[2];
    if (mu * t <= n) {
        out[0] = x[0]; out[1] = x[1]; out[2] = n;
    } else if (t <= -mu * n) {
        out[0] = out[1] = out[2] = 0;
    } else { /* t > 0 here */
        ct_real s = (t + mu * n) / (1 + mu * mu), f = s / t;
        out[0] = f * x[0]; out[1] = f * x[1]; out[2] = mu * s;
    }
}

/* polar = -(dual): P_polar(x) = -P_K*(-x), and x = P_K(x) + P_polar(x) (Moreau) */
CT_API void ct_project_polar_cone(ct_real mu, const ct_real x[3], ct_real out[3]) {
    ct_real m[3];
    m[0] = -x[0]; m[1] = -x[1]; m[2] = -x[2];
    ct_project_dual_cone(mu, m, out);
    out[0] = -out[0]; out[1] = -out[1]; out[2] = -out[2];
}

CT_API void ct_project_disk(ct_real r, const ct_real x[2], ct_real out[2]) {
    ct_real t = CONTACT_SQRT(x[0] * x[0] + x[1] * x[1]);
    if (t <= r) {
        out[0] = x[0]; out[1] = x[1];
    } else if (r <= 0) {
        out[0] = out[1] = 0;
    } else {
        ct_real f = r / t;
        out[0] = f * x[0]; out[1] = f * x[1];
    }
}

/* Pyramid: the cone is symmetric under t1 -> -t1 and t2 -> -t2 and the projection keeps the
   signs, so project (a, b, n) = (|x_t1|, |x_t2|, x_n), where only the facets a = mu n and
   b = mu n can be active, and restore the signs. The face is chosen by its KKT conditions
   (feasible point, non-negative multipliers), not by comparing distances, which cannot tell
   near-ties apart:
     interior   a <= mu n, b <= mu n
     facet a    a > mu n, p = (mu p_n, b, p_n), p_n = (n + mu a) / (1 + mu^2) >= 0, b <= mu p_n
     edge       s = (mu a + mu b + n) / (2 mu^2 + 1) > 0, p = s (mu, mu, 1), a >= mu s, b >= mu s
     apex       otherwise (x is in the polar cone) */
CT_API void ct_project_pyramid(ct_real mu, const ct_real x[3], ct_real out[3]) {
    ct_real a = CONTACT_FABS(x[0]), b = CONTACT_FABS(x[1]), n = x[2], p[3], pa, pb, s;
    if (a <= mu * n && b <= mu * n) {
        out[0] = x[0]; out[1] = x[1]; out[2] = n;
        return;
    }
    pa = (n + mu * a) / (1 + mu * mu); /* normal of the projection onto facet a */
    pb = (n + mu * b) / (1 + mu * mu);
    s = (mu * a + mu * b + n) / (2 * mu * mu + 1);
    if (a > mu * n && pa >= 0 && b <= mu * pa) {
        p[0] = mu * pa; p[1] = b; p[2] = pa;
    } else if (b > mu * n && pb >= 0 && a <= mu * pb) {
        p[0] = a; p[1] = mu * pb; p[2] = pb;
    } else if (s > 0) { /* in exact arithmetic a >= mu s and b >= mu s hold here */
        p[0] = p[1] = mu * s; p[2] = s;
    } else {
        p[0] = p[1] = p[2] = 0;
    }
    out[0] = x[0] < 0 ? -p[0] : p[0];
    out[1] = x[1] < 0 ? -p[1] : p[1];
    out[2] = p[2];
}

CT_API void ct_clamp_box_tangent(ct_real mu, const ct_real x[3], ct_real out[3]) {
    ct_real n = x[2] > 0 ? x[2] : 0, r = mu * n;
    out[0] = ct__min(r, ct__max(-r, x[0]));
    out[1] = ct__min(r, ct__max(-r, x[1]));
    out[2] = n;
}

/* P^D_K(x) = D^-1/2 P_K_mut(D^1/2 x), mut = mu sqrt(d_t / d_n) (substitute u = D^1/2 y). */
CT_API ct_result ct_project_cone_metric(ct_real mu, const ct_real d[3], const ct_real x[3],
                                        ct_real out[3]) {
    ct_real st, sn, u[3];
    if (!d || !x || !out) return CT_ERROR_INVALID_ARGUMENT;
    if (!(d[0] > 0) || !(d[2] > 0) ||
        CONTACT_FABS(d[0] - d[1]) > 8 * CT_EPS * ct__max(d[0], CONTACT_FABS(d[1])))
        return CT_ERROR_INVALID_ARGUMENT;
    st = CONTACT_SQRT(d[0]);
    sn = CONTACT_SQRT(d[2]);
    u[0] = st * x[0]; u[1] = st * x[1]; u[2] = sn * x[2];
    ct_project_cone(mu * st / sn, u, u);
    out[0] = u[0] / st; out[1] = u[1] / st; out[2] = u[2] / sn;
    return CT_OK;
}

CT_API void ct_desaxce(ct_real mu, const ct_real v[3], ct_real out[3]) {
    out[2] = mu * ct__norm_t(v);
    out[0] = out[1] = 0;
}

CT_API void ct_project_constraints(int nb, int nu, int nc, const ct_real *mu, const ct_real *x,
                                   ct_real *out) {
    int i;
    for (i = 0; i < nb; ++i) out[i] = x[i];
    for (i = nb; i < nb + nu; ++i) out[i] = x[i] > 0 ? x[i] : 0;
    for (i = 0; i < nc; ++i) ct_project_cone(mu[i], x + nb + nu + 3 * i, out + nb + nu + 3 * i);
}

CT_API void ct_project_dual_constraints(int nb, int nu, int nc, const ct_real *mu,
                                        const ct_real *x, ct_real *out) {
    int i;
    for (i = 0; i < nb; ++i) out[i] = 0;
    for (i = nb; i < nb + nu; ++i) out[i] = x[i] > 0 ? x[i] : 0;
    for (i = 0; i < nc; ++i)
        ct_project_dual_cone(mu[i], x + nb + nu + 3 * i, out + nb + nu + 3 * i);
}

/* >>soft --------------------------------------------------------------------------------- */
/* The soft contact models of seed 002 (its notes Sec. 2, "per-contact kernel" 2.8): for each
   contact a convex potential l_i of the physical contact velocity v_c (t1, t2, n), its impulse
   gamma = -grad l_i and its Hessian H = grad^2 l_i (3x3, symmetric PSD: the models are
   irrotational, seed 002 Sec. IV). Joint and limit rows are the regularized CCP of their R > 0:
   bilateral gamma = -v/R, unilateral gamma = max(0, -v/R).
     CT_SOFT_CCP / SAP: y = R^-1 (v^ - v_c), gamma = P^R_K(y) (the projection in the R metric,
       three regions, notes Sec. 2.2), l = 1/2 gamma^T R gamma; H = (d gamma / d y) R^-1.
       CCP: R from p->R, v^ = 0. SAP: w = ||G_ii||_F / 3, R_t = sigma w,
       R_n = max(beta^2 w / (4 pi^2), 1 / (dt k (dt + tau_d))), v^ = -phi0 / (dt + tau_d).
     Hunt-Crossley normal law (eq. 22): n(v) = dt k (-phi0 - dt v)+ (1 - d v)+, its antiderivative
       N(v) = N+(min(v, v^)), v^ = min(-phi0/dt, 1/d), N+(v) = dt k [-v (phi0 + dt v / 2)
       + d v^2 / 2 (phi0 + 2 dt v / 3)].
     CT_SOFT_LAGGED (eq. 18): l = -N(v_n) + mu gamma_n0 ||v_T||_s, gamma_n0 = n at (phi0, vn0).
     CT_SOFT_SIMILAR (eq. 19-21): l = -N(z), z = v_n - mu ||v_T||_s; the Hessian is the notes'
       corrected one (the paper prints -mu instead of -mu^2 in G_tt and omits G_tn):
       G_tt = -mu^2 n'(z) P_s + mu n(z) P_s^perp / (s_t + eps), G_tn = mu n'(z) t_s, G_nn = -n'(z).
     ||x||_s = sqrt(||x||^2 + eps^2) - eps (App. A), eps = max(v_s, sigma w mu gamma_n0) (eq. 26). */
#define CT__FOUR_PI_SQ ((ct_real)39.47841760435743)

/* ||G_ii||_F of contact c's 3x3 diagonal block */
CT__PRIVATE ct_real ct__block_frobenius(const ct_problem *p, int c) {
    const int r0 = p->nb + p->nu + 3 * c;
    ct_real f = 0;
    ct__op op;
    int i, j;
    ct__op_init(&op, p);
    for (i = 0; i < 3; ++i)
        for (j = 0; j < 3; ++j) {
            ct_real e = ct__op_g(&op, r0 + i, r0 + j);
            f += e * e;
        }
    return CONTACT_SQRT(f);
}

CT__PRIVATE ct_soft_model ct__soft_model(const ct_problem *p) {
    return p->soft ? p->soft->model : CT_SOFT_CCP;
}

/* Hunt-Crossley impulse n(v), its derivative n'(v) and N(v) (seed 002 eq. 22, notes 2.1) */
CT__PRIVATE void ct__hc(ct_real v, ct_real dt, ct_real k, ct_real d, ct_real phi0, ct_real *n,
                        ct_real *np, ct_real *N) {
    ct_real e = -phi0 - dt * v, a = 1 - d * v, vh = -phi0 / dt, u;
    if (d > 0) vh = ct__min(vh, 1 / d);
    *n = e > 0 && a > 0 ? dt * k * e * a : 0;
    *np = e > 0 && a > 0 ? -dt * k * (dt * a + d * e) : 0;
    u = ct__min(v, vh);
    *N = dt * k * (-u * (phi0 + (ct_real)0.5 * dt * u) + d * u * u * (ct_real)0.5 * (phi0 + (ct_real)2 / 3 * dt * u));
}

/* The kernel of contact i at the physical velocity vc: cost, gamma, H (3x3 row-major; may be
   NULL). */
CT__PRIVATE void ct__soft_contact(const ct_problem *p, int i, const ct_real vc[3], ct_real *cost,
                                  ct_real gam[3], ct_real *H) {
    const ct_soft *sf = p->soft;
    const ct_soft_model model = ct__soft_model(p);
    const int r0 = p->nb + p->nu + 3 * i;
    const ct_real mu = p->mu[i];
    int a, b;
    if (H) for (a = 0; a < 9; ++a) H[a] = 0;
    if (model == CT_SOFT_CCP || model == CT_SOFT_SAP) {
        ct_real Rt, Rn, vh = 0, y[3], yr, mh, mt2;
        if (model == CT_SOFT_CCP) {
            Rt = p->R[r0];
            Rn = p->R[r0 + 2];
        } else {
            ct_real w = ct__block_frobenius(p, i) / 3, td = sf->d[i], dt = sf->dt;
            Rt = sf->sigma * w;
            Rn = ct__max(sf->beta * sf->beta * w / CT__FOUR_PI_SQ, 1 / (dt * sf->k[i] * (dt + td)));
            vh = -sf->phi0[i] / (dt + td);
        }
        y[0] = -vc[0] / Rt;
        y[1] = -vc[1] / Rt;
        y[2] = (vh - vc[2]) / Rn;
        yr = ct__norm_t(y);
        mh = mu * Rt / Rn;
        mt2 = mu * mh;
        if (yr <= mu * y[2]) { /* stiction */
            gam[0] = y[0]; gam[1] = y[1]; gam[2] = y[2];
            if (H) { H[0] = H[4] = 1 / Rt; H[8] = 1 / Rn; }
        } else if (y[2] <= -mh * yr) { /* no contact */
            gam[0] = gam[1] = gam[2] = 0;
        } else { /* sliding: on the cone's boundary (yr > 0 here) */
            ct_real f = 1 / (1 + mt2), gn = (y[2] + mh * yr) * f, t[2], A[9];
            t[0] = y[0] / yr;
            t[1] = y[1] / yr;
            gam[0] = mu * gn * t[0];
            gam[1] = mu * gn * t[1];
            gam[2] = gn;
            if (H) { /* H = (d gamma / d y) R^-1 */
                for (a = 0; a < 2; ++a)
                    for (b = 0; b < 2; ++b)
                        A[3 * a + b] = mu * (gn / yr * ((a == b) - t[a] * t[b]) + mh * f * t[a] * t[b]);
                for (a = 0; a < 2; ++a) {
                    A[3 * a + 2] = mu * f * t[a];
                    A[6 + a] = mh * f * t[a];
                }
                A[8] = f;
                for (a = 0; a < 3; ++a)
                    for (b = 0; b < 3; ++b) H[3 * a + b] = A[3 * a + b] / (b == 2 ? Rn : Rt);
            }
        }
        *cost = (ct_real)0.5 * (Rt * (gam[0] * gam[0] + gam[1] * gam[1]) + Rn * gam[2] * gam[2]);
    } else { /* LAGGED, SIMILAR */
        const ct_real dt = sf->dt, k = sf->k[i], d = sf->d[i], phi0 = sf->phi0[i];
        ct_real vn0 = sf->vn0 ? sf->vn0[i] : 0, gn0 = 0, eps, st, den, t[2], n, np, N;
        if (-phi0 > 0 && 1 - d * vn0 > 0) gn0 = dt * k * (-phi0) * (1 - d * vn0);
        eps = sf->v_s;
        if (sf->sigma > 0) eps = ct__max(eps, sf->sigma * ct__block_frobenius(p, i) / 3 * mu * gn0);
        st = CONTACT_SQRT(vc[0] * vc[0] + vc[1] * vc[1] + eps * eps) - eps;
        den = st + eps;
        t[0] = vc[0] / den;
        t[1] = vc[1] / den;
        if (model == CT_SOFT_LAGGED) {
            ct__hc(vc[2], dt, k, d, phi0, &n, &np, &N);
            *cost = -N + mu * gn0 * st;
            gam[0] = -mu * gn0 * t[0];
            gam[1] = -mu * gn0 * t[1];
            gam[2] = n;
            if (H) {
                for (a = 0; a < 2; ++a)
                    for (b = 0; b < 2; ++b) H[3 * a + b] = mu * gn0 * ((a == b) - t[a] * t[b]) / den;
                H[8] = -np;
            }
        } else {
            ct__hc(vc[2] - mu * st, dt, k, d, phi0, &n, &np, &N);
            *cost = -N;
            gam[0] = -mu * n * t[0];
            gam[1] = -mu * n * t[1];
            gam[2] = n;
            if (H) {
                for (a = 0; a < 2; ++a) {
                    for (b = 0; b < 2; ++b)
                        H[3 * a + b] = -mu * mu * np * t[a] * t[b] + mu * n * ((a == b) - t[a] * t[b]) / den;
                    H[3 * a + 2] = H[6 + a] = mu * np * t[a];
                }
                H[8] = -np;
            }
        }
    }
}

/* A joint (bilateral) or limit (unilateral) row's regularized CCP at velocity vc: R > 0 */
CT__PRIVATE void ct__soft_row(const ct_problem *p, int i, ct_real vc, ct_real *cost, ct_real *gam,
                              ct_real *h) {
    const ct_real R = p->R[i], y = -vc / R;
    int on = i < p->nb || y > 0;
    *gam = on ? y : 0;
    *h = on ? 1 / R : 0;
    *cost = (ct_real)0.5 * R * *gam * *gam;
}

/* The input checks of the soft models (CT_ERROR_INVALID_SOFT, CT_ERROR_ANISOTROPIC_COMPLIANCE) */
CT__PRIVATE ct_result ct__soft_validate(const ct_problem *p) {
    const ct_soft *sf = p->soft;
    const ct_soft_model model = ct__soft_model(p);
    const int c0 = p->nb + p->nu, n = c0 + 3 * p->nc;
    int i;
    if ((unsigned)model > (unsigned)CT_SOFT_SIMILAR) return CT_ERROR_INVALID_SOFT;
    if (c0 > 0 || model == CT_SOFT_CCP) { /* rows with R > 0 */
        if (!p->R) return CT_ERROR_INVALID_SOFT;
        for (i = 0; i < (model == CT_SOFT_CCP ? n : c0); ++i)
            if (!(p->R[i] > 0)) return CT_ERROR_INVALID_SOFT;
    }
    if (model == CT_SOFT_CCP) {
        for (i = 0; i < p->nc; ++i)
            if (p->R[c0 + 3 * i] != p->R[c0 + 3 * i + 1]) return CT_ERROR_ANISOTROPIC_COMPLIANCE;
    } else {
        if (p->nc > 0 && (!sf->phi0 || !sf->k || !sf->d)) return CT_ERROR_INVALID_SOFT;
        if (!ct__finite(sf->dt) || !(sf->dt > 0) || !ct__finite(sf->sigma) || !(sf->sigma >= 0) ||
            !ct__finite(sf->beta) || !(sf->beta >= 0) || !ct__finite(sf->v_s))
            return CT_ERROR_INVALID_SOFT;
        if (p->nc > 0 && (!ct__all_finite(sf->phi0, (size_t)p->nc) || !ct__all_finite(sf->k, (size_t)p->nc) ||
                          !ct__all_finite(sf->d, (size_t)p->nc) ||
                          (sf->vn0 && !ct__all_finite(sf->vn0, (size_t)p->nc))))
            return CT_ERROR_INVALID_SOFT;
        for (i = 0; i < p->nc; ++i)
            if (!(sf->k[i] >= 0) || !(sf->d[i] >= 0) || (p->R && (p->R[c0 + 3 * i] != 0 ||
                p->R[c0 + 3 * i + 1] != 0 || p->R[c0 + 3 * i + 2] != 0)))
                return CT_ERROR_INVALID_SOFT; /* the model is the contact's compliance */
        if (model == CT_SOFT_SAP) {
            if (!(sf->sigma > 0)) return CT_ERROR_INVALID_SOFT;
            for (i = 0; i < p->nc; ++i)
                if (!(sf->k[i] > 0)) return CT_ERROR_INVALID_SOFT;
        } else if (!(sf->v_s > 0)) {
            return CT_ERROR_INVALID_SOFT;
        }
    }
    if (sf && sf->nv > 0) {
        if (!sf->M || !sf->J || !sf->vstar || sf->nv > CT__MAX_N) return CT_ERROR_INVALID_SOFT;
        if (!ct__all_finite(sf->M, (size_t)sf->nv * (size_t)sf->nv) ||
            !ct__all_finite(sf->J, (size_t)n * (size_t)sf->nv) || !ct__all_finite(sf->vstar, (size_t)sf->nv))
            return CT_ERROR_NON_FINITE;
    }
    return CT_OK;
}

/* >>criteria ----------------------------------------------------------------------------- */
/* For (lambda, v), per constraint (seed 000 Sec. II, seed 001 eq. 156-164):
     w = v + Gamma(v) (NCP), w = v (CCP), w = v + (0, 0, mu ||v_T||_1) and K the 4-facet
     pyramid (LCP; its dual is {mu (|w_t1| + |w_t2|) <= w_n}),
     primal = ||lambda - P_K(lambda)||, dual = ||w - P_K*(w)|| = ||P_K(-w)||,
     comp = |<lambda, w>|, natmap = ||lambda - P_K(lambda - w)||, signorini = |lambda_n v_n|;
     SIGNORINI (Preclik's model): primal as NCP, dual = max(0, -v_n), comp = |lambda_n v_n|,
     natmap = |lambda_n - max(0, lambda_n - v_n)|; its tangential law has no residual form,
     the solvers of that model also require their last update to be small
   bilateral rows: K = R, K* = {0}: dual = natmap = |v|; unilateral rows: K = K* = R+.
   Each is reduced by the maximum over constraints; relative = ||natmap||_2 over all rows
   divided by max(||g||, ||lambda||, ||v||) (Siconos' fc3d error when flavor is NCP). */
CT__PRIVATE void ct__res_take(ct_real val, int row, ct_real *best, int *best_row) {
    if (val > *best || *best_row < 0) {
        *best = val;
        *best_row = row;
    }
}

/* What a pass of the criteria computes: everything (ct_criteria), or only what one stopping
   rule reads (the solvers' checks, ct__score): CT__WANT_NAT the natural map and ||F|| (the
   relative error), CT__WANT_ABS primal, dual and comp (the absolute residual). A quantity is
   computed by the same code whatever else is wanted, so a partial pass gives it bitwise. */
#define CT__WANT_NAT 1
#define CT__WANT_ABS 2
#define CT__WANT_ALL 3

/* The relative error ||F|| / max(||g||, ||lambda||, ||v||) with overflow-safe norms, and every
   residual clamped to CT__RES_MAX: a residual too large to represent (or NaN from inf - inf)
   reads as the largest finite value, never inf, NaN or a false 0. */
CT__PRIVATE void ct__criteria_finish(const ct_problem *p, const ct_real *lambda, const ct_real *v,
                                     const ct__ssq *F, ct_residuals *out, int want) {
    const int n = p->nb + p->nu + 3 * p->nc;
    ct_real num = F->safe ? F->scale * CONTACT_SQRT(F->ssq) : CONTACT_SQRT(F->sum), den;
    ct_real sg = 0, sl = 0, sv = 0; /* the three norms in one pass when plain sums do */
    ct_real *f[7];
    int i;
    if (want & CT__WANT_NAT)
        for (i = 0; i < n; ++i) {
            sg += p->g[i] * p->g[i];
            sl += lambda[i] * lambda[i];
            sv += v[i] * v[i];
        }
    if (!(want & CT__WANT_NAT)) { /* the relative error is not wanted */
        den = 0;
        num = 0;
    } else if (ct__ssq_plain_ok(sg + sl + sv, 1)) { /* the largest sum is then exact to rounding */
        den = CONTACT_SQRT(ct__max(sg, ct__max(sl, sv)));
    } else {
        den = ct__max(ct__norm2_safe(p->g, n), ct__max(ct__norm2_safe(lambda, n), ct__norm2_safe(v, n)));
    }
    out->relative = den > 0 ? num / den : (num > 0 ? CT__RES_MAX : (ct_real)0);
    f[0] = &out->primal; f[1] = &out->dual; f[2] = &out->comp; f[3] = &out->natmap;
    f[4] = &out->signorini; f[5] = &out->absolute; f[6] = &out->relative;
    for (i = 0; i < 7; ++i)
        if (!(*f[i] <= CT__RES_MAX)) *f[i] = CT__RES_MAX;
}

/* the rigid flavors (NCP, CCP, LCP, SIGNORINI) of ct_criteria, ||F||^2 into F */
CT__PRIVATE void ct__criteria_rigid(const ct_problem *p, const ct_real *lambda, const ct_real *v,
                                    ct_flavor flavor, ct_residuals *out, ct__ssq *F, int want) {
    const int wn = want & CT__WANT_NAT, wa = want & CT__WANT_ABS;
    int i;
    for (i = 0; i < p->nb; ++i) {
        ct_real a = CONTACT_FABS(v[i]);
        if (wa) {
            ct__res_take(0, i, &out->primal, &out->primal_row);
            ct__res_take(a, i, &out->dual, &out->dual_row);
            ct__res_take(0, i, &out->comp, &out->comp_row);
        }
        if (wn) {
            ct__res_take(a, i, &out->natmap, &out->natmap_row);
            ct__ssq_take(F, a);
        }
    }
    for (i = p->nb; i < p->nb + p->nu; ++i) {
        ct_real l = lambda[i], w = v[i], t = l - w, nat = l - (t > 0 ? t : 0);
        if (wa) {
            ct__res_take(l < 0 ? -l : 0, i, &out->primal, &out->primal_row);
            ct__res_take(w < 0 ? -w : 0, i, &out->dual, &out->dual_row);
            ct__res_take(CONTACT_FABS(l * w), i, &out->comp, &out->comp_row);
        }
        if (wn) {
            ct__res_take(CONTACT_FABS(nat), i, &out->natmap, &out->natmap_row);
            ct__ssq_take(F, nat);
        }
        ct__res_take(CONTACT_FABS(l * w), i, &out->signorini, &out->signorini_row);
    }
    for (i = 0; i < p->nc; ++i) {
        const int r = p->nb + p->nu + 3 * i, lcp = flavor == CT_FLAVOR_LCP;
        const ct_real mu = p->mu[i], *l = lambda + r;
        const int open = l[0] == 0 && l[1] == 0 && l[2] == 0;
        ct_real w[3], q[3], nat = 0, dual = 0;
        w[0] = v[r]; w[1] = v[r + 1]; w[2] = v[r + 2];
        if (flavor == CT_FLAVOR_NCP) w[2] += mu * ct__norm_t(w);
        if (lcp) w[2] += mu * (CONTACT_FABS(w[0]) + CONTACT_FABS(w[1]));
        if (flavor == CT_FLAVOR_SIGNORINI) { /* normal row only: v_n >= 0, lambda_n v_n = 0 */
            ct_real t = l[2] - w[2];
            nat = CONTACT_FABS(l[2] - (t > 0 ? t : 0));
            dual = w[2] < 0 ? -w[2] : 0;
        } else if (open) {
            /* lambda_i = 0: P_K(l - w) = P_K(-w), so natmap = dual = ||P_K(-w)|| (Moreau:
               dist(w, K*) = ||P_K(-w)||) and primal = comp = 0: one projection, not three */
            q[0] = -w[0]; q[1] = -w[1]; q[2] = -w[2];
            if (lcp) ct_project_pyramid(mu, q, q);
            else ct_project_cone(mu, q, q);
            nat = dual = ct__dist3(l, q);
        } else {
            if (wn) { /* ||l - P_K(l - w)|| */
                q[0] = l[0] - w[0]; q[1] = l[1] - w[1]; q[2] = l[2] - w[2];
                if (lcp) ct_project_pyramid(mu, q, q);
                else ct_project_cone(mu, q, q);
                nat = ct__dist3(l, q);
            }
            if (wa) { /* dist(w, K*) = ||P_K(-w)|| */
                q[0] = -w[0]; q[1] = -w[1]; q[2] = -w[2];
                if (lcp) ct_project_pyramid(mu, q, q);
                else ct_project_cone(mu, q, q);
                dual = CONTACT_SQRT(q[0] * q[0] + q[1] * q[1] + q[2] * q[2]);
            }
        }
        if (wa) {
            ct_real comp = flavor == CT_FLAVOR_SIGNORINI ? CONTACT_FABS(l[2] * w[2])
                                                         : CONTACT_FABS(l[0] * w[0] + l[1] * w[1] + l[2] * w[2]);
            ct_real primal = 0;
            if (!open) {
                if (lcp) ct_project_pyramid(mu, l, q);
                else ct_project_cone(mu, l, q);
                primal = ct__dist3(l, q);
            }
            ct__res_take(primal, r, &out->primal, &out->primal_row);
            ct__res_take(dual, r, &out->dual, &out->dual_row);
            ct__res_take(comp, r, &out->comp, &out->comp_row);
        }
        if (wn) {
            ct__res_take(nat, r, &out->natmap, &out->natmap_row);
            ct__ssq_take(F, nat);
        }
        ct__res_take(CONTACT_FABS(l[2] * v[r + 2]), r, &out->signorini, &out->signorini_row);
    }
    out->absolute = out->primal;
    out->absolute_row = out->primal_row;
    if (out->dual > out->absolute) { out->absolute = out->dual; out->absolute_row = out->dual_row; }
    if (out->comp > out->absolute) { out->absolute = out->comp; out->absolute_row = out->comp_row; }
}

/* One pass of ct_criteria; ||F|| accumulated plainly (safe = 0) or scaled (safe = 1). Returns
   0 when the plain sum is not to be trusted (ct__ssq_plain_ok), and the pass is redone safe. */
CT__PRIVATE int ct__criteria_pass(const ct_problem *p, const ct_real *lambda, const ct_real *v,
                                  ct_flavor flavor, ct_residuals *out, int safe, int want) {
    int i;
    ct__ssq F; /* ||F||^2 */
    CONTACT_MEMSET(&F, 0, sizeof(F));
    F.safe = safe;
    CONTACT_MEMSET(out, 0, sizeof(*out));
    out->primal_row = out->dual_row = out->comp_row = out->natmap_row = -1;
    out->signorini_row = out->absolute_row = -1;
    if (flavor == CT_FLAVOR_SOFT) {
        /* the model's law: v_c = v - R lambda (the physical velocity) and lambda = gamma(v_c);
           natmap (= absolute) is max ||lambda_i - gamma_i(v_c)|| per row or contact */
        for (i = 0; i < p->nb + p->nu; ++i) {
            ct_real c, gm, h, e;
            ct__soft_row(p, i, v[i] - p->R[i] * lambda[i], &c, &gm, &h);
            e = CONTACT_FABS(lambda[i] - gm);
            ct__res_take(e, i, &out->natmap, &out->natmap_row);
            ct__ssq_take(&F, e);
        }
        for (i = 0; i < p->nc; ++i) {
            int r = p->nb + p->nu + 3 * i, j;
            ct_real vc[3], gm[3], c, e2 = 0;
            for (j = 0; j < 3; ++j) vc[j] = v[r + j] - (p->R ? p->R[r + j] * lambda[r + j] : 0);
            ct__soft_contact(p, i, vc, &c, gm, NULL);
            for (j = 0; j < 3; ++j) e2 += (lambda[r + j] - gm[j]) * (lambda[r + j] - gm[j]);
            ct__res_take(CONTACT_SQRT(e2), r, &out->natmap, &out->natmap_row);
            ct__res_take(CONTACT_FABS(lambda[r + 2] * v[r + 2]), r, &out->signorini, &out->signorini_row);
            ct__ssq_take(&F, CONTACT_SQRT(e2));
        }
        out->absolute = out->natmap;
        out->absolute_row = out->natmap_row;
    } else {
        ct__criteria_rigid(p, lambda, v, flavor, out, &F, want);
    }
    if (!safe && !ct__ssq_plain_ok(F.sum, F.nonzero)) return 0;
    ct__criteria_finish(p, lambda, v, &F, out, want);
    return 1;
}

/* A pass with plain sums, redone with scaled ones when they cannot be trusted */
CT__PRIVATE void ct__criteria_want(const ct_problem *p, const ct_real *lambda, const ct_real *v,
                                   ct_flavor flavor, ct_residuals *out, int want) {
    if (!ct__criteria_pass(p, lambda, v, flavor, out, 0, want)) ct__criteria_pass(p, lambda, v, flavor, out, 1, want);
}

CT_API ct_result ct_criteria(const ct_problem *p, const ct_real *lambda, const ct_real *v,
                             ct_flavor flavor, ct_residuals *out) {
    int n;
    if (!p || !lambda || !v || !out || (p->nc > 0 && !p->mu) || !p->g)
        return CT_ERROR_INVALID_ARGUMENT;
    if (p->nb < 0 || p->nu < 0 || p->nc < 0) return CT_ERROR_INVALID_SIZE;
    n = p->nb + p->nu + 3 * p->nc;
    if (flavor == CT_FLAVOR_SOFT) {
        ct_result res;
        if (n > 0 && !p->G && !p->Gs) return CT_ERROR_INVALID_ARGUMENT;
        res = ct__soft_validate(p);
        if (res != CT_OK) return res;
    }
    ct__criteria_want(p, lambda, v, flavor, out, CT__WANT_ALL);
    return CT_OK;
}

CT_API ct_result ct_contact_modes(const ct_problem *p, const ct_real *lambda, const ct_real *v,
                                  ct_real tol, ct_contact_mode *modes) {
    int i;
    if (!p || !lambda || !v || !modes) return CT_ERROR_INVALID_ARGUMENT;
    for (i = 0; i < p->nc; ++i) {
        int r = p->nb + p->nu + 3 * i;
        if (lambda[r + 2] <= tol) modes[i] = CT_MODE_OPEN;
        else if (ct__norm_t(v + r) <= tol) modes[i] = CT_MODE_STICK;
        else modes[i] = CT_MODE_SLIDE;
    }
    return CT_OK;
}

CT_API ct_result ct_velocity(const ct_problem *p, const ct_real *lambda, ct_real *v) {
    ct__op op;
    int i, n;
    if (!p || (!p->G && !p->Gs && !p->Gop) || !p->g || !lambda || !v) return CT_ERROR_INVALID_ARGUMENT;
    if (p->nb < 0 || p->nu < 0 || p->nc < 0) return CT_ERROR_INVALID_SIZE;
    n = p->nb + p->nu + 3 * p->nc;
    ct__op_init(&op, p);
    ct__op_mul(&op, lambda, v);
    for (i = 0; i < n; ++i) v[i] += p->g[i];
    return CT_OK;
}

/* >>workspace ---------------------------------------------------------------------------- */
/* The one layout behind ct_workspace_size, ct_workspace_init/alloc and ct_solve: offsets in
   bytes from the aligned base, each array aligned to CT__ALIGN. */
typedef struct ct__layout {
    size_t state;         /* ct__state, always at offset 0: what survives between solves all  */
    size_t lprev;         /* n: previous iterate (stall test, divergence fallback)  all       */
    size_t step;          /* n: steps of the single rows and contact rows           sweeps    */
    size_t blk;           /* 18 nc: each contact's (G+R)_ii and its inverse         sweeps    */
    size_t x, y, z, w, t; /* n each                                                 ADMM, STAG */
    size_t chol;          /* n*n: factor of G + R + (eta + rho) I (STAGGERED: the normal
                             factor, then the tangential one, (nb+nu+nc)^2 + (2nc)^2 <= n^2) */
    size_t scratch;       /* Cholesky scratch                                       ADMM, STAG */
    size_t idx;           /* n ints: the rows of the two subproblems                STAGGERED */
    size_t rad;           /* nc: the disk (box) radii mu lambda_n                   STAGGERED */
    size_t u, s1, s2, s3, s4; /* n each: trial velocity, trial impulse, gradient, c, trial q NEWTON */
    size_t nm, bm;        /* n*n each: the Newton matrix, H times the map A         NEWTON    */
    size_t hess;          /* 2 (9 nc + nb + nu): Hessians at the point and the trial NEWTON   */
    /* ADMM on a block-sparse G: the sparse Cholesky instead of chol (ng = nb + nu + nc) */
    size_t sp_int;        /* 6 ng + 2 ints: perm, iperm, lp, tp, mark, deg                   */
    size_t sp_bits;       /* ng ceil(ng / 64) 64-bit words: the elimination graph          */
    size_t sp_diag, sp_w; /* 9 ng, 9 (ng + 1): diagonal factors, the column accumulator    */
    size_t sp_li;         /* nnzl ints, then tj, tpos (nnzl ints each), lval (9 nnzl)     */
    size_t sp_tj, sp_tpos, sp_lval;
    size_t total;
} ct__layout;

CT__PRIVATE size_t ct__take(size_t *at, size_t count) {
    size_t o = *at;
    size_t bytes = count * sizeof(ct_real);
    *at += (bytes + CT__ALIGN - 1) / CT__ALIGN * CT__ALIGN;
    return o;
}

CT__PRIVATE int ct__is_admm(ct_method m) {
    return m == CT_METHOD_ADMM_NCP || m == CT_METHOD_ADMM_CCP;
}

/* the per-contact sweep methods */
CT__PRIVATE int ct__is_sweep(ct_method m) {
    return m != CT_METHOD_ADMM_NCP && m != CT_METHOD_ADMM_CCP && m != CT_METHOD_STAGGERED &&
           m != CT_METHOD_NEWTON_SOFT;
}

/* What an ADMM solve leaves in the workspace for the next one (ct_solve_update, warm_rho,
   warm_dual, ct_admm_state_get/set). magic marks it meaningful; ct_workspace_init clears it. */
#define CT__STATE_MAGIC 0x43544153u
typedef struct ct__state {
    unsigned magic;
    int nb, nu, nc;
    int has_factor;             /* chol holds chol(G + R + (eta + rho) I) of G, R below    */
    int has_dual;               /* z holds the dual variable of the last solve             */
    int has_pen;                /* base, kappa, pw describe rho (else only rho is known)   */
    int rule;                   /* the penalty rule of the factor                          */
    const ct_real *G, *R;       /* the problem the factor belongs to                       */
    const ct_sparse *Gs;
    const ct_operator *Gop;     /* (the operator keeps its own factor: ct_solve_update uses
                                   its last one)                                            */
    ct_real eta, rho, pw, base, kappa;
    /* the sparse Cholesky's ordering and symbolic factorization (sp_magic when valid), for the
       pattern of (sp_row_ptr, sp_col) with hash sp_hash */
    unsigned sp_magic;
    int sp_ng, sp_nnzl;
    const int *sp_row_ptr, *sp_col;
    unsigned long sp_hash;
} ct__state;

#define CT__INTS(k) (((size_t)(k) * sizeof(int) + sizeof(ct_real) - 1) / sizeof(ct_real))
/* nnzl: the off-diagonal blocks of the sparse Cholesky's L (a block-sparse G and ADMM), or
   CT__LAYOUT_DENSE, or CT__LAYOUT_OPERATOR (a ct_operator: no factor, n reals for its d) */
#define CT__LAYOUT_DENSE (-1)
#define CT__LAYOUT_OPERATOR (-2)
CT__PRIVATE void ct__layout_sp(ct_method m, int nb, int nu, int nc, long nnzl, ct__layout *L) {
    int n = nb + nu + 3 * nc, ng = nb + nu + nc;
    size_t at = 0, nn = (size_t)n, words = ((size_t)ng + 63) / 64;
    CONTACT_MEMSET(L, 0, sizeof(*L));
    L->state = ct__take(&at, (sizeof(ct__state) + sizeof(ct_real) - 1) / sizeof(ct_real));
    L->lprev = ct__take(&at, nn);
    if (ct__is_sweep(m)) {
        L->step = ct__take(&at, nn);
        L->blk = ct__take(&at, 18 * (size_t)nc);
        L->u = ct__take(&at, nn); /* the divergence test's product */
    } else {
        L->x = ct__take(&at, nn);
        L->y = ct__take(&at, nn);
        L->z = ct__take(&at, nn);
        L->w = ct__take(&at, nn);
        L->t = ct__take(&at, nn);
        if (nnzl >= 0 && (m == CT_METHOD_ADMM_NCP || m == CT_METHOD_ADMM_CCP)) {
            L->sp_int = ct__take(&at, CT__INTS(6 * (size_t)ng + 2));
            L->sp_bits = ct__take(&at, (words * (size_t)ng * 8 + sizeof(ct_real) - 1) / sizeof(ct_real));
            L->sp_diag = ct__take(&at, 9 * (size_t)ng);
            L->sp_w = ct__take(&at, 9 * ((size_t)ng + 1));
            L->sp_li = ct__take(&at, CT__INTS(nnzl));
            L->sp_tj = ct__take(&at, CT__INTS(nnzl));
            L->sp_tpos = ct__take(&at, CT__INTS(nnzl));
            L->sp_lval = ct__take(&at, 9 * (size_t)nnzl);
            L->total = at;
            return;
        }
        if (nnzl == CT__LAYOUT_OPERATOR && (m == CT_METHOD_ADMM_NCP || m == CT_METHOD_ADMM_CCP)) {
            L->scratch = ct__take(&at, nn); /* the diagonal d of the operator's G + diag(d) */
            L->total = at;
            return;
        }
        L->chol = ct__take(&at, nn * nn);
        L->scratch = ct__take(&at, CT__CHOL_SCRATCH(n));
        if (m == CT_METHOD_STAGGERED) {
            L->idx = ct__take(&at, (nn * sizeof(int) + sizeof(ct_real) - 1) / sizeof(ct_real));
            L->rad = ct__take(&at, (size_t)nc);
            L->u = ct__take(&at, nn);
        }
        if (m == CT_METHOD_NEWTON_SOFT) {
            L->idx = ct__take(&at, (nn * sizeof(int) + sizeof(ct_real) - 1) / sizeof(ct_real));
            L->u = ct__take(&at, nn);
            L->s1 = ct__take(&at, nn);
            L->s2 = ct__take(&at, nn);
            L->s3 = ct__take(&at, nn);
            L->s4 = ct__take(&at, nn);
            L->nm = ct__take(&at, nn * nn);
            L->bm = ct__take(&at, nn * nn);
            L->hess = ct__take(&at, 2 * (9 * (size_t)nc + (size_t)(nb + nu)));
        }
    }
    L->total = at;
}
CT__PRIVATE void ct__layout_for(ct_method m, int nb, int nu, int nc, ct__layout *L) {
    ct__layout_sp(m, nb, nu, nc, CT__LAYOUT_DENSE, L);
}

CT__PRIVATE ct_real *ct__ws_arr(const ct_workspace *ws, size_t off) {
    return (ct_real *)(void *)(ws->base + off);
}
CT__PRIVATE ct__state *ct__ws_state(const ct_workspace *ws) {
    return (ct__state *)(void *)ws->base; /* L.state == 0 for every method */
}

/* >>settings ----------------------------------------------------------------------------- */
#define CT_DEFAULT_MAX_ITER 1000
#ifdef CONTACT_USE_FLOAT
#define CT_DEFAULT_TOL_ABS ((ct_real)1e-4)
#define CT_DEFAULT_TOL_REL ((ct_real)1e-5)
#define CT_DEFAULT_SYM_TOL ((ct_real)1e-4)
#else
#define CT_DEFAULT_TOL_ABS ((ct_real)1e-8)
#define CT_DEFAULT_TOL_REL ((ct_real)1e-8)
#define CT_DEFAULT_SYM_TOL ((ct_real)1e-8)
#endif
#define CT_DEFAULT_PGS_OMEGA ((ct_real)1)
#define CT_DEFAULT_ADMM_ETA ((ct_real)1e-6)       /* seed 003 Sec. III-C, Pinocchio mu_prox  */
#define CT_DEFAULT_ADMM_RHO_POWER ((ct_real)0.2)  /* Pinocchio rho_power (paper: none)       */
#define CT_DEFAULT_ADMM_RHO_STEP ((ct_real)0.05)  /* seed 003 Sec. III-F                    */
#define CT_DEFAULT_ADMM_RATIO ((ct_real)10)       /* Pinocchio ratio_primal_dual            */
#define CT_DEFAULT_ADMM_UPDATE_EVERY 10           /* measured, see docs/math.md             */
#define CT_DEFAULT_ADMM_POWER_ITERS 20            /* Pinocchio max_it_largest_eigen_value   */
#define CT_DEFAULT_RAISIM_ALPHA ((ct_real)1)      /* seed 004 Sec. V-C                      */
#define CT_DEFAULT_RAISIM_ALPHA_MIN ((ct_real)0.7) /* seed 004 Sec. V-C                     */
#define CT_DEFAULT_RAISIM_GAMMA ((ct_real)0.99)   /* seed 004 Sec. V-C                      */
#define CT_DEFAULT_RAISIM_BETA1 ((ct_real)1e-2)   /* ContactBench (not in seed 004)         */
#define CT_DEFAULT_RAISIM_BETA2 ((ct_real)0.5)    /* ContactBench                           */
#define CT_DEFAULT_RAISIM_BETA3 ((ct_real)1.3)    /* ContactBench                           */
#define CT_DEFAULT_RAISIM_BISECT_TOL ((ct_real)1e-6) /* seed 004 Sec. V-B: 1 uNs            */
#define CT_DEFAULT_RAISIM_BISECT_ITERS 100        /* ContactBench's cap                     */
#define CT_DEFAULT_RAISIM_ES_TOL ((ct_real)1e-12)
#define CT_DEFAULT_STAGGERED_INNER 100            /* ContactBench max_inner_iter            */

CT_API ct_settings ct_default_settings(void) {
    ct_settings s;
    CONTACT_MEMSET(&s, 0, sizeof(s));
    s.method = CT_METHOD_ADMM_NCP;
    s.max_iter = CT_DEFAULT_MAX_ITER;
    s.stop = CT_STOP_ABSOLUTE;
    s.tol_abs = CT_DEFAULT_TOL_ABS;
    s.tol_rel = CT_DEFAULT_TOL_REL;
    s.tol_change = 0;
    s.check_every = 1;
    s.warm_start = 1;
    s.sym_tol = CT_DEFAULT_SYM_TOL;
    s.pgs.omega = CT_DEFAULT_PGS_OMEGA;
    s.admm.eta = CT_DEFAULT_ADMM_ETA;
    s.admm.rule = CT_RHO_SPECTRAL;
    s.admm.rho0 = 1;          /* seed 001 Sec. VI-E: "rho0 = 1 works well across all problems" */
    s.admm.linear_factor = 2; /* Pinocchio's linear_update_rule_factor; seed 003 Table III: 2-16 */
    s.admm.rho_power = CT_DEFAULT_ADMM_RHO_POWER;
    s.admm.rho_power_step = CT_DEFAULT_ADMM_RHO_STEP;
    s.admm.ratio = CT_DEFAULT_ADMM_RATIO;
    s.admm.update_every = CT_DEFAULT_ADMM_UPDATE_EVERY;
    s.admm.power_iters = CT_DEFAULT_ADMM_POWER_ITERS;
    s.admm.over_relax = 1;
    s.admm.warm_rho = 0;
    s.admm.warm_dual = 0;
    s.history = NULL;
    s.newton.alpha_max = (ct_real)1.5;  /* Drake's exact line search */
    s.newton.ls_iters = 100;            /* Drake */
    s.newton.ls_tol = (ct_real)1e-8;    /* Drake's f_tolerance */
    s.newton.cost_tol = (ct_real)1e-15; /* Drake's cost criterion */
    s.raisim.alpha = CT_DEFAULT_RAISIM_ALPHA;
    s.raisim.alpha_min = CT_DEFAULT_RAISIM_ALPHA_MIN;
    s.raisim.gamma = CT_DEFAULT_RAISIM_GAMMA;
    s.raisim.beta1 = CT_DEFAULT_RAISIM_BETA1;
    s.raisim.beta2 = CT_DEFAULT_RAISIM_BETA2;
    s.raisim.beta3 = CT_DEFAULT_RAISIM_BETA3;
    s.raisim.bisect_tol = CT_DEFAULT_RAISIM_BISECT_TOL;
    s.raisim.bisect_iters = CT_DEFAULT_RAISIM_BISECT_ITERS;
    s.raisim.es_tol = CT_DEFAULT_RAISIM_ES_TOL;
    s.raisim.mass_sum = 0;
    s.staggered.inner_iters = CT_DEFAULT_STAGGERED_INNER;
    s.staggered.lcp = 0;
    return s;
}

CT_API ct_settings ct_settings_pgs_seed004(void) {
    ct_settings s = ct_default_settings();
    s.method = CT_METHOD_PGS_NCP;
    s.pgs.omega = (ct_real)0.6; /* seed 004 eq. (18), Sec. V-C: alpha = 0.6, constant */
    return s;
}

CT_API ct_flavor ct_method_flavor(const ct_settings *s) {
    if (!s) return CT_FLAVOR_NCP;
    switch (s->method) {
        case CT_METHOD_PGS_CCP: return s->pgs.desaxce ? CT_FLAVOR_NCP : CT_FLAVOR_CCP;
        case CT_METHOD_PGS_LCP: return CT_FLAVOR_LCP;
        case CT_METHOD_NBGS:
        case CT_METHOD_RAISIM: return CT_FLAVOR_SIGNORINI;
        case CT_METHOD_STAGGERED: return s->staggered.lcp ? CT_FLAVOR_LCP : CT_FLAVOR_NCP;
        case CT_METHOD_ADMM_CCP: return CT_FLAVOR_CCP;
        case CT_METHOD_NEWTON_SOFT: return CT_FLAVOR_SOFT;
        default: return CT_FLAVOR_NCP;
    }
}

CT_API ct_result ct_settings_validate(const ct_settings *s) {
    if (!s) return CT_ERROR_INVALID_ARGUMENT;
    if ((unsigned)s->method >= (unsigned)CT_METHOD_COUNT_) return CT_ERROR_INVALID_SETTINGS;
    if (s->max_iter < 0 || s->check_every < 1) return CT_ERROR_INVALID_SETTINGS;
    if (s->stop != CT_STOP_ABSOLUTE && s->stop != CT_STOP_RELATIVE) return CT_ERROR_INVALID_SETTINGS;
    if (!(s->tol_abs > 0) || !(s->tol_rel > 0) || !(s->tol_change >= 0) || !(s->sym_tol >= 0) ||
        !ct__finite(s->tol_abs) || !ct__finite(s->tol_rel) || !ct__finite(s->tol_change) ||
        !ct__finite(s->sym_tol))
        return CT_ERROR_INVALID_SETTINGS;
    if (s->warm_start != 0 && s->warm_start != 1) return CT_ERROR_INVALID_SETTINGS;
    if (!(s->pgs.omega > 0 && s->pgs.omega < 2)) return CT_ERROR_INVALID_SETTINGS;
    if ((unsigned)s->admm.rule > (unsigned)CT_RHO_FIXED ||
        !(s->admm.rho0 > 0) || !ct__finite(s->admm.rho0) || !(s->admm.linear_factor > 1) ||
        !ct__finite(s->admm.linear_factor) ||
        !(s->admm.rule == CT_RHO_SPECTRAL ? s->admm.eta > 0 : s->admm.eta >= 0))
        return CT_ERROR_INVALID_SETTINGS;
    if (!ct__finite(s->admm.eta) || !ct__finite(s->admm.rho_power) ||
        !(s->admm.rho_power_step >= 0 && s->admm.rho_power_step <= 1) ||
        !(s->admm.ratio > 1) || !ct__finite(s->admm.ratio) || s->admm.update_every < 1 ||
        s->admm.power_iters < 1 || !(s->admm.over_relax > 0 && s->admm.over_relax < 2) ||
        (s->admm.warm_rho != 0 && s->admm.warm_rho != 1) ||
        (s->admm.warm_dual != 0 && s->admm.warm_dual != 1))
        return CT_ERROR_INVALID_SETTINGS;
    if (s->history && (s->history->capacity < 0 || (s->history->capacity > 0 && !s->history->entries)))
        return CT_ERROR_INVALID_SETTINGS;
    if (!(s->newton.alpha_max >= 1) || !ct__finite(s->newton.alpha_max) || s->newton.ls_iters < 1 ||
        !(s->newton.ls_tol > 0) || !ct__finite(s->newton.ls_tol) || !(s->newton.cost_tol >= 0) ||
        !ct__finite(s->newton.cost_tol))
        return CT_ERROR_INVALID_SETTINGS;
    if (s->pgs.desaxce != 0 && s->pgs.desaxce != 1) return CT_ERROR_INVALID_SETTINGS;
    {
        const ct_raisim_settings *r = &s->raisim;
        if (!(r->alpha > 0 && r->alpha <= 1) || !(r->alpha_min > 0 && r->alpha_min <= r->alpha) ||
            !(r->gamma >= 0 && r->gamma <= 1) || !(r->beta1 > 0) || !ct__finite(r->beta1) ||
            !(r->beta2 > 0 && r->beta2 < 1) || !(r->beta3 > 1) || !ct__finite(r->beta3) ||
            !(r->bisect_tol > 0) || !ct__finite(r->bisect_tol) || r->bisect_iters < 1 ||
            !(r->es_tol > 0) || !ct__finite(r->es_tol) || !(r->mass_sum >= 0) ||
            !ct__finite(r->mass_sum))
            return CT_ERROR_INVALID_SETTINGS;
    }
    if (s->staggered.inner_iters < 1 || (s->staggered.lcp != 0 && s->staggered.lcp != 1))
        return CT_ERROR_INVALID_SETTINGS;
    return CT_OK;
}

/* >>validate ----------------------------------------------------------------------------- */
/* need_G = 0: the inverse dynamics, which reads no G */
/* The PSD necessary conditions of ct__validate on a contact's 3x3 block B of G (row-major):
   its symmetric part plus tau I is positive definite */
CT__PRIVATE int ct__block_psd(const ct_real B[9], ct_real tau) {
    ct_real W[9]; /* the lower triangle, which ct__m3_spd reads */
    W[0] = B[0] + tau;
    W[3] = (ct_real)0.5 * (B[3] + B[1]);
    W[4] = B[4] + tau;
    W[6] = (ct_real)0.5 * (B[6] + B[2]);
    W[7] = (ct_real)0.5 * (B[7] + B[5]);
    W[8] = B[8] + tau;
    W[1] = W[2] = W[5] = 0;
    return ct__m3_spd(W, 0, NULL);
}

/* A diagonal block of G (size 1: a joint or limit row; 3: a contact, row-major 3x3) held in
   the padded layout of ct_sparse (stride 3; the operator's 3x3 blocks are the same): its own
   symmetry within lim, and the PSD conditions of ct__validate (diagonal >= -tau, the 3x3
   block + tau I positive definite). Shared by the block-sparse and operator validations. */
CT__PRIVATE int ct__diag_block_symmetric(const ct_real *B, int sz, ct_real lim) {
    return sz != 3 || (CONTACT_FABS(B[1] - B[3]) <= lim && CONTACT_FABS(B[2] - B[6]) <= lim &&
                       CONTACT_FABS(B[5] - B[7]) <= lim);
}
CT__PRIVATE int ct__diag_block_psd(const ct_real *B, int sz, ct_real tau) {
    int a;
    for (a = 0; a < sz; ++a)
        if (B[4 * a] < -tau) return 0;
    return sz != 3 || ct__block_psd(B, tau);
}

/* The structure and values of a block-sparse G (ct_sparse), in three passes over the blocks:
   the structure and max |G_ii|; symmetry (each block above the diagonal against its mirror,
   found by one binary search; a block below whose mirror is not stored is compared with
   zero); the PSD conditions on the diagonal blocks (tau as in ct__validate). */
CT__PRIVATE ct_result ct__validate_sparse(const ct_problem *p, ct_real sym_tol) {
    const ct_sparse *S = p->Gs;
    const int c0 = p->nb + p->nu, ng = c0 + p->nc;
    ct_real dmax = 0, tau;
    int gi, k, a, b, lower = 0, mirrored = 0, nonfinite = 0, range = 0;
    if (!S->row_ptr || !S->col || !S->val) return CT_ERROR_INVALID_ARGUMENT;
    if (S->row_ptr[0] != 0) return CT_ERROR_INVALID_SIZE;
    for (gi = 0; gi < ng; ++gi) {
        int diag = 0;
        if (S->row_ptr[gi + 1] < S->row_ptr[gi] || S->row_ptr[gi + 1] - S->row_ptr[gi] > ng)
            return CT_ERROR_INVALID_SIZE;
        for (k = S->row_ptr[gi]; k < S->row_ptr[gi + 1]; ++k) {
            if (S->col[k] < 0 || S->col[k] >= ng || (k > S->row_ptr[gi] && S->col[k] <= S->col[k - 1]))
                return CT_ERROR_INVALID_SIZE; /* out of range or not ascending */
            diag |= S->col[k] == gi;
        }
        if (!diag) return CT_ERROR_INVALID_SIZE; /* the diagonal block must be stored */
    }
    ct__values_check(S->val, 9 * (size_t)S->row_ptr[ng], &nonfinite, &range);
    if (nonfinite) return CT_ERROR_NON_FINITE;
    if (range) return CT_ERROR_OUT_OF_RANGE;
    for (gi = 0; gi < ng; ++gi)
        for (k = S->row_ptr[gi]; k < S->row_ptr[gi + 1]; ++k)
            if (S->col[k] == gi)
                for (a = 0; a < ct__grp_size(c0, gi); ++a)
                    dmax = ct__max(dmax, CONTACT_FABS(S->val[9 * (size_t)k + 4 * a]));
    for (gi = 0; gi < ng; ++gi) /* symmetry: block (gj, gi) is the transpose of (gi, gj) */
        for (k = S->row_ptr[gi]; k < S->row_ptr[gi + 1]; ++k) {
            const int gj = S->col[k];
            const int si = ct__grp_size(c0, gi), sj = ct__grp_size(c0, gj);
            const ct_real *x = S->val + 9 * (size_t)k, *y;
            if (gj < gi) {
                ++lower;
                continue;
            }
            if (gj == gi) { /* a diagonal block against its own transpose */
                if (!ct__diag_block_symmetric(x, si, sym_tol * dmax)) return CT_ERROR_NOT_SYMMETRIC;
                continue;
            }
            y = ct__sp_block(S, gj, gi);
            mirrored += y != NULL;
            for (a = 0; a < si; ++a)
                for (b = 0; b < sj; ++b) {
                    ct_real t = y ? y[3 * b + a] : 0;
                    if (CONTACT_FABS(x[3 * a + b] - t) > sym_tol * dmax) return CT_ERROR_NOT_SYMMETRIC;
                }
        }
    if (lower != mirrored) /* some block below the diagonal has no mirror: it must be ~0 */
        for (gi = 0; gi < ng; ++gi)
            for (k = S->row_ptr[gi]; k < S->row_ptr[gi + 1]; ++k) {
                const int gj = S->col[k];
                if (gj >= gi || ct__sp_block(S, gj, gi)) continue;
                for (a = 0; a < ct__grp_size(c0, gi); ++a)
                    for (b = 0; b < ct__grp_size(c0, gj); ++b)
                        if (CONTACT_FABS(S->val[9 * (size_t)k + 3 * a + b]) > sym_tol * dmax)
                            return CT_ERROR_NOT_SYMMETRIC;
            }
    tau = ct__max(sym_tol, CONTACT_SQRT(CT_EPS)) * dmax;
    for (gi = 0; gi < ng; ++gi)
        for (k = S->row_ptr[gi]; k < S->row_ptr[gi + 1]; ++k) {
            if (S->col[k] == gi && !ct__diag_block_psd(S->val + 9 * (size_t)k, ct__grp_size(c0, gi), tau))
                return CT_ERROR_NOT_PSD;
        }
    return CT_OK;
}

/* A ct_operator: its callbacks, and its diagonal blocks as a sparse G's (finite, in range,
   symmetric, the PSD conditions); the off-diagonal part cannot be seen */
CT__PRIVATE ct_result ct__validate_operator(const ct_problem *p, ct_real sym_tol) {
    const ct_operator *U = p->Gop;
    const int c0 = p->nb + p->nu, ng = c0 + p->nc;
    ct_real dmax = 0, tau, B[9];
    int gi, a, pass, nonfinite = 0, range = 0;
    if (!U->mul || !U->diag_block || !U->factor || !U->solve) return CT_ERROR_INVALID_ARGUMENT;
    /* pass 0: values and max |G_ii|; 1: symmetry; 2: PSD (the order of ct__validate's codes) */
    for (pass = 0; pass < 3; ++pass) {
        tau = ct__max(sym_tol, CONTACT_SQRT(CT_EPS)) * dmax;
        for (gi = 0; gi < ng; ++gi) {
            const int sz = ct__grp_size(c0, gi);
            CONTACT_MEMSET(B, 0, sizeof(B));
            U->diag_block(U->ctx, ct__grp_row(c0, gi), sz, B);
            if (pass == 0) {
                ct__values_check(B, (size_t)(sz * sz), &nonfinite, &range);
                for (a = 0; a < sz; ++a) dmax = ct__max(dmax, CONTACT_FABS(B[(sz + 1) * a]));
            } else if (pass == 1 && !ct__diag_block_symmetric(B, sz, sym_tol * dmax)) {
                return CT_ERROR_NOT_SYMMETRIC;
            } else if (pass == 2 && !ct__diag_block_psd(B, sz, tau)) {
                return CT_ERROR_NOT_PSD;
            }
        }
        if (nonfinite) return CT_ERROR_NON_FINITE;
        if (range) return CT_ERROR_OUT_OF_RANGE;
    }
    return CT_OK;
}

CT__PRIVATE ct_result ct__validate(const ct_problem *p, ct_real sym_tol, int need_G) {
    int i, j, n, nonfinite = 0, range = 0;
    ct_real dmax = 0;
    ct__op op;
    if (!p) return CT_ERROR_INVALID_ARGUMENT;
    if (!ct__sizes_ok(p->nb, p->nu, p->nc)) return CT_ERROR_INVALID_SIZE;
    n = p->nb + p->nu + 3 * p->nc;
    if (n == 0) return CT_OK;
    if ((need_G && !p->G && !p->Gs && !p->Gop) || !p->g || (p->nc > 0 && !p->mu)) return CT_ERROR_INVALID_ARGUMENT;
    /* finite, and |entries| <= CT_HUGE: that keeps every product G lambda (lambda bounded
       likewise) finite */
    if (need_G) ct__values_check(p->G, (size_t)n * (size_t)n, &nonfinite, &range);
    ct__values_check(p->g, (size_t)n, &nonfinite, &range);
    ct__values_check(p->mu, (size_t)p->nc, &nonfinite, &range);
    ct__values_check(p->R, (size_t)n, &nonfinite, &range);
    if (nonfinite) return CT_ERROR_NON_FINITE;
    if (range) return CT_ERROR_OUT_OF_RANGE;
    for (i = 0; i < p->nc; ++i)
        if (p->mu[i] < 0) return CT_ERROR_NEGATIVE_FRICTION;
    if (p->R)
        for (i = 0; i < n; ++i)
            if (p->R[i] < 0) return CT_ERROR_NEGATIVE_COMPLIANCE;
    if (!need_G) return CT_OK;
    if (!p->G && p->Gs) return ct__validate_sparse(p, sym_tol);
    if (!p->G) return ct__validate_operator(p, sym_tol);
    for (i = 0; i < n; ++i) dmax = ct__max(dmax, CONTACT_FABS(p->G[(size_t)i * n + i]));
    for (i = 0; i < n; ++i)
        for (j = 0; j < i; ++j)
            if (CONTACT_FABS(p->G[(size_t)i * n + j] - p->G[(size_t)j * n + i]) > sym_tol * dmax)
                return CT_ERROR_NOT_SYMMETRIC;
    ct__op_init(&op, p);
    /* PSD, necessary conditions on the diagonal and on each contact's 3x3 block (every
       principal submatrix of a PSD matrix is PSD), up to tau = max(sym_tol, sqrt(eps)) max|G_ii|
       (real problems carry eigenvalues of -1e-12 relative from rounding): G_ii >= -tau and
       B + tau I positive definite. A negative eigenvalue that no diagonal block shows is found
       where a method factors G (ADMM, STAGGERED); docs/robustness.md. */
    {
        const ct_real tau = ct__max(sym_tol, CONTACT_SQRT(CT_EPS)) * dmax;
        const int c0 = p->nb + p->nu;
        for (i = 0; i < n; ++i)
            if (ct__op_g(&op, i, i) < -tau) return CT_ERROR_NOT_PSD;
        op.R = NULL; /* G's blocks alone */
        for (i = 0; i < p->nc; ++i) {
            ct_real B[9];
            ct__op_block3(&op, c0 + 3 * i, B);
            if (!ct__block_psd(B, tau)) return CT_ERROR_NOT_PSD;
        }
    }
    return CT_OK;
}

CT_API ct_result ct_problem_validate(const ct_problem *p, ct_real sym_tol) {
    return ct__validate(p, sym_tol, 1);
}

/* >>solver-common ------------------------------------------------------------------------ */
/* What every iterative solver shares: the stopping test on the returned point, scored by
   ct_criteria in the method's flavor, and the relative-change stall test. */
typedef struct ct__run {
    const ct_problem *p;
    const ct_settings *s;
    ct__op op;
    int n;
    ct_flavor flavor;
    int iterations, factorizations;
    ct_real rho;
    ct_residuals last;  /* residuals of the last point ct__converged scored ...              */
    int last_met;       /* ... and whether they met the tolerance: a solver that returns that
                           point as converged lets ct_solve skip scoring it again            */
    int reused;         /* ct_info.reused bits                                               */
    ct_real a_max;      /* max diag(G + R), the divergence test's scale (0: not computed yet) */
} ct__run;

/* max diag(G + R), computed once per solve */
CT__PRIVATE ct_real ct__run_amax(ct__run *r) {
    int i;
    if (r->a_max > 0) return r->a_max;
    for (i = 0; i < r->n; ++i) r->a_max = ct__max(r->a_max, ct__op_entry(&r->op, i, i));
    return r->a_max;
}

/* The start of a solve: the warm start checked (finite, in range), or lambda = 0; the history
   emptied. Shared by ct_solve and ct_inverse_dynamics. */
CT__PRIVATE ct_result ct__start(const ct_settings *s, ct_real *lambda, int n) {
    if (s->warm_start) {
        if (n > 0 && !ct__all_finite(lambda, (size_t)n)) return CT_ERROR_NON_FINITE;
        if (n > 0 && !ct__in_range(lambda, (size_t)n)) return CT_ERROR_OUT_OF_RANGE;
    } else if (n > 0) {
        CONTACT_MEMSET(lambda, 0, (size_t)n * sizeof(ct_real));
    }
    if (s->history) s->history->count = 0;
    return CT_OK;
}

/* The stopping measure of the last scored point */
CT__PRIVATE ct_real ct__measure(const ct__run *r) {
    return r->s->stop == CT_STOP_RELATIVE ? r->last.relative : r->last.absolute;
}

/* settings.history: record iteration r->iterations (the first `capacity` are kept) */
CT__PRIVATE void ct__record(const ct__run *r, ct_real rho, ct_real primal, ct_real dual,
                            ct_real criterion) {
    ct_history *h = r->s->history;
    ct_history_entry *e;
    if (!h || h->count >= h->capacity) return;
    e = &h->entries[h->count++];
    e->iteration = r->iterations;
    e->rho = rho;
    e->primal = primal;
    e->dual = dual;
    e->criterion = criterion;
}

/* The method's stopping criterion at (lambda, v), v the velocity of lambda. Returns 1 when met.
   The test reads only what its rule needs (the natural map for the relative rule; primal, dual
   and comp for the absolute one: CT__WANT_*), computed by ct_criteria's own code; a point that
   meets it is scored in full, and r->last then holds every residual of ct_criteria. */
CT__PRIVATE int ct__met(const ct__run *r, const ct_residuals *res) {
    return r->s->stop == CT_STOP_RELATIVE ? res->relative <= r->s->tol_rel : res->absolute <= r->s->tol_abs;
}
/* passes = 1: the test alone; 2: a point that meets it is completed with the residuals the
   test did not compute (the other CT__WANT_ part, merged: every field as ct_criteria's) */
CT__PRIVATE int ct__score_as(ct__run *r, const ct_real *lambda, const ct_real *v, int passes) {
    const int rel = r->s->stop == CT_STOP_RELATIVE;
    const int want = r->flavor == CT_FLAVOR_SOFT ? CT__WANT_ALL : rel ? CT__WANT_NAT : CT__WANT_ABS;
    ct_residuals *a = &r->last, b;
    ct__criteria_want(r->p, lambda, v, r->flavor, a, want);
    r->last_met = ct__met(r, a);
    if (!r->last_met || passes < 2 || want == CT__WANT_ALL) return r->last_met;
    ct__criteria_want(r->p, lambda, v, r->flavor, &b, CT__WANT_ALL & ~want);
    if (want == CT__WANT_NAT) { /* b has primal, dual, comp and absolute */
        b.natmap = a->natmap;
        b.natmap_row = a->natmap_row;
        b.relative = a->relative;
    } else { /* a has them, b the natural map */
        b.primal = a->primal; b.primal_row = a->primal_row;
        b.dual = a->dual; b.dual_row = a->dual_row;
        b.comp = a->comp; b.comp_row = a->comp_row;
        b.absolute = a->absolute; b.absolute_row = a->absolute_row;
    }
    *a = b;
    return r->last_met;
}
CT__PRIVATE int ct__score(ct__run *r, const ct_real *lambda, const ct_real *v) {
    return ct__score_as(r, lambda, v, 2);
}

/* Velocity of lambda into v, then ct__score */
CT__PRIVATE int ct__converged(ct__run *r, const ct_real *lambda, ct_real *v) {
    ct_velocity(r->p, lambda, v);
    return ct__score(r, lambda, v);
}

/* The velocity of the starting point: g for lambda = 0 (a cold start, or a warm start from
   zero), else (G + R) lambda + g */
CT__PRIVATE void ct__start_velocity(const ct__run *r, const ct_real *lambda, ct_real *v) {
    int i, zero = 1;
    for (i = 0; i < r->n && r->s->warm_start; ++i) zero &= lambda[i] == 0;
    if (zero) CONTACT_MEMCPY(v, r->p->g, (size_t)r->n * sizeof(ct_real));
    else ct_velocity(r->p, lambda, v);
}

/* The test after iteration k (0-based): every check_every iterations the point is scored
   (ct__converged); the iteration goes to settings.history, its criterion -1 when not scored.
   kept = 1: the solver keeps v = (G + R) lambda + g up to date (the sweeps); it is scored as
   it is, and a point that meets the tolerance is scored again on v recomputed, so that what
   the solver returns is scored exactly (and v's rounding drift is reset). Returns 1 when the
   tolerance is met. */
CT__PRIVATE int ct__check(ct__run *r, int k, const ct_real *lambda, ct_real *v, int kept,
                          ct_real rho, ct_real primal, ct_real dual) {
    int met = 0;
    ct_real crit = -1;
    if ((k + 1) % r->s->check_every == 0) {
        met = kept ? ct__score_as(r, lambda, v, 1) : ct__converged(r, lambda, v);
        if (met && kept) met = ct__converged(r, lambda, v);
        crit = ct__measure(r);
    }
    ct__record(r, rho, primal, dual, crit);
    return met;
}

/* ||l - lprev||_2 <= tol max(||lprev||, ||l||); guarded for a zero previous iterate: when both
   are zero the change is zero, and that is a stall only if the criteria were not met. */
CT__PRIVATE int ct__stalled(const ct__run *r, const ct_real *l, const ct_real *lprev) {
    ct_real d2 = 0, a = 0, b = 0;
    int i;
    if (!(r->s->tol_change > 0)) return 0;
    for (i = 0; i < r->n; ++i) {
        ct_real d = l[i] - lprev[i];
        d2 += d * d;
        a += l[i] * l[i];
        b += lprev[i] * lprev[i];
    }
    return CONTACT_SQRT(d2) <= r->s->tol_change * CONTACT_SQRT(ct__max(a, b));
}

/* A certificate that the convex problem min 1/2 l^T A l + q^T l over K (A = G + R, or R for
   the inverse dynamics; q = g + Gamma with the De Saxce term frozen at src, NULL: none) has no
   minimizer: a direction d in K with A d = 0 and q^T d < 0 lowers the objective without bound.
   It is OSQP's dual-infeasibility test (Banjac et al. 2019) applied to the iterate's step,
   which converges to such a d when the problem is infeasible and to 0 otherwise. Scale-free:
   dist(d, K) <= 1e-3 ||d||, ||A d||_inf <= min(16 n eps_mach, 1e-10) a_max ||d||_inf
   (a_max = max diag A: zero curvature up to rounding), q^T d <= -1e-3 ||q|| ||d||. */
/* The certificate's sums over the rows or blocks added (ct__cert_add), and its test. */
typedef struct ct__cert {
    ct_real nd2, ndi, adi, qd, nq2, dist2; /* |d|^2, |d|_inf, |A d|_inf, q^T d, |q|^2, dist(d, K)^2 */
} ct__cert;

/* len = 1: a joint (nonneg = 0) or limit (nonneg = 1) row; len = 3: a contact, cone K_mu */
CT__PRIVATE void ct__cert_add(ct__cert *c, int len, int nonneg, ct_real mu, const ct_real *d,
                              const ct_real *Ad, const ct_real *q) {
    int i;
    for (i = 0; i < len; ++i) {
        c->nd2 += d[i] * d[i];
        c->ndi = ct__max(c->ndi, CONTACT_FABS(d[i]));
        c->adi = ct__max(c->adi, CONTACT_FABS(Ad[i]));
        c->qd += q[i] * d[i];
        c->nq2 += q[i] * q[i];
    }
    if (len == 3) {
        ct_real pk[3];
        ct_project_cone(mu, d, pk);
        c->dist2 += (d[0] - pk[0]) * (d[0] - pk[0]) + (d[1] - pk[1]) * (d[1] - pk[1]) +
                    (d[2] - pk[2]) * (d[2] - pk[2]);
    } else if (nonneg && d[0] < 0) {
        c->dist2 += d[0] * d[0];
    }
}

CT__PRIVATE int ct__cert_holds(const ct__cert *c, ct_real eps, ct_real a_max) {
    const ct_real nd = CONTACT_SQRT(c->nd2);
    return nd > 0 && CONTACT_SQRT(c->dist2) <= (ct_real)1e-3 * nd && c->adi <= eps * a_max * c->ndi &&
           c->qd <= -(ct_real)1e-3 * CONTACT_SQRT(c->nq2) * nd;
}

CT__PRIVATE int ct__unbounded(const ct_problem *p, int n, const ct_real *d, const ct_real *Ad,
                              const ct_real *src, ct_real a_max) {
    const int c0 = p->nb + p->nu;
    /* A d = 0 up to rounding, and never above 1e-10: a stiff but bounded direction (a mass
       ratio of 1e6 gives |A d| ~ 1e-7 a_max |d|) is not one. In float the rounding of A d is
       above 1e-10, so only exact zeros (R = 0 rows of the inverse dynamics) certify there. */
    const ct_real eps = ct__min(16 * (ct_real)n * CT_EPS, (ct_real)1e-10);
    ct__cert c;
    int i;
    CONTACT_MEMSET(&c, 0, sizeof(c));
    for (i = 0; i < c0; ++i) ct__cert_add(&c, 1, i >= p->nb, 0, d + i, Ad + i, p->g + i);
    for (i = 0; i < p->nc; ++i) {
        const int r0 = c0 + 3 * i;
        ct_real q[3];
        q[0] = p->g[r0];
        q[1] = p->g[r0 + 1];
        q[2] = p->g[r0 + 2] + (src ? p->mu[i] * ct__norm_t(src + r0) : 0);
        ct__cert_add(&c, 3, 0, p->mu[i], d + r0, Ad + r0, q);
    }
    return ct__cert_holds(&c, eps, a_max);
}

/* The divergence test of the methods without ADMM's: every 10 iterations the last step
   d = lambda - lprev (lprev is overwritten with it) is tested as a certificate of unboundedness
   (ct__unbounded, with the De Saxce term of v, the velocity of lambda); two in a row mean the
   iterates diverge. Au: n scratch. Returns 1 on divergence. */
CT__PRIVATE int ct__diverging(ct__run *r, int k, const ct_real *lambda, ct_real *lprev, ct_real *v,
                              ct_real *Au, int *certified) {
    const int n = r->n;
    int i;
    if ((k + 1) % 10 != 0) return 0;
    for (i = 0; i < n; ++i) lprev[i] = lambda[i] - lprev[i];
    ct_velocity(r->p, lambda, v);
    ct__op_mul(&r->op, lprev, Au);
    *certified = ct__unbounded(r->p, n, lprev, Au, v, ct__run_amax(r)) ? *certified + 1 : 0;
    return *certified >= 2;
}

/* >>solver-gs ---------------------------------------------------------------------------- */
/* The Gauss-Seidel family shares one sweep (seed 001 Alg. 5: joints, limits, contacts):
     bilateral row i:  lambda_i -= omega v_i / (G+R)_ii                     (K = R)
     unilateral row i: lambda_i  = max(0, lambda_i - omega v_i / (G+R)_ii)   (K = R+)
     contact i: v_i = ((G+R) lambda + g)_i with the current lambda (Gauss-Seidel), and a
                per-method local update of lambda_i from (B = (G+R)_ii, v_i):
   PGS_NCP  (seed 000 Alg. 6, seed 001 Alg. 3)
       lambda_n = max(0, lambda_n - omega v_n / B_nn);  v_T += B_Tn (lambda_n - lambda_n_old)
       lambda_T = P_disk(mu lambda_n)(lambda_T - omega v_T / lambda_max(B_TT))
     The tangential step is the HORIZONTAL projection onto the disk of radius mu lambda_n, never
     the orthogonal cone projection, which would silently solve the CCP (seed 000 notes, trap 4).
     Correction of the printed algorithm: seed 000 Alg. 6 line 5 (and seed 001 Alg. 3) step by
     1 / min(B_t1t1, B_t2t2), the larger step, which diverges as soon as the largest eigenvalue
     of the 2x2 tangential block exceeds twice that minimum (B_TT = diag(2.5, 1): each sweep
     multiplies the error by -1.5). 1 / lambda_max(B_TT) is a projected gradient step on the
     block's own quadratic that always decreases it; it equals the printed one when B_TT is a
     multiple of the identity.
   PGS_LCP  (seed 000 Alg. 1): the same with each tangential component clamped to
       [-mu lambda_n, mu lambda_n] (box friction, the model of ODE, PhysX and DART).
   PGS_CCP  (seed 000 Alg. 2, seed 001 Alg. 2): lambda = P_K(lambda - omega 3/tr(B) (v + s)),
       the orthogonal projection; s = Gamma(v) with pgs.desaxce (then the fixed point is the
       NCP: K ∋ lambda _|_ v + Gamma(v) ∈ K*), else s = 0 (the CCP).
   NBGS, RAISIM, RAISIM_DS (Preclik's model, seed 004 eq. 8, seed 001 Alg. 4): with
       c = v_i - B lambda_i (the velocity without the contact's own impulse),
       lambda* = 0                       if c_n > 0 (opening),
               = -B^-1 c                 if that lies in K_mu (sticking),
               = argmin over the conic section C = K-boundary ∩ {(B l + c)_n = 0} of
                 E(l) = 1/2 l^T B l + c^T l   otherwise (sliding),
       then lambda_i = alpha lambda* + (1 - alpha) lambda_i. NBGS finds the minimum on C
       exactly (a root find, see ct__cone_min_exact) with alpha = pgs.omega; RAISIM by seed 004's
       bisection with alpha decaying once per sweep, alpha <- alpha_min + gamma (alpha -
       alpha_min). Preclik's model is not Coulomb's when B_nT != 0: the tangential velocity is
       then not antiparallel to the friction (seed 000 eq. 24).
   RAISIM_DS, RAISIM_DS_ES: seed 001 adds a local De Saxce estimate s = Gamma(v_i) (Alg. 5 line
       16) to fix that. With s in the objective only, the KKT conditions on C read
       B l + c + s = nu1 B e_n + nu2 (2 l_t1, 2 l_t2, -2 mu^2 l_n); the Coulomb point (v_T = 2 nu2
       l_T antiparallel, v_n = 0) is the fixed point with nu1 = 0, but iterating s admits other
       fixed points (nu1 != 0) where the friction ACCELERATES the slide (one contact, mu = 1,
       B = [[5,0,4],[0,5,0],[4,0,5]], c = (2,-1,-2): stuck at v_T . l_T = +0.49, NCP residual
       1.8, in 7 % of random sliding contacts). contact.h therefore solves the limit directly:
       the slide is the point of C where v_T = -k l_T, k > 0 (ct__cone_coulomb), the local
       Coulomb law that the De Saxce iteration converges to when it converges; open and stick
       as above, the same relaxation as RAISIM. Scored in the NCP flavor.
   Deviation from seed 001 Alg. 5: bilateral rows are relaxed one row at a time rather than by
   an exact block solve per joint, because ct_problem carries no joint grouping.
   A row or a contact whose diagonal block is zero does not move (a locked or empty row); a
   singular contact block is inverted as B + r tr(B) I with r = 1e-10 (1e-5 in float), grown tenfold
   until it inverts or reaches 1 (then the contact is left unchanged by the Preclik methods). */
#ifdef CONTACT_USE_FLOAT
#define CT__BLOCK_REG ((ct_real)1e-5)
#else
#define CT__BLOCK_REG ((ct_real)1e-10)
#endif
#define CT__PI ((ct_real)3.14159265358979323846)

/* Preclik's single contact: a point of the conic section C at angle th and the derivative of
   E along C. r(th) = -c_n / (B_nn/mu + B_nt1 cos th + B_nt2 sin th) (seed 004 eq. 14) and
   l = r (cos th, sin th, 1/mu); valid when the denominator is positive. */
typedef struct ct__cone_pt {
    ct_real th, cs, sn, r, den, l[3];
    int ok;
} ct__cone_pt;

typedef struct ct__local {
    const ct_real *B;   /* 3x3 block */
    ct_real c[3];       /* velocity without the own impulse: the plane v_n = 0 and E's linear term */
    ct_real mu;
} ct__local;

/* the point of C at angle th, given cos th and sin th */
CT__PRIVATE void ct__cone_point_cs(const ct__local *q, ct_real th, ct_real cs, ct_real sn,
                                   ct__cone_pt *p) {
    p->th = th;
    p->cs = cs;
    p->sn = sn;
    p->den = q->B[8] / q->mu + q->B[6] * cs + q->B[7] * sn;
    p->ok = p->den > 0 && ct__finite(p->den);
    p->r = p->ok ? -q->c[2] / p->den : 0;
    if (p->r < 0) p->ok = 0;
    p->l[0] = p->r * cs;
    p->l[1] = p->r * sn;
    p->l[2] = p->r / q->mu;
}

CT__PRIVATE void ct__cone_point(const ct__local *q, ct_real th, ct__cone_pt *p) {
    ct__cone_point_cs(q, th, CONTACT_COS(th), CONTACT_SIN(th), p);
}

/* dE/dth = (B l + c) . dl/dth, dl/dth = r' u + r u', r' = -r (a . u') / den */
CT__PRIVATE ct_real ct__cone_slope(const ct__local *q, const ct__cone_pt *p) {
    ct_real g[3], d[3], rp;
    ct__m3_mul(q->B, p->l, g);
    g[0] += q->c[0]; g[1] += q->c[1]; g[2] += q->c[2];
    rp = -p->r * (-q->B[6] * p->sn + q->B[7] * p->cs) / p->den;
    d[0] = rp * p->cs - p->r * p->sn;
    d[1] = rp * p->sn + p->r * p->cs;
    d[2] = rp / q->mu;
    return g[0] * d[0] + g[1] * d[1] + g[2] * d[2];
}

/* the component of v_T = (B l + c)_T orthogonal to (cos th, sin th); *along: the parallel one */
CT__PRIVATE ct_real ct__cone_twist_along(const ct__local *q, const ct__cone_pt *p, ct_real *along) {
    ct_real g0 = q->B[0] * p->l[0] + q->B[1] * p->l[1] + q->B[2] * p->l[2] + q->c[0];
    ct_real g1 = q->B[3] * p->l[0] + q->B[4] * p->l[1] + q->B[5] * p->l[2] + q->c[1];
    *along = g0 * p->cs + g1 * p->sn;
    return -g0 * p->sn + g1 * p->cs;
}
CT__PRIVATE ct_real ct__cone_twist(const ct__local *q, const ct__cone_pt *p) {
    ct_real along;
    return ct__cone_twist_along(q, p, &along);
}

CT__PRIVATE ct_real ct__cone_energy(const ct__local *q, const ct_real l[3]) {
    ct_real g[3];
    ct__m3_mul(q->B, l, g);
    return (ct_real)0.5 * (l[0] * g[0] + l[1] * g[1] + l[2] * g[2]) + q->c[0] * l[0] +
           q->c[1] * l[1] + q->c[2] * l[2];
}

/* A root of f between a and b (f(a), f(b) of opposite signs, both points valid) by the Illinois
   variant of regula falsi, with a bisection step whenever the secant leaves the bracket or the
   point is invalid; stops when the bracket no longer shrinks (the last bit) or after 100 steps.
   Returns the end of the final bracket with the smaller |f|. */
typedef ct_real (*ct__cone_fn)(const ct__local *q, const ct__cone_pt *p);
CT__PRIVATE ct__cone_pt ct__cone_root(const ct__local *q, ct__cone_fn f, ct__cone_pt a,
                                      ct_real fa, ct__cone_pt b, ct_real fb) {
    ct__cone_pt m;
    ct_real fm, th;
    int k, side = 0;
    for (k = 0; k < 100 && fa != 0 && fb != 0; ++k) {
        th = b.th - fb * (b.th - a.th) / (fb - fa);
        if (!(th > ct__min(a.th, b.th) && th < ct__max(a.th, b.th))) th = (a.th + b.th) / 2;
        if (th == a.th || th == b.th) break;
        ct__cone_point(q, th, &m);
        if (!m.ok) {
            th = (a.th + b.th) / 2;
            if (th == a.th || th == b.th) break;
            ct__cone_point(q, th, &m);
            if (!m.ok) break;
        }
        fm = f(q, &m);
        if ((fm < 0) == (fb < 0)) { /* replace b; the retained a is halved twice in a row */
            b = m; fb = fm;
            if (side == -1) fa /= 2;
            side = -1;
        } else {
            a = m; fa = fm;
            if (side == 1) fb /= 2;
            side = 1;
        }
    }
    return CONTACT_FABS(fa) <= CONTACT_FABS(fb) ? a : b;
}

/* The valid point next to the end of the arc between a valid and an invalid angle (60 halvings). */
CT__PRIVATE ct__cone_pt ct__cone_edge(const ct__local *q, ct__cone_pt valid, ct__cone_pt invalid) {
    ct__cone_pt m;
    int j;
    for (j = 0; j < 60; ++j) {
        ct__cone_point(q, (valid.th + invalid.th) / 2, &m);
        if (m.ok) valid = m;
        else invalid = m;
    }
    return valid;
}

/* The exact minimum of E on C (NBGS). In whitened coordinates of the plane, E is the squared
   distance to a point and C a conic, whose Lagrange condition is a quartic in the multiplier
   (docs/solvers.md derives it): at most 4 stationary points, at most 2 local minima. Rather
   than solve the quartic by radicals (ill-conditioned), the slope is sampled at 64 angles from
   th0 (by rotation: no trigonometry per sample); every sign change from - to + brackets a local
   minimum, refined by ct__cone_root to the last bit; an arc end where the denominator
   vanishes (an open conic: the parabolic and hyperbolic cases) is approached from the valid
   side, where E grows without bound. The lowest local minimum wins. */
#define CT__CONE_SAMPLES 64
CT__PRIVATE void ct__cone_min_exact(const ct__local *q, ct_real th0, ct_real out[3]) {
    const ct_real dth = 2 * CT__PI / CT__CONE_SAMPLES;
    const ct_real cd = CONTACT_COS(dth), sd = CONTACT_SIN(dth);
    ct__cone_pt prev, cur, best, cand;
    ct_real bestE = 0, e, cs = CONTACT_COS(th0), sn = CONTACT_SIN(th0), t, fp = 0, fc = 0;
    int k, have = 0;
    CONTACT_MEMSET(&best, 0, sizeof(best));
    ct__cone_point_cs(q, th0, cs, sn, &prev);
    if (prev.ok) fp = ct__cone_slope(q, &prev);
    for (k = 1; k <= CT__CONE_SAMPLES; ++k) {
        t = cs * cd - sn * sd; /* rotate by dth */
        sn = sn * cd + cs * sd;
        cs = t;
        ct__cone_point_cs(q, th0 + dth * (ct_real)k, cs, sn, &cur);
        if (cur.ok) fc = ct__cone_slope(q, &cur);
        if (prev.ok || cur.ok) {
            ct__cone_pt a = prev, b = cur;
            ct_real fa = fp, fb = fc;
            if (!a.ok) { /* the arc starts inside the interval */
                a = ct__cone_edge(q, b, a);
                fa = ct__cone_slope(q, &a);
            }
            if (!b.ok) { /* the arc ends inside the interval */
                b = ct__cone_edge(q, a, b);
                fb = ct__cone_slope(q, &b);
            }
            if (fa < 0 && fb >= 0) {
                cand = fb == 0 ? b : ct__cone_root(q, ct__cone_slope, a, fa, b, fb);
                e = ct__cone_energy(q, cand.l);
                if (!have || e < bestE) { best = cand; bestE = e; have = 1; }
            }
        }
        prev = cur;
        fp = fc;
    }
    if (!have) { /* no bracket (flat E, or sampling missed it): the best valid sample */
        for (k = 0; k < CT__CONE_SAMPLES; ++k) {
            ct__cone_point(q, th0 + dth * (ct_real)k, &cur);
            if (!cur.ok) continue;
            e = ct__cone_energy(q, cur.l);
            if (!have || e < bestE) { best = cur; bestE = e; have = 1; }
        }
    }
    if (have) { out[0] = best.l[0]; out[1] = best.l[1]; out[2] = best.l[2]; }
    else { out[0] = out[1] = out[2] = 0; }
}

/* Seed 004 Alg. 1 with its two printed errors corrected (seed 004 notes, traps 1-2): a step
   is rejected when the new point is NOT in the line of sight of lv0 (grad h2 . (lv0 - l) < 0)
   or r < 0 (the printed test has the sign inverted and never brackets), and the bisection
   moves the points with the angles (the printed loop never updates its iterate). The slope is
   dE/dth, whose sign equals the paper's hybrid (dE/dl) eta (seed 004 notes, Sec. 1.3). */
CT__PRIVATE void ct__cone_min_bisect(const ct__local *q, const ct_real lv0[3], ct_real th0,
                                     const ct_raisim_settings *rs, ct_real out[3]) {
    ct__cone_pt cur, prv, m;
    ct_real D0, a, mu2 = q->mu * q->mu;
    int k;
    ct__cone_point(q, th0, &cur);
    if (!cur.ok) { /* the initial guess is off the conic: fall back to the exact search */
        ct__cone_min_exact(q, th0, out);
        return;
    }
    D0 = ct__cone_slope(q, &cur);
    if (D0 == 0) {
        out[0] = cur.l[0]; out[1] = cur.l[1]; out[2] = cur.l[2];
        return;
    }
    a = D0 > 0 ? -rs->beta1 : rs->beta1;
    prv = cur;
    for (k = 0; k < rs->bisect_iters; ++k) { /* bracketing */
        prv = cur;
        ct__cone_point(q, cur.th + a, &cur);
        if (!cur.ok || 2 * cur.l[0] * (lv0[0] - cur.l[0]) + 2 * cur.l[1] * (lv0[1] - cur.l[1]) -
                               2 * mu2 * cur.l[2] * (lv0[2] - cur.l[2]) < 0) {
            a *= rs->beta2;
            cur = prv;
        } else if (ct__cone_slope(q, &cur) * D0 > 0) {
            a *= rs->beta3;
        } else {
            break;
        }
    }
    if (k == rs->bisect_iters) { /* no bracket within the cap: the last point */
        out[0] = cur.l[0]; out[1] = cur.l[1]; out[2] = cur.l[2];
        return;
    }
    for (k = 0; k < rs->bisect_iters; ++k) { /* bisection, cur and prv move with the angles */
        ct__cone_point(q, (cur.th + prv.th) / 2, &m);
        if (!m.ok) break;
        if (ct__cone_slope(q, &m) * D0 > 0) prv = m;
        else cur = m;
        if (CONTACT_FABS(cur.l[0] - prv.l[0]) < rs->bisect_tol &&
            CONTACT_FABS(cur.l[1] - prv.l[1]) < rs->bisect_tol &&
            CONTACT_FABS(cur.l[2] - prv.l[2]) < rs->bisect_tol)
            break;
    }
    ct__cone_point(q, (cur.th + prv.th) / 2, &m);
    if (!m.ok) m = cur;
    out[0] = m.l[0]; out[1] = m.l[1]; out[2] = m.l[2];
}

/* The local Coulomb slide of RAISIM_DS: the point of C where the friction opposes the
   sliding velocity, v_T = -k l_T with k > 0 (v = B l + c, v_n = 0 on C). h(th) = the component
   of v_T orthogonal to (cos th, sin th) is sampled at 64 angles, each sign change between valid
   samples is refined by ct__cone_root to the last bit, roots with v_T . l_T >= 0 (friction doing work) are
   dropped, and the root of lowest E (1/2 l^T B l + c^T l) is returned. Returns 0 when there is
   none. This is the fixed point with zero plane multiplier that the De Saxce successive
   approximation aims at (see ct__preclik); iterating the shift instead also admits fixed points
   where the friction accelerates the slide. */
CT__PRIVATE int ct__cone_coulomb(const ct__local *q, ct_real th0, ct_real out[3]) {
    const ct_real dth = 2 * CT__PI / CT__CONE_SAMPLES;
    const ct_real cd = CONTACT_COS(dth), sd = CONTACT_SIN(dth);
    ct__cone_pt a, b, root;
    ct_real ha = 0, hb = 0, along, bestE = 0, e, cs = CONTACT_COS(th0), sn = CONTACT_SIN(th0), t;
    int k, have = 0;
    ct__cone_point_cs(q, th0, cs, sn, &a);
    if (a.ok) ha = ct__cone_twist(q, &a);
    for (k = 1; k <= CT__CONE_SAMPLES; ++k) {
        t = cs * cd - sn * sd;
        sn = sn * cd + cs * sd;
        cs = t;
        ct__cone_point_cs(q, th0 + dth * (ct_real)k, cs, sn, &b);
        if (b.ok) hb = ct__cone_twist(q, &b);
        if (a.ok && b.ok && (ha == 0 || (ha < 0) != (hb < 0))) {
            root = ha == 0 ? a : ct__cone_root(q, ct__cone_twist, a, ha, b, hb);
            ct__cone_twist_along(q, &root, &along);
            if (along < 0) {
                e = ct__cone_energy(q, root.l);
                if (!have || e < bestE) {
                    out[0] = root.l[0]; out[1] = root.l[1]; out[2] = root.l[2];
                    bestE = e;
                    have = 1;
                }
            }
        }
        a = b;
        ha = hb;
    }
    return have;
}

/* The single-contact solution (see the section comment). Binv: B^-1. slide: how the sliding
   case is solved: CT__SLIDE_EXACT (NBGS) or CT__SLIDE_BISECT (RAISIM) minimize Preclik's
   energy on C, CT__SLIDE_COULOMB (RAISIM_DS, RAISIM_DS_ES) finds the Coulomb point of C. */
enum { CT__SLIDE_EXACT = 0, CT__SLIDE_BISECT = 1, CT__SLIDE_COULOMB = 2 };
CT__PRIVATE void ct__preclik(const ct_real B[9], const ct_real Binv[9], const ct_real c[3],
                             ct_real mu, int slide, const ct_raisim_settings *rs, ct_real out[3]) {
    ct__local q;
    ct_real lv0[3], t;
    if (c[2] > 0) { /* opening (seed 004: strict test on c_n) */
        out[0] = out[1] = out[2] = 0;
        return;
    }
    if (!(mu > 0)) { /* frictionless: lambda_T = 0 and zero normal velocity */
        out[0] = out[1] = 0;
        out[2] = B[8] > 0 ? -c[2] / B[8] : 0;
        return;
    }
    ct__m3_mul(Binv, c, lv0);
    lv0[0] = -lv0[0]; lv0[1] = -lv0[1]; lv0[2] = -lv0[2];
    t = ct__norm_t(lv0);
    if (t <= mu * lv0[2]) { /* sticking: zero velocity (then Gamma = 0 too) */
        out[0] = lv0[0]; out[1] = lv0[1]; out[2] = lv0[2];
        return;
    }
    q.B = B;
    q.c[0] = c[0]; q.c[1] = c[1]; q.c[2] = c[2];
    q.mu = mu;
    /* initial angle: E_C of the zero-velocity solution (seed 004 Sec. III-A) */
    t = (lv0[0] != 0 || lv0[1] != 0) ? CONTACT_ATAN2(lv0[1], lv0[0]) : 0;
    if (slide == CT__SLIDE_COULOMB && ct__cone_coulomb(&q, t, out)) return;
    if (slide == CT__SLIDE_BISECT) ct__cone_min_bisect(&q, lv0, t, rs, out);
    else ct__cone_min_exact(&q, t, out); /* also the fallback when C has no Coulomb point */
}

/* The sweep skeleton and the per-method contact updates. */
typedef struct ct__gs {
    ct__run *r;
    ct_real *step;  /* n: single rows omega/(G+R)_ii; contact rows (t, t, n) steps             */
    ct_real *blk;   /* 18 per contact: B row-major, then B^-1 (zeros when B = 0)                */
    ct_real alpha;  /* current relaxation of the Preclik methods                               */
    ct_real upd;    /* max |lambda_new - lambda_old| over the sweep                             */
    int kept;       /* 1: v is kept up to date by the updates; 0: each row is read afresh       */
    ct_real best;   /* the best scored measure so far, and the checks since it improved ...     */
    int since;      /* ... (kept v: ten checks without progress switch to rows read afresh)     */
} ct__gs;

CT__PRIVATE void ct__gs_setup(ct__gs *gs) {
    ct__run *r = gs->r;
    const ct_problem *p = r->p;
    const ct_method m = r->s->method;
    const ct_real omega = r->s->pgs.omega;
    const int c0 = p->nb + p->nu;
    int i;
    for (i = 0; i < c0; ++i) {
        ct_real d = ct__op_entry(&r->op, i, i);
        gs->step[i] = d > CT_MINVAL ? omega / d : 0;
    }
    for (i = 0; i < p->nc; ++i) {
        int q = c0 + 3 * i;
        ct_real *B = gs->blk + 18 * i, *Bi = B + 9, h, dt, dn, tr, R[9];
        ct__op_block3(&r->op, q, B);
        h = (B[0] - B[4]) / 2; /* lambda_max of the 2x2 tangential block */
        dt = (B[0] + B[4]) / 2 + CONTACT_SQRT(h * h + B[1] * B[1]);
        dn = B[8];
        tr = B[0] + B[4] + B[8];
        if (m == CT_METHOD_PGS_CCP) {
            gs->step[q] = gs->step[q + 1] = gs->step[q + 2] = tr > CT_MINVAL ? 3 * omega / tr : 0;
        } else {
            gs->step[q] = gs->step[q + 1] = dt > CT_MINVAL ? omega / dt : 0;
            gs->step[q + 2] = dn > CT_MINVAL ? omega / dn : 0;
        }
        /* B^-1, for the Preclik methods; a singular block is regularized by reg tr(B) I, reg
           growing tenfold up to tr(B) I (a block with a negative eigenvalue, G not PSD); past
           that the contact gets a zero inverse and the Preclik methods leave it unchanged */
        CONTACT_MEMSET(Bi, 0, 9 * sizeof(ct_real));
        if (!(tr > CT_MINVAL) || m == CT_METHOD_PGS_NCP || m == CT_METHOD_PGS_LCP || m == CT_METHOD_PGS_CCP)
            continue;
        {
            ct_real reg = 0, next = CT__BLOCK_REG;
            int ok = 0;
            while (!ok && reg <= 1) {
                CONTACT_MEMCPY(R, B, sizeof(R));
                R[0] += reg * tr; R[4] += reg * tr; R[8] += reg * tr;
                ok = ct__m3_spd(R, 64 * CT_EPS * tr, Bi);
                reg = next;
                next *= 10;
            }
        }
    }
}

/* One contact's update from its local velocity v (with the current lambda_i). */
CT__PRIVATE void ct__gs_contact(ct__gs *gs, int i, ct_real v[3], ct_real l[3]) {
    const ct__run *r = gs->r;
    const ct_method m = r->s->method;
    const ct_real mu = r->p->mu[i];
    const int q = r->p->nb + r->p->nu + 3 * i;
    const ct_real *B = gs->blk + 18 * i, *st = gs->step + q;
    ct_real t[3], c[3], ls[3], a;
    switch (m) {
        case CT_METHOD_PGS_NCP:
        case CT_METHOD_PGS_LCP: {
            ct_real ln = l[2] - st[2] * v[2], dln;
            ln = ln > 0 ? ln : 0;
            dln = ln - l[2];
            l[2] = ln;
            v[0] += B[2] * dln;
            v[1] += B[5] * dln;
            t[0] = l[0] - st[0] * v[0];
            t[1] = l[1] - st[0] * v[1];
            t[2] = ln;
            if (m == CT_METHOD_PGS_LCP) ct_clamp_box_tangent(mu, t, l);
            else ct_project_disk(mu * ln, t, l);
            return;
        }
        case CT_METHOD_PGS_CCP: {
            ct_real w2 = v[2] + (r->s->pgs.desaxce ? mu * ct__norm_t(v) : 0);
            t[0] = l[0] - st[0] * v[0];
            t[1] = l[1] - st[0] * v[1];
            t[2] = l[2] - st[0] * w2;
            ct_project_cone(mu, t, l);
            return;
        }
        default: { /* NBGS, RAISIM, RAISIM_DS, RAISIM_DS_ES */
            ct__m3_mul(B, l, c);
            c[0] = v[0] - c[0]; c[1] = v[1] - c[1]; c[2] = v[2] - c[2];
            if (!(B[0] + B[4] + B[8] > CT_MINVAL) || (B[9] == 0 && B[13] == 0 && B[17] == 0)) return;
            ct__preclik(B, B + 9, c, mu,
                        m == CT_METHOD_NBGS ? CT__SLIDE_EXACT
                        : m == CT_METHOD_RAISIM ? CT__SLIDE_BISECT : CT__SLIDE_COULOMB,
                        &r->s->raisim, ls);
            a = gs->alpha;
            l[0] = a * ls[0] + (1 - a) * l[0];
            l[1] = a * ls[1] + (1 - a) * l[1];
            l[2] = a * ls[2] + (1 - a) * l[2];
            return;
        }
    }
}

/* One sweep: joints, limits, contacts (seed 001 Alg. 5). Each row or contact needs its
   velocity with the current lambda. kept = 1: v = (G + R) lambda + g on entry and kept so: a
   row or contact reads its velocity from v and adds its update's columns (ct__op_add_cols),
   the same work as reading its rows but none for a row that does not move, and the check
   needs no product. The sums of v carry the rounding of every update; near the rounding floor
   (no progress for ten checks, ct__gs_solve) the sweeps switch to kept = 0: each velocity is
   read afresh from the rows of G, whose fixed point is exact to the last bit. */
CT__PRIVATE void ct__gs_sweep(ct__gs *gs, ct_real *lambda, ct_real *v) {
    const ct__run *r = gs->r;
    const ct_problem *p = r->p;
    const int nb = p->nb, c0 = nb + p->nu;
    ct_real upd = 0, old[3], vl[3], d[3];
    int i;
    for (i = 0; i < c0; ++i) {
        ct_real vi = gs->kept ? v[i] : ct__op_row(&r->op, i, lambda) + p->g[i];
        ct_real l = lambda[i] - gs->step[i] * vi;
        if (i >= nb) l = l > 0 ? l : 0;
        d[0] = l - lambda[i];
        if (d[0] == 0) continue;
        lambda[i] = l;
        if (gs->kept) ct__op_add_cols(&r->op, i, 1, d, v);
        upd = ct__max(upd, CONTACT_FABS(d[0]));
    }
    for (i = 0; i < p->nc; ++i) {
        int q = c0 + 3 * i;
        ct_real *l = lambda + q;
        if (gs->kept) {
            vl[0] = v[q]; vl[1] = v[q + 1]; vl[2] = v[q + 2];
        } else {
            ct__op_rows3(&r->op, q, lambda, vl);
            vl[0] += p->g[q]; vl[1] += p->g[q + 1]; vl[2] += p->g[q + 2];
        }
        old[0] = l[0]; old[1] = l[1]; old[2] = l[2];
        ct__gs_contact(gs, i, vl, l);
        d[0] = l[0] - old[0]; d[1] = l[1] - old[1]; d[2] = l[2] - old[2];
        if (d[0] == 0 && d[1] == 0 && d[2] == 0) continue;
        if (gs->kept) ct__op_add_cols(&r->op, q, 3, d, v);
        upd = ct__max(upd, ct__max(CONTACT_FABS(d[0]), ct__max(CONTACT_FABS(d[1]), CONTACT_FABS(d[2]))));
    }
    gs->upd = upd;
}

/* f(lambda) = 1/2 lambda^T (G+R) lambda + g^T lambda = 1/2 lambda^T (v + g) */
CT__PRIVATE ct_real ct__objective(const ct_problem *p, const ct_real *lambda, const ct_real *v,
                                  int n) {
    ct_real f = 0;
    int i;
    for (i = 0; i < n; ++i) f += lambda[i] * (v[i] + p->g[i]);
    return f / 2;
}

/* The Gauss-Seidel family's driver. Stopping: every check_every sweeps the returned point is
   scored by ct_criteria in the method's flavor; for Preclik's model (NBGS, RAISIM), whose
   tangential law has no residual form, the last update must also be small (max |d lambda| <=
   tol_abs, or <= tol_rel ||lambda||_inf with the relative rule), as in seed 004. RAISIM_DS_ES
   stops when the objective improvement |f_k - f_k-1| / I_total <= es_tol (seed 001 eq. 160),
   I_total = raisim.mass_sum when given, else n^2 / tr(G + R): with G = J M^-1 J^T, tr(G)/n is
   the mean inverse apparent mass of a row, so n / tr(G) is a mass per row and n^2 / tr(G) the
   sum over the n rows, the counterpart of sum diag(M). That stop is reported as STALLED unless
   the point also meets the NCP tolerance. */
CT__PRIVATE ct_status ct__gs_solve(ct__run *r, const ct__layout *L, ct_workspace *ws,
                                   ct_real *lambda, ct_real *v) {
    const ct_settings *s = r->s;
    const ct_method m = s->method;
    const int n = r->n;
    const int raisim = m == CT_METHOD_RAISIM || m == CT_METHOD_RAISIM_DS || m == CT_METHOD_RAISIM_DS_ES;
    ct_real *lprev = ct__ws_arr(ws, L->lprev), *au = ct__ws_arr(ws, L->u), f_prev = 0, itot = 0;
    ct__gs gs;
    int k, i, certified = 0;
    gs.r = r;
    gs.step = ct__ws_arr(ws, L->step);
    gs.blk = ct__ws_arr(ws, L->blk);
    gs.alpha = raisim ? s->raisim.alpha : s->pgs.omega;
    gs.upd = 0;
    gs.kept = 1;
    gs.best = -1;
    gs.since = 0;
    ct__gs_setup(&gs); /* v: the velocity of the start (ct__solve), which the sweeps keep */
    if (m == CT_METHOD_RAISIM_DS_ES) {
        ct_real tr = 0;
        for (i = 0; i < n; ++i) tr += ct__op_entry(&r->op, i, i);
        itot = s->raisim.mass_sum > 0 ? s->raisim.mass_sum
                                      : (tr > CT_MINVAL ? (ct_real)n * (ct_real)n / tr : (ct_real)1);
        f_prev = ct__objective(r->p, lambda, v, n);
    }
    for (k = 0; k < s->max_iter; ++k) {
        CONTACT_MEMCPY(lprev, lambda, (size_t)n * sizeof(ct_real));
        ct__gs_sweep(&gs, lambda, v);
        if (raisim) gs.alpha = s->raisim.alpha_min + s->raisim.gamma * (gs.alpha - s->raisim.alpha_min);
        r->iterations = k + 1;
        if (!ct__all_finite(lambda, (size_t)n) || !ct__in_range(lambda, (size_t)n)) { /* diverged */
            CONTACT_MEMCPY(lambda, lprev, (size_t)n * sizeof(ct_real));
            return CT_STATUS_NUMERICAL_FAILURE;
        }
        /* the first check reads v afresh: one product, and a one-sweep solve (uncoupled
           contacts) is then scored once, not first on the kept v */
        if (ct__check(r, k, lambda, v, gs.kept && k > 0, 0, -1, -1)) {
            if (r->flavor != CT_FLAVOR_SIGNORINI) return CT_STATUS_CONVERGED;
            if (s->stop == CT_STOP_RELATIVE) {
                ct_real lmax = 0;
                for (i = 0; i < n; ++i) lmax = ct__max(lmax, CONTACT_FABS(lambda[i]));
                if (gs.upd <= s->tol_rel * lmax) return CT_STATUS_CONVERGED;
            } else if (gs.upd <= s->tol_abs) {
                return CT_STATUS_CONVERGED;
            }
        }
        if (gs.kept && (k + 1) % s->check_every == 0) { /* progress of the kept v's measure */
            if (gs.best < 0 || ct__measure(r) < gs.best) {
                gs.best = ct__measure(r);
                gs.since = 0;
            } else if (++gs.since >= 10) {
                gs.kept = 0;
            }
        }
        if (m == CT_METHOD_RAISIM_DS_ES) {
            ct_real f;
            if (!gs.kept) ct_velocity(r->p, lambda, v);
            f = ct__objective(r->p, lambda, v, n);
            if (CONTACT_FABS(f - f_prev) <= s->raisim.es_tol * itot) return CT_STATUS_STALLED;
            f_prev = f;
        }
        if (ct__stalled(r, lambda, lprev)) return CT_STATUS_STALLED;
        if (ct__diverging(r, k, lambda, lprev, v, au, &certified)) return CT_STATUS_NUMERICAL_FAILURE;
    }
    return CT_STATUS_MAX_ITERATIONS;
}

/* >>solver-admm -------------------------------------------------------------------------- */
/* ADMM_NCP: proximal ADMM on the NCP with the De Saxce fixed point (seed 003 Alg. 1, in the
   form of seed 001 Alg. 6 so that bilateral and unilateral rows work).
   With A = G + R + (eta + rho) I, K = R^nb x R+^nu x prod K_mu and Gamma acting on contacts:
     s_k = Gamma(z_{k-1})                                             (seed 003 Alg. 1 line 2)
     x_k = -A^-1 (g + s_k - eta x_{k-1} - rho y_{k-1} - z_{k-1})       (eq. 37)
     x^  = alpha x_k + (1 - alpha) y_{k-1}                            (over-relaxation, alpha = 1: none)
     y_k = P_K(x^ - z_{k-1} / rho)                                    (eq. 38-39)
     z_k = z_{k-1} - rho (x^ - y_k)                                   (eq. 36c)
   At a fixed point z = (G + R) y + g + Gamma = v + Gamma and y in K _|_ z in K*.
   Penalty: the spectral rule (eq. 45-46) rho = sqrt(m L) kappa^p, kappa = L / m, with
   L = lambda_max(G + R) by power iteration and m = eta + min(R) (a lower bound of the spectrum
   of the x-step's matrix; the true lambda_min(G) is often 0). Every update_every iterations,
   p += step if ||x - y||_inf > ratio ||r_dual||_inf, p -= step if the reverse holds, with
   r_dual = eta (x_k - x_{k-1}) + rho (y_k - y_{k-1}) (eq. 40-41); A is refactored only when
   rho changes. The internal residuals freeze the De Saxce term and can sit well below the true
   NCP residual, so they only drive the penalty; the solve stops on ct_criteria evaluated at the
   projected iterate y with v = (G + R) y + g. The answer is y (seed 000 notes, trap 6).
   ADMM_CCP is the same code with s = 0 (seed 000 Alg. 3, seed 001 Alg. 6 "ADMM-CCP"): the
   convex Anitescu model, scored in the CCP flavor; seed 001's ADMM-CCP also drops eta, which
   contact.h allows (eta = 0) only with the fixed or linear rule, since with R = 0 eta is the
   spectral rule's only positive lower bound m. Penalty rules (admm.rule): spectral (default),
   linear residual balancing rho *= or /= linear_factor (seed 003 eq. 44), fixed rho0. */
/* The spectral penalty rule shared by every ADMM in the header (seed 003 eq. 45-46):
   rho = sqrt(m L) kappa^p, kappa = L / m. */
typedef struct ct__penalty {
    ct_real base, kappa, pw, rho;
} ct__penalty;

/* L = lambda_max(G + R) by power iteration (t1, t2: n each), m = eta + min(R); the linear and
   fixed rules start from rho0 instead (and need no L) */
CT__PRIVATE void ct__penalty_init(ct__penalty *pen, ct__run *r, ct_real *t1, ct_real *t2) {
    const ct_admm_settings *as = &r->s->admm;
    ct_real Lmax, m = as->eta;
    int i;
    pen->pw = as->rho_power;
    pen->kappa = 1;
    pen->base = as->rho0;
    pen->rho = as->rho0;
    if (as->rule != CT_RHO_SPECTRAL) return;
    if (r->p->R) { /* m = eta + min_i R_i */
        ct_real rmin = r->p->R[0];
        for (i = 1; i < r->n; ++i) rmin = ct__min(rmin, r->p->R[i]);
        m = as->eta + rmin;
    }
    Lmax = ct__power_iteration(ct__op_mul_cb, &r->op, r->n, as->power_iters, t1, t2);
    Lmax = ct__max(Lmax, m);
    pen->kappa = Lmax / m;
    pen->base = CONTACT_SQRT(m * Lmax);
    pen->rho = pen->base * CONTACT_POW(pen->kappa, pen->pw);
}

/* One application of the rule; 1 when rho changed. Spectral: p +-= step when one residual
   exceeds ratio times the other (seed 003 eq. 46); linear: rho *= or /= linear_factor on the
   same test (eq. 44); fixed: never. */
CT__PRIVATE int ct__penalty_update(ct__penalty *pen, const ct_admm_settings *as, ct_real rp,
                                   ct_real rd) {
    ct_real pnew = pen->pw, rnew;
    int dir = rp > as->ratio * rd ? 1 : rd > as->ratio * rp ? -1 : 0;
    if (dir == 0 || as->rule == CT_RHO_FIXED) return 0;
    if (as->rule == CT_RHO_LINEAR) {
        rnew = dir > 0 ? pen->rho * as->linear_factor : pen->rho / as->linear_factor;
    } else {
        if (!(as->rho_power_step > 0) || !(pen->kappa > 1)) return 0;
        pnew = pen->pw + (ct_real)dir * as->rho_power_step;
        rnew = pen->base * CONTACT_POW(pen->kappa, pnew);
    }
    if (!(rnew > CT_MINVAL * (ct_real)1e10 && rnew < CT_HUGE)) return 0;
    pen->pw = pnew;
    pen->rho = rnew;
    return 1;
}

/* The penalty a solve starts from: the rule's start (ct__penalty_init), or with
   admm.warm_rho the workspace's (spectral: its exponent p on the new spectrum; linear: its
   rho; fixed: rho0 always). */
CT__PRIVATE void ct__penalty_start(ct__penalty *pen, ct__run *r, const ct__state *st, ct_real *t1,
                                   ct_real *t2) {
    const ct_admm_settings *as = &r->s->admm;
    ct__penalty_init(pen, r, t1, t2);
    if (!as->warm_rho || !st || as->rule == CT_RHO_FIXED) return;
    if (as->rule == CT_RHO_LINEAR) {
        pen->rho = st->rho;
    } else if (st->has_pen && st->rule == (int)CT_RHO_SPECTRAL) {
        pen->pw = st->pw;
        pen->rho = pen->base * CONTACT_POW(pen->kappa, pen->pw);
    } else if (pen->kappa > 1) { /* a rho from ct_admm_state_set: its exponent on this spectrum */
        pen->pw = CONTACT_LOG(st->rho / pen->base) / CONTACT_LOG(pen->kappa);
        pen->rho = st->rho;
    }
    r->reused |= CT_REUSED_RHO;
}

/* ADMM_NCP / ADMM_CCP. st: the workspace's state from the last solve when it matches this
   problem's size (NULL otherwise); reuse: ct_solve_update, the factor in chol is valid. */
/* ADMM's factor of G + R + shift I: dense Cholesky, the sparse one (sp), or the caller's
   operator, given d = diag(R) + shift in scratch. Returns -1 on success (the failing pivot of
   a Cholesky otherwise; 0 for an operator's failure). */
CT__PRIVATE int ct__fac_factor(ct__run *r, ct__spchol *sp, ct_real *chol, ct_real *scratch, ct_real shift) {
    const ct_operator *U = r->op.U;
    int i;
    if (sp) return ct__sp_factor(sp, &r->op, shift);
    if (U) {
        for (i = 0; i < r->n; ++i) scratch[i] = ct__op_r(&r->op, i) + shift;
        return U->factor(U->ctx, scratch) == 0 ? -1 : 0;
    }
    return ct__op_factor(&r->op, NULL, r->n, NULL, shift, chol, scratch);
}
CT__PRIVATE void ct__fac_solve(const ct__run *r, const ct__spchol *sp, const ct_real *chol, ct_real *b) {
    if (sp) ct__sp_solve(sp, b);
    else if (r->op.U) r->op.U->solve(r->op.U->ctx, b);
    else ct__chol_solve(chol, r->n, r->n, b);
}

CT__PRIVATE ct_status ct__admm(ct__run *r, const ct__layout *L, ct_workspace *ws, ct_real *lambda,
                               ct_real *v, const ct__state *st, int reuse, ct__spchol *sp) {
    const ct_problem *p = r->p;
    const ct_admm_settings *as = &r->s->admm;
    const int n = r->n, nb = p->nb, nu = p->nu, c0 = nb + nu;
    const ct_real eta = as->eta, alpha = as->over_relax;
    const int desaxce = r->flavor == CT_FLAVOR_NCP; /* ADMM_NCP; ADMM_CCP: s = 0 */
    ct_real *x = ct__ws_arr(ws, L->x), *y = ct__ws_arr(ws, L->y), *z = ct__ws_arr(ws, L->z);
    ct_real *w = ct__ws_arr(ws, L->w), *t = ct__ws_arr(ws, L->t);
    ct_real *chol = ct__ws_arr(ws, L->chol), *scratch = ct__ws_arr(ws, L->scratch);
    ct_real *lprev = ct__ws_arr(ws, L->lprev);
    ct__state *out = ct__ws_state(ws);
    ct__penalty pen;
    ct_real rho, a_max = 0;
    ct_status status = CT_STATUS_MAX_ITERATIONS;
    int i, k, factored = 0, certified = 0;

    if (reuse) {
        pen.base = st->base;
        pen.kappa = st->kappa;
        pen.pw = st->pw;
        pen.rho = st->rho;
        factored = 1;
        r->reused |= CT_REUSED_RHO | CT_REUSED_FACTOR;
    } else {
        ct__penalty_start(&pen, r, st, w, t);
    }
    rho = pen.rho;
    if (!factored) {
        if (ct__fac_factor(r, sp, chol, scratch, eta + rho) >= 0) {
            out->magic = 0;
            return CT_STATUS_NUMERICAL_FAILURE;
        }
        factored = 1;
        r->factorizations = 1;
    }
    a_max = ct__run_amax(r);

    /* start: x = lambda, y = P_K(x), z = v(y) + Gamma(v(y)) or the workspace's dual */
    CONTACT_MEMCPY(x, lambda, (size_t)n * sizeof(ct_real));
    ct_project_constraints(nb, nu, p->nc, p->mu, x, y);
    if (as->warm_dual && st && st->has_dual) {
        r->reused |= CT_REUSED_DUAL; /* z is the workspace's */
    } else {
        ct_velocity(p, y, z);
        if (desaxce)
            for (i = 0; i < p->nc; ++i) z[c0 + 3 * i + 2] += p->mu[i] * ct__norm_t(z + c0 + 3 * i);
    }

    for (k = 0; k < r->s->max_iter; ++k) {
        ct_real rp = 0, rd = 0, inv_rho = 1 / rho;
        CONTACT_MEMCPY(lprev, y, (size_t)n * sizeof(ct_real));
        /* w = -(g + s - eta x - rho y - z), then x_k = A^-1 w */
        for (i = 0; i < n; ++i) w[i] = -(p->g[i] - eta * x[i] - rho * y[i] - z[i]);
        if (desaxce)
            for (i = 0; i < p->nc; ++i) w[c0 + 3 * i + 2] -= p->mu[i] * ct__norm_t(z + c0 + 3 * i);
        ct__fac_solve(r, sp, chol, w);
        /* rows: x^ = alpha w + (1 - alpha) y; y = P(x^ - z / rho); z -= rho (x^ - y) */
        for (i = 0; i < n; ++i) t[i] = alpha * w[i] + (1 - alpha) * y[i];
        for (i = 0; i < n; ++i) v[i] = t[i] - z[i] * inv_rho; /* v as scratch */
        ct_project_constraints(nb, nu, p->nc, p->mu, v, v);
        for (i = 0; i < n; ++i) {
            ct_real dual = eta * (w[i] - x[i]) + rho * (v[i] - y[i]);
            ct_real prim = CONTACT_FABS(w[i] - v[i]);
            rd = ct__max(rd, CONTACT_FABS(dual));
            rp = ct__max(rp, prim);
            z[i] -= rho * (t[i] - v[i]);
            x[i] = w[i];
            y[i] = v[i];
        }
        r->iterations = k + 1;
        if (!ct__finite(rp + rd) || !ct__all_finite(z, (size_t)n) || ct__norm2(y, n) > CT_HUGE) {
            CONTACT_MEMCPY(y, lprev, (size_t)n * sizeof(ct_real));
            status = CT_STATUS_NUMERICAL_FAILURE;
            break;
        }
        if (ct__check(r, k, y, v, 0, rho, rp, rd)) {
            status = CT_STATUS_CONVERGED;
            break;
        }
        if (ct__stalled(r, y, lprev)) {
            status = CT_STATUS_STALLED;
            break;
        }
        if ((k + 1) % as->update_every == 0) {
            /* divergence: the last step, d = y - lprev, certifies an unbounded problem twice in
               a row (w, t are free here) */
            for (i = 0; i < n; ++i) w[i] = y[i] - lprev[i];
            ct__op_mul(&r->op, w, t);
            certified = ct__unbounded(p, n, w, t, desaxce ? z : NULL, a_max) ? certified + 1 : 0;
            if (certified >= 2) {
                status = CT_STATUS_NUMERICAL_FAILURE;
                break;
            }
            if (ct__penalty_update(&pen, as, rp, rd)) {
                rho = pen.rho;
                r->factorizations++;
                if (ct__fac_factor(r, sp, chol, scratch, eta + rho) >= 0) {
                    factored = 0;
                    status = CT_STATUS_NUMERICAL_FAILURE;
                    break;
                }
            }
        }
    }
    CONTACT_MEMCPY(lambda, y, (size_t)n * sizeof(ct_real));
    r->rho = rho;
    /* what the next solve may reuse */
    out->magic = CT__STATE_MAGIC;
    out->nb = nb;
    out->nu = nu;
    out->nc = p->nc;
    out->has_factor = factored;
    out->has_dual = ct__all_finite(z, (size_t)n);
    out->has_pen = 1;
    out->rule = (int)as->rule;
    out->G = p->G;
    out->Gs = p->Gs;
    out->Gop = p->Gop;
    out->R = p->R;
    out->eta = eta;
    out->rho = rho;
    out->pw = pen.pw;
    out->base = pen.base;
    out->kappa = pen.kappa;
    return status;
}

/* >>solver-staggered --------------------------------------------------------------------- */
/* STAGGERED: staggered projections (seed 000 Alg. 7, after [69, 70, 36, 6]). With N the
   bilateral, unilateral and normal rows and T the tangential rows, alternate two convex QPs:
     h_N = g_N + (G+R)_NT lambda_T    (the paper prints g_T + G_NT lambda_T: a typo, g_N is meant)
     lambda_N = argmin 1/2 l^T (G+R)_NN l + h_N^T l,  l free on bilateral rows, >= 0 elsewhere
     h_T = g_T + (G+R)_TN lambda_N
     lambda_T = argmin 1/2 l^T (G+R)_TT l + h_T^T l,  l_i in the disk of radius mu_i lambda_n,i
                (NCP flavor) or the box |l_t1|, |l_t2| <= mu_i lambda_n,i (LCP flavor)
   Each QP is solved by the same proximal ADMM as ADMM_NCP without the De Saxce term, on the
   principal submatrix (its own Cholesky, refactored only when its penalty changes; both
   factors are kept across outer iterations, and so are each QP's iterates and penalty), for at
   most staggered.inner_iters iterations or until its internal residuals fall below a tenth of
   the outer tolerance. An outer iteration is one pair of QPs; the solve stops on ct_criteria in
   the NCP or LCP flavor. No convergence guarantee (seed 000 Table III); "typically five
   iterations" ([6]). */
typedef struct ct__qp {
    const int *idx;   /* rows of G */
    int m;            /* their count */
    int nfree, nplus; /* first nfree rows free, next nplus rows >= 0, the rest pairs (T) */
    ct_real *L, *x, *y, *z, *w, *h;
    ct_real *rad;     /* per pair: radius mu lambda_n (T only) */
    int box;
    ct__penalty pen;
    ct_real rho_f;    /* rho of the current factor (0: none) */
} ct__qp;

/* out_i = sum_j (G+R)_{ia[i], ib[j]} x_j */
CT__PRIVATE void ct__op_cross(const ct__op *op, const int *ia, int ma, const int *ib, int mb,
                              const ct_real *x, ct_real *out) {
    int i, j;
    for (i = 0; i < ma; ++i) {
        ct_real acc = 0;
        for (j = 0; j < mb; ++j) acc += ct__op_g(op, ia[i], ib[j]) * x[j];
        out[i] = acc; /* without R: callers add R's diagonal where the row sets overlap */
    }
}

CT__PRIVATE void ct__qp_project(const ct__qp *q, const ct_real *in, ct_real *out) {
    int i;
    for (i = 0; i < q->nfree; ++i) out[i] = in[i];
    for (i = q->nfree; i < q->nfree + q->nplus; ++i) out[i] = in[i] > 0 ? in[i] : 0;
    for (i = q->nfree + q->nplus; i + 1 < q->m; i += 2) {
        ct_real rad = q->rad[(i - q->nfree - q->nplus) / 2];
        if (q->box) {
            out[i] = ct__min(rad, ct__max(-rad, in[i]));
            out[i + 1] = ct__min(rad, ct__max(-rad, in[i + 1]));
        } else {
            ct_project_disk(rad, in + i, out + i);
        }
    }
}

/* ADMM on one QP (the x-, y- and z-steps of ADMM_NCP with s = 0). Returns -1, or 1 when a
   factorization failed. */
CT__PRIVATE int ct__qp_solve(ct__run *r, ct__qp *q, ct_real tol, ct_real *scratch) {
    const ct_admm_settings *as = &r->s->admm;
    const ct_real eta = as->eta;
    int k, i;
    if (q->m == 0) return -1;
    for (k = 0; k < r->s->staggered.inner_iters; ++k) {
        ct_real rp = 0, rd = 0, rho = q->pen.rho, inv = 1 / rho;
        if (q->rho_f != rho) {
            if (ct__op_factor(&r->op, q->idx, q->m, NULL, eta + rho, q->L, scratch) >= 0) return 1;
            q->rho_f = rho;
            r->factorizations++;
        }
        for (i = 0; i < q->m; ++i) q->w[i] = -(q->h[i] - eta * q->x[i] - rho * q->y[i] - q->z[i]);
        ct__chol_solve(q->L, q->m, q->m, q->w);
        for (i = 0; i < q->m; ++i) q->x[i] = q->w[i] - q->z[i] * inv; /* x as scratch */
        ct__qp_project(q, q->x, q->x);
        for (i = 0; i < q->m; ++i) { /* x holds the new y here */
            ct_real yn = q->x[i];
            rd = ct__max(rd, CONTACT_FABS(rho * (yn - q->y[i])));
            rp = ct__max(rp, CONTACT_FABS(q->w[i] - yn));
            q->z[i] -= rho * (q->w[i] - yn);
            q->y[i] = yn;
            q->x[i] = q->w[i];
        }
        if (ct__max(rp, rd) <= tol) {
            /* the ADMM residuals can be small while y is still far from the QP's solution
               (a warm start with a large penalty moves little per step): confirm with the
               natural map ||y - P(y - (H y + h))||_inf <= tol before stopping */
            ct_real res = 0, scale = 1;
            ct__op_cross(&r->op, q->idx, q->m, q->idx, q->m, q->y, q->w);
            for (i = 0; i < q->m; ++i) {
                q->w[i] += ct__op_r(&r->op, q->idx[i]) * q->y[i] + q->h[i];
                scale = ct__max(scale, ct__max(CONTACT_FABS(q->y[i]), CONTACT_FABS(q->w[i])));
                q->w[i] = q->y[i] - q->w[i];
            }
            ct__qp_project(q, q->w, q->w);
            for (i = 0; i < q->m; ++i) res = ct__max(res, CONTACT_FABS(q->y[i] - q->w[i]));
            if (res <= ct__max(tol, 64 * CT_EPS * scale)) break; /* floor: the precision */
        }
        if ((k + 1) % as->update_every == 0) ct__penalty_update(&q->pen, as, rp, rd);
    }
    return -1;
}

CT__PRIVATE ct_status ct__staggered(ct__run *r, const ct__layout *L, ct_workspace *ws,
                                    ct_real *lambda, ct_real *v) {
    const ct_problem *p = r->p;
    const int n = r->n, nb = p->nb, nu = p->nu, nc = p->nc, c0 = nb + nu;
    ct_real *x = ct__ws_arr(ws, L->x), *y = ct__ws_arr(ws, L->y), *z = ct__ws_arr(ws, L->z);
    ct_real *w = ct__ws_arr(ws, L->w), *t = ct__ws_arr(ws, L->t);
    ct_real *chol = ct__ws_arr(ws, L->chol), *scratch = ct__ws_arr(ws, L->scratch);
    ct_real *lprev = ct__ws_arr(ws, L->lprev), *rad = ct__ws_arr(ws, L->rad), tol, gmax = 0;
    int *idx = (int *)(void *)(ws->base + L->idx);
    ct__qp qn, qt;
    ct__penalty pen;
    int i, k, certified = 0;
    const int mN = c0 + nc, mT = 2 * nc;

    for (i = 0; i < c0; ++i) idx[i] = i;
    for (i = 0; i < nc; ++i) {
        idx[c0 + i] = c0 + 3 * i + 2;
        idx[mN + 2 * i] = c0 + 3 * i;
        idx[mN + 2 * i + 1] = c0 + 3 * i + 1;
    }
    ct__penalty_init(&pen, r, w, t); /* L of G + R bounds both principal submatrices' */
    CONTACT_MEMSET(&qn, 0, sizeof(qn));
    qn.idx = idx; qn.m = mN; qn.nfree = nb; qn.nplus = nu + nc;
    qn.L = chol; qn.x = x; qn.y = y; qn.z = z; qn.w = w; qn.h = t;
    qn.pen = pen;
    qt = qn;
    qt.idx = idx + mN; qt.m = mT; qt.nfree = 0; qt.nplus = 0;
    qt.L = chol + (size_t)mN * mN; qt.x = x + mN; qt.y = y + mN; qt.z = z + mN; qt.w = w + mN;
    qt.h = t + mN;
    qt.rad = rad;
    qt.box = r->s->staggered.lcp;
    ct_velocity(p, lambda, v); /* each QP's dual at its optimum is its rows' velocity */
    for (i = 0; i < n; ++i) {
        x[i] = y[i] = lambda[idx[i]];
        z[i] = v[idx[i]];
        gmax = ct__max(gmax, CONTACT_FABS(p->g[i]));
    }
    tol = (r->s->stop == CT_STOP_RELATIVE ? r->s->tol_rel * ct__max(gmax, (ct_real)1) : r->s->tol_abs) / 10;
    for (k = 0; k < r->s->max_iter; ++k) {
        CONTACT_MEMCPY(lprev, lambda, (size_t)n * sizeof(ct_real));
        /* normal QP: h_N = g_N + (G+R)_NT lambda_T */
        ct__op_cross(&r->op, qn.idx, mN, qt.idx, mT, qt.y, qn.h);
        for (i = 0; i < mN; ++i) qn.h[i] += p->g[qn.idx[i]];
        if (ct__qp_solve(r, &qn, tol, scratch) >= 0) return CT_STATUS_NUMERICAL_FAILURE;
        /* tangential QP: h_T = g_T + (G+R)_TN lambda_N, radii mu lambda_n */
        ct__op_cross(&r->op, qt.idx, mT, qn.idx, mN, qn.y, qt.h);
        for (i = 0; i < mT; ++i) qt.h[i] += p->g[qt.idx[i]];
        for (i = 0; i < nc; ++i) qt.rad[i] = p->mu[i] * qn.y[c0 + i];
        if (ct__qp_solve(r, &qt, tol, scratch) >= 0) return CT_STATUS_NUMERICAL_FAILURE;
        for (i = 0; i < n; ++i) lambda[idx[i]] = y[i];
        r->iterations = k + 1;
        r->rho = qn.pen.rho;
        if (!ct__all_finite(lambda, (size_t)n) || !ct__in_range(lambda, (size_t)n)) { /* diverged */
            CONTACT_MEMCPY(lambda, lprev, (size_t)n * sizeof(ct_real));
            return CT_STATUS_NUMERICAL_FAILURE;
        }
        if (ct__check(r, k, lambda, v, 0, r->rho, -1, -1)) return CT_STATUS_CONVERGED;
        if (ct__stalled(r, lambda, lprev)) return CT_STATUS_STALLED;
        if (ct__diverging(r, k, lambda, lprev, v, ct__ws_arr(ws, L->u), &certified))
            return CT_STATUS_NUMERICAL_FAILURE;
    }
    return CT_STATUS_MAX_ITERATIONS;
}

/* >>solver-newton ------------------------------------------------------------------------ */
/* NEWTON_SOFT: the soft convex problem of MuJoCo and Drake solved by Newton's method with an
   exact line search (seed 002 Sec. X, its notes Sec. 1.2, 3.1-3.2; seed 000 Alg. 4).
   Primal problem in a variable q with the contact velocities v_c = A q + b:
     min_q  phi(q) = 1/2 q^T Q q - c^T q + sum_i l_i(v_c,i)         (l_i: >>soft)
     gradient  Q q - c - A^T gamma(v_c),   Newton matrix  N = Q + A^T H(v_c) A
   - contact space (only G and g given; notes Sec. 1.2): G = L L^T by a pivoted Cholesky that
     stops at the numerical rank r (G is often singular: a box on a plane, most FCLib problems;
     the dropped directions have G-curvature below 64 n eps max G_ii), A = L (n x r), b = g,
     Q = I, c = 0, so q = L^T gamma at the optimum and v_c = G gamma + g.
   - generalized velocities (p->soft->nv > 0, nv < n; eq. 3): q = v, A = J, b = g - J v*,
     Q = M, c = M v*; N is nv x nv, cheaper when nv < 3 nc.
   Each iteration: N dq = -grad (dense Cholesky), then the exact line search on
   phi'(alpha) = dq^T (Q q - c) + alpha dq^T Q dq - dv_c^T gamma(v_c + alpha dv_c) = 0 over
   [0, alpha_max]: alpha_max if phi'(alpha_max) <= 0, else a safeguarded Newton iteration on
   phi' (phi'' = dq^T Q dq + dv_c^T H dv_c) inside the bracket, bisecting when the Newton step
   leaves it (Drake's rtsafe, O(n) per evaluation), until the step is below ls_tol alpha_max;
   if phi did not decrease, backtracking (halving, Armijo 1e-4) replaces it. Stops: ct_criteria
   in the SOFT flavor (the model's law) meets the tolerance, or the cost stalls
   (|phi_k - phi_k-1| <= cost_tol |phi_k|, notes Sec. 3.2) while the step of v_c is at rounding
   level (64 eps |v_c|; Drake asks alpha > 0.5 instead, but at the rounding floor the line
   search sees noise and returns short steps). The answer is lambda = gamma(v_c). */

/* cost, gamma (n) and Hessian blocks (rows: hrow[i]; contact i: Hc + 9 i) at v_c */
CT__PRIVATE ct_real ct__soft_eval(const ct_problem *p, const ct_real *vc, ct_real *gam, ct_real *hs) {
    const int c0 = p->nb + p->nu;
    ct_real cost = 0, c;
    int i;
    for (i = 0; i < c0; ++i) {
        ct__soft_row(p, i, vc[i], &c, gam + i, hs + i);
        cost += c;
    }
    for (i = 0; i < p->nc; ++i) {
        ct__soft_contact(p, i, vc + c0 + 3 * i, &c, gam + c0 + 3 * i, hs + c0 + 9 * i);
        cost += c;
    }
    return cost;
}

/* y (n) = A x (m): A is n x m with row stride lda */
CT__PRIVATE void ct__amul(const ct_real *A, int n, int m, int lda, const ct_real *x, ct_real *y) {
    int i;
    for (i = 0; i < n; ++i) y[i] = ct__dot(A + (size_t)i * lda, x, m);
}
/* y (m) = A^T x (n) */
CT__PRIVATE void ct__atmul(const ct_real *A, int n, int m, int lda, const ct_real *x, ct_real *y) {
    int i, j;
    for (j = 0; j < m; ++j) y[j] = 0;
    for (i = 0; i < n; ++i) {
        const ct_real *a = A + (size_t)i * lda;
        for (j = 0; j < m; ++j) y[j] += a[j] * x[i];
    }
}

/* dv^T H dv with the block Hessian hs */
CT__PRIVATE ct_real ct__hquad(const ct_problem *p, const ct_real *hs, const ct_real *dv) {
    const int c0 = p->nb + p->nu;
    ct_real q = 0, hd[3];
    int i;
    for (i = 0; i < c0; ++i) q += hs[i] * dv[i] * dv[i];
    for (i = 0; i < p->nc; ++i) {
        const ct_real *d = dv + c0 + 3 * i;
        ct__m3_mul(hs + c0 + 9 * i, d, hd);
        q += d[0] * hd[0] + d[1] * hd[1] + d[2] * hd[2];
    }
    return q;
}

/* Pivoted Cholesky G = L L^T (L: n x n row-major, the first r columns used, rows in the
   original order), stopping at the numerical rank; flag: n ints. Returns r. */
CT__PRIVATE int ct__chol_pivoted(const ct_real *G, int n, ct_real *L, ct_real *d, int *flag) {
    ct_real dmax = 0, tol;
    int i, k, m;
    for (i = 0; i < n; ++i) {
        d[i] = G[(size_t)i * n + i];
        dmax = ct__max(dmax, d[i]);
        flag[i] = 0;
    }
    CONTACT_MEMSET(L, 0, (size_t)n * (size_t)n * sizeof(ct_real));
    tol = 64 * (ct_real)n * CT_EPS * dmax;
    for (k = 0; k < n; ++k) {
        int piv = -1;
        ct_real best = tol, lp;
        for (i = 0; i < n; ++i)
            if (!flag[i] && d[i] > best) { best = d[i]; piv = i; }
        if (piv < 0) break;
        flag[piv] = 1;
        lp = CONTACT_SQRT(d[piv]);
        L[(size_t)piv * n + k] = lp;
        for (i = 0; i < n; ++i) {
            ct_real *li = L + (size_t)i * n, e;
            if (flag[i]) continue;
            e = G[(size_t)i * n + piv];
            for (m = 0; m < k; ++m) e -= li[m] * L[(size_t)piv * n + m];
            li[k] = e / lp;
            d[i] -= li[k] * li[k];
        }
    }
    return k;
}

/* The quadratic part: out = Q q - c (m); returns 1/2 q^T Q q - c^T q */
typedef struct ct__nwq {
    int gen, m;
    const ct_real *M, *c; /* generalized: M (m x m) and c = M v*                         */
} ct__nwq;
CT__PRIVATE ct_real ct__nwq_eval(const ct__nwq *Q, const ct_real *q, ct_real *out) {
    ct_real f = 0;
    int j;
    for (j = 0; j < Q->m; ++j) {
        ct_real qq = Q->gen ? ct__dot(Q->M + (size_t)j * Q->m, q, Q->m) : q[j];
        ct_real cj = Q->gen ? Q->c[j] : 0;
        out[j] = qq - cj;
        f += q[j] * ((ct_real)0.5 * qq - cj);
    }
    return f;
}

/* phi'(alpha) and phi''(alpha) along (dq, dv_c) from (q, v_c); the trial impulse and Hessian
   go to gam2, hs2, the trial velocity to u */
typedef struct ct__nwls {
    const ct_problem *p;
    int n;
    const ct_real *vc, *dvc, *gam0; /* the point, the step, gamma at the point               */
    ct_real d0, s1;                 /* phi'(0) = dq^T grad (computed directly), dq^T Q dq   */
    ct_real *u, *gam2, *hs2;
} ct__nwls;
/* phi'(alpha) = phi'(0) + alpha dq^T Q dq - dv_c^T (gamma(alpha) - gamma(0)): written with the
   change of gamma, not as a difference of the large terms q and A^T gamma, whose cancellation
   near the solution gave phi'(0) the wrong sign */
CT__PRIVATE ct_real ct__nwls_eval(const ct__nwls *ls, ct_real alpha, ct_real *dd) {
    ct_real e = 0;
    int i;
    for (i = 0; i < ls->n; ++i) ls->u[i] = ls->vc[i] + alpha * ls->dvc[i];
    (void)ct__soft_eval(ls->p, ls->u, ls->gam2, ls->hs2);
    if (dd) *dd = ls->s1 + ct__hquad(ls->p, ls->hs2, ls->dvc);
    for (i = 0; i < ls->n; ++i) e += ls->dvc[i] * (ls->gam2[i] - ls->gam0[i]);
    return ls->d0 + alpha * ls->s1 - e;
}

CT__PRIVATE ct_status ct__newton(ct__run *r, const ct__layout *L, ct_workspace *ws, ct_real *lambda,
                                 ct_real *v) {
    const ct_problem *p = r->p;
    const ct_newton_settings *ns = &r->s->newton;
    const ct_soft *sf = p->soft;
    const int n = r->n, c0 = p->nb + p->nu, nh = 9 * p->nc + c0;
    const int gen = sf && sf->nv > 0 && sf->nv < n;
    ct_real *q = ct__ws_arr(ws, L->x), *dq = ct__ws_arr(ws, L->y), *vc = ct__ws_arr(ws, L->z);
    ct_real *gam = ct__ws_arr(ws, L->w), *dvc = ct__ws_arr(ws, L->t), *u = ct__ws_arr(ws, L->u);
    ct_real *gam2 = ct__ws_arr(ws, L->s1), *grad = ct__ws_arr(ws, L->s2), *bv = ct__ws_arr(ws, L->lprev);
    ct_real *cv = ct__ws_arr(ws, L->s3), *qt = ct__ws_arr(ws, L->s4);
    ct_real *Am = ct__ws_arr(ws, L->chol), *N = ct__ws_arr(ws, L->nm), *B = ct__ws_arr(ws, L->bm);
    ct_real *scratch = ct__ws_arr(ws, L->scratch), *hs = ct__ws_arr(ws, L->hess), *hs2 = hs + nh;
    int *flag = (int *)(void *)(ws->base + L->idx);
    const ct_real *A;
    ct__nwq Q;
    ct__nwls ls;
    ct_real cost;
    int m, lda, i, j, k, a, bb;

    /* the map v_c = A q + b (b in bv) and the start q from lambda */
    if (gen) {
        m = sf->nv;
        lda = m;
        A = sf->J;
        ct__amul(A, n, m, lda, sf->vstar, bv);
        for (i = 0; i < n; ++i) bv[i] = p->g[i] - bv[i];
        for (j = 0; j < m; ++j) cv[j] = ct__dot(sf->M + (size_t)j * m, sf->vstar, m);
        /* q = v* + M^-1 J^T lambda, M's factor in B */
        CONTACT_MEMCPY(B, sf->M, (size_t)m * (size_t)m * sizeof(ct_real));
        r->factorizations++;
        if (ct__chol_factor(B, m, m, scratch) >= 0) return CT_STATUS_NUMERICAL_FAILURE;
        ct__atmul(A, n, m, lda, lambda, q);
        ct__chol_solve(B, m, m, q);
        for (j = 0; j < m; ++j) q[j] += sf->vstar[j];
    } else {
        m = ct__chol_pivoted(p->G, n, Am, grad, flag); /* rank r of G */
        lda = n;
        A = Am;
        r->factorizations++;
        CONTACT_MEMCPY(bv, p->g, (size_t)n * sizeof(ct_real));
        ct__atmul(A, n, m, lda, lambda, q); /* x = L^T lambda */
    }
    Q.gen = gen;
    Q.m = m;
    Q.M = gen ? sf->M : NULL;
    Q.c = cv;
    ls.p = p;
    ls.n = n;
    ls.vc = vc;
    ls.dvc = dvc;
    ls.gam0 = gam;
    ls.u = u;
    ls.gam2 = gam2;
    ls.hs2 = hs2;

    ct__amul(A, n, m, lda, q, vc);
    for (i = 0; i < n; ++i) vc[i] += bv[i];
    cost = ct__soft_eval(p, vc, gam, hs) + ct__nwq_eval(&Q, q, grad);

    for (k = 0; k < r->s->max_iter; ++k) {
        ct_real d0, alpha, cost_new;
        /* the gradient (Q q - c) - A^T gamma into grad */
        ct__nwq_eval(&Q, q, grad);
        ct__atmul(A, n, m, lda, gam, dq);
        for (j = 0; j < m; ++j) grad[j] -= dq[j];
        /* N = Q + A^T H A (lower triangle) with B = H A (n x m) */
        for (i = 0; i < c0; ++i)
            for (j = 0; j < m; ++j) B[(size_t)i * m + j] = hs[i] * A[(size_t)i * lda + j];
        for (i = 0; i < p->nc; ++i) {
            const ct_real *Hb = hs + c0 + 9 * i;
            const int r0 = c0 + 3 * i;
            for (a = 0; a < 3; ++a)
                for (j = 0; j < m; ++j) {
                    ct_real e = 0;
                    for (bb = 0; bb < 3; ++bb) e += Hb[3 * a + bb] * A[(size_t)(r0 + bb) * lda + j];
                    B[(size_t)(r0 + a) * m + j] = e;
                }
        }
        for (a = 0; a < m; ++a)
            for (bb = 0; bb <= a; ++bb)
                N[(size_t)a * m + bb] = gen ? sf->M[(size_t)a * m + bb] : (ct_real)(a == bb);
        for (i = 0; i < n; ++i) {
            const ct_real *ai = A + (size_t)i * lda, *bi = B + (size_t)i * m;
            for (a = 0; a < m; ++a) {
                ct_real *na = N + (size_t)a * m, aa = ai[a];
                if (aa == 0) continue;
                for (bb = 0; bb <= a; ++bb) na[bb] += aa * bi[bb];
            }
        }
        r->factorizations++;
        r->iterations = k + 1;
        if (ct__chol_factor(N, m, m, scratch) >= 0) {
            CONTACT_MEMCPY(lambda, gam, (size_t)n * sizeof(ct_real));
            return CT_STATUS_NUMERICAL_FAILURE;
        }
        for (j = 0; j < m; ++j) dq[j] = -grad[j];
        ct__chol_solve(N, m, m, dq); /* dq = -N^-1 gradient */
        ct__amul(A, n, m, lda, dq, dvc);
        d0 = ct__dot(dq, grad, m);
        ls.d0 = d0;
        ct__nwq_eval(&Q, dq, u); /* u = Q dq - c: s1 = dq^T Q dq = dq^T (u + c) */
        ls.s1 = ct__dot(dq, u, m) + (gen ? ct__dot(dq, cv, m) : 0);
        if (!(d0 < 0)) { /* no descent direction left: the gradient is at rounding level */
            CONTACT_MEMCPY(lambda, gam, (size_t)n * sizeof(ct_real));
            return ct__check(r, k, lambda, v, 0, 0, -1, -1) ? CT_STATUS_CONVERGED : CT_STATUS_STALLED;
        }
        /* exact line search on phi'(alpha) = 0 in [0, alpha_max] */
        {
            ct_real dd, lo = 0, hi = ns->alpha_max, f;
            int it;
            if (ct__nwls_eval(&ls, ns->alpha_max, NULL) <= 0) {
                alpha = ns->alpha_max;
            } else {
                alpha = ct__min((ct_real)1, ns->alpha_max);
                for (it = 0; it < ns->ls_iters; ++it) {
                    ct_real next;
                    f = ct__nwls_eval(&ls, alpha, &dd);
                    if (f < 0) lo = alpha;
                    else hi = alpha;
                    next = dd > 0 ? alpha - f / dd : lo;
                    if (!(next > lo && next < hi)) next = (ct_real)0.5 * (lo + hi);
                    if (CONTACT_FABS(next - alpha) <= ns->ls_tol * ns->alpha_max) {
                        alpha = next;
                        break;
                    }
                    alpha = next;
                }
            }
        }
        /* the step, with backtracking should the cost not decrease (rounding) */
        for (j = 0; j < 40; ++j) {
            int t;
            for (t = 0; t < m; ++t) qt[t] = q[t] + alpha * dq[t];
            for (i = 0; i < n; ++i) u[i] = vc[i] + alpha * dvc[i];
            cost_new = ct__soft_eval(p, u, gam2, hs2) + ct__nwq_eval(&Q, qt, grad);
            if (cost_new <= cost + (ct_real)1e-4 * alpha * d0 ||
                cost_new <= cost + 1000 * CT_EPS * ct__max((ct_real)1, CONTACT_FABS(cost)))
                break;
            alpha *= (ct_real)0.5;
        }
        CONTACT_MEMCPY(q, qt, (size_t)m * sizeof(ct_real));
        CONTACT_MEMCPY(vc, u, (size_t)n * sizeof(ct_real));
        CONTACT_MEMCPY(gam, gam2, (size_t)n * sizeof(ct_real));
        CONTACT_MEMCPY(hs, hs2, (size_t)nh * sizeof(ct_real));
        CONTACT_MEMCPY(lambda, gam, (size_t)n * sizeof(ct_real));
        if (!ct__all_finite(lambda, (size_t)n) || !ct__in_range(lambda, (size_t)n)) {
            CONTACT_MEMSET(lambda, 0, (size_t)n * sizeof(ct_real)); /* a finite, scorable point */
            return CT_STATUS_NUMERICAL_FAILURE;
        }
        if (ct__check(r, k, lambda, v, 0, 0, -1, -1)) return CT_STATUS_CONVERGED;
        /* stall: the cost no longer changes (Drake's test) and neither does the velocity (the
           cost can carry a large constant, so its change alone may hide real progress) */
        if (CONTACT_FABS(cost - cost_new) <= ns->cost_tol * ct__max(CONTACT_FABS(cost), CONTACT_FABS(cost_new))) {
            ct_real dmax = 0, vmax = 0;
            for (i = 0; i < n; ++i) {
                dmax = ct__max(dmax, CONTACT_FABS(alpha * dvc[i]));
                vmax = ct__max(vmax, CONTACT_FABS(vc[i]));
            }
            /* (a short step at rounding level also ends it: the line search then sees noise) */
            if (dmax <= 64 * CT_EPS * ct__max(vmax, CT_MINVAL)) return CT_STATUS_STALLED;
        }
        cost = cost_new;
    }
    CONTACT_MEMCPY(lambda, gam, (size_t)n * sizeof(ct_real));
    return CT_STATUS_MAX_ITERATIONS;
}

/* >>derivatives -------------------------------------------------------------------------- */
/* ct_jvp / ct_vjp (the math is in their declaration and docs/solvers.md). One linearization
   A dlambda = -S rhs (+ the mu terms), rhs = dg + dG lambda, shared by both products:
   jvp solves it, vjp solves the transposed system. */

/* In-place LU with partial pivoting of a row-major n x n matrix; piv: n ints. Returns the
   smallest |pivot| (0 when singular). */
CT__PRIVATE ct_real ct__lu_factor(ct_real *a, int n, int *piv) {
    ct_real small = CT_HUGE;
    int i, j, k;
    for (k = 0; k < n; ++k) {
        int pr = k;
        ct_real best = CONTACT_FABS(a[(size_t)k * n + k]);
        for (i = k + 1; i < n; ++i)
            if (CONTACT_FABS(a[(size_t)i * n + k]) > best) { best = CONTACT_FABS(a[(size_t)i * n + k]); pr = i; }
        piv[k] = pr;
        if (pr != k)
            for (j = 0; j < n; ++j) {
                ct_real t = a[(size_t)k * n + j];
                a[(size_t)k * n + j] = a[(size_t)pr * n + j];
                a[(size_t)pr * n + j] = t;
            }
        small = ct__min(small, best);
        if (!(best > 0)) return 0;
        for (i = k + 1; i < n; ++i) {
            ct_real *ai = a + (size_t)i * n, f = ai[k] / a[(size_t)k * n + k];
            const ct_real *ak = a + (size_t)k * n;
            ai[k] = f;
            for (j = k + 1; j < n; ++j) ai[j] -= f * ak[j];
        }
    }
    return small;
}
/* b <- A^-1 b (trans = 0) or A^-T b (trans = 1) with the factors of ct__lu_factor */
CT__PRIVATE void ct__lu_solve(const ct_real *a, int n, const int *piv, ct_real *b, int trans) {
    int i, k;
    if (!trans) {
        for (k = 0; k < n; ++k)
            if (piv[k] != k) { ct_real t = b[k]; b[k] = b[piv[k]]; b[piv[k]] = t; }
        for (i = 0; i < n; ++i) b[i] -= ct__dot(a + (size_t)i * n, b, i);
        for (i = n - 1; i >= 0; --i) {
            const ct_real *ai = a + (size_t)i * n;
            b[i] = (b[i] - ct__dot(ai + i + 1, b + i + 1, n - i - 1)) / ai[i];
        }
    } else { /* A^T = U^T L^T P: U^T y = b, L^T z = y, then undo the row swaps */
        for (i = 0; i < n; ++i) {
            ct_real e = b[i];
            for (k = 0; k < i; ++k) e -= a[(size_t)k * n + i] * b[k];
            b[i] = e / a[(size_t)i * n + i];
        }
        for (i = n - 1; i >= 0; --i)
            for (k = i + 1; k < n; ++k) b[i] -= a[(size_t)k * n + i] * b[k];
        for (k = n - 1; k >= 0; --k)
            if (piv[k] != k) { ct_real t = b[k]; b[k] = b[piv[k]]; b[piv[k]] = t; }
    }
}

/* the linearization's data, built once per call */
typedef struct ct__lin {
    const ct_problem *p;
    int n, soft;
    ct_real *A;      /* n x n: LU of the mode system, or chol of I + C^T G C (soft)           */
    ct_real *GC;     /* n x n: G C (soft)                                                     */
    ct_real *C;      /* soft: the factors H = C C^T per row (1) and contact (9)              */
    int *piv;
    int unique;
    /* mode path, per contact: mode, t^ (2), c = mu lambda_n / ||v_T||, ||v_T|| */
    ct_real *md;     /* 5 per contact                                                       */
    ct_real tol_l;
} ct__lin;

/* y = C x (C block diagonal; trans: C^T x) */
CT__PRIVATE void ct__lin_cmul(const ct__lin *z, const ct_real *x, ct_real *y, int trans) {
    const ct_problem *p = z->p;
    const int c0 = p->nb + p->nu;
    int i, a, b;
    for (i = 0; i < c0; ++i) y[i] = z->C[i] * x[i];
    for (i = 0; i < p->nc; ++i) {
        const ct_real *Cb = z->C + c0 + 9 * i;
        const int r0 = c0 + 3 * i;
        for (a = 0; a < 3; ++a) {
            ct_real e = 0;
            for (b = 0; b < 3; ++b) e += (trans ? Cb[3 * b + a] : Cb[3 * a + b]) * x[r0 + b];
            y[r0 + a] = e;
        }
    }
}

/* per-contact mode data for the NCP/CCP linearization: md[5 i] = mode (0 open, 1 stick,
   2 slide), md[5 i + 1, 2] = t^, md[5 i + 3] = mu lambda_n / ||v_T||, md[5 i + 4] = ||v_T|| */
CT__PRIVATE ct_result ct__lin_build(ct__lin *z, const ct_settings *s, const ct_real *lambda,
                                    const ct_real *v, ct_real *tmp) {
    const ct_problem *p = z->p;
    const int n = z->n, c0 = p->nb + p->nu;
    const ct_real rtol = sizeof(ct_real) == 4 ? (ct_real)1e-3 : (ct_real)1e-6;
    ct_real lmax = 0, vmax = 0, tol_v, gmax = 0, kmax = 0;
    int i, j, a, b;
    (void)s;
    for (i = 0; i < n; ++i) {
        lmax = ct__max(lmax, CONTACT_FABS(lambda[i]));
        vmax = ct__max(vmax, CONTACT_FABS(v[i]));
        gmax = ct__max(gmax, CONTACT_FABS(p->g[i]));
    }
    z->tol_l = rtol * lmax;
    tol_v = rtol * ct__max(vmax, gmax);
    if (z->soft) {
        /* C: factors of the Hessian blocks at v_c = v - R lambda */
        ct_real vc[3], gm[3], H[9], d3[3], cost, h;
        int fl[3];
        for (i = 0; i < c0; ++i) {
            ct__soft_row(p, i, v[i] - p->R[i] * lambda[i], &cost, gm, &h);
            z->C[i] = CONTACT_SQRT(h);
        }
        for (i = 0; i < p->nc; ++i) {
            const int r0 = c0 + 3 * i;
            for (a = 0; a < 3; ++a) vc[a] = v[r0 + a] - (p->R ? p->R[r0 + a] * lambda[r0 + a] : 0);
            ct__soft_contact(p, i, vc, &cost, gm, H);
            for (a = 0; a < 3; ++a) /* exact symmetry for the pivoted Cholesky */
                for (b = 0; b < a; ++b) H[3 * a + b] = H[3 * b + a] = (ct_real)0.5 * (H[3 * a + b] + H[3 * b + a]);
            (void)ct__chol_pivoted(H, 3, z->C + c0 + 9 * i, d3, fl);
        }
        /* GC (n x n), then I + C^T G C into A and its Cholesky */
        for (j = 0; j < n; ++j) {
            for (i = 0; i < n; ++i) tmp[i] = 0;
            tmp[j] = 1;
            ct__lin_cmul(z, tmp, tmp + n, 0); /* column j of C */
            for (i = 0; i < n; ++i) {
                const ct_real *gi = p->G + (size_t)i * n;
                ct_real e = 0;
                if (j < c0) e = gi[j] * tmp[n + j];
                else {
                    int r0 = c0 + (j - c0) / 3 * 3;
                    for (a = 0; a < 3; ++a) e += gi[r0 + a] * tmp[n + r0 + a];
                }
                z->GC[(size_t)i * n + j] = e;
            }
        }
        for (j = 0; j < n; ++j) { /* column j of C^T (G C) */
            for (i = 0; i < n; ++i) tmp[i] = z->GC[(size_t)i * n + j];
            ct__lin_cmul(z, tmp, tmp + n, 1);
            for (i = 0; i < n; ++i) z->A[(size_t)i * n + j] = tmp[n + i] + (ct_real)(i == j);
        }
        z->unique = 1;
        return ct__chol_factor(z->A, n, n, tmp) >= 0 ? CT_ERROR_NOT_POSITIVE_DEFINITE : CT_OK;
    }
    /* NCP / CCP: the mode system with K = G + R (+ eps I when singular) */
    {
        int attempt;
        ct__op op;
        ct__op_init(&op, p);
        for (i = 0; i < n; ++i) kmax = ct__max(kmax, ct__op_entry(&op, i, i));
        for (attempt = 0; attempt < 2; ++attempt) {
            const ct_real eps = attempt ? CONTACT_SQRT(CT_EPS) * kmax : 0;
            for (i = 0; i < n; ++i) { /* rows that say dv_i = 0 by default */
                ct_real *ai = z->A + (size_t)i * n;
                for (j = 0; j < n; ++j) ai[j] = ct__op_entry(&op, i, j) + (i == j ? eps : 0);
            }
            for (i = p->nb; i < c0; ++i)
                if (!(lambda[i] > z->tol_l)) { /* inactive limit: dlambda_i = 0 */
                    for (j = 0; j < n; ++j) z->A[(size_t)i * n + j] = (ct_real)(i == j);
                }
            for (i = 0; i < p->nc; ++i) {
                const int r0 = c0 + 3 * i;
                const ct_real *l = lambda + r0, *w = v + r0, mu = p->mu[i];
                ct_real *md = z->md + 5 * i, vt = ct__norm_t(w);
                md[1] = md[2] = md[3] = 0;
                md[4] = vt;
                if (!(l[2] > z->tol_l)) {
                    md[0] = 0;
                    for (a = 0; a < 3; ++a)
                        for (j = 0; j < n; ++j) z->A[(size_t)(r0 + a) * n + j] = (ct_real)(r0 + a == j);
                } else if (!(vt > tol_v) || mu == 0) {
                    md[0] = mu == 0 && vt > tol_v ? 2 : 1;
                    if (md[0] == 2) { /* frictionless slide: lambda_T = 0, normal row kept */
                        for (a = 0; a < 2; ++a)
                            for (j = 0; j < n; ++j) z->A[(size_t)(r0 + a) * n + j] = (ct_real)(r0 + a == j);
                    }
                } else {
                    ct_real t0 = w[0] / vt, t1 = w[1] / vt, c = mu * l[2] / vt, K0[2];
                    ct_real *a0 = z->A + (size_t)r0 * n, *a1 = a0 + n, *a2 = a1 + n;
                    md[0] = 2; md[1] = t0; md[2] = t1; md[3] = c;
                    /* rows t: e_T + mu t e_n + c Pperp K_T */
                    for (j = 0; j < n; ++j) {
                        K0[0] = a0[j];
                        K0[1] = a1[j];
                        a0[j] = c * ((1 - t0 * t0) * K0[0] - t0 * t1 * K0[1]);
                        a1[j] = c * (-t0 * t1 * K0[0] + (1 - t1 * t1) * K0[1]);
                        if (ct_method_flavor(s) == CT_FLAVOR_CCP) a2[j] -= mu * (t0 * K0[0] + t1 * K0[1]);
                    }
                    a0[r0] += 1;
                    a1[r0 + 1] += 1;
                    a0[r0 + 2] += mu * t0;
                    a1[r0 + 2] += mu * t1;
                }
            }
            {
                ct_real anorm = 0, small;
                for (i = 0; i < n * n; ++i) anorm = ct__max(anorm, CONTACT_FABS(z->A[i]));
                small = ct__lu_factor(z->A, n, z->piv);
                if (small > 64 * (ct_real)n * CT_EPS * anorm) {
                    z->unique = attempt == 0;
                    return CT_OK;
                }
            }
        }
    }
    return CT_ERROR_NOT_POSITIVE_DEFINITE;
}

/* b = -S rhs - (mu terms) for the mode system (in place on out) */
CT__PRIVATE void ct__lin_rhs(const ct__lin *z, const ct_settings *s, const ct_real *lambda,
                             const ct_real *rhs, const ct_real *dmu, ct_real *out) {
    const ct_problem *p = z->p;
    const int c0 = p->nb + p->nu, ccp = ct_method_flavor(s) == CT_FLAVOR_CCP;
    int i;
    for (i = 0; i < z->n; ++i) out[i] = -rhs[i];
    for (i = p->nb; i < c0; ++i)
        if (!(lambda[i] > z->tol_l)) out[i] = 0;
    for (i = 0; i < p->nc; ++i) {
        const int r0 = c0 + 3 * i;
        const ct_real *md = z->md + 5 * i;
        if (md[0] == 0) {
            out[r0] = out[r0 + 1] = out[r0 + 2] = 0;
        } else if (md[0] == 2 && md[3] == 0) {
            out[r0] = out[r0 + 1] = 0;
        } else if (md[0] == 2) {
            ct_real t0 = md[1], t1 = md[2], c = md[3], r0v = rhs[r0], r1v = rhs[r0 + 1];
            ct_real dm = dmu ? dmu[i] : 0, ln = lambda[r0 + 2];
            out[r0] = -c * ((1 - t0 * t0) * r0v - t0 * t1 * r1v) - dm * ln * t0;
            out[r0 + 1] = -c * (-t0 * t1 * r0v + (1 - t1 * t1) * r1v) - dm * ln * t1;
            if (ccp) out[r0 + 2] += p->mu[i] * (t0 * r0v + t1 * r1v) + dm * md[4];
        }
    }
}

CT__PRIVATE ct_result ct__lin_setup(ct__lin *z, const ct_problem *p, const ct_settings *s,
                                    ct_workspace *ws, const ct_real *lambda, const ct_real *v,
                                    ct__layout *L) {
    ct_result res;
    ct_flavor fl;
    int n;
    if (!p || !s || !ws || !lambda || !v) return CT_ERROR_INVALID_ARGUMENT;
    res = ct_settings_validate(s);
    if (res != CT_OK) return res;
    res = ct_problem_validate(p, s->sym_tol);
    if (res != CT_OK) return res;
    fl = ct_method_flavor(s);
    if (fl != CT_FLAVOR_NCP && fl != CT_FLAVOR_CCP && fl != CT_FLAVOR_SOFT) return CT_ERROR_INVALID_SETTINGS;
    if (!p->G && p->nb + p->nu + p->nc > 0) return CT_ERROR_INVALID_ARGUMENT; /* dense G only */
    if (fl == CT_FLAVOR_SOFT) {
        res = ct__soft_validate(p);
        if (res != CT_OK) return res;
    }
    n = p->nb + p->nu + 3 * p->nc;
    if (!ct__all_finite(lambda, (size_t)n) || !ct__all_finite(v, (size_t)n)) return CT_ERROR_NON_FINITE;
    if (!ct__in_range(lambda, (size_t)n)) return CT_ERROR_OUT_OF_RANGE;
    ct__layout_for(CT_METHOD_NEWTON_SOFT, p->nb, p->nu, p->nc, L);
    if (L->total > ws->size || (L->total > 0 && !ws->base)) return CT_ERROR_WORKSPACE_TOO_SMALL;
    ct__ws_state(ws)->magic = 0; /* the workspace is overwritten */
    ct__ws_state(ws)->sp_magic = 0;
    z->p = p;
    z->n = n;
    z->soft = fl == CT_FLAVOR_SOFT;
    z->A = ct__ws_arr(ws, L->nm);
    z->GC = ct__ws_arr(ws, L->bm);
    z->C = ct__ws_arr(ws, L->hess);
    z->md = ct__ws_arr(ws, L->hess);
    z->piv = (int *)(void *)(ws->base + L->idx);
    z->unique = 1;
    if (n == 0) return CT_OK;
    return ct__lin_build(z, s, lambda, v, ct__ws_arr(ws, L->x));
}

CT_API ct_result ct_jvp(const ct_problem *p, const ct_settings *s, ct_workspace *ws,
                        const ct_real *lambda, const ct_real *v, const ct_real *dg,
                        const ct_real *dG, const ct_real *dmu, const ct_real *dR,
                        ct_real *dlambda, ct_real *dv, int *lambda_unique) {
    ct__lin z;
    ct__layout L;
    ct_real *rhs, *b, *t;
    ct_result res;
    int i, n;
    if (lambda_unique) *lambda_unique = 0;
    res = ct__lin_setup(&z, p, s, ws, lambda, v, &L);
    if (res != CT_OK) return res;
    n = z.n;
    if ((dmu || dR) && z.soft) return CT_ERROR_INVALID_ARGUMENT; /* not provided for the soft models */
    rhs = ct__ws_arr(ws, L.y);
    b = ct__ws_arr(ws, L.z);
    t = ct__ws_arr(ws, L.w);
    /* rhs = dg + dG lambda */
    /* rhs = dg + dG lambda + dR lambda (v = (G + R) lambda + g) */
    for (i = 0; i < n; ++i)
        rhs[i] = (dg ? dg[i] : 0) + (dG ? ct__dot(dG + (size_t)i * n, lambda, n) : 0) + (dR ? dR[i] * lambda[i] : 0);
    if (z.soft) { /* dv_c = rhs - G C (I + C^T G C)^-1 C^T rhs, dlambda = -C C^T dv_c */
        ct__lin_cmul(&z, rhs, t, 1);
        ct__chol_solve(z.A, n, n, t);
        for (i = 0; i < n; ++i) b[i] = rhs[i] - ct__dot(z.GC + (size_t)i * n, t, n);
        ct__lin_cmul(&z, b, t, 1);
        ct__lin_cmul(&z, t, rhs, 0); /* rhs <- H dv_c */
        for (i = 0; i < n; ++i) {
            ct_real dl = -rhs[i];
            if (dlambda) dlambda[i] = dl;
            if (dv) dv[i] = b[i] + (p->R ? p->R[i] * dl : 0);
        }
    } else { /* A dlambda = b, dv = (G + R) dlambda + rhs */
        ct__op op;
        ct__lin_rhs(&z, s, lambda, rhs, dmu, b);
        ct__lu_solve(z.A, n, z.piv, b, 0);
        ct__op_init(&op, p);
        ct__op_mul(&op, b, t);
        for (i = 0; i < n; ++i) {
            if (dlambda) dlambda[i] = b[i];
            if (dv) dv[i] = t[i] + rhs[i];
        }
    }
    if (lambda_unique) *lambda_unique = z.unique;
    return CT_OK;
}

CT_API ct_result ct_vjp(const ct_problem *p, const ct_settings *s, ct_workspace *ws,
                        const ct_real *lambda, const ct_real *v, const ct_real *lbar,
                        const ct_real *vbar, ct_real *gbar, ct_real *Gbar, ct_real *mubar,
                        ct_real *Rbar, int *lambda_unique) {
    ct__lin z;
    ct__layout L;
    ct_real *w, *t, *u, *gb;
    ct_result res;
    int i, j, n;
    if (lambda_unique) *lambda_unique = 0;
    res = ct__lin_setup(&z, p, s, ws, lambda, v, &L);
    if (res != CT_OK) return res;
    n = z.n;
    if ((mubar || Rbar) && z.soft) return CT_ERROR_INVALID_ARGUMENT;
    w = ct__ws_arr(ws, L.y);
    t = ct__ws_arr(ws, L.z);
    u = ct__ws_arr(ws, L.w);
    gb = ct__ws_arr(ws, L.t);
    if (z.soft) {
        /* w = vbar - H (R vbar + lbar); gbar = (I + H G)^-1 w = w - C (I + C^T G C)^-1 C^T G w */
        for (i = 0; i < n; ++i) t[i] = (p->R && vbar ? p->R[i] * vbar[i] : 0) + (lbar ? lbar[i] : 0);
        ct__lin_cmul(&z, t, u, 1);
        ct__lin_cmul(&z, u, t, 0);
        for (i = 0; i < n; ++i) w[i] = (vbar ? vbar[i] : 0) - t[i];
        /* (G C)^T w = C^T G w */
        for (j = 0; j < n; ++j) {
            ct_real e = 0;
            for (i = 0; i < n; ++i) e += z.GC[(size_t)i * n + j] * w[i];
            u[j] = e;
        }
        ct__chol_solve(z.A, n, n, u);
        ct__lin_cmul(&z, u, t, 0);
        for (i = 0; i < n; ++i) gb[i] = w[i] - t[i];
        if (mubar) for (i = 0; i < p->nc; ++i) mubar[i] = 0;
    } else {
        /* z = A^-T (lbar + K vbar); gbar = vbar - S^T z; mubar from the mu terms */
        ct__op op;
        ct__op_init(&op, p);
        if (vbar) ct__op_mul(&op, vbar, w);
        else for (i = 0; i < n; ++i) w[i] = 0;
        for (i = 0; i < n; ++i) w[i] += lbar ? lbar[i] : 0;
        ct__lu_solve(z.A, n, z.piv, w, 1);
        /* S^T z: b = -S rhs, so d L / d rhs = vbar + (d b / d rhs)^T z; ct__lin_rhs is linear in
           rhs: apply its transpose row by row */
        for (i = 0; i < n; ++i) gb[i] = (vbar ? vbar[i] : 0) - w[i];
        {
            const int c0 = p->nb + p->nu, ccp = ct_method_flavor(s) == CT_FLAVOR_CCP;
            for (i = p->nb; i < c0; ++i)
                if (!(lambda[i] > z.tol_l)) gb[i] += w[i]; /* b_i = 0 there */
            for (i = 0; i < p->nc; ++i) {
                const int r0 = c0 + 3 * i;
                const ct_real *md = z.md + 5 * i;
                if (mubar) mubar[i] = 0;
                if (md[0] == 0) {
                    gb[r0] += w[r0]; gb[r0 + 1] += w[r0 + 1]; gb[r0 + 2] += w[r0 + 2];
                } else if (md[0] == 2 && md[3] == 0) {
                    gb[r0] += w[r0]; gb[r0 + 1] += w[r0 + 1];
                } else if (md[0] == 2) {
                    ct_real t0 = md[1], t1 = md[2], c = md[3], z0 = w[r0], z1 = w[r0 + 1], z2 = w[r0 + 2];
                    /* undo the default -I on the t rows, then b_t = -c Pperp rhs_T */
                    gb[r0] += z0;
                    gb[r0 + 1] += z1;
                    gb[r0] -= c * ((1 - t0 * t0) * z0 - t0 * t1 * z1);
                    gb[r0 + 1] -= c * (-t0 * t1 * z0 + (1 - t1 * t1) * z1);
                    if (ccp) { gb[r0] += p->mu[i] * t0 * z2; gb[r0 + 1] += p->mu[i] * t1 * z2; }
                    if (mubar) mubar[i] = -lambda[r0 + 2] * (t0 * z0 + t1 * z1) + (ccp ? md[4] * z2 : 0);
                }
            }
        }
    }
    if (gbar) CONTACT_MEMCPY(gbar, gb, (size_t)n * sizeof(ct_real));
    if (Rbar)
        for (i = 0; i < n; ++i) Rbar[i] = gb[i] * lambda[i];
    if (Gbar)
        for (i = 0; i < n; ++i)
            for (j = 0; j < n; ++j) Gbar[(size_t)i * n + j] = gb[i] * lambda[j];
    if (lambda_unique) *lambda_unique = z.unique;
    return CT_OK;
}

/* >>solver-inverse ----------------------------------------------------------------------- */
/* Inverse dynamics (seed 003 Sec. IV, eq. 47-48, Alg. 2). Given the target constraint
   velocities c (p->g) and the compliance R, find lambda in K with sigma = R lambda + c and
   K contains lambda _|_ sigma + Gamma(sigma) in K*. G is absent, so rows and contacts are
   independent and every iteration is O(n): with D = R + eta I (diagonal, eta the proximal
   weight, seed 003's rho),
     s       = Gamma(R lambda + c)                          (Alg. 2 line 2; CCP: s = 0)
     lambda <- P^D_K(-D^-1 (c + s - eta lambda))             (line 3)
   where P^D_K is the projection in the metric D: free on bilateral rows, max(0, .) on
   unilateral rows, and on a contact D^-1/2 P_K_mut(D^1/2 x) with mut = mu sqrt(D_T / D_N)
   (ct_project_cone_metric; it needs the two tangent entries of D equal). With R = 0 the
   iteration is lambda <- P_K(lambda - (c + s) / eta), a proximal point method. An infeasible
   target makes the steps of one block converge to a nonzero direction d in K with R d = 0 and
   (c + s)^T d < 0 (ct__unbounded's certificate, per block since the problem is separable);
   an iteration with such a block stops the solve with CT_STATUS_NUMERICAL_FAILURE. */
/* the certificate of one row or block (the problem is separable), A = R: exact when R = 0 */
CT__PRIVATE int ct__block_unbounded(int len, int nonneg, ct_real mu, const ct_real *d, const ct_real *Rb,
                                    const ct_real *q, ct_real r_max) {
    ct__cert c;
    ct_real Ad[3];
    int i;
    for (i = 0; i < len; ++i) Ad[i] = Rb[i] * d[i];
    CONTACT_MEMSET(&c, 0, sizeof(c));
    ct__cert_add(&c, len, nonneg, mu, d, Ad, q);
    return ct__cert_holds(&c, 64 * CT_EPS, r_max);
}

CT_API ct_result ct_inverse_dynamics(const ct_problem *p, const ct_settings *s, ct_real *lambda,
                                     ct_real *sigma, ct_info *info) {
    ct_info local;
    ct_result res;
    ct_real eta, r_max = 0;
    int i, k, n, c0, desaxce;
    if (!info) info = &local;
    CONTACT_MEMSET(info, 0, sizeof(*info));
    info->status = CT_STATUS_NOT_SOLVED;
    if (!p || !s) return CT_ERROR_INVALID_ARGUMENT;
    res = ct_settings_validate(s);
    if (res != CT_OK) return res;
    if (!ct__is_admm(s->method)) return CT_ERROR_INVALID_SETTINGS;
    info->method = s->method;
    info->flavor = ct_method_flavor(s);
    desaxce = info->flavor == CT_FLAVOR_NCP;
    res = ct__validate(p, s->sym_tol, 0);
    if (res != CT_OK) return res;
    n = p->nb + p->nu + 3 * p->nc;
    c0 = p->nb + p->nu;
    if (n > 0 && (!lambda || !sigma)) return CT_ERROR_INVALID_ARGUMENT;
    eta = s->admm.eta;
    for (i = 0; i < n; ++i) {
        ct_real ri = p->R ? p->R[i] : 0;
        if (!(ri + eta > 0)) return CT_ERROR_INVALID_SETTINGS; /* a rigid row needs eta > 0 */
        r_max = ct__max(r_max, ri);
    }
    if (p->R)
        for (i = 0; i < p->nc; ++i)
            if (p->R[c0 + 3 * i] != p->R[c0 + 3 * i + 1]) return CT_ERROR_ANISOTROPIC_COMPLIANCE;
    res = ct__start(s, lambda, n);
    if (res != CT_OK) return res;
    info->rho = eta;
    info->status = CT_STATUS_MAX_ITERATIONS;
    for (k = 0; k <= s->max_iter; ++k) {
        int hit = 0;
        ct_real crit;
        /* sigma of the current point, then the test (k = 0: the start) */
        for (i = 0; i < n; ++i) sigma[i] = (p->R ? p->R[i] * lambda[i] : 0) + p->g[i];
        if (k > 0 && (!ct__all_finite(lambda, (size_t)n) || !ct__in_range(lambda, (size_t)n))) {
            CONTACT_MEMSET(lambda, 0, (size_t)n * sizeof(ct_real));
            for (i = 0; i < n; ++i) sigma[i] = p->g[i];
            ct_criteria(p, lambda, sigma, info->flavor, &info->model);
            info->status = CT_STATUS_NUMERICAL_FAILURE;
            break;
        }
        ct_criteria(p, lambda, sigma, info->flavor, &info->model);
        crit = s->stop == CT_STOP_RELATIVE ? info->model.relative : info->model.absolute;
        if (k > 0 && s->history && s->history->count < s->history->capacity) {
            ct_history_entry *e = &s->history->entries[s->history->count++];
            e->iteration = k;
            e->rho = eta;
            e->primal = e->dual = -1;
            e->criterion = crit;
        }
        if (crit <= (s->stop == CT_STOP_RELATIVE ? s->tol_rel : s->tol_abs)) {
            info->status = CT_STATUS_CONVERGED;
            break;
        }
        if (k == s->max_iter) break;
        info->iterations = k + 1;
        /* one proximal step per row or contact, with the De Saxce term of the current sigma */
        for (i = 0; i < c0; ++i) {
            ct_real ri = p->R ? p->R[i] : 0, old = lambda[i], q = p->g[i];
            ct_real x = (eta * old - q) / (ri + eta);
            if (i >= p->nb && x < 0) x = 0;
            lambda[i] = x;
            x -= old;
            if (ct__block_unbounded(1, i >= p->nb, 0, &x, &ri, &q, r_max))
                hit = 1;
        }
        for (i = 0; i < p->nc; ++i) {
            const int r0 = c0 + 3 * i;
            ct_real D[3], x[3], q[3], old[3], Rb[3];
            int j;
            for (j = 0; j < 3; ++j) {
                Rb[j] = p->R ? p->R[r0 + j] : 0;
                D[j] = Rb[j] + eta;
                q[j] = p->g[r0 + j];
                old[j] = lambda[r0 + j];
            }
            if (desaxce) q[2] += p->mu[i] * ct__norm_t(sigma + r0);
            for (j = 0; j < 3; ++j) x[j] = -(q[j] - eta * old[j]) / D[j];
            ct_project_cone_metric(p->mu[i], D, x, lambda + r0);
            for (j = 0; j < 3; ++j) x[j] = lambda[r0 + j] - old[j];
            if (ct__block_unbounded(3, 0, p->mu[i], x, Rb, q, r_max)) hit = 1;
        }
        if (hit) { /* exact for a rigid block (R d = 0 with no rounding): stop at once, before
                      the growing lambda makes the relative criterion look small */
            for (i = 0; i < n; ++i) sigma[i] = (p->R ? p->R[i] * lambda[i] : 0) + p->g[i];
            ct_criteria(p, lambda, sigma, info->flavor, &info->model);
            info->status = CT_STATUS_NUMERICAL_FAILURE;
            break;
        }
    }
    if (info->flavor == CT_FLAVOR_NCP) info->ncp = info->model;
    else ct_criteria(p, lambda, sigma, CT_FLAVOR_NCP, &info->ncp);
    return CT_OK;
}

/* >>compliance --------------------------------------------------------------------------- */
/* Helpers that turn the parameters users already have into R and a reference velocity
   (seed 001 Sec. V-D, seed 002 Sec. V-A and its notes, seed 000 notes Sec. 1.8). */
/* (ct__block_frobenius and CT__FOUR_PI_SQ are in >>soft) */
/* the checks every helper shares: p with G, a range [first, first + count) of `items` */
CT__PRIVATE ct_result ct__compliance_args(const ct_problem *p, int first, int count, int items,
                                          const ct_real *R) {
    int n;
    if (!p || !R) return CT_ERROR_INVALID_ARGUMENT;
    if (!ct__sizes_ok(p->nb, p->nu, p->nc)) return CT_ERROR_INVALID_SIZE;
    n = p->nb + p->nu + 3 * p->nc;
    if (n > 0 && !p->G && !p->Gs && !p->Gop) return CT_ERROR_INVALID_ARGUMENT;
    if (n > 0 && p->G && !ct__all_finite(p->G, (size_t)n * (size_t)n)) return CT_ERROR_NON_FINITE;
    (void)n;
    if (first < 0 || count < 0 || first > items - count) return CT_ERROR_INVALID_SIZE;
    return CT_OK;
}

CT_API ct_result ct_compliance_mujoco(const ct_problem *p, int row0, int rows,
                                      const ct_real solref[2], const ct_real solimp[5],
                                      ct_real dt, const ct_real *pos, const ct_real *vel,
                                      int tangent_ref, ct_real *R, ct_real *vref) {
    const ct_real minimp = (ct_real)1e-4, maximp = (ct_real)0.9999; /* MuJoCo's clamps */
    ct_real dmin, dmax, width, mid, power, b, kk;
    ct_result res;
    int j, n, c0;
    ct__op op;
    res = ct__compliance_args(p, row0, rows, p ? p->nb + p->nu + 3 * p->nc : 0, R);
    if (res != CT_OK) return res;
    if (!solref || !solimp) return CT_ERROR_INVALID_ARGUMENT;
    n = p->nb + p->nu + 3 * p->nc;
    c0 = p->nb + p->nu;
    if (!ct__all_finite(solref, 2) || !ct__all_finite(solimp, 5) || !ct__finite(dt) ||
        (pos && !ct__all_finite(pos, (size_t)n)) || (vel && !ct__all_finite(vel, (size_t)n)))
        return CT_ERROR_NON_FINITE;
    dmin = ct__min(ct__max(solimp[0], minimp), maximp);
    dmax = ct__min(ct__max(solimp[1], minimp), maximp);
    width = solimp[2];
    mid = solimp[3];
    power = solimp[4];
    if (!(dt > 0) || !(width >= 0) || !(mid > 0 && mid < 1) || !(power >= 1) ||
        (tangent_ref != 0 && tangent_ref != 1))
        return CT_ERROR_INVALID_ARGUMENT;
    if (solref[0] > 0) { /* (timeconst, dampratio), timeconst >= 2 dt (MuJoCo's refsafe) */
        ct_real tc = ct__max(solref[0], 2 * dt), dr = solref[1];
        if (!(dr > 0)) return CT_ERROR_INVALID_ARGUMENT;
        b = 2 / (dmax * tc);
        kk = 1 / (dmax * dmax * tc * tc * dr * dr);
    } else if (solref[0] < 0 && solref[1] <= 0) { /* (-stiffness, -damping) */
        b = -solref[1] / dmax;
        kk = -solref[0] / (dmax * dmax);
    } else {
        return CT_ERROR_INVALID_ARGUMENT;
    }
    ct__op_init(&op, p);
    for (j = row0; j < row0 + rows; ++j) {
        /* a contact's three rows take the impedance of its distance (the normal row's pos) */
        int is_contact = j >= c0, normal = is_contact && (j - c0) % 3 == 2;
        int jn = is_contact ? j - (j - c0) % 3 + 2 : j;
        ct_real r = pos ? pos[jn] : 0, d;
        if (dmin == dmax || width <= CT_MINVAL) {
            d = (ct_real)0.5 * (dmin + dmax);
        } else {
            ct_real x = CONTACT_FABS(r) / width, y;
            if (x >= 1) {
                y = 1;
            } else if (power == 1) {
                y = x;
            } else if (x <= mid) {
                y = CONTACT_POW(x, power) / CONTACT_POW(mid, power - 1);
            } else {
                y = 1 - CONTACT_POW(1 - x, power) / CONTACT_POW(1 - mid, power - 1);
            }
            d = dmin + y * (dmax - dmin);
        }
        /* elliptic cones (MuJoCo's R_friction = R_normal / impratio, impratio = 1): a contact's
           three rows take its normal row's R, so the tangents are isotropic */
        R[j] = (1 - d) / d * ct__op_g(&op, jn, jn);
        if (vref) {
            ct_real rj = is_contact && !normal ? 0 : r; /* the position term acts on the normal */
            vref[j] = dt * (b * (vel ? vel[j] : 0) + kk * d * rj);
            if (is_contact && !normal && !tangent_ref) vref[j] = 0;
        }
    }
    return CT_OK;
}

CT_API ct_result ct_compliance_sap(const ct_problem *p, int c0, int count, ct_real dt, ct_real k,
                                   ct_real tau_d, ct_real beta, ct_real sigma,
                                   const ct_real *phi0, ct_real *R, ct_real *vref) {
    ct_result res = ct__compliance_args(p, c0, count, p ? p->nc : 0, R);
    int i;
    if (res != CT_OK) return res;
    if (!ct__finite(dt) || !ct__finite(k) || !ct__finite(tau_d) || !ct__finite(beta) ||
        !ct__finite(sigma) || (phi0 && !ct__all_finite(phi0, (size_t)p->nc)))
        return CT_ERROR_NON_FINITE;
    if (!(dt > 0) || !(k > 0) || !(tau_d >= 0) || !(beta >= 0) || !(sigma >= 0))
        return CT_ERROR_INVALID_ARGUMENT;
    for (i = c0; i < c0 + count; ++i) {
        const int r0 = p->nb + p->nu + 3 * i;
        ct_real w = ct__block_frobenius(p, i) / 3;
        R[r0] = R[r0 + 1] = sigma * w;
        R[r0 + 2] = ct__max(beta * beta * w / CT__FOUR_PI_SQ, 1 / (dt * k * (dt + tau_d)));
        if (vref) {
            vref[r0] = vref[r0 + 1] = 0;
            vref[r0 + 2] = (phi0 ? phi0[i] : 0) / (dt + tau_d);
        }
    }
    return CT_OK;
}

CT_API ct_result ct_compliance_contactbench(const ct_problem *p, int c0, int count, ct_real *R) {
    ct_result res = ct__compliance_args(p, c0, count, p ? p->nc : 0, R);
    int i;
    if (res != CT_OK) return res;
    for (i = c0; i < c0 + count; ++i) {
        const int r0 = p->nb + p->nu + 3 * i;
        R[r0 + 2] = ct__block_frobenius(p, i) / CT__FOUR_PI_SQ;
        R[r0] = R[r0 + 1] = (ct_real)1e-3 * R[r0 + 2];
    }
    return CT_OK;
}

CT_API ct_result ct_compliance_spring_damper(const ct_problem *p, int c0, int count, ct_real dt,
                                             ct_real k, ct_real d, const ct_real *phi0,
                                             ct_real *R, ct_real *vref) {
    ct_result res = ct__compliance_args(p, c0, count, p ? p->nc : 0, R);
    int i;
    if (res != CT_OK) return res;
    if (!ct__finite(dt) || !ct__finite(k) || !ct__finite(d) ||
        (phi0 && !ct__all_finite(phi0, (size_t)p->nc)))
        return CT_ERROR_NON_FINITE;
    if (!(dt > 0) || !(k >= 0) || !(d >= 0) || !(k * dt + d > 0)) return CT_ERROR_INVALID_ARGUMENT;
    for (i = c0; i < c0 + count; ++i) {
        const int r0 = p->nb + p->nu + 3 * i;
        R[r0] = R[r0 + 1] = 0;
        R[r0 + 2] = 1 / (dt * (k * dt + d));
        if (vref) {
            vref[r0] = vref[r0 + 1] = 0;
            vref[r0 + 2] = k * (phi0 ? phi0[i] : 0) / (k * dt + d);
        }
    }
    return CT_OK;
}

/* >>public ------------------------------------------------------------------------------- */
#define CT__CASE_STRING(name, value, text) case name: return text;
CT_API const char *ct_version(void) { return CONTACT_VERSION_STRING; }
CT_API const char *ct_result_string(ct_result r) {
    switch (r) {
        CT_RESULT_LIST(CT__CASE_STRING)
        default: return "unknown ct_result";
    }
}
CT_API const char *ct_status_string(ct_status s) {
    switch (s) {
        CT_STATUS_LIST(CT__CASE_STRING)
        default: return "unknown ct_status";
    }
}
CT_API const char *ct_method_string(ct_method m) {
    switch (m) {
        case CT_METHOD_PGS_NCP: return "PGS_NCP";
        case CT_METHOD_ADMM_NCP: return "ADMM_NCP";
        case CT_METHOD_PGS_CCP: return "PGS_CCP";
        case CT_METHOD_PGS_LCP: return "PGS_LCP";
        case CT_METHOD_NBGS: return "NBGS";
        case CT_METHOD_RAISIM: return "RAISIM";
        case CT_METHOD_RAISIM_DS: return "RAISIM_DS";
        case CT_METHOD_RAISIM_DS_ES: return "RAISIM_DS_ES";
        case CT_METHOD_STAGGERED: return "STAGGERED";
        case CT_METHOD_ADMM_CCP: return "ADMM_CCP";
        case CT_METHOD_NEWTON_SOFT: return "NEWTON_SOFT";
        default: return "unknown method";
    }
}

CT_API ct_result ct_workspace_size(int nb, int nu, int nc, const ct_settings *s, size_t *bytes) {
    ct__layout L;
    if (!s || !bytes) return CT_ERROR_INVALID_ARGUMENT;
    if (!ct__sizes_ok(nb, nu, nc)) return CT_ERROR_INVALID_SIZE;
    if ((unsigned)s->method >= (unsigned)CT_METHOD_COUNT_) return CT_ERROR_INVALID_SETTINGS;
    ct__layout_for(s->method, nb, nu, nc, &L);
    *bytes = L.total + CT__ALIGN - 1; /* room to align the caller's pointer */
    return CT_OK;
}

CT_API ct_result ct_workspace_size_problem(const ct_problem *p, const ct_settings *s, size_t *bytes) {
    ct__layout L;
    ct_result r;
    long nnzl;
    int ng;
    if (!p || !s || !bytes) return CT_ERROR_INVALID_ARGUMENT;
    if (p->G || !ct__is_admm(s->method) || p->nb + p->nu + p->nc == 0)
        return ct_workspace_size(p->nb, p->nu, p->nc, s, bytes);
    if (!p->Gs) { /* a ct_operator: ADMM's vectors and its d */
        r = ct_problem_validate(p, s->sym_tol);
        if (r != CT_OK) return r;
        ct__layout_sp(s->method, p->nb, p->nu, p->nc, CT__LAYOUT_OPERATOR, &L);
        *bytes = L.total + CT__ALIGN - 1;
        return CT_OK;
    }
    r = ct_settings_validate(s);
    if (r != CT_OK) return r;
    r = ct_problem_validate(p, s->sym_tol);
    if (r != CT_OK) return r;
    ng = p->nb + p->nu + p->nc;
    nnzl = (long)ng * (long)(ng - 1) / 2;
#ifndef CONTACT_NO_MALLOC
    {
        const size_t words = ((size_t)ng + 63) / 64;
        ct__spchol sp;
        void *mem = CONTACT_MALLOC(words * (size_t)ng * 8 + 4 * ((size_t)ng + 1) * sizeof(int), NULL);
        if (!mem) return CT_ERROR_OUT_OF_MEMORY;
        CONTACT_MEMSET(&sp, 0, sizeof(sp));
        sp.ng = ng;
        sp.bits = (unsigned long long *)mem;
        sp.perm = (int *)(void *)(sp.bits + words * (size_t)ng);
        sp.iperm = sp.perm + ng + 1;
        sp.lp = sp.iperm + ng + 1;
        sp.deg = sp.lp + ng + 1;
        nnzl = ct__sp_order(&sp, p->Gs, NULL, 0);
        CONTACT_FREE(mem, NULL);
    }
#endif
    ct__layout_sp(s->method, p->nb, p->nu, p->nc, nnzl, &L);
    *bytes = L.total + CT__ALIGN - 1 + 4 * CT__ALIGN; /* alignment, and the slack of the li capacity */
    return CT_OK;
}

/* The blocks of a dense G kept by the block-sparse form (an entry above drop_tol max |G_ii|, or
   the diagonal); fills row_ptr, col and val when they are not NULL. Returns their number. */
CT__PRIVATE int ct__sparse_scan(int nb, int nu, int nc, const ct_real *G, ct_real drop_tol,
                                int *row_ptr, int *col, ct_real *val) {
    const int c0 = nb + nu, ng = c0 + nc, n = c0 + 3 * nc;
    ct_real dmax = 0;
    int gi, gj, a, b, cnt = 0;
    for (a = 0; a < n; ++a) dmax = ct__max(dmax, CONTACT_FABS(G[(size_t)a * n + a]));
    if (row_ptr) row_ptr[0] = 0;
    for (gi = 0; gi < ng; ++gi) {
        const int ri = ct__grp_row(c0, gi), si = ct__grp_size(c0, gi);
        for (gj = 0; gj < ng; ++gj) {
            const int rj = ct__grp_row(c0, gj), sj = ct__grp_size(c0, gj);
            int keep = gi == gj;
            for (a = 0; a < si && !keep; ++a)
                for (b = 0; b < sj && !keep; ++b)
                    keep = CONTACT_FABS(G[(size_t)(ri + a) * n + rj + b]) > drop_tol * dmax;
            if (!keep) continue;
            if (col && val) {
                col[cnt] = gj;
                for (a = 0; a < 9; ++a) val[9 * (size_t)cnt + a] = 0;
                for (a = 0; a < si; ++a)
                    for (b = 0; b < sj; ++b) val[9 * (size_t)cnt + 3 * a + b] = G[(size_t)(ri + a) * n + rj + b];
            }
            ++cnt;
        }
        if (row_ptr) row_ptr[gi + 1] = cnt;
    }
    return cnt;
}

CT_API ct_result ct_sparse_count(int nb, int nu, int nc, const ct_real *G, ct_real drop_tol, int *nnzb) {
    if (!nnzb) return CT_ERROR_INVALID_ARGUMENT;
    if (!ct__sizes_ok(nb, nu, nc)) return CT_ERROR_INVALID_SIZE;
    if ((nb + nu + 3 * nc > 0 && !G) || !(drop_tol >= 0)) return CT_ERROR_INVALID_ARGUMENT;
    *nnzb = ct__sparse_scan(nb, nu, nc, G, drop_tol, NULL, NULL, NULL);
    return CT_OK;
}

CT_API ct_result ct_sparse_from_dense(int nb, int nu, int nc, const ct_real *G, ct_real drop_tol,
                                      int *row_ptr, int *col, ct_real *val) {
    int nnzb;
    ct_result r = ct_sparse_count(nb, nu, nc, G, drop_tol, &nnzb);
    if (r != CT_OK) return r;
    if (!row_ptr || (nnzb > 0 && (!col || !val))) return CT_ERROR_INVALID_ARGUMENT;
    (void)ct__sparse_scan(nb, nu, nc, G, drop_tol, row_ptr, col, val);
    return CT_OK;
}

CT_API ct_result ct_workspace_init(ct_workspace *ws, void *mem, size_t bytes) {
    size_t skip;
    if (!ws || (!mem && bytes > 0)) return CT_ERROR_INVALID_ARGUMENT;
    CONTACT_MEMSET(ws, 0, sizeof(*ws));
    if (!mem) return CT_OK;
    skip = (CT__ALIGN - (size_t)((uintptr_t)mem % CT__ALIGN)) % CT__ALIGN;
    if (bytes < skip) return CT_ERROR_WORKSPACE_TOO_SMALL;
    ws->base = (unsigned char *)mem + skip;
    ws->size = bytes - skip;
    if (ws->size >= sizeof(ct__state)) { /* no state to reuse yet */
        ct__ws_state(ws)->magic = 0;
        ct__ws_state(ws)->sp_magic = 0;
    }
    return CT_OK;
}

#ifndef CONTACT_NO_MALLOC
/* the allocating path shared by ct_workspace_alloc and ct_workspace_alloc_problem: sized is the
   result of the size query that filled bytes */
CT__PRIVATE ct_result ct__workspace_malloc(ct_workspace *ws, ct_result sized, size_t bytes, void *alloc_ctx) {
    void *mem;
    ct_result r;
    if (sized != CT_OK) return sized;
    mem = CONTACT_MALLOC(bytes, alloc_ctx);
    if (!mem) return CT_ERROR_OUT_OF_MEMORY;
    r = ct_workspace_init(ws, mem, bytes);
    ws->mem = mem;
    ws->alloc_ctx = alloc_ctx;
    return r;
}

CT_API ct_result ct_workspace_alloc(ct_workspace *ws, int nb, int nu, int nc, const ct_settings *s,
                                    void *alloc_ctx) {
    size_t bytes = 0;
    ct_result r;
    if (!ws) return CT_ERROR_INVALID_ARGUMENT;
    CONTACT_MEMSET(ws, 0, sizeof(*ws));
    r = ct_workspace_size(nb, nu, nc, s, &bytes); /* before bytes is read */
    return ct__workspace_malloc(ws, r, bytes, alloc_ctx);
}

CT_API ct_result ct_workspace_alloc_problem(ct_workspace *ws, const ct_problem *p, const ct_settings *s,
                                            void *alloc_ctx) {
    size_t bytes = 0;
    ct_result r;
    if (!ws) return CT_ERROR_INVALID_ARGUMENT;
    CONTACT_MEMSET(ws, 0, sizeof(*ws));
    r = ct_workspace_size_problem(p, s, &bytes); /* before bytes is read */
    return ct__workspace_malloc(ws, r, bytes, alloc_ctx);
}

CT_API void ct_workspace_free(ct_workspace *ws) {
    if (!ws) return;
    if (ws->mem) CONTACT_FREE(ws->mem, ws->alloc_ctx);
    CONTACT_MEMSET(ws, 0, sizeof(*ws));
}
#endif

CT_API size_t ct_cholesky_scratch_size(int n) { return n > 0 ? CT__CHOL_SCRATCH(n) : 0; }

CT_API ct_result ct_cholesky_factor(ct_real *a, int n, int lda, ct_real shift, ct_real *scratch,
                                    int *bad_pivot) {
    int i, bad;
    if (bad_pivot) *bad_pivot = -1;
    if (n < 0 || n > CT__MAX_N || lda < n || lda > CT__MAX_N) return CT_ERROR_INVALID_SIZE;
    if (n == 0) return CT_OK;
    if (!a || (!scratch && ct_cholesky_scratch_size(n) > 0)) return CT_ERROR_INVALID_ARGUMENT;
    if (!ct__finite(shift)) return CT_ERROR_NON_FINITE;
    if (shift != 0)
        for (i = 0; i < n; ++i) a[(size_t)i * lda + i] += shift;
    bad = ct__chol_factor(a, n, lda, scratch);
    if (bad >= 0) {
        if (bad_pivot) *bad_pivot = bad;
        return CT_ERROR_NOT_POSITIVE_DEFINITE;
    }
    return CT_OK;
}

CT_API void ct_cholesky_solve(const ct_real *l, int n, int lda, ct_real *b) {
    CONTACT_ASSERT(n >= 0 && (n == 0 || (l && b)));
    ct__chol_solve(l, n, lda, b);
}

CT_API size_t ct_delassus_scratch_size(int nv, int m) {
    if (nv <= 0 || m < 0) return 0;
    return (size_t)nv * (size_t)nv + (size_t)m * (size_t)nv + CT__CHOL_SCRATCH(nv);
}

/* G = J M^-1 J^T = Y^T Y with Y = L^-1 J^T and M = L L^T; row r of Yt is L^-1 J_r^T. */
CT_API ct_result ct_delassus_from_mj(int nv, int m, const ct_real *M, const ct_real *J,
                                     const ct_real *vfree, ct_real *G, ct_real *g,
                                     ct_real *scratch) {
    ct_real *Lm, *Yt, *cs;
    int i, j, k;
    if (nv <= 0 || m < 0 || nv > CT__MAX_N || m > CT__MAX_N) return CT_ERROR_INVALID_SIZE;
    if (!M || (m > 0 && (!J || !G)) || !scratch) return CT_ERROR_INVALID_ARGUMENT;
    if (!ct__all_finite(M, (size_t)nv * nv) || (m > 0 && !ct__all_finite(J, (size_t)m * nv)) ||
        (vfree && !ct__all_finite(vfree, (size_t)nv)))
        return CT_ERROR_NON_FINITE;
    Lm = scratch;
    Yt = Lm + (size_t)nv * nv;
    cs = Yt + (size_t)m * nv;
    CONTACT_MEMCPY(Lm, M, (size_t)nv * nv * sizeof(ct_real));
    if (ct__chol_factor(Lm, nv, nv, cs) >= 0) return CT_ERROR_NOT_POSITIVE_DEFINITE;
    for (i = 0; i < m; ++i) {
        ct_real *y = Yt + (size_t)i * nv;
        const ct_real *jr = J + (size_t)i * nv;
        for (k = 0; k < nv; ++k) { /* forward solve L y = J_i^T */
            const ct_real *lk = Lm + (size_t)k * nv;
            y[k] = (jr[k] - ct__dot(lk, y, k)) / lk[k];
        }
    }
    for (i = 0; i < m; ++i)
        for (j = 0; j <= i; ++j) {
            ct_real e = ct__dot(Yt + (size_t)i * nv, Yt + (size_t)j * nv, nv);
            G[(size_t)i * m + j] = e;
            G[(size_t)j * m + i] = e;
        }
    if (vfree && g)
        for (i = 0; i < m; ++i) g[i] = ct__dot(J + (size_t)i * nv, vfree, nv);
    return CT_OK;
}

/* The workspace's ADMM state when it belongs to a problem of these sizes, else NULL */
CT__PRIVATE const ct__state *ct__state_for(const ct_workspace *ws, int nb, int nu, int nc) {
    const ct__state *st;
    if (!ws->base || ws->size < sizeof(ct__state)) return NULL;
    st = ct__ws_state(ws);
    if (st->magic != CT__STATE_MAGIC || st->nb != nb || st->nu != nu || st->nc != nc) return NULL;
    return st;
}

/* a hash of a block-sparse pattern (FNV-1a over row_ptr and col) */
CT__PRIVATE unsigned long ct__sp_hash(const ct_sparse *S, int ng) {
    unsigned long h = 2166136261ul;
    int i;
    for (i = 0; i <= ng; ++i) h = (h ^ (unsigned long)S->row_ptr[i]) * 16777619ul;
    for (i = 0; i < S->row_ptr[ng]; ++i) h = (h ^ (unsigned long)S->col[i]) * 16777619ul;
    return h;
}

/* the sparse Cholesky's arrays in the workspace, for nnzl off-diagonal blocks */
CT__PRIVATE void ct__sp_bind(ct__spchol *sp, const ct_problem *p, ct_workspace *ws, const ct__layout *L,
                             int nnzl) {
    int *ints = (int *)(void *)(ws->base + L->sp_int);
    sp->ng = p->nb + p->nu + p->nc;
    sp->c0 = p->nb + p->nu;
    sp->nnzl = nnzl;
    sp->perm = ints;
    sp->iperm = ints + sp->ng;
    sp->lp = ints + 2 * sp->ng;
    sp->tp = ints + 3 * sp->ng + 1;
    sp->mark = ints + 4 * sp->ng + 2;
    sp->deg = ints + 5 * sp->ng + 2;
    sp->bits = (unsigned long long *)(void *)(ws->base + L->sp_bits);
    sp->diag = ct__ws_arr(ws, L->sp_diag);
    sp->w = ct__ws_arr(ws, L->sp_w);
    sp->li = (int *)(void *)(ws->base + L->sp_li);
    sp->tj = (int *)(void *)(ws->base + L->sp_tj);
    sp->tpos = (int *)(void *)(ws->base + L->sp_tpos);
    sp->lval = ct__ws_arr(ws, L->sp_lval);
}

/* ordering + symbolic factorization into the workspace (or the ones it keeps for this
   pattern); L is relaid for the resulting nnzl */
CT__PRIVATE ct_result ct__sp_prepare(const ct_problem *p, const ct_settings *s, ct_workspace *ws,
                                     ct__layout *L, ct__spchol *sp) {
    ct__state *st = ct__ws_state(ws);
    const int ng = p->nb + p->nu + p->nc;
    const unsigned long h = ct__sp_hash(p->Gs, ng);
    long nnzl;
    if (st->sp_magic == CT__STATE_MAGIC && st->sp_ng == ng && st->sp_row_ptr == p->Gs->row_ptr &&
        st->sp_col == p->Gs->col && st->sp_hash == h) {
        ct__layout_sp(s->method, p->nb, p->nu, p->nc, st->sp_nnzl, L);
        if (L->total > ws->size) return CT_ERROR_WORKSPACE_TOO_SMALL;
        ct__sp_bind(sp, p, ws, L, st->sp_nnzl);
        return CT_OK;
    }
    {   /* li is the first variable array: its capacity is what the workspace has left, at
           3 ints + 9 reals per block plus the alignment of the three later arrays */
        const size_t per = 3 * sizeof(int) + 9 * sizeof(ct_real), slack = 4 * CT__ALIGN;
        size_t room = ws->size > L->sp_li + slack ? ws->size - L->sp_li - slack : 0;
        ct__sp_bind(sp, p, ws, L, 0);
        st->sp_magic = 0;
        nnzl = ct__sp_order(sp, p->Gs, sp->li, (long)(room / per));
        if (nnzl < 0) return CT_ERROR_WORKSPACE_TOO_SMALL;
    }
    ct__layout_sp(s->method, p->nb, p->nu, p->nc, nnzl, L);
    if (L->total > ws->size) return CT_ERROR_WORKSPACE_TOO_SMALL;
    ct__sp_bind(sp, p, ws, L, (int)nnzl);
    ct__sp_finish(sp);
    st->sp_magic = CT__STATE_MAGIC;
    st->sp_ng = ng;
    st->sp_nnzl = (int)nnzl;
    st->sp_row_ptr = p->Gs->row_ptr;
    st->sp_col = p->Gs->col;
    st->sp_hash = h;
    return CT_OK;
}

/* ct_solve and ct_solve_update: reuse = 1 takes the factorization from the workspace */
CT__PRIVATE ct_result ct__solve(const ct_problem *p, const ct_settings *s, ct_workspace *ws,
                                ct_real *lambda, ct_real *v, ct_info *info, int reuse) {
    ct__run run;
    ct__layout L;
    ct__state st_copy;
    const ct__state *st = NULL;
    ct__spchol spc;
    ct_result res;
    ct_status st_out;
    ct_info local;
    int n, sparse, start_met = 0;
    if (!info) info = &local;
    CONTACT_MEMSET(info, 0, sizeof(*info));
    info->status = CT_STATUS_NOT_SOLVED;
    if (!p || !s || !ws) return CT_ERROR_INVALID_ARGUMENT;
    res = ct_settings_validate(s);
    if (res != CT_OK) return res;
    info->method = s->method;
    res = ct_problem_validate(p, s->sym_tol);
    if (res != CT_OK) return res;
    n = p->nb + p->nu + 3 * p->nc;
    if (n > 0 && (!lambda || !v)) return CT_ERROR_INVALID_ARGUMENT;
    /* the caller's operator serves ADMM only (products and factor/solve, ct_operator) */
    if (!p->G && !p->Gs && n > 0 && !ct__is_admm(s->method)) return CT_ERROR_INVALID_ARGUMENT;
    if (s->method == CT_METHOD_NEWTON_SOFT) {
        res = ct__soft_validate(p);
        if (res != CT_OK) return res;
        /* on a block-sparse G Newton needs the generalized form (its matrix is nv x nv) */
        if (!p->G && n > 0 && !(p->soft && p->soft->nv > 0 && p->soft->nv < n)) return CT_ERROR_INVALID_SOFT;
    }
    sparse = !p->G && p->Gs && n > 0 && ct__is_admm(s->method);
    ct__layout_sp(s->method, p->nb, p->nu, p->nc,
                  sparse ? 0 : !p->G && n > 0 ? CT__LAYOUT_OPERATOR : CT__LAYOUT_DENSE, &L);
    if (L.total > ws->size || (L.total > 0 && !ws->base)) return CT_ERROR_WORKSPACE_TOO_SMALL;
    if (ct__is_admm(s->method)) {
        st = ct__state_for(ws, p->nb, p->nu, p->nc);
        if (st) { /* a copy: the solver rewrites the workspace's */
            st_copy = *st;
            st = &st_copy;
        }
    }
    if (reuse && (!st || !st->has_factor || st->G != p->G || st->Gs != p->Gs || st->Gop != p->Gop || st->R != p->R ||
                  st->eta != s->admm.eta || st->rule != (int)s->admm.rule))
        return CT_ERROR_NO_FACTORIZATION;
    if (sparse) { /* the ordering and symbolic factorization, unless this pattern has them */
        res = ct__sp_prepare(p, s, ws, &L, &spc);
        if (res != CT_OK) return res;
    }
    res = ct__start(s, lambda, n);
    if (res != CT_OK) return res;

    CONTACT_MEMSET(&run, 0, sizeof(run));
    run.p = p;
    run.s = s;
    run.n = n;
    ct__op_init(&run.op, p);
    run.flavor = ct_method_flavor(s);
    info->flavor = run.flavor;
    info->workspace_peak = L.total;
    if (n > 0) { /* every solver starts from v = the velocity of its start */
        ct__start_velocity(&run, lambda, v);
        if (run.flavor != CT_FLAVOR_SIGNORINI) start_met = ct__score(&run, lambda, v);
    }
    if (n == 0) {
        st_out = CT_STATUS_CONVERGED;
    } else if (start_met) {
        /* the start (a warm start, or lambda = 0 when every contact opens) already meets the
           tolerance: no setup, no iteration (the workspace, its ADMM state included, is not
           touched) */
        st_out = CT_STATUS_CONVERGED;
    } else {
        ct__ws_state(ws)->magic = 0; /* the solver overwrites what a previous one left */
        if (!sparse) ct__ws_state(ws)->sp_magic = 0;
        if (ct__is_sweep(s->method)) {
            st_out = ct__gs_solve(&run, &L, ws, lambda, v);
        } else if (s->method == CT_METHOD_STAGGERED) {
            st_out = ct__staggered(&run, &L, ws, lambda, v);
        } else if (s->method == CT_METHOD_NEWTON_SOFT) {
            st_out = ct__newton(&run, &L, ws, lambda, v);
        } else {
            st_out = ct__admm(&run, &L, ws, lambda, v, st, reuse, sparse ? &spc : NULL);
            if (st_out == CT_STATUS_NUMERICAL_FAILURE && run.factorizations == 0 && !reuse)
                return CT_ERROR_NOT_PSD; /* G + R + (eta + rho) I not PD: G has a negative eigenvalue */
        }
    }
    /* Score the returned point with the one criteria function, in both flavors. A solver that
       returns CONVERGED returns the point its last check scored, v included: reuse that. */
    if (n > 0) {
        if (st_out == CT_STATUS_CONVERGED && run.last_met) {
            info->model = run.last;
        } else {
            ct_velocity(p, lambda, v);
            ct_criteria(p, lambda, v, run.flavor, &info->model);
        }
        if (run.flavor == CT_FLAVOR_NCP) info->ncp = info->model;
        else ct_criteria(p, lambda, v, CT_FLAVOR_NCP, &info->ncp);
        if (st_out != CT_STATUS_NUMERICAL_FAILURE) {
            /* CONVERGED means the returned point meets the tolerance in the method's flavor.
               For NCP, CCP and LCP the residuals are a complete optimality measure, so a
               point that meets them is converged whatever stopped the solver; Preclik's model
               (SIGNORINI) also needs the solver's own small-update test. */
            int met = s->stop == CT_STOP_RELATIVE ? info->model.relative <= s->tol_rel
                                                  : info->model.absolute <= s->tol_abs;
            if (!met && st_out == CT_STATUS_CONVERGED) st_out = CT_STATUS_MAX_ITERATIONS;
            else if (met && run.flavor != CT_FLAVOR_SIGNORINI) st_out = CT_STATUS_CONVERGED;
        }
    } else { /* nothing to solve: every residual is 0, with no worst row */
        info->ncp.primal_row = info->ncp.dual_row = info->ncp.comp_row = -1;
        info->ncp.natmap_row = info->ncp.signorini_row = info->ncp.absolute_row = -1;
        info->model = info->ncp;
    }
    info->status = st_out;
    info->iterations = run.iterations;
    info->factorizations = run.factorizations;
    info->rho = run.rho;
    info->reused = run.reused;
    return CT_OK;
}

CT_API ct_result ct_solve(const ct_problem *p, const ct_settings *s, ct_workspace *ws,
                          ct_real *lambda, ct_real *v, ct_info *info) {
    return ct__solve(p, s, ws, lambda, v, info, 0);
}

CT_API ct_result ct_solve_update(const ct_problem *p, const ct_settings *s, ct_workspace *ws,
                                 ct_real *lambda, ct_real *v, ct_info *info) {
    return ct__solve(p, s, ws, lambda, v, info, s && ct__is_admm(s->method));
}

CT_API ct_result ct_admm_state_get(const ct_workspace *ws, int nb, int nu, int nc, ct_real *dual,
                                   ct_real *rho) {
    const ct__state *st;
    ct__layout L;
    if (!ws) return CT_ERROR_INVALID_ARGUMENT;
    if (!ct__sizes_ok(nb, nu, nc)) return CT_ERROR_INVALID_SIZE;
    st = ct__state_for(ws, nb, nu, nc);
    if (!st) return CT_ERROR_NO_FACTORIZATION;
    ct__layout_for(CT_METHOD_ADMM_NCP, nb, nu, nc, &L);
    if (dual) {
        if (!st->has_dual) return CT_ERROR_NO_FACTORIZATION;
        CONTACT_MEMCPY(dual, ct__ws_arr(ws, L.z), (size_t)(nb + nu + 3 * nc) * sizeof(ct_real));
    }
    if (rho) *rho = st->rho;
    return CT_OK;
}

CT_API ct_result ct_admm_state_set(ct_workspace *ws, int nb, int nu, int nc, const ct_real *dual,
                                   ct_real rho) {
    ct__layout L;
    ct__state *st;
    int n;
    if (!ws || !dual) return CT_ERROR_INVALID_ARGUMENT;
    if (!ct__sizes_ok(nb, nu, nc)) return CT_ERROR_INVALID_SIZE;
    n = nb + nu + 3 * nc;
    if (!ct__finite(rho) || !ct__all_finite(dual, (size_t)n)) return CT_ERROR_NON_FINITE;
    if (!(rho > 0)) return CT_ERROR_INVALID_ARGUMENT;
    ct__layout_for(CT_METHOD_ADMM_NCP, nb, nu, nc, &L);
    if (L.total > ws->size || !ws->base) return CT_ERROR_WORKSPACE_TOO_SMALL;
    st = ct__ws_state(ws);
    CONTACT_MEMSET(st, 0, sizeof(*st));
    CONTACT_MEMCPY(ct__ws_arr(ws, L.z), dual, (size_t)n * sizeof(ct_real));
    st->magic = CT__STATE_MAGIC;
    st->nb = nb;
    st->nu = nu;
    st->nc = nc;
    st->has_dual = 1;
    st->rho = rho; /* has_pen = 0: the spectral rule derives its exponent from rho */
    return CT_OK;
}

/* >>io ----------------------------------------------------------------------------------- */
#if defined(CONTACT_IO) && !defined(CONTACT_NO_MALLOC)
#include <string.h> /* strcmp */
#ifdef CONTACT_USE_FLOAT
#define CT__IO_FMT "%.9g"
#define CT__IO_SCAN "%f"
#else
#define CT__IO_FMT "%.17g"
#define CT__IO_SCAN "%lf"
#endif
CT__PRIVATE int ct__io_write_array(FILE *f, const char *tag, const ct_real *x, int rows, int cols) {
    int i, j;
    if (fprintf(f, "%s\n", tag) < 0) return 0;
    for (i = 0; i < rows; ++i) {
        for (j = 0; j < cols; ++j)
            if (fprintf(f, j ? " " CT__IO_FMT : CT__IO_FMT, (double)x[(size_t)i * cols + j]) < 0) return 0;
        if (fputc('\n', f) == EOF) return 0;
    }
    return 1;
}

CT_API ct_result ct_problem_write(const ct_problem *p, FILE *f) {
    int n;
    ct_result r;
    if (!p || !f) return CT_ERROR_INVALID_ARGUMENT;
    r = ct_problem_validate(p, (ct_real)1e30); /* sizes and finiteness; any symmetry */
    if (r != CT_OK && r != CT_ERROR_NOT_PSD) return r;
    n = p->nb + p->nu + 3 * p->nc;
    if (n > 0 && !p->G) return CT_ERROR_INVALID_ARGUMENT; /* the format is dense */
    if (fprintf(f, "contact.h problem 1\nnb %d nu %d nc %d R %d\n", p->nb, p->nu, p->nc,
                p->R ? 1 : 0) < 0)
        return CT_ERROR_IO;
    if (!ct__io_write_array(f, "G", p->G, n, n) || !ct__io_write_array(f, "g", p->g, 1, n) ||
        !ct__io_write_array(f, "mu", p->mu, 1, p->nc) ||
        (p->R && !ct__io_write_array(f, "R", p->R, 1, n)) || fprintf(f, "end\n") < 0)
        return CT_ERROR_IO;
    return CT_OK;
}

CT__PRIVATE int ct__io_read_array(FILE *f, const char *tag, ct_real *x, size_t count) {
    char word[8];
    size_t i;
    if (fscanf(f, "%7s", word) != 1 || strcmp(word, tag) != 0) return 0;
    for (i = 0; i < count; ++i)
        if (fscanf(f, CT__IO_SCAN, &x[i]) != 1) return 0;
    return 1;
}

CT_API void ct_problem_data_free(ct_problem_data *d) {
    if (!d) return;
    if (d->G) CONTACT_FREE(d->G, NULL);
    if (d->g) CONTACT_FREE(d->g, NULL);
    if (d->mu) CONTACT_FREE(d->mu, NULL);
    if (d->R) CONTACT_FREE(d->R, NULL);
    CONTACT_MEMSET(d, 0, sizeof(*d));
}

CT_API ct_result ct_problem_read(FILE *f, ct_problem_data *out) {
    int version = 0, nb, nu, nc, hasR, n;
    char word[8];
    if (!f || !out) return CT_ERROR_INVALID_ARGUMENT;
    CONTACT_MEMSET(out, 0, sizeof(*out));
    if (fscanf(f, " contact.h problem %d nb %d nu %d nc %d R %d", &version, &nb, &nu, &nc,
               &hasR) != 5 || version != 1 || (hasR != 0 && hasR != 1))
        return CT_ERROR_IO;
    if (!ct__sizes_ok(nb, nu, nc)) return CT_ERROR_INVALID_SIZE;
    n = nb + nu + 3 * nc;
    out->G = (ct_real *)CONTACT_MALLOC(sizeof(ct_real) * ((size_t)n * n + 1), NULL);
    out->g = (ct_real *)CONTACT_MALLOC(sizeof(ct_real) * ((size_t)n + 1), NULL);
    out->mu = (ct_real *)CONTACT_MALLOC(sizeof(ct_real) * ((size_t)nc + 1), NULL);
    if (hasR) out->R = (ct_real *)CONTACT_MALLOC(sizeof(ct_real) * ((size_t)n + 1), NULL);
    if (!out->G || !out->g || !out->mu || (hasR && !out->R)) {
        ct_problem_data_free(out);
        return CT_ERROR_OUT_OF_MEMORY;
    }
    if (!ct__io_read_array(f, "G", out->G, (size_t)n * n) ||
        !ct__io_read_array(f, "g", out->g, (size_t)n) ||
        !ct__io_read_array(f, "mu", out->mu, (size_t)nc) ||
        (hasR && !ct__io_read_array(f, "R", out->R, (size_t)n)) ||
        fscanf(f, "%7s", word) != 1 || strcmp(word, "end") != 0) {
        ct_problem_data_free(out);
        return CT_ERROR_IO;
    }
    out->problem.nb = nb;
    out->problem.nu = nu;
    out->problem.nc = nc;
    out->problem.G = out->G;
    out->problem.g = out->g;
    out->problem.mu = out->mu;
    out->problem.R = out->R;
    out->problem.soft = NULL; /* the format has no soft-model data */
    return CT_OK;
}
#endif

#endif /* CONTACT_IMPLEMENTATION_ONCE */
#endif /* CONTACT_IMPLEMENTATION */

/* >>license ------------------------------------------------------------------------------
This software is available under 2 licenses -- choose whichever you prefer.
------------------------------------------------------------------------------------------
ALTERNATIVE A - MIT License
Copyright (c) 2026 the contact.h authors
Permission is hereby granted, free of charge, to any person obtaining a copy of this software
and associated documentation files (the "Software"), to deal in the Software without
restriction, including without limitation the rights to use, copy, modify, merge, publish,
distribute, sublicense, and/or sell copies of the Software, and to permit persons to whom the
Software is furnished to do so, subject to the following conditions:
The above copyright notice and this permission notice shall be included in all copies or
substantial portions of the Software.
THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING
BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND
NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM,
DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
------------------------------------------------------------------------------------------
ALTERNATIVE B - Public Domain (www.unlicense.org)
This is free and unencumbered software released into the public domain.
Anyone is free to copy, modify, publish, use, compile, sell, or distribute this software,
either in source code form or as a compiled binary, for any purpose, commercial or
non-commercial, and by any means.
In jurisdictions that recognize copyright laws, the author or authors of this software
dedicate any and all copyright interest in the software to the public domain. We make this
dedication for the benefit of the public at large and to the detriment of our heirs and
successors. We intend this dedication to be an overt act of relinquishment in perpetuity of
all present and future rights to this software under copyright law.
THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING
BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND
NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN
CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
------------------------------------------------------------------------------------------
*/
