/* contact.h - v0.2.0 - frictional contact solvers for one physics time step.
   SPDX-License-Identifier: MIT OR Unlicense

   Solves the frictional contact problem of one velocity-level time step (bodies touching,
   sliding, sticking, stacking; joints and joint limits) given the Delassus matrix G, the free
   velocity g and the friction coefficients mu. No dependencies, no allocation during a solve,
   float or double, deterministic, reentrant.

   Do this:
       #define CONTACT_IMPLEMENTATION
   before you include this file in ONE C or C++ file to create the implementation.
   Every other file includes it without the define.

   METHODS (settings.method; docs/methods.md helps choose)
       ADMM_NCP (default, robust), ADMM_CCP, PGS_NCP (fast on small well-conditioned scenes),
       PGS_CCP, PGS_LCP, NBGS, RAISIM, RAISIM_DS, RAISIM_DS_ES, STAGGERED, and NEWTON_SOFT for the
       soft models of MuJoCo and Drake (p->soft: regularized CCP, SAP, Lagged, Similar).

   QUICK START
       ct_real lambda[12] = {0}, v[12];             (4 contacts: n = 3*4 rows, normal LAST)
       ct_problem p = ct_problem_dense(0, 0, 4, G, g, mu);
                       (nb, nu, nc; G: 12 x 12 row-major, G = J M^-1 J^T, symmetric PSD;
                        g: 12 free velocities J v_free; mu: 4 friction coefficients >= 0;
                        then optionally p.R = compliance, p.soft = a soft model)
       ct_settings s = ct_default_settings();     (s.method = CT_METHOD_ADMM_NCP)
       ct_workspace ws;   ct_info info;
       if (ct_workspace_alloc(&ws, p.nb, p.nu, p.nc, &s, NULL) != CT_OK) return;
       ct_result r = ct_solve(&p, &s, &ws, lambda, v, &info);
       if (r != CT_OK) printf("%s\n", ct_result_string(r));
       else printf("%s after %d iterations, NCP residual %g\n",
                   ct_status_string(info.status), info.iterations, (double)info.ncp.absolute);
       ct_workspace_free(&ws);
   lambda holds the constraint impulses (or forces, see UNITS), v = (G + R) lambda + g the
   constraint velocities after the step. Without malloc: ct_workspace_size() (or the
   compile-time CT_WORKSPACE_BOUND()) then ct_workspace_init() on your own memory. Repeated
   solves of one problem whose g, mu or R change: the solver object (ct_solver_setup, then
   ct_solver_update_*, ct_solver_solve), which keeps factorizations and warm-start state.

   CONVENTIONS
       rows:  [ bilateral nb | unilateral nu | contacts 3*nc ]     n = nb + nu + 3 nc
       contact block i: (t1, t2, n), the NORMAL LAST; v_n > 0 separates.
       bilateral rows: lambda free, v = 0.  unilateral rows: lambda >= 0 _|_ v >= 0.
       contacts: K_mu = {lambda_n >= 0, ||lambda_T|| <= mu lambda_n}, NCP with De Saxce:
                 K_mu contains lambda _|_ v + (0, 0, mu ||v_T||) in K_mu* = K_{1/mu}.
   UNITS
       The caller's. With G = J M^-1 J^T and g = J v_free, lambda is an impulse (N s) and v a
       velocity (m/s). [LeLidec24] Sec. II recommends solving for forces instead: divide g (and
       the biases) by the time step dt; lambda is then a force (N) and v a velocity divided by
       dt, and the tolerances no longer depend on dt.

   THREAD SAFETY
       Reentrant: no global or static mutable state. Two threads may call any function at the
       same time on different workspaces or solver objects; the problem's arrays are only read
       and may be shared. One workspace or ct_solver per thread (a call writes into it).

   CONFIGURATION (define before including; "match" = must be the same in every file)
       macro                   default              match  effect
       CONTACT_IMPLEMENTATION  undefined            -      emit the implementation in this file
       CONTACT_STATIC          undefined            -      all functions static (private copy)
       CONTACT_USE_FLOAT       undefined (double)   yes    ct_real is float; a mismatch between
                                                           files fails at link time
       CONTACT_NO_MALLOC       undefined            -      no ct_*_alloc/free, no malloc, no IO
       CONTACT_MALLOC(sz,ctx)  malloc(sz)           -      allocator (define both or neither)
       CONTACT_FREE(p,ctx)     free(p)              -
       CONTACT_ASSERT(x)       assert(x)            -      programmer errors only
       CONTACT_MEMSET/MEMCPY   memset/memcpy        -
       CONTACT_SQRT/FABS/POW   sqrt/fabs/pow (or the f versions in float)
       CONTACT_ATAN2/SIN/COS   atan2/sin/cos (RAISIM, NBGS; f versions in float)
       CONTACT_LOG             log (ADMM's penalty from a stored rho; logf in float)
       CONTACT_USE_LAPACK      undefined            -      Cholesky via [ds]potrf/[ds]potrs
       CONTACT_USE_BLAS        undefined            -      products via [ds]gemv
       CONTACT_ALLOW_FP_CONTRACT undefined          -      keep the compiler's a*b+c contraction
                                                           (default: off inside the
                                                           implementation, for determinism)
   Compile-out switches (define in the implementation file; the others may define them too, to
   get a compile error instead of a link error when they call what is compiled out):
       CONTACT_ONLY_<METHOD>   keep only the methods named (several may be given), e.g.
                               CONTACT_ONLY_PGS_NCP; the optional parts below that no kept
                               method needs are dropped too, unless CONTACT_WITH_<PART>
       CONTACT_NO_<METHOD>     drop one method, e.g. CONTACT_NO_STAGGERED
       CONTACT_NO_<PART>       drop an optional part (in any build); CONTACT_WITH_<PART> keeps
                               it in a CONTACT_ONLY_* build. Parts: SPARSE (ct_sparse input),
                               OPERATOR (ct_operator input), SOFT (soft models, CT_FLAVOR_SOFT),
                               DERIVATIVES (ct_jvp, ct_vjp), INVERSE (ct_inverse_dynamics),
                               COMPLIANCE (ct_compliance_*), LINALG (ct_cholesky_*,
                               ct_delassus_from_mj), IO (ct_problem_read/write; needs stdio and
                               malloc).
   A compiled-out method asked for at run time returns CT_ERROR_COMPILED_OUT, as does an input
   form (G as ct_sparse or ct_operator, the SOFT flavor) whose part is compiled out.

   CONTENTS (search for the tags)
       >>config >>switches >>codes >>types >>api       declarations
       >>hooks >>linalg >>delassus >>cones >>soft >>criteria >>workspace >>settings
       >>validate >>solver-common
       >>solver-gs >>solver-admm >>solver-staggered >>solver-newton-soft     one per method family
       >>methods (the method table) >>derivatives >>inverse >>compliance
       >>solver (the solver object) >>public >>io
       >>license
   Adding a method: a value in ct_method, its switch lines in >>switches, and one >>solver-*
   section that ends with its descriptor row (docs/methods.md, "Adding a method").

   REFERENCES (cited by key in the code, the docs and the examples)
       [LeLidec24]      Q. Le Lidec, W. Jallet, L. Montaut, I. Laptev, C. Schmid, J. Carpentier.
                        Contact models in robotics: a comparative analysis. IEEE Transactions
                        on Robotics, 2024.
       [Tsounis25]      V. Tsounis, R. Grandia, M. Bächer. On solving the dynamics of
                        constrained rigid multi-body systems with kinematic loops.
                        arXiv:2504.19771, 2025.
       [Castro23]       A. Castro, X. Han, J. Masterjohn. Irrotational contact fields. arXiv
                        preprint, 2023.
       [Carpentier24]   J. Carpentier, Q. Le Lidec, L. Montaut. From compliant to rigid contact
                        simulation: a unified and efficient approach. Robotics: Science and
                        Systems (RSS), 2024.
       [Hwangbo18]      J. Hwangbo, J. Lee, M. Hutter. Per-contact iteration method for solving
                        contact dynamics. IEEE Robotics and Automation Letters 3(2), 2018.
       [AlartCurnier91] P. Alart, A. Curnier. A mixed formulation for frictional contact
                        problems prone to Newton like solution methods. Computer Methods in
                        Applied Mechanics and Engineering 92(3), 1991.
       [Christensen98]  P. W. Christensen, A. Klarbring, J. S. Pang, N. Strömberg. Formulation
                        and comparison of algorithms for frictional contact problems.
                        International Journal for Numerical Methods in Engineering 42(1), 1998.
       [Fukushima01]    M. Fukushima, Z.-Q. Luo, P. Tseng. Smoothing functions for second-order-
                        cone complementarity problems. SIAM Journal on Optimization 12(2), 2001.
       [Grippo86]       L. Grippo, F. Lampariello, S. Lucidi. A nonmonotone line search
                        technique for Newton's method. SIAM Journal on Numerical Analysis
                        23(4), 1986.
       [Acary11]        V. Acary, F. Cadoux, C. Lemaréchal, J. Malick. A formulation of the
                        linear discrete Coulomb friction problem via convex optimization. ZAMM
                        91(2), 2011.
       [NesterovTodd97] Yu. E. Nesterov, M. J. Todd. Self-scaled barriers and interior-point
                        methods for convex programming. Mathematics of Operations Research
                        22(1), 1997.
       [Mehrotra92]     S. Mehrotra. On the implementation of a primal-dual interior point
                        method. SIAM Journal on Optimization 2(4), 1992.
       [Vandenberghe10] L. Vandenberghe. The CVXOPT linear and quadratic cone program solvers.
                        Technical report, UCLA, 2010.
       [DeSaxce98]      G. De Saxcé, Z.-Q. Feng. The bipotential method: a constructive approach
                        to design the complete contact law with friction and improved numerical
                        algorithms. Mathematical and Computer Modelling 28(4-8), 1998.
       [Anitescu06]     M. Anitescu. Optimization-based simulation of nonsmooth rigid multibody
                        dynamics. Mathematical Programming 105, 2006.
       [Banjac19]       G. Banjac, P. Goulart, B. Stellato, S. Boyd. Infeasibility detection in
                        the alternating direction method of multipliers for convex
                        optimization. Journal of Optimization Theory and Applications 183, 2019.
       [Stellato20]     B. Stellato, G. Banjac, P. Goulart, A. Bemporad, S. Boyd. OSQP: an
                        operator splitting solver for quadratic programs. Mathematical
                        Programming Computation 12, 2020.
       [Kaufman08]      D. M. Kaufman, S. Sueda, D. L. James, D. K. Pai. Staggered projections
                        for frictional contact in multibody systems. ACM Transactions on
                        Graphics 27(5), 2008.
       [Todorov14]      E. Todorov. Convex and analytically-invertible dynamics with contacts
                        and constraints: theory and implementation in MuJoCo. IEEE ICRA, 2014.
       [Castro22]       A. Castro, F. Permenter, X. Han. An unconstrained convex formulation of
                        compliant contact. IEEE Transactions on Robotics, 2022.
       [HuntCrossley75] K. H. Hunt, F. R. E. Crossley. Coefficient of restitution interpreted as
                        damping in vibroimpact. Journal of Applied Mechanics 42(2), 1975.
       [Preclik15]      T. Preclik, U. Rüde. Ultrascale simulations of non-smooth granular
                        dynamics. Computational Particle Mechanics 2, 2015.
       [LiDemmel98]     X. S. Li, J. W. Demmel. Making sparse Gaussian elimination scalable by
                        static pivoting. ACM/IEEE Supercomputing (SC'98), 1998.

   REVISIONS
       0.2.0 (unreleased)  the solver object (ct_solver_*: setup, updates, solve, copyable
                           state) replaces ct_solve_update and ct_admm_state_get/set; each
                           method a module; compile-out switches; CT_WORKSPACE_BOUND; short
                           status strings; the culprit of a validation error in ct_info;
                           compliance helpers, inverse dynamics, per-iteration history;
                           NEWTON_SOFT with the soft models of [Castro23] and derivatives;
                           input range checks; block-sparse G (p->Gs) with a sparse Cholesky;
                           G as the caller's operator (p->Gop).
       0.1.0 (2026-11-21)  first release: problem format, cones, criteria, Cholesky, workspace;
                           ADMM_NCP, ADMM_CCP, the Gauss-Seidel family (PGS_NCP, PGS_CCP,
                           PGS_LCP, NBGS, RAISIM, RAISIM_DS, RAISIM_DS_ES) and STAGGERED;
                           optional problem dump/load.
*/
#ifndef CONTACT_H_INCLUDED
#define CONTACT_H_INCLUDED

/* >>config ------------------------------------------------------------------------------- */
#define CONTACT_VERSION_MAJOR 0
#define CONTACT_VERSION_MINOR 2
#define CONTACT_VERSION_PATCH 0
#define CONTACT_VERSION_STRING "0.2.0"

/* >>switches ----------------------------------------------------------------------------- */
/* What this file compiles: CT__HAS_<METHOD> per method, CT__HAS_<PART> per optional part
   (the switches are described in the top comment). A method's switch lines are its row here. */
#if defined(CONTACT_ONLY_PGS_NCP) || defined(CONTACT_ONLY_ADMM_NCP) ||                         \
    defined(CONTACT_ONLY_PGS_CCP) || defined(CONTACT_ONLY_PGS_LCP) || defined(CONTACT_ONLY_NBGS) || \
    defined(CONTACT_ONLY_RAISIM) || defined(CONTACT_ONLY_RAISIM_DS) ||                          \
    defined(CONTACT_ONLY_RAISIM_DS_ES) || defined(CONTACT_ONLY_STAGGERED) ||                    \
    defined(CONTACT_ONLY_ADMM_CCP) || defined(CONTACT_ONLY_NEWTON_SOFT) ||                      \
    defined(CONTACT_ONLY_NEWTON_NCP) || defined(CONTACT_ONLY_PROX_NCP) || defined(CONTACT_ONLY_HYBRID_NCP)
#define CT__ONLY
#endif
#if !defined(CONTACT_NO_PGS_NCP) && (!defined(CT__ONLY) || defined(CONTACT_ONLY_PGS_NCP))
#define CT__HAS_PGS_NCP
#endif
#if !defined(CONTACT_NO_ADMM_NCP) && (!defined(CT__ONLY) || defined(CONTACT_ONLY_ADMM_NCP))
#define CT__HAS_ADMM_NCP
#endif
#if !defined(CONTACT_NO_PGS_CCP) && (!defined(CT__ONLY) || defined(CONTACT_ONLY_PGS_CCP))
#define CT__HAS_PGS_CCP
#endif
#if !defined(CONTACT_NO_PGS_LCP) && (!defined(CT__ONLY) || defined(CONTACT_ONLY_PGS_LCP))
#define CT__HAS_PGS_LCP
#endif
#if !defined(CONTACT_NO_NBGS) && (!defined(CT__ONLY) || defined(CONTACT_ONLY_NBGS))
#define CT__HAS_NBGS
#endif
#if !defined(CONTACT_NO_RAISIM) && (!defined(CT__ONLY) || defined(CONTACT_ONLY_RAISIM))
#define CT__HAS_RAISIM
#endif
#if !defined(CONTACT_NO_RAISIM_DS) && (!defined(CT__ONLY) || defined(CONTACT_ONLY_RAISIM_DS))
#define CT__HAS_RAISIM_DS
#endif
#if !defined(CONTACT_NO_RAISIM_DS_ES) && (!defined(CT__ONLY) || defined(CONTACT_ONLY_RAISIM_DS_ES))
#define CT__HAS_RAISIM_DS_ES
#endif
#if !defined(CONTACT_NO_STAGGERED) && (!defined(CT__ONLY) || defined(CONTACT_ONLY_STAGGERED))
#define CT__HAS_STAGGERED
#endif
#if !defined(CONTACT_NO_ADMM_CCP) && (!defined(CT__ONLY) || defined(CONTACT_ONLY_ADMM_CCP))
#define CT__HAS_ADMM_CCP
#endif
#if !defined(CONTACT_NO_NEWTON_SOFT) && !defined(CONTACT_NO_SOFT) &&                           \
    (!defined(CT__ONLY) || defined(CONTACT_ONLY_NEWTON_SOFT))
#define CT__HAS_NEWTON_SOFT
#endif
#if !defined(CONTACT_NO_NEWTON_NCP) && (!defined(CT__ONLY) || defined(CONTACT_ONLY_NEWTON_NCP))
#define CT__HAS_NEWTON_NCP
#endif
#if !defined(CONTACT_NO_PROX_NCP) && (!defined(CT__ONLY) || defined(CONTACT_ONLY_PROX_NCP))
#define CT__HAS_PROX_NCP
#endif
#if !defined(CONTACT_NO_HYBRID_NCP) && (!defined(CT__ONLY) || defined(CONTACT_ONLY_HYBRID_NCP))
#define CT__HAS_HYBRID_NCP
#endif
/* families: code shared by several methods */
#if defined(CT__HAS_PGS_NCP) || defined(CT__HAS_PGS_CCP) || defined(CT__HAS_PGS_LCP) ||         \
    defined(CT__HAS_NBGS) || defined(CT__HAS_RAISIM) || defined(CT__HAS_RAISIM_DS) ||           \
    defined(CT__HAS_RAISIM_DS_ES) || defined(CT__HAS_HYBRID_NCP)
#define CT__HAS_GS /* the Gauss-Seidel sweep (HYBRID_NCP's first try is PGS_NCP's) */
#endif
#if defined(CT__HAS_NBGS) || defined(CT__HAS_RAISIM) || defined(CT__HAS_RAISIM_DS) ||           \
    defined(CT__HAS_RAISIM_DS_ES)
#define CT__HAS_PRECLIK /* the sweeps' Preclik updates (the local law itself is in >>cones) */
#endif
#if defined(CT__HAS_ADMM_NCP) || defined(CT__HAS_ADMM_CCP) || defined(CT__HAS_HYBRID_NCP)
#define CT__HAS_ADMM /* HYBRID_NCP runs ADMM_NCP's iterations */
#endif
#if defined(CT__HAS_NEWTON_NCP) || defined(CT__HAS_PROX_NCP) || defined(CT__HAS_HYBRID_NCP)
#define CT__HAS_NSN /* the semismooth Newton on the NCP and its LU */
#endif
#ifdef CT__HAS_HYBRID_NCP
#define CT__HAS_IPM /* HYBRID_NCP's interior-point phase */
#endif
/* optional parts: on unless CONTACT_NO_<PART>; in a CONTACT_ONLY_* build only when a kept
   method needs one or CONTACT_WITH_<PART> asks for it */
#if !defined(CONTACT_NO_SOFT) &&                                                                \
    (!defined(CT__ONLY) || defined(CONTACT_WITH_SOFT) || defined(CT__HAS_NEWTON_SOFT))
#define CT__HAS_SOFT
#endif
#if !defined(CONTACT_NO_SPARSE) && (!defined(CT__ONLY) || defined(CONTACT_WITH_SPARSE))
#define CT__HAS_SPARSE
#endif
#if !defined(CONTACT_NO_OPERATOR) && defined(CT__HAS_ADMM) &&                                   \
    (!defined(CT__ONLY) || defined(CONTACT_WITH_OPERATOR))
#define CT__HAS_OPERATOR
#endif
#if !defined(CONTACT_NO_DERIVATIVES) && (!defined(CT__ONLY) || defined(CONTACT_WITH_DERIVATIVES))
#define CT__HAS_DERIVATIVES
#endif
#if !defined(CONTACT_NO_INVERSE) &&                                                             \
    (!defined(CT__ONLY) || defined(CONTACT_WITH_INVERSE) || defined(CT__HAS_ADMM))
#define CT__HAS_INVERSE
#endif
#if !defined(CONTACT_NO_COMPLIANCE) && (!defined(CT__ONLY) || defined(CONTACT_WITH_COMPLIANCE))
#define CT__HAS_COMPLIANCE
#endif
#if !defined(CONTACT_NO_LINALG) && (!defined(CT__ONLY) || defined(CONTACT_WITH_LINALG))
#define CT__HAS_LINALG
#endif
#if !defined(CONTACT_NO_IO) && !defined(CONTACT_NO_MALLOC) &&                                   \
    (!defined(CT__ONLY) || defined(CONTACT_WITH_IO) || defined(CONTACT_IO))
#define CT__HAS_IO
#endif
#if defined(CT__HAS_ADMM) || defined(CT__HAS_STAGGERED)
#define CT__HAS_PENALTY /* the ADMM penalty rule (ADMM and STAGGERED's inner ADMM) */
#endif
#if defined(CT__HAS_SPARSE) && (defined(CT__HAS_ADMM) || defined(CT__HAS_NSN))
#define CT__HAS_SPCHOL /* the sparse Cholesky of ADMM on a block-sparse G, and its ordering */
#endif
#if defined(CT__HAS_SPARSE) && defined(CT__HAS_NSN)
#define CT__HAS_SPLU /* the sparse block LU of NEWTON_NCP on a block-sparse G */
#endif
#ifdef CT__HAS_NEWTON_SOFT
#define CT__HAS_GENERAL /* G given as J M^-1 J^T by p->soft's M and J alone (NEWTON_SOFT) */
#endif
/* the dense Cholesky, for whoever factors */
#if defined(CT__HAS_ADMM) || defined(CT__HAS_STAGGERED) || defined(CT__HAS_NEWTON_SOFT) ||      \
    defined(CT__HAS_DERIVATIVES) || defined(CT__HAS_LINALG)
#define CT__HAS_CHOL
#endif
#if defined(CT__HAS_NSN) || defined(CT__HAS_DERIVATIVES) || defined(CT__HAS_LINALG)
#define CT__HAS_LU /* the dense LU with partial pivoting */
#endif

#include <stddef.h> /* size_t */
#ifdef CT__HAS_IO
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
#define ct_settings_pgs_underrelaxed CT__PREC(ct_settings_pgs_underrelaxed)
#define ct_method_flavor CT__PREC(ct_method_flavor)
#define ct_settings_validate CT__PREC(ct_settings_validate)
#define ct_problem_dense CT__PREC(ct_problem_dense)
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
#define ct_solver_size CT__PREC(ct_solver_size)
#define ct_solver_init CT__PREC(ct_solver_init)
#define ct_solver_alloc CT__PREC(ct_solver_alloc)
#define ct_solver_free CT__PREC(ct_solver_free)
#define ct_solver_setup CT__PREC(ct_solver_setup)
#define ct_solver_update_vectors CT__PREC(ct_solver_update_vectors)
#define ct_solver_update_compliance CT__PREC(ct_solver_update_compliance)
#define ct_solver_update_matrix CT__PREC(ct_solver_update_matrix)
#define ct_solver_update_settings CT__PREC(ct_solver_update_settings)
#define ct_solver_solve CT__PREC(ct_solver_solve)
#define ct_solver_state_get CT__PREC(ct_solver_state_get)
#define ct_solver_state_set CT__PREC(ct_solver_state_set)
#define ct_solver_reset CT__PREC(ct_solver_reset)
#define ct_jvp CT__PREC(ct_jvp)
#define ct_vjp CT__PREC(ct_vjp)
#define ct_derivatives_size CT__PREC(ct_derivatives_size)
#define ct_inverse_dynamics CT__PREC(ct_inverse_dynamics)
#define ct_compliance_mujoco CT__PREC(ct_compliance_mujoco)
#define ct_compliance_mujoco_approx CT__PREC(ct_compliance_mujoco_approx)
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
#define ct_soft_kernel CT__PREC(ct_soft_kernel)
#define ct_local_contact CT__PREC(ct_local_contact)
#define ct_criteria_rule CT__PREC(ct_criteria_rule)
#define ct_ac_function CT__PREC(ct_ac_function)
#define ct_cholesky_scratch_size CT__PREC(ct_cholesky_scratch_size)
#define ct_cholesky_factor CT__PREC(ct_cholesky_factor)
#define ct_cholesky_solve CT__PREC(ct_cholesky_solve)
#define ct_lu_factor CT__PREC(ct_lu_factor)
#define ct_lu_solve CT__PREC(ct_lu_solve)
#define ct_delassus_scratch_size CT__PREC(ct_delassus_scratch_size)
#define ct_delassus_from_mj CT__PREC(ct_delassus_from_mj)
#define ct_problem_write CT__PREC(ct_problem_write)
#define ct_problem_read CT__PREC(ct_problem_read)
#define ct_problem_read_max CT__PREC(ct_problem_read_max)
#define ct_problem_data_free CT__PREC(ct_problem_data_free)

#ifdef __cplusplus
extern "C" {
#endif

/* >>codes -------------------------------------------------------------------------------- */
/* ct_result: what every call returns. CT_OK = 0; negative values are caller errors. Each has a
   short name (ct_result_string, for logs) and an explanation (ct_result_explain). */
#define CT_RESULT_LIST(X)                                                                        \
    X(CT_OK, 0, "ok", "success")                                                                 \
    X(CT_ERROR_INVALID_ARGUMENT, -1, "invalid argument", "a required pointer is NULL")          \
    X(CT_ERROR_INVALID_SIZE, -2, "invalid size",                                                 \
      "a size is negative, zero where it may not be or too large, or a sparse structure is "     \
      "malformed")                                                                               \
    X(CT_ERROR_NON_FINITE, -3, "non-finite input",                                               \
      "NaN or infinity in an input (ct_info.error_field and error_index name it)")              \
    X(CT_ERROR_NEGATIVE_FRICTION, -4, "negative friction",                                       \
      "a friction coefficient mu is negative (ct_info.error_index: the contact)")               \
    X(CT_ERROR_NEGATIVE_COMPLIANCE, -5, "negative compliance",                                   \
      "an entry of R is negative (ct_info.error_index: the row)")                               \
    X(CT_ERROR_NOT_SYMMETRIC, -6, "G not symmetric",                                             \
      "|G_ij - G_ji| > sym_tol max |G_ii| (ct_info.error_index: the row i of the first pair)")  \
    X(CT_ERROR_NOT_PSD, -7, "G not PSD",                                                         \
      "G is not positive semidefinite: a diagonal entry or contact block is negative, or a "    \
      "factorization of G + R + shift met a negative pivot (ct_info.error_index: its row)")     \
    X(CT_ERROR_NOT_POSITIVE_DEFINITE, -8, "not positive definite",                               \
      "a matrix given to a Cholesky factorization is not positive definite")                    \
    X(CT_ERROR_INVALID_SETTINGS, -9, "invalid settings",                                         \
      "a settings field is out of range (ct_info.error_field names it)")                        \
    X(CT_ERROR_WORKSPACE_TOO_SMALL, -10, "workspace too small",                                  \
      "the workspace or solver memory is smaller than its size query asked for")                \
    X(CT_ERROR_OUT_OF_MEMORY, -11, "out of memory", "CONTACT_MALLOC returned NULL")              \
    X(CT_ERROR_IO, -12, "io error", "a read or write failed, or not a contact.h problem file")  \
    X(CT_ERROR_NO_SETUP, -13, "no setup",                                                        \
      "the solver object has no successful ct_solver_setup (or the update needs a new one)")    \
    X(CT_ERROR_ANISOTROPIC_COMPLIANCE, -14, "anisotropic compliance",                            \
      "the tangent rows of a contact have different compliance R (relative 1e-12 allowed)")     \
    X(CT_ERROR_INVALID_SOFT, -15, "invalid soft model",                                          \
      "p->soft data out of range, or R <= 0 where the soft model needs it")                     \
    X(CT_ERROR_OUT_OF_RANGE, -16, "out of range",                                                \
      "an input magnitude is above 1e150 (1e15 in float) (ct_info.error_field, error_index)")   \
    X(CT_ERROR_COMPILED_OUT, -17, "compiled out",                                                \
      "the method or input form is compiled out (CONTACT_ONLY_* or CONTACT_NO_*)")              \
    X(CT_ERROR_STORAGE_CONFLICT, -18, "storage conflict",                                        \
      "G is given in more than one form: set exactly one of p->G, p->Gs, p->Gop")               \
    X(CT_ERROR_STORAGE_UNSUPPORTED, -19, "storage unsupported",                                  \
      "this method does not run on this form of G (an operator serves ADMM only)")              \
    X(CT_ERROR_SINGULAR, -20, "singular matrix",                                                 \
      "a matrix given to an LU factorization has an exactly zero pivot")                        \
    X(CT_ERROR_INVALID_VALUE, -21, "invalid value",                                              \
      "an argument other than a pointer is outside its documented range or set of values")

/* ct_status: the outcome of a solve that ran (ct_info.status). */
#define CT_STATUS_LIST(X)                                                                        \
    X(CT_STATUS_CONVERGED, 0, "converged", "the returned point meets the tolerance")             \
    X(CT_STATUS_MAX_ITERATIONS, 1, "max iterations",                                             \
      "stopped at max_iter without meeting the tolerance")                                      \
    X(CT_STATUS_STALLED, 2, "stalled",                                                           \
      "no progress (tol_change or the method's own stall test); the tolerance is not met")      \
    X(CT_STATUS_NUMERICAL_FAILURE, 3, "numerical failure",                                       \
      "divergence or a non-finite iterate; the returned point is finite and scored")            \
    X(CT_STATUS_NOT_SOLVED, 4, "not solved", "the call returned an error")                      \
    X(CT_STATUS_ITERATIONS_DONE, 5, "iterations done",                                           \
      "CT_STOP_NONE: max_iter iterations ran; info's residuals score the point, no tolerance")  \
    X(CT_STATUS_INTERRUPTED, 6, "interrupted",                                                   \
      "the progress callback asked to stop, or the time limit passed; the point is scored")

#define CT__ENUM_ITEM(name, value, text, explain) name = value,
typedef enum ct_result { CT_RESULT_LIST(CT__ENUM_ITEM) CT_RESULT_END_ = 1 } ct_result;
typedef enum ct_status { CT_STATUS_LIST(CT__ENUM_ITEM) CT_STATUS_END_ } ct_status;

/* >>types -------------------------------------------------------------------------------- */
/* Algorithms, named together with the model they solve ([Tsounis25] Table I). A value stays
   in the enum when its method is compiled out (ct_solve then returns CT_ERROR_COMPILED_OUT). */
typedef enum ct_method {
    CT_METHOD_PGS_NCP = 0,     /* projected Gauss-Seidel on the Coulomb NCP ([LeLidec24] Alg. 6)     */
    CT_METHOD_ADMM_NCP = 1,    /* proximal ADMM with De Saxce fixed point ([Carpentier24] Alg. 1)       */
    CT_METHOD_PGS_CCP = 2,     /* PGS with the orthogonal cone projection ([LeLidec24] Alg. 2): CCP;
                                  with pgs.desaxce = 1 the local De Saxce estimate makes it an NCP
                                  solver ([Tsounis25] Table I "PGS-CCP")                            */
    CT_METHOD_PGS_LCP = 3,     /* PGS on the box (pyramid) friction LCP ([LeLidec24] Alg. 1)        */
    CT_METHOD_NBGS = 4,        /* block Gauss-Seidel, each contact solved exactly ([Tsounis25] Alg. 4),
                                  Preclik's per-contact model                                   */
    CT_METHOD_RAISIM = 5,      /* per-contact bisection ([Hwangbo18] Alg. 1-2), Preclik's model     */
    CT_METHOD_RAISIM_DS = 6,   /* RAISIM with the local De Saxce estimate ([Tsounis25]): NCP        */
    CT_METHOD_RAISIM_DS_ES = 7, /* RAISIM_DS stopped on the objective improvement ([Tsounis25] eq. 160) */
    CT_METHOD_STAGGERED = 8,   /* staggered projections ([LeLidec24] Alg. 7): normal and tangential
                                  QPs alternated, each solved by ADMM; NCP or LCP flavor         */
    CT_METHOD_ADMM_CCP = 9,    /* ADMM_NCP without the De Saxce term: the convex Anitescu model
                                  ([LeLidec24] Alg. 3, [Tsounis25] Alg. 6 with s = 0)                  */
    CT_METHOD_NEWTON_SOFT = 10, /* Newton with exact line search on a soft convex model (MuJoCo
                                  and Drake: regularized CCP, SAP, Lagged, Similar; [Castro23])  */
    CT_METHOD_NEWTON_NCP = 11, /* semismooth Newton on Alart-Curnier's function of the Coulomb
                                  NCP ([AlartCurnier91], [Christensen98]), regularized and
                                  globalized by a nonmonotone line search ([Grippo86])          */
    CT_METHOD_PROX_NCP = 12,   /* the proximal point method around NEWTON_NCP's inner solves
                                  (Siconos' PROX): slow but sure                               */
    CT_METHOD_HYBRID_NCP = 13, /* Newton from the start; if it fails, ADMM_NCP until the contact
                                  modes settle, then Newton again, PROX last: robust and fast */
    CT_METHOD_COUNT_
} ct_method;

/* Which law a set of residuals measures. */
typedef enum ct_flavor {
    CT_FLAVOR_NCP = 0,      /* Coulomb with the De Saxce term: Signorini + cone + max. dissipation */
    CT_FLAVOR_CCP = 1,      /* Anitescu's convex relaxation: no De Saxce term                  */
    CT_FLAVOR_LCP = 2,      /* box (4-facet pyramid) friction with the term mu ||v_T||_1      */
    CT_FLAVOR_SIGNORINI = 3, /* Preclik's per-contact model (RAISIM, NBGS): cone feasibility,
                               Signorini, and natmap the model residual ||B_i (lambda_i -
                               lambda_i*)|| to the exact local solution (needs G)           */
    CT_FLAVOR_SOFT = 4      /* a soft model's law (p->soft): lambda = gamma(v - R lambda), the
                               impulse the model gives at the physical velocity (NEWTON_SOFT) */
} ct_flavor;

/* What a solve stops on. */
typedef enum ct_stop_rule {
    CT_STOP_ABSOLUTE = 0, /* residuals.absolute = max(primal, dual, comp) <= tol_abs */
    CT_STOP_RELATIVE = 1, /* residuals.relative (Siconos' error) <= tol_rel */
    CT_STOP_NONE = 2,     /* no tolerance: max_iter iterations (a game's fixed budget), status
                             CT_STATUS_ITERATIONS_DONE; the returned point is still scored */
    CT_STOP_BOTH = 3      /* both: absolute <= tol_abs and relative <= tol_rel (the relative
                             part holds in any units, the absolute part bounds the raw
                             residual) */
} ct_stop_rule;

/* ct_info.reused bits: what a solve took from the solver object (ct_solver_solve; ct_solve
   keeps nothing between calls) */
#define CT_REUSED_RHO 1      /* the penalty of the last solve (admm.warm_rho)                  */
#define CT_REUSED_DUAL 2     /* the dual variable of the last solve (admm.warm_dual)           */
#define CT_REUSED_FACTOR 4   /* a factorization computed before this solve                     */
#define CT_REUSED_ORDERING 8 /* the sparse ordering and symbolic factorization of the setup    */

/* Per-contact mode from ct_contact_modes. */
typedef enum ct_contact_mode { CT_MODE_OPEN = 0, CT_MODE_STICK = 1, CT_MODE_SLIDE = 2 } ct_contact_mode;

/* Soft contact models ([Castro23]), solved by NEWTON_SOFT and scored by CT_FLAVOR_SOFT. */
typedef enum ct_soft_model {
    CT_SOFT_CCP = 0,    /* regularized CCP: lambda = P^R_K(-R^-1 v_c) with R > 0 from p->R on
                           every row (MuJoCo's, Drake's or ContactBench's R: ct_compliance_*) */
    CT_SOFT_SAP = 1,    /* Drake SAP ([Castro23] Sec. V-A): R and v^ from k, tau_d, beta, sigma  */
    CT_SOFT_LAGGED = 2, /* Hunt-Crossley normal law, friction of the previous normal impulse
                           ([Castro23] eq. 18); regularized by sigma (eq. 26)                   */
    CT_SOFT_SIMILAR = 3 /* Hunt-Crossley law of z = v_n - mu ||v_T||_s ([Castro23] eq. 19-21)    */
} ct_soft_model;

/* The data of the soft models. With them g is the pure free velocity J v*: no Baumgarte or
   phi0/dt bias. The models' potentials already contain the penetration phi0 ([Castro23] eq.
   22 for Hunt-Crossley, Sec. V-A for SAP's v^ = -phi0 / (dt + tau_d)); a bias in g would count
   it twice. */
typedef struct ct_soft {
    ct_soft_model model;
    ct_real dt;          /* time step (s) > 0 (SAP, LAGGED, SIMILAR)                          */
    const ct_real *phi0; /* (nc) signed distance at the start of the step (m); < 0 overlaps  */
    const ct_real *vn0;  /* (nc) previous normal velocity (m/s), LAGGED; NULL: 0             */
    const ct_real *k;    /* (nc) stiffness (N/m) >= 0; SAP: > 0                               */
    const ct_real *d;    /* (nc) LAGGED, SIMILAR: Hunt-Crossley dissipation (s/m) >= 0; SAP:
                            the dissipation time scale tau_d (s) >= 0                         */
    ct_real v_s;         /* LAGGED, SIMILAR: stiction tolerance eps_s (m/s) > 0 ([Castro23]:
                            1e-4)                                                             */
    ct_real sigma;       /* SAP: R_t = sigma w (> 0, Drake 1e-3); LAGGED, SIMILAR: eps_s =
                            max(v_s, sigma w mu gamma_n0) (eq. 26; 0 = the pure model)        */
    ct_real beta;        /* SAP near-rigid parameter >= 0 (Drake 1)                           */
    /* Optional generalized form (nv > 0): with G given too, G = J M^-1 J^T must hold and
       NEWTON_SOFT works in generalized velocities (Newton matrix M + J^T H J, nv x nv) when
       nv < n. With G, Gs and Gop all NULL, M and J alone define G = J M^-1 J^T (any nv):
       NEWTON_SOFT only, g may carry a reference (MuJoCo's efc_b = J v* - aref), the workspace
       from ct_workspace_size_problem. */
    int nv;              /* 0: contact space                                                  */
    const ct_real *M;    /* (nv x nv) row-major SPD mass matrix                               */
    const ct_real *J;    /* (n x nv) row-major constraint Jacobian                            */
    const ct_real *vstar; /* (nv) free velocity                                               */
    /* Optional, M and J alone: M's Cholesky factor, so that ct_solve does not factor M (an
       engine has it from its forward dynamics). Row-major lower triangle (only it is read) of
       L with M = L L^T, or with Lm_reversed = 1 of M's dofs in reverse order, P M P = L L^T
       (P the reversal: a tree's factor without fill, the one MuJoCo's qLD holds, see
       docs/methods.md). Checked against M on one vector (CT_ERROR_INVALID_SOFT, soft.Lm). */
    const ct_real *Lm;   /* (nv x nv) or NULL: ct_solve factors M                                */
    int Lm_reversed;     /* 0 or 1                                                                */
} ct_soft;

/* Block-sparse storage of G (the second input form, for large problems: docs/methods.md
   "Storage of G"). Groups are the problem's row groups in order: each bilateral and each
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

/* A Delassus operator supplied by the caller instead of G: for engines with their own
   articulated-body or sparse machinery (Pinocchio's Delassus operators, [Carpentier24] Sec.
   III-E). ADMM_NCP and ADMM_CCP run on it (they need products and the factor/solve of G + D);
   the other methods return CT_ERROR_STORAGE_UNSUPPORTED. G must be symmetric positive
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
/* Exactly one of G, Gs and Gop is set (CT_ERROR_STORAGE_CONFLICT otherwise), or none of them
   with M and J in p->soft (NEWTON_SOFT: the generalized form, ct_soft). ct_problem_dense()
   fills a problem with a dense G and every optional field NULL, so code that names only the
   fields it uses stays valid C and C++ when fields are added. */

/* Knobs of the Gauss-Seidel family (PGS_NCP, PGS_CCP, PGS_LCP, NBGS). */
typedef struct ct_pgs_settings {
    ct_real omega; /* relaxation: PGS scales each step, lambda <- P(lambda - omega step); NBGS
                      blends lambda <- omega lambda* + (1 - omega) lambda; (0, 2); default 1 */
    int desaxce;   /* PGS_CCP only: 1 adds the local De Saxce estimate (an NCP solver); default 0 */
    int screen;    /* 1: a check runs only when the sweep's update says it can pass, and
                      every 10th check. NBGS, RAISIM: the model residual (an exact local
                      solve per contact, as costly as a sweep) when the sweep's largest
                      update estimates it within 10x of the tolerance; the other methods of
                      the family: the natural map when the update norm times the measure per
                      update norm of the last check is within 2x of it. 0: every check; off
                      while settings.history records; default 1                           */
} ct_pgs_settings;

/* RAISIM, RAISIM_DS, RAISIM_DS_ES knobs ([Hwangbo18]; defaults: its Sec. V-C for the
   relaxation, ContactBench, the reference implementation of [LeLidec24], for the bracketing
   steps, which the paper does not give). */
typedef struct ct_raisim_settings {
    ct_real alpha;        /* initial relaxation, (0, 1]; default 1                             */
    ct_real alpha_min;    /* relaxation floor, (0, alpha]; default 0.7                         */
    ct_real gamma;        /* per-sweep decay alpha <- alpha_min + gamma (alpha - alpha_min),
                             [0, 1]; default 0.99                                             */
    ct_real beta1;        /* initial angular step of the bracketing (rad), > 0; default 1e-2   */
    ct_real beta2;        /* step shrink on a rejected step, (0, 1); default 0.5               */
    ct_real beta3;        /* step growth while the sign holds, > 1; default 1.3                */
    ct_real bisect_tol;   /* bisection stops when max |lambda - lambda_prev| < this, > 0;
                             default 1e-12 in double, 1e-6 in float ([Hwangbo18]: 1 uNs) */
    int bisect_iters;     /* cap of each of the two loops of the bisection, >= 1; default 100 */
    ct_real es_tol;       /* RAISIM_DS_ES: stop when |f_k - f_k-1| / I_total <= es_tol, > 0;
                             default 1e-12                                                    */
    ct_real mass_sum;     /* RAISIM_DS_ES: I_total = sum diag(M) if known (> 0); 0: use the
                             normalization n^2 / tr(G + R) (docs/math.md); default 0          */
} ct_raisim_settings;

/* STAGGERED knobs ([LeLidec24] Alg. 7; defaults from ContactBench). */
typedef struct ct_staggered_settings {
    int inner_iters;      /* ADMM iterations per subproblem at most, >= 1; default 100         */
    int lcp;              /* 0: disks (NCP), 1: boxes (LCP); default 0                         */
} ct_staggered_settings;

/* The ADMM penalty rule, applied every admm.update_every iterations (sooner while it keeps
   moving rho one way: admm.update_adapt). */
typedef enum ct_rho_rule {
    CT_RHO_SPECTRAL = 0, /* rho = sqrt(m L) kappa^p, p +-= rho_power_step ([Carpentier24] eq. 45-46)  */
    CT_RHO_LINEAR = 1,   /* rho *= or /= linear_factor (residual balancing, [Carpentier24] eq. 44)   */
    CT_RHO_FIXED = 2     /* rho = rho0 throughout ([Tsounis25]: rho0 = 1 works on its problems)   */
} ct_rho_rule;

/* ADMM_NCP / ADMM_CCP knobs ([Carpentier24] Sec. III; defaults from its reference implementation,
   see docs). */
typedef struct ct_admm_settings {
    ct_real eta;          /* proximal weight, >= 0, > 0 with the spectral rule ([Carpentier24]
                             eq. 35; with R = 0 it is the only positive lower bound m of the
                             spectrum), <= 1e150 (float 1e15); default 1e-6                   */
    ct_rho_rule rule;     /* penalty rule; default CT_RHO_SPECTRAL                             */
    ct_real rho0;         /* initial rho of the linear and fixed rules, in (0, 1e150]; default 1 */
    ct_real linear_factor; /* tau_inc = tau_dec of the linear rule, in (1, 1e150]; default 2  */
    ct_real rho_power;    /* initial exponent p of rho = sqrt(m L) kappa^p, in [-100, 100] (rho
                             stays within the range of the updates); default 0.2              */
    ct_real rho_power_step; /* spectral step of p ([Carpentier24] eq. 46); default 0.05             */
    ct_real ratio;        /* primal/dual ratio that triggers a rho change, > 1; default 10     */
    int update_every;     /* apply the penalty rule every k iterations, >= 1; default 10       */
    int update_adapt;     /* 1: sooner while rho keeps moving one way and the residuals stay
                             ratio^2 apart (the gap halved each time, down to 1; at most
                             update_every such applications a solve); 0: every update_every
                             iterations exactly; default 1                                    */
    int power_iters;      /* power iterations for L = lambda_max(G + R), >= 1; default 20      */
    ct_real over_relax;   /* over-relaxation alpha of the x-step, (0, 2); default 1 (none)     */
    int warm_rho;         /* 1: start from the penalty the solver object holds (its last
                             ADMM solve, or ct_solver_state_set; spectral: its exponent p;
                             linear: rho); 0: from the rule's start. ct_solve holds none;
                             default 0                                                        */
    int warm_dual;        /* 1: start the dual variable z from the solver object (its last
                             ADMM solve, or ct_solver_state_set); 0: from z = v(y) +
                             Gamma(v(y)); ct_solve holds none; default 0                      */
    int screen;           /* 1: score an iterate (a product by G) only when the criterion at
                             the velocity the x-step yields for free, corrected by the bias the
                             last exact check measured, meets the tolerance, and every 20th
                             check (10th below n = 16); 0: every check scores; off while
                             settings.history records; default 1                              */
} ct_admm_settings;

/* One iteration's record (settings.history). */
typedef struct ct_history_entry {
    int iteration;     /* 1-based                                                          */
    ct_real rho;       /* ADMM penalty of this iteration (0 for other methods)              */
    ct_real primal;    /* ADMM: ||x - y||_inf ([Carpentier24] eq. 40); -1 for other methods      */
    ct_real dual;      /* ADMM: ||eta dx + rho dy||_inf (eq. 41); -1 for other methods     */
    ct_real criterion; /* the stopping measure (settings.stop) of the method's flavor, or -1
                          when it was not evaluated in this iteration                      */
} ct_history_entry;

/* Progress and cancellation (settings.progress, settings.clock). A solve polls them every
   settings.poll_every iterations of any loop (sweeps, ADMM iterations, Newton steps, line-search
   trials, STAGGERED's inner ADMM iterations), so the time between two polls is bounded by one
   iteration or one factorization. A nonzero return of progress, or clock(user) - its value at
   the start above time_limit, stops the solve with CT_STATUS_INTERRUPTED: lambda and v hold the
   last iterate, scored like any other answer. A solve stopped by a clock is not reproducible. */
typedef struct ct_progress {
    int iterations;        /* iterations so far (ct_info.iterations' count)                    */
    int newton_iterations; /* Newton steps so far                                              */
    int factorizations;    /* factorizations so far                                            */
    ct_real residual;      /* the loop's cheap residual: ADMM max(primal, dual), a sweep's
                              largest update, Newton's ||F||; -1 when the loop has none        */
} ct_progress;
typedef int (*ct_progress_fn)(void *user, const ct_progress *p);
typedef double (*ct_clock_fn)(void *user);

/* An optional caller buffer that ct_solve fills with the first `capacity` iterations. */
typedef struct ct_history {
    ct_history_entry *entries; /* caller's array of capacity entries                       */
    int capacity;              /* >= 0                                                      */
    int count;                 /* written by ct_solve: the entries filled                  */
} ct_history;

/* NEWTON_NCP, PROX_NCP and the Newton phases of HYBRID_NCP (semismooth Newton on the rigid
   NCP). Newton's regularization sigma is relative: sigma D with D = diag(1 / rho), each row's
   own scale; PROX's proximal term is uniform: sigma d I, d the mean of the rows' 1 / rho. */
typedef struct ct_nsn_settings {
    ct_real sigma_c;      /* Newton: sigma = sigma_c e (e the relative error: Levenberg-
                             Marquardt-like, vanishing at the solution), >= 0; default 0.1    */
    ct_real sigma_cap;    /* the largest sigma of that rule, > 0; default 1                    */
    int ls_memory;        /* nonmonotone line search: the last M merits (1: monotone Armijo),
                             1..32; default 5 ([Grippo86])                                    */
    ct_real ls_gamma;     /* sufficient decrease, (0, 0.5); default 1e-4                       */
    int ls_max;           /* halvings of the step at most, >= 1; default 20                    */
    int stall_iters;      /* STALLED when the error did not halve in this many accepted steps
                             (PROX: decrease by 10 % over this many centres), >= 1; default 30 */
    ct_real prox_c;       /* PROX: at a new centre sigma = min(prox_c e, sigma / 10), > 0;
                             default 5 (Siconos' constant)                                    */
    ct_real prox_rtol;    /* PROX: a subproblem is solved when its merit fell by this factor,
                             (0, 1); default 0.1                                              */
    int prox_inner;       /* PROX: Newton steps per subproblem at most, >= 1; default 20       */
} ct_nsn_settings;

/* HYBRID_NCP: max_iter bounds its PGS sweeps and ADMM iterations, these its Newton phases. */
typedef struct ct_hybrid_settings {
    int newton_first;     /* Newton steps from the start before any ADMM (0: ADMM first; the
                             stall rule newton_stall ends it sooner), >= 0; default 100       */
    int prox_first;       /* then PROX steps from the start again (not from Newton's point)
                             before any ADMM, >= 0; default 400                               */
    int ipm_max;          /* then interior-point iterations (a Newton phase follows them),
                             before any ADMM; 0: none; >= 0; default 300                      */
    ct_real pgs_budget;   /* before all that, PGS_NCP sweeps worth this fraction of one Newton
                             factorization (kept only if they converge), >= 0; default 0.25   */
    int chunk;            /* ADMM iterations between two looks at the contact modes, >= 1;
                             default 10                                                       */
    int stable_chunks;    /* chunks with unchanged modes before Newton takes over, >= 1;
                             default 2                                                        */
    ct_real switch_tol;   /* ... and the relative error below this, > 0; default 1e-2         */
    int admm_phase;       /* Newton takes over anyway after this many ADMM iterations, >= 1;
                             default 200                                                      */
    int newton_max;       /* Newton steps per Newton phase at most, >= 1; default 50           */
    int newton_stall;     /* stall_iters of those phases, >= 1; default 10                     */
    int prox_max;         /* Newton steps of each PROX phase (every phase after the first
                             failed one) at most, >= 1; default 1000                          */
    int max_phases;       /* phases at most, >= 1; default 20                                 */
} ct_hybrid_settings;

/* NEWTON_SOFT knobs ([Castro23] Sec. X; defaults from Drake's SAP solver). */
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
    ct_real sym_tol;       /* |G_ij - G_ji| <= sym_tol max|G_ii| accepted and solved as given
                              (ct_info.asymmetry); above: CT_ERROR_NOT_SYMMETRIC; 0 refuses any
                              asymmetry; default 1e-2                                          */
    int scale;             /* 1: solve the problem equilibrated by one power-of-two scale per
                              contact block and per joint or limit row, d^(-1/4) for a block of
                              mean diagonal d relative to the rows' geometric mean (the
                              friction cones kept; none when the scales span at most a factor
                              of two), undone inside the solve; stop tests and ct_info are on
                              the given problem; dense or block-sparse G, not the SOFT flavor;
                              costs a scaled copy of G in the workspace; default 0             */
    ct_pgs_settings pgs;
    ct_admm_settings admm;
    ct_raisim_settings raisim;
    ct_staggered_settings staggered;
    ct_history *history;   /* NULL (default) or a buffer that receives per-iteration records  */
    ct_progress_fn progress; /* NULL (default) or polled during the solve: nonzero stops it    */
    ct_clock_fn clock;     /* NULL (default) or the caller's clock (seconds), for time_limit   */
    void *user;            /* passed to progress and clock                                     */
    ct_real time_limit;    /* seconds by clock from the solve's start; 0: none (default)       */
    int poll_every;        /* progress and clock are polled every k iterations, Newton steps or
                              line-search trials (inner loops count too), >= 1; default 1     */
    ct_newton_settings newton;
    ct_nsn_settings nsn;
    ct_hybrid_settings hybrid;
} ct_settings;

/* Residuals of a point (lambda, v), each the maximum over constraints of the per-constraint
   Euclidean quantity ([LeLidec24]'s definition; a component-wise infinity norm can be smaller by
   up to sqrt(3)), with the first row of the worst constraint (-1 when there is none). */
typedef struct ct_residuals {
    ct_real primal;    int primal_row;    /* distance of lambda to K                           */
    ct_real dual;      int dual_row;      /* distance of v (+ Gamma) to K*; |v| on bilateral   */
    ct_real comp;      int comp_row;      /* |<lambda, v (+ Gamma)>| per contact / unilateral   */
    ct_real natmap;    int natmap_row;    /* ||lambda - P_K(lambda - (v + Gamma))||; SIGNORINI:
                                             Preclik's model residual ||B_i (l_i - l_i*)||    */
    ct_real signorini; int signorini_row; /* |lambda_n v_n| (contacts and unilateral rows)     */
    ct_real absolute;  int absolute_row;  /* max(primal, dual, comp): [LeLidec24]'s eps_abs;
                                             SIGNORINI: natmap too                            */
    ct_real relative;  /* ||F||_2 / max(||g||, ||lambda||, ||v||), Siconos' error; 0 if all 0  */
} ct_residuals;

typedef struct ct_info {
    ct_status status;       /* outcome                                                        */
    int error_index;        /* on a validation error: the first offending row (NON_FINITE,
                               OUT_OF_RANGE in a vector, NOT_SYMMETRIC: row i of the first pair
                               (i, j), NOT_PSD: the first row of the block, NEGATIVE_COMPLIANCE),
                               contact (NEGATIVE_FRICTION) or entry; -1 when none applies     */
    const char *error_field; /* on a validation error: the input ("G", "Gs", "Gop", "g", "mu",
                               "R", "lambda", "soft") or the settings field ("tol_abs",
                               "admm.eta", ...) at fault; NULL when none applies              */
    ct_method method;       /* the method that ran                                            */
    ct_flavor flavor;       /* the law the method solves (its stopping flavor)                */
    int iterations;         /* iterations (sweeps, Newton steps) done: for HYBRID_NCP its PGS
                               sweeps, ADMM iterations and Newton steps together             */
    int factorizations;     /* factorizations done (Cholesky, LU)                             */
    int newton_iterations;  /* Newton steps (NEWTON_NCP, PROX_NCP, HYBRID_NCP, NEWTON_SOFT)    */
    int line_search_steps;  /* trial points of the line searches beyond the first of a step
                               (NEWTON_NCP, PROX_NCP, HYBRID_NCP, NEWTON_SOFT)                */
    int linear_solves;      /* solves with a factorization                                    */
    ct_real rho;            /* final ADMM penalty (0 for other methods)                       */
    int reused;             /* what came from the solver object: CT_REUSED_* bits             */
    ct_residuals ncp;       /* NCP residuals of the returned point (every method)             */
    ct_residuals model;     /* residuals of the returned point in the method's flavor         */
    size_t workspace_peak;  /* workspace bytes this solve used                                */
    ct_real asymmetry;      /* max |G_ij - G_ji| / max |G_ii| of the problem (0: symmetric; an
                               operator G: 0, its off-diagonal part is not seen); accepted up
                               to settings.sym_tol and solved as given (docs/robustness.md)   */
} ct_info;

/* Caller-owned memory for ct_solve. Treat as opaque. ct_solve keeps nothing in it between
   calls: every call starts afresh (the solver object below is the way to keep state). */
typedef struct ct_workspace {
    unsigned char *base;    /* aligned start                                                  */
    size_t size;            /* usable bytes from base                                         */
    void *mem;              /* what ct_workspace_alloc got (NULL for ct_workspace_init)       */
    void *alloc_ctx;        /* allocator context passed to CONTACT_MALLOC / CONTACT_FREE     */
} ct_workspace;

/* What one solve of a solver object leaves for the next: plain data, copyable. Get it with
   ct_solver_state_get (with the dual vector, n entries, if wanted), store it anywhere, put it
   back with ct_solver_state_set, or forget it with ct_solver_reset. A solve uses it only when
   the settings ask (admm.warm_rho, admm.warm_dual). */
typedef struct ct_solver_state {
    int has_rho;        /* rho below is the penalty of the last ADMM solve (or was set)       */
    ct_real rho;        /* > 0                                                                */
    int has_rho_power;  /* rho_power is its exponent p under the spectral rule (else p is
                           derived from rho on the current spectrum)                          */
    ct_real rho_power;
    int has_dual;       /* the solver holds a dual vector z (n entries)                       */
} ct_solver_state;

/* The solver object: a problem set up once (validated, ordered, factored) and solved many
   times while g, mu, R or the settings change, in the way of OSQP's setup / update / solve
   ([Stellato20]). Made on caller memory: ct_solver_size, then ct_solver_init (or
   ct_solver_alloc). Its fields are read-only for the caller; state is the copyable part.
   ct_solver is not itself copyable (it points into its memory). */
typedef struct ct_solver {
    ct_workspace ws;        /* its memory                                                     */
    ct_problem problem;     /* the problem of the setup (pointers to the caller's arrays)     */
    ct_settings settings;   /* the settings of the setup or the last update                   */
    ct_solver_state state;  /* what the last solve left (copyable)                            */
    int ready;              /* 1 after a successful ct_solver_setup                           */
    long nnzl;              /* blocks of the sparse factor (block-sparse G with ADMM), else -1 */
    unsigned cache;         /* private: which precomputations of the setup are valid          */
    ct_real cache_shift;    /* private: the shift of the held factorization                   */
    ct_real cache_lmax;     /* private: lambda_max(G + R) of the spectral penalty rule        */
    int cache_rank;         /* private: the rank of NEWTON_SOFT's factor of G                 */
    ct_real asym;           /* private: ct_info.asymmetry of the problem                      */
    size_t peak;            /* private: ct_info.workspace_peak of the method (0: not known)   */
} ct_solver;


/* Defaults of ct_default_settings() (the Newton knobs are Drake's; see their fields). */
#define CT_DEFAULT_MAX_ITER 1000
#ifdef CONTACT_USE_FLOAT
#define CT_DEFAULT_TOL_ABS ((ct_real)1e-4)
#define CT_DEFAULT_TOL_REL ((ct_real)1e-5)
#define CT_DEFAULT_SYM_TOL ((ct_real)1e-2)
#define CT_DEFAULT_STOP CT_STOP_ABSOLUTE
#else
#define CT_DEFAULT_TOL_ABS ((ct_real)1e-8)
#define CT_DEFAULT_TOL_REL ((ct_real)1e-8)
#define CT_DEFAULT_SYM_TOL ((ct_real)1e-2)
#define CT_DEFAULT_STOP CT_STOP_ABSOLUTE
#endif
#define CT_DEFAULT_PGS_OMEGA ((ct_real)1)
#define CT_DEFAULT_ADMM_ETA ((ct_real)1e-6)       /* [Carpentier24] Sec. III-C, Pinocchio mu_prox  */
#define CT_DEFAULT_ADMM_RHO_POWER ((ct_real)0.2)  /* Pinocchio rho_power (paper: none)       */
#define CT_DEFAULT_ADMM_RHO_STEP ((ct_real)0.05)  /* [Carpentier24] Sec. III-F                    */
#define CT_DEFAULT_ADMM_RATIO ((ct_real)10)       /* Pinocchio ratio_primal_dual            */
#define CT_DEFAULT_ADMM_UPDATE_EVERY 10           /* measured: docs/methods.md              */
#define CT_DEFAULT_ADMM_POWER_ITERS 20            /* Pinocchio max_it_largest_eigen_value   */
#define CT_DEFAULT_RAISIM_ALPHA ((ct_real)1)      /* [Hwangbo18] Sec. V-C                      */
#define CT_DEFAULT_RAISIM_ALPHA_MIN ((ct_real)0.7) /* [Hwangbo18] Sec. V-C                     */
#define CT_DEFAULT_RAISIM_GAMMA ((ct_real)0.99)   /* [Hwangbo18] Sec. V-C                      */
#define CT_DEFAULT_RAISIM_BETA1 ((ct_real)1e-2)   /* ContactBench (not in [Hwangbo18])         */
#define CT_DEFAULT_RAISIM_BETA2 ((ct_real)0.5)    /* ContactBench                           */
#define CT_DEFAULT_RAISIM_BETA3 ((ct_real)1.3)    /* ContactBench                           */
/* [Hwangbo18] Sec. V-B bisects to 1 uNs; RAISIM's accuracy in its own model (the SIGNORINI
   model residual, which uses the exact local solve) is bounded by that bracket, so double's
   default is 1e-12 to let RAISIM meet the default tolerance 1e-8 (float keeps 1e-6) */
#ifdef CONTACT_USE_FLOAT
#define CT_DEFAULT_RAISIM_BISECT_TOL ((ct_real)1e-6) /* [Hwangbo18] Sec. V-B: 1 uNs          */
#else
#define CT_DEFAULT_RAISIM_BISECT_TOL ((ct_real)1e-12) /* meets tol 1e-8 in the exact model    */
#endif
#define CT_DEFAULT_RAISIM_BISECT_ITERS 100        /* ContactBench's cap                     */
#define CT_DEFAULT_RAISIM_ES_TOL ((ct_real)1e-12)
#define CT_DEFAULT_STAGGERED_INNER 100            /* ContactBench max_inner_iter            */
#define CT_DEFAULT_NSN_SIGMA_C ((ct_real)0.1)     /* measured: docs/methods.md              */
#define CT_DEFAULT_NSN_LS_MEMORY 5                /* [Grippo86]'s M, measured               */
#define CT_DEFAULT_NSN_STALL 30
#define CT_DEFAULT_NSN_PROX_C ((ct_real)5)        /* Siconos' PROX                          */
#define CT_DEFAULT_HYBRID_NEWTON_FIRST 100

/* CT_WORKSPACE_BOUND(method, nb, nu, nc): a compile-time upper bound of ct_workspace_size
   (a dense G), a constant expression when its arguments are, for a static buffer:
       static unsigned char mem[CT_WORKSPACE_BOUND(CT_METHOD_PGS_NCP, 0, 0, 8)];
   Each array of a method's layout is rounded up to 64 bytes; 63 more align the caller's
   pointer. The suite checks it against ct_workspace_size for every method. */
#define CT__WS_ARR(count, size) ((((size_t)(count) * (size_t)(size)) + 63u) / 64u * 64u)
#define CT__WS_R(count) CT__WS_ARR(count, sizeof(ct_real))
#define CT__WS_I(count) CT__WS_ARR(count, sizeof(int))
#define CT__WS_N(nb, nu, nc) ((size_t)(nb) + (size_t)(nu) + 3u * (size_t)(nc))
/* the Gauss-Seidel family: the previous iterate, steps, blocks and their inverses, a product */
#define CT__WS_GS(nb, nu, nc) (3u * CT__WS_R(CT__WS_N(nb, nu, nc)) + CT__WS_R(18u * (size_t)(nc)))
/* ADMM: six vectors, the n x n factor and the Cholesky's scratch (16 n) */
#define CT__WS_ADMM(nb, nu, nc)                                                                   \
    (6u * CT__WS_R(CT__WS_N(nb, nu, nc)) + CT__WS_R(CT__WS_N(nb, nu, nc) * CT__WS_N(nb, nu, nc)) +  \
     CT__WS_R(16u * CT__WS_N(nb, nu, nc)))
/* STAGGERED: ADMM's plus the row indices, the disk radii and a product */
#define CT__WS_STAG(nb, nu, nc)                                                                   \
    (CT__WS_ADMM(nb, nu, nc) + CT__WS_I(CT__WS_N(nb, nu, nc)) + CT__WS_R(nc) +                      \
     CT__WS_R(CT__WS_N(nb, nu, nc)))
/* NEWTON_SOFT: ten vectors, three n x n matrices, the scratch, the Hessians, the pivots */
#define CT__WS_NEWTON(nb, nu, nc)                                                                 \
    (10u * CT__WS_R(CT__WS_N(nb, nu, nc)) +                                                        \
     3u * CT__WS_R(CT__WS_N(nb, nu, nc) * CT__WS_N(nb, nu, nc)) + CT__WS_R(16u * CT__WS_N(nb, nu, nc)) + \
     CT__WS_R(2u * (9u * (size_t)(nc) + (size_t)(nb) + (size_t)(nu))) + CT__WS_I(CT__WS_N(nb, nu, nc)))
/* NEWTON_NCP, PROX_NCP: the n x n Newton matrix, fifteen vectors, A and B, five int vectors */
#define CT__WS_NSN(nb, nu, nc)                                                                    \
    (CT__WS_R(CT__WS_N(nb, nu, nc) * CT__WS_N(nb, nu, nc)) + 15u * CT__WS_R(CT__WS_N(nb, nu, nc)) + \
     2u * CT__WS_R(9u * ((size_t)(nb) + (size_t)(nu) + (size_t)(nc))) + 5u * CT__WS_I(CT__WS_N(nb, nu, nc)))
/* HYBRID_NCP's interior-point phase: nine vectors, two 3x3 blocks and a scale per row group */
#define CT__WS_IPM(nb, nu, nc)                                                                    \
    (9u * CT__WS_R(CT__WS_N(nb, nu, nc)) + 2u * CT__WS_R(9u * ((size_t)(nb) + (size_t)(nu) + (size_t)(nc))) + \
     CT__WS_R((size_t)(nb) + (size_t)(nu) + (size_t)(nc)))
/* settings.scale's arrays (the scaled copy of a dense G, g, R, the scales and a point, and
   the saved caller's lambda and v): CT_WORKSPACE_BOUND(...) + CT_WORKSPACE_SCALE_EXTRA(nb, nu,
   nc) bounds ct_workspace_size with scale = 1 */
#define CT_WORKSPACE_SCALE_EXTRA(nb, nu, nc)                                                      \
    (CT__WS_R(2u * CT__WS_N(nb, nu, nc)) +                                                          \
     CT__WS_R(5u * CT__WS_N(nb, nu, nc) + CT__WS_N(nb, nu, nc) * CT__WS_N(nb, nu, nc)))
#define CT_WORKSPACE_BOUND(method, nb, nu, nc)                                                    \
    ((size_t)63 + ((method) == CT_METHOD_ADMM_NCP || (method) == CT_METHOD_ADMM_CCP              \
                       ? CT__WS_ADMM(nb, nu, nc) + CT__WS_R(2u * CT__WS_N(nb, nu, nc))            \
                   : (method) == CT_METHOD_STAGGERED                                          \
                       ? CT__WS_STAG(nb, nu, nc) + CT__WS_R(2u * CT__WS_N(nb, nu, nc))            \
                   : (method) == CT_METHOD_NEWTON_SOFT ? CT__WS_NEWTON(nb, nu, nc)                \
                   : (method) == CT_METHOD_NEWTON_NCP || (method) == CT_METHOD_PROX_NCP           \
                       ? CT__WS_NSN(nb, nu, nc)                                                   \
                   : (method) == CT_METHOD_HYBRID_NCP                                             \
                       ? CT__WS_ADMM(nb, nu, nc) + CT__WS_R(2u * CT__WS_N(nb, nu, nc)) +          \
                             CT__WS_GS(nb, nu, nc) + CT__WS_IPM(nb, nu, nc) + CT__WS_NSN(nb, nu, nc) \
                       : CT__WS_GS(nb, nu, nc)))

/* >>api ---------------------------------------------------------------------------------- */
/* --- group: Version and strings --- */
CT_API const char *ct_version(void);
/* Short names for logs ("converged", "G not symmetric"), and one sentence each. */
CT_API const char *ct_result_string(ct_result r);
CT_API const char *ct_result_explain(ct_result r);
CT_API const char *ct_status_string(ct_status s);
CT_API const char *ct_status_explain(ct_status s);
CT_API const char *ct_method_string(ct_method m);

/* --- group: Settings --- */
CT_API ct_settings ct_default_settings(void);
/* [Hwangbo18]'s PGS baseline for comparisons (its Sec. V-C): PGS_NCP with a constant
   under-relaxation omega = 0.6. */
CT_API ct_settings ct_settings_pgs_underrelaxed(void);
/* The law a method solves, i.e. the flavor of its stopping test and of ct_info.model. */
CT_API ct_flavor ct_method_flavor(const ct_settings *s);
/* CT_OK, or CT_ERROR_INVALID_SETTINGS when a field is out of range (ct_solve and
   ct_solver_setup name it in ct_info.error_field); the fields of every compiled method family
   are checked, whichever method is selected. */
CT_API ct_result ct_settings_validate(const ct_settings *s);

/* --- group: Problem --- */
/* A problem with a dense G and no R, soft model, Gs or Gop (assign those fields after). */
CT_API ct_problem ct_problem_dense(int nb, int nu, int nc, const ct_real *G, const ct_real *g,
                                   const ct_real *mu);
/* Checks pointers, sizes, finiteness, mu >= 0, R >= 0, symmetry of G within sym_tol (relative
   to max |G_ii|), and the necessary PSD conditions G_ii >= -tau and each contact's 3x3 block
   + tau I positive definite, tau = sqrt(eps) max |G_ii|; a negative eigenvalue no
   diagonal block shows is detected where a method factors G. (ct_solve and ct_solver_setup
   name the culprit in ct_info.error_index and error_field.) */
CT_API ct_result ct_problem_validate(const ct_problem *p, ct_real sym_tol);

/* --- group: Workspace --- */
/* Bytes needed for these dimensions, settings.method and a dense G (the compile-time
   CT_WORKSPACE_BOUND below is never smaller). */
CT_API ct_result ct_workspace_size(int nb, int nu, int nc, const ct_settings *s, size_t *bytes);
/* Bytes for this problem: ct_workspace_size for a dense G; for a block-sparse G with ADMM the
   size depends on the fill of its sparse Cholesky, which this computes (the minimum-degree
   ordering, with temporary memory from CONTACT_MALLOC; with CONTACT_NO_MALLOC the bound of a
   dense factor, ng (ng - 1) / 2 blocks). */
CT_API ct_result ct_workspace_size_problem(const ct_problem *p, const ct_settings *s, size_t *bytes);
/* A workspace on the caller's memory: mem of any alignment, bytes at least the size query's
   (a solve refuses less with CT_ERROR_WORKSPACE_TOO_SMALL, whatever mem's alignment). */
CT_API ct_result ct_workspace_init(ct_workspace *ws, void *mem, size_t bytes);
#ifndef CONTACT_NO_MALLOC
CT_API ct_result ct_workspace_alloc(ct_workspace *ws, int nb, int nu, int nc, const ct_settings *s,
                                    void *alloc_ctx);
CT_API void ct_workspace_free(ct_workspace *ws);
CT_API ct_result ct_workspace_alloc_problem(ct_workspace *ws, const ct_problem *p, const ct_settings *s,
                                            void *alloc_ctx);
#endif

/* --- group: Solving --- */
/* Solve. lambda (n) is read as the warm start (unless settings.warm_start = 0) and receives
   the answer; v (n) receives (G + R) lambda + g. info may be NULL. On an error return lambda
   and v are untouched. Nothing is kept in ws between calls. Aliasing: lambda, v and the
   workspace must not share memory with each other or with the problem's arrays; lambda == v
   and outputs inside G or g are refused (CT_ERROR_INVALID_ARGUMENT, error_field "lambda/v"),
   other overlaps (with mu, R, a sparse G, the workspace) are not checked. */
CT_API ct_result ct_solve(const ct_problem *p, const ct_settings *s, ct_workspace *ws,
                          ct_real *lambda, ct_real *v, ct_info *info);

/* --- group: Solver object --- */
/* Memory for a solver object of this problem and settings (as ct_workspace_size_problem). */
CT_API ct_result ct_solver_size(const ct_problem *p, const ct_settings *s, size_t *bytes);
CT_API ct_result ct_solver_init(ct_solver *sv, void *mem, size_t bytes);
#ifndef CONTACT_NO_MALLOC
CT_API ct_result ct_solver_alloc(ct_solver *sv, const ct_problem *p, const ct_settings *s,
                                 void *alloc_ctx);
CT_API void ct_solver_free(ct_solver *sv);
#endif
/* Validates p and s once, computes what the method precomputes (the sparse ordering and
   symbolic factorization, the penalty's spectrum, the factorization of G + R + shift, the
   Gauss-Seidel blocks) and forgets any state. The arrays of p must stay valid (and unchanged
   unless announced by an update) until the next setup. info (may be NULL) receives the
   culprit of a validation error. */
CT_API ct_result ct_solver_setup(ct_solver *sv, const ct_problem *p, const ct_settings *s,
                                 ct_info *info);
/* New g and mu (arrays of the same sizes; NULL keeps the current one; the same pointer with new
   contents is fine): only they are validated (finite, in range, mu >= 0; O(n): G was
   validated by the setup and cannot change here); every precomputation is kept. */
CT_API ct_result ct_solver_update_vectors(ct_solver *sv, const ct_real *g, const ct_real *mu);
/* New R (NULL: rigid): validated; the factorization and the blocks are recomputed by the next
   solve. */
CT_API ct_result ct_solver_update_compliance(ct_solver *sv, const ct_real *R);
/* New values of G in the same form and, for a block-sparse G, the same pattern (row_ptr, col):
   validated; the sparse ordering is kept, the rest is recomputed by the next solve. A new
   pattern, size or form needs ct_solver_setup (CT_ERROR_NO_SETUP). */
CT_API ct_result ct_solver_update_matrix(ct_solver *sv, const ct_problem *p);
/* New settings (the method included): validated; what depends on them is recomputed by the
   next solve. */
CT_API ct_result ct_solver_update_settings(ct_solver *sv, const ct_settings *s);
/* Solve the set-up problem: as ct_solve, with the precomputations of the setup and, when the
   settings ask, the state of the last solve. The answer is bitwise the one ct_solve gives for
   the same inputs unless the settings ask for the state (admm.warm_rho, admm.warm_dual). */
CT_API ct_result ct_solver_solve(ct_solver *sv, ct_real *lambda, ct_real *v, ct_info *info);
/* The state (st) and, if dual is not NULL, the dual vector (n) of the last solve:
   CT_ERROR_NO_SETUP without a setup; dual needs st->has_dual (else CT_ERROR_INVALID_VALUE). */
CT_API ct_result ct_solver_state_get(const ct_solver *sv, ct_solver_state *st, ct_real *dual);
/* Put a state back (from ct_solver_state_get, possibly of another solver of the same sizes, or
   filled by hand): rho > 0 and finite when has_rho, dual (n, finite) when has_dual. */
CT_API ct_result ct_solver_state_set(ct_solver *sv, const ct_solver_state *st, const ct_real *dual);
/* Forget the state (the precomputations stay). */
CT_API ct_result ct_solver_reset(ct_solver *sv);

#ifdef CT__HAS_DERIVATIVES
/* --- group: Derivatives --- */
/* Derivatives of an answer (lambda, v) of ct_solve by the implicit function theorem at that
   point itself ([Castro23] Sec. X-B), for the law of settings.method's flavor:
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
   soft models they enter the kernels: CT_ERROR_INVALID_VALUE). ws: a workspace of
   ct_derivatives_size bytes (one sized for CT_METHOD_NEWTON_SOFT is large enough). LCP and
   SIGNORINI flavors: CT_ERROR_INVALID_SETTINGS. G dense or block-sparse. */
CT_API ct_result ct_derivatives_size(int nb, int nu, int nc, size_t *bytes);
CT_API ct_result ct_jvp(const ct_problem *p, const ct_settings *s, ct_workspace *ws,
                        const ct_real *lambda, const ct_real *v, const ct_real *dg,
                        const ct_real *dG, const ct_real *dmu, const ct_real *dR,
                        ct_real *dlambda, ct_real *dv, int *lambda_unique);
CT_API ct_result ct_vjp(const ct_problem *p, const ct_settings *s, ct_workspace *ws,
                        const ct_real *lambda, const ct_real *v, const ct_real *lbar,
                        const ct_real *vbar, ct_real *gbar, ct_real *Gbar, ct_real *mubar,
                        ct_real *Rbar, int *lambda_unique);
#endif

#ifdef CT__HAS_INVERSE
/* --- group: Inverse dynamics --- */
/* Inverse dynamics ([Carpentier24] Sec. IV, Alg. 2): given the target constraint velocities
   c = p->g (J v_ref plus biases), the compliance p->R (NULL: rigid) and p->mu, find lambda in
   K with sigma = R lambda + c and K contains lambda _|_ sigma + Gamma(sigma) in K* (NCP flavor)
   or sigma in K* (CCP flavor: settings.method ADMM_CCP; ADMM_NCP for NCP; other methods:
   CT_ERROR_INVALID_SETTINGS). p->G is not used (may be NULL). The proximal weight is
   settings.admm.eta (needed > 0 when a row has R = 0, where it is the only curvature;
   [Carpentier24] uses 1e-8). Each contact's two tangent rows need equal R (the metric projection
   is analytic then), else CT_ERROR_ANISOTROPIC_COMPLIANCE. No workspace: O(n) per iteration.
   lambda: warm start (settings.warm_start) and answer; sigma (n) receives R lambda + c. An
   infeasible target (a sliding c with R = 0 for the CCP) stops with
   CT_STATUS_NUMERICAL_FAILURE and finite outputs. */
CT_API ct_result ct_inverse_dynamics(const ct_problem *p, const ct_settings *s, ct_real *lambda,
                                     ct_real *sigma, ct_info *info);
#endif

#ifdef CT__HAS_COMPLIANCE
/* --- group: Compliance --- */
/* Compliance helpers: fill R (n entries, only the rows or contacts named are written) and
   vref (n, may be NULL), the reference velocity to ADD to g (g_used = g + vref), from the
   parameters users already have. Units: impulses (lambda in N s, g in m/s); when solving for
   forces (g divided by dt) R is unchanged and vref is divided by dt too. p gives the sizes and
   G (its diagonal blocks); rows are numbered as in the problem.
   MuJoCo ([Tsounis25] eq. 103-113) on rows [row0, row0 + rows): solref = (timeconst,
   dampratio), or (-stiffness, -damping) for the direct form; solimp = (dmin, dmax, width,
   midpoint, power); timeconst is raised to 2 dt (MuJoCo's refsafe). pos (n; NULL: 0) is the
   constraint violation r (the signed distance on a contact normal row), vel (n; NULL: 0) the
   constraint velocity at the start of the step. R_j = (1 - d_j)/d_j G_jj (a contact's three
   rows take its normal row's R_n: MuJoCo's elliptic cones with impratio 1, isotropic as the
   metric projections need) and vref_j = dt (b vel_j + k_j pos_j). tangent_ref = 0 leaves
   vref = 0 on contact tangent rows (keeps the De Saxce invariance the NCP solvers need,
   [Tsounis25] Sec. V-D); 1 is MuJoCo's choice. */
CT_API ct_result ct_compliance_mujoco(const ct_problem *p, int row0, int rows,
                                      const ct_real solref[2], const ct_real solimp[5],
                                      ct_real dt, const ct_real *pos, const ct_real *vel,
                                      int tangent_ref, ct_real *R, ct_real *vref);
/* The same with MuJoCo's diagonal approximation in place of G's diagonal: R_j = (1 - d_j)/d_j
   diag[jn] (diag: n entries, > 0 and finite on the rows named; MuJoCo's efc_diagApprox, the
   bodies' inverse weights, which MuJoCo uses so as not to form G's diagonal); G is not read
   (p may have no G). */
CT_API ct_result ct_compliance_mujoco_approx(const ct_problem *p, int row0, int rows,
                                             const ct_real solref[2], const ct_real solimp[5],
                                             ct_real dt, const ct_real *pos, const ct_real *vel,
                                             int tangent_ref, const ct_real *diag, ct_real *R,
                                             ct_real *vref);
/* Drake SAP ([Castro22]; [Castro23] Sec. V-A) on contacts [c0, c0 + count): w = ||G_ii||_F / 3,
   R_n = max(beta^2 w / (4 pi^2), 1 / (dt k (dt + tau_d))), R_t = sigma w, and
   vref_n = phi0 / (dt + tau_d) (phi0: nc signed distances at the start of the step, NULL:
   0). k > 0 (N/m), tau_d >= 0 (s), beta >= 0 (Drake: 1), sigma >= 0 (Drake: 1e-3). */
CT_API ct_result ct_compliance_sap(const ct_problem *p, int c0, int count, ct_real dt, ct_real k,
                                   ct_real tau_d, ct_real beta, ct_real sigma,
                                   const ct_real *phi0, ct_real *R, ct_real *vref);
/* ContactBench's variant (the reference implementation of [LeLidec24]):
   R_n = ||G_ii||_F / (4 pi^2), R_t = 1e-3 R_n, on contacts [c0, c0 + count); no reference
   velocity. */
CT_API ct_result ct_compliance_contactbench(const ct_problem *p, int c0, int count, ct_real *R);
/* A normal spring-damper, lambda_n = dt (-k phi - d v_n)+ with phi = phi0 + dt v_n, on
   contacts [c0, c0 + count): R_n = 1 / (dt (k dt + d)), vref_n = k phi0 / (k dt + d),
   tangent rows rigid (R_t = 0). k >= 0 (N/m), d >= 0 (N s/m), k dt + d > 0. */
CT_API ct_result ct_compliance_spring_damper(const ct_problem *p, int c0, int count, ct_real dt,
                                             ct_real k, ct_real d, const ct_real *phi0,
                                             ct_real *R, ct_real *vref);
#endif

/* --- group: Residuals --- */
/* v = (G + R) lambda + g */
CT_API ct_result ct_velocity(const ct_problem *p, const ct_real *lambda, ct_real *v);
/* The one scoring function every solver returns through. */
CT_API ct_result ct_criteria(const ct_problem *p, const ct_real *lambda, const ct_real *v,
                             ct_flavor flavor, ct_residuals *out);
/* Only what a stopping rule reads, bitwise as ct_criteria computes it: CT_STOP_RELATIVE the
   natural map and relative (with their rows), CT_STOP_ABSOLUTE primal, dual, comp and
   absolute; the other residual fields are -1 (signorini is always computed). The solvers'
   stopping tests use it. */
CT_API ct_result ct_criteria_rule(const ct_problem *p, const ct_real *lambda, const ct_real *v,
                                  ct_flavor flavor, ct_stop_rule rule, ct_residuals *out);
/* modes[i] (nc) = open if lambda_n <= tol, else stick if ||v_T|| <= tol, else slide. */
CT_API ct_result ct_contact_modes(const ct_problem *p, const ct_real *lambda, const ct_real *v,
                                  ct_real tol, ct_contact_mode *modes);

/* --- group: Cones and local laws --- */
/* Cones. 3-vectors are (t1, t2, n); out may alias x. mu >= 0; a mu above 1e150 (1e18 in
   float) is taken as that bound, so that mu * mu stays finite. */
CT_API void ct_project_cone(ct_real mu, const ct_real x[3], ct_real out[3]);      /* K_mu          */
CT_API void ct_project_dual_cone(ct_real mu, const ct_real x[3], ct_real out[3]); /* K_mu* = K_1/mu */
CT_API void ct_project_polar_cone(ct_real mu, const ct_real x[3], ct_real out[3]); /* -K_mu*       */
CT_API void ct_project_disk(ct_real r, const ct_real x[2], ct_real out[2]);       /* ||.|| <= r    */
/* 4-facet pyramid {x_n >= 0, |x_t1| <= mu x_n, |x_t2| <= mu x_n}: the Euclidean projection. */
CT_API void ct_project_pyramid(ct_real mu, const ct_real x[3], ct_real out[3]);
/* x_n fixed (clamped at 0), each tangential component clamped to [-mu x_n, mu x_n]. */
CT_API void ct_clamp_box_tangent(ct_real mu, const ct_real x[3], ct_real out[3]);
/* Projection onto K_mu in the metric diag(d) ([Carpentier24] after eq. 48); needs
   d[0] == d[1] > 0, d[2] > 0, else CT_ERROR_INVALID_VALUE. */
CT_API ct_result ct_project_cone_metric(ct_real mu, const ct_real d[3], const ct_real x[3],
                                        ct_real out[3]);
/* Onto K = R^nb x R+^nu x prod K_mu_i, and onto K* = {0}^nb x R+^nu x prod K_1/mu_i. */
CT_API void ct_project_constraints(int nb, int nu, int nc, const ct_real *mu, const ct_real *x,
                                   ct_real *out);
CT_API void ct_project_dual_constraints(int nb, int nu, int nc, const ct_real *mu,
                                        const ct_real *x, ct_real *out);
/* De Saxce term Gamma(v) = (0, 0, mu ||v_T||). */
CT_API void ct_desaxce(ct_real mu, const ct_real v[3], ct_real out[3]);
/* The single-contact laws of the per-contact methods: given a contact's block B = (G + R)_ii
   (3x3 row-major, symmetric PSD) and c = v_i - B lambda_i (its velocity without its own
   impulse), the impulse out of ([Hwangbo18] eq. 8, [Tsounis25] Alg. 4):
   CT_LOCAL_PRECLIK_EXACT Preclik's model solved exactly (NBGS), CT_LOCAL_PRECLIK_BISECT the
   same by [Hwangbo18]'s bisection with rs's knobs (RAISIM; rs NULL: the defaults),
   CT_LOCAL_COULOMB the Coulomb point of the sliding conic section (RAISIM_DS). A singular B is
   regularized as the sweeps do. */
typedef enum ct_local_law {
    CT_LOCAL_PRECLIK_EXACT = 0,
    CT_LOCAL_PRECLIK_BISECT = 1,
    CT_LOCAL_COULOMB = 2
} ct_local_law;
CT_API ct_result ct_local_contact(ct_local_law law, ct_real mu, const ct_real B[9],
                                  const ct_real c[3], const ct_raisim_settings *rs,
                                  ct_real out[3]);
/* Alart-Curnier's function of one contact ([AlartCurnier91]), the residual NEWTON_NCP zeroes:
   a = l_n - rho_n v_n, F_n = l_n - (a)_+, F_T = l_T - P_disk(mu (a)_+)(l_T - rho_t v_T), and
   an element of its generalized Jacobian, A = dF/dv and B = dF/dl (3x3 row-major, each may be
   NULL). Returns the contact's mode (0 open, 1 stick, 2 slide), or -1 for bad arguments
   (rho_n, rho_t > 0, mu >= 0, every input finite and at most CT_HUGE in magnitude) or an F
   that overflows. */
#ifdef CT__HAS_NSN
CT_API int ct_ac_function(ct_real mu, ct_real rho_n, ct_real rho_t, const ct_real l[3],
                          const ct_real v[3], ct_real F[3], ct_real *A, ct_real *B);
#endif
/* The soft models' kernel of contact i ([Castro23] Sec. IV): at the physical contact velocity
   vc (3), the potential *cost, the impulse gamma = -grad cost (3) and its Hessian H (3x3
   row-major, may be NULL), for p->soft (NULL: the regularized CCP of p->R). */
#ifdef CT__HAS_SOFT
CT_API ct_result ct_soft_kernel(const ct_problem *p, int i, const ct_real vc[3], ct_real *cost,
                                ct_real gamma[3], ct_real *H);
#endif

#ifdef CT__HAS_LINALG
/* --- group: Linear algebra --- */
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
/* Dense LU with partial pivoting, P A = L U, of a row-major n x n matrix in place (the unit
   lower L below the diagonal, U on and above); piv (n ints) gets the row swapped with row k at
   step k. The factor of NEWTON_NCP: blocked, LAPACK dgetrf's algorithm. CT_ERROR_NON_FINITE
   for a non-finite entry (a untouched); CT_ERROR_SINGULAR if a pivot is exactly zero, with
   *bad_pivot (may be NULL) its column (the factorization goes on past it). */
CT_API ct_result ct_lu_factor(ct_real *a, int n, int lda, int *piv, int *bad_pivot);
/* b <- A^-1 b (trans = 0) or A^-T b (trans != 0) with ct_lu_factor's factors */
CT_API void ct_lu_solve(const ct_real *lu, int n, int lda, const int *piv, ct_real *b, int trans);
/* For users with M and J: G = J M^-1 J^T (m x m) and, if vfree and g are not NULL,
   g = J vfree. M: (nv x nv) row-major SPD; J: (m x nv) row-major. scratch:
   ct_delassus_scratch_size(nv, m) elements. */
CT_API size_t ct_delassus_scratch_size(int nv, int m);
CT_API ct_result ct_delassus_from_mj(int nv, int m, const ct_real *M, const ct_real *J,
                                     const ct_real *vfree, ct_real *G, ct_real *g,
                                     ct_real *scratch);
#endif

#ifdef CT__HAS_SPARSE
/* --- group: Sparse storage --- */
/* Block-sparse form from a dense G: blocks (gi, gj) with an entry above drop_tol max |G_ii|
   (and every diagonal block). ct_sparse_count gives nnzb; ct_sparse_from_dense fills row_ptr
   (ng + 1), col (nnzb) and val (9 nnzb) for ng = nb + nu + nc groups. */
CT_API ct_result ct_sparse_count(int nb, int nu, int nc, const ct_real *G, ct_real drop_tol, int *nnzb);
CT_API ct_result ct_sparse_from_dense(int nb, int nu, int nc, const ct_real *G, ct_real drop_tol,
                                      int *row_ptr, int *col, ct_real *val);
#endif

#ifdef CT__HAS_IO
/* --- group: Problem files --- */
/* Write and read a problem in contact.h's text format (needs stdio and malloc; CONTACT_NO_IO
   removes it), to attach a failing problem to a bug report or to keep benchmark problems.
   Format:
       contact.h problem 1
       nb <nb> nu <nu> nc <nc> R <0|1>
       G <n lines of n numbers>  g <n numbers>  mu <nc numbers>  [R <n numbers>]  end
   Numbers are written with 17 significant digits (9 in float), so a double round-trips. */
typedef struct ct_problem_data {
    ct_problem problem;           /* points into the arrays below                          */
    ct_real *G, *g, *mu, *R;      /* owned; R is NULL when the file has none               */
} ct_problem_data;
CT_API ct_result ct_problem_write(const ct_problem *p, FILE *f);
/* Reads one problem; the arrays are allocated (CONTACT_MALLOC) only when the input can hold
   them: at most max_bytes more bytes are read, and the sizes declared must fit in them (each
   number takes at least two bytes). max_bytes = 0: the bytes left in f when it is seekable,
   else CONTACT_IO_MAX_BYTES (default 256 MiB). Numbers are tokens of at most 64 characters;
   nan, inf, values beyond the precision's range and overlong or malformed tokens are
   CT_ERROR_IO; sizes beyond the limits CT_ERROR_INVALID_SIZE. ct_problem_read(f, out) is
   ct_problem_read_max(f, 0, out). On an error out holds no arrays. */
CT_API ct_result ct_problem_read_max(FILE *f, size_t max_bytes, ct_problem_data *out);
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

/* >>determinism: no fused multiply-add contraction inside the implementation, whatever the
   caller's flags (-march with FMA lets a compiler contract a * b + c, which changes the rounding
   from one build to the next); restored at the implementation's end, so the caller's code is
   untouched. CONTACT_ALLOW_FP_CONTRACT keeps the caller's setting. GCC ignores the standard
   STDC FP_CONTRACT pragma (and warns under -Wall): it gets its optimize pragma. */
#ifndef CONTACT_ALLOW_FP_CONTRACT
#if defined(__clang__)
#pragma float_control(push)
#pragma clang fp contract(off)
#elif defined(__GNUC__) && !defined(__INTEL_COMPILER)
#pragma GCC push_options
#pragma GCC optimize("fp-contract=off")
#elif defined(_MSC_VER)
#pragma float_control(push)
#pragma fp_contract(off)
#endif
#endif

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
#define CT__SP_SLACK (4 * CT__ALIGN) /* the alignment of the sparse factor's arrays after li */

/* The dimensions of a problem and the form of its G (CT__FORM_*, >>delassus); nnzl: the
   off-diagonal blocks of the sparse Cholesky (a block-sparse G with a factoring method), -1
   when there is none. */
typedef struct ct__dims {
    int nb, nu, nc, n, c0, ng, form;
    long nnzl;
    int scale;  /* settings.scale: the scaled copy of the problem (ct__common_layout)        */
    long nnzb;  /* its block-sparse G's blocks                                              */
    int nv;     /* the generalized form (CT__FORM_GENERAL): p->soft->nv; else 0             */
} ct__dims;

/* Memory is laid out by walking an arena: each array is aligned to CT__ALIGN. With base NULL
   the walk only counts (a size query); with the workspace's base it hands out the arrays, so
   one function per module gives both its size and its arrays, which cannot disagree. */
typedef struct ct__arena {
    unsigned char *base;
    size_t at;
} ct__arena;
CT__PRIVATE void *ct__arena_take(ct__arena *a, size_t bytes) {
    void *p = a->base ? (void *)(a->base + a->at) : NULL;
    a->at += (bytes + CT__ALIGN - 1) / CT__ALIGN * CT__ALIGN;
    return p;
}
CT__PRIVATE ct_real *ct__arena_real(ct__arena *a, size_t count) {
    return (ct_real *)ct__arena_take(a, count * sizeof(ct_real));
}
CT__PRIVATE int *ct__arena_int(ct__arena *a, size_t count) {
    return (int *)ct__arena_take(a, count * sizeof(int));
}

CT__PRIVATE ct_real ct__max(ct_real a, ct_real b) { return a > b ? a : b; }
CT__PRIVATE ct_real ct__min(ct_real a, ct_real b) { return a < b ? a : b; }
/* NaN and infinities give x - x != 0; needs no libm. */
CT__PRIVATE int ct__finite(ct_real x) { return (x - x) == (ct_real)0; }
/* The validation scans: no early exit, and eight lanes of flags in a fixed-count inner loop,
   which GCC and Clang vectorize at -O2 (a compare per vector; a loop of unknown count would
   stay scalar there) */
CT__PRIVATE int ct__all_finite(const ct_real *x, size_t n) {
    size_t i = 0;
    long long b[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    int k, bad = 0; /* x - x is NaN for inf and NaN; an or of compares vectorizes (a sum would not) */
    for (; i + 8 <= n; i += 8)
        for (k = 0; k < 8; ++k) b[k] |= (x[i + k] - x[i + k]) != 0;
    for (; i < n; ++i) bad |= (x[i] - x[i]) != 0;
    for (k = 0; k < 8; ++k) bad |= (int)b[k];
    return !bad;
}
/* every x_i == 0 (either sign) */
CT__PRIVATE int ct__all_zero(const ct_real *x, int n) {
    int i, nz = 0;
    for (i = 0; i < n; ++i) nz |= x[i] != 0;
    return !nz;
}
/* every |x_i| <= CT_HUGE (NaN fails too) */
CT__PRIVATE int ct__in_range(const ct_real *x, size_t n) {
    size_t i = 0;
    long long b[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    int k, bad = 0;
    for (; i + 8 <= n; i += 8)
        for (k = 0; k < 8; ++k) b[k] |= !(CONTACT_FABS(x[i + k]) <= CT_HUGE);
    for (; i < n; ++i) bad |= !(CONTACT_FABS(x[i]) <= CT_HUGE);
    for (k = 0; k < 8; ++k) bad |= (int)b[k];
    return !bad;
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

/* C99's restrict, and the C++ compilers' spelling of it: lets a loop over two arrays
   vectorize at -O2 without a runtime overlap test */
#if defined(__cplusplus) && (defined(__GNUC__) || defined(__clang__) || defined(_MSC_VER))
#define CT__RESTRICT __restrict
#elif defined(__cplusplus)
#define CT__RESTRICT
#else
#define CT__RESTRICT restrict
#endif
/* y -= a x, four rows per pass (each element exactly y[i] - x[i] a: the order of none changes) */
CT__PRIVATE void ct__axpy_sub(ct_real *CT__RESTRICT y, const ct_real *CT__RESTRICT x, ct_real a, int n) {
    int i = 0;
    for (; i + 4 <= n; i += 4) {
        y[i] -= x[i] * a;
        y[i + 1] -= x[i + 1] * a;
        y[i + 2] -= x[i + 2] * a;
        y[i + 3] -= x[i + 3] * a;
    }
    for (; i < n; ++i) y[i] -= x[i] * a;
}

/* y += a x (each element exactly y[i] + x[i] a). Four elements per pass, written out: a loop
   of unknown length is left scalar by GCC's -O2 cost model (GCC 12), four like statements are
   vectorized as one (its SLP pass); the order of none changes. */
CT__PRIVATE void ct__axpy_add(ct_real *CT__RESTRICT y, const ct_real *CT__RESTRICT x, ct_real a, int n) {
    int i = 0;
    for (; i + 4 <= n; i += 4) {
        y[i] += x[i] * a;
        y[i + 1] += x[i + 1] * a;
        y[i + 2] += x[i + 2] * a;
        y[i + 3] += x[i + 3] * a;
    }
    for (; i < n; ++i) y[i] += x[i] * a;
}
/* y += (a0 x0 + a1 x1) + a2 x2, four elements per pass as ct__axpy_add */
CT__PRIVATE void ct__axpy3_add(ct_real *CT__RESTRICT y, const ct_real *CT__RESTRICT x0, const ct_real *CT__RESTRICT x1,
                               const ct_real *CT__RESTRICT x2, ct_real a0, ct_real a1, ct_real a2, int n) {
    int i = 0;
    for (; i + 4 <= n; i += 4) {
        y[i] += (a0 * x0[i] + a1 * x1[i]) + a2 * x2[i];
        y[i + 1] += (a0 * x0[i + 1] + a1 * x1[i + 1]) + a2 * x2[i + 1];
        y[i + 2] += (a0 * x0[i + 2] + a1 * x1[i + 2]) + a2 * x2[i + 2];
        y[i + 3] += (a0 * x0[i + 3] + a1 * x1[i + 3]) + a2 * x2[i + 3];
    }
    for (; i < n; ++i) y[i] += (a0 * x0[i] + a1 * x1[i]) + a2 * x2[i];
}

/* A contact's two tangent compliances are one: equal within a relative max(1e-12, 4 eps) (data
   from another engine differs in the last bit: MuJoCo's efc_R); the models use their mean */
CT__PRIVATE int ct__rt_same(const ct_real *R, int r0) {
    const ct_real a = R[r0], b = R[r0 + 1], tol = ct__max((ct_real)1e-12, 4 * CT_EPS);
    return CONTACT_FABS(a - b) <= tol * ct__max(CONTACT_FABS(a), CONTACT_FABS(b));
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
/* t[k] = ct__dot(r + k lda, x, n) for the four rows k < 4, each summed in ct__dot's order (four
   partial sums over j mod 4): the same bits as four ct__dot, with x's loads and the loop shared
   (the 16 sums are named, not an array, so that they stay in registers) */
CT__PRIVATE void ct__dot4r(const ct_real *r, int lda, const ct_real *x, int n, ct_real *t) {
    const ct_real *r0 = r, *r1 = r0 + lda, *r2 = r1 + lda, *r3 = r2 + lda;
    ct_real a0 = 0, a1 = 0, a2 = 0, a3 = 0, b0 = 0, b1 = 0, b2 = 0, b3 = 0;
    ct_real c0 = 0, c1 = 0, c2 = 0, c3 = 0, d0 = 0, d1 = 0, d2 = 0, d3 = 0;
    int j = 0;
    for (; j + 4 <= n; j += 4) {
        const ct_real x0 = x[j], x1 = x[j + 1], x2 = x[j + 2], x3 = x[j + 3];
        a0 += r0[j] * x0; a1 += r0[j + 1] * x1; a2 += r0[j + 2] * x2; a3 += r0[j + 3] * x3;
        b0 += r1[j] * x0; b1 += r1[j + 1] * x1; b2 += r1[j + 2] * x2; b3 += r1[j + 3] * x3;
        c0 += r2[j] * x0; c1 += r2[j + 1] * x1; c2 += r2[j + 2] * x2; c3 += r2[j + 3] * x3;
        d0 += r3[j] * x0; d1 += r3[j + 1] * x1; d2 += r3[j + 2] * x2; d3 += r3[j + 3] * x3;
    }
    for (; j < n; ++j) {
        a0 += r0[j] * x[j];
        b0 += r1[j] * x[j];
        c0 += r2[j] * x[j];
        d0 += r3[j] * x[j];
    }
    t[0] = (a0 + a1) + (a2 + a3);
    t[1] = (b0 + b1) + (b2 + b3);
    t[2] = (c0 + c1) + (c2 + c3);
    t[3] = (d0 + d1) + (d2 + d3);
}
/* ||x_T||; below sqrt of the smallest normal number (1e-154, float 1e-19) the squares lose
   digits or vanish, so a tiny result is recomputed with the scaled sum of squares */
CT__PRIVATE ct_real ct__norm_t(const ct_real x[3]) {
    const ct_real t = CONTACT_SQRT(x[0] * x[0] + x[1] * x[1]);
    if (t < (ct_real)(sizeof(ct_real) == 4 ? 1e-18 : 1e-150) && (x[0] != 0 || x[1] != 0)) return ct__norm2_safe(x, 2);
    return t;
}
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
void CT__LAPACK(gemv)(const char *trans, const int *m, const int *n, const ct_real *alpha, const ct_real *a,
                      const int *lda, const ct_real *x, const int *incx, const ct_real *beta,
                      ct_real *y, const int *incy, size_t trans_len);
#endif
#ifdef __cplusplus
}
#endif
#endif

/* y = A x for a row-major n x n A (lda), read whole: G is the given matrix, which may be
   slightly asymmetric (settings.sym_tol) */
CT__PRIVATE void ct__gemv(const ct_real *a, int n, int lda, const ct_real *x, ct_real *y) {
#ifdef CONTACT_USE_BLAS
    /* row-major A == column-major A^T */
    const char trans = 'T';
    const int one = 1;
    const ct_real alpha = 1, beta = 0;
    if (n > 0) CT__LAPACK(gemv)(&trans, &n, &n, &alpha, a, &lda, x, &one, &beta, y, &one, 1);
#else
    /* four rows at a time (ct__dot4r): the same bits as a ct__dot per row */
    int i = 0;
    for (; i + 4 <= n; i += 4) ct__dot4r(a + (size_t)i * lda, lda, x, n, y + i);
    for (; i < n; ++i) y[i] = ct__dot(a + (size_t)i * lda, x, n);
#endif
}

/* GCC's -O3 loop vectorizer turns the depth loop of a register-tile kernel (Cholesky, LU)
   into strictly ordered (fold-left) vector reductions, about 5 times slower than the tile it
   replaces: keep those kernels to SLP. */
#if defined(__GNUC__) && !defined(__clang__) && !defined(__INTEL_COMPILER)
#define CT__TILE_KERNEL __attribute__((optimize("no-tree-loop-vectorize")))
#else
#define CT__TILE_KERNEL
#endif

#ifdef CT__HAS_CHOL
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
#ifndef CT__CHOL_TINY
#define CT__CHOL_TINY 6 /* up to this order: dense, no envelope (its scan and bookkeeping cost more
                           than its zeros save: 1.5 to 1.9 times fewer instructions at n = 3 to 6,
                           dense or block-diagonal; from 7 on a block-diagonal matrix's envelope
                           pays) */
#endif
#ifndef CT__CHOL_SMALL
#define CT__CHOL_SMALL 48 /* below this order: unblocked path */
#endif

/* Scratch needed by ct__chol_factor, in ct_real elements, for order n (0 is fine for small n). */
#define CT__CHOL_SCRATCH(n) ((size_t)CT__CHOL_NB * (size_t)(n))

/* Micro-kernel, C -= A*B^T on an MR x NR tile: A rows a + r*lda (kc long), b packed kc x NR, C rows c + r*ldc.
   Only C(r,c) with r < mr, c < nr and c <= r + dofs is written (dofs = tile row - tile column). */
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

/* Row by row (Cholesky-Banachiewicz) over the envelope fz alone (ct__chol_unblocked), with the
   pivots' reciprocals in rd (n): the same operands and order as the column loop, so the same
   bits; it visits none of the envelope's zeros, which the column loop tests group by group */
CT__PRIVATE int ct__chol_rows(ct_real *a, int n, int lda, int off, const ct_real *fz, ct_real *rd) {
    int i, j;
    for (i = 0; i < n; ++i) {
        ct_real *ai = a + (size_t)i * lda, s;
        const int fi = (int)fz[i], si = fi & ~3;
        for (j = fi; j < i; ++j) {
            const ct_real *aj = a + (size_t)j * lda;
            const int fj = (int)fz[j], st = (fi > fj ? fi : fj) & ~3;
            ai[j] = (ai[j] - ct__dot(ai + st, aj + st, j - st)) * rd[j];
        }
        s = ai[i] - ct__dot(ai + si, ai + si, i - si);
        if (!(s > 0 && s - s == 0)) return off + i; /* not > 0, or inf/NaN */
        ai[i] = CONTACT_SQRT(s);
        rd[i] = 1 / ai[i];
    }
    return -1;
}

/* Unblocked Cholesky: L(i,j) = (A(i,j) - L(i,0:j) . L(j,0:j)) / L(j,j). Returns -1 or bad pivot.
   fz (optional, NULL: dense): the envelope, fz[i] = the column of row i's first nonzero in A's
   lower triangle, then n reals of scratch (the row loop's reciprocals). L keeps A's zeros
   before it (L(i,k) = (0 - 0) / L(k,k)), so those entries are not computed and a dot product
   starts at the later of its two rows' first nonzeros, rounded down to a multiple of 4: the
   terms it skips are exact zeros at the head of ct__dot's partial sums, and the factor is the
   same bit for bit as the dense one. A block-diagonal M or the Newton matrix of a stack of
   bodies takes a fraction of the dense work. */
CT__PRIVATE int ct__chol_unblocked(ct_real *a, int n, int lda, int off, ct_real *fz)
{
    /* column by column (Crout order): the entries of a column are independent of each other,
       so their dot products overlap; each entry is computed from the same operands as in row
       order, so the factor is the same bit for bit */
    int i, j, k;
    if (fz) { /* a sparse envelope (under half the triangle): row by row over it alone */
        double len = 0;
        for (i = 0; i < n; ++i) len += (double)(i - (int)fz[i] + 1);
        if (len < 0.25 * (double)n * (double)(n + 1)) return ct__chol_rows(a, n, lda, off, fz, fz + n);
    }
    for (j = 0; j < n; ++j) {
        ct_real *aj = a + j * lda, r, s;
        const int fj = fz ? (int)fz[j] : 0, sj = fj & ~3;
        s = aj[j] - ct__dot(aj + sj, aj + sj, j - sj);
        if (!(s > 0 && s - s == 0)) return off + j; /* not > 0, or inf/NaN */
        aj[j] = CONTACT_SQRT(s);
        r = 1 / aj[j];
        for (i = j + 1; i + 4 <= n; i += 4) { /* four rows per pass over column j's operands */
            ct_real t[4];
            int f = fz ? (int)fz[i] : 0, st;
            for (k = 1; k < 4 && fz; ++k) f = (int)fz[i + k] < f ? (int)fz[i + k] : f;
            if (f > j) continue; /* the four entries are zeros of the envelope */
            st = (f > fj ? f : fj) & ~3;
            ct__dot4r(a + i * lda + st, lda, aj + st, j - st, t);
            for (k = 0; k < 4; ++k) a[(i + k) * lda + j] = (a[(i + k) * lda + j] - t[k]) * r;
        }
        for (; i < n; ++i) {
            ct_real *ai = a + i * lda;
            const int f = fz ? (int)fz[i] : 0, st = (f > fj ? f : fj) & ~3;
            if (f > j) continue;
            ai[j] = (ai[j] - ct__dot(ai + st, aj + st, j - st)) * r;
        }
    }
    return -1;
}

/* In-place Cholesky A = L L^T, row-major, lower triangle read/written, strict upper untouched.
   Returns -1 on success or the 0-based index of the first pivot that is not > 0 or not finite. */
CT__PRIVATE int ct__chol_blocked(ct_real *a, int n, int lda, ct_real *scratch)
{
    int k, kb, i, j, p, p0, kc, jt, nt, info;
    if (n <= CT__CHOL_TINY) { /* dense, column by column: the sums of ct__chol_unblocked (an
                                 envelope's skipped terms are zeros), without its scan */
        for (j = 0; j < n; ++j) {
            ct_real *aj = a + j * lda, s, r;
            s = aj[j] - ct__dot(aj, aj, j);
            if (!(s > 0 && s - s == 0)) return j; /* not > 0, or inf/NaN */
            aj[j] = CONTACT_SQRT(s);
            r = 1 / aj[j];
            for (i = j + 1; i < n; ++i) {
                ct_real *ai = a + i * lda;
                ai[j] = (ai[j] - ct__dot(ai, aj, j)) * r;
            }
        }
        return -1;
    }
    if (n < CT__CHOL_SMALL) { /* the envelope into scratch (n entries, n more for the rows) */
        for (i = 0; i < n; ++i) {
            const ct_real *ai = a + i * lda;
            for (j = 0; j < i && ai[j] == 0; ++j) {}
            scratch[i] = (ct_real)j;
        }
        return ct__chol_unblocked(a, n, lda, 0, scratch);
    }
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
        info = ct__chol_unblocked(pan, kb, lda, k, NULL);
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

/* A factor in the reversed order: chol(P A P), P the reversal of the n indices. The envelope of
   the factorization (ct__chol_unblocked) depends on the order: with a tree's dofs in
   depth-first order, parents first (MuJoCo's, Pinocchio's), row i of the mass matrix reaches
   back to the root, so forwards every row of a floating base is full; reversed, row i spans
   only i's subtree and the factor has no fill (the order of MuJoCo's L^T D L). */
/* 1 when the reversed order's envelope is clearly the smaller (sum of squared row lengths, from
   A's lower triangle; read only when the last row reaches the first column, as a floating
   base makes it: at most O(n^2) reads, O(n) for a dense matrix); never with LAPACK, which sees
   no envelope */
CT__PRIVATE int ct__chol_rev_pays(const ct_real *a, int n, int lda) {
#ifdef CONTACT_USE_LAPACK
    (void)a; (void)n; (void)lda;
    return 0;
#else
    double fw = 0, rv = 0;
    int i, k;
    if (n < 8 || a[(size_t)(n - 1) * lda] == 0) return 0;
    for (i = 0; i < n; ++i) {
        for (k = 0; k < i && a[(size_t)i * lda + k] == 0; ++k) {}
        fw += (double)(i - k + 1) * (double)(i - k + 1);
        for (k = n - 1; k > i && a[(size_t)k * lda + i] == 0; --k) {}
        rv += (double)(k - i + 1) * (double)(k - i + 1);
    }
    return rv < (double)0.8 * fw;
#endif
}
/* A's lower triangle becomes P A P's, in place: (a, b) and (n-1-b, n-1-a) trade entries */
CT__PRIVATE void ct__chol_reverse(ct_real *a, int n, int lda) {
    int i, j;
    for (i = 0; i < n; ++i)
        for (j = 0; j <= i && i + j < n - 1; ++j) {
            ct_real *x = a + (size_t)i * lda + j, *y = a + (size_t)(n - 1 - j) * lda + (n - 1 - i), t = *x;
            *x = *y;
            *y = t;
        }
}
CT__PRIVATE void ct__rev_vec(ct_real *b, int n) {
    int i, j;
    for (i = 0, j = n - 1; i < j; ++i, --j) {
        const ct_real t = b[i];
        b[i] = b[j];
        b[j] = t;
    }
}

#ifndef CT__CHOL_SOLVE_BLOCKED
#define CT__CHOL_SOLVE_BLOCKED 48 /* the order from which ct__chol_solve works by blocks of 4 rows */
#endif
/* t[r] = L(r, 0:k) . b(0:k) for the 4 rows l + r lda: one pass over b, 4 x 8 independent
   partial sums (no chain of dependent additions longer than k / 8) */
CT__PRIVATE void ct__dot4(const ct_real *l, int lda, const ct_real *b, int k, ct_real t[4]) {
    ct_real s0[8] = {0}, s1[8] = {0}, s2[8] = {0}, s3[8] = {0};
    const ct_real *l0 = l, *l1 = l + lda, *l2 = l + 2 * (size_t)lda, *l3 = l + 3 * (size_t)lda;
    int j = 0, q;
    for (; j + 8 <= k; j += 8)
        for (q = 0; q < 8; ++q) {
            const ct_real bq = b[j + q];
            s0[q] += l0[j + q] * bq;
            s1[q] += l1[j + q] * bq;
            s2[q] += l2[j + q] * bq;
            s3[q] += l3[j + q] * bq;
        }
    for (q = 0; j < k; ++j, ++q) {
        s0[q] += l0[j] * b[j];
        s1[q] += l1[j] * b[j];
        s2[q] += l2[j] * b[j];
        s3[q] += l3[j] * b[j];
    }
#define CT__RED8(s) (((s[0] + s[4]) + (s[1] + s[5])) + ((s[2] + s[6]) + (s[3] + s[7])))
    t[0] = CT__RED8(s0);
    t[1] = CT__RED8(s1);
    t[2] = CT__RED8(s2);
    t[3] = CT__RED8(s3);
#undef CT__RED8
}

/* y -= x3 l3, then x2 l2, x1 l1, x0 l0, element by element (the order of 4 ct__axpy_sub) */
CT__PRIVATE void ct__axpy4_sub(ct_real *CT__RESTRICT y, const ct_real *CT__RESTRICT l0, const ct_real *CT__RESTRICT l1,
                               const ct_real *CT__RESTRICT l2, const ct_real *CT__RESTRICT l3, ct_real x0,
                               ct_real x1, ct_real x2, ct_real x3, int n) {
    int j;
    for (j = 0; j < n; ++j) y[j] = (((y[j] - l3[j] * x3) - l2[j] * x2) - l1[j] * x1) - l0[j] * x0;
}

/* b <- (L L^T)^-1 b, by blocks of 4 rows: the products with the rows above (forward) or the
   columns after (backward) a block are 4 rows in one pass; only the 4 x 4 diagonal block is
   solved element by element, so the chain of dependent operations is short */
CT__PRIVATE void ct__chol_solve(const ct_real *l, int n, int lda, ct_real *b) {
#ifdef CONTACT_USE_LAPACK
    const char uplo = 'U';
    const int one = 1;
    int info = 0;
    if (n > 0) CT__LAPACK(potrs)(&uplo, &n, &one, l, &lda, b, &n, &info, 1);
#else
    int i0, i, j, m;
    if (n < CT__CHOL_SOLVE_BLOCKED) { /* small: row by row */
        for (i = 0; i < n; ++i) {
            const ct_real *li = l + (size_t)i * lda;
            b[i] = (b[i] - ct__dot(li, b, i)) / li[i];
        }
        for (i = n - 1; i >= 0; --i) {
            const ct_real *li = l + (size_t)i * lda;
            ct_real xi = b[i] / li[i];
            b[i] = xi;
            ct__axpy_sub(b, li, xi, i);
        }
        return;
    }
    /* L y = b */
    for (i0 = 0; i0 < n; i0 += 4) {
        ct_real t[4];
        m = n - i0 < 4 ? n - i0 : 4;
        if (m == 4) {
            ct__dot4(l + (size_t)i0 * lda, lda, b, i0, t);
        } else {
            for (i = 0; i < m; ++i) t[i] = ct__dot(l + (size_t)(i0 + i) * lda, b, i0);
        }
        for (i = 0; i < m; ++i) {
            const ct_real *li = l + (size_t)(i0 + i) * lda;
            ct_real e = b[i0 + i] - t[i];
            for (j = 0; j < i; ++j) e -= li[i0 + j] * b[i0 + j];
            b[i0 + i] = e / li[i0 + i];
        }
    }
    /* L^T x = y: the block's 4 x 4 triangle, then b(0:i0) -= L(i0:i0+m, 0:i0)^T x(i0:i0+m),
       each element's subtractions from the last row up, as the row-by-row axpy does */
    for (i0 = (n - 1) / 4 * 4; i0 >= 0; i0 -= 4) {
        m = n - i0 < 4 ? n - i0 : 4;
        for (i = m - 1; i >= 0; --i) {
            const ct_real *li = l + (size_t)(i0 + i) * lda;
            const ct_real xi = b[i0 + i] / li[i0 + i];
            b[i0 + i] = xi;
            for (j = 0; j < i; ++j) b[i0 + j] -= li[i0 + j] * xi;
        }
        if (m == 4) {
            const ct_real *l0 = l + (size_t)i0 * lda, *l1 = l0 + lda, *l2 = l1 + lda, *l3 = l2 + lda;
            const ct_real x0 = b[i0], x1 = b[i0 + 1], x2 = b[i0 + 2], x3 = b[i0 + 3];
            ct__axpy4_sub(b, l0, l1, l2, l3, x0, x1, x2, x3, i0);
        } else {
            for (i = m - 1; i >= 0; --i) ct__axpy_sub(b, l + (size_t)(i0 + i) * lda, b[i0 + i], i0);
        }
    }
#endif
}
/* b <- A^-1 b with A's factor in the order rev says (ct__chol_rev_pays) */
CT__PRIVATE void ct__chol_solve_ord(const ct_real *l, int n, int lda, int rev, ct_real *b) {
    if (rev) ct__rev_vec(b, n);
    ct__chol_solve(l, n, lda, b);
    if (rev) ct__rev_vec(b, n);
}
/* The rank-1 change of a factor (row-major lower L, A = L L^T) to that of A + sign x x^T
   (sign +1 an update, -1 a downdate; x is overwritten), by plane rotations column by column
   (LINPACK dchud/dchdd; Golub and Van Loan Sec. 6.5.4), from x's first nonzero: a zero x_k
   leaves column k as it is. Returns 0 when a downdate would leave A not positive definite, or
   nearly so (L is then partly changed: the caller refactors). */
CT__PRIVATE int ct__chol_rank1(ct_real *l, int n, int lda, ct_real *x, ct_real sign) {
    int i, k;
    for (k = 0; k < n; ++k) {
        ct_real *lk = l + (size_t)k * lda, d, r2, r, c, sn;
        if (x[k] == 0) continue;
        d = lk[k];
        r2 = d * d + sign * x[k] * x[k];
        /* (a downdate that cancels all but 1e-4 of the pivot's square loses its digits) */
        if (!(r2 > (sign < 0 ? (ct_real)1e-4 * d * d : 0)) || !ct__finite(r2)) return 0;
        r = CONTACT_SQRT(r2);
        c = r / d;
        sn = x[k] / d;
        lk[k] = r;
        for (i = k + 1; i < n; ++i) {
            ct_real *lik = l + (size_t)i * lda + k;
            *lik = (*lik + sign * sn * x[i]) / c;
            x[i] = c * x[i] - sn * *lik;
        }
    }
    return 1;
}

#endif /* CT__HAS_CHOL */

#ifdef CT__HAS_LU
/* Dense LU with partial pivoting, row-major, in place: P A = L U with the unit lower L below
   the diagonal and U on and above; piv[k] is the row swapped with row k at step k (whole rows
   are swapped). Blocked right-looking, LAPACK dgetrf's algorithm: per panel of CT__LU_NB
   columns, (1) the unblocked factorization of the panel with partial pivoting, (2)
   U12 = L11^-1 A12, (3) A22 -= L21 U12 by a 4 x 8 register tile (where the O(n^3) flops are).
   Returns -1, or the first column whose pivot is exactly zero (the factorization goes on past
   it; the caller decides); *pmin (may be NULL) receives the smallest |pivot|. */
#ifndef CT__LU_NB
#define CT__LU_NB 48
#endif
/* C (4 x 8 tile, rows c + r ldc) -= L (4 rows, kb long, stride ldl) U (kb x 8, stride ldu) */
CT__PRIVATE void ct__lu_tile(int kb, const ct_real *l, int ldl, const ct_real *u, int ldu,
                                             ct_real *c, int ldc) {
    ct_real c0[8] = {0}, c1[8] = {0}, c2[8] = {0}, c3[8] = {0};
    const ct_real *l0 = l, *l1 = l + ldl, *l2 = l + 2 * ldl, *l3 = l + 3 * ldl;
    int q, j;
    for (q = 0; q < kb; ++q) {
        const ct_real *uq = u + (size_t)q * ldu;
        const ct_real a0 = l0[q], a1 = l1[q], a2 = l2[q], a3 = l3[q];
        for (j = 0; j < 8; ++j) {
            c0[j] += a0 * uq[j];
            c1[j] += a1 * uq[j];
            c2[j] += a2 * uq[j];
            c3[j] += a3 * uq[j];
        }
    }
    for (j = 0; j < 8; ++j) {
        c[j] -= c0[j];
        c[ldc + j] -= c1[j];
        c[2 * ldc + j] -= c2[j];
        c[3 * ldc + j] -= c3[j];
    }
}
/* C (m x w) -= L (m x kb) U (kb x w), row-major with their strides */
CT__PRIVATE void ct__lu_gemm(int m, int w, int kb, const ct_real *l, int ldl, const ct_real *u, int ldu,
                             ct_real *c, int ldc) {
    const int m4 = m - m % 4, w8 = w - w % 8;
    int i, j, q;
    for (i = 0; i < m4; i += 4)
        for (j = 0; j < w8; j += 8)
            ct__lu_tile(kb, l + (size_t)i * ldl, ldl, u + j, ldu, c + (size_t)i * ldc + j, ldc);
    if (w8 < w) /* the right edge of the tiled rows */
        for (i = 0; i < m4; ++i) {
            const ct_real *li = l + (size_t)i * ldl;
            ct_real *ci = c + (size_t)i * ldc;
            for (q = 0; q < kb; ++q) {
                const ct_real a = li[q], *uq = u + (size_t)q * ldu;
                for (j = w8; j < w; ++j) ci[j] -= a * uq[j];
            }
        }
    for (i = m4; i < m; ++i) { /* the rows left over */
        const ct_real *li = l + (size_t)i * ldl;
        ct_real *ci = c + (size_t)i * ldc;
        for (q = 0; q < kb; ++q) {
            const ct_real a = li[q], *uq = u + (size_t)q * ldu;
            for (j = 0; j < w; ++j) ci[j] -= a * uq[j];
        }
    }
}
CT__PRIVATE int ct__lu_factor(ct_real *a, int n, int lda, int *piv, ct_real *pmin) {
    ct_real small = CT_HUGE;
    int k0, kb, k, i, j, bad = -1;
    for (k0 = 0; k0 < n; k0 += kb) {
        kb = n - k0 < CT__LU_NB ? n - k0 : CT__LU_NB;
        for (k = k0; k < k0 + kb; ++k) { /* (1) the panel: columns k0 .. k0 + kb, rows k .. n */
            int q = k;
            ct_real best = CONTACT_FABS(a[(size_t)k * lda + k]), inv;
            for (i = k + 1; i < n; ++i) {
                ct_real t = CONTACT_FABS(a[(size_t)i * lda + k]);
                if (t > best) { best = t; q = i; }
            }
            piv[k] = q;
            if (q != k) {
                ct_real *rk = a + (size_t)k * lda, *rq = a + (size_t)q * lda;
                for (j = 0; j < n; ++j) { ct_real t = rk[j]; rk[j] = rq[j]; rq[j] = t; }
            }
            small = ct__min(small, best);
            if (!(best >= CT_MINVAL)) { /* a zero or subnormal pivot (1 / it would overflow), or
                                           NaN: the column is left as it is */
                if (bad < 0) bad = k;
                continue;
            }
            inv = 1 / a[(size_t)k * lda + k];
            for (i = k + 1; i < n; ++i) {
                ct_real *ri = a + (size_t)i * lda;
                const ct_real *rk = a + (size_t)k * lda, l = (ri[k] *= inv);
                ct__axpy_sub(ri + k + 1, rk + k + 1, l, k0 + kb - k - 1);
            }
        }
        if (k0 + kb >= n) break;
        for (k = k0; k < k0 + kb; ++k) { /* (2) U12 = L11^-1 A12 */
            const ct_real *rk = a + (size_t)k * lda;
            for (i = k + 1; i < k0 + kb; ++i) {
                ct_real *ri = a + (size_t)i * lda;
                const ct_real l = ri[k];
                if (l != 0) ct__axpy_sub(ri + k0 + kb, rk + k0 + kb, l, n - k0 - kb);
            }
        }
        ct__lu_gemm(n - k0 - kb, n - k0 - kb, kb, a + (size_t)(k0 + kb) * lda + k0, lda, /* (3) */
                    a + (size_t)k0 * lda + k0 + kb, lda, a + (size_t)(k0 + kb) * lda + k0 + kb, lda);
    }
    if (pmin) *pmin = n > 0 ? small : 0;
    return bad;
}
/* b <- A^-1 b (trans = 0) or A^-T b (trans = 1) with the factors of ct__lu_factor */
CT__PRIVATE void ct__lu_solve(const ct_real *a, int n, int lda, const int *piv, ct_real *b, int trans) {
    int i, k;
    if (!trans) {
        for (k = 0; k < n; ++k)
            if (piv[k] != k) { ct_real t = b[k]; b[k] = b[piv[k]]; b[piv[k]] = t; }
        for (i = 1; i < n; ++i) b[i] -= ct__dot(a + (size_t)i * lda, b, i);
        for (i = n - 1; i >= 0; --i) {
            const ct_real *ai = a + (size_t)i * lda;
            b[i] = (b[i] - ct__dot(ai + i + 1, b + i + 1, n - i - 1)) / ai[i];
        }
    } else { /* A^T = U^T L^T P: U^T y = b, L^T z = y, then undo the row swaps */
        for (i = 0; i < n; ++i) {
            ct_real e = b[i];
            for (k = 0; k < i; ++k) e -= a[(size_t)k * lda + i] * b[k];
            b[i] = e / a[(size_t)i * lda + i];
        }
        for (i = n - 1; i >= 0; --i)
            for (k = i + 1; k < n; ++k) b[i] -= a[(size_t)k * lda + i] * b[k];
        for (k = n - 1; k >= 0; --k)
            if (piv[k] != k) { ct_real t = b[k]; b[k] = b[piv[k]]; b[piv[k]] = t; }
    }
}
#endif /* CT__HAS_LU */

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
/* The few operations every solver needs from G + R. Only this section reads the storage of G
   (dense, block-sparse ct_sparse, or the caller's ct_operator), so no solver branches on it:
   entries, rows, products, the columns a Gauss-Seidel update adds, diagonal blocks, and the
   factorization of G + R + shift I (ct__fac, below). */
enum { CT__FORM_DENSE = 0, CT__FORM_SPARSE = 1, CT__FORM_OPERATOR = 2, CT__FORM_GENERAL = 3 };
/* J's pattern in generalized velocities (ct__jpat_build, below) */
typedef struct ct__jpat {
    int *jp, *jc;
    int c0;
} ct__jpat;
typedef struct ct__op {
    const ct_real *G;     /* dense row-major n x n, or NULL when S or U is given         */
    const ct_sparse *S;   /* block-sparse G (ct_sparse), or NULL                         */
    const ct_operator *U; /* the caller's operator (ct_operator), or NULL: products, the
                             diagonal blocks and the factor/solve of G + D, nothing else  */
    const ct_real *R;     /* n or NULL                                                   */
    int n, c0;            /* rows; c0 = nb + nu, the first contact row                   */
    int form;             /* CT__FORM_*                                                  */
    int asym;             /* 1: G is not symmetric (ct_info.asymmetry > CT__ASYM_MIN): factors take
                             its symmetric part, ct__op_skew the rest, sweeps read rows     */
    /* the generalized form (no G, Gs or Gop; p->soft's M and J): G = J M^-1 J^T, applied as
       J (M^-1 (J^T x)) through Lm = chol(M), which a run computes (ct__general_factor) */
    const ct_real *J;     /* n x nv row-major, or NULL                                   */
    const ct_real *Lm;    /* nv x nv, the run's Cholesky factor of M, or NULL             */
    ct_real *tmp;         /* nv scratch of the products                                  */
    int nv;
    int lm_rev;           /* 1: Lm factors M in the reversed order (ct__chol_rev_pays)    */
    ct__jpat pat;         /* J's pattern, built by the run with Lm (jp NULL: dense)       */
} ct__op;

/* p gives G only through its generalized form: no G, Gs or Gop, and p->soft->nv > 0 */
CT__PRIVATE int ct__general(const ct_problem *p) {
#ifdef CT__HAS_GENERAL
    return !p->G && !p->Gs && !p->Gop && p->soft && p->soft->nv > 0;
#else
    (void)p;
    return 0;
#endif
}
/* The form of G in p: exactly one of G, Gs, Gop, or the generalized form (validation reports
   the others) */
CT__PRIVATE int ct__form(const ct_problem *p) {
    if (ct__general(p)) return CT__FORM_GENERAL;
    return p->G ? CT__FORM_DENSE : p->Gs ? CT__FORM_SPARSE : CT__FORM_OPERATOR;
}
CT__PRIVATE void ct__op_init(ct__op *op, const ct_problem *p) {
    op->form = ct__form(p);
    op->G = p->G;
    op->S = op->form == CT__FORM_SPARSE ? p->Gs : NULL;
    op->U = op->form == CT__FORM_OPERATOR ? p->Gop : NULL;
    op->R = p->R;
    op->c0 = p->nb + p->nu;
    op->n = op->c0 + 3 * p->nc;
    op->asym = 0;
    op->J = op->form == CT__FORM_GENERAL ? p->soft->J : NULL;
    op->nv = op->form == CT__FORM_GENERAL ? p->soft->nv : 0;
    op->Lm = NULL;
    op->tmp = NULL;
    op->lm_rev = 0;
    op->pat.jp = op->pat.jc = NULL;
    op->pat.c0 = op->c0;
}
/* The form of G given (CT_OK), or the code for none, several, or one compiled out. The
   generalized form alone is CT_ERROR_STORAGE_UNSUPPORTED here: only ct_solve and the solver
   object (NEWTON_SOFT) take it; the entry points that read G need G, Gs or Gop. */
CT__PRIVATE ct_result ct__form_check(const ct_problem *p) {
    const int forms = (p->G != NULL) + (p->Gs != NULL) + (p->Gop != NULL);
    if (forms == 0) return ct__general(p) ? CT_ERROR_STORAGE_UNSUPPORTED : CT_ERROR_INVALID_ARGUMENT;
    if (forms > 1) return CT_ERROR_STORAGE_CONFLICT;
#ifndef CT__HAS_SPARSE
    if (p->Gs) return CT_ERROR_COMPILED_OUT;
#endif
#ifndef CT__HAS_OPERATOR
    if (p->Gop) return CT_ERROR_COMPILED_OUT;
#endif
    return CT_OK;
}

/* the row groups of the block-sparse form: a joint or limit row alone, a contact's 3 rows */
CT__PRIVATE int ct__grp(int c0, int i) { return i < c0 ? i : c0 + (i - c0) / 3; }
CT__PRIVATE int ct__grp_row(int c0, int g) { return g < c0 ? g : c0 + 3 * (g - c0); }
CT__PRIVATE int ct__grp_size(int c0, int g) { return g < c0 ? 1 : 3; }
#ifdef CT__HAS_SPARSE
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
/* (G x)_i over the block row of i */
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
#endif
CT__PRIVATE ct_real ct__op_r(const ct__op *op, int i) { return op->R ? op->R[i] : (ct_real)0; }
#ifdef CT__HAS_GENERAL
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

/* J's sparsity in generalized velocities (ct__jpat): a contact's rows touch the dofs of two
   bodies (and their ancestors), so the products with J and the Newton matrix M + J^T H J skip
   the columns that are zero in all of a group's rows. They come in runs of consecutive dofs (a
   body's 6, a chain's joints): run t of group g is the columns [jc[2 t], jc[2 t] + jc[2 t + 1]),
   for t in [jp[g], jp[g + 1]), ascending, so the loops over them are contiguous. jp NULL:
   dense. */
/* a ct_real's bits as an unsigned integer of its size, copied by the compiler's builtin where
   there is one (a register move, whatever CONTACT_MEMCPY is) */
#ifdef CONTACT_USE_FLOAT
typedef uint32_t ct__rbits;
#else
typedef uint64_t ct__rbits;
#endif
#if defined(__GNUC__) || defined(__clang__)
#define CT__BITCOPY(d, s, n) __builtin_memcpy((d), (s), (n))
#else
#define CT__BITCOPY(d, s, n) CONTACT_MEMCPY((d), (s), (n))
#endif
/* the runs of each row group of A (n x m, row stride lda); jc holds at most ng (m + 1) ints */
CT__PRIVATE void ct__jpat_build(ct__jpat *pt, int *jp, int *jc, const ct_real *A, int n, int m, int lda, int c0) {
    int g = 0, r0 = 0, cnt = 0, j;
    jp[0] = 0;
    while (r0 < n) {
        const int sz = r0 < c0 ? 1 : 3;
        const ct_real *a0 = A + (size_t)r0 * lda, *a1 = sz == 3 ? a0 + lda : a0, *a2 = sz == 3 ? a1 + lda : a0;
        int open = 0;
        for (j = 0; j < m; ++j) {
            /* a nonzero entry has a bit set besides the sign: the three rows' bits or'ed (three
               loads and two ors, where != 0 on each is a comparison that must handle NaN) */
            ct__rbits b0, b1, b2;
            int nz;
            CT__BITCOPY(&b0, a0 + j, sizeof(b0));
            CT__BITCOPY(&b1, a1 + j, sizeof(b1));
            CT__BITCOPY(&b2, a2 + j, sizeof(b2));
            nz = ((b0 | b1 | b2) << 1) != 0;
            if (nz != open) {
                if (nz) jc[2 * cnt] = j;
                else jc[2 * cnt + 1] = j - jc[2 * cnt], ++cnt;
                open = nz;
            }
        }
        if (open) jc[2 * cnt + 1] = m - jc[2 * cnt], ++cnt;
        jp[++g] = cnt;
        r0 += sz;
    }
    pt->jp = jp;
    pt->jc = jc;
    pt->c0 = c0;
}
/* y (n) = A x (m) on the pattern, a group's rows in one pass over its runs (each y_i summed
   over its columns in ascending order) */
CT__PRIVATE void ct__jpat_mul(const ct__jpat *pt, const ct_real *A, int n, int m, int lda, const ct_real *x,
                              ct_real *y) {
    int i, g, t, k;
    if (!pt->jp) {
        ct__amul(A, n, m, lda, x, y);
        return;
    }
    for (i = 0, g = 0; i < n; i += i < pt->c0 ? 1 : 3, ++g) {
        const ct_real *a0 = A + (size_t)i * lda, *a1, *a2;
        ct_real s0 = 0, s1 = 0, s2 = 0;
        if (i < pt->c0) {
            for (t = pt->jp[g]; t < pt->jp[g + 1]; ++t)
                for (k = pt->jc[2 * t]; k < pt->jc[2 * t] + pt->jc[2 * t + 1]; ++k) s0 += a0[k] * x[k];
            y[i] = s0;
            continue;
        }
        a1 = a0 + lda; /* a contact's three rows */
        a2 = a1 + lda;
        for (t = pt->jp[g]; t < pt->jp[g + 1]; ++t)
            for (k = pt->jc[2 * t]; k < pt->jc[2 * t] + pt->jc[2 * t + 1]; ++k) {
                s0 += a0[k] * x[k];
                s1 += a1[k] * x[k];
                s2 += a2[k] * x[k];
            }
        y[i] = s0;
        y[i + 1] = s1;
        y[i + 2] = s2;
    }
}
/* y (m) = A^T x (n) on the pattern, a group's rows in one pass over its runs */
CT__PRIVATE void ct__jpat_tmul(const ct__jpat *pt, const ct_real *A, int n, int m, int lda, const ct_real *x,
                               ct_real *y) {
    int i, g, t, k;
    if (!pt->jp) {
        ct__atmul(A, n, m, lda, x, y);
        return;
    }
    for (k = 0; k < m; ++k) y[k] = 0;
    for (i = 0, g = 0; i < n; i += i < pt->c0 ? 1 : 3, ++g) {
        const ct_real *a0 = A + (size_t)i * lda;
        if (i < pt->c0) {
            if (x[i] != 0)
                for (t = pt->jp[g]; t < pt->jp[g + 1]; ++t)
                    ct__axpy_add(y + pt->jc[2 * t], a0 + pt->jc[2 * t], x[i], pt->jc[2 * t + 1]);
        } else if (x[i] != 0 || x[i + 1] != 0 || x[i + 2] != 0) {
            for (t = pt->jp[g]; t < pt->jp[g + 1]; ++t) {
                const int k0 = pt->jc[2 * t];
                ct__axpy3_add(y + k0, a0 + k0, a0 + lda + k0, a0 + 2 * (size_t)lda + k0, x[i], x[i + 1], x[i + 2],
                              pt->jc[2 * t + 1]);
            }
        }
    }
}

/* the generalized form: y (nv) = M^-1 J_j^T, column j of M^-1 J^T (J_j: row j of J) */
CT__PRIVATE void ct__gen_col(const ct__op *op, int j, ct_real *y) {
    CONTACT_MEMCPY(y, op->J + (size_t)j * op->nv, (size_t)op->nv * sizeof(ct_real));
    ct__chol_solve_ord(op->Lm, op->nv, op->nv, op->lm_rev, y);
}
/* y = J (M^-1 jt) from jt = J^T x (nv; op->tmp itself, or copied there) */
CT__PRIVATE void ct__gen_mul_jt(const ct__op *op, const ct_real *jt, ct_real *y) {
    const int nv = op->nv;
    if (jt != op->tmp) CONTACT_MEMCPY(op->tmp, jt, (size_t)nv * sizeof(ct_real));
    ct__chol_solve_ord(op->Lm, nv, nv, op->lm_rev, op->tmp);
    ct__jpat_mul(&op->pat, op->J, op->n, nv, nv, op->tmp, y);
}
/* G x = J (M^-1 (J^T x)) in at most 2 n nv + 2 nv^2 flops (J's pattern), never forming G */
CT__PRIVATE void ct__gen_mul(const ct__op *op, const ct_real *x, ct_real *y) {
    ct__jpat_tmul(&op->pat, op->J, op->n, op->nv, op->nv, x, op->tmp);
    ct__gen_mul_jt(op, op->tmp, y);
}
#endif
/* G_ij */
CT__PRIVATE ct_real ct__op_g(const ct__op *op, int i, int j) {
    if (op->G) return op->G[(size_t)i * op->n + j];
#ifdef CT__HAS_GENERAL
    if (op->form == CT__FORM_GENERAL) { /* one solve with M's factor (set by the run) */
        if (!op->Lm) return 0;
        ct__gen_col(op, j, op->tmp);
        return ct__dot(op->J + (size_t)i * op->nv, op->tmp, op->nv);
    }
#endif
#ifdef CT__HAS_OPERATOR
    if (op->U) { /* an operator gives its diagonal blocks only (the one thing asked of it) */
        const int gi = ct__grp(op->c0, i), r0 = ct__grp_row(op->c0, gi), sz = ct__grp_size(op->c0, gi);
        ct_real B[9];
        if (gi != ct__grp(op->c0, j)) return 0;
        op->U->diag_block(op->U->ctx, r0, sz, B);
        return B[sz * (i - r0) + (j - r0)];
    }
#endif
#ifdef CT__HAS_SPARSE
    if (op->S) {
        const int gi = ct__grp(op->c0, i), gj = ct__grp(op->c0, j);
        const ct_real *b = ct__sp_block(op->S, gi, gj);
        return b ? b[3 * (i - ct__grp_row(op->c0, gi)) + (j - ct__grp_row(op->c0, gj))] : (ct_real)0;
    }
#endif
    return 0;
}
/* (G + R)_ij */
CT__PRIVATE ct_real ct__op_entry(const ct__op *op, int i, int j) {
    ct_real e = ct__op_g(op, i, j);
    return i == j ? e + ct__op_r(op, i) : e;
}
/* ((G + G^T) / 2 + R)_ij: what a factorization reads (the given G when it is symmetric) */
CT__PRIVATE ct_real ct__op_sym(const ct__op *op, int i, int j) {
    if (!op->asym || i == j) return ct__op_entry(op, i, j);
    return (ct_real)0.5 * (ct__op_g(op, i, j) + ct__op_g(op, j, i));
}
/* ((G + R) x)_i, one row (dense and block-sparse forms) */
CT__PRIVATE ct_real ct__op_row(const ct__op *op, int i, const ct_real *x) {
    ct_real gx = 0;
    if (op->G) gx = ct__dot(op->G + (size_t)i * op->n, x, op->n);
#ifdef CT__HAS_SPARSE
    else gx = ct__sp_row(op, i, x);
#endif
    return gx + ct__op_r(op, i) * x[i];
}
/* y[0..3) = ((G + R) x) at the 3 rows of the contact starting at r0, in one pass */
CT__PRIVATE void ct__op_rows3(const ct__op *op, int r0, const ct_real *x, ct_real y[3]) {
    int a;
    if (op->G) {
        for (a = 0; a < 3; ++a) y[a] = ct__dot(op->G + (size_t)(r0 + a) * op->n, x, op->n);
    }
#ifdef CT__HAS_SPARSE
    else {
        const int gi = ct__grp(op->c0, r0);
        int k;
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
#endif
    for (a = 0; a < 3; ++a) y[a] += ct__op_r(op, r0 + a) * x[r0 + a];
}
/* y = (G + R) x; the sparse form walks each block row once */
/* y += R x */
CT__PRIVATE void ct__op_add_r(const ct__op *op, const ct_real *x, ct_real *y) {
    int i;
    if (op->R)
        for (i = 0; i < op->n; ++i) y[i] += op->R[i] * x[i];
}
CT__PRIVATE void ct__op_mul(const ct__op *op, const ct_real *x, ct_real *y) {
    if (op->G) {
        ct__gemv(op->G, op->n, op->n, x, y);
    }
#ifdef CT__HAS_GENERAL
    else if (op->form == CT__FORM_GENERAL) {
        ct__gen_mul(op, x, y);
    }
#endif
#ifdef CT__HAS_OPERATOR
    else if (op->U) {
        op->U->mul(op->U->ctx, x, y);
    }
#endif
#ifdef CT__HAS_SPARSE
    else {
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
#endif
    ct__op_add_r(op, x, y);
}
/* v += (G + R)[:, r0 .. r0+len) d: the columns of a row (len 1) or a contact (len 3), read as
   its rows (G is symmetric: ct_problem_validate); what a Gauss-Seidel update adds to v */
CT__PRIVATE void ct__op_add_cols(const ct__op *op, int r0, int len, const ct_real *d, ct_real *v) {
    int a, j;
    if (op->G) {
        const size_t n = (size_t)op->n;
        const ct_real *g0 = op->G + (size_t)r0 * n;
        if (len == 3) {
            const ct_real *g1 = g0 + n, *g2 = g1 + n, d0 = d[0], d1 = d[1], d2 = d[2];
            for (j = 0; j < op->n; ++j) v[j] += g0[j] * d0 + g1[j] * d1 + g2[j] * d2;
        } else {
            for (j = 0; j < op->n; ++j) v[j] += g0[j] * d[0];
        }
    }
#ifdef CT__HAS_SPARSE
    else {
        const int gi = ct__grp(op->c0, r0);
        int k;
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
#endif
    (void)j;
    if (op->R)
        for (a = 0; a < len; ++a) v[r0 + a] += op->R[r0 + a] * d[a];
}
/* y = (G - G^T) x / 2, the skew part a factorization of the symmetric part leaves out
   (dense and block-sparse forms); tmp: n */
CT__PRIVATE void ct__op_skew(const ct__op *op, const ct_real *x, ct_real *y, ct_real *tmp) {
    int i;
    for (i = 0; i < op->n; ++i) tmp[i] = 0;
    if (op->G) {
        for (i = 0; i < op->n; ++i) { /* y = G x by rows, tmp = G^T x by row axpys */
            const ct_real *gi = op->G + (size_t)i * op->n;
            y[i] = ct__dot(gi, x, op->n);
            ct__axpy_sub(tmp, gi, -x[i], op->n);
        }
    }
#ifdef CT__HAS_SPARSE
    else if (op->S) {
        const int ng = op->c0 + (op->n - op->c0) / 3;
        int gi, k, a, b;
        for (i = 0; i < op->n; ++i) y[i] = 0;
        for (gi = 0; gi < ng; ++gi) {
            const int r0 = ct__grp_row(op->c0, gi), si = ct__grp_size(op->c0, gi);
            for (k = op->S->row_ptr[gi]; k < op->S->row_ptr[gi + 1]; ++k) {
                const int gj = op->S->col[k], c = ct__grp_row(op->c0, gj), sj = ct__grp_size(op->c0, gj);
                const ct_real *blk = op->S->val + 9 * (size_t)k;
                for (a = 0; a < si; ++a)
                    for (b = 0; b < sj; ++b) {
                        y[r0 + a] += blk[3 * a + b] * x[c + b];
                        tmp[c + b] += blk[3 * a + b] * x[r0 + a];
                    }
            }
        }
    }
#endif
    for (i = 0; i < op->n; ++i) y[i] = (ct_real)0.5 * (y[i] - tmp[i]);
}
CT__PRIVATE void ct__op_mul_cb(const void *ctx, const ct_real *x, ct_real *y) {
    ct__op_mul((const ct__op *)ctx, x, y);
}
/* B (3x3 row-major) = the diagonal block of G + R at rows r0..r0+2 */
CT__PRIVATE void ct__op_block3(const ct__op *op, int r0, ct_real B[9]) {
    int i, j;
    const int contact = r0 >= op->c0 && (r0 - op->c0) % 3 == 0;
#ifdef CT__HAS_OPERATOR
    if (op->U && contact) { /* a contact: one callback */
        op->U->diag_block(op->U->ctx, r0, 3, B);
        if (op->R)
            for (i = 0; i < 3; ++i) B[4 * i] += op->R[r0 + i];
        return;
    }
#endif
#ifdef CT__HAS_SPARSE
    if (op->S && contact) { /* a contact: one block lookup */
        const ct_real *blk = ct__sp_block(op->S, ct__grp(op->c0, r0), ct__grp(op->c0, r0));
        if (blk) CONTACT_MEMCPY(B, blk, 9 * sizeof(ct_real));
        else CONTACT_MEMSET(B, 0, 9 * sizeof(ct_real));
        if (op->R)
            for (i = 0; i < 3; ++i) B[4 * i] += op->R[r0 + i];
        return;
    }
#endif
#ifdef CT__HAS_GENERAL
    if (op->form == CT__FORM_GENERAL && op->Lm) { /* three solves, not nine */
        for (j = 0; j < 3; ++j) {
            ct__gen_col(op, r0 + j, op->tmp);
            for (i = 0; i < 3; ++i) B[3 * i + j] = ct__dot(op->J + (size_t)(r0 + i) * op->nv, op->tmp, op->nv);
        }
        for (i = 0; i < 3; ++i) B[4 * i] += ct__op_r(op, r0 + i);
        return;
    }
#endif
    (void)contact;
    if (op->G) { /* dense: the block read directly */
        const ct_real *g0 = op->G + (size_t)r0 * op->n + r0;
        for (i = 0; i < 3; ++i)
            for (j = 0; j < 3; ++j) B[3 * i + j] = g0[(size_t)i * op->n + j];
        if (op->R)
            for (i = 0; i < 3; ++i) B[4 * i] += op->R[r0 + i];
        return;
    }
    for (i = 0; i < 3; ++i)
        for (j = 0; j < 3; ++j) B[3 * i + j] = ct__op_entry(op, r0 + i, r0 + j);
}
/* out += c (G + R + shift e_k e_k^T)[k, :]: row k of G + R, shift added to its diagonal entry
   (dense and block-sparse forms) */
CT__PRIVATE void ct__op_axpy_row(const ct__op *op, int k, ct_real c, ct_real shift, ct_real *out) {
    int j;
    if (op->G) {
        const ct_real *gk = op->G + (size_t)k * op->n;
        for (j = 0; j < op->n; ++j) out[j] += c * gk[j];
    }
#ifdef CT__HAS_SPARSE
    else if (op->S) {
        const int gi = ct__grp(op->c0, k), a = k - ct__grp_row(op->c0, gi);
        int q, b;
        for (q = op->S->row_ptr[gi]; q < op->S->row_ptr[gi + 1]; ++q) {
            const int gj = op->S->col[q], r0 = ct__grp_row(op->c0, gj), sj = ct__grp_size(op->c0, gj);
            const ct_real *blk = op->S->val + 9 * (size_t)q + 3 * a;
            for (b = 0; b < sj; ++b) out[r0 + b] += c * blk[b];
        }
    }
#endif
    out[k] += c * (ct__op_r(op, k) + shift);
    (void)j;
}
/* ||G_ii||_F of contact c's 3x3 diagonal block (the scale of the compliance helpers) */
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
#ifdef CT__HAS_CHOL
/* L = chol(G + R + D + shift I) restricted to rows idx[0..m) (idx NULL: all rows, m = n);
   D: a diagonal indexed like G (NULL: none). L: m x m row-major. Returns -1 or the failing
   pivot. */
/* ... and blk (NULL, or with idx NULL): symmetric diagonal blocks added, 9 per row group
   (ct__grp), padded 3x3 row-major in the group's rows (a 1-row group uses its entry 0) */
CT__PRIVATE int ct__op_factor(const ct__op *op, const int *idx, int m, const ct_real *D,
                              ct_real shift, const ct_real *blk, ct_real *L, ct_real *scratch) {
    int i, j, g, a;
    for (i = 0; i < m; ++i) {
        int gi = idx ? idx[i] : i;
        ct_real *li = L + (size_t)i * m;
        for (j = 0; j <= i; ++j) li[j] = ct__op_sym(op, gi, idx ? idx[j] : j);
        li[i] += shift + (D ? D[gi] : (ct_real)0);
    }
    for (g = 0; blk && g < op->c0 + (m - op->c0) / 3; ++g) {
        const int r0 = ct__grp_row(op->c0, g), sz = ct__grp_size(op->c0, g);
        for (i = 0; i < sz; ++i)
            for (a = 0; a <= i; ++a) L[(size_t)(r0 + i) * m + r0 + a] += blk[9 * g + 3 * i + a];
    }
    return ct__chol_factor(L, m, m, scratch);
}
#endif

#ifdef CT__HAS_SPCHOL
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

/* The sparse Cholesky of G + R + shift I for a block-sparse G (ADMM's factor).
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

/* the numeric factorization of G + R + shift I + blockdiag(blk) (blk: 9 per row group as in
   ct__add_blocks, or NULL); returns -1, or the failing group */
CT__PRIVATE int ct__sp_factor(ct__spchol *sp, const ct__op *op, ct_real shift, const ct_real *blk) {
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
            const ct_real *blk = S->val + 9 * (size_t)q, *mir;
            ct_real *Wi;
            if (j < k) continue;
            Wi = W + 9 * (size_t)sp->mark[j];
            for (a = 0; a < sj; ++a)
                for (b = 0; b < sk; ++b) Wi[3 * a + b] = blk[3 * b + a];
            if (op->asym && (mir = ct__sp_block(S, S->col[q], ok)) != NULL) /* the symmetric part */
                for (a = 0; a < sj; ++a)
                    for (b = 0; b < sk; ++b) Wi[3 * a + b] = (ct_real)0.5 * (Wi[3 * a + b] + mir[3 * a + b]);
        }
        for (a = 0; a < sk; ++a) W[4 * a] += ct__op_r(op, r0 + a) + shift;
        if (blk)
            for (a = 0; a < sk; ++a)
                for (b = 0; b < sk; ++b) W[3 * a + b] += blk[9 * (size_t)ok + 3 * a + b];
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
#endif /* CT__HAS_SPCHOL */

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


/* Pivoted Cholesky G = L L^T (L: n x n row-major, the first r columns used, rows in the
   original order), stopping at the numerical rank: pivots below 64 n eps max G_ii are dropped.
   G is read through op (op->R ignored: G alone) or, when op is NULL, from the row-major Gd.
   d: n scratch; flag: n ints. Returns r. */
CT__PRIVATE int ct__chol_pivoted(const ct__op *op, const ct_real *Gd, int n, ct_real *L, ct_real *d,
                                 int *flag) {
/* an asymmetric G's symmetric part (ct__op_sym without R) */
#define CT__PIV_OPG(i, j)                                                                          \
    (op->asym ? (ct_real)0.5 * (ct__op_g(op, (i), (j)) + ct__op_g(op, (j), (i))) : ct__op_g(op, (i), (j)))
#define CT__PIV_G(i, j) (op ? CT__PIV_OPG(i, j) : Gd[(size_t)(i) * n + (j)])
    ct_real dmax = 0, tol;
    int i, k, m;
    for (i = 0; i < n; ++i) {
        d[i] = CT__PIV_G(i, i);
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
            e = CT__PIV_G(i, piv);
            for (m = 0; m < k; ++m) e -= li[m] * L[(size_t)piv * n + m];
            li[k] = e / lp;
            d[i] -= li[k] * li[k];
        }
    }
    return k;
#undef CT__PIV_G
#undef CT__PIV_OPG
}

#ifdef CT__HAS_SPCHOL
/* the sparse Cholesky's arrays, for nnzl off-diagonal blocks (li, tj, tpos, lval last: their
   size is known only once the ordering is done) */
CT__PRIVATE void ct__sp_layout(ct__arena *a, const ct__dims *d, ct__spchol *sp) {
    const int ng = d->ng;
    const size_t words = ((size_t)ng + 63) / 64, nnzl = d->nnzl > 0 ? (size_t)d->nnzl : 0;
    int *ints = ct__arena_int(a, 6 * (size_t)ng + 2);
    sp->ng = ng;
    sp->c0 = d->c0;
    sp->nnzl = (int)nnzl;
    sp->perm = ints;
    sp->iperm = ints ? ints + ng : NULL;
    sp->lp = ints ? ints + 2 * ng : NULL;
    sp->tp = ints ? ints + 3 * ng + 1 : NULL;
    sp->mark = ints ? ints + 4 * ng + 2 : NULL;
    sp->deg = ints ? ints + 5 * ng + 2 : NULL;
    sp->bits = (unsigned long long *)ct__arena_take(a, words * (size_t)ng * 8);
    sp->diag = ct__arena_real(a, 9 * (size_t)ng);
    sp->w = ct__arena_real(a, 9 * ((size_t)ng + 1));
    sp->li = ct__arena_int(a, nnzl);
    sp->tj = ct__arena_int(a, nnzl);
    sp->tpos = ct__arena_int(a, nnzl);
    sp->lval = ct__arena_real(a, 9 * nnzl);
}
#endif

#ifdef CT__HAS_SPLU
/* The sparse block LU of the Newton matrix J = B + A (G + R + shift I) of NEWTON_NCP (A, B
   block diagonal: J has G's block pattern, symmetric, and is itself not symmetric). It runs on
   the ordering and symbolic factorization of the sparse Cholesky above (the pattern of L and
   of U^T is the Cholesky's). Left-looking by block column k in elimination order: the column
   of J below the diagonal (J_ik = A_i W_ik, W_ik = W_ki^T: G is symmetric) and its row to the
   right (J_ki = A_k W_ki) are gathered, the earlier columns j subtracted (J_ik -= L_ij U_jk,
   J_ki -= L_kj U_ji), the diagonal block factored P_k D_k = L_kk U_kk with partial pivoting
   inside the block (static pivoting across blocks, [LiDemmel98]: a pivot below 1e-14 (1e-6 in
   float) of the block's largest entry is raised to that, and the solve is followed by
   iterative refinement with J itself), then L_ik = J_ik U_kk^-1 and U_ki = L_kk^-1 P_k J_ki.
   U's blocks sit at the slots of L's (U_ki at the slot of L_ik). */
typedef struct ct__splu {
    ct__spchol s;   /* the ordering, the pattern, L's blocks (lval), D = packed L_kk U_kk (diag) */
    ct_real *uval;  /* (9 nnzl) U's blocks                                                     */
    ct_real *wr;    /* (9 (ng + 1)) the row accumulator                                        */
    int *dpiv;      /* (3 ng) the row permutation of each diagonal block                       */
    int perturbed;  /* pivots raised by the last factorization                                 */
} ct__splu;

CT__PRIVATE void ct__splu_layout(ct__arena *a, const ct__dims *d, ct__splu *lu) {
    const size_t nnzl = d->nnzl > 0 ? (size_t)d->nnzl : 0;
    lu->wr = ct__arena_real(a, 9 * ((size_t)d->ng + 1));
    lu->dpiv = ct__arena_int(a, 3 * (size_t)d->ng);
    ct__sp_layout(a, d, &lu->s);
    lu->uval = ct__arena_real(a, 9 * nnzl);
    lu->perturbed = 0;
}

/* the ordering and symbolic factorization into the walk starting at a (room: the bytes from
   a's start to the end of the workspace); d->nnzl receives its size */
CT__PRIVATE ct_result ct__splu_analyze(ct__splu *lu, const ct__op *op, ct__arena a, size_t room, ct__dims *d) {
    ct__arena b = a;
    size_t li_at, left;
    long nnzl;
    d->nnzl = 0;
    ct__splu_layout(&b, d, lu);
    if (b.at - a.at > room) return CT_ERROR_WORKSPACE_TOO_SMALL; /* before the ordering writes */
    li_at = (size_t)((unsigned char *)(void *)lu->s.li - a.base) - a.at;
    left = room > li_at + CT__SP_SLACK + CT__ALIGN ? room - li_at - CT__SP_SLACK - CT__ALIGN : 0;
    nnzl = ct__sp_order(&lu->s, op->S, lu->s.li, (long)(left / (3 * sizeof(int) + 18 * sizeof(ct_real))));
    if (nnzl < 0) return CT_ERROR_WORKSPACE_TOO_SMALL;
    d->nnzl = nnzl;
    b = a;
    ct__splu_layout(&b, d, lu);
    if (b.at - a.at > room) return CT_ERROR_WORKSPACE_TOO_SMALL;
    ct__sp_finish(&lu->s);
    return CT_OK;
}

/* P D = L U of an s x s block (s <= 3, padded 3x3 row-major D, in place: L unit lower below
   the diagonal, U on and above); piv: the row taken at each step. Tiny pivots are raised to
   tau (the count goes to *pert). */
CT__PRIVATE void ct__lu_small(ct_real D[9], int sz, int piv[3], ct_real tau, int *pert) {
    int k, i, j;
    for (k = 0; k < sz; ++k) {
        int q = k;
        for (i = k + 1; i < sz; ++i)
            if (CONTACT_FABS(D[3 * i + k]) > CONTACT_FABS(D[3 * q + k])) q = i;
        piv[k] = q;
        if (q != k)
            for (j = 0; j < 3; ++j) { ct_real t = D[3 * k + j]; D[3 * k + j] = D[3 * q + j]; D[3 * q + j] = t; }
        if (!(CONTACT_FABS(D[4 * k]) >= tau)) { /* static pivoting: raise it, keep its sign */
            D[4 * k] = D[4 * k] < 0 ? -tau : tau;
            ++*pert;
        }
        for (i = k + 1; i < sz; ++i) {
            const ct_real l = D[3 * i + k] /= D[4 * k];
            for (j = k + 1; j < sz; ++j) D[3 * i + j] -= l * D[3 * k + j];
        }
    }
}

/* The blocks of J: Jb = A_g W_b (a row group g's Jacobian block A_g, 9 per group, times the
   stored block W_b of G, transposed when tr), sizes si x sj */
CT__PRIVATE void ct__splu_jblock(const ct_real *Ag, const ct_real *Wb, int tr, int si, int sj, ct_real out[9]) {
    int a, b, c;
    for (a = 0; a < 9; ++a) out[a] = 0;
    for (a = 0; a < si; ++a)
        for (b = 0; b < sj; ++b) {
            ct_real e = 0;
            for (c = 0; c < si; ++c) e += Ag[3 * a + c] * (tr ? Wb[3 * b + c] : Wb[3 * c + b]);
            out[3 * a + b] = e;
        }
}

/* factor J = B + A (G + R + diag(sh)) (A, B: 9 per group, a 1-row group uses entry 0) */
CT__PRIVATE void ct__splu_factor(ct__splu *lu, const ct__op *op, const ct_real *A, const ct_real *B, const ct_real *sh) {
    ct__spchol *sp = &lu->s;
    const ct_sparse *S = op->S;
    const int ng = sp->ng, c0 = sp->c0;
    ct_real tau;
    int k, q, a, b, c, t;
    lu->perturbed = 0;
    for (k = 0; k < ng; ++k) sp->mark[k] = -1;
    for (k = 0; k < ng; ++k) {
        const int ok = sp->perm[k], sk = ct__grp_size(c0, ok), r0 = ct__grp_row(c0, ok);
        const int m = sp->lp[k + 1] - sp->lp[k];
        const ct_real *Ak = A + 9 * (size_t)ok;
        ct_real *Wc = sp->w, *Wr = lu->wr, *D = sp->diag + 9 * (size_t)k, amax = 0, Ad[9];
        CONTACT_MEMSET(Wc, 0, 9 * ((size_t)m + 1) * sizeof(ct_real));
        CONTACT_MEMSET(Wr, 0, 9 * ((size_t)m + 1) * sizeof(ct_real));
        for (q = 0; q < m; ++q) sp->mark[sp->li[sp->lp[k] + q]] = q + 1;
        sp->mark[k] = 0;
        for (q = S->row_ptr[ok]; q < S->row_ptr[ok + 1]; ++q) { /* J's column k and row k */
            const int oj = S->col[q], j = sp->iperm[oj], sj = ct__grp_size(c0, oj);
            const ct_real *blk = S->val + 9 * (size_t)q;
            ct_real Jb[9];
            if (j < k) continue;
            if (j == k) { /* J_kk = B_k + A_k (W_kk + (R + shift) I) */
                ct_real Wd[9];
                CONTACT_MEMCPY(Wd, blk, sizeof(Wd));
                for (a = 0; a < sk; ++a) Wd[4 * a] += ct__op_r(op, r0 + a) + sh[r0 + a];
                ct__splu_jblock(Ak, Wd, 0, sk, sk, Wc);
                for (a = 0; a < sk; ++a)
                    for (b = 0; b < sk; ++b) Wc[3 * a + b] += B[9 * (size_t)ok + 3 * a + b];
                continue;
            }
            ct__splu_jblock(Ak, blk, 0, sk, sj, Jb); /* J_kj = A_k W_kj: the row */
            CONTACT_MEMCPY(Wr + 9 * (size_t)sp->mark[j], Jb, sizeof(Jb));
            ct__splu_jblock(A + 9 * (size_t)oj, blk, 1, sj, sk, Jb); /* J_jk = A_j W_kj^T */
            CONTACT_MEMCPY(Wc + 9 * (size_t)sp->mark[j], Jb, sizeof(Jb));
        }
        for (t = sp->tp[k]; t < sp->tp[k + 1]; ++t) { /* the earlier columns j with k in them */
            const int j = sp->tj[t], pos = sp->tpos[t], sj = ct__grp_size(c0, sp->perm[j]);
            const ct_real *Lkj = sp->lval + 9 * (size_t)(sp->lp[j] + pos);
            const ct_real *Ujk = lu->uval + 9 * (size_t)(sp->lp[j] + pos);
            for (q = sp->lp[j] + pos; q < sp->lp[j + 1]; ++q) {
                const int i = sp->li[q], si = ct__grp_size(c0, sp->perm[i]);
                const ct_real *Lij = sp->lval + 9 * (size_t)q, *Uji = lu->uval + 9 * (size_t)q;
                ct_real *Wi = Wc + 9 * (size_t)sp->mark[i];
                for (a = 0; a < si; ++a) /* J_ik -= L_ij U_jk */
                    for (b = 0; b < sk; ++b) {
                        ct_real e = 0;
                        for (c = 0; c < sj; ++c) e += Lij[3 * a + c] * Ujk[3 * c + b];
                        Wi[3 * a + b] -= e;
                    }
                if (i != k) { /* J_ki -= L_kj U_ji */
                    ct_real *Vi = Wr + 9 * (size_t)sp->mark[i];
                    for (a = 0; a < sk; ++a)
                        for (b = 0; b < si; ++b) {
                            ct_real e = 0;
                            for (c = 0; c < sj; ++c) e += Lkj[3 * a + c] * Uji[3 * c + b];
                            Vi[3 * a + b] -= e;
                        }
                }
            }
        }
        /* P_k D = L_kk U_kk */
        CONTACT_MEMCPY(D, Wc, 9 * sizeof(ct_real));
        for (a = 0; a < sk; ++a)
            for (b = 0; b < sk; ++b) amax = ct__max(amax, CONTACT_FABS(D[3 * a + b]));
#ifdef CONTACT_USE_FLOAT
        tau = (ct_real)1e-6 * (amax > 0 ? amax : 1);
#else
        tau = (ct_real)1e-14 * (amax > 0 ? amax : 1);
#endif
        ct__lu_small(D, sk, lu->dpiv + 3 * (size_t)k, tau, &lu->perturbed);
        (void)Ad;
        for (q = 0; q < m; ++q) {
            const int i = sp->li[sp->lp[k] + q], si = ct__grp_size(c0, sp->perm[i]);
            const ct_real *Wi = Wc + 9 * (size_t)(q + 1), *Vi = Wr + 9 * (size_t)(q + 1);
            ct_real *Lik = sp->lval + 9 * (size_t)(sp->lp[k] + q), *Uki = lu->uval + 9 * (size_t)(sp->lp[k] + q);
            CONTACT_MEMSET(Lik, 0, 9 * sizeof(ct_real));
            CONTACT_MEMSET(Uki, 0, 9 * sizeof(ct_real));
            for (a = 0; a < si; ++a) /* L_ik U_kk = J_ik: row by row, forward over the columns */
                for (b = 0; b < sk; ++b) {
                    ct_real e = Wi[3 * a + b];
                    for (c = 0; c < b; ++c) e -= Lik[3 * a + c] * D[3 * c + b];
                    Lik[3 * a + b] = e / D[4 * b];
                }
            for (b = 0; b < si; ++b) { /* L_kk U_ki = P_k J_ki: column by column */
                ct_real col[3];
                for (a = 0; a < sk; ++a) col[a] = Vi[3 * a + b];
                for (a = 0; a < sk; ++a) { /* the row swaps of the block's factorization */
                    const int pa = lu->dpiv[3 * (size_t)k + a];
                    if (pa != a) { ct_real tt = col[a]; col[a] = col[pa]; col[pa] = tt; }
                }
                for (a = 0; a < sk; ++a) {
                    ct_real e = col[a];
                    for (c = 0; c < a; ++c) e -= D[3 * a + c] * col[c];
                    col[a] = e;
                    Uki[3 * a + b] = e;
                }
            }
            sp->mark[i] = -1;
        }
        sp->mark[k] = -1;
    }
}

/* x <- J^-1 x (with the factors of ct__splu_factor), in the problem's row order */
CT__PRIVATE void ct__splu_solve(const ct__splu *lu, ct_real *x) {
    const ct__spchol *sp = &lu->s;
    const int ng = sp->ng, c0 = sp->c0;
    int k, q, a, c;
    for (k = 0; k < ng; ++k) { /* L y = P x */
        const int ok = sp->perm[k], sk = ct__grp_size(c0, ok), r0 = ct__grp_row(c0, ok);
        const ct_real *D = sp->diag + 9 * (size_t)k;
        ct_real *xk = x + r0;
        for (a = 0; a < sk; ++a) {
            const int pa = lu->dpiv[3 * (size_t)k + a];
            if (pa != a) { ct_real t = xk[a]; xk[a] = xk[pa]; xk[pa] = t; }
        }
        for (a = 0; a < sk; ++a)
            for (c = 0; c < a; ++c) xk[a] -= D[3 * a + c] * xk[c];
        for (q = sp->lp[k]; q < sp->lp[k + 1]; ++q) {
            const int oi = sp->perm[sp->li[q]], si = ct__grp_size(c0, oi);
            const ct_real *L = sp->lval + 9 * (size_t)q;
            ct_real *xi = x + ct__grp_row(c0, oi);
            for (a = 0; a < si; ++a)
                for (c = 0; c < sk; ++c) xi[a] -= L[3 * a + c] * xk[c];
        }
    }
    for (k = ng - 1; k >= 0; --k) { /* U x = y */
        const int ok = sp->perm[k], sk = ct__grp_size(c0, ok), r0 = ct__grp_row(c0, ok);
        const ct_real *D = sp->diag + 9 * (size_t)k;
        ct_real *xk = x + r0;
        for (q = sp->lp[k]; q < sp->lp[k + 1]; ++q) {
            const int oi = sp->perm[sp->li[q]], si = ct__grp_size(c0, oi);
            const ct_real *U = lu->uval + 9 * (size_t)q, *xi = x + ct__grp_row(c0, oi);
            for (a = 0; a < sk; ++a)
                for (c = 0; c < si; ++c) xk[a] -= U[3 * a + c] * xi[c];
        }
        for (a = sk - 1; a >= 0; --a) {
            ct_real e = xk[a];
            for (c = a + 1; c < sk; ++c) e -= D[3 * a + c] * xk[c];
            xk[a] = e / D[4 * a];
        }
    }
}
#endif /* CT__HAS_SPLU */

/* The factorization of G + R + shift I (ADMM's x-step), in whichever form G comes: the dense
   Cholesky (n x n), the sparse block Cholesky above (its ordering from ct__fac_analyze), or
   the caller's operator (its factor and solve callbacks, given d = diag(R) + shift). */
#if defined(CT__HAS_ADMM)
typedef struct ct__fac {
    int form;
    ct_real *L;        /* dense: the n x n factor                                           */
    ct_real *scratch;  /* dense: the Cholesky's scratch; operator: d (n)                     */
#ifdef CT__HAS_SPCHOL
    ct__spchol sp;
#endif
} ct__fac;


CT__PRIVATE void ct__fac_layout(ct__arena *a, const ct__dims *d, ct__fac *f) {
    const size_t n = (size_t)d->n;
    f->form = d->form;
    f->L = f->scratch = NULL;
#ifdef CT__HAS_SPCHOL
    if (d->form == CT__FORM_SPARSE) {
        ct__sp_layout(a, d, &f->sp);
        return;
    }
#endif
    if (d->form == CT__FORM_OPERATOR) {
        f->scratch = ct__arena_real(a, n); /* the diagonal d of the operator's G + diag(d) */
        return;
    }
    f->L = ct__arena_real(a, n * n);
    f->scratch = ct__arena_real(a, CT__CHOL_SCRATCH(d->n));
}

#ifdef CT__HAS_SPCHOL
/* a hash of a block-sparse pattern (FNV-1a over row_ptr and col) */
CT__PRIVATE unsigned long ct__sp_hash(const ct_sparse *S, int ng) {
    unsigned long h = 2166136261ul;
    int i;
    for (i = 0; i <= ng; ++i) h = (h ^ (unsigned long)S->row_ptr[i]) * 16777619ul;
    for (i = 0; i < S->row_ptr[ng]; ++i) h = (h ^ (unsigned long)S->col[i]) * 16777619ul;
    return h;
}
#endif

/* The ordering and symbolic factorization of a block-sparse G (nothing for the other forms),
   into the memory of a walk that starts at a (room: the bytes from a's start to the end of
   the workspace). d->nnzl receives the size of L. CT_ERROR_WORKSPACE_TOO_SMALL when L does
   not fit. */
CT__PRIVATE ct_result ct__fac_analyze(ct__fac *f, const ct__op *op, ct__arena a, size_t room,
                                      ct__dims *d) {
#ifdef CT__HAS_SPCHOL
    if (d->form == CT__FORM_SPARSE) {
        ct__arena b = a;
        size_t li_at, left;
        long nnzl;
        d->nnzl = 0;
        ct__sp_layout(&b, d, &f->sp);
        li_at = (size_t)((unsigned char *)(void *)f->sp.li - a.base) - a.at;
        /* li is the first array of variable size: its capacity is what is left, at 3 ints + 9
           reals per block plus the alignment of the three later arrays */
        left = room > li_at + CT__SP_SLACK ? room - li_at - CT__SP_SLACK : 0;
        nnzl = ct__sp_order(&f->sp, op->S, f->sp.li, (long)(left / (3 * sizeof(int) + 9 * sizeof(ct_real))));
        if (nnzl < 0) return CT_ERROR_WORKSPACE_TOO_SMALL;
        d->nnzl = nnzl;
        b = a;
        ct__sp_layout(&b, d, &f->sp);
        if (b.at - a.at > room) return CT_ERROR_WORKSPACE_TOO_SMALL;
        ct__sp_finish(&f->sp);
        return CT_OK;
    }
#endif
    (void)f; (void)op; (void)a; (void)room; (void)d;
    return CT_OK;
}

/* Factor G + R + shift I, plus symmetric diagonal blocks blk (9 per row group as in
   ct__op_factor; NULL: none; the dense and block-sparse forms only). Returns -1 on success,
   else the failing pivot's row (0 for an operator's failure). */
CT__PRIVATE int ct__fac_factor(ct__fac *f, const ct__op *op, ct_real shift, const ct_real *blk) {
    int i;
#ifdef CT__HAS_SPCHOL
    if (f->form == CT__FORM_SPARSE) {
        int k = ct__sp_factor(&f->sp, op, shift, blk);
        return k < 0 ? -1 : ct__grp_row(op->c0, f->sp.perm[k]);
    }
#endif
#ifdef CT__HAS_OPERATOR
    if (f->form == CT__FORM_OPERATOR) {
        for (i = 0; i < op->n; ++i) f->scratch[i] = ct__op_r(op, i) + shift;
        return op->U->factor(op->U->ctx, f->scratch) == 0 ? -1 : 0;
    }
#endif
    (void)i;
    return ct__op_factor(op, NULL, op->n, NULL, shift, blk, f->L, f->scratch);
}
/* b <- (G + R + shift I + blocks)^-1 b with the last factorization */
CT__PRIVATE void ct__fac_solve(const ct__fac *f, const ct__op *op, ct_real *b) {
#ifdef CT__HAS_SPCHOL
    if (f->form == CT__FORM_SPARSE) {
        ct__sp_solve(&f->sp, b);
        return;
    }
#endif
#ifdef CT__HAS_OPERATOR
    if (f->form == CT__FORM_OPERATOR) {
        op->U->solve(op->U->ctx, b);
        return;
    }
#endif
    ct__chol_solve(f->L, op->n, op->n, b);
}
#endif /* CT__HAS_ADMM */

/* >>cones -------------------------------------------------------------------------------- */
/* Euclidean projections ([Tsounis25] eq. 147-151; [Carpentier24] Sec. II-B). The polar
   region is tested first for K_mu and membership first for K_mu*, so mu = 0 needs no special
   case: K_0 is the ray {x_T = 0, x_n >= 0} and K_0* the half-space {x_n >= 0}. ||x_T|| = 0
   never reaches a division. Every projection onto a cone is positively homogeneous, P(c x) =
   c P(x): an input above CT_HUGE (whose squares would overflow) is projected scaled down by
   2^-600 (float: 2^-100), exactly, and scaled back, so finite input gives finite output; an
   input whose entries are all below CT__PROJ_TINY (1e-150, float 1e-18: their squares lose
   digits or underflow, and ||x_T|| may read 0) is projected scaled up by the same factor. A
   scaled input is in range (subnormals included), so the projection recurses at most once. */
#define CT__PROJ_SCALE ((ct_real)(sizeof(ct_real) == 4 ? 7.888609052210118e-31 : 2.409919865102884e-181))
#define CT__PROJ_TINY ((ct_real)(sizeof(ct_real) == 4 ? 1e-18 : 1e-150))
/* 1: a finite entry above CT_HUGE (project scaled down); -1: every entry below CT__PROJ_TINY,
   one nonzero (project scaled up); 0: project as it is */
CT__PRIVATE int ct__proj_range(const ct_real *x, int k) {
    ct_real m = 0;
    int i;
    for (i = 0; i < k; ++i) { /* the largest magnitude first, without branches (NaN: skipped) */
        const ct_real a = CONTACT_FABS(x[i]);
        m = a > m ? a : m;
    }
    if (m <= CT_HUGE) return m > 0 && m < CT__PROJ_TINY ? -1 : 0;
    for (i = 0; i < k; ++i) { /* above CT_HUGE: a finite entry there, or infinities alone */
        const ct_real a = CONTACT_FABS(x[i]);
        if (a > CT_HUGE && ct__finite(a)) return 1;
    }
    return 0;
}
/* the power of two that brings x of that range into range: 2^-600 or 2^600 (float 2^-100, 2^100) */
CT__PRIVATE ct_real ct__proj_factor(int range) { return range > 0 ? CT__PROJ_SCALE : 1 / CT__PROJ_SCALE; }
CT__PRIVATE void ct__proj_scaled(void (*proj)(ct_real, const ct_real *, ct_real *), ct_real mu, const ct_real *x,
                                 ct_real *out, int k, int range) {
    const ct_real c = ct__proj_factor(range);
    ct_real y[3] = {0, 0, 0}; /* k <= 3; zeroed for GCC -O1's maybe-uninitialized */
    int i;
    for (i = 0; i < k; ++i) y[i] = x[i] * c;
    proj(mu, y, out);
    for (i = 0; i < k; ++i) out[i] /= c;
}
/* mu above CT__MU_MAX (1e150, float 1e18) is taken as that bound: mu * mu stays finite, and a
   cone that wide differs from a wider one only where |x_T| > CT__MU_MAX x_n */
#define CT__MU_MAX ((ct_real)(sizeof(ct_real) == 4 ? 1e18 : 1e150))
CT__PRIVATE ct_real ct__mu_cap(ct_real mu) { return mu > CT__MU_MAX ? CT__MU_MAX : mu; }
CT_API void ct_project_cone(ct_real mu, const ct_real x[3], ct_real out[3]) {
    ct_real t = ct__norm_t(x), n = x[2];
    const int range = ct__proj_range(x, 3);
    mu = ct__mu_cap(mu);
    if (range) {
        ct__proj_scaled(ct_project_cone, mu, x, out, 3, range);
        return;
    }
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
    const int range = ct__proj_range(x, 3);
    mu = ct__mu_cap(mu);
    if (range) {
        ct__proj_scaled(ct_project_dual_cone, mu, x, out, 3, range);
        return;
    }
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

CT__PRIVATE void ct__disk(ct_real r, const ct_real x[2], ct_real out[2]) {
    const ct_real t = CONTACT_SQRT(x[0] * x[0] + x[1] * x[1]);
    if (r <= 0) { /* the disk is the origin (first: a tiny x's norm can underflow to 0) */
        out[0] = out[1] = 0;
    } else if (t <= r) {
        out[0] = x[0]; out[1] = x[1];
    } else {
        ct_real f = r / t;
        out[0] = f * x[0]; out[1] = f * x[1];
    }
}
CT_API void ct_project_disk(ct_real r, const ct_real x[2], ct_real out[2]) {
    /* P_disk(c r)(c x) = c P_disk(r)(x): huge finite x is projected scaled down, tiny x (both
       entries below CT__PROJ_TINY) scaled up, once (an infinite radius or entry is not scaled:
       the core handles it, no recursion; a radius that overflows scaled up is infinite, and x
       is then inside, as it was). A huge radius alone needs no scaling: x in range is inside
       (scaling it down would flush a tiny x to 0) */
    const int range = ct__proj_range(x, 2);
    if (range && ct__finite(x[0]) && ct__finite(x[1]) && ct__finite(r)) {
        const ct_real c = ct__proj_factor(range);
        ct_real y[2];
        y[0] = x[0] * c;
        y[1] = x[1] * c;
        ct__disk(r * c, y, out);
        out[0] /= c;
        out[1] /= c;
        return;
    }
    ct__disk(r, x, out);
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
    const int range = ct__proj_range(x, 3);
    mu = ct__mu_cap(mu);
    if (range) {
        ct__proj_scaled(ct_project_pyramid, mu, x, out, 3, range);
        return;
    }
    if (n >= 0 && a <= mu * n && b <= mu * n) { /* n >= 0: with mu = 0, 0 <= mu n holds for n < 0 */
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

/* P^D_K(x) = D^-1/2 P_K_mut(D^1/2 x), mut = mu sqrt(d_t / d_n) (substitute u = D^1/2 y). A
   metric c D gives the same projection, so D is taken as D / d_t: u = (x_T, r x_n), r =
   sqrt(d_n) / sqrt(d_t), and only the normal is scaled back (the tangent output is then never
   a product of two tiny factors); when r is beyond CT_HUGE, the unnormalized form. x itself
   is first brought into range (above CT_HUGE or all below CT__PROJ_TINY: projected scaled by
   a power of two, as ct_project_cone), so that r x_n and D^1/2 x stay finite. */
CT_API ct_result ct_project_cone_metric(ct_real mu, const ct_real d[3], const ct_real x[3],
                                        ct_real out[3]) {
    ct_real st, sn, r, u[3];
    int range;
    if (!d || !x || !out) return CT_ERROR_INVALID_ARGUMENT;
    if (!(d[0] > 0) || !(d[2] > 0) ||
        CONTACT_FABS(d[0] - d[1]) > 8 * CT_EPS * ct__max(d[0], CONTACT_FABS(d[1])))
        return CT_ERROR_INVALID_VALUE;
    range = ct__proj_range(x, 3);
    if (range) {
        const ct_real c = ct__proj_factor(range);
        ct_real y[3];
        int i;
        ct_result res;
        for (i = 0; i < 3; ++i) y[i] = x[i] * c;
        res = ct_project_cone_metric(mu, d, y, out);
        for (i = 0; i < 3; ++i) out[i] /= c;
        return res;
    }
    st = CONTACT_SQRT(d[0]);
    sn = CONTACT_SQRT(d[2]);
    r = sn / st;
    if (r <= CT_HUGE) {
        u[0] = x[0]; u[1] = x[1]; u[2] = r * x[2];
        ct_project_cone(mu / r, u, u);
        out[0] = u[0]; out[1] = u[1]; out[2] = u[2] / r;
        return CT_OK;
    }
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

/* Preclik's single-contact law ([Hwangbo18] eq. 8), solved exactly or by [Hwangbo18]'s
   bisection: the local update of NBGS and the RAISIM methods (>>solver-gs), and the model
   residual of the SIGNORINI flavor (>>criteria), which is why it lives with the cones and is
   compiled in every build. The law is stated in >>solver-gs's comment. */
#ifdef CONTACT_USE_FLOAT
#define CT__BLOCK_REG ((ct_real)1e-5)
#else
#define CT__BLOCK_REG ((ct_real)1e-10)
#endif
#define CT__PI ((ct_real)3.14159265358979323846)

/* Preclik's single contact: a point of the conic section C at angle th and the derivative of
   E along C. r(th) = -c_n / (B_nn/mu + B_nt1 cos th + B_nt2 sin th) ([Hwangbo18] eq. 14) and
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
   (docs/math.md derives it): at most 4 stationary points, at most 2 local minima. Rather
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

/* [Hwangbo18] Alg. 1 with its two printed errors corrected: a step
   is rejected when the new point is NOT in the line of sight of lv0 (grad h2 . (lv0 - l) < 0)
   or r < 0 (the printed test has the sign inverted and never brackets), and the bisection
   moves the points with the angles (the printed loop never updates its iterate). The slope is
   dE/dth, whose sign equals the paper's hybrid (dE/dl) eta ([Hwangbo18] eq. 15-16). */
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
    if (c[2] > 0) { /* opening ([Hwangbo18]: strict test on c_n) */
        out[0] = out[1] = out[2] = 0;
        return;
    }
    if (!(mu >= CT_MINVAL)) { /* frictionless (a subnormal mu too: the conic sections' scaling by
                                 mu underflows): lambda_T = 0 and zero normal velocity */
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
    /* initial angle: E_C of the zero-velocity solution ([Hwangbo18] Sec. III-A) */
    t = (lv0[0] != 0 || lv0[1] != 0) ? CONTACT_ATAN2(lv0[1], lv0[0]) : 0;
    if (slide == CT__SLIDE_COULOMB && ct__cone_coulomb(&q, t, out)) return;
    if (slide == CT__SLIDE_BISECT) ct__cone_min_bisect(&q, lv0, t, rs, out);
    else ct__cone_min_exact(&q, t, out); /* also the fallback when C has no Coulomb point */
}

/* B^-1 of a contact block for the Preclik methods: a singular block is regularized by
   reg tr(B) I, reg growing tenfold from CT__BLOCK_REG up to tr(B) I (a block with a negative
   eigenvalue, G not PSD); past that, or for B = 0, Bi is zero (the contact is left as it is) */
CT__PRIVATE void ct__preclik_inverse(const ct_real B[9], ct_real Bi[9]) {
    const ct_real tr = B[0] + B[4] + B[8];
    ct_real reg = 0, next = CT__BLOCK_REG, R[9];
    int ok = 0;
    CONTACT_MEMSET(Bi, 0, 9 * sizeof(ct_real));
    if (!(tr > CT_MINVAL)) return;
    while (!ok && reg <= 1) {
        CONTACT_MEMCPY(R, B, sizeof(R));
        R[0] += reg * tr; R[4] += reg * tr; R[8] += reg * tr;
        ok = ct__m3_spd(R, 64 * CT_EPS * tr, Bi);
        reg = next;
        next *= 10;
    }
}

CT_API ct_result ct_local_contact(ct_local_law law, ct_real mu, const ct_real B[9],
                                  const ct_real c[3], const ct_raisim_settings *rs,
                                  ct_real out[3]) {
    ct_raisim_settings def;
    ct_real Bi[9];
    if (!B || !c || !out) return CT_ERROR_INVALID_ARGUMENT;
    if ((unsigned)law > (unsigned)CT_LOCAL_COULOMB) return CT_ERROR_INVALID_VALUE;
    if (!ct__all_finite(B, 9) || !ct__all_finite(c, 3) || !ct__finite(mu)) return CT_ERROR_NON_FINITE;
    if (mu < 0) return CT_ERROR_NEGATIVE_FRICTION;
    if (!rs) {
        def = ct_default_settings().raisim;
        rs = &def;
    }
    ct__preclik_inverse(B, Bi);
    if (Bi[0] == 0 && Bi[4] == 0 && Bi[8] == 0) { /* B = 0 or not PSD: no impulse moves it */
        out[0] = out[1] = out[2] = 0;
        return CT_OK;
    }
    ct__preclik(B, Bi, c, mu, (int)law, rs, out);
    if (!ct__all_finite(out, 3)) { /* an extreme mu or scale: reported, never returned */
        out[0] = out[1] = out[2] = 0;
        return CT_ERROR_OUT_OF_RANGE;
    }
    return CT_OK;
}

/* >>soft --------------------------------------------------------------------------------- */
/* The soft contact models of [Castro23] (Sec. IV-VI, its per-contact kernels): for each
   contact a convex potential l_i of the physical contact velocity v_c (t1, t2, n), its impulse
   gamma = -grad l_i and its Hessian H = grad^2 l_i (3x3, symmetric PSD: the models are
   irrotational, [Castro23] Sec. IV). Joint and limit rows are the regularized CCP of their R > 0:
   bilateral gamma = -v/R, unilateral gamma = max(0, -v/R).
     CT_SOFT_CCP / SAP: y = R^-1 (v^ - v_c), gamma = P^R_K(y) (the projection in the R metric,
       three regions), l = 1/2 gamma^T R gamma; H = (d gamma / d y) R^-1.
       CCP: R from p->R, v^ = 0. SAP: w = ||G_ii||_F / 3, R_t = sigma w,
       R_n = max(beta^2 w / (4 pi^2), 1 / (dt k (dt + tau_d))), v^ = -phi0 / (dt + tau_d).
     Hunt-Crossley normal law (eq. 22): n(v) = dt k (-phi0 - dt v)+ (1 - d v)+, its antiderivative
       N(v) = N+(min(v, v^)), v^ = min(-phi0/dt, 1/d), N+(v) = dt k [-v (phi0 + dt v / 2)
       + d v^2 / 2 (phi0 + 2 dt v / 3)].
     CT_SOFT_LAGGED (eq. 18): l = -N(v_n) + mu gamma_n0 ||v_T||_s, gamma_n0 = n at (phi0, vn0).
     CT_SOFT_SIMILAR (eq. 19-21): l = -N(z), z = v_n - mu ||v_T||_s; the Hessian is the
       second derivative of that l (the paper's printed Hessian has -mu instead of -mu^2 in G_tt
       and omits G_tn; a finite-difference test in the suite checks this one):
       G_tt = -mu^2 n'(z) P_s + mu n(z) P_s^perp / (s_t + eps), G_tn = mu n'(z) t_s, G_nn = -n'(z).
     ||x||_s = sqrt(||x||^2 + eps^2) - eps (App. A), eps = max(v_s, sigma w mu gamma_n0) (eq. 26). */
#define CT__FOUR_PI_SQ ((ct_real)39.47841760435743)
#ifdef CT__HAS_SOFT

CT__PRIVATE ct_soft_model ct__soft_model(const ct_problem *p) {
    return p->soft ? p->soft->model : CT_SOFT_CCP;
}
/* the model reads G's diagonal blocks (SAP's w; LAGGED and SIMILAR's eps with sigma > 0) */
CT__PRIVATE int ct__soft_reads_g(const ct_problem *p) {
    const ct_soft_model m = ct__soft_model(p);
    return p->nc > 0 && (m == CT_SOFT_SAP || (m != CT_SOFT_CCP && p->soft->sigma > 0));
}

/* Hunt-Crossley impulse n(v), its derivative n'(v) and N(v) ([Castro23] eq. 22; [HuntCrossley75]) */
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
        ct_real Rt, Rn, iRt, iRn, vh = 0, y[3], yr, mh, mt2;
        if (model == CT_SOFT_CCP) {
            Rt = (ct_real)0.5 * (p->R[r0] + p->R[r0 + 1]); /* equal within ct__rt_same */
            Rn = p->R[r0 + 2];
        } else {
            ct_real w = ct__block_frobenius(p, i) / 3, td = sf->d[i], dt = sf->dt;
            Rt = sf->sigma * w;
            Rn = ct__max(sf->beta * sf->beta * w / CT__FOUR_PI_SQ, 1 / (dt * sf->k[i] * (dt + td)));
            vh = -sf->phi0[i] / (dt + td);
        }
        iRt = 1 / Rt; /* two divisions, the rest multiplications */
        iRn = 1 / Rn;
        y[0] = -vc[0] * iRt;
        y[1] = -vc[1] * iRt;
        y[2] = (vh - vc[2]) * iRn;
        yr = ct__norm_t(y);
        mh = mu * Rt * iRn;
        mt2 = mu * mh;
        if (yr <= mu * y[2]) { /* stiction */
            gam[0] = y[0]; gam[1] = y[1]; gam[2] = y[2];
            if (H) { H[0] = H[4] = iRt; H[8] = iRn; }
        } else if (y[2] <= -mh * yr) { /* no contact */
            gam[0] = gam[1] = gam[2] = 0;
        } else { /* sliding: on the cone's boundary (yr > 0 here) */
            ct_real f = 1 / (1 + mt2), gn = (y[2] + mh * yr) * f, t[2], A[9], iyr = 1 / yr;
            t[0] = y[0] * iyr;
            t[1] = y[1] * iyr;
            gam[0] = mu * gn * t[0];
            gam[1] = mu * gn * t[1];
            gam[2] = gn;
            if (H) { /* H = (d gamma / d y) R^-1 */
                for (a = 0; a < 2; ++a)
                    for (b = 0; b < 2; ++b)
                        A[3 * a + b] = mu * (gn * iyr * ((a == b) - t[a] * t[b]) + mh * f * t[a] * t[b]);
                for (a = 0; a < 2; ++a) {
                    A[3 * a + 2] = mu * f * t[a];
                    A[6 + a] = mh * f * t[a];
                }
                A[8] = f;
                for (a = 0; a < 3; ++a)
                    for (b = 0; b < 3; ++b) H[3 * a + b] = A[3 * a + b] * (b == 2 ? iRn : iRt);
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
            if (!ct__rt_same(p->R, c0 + 3 * i)) return CT_ERROR_ANISOTROPIC_COMPLIANCE;
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
    if (sf && sf->nv > 0 && !ct__general(p)) { /* (M and J alone: validated as G's form) */
        if (!sf->M || !sf->J || !sf->vstar || sf->nv > CT__MAX_N) return CT_ERROR_INVALID_SOFT;
        if (!ct__all_finite(sf->M, (size_t)sf->nv * (size_t)sf->nv) ||
            !ct__all_finite(sf->J, (size_t)n * (size_t)sf->nv) || !ct__all_finite(sf->vstar, (size_t)sf->nv))
            return CT_ERROR_NON_FINITE;
    }
    return CT_OK;
}
CT_API ct_result ct_soft_kernel(const ct_problem *p, int i, const ct_real vc[3], ct_real *cost,
                                ct_real gamma[3], ct_real *H) {
    ct_result r;
    if (!p || !vc || !cost || !gamma || !p->mu) return CT_ERROR_INVALID_ARGUMENT;
    if (!ct__sizes_ok(p->nb, p->nu, p->nc) || i < 0 || i >= p->nc) return CT_ERROR_INVALID_SIZE;
    r = ct__soft_reads_g(p) ? ct__form_check(p) : CT_OK; /* SAP, and eps with sigma > 0: G's blocks */
    if (r != CT_OK) return r;
    if (!ct__all_finite(vc, 3)) return CT_ERROR_NON_FINITE;
    if (!ct__in_range(vc, 3)) return CT_ERROR_OUT_OF_RANGE; /* the cost squares vc */
    r = ct__soft_validate(p);
    if (r != CT_OK) return r;
    ct__soft_contact(p, i, vc, cost, gamma, H);
    return CT_OK;
}
#endif /* CT__HAS_SOFT */

/* >>criteria ----------------------------------------------------------------------------- */
/* For (lambda, v), per constraint ([LeLidec24] Sec. II, [Tsounis25] eq. 156-164):
     w = v + Gamma(v) (NCP), w = v (CCP), w = v + (0, 0, mu ||v_T||_1) and K the 4-facet
     pyramid (LCP; its dual is {mu (|w_t1| + |w_t2|) <= w_n}),
     primal = ||lambda - P_K(lambda)||, dual = ||w - P_K*(w)|| = ||P_K(-w)||,
     comp = |<lambda, w>|, natmap = ||lambda - P_K(lambda - w)||, signorini = |lambda_n v_n|;
     SIGNORINI (Preclik's model, [Hwangbo18] eq. 8): primal as NCP, dual = max(0, -v_n),
     comp = |lambda_n v_n|, and the model residual natmap = ||B (lambda_i - lambda_i*)||, where
     B = (G + R)_ii, c = v_i - B lambda_i and lambda_i* is the exact solution of the contact's
     law given the other contacts (ct__preclik, the NBGS update): the per-contact fixed-point
     residual in velocity units, 0 exactly at a solution of the model, friction included. The
     absolute residual of this flavor is max(primal, dual, comp, natmap), so a point that
     meets it certifies the whole model; it needs G's diagonal blocks (any form)
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
/* what a stop rule reads, whether residuals meet it, and its one number (settings.history's
   criterion; CT_STOP_BOTH: the larger of absolute / tol_abs and relative / tol_rel, <= 1 when
   met) */
CT__PRIVATE int ct__stop_want(ct_stop_rule rule) {
    return rule == CT_STOP_RELATIVE ? CT__WANT_NAT : rule == CT_STOP_BOTH ? CT__WANT_ALL : CT__WANT_ABS;
}
CT__PRIVATE int ct__stop_met(const ct_settings *s, const ct_residuals *res) {
    switch (s->stop) {
    case CT_STOP_ABSOLUTE: return res->absolute <= s->tol_abs;
    case CT_STOP_RELATIVE: return res->relative <= s->tol_rel;
    case CT_STOP_BOTH: return res->absolute <= s->tol_abs && res->relative <= s->tol_rel;
    default: return 0;
    }
}
CT__PRIVATE ct_real ct__stop_value(const ct_settings *s, const ct_residuals *res) {
    if (s->stop == CT_STOP_RELATIVE) return res->relative;
    if (s->stop == CT_STOP_BOTH) {
        const ct_real a = res->absolute / s->tol_abs, b = res->relative / s->tol_rel;
        return a > b ? a : b;
    }
    return res->absolute;
}
/* The tolerance in ct__stop_value's units (CT_STOP_BOTH: 1, each part over its own) */
CT__PRIVATE ct_real ct__stop_tol(const ct_settings *s) {
    return s->stop == CT_STOP_RELATIVE ? s->tol_rel : s->stop == CT_STOP_BOTH ? (ct_real)1 : s->tol_abs;
}

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

/* Preclik's model residual of the contact at rows r0..r0+2 (see above): ||B (l - l*)||, 0 when
   B cannot be inverted (B = 0, or not PSD even regularized: the sweeps leave it unchanged) */
CT__PRIVATE ct_real ct__preclik_residual(const ct__op *op, int r0, ct_real mu, const ct_real l[3],
                                         const ct_real v[3]) {
    ct_real B[9], Bi[9], c[3], ls[3], e[3];
    ct__op_block3(op, r0, B);
    ct__preclik_inverse(B, Bi);
    if (Bi[0] == 0 && Bi[4] == 0 && Bi[8] == 0) return 0;
    ct__m3_mul(B, l, c);
    c[0] = v[0] - c[0]; c[1] = v[1] - c[1]; c[2] = v[2] - c[2];
    ct__preclik(B, Bi, c, mu, CT__SLIDE_EXACT, NULL, ls);
    ls[0] = l[0] - ls[0]; ls[1] = l[1] - ls[1]; ls[2] = l[2] - ls[2];
    ct__m3_mul(B, ls, e);
    return CONTACT_SQRT(e[0] * e[0] + e[1] * e[1] + e[2] * e[2]);
}

/* the rigid flavors (NCP, CCP, LCP, SIGNORINI) of ct_criteria, ||F||^2 into F */
CT__PRIVATE void ct__criteria_rigid(const ct_problem *p, const ct_real *lambda, const ct_real *v,
                                    ct_flavor flavor, ct_residuals *out, ct__ssq *F, int want) {
    const int wn = want & CT__WANT_NAT, wa = want & CT__WANT_ABS;
    ct_real model = 0; /* SIGNORINI: the largest model residual, part of absolute */
    int i, model_row = -1;
    ct__op op;
    if (flavor == CT_FLAVOR_SIGNORINI) ct__op_init(&op, p);
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
        if (flavor == CT_FLAVOR_SIGNORINI) { /* the model residual; dual: v_n >= 0 */
            nat = ct__preclik_residual(&op, r, mu, l, w);
            dual = w[2] < 0 ? -w[2] : 0;
            if (wa) ct__res_take(nat, r, &model, &model_row);
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
    if (model > out->absolute) { out->absolute = model; out->absolute_row = model_row; }
}

/* One pass of ct_criteria; ||F|| accumulated plainly (safe = 0) or scaled (safe = 1). Returns
   0 when the plain sum is not to be trusted (ct__ssq_plain_ok), and the pass is redone safe. */
CT__PRIVATE int ct__criteria_pass(const ct_problem *p, const ct_real *lambda, const ct_real *v,
                                  ct_flavor flavor, ct_residuals *out, int safe, int want, const ct_real *gk) {
    ct__ssq F; /* ||F||^2 */
    (void)gk; /* (read by the soft flavor alone) */
    CONTACT_MEMSET(&F, 0, sizeof(F));
    F.safe = safe;
    CONTACT_MEMSET(out, 0, sizeof(*out));
    out->primal_row = out->dual_row = out->comp_row = out->natmap_row = -1;
    out->signorini_row = out->absolute_row = -1;
#ifdef CT__HAS_SOFT
    if (flavor == CT_FLAVOR_SOFT) {
        int i;
        /* the model's law: v_c = v - R lambda (the physical velocity) and lambda = gamma(v_c);
           natmap (= absolute) is max ||lambda_i - gamma_i(v_c)|| per row or contact; gk (or
           NULL): gamma(v_c) already evaluated by the caller, the same bits as this pass's */
        for (i = 0; i < p->nb + p->nu; ++i) {
            ct_real c, gm, h, e;
            if (gk) gm = gk[i];
            else ct__soft_row(p, i, v[i] - p->R[i] * lambda[i], &c, &gm, &h);
            e = CONTACT_FABS(lambda[i] - gm);
            ct__res_take(e, i, &out->natmap, &out->natmap_row);
            ct__ssq_take(&F, e);
        }
        for (i = 0; i < p->nc; ++i) {
            int r = p->nb + p->nu + 3 * i, j;
            ct_real vc[3], gm[3], c, e2 = 0;
            if (gk) {
                gm[0] = gk[r]; gm[1] = gk[r + 1]; gm[2] = gk[r + 2];
            } else {
                for (j = 0; j < 3; ++j) vc[j] = v[r + j] - (p->R ? p->R[r + j] * lambda[r + j] : 0);
                ct__soft_contact(p, i, vc, &c, gm, NULL);
            }
            for (j = 0; j < 3; ++j) e2 += (lambda[r + j] - gm[j]) * (lambda[r + j] - gm[j]);
            ct__res_take(CONTACT_SQRT(e2), r, &out->natmap, &out->natmap_row);
            ct__res_take(CONTACT_FABS(lambda[r + 2] * v[r + 2]), r, &out->signorini, &out->signorini_row);
            ct__ssq_take(&F, CONTACT_SQRT(e2));
        }
        out->absolute = out->natmap;
        out->absolute_row = out->natmap_row;
    } else
#endif
    {
        ct__criteria_rigid(p, lambda, v, flavor, out, &F, want);
    }
    if (!safe && !ct__ssq_plain_ok(F.sum, F.nonzero)) return 0;
    ct__criteria_finish(p, lambda, v, &F, out, want);
    return 1;
}

/* A pass with plain sums, redone with scaled ones when they cannot be trusted; gk: the soft
   law's gamma(v - R lambda) when the caller has it (CT_FLAVOR_SOFT), else NULL */
CT__PRIVATE void ct__criteria_gam(const ct_problem *p, const ct_real *lambda, const ct_real *v,
                                  ct_flavor flavor, ct_residuals *out, int want, const ct_real *gk) {
    if (!ct__criteria_pass(p, lambda, v, flavor, out, 0, want, gk))
        ct__criteria_pass(p, lambda, v, flavor, out, 1, want, gk);
}
CT__PRIVATE void ct__criteria_want(const ct_problem *p, const ct_real *lambda, const ct_real *v,
                                   ct_flavor flavor, ct_residuals *out, int want) {
    ct__criteria_gam(p, lambda, v, flavor, out, want, NULL);
}

/* the arguments of ct_criteria and ct_criteria_rule */
CT__PRIVATE ct_result ct__criteria_args(const ct_problem *p, const ct_real *lambda, const ct_real *v,
                                        ct_flavor flavor, const ct_residuals *out) {
    if (!p || !lambda || !v || !out || (p->nc > 0 && !p->mu) || !p->g) return CT_ERROR_INVALID_ARGUMENT;
    if (!ct__sizes_ok(p->nb, p->nu, p->nc)) return CT_ERROR_INVALID_SIZE;
    if ((unsigned)flavor > (unsigned)CT_FLAVOR_SOFT) return CT_ERROR_INVALID_VALUE;
    if (flavor == CT_FLAVOR_SIGNORINI && p->nc > 0) return ct__form_check(p); /* the blocks B */
    if (flavor == CT_FLAVOR_SOFT) {
#ifdef CT__HAS_SOFT
        if (p->nb + p->nu + p->nc > 0 && !p->G && !p->Gs && !p->Gop) { /* M and J alone: */
            if (!ct__general(p)) return CT_ERROR_INVALID_ARGUMENT;
            if (ct__soft_reads_g(p)) return CT_ERROR_STORAGE_UNSUPPORTED; /* G's blocks */
        }
        return ct__soft_validate(p);
#else
        return CT_ERROR_COMPILED_OUT;
#endif
    }
    return CT_OK;
}

CT_API ct_result ct_criteria(const ct_problem *p, const ct_real *lambda, const ct_real *v,
                             ct_flavor flavor, ct_residuals *out) {
    ct_result res = ct__criteria_args(p, lambda, v, flavor, out);
    if (res != CT_OK) return res;
    ct__criteria_want(p, lambda, v, flavor, out, CT__WANT_ALL);
    return CT_OK;
}

CT_API ct_result ct_criteria_rule(const ct_problem *p, const ct_real *lambda, const ct_real *v,
                                  ct_flavor flavor, ct_stop_rule rule, ct_residuals *out) {
    ct_result res = ct__criteria_args(p, lambda, v, flavor, out);
    if (res != CT_OK) return res;
    if (rule != CT_STOP_ABSOLUTE && rule != CT_STOP_RELATIVE && rule != CT_STOP_BOTH) return CT_ERROR_INVALID_VALUE;
    ct__criteria_want(p, lambda, v, flavor, out, ct__stop_want(rule));
    if (rule == CT_STOP_BOTH) return CT_OK; /* every field */
    if (flavor == CT_FLAVOR_SOFT) return CT_OK; /* the soft law has one residual: all computed */
    if (rule == CT_STOP_RELATIVE) {
        out->primal = out->dual = out->comp = out->absolute = -1;
        out->primal_row = out->dual_row = out->comp_row = out->absolute_row = -1;
    } else {
        out->natmap = out->relative = -1;
        out->natmap_row = -1;
    }
    return CT_OK;
}

CT_API ct_result ct_contact_modes(const ct_problem *p, const ct_real *lambda, const ct_real *v,
                                  ct_real tol, ct_contact_mode *modes) {
    int i;
    if (!p || !lambda || !v || !modes) return CT_ERROR_INVALID_ARGUMENT;
    if (!ct__sizes_ok(p->nb, p->nu, p->nc)) return CT_ERROR_INVALID_SIZE;
    for (i = 0; i < p->nc; ++i) {
        int r = p->nb + p->nu + 3 * i;
        if (lambda[r + 2] <= tol) modes[i] = CT_MODE_OPEN;
        else if (ct__norm_t(v + r) <= tol) modes[i] = CT_MODE_STICK;
        else modes[i] = CT_MODE_SLIDE;
    }
    return CT_OK;
}

/* v = (G + R) lambda + g: ct_velocity's product, and the solvers' on their run's operator
   (ct__run_velocity), without the public entry's checks */
CT__PRIVATE void ct__op_velocity(const ct__op *op, const ct_real *g, const ct_real *lambda, ct_real *v) {
    int i;
    ct__op_mul(op, lambda, v);
    for (i = 0; i < op->n; ++i) v[i] += g[i];
}
#ifdef CT__HAS_GENERAL
/* The same v, bit for bit, of the generalized form when jt = J^T lambda is at hand */
CT__PRIVATE void ct__gen_velocity_jt(const ct__op *op, const ct_real *g, const ct_real *lambda, const ct_real *jt,
                                     ct_real *v) {
    int i;
    ct__gen_mul_jt(op, jt, v);
    ct__op_add_r(op, lambda, v);
    for (i = 0; i < op->n; ++i) v[i] += g[i];
}
#endif
CT_API ct_result ct_velocity(const ct_problem *p, const ct_real *lambda, ct_real *v) {
    ct__op op;
    ct_result res;
    int n;
    if (!p || !p->g || !lambda || !v) return CT_ERROR_INVALID_ARGUMENT;
    if (!ct__sizes_ok(p->nb, p->nu, p->nc)) return CT_ERROR_INVALID_SIZE;
    res = ct__form_check(p);
    if (res != CT_OK) return res;
    n = p->nb + p->nu + 3 * p->nc;
    ct__op_init(&op, p);
    ct__op_velocity(&op, p->g, lambda, v);
    /* finite inputs beyond CT_HUGE can overflow: reported, never an infinite v with CT_OK */
    if (!ct__all_finite(v, (size_t)n))
        return ct__all_finite(lambda, (size_t)n) && ct__all_finite(p->g, (size_t)n) ? CT_ERROR_OUT_OF_RANGE
                                                                                    : CT_ERROR_NON_FINITE;
    return CT_OK;
}

/* >>workspace ---------------------------------------------------------------------------- */
/* A workspace (or a solver object's memory) is the common arrays below followed by the
   arrays of the method that runs, laid out by its module's layout function (each >>solver-*
   section). ct_workspace_size walks the same functions with a NULL base. */
typedef struct ct__common {
    ct_real *lprev; /* n: the previous iterate (stall test, divergence fallback)               */
    ct_real *save;  /* 2n or NULL: the caller's lambda and v, for a method that can refuse G
                       after writing them, or a scaled run (saves = 1, or settings.scale;
                       ct__solver_run puts them back)                                         */
    ct_real *sc;    /* settings.scale: n row scales, 2n for the point in the caller's units,
                       then the scaled g, R (n each) and G (n x n, or 9 per block)          */
    ct_real *gm;    /* the generalized form: chol(M) (nv x nv), then nv for the products and
                       the Cholesky's scratch; else NULL                                     */
    int *jp, *jc;   /* the generalized form: J's pattern (ct__jpat: ng + 1 and ng (nv + 1)) */
} ct__common;
CT__PRIVATE void ct__common_layout(ct__arena *a, const ct__dims *d, ct__common *c, int saves) {
    c->lprev = ct__arena_real(a, (size_t)d->n);
    c->save = saves || d->scale ? ct__arena_real(a, 2 * (size_t)d->n) : NULL;
    c->sc = NULL;
    if (d->scale)
        c->sc = ct__arena_real(a, 5 * (size_t)d->n + (d->form == CT__FORM_SPARSE ? 9 * (size_t)d->nnzb
                                                                              : (size_t)d->n * (size_t)d->n));
    c->gm = NULL;
    c->jp = c->jc = NULL;
#ifdef CT__HAS_GENERAL
    if (d->form == CT__FORM_GENERAL && d->nv > 0) {
        const size_t nv = (size_t)d->nv, ng = (size_t)d->ng;
        c->gm = ct__arena_real(a, nv * nv + nv + CT__CHOL_SCRATCH(nv));
        c->jp = ct__arena_int(a, ng + 1);
        c->jc = ct__arena_int(a, ng * (nv + 1));
    }
#endif
}

CT__PRIVATE void ct__dims_init(ct__dims *d, int nb, int nu, int nc, int form, long nnzl) {
    d->nb = nb;
    d->nu = nu;
    d->nc = nc;
    d->c0 = nb + nu;
    d->n = d->c0 + 3 * nc;
    d->ng = d->c0 + nc;
    d->form = form;
    d->nnzl = nnzl;
    d->scale = 0;
    d->nnzb = 0;
    d->nv = 0;
}
/* the dims that depend on p and s: the scaled copy's (settings.scale) and the generalized
   form's nv (p NULL: a dense G) */
CT__PRIVATE void ct__dims_scale(ct__dims *d, const ct_problem *p, const ct_settings *s) {
    d->scale = s->scale && d->n > 0;
    d->nnzb = 0;
    d->nv = p && d->form == CT__FORM_GENERAL ? p->soft->nv : 0;
#ifdef CT__HAS_SPARSE
    if (d->scale && p && p->Gs && p->Gs->row_ptr && p->Gs->row_ptr[d->ng] > 0) d->nnzb = p->Gs->row_ptr[d->ng];
#else
    (void)p;
#endif
}

/* >>settings ----------------------------------------------------------------------------- */

CT_API ct_settings ct_default_settings(void) {
    ct_settings s;
    CONTACT_MEMSET(&s, 0, sizeof(s));
    s.method = CT_METHOD_ADMM_NCP;
    s.max_iter = CT_DEFAULT_MAX_ITER;
    s.stop = CT_DEFAULT_STOP;
    s.tol_abs = CT_DEFAULT_TOL_ABS;
    s.tol_rel = CT_DEFAULT_TOL_REL;
    s.tol_change = 0;
    s.check_every = 1;
    s.warm_start = 1;
    s.sym_tol = CT_DEFAULT_SYM_TOL;
    s.scale = 0;
    s.pgs.omega = CT_DEFAULT_PGS_OMEGA;
    s.pgs.screen = 1;
    s.admm.eta = CT_DEFAULT_ADMM_ETA;
    s.admm.rule = CT_RHO_SPECTRAL;
    s.admm.rho0 = 1;          /* [Tsounis25] Sec. VI-E: "rho0 = 1 works well across all problems" */
    s.admm.linear_factor = 2; /* Pinocchio's linear_update_rule_factor; [Carpentier24] Table III: 2-16 */
    s.admm.rho_power = CT_DEFAULT_ADMM_RHO_POWER;
    s.admm.rho_power_step = CT_DEFAULT_ADMM_RHO_STEP;
    s.admm.ratio = CT_DEFAULT_ADMM_RATIO;
    s.admm.update_every = CT_DEFAULT_ADMM_UPDATE_EVERY;
    s.admm.update_adapt = 1;
    s.admm.power_iters = CT_DEFAULT_ADMM_POWER_ITERS;
    s.admm.over_relax = 1;
    s.admm.warm_rho = 0;
    s.admm.warm_dual = 0;
    s.admm.screen = 1;
    s.history = NULL;
    s.progress = NULL;
    s.clock = NULL;
    s.user = NULL;
    s.time_limit = 0;
    s.poll_every = 1;
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
    s.nsn.sigma_c = CT_DEFAULT_NSN_SIGMA_C;
    s.nsn.sigma_cap = 1;
    s.nsn.ls_memory = CT_DEFAULT_NSN_LS_MEMORY;
    s.nsn.ls_gamma = (ct_real)1e-4;
    s.nsn.ls_max = 20;
    s.nsn.stall_iters = CT_DEFAULT_NSN_STALL;
    s.nsn.prox_c = CT_DEFAULT_NSN_PROX_C;
    s.nsn.prox_rtol = (ct_real)0.1;
    s.nsn.prox_inner = 20;
    s.hybrid.newton_first = CT_DEFAULT_HYBRID_NEWTON_FIRST;
    s.hybrid.prox_first = 400;
    s.hybrid.ipm_max = 300;
    s.hybrid.pgs_budget = (ct_real)0.25;
    s.hybrid.chunk = 10;
    s.hybrid.stable_chunks = 2;
    s.hybrid.switch_tol = (ct_real)1e-2;
    s.hybrid.admm_phase = 200;
    s.hybrid.newton_max = 50;
    s.hybrid.newton_stall = 10;
    s.hybrid.prox_max = 1000;
    s.hybrid.max_phases = 20;
    s.staggered.lcp = 0;
    return s;
}

CT_API ct_settings ct_settings_pgs_underrelaxed(void) {
    ct_settings s = ct_default_settings();
    s.method = CT_METHOD_PGS_NCP;
    s.pgs.omega = (ct_real)0.6; /* [Hwangbo18] eq. (18), Sec. V-C: alpha = 0.6, constant */
    return s;
}

/* A settings check: the first field out of range is named in *field */
#define CT__CHECK(cond, name)                                                                  \
    do {                                                                                       \
        if (!(cond)) {                                                                         \
            *field = (name);                                                                   \
            return CT_ERROR_INVALID_SETTINGS;                                                  \
        }                                                                                      \
    } while (0)

/* the fields every method reads; each method family checks its own knobs (>>methods) */
CT__PRIVATE ct_result ct__settings_common(const ct_settings *s, const char **field) {
    CT__CHECK((unsigned)s->method < (unsigned)CT_METHOD_COUNT_, "method");
    CT__CHECK(s->max_iter >= 0, "max_iter");
    CT__CHECK(s->check_every >= 1, "check_every");
    CT__CHECK(s->poll_every >= 1, "poll_every");
    CT__CHECK(s->time_limit >= 0 && ct__finite(s->time_limit), "time_limit");
    CT__CHECK(!(s->time_limit > 0) || s->clock, "clock"); /* a time limit needs a clock */
    CT__CHECK(s->stop == CT_STOP_ABSOLUTE || s->stop == CT_STOP_RELATIVE || s->stop == CT_STOP_NONE ||
                  s->stop == CT_STOP_BOTH,
              "stop");
    CT__CHECK(s->tol_abs > 0 && ct__finite(s->tol_abs), "tol_abs");
    CT__CHECK(s->tol_rel > 0 && ct__finite(s->tol_rel), "tol_rel");
    CT__CHECK(s->tol_change >= 0 && ct__finite(s->tol_change), "tol_change");
    CT__CHECK(s->sym_tol >= 0 && ct__finite(s->sym_tol), "sym_tol");
    CT__CHECK(s->warm_start == 0 || s->warm_start == 1, "warm_start");
    CT__CHECK(s->scale == 0 || s->scale == 1, "scale");
    CT__CHECK(!s->history || (s->history->capacity >= 0 && (s->history->capacity == 0 || s->history->entries)),
              "history");
    return CT_OK;
}

/* >>validate ----------------------------------------------------------------------------- */
/* Problem validation. The culprit of an error goes to a ct__why (ct_info.error_index and
   error_field for ct_solve and ct_solver_setup). */
typedef struct ct__why {
    int index;
    const char *field;
} ct__why;
CT__PRIVATE ct_result ct__fail(ct__why *why, ct_result r, const char *field, int index) {
    if (why) {
        why->field = field;
        why->index = index;
    }
    return r;
}

/* The first entry of x (n) that is not finite or above CT_HUGE, as a code for field (CT_OK when
   every entry is fine; x NULL: nothing). NON_FINITE comes before OUT_OF_RANGE. */
CT__PRIVATE ct_result ct__values(const ct_real *x, size_t n, const char *field, ct__why *why) {
    size_t i;
    if (!x || ct__in_range(x, n)) return CT_OK;
    for (i = 0; i < n; ++i)
        if (!ct__finite(x[i])) return ct__fail(why, CT_ERROR_NON_FINITE, field, (int)i);
    for (i = 0; i < n; ++i)
        if (!(CONTACT_FABS(x[i]) <= CT_HUGE)) return ct__fail(why, CT_ERROR_OUT_OF_RANGE, field, (int)i);
    return CT_OK;
}

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

#if defined(CT__HAS_SPARSE) || defined(CT__HAS_OPERATOR)
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
#endif

#ifdef CT__HAS_SPARSE
/* The structure and values of a block-sparse G (ct_sparse), in three passes over the blocks:
   the structure and max |G_ii|; symmetry (each block above the diagonal against its mirror,
   found by one binary search; a block below whose mirror is not stored is compared with
   zero); the PSD conditions on the diagonal blocks (tau as in ct__validate). */
/* ... and *asym = max |G_ij - G_ji| / max |G_ii| (ct_info.asymmetry) from the same pass */
CT__PRIVATE ct_result ct__validate_sparse(const ct_problem *p, ct_real sym_tol, ct__why *why, ct_real *asym) {
    const ct_sparse *S = p->Gs;
    const int c0 = p->nb + p->nu, ng = c0 + p->nc;
    ct_real dmax = 0, tau, dg = 0;
    ct_result res;
    int gi, k, a, b, lower = 0, mirrored = 0;
    if (!S->row_ptr || !S->col || !S->val) return ct__fail(why, CT_ERROR_INVALID_ARGUMENT, "Gs", -1);
    if (S->row_ptr[0] != 0) return ct__fail(why, CT_ERROR_INVALID_SIZE, "Gs", 0);
    for (gi = 0; gi < ng; ++gi) {
        int diag = 0;
        if (S->row_ptr[gi + 1] < S->row_ptr[gi] || S->row_ptr[gi + 1] - S->row_ptr[gi] > ng)
            return ct__fail(why, CT_ERROR_INVALID_SIZE, "Gs", ct__grp_row(c0, gi));
        for (k = S->row_ptr[gi]; k < S->row_ptr[gi + 1]; ++k) {
            if (S->col[k] < 0 || S->col[k] >= ng || (k > S->row_ptr[gi] && S->col[k] <= S->col[k - 1]))
                return ct__fail(why, CT_ERROR_INVALID_SIZE, "Gs", ct__grp_row(c0, gi)); /* out of range or not ascending */
            diag |= S->col[k] == gi;
        }
        if (!diag) return ct__fail(why, CT_ERROR_INVALID_SIZE, "Gs", ct__grp_row(c0, gi)); /* the diagonal block must be stored */
    }
    res = ct__values(S->val, 9 * (size_t)S->row_ptr[ng], "Gs", why);
    if (res != CT_OK) return res;
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
                if (!ct__diag_block_symmetric(x, si, sym_tol * dmax))
                    return ct__fail(why, CT_ERROR_NOT_SYMMETRIC, "Gs", ct__grp_row(c0, gi));
                for (a = 0; a < si; ++a)
                    for (b = 0; b < a; ++b) dg = ct__max(dg, CONTACT_FABS(x[3 * a + b] - x[3 * b + a]));
                continue;
            }
            y = ct__sp_block(S, gj, gi);
            mirrored += y != NULL;
            for (a = 0; a < si; ++a)
                for (b = 0; b < sj; ++b) {
                    ct_real t = y ? y[3 * b + a] : 0;
                    if (CONTACT_FABS(x[3 * a + b] - t) > sym_tol * dmax)
                        return ct__fail(why, CT_ERROR_NOT_SYMMETRIC, "Gs", ct__grp_row(c0, gi) + a);
                    dg = ct__max(dg, CONTACT_FABS(x[3 * a + b] - t));
                }
        }
    /* some block below the diagonal has no mirror: it must be ~0 (at most the strict 1e-8, float
       1e-4, of max |G_ii|: the factor of an asymmetric G's symmetric part needs both blocks) */
    if (lower != mirrored)
        for (gi = 0; gi < ng; ++gi)
            for (k = S->row_ptr[gi]; k < S->row_ptr[gi + 1]; ++k) {
                const int gj = S->col[k];
                if (gj >= gi || ct__sp_block(S, gj, gi)) continue;
                for (a = 0; a < ct__grp_size(c0, gi); ++a)
                    for (b = 0; b < ct__grp_size(c0, gj); ++b) {
                        const ct_real e = CONTACT_FABS(S->val[9 * (size_t)k + 3 * a + b]);
                        if (e > ct__min(sym_tol, (ct_real)(sizeof(ct_real) == 4 ? 1e-4 : 1e-8)) * dmax)
                            return ct__fail(why, CT_ERROR_NOT_SYMMETRIC, "Gs", ct__grp_row(c0, gi) + a);
                        dg = ct__max(dg, e);
                    }
            }
    *asym = dmax > 0 ? dg / dmax : (dg > 0 ? CT_HUGE : 0);
    tau = CONTACT_SQRT(CT_EPS) * dmax;
    for (gi = 0; gi < ng; ++gi)
        for (k = S->row_ptr[gi]; k < S->row_ptr[gi + 1]; ++k) {
            if (S->col[k] == gi && !ct__diag_block_psd(S->val + 9 * (size_t)k, ct__grp_size(c0, gi), tau))
                return ct__fail(why, CT_ERROR_NOT_PSD, "Gs", ct__grp_row(c0, gi));
        }
    return CT_OK;
}
#endif

#ifdef CT__HAS_OPERATOR
/* A ct_operator: its callbacks, and its diagonal blocks as a sparse G's (finite, in range,
   symmetric, the PSD conditions); the off-diagonal part cannot be seen */
CT__PRIVATE ct_result ct__validate_operator(const ct_problem *p, ct_real sym_tol, ct__why *why) {
    const ct_operator *U = p->Gop;
    const int c0 = p->nb + p->nu, ng = c0 + p->nc;
    ct_real dmax = 0, tau, B[9];
    int gi, a, pass;
    if (!U->mul || !U->diag_block || !U->factor || !U->solve)
        return ct__fail(why, CT_ERROR_INVALID_ARGUMENT, "Gop", -1);
    /* pass 0: values and max |G_ii|; 1: symmetry; 2: PSD (the order of ct__validate's codes) */
    for (pass = 0; pass < 3; ++pass) {
        ct_result first = CT_OK;
        int at = -1;
        tau = CONTACT_SQRT(CT_EPS) * dmax;
        for (gi = 0; gi < ng; ++gi) {
            const int sz = ct__grp_size(c0, gi);
            CONTACT_MEMSET(B, 0, sizeof(B));
            U->diag_block(U->ctx, ct__grp_row(c0, gi), sz, B);
            if (pass == 0) {
                ct_result r = ct__values(B, 9, "Gop", NULL);
                if (r != CT_OK && (first == CT_OK || (r == CT_ERROR_NON_FINITE && first != r))) {
                    first = r;
                    at = ct__grp_row(c0, gi);
                }
                for (a = 0; a < sz; ++a) dmax = ct__max(dmax, CONTACT_FABS(B[(sz + 1) * a]));
            } else if (pass == 1 && !ct__diag_block_symmetric(B, sz, sym_tol * dmax)) {
                return ct__fail(why, CT_ERROR_NOT_SYMMETRIC, "Gop", ct__grp_row(c0, gi));
            } else if (pass == 2 && !ct__diag_block_psd(B, sz, tau)) {
                return ct__fail(why, CT_ERROR_NOT_PSD, "Gop", ct__grp_row(c0, gi));
            }
        }
        if (first != CT_OK) return ct__fail(why, first, "Gop", at);
    }
    return CT_OK;
}
#endif

/* The asymmetry below which G is treated as symmetric (rounding of J M^-1 J^T formed in
   floating point: harmless at any tolerance the precision reaches) */
#define CT__ASYM_MIN ((ct_real)0.01 * CONTACT_SQRT(CT_EPS))
/* The first row i of a (n x n, row-major) with |a_ij - a_ji| > tol for some j < i, or -1: where
   a symmetry test that failed on the largest asymmetry reports it */
CT__PRIVATE int ct__asym_row(const ct_real *a, int n, ct_real tol) {
    int i, j;
    for (i = 0; i < n; ++i)
        for (j = 0; j < i; ++j)
            if (CONTACT_FABS(a[(size_t)i * n + j] - a[(size_t)j * n + i]) > tol) return i;
    return -1;
}
#ifdef CT__HAS_GENERAL
/* The generalized form (G = J M^-1 J^T, no G, Gs or Gop): M, J, vstar given, finite and in
   range, M symmetric within sym_tol (relative to its largest diagonal entry) with a positive
   diagonal. Whether M is positive definite is found where a run factors it (CT_ERROR_NOT_PSD,
   field "soft.M", lambda and v untouched). */
CT__PRIVATE ct_result ct__validate_general(const ct_problem *p, int n, ct_real sym_tol, ct__why *why) {
    const ct_soft *sf = p->soft;
    const int nv = sf->nv;
    ct_real dmax = 0, dg = 0;
    ct_result res;
    int i, j;
    if (nv > CT__MAX_N) return ct__fail(why, CT_ERROR_INVALID_SIZE, "soft.nv", -1);
    if (!sf->M || !sf->J || !sf->vstar)
        return ct__fail(why, CT_ERROR_INVALID_ARGUMENT, !sf->M ? "soft.M" : !sf->J ? "soft.J" : "soft.vstar", -1);
    res = ct__values(sf->M, (size_t)nv * (size_t)nv, "soft.M", why);
    if (res == CT_OK) res = ct__values(sf->J, (size_t)n * (size_t)nv, "soft.J", why);
    if (res == CT_OK) res = ct__values(sf->vstar, (size_t)nv, "soft.vstar", why);
    if (res != CT_OK) return res;
    for (i = 0; i < nv; ++i) {
        const ct_real d = sf->M[(size_t)i * nv + i];
        if (!(d > 0)) return ct__fail(why, CT_ERROR_NOT_PSD, "soft.M", i);
        dmax = ct__max(dmax, d);
    }
    /* the largest asymmetry in one pass; the first row that shows it only when it fails */
    for (i = 0; i < nv; ++i)
        for (j = 0; j < i; ++j) dg = ct__max(dg, CONTACT_FABS(sf->M[(size_t)i * nv + j] - sf->M[(size_t)j * nv + i]));
    if (dg > sym_tol * dmax)
        return ct__fail(why, CT_ERROR_NOT_SYMMETRIC, "soft.M", ct__asym_row(sf->M, nv, sym_tol * dmax));
    if (sf->Lm) { /* its lower triangle: in range, a positive diagonal (the match with M: the run) */
        int bad = 0;
        if (sf->Lm_reversed != 0 && sf->Lm_reversed != 1)
            return ct__fail(why, CT_ERROR_INVALID_SOFT, "soft.Lm_reversed", -1);
        for (i = 0; i < nv; ++i) /* a flag per row in one pass; the rows again on a failure */
            bad |= !ct__in_range(sf->Lm + (size_t)i * nv, (size_t)i + 1) | !(sf->Lm[(size_t)i * nv + i] > 0);
        for (i = 0; bad && i < nv; ++i) {
            ct__why w;
            res = ct__values(sf->Lm + (size_t)i * nv, (size_t)i + 1, "soft.Lm", &w);
            if (res != CT_OK) return ct__fail(why, res, "soft.Lm", i);
            if (!(sf->Lm[(size_t)i * nv + i] > 0)) return ct__fail(why, CT_ERROR_INVALID_SOFT, "soft.Lm", i);
        }
    }
    return CT_OK;
}
#endif

/* need_G = 0: the inverse dynamics, which reads no G */
CT__PRIVATE ct_result ct__validate_asym(const ct_problem *p, ct_real sym_tol, int need_G, ct__why *why,
                                        ct_real *asym);
CT__PRIVATE ct_result ct__validate(const ct_problem *p, ct_real sym_tol, int need_G, ct__why *why) {
    return ct__validate_asym(p, sym_tol, need_G, why, NULL);
}
/* ... and *asym (not NULL) = max |G_ij - G_ji| / max |G_ii| of a valid p (ct_info.asymmetry; an
   operator's off-diagonal part cannot be seen: 0), from the symmetry test's own pass */
CT__PRIVATE ct_result ct__validate_asym(const ct_problem *p, ct_real sym_tol, int need_G, ct__why *why,
                                        ct_real *asym) {
    int i, j, n, dense;
    ct_real dmax = 0, dg = 0;
    ct_result res;
    ct__op op;
    if (!p) return ct__fail(why, CT_ERROR_INVALID_ARGUMENT, "p", -1);
    if (!ct__sizes_ok(p->nb, p->nu, p->nc)) return ct__fail(why, CT_ERROR_INVALID_SIZE, "nb/nu/nc", -1);
    n = p->nb + p->nu + 3 * p->nc;
    if (n == 0) return CT_OK;
    if (need_G && !ct__general(p)) {
        res = ct__form_check(p);
        if (res != CT_OK) return ct__fail(why, res, "G/Gs/Gop", -1);
    }
    if (!p->g) return ct__fail(why, CT_ERROR_INVALID_ARGUMENT, "g", -1);
    if (p->nc > 0 && !p->mu) return ct__fail(why, CT_ERROR_INVALID_ARGUMENT, "mu", -1);
    /* a dense G in one pass over its pairs (G_ij, G_ji): the range of every entry, max |G_ii|
       and the largest asymmetry; the passes below find what failed, and where */
    dense = need_G && p->G && !ct__general(p);
    if (dense) {
        int bad = 0;
        for (i = 0; i < n; ++i) {
            const ct_real *gi = p->G + (size_t)i * n, d = CONTACT_FABS(gi[i]);
            bad |= !(d <= CT_HUGE);
            dmax = ct__max(dmax, d);
            for (j = 0; j < i; ++j) {
                const ct_real a = gi[j], b = p->G[(size_t)j * n + i];
                bad |= !(CONTACT_FABS(a) <= CT_HUGE) | !(CONTACT_FABS(b) <= CT_HUGE);
                dg = ct__max(dg, CONTACT_FABS(a - b));
            }
        }
        dense = !bad; /* a bad entry: ct__values reports it */
    }
    /* finite, and |entries| <= CT_HUGE: that keeps every product G lambda (lambda bounded
       likewise) finite; NON_FINITE anywhere is reported before OUT_OF_RANGE anywhere */
    {
        const ct_real *arr[4];
        const char *name[4] = {"G", "g", "mu", "R"};
        const size_t len[4] = {(size_t)n * (size_t)n, (size_t)n, (size_t)p->nc, (size_t)n};
        ct_result worst = CT_OK;
        ct__why at;
        int k;
        arr[0] = need_G && !dense ? p->G : NULL;
        arr[1] = p->g;
        arr[2] = p->mu;
        arr[3] = p->R;
        at.index = -1;
        at.field = NULL;
        for (k = 0; k < 4; ++k) {
            ct__why w;
            res = ct__values(arr[k], len[k], name[k], &w);
            if (res != CT_OK && (worst == CT_OK || (res == CT_ERROR_NON_FINITE && worst != res))) {
                worst = res;
                at = w;
            }
        }
        if (worst != CT_OK) return ct__fail(why, worst, at.field, at.index);
    }
    for (i = 0; i < p->nc; ++i)
        if (p->mu[i] < 0) return ct__fail(why, CT_ERROR_NEGATIVE_FRICTION, "mu", i);
    if (p->R)
        for (i = 0; i < n; ++i)
            if (p->R[i] < 0) return ct__fail(why, CT_ERROR_NEGATIVE_COMPLIANCE, "R", i);
    if (asym) *asym = 0;
    if (!need_G) return CT_OK;
#ifdef CT__HAS_GENERAL
    if (ct__general(p)) return ct__validate_general(p, n, sym_tol, why);
#endif
#ifdef CT__HAS_SPARSE
    if (p->Gs) {
        ct_real a2;
        return ct__validate_sparse(p, sym_tol, why, asym ? asym : &a2);
    }
#endif
#ifdef CT__HAS_OPERATOR
    if (p->Gop) return ct__validate_operator(p, sym_tol, why);
#endif
    if (dg > sym_tol * dmax) return ct__fail(why, CT_ERROR_NOT_SYMMETRIC, "G", ct__asym_row(p->G, n, sym_tol * dmax));
    if (asym) *asym = dmax > 0 ? dg / dmax : (dg > 0 ? CT_HUGE : 0);
    ct__op_init(&op, p);
    /* PSD, necessary conditions on the diagonal and on each contact's 3x3 block (every
       principal submatrix of a PSD matrix is PSD), up to tau = sqrt(eps) max|G_ii|
       (real problems carry eigenvalues of -1e-12 relative from rounding): G_ii >= -tau and
       B + tau I positive definite. A negative eigenvalue that no diagonal block shows is found
       where a method factors G (ADMM, STAGGERED); docs/robustness.md. */
    {
        const ct_real tau = CONTACT_SQRT(CT_EPS) * dmax;
        const int c0 = p->nb + p->nu;
        for (i = 0; i < n; ++i)
            if (ct__op_g(&op, i, i) < -tau) return ct__fail(why, CT_ERROR_NOT_PSD, "G", i);
        op.R = NULL; /* G's blocks alone */
        for (i = 0; i < p->nc; ++i) {
            ct_real B[9];
            ct__op_block3(&op, c0 + 3 * i, B);
            if (!ct__block_psd(B, tau)) return ct__fail(why, CT_ERROR_NOT_PSD, "G", c0 + 3 * i);
        }
    }
    return CT_OK;
}

CT_API ct_result ct_problem_validate(const ct_problem *p, ct_real sym_tol) {
    return ct__validate(p, sym_tol, 1, NULL);
}

/* >>solver-common ------------------------------------------------------------------------ */
/* What every iterative solver shares: the stopping test on the returned point, scored by
   ct_criteria in the method's flavor, and the relative-change stall test. */
typedef struct ct__run {
    const ct_problem *p;
    const ct_settings *s;
    ct_solver *sv;      /* the solver object: its memory, precomputations and state          */
    ct__op op;
    ct__dims dims;
    ct__arena mem;      /* the walk at the start of the method's arrays (its layout function)  */
    ct_real *lprev;     /* the common arrays (ct__common)                                     */
    int n;
    ct_flavor flavor;
    int iterations, factorizations;
    ct_real rho;
    ct_residuals last;  /* residuals of the last point ct__converged scored ...              */
    int last_met;       /* ... and whether they met the tolerance: a solver that returns that
                           point as converged lets ct_solve skip scoring it again            */
    int reused;         /* ct_info.reused bits                                               */
    ct_real a_max;      /* max diag(G + R), the divergence test's scale (0: not computed yet) */
    int fail_row;       /* the failing pivot's row of the last factorization (-1: none)      */
    int not_psd;        /* the first factorization failed: G is not PSD (CT_ERROR_NOT_PSD)   */
    int newton_iterations, line_search_steps, linear_solves; /* ct_info's                   */
    int it_base;        /* iterations done before an ADMM chunk (HYBRID_NCP's Newton steps)    */
    int v_kept;         /* the method returns v as its sweeps kept it (Gauss-Seidel)            */
    int interrupted;    /* the progress callback or the time limit stopped the solve           */
    int start_unscored; /* the start (lambda = 0) is scored by the method from its own first
                           evaluation of the law (ct__score_gam), not by ct__solver_run       */
    int polls;          /* polls since the start (settings.poll_every)                         */
    double t0;          /* clock(user) at the start                                            */
    ct_real *save;      /* 2n or NULL: the caller's lambda and v (ct__common)                   */
    /* settings.scale: p is the scaled copy ps of the caller's problem p0, lambda~ = S^-1 lambda,
       v~ = S v; sc the n scales S, us 2n scratch for a point in the caller's units */
    const ct_problem *p0;
    const ct_real *sc;
    ct_real *us;
    ct_problem ps;
    ct_sparse sps;
} ct__run;

/* What a solver object precomputes (ct_solver.cache bits); each is valid until an update
   changes what it depends on (ct_solver_update_*). */
#define CT__CACHE_ORDER 1  /* the sparse ordering and symbolic factorization (ct__fac_analyze) */
#define CT__CACHE_GS 2     /* the Gauss-Seidel steps and block inverses                       */
#define CT__CACHE_LMAX 4   /* lambda_max(G + R) of the spectral rule, in cache_lmax            */
#define CT__CACHE_FACTOR 8 /* the factorization of G + R + cache_shift I (ct__fac)            */
#define CT__CACHE_RANK 16  /* NEWTON_SOFT's pivoted Cholesky of G, its rank in nnzl's place   */

/* A method's descriptor row: each >>solver-* section defines one per method it implements
   and chains it to the rows before it (CT__LAST_METHOD); >>methods looks a method up there.
   forms: the forms of G it runs on (1 << CT__FORM_*); analyze (NULL: none): the ordering and
   symbolic factorization of a block-sparse G that the method factors, done by the setup (r's
   memory; d->nnzl receives the size of the factor). */
typedef struct ct__method {
    ct_method id;
    const char *name;
    unsigned forms;
    ct_result (*analyze)(ct__run *r, ct__dims *d);
    ct_flavor (*flavor)(const ct_settings *s);
    ct_result (*check)(const ct_settings *s, const char **field); /* its knobs             */
    void (*layout)(ct__arena *a, const ct__dims *d, void *mem);  /* its arrays; mem may be
                                                                    NULL (a size query)    */
    ct_result (*prepare)(ct__run *r);  /* what ct_solver_setup precomputes, or NULL          */
    ct_status (*solve)(ct__run *r, ct_real *lambda, ct_real *v);
    const struct ct__method *next;
} ct__method;
#define CT__LAST_METHOD NULL
#define CT__FORMS_ALL ((1u << CT__FORM_DENSE) | (1u << CT__FORM_SPARSE) | (1u << CT__FORM_OPERATOR))
#define CT__FORMS_ROWS ((1u << CT__FORM_DENSE) | (1u << CT__FORM_SPARSE)) /* needs rows of G */
#define CT__FORMS_GENERAL (CT__FORMS_ROWS | (1u << CT__FORM_GENERAL)) /* or M and J alone */

/* max diag(G + R), computed once per solve */
CT__PRIVATE ct_real ct__run_amax(ct__run *r) {
    int i;
    if (r->a_max > 0) return r->a_max;
    for (i = 0; i < r->n; ++i) r->a_max = ct__max(r->a_max, ct__op_entry(&r->op, i, i));
    return r->a_max;
}

/* The start of a solve: the warm start checked (finite, in range), or lambda = 0; the history
   emptied. Shared by the solves and ct_inverse_dynamics. */
CT__PRIVATE ct_result ct__start(const ct_settings *s, ct_real *lambda, int n, ct__why *why) {
    if (s->warm_start && n > 0) {
        ct_result r = ct__values(lambda, (size_t)n, "lambda", why);
        if (r != CT_OK) return r;
    } else if (n > 0) {
        CONTACT_MEMSET(lambda, 0, (size_t)n * sizeof(ct_real));
    }
    if (s->history) s->history->count = 0;
    return CT_OK;
}

/* The stopping measure of the last scored point */
CT__PRIVATE ct_real ct__measure(const ct__run *r) {
    return ct__stop_value(r->s, &r->last);
}

/* settings.progress and the time limit: 1 when the solve must stop (and from then on). Every
   loop of every method calls it once per pass, with its cheap residual (-1: none). */
CT__PRIVATE int ct__poll(ct__run *r, ct_real residual) {
    const ct_settings *s = r->s;
    if (r->interrupted) return 1;
    if ((!s->progress && !(s->time_limit > 0)) || ++r->polls % s->poll_every != 0) return 0;
    if (s->time_limit > 0 && s->clock(s->user) - r->t0 > (double)s->time_limit) {
        r->interrupted = 1;
    } else if (s->progress) {
        ct_progress pr;
        pr.iterations = r->iterations;
        pr.newton_iterations = r->newton_iterations;
        pr.factorizations = r->factorizations;
        pr.residual = residual;
        r->interrupted = s->progress(s->user, &pr) != 0;
    }
    return r->interrupted;
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
    return ct__stop_met(r->s, res);
}
/* A point of the run in the caller's units: with settings.scale the run's (lambda~, v~) mapped
   back, (S lambda~, S^-1 v~), into r->us (*lambda and *v then point there); without, as it is */
CT__PRIVATE void ct__run_unscaled(const ct__run *r, const ct_real **lambda, const ct_real **v) {
    int i;
    if (!r->sc) return;
    for (i = 0; i < r->n; ++i) {
        r->us[i] = r->sc[i] * (*lambda)[i];
        r->us[r->n + i] = (*v)[i] / r->sc[i];
    }
    *lambda = r->us;
    *v = r->us + r->n;
}
/* The criteria of a point of the run, scored on the caller's problem (ct__run_unscaled) */
CT__PRIVATE void ct__run_criteria(const ct__run *r, const ct_real *lambda, const ct_real *v, ct_flavor flavor,
                                  ct_residuals *out, int want) {
    ct__run_unscaled(r, &lambda, &v);
    ct__criteria_want(r->p0, lambda, v, flavor, out, want);
}
/* passes = 1: the test alone; 2: a point that meets it is completed with the residuals the
   test did not compute (the other CT__WANT_ part, merged: every field as ct_criteria's);
   0: every residual in one pass (the start, scored once per solve: a start that meets the
   tolerance returns at once with them) */
CT__PRIVATE int ct__score_as(ct__run *r, const ct_real *lambda, const ct_real *v, int passes) {
    const int want = r->flavor == CT_FLAVOR_SOFT || passes == 0 ? CT__WANT_ALL : ct__stop_want(r->s->stop);
    ct_residuals *a = &r->last, b;
    ct__run_criteria(r, lambda, v, r->flavor, a, want);
    r->last_met = ct__met(r, a);
    if (!r->last_met || passes < 2 || want == CT__WANT_ALL) return r->last_met;
    ct__run_criteria(r, lambda, v, r->flavor, &b, CT__WANT_ALL & ~want);
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
/* The start's score (ct__score_as with passes 0) from the soft law's gamma(v - R lambda) that
   the method evaluated at it (r->start_unscored: an unscaled run, so the run's point is the
   caller's) */
CT__PRIVATE int ct__score_gam(ct__run *r, const ct_real *lambda, const ct_real *v, const ct_real *gk) {
    ct__criteria_gam(r->p0, lambda, v, r->flavor, &r->last, CT__WANT_ALL, gk);
    r->last_met = ct__met(r, &r->last);
    return r->last_met;
}

/* v = (G + R) lambda + g on the run's operator (the problem was validated by the setup) */
CT__PRIVATE void ct__run_velocity(const ct__run *r, const ct_real *lambda, ct_real *v) {
    ct__op_velocity(&r->op, r->p->g, lambda, v);
}

/* Velocity of lambda into v, then ct__score */
CT__PRIVATE int ct__converged(ct__run *r, const ct_real *lambda, ct_real *v) {
    ct__run_velocity(r, lambda, v);
    return ct__score(r, lambda, v);
}

/* The velocity of the starting point: g for lambda = 0 (a cold start, or a warm start from
   zero), else (G + R) lambda + g */
CT__PRIVATE void ct__start_velocity(const ct__run *r, const ct_real *lambda, ct_real *v) {
    const int zero = !r->s->warm_start || ct__all_zero(lambda, r->n);
    if (zero) CONTACT_MEMCPY(v, r->p->g, (size_t)r->n * sizeof(ct_real));
    else ct__run_velocity(r, lambda, v);
}

/* The screens' margins: a check runs when the cheap estimate is within this factor of the
   tolerance. The Preclik sweeps' estimate (the update in velocity units) has margin 10; ADMM's
   is calibrated (ct__admm_screen): margin 1, a forced check every CT__SCREEN_FORCE checks, and
   no calibration below order CT__SCREEN_CAL_MIN, where a check (a product by G, O(n^2)) is
   cheap */
#define CT__SCREEN 10
#define CT__SCREEN_ADMM 1
#define CT__SCREEN_FORCE 20
#define CT__SCREEN_CAL_MIN 16

/* The test after iteration k (0-based): every check_every iterations the point is scored
   (ct__converged); the iteration goes to settings.history, its criterion -1 when not scored.
   kept = 1: the solver keeps v = (G + R) lambda + g up to date (the sweeps); it is scored as
   it is, and a point that meets the tolerance is scored again on v recomputed, so that what
   the solver returns is scored exactly (and v's rounding drift is reset). kept = 2: v is the
   velocity of lambda, computed by the solver as ct__run_velocity would (the same bits). Returns
   1 when the tolerance is met. */
CT__PRIVATE int ct__check_due(const ct__run *r, int k) {
    return (k + 1) % r->s->check_every == 0 && r->s->stop != CT_STOP_NONE;
}
CT__PRIVATE int ct__check(ct__run *r, int k, const ct_real *lambda, ct_real *v, int kept,
                          ct_real rho, ct_real primal, ct_real dual) {
    int met = 0;
    ct_real crit = -1;
    if (ct__check_due(r, k)) {
        if (kept == 2) met = ct__score(r, lambda, v);
        else met = kept ? ct__score_as(r, lambda, v, 1) : ct__converged(r, lambda, v);
        if (met && kept == 1) met = ct__converged(r, lambda, v);
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
    if (!(r->s->tol_change > 0) || r->s->stop == CT_STOP_NONE) return 0;
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

/* The certificate of d (A d: Ad, or NULL for the parts that need no product: |A d| is then
   taken as 0) with the De Saxce term of src's velocity when src is not NULL */
CT__PRIVATE void ct__cert_build(const ct_problem *p, const ct_real *d, const ct_real *Ad, const ct_real *src,
                                ct__cert *c) {
    const int c0 = p->nb + p->nu;
    int i;
    CONTACT_MEMSET(c, 0, sizeof(*c));
    for (i = 0; i < c0; ++i) ct__cert_add(c, 1, i >= p->nb, 0, d + i, Ad ? Ad + i : d + i, p->g + i);
    for (i = 0; i < p->nc; ++i) {
        const int r0 = c0 + 3 * i;
        ct_real q[3];
        q[0] = p->g[r0];
        q[1] = p->g[r0 + 1];
        q[2] = p->g[r0 + 2] + (src ? p->mu[i] * ct__norm_t(src + r0) : 0);
        ct__cert_add(c, 3, 0, p->mu[i], d + r0, Ad ? Ad + r0 : d + r0, q);
    }
    if (!Ad) c->adi = 0;
}

CT__PRIVATE int ct__unbounded(const ct_problem *p, int n, const ct_real *d, const ct_real *Ad,
                              const ct_real *src, ct_real a_max) {
    /* A d = 0 up to rounding, and never above 1e-10: a stiff but bounded direction (a mass
       ratio of 1e6 gives |A d| ~ 1e-7 a_max |d|) is not one. In float the rounding of A d is
       above 1e-10, so only exact zeros (R = 0 rows of the inverse dynamics) certify there. */
    const ct_real eps = ct__min(16 * (ct_real)n * CT_EPS, (ct_real)1e-10);
    ct__cert c;
    ct__cert_build(p, d, Ad, src, &c);
    return ct__cert_holds(&c, eps, a_max);
}

/* The part of ct__unbounded's test that needs no A d (dist(d, K), q^T d): when it fails, so
   does the whole test, and the product by A can be skipped. */
CT__PRIVATE int ct__unbounded_maybe(const ct_problem *p, const ct_real *d, const ct_real *src) {
    ct__cert c;
    ct__cert_build(p, d, NULL, src, &c);
    return ct__cert_holds(&c, 1, 1);
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
    ct__run_velocity(r, lambda, v);
    ct__op_mul(&r->op, lprev, Au);
    *certified = ct__unbounded(r->p, n, lprev, Au, v, ct__run_amax(r)) ? *certified + 1 : 0;
    return *certified >= 2;
}

#ifdef CT__HAS_PENALTY
/* The penalty rule shared by every ADMM in the header (ADMM_NCP, ADMM_CCP, STAGGERED's inner
   QPs; [Carpentier24] Sec. III-F): spectral rho = sqrt(m L) kappa^p, kappa = L / m (eq.
   45-46), linear residual balancing (eq. 44) or fixed, and the knobs' check. */
typedef struct ct__penalty {
    ct_real base, kappa, pw, rho;
} ct__penalty;

CT__PRIVATE ct_result ct__admm_check(const ct_settings *s, const char **field) {
    const ct_admm_settings *a = &s->admm;
    CT__CHECK((unsigned)a->rule <= (unsigned)CT_RHO_FIXED, "admm.rule");
    CT__CHECK(a->rho0 > 0 && a->rho0 <= CT_HUGE, "admm.rho0");
    CT__CHECK(a->linear_factor > 1 && a->linear_factor <= CT_HUGE, "admm.linear_factor");
    CT__CHECK((a->rule == CT_RHO_SPECTRAL ? a->eta > 0 : a->eta >= 0) && a->eta <= CT_HUGE, "admm.eta");
    CT__CHECK(a->rho_power >= -100 && a->rho_power <= 100, "admm.rho_power");
    CT__CHECK(a->rho_power_step >= 0 && a->rho_power_step <= 1, "admm.rho_power_step");
    CT__CHECK(a->ratio > 1 && ct__finite(a->ratio), "admm.ratio");
    CT__CHECK(a->update_every >= 1, "admm.update_every");
    CT__CHECK(a->update_adapt == 0 || a->update_adapt == 1, "admm.update_adapt");
    CT__CHECK(a->power_iters >= 1, "admm.power_iters");
    CT__CHECK(a->over_relax > 0 && a->over_relax < 2, "admm.over_relax");
    CT__CHECK(a->warm_rho == 0 || a->warm_rho == 1, "admm.warm_rho");
    CT__CHECK(a->warm_dual == 0 || a->warm_dual == 1, "admm.warm_dual");
    CT__CHECK(a->screen == 0 || a->screen == 1, "admm.screen");
    return CT_OK;
}

/* L = lambda_max(G + R) by power iteration (t1, t2: n each), kept by the solver object */
CT__PRIVATE ct_real ct__run_lmax(ct__run *r, ct_real *t1, ct_real *t2) {
    ct_solver *sv = r->sv;
    if (!(sv->cache & CT__CACHE_LMAX)) {
        sv->cache_lmax = ct__power_iteration(ct__op_mul_cb, &r->op, r->n, r->s->admm.power_iters, t1, t2);
        sv->cache |= CT__CACHE_LMAX;
    }
    return sv->cache_lmax;
}

/* L (ct__run_lmax) and m = eta + min(R); the linear and fixed rules start from rho0 instead
   (and need no L) */
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
    Lmax = ct__run_lmax(r, t1, t2);
    Lmax = ct__max(Lmax, m);
    pen->kappa = Lmax / m;
    pen->base = CONTACT_SQRT(m * Lmax);
    pen->rho = pen->base * CONTACT_POW(pen->kappa, pen->pw);
    /* the updates' range (an exponent of 100 on kappa = 1e12 is not a factorization failure) */
    pen->rho = ct__min(ct__max(pen->rho, CT_MINVAL * (ct_real)1e10), CT_HUGE);
}

/* One application of the rule; 1 when rho changed. Spectral: p +-= step when one residual
   exceeds ratio times the other (eq. 46); linear: rho *= or /= linear_factor on the same test
   (eq. 44); fixed: never. */
CT__PRIVATE int ct__penalty_update(ct__penalty *pen, const ct_admm_settings *as, ct_real rp,
                                   ct_real rd) {
    ct_real pnew = pen->pw, rnew;
    const int dir = rp > as->ratio * rd ? 1 : rd > as->ratio * rp ? -1 : 0;
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
    return dir;
}
#endif /* CT__HAS_PENALTY */

/* >>solver-gs ---------------------------------------------------------------------------- */
/* The Gauss-Seidel family shares one sweep ([Tsounis25] Alg. 5: joints, limits, contacts):
     bilateral row i:  lambda_i -= omega v_i / (G+R)_ii                     (K = R)
     unilateral row i: lambda_i  = max(0, lambda_i - omega v_i / (G+R)_ii)   (K = R+)
     contact i: v_i = ((G+R) lambda + g)_i with the current lambda (Gauss-Seidel), and a
                per-method local update of lambda_i from (B = (G+R)_ii, v_i):
   PGS_NCP  ([LeLidec24] Alg. 6, [Tsounis25] Alg. 3)
       lambda_n = max(0, lambda_n - omega v_n / B_nn);  v_T += B_Tn (lambda_n - lambda_n_old)
       lambda_T = P_disk(mu lambda_n)(lambda_T - omega v_T / lambda_max(B_TT))
     The tangential step is the HORIZONTAL projection onto the disk of radius mu lambda_n, never
     the orthogonal cone projection, which would silently solve the CCP ([LeLidec24] Sec. III-C).
     Correction of the printed algorithm: [LeLidec24] Alg. 6 line 5 (and [Tsounis25] Alg. 3) step by
     1 / min(B_t1t1, B_t2t2), the larger step, which diverges as soon as the largest eigenvalue
     of the 2x2 tangential block exceeds twice that minimum (B_TT = diag(2.5, 1): each sweep
     multiplies the error by -1.5). 1 / lambda_max(B_TT) is a projected gradient step on the
     block's own quadratic that always decreases it; it equals the printed one when B_TT is a
     multiple of the identity.
   PGS_LCP  ([LeLidec24] Alg. 1): the same with each tangential component clamped to
       [-mu lambda_n, mu lambda_n] (box friction, the model of ODE, PhysX and DART).
   PGS_CCP  ([LeLidec24] Alg. 2, [Tsounis25] Alg. 2): lambda = P_K(lambda - omega / lambda_max(B)
       (v + s)), the orthogonal projection; s = Gamma(v) with pgs.desaxce (then the fixed point
       is the NCP: K ∋ lambda _|_ v + Gamma(v) ∈ K*), else s = 0 (the CCP).
     Correction of the printed algorithm: [LeLidec24] Alg. 2 steps by 3 / tr(B), the inverse of
     the MEAN eigenvalue, which overshoots when lambda_max(B) > 2/3 tr(B) (one contact with B =
     diag(1e-3, 1e-3, 1): 3 / tr = 2.99 / lambda_max, each sweep multiplies the normal error by
     -1.99, MAX_ITERATIONS with error 1.0 after 10000 sweeps). The projected gradient step
     1 / lambda_max(B) (ct__sym3_lmax) decreases the block's quadratic whatever B; the two agree
     when B is a multiple of the identity.
   NBGS, RAISIM, RAISIM_DS (Preclik's model, [Hwangbo18] eq. 8, [Tsounis25] Alg. 4): with
       c = v_i - B lambda_i (the velocity without the contact's own impulse),
       lambda* = 0                       if c_n > 0 (opening),
               = -B^-1 c                 if that lies in K_mu (sticking),
               = argmin over the conic section C = K-boundary ∩ {(B l + c)_n = 0} of
                 E(l) = 1/2 l^T B l + c^T l   otherwise (sliding),
       then lambda_i = alpha lambda* + (1 - alpha) lambda_i. NBGS finds the minimum on C
       exactly (a root find, see ct__cone_min_exact) with alpha = pgs.omega; RAISIM by [Hwangbo18]'s
       bisection with alpha decaying once per sweep, alpha <- alpha_min + gamma (alpha -
       alpha_min). Preclik's model is not Coulomb's when B_nT != 0: the tangential velocity is
       then not antiparallel to the friction ([LeLidec24] eq. 24).
   RAISIM_DS, RAISIM_DS_ES: [Tsounis25] adds a local De Saxce estimate s = Gamma(v_i) (Alg. 5 line
       16) to fix that. With s in the objective only, the KKT conditions on C read
       B l + c + s = nu1 B e_n + nu2 (2 l_t1, 2 l_t2, -2 mu^2 l_n); the Coulomb point (v_T = 2 nu2
       l_T antiparallel, v_n = 0) is the fixed point with nu1 = 0, but iterating s admits other
       fixed points (nu1 != 0) where the friction ACCELERATES the slide (one contact, mu = 1,
       B = [[5,0,4],[0,5,0],[4,0,5]], c = (2,-1,-2): stuck at v_T . l_T = +0.49, NCP residual
       1.8, in 7 % of random sliding contacts). contact.h therefore solves the limit directly:
       the slide is the point of C where v_T = -k l_T, k > 0 (ct__cone_coulomb), the local
       Coulomb law that the De Saxce iteration converges to when it converges; open and stick
       as above, the same relaxation as RAISIM. Scored in the NCP flavor.
   Deviation from [Tsounis25] Alg. 5: bilateral rows are relaxed one row at a time rather than by
   an exact block solve per joint, because ct_problem carries no joint grouping.
   A row or a contact whose diagonal block is zero does not move (a locked or empty row); a
   singular contact block is inverted as B + r tr(B) I with r = 1e-10 (1e-5 in float), grown tenfold
   until it inverts or reaches 1 (then the contact is left unchanged by the Preclik methods). */
#ifdef CT__HAS_GS

/* The sweep skeleton and the per-method contact updates. */
typedef struct ct__gs {
    ct__run *r;
    ct_real *step;  /* n: single rows omega/(G+R)_ii; contact rows (t, t, n) steps             */
    ct_real *blk;   /* 18 per contact: B row-major, then B^-1 (zeros when B = 0)                */
    ct_real alpha;  /* current relaxation of the Preclik methods                               */
    int preclik;    /* NBGS or a RAISIM: the Preclik single-contact solve (which one: slide)    */
    int slide;      /* CT__SLIDE_*                                                             */
    ct_real upd;    /* max |lambda_new - lambda_old| over the sweep                             */
    int kept;       /* 1: v is kept up to date by the updates; 0: each row is read afresh       */
    ct_real best;   /* the best scored measure so far, and the checks since it improved ...     */
    int since;      /* ... (kept v: ten checks without progress switch to rows read afresh)     */
    int screen;     /* the screen is on (ct__gs_screen): 1 Preclik's model residual, 2 the
                       calibrated one of the other flavors ...                                  */
    ct_real updv;   /* ... and its estimates: the sweep's largest update in velocity units,
                       ||B_i d lambda_i|| per contact, (G + R)_ii |d lambda_i| per row ...     */
    ct_real upd2;   /* ... the sum of the sweep's squared updates |d lambda|^2 ...             */
    ct_real cal;    /* ... and the measure per ||d lambda|| at the last scored check (-1: none) */
} ct__gs;

/* The largest eigenvalue of a symmetric 3x3 (row-major): the trigonometric solution of its
   characteristic cubic (Smith 1961), exact up to rounding */
CT__PRIVATE ct_real ct__sym3_lmax(const ct_real B[9]) {
    const ct_real p1 = B[1] * B[1] + B[2] * B[2] + B[5] * B[5], q = (B[0] + B[4] + B[8]) / 3;
    ct_real a0, a4, a8, pp, r;
    if (!(p1 > 0)) return ct__max(B[0], ct__max(B[4], B[8]));
    a0 = B[0] - q;
    a4 = B[4] - q;
    a8 = B[8] - q;
    pp = CONTACT_SQRT((a0 * a0 + a4 * a4 + a8 * a8 + 2 * p1) / 6);
    r = (a0 * (a4 * a8 - B[5] * B[5]) - B[1] * (B[1] * a8 - B[5] * B[2]) + B[2] * (B[1] * B[5] - a4 * B[2])) /
        (2 * pp * pp * pp); /* det((B - q I) / pp) / 2 */
    r = ct__min((ct_real)1, ct__max((ct_real)-1, r));
    return q + 2 * pp * CONTACT_COS(CONTACT_ATAN2(CONTACT_SQRT(1 - r * r), r) / 3);
}

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
        ct_real *B = gs->blk + 18 * i, *Bi = B + 9, h, dt, dn, lm;
        ct__op_block3(&r->op, q, B);
        h = (B[0] - B[4]) / 2; /* lambda_max of the 2x2 tangential block */
        dt = (B[0] + B[4]) / 2 + CONTACT_SQRT(h * h + B[1] * B[1]);
        dn = B[8];
        if (m == CT_METHOD_PGS_CCP) { /* 1 / lambda_max(B), not the printed 3 / tr(B) */
            lm = ct__sym3_lmax(B);
            gs->step[q] = gs->step[q + 1] = gs->step[q + 2] = lm > CT_MINVAL ? omega / lm : 0;
        } else {
            gs->step[q] = gs->step[q + 1] = dt > CT_MINVAL ? omega / dt : 0;
            gs->step[q + 2] = dn > CT_MINVAL ? omega / dn : 0;
        }
        /* B^-1, for the Preclik methods (ct__preclik_inverse) */
        CONTACT_MEMSET(Bi, 0, 9 * sizeof(ct_real));
#ifdef CT__HAS_PRECLIK
        if (gs->preclik) ct__preclik_inverse(B, Bi);
#endif
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
        case CT_METHOD_HYBRID_NCP: /* its first try */
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
#ifdef CT__HAS_PGS_LCP
            if (m == CT_METHOD_PGS_LCP) ct_clamp_box_tangent(mu, t, l);
            else
#endif
                ct_project_disk(mu * ln, t, l);
            return;
        }
#ifdef CT__HAS_PGS_CCP
        case CT_METHOD_PGS_CCP: {
            ct_real w2 = v[2] + (r->s->pgs.desaxce ? mu * ct__norm_t(v) : 0);
            t[0] = l[0] - st[0] * v[0];
            t[1] = l[1] - st[0] * v[1];
            t[2] = l[2] - st[0] * w2;
            ct_project_cone(mu, t, l);
            return;
        }
#endif
        default: { /* NBGS, RAISIM, RAISIM_DS, RAISIM_DS_ES */
#ifdef CT__HAS_PRECLIK
            ct__m3_mul(B, l, c);
            c[0] = v[0] - c[0]; c[1] = v[1] - c[1]; c[2] = v[2] - c[2];
            if (!(B[0] + B[4] + B[8] > CT_MINVAL) || (B[9] == 0 && B[13] == 0 && B[17] == 0)) return;
            ct__preclik(B, B + 9, c, mu, gs->slide, &r->s->raisim, ls);
            a = gs->alpha;
            l[0] = a * ls[0] + (1 - a) * l[0];
            l[1] = a * ls[1] + (1 - a) * l[1];
            l[2] = a * ls[2] + (1 - a) * l[2];
#endif
            (void)c; (void)ls; (void)a;
            return;
        }
    }
}

/* One sweep: joints, limits, contacts ([Tsounis25] Alg. 5). Each row or contact needs its
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
    ct_real upd = 0, updv = 0, upd2 = 0, old[3], vl[3], d[3];
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
        upd2 += d[0] * d[0];
        if (gs->screen == 1 && gs->step[i] > 0)
            updv = ct__max(updv, CONTACT_FABS(d[0]) * (r->s->pgs.omega / gs->step[i]) / (r->sc ? r->sc[i] : 1));
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
        upd2 += d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
        if (gs->screen == 1) {
            ct_real e[3];
            ct__m3_mul(gs->blk + 18 * i, d, e); /* in the caller's units: / s_i when scaled */
            updv = ct__max(updv, CONTACT_SQRT(e[0] * e[0] + e[1] * e[1] + e[2] * e[2]) / (r->sc ? r->sc[q] : 1));
        }
    }
    gs->upd = upd;
    gs->updv = updv;
    gs->upd2 = upd2;
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
   scored by ct_criteria in the method's flavor (for Preclik's model, NBGS and RAISIM, the
   SIGNORINI model residual, screened by ct__gs_screen). RAISIM_DS_ES
   stops when the objective improvement |f_k - f_k-1| / I_total <= es_tol ([Tsounis25] eq. 160),
   I_total = raisim.mass_sum when given, else n^2 / tr(G + R): with G = J M^-1 J^T, tr(G)/n is
   the mean inverse apparent mass of a row, so n / tr(G) is a mass per row and n^2 / tr(G) the
   sum over the n rows, the counterpart of sum diag(M). That stop is reported as STALLED unless
   the point also meets the NCP tolerance. */
/* The family's arrays: the steps, the contact blocks and their inverses, and the divergence
   test's product */
typedef struct ct__gs_mem {
    ct_real *step, *blk, *au;
} ct__gs_mem;
CT__PRIVATE void ct__gs_layout(ct__arena *a, const ct__dims *d, void *mem) {
    ct__gs_mem tmp, *m = mem ? (ct__gs_mem *)mem : &tmp;
    m->step = ct__arena_real(a, (size_t)d->n);
    m->blk = ct__arena_real(a, 18 * (size_t)d->nc);
    m->au = ct__arena_real(a, (size_t)d->n);
}
CT__PRIVATE void ct__gs_init(ct__gs *gs, ct__run *r) {
    const ct_method m = r->s->method;
    ct__gs_mem mem;
    ct__arena a = r->mem;
    ct__gs_layout(&a, &r->dims, &mem);
    CONTACT_MEMSET(gs, 0, sizeof(*gs));
    gs->r = r;
    gs->step = mem.step;
    gs->blk = mem.blk;
    gs->preclik = m == CT_METHOD_NBGS || m == CT_METHOD_RAISIM || m == CT_METHOD_RAISIM_DS ||
                  m == CT_METHOD_RAISIM_DS_ES;
    gs->slide = m == CT_METHOD_NBGS ? 0 : m == CT_METHOD_RAISIM ? 1 : 2; /* CT__SLIDE_* */
    gs->cal = -1; /* every other field 0: no screen, no update yet */
}
/* the steps and block inverses, kept by the solver object: what the setup precomputes */
CT__PRIVATE ct_result ct__gs_prepare(ct__run *r) {
    ct__gs gs;
    ct__gs_init(&gs, r);
    if (!(r->sv->cache & CT__CACHE_GS)) {
        ct__gs_setup(&gs);
        r->sv->cache |= CT__CACHE_GS;
    }
    return CT_OK;
}

/* The Preclik methods' screen (pgs.screen): their check scores the SIGNORINI model residual,
   an exact local solve per contact. At a fixed point the sweep's update vanishes with that
   residual; updv / alpha (updv the sweep's largest update in velocity units, ||B_i d
   lambda_i||, alpha its relaxation) estimates it, and the check runs when the estimate is
   within CT__SCREEN of the tolerance (relative: over max(||g||, ||lambda||, ||v||)), on every
   10th check whatever it says, and on every check without a screen. Only when to score
   changes, as ADMM's screen. The estimate is in the caller's units (settings.scale).
   The other flavors (PGS, RAISIM_DS: the natural map, which costs more than a sweep on small
   problems) calibrate their estimate instead: at a linearly converging fixed point the
   measure is proportional to the sweep's update ||d lambda||_2, and the last scored check
   gives the factor (cal); the check runs when cal ||d lambda|| is within CT__SCREEN_GS of the
   tolerance, on every 10th check, and whenever no factor is known (the first check, after a
   zero update). */
#define CT__SCREEN_GS 2
CT__PRIVATE int ct__gs_screen(const ct__run *r, int k, const ct__gs *gs, const ct_real *lambda,
                              const ct_real *v) {
    const ct_settings *s = r->s;
    ct_residuals e;
    if (!gs->screen || (k + 1) % s->check_every != 0 || ((k + 1) / s->check_every) % 10 == 0)
        return 1;
    if (gs->screen == 2)
        return !(gs->cal >= 0) || gs->cal * CONTACT_SQRT(gs->upd2) <= CT__SCREEN_GS * ct__stop_tol(s);
    if (!(gs->alpha > 0)) return 1;
    e.absolute = gs->updv / gs->alpha;
    e.relative = 0;
    if (s->stop != CT_STOP_ABSOLUTE) {
        ct_real den;
        ct__run_unscaled(r, &lambda, &v); /* the caller's lambda and v */
        den = ct__max(ct__norm2_safe(r->p0->g, r->n), ct__max(ct__norm2_safe(lambda, r->n), ct__norm2_safe(v, r->n)));
        e.relative = den > 0 ? e.absolute / den : e.absolute;
    }
    return ct__stop_value(s, &e) <= CT__SCREEN * ct__stop_tol(s);
}

CT__PRIVATE ct_status ct__gs_solve(ct__run *r, ct_real *lambda, ct_real *v) {
    const ct_settings *s = r->s;
    const ct_method m = s->method;
    const int n = r->n;
    const int raisim = m == CT_METHOD_RAISIM || m == CT_METHOD_RAISIM_DS || m == CT_METHOD_RAISIM_DS_ES;
    ct_real *lprev = r->lprev, *au, f_prev = 0, itot = 0;
    ct__gs gs;
    ct__gs_mem mem;
    ct__arena ar = r->mem;
    int k, i, certified = 0;
    ct__gs_layout(&ar, &r->dims, &mem);
    au = mem.au;
    ct__gs_prepare(r); /* v: the velocity of the start (ct__solver_run), which the sweeps keep */
    ct__gs_init(&gs, r);
    gs.alpha = raisim ? s->raisim.alpha : s->pgs.omega;
    gs.kept = !r->op.asym; /* an asymmetric G's columns are not its rows: read rows afresh */
    gs.best = -1;
    gs.screen = !s->pgs.screen || s->history || s->stop == CT_STOP_NONE ? 0
                : r->flavor == CT_FLAVOR_SIGNORINI                       ? 1
                                                                         : 2;
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
        if (!ct__gs_screen(r, k, &gs, lambda, v)) {
            ct__record(r, 0, -1, -1, -1);
        } else if (ct__check(r, k, lambda, v, gs.kept && k > 0, 0, -1, -1)) {
            return CT_STATUS_CONVERGED;
        } else if ((k + 1) % s->check_every == 0 && s->stop != CT_STOP_NONE) {
            if (gs.screen == 2) /* the calibrated screen's factor */
                gs.cal = gs.upd2 > 0 ? ct__measure(r) / CONTACT_SQRT(gs.upd2) : -1;
            if (gs.kept) { /* the kept v's progress */
                if (gs.best < 0 || ct__measure(r) < gs.best) {
                    gs.best = ct__measure(r);
                    gs.since = 0;
                } else if (++gs.since >= 10) {
                    gs.kept = 0;
                }
            }
        }
        if (m == CT_METHOD_RAISIM_DS_ES) {
            ct_real f;
            if (!gs.kept) ct__run_velocity(r, lambda, v);
            f = ct__objective(r->p, lambda, v, n);
            if (CONTACT_FABS(f - f_prev) <= s->raisim.es_tol * itot) return CT_STATUS_STALLED;
            f_prev = f;
        }
        if (ct__stalled(r, lambda, lprev)) return CT_STATUS_STALLED;
        if (ct__diverging(r, k, lambda, lprev, v, au, &certified)) return CT_STATUS_NUMERICAL_FAILURE;
        if (ct__poll(r, gs.upd)) break;
    }
    r->v_kept = gs.kept; /* v is lambda's velocity up to the rounding of its updates */
    return CT_STATUS_MAX_ITERATIONS;
}

/* the knobs of the family */
CT__PRIVATE ct_result ct__gs_check(const ct_settings *s, const char **field) {
    const ct_raisim_settings *r = &s->raisim;
    CT__CHECK(s->pgs.omega > 0 && s->pgs.omega < 2, "pgs.omega");
    CT__CHECK(s->pgs.desaxce == 0 || s->pgs.desaxce == 1, "pgs.desaxce");
    CT__CHECK(s->pgs.screen == 0 || s->pgs.screen == 1, "pgs.screen");
    CT__CHECK(r->alpha > 0 && r->alpha <= 1, "raisim.alpha");
    CT__CHECK(r->alpha_min > 0 && r->alpha_min <= r->alpha, "raisim.alpha_min");
    CT__CHECK(r->gamma >= 0 && r->gamma <= 1, "raisim.gamma");
    CT__CHECK(r->beta1 > 0 && ct__finite(r->beta1), "raisim.beta1");
    CT__CHECK(r->beta2 > 0 && r->beta2 < 1, "raisim.beta2");
    CT__CHECK(r->beta3 > 1 && ct__finite(r->beta3), "raisim.beta3");
    CT__CHECK(r->bisect_tol > 0 && ct__finite(r->bisect_tol), "raisim.bisect_tol");
    CT__CHECK(r->bisect_iters >= 1, "raisim.bisect_iters");
    CT__CHECK(r->es_tol > 0 && ct__finite(r->es_tol), "raisim.es_tol");
    CT__CHECK(r->mass_sum >= 0 && ct__finite(r->mass_sum), "raisim.mass_sum");
    return CT_OK;
}
CT__PRIVATE ct_flavor ct__gs_flavor(const ct_settings *s) {
    switch (s->method) {
        case CT_METHOD_PGS_CCP: return s->pgs.desaxce ? CT_FLAVOR_NCP : CT_FLAVOR_CCP;
        case CT_METHOD_PGS_LCP: return CT_FLAVOR_LCP;
        case CT_METHOD_NBGS:
        case CT_METHOD_RAISIM: return CT_FLAVOR_SIGNORINI;
        default: return CT_FLAVOR_NCP; /* PGS_NCP, RAISIM_DS, RAISIM_DS_ES */
    }
}
/* the family's rows: one sweep, seven local updates */
#define CT__GS_ROW(var, id, name)                                                               \
    static const ct__method var = {id, name, CT__FORMS_ROWS, NULL, ct__gs_flavor, ct__gs_check,      \
                                   ct__gs_layout, ct__gs_prepare, ct__gs_solve, CT__LAST_METHOD};
#ifdef CT__HAS_PGS_NCP
CT__GS_ROW(ct__method_pgs_ncp, CT_METHOD_PGS_NCP, "PGS_NCP")
#undef CT__LAST_METHOD
#define CT__LAST_METHOD (&ct__method_pgs_ncp)
#endif
#ifdef CT__HAS_PGS_CCP
CT__GS_ROW(ct__method_pgs_ccp, CT_METHOD_PGS_CCP, "PGS_CCP")
#undef CT__LAST_METHOD
#define CT__LAST_METHOD (&ct__method_pgs_ccp)
#endif
#ifdef CT__HAS_PGS_LCP
CT__GS_ROW(ct__method_pgs_lcp, CT_METHOD_PGS_LCP, "PGS_LCP")
#undef CT__LAST_METHOD
#define CT__LAST_METHOD (&ct__method_pgs_lcp)
#endif
#ifdef CT__HAS_NBGS
CT__GS_ROW(ct__method_nbgs, CT_METHOD_NBGS, "NBGS")
#undef CT__LAST_METHOD
#define CT__LAST_METHOD (&ct__method_nbgs)
#endif
#ifdef CT__HAS_RAISIM
CT__GS_ROW(ct__method_raisim, CT_METHOD_RAISIM, "RAISIM")
#undef CT__LAST_METHOD
#define CT__LAST_METHOD (&ct__method_raisim)
#endif
#ifdef CT__HAS_RAISIM_DS
CT__GS_ROW(ct__method_raisim_ds, CT_METHOD_RAISIM_DS, "RAISIM_DS")
#undef CT__LAST_METHOD
#define CT__LAST_METHOD (&ct__method_raisim_ds)
#endif
#ifdef CT__HAS_RAISIM_DS_ES
CT__GS_ROW(ct__method_raisim_ds_es, CT_METHOD_RAISIM_DS_ES, "RAISIM_DS_ES")
#undef CT__LAST_METHOD
#define CT__LAST_METHOD (&ct__method_raisim_ds_es)
#endif
#endif /* CT__HAS_GS */

/* >>solver-admm -------------------------------------------------------------------------- */
/* ADMM_NCP: proximal ADMM on the NCP with the De Saxce fixed point ([Carpentier24] Alg. 1, in the
   form of [Tsounis25] Alg. 6 so that bilateral and unilateral rows work).
   With A = G + R + (eta + rho) I, K = R^nb x R+^nu x prod K_mu and Gamma acting on contacts:
     s_k = Gamma(z_{k-1})                                             ([Carpentier24] Alg. 1 line 2)
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
   rho changes. Sooner while the rule keeps moving rho one way with the residuals ratio^2
   apart (admm.update_adapt): the gap to its next application halves, down to 1, at most
   update_every times a solve (a start rho 1000 times too large on a small stack took 90
   iterations at one step per 10, 40 so; [Carpentier24]'s implementation applies it every
   iteration, which thrashes on other problems: docs/methods.md). The internal residuals
   freeze the De Saxce term and can sit well below the true NCP residual, so they only drive
   the penalty; the solve stops on ct_criteria evaluated at the projected iterate y with
   v = (G + R) y + g. The answer is y, which lies in K, not x, which only converges to it.
   ADMM_CCP is the same code with s = 0 ([LeLidec24] Alg. 3, [Tsounis25] Alg. 6 "ADMM-CCP"): the
   convex Anitescu model, scored in the CCP flavor; [Tsounis25]'s ADMM-CCP also drops eta, which
   contact.h allows (eta = 0) only with the fixed or linear rule, since with R = 0 eta is the
   spectral rule's only positive lower bound m. Penalty rules (admm.rule): spectral (default),
   linear residual balancing rho *= or /= linear_factor ([Carpentier24] eq. 44), fixed rho0. */
#ifdef CT__HAS_ADMM
/* The penalty a solve starts from: the rule's start (ct__penalty_init), or with
   admm.warm_rho the solver object's (spectral: its exponent p on the current spectrum;
   linear: its rho; fixed: rho0 always). */
CT__PRIVATE void ct__penalty_start(ct__penalty *pen, ct__run *r, ct_real *t1, ct_real *t2) {
    const ct_admm_settings *as = &r->s->admm;
    const ct_solver_state *st = &r->sv->state;
    ct__penalty_init(pen, r, t1, t2);
    if (!as->warm_rho || !st->has_rho || as->rule == CT_RHO_FIXED) return;
    if (as->rule == CT_RHO_LINEAR) {
        pen->rho = st->rho;
    } else if (st->has_rho_power) {
        pen->pw = st->rho_power;
        pen->rho = pen->base * CONTACT_POW(pen->kappa, pen->pw);
    } else if (pen->kappa > 1) { /* a rho set by hand: its exponent on this spectrum */
        pen->pw = CONTACT_LOG(st->rho / pen->base) / CONTACT_LOG(pen->kappa);
        pen->rho = st->rho;
    }
    pen->rho = ct__min(ct__max(pen->rho, CT_MINVAL * (ct_real)1e10), CT_HUGE); /* as the rule's start */
    r->reused |= CT_REUSED_RHO;
}

/* ADMM's arrays: z first (the dual a solver object keeps, ct_solver_state_get), then the
   iterates and the factorization of G + R + (eta + rho) I */
typedef struct ct__admm_mem {
    ct_real *z, *x, *y, *w, *t;
    ct__fac fac;
    size_t fac_at; /* where the factorization's arrays start */
} ct__admm_mem;
CT__PRIVATE void ct__admm_layout(ct__arena *a, const ct__dims *d, void *mem) {
    ct__admm_mem tmp, *m = mem ? (ct__admm_mem *)mem : &tmp;
    const size_t n = (size_t)d->n;
    m->z = ct__arena_real(a, n);
    m->x = ct__arena_real(a, n);
    m->y = ct__arena_real(a, n);
    m->w = ct__arena_real(a, n);
    m->t = ct__arena_real(a, n);
    m->fac_at = a->at;
    ct__fac_layout(a, d, &m->fac);
}

/* the ordering and symbolic factorization of a block-sparse G (its factor is the last array) */
CT__PRIVATE ct_result ct__admm_analyze(ct__run *r, ct__dims *d) {
    ct__admm_mem m;
    ct__arena a = r->mem;
    ct__admm_layout(&a, d, &m);
    a.at = m.fac_at;
    return ct__fac_analyze(&m.fac, &r->op, a, r->sv->ws.size > a.at ? r->sv->ws.size - a.at : 0, d);
}

/* Factor G + R + shift I unless the solver object holds that factorization. 1 on success. */
CT__PRIVATE int ct__admm_factor(ct__run *r, ct__admm_mem *m, ct_real shift) {
    ct_solver *sv = r->sv;
    if ((sv->cache & CT__CACHE_FACTOR) && sv->cache_shift == shift) {
        if (r->factorizations == 0) r->reused |= CT_REUSED_FACTOR;
        return 1;
    }
    sv->cache &= ~(unsigned)CT__CACHE_FACTOR;
    r->factorizations++;
    r->fail_row = ct__fac_factor(&m->fac, &r->op, shift, NULL);
    if (r->fail_row >= 0) return 0;
    sv->cache |= CT__CACHE_FACTOR;
    sv->cache_shift = shift;
    return 1;
}

/* what ct_solver_setup precomputes: L and the factorization at the starting penalty */
CT__PRIVATE ct_result ct__admm_prepare(ct__run *r) {
    ct__admm_mem m;
    ct__penalty pen;
    ct__arena a = r->mem;
    ct__admm_layout(&a, &r->dims, &m);
    ct__penalty_start(&pen, r, m.w, m.t);
    r->reused = 0;
    return ct__admm_factor(r, &m, r->s->admm.eta + pen.rho) ? CT_OK : CT_ERROR_NOT_PSD;
}

/* An ADMM run in progress: ADMM_NCP and ADMM_CCP run one from begin to end; HYBRID_NCP runs
   ADMM_NCP's in chunks between its Newton phases (ct__admm_iterate to kend). */
typedef struct ct__admm_it {
    ct__admm_mem m;
    ct__penalty pen;
    ct_real rho, a_max;
    int k;         /* iterations done: the schedules of the checks and of the penalty rule */
    int certified; /* consecutive divergence certificates                                  */
    int desaxce;   /* the NCP's De Saxce term (ADMM_CCP: s = 0)                             */
    ct_real sratio; /* the screen's calibration: the scored criterion over its estimate at the
                       last check (>= 1)                                                    */
    ct_real sprev;  /* the last calibrated estimate above the tolerance (-1: none), at skprev */
    int skprev, snext; /* the next iteration to screen (the ones before are skipped)        */
    int unext, ugap;   /* the penalty rule: its next iteration and the gap to it            */
    int udir, ushort;  /* the direction of its last change; its applications sooner than
                          update_every (admm.update_adapt)                                  */
} ct__admm_it;

/* the start point: x = lambda, y = P_K(x), z = v(y) + Gamma(v(y)) unless keep_z (the solver
   object's dual) */
CT__PRIVATE void ct__admm_point(ct__run *r, ct__admm_it *it, const ct_real *lambda, int keep_z) {
    const ct_problem *p = r->p;
    const int n = r->n, c0 = p->nb + p->nu;
    ct_real *z = it->m.z;
    int i;
    CONTACT_MEMCPY(it->m.x, lambda, (size_t)n * sizeof(ct_real));
    ct_project_constraints(p->nb, p->nu, p->nc, p->mu, it->m.x, it->m.y);
    if (keep_z) return;
    ct__run_velocity(r, it->m.y, z);
    if (it->desaxce)
        for (i = 0; i < p->nc; ++i) z[c0 + 3 * i + 2] += p->mu[i] * ct__norm_t(z + c0 + 3 * i);
}

/* The penalty's start and the factorization; 0 when the factorization fails (G is not PSD) */
CT__PRIVATE int ct__admm_begin(ct__run *r, ct__admm_it *it, const ct_real *lambda) {
    const ct_admm_settings *as = &r->s->admm;
    ct_solver *sv = r->sv;
    ct__arena a = r->mem;
    int warm_dual;
    ct__admm_layout(&a, &r->dims, &it->m);
    it->k = 0;
    it->certified = 0;
    it->sratio = 1;
    it->sprev = -1;
    it->skprev = it->snext = 0;
    it->ugap = it->unext = as->update_every;
    it->udir = it->ushort = 0;
    it->desaxce = r->flavor == CT_FLAVOR_NCP; /* ADMM_NCP (and HYBRID_NCP); ADMM_CCP: s = 0 */
    warm_dual = as->warm_dual && sv->state.has_dual;
    ct__penalty_start(&it->pen, r, it->m.w, it->m.t);
    it->rho = it->pen.rho;
    if (!ct__admm_factor(r, &it->m, as->eta + it->rho)) { /* G + R + (eta + rho) I is not PD */
        sv->state.has_dual = 0;
        r->not_psd = 1;
        return 0;
    }
    it->a_max = ct__run_amax(r);
    if (warm_dual) r->reused |= CT_REUSED_DUAL; /* z is the solver object's */
    ct__admm_point(r, it, lambda, warm_dual);
    return 1;
}

/* ADMM's screen (admm.screen): 1 when iteration k's check should score y (ct__check, a
   product by G). The criterion at (y, vx), vx the velocity of x that the x-step yields without
   a product, estimates y's, which differs by (G + R)(y - x). The estimate is optimistic (up to
   1000x below the truth on a 150-contact robot), so from order CT__SCREEN_CAL_MIN on it is
   calibrated: each check measures sratio = truth / estimate (>= 1) and the next screens pass
   when estimate x sratio is within CT__SCREEN_ADMM of the tolerance. Above it, the estimate's
   rate since the last screen above predicts when it can meet it, and the screens of half that
   many iterations (at most 16) are skipped. A check runs on every CT__SCREEN_FORCE-th check (10
   below CT__SCREEN_CAL_MIN) whatever the estimate says (one that rounding keeps above, e.g. in
   float with a large rho), and on every check while a history records. Only when to score
   changes: a returned point is scored as always. */
CT__PRIVATE int ct__admm_screen(const ct__run *r, int k, const ct_real *y, const ct_real *vx, ct__admm_it *it,
                                ct_real *est) {
    const ct_settings *s = r->s;
    const ct_real tol = CT__SCREEN_ADMM * ct__stop_tol(s);
    const int cal = r->n >= CT__SCREEN_CAL_MIN;
    const int forced = ((k + 1) / s->check_every) % (cal ? CT__SCREEN_FORCE : 10) == 0;
    ct_residuals e;
    ct_real E;
    *est = -1;
    if (!s->admm.screen || s->history || s->stop == CT_STOP_NONE || r->flavor == CT_FLAVOR_SOFT ||
        (k + 1) % s->check_every != 0)
        return 1;
    if (!forced && k < it->snext) return 0; /* predicted still far from the tolerance */
    ct__run_criteria(r, y, vx, r->flavor, &e, ct__stop_want(s->stop));
    *est = ct__stop_value(s, &e);
    if (forced) return 1;
    E = *est * (cal ? it->sratio : 1);
    if (E <= tol) return 1;
    /* above the tolerance: the rate since the last such estimate predicts when it can meet it;
       skip the screens of half that many iterations, at most 16 */
    if (it->sprev > 0 && it->skprev < k && E < it->sprev) {
        const ct_real rate = CONTACT_POW(E / it->sprev, (ct_real)1 / (ct_real)(k - it->skprev));
        if (rate > 0 && rate < 1) {
            const ct_real pred = CONTACT_LOG(tol / E) / CONTACT_LOG(rate);
            it->snext = k + 1 + (int)ct__min((ct_real)16, (ct_real)0.5 * pred);
        }
    }
    it->sprev = E;
    it->skprev = k;
    return 0;
}

/* Iterations it->k .. kend (at most); the iterate is y. Returns CT_STATUS_MAX_ITERATIONS when
   kend is reached without another outcome. v: scratch, and the velocity of a converged y. */
CT__PRIVATE ct_status ct__admm_iterate(ct__run *r, ct__admm_it *it, int kend, ct_real *v) {
    const ct_problem *p = r->p;
    const ct_admm_settings *as = &r->s->admm;
    const int n = r->n, nb = p->nb, nu = p->nu, c0 = nb + nu, desaxce = it->desaxce;
    const ct_real eta = as->eta, alpha = as->over_relax;
    ct_real *x = it->m.x, *y = it->m.y, *z = it->m.z, *w = it->m.w, *t = it->m.t, *lprev = r->lprev;
    ct_real rho = it->rho;
    ct_status status = CT_STATUS_MAX_ITERATIONS;
    int i, k;
    for (k = it->k; k < kend; ++k) {
        ct_real rp = 0, rd = 0, inv_rho = 1 / rho, est;
        CONTACT_MEMCPY(lprev, y, (size_t)n * sizeof(ct_real));
        /* w = -(g + s - eta x - rho y - z), then x_k = A^-1 w. An asymmetric G: A holds its
           symmetric part, and its skew part K enters at the last x (w -= K x): a fixed point
           is the given G's */
        if (r->op.asym) ct__op_skew(&r->op, x, t, v);
        for (i = 0; i < n; ++i) w[i] = -(p->g[i] - eta * x[i] - rho * y[i] - z[i]) - (r->op.asym ? t[i] : 0);
        if (desaxce)
            for (i = 0; i < p->nc; ++i) w[c0 + 3 * i + 2] -= p->mu[i] * ct__norm_t(z + c0 + 3 * i);
        ct__fac_solve(&it->m.fac, &r->op, w);
        ++r->linear_solves;
        /* rows: x^ = alpha w + (1 - alpha) y; y = P(x^ - z / rho); z -= rho (x^ - y) */
        for (i = 0; i < n; ++i) t[i] = alpha * w[i] + (1 - alpha) * y[i];
        for (i = 0; i < n; ++i) v[i] = t[i] - z[i] * inv_rho; /* v as scratch */
        ct_project_constraints(nb, nu, p->nc, p->mu, v, v);
        /* last to first, so that a normal row reads its tangents' z before they change; w
           becomes the velocity of x: (G + R) x + g = z - s + eta (x_prev - x) + rho (y_prev - x)
           from the x-step's system, the screen's estimate of y's velocity */
        for (i = n - 1; i >= 0; --i) {
            ct_real dual = eta * (w[i] - x[i]) + rho * (v[i] - y[i]);
            ct_real prim = CONTACT_FABS(w[i] - v[i]);
            ct_real vx = z[i] + eta * (x[i] - w[i]) + rho * (y[i] - w[i]);
            if (desaxce && i >= c0 && (i - c0) % 3 == 2) vx -= p->mu[(i - c0) / 3] * ct__norm_t(z + i - 2);
            rd = ct__max(rd, CONTACT_FABS(dual));
            rp = ct__max(rp, prim);
            z[i] -= rho * (t[i] - v[i]);
            x[i] = w[i];
            y[i] = v[i];
            w[i] = vx;
        }
        r->iterations = r->it_base + k + 1;
        if (!ct__finite(rp + rd) || !ct__all_finite(z, (size_t)n) || ct__norm2(y, n) > CT_HUGE) {
            CONTACT_MEMCPY(y, lprev, (size_t)n * sizeof(ct_real));
            status = CT_STATUS_NUMERICAL_FAILURE;
            break;
        }
        if (!ct__admm_screen(r, k, y, w, it, &est)) {
            ct__record(r, rho, rp, rd, -1);
        } else if (ct__check(r, k, y, v, 0, rho, rp, rd)) {
            status = CT_STATUS_CONVERGED;
            break;
        } else if (est > 0) { /* the estimate's bias, measured: the next screens correct for it */
            it->sratio = ct__max(1, ct__stop_value(r->s, &r->last) / est);
        }
        if (ct__stalled(r, y, lprev)) {
            status = CT_STATUS_STALLED;
            break;
        }
        if (ct__poll(r, ct__max(rp, rd))) {
            status = CT_STATUS_INTERRUPTED;
            break;
        }
        if (k + 1 >= it->unext) {
            int dir;
            /* divergence: the last step, d = y - lprev, certifies an unbounded problem twice in
               a row (w, t are free here) */
            for (i = 0; i < n; ++i) w[i] = y[i] - lprev[i];
            if (ct__unbounded_maybe(p, w, desaxce ? z : NULL)) {
                ct__op_mul(&r->op, w, t);
                it->certified = ct__unbounded(p, n, w, t, desaxce ? z : NULL, it->a_max) ? it->certified + 1 : 0;
            } else {
                it->certified = 0;
            }
            if (it->certified >= 2) {
                status = CT_STATUS_NUMERICAL_FAILURE;
                break;
            }
            {
                const ct__penalty last = it->pen;
                dir = ct__penalty_update(&it->pen, as, rp, rd);
                /* a new penalty whose matrix does not factor (G + (eta + rho) I at a small rho, G
                   singular, in rounding: float) gives way to the last one, which did */
                if (dir && !ct__admm_factor(r, &it->m, eta + it->pen.rho)) {
                    it->pen = last;
                    dir = 0;
                    if (!ct__admm_factor(r, &it->m, eta + rho)) {
                        status = CT_STATUS_NUMERICAL_FAILURE;
                        break;
                    }
                }
                rho = it->pen.rho;
            }
            /* the next application: sooner (the gap halved, down to 1) while rho moves the same
               way as at the last one and the residuals stay ratio^2 apart, a penalty far from
               its balance that one step per update_every would take long to reach; at most
               update_every such early applications per solve (admm.update_adapt) */
            if (it->ugap < as->update_every) ++it->ushort;
            if (as->update_adapt && dir != 0 && dir == it->udir && it->ushort < as->update_every &&
                (rp > as->ratio * as->ratio * rd || rd > as->ratio * as->ratio * rp))
                it->ugap = it->ugap / 2 > 1 ? it->ugap / 2 : 1;
            else
                it->ugap = as->update_every;
            it->udir = dir;
            it->unext = k + 1 + it->ugap;
        }
    }
    it->k = k < kend ? k + 1 : kend;
    it->rho = rho;
    return status;
}

/* lambda = y; the state the next solve of a solver object may start from */
CT__PRIVATE void ct__admm_end(ct__run *r, ct__admm_it *it, ct_real *lambda) {
    ct_solver *sv = r->sv;
    CONTACT_MEMCPY(lambda, it->m.y, (size_t)r->n * sizeof(ct_real));
    r->rho = it->rho;
    sv->state.has_rho = 1;
    sv->state.rho = it->rho;
    sv->state.has_rho_power = r->s->admm.rule == CT_RHO_SPECTRAL;
    sv->state.rho_power = it->pen.pw;
    sv->state.has_dual = ct__all_finite(it->m.z, (size_t)r->n);
}

CT__PRIVATE ct_status ct__admm_solve(ct__run *r, ct_real *lambda, ct_real *v) {
    ct__admm_it it;
    ct_status status;
    if (!ct__admm_begin(r, &it, lambda)) return CT_STATUS_NUMERICAL_FAILURE;
    status = ct__admm_iterate(r, &it, r->s->max_iter, v);
    ct__admm_end(r, &it, lambda);
    return status;
}

CT__PRIVATE ct_flavor ct__admm_ncp_flavor(const ct_settings *s) {
    (void)s;
    return CT_FLAVOR_NCP;
}
CT__PRIVATE ct_flavor ct__admm_ccp_flavor(const ct_settings *s) {
    (void)s;
    return CT_FLAVOR_CCP;
}
#ifdef CT__HAS_ADMM_NCP
static const ct__method ct__method_admm_ncp = {CT_METHOD_ADMM_NCP, "ADMM_NCP", CT__FORMS_ALL, ct__admm_analyze,
    ct__admm_ncp_flavor, ct__admm_check, ct__admm_layout, ct__admm_prepare, ct__admm_solve,
    CT__LAST_METHOD};
#undef CT__LAST_METHOD
#define CT__LAST_METHOD (&ct__method_admm_ncp)
#endif
#ifdef CT__HAS_ADMM_CCP
static const ct__method ct__method_admm_ccp = {CT_METHOD_ADMM_CCP, "ADMM_CCP", CT__FORMS_ALL, ct__admm_analyze,
    ct__admm_ccp_flavor, ct__admm_check, ct__admm_layout, ct__admm_prepare, ct__admm_solve,
    CT__LAST_METHOD};
#undef CT__LAST_METHOD
#define CT__LAST_METHOD (&ct__method_admm_ccp)
#endif
#endif /* CT__HAS_ADMM */

/* >>solver-staggered --------------------------------------------------------------------- */
/* STAGGERED: staggered projections ([LeLidec24] Alg. 7, after [69, 70, 36, 6]). With N the
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
   the NCP or LCP flavor. No convergence guarantee ([LeLidec24] Table III); "typically five
   iterations" ([6]). */
#ifdef CT__HAS_STAGGERED
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

/* ADMM on one QP (the x-, y- and z-steps of ADMM_NCP with s = 0). Returns -1, or the row of G
   whose pivot failed when G_SS + (eta + rho) I is not positive definite: then G is not PSD (a
   principal submatrix of a PSD matrix is PSD), or -2 when settings.progress or the time limit
   interrupted it. */
CT__PRIVATE int ct__qp_solve(ct__run *r, ct__qp *q, ct_real tol, ct_real *scratch) {
    const ct_admm_settings *as = &r->s->admm;
    const ct_real eta = as->eta;
    int k, i;
    if (q->m == 0) return -1;
    for (k = 0; k < r->s->staggered.inner_iters; ++k) {
        ct_real rp = 0, rd = 0, rho = q->pen.rho, inv = 1 / rho;
        if (ct__poll(r, -1)) return -2; /* interrupted */
        if (q->rho_f != rho) {
            const int bad = ct__op_factor(&r->op, q->idx, q->m, NULL, eta + rho, NULL, q->L, scratch);
            if (bad >= 0) return q->idx[bad];
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

/* STAGGERED's arrays: the two QPs' iterates side by side (normal rows, then tangential),
   their two factors in one n x n block ((nb + nu + nc)^2 + (2 nc)^2 <= n^2), the rows of the
   subproblems, the disk radii and the divergence test's product */
typedef struct ct__stag_mem {
    ct_real *x, *y, *z, *w, *t, *chol, *scratch, *rad, *u;
    int *idx;
} ct__stag_mem;
CT__PRIVATE void ct__stag_layout(ct__arena *a, const ct__dims *d, void *mem) {
    ct__stag_mem tmp, *m = mem ? (ct__stag_mem *)mem : &tmp;
    const size_t n = (size_t)d->n;
    m->x = ct__arena_real(a, n);
    m->y = ct__arena_real(a, n);
    m->z = ct__arena_real(a, n);
    m->w = ct__arena_real(a, n);
    m->t = ct__arena_real(a, n);
    m->chol = ct__arena_real(a, n * n);
    m->scratch = ct__arena_real(a, CT__CHOL_SCRATCH(d->n));
    m->idx = ct__arena_int(a, n);
    m->rad = ct__arena_real(a, (size_t)d->nc);
    m->u = ct__arena_real(a, n);
}

CT__PRIVATE ct_status ct__staggered(ct__run *r, ct_real *lambda, ct_real *v) {
    const ct_problem *p = r->p;
    const int n = r->n, nb = p->nb, nu = p->nu, nc = p->nc, c0 = nb + nu;
    ct__stag_mem m;
    ct__arena a = r->mem;
    ct_real *x, *y, *z, *w, *t, *chol, *scratch, *lprev = r->lprev, *rad, tol, gmax = 0;
    int *idx;
    ct__qp qn, qt;
    ct__penalty pen;
    int i, k, certified = 0;
    const int mN = c0 + nc, mT = 2 * nc;

    ct__stag_layout(&a, &r->dims, &m);
    x = m.x; y = m.y; z = m.z; w = m.w; t = m.t; chol = m.chol; scratch = m.scratch;
    rad = m.rad; idx = m.idx;
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
    ct__run_velocity(r, lambda, v); /* each QP's dual at its optimum is its rows' velocity */
    for (i = 0; i < n; ++i) {
        x[i] = y[i] = lambda[idx[i]];
        z[i] = v[idx[i]];
        gmax = ct__max(gmax, CONTACT_FABS(p->g[i]));
    }
    tol = r->s->stop == CT_STOP_RELATIVE ? r->s->tol_rel * ct__max(gmax, (ct_real)1)
          : r->s->stop == CT_STOP_BOTH ? ct__min(r->s->tol_rel * ct__max(gmax, (ct_real)1), r->s->tol_abs)
                                       : r->s->tol_abs;
    tol /= 10;
    for (k = 0; k < r->s->max_iter; ++k) {
        CONTACT_MEMCPY(lprev, lambda, (size_t)n * sizeof(ct_real));
        /* normal QP: h_N = g_N + (G+R)_NT lambda_T */
        ct__op_cross(&r->op, qn.idx, mN, qt.idx, mT, qt.y, qn.h);
        for (i = 0; i < mN; ++i) qn.h[i] += p->g[qn.idx[i]];
        if ((r->fail_row = ct__qp_solve(r, &qn, tol, scratch)) >= 0) {
            r->not_psd = 1; /* CT_ERROR_NOT_PSD, as ADMM's */
            return CT_STATUS_NUMERICAL_FAILURE;
        }
        if (r->fail_row == -2) break; /* interrupted: lambda is the last outer iterate */
        /* tangential QP: h_T = g_T + (G+R)_TN lambda_N, radii mu lambda_n */
        ct__op_cross(&r->op, qt.idx, mT, qn.idx, mN, qn.y, qt.h);
        for (i = 0; i < mT; ++i) qt.h[i] += p->g[qt.idx[i]];
        for (i = 0; i < nc; ++i) qt.rad[i] = p->mu[i] * qn.y[c0 + i];
        if ((r->fail_row = ct__qp_solve(r, &qt, tol, scratch)) >= 0) {
            r->not_psd = 1;
            return CT_STATUS_NUMERICAL_FAILURE;
        }
        if (r->fail_row == -2) break;
        for (i = 0; i < n; ++i) lambda[idx[i]] = y[i];
        r->iterations = k + 1;
        r->rho = qn.pen.rho;
        if (!ct__all_finite(lambda, (size_t)n) || !ct__in_range(lambda, (size_t)n)) { /* diverged */
            CONTACT_MEMCPY(lambda, lprev, (size_t)n * sizeof(ct_real));
            return CT_STATUS_NUMERICAL_FAILURE;
        }
        if (ct__check(r, k, lambda, v, 0, r->rho, -1, -1)) return CT_STATUS_CONVERGED;
        if (ct__stalled(r, lambda, lprev)) return CT_STATUS_STALLED;
        if (ct__diverging(r, k, lambda, lprev, v, m.u, &certified))
            return CT_STATUS_NUMERICAL_FAILURE;
        if (ct__poll(r, -1)) break;
    }
    r->fail_row = -1;
    return CT_STATUS_MAX_ITERATIONS;
}

CT__PRIVATE ct_result ct__stag_check(const ct_settings *s, const char **field) {
    CT__CHECK(s->staggered.inner_iters >= 1, "staggered.inner_iters");
    CT__CHECK(s->staggered.lcp == 0 || s->staggered.lcp == 1, "staggered.lcp");
    return ct__admm_check(s, field); /* its inner QPs' ADMM */
}
CT__PRIVATE ct_flavor ct__stag_flavor(const ct_settings *s) {
    return s->staggered.lcp ? CT_FLAVOR_LCP : CT_FLAVOR_NCP;
}
static const ct__method ct__method_staggered = {CT_METHOD_STAGGERED, "STAGGERED", CT__FORMS_ROWS, NULL,
    ct__stag_flavor, ct__stag_check, ct__stag_layout, NULL, ct__staggered, CT__LAST_METHOD};
#undef CT__LAST_METHOD
#define CT__LAST_METHOD (&ct__method_staggered)
#endif /* CT__HAS_STAGGERED */

/* >>solver-newton-soft ------------------------------------------------------------------- */
/* NEWTON_SOFT: the soft convex problem of MuJoCo and Drake solved by Newton's method with an
   exact line search ([Castro23] Sec. X; [LeLidec24] Alg. 4).
   Primal problem in a variable q with the contact velocities v_c = A q + g:
     min_q  phi(q) = 1/2 q^T Q q + sum_i l_i(v_c,i)                  (l_i: >>soft)
     gradient  Q q - A^T gamma(v_c),   Newton matrix  N = Q + A^T H(v_c) A
   - contact space (only G and g given): G = L L^T by a pivoted Cholesky that
     stops at the numerical rank r (G is often singular: a box on a plane, most FCLib problems;
     the dropped directions have G-curvature below 64 n eps max G_ii), A = L (n x r), Q = I,
     so q = L^T gamma at the optimum and v_c = G gamma + g.
   - generalized velocities (p->soft->nv > 0, nv < n, or M and J alone; eq. 3): q = v - v*,
     the velocity change (phi is eq. 3's cost less the constant 1/2 v*^T M v*, which would only
     add rounding), A = J, Q = M; N is nv x nv, cheaper when nv < 3 nc. v* does not enter
     the iteration: J v* is g less the reference, inside g.
   Each iteration: N dq = -grad (dense Cholesky; from the second on, the last factor moved by
   rank-1 changes when H changed on diagonal blocks only: ct__nw_update), then the exact line
   search on phi'(alpha) = dq^T Q q + alpha dq^T Q dq - dv_c^T gamma(v_c + alpha dv_c) = 0 over
   [0, alpha_max]: phi' at the Newton step 1 first (on a quadratic piece phi' is linear and 0
   there up to rounding: when the Newton step on phi' would move 1 by at most 16 eps, 1 is kept,
   one evaluation, which the step then reuses); alpha_max if phi'(1) < 0 and phi'(alpha_max)
   <= 0 (Drake evaluates alpha_max first); else a safeguarded Newton iteration on phi'
   (phi'' = dq^T Q dq + dv_c^T H dv_c) inside the bracket, bisecting when the Newton step
   leaves it (Drake's rtsafe, O(n) per evaluation), until the step is below ls_tol alpha_max
   (the last evaluated alpha is then kept: no further evaluation) or phi' is exactly 0 (the
   root, which the bracket would exclude); if phi did not decrease,
   backtracking (halving, Armijo 1e-4) replaces it. Stops: ct_criteria in the SOFT flavor (the
   model's law) meets the tolerance, or the cost stalls
   (|phi_k - phi_k-1| <= cost_tol |phi_k|, Drake's test) while the step of v_c is at rounding
   level (64 eps |v_c|; Drake asks alpha > 0.5 instead, but at the rounding floor the line
   search sees noise and returns short steps). The answer is lambda = gamma(v_c). */

#ifdef CT__HAS_NEWTON_SOFT
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

/* 1 when a and b hold the same n values */
CT__PRIVATE int ct__same(const ct_real *a, const ct_real *b, int n) {
    int i;
    for (i = 0; i < n; ++i)
        if (!(a[i] == b[i])) return 0;
    return 1;
}

/* The Newton matrix's factor L (N = Q + A^T H A, m x m, dofs reversed when rev) moved from the
   H it was made of (ho) to hn by rank-1 changes, as MuJoCo updates its Hessian's factor: a row
   of A scaled by sqrt|dh| per changed diagonal entry dh of H, when every changed block is
   diagonal at both points (a joint or limit row, a contact stuck or open: the soft CCP's
   constant pieces) and the changes, (m - f)^2 / 2 multiply-adds from a row's first column f in
   the factor's order, cost less than m^3 / 12, a new factor's. x: m scratch. Returns 0 when N
   is to be assembled and factored anew (L may then be partly changed). */
CT__PRIVATE int ct__nw_update(const ct_problem *p, ct_real *L, int m, int rev, const ct_real *A, int lda,
                              const ct_real *hn, const ct_real *ho, ct_real *x) {
    const int c0 = p->nb + p->nu, n = c0 + 3 * p->nc;
    ct_real est = 0;
    int pass, i, j;
    for (pass = 0; pass < 2; ++pass) {
        for (i = 0; i < n; ++i) {
            const ct_real *ai = A + (size_t)i * lda;
            ct_real dn, dold;
            if (i < c0) {
                dn = hn[i];
                dold = ho[i];
            } else {
                const int g = (i - c0) / 3, a = (i - c0) % 3;
                const ct_real *bn = hn + c0 + 9 * g, *bo = ho + c0 + 9 * g;
                if (a == 0 && !ct__same(bn, bo, 9) &&
                    (bn[1] != 0 || bn[2] != 0 || bn[3] != 0 || bn[5] != 0 || bn[6] != 0 || bn[7] != 0 ||
                     bo[1] != 0 || bo[2] != 0 || bo[3] != 0 || bo[5] != 0 || bo[6] != 0 || bo[7] != 0))
                    return 0; /* a sliding contact's block changed */
                dn = bn[4 * a];
                dold = bo[4 * a];
            }
            if (dn == dold) continue;
            if (pass == 0) {
                for (j = 0; j < m && ai[rev ? m - 1 - j : j] == 0; ++j) {}
                est += (ct_real)0.5 * (ct_real)(m - j) * (ct_real)(m - j);
            } else {
                const ct_real d = dn - dold, w = CONTACT_SQRT(CONTACT_FABS(d));
                for (j = 0; j < m; ++j) x[j] = w * ai[rev ? m - 1 - j : j];
                if (!ct__chol_rank1(L, m, m, x, d > 0 ? (ct_real)1 : (ct_real)-1)) return 0;
            }
        }
        if (pass == 0 && !(est <= (ct_real)m * (ct_real)m * (ct_real)m / 12)) return 0;
    }
    return 1;
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

/* The quadratic part: 1/2 q^T Q q from q and qq = Q q (m; Q = M in generalized velocities,
   I in contact space) */
CT__PRIVATE ct_real ct__nwq_half(const ct_real *q, const ct_real *qq, int m) {
    ct_real f = 0;
    int j;
    for (j = 0; j < m; ++j) f += q[j] * ((ct_real)0.5 * qq[j]);
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
    ct_real cost2;                  /* the soft cost at the last trial, u                     */
} ct__nwls;
/* phi'(alpha) = phi'(0) + alpha dq^T Q dq - dv_c^T (gamma(alpha) - gamma(0)): written with the
   change of gamma, not as a difference of the large terms q and A^T gamma, whose cancellation
   near the solution gave phi'(0) the wrong sign */
CT__PRIVATE ct_real ct__nwls_eval(ct__nwls *ls, ct_real alpha, ct_real *dd) {
    ct_real e = 0;
    int i;
    for (i = 0; i < ls->n; ++i) ls->u[i] = ls->vc[i] + alpha * ls->dvc[i];
    ls->cost2 = ct__soft_eval(ls->p, ls->u, ls->gam2, ls->hs2);
    if (dd) *dd = ls->s1 + ct__hquad(ls->p, ls->hs2, ls->dvc);
    for (i = 0; i < ls->n; ++i) e += ls->dvc[i] * (ls->gam2[i] - ls->gam0[i]);
    return ls->d0 + alpha * ls->s1 - e;
}

/* NEWTON_SOFT's arrays: the iterate q, its step, Q q and Q dq, the contact velocity, impulses
   and trial points (n each), the factor A of G (contact space), the Newton matrix N and B = H A
   (n x n each), the Cholesky's scratch, the Hessian blocks at the point and the trial, the
   pivots */
typedef struct ct__nw_mem {
    ct_real *q, *dq, *qq, *qd, *vc, *gam, *dvc, *u, *gam2, *grad, *qt, *Am, *N, *B, *scratch, *hs;
    int *flag;
} ct__nw_mem;
CT__PRIVATE void ct__nw_layout(ct__arena *a, const ct__dims *d, void *mem) {
    ct__nw_mem tmp, *m = mem ? (ct__nw_mem *)mem : &tmp;
    const size_t n = (size_t)d->n;
    /* q's space: n (contact space, or nv < n), or nv for M and J alone (nv may exceed n; no
       contact-space factor A then, and M's factor is the run's, r->op.Lm) */
    const int gen = d->form == CT__FORM_GENERAL;
    const size_t m1 = gen && (size_t)d->nv > n ? (size_t)d->nv : n;
    m->q = ct__arena_real(a, m1);
    m->dq = ct__arena_real(a, m1);
    m->qq = gen ? ct__arena_real(a, m1) : NULL; /* Q q and Q dq: contact space, q and dq
                                                   themselves (Q = I); G with nv < n, in Am */
    m->qd = gen ? ct__arena_real(a, m1) : NULL;
    m->vc = ct__arena_real(a, n);
    m->gam = ct__arena_real(a, n);
    m->dvc = ct__arena_real(a, n);
    m->u = ct__arena_real(a, n);
    m->gam2 = ct__arena_real(a, n);
    m->grad = ct__arena_real(a, m1);
    m->qt = ct__arena_real(a, m1);
    m->Am = gen ? NULL : ct__arena_real(a, n * n);
    m->N = ct__arena_real(a, m1 * m1);
    m->B = ct__arena_real(a, n * m1); /* H A, n x m */
    m->scratch = ct__arena_real(a, CT__CHOL_SCRATCH(m1));
    m->hs = ct__arena_real(a, 2 * (9 * (size_t)d->nc + (size_t)d->c0));
    m->flag = ct__arena_int(a, n);
}

/* the contact-space factor G = A A^T (pivoted Cholesky, rank in cache_rank), kept by the
   solver object: what the setup precomputes */
CT__PRIVATE int ct__nw_factor_g(ct__run *r, ct__nw_mem *m) {
    ct_solver *sv = r->sv;
    if (sv->cache & CT__CACHE_RANK) {
        r->reused |= CT_REUSED_FACTOR;
        return sv->cache_rank;
    }
    sv->cache_rank = ct__chol_pivoted(&r->op, NULL, r->n, m->Am, m->grad, m->flag); /* rank of G */
    r->factorizations++;
    sv->cache |= CT__CACHE_RANK;
    return sv->cache_rank;
}
/* NEWTON_SOFT in generalized velocities: nv < n with G given too, or M and J alone */
CT__PRIVATE int ct__nw_general(const ct_problem *p, int n) {
    return p->soft && p->soft->nv > 0 && (p->soft->nv < n || ct__general(p));
}
CT__PRIVATE ct_result ct__nw_prepare(ct__run *r) {
    ct__nw_mem m;
    ct__arena a = r->mem;
    ct__nw_layout(&a, &r->dims, &m);
    if (!ct__nw_general(r->p, r->n) && r->n > 0) (void)ct__nw_factor_g(r, &m);
    return CT_OK;
}

CT__PRIVATE ct_status ct__newton(ct__run *r, ct_real *lambda, ct_real *v) {
    const ct_problem *p = r->p;
    const ct_newton_settings *ns = &r->s->newton;
    const ct_soft *sf = p->soft;
    const int n = r->n, c0 = p->nb + p->nu, nh = 9 * p->nc + c0;
    const int gen = ct__nw_general(p, n);
    ct__nw_mem mm;
    ct__arena ar = r->mem;
    ct_real *q, *dq, *qq, *qd, *vc, *gam, *dvc, *u, *gam2, *grad, *qt, *Am, *N, *B;
    ct_real *scratch, *hs, *hs2;
    const ct_real *A;
    ct__nwls ls;
    ct__jpat pt;
    ct_real cost = 0;
    int m, lda, i, j, k, a, bb, start0, reuse, nrev = 0, jt = 0;

    ct__nw_layout(&ar, &r->dims, &mm);
    pt.jp = pt.jc = NULL;
    pt.c0 = c0;
    q = mm.q; dq = mm.dq; qq = mm.qq; qd = mm.qd; vc = mm.vc; gam = mm.gam; dvc = mm.dvc; u = mm.u; gam2 = mm.gam2;
    grad = mm.grad; qt = mm.qt; Am = mm.Am; N = mm.N; B = mm.B; scratch = mm.scratch;
    hs = mm.hs;
    hs2 = hs + nh;
    if (!gen) { /* Q = I */
        qq = q;
        qd = dq;
    } else if (!qq) { /* G with nv < n: A is J, so the n x n array of G's factor is free */
        qq = Am;
        qd = Am + sf->nv;
    }
    /* the start q from lambda and v_c = A q + g (a cold start: q = 0, v_c = g, no product);
       a zero start is scored here from the law's values at v_c = g = v (ct__solver_run left
       it, r->start_unscored), before any factorization */
    start0 = ct__all_zero(lambda, n);
    if (start0) {
        CONTACT_MEMCPY(vc, p->g, (size_t)n * sizeof(ct_real));
        cost = ct__soft_eval(p, vc, gam, hs);
        if (r->start_unscored && ct__score_gam(r, lambda, v, gam)) return CT_STATUS_CONVERGED;
    }
    if (gen) {
        m = sf->nv;
        lda = m;
        A = sf->J;
        pt = r->op.pat; /* M and J alone: built with M's factor; G given too: dense */
        /* q = M^-1 J^T lambda with M's factor: the run's (M and J alone), else in N */
        if (!start0 && !r->op.Lm) {
            CONTACT_MEMCPY(N, sf->M, (size_t)m * (size_t)m * sizeof(ct_real));
            r->factorizations++;
            if (ct__chol_factor(N, m, m, scratch) >= 0) return CT_STATUS_NUMERICAL_FAILURE;
        }
        if (!start0) {
            ct__jpat_tmul(&pt, A, n, m, lda, lambda, q);
            ct__chol_solve_ord(r->op.Lm ? r->op.Lm : N, m, m, r->op.Lm ? r->op.lm_rev : 0, q);
        }
    } else {
        m = ct__nw_factor_g(r, &mm); /* rank r of G */
        lda = n;
        A = Am;
        if (!start0) ct__atmul(A, n, m, lda, lambda, q); /* x = L^T lambda */
    }
    ls.p = p;
    ls.n = n;
    ls.vc = vc;
    ls.dvc = dvc;
    ls.gam0 = gam;
    ls.u = u;
    ls.gam2 = gam2;
    ls.hs2 = hs2;

    /* Q q is kept in qq and updated with the step, qq + alpha Q dq: one product by M per
       iteration, Q dq (contact space: Q = I, the same bits as q itself) */
    if (start0) {
        CONTACT_MEMSET(q, 0, (size_t)m * sizeof(ct_real));
        if (qq != q) CONTACT_MEMSET(qq, 0, (size_t)m * sizeof(ct_real));
    } else {
        ct__jpat_mul(&pt, A, n, m, lda, q, vc);
        for (i = 0; i < n; ++i) vc[i] += p->g[i];
        if (gen) ct__gemv(sf->M, m, m, q, qq);
        cost = ct__soft_eval(p, vc, gam, hs) + ct__nwq_half(q, qq, m);
    }

    for (k = 0; k < r->s->max_iter; ++k) {
        ct_real d0, alpha, cost_new;
        if (ct__poll(r, -1)) { /* interrupted: lambda is the last iterate's impulse */
            CONTACT_MEMCPY(lambda, gam, (size_t)n * sizeof(ct_real));
            return CT_STATUS_MAX_ITERATIONS;
        }
        /* the gradient Q q - A^T gamma into grad (A^T gamma in dq: the check may have left it) */
        if (!jt) ct__jpat_tmul(&pt, A, n, m, lda, gam, dq);
        jt = 0;
        for (j = 0; j < m; ++j) grad[j] = qq[j] - dq[j];
        /* N = Q + A^T H A and its factor: from the last iteration's by rank-1 changes where H
           changed on diagonal blocks only (ct__nw_update; nothing when H is unchanged), else
           assembled and factored; B, free until the next assembly, then holds their H */
        if (!(k > 0 && ct__nw_update(p, N, m, nrev, A, lda, hs, B, scratch))) {
            /* N = Q + A^T H A (lower triangle) with B = H A (n x m), on J's pattern when it has one */
            if (gen) { /* M whole in one copy (the strict upper triangle is not read) */
                CONTACT_MEMCPY(N, sf->M, (size_t)m * (size_t)m * sizeof(ct_real));
            } else {
                for (a = 0; a < m; ++a) {
                    CONTACT_MEMSET(N + (size_t)a * m, 0, (size_t)a * sizeof(ct_real));
                    N[(size_t)a * m + a] = 1;
                }
            }
            if (pt.jp) {
                for (i = 0; i < n; i += i < c0 ? 1 : 3) {
                    const int g = ct__grp(c0, i), sz = i < c0 ? 1 : 3, t0 = pt.jp[g], t1 = pt.jp[g + 1];
                    const ct_real *Hb = i < c0 ? hs + i : hs + c0 + 9 * (g - c0);
                    const ct_real *a0 = A + (size_t)i * lda, *a1 = sz == 3 ? a0 + lda : a0;
                    const ct_real *a2 = sz == 3 ? a1 + lda : a0;
                    ct_real *b0 = B, *b1 = sz == 3 ? b0 + m : b0, *b2 = sz == 3 ? b1 + m : b0;
                    int ta, tb, ca;
                    /* the group's rows of H A on its runs, in B's first rows (one group at a time: they
                       stay in cache): B(a, :) = sum_b H(a, b) A(i + b, :) */
                    for (ta = t0; ta < t1; ++ta) {
                        const int e = pt.jc[2 * ta] + pt.jc[2 * ta + 1];
                        if (sz == 1)
                            for (ca = pt.jc[2 * ta]; ca < e; ++ca) b0[ca] = Hb[0] * a0[ca];
                        else
                            for (ca = pt.jc[2 * ta]; ca < e; ++ca) {
                                const ct_real x0 = a0[ca], x1 = a1[ca], x2 = a2[ca];
                                b0[ca] = (Hb[0] * x0 + Hb[1] * x1) + Hb[2] * x2;
                                b1[ca] = (Hb[3] * x0 + Hb[4] * x1) + Hb[5] * x2;
                                b2[ca] = (Hb[6] * x0 + Hb[7] * x1) + Hb[8] * x2;
                            }
                    }
                    /* N(ca, cb) += sum_a A(i + a, ca) B(i + a, cb) for the pattern's cb <= ca: the
                       group's rows in one pass over its block of N */
                    for (ta = t0; ta < t1; ++ta)
                        for (ca = pt.jc[2 * ta]; ca < pt.jc[2 * ta] + pt.jc[2 * ta + 1]; ++ca) {
                            ct_real *na = N + (size_t)ca * m;
                            for (tb = t0; tb <= ta; ++tb) {
                                const int cb = pt.jc[2 * tb], e = tb < ta ? cb + pt.jc[2 * tb + 1] : ca + 1;
                                if (sz == 1) ct__axpy_add(na + cb, b0 + cb, a0[ca], e - cb);
                                else ct__axpy3_add(na + cb, b0 + cb, b1 + cb, b2 + cb, a0[ca], a1[ca], a2[ca], e - cb);
                            }
                        }
                }
            } else {
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
                for (i = 0; i < n; ++i) {
                    const ct_real *ai = A + (size_t)i * lda, *bi = B + (size_t)i * m;
                    for (a = 0; a < m; ++a) {
                        ct_real *na = N + (size_t)a * m, aa = ai[a];
                        if (aa == 0) continue;
                        ct__axpy_add(na, bi, aa, a + 1);
                    }
                }
            }
            r->factorizations++;
            /* a tree in generalized velocities: reversed (M's order: N has M's pattern and the
               contacts', which couple a body with its ancestors) */
            nrev = gen && r->op.Lm ? r->op.lm_rev : ct__chol_rev_pays(N, m, m);
            if (nrev) ct__chol_reverse(N, m, m);
            if (ct__chol_factor(N, m, m, scratch) >= 0) {
                CONTACT_MEMCPY(lambda, gam, (size_t)n * sizeof(ct_real));
                return CT_STATUS_NUMERICAL_FAILURE;
            }
        }
        CONTACT_MEMCPY(B, hs, (size_t)nh * sizeof(ct_real));
        r->iterations = r->newton_iterations = k + 1;
        for (j = 0; j < m; ++j) dq[j] = -grad[j];
        ct__chol_solve_ord(N, m, m, nrev, dq); /* dq = -N^-1 gradient */
        ct__jpat_mul(&pt, A, n, m, lda, dq, dvc);
        d0 = ct__dot(dq, grad, m);
        ls.d0 = d0;
        if (gen) ct__gemv(sf->M, m, m, dq, qd); /* qd = Q dq */
        ls.s1 = ct__dot(dq, qd, m);             /* dq^T Q dq */
        if (!(d0 < 0)) { /* no descent direction left: the gradient is at rounding level (a
                            fixed budget, CT_STOP_NONE, ends here too: no step would move) */
            CONTACT_MEMCPY(lambda, gam, (size_t)n * sizeof(ct_real));
            if (r->s->stop == CT_STOP_NONE) return CT_STATUS_MAX_ITERATIONS;
            return ct__check(r, k, lambda, v, 0, 0, -1, -1) ? CT_STATUS_CONVERGED : CT_STATUS_STALLED;
        }
        /* exact line search on phi'(alpha) = 0 in [0, alpha_max], from the Newton step 1 (the
           root itself on a quadratic piece: one evaluation); alpha_max when phi' < 0 at 1 and
           <= 0 at alpha_max */
        reuse = 0; /* 1: the trial (u, gam2, hs2, cost2) is at the step alpha */
        {
            ct_real dd, lo = 0, hi = ns->alpha_max, f;
            int it, skip = 0;
            alpha = 1; /* alpha_max >= 1 */
            f = ct__nwls_eval(&ls, alpha, &dd);
            if (f == 0 || (dd > 0 && CONTACT_FABS(f) <= 16 * CT_EPS * dd)) {
                reuse = skip = 1; /* the Newton step on phi' would move 1 at rounding level (a
                                     quadratic piece, where phi' is linear): 1 is kept, one
                                     evaluation */
            } else if (f < 0 && alpha < ns->alpha_max &&
                       (++r->line_search_steps, ct__nwls_eval(&ls, ns->alpha_max, NULL) <= 0)) {
                alpha = ns->alpha_max;
                reuse = skip = 1;
            }
            for (it = 0; !skip && it < ns->ls_iters && !ct__poll(r, -1); ++it) {
                ct_real next;
                if (it > 0) {
                    f = ct__nwls_eval(&ls, alpha, &dd);
                    ++r->line_search_steps;
                }
                if (f == 0) { /* the root itself; the bracket would exclude it below (at it 0 the
                                 trial is still alpha's: alpha_max is evaluated only for f < 0) */
                    reuse = 1;
                    break;
                }
                if (f < 0) lo = alpha;
                else hi = alpha;
                next = dd > 0 ? alpha - f / dd : lo;
                if (!(next > lo && next < hi)) next = (ct_real)0.5 * (lo + hi);
                if (CONTACT_FABS(next - alpha) <= ns->ls_tol * ns->alpha_max) {
                    if (it > 0) reuse = 1; /* alpha, evaluated, is kept (within the tolerance) */
                    else alpha = next;     /* (the trial may be alpha_max's) */
                    break;
                }
                alpha = next;
            }
        }
        /* the step, with backtracking should the cost not decrease (rounding); grad (no longer
           needed) takes the trial's Q q */
        for (j = 0; j < 40; ++j) {
            int t;
            for (t = 0; t < m; ++t) {
                qt[t] = q[t] + alpha * dq[t];
                grad[t] = qq[t] + alpha * qd[t];
            }
            if (j == 0 && reuse) {
                cost_new = ls.cost2 + ct__nwq_half(qt, grad, m);
            } else {
                for (i = 0; i < n; ++i) u[i] = vc[i] + alpha * dvc[i];
                cost_new = ct__soft_eval(p, u, gam2, hs2) + ct__nwq_half(qt, grad, m);
                ++r->line_search_steps;
            }
            if (cost_new <= cost + (ct_real)1e-4 * alpha * d0 ||
                cost_new <= cost + 1000 * CT_EPS * ct__max((ct_real)1, CONTACT_FABS(cost)))
                break;
            alpha *= (ct_real)0.5;
        }
        CONTACT_MEMCPY(q, qt, (size_t)m * sizeof(ct_real));
        if (gen) CONTACT_MEMCPY(qq, grad, (size_t)m * sizeof(ct_real)); /* (else the same bits) */
        CONTACT_MEMCPY(vc, u, (size_t)n * sizeof(ct_real));
        CONTACT_MEMCPY(gam, gam2, (size_t)n * sizeof(ct_real));
        CONTACT_MEMCPY(hs, hs2, (size_t)nh * sizeof(ct_real));
        CONTACT_MEMCPY(lambda, gam, (size_t)n * sizeof(ct_real));
        if (!ct__all_finite(lambda, (size_t)n) || !ct__in_range(lambda, (size_t)n)) {
            CONTACT_MEMSET(lambda, 0, (size_t)n * sizeof(ct_real)); /* a finite, scorable point */
            return CT_STATUS_NUMERICAL_FAILURE;
        }
        if (r->op.form == CT__FORM_GENERAL && ct__check_due(r, k)) {
            /* M and J alone: J^T lambda serves the check's velocity and the next gradient */
            ct__jpat_tmul(&pt, A, n, m, lda, gam, dq);
            jt = 1;
            ct__gen_velocity_jt(&r->op, p->g, lambda, dq, v);
            if (ct__check(r, k, lambda, v, 2, 0, -1, -1)) return CT_STATUS_CONVERGED;
        } else if (ct__check(r, k, lambda, v, 0, 0, -1, -1)) {
            return CT_STATUS_CONVERGED;
        }
        /* stall: the cost no longer changes (Drake's test) and neither does the velocity (the
           cost can carry a large constant, so its change alone may hide real progress) */
        if (r->s->stop != CT_STOP_NONE &&
            CONTACT_FABS(cost - cost_new) <= ns->cost_tol * ct__max(CONTACT_FABS(cost), CONTACT_FABS(cost_new))) {
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

CT__PRIVATE ct_result ct__nw_check(const ct_settings *s, const char **field) {
    const ct_newton_settings *w = &s->newton;
    CT__CHECK(w->alpha_max >= 1 && ct__finite(w->alpha_max), "newton.alpha_max");
    CT__CHECK(w->ls_iters >= 1, "newton.ls_iters");
    CT__CHECK(w->ls_tol > 0 && ct__finite(w->ls_tol), "newton.ls_tol");
    CT__CHECK(w->cost_tol >= 0 && ct__finite(w->cost_tol), "newton.cost_tol");
    return CT_OK;
}
CT__PRIVATE ct_flavor ct__nw_flavor(const ct_settings *s) {
    (void)s;
    return CT_FLAVOR_SOFT;
}
static const ct__method ct__method_newton_soft = {CT_METHOD_NEWTON_SOFT, "NEWTON_SOFT", CT__FORMS_GENERAL, NULL,
    ct__nw_flavor, ct__nw_check, ct__nw_layout, ct__nw_prepare, ct__newton, CT__LAST_METHOD};
#undef CT__LAST_METHOD
#define CT__LAST_METHOD (&ct__method_newton_soft)
#endif /* CT__HAS_NEWTON_SOFT */

/* >>derivatives -------------------------------------------------------------------------- */
/* ct_jvp / ct_vjp (the math is in their declaration and docs/math.md). One linearization
   A dlambda = -S rhs (+ the mu terms), rhs = dg + dG lambda, shared by both products:
   jvp solves it, vjp solves the transposed system. */

#ifdef CT__HAS_DERIVATIVES
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
    int i, j, a;
    (void)s;
    (void)tmp; /* read by the soft models' linearization only */
    for (i = 0; i < n; ++i) {
        lmax = ct__max(lmax, CONTACT_FABS(lambda[i]));
        vmax = ct__max(vmax, CONTACT_FABS(v[i]));
        gmax = ct__max(gmax, CONTACT_FABS(p->g[i]));
    }
    z->tol_l = rtol * lmax;
    tol_v = rtol * ct__max(vmax, gmax);
#ifdef CT__HAS_SOFT
    if (z->soft) {
        /* C: factors of the Hessian blocks at v_c = v - R lambda */
        ct_real vc[3], gm[3], H[9], d3[3], cost, h;
        int fl[3], b;
        ct__op gop;
        ct__op_init(&gop, p);
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
            (void)ct__chol_pivoted(NULL, H, 3, z->C + c0 + 9 * i, d3, fl);
        }
        /* GC (n x n), then I + C^T G C into A and its Cholesky */
        for (j = 0; j < n; ++j) {
            for (i = 0; i < n; ++i) tmp[i] = 0;
            tmp[j] = 1;
            ct__lin_cmul(z, tmp, tmp + n, 0); /* column j of C */
            for (i = 0; i < n; ++i) {
                ct_real e = 0;
                if (j < c0) e = ct__op_g(&gop, i, j) * tmp[n + j];
                else {
                    int r0 = c0 + (j - c0) / 3 * 3;
                    for (a = 0; a < 3; ++a) e += ct__op_g(&gop, i, r0 + a) * tmp[n + r0 + a];
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
#endif
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
                (void)ct__lu_factor(z->A, n, n, z->piv, &small);
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

/* the arrays of the derivatives: the n x n system and G C, the Hessian factors C (or the
   mode data md), scratch (2 n, and the Cholesky's: CT__CHOL_SCRATCH(n)) and four vectors */
typedef struct ct__lin_mem {
    ct_real *A, *GC, *C, *tmp, *y, *z, *w, *t;
    int *piv;
} ct__lin_mem;
CT__PRIVATE void ct__lin_layout(ct__arena *a, const ct__dims *d, ct__lin_mem *m) {
    const size_t n = (size_t)d->n;
    m->A = ct__arena_real(a, n * n);
    m->GC = ct__arena_real(a, n * n);
    m->C = ct__arena_real(a, 9 * (size_t)d->nc + (size_t)d->c0); /* >= 5 nc (md) */
    m->tmp = ct__arena_real(a, CT__CHOL_SCRATCH(n)); /* >= 2 n; the Cholesky's scratch from n = 48 on */
    m->y = ct__arena_real(a, n);
    m->z = ct__arena_real(a, n);
    m->w = ct__arena_real(a, n);
    m->t = ct__arena_real(a, n);
    m->piv = ct__arena_int(a, n);
}

CT_API ct_result ct_derivatives_size(int nb, int nu, int nc, size_t *bytes) {
    ct__dims d;
    ct__arena a;
    ct__lin_mem m;
    if (!bytes) return CT_ERROR_INVALID_ARGUMENT;
    if (!ct__sizes_ok(nb, nu, nc)) return CT_ERROR_INVALID_SIZE;
    ct__dims_init(&d, nb, nu, nc, CT__FORM_DENSE, -1);
    a.base = NULL;
    a.at = 0;
    ct__lin_layout(&a, &d, &m);
    *bytes = a.at + CT__ALIGN - 1; /* room to align the caller's pointer */
    return CT_OK;
}

CT__PRIVATE ct_result ct__lin_setup(ct__lin *z, const ct_problem *p, const ct_settings *s,
                                    ct_workspace *ws, const ct_real *lambda, const ct_real *v,
                                    ct__lin_mem *L) {
    ct_result res;
    ct_flavor fl;
    ct__dims d;
    ct__arena a;
    int n;
    if (!p || !s || !ws || !lambda || !v) return CT_ERROR_INVALID_ARGUMENT;
    res = ct_settings_validate(s);
    if (res != CT_OK) return res;
    res = ct_problem_validate(p, s->sym_tol);
    if (res != CT_OK) return res;
    fl = ct_method_flavor(s);
    if (fl != CT_FLAVOR_NCP && fl != CT_FLAVOR_CCP && fl != CT_FLAVOR_SOFT) return CT_ERROR_INVALID_SETTINGS;
    if ((p->Gop || ct__general(p)) && p->nb + p->nu + p->nc > 0)
        return CT_ERROR_STORAGE_UNSUPPORTED; /* needs G's entries */
    if (fl == CT_FLAVOR_SOFT) {
#ifdef CT__HAS_SOFT
        res = ct__soft_validate(p);
        if (res != CT_OK) return res;
#else
        return CT_ERROR_COMPILED_OUT;
#endif
    }
    n = p->nb + p->nu + 3 * p->nc;
    if (!ct__all_finite(lambda, (size_t)n) || !ct__all_finite(v, (size_t)n)) return CT_ERROR_NON_FINITE;
    if (!ct__in_range(lambda, (size_t)n)) return CT_ERROR_OUT_OF_RANGE;
    ct__dims_init(&d, p->nb, p->nu, p->nc, CT__FORM_DENSE, -1);
    a.base = NULL;
    a.at = 0;
    ct__lin_layout(&a, &d, L);
    if (a.at > ws->size || (a.at > 0 && !ws->base)) return CT_ERROR_WORKSPACE_TOO_SMALL;
    a.base = ws->base;
    a.at = 0;
    ct__lin_layout(&a, &d, L);
    z->p = p;
    z->n = n;
    z->soft = fl == CT_FLAVOR_SOFT;
    z->A = L->A;
    z->GC = L->GC;
    z->C = L->C;
    z->md = L->C;
    z->piv = L->piv;
    z->unique = 1;
    if (n == 0) return CT_OK;
    return ct__lin_build(z, s, lambda, v, L->tmp);
}

CT_API ct_result ct_jvp(const ct_problem *p, const ct_settings *s, ct_workspace *ws,
                        const ct_real *lambda, const ct_real *v, const ct_real *dg,
                        const ct_real *dG, const ct_real *dmu, const ct_real *dR,
                        ct_real *dlambda, ct_real *dv, int *lambda_unique) {
    ct__lin z;
    ct__lin_mem L;
    ct_real *rhs, *b, *t;
    ct_result res;
    int i, n;
    if (lambda_unique) *lambda_unique = 0;
    res = ct__lin_setup(&z, p, s, ws, lambda, v, &L);
    if (res != CT_OK) return res;
    n = z.n;
    if ((dmu || dR) && z.soft) return CT_ERROR_INVALID_VALUE; /* not provided for the soft models */
    if ((dg && !ct__all_finite(dg, (size_t)n)) || (dG && !ct__all_finite(dG, (size_t)n * n)) ||
        (dmu && !ct__all_finite(dmu, (size_t)p->nc)) || (dR && !ct__all_finite(dR, (size_t)n)))
        return CT_ERROR_NON_FINITE;
    if ((dg && !ct__in_range(dg, (size_t)n)) || (dG && !ct__in_range(dG, (size_t)n * n)) ||
        (dmu && !ct__in_range(dmu, (size_t)p->nc)) || (dR && !ct__in_range(dR, (size_t)n)))
        return CT_ERROR_OUT_OF_RANGE;
    rhs = L.y;
    b = L.z;
    t = L.w;
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
        ct__lu_solve(z.A, n, n, z.piv, b, 0);
        ct__op_init(&op, p);
        ct__op_mul(&op, b, t);
        for (i = 0; i < n; ++i) {
            if (dlambda) dlambda[i] = b[i];
            if (dv) dv[i] = t[i] + rhs[i];
        }
    }
    /* a linearization at rounding level (a subnormal G) or seeds near the range's end can
       overflow: reported, never an infinite derivative with CT_OK */
    if ((dlambda && !ct__all_finite(dlambda, (size_t)n)) || (dv && !ct__all_finite(dv, (size_t)n)))
        return CT_ERROR_OUT_OF_RANGE;
    if (lambda_unique) *lambda_unique = z.unique;
    return CT_OK;
}

CT_API ct_result ct_vjp(const ct_problem *p, const ct_settings *s, ct_workspace *ws,
                        const ct_real *lambda, const ct_real *v, const ct_real *lbar,
                        const ct_real *vbar, ct_real *gbar, ct_real *Gbar, ct_real *mubar,
                        ct_real *Rbar, int *lambda_unique) {
    ct__lin z;
    ct__lin_mem L;
    ct_real *w, *t, *u, *gb;
    ct_result res;
    int i, j, n;
    if (lambda_unique) *lambda_unique = 0;
    res = ct__lin_setup(&z, p, s, ws, lambda, v, &L);
    if (res != CT_OK) return res;
    n = z.n;
    if ((mubar || Rbar) && z.soft) return CT_ERROR_INVALID_VALUE;
    if ((lbar && !ct__all_finite(lbar, (size_t)n)) || (vbar && !ct__all_finite(vbar, (size_t)n)))
        return CT_ERROR_NON_FINITE;
    if ((lbar && !ct__in_range(lbar, (size_t)n)) || (vbar && !ct__in_range(vbar, (size_t)n)))
        return CT_ERROR_OUT_OF_RANGE;
    w = L.y;
    t = L.z;
    u = L.w;
    gb = L.t;
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
        ct__lu_solve(z.A, n, n, z.piv, w, 1);
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
    if (!ct__all_finite(gb, (size_t)n) || (mubar && !ct__all_finite(mubar, (size_t)p->nc)))
        return CT_ERROR_OUT_OF_RANGE; /* as ct_jvp */
    if (Gbar || Rbar) { /* gbar lambda^T (and its diagonal) must not overflow either */
        ct_real gm = 0, lm = 0;
        for (i = 0; i < n; ++i) {
            gm = ct__max(gm, CONTACT_FABS(gb[i]));
            lm = ct__max(lm, CONTACT_FABS(lambda[i]));
        }
        if (!ct__finite(gm * lm)) return CT_ERROR_OUT_OF_RANGE;
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
#endif /* CT__HAS_DERIVATIVES */

/* >>inverse ------------------------------------------------------------------------------ */
/* Inverse dynamics ([Carpentier24] Sec. IV, eq. 47-48, Alg. 2). Given the target constraint
   velocities c (p->g) and the compliance R, find lambda in K with sigma = R lambda + c and
   K contains lambda _|_ sigma + Gamma(sigma) in K*. G is absent, so rows and contacts are
   independent and every iteration is O(n): with D = R + eta I (diagonal, eta the proximal
   weight, [Carpentier24]'s rho),
     s       = Gamma(R lambda + c)                          (Alg. 2 line 2; CCP: s = 0)
     lambda <- P^D_K(-D^-1 (c + s - eta lambda))             (line 3)
   where P^D_K is the projection in the metric D: free on bilateral rows, max(0, .) on
   unilateral rows, and on a contact D^-1/2 P_K_mut(D^1/2 x) with mut = mu sqrt(D_T / D_N)
   (ct_project_cone_metric; it needs the two tangent entries of D equal). With R = 0 the
   iteration is lambda <- P_K(lambda - (c + s) / eta), a proximal point method. An infeasible
   target makes the steps of one block converge to a nonzero direction d in K with R d = 0 and
   (c + s)^T d < 0 (ct__unbounded's certificate, per block since the problem is separable);
   an iteration with such a block stops the solve with CT_STATUS_NUMERICAL_FAILURE. */
#ifdef CT__HAS_INVERSE
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
    info->error_index = -1;
    if (!p || !s) return CT_ERROR_INVALID_ARGUMENT;
    res = ct_settings_validate(s);
    if (res != CT_OK) return res;
    if (s->method != CT_METHOD_ADMM_NCP && s->method != CT_METHOD_ADMM_CCP) return CT_ERROR_INVALID_SETTINGS;
    info->method = s->method;
    info->flavor = s->method == CT_METHOD_ADMM_CCP ? CT_FLAVOR_CCP : CT_FLAVOR_NCP;
    desaxce = info->flavor == CT_FLAVOR_NCP;
    res = ct__validate(p, s->sym_tol, 0, NULL);
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
            if (!ct__rt_same(p->R, c0 + 3 * i)) return CT_ERROR_ANISOTROPIC_COMPLIANCE;
    res = ct__start(s, lambda, n, NULL);
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
        crit = ct__stop_value(s, &info->model);
        if (k > 0 && s->history && s->history->count < s->history->capacity) {
            ct_history_entry *e = &s->history->entries[s->history->count++];
            e->iteration = k;
            e->rho = eta;
            e->primal = e->dual = -1;
            e->criterion = crit;
        }
        if (ct__stop_met(s, &info->model)) {
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
#endif /* CT__HAS_INVERSE */

/* >>compliance --------------------------------------------------------------------------- */
/* Helpers that turn the parameters users already have into R and a reference velocity
   ([Tsounis25] Sec. V-D, [Castro23] Sec. V-A, [Castro22], and ContactBench, the reference
   implementation of [LeLidec24]). */
#ifdef CT__HAS_COMPLIANCE
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

/* the helpers' outputs: finite input can overflow (a time constant of 1e-300): CT_OK only for
   values within the input range of a solve */
CT__PRIVATE ct_result ct__compliance_out(const ct_real *R, const ct_real *vref, int rows) {
    if (!ct__in_range(R, (size_t)rows) || (vref && !ct__in_range(vref, (size_t)rows))) return CT_ERROR_OUT_OF_RANGE;
    return CT_OK;
}

/* ct_compliance_mujoco's body; diag NULL: G's diagonal */
CT__PRIVATE ct_result ct__compliance_mujoco(const ct_problem *p, int row0, int rows, const ct_real solref[2],
                                            const ct_real solimp[5], ct_real dt, const ct_real *pos,
                                            const ct_real *vel, int tangent_ref, const ct_real *diag, ct_real *R,
                                            ct_real *vref) {
    const ct_real minimp = (ct_real)1e-4, maximp = (ct_real)0.9999; /* MuJoCo's clamps */
    ct_real dmin, dmax, width, mid, power, b, kk;
    ct_result res;
    int j, n, c0;
    ct__op op;
    if (diag) { /* G is not read: the size checks of the helpers without it */
        if (!p || !R) return CT_ERROR_INVALID_ARGUMENT;
        if (!ct__sizes_ok(p->nb, p->nu, p->nc)) return CT_ERROR_INVALID_SIZE;
        if (row0 < 0 || rows < 0 || row0 > p->nb + p->nu + 3 * p->nc - rows) return CT_ERROR_INVALID_SIZE;
    } else {
        res = ct__compliance_args(p, row0, rows, p ? p->nb + p->nu + 3 * p->nc : 0, R);
        if (res != CT_OK) return res;
    }
    if (!solref || !solimp) return CT_ERROR_INVALID_ARGUMENT;
    n = p->nb + p->nu + 3 * p->nc;
    c0 = p->nb + p->nu;
    if (diag) {
        if (!ct__all_finite(diag, (size_t)n)) return CT_ERROR_NON_FINITE;
        for (j = row0; j < row0 + rows; ++j) {
            const int jn = j >= c0 ? j - (j - c0) % 3 + 2 : j;
            if (!(diag[jn] > 0) || diag[jn] > CT_HUGE) return CT_ERROR_INVALID_VALUE;
        }
    }
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
        return CT_ERROR_INVALID_VALUE;
    if (solref[0] > 0) { /* (timeconst, dampratio), timeconst >= 2 dt (MuJoCo's refsafe) */
        ct_real tc = ct__max(solref[0], 2 * dt), dr = solref[1];
        if (!(dr > 0)) return CT_ERROR_INVALID_VALUE;
        b = 2 / (dmax * tc);
        kk = 1 / (dmax * dmax * tc * tc * dr * dr);
    } else if (solref[0] < 0 && solref[1] <= 0) { /* (-stiffness, -damping) */
        b = -solref[1] / dmax;
        kk = -solref[0] / (dmax * dmax);
    } else {
        return CT_ERROR_INVALID_VALUE;
    }
    if (!diag) ct__op_init(&op, p);
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
        R[j] = (1 - d) / d * (diag ? diag[jn] : ct__op_g(&op, jn, jn));
        if (vref) {
            ct_real rj = is_contact && !normal ? 0 : r; /* the position term acts on the normal */
            vref[j] = dt * (b * (vel ? vel[j] : 0) + kk * d * rj);
            if (is_contact && !normal && !tangent_ref) vref[j] = 0;
        }
    }
    return ct__compliance_out(R + row0, vref ? vref + row0 : NULL, rows);
}
CT_API ct_result ct_compliance_mujoco(const ct_problem *p, int row0, int rows, const ct_real solref[2],
                                      const ct_real solimp[5], ct_real dt, const ct_real *pos, const ct_real *vel,
                                      int tangent_ref, ct_real *R, ct_real *vref) {
    return ct__compliance_mujoco(p, row0, rows, solref, solimp, dt, pos, vel, tangent_ref, NULL, R, vref);
}
CT_API ct_result ct_compliance_mujoco_approx(const ct_problem *p, int row0, int rows, const ct_real solref[2],
                                             const ct_real solimp[5], ct_real dt, const ct_real *pos,
                                             const ct_real *vel, int tangent_ref, const ct_real *diag, ct_real *R,
                                             ct_real *vref) {
    if (!diag) return CT_ERROR_INVALID_ARGUMENT;
    return ct__compliance_mujoco(p, row0, rows, solref, solimp, dt, pos, vel, tangent_ref, diag, R, vref);
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
        return CT_ERROR_INVALID_VALUE;
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
    c0 = p->nb + p->nu + 3 * c0;
    return ct__compliance_out(R + c0, vref ? vref + c0 : NULL, 3 * count);
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
    if (!(dt > 0) || !(k >= 0) || !(d >= 0) || !(k * dt + d > 0)) return CT_ERROR_INVALID_VALUE;
    for (i = c0; i < c0 + count; ++i) {
        const int r0 = p->nb + p->nu + 3 * i;
        R[r0] = R[r0 + 1] = 0;
        R[r0 + 2] = 1 / (dt * (k * dt + d));
        if (vref) {
            vref[r0] = vref[r0 + 1] = 0;
            vref[r0 + 2] = k * (phi0 ? phi0[i] : 0) / (k * dt + d);
        }
    }
    c0 = p->nb + p->nu + 3 * c0;
    return ct__compliance_out(R + c0, vref ? vref + c0 : NULL, 3 * count);
}
#endif /* CT__HAS_COMPLIANCE */

/* >>solver-nsn --------------------------------------------------------------------------- */
/* NEWTON_NCP and PROX_NCP: semismooth Newton on Alart-Curnier's function of the Coulomb NCP.
   Per contact, with weights rho_n, rho_t > 0 ([AlartCurnier91]; [Christensen98] Sec. 3):
       a   = lambda_n - rho_n v_n,            F_n = lambda_n - (a)_+
       r   = mu (a)_+,                        F_T = lambda_T - P_disk(r)(lambda_T - rho_t v_T)
   bilateral rows F = rho v, unilateral rows F = lambda - (lambda - rho v)_+. F(lambda) = 0 iff
   lambda solves the NCP of De Saxce's law (Coulomb's law with Signorini). Its generalized
   Jacobian is block diagonal in (v, lambda): dF = A dv + B dlambda, A and B closed form per
   contact (ct__nsn_contact: open, stick, slide, and the kinks ||x_T|| = 0 and mu = 0), so the
   Newton matrix is J = B + A (G + R), G's block pattern.
   Regularization: each step solves the problem with G + sigma D and the proximal centre c at
   the current point, (B + A (G + R + sigma D)) d = -F, sigma = min(sigma_c e, sigma_cap) with
   e the relative error and D = diag(1 / rho) each row's own scale: Levenberg-Marquardt-like
   in the metric of the rows (a single sigma scaled by the largest diagonal stops the rows of
   light bodies under mass ratios: their step no longer descends); it vanishes
   at the solution (local quadratic convergence is kept) and makes J nonsingular on a
   rank-deficient G (four box corners on a plane: rank 6 of 12), where plain semismooth Newton
   meets exactly singular matrices. Rows that are identity rows (open contacts, inactive
   limits: F_r = lambda_r, d_r = -F_r) are eliminated before the LU.
   Globalization: the nonmonotone line search of [Grippo86] on 1/2 ||F||^2 (the merit is not
   differentiable at the kinks, where monotone Armijo halves the step to nothing), accept the
   first t = 1, 1/2, ... with ||F(lambda + t d)||^2 <= (1 - 2 gamma t) max of the last M
   merits; when none is accepted, sigma is raised tenfold at the same point (a proximal step).
   PROX_NCP is the same code with the centre kept until the subproblem (G + sigma d I, g - sigma
   d c; d the mean of the rows' 1 / rho, one value for every row as Siconos' alpha I) is solved
   (its merit fell by prox_rtol): then the centre moves and sigma = prox_c e;
   a subproblem not solved in prox_inner steps moves the centre with sigma x10 (Siconos'
   fc3d_proximal rule). Newton converges fast from a point whose contact modes are right and
   can stall at a stationary point of ||F||^2 with wrong modes (no line search leaves it);
   PROX is slower and surer; HYBRID_NCP (next section) combines them with ADMM.
   rho: rho_n = 1 / W_nn and rho_t = 1 / lambda_max(W_TT) of the contact's block W = G_ii +
   R_ii (rows and F in the units of lambda, the rows of J O(1)); rows: 1 / W_ii. Measured
   against 1 / lambda_max(W_ii) and Siconos' rule: docs/methods.md. */
#ifdef CT__HAS_NSN
/* The arrays: the n x n Newton matrix (then its LU), fourteen vectors, the Jacobian blocks A and
   B (9 per row group), the kept rows, their positions, the pivots and two mode vectors */
typedef struct ct__nsn_mem {
    ct_real *M, *rho, *rs, *F, *d, *Wd, *lt, *vt, *Ft, *c, *rhs, *jrow, *vs, *best, *sh, *A, *B;
    int *idx, *pos, *piv, *modes, *prev;
    int sparse;       /* a block-sparse G: the sparse block LU below instead of M            */
    size_t lu_at;     /* where its arrays start (they come last)                             */
#ifdef CT__HAS_SPLU
    ct__splu lu;
#endif
} ct__nsn_mem;
CT__PRIVATE void ct__nsn_layout(ct__arena *a, const ct__dims *d, void *mem) {
    ct__nsn_mem tmp, *m = mem ? (ct__nsn_mem *)mem : &tmp;
    const size_t n = (size_t)d->n, ng = (size_t)d->ng;
    m->sparse = d->form == CT__FORM_SPARSE;
    m->M = m->sparse ? NULL : ct__arena_real(a, n * n);
    m->rho = ct__arena_real(a, n);
    m->rs = ct__arena_real(a, n);
    m->F = ct__arena_real(a, n);
    m->d = ct__arena_real(a, n);
    m->Wd = ct__arena_real(a, n);
    m->lt = ct__arena_real(a, n);
    m->vt = ct__arena_real(a, n);
    m->Ft = ct__arena_real(a, n);
    m->c = ct__arena_real(a, n);
    m->rhs = ct__arena_real(a, n);
    m->jrow = ct__arena_real(a, n);
    m->vs = ct__arena_real(a, n);
    m->best = ct__arena_real(a, n);
    m->sh = ct__arena_real(a, n);
    m->A = ct__arena_real(a, 9 * ng);
    m->B = ct__arena_real(a, 9 * ng);
    m->idx = ct__arena_int(a, n);
    m->pos = ct__arena_int(a, n);
    m->piv = ct__arena_int(a, n);
    m->modes = ct__arena_int(a, n);
    m->prev = ct__arena_int(a, n);
    m->lu_at = a->at;
#ifdef CT__HAS_SPLU
    if (m->sparse) ct__splu_layout(a, d, &m->lu);
#endif
}
#ifdef CT__HAS_SPLU
CT__PRIVATE ct_result ct__nsn_analyze_at(ct__run *r, ct__arena a, ct__dims *d) {
    ct__nsn_mem m;
    ct__nsn_layout(&a, d, &m);
    a.at = m.lu_at;
    return ct__splu_analyze(&m.lu, &r->op, a, r->sv->ws.size > a.at ? r->sv->ws.size - a.at : 0, d);
}
CT__PRIVATE ct_result ct__nsn_analyze(ct__run *r, ct__dims *d) {
    return ct__nsn_analyze_at(r, r->mem, d);
}
#else
#define ct__nsn_analyze NULL
#endif

/* One contact: F, A = dF/dv, B = dF/dlambda (3x3 row-major, NULL: not wanted) at (l, v).
     normal: a = l_n - rho_n v_n; a > 0: F_n = rho_n v_n, A_nn = rho_n; else F_n = l_n, B_nn = 1
             (the kink a = 0 takes the open side: an identity row).
     radius: r = mu a_+, dr/dl_n = mu [a > 0], dr/dv_n = -mu rho_n [a > 0].
     x = l_T - rho_t v_T, t = ||x||:
     stick (r > 0, t <= r): F_T = rho_t v_T, A_TT = rho_t I.
     slide (t > r, t > 0):  u = x / t, q = r / t, P = I - u u^T, F_T = l_T - r u,
                            B_TT = I - q P, A_TT = rho_t q P, B_Tn = -u dr/dl_n, A_Tn = -u dr/dv_n.
     r = 0 and t = 0 (open at its kink, or mu = 0 with x = 0): F_T = l_T, B_TT = I.
   Returns the mode: 0 open, 1 stick, 2 slide. */
CT__PRIVATE int ct__nsn_contact(ct_real mu, ct_real rn, ct_real rt, const ct_real l[3], const ct_real v[3],
                                ct_real F[3], ct_real *A, ct_real *B) {
    const ct_real a = l[2] - rn * v[2];
    const ct_real r = a > 0 ? mu * a : 0, drl = a > 0 ? mu : 0, drv = a > 0 ? -mu * rn : 0;
    const ct_real x0 = l[0] - rt * v[0], x1 = l[1] - rt * v[1], t = CONTACT_SQRT(x0 * x0 + x1 * x1);
    int i, mode;
    if (A) for (i = 0; i < 9; ++i) A[i] = 0;
    if (B) for (i = 0; i < 9; ++i) B[i] = 0;
    if (a > 0) {
        F[2] = rn * v[2];
        if (A) A[8] = rn;
    } else {
        F[2] = l[2];
        if (B) B[8] = 1;
    }
    if (r > 0 && t <= r) {
        F[0] = rt * v[0];
        F[1] = rt * v[1];
        if (A) { A[0] = rt; A[4] = rt; }
        mode = 1;
    } else if (t > 0) {
        const ct_real u0 = x0 / t, u1 = x1 / t, q = r / t;
        F[0] = l[0] - r * u0;
        F[1] = l[1] - r * u1;
        if (B) {
            B[0] = 1 - q * (1 - u0 * u0); B[1] = q * u0 * u1;
            B[3] = q * u0 * u1;           B[4] = 1 - q * (1 - u1 * u1);
            B[2] = -u0 * drl;             B[5] = -u1 * drl;
        }
        if (A) {
            A[0] = rt * q * (1 - u0 * u0); A[1] = -rt * q * u0 * u1;
            A[3] = -rt * q * u0 * u1;      A[4] = rt * q * (1 - u1 * u1);
            A[2] = -u0 * drv;              A[5] = -u1 * drv;
        }
        mode = r > 0 ? 2 : 0;
    } else {
        F[0] = l[0];
        F[1] = l[1];
        if (B) { B[0] = 1; B[4] = 1; }
        mode = 0;
    }
    return a > 0 ? mode : 0;
}

CT_API int ct_ac_function(ct_real mu, ct_real rho_n, ct_real rho_t, const ct_real l[3],
                          const ct_real v[3], ct_real F[3], ct_real *A, ct_real *B) {
    int mode;
    if (!l || !v || !F || !(mu >= 0) || !(rho_n > 0) || !(rho_t > 0) || !(mu <= CT_HUGE) ||
        !(rho_n <= CT_HUGE) || !(rho_t <= CT_HUGE) || !ct__in_range(l, 3) || !ct__in_range(v, 3))
        return -1; /* the input range of a problem (CT_HUGE), where F stays finite */
    mode = ct__nsn_contact(mu, rho_n, rho_t, l, v, F, A, B);
    return ct__all_finite(F, 3) ? mode : -1;
}

/* F at (lambda, v) on every row; ||F||^2 returned; A, B (9 per group; a row uses entry 0)
   and the contact modes when not NULL */
CT__PRIVATE ct_real ct__nsn_F(const ct_problem *p, const ct_real *rho, const ct_real *lambda,
                              const ct_real *v, ct_real *F, ct_real *A, ct_real *B, int *modes) {
    const int c0 = p->nb + p->nu;
    ct_real s = 0;
    int i;
    for (i = 0; i < c0; ++i) {
        const int active = i < p->nb || lambda[i] - rho[i] * v[i] > 0;
        F[i] = active ? rho[i] * v[i] : lambda[i];
        if (A) A[9 * i] = active ? rho[i] : 0;
        if (B) B[9 * i] = active ? 0 : 1;
        s += F[i] * F[i];
    }
    for (i = 0; i < p->nc; ++i) {
        const int r = c0 + 3 * i, gi = c0 + i;
        const int m = ct__nsn_contact(p->mu[i], rho[r + 2], rho[r], lambda + r, v + r, F + r,
                                      A ? A + 9 * gi : NULL, B ? B + 9 * gi : NULL);
        if (modes) modes[i] = m;
        s += F[r] * F[r] + F[r + 1] * F[r + 1] + F[r + 2] * F[r + 2];
    }
    return s;
}

/* rho per row from W = G + R (a contact's rows hold rho_t, rho_t, rho_n); *dmax = max diag W */
CT__PRIVATE void ct__nsn_rho(const ct__run *r, ct_real *rho, ct_real *dmax) {
    const ct_problem *p = r->p;
    const int c0 = p->nb + p->nu;
    ct_real floor, dm = 0;
    int i;
    for (i = 0; i < r->n; ++i) dm = ct__max(dm, ct__op_entry(&r->op, i, i));
    if (!(dm > 0)) dm = 1;
    floor = dm * (ct_real)1e-12;
    *dmax = dm;
    for (i = 0; i < c0; ++i) rho[i] = 1 / ct__max(ct__op_entry(&r->op, i, i), floor);
    for (i = 0; i < p->nc; ++i) {
        const int q = c0 + 3 * i;
        ct_real W[9], h, lt;
        ct__op_block3(&r->op, q, W);
        h = (W[0] - W[4]) / 2; /* lambda_max of the 2x2 tangential block */
        lt = (W[0] + W[4]) / 2 + CONTACT_SQRT(h * h + W[1] * W[1]);
        rho[q] = rho[q + 1] = 1 / ct__max(lt, floor);
        rho[q + 2] = 1 / ct__max(W[8], floor);
    }
}

/* row r is an identity row of J (F_r = lambda_r: open contact rows, inactive limits) */
CT__PRIVATE int ct__nsn_identity(const ct_problem *p, const ct_real *A, const ct_real *B, int r) {
    const int c0 = p->nb + p->nu;
    int gi, a, k;
    if (r < c0) return A[9 * r] == 0 && B[9 * r] == 1;
    gi = c0 + (r - c0) / 3;
    a = (r - c0) % 3;
    for (k = 0; k < 3; ++k)
        if (A[9 * gi + 3 * a + k] != 0 || B[9 * gi + 3 * a + k] != (ct_real)(k == a)) return 0;
    return 1;
}

/* Row a of a group's J on the dense G: out = sum_k A[a, k] (G + R + diag(sh))[g0 + k, :] +
   B[a, :] (at the group's columns), the group's sz rows of G read in one pass */
CT__PRIVATE void ct__nsn_jrow_dense(const ct__op *op, const ct_real *Aa, const ct_real *Ba, int g0, int sz,
                                    const ct_real *sh, ct_real *out) {
    const int n = op->n;
    const ct_real *g = op->G + (size_t)g0 * n;
    int j, k;
    if (sz == 1) {
        const ct_real c = Aa[0];
        for (j = 0; j < n; ++j) out[j] = c * g[j];
    } else { /* by 4 columns: straight-line code that -O2's vectorizer takes */
        const ct_real a0 = Aa[0], a1 = Aa[1], a2 = Aa[2], *g1 = g + n, *g2 = g1 + n;
        for (j = 0; j + 4 <= n; j += 4) {
            ct_real t[4];
            for (k = 0; k < 4; ++k) t[k] = (a0 * g[j + k] + a1 * g1[j + k]) + a2 * g2[j + k];
            for (k = 0; k < 4; ++k) out[j + k] = t[k];
        }
        for (; j < n; ++j) out[j] = (a0 * g[j] + a1 * g1[j]) + a2 * g2[j];
    }
    for (k = 0; k < sz; ++k) out[g0 + k] += Aa[k] * (ct__op_r(op, g0 + k) + sh[g0 + k]) + Ba[k];
}

/* The reduced Newton system: J_SS d_S = -F_S + J_SO F_O over the rows S that are not identity
   rows (d_O = -F_O). Row r of J: sum_k A[r, k] (G + R + diag(sh))[k, :] + B[r, :] over the
   rows k of r's group. M (m x m) gets J_SS, m->rhs the right-hand side on the rows of S.
   m->idx lists S from its start and the rows of O with F != 0 from its end. Returns m. */
CT__PRIVATE int ct__nsn_build(const ct__run *r, ct__nsn_mem *m) {
    const ct_problem *p = r->p;
    const int n = r->n, c0 = p->nb + p->nu;
    int row, i, j, k, ms = 0, no = 0;
    for (row = 0; row < n; ++row) {
        if (ct__nsn_identity(p, m->A, m->B, row)) {
            m->pos[row] = -1;
            if (m->F[row] != 0) m->idx[n - 1 - no++] = row; /* d_O = -F_O = 0 adds nothing */
        } else {
            m->pos[row] = ms;
            m->idx[ms++] = row;
        }
    }
    for (row = 0; row < n; ++row) m->rhs[row] = -m->F[row];
    for (i = 0; i < ms; ++i) {
        const int rw = m->idx[i];
        const int gi = rw < c0 ? rw : c0 + (rw - c0) / 3, g0 = rw < c0 ? rw : c0 + 3 * (gi - c0);
        const int sz = rw < c0 ? 1 : 3, a = rw - g0;
        const ct_real *Ag = m->A + 9 * gi, *Bg = m->B + 9 * gi;
        ct_real *Mi = m->M + (size_t)i * ms, acc = m->rhs[rw];
        ct_real *out = ms == n && r->op.G ? Mi : m->jrow; /* every row in S: J's row is M's */
        if (r->op.G) {
            ct__nsn_jrow_dense(&r->op, Ag + 3 * a, Bg + 3 * a, g0, sz, m->sh, out);
        } else {
            for (j = 0; j < n; ++j) out[j] = 0;
            for (k = 0; k < sz; ++k) {
                const ct_real cf = Ag[3 * a + k], bf = Bg[3 * a + k];
                if (cf != 0) ct__op_axpy_row(&r->op, g0 + k, cf, m->sh[g0 + k], out);
                out[g0 + k] += bf;
            }
        }
        if (out != Mi)
            for (j = 0; j < ms; ++j) Mi[j] = out[m->idx[j]];
        for (j = n - no; j < n; ++j) acc += out[m->idx[j]] * m->F[m->idx[j]]; /* -J_SO d_O = +J_SO F_O */
        m->rhs[rw] = acc;
    }
    return ms;
}

#ifdef CT__HAS_SPLU
/* J d = -F on the whole system by the sparse block LU; after static pivoting (a raised
   pivot), up to two steps of iterative refinement with J itself: r = -F - J d, J dd = r.
   J x = B x + A ((G + R) x + sh x) needs one product with G (m->Wd, m->vt as scratch). */
CT__PRIVATE void ct__nsn_sparse_step(ct__run *r, ct__nsn_mem *m) {
    const ct_problem *p = r->p;
    const int n = r->n, c0 = p->nb + p->nu;
    int i, it, a, b;
    ct__splu_factor(&m->lu, &r->op, m->A, m->B, m->sh);
    ++r->factorizations;
    for (i = 0; i < n; ++i) m->d[i] = -m->F[i];
    ct__splu_solve(&m->lu, m->d);
    ++r->linear_solves;
    for (it = 0; it < 2 && m->lu.perturbed > 0; ++it) {
        ct__op_mul(&r->op, m->d, m->Wd);
        for (i = 0; i < n; ++i) m->Wd[i] += m->sh[i] * m->d[i];
        for (i = 0; i < c0; ++i) m->vt[i] = -m->F[i] - (m->B[9 * i] * m->d[i] + m->A[9 * i] * m->Wd[i]);
        for (i = 0; i < p->nc; ++i) {
            const int q = c0 + 3 * i, g = c0 + i;
            for (a = 0; a < 3; ++a) {
                ct_real e = -m->F[q + a];
                for (b = 0; b < 3; ++b) e -= m->B[9 * g + 3 * a + b] * m->d[q + b] + m->A[9 * g + 3 * a + b] * m->Wd[q + b];
                m->vt[q + a] = e;
            }
        }
        ct__splu_solve(&m->lu, m->vt);
        ++r->linear_solves;
        for (i = 0; i < n; ++i) m->d[i] += m->vt[i];
    }
}
#endif

/* The relative error of (lambda, v), and the stopping test of the run's rule at that point
   (met: 1); r->last holds the scored residuals */
CT__PRIVATE ct_real ct__nsn_error(ct__run *r, const ct_real *lambda, const ct_real *v, int *met) {
    ct_residuals res;
    *met = ct__score(r, lambda, v);
    if (r->s->stop == CT_STOP_RELATIVE || r->s->stop == CT_STOP_BOTH || r->last_met) return r->last.relative;
    ct__run_criteria(r, lambda, v, CT_FLAVOR_NCP, &res, CT__WANT_NAT);
    return res.relative;
}

/* The shift sh of the rows' diagonal: Newton's regularization s diag(1 / rho), each row's own
   scale; PROX's proximal term s d I, one value for every row, d the mean of the rows' 1 / rho
   (Siconos' alpha I, in the problem's units). PROX's subproblem (G + R + sh) takes its own
   weights 1 / (1 / rho + sh) in F (its diagonal's scale: with the rho of G alone, the F of a
   subproblem with s = 1e3 is badly scaled and its line search fails) */
CT__PRIVATE void ct__nsn_shift(ct__nsn_mem *m, int n, ct_real sg, int prox, ct_real dmean) {
    int i;
    if (!prox) {
        for (i = 0; i < n; ++i) m->sh[i] = sg / m->rho[i];
        return;
    }
    for (i = 0; i < n; ++i) {
        m->sh[i] = sg * dmean;
        m->rs[i] = 1 / (1 / m->rho[i] + m->sh[i]);
    }
}

/* Newton (prox = 0) or PROX (prox = 1) from (lambda, v = its velocity) for at most max_steps
   steps, stall_iters as in ct_nsn_settings. lambda and v receive the point reached, or the best
   one (in relative error) when the tolerance is not met. *e_out (may be NULL): its error.
   Newton's regularization is relative per row: s diag(1 / rho) (each row's own diagonal
   scale), so that a row of a light body is damped as much as a row of a heavy one (one sigma
   for every row, scaled by max diag G, stops every row whose diagonal is 1e-3 of the largest:
   its step no longer descends; NEWTON_NCP solved 67 and 63 of 91 generated problems with a
   uniform one, 77 and 75 with this). PROX's proximal term is uniform, s d I with d the mean
   row scale: with the relative one, PROX on statically indeterminate stacks under mass ratios
   alternates between a s whose subproblem Newton does not solve and ten times that s, whose
   centres barely move; PROX_NCP solved 83 and 77 of the same problems with the relative term,
   87 and 83 with the uniform one (docs/methods.md). */
CT__PRIVATE ct_status ct__nsn_run(ct__run *r, ct__nsn_mem *m, int prox, int max_steps, int stall_iters,
                                  ct_real *lambda, ct_real *v, ct_real *e_out) {
    const ct_problem *p = r->p;
    const ct_nsn_settings *ns = &r->s->nsn;
    const int n = r->n, M_mem = ns->ls_memory;
    ct_real ref_hist[32], dmax, sg = 0, mem = 0, e, e_best, e_keep, f2 = -1, fc2 = 0;
    ct_status status = CT_STATUS_MAX_ITERATIONS;
    int i, steps = 0, nh = 0, inner = 0, stall = 0, first = 1, met, ms;
    const ct_real *rf = prox ? m->rs : m->rho; /* the weights of F */
    ct_real dmean = 0; /* PROX: the mean row scale of its proximal term */
    ct__nsn_rho(r, m->rho, &dmax);
    for (i = 0; i < n; ++i) dmean += 1 / m->rho[i];
    dmean = n > 0 ? dmean / (ct_real)n : 1;
    e = ct__nsn_error(r, lambda, v, &met);
    if (met) {
        if (e_out) *e_out = e;
        return CT_STATUS_CONVERGED;
    }
    e_best = e_keep = e;
    CONTACT_MEMCPY(m->best, lambda, (size_t)n * sizeof(ct_real));
    CONTACT_MEMCPY(m->c, lambda, (size_t)n * sizeof(ct_real));
    if (prox) sg = ns->prox_c * e;
    for (;;) {
        ct_real t = 1, ref;
        int ls, accepted = 0;
        if (stall >= stall_iters) {
            status = CT_STATUS_STALLED; /* the rounding floor, or a cycle */
            break;
        }
        if (steps >= max_steps) break;
        if (ct__poll(r, CONTACT_SQRT(f2 > 0 ? f2 : 0))) {
            status = CT_STATUS_INTERRUPTED;
            break;
        }
        if (!prox) { /* s follows the error; the centre is the current point */
            sg = ct__max(ct__min(ns->sigma_c * e, ns->sigma_cap), mem);
            CONTACT_MEMCPY(m->c, lambda, (size_t)n * sizeof(ct_real));
        }
        ct__nsn_shift(m, n, sg, prox, dmean);
        /* F and its Jacobian at the subproblem's velocity v + sh (lambda - c) */
        for (i = 0; i < n; ++i) m->vs[i] = v[i] + m->sh[i] * (lambda[i] - m->c[i]);
        f2 = ct__nsn_F(p, rf, lambda, m->vs, m->F, m->A, m->B, m->modes);
        if (prox) {
            /* the subproblem at c is solved when its merit fell by prox_rtol: the centre moves,
               s = prox_c e; not solved in prox_inner steps: the centre moves, s x10 */
            const ct_real rel = first ? 1 : CONTACT_SQRT(f2 / (fc2 > 0 ? fc2 : 1));
            if (!first && (rel <= ns->prox_rtol || inner >= ns->prox_inner)) {
                const int solved = rel <= ns->prox_rtol;
                CONTACT_MEMCPY(m->c, lambda, (size_t)n * sizeof(ct_real));
                sg = solved ? ct__min(ns->prox_c * e, sg / 10) : ct__min(10 * sg, (ct_real)1e8);
                ct__nsn_shift(m, n, sg, prox, dmean);
                f2 = ct__nsn_F(p, rf, lambda, v, m->F, m->A, m->B, m->modes);
                inner = 0;
                nh = 0;
                if (e < e_best * (ct_real)0.9) { /* the stall rule counts centres */
                    e_best = e;
                    stall = 0;
                } else {
                    ++stall;
                }
            }
            if (inner == 0) fc2 = f2;
            first = 0;
        }
        /* the reference of the nonmonotone line search: the largest of the last M merits */
        if (nh < M_mem) ref_hist[nh++] = f2;
        else {
            for (i = 1; i < M_mem; ++i) ref_hist[i - 1] = ref_hist[i];
            ref_hist[M_mem - 1] = f2;
        }
        ref = f2;
        for (i = 0; i < nh; ++i) ref = ct__max(ref, ref_hist[i]);
        /* the Newton step: the reduced system by LU (dense), or the whole one by the sparse LU */
#ifdef CT__HAS_SPLU
        if (m->sparse) {
            ct__nsn_sparse_step(r, m);
        } else
#endif
        {
            ms = ct__nsn_build(r, m);
            for (i = 0; i < ms; ++i) m->jrow[i] = m->rhs[m->idx[i]];
            if (ms > 0) {
                (void)ct__lu_factor(m->M, ms, ms, m->piv, NULL);
                ct__lu_solve(m->M, ms, ms, m->piv, m->jrow, 0);
                ++r->factorizations;
                ++r->linear_solves;
            }
            for (i = 0; i < n; ++i) m->d[i] = m->pos[i] < 0 ? -m->F[i] : m->jrow[m->pos[i]];
        }
        if (!ct__all_finite(m->d, (size_t)n))
            for (i = 0; i < n; ++i) m->d[i] = -m->F[i]; /* a singular system: fall back to -F */
        ++steps;
        ++inner;
        ++r->newton_iterations;
        ct__op_mul(&r->op, m->d, m->Wd);
        for (ls = 0; ls <= ns->ls_max; ++ls) { /* on the merit of the problem being solved */
            ct_real ft2;
            for (i = 0; i < n; ++i) {
                m->lt[i] = lambda[i] + t * m->d[i];
                m->vt[i] = v[i] + t * m->Wd[i] + (prox ? m->sh[i] * (m->lt[i] - m->c[i]) : 0);
            }
            ft2 = ct__nsn_F(p, rf, m->lt, m->vt, m->Ft, NULL, NULL, NULL);
            if (ls > 0) ++r->line_search_steps;
            if (ls > 0 && ct__poll(r, CONTACT_SQRT(ft2 > 0 ? ft2 : 0))) break; /* not accepted */
            if (ft2 <= (1 - 2 * ns->ls_gamma * t) * ref && ct__finite(ft2)) {
                accepted = 1;
                break;
            }
            t *= (ct_real)0.5;
        }
        if (!accepted) { /* the proximal fallback: s x10 at the same point */
            mem = ct__max(10 * mem, (ct_real)1e-6);
            if (!prox && mem > (ct_real)1e6) {
                status = CT_STATUS_STALLED;
                break;
            }
            if (prox) { /* restart the subproblem at this point with s x10 */
                CONTACT_MEMCPY(m->c, lambda, (size_t)n * sizeof(ct_real));
                sg = ct__min(10 * sg, (ct_real)1e8);
                inner = 0;
                nh = 0;
                first = 1;
            }
            continue;
        }
        if (t == 1) mem = mem / 10 < (ct_real)1e-12 ? 0 : mem / 10;
        CONTACT_MEMCPY(lambda, m->lt, (size_t)n * sizeof(ct_real));
        ct__run_velocity(r, lambda, v); /* exact: no drift of v + t W d */
        if (!ct__all_finite(lambda, (size_t)n) || !ct__in_range(lambda, (size_t)n)) {
            status = CT_STATUS_NUMERICAL_FAILURE;
            break;
        }
        e = ct__nsn_error(r, lambda, v, &met);
        ++r->iterations;
        ct__record(r, 0, -1, -1, ct__measure(r));
        if (met) {
            status = CT_STATUS_CONVERGED;
            break;
        }
        if (e < e_keep) { /* the best point is what a failed run returns */
            e_keep = e;
            CONTACT_MEMCPY(m->best, lambda, (size_t)n * sizeof(ct_real));
        }
        if (!prox) {
            if (e < e_best * (ct_real)0.5) {
                e_best = e;
                stall = 0;
            } else {
                ++stall;
            }
        }
    }
    if (status != CT_STATUS_CONVERGED && !(e <= e_keep)) { /* the best iterate */
        CONTACT_MEMCPY(lambda, m->best, (size_t)n * sizeof(ct_real));
        ct__run_velocity(r, lambda, v);
        e = e_keep;
        r->last_met = 0;
    }
    (void)dmax;
    if (e_out) *e_out = e;
    return status;
}

CT__PRIVATE ct_result ct__nsn_check(const ct_settings *s, const char **field) {
    const ct_nsn_settings *w = &s->nsn;
    CT__CHECK(w->sigma_c >= 0 && ct__finite(w->sigma_c), "nsn.sigma_c");
    CT__CHECK(w->sigma_cap > 0 && ct__finite(w->sigma_cap), "nsn.sigma_cap");
    CT__CHECK(w->ls_memory >= 1 && w->ls_memory <= 32, "nsn.ls_memory");
    CT__CHECK(w->ls_gamma > 0 && w->ls_gamma < (ct_real)0.5, "nsn.ls_gamma");
    CT__CHECK(w->ls_max >= 1, "nsn.ls_max");
    CT__CHECK(w->stall_iters >= 1, "nsn.stall_iters");
    CT__CHECK(w->prox_c > 0 && ct__finite(w->prox_c), "nsn.prox_c");
    CT__CHECK(w->prox_rtol > 0 && w->prox_rtol < 1, "nsn.prox_rtol");
    CT__CHECK(w->prox_inner >= 1, "nsn.prox_inner");
    return CT_OK;
}
CT__PRIVATE ct_flavor ct__nsn_flavor(const ct_settings *s) {
    (void)s;
    return CT_FLAVOR_NCP;
}
CT__PRIVATE ct_status ct__nsn_solve(ct__run *r, ct_real *lambda, ct_real *v) {
    ct__nsn_mem m;
    ct__arena a = r->mem;
    ct_status st;
    ct__nsn_layout(&a, &r->dims, &m);
    st = ct__nsn_run(r, &m, r->s->method == CT_METHOD_PROX_NCP, r->s->max_iter, r->s->nsn.stall_iters,
                     lambda, v, NULL);
    return st;
}
#ifdef CT__HAS_NEWTON_NCP
static const ct__method ct__method_newton_ncp = {CT_METHOD_NEWTON_NCP, "NEWTON_NCP", CT__FORMS_ROWS, ct__nsn_analyze,
    ct__nsn_flavor, ct__nsn_check, ct__nsn_layout, NULL, ct__nsn_solve, CT__LAST_METHOD};
#undef CT__LAST_METHOD
#define CT__LAST_METHOD (&ct__method_newton_ncp)
#endif
#ifdef CT__HAS_PROX_NCP
static const ct__method ct__method_prox_ncp = {CT_METHOD_PROX_NCP, "PROX_NCP", CT__FORMS_ROWS, ct__nsn_analyze,
    ct__nsn_flavor, ct__nsn_check, ct__nsn_layout, NULL, ct__nsn_solve, CT__LAST_METHOD};
#undef CT__LAST_METHOD
#define CT__LAST_METHOD (&ct__method_prox_ncp)
#endif
#endif /* CT__HAS_NSN */

/* >>solver-ipm --------------------------------------------------------------------------- */
/* The interior-point phase of HYBRID_NCP: a primal-dual path-following method on the convex
   problem with the De Saxce term frozen at the current velocity, the term moved every
   iteration ([Acary11]'s fixed point s = mu ||v_T|| folded into one interior-point run).
   Per contact, in the coordinates x = (mu lambda_n, lambda_T) and y = (w_n / mu, w_T) of the
   second-order cone L = {x_0 >= ||x_1||} (x in L iff lambda in K_mu, y in L iff w in K_mu*,
   x^T y = lambda^T w), w = v + (0, 0, mu ||v_T||) with v = (G + R) lambda + g; a unilateral row
   and the normal of a contact with mu = 0 are the cone R+ (that contact's lambda_T stays 0);
   a bilateral row is free with w = v = 0. Find x in L, y in L with
       r = w(x) - y = 0,      x o y = 0      (o: the Jordan product, (x^T y, x_0 y_1 + y_0 x_1))
   by Newton steps on r = 0 and x o y = sigma gap e, in the Nesterov-Todd scaling W of each
   cone ([NesterovTodd97]; W x = W^-1 y = l, the scaled point; [Vandenberghe10] for the
   formulas of the scaling and of the step to a cone's boundary):
       W dx + W^-1 dy = l \ (sigma gap e - l o l - corr),   dy = (G + R) dx + r (cone rows),
   which eliminates to one symmetric positive definite system in lambda's rows,
       (G + R + H) dlambda = T^T (-r + W d),      H = T^T W^2 T  (3x3 per contact),
   T the map lambda -> x. Mehrotra's predictor-corrector: an affine step (sigma = 0), sigma =
   (gap_affine / gap)^3 ([Mehrotra92]), the corrector with corr = (W dx_a) o (W^-1 dy_a), and a
   step of 0.99 of the largest that keeps x and y inside their cones. Moving the De Saxce term
   changes r: sigma gap is kept at least gap_0 ||r|| / ||r_0|| (the infeasible method's
   neighbourhood), so the iterates stay away from the cones' boundaries while r can still be
   reduced (without it the gap reached 1e-12 with r stuck at 1e-6). The start is x = (a/d) e,
   y = a e (a = max |g|, d = max diag(G + R): the data's scale, not the caller's lambda: an
   interior point cannot be warm-started); a shift 0.01 sqrt(eps) d I keeps the system definite
   where G is singular on free rows. The phase ends on the tolerance, after hybrid.ipm_max
   iterations, when the error has not halved in 30, or at a cone's boundary to rounding, with
   the best point it met. Why it is there: on degenerate problems (statically indeterminate
   stacks under mass ratios) semismooth Newton's basin is tiny and ADMM converges sublinearly,
   while the interior-point iterates follow the central path towards the centre of the
   solution set, where the Newton phase that follows finishes. Its cost: one Cholesky of
   G + R + H and two solves per iteration. */
#ifdef CT__HAS_IPM
typedef struct ct__ipm_mem {
    ct_real *x, *y, *dx, *dy, *ax, *ay, *rw, *ls, *best, *W, *H, *th;
} ct__ipm_mem;
CT__PRIVATE void ct__ipm_layout(ct__arena *a, const ct__dims *d, void *mem) {
    ct__ipm_mem tmp, *m = mem ? (ct__ipm_mem *)mem : &tmp;
    const size_t n = (size_t)d->n, ng = (size_t)d->ng;
    m->x = ct__arena_real(a, n);
    m->y = ct__arena_real(a, n);
    m->dx = ct__arena_real(a, n);
    m->dy = ct__arena_real(a, n);
    m->ax = ct__arena_real(a, n);
    m->ay = ct__arena_real(a, n);
    m->rw = ct__arena_real(a, n);
    m->ls = ct__arena_real(a, n);
    m->best = ct__arena_real(a, n);
    m->W = ct__arena_real(a, 9 * ng);
    m->H = ct__arena_real(a, 9 * ng);
    m->th = ct__arena_real(a, ng);
}

/* the cone of row group g: 0 free (bilateral row), 1 R+ (unilateral row, contact with mu = 0,
   at the group's first x entry), 3 the second-order cone (contact with mu > 0) */
CT__PRIVATE int ct__ipm_kind(const ct_problem *p, int g) {
    return g < p->nb ? 0 : g < p->nb + p->nu ? 1 : p->mu[g - p->nb - p->nu] > 0 ? 3 : 1;
}
/* x0^2 - ||x1||^2 of a cone point, as (x0 - t)(x0 + t) */
CT__PRIVATE ct_real ct__soc_det(const ct_real x[3]) {
    const ct_real x1[3] = {x[1], x[2], 0}, t = ct__norm_t(x1);
    return (x[0] - t) * (x[0] + t);
}
/* u = l \ c: the solution of l o u = c (l inside the cone) */
CT__PRIVATE void ct__soc_div(const ct_real l[3], const ct_real c[3], ct_real u[3]) {
    const ct_real u0 = (l[0] * c[0] - l[1] * c[1] - l[2] * c[2]) / ct__soc_det(l);
    u[0] = u0;
    u[1] = (c[1] - u0 * l[1]) / l[0];
    u[2] = (c[2] - u0 * l[2]) / l[0];
}
/* the largest step t with l + t d in the cone (l inside; CT_HUGE: unbounded), in the frame
   where l is the identity ([Vandenberghe10]'s step to the boundary) */
CT__PRIVATE ct_real ct__soc_step(const ct_real l[3], const ct_real d[3]) {
    const ct_real ln = CONTACT_SQRT(ct__soc_det(l)), b0 = l[0] / ln, b1 = l[1] / ln, b2 = l[2] / ln;
    const ct_real r0 = (b0 * d[0] - b1 * d[1] - b2 * d[2]) / ln, f = (r0 + d[0] / ln) / (b0 + 1);
    const ct_real q1 = d[1] / ln - f * b1, q2 = d[2] / ln - f * b2;
    const ct_real t = CONTACT_SQRT(q1 * q1 + q2 * q2) - r0;
    return t > 0 ? 1 / t : CT_HUGE;
}
/* The Nesterov-Todd scaling of x, y inside the cone: W (symmetric 3x3, th its scale, so that
   W^-1 = J W J / th^2 with J = diag(1, -1, -1)) and l = W x = W^-1 y. 0 when a point is on the
   boundary to rounding (the phase stops). */
CT__PRIVATE int ct__soc_nt(const ct_real x[3], const ct_real y[3], ct_real W[9], ct_real *th, ct_real l[3]) {
    const ct_real dx = ct__soc_det(x), dy = ct__soc_det(y);
    ct_real xn, yn, g, w0, w1, w2, c;
    if (!(dx > 0) || !(dy > 0)) return 0;
    xn = CONTACT_SQRT(dx);
    yn = CONTACT_SQRT(dy);
    g = CONTACT_SQRT((1 + (x[0] * y[0] + x[1] * y[1] + x[2] * y[2]) / (xn * yn)) / 2);
    w0 = (y[0] / yn + x[0] / xn) / (2 * g);
    w1 = (y[1] / yn - x[1] / xn) / (2 * g);
    w2 = (y[2] / yn - x[2] / xn) / (2 * g);
    *th = CONTACT_SQRT(yn / xn);
    c = 1 / (1 + w0);
    W[0] = *th * w0; W[1] = *th * w1; W[2] = *th * w2;
    W[3] = W[1]; W[4] = *th * (1 + c * w1 * w1); W[5] = *th * c * w1 * w2;
    W[6] = W[2]; W[7] = W[5]; W[8] = *th * (1 + c * w2 * w2);
    ct__m3_mul(W, x, l);
    return ct__finite(l[0] + l[1] + l[2] + *th) && l[0] > 0;
}
/* y = W^-1 x = J W J x / th^2 */
CT__PRIVATE void ct__soc_winv(const ct_real W[9], ct_real th, const ct_real x[3], ct_real y[3]) {
    const ct_real a[3] = {x[0], -x[1], -x[2]};
    ct__m3_mul(W, a, y);
    y[0] /= th * th;
    y[1] /= -th * th;
    y[2] /= -th * th;
}

/* lambda's rows of group g from its cone coordinates x (the inverse of T), and back */
CT__PRIVATE void ct__ipm_lambda(const ct_problem *p, const ct_real *x, ct_real *lambda, int n) {
    const int c0 = p->nb + p->nu;
    int i;
    CONTACT_MEMCPY(lambda, x, (size_t)c0 * sizeof(ct_real));
    for (i = 0; i < p->nc; ++i) {
        const int q = c0 + 3 * i;
        const ct_real mu = p->mu[i];
        if (mu > 0) {
            lambda[q] = x[q + 1];
            lambda[q + 1] = x[q + 2];
            lambda[q + 2] = x[q] / mu;
        } else {
            lambda[q] = lambda[q + 1] = 0;
            lambda[q + 2] = x[q];
        }
    }
    (void)n;
}

/* The Mehrotra direction (dx, dy) at the current point, the system factored: sg = sigma gap,
   corr = 1 adds the second-order term of the affine direction (m->ax, m->ay). dx, dy receive x
   and y's steps (cone coordinates). */
CT__PRIVATE void ct__ipm_dir(ct__run *r, ct__ipm_mem *m, ct__fac *f, ct_real sg, int corr, ct_real *dx,
                             ct_real *dy) {
    const ct_problem *p = r->p;
    const int ng = r->dims.ng, c0 = p->nb + p->nu;
    int g, k;
    for (g = 0; g < ng; ++g) { /* d = l \ (sg e - l o l - corr) into dy, T^T (-r + W d) into dx */
        const int q = ct__grp_row(c0, g), kind = ct__ipm_kind(p, g);
        const ct_real *W = m->W + 9 * (size_t)g, *l = m->ls + q;
        if (kind == 0) {
            dx[q] = -m->rw[q];
        } else if (kind == 1) {
            ct_real c = sg - l[0] * l[0], b;
            if (corr) c -= (W[0] * m->ax[q]) * (m->ay[q] / W[0]);
            dy[q] = c / l[0];
            b = -m->rw[q] + W[0] * dy[q];
            if (g < c0) {
                dx[q] = b;
            } else { /* a contact with mu = 0: its normal row; lambda_T stays 0 */
                dx[q] = dx[q + 1] = 0;
                dx[q + 2] = b;
            }
        } else {
            const ct_real mu = p->mu[g - c0];
            ct_real c[3], b[3], wd[3];
            c[0] = sg - (l[0] * l[0] + l[1] * l[1] + l[2] * l[2]);
            c[1] = -2 * l[0] * l[1];
            c[2] = -2 * l[0] * l[2];
            if (corr) {
                ct_real a[3], e[3];
                ct__m3_mul(W, m->ax + q, a);
                ct__soc_winv(W, m->th[g], m->ay + q, e);
                c[0] -= a[0] * e[0] + a[1] * e[1] + a[2] * e[2];
                c[1] -= a[0] * e[1] + e[0] * a[1];
                c[2] -= a[0] * e[2] + e[0] * a[2];
            }
            ct__soc_div(l, c, dy + q);
            ct__m3_mul(W, dy + q, wd);
            for (k = 0; k < 3; ++k) b[k] = -m->rw[q + k] + wd[k];
            dx[q] = b[1];
            dx[q + 1] = b[2];
            dx[q + 2] = mu * b[0];
        }
    }
    ct__fac_solve(f, &r->op, dx);
    ++r->linear_solves;
    for (g = 0; g < ng; ++g) { /* dx = T dlambda, dy = W (d - W dx) */
        const int q = ct__grp_row(c0, g), kind = ct__ipm_kind(p, g);
        const ct_real *W = m->W + 9 * (size_t)g;
        if (kind == 0) {
            dy[q] = 0;
        } else if (kind == 1) {
            if (g >= c0) { /* the normal row's step to the cone entry x_0 */
                dx[q] = dx[q + 2];
                dx[q + 1] = dx[q + 2] = 0;
                dy[q + 1] = dy[q + 2] = 0;
            }
            dy[q] = W[0] * (dy[q] - W[0] * dx[q]);
        } else {
            const ct_real t1 = dx[q], t2 = dx[q + 1];
            ct_real e[3], wx[3];
            dx[q] = p->mu[g - c0] * dx[q + 2];
            dx[q + 1] = t1;
            dx[q + 2] = t2;
            ct__m3_mul(W, dx + q, wx);
            for (k = 0; k < 3; ++k) e[k] = dy[q + k] - wx[k];
            ct__m3_mul(W, e, dy + q);
        }
    }
}

/* the largest step in (0, 1 / 0.99] that keeps x + t dx and y + t dy inside their cones */
CT__PRIVATE ct_real ct__ipm_step(const ct__run *r, const ct__ipm_mem *m, const ct_real *dx, const ct_real *dy) {
    const ct_problem *p = r->p;
    const int ng = r->dims.ng, c0 = p->nb + p->nu;
    ct_real t = 1 / (ct_real)0.99;
    int g;
    for (g = 0; g < ng; ++g) {
        const int q = ct__grp_row(c0, g), kind = ct__ipm_kind(p, g);
        if (kind == 1) {
            if (dx[q] < 0) t = ct__min(t, -m->x[q] / dx[q]);
            if (dy[q] < 0) t = ct__min(t, -m->y[q] / dy[q]);
        } else if (kind == 3) {
            const ct_real *W = m->W + 9 * (size_t)g;
            ct_real a[3], b[3];
            ct__m3_mul(W, dx + q, a);
            ct__soc_winv(W, m->th[g], dy + q, b);
            t = ct__min(t, ct__min(ct__soc_step(m->ls + q, a), ct__soc_step(m->ls + q, b)));
        }
    }
    return t;
}

/* (x + t dx)^T (y + t dy) over the cones */
CT__PRIVATE ct_real ct__ipm_gap(const ct__run *r, const ct__ipm_mem *m, const ct_real *dx, const ct_real *dy,
                                ct_real t) {
    ct_real s = 0;
    int i;
    for (i = r->p->nb; i < r->n; ++i) s += (m->x[i] + t * dx[i]) * (m->y[i] + t * dy[i]);
    return s;
}

/* At most max_it interior-point iterations from the interior start (the phase does not use
   lambda's value: an interior-point method cannot be warm-started); lambda and v receive the
   best point met (in relative error), *e_out its error. f: a factorization of the run's form
   (the caller's memory; its cache is the caller's to invalidate). */
CT__PRIVATE ct_status ct__ipm_run(ct__run *r, ct__ipm_mem *m, ct__fac *f, int max_it, ct_real *lambda,
                                  ct_real *v, ct_real *e_out) {
    const ct_problem *p = r->p;
    const int n = r->n, ng = r->dims.ng, c0 = p->nb + p->nu;
    const ct_real dmax = ct__run_amax(r) > 0 ? ct__run_amax(r) : 1, pin = (ct_real)1e8 * dmax;
    const ct_real delta = (ct_real)0.01 * CONTACT_SQRT(CT_EPS) * dmax; /* the proximal shift */
    ct_real a0 = 0, gap0 = 0, rn0 = 0, e, e_keep = -1, e_ref = -1;
    ct_status st = CT_STATUS_MAX_ITERATIONS;
    int it, g, i, deg = 0, met = 0, since = 0;
    for (i = 0; i < n; ++i) a0 = ct__max(a0, CONTACT_FABS(p->g[i]));
    if (!(a0 > 0)) a0 = 1;
    CONTACT_MEMSET(m->x, 0, (size_t)n * sizeof(ct_real));
    CONTACT_MEMSET(m->y, 0, (size_t)n * sizeof(ct_real));
    for (g = p->nb; g < ng; ++g) { /* x = a0 / dmax e, y = a0 e: inside, at the data's scale */
        const int q = ct__grp_row(c0, g);
        m->x[q] = a0 / dmax;
        m->y[q] = a0;
        ++deg;
    }
    for (it = 0;; ++it) {
        ct_real gap = 0, rn = 0, sg, t, ta, gap_a;
        ct__ipm_lambda(p, m->x, lambda, n);
        ct__run_velocity(r, lambda, v);
        if (!ct__all_finite(v, (size_t)n)) break;
        e = ct__nsn_error(r, lambda, v, &met);
        if (it > 0) {
            ++r->iterations;
            ++r->newton_iterations;
            ct__record(r, 0, -1, -1, ct__measure(r));
        }
        if (met) {
            st = CT_STATUS_CONVERGED;
            break;
        }
        if (e_keep < 0 || e < e_keep) {
            e_keep = e;
            CONTACT_MEMCPY(m->best, lambda, (size_t)n * sizeof(ct_real));
        }
        if (e_ref < 0 || e < e_ref / 2) { /* the stall rule: the error halves every 30 iterations */
            e_ref = e;
            since = 0;
        } else if (++since >= 30) {
            st = CT_STATUS_STALLED;
            break;
        }
        if (it >= max_it || ct__poll(r, e)) break;
        /* the residual r = w - y in cone coordinates, the gap, the scalings and H */
        for (g = 0; g < ng; ++g) {
            const int q = ct__grp_row(c0, g), kind = ct__ipm_kind(p, g);
            ct_real *W = m->W + 9 * (size_t)g, *H = m->H + 9 * (size_t)g;
            CONTACT_MEMSET(H, 0, 9 * sizeof(ct_real));
            if (kind == 0) {
                m->rw[q] = v[q];
                continue;
            }
            if (kind == 1) {
                const int nr = g < c0 ? q : q + 2;
                m->rw[q] = v[nr] - m->y[q];
                if (g >= c0) m->rw[q + 1] = m->rw[q + 2] = 0; /* mu = 0: lambda_T stays 0, v_T free */
                if (!(m->x[q] > 0) || !(m->y[q] > 0)) break;
                W[0] = m->th[g] = CONTACT_SQRT(m->y[q] / m->x[q]);
                m->ls[q] = CONTACT_SQRT(m->x[q] * m->y[q]);
                if (g < c0) {
                    H[0] = W[0] * W[0];
                } else {
                    H[0] = H[4] = pin; /* lambda_T = 0 */
                    H[8] = W[0] * W[0];
                }
            } else {
                const ct_real mu = p->mu[g - c0];
                static const int pi[3] = {1, 2, 0}; /* lambda's row a is x's entry pi[a] */
                ct_real W2[9], fa[3];
                int a, b;
                m->rw[q] = (v[q + 2] + mu * ct__norm_t(v + q)) / mu - m->y[q];
                m->rw[q + 1] = v[q] - m->y[q + 1];
                m->rw[q + 2] = v[q + 1] - m->y[q + 2];
                if (!ct__soc_nt(m->x + q, m->y + q, W, m->th + g, m->ls + q)) break;
                for (a = 0; a < 3; ++a)
                    for (b = 0; b < 3; ++b) W2[3 * a + b] = W[3 * a] * W[b] + W[3 * a + 1] * W[3 + b] + W[3 * a + 2] * W[6 + b];
                fa[0] = fa[1] = 1;
                fa[2] = mu;
                for (a = 0; a < 3; ++a)
                    for (b = 0; b < 3; ++b) H[3 * a + b] = fa[a] * fa[b] * W2[3 * pi[a] + pi[b]];
            }
        }
        if (g < ng) break; /* a point on a cone's boundary to rounding */
        gap = ct__ipm_gap(r, m, m->x, m->y, 0) / (deg > 0 ? deg : 1);
        for (i = 0; i < n; ++i) rn += m->rw[i] * m->rw[i];
        rn = CONTACT_SQRT(rn);
        if (it == 0) {
            gap0 = gap;
            rn0 = rn;
        }
        ++r->factorizations;
        r->fail_row = ct__fac_factor(f, &r->op, delta, m->H);
        if (r->fail_row >= 0) { /* rounding: once more with a larger shift */
            ++r->factorizations;
            r->fail_row = ct__fac_factor(f, &r->op, delta + (ct_real)1e3 * CT_EPS * dmax, m->H);
            if (r->fail_row >= 0) break;
        }
        /* predictor, then corrector with sigma = (gap_a / gap)^3, kept in the neighbourhood */
        ct__ipm_dir(r, m, f, 0, 0, m->ax, m->ay);
        ta = ct__min(1, ct__ipm_step(r, m, m->ax, m->ay));
        gap_a = ct__ipm_gap(r, m, m->ax, m->ay, ta) / (deg > 0 ? deg : 1);
        sg = gap > 0 ? gap * ct__min(1, CONTACT_POW(ct__max(gap_a, 0) / gap, 3)) : 0;
        if (rn0 > 0) sg = ct__max(sg, ct__min(gap, gap0 * rn / rn0));
        ct__ipm_dir(r, m, f, sg, 1, m->dx, m->dy);
        t = ct__min(1, (ct_real)0.99 * ct__ipm_step(r, m, m->dx, m->dy));
        for (i = 0; i < n; ++i) {
            m->x[i] += t * m->dx[i];
            m->y[i] += t * m->dy[i];
        }
    }
    if (st != CT_STATUS_CONVERGED && e_keep >= 0) { /* the best point */
        CONTACT_MEMCPY(lambda, m->best, (size_t)n * sizeof(ct_real));
        ct__run_velocity(r, lambda, v);
        r->last_met = 0;
    }
    if (e_out) *e_out = st == CT_STATUS_CONVERGED ? e : e_keep >= 0 ? e_keep : 1;
    return st;
}
#endif /* CT__HAS_IPM */

/* >>solver-hybrid ------------------------------------------------------------------------ */
/* HYBRID_NCP: ADMM_NCP for the global phase, NEWTON_NCP to finish, PROX_NCP and an
   interior-point phase for what Newton alone does not solve.
     PGS_NCP sweeps worth hybrid.pgs_budget of one factorization (ct__hyb_pgs): kept only if
       they converge (a large dense G with easy modes: a few sweeps cost less than one LU);
     Newton from the start (hybrid.newton_first steps, stall hybrid.newton_stall): the cheap
       case, a warm start or modes that are easy to guess; converged: done, else
     PROX_NCP from the start again (hybrid.prox_first steps; Newton's end point is a
       stationary point of ||F||^2 with wrong modes, a worse start than the caller's: the
       ill-conditioned walls of bench/families.h); converged: done, else
     the interior-point phase (>>solver-ipm, hybrid.ipm_max iterations), then Newton from its
       best point (newton_max steps): the degenerate stacks; converged: done, else from the
       best point so far
     ADMM_NCP iterations in chunks of hybrid.chunk (penalty and dual carried over); after each
       chunk the contact modes of the ADMM point (open / stick / slide, Alart-Curnier's
       branches) are compared with the last chunk's;
     when they did not change for stable_chunks chunks and the relative error is below
       switch_tol (or after admm_phase ADMM iterations): a Newton phase (newton_max steps,
       stall newton_stall), and from the second phase on PROX_NCP (prox_max steps); converged:
       done; else ADMM resumes from the phase's best point with a fresh dual, and the next
       switch waits for twice as many stable chunks.
   max_iter bounds the PGS sweeps and ADMM iterations together; ct_info.iterations = sweeps +
   ADMM iterations + Newton steps (newton_iterations: the interior-point iterations count as
   Newton steps). A run that converges nowhere returns the best point it met (in relative
   error: Newton's, PROX's, the interior point's and ADMM's at the end of each chunk), not
   ADMM's last. Why: Newton's failures are stationary points of ||F||^2 with wrong modes,
   which ADMM does not have; ADMM's tail is long where Newton converges in a few steps once the
   modes are right; PROX solves what ADMM stalls on (mu = 2, mass ratios of 1e6). Degenerate
   solutions (statically indeterminate stacks with sliding contacts at tiny slip velocities,
   nearly coincident contacts) are where the Newton system with the current modes has no
   solution (|F + J d| stays near |F| although J is F's derivative), Newton's basin is tiny
   (1e-7 relative on an alternating stack) and ADMM converges sublinearly; the interior point
   reaches that basin. Measured: docs/methods.md. */
#ifdef CT__HAS_HYBRID_NCP
CT__PRIVATE void ct__hyb_layout(ct__arena *a, const ct__dims *d, void *mem) {
    (void)mem;
    ct__admm_layout(a, d, NULL); /* first: its dual z is the solver object's */
    ct__gs_layout(a, d, NULL);
    ct__ipm_layout(a, d, NULL);  /* its factor is ADMM's */
    ct__nsn_layout(a, d, NULL);  /* last: its sparse LU's size follows the analysis */
}
/* both orderings: ADMM's factor (last of its arrays) and Newton's sparse LU (after them) */
CT__PRIVATE ct_result ct__hyb_analyze(ct__run *r, ct__dims *d) {
    ct_result res = ct__admm_analyze(r, d);
#ifdef CT__HAS_SPLU
    if (res == CT_OK) {
        ct__arena a = r->mem;
        ct__admm_layout(&a, d, NULL);
        ct__gs_layout(&a, d, NULL);
        ct__ipm_layout(&a, d, NULL);
        res = ct__nsn_analyze_at(r, a, d);
    }
#endif
    return res;
}
CT__PRIVATE ct_result ct__hyb_check(const ct_settings *s, const char **field) {
    const ct_hybrid_settings *h = &s->hybrid;
    ct_result r;
    CT__CHECK(h->newton_first >= 0, "hybrid.newton_first");
    CT__CHECK(h->prox_first >= 0, "hybrid.prox_first");
    CT__CHECK(h->ipm_max >= 0, "hybrid.ipm_max");
    CT__CHECK(h->pgs_budget >= 0 && ct__finite(h->pgs_budget), "hybrid.pgs_budget");
    CT__CHECK(h->chunk >= 1, "hybrid.chunk");
    CT__CHECK(h->stable_chunks >= 1, "hybrid.stable_chunks");
    CT__CHECK(h->switch_tol > 0 && ct__finite(h->switch_tol), "hybrid.switch_tol");
    CT__CHECK(h->admm_phase >= 1, "hybrid.admm_phase");
    CT__CHECK(h->newton_max >= 1, "hybrid.newton_max");
    CT__CHECK(h->newton_stall >= 1, "hybrid.newton_stall");
    CT__CHECK(h->prox_max >= 1, "hybrid.prox_max");
    CT__CHECK(h->max_phases >= 1, "hybrid.max_phases");
    r = ct__nsn_check(s, field);
    return r == CT_OK ? ct__admm_check(s, field) : r;
}
/* The first try: PGS_NCP sweeps worth hybrid.pgs_budget of one Newton factorization (dense:
   2 n^2 flops a sweep against 2 n^3 / 3, so n / 3 sweeps a factorization; block-sparse: 18 per
   stored block of G against 54 nnz(L)^2 / groups), scored every 5 sweeps. Converged: done; else
   lambda and v are put back as they were (a PGS point that did not converge is often a worse
   start for Newton than the caller's: mass ratios). Cheap where it matters: on a large dense G
   (one body, hundreds of contacts) a sweep costs a few thousandths of a factorization. */
CT__PRIVATE ct_status ct__hyb_pgs(ct__run *r, ct__nsn_mem *m, ct__gs_mem *gm, ct_real *lambda, ct_real *v,
                                  int *done) {
    const ct_problem *p = r->p;
    const int n = r->n;
    double work, sweep;
    int k, sweeps;
    ct__gs gs;
    if (r->dims.form == CT__FORM_SPARSE) {
        const double ng = r->dims.ng > 0 ? r->dims.ng : 1, l = (double)r->dims.nnzl + ng;
        work = 54 * l * l / ng;
        sweep = 18 * (double)p->Gs->row_ptr[r->dims.ng];
    } else {
        work = 2.0 / 3 * (double)n * n * n;
        sweep = 2 * (double)n * n;
    }
    sweeps = sweep > 0 ? (int)ct__min((ct_real)r->s->max_iter, (ct_real)(r->s->hybrid.pgs_budget * work / sweep)) : 0;
    *done = 0;
    if (sweeps < 1) return CT_STATUS_MAX_ITERATIONS;
    CONTACT_MEMCPY(m->best, lambda, (size_t)n * sizeof(ct_real));
    CONTACT_MEMSET(&gs, 0, sizeof(gs)); /* no screen, no history: every field defined */
    gs.r = r;
    gs.step = gm->step;
    gs.blk = gm->blk;
    gs.preclik = 0;
    gs.slide = 2;
    gs.alpha = r->s->pgs.omega;
    gs.kept = !r->op.asym; /* an asymmetric G's columns are not its rows: read rows afresh */
    ct__gs_setup(&gs);
    for (k = 1; k <= sweeps; ++k) {
        ct_real crit = -1; /* every sweep has its history entry, its criterion where scored */
        int met = 0, stop;
        ct__gs_sweep(&gs, lambda, v);
        ++r->iterations;
        *done = k;
        stop = ct__poll(r, gs.upd);
        if (!stop && (k % 5 == 0 || k == sweeps)) {
            ct__run_velocity(r, lambda, v);
            stop = !ct__all_finite(lambda, (size_t)n) || !ct__in_range(lambda, (size_t)n);
            if (!stop) {
                (void)ct__nsn_error(r, lambda, v, &met);
                crit = ct__measure(r);
            }
        }
        ct__record(r, 0, -1, -1, crit);
        if (met) return CT_STATUS_CONVERGED;
        if (stop) break;
    }
    CONTACT_MEMCPY(lambda, m->best, (size_t)n * sizeof(ct_real));
    ct__run_velocity(r, lambda, v);
    r->last_met = 0;
    return CT_STATUS_MAX_ITERATIONS;
}

/* the best point of the run so far (relative error e): what a run that converges nowhere returns */
CT__PRIVATE void ct__hyb_keep(const ct__run *r, ct_real *keep, ct_real *e_keep, const ct_real *lambda, ct_real e) {
    if (*e_keep < 0 || e < *e_keep) {
        *e_keep = e;
        CONTACT_MEMCPY(keep, lambda, (size_t)r->n * sizeof(ct_real));
    }
}

CT__PRIVATE ct_status ct__hyb_solve(ct__run *r, ct_real *lambda, ct_real *v) {
    const ct_hybrid_settings *h = &r->s->hybrid;
    const ct_problem *p = r->p;
    ct__admm_it it;
    ct__admm_mem am;
    ct__nsn_mem m;
    ct__gs_mem gm;
    ct__ipm_mem im;
    ct__arena a = r->mem;
    ct_status st = CT_STATUS_MAX_ITERATIONS;
    ct_real e = 1, dmax, e_keep = -1, *keep;
    int i, same = 0, phase_its = 0, need = h->stable_chunks, phases = 0, admm = 0, sweeps = 0, kmax;
    ct__admm_layout(&a, &r->dims, &am);
    ct__gs_layout(&a, &r->dims, &gm);
    ct__ipm_layout(&a, &r->dims, &im);
    ct__nsn_layout(&a, &r->dims, &m);
    if (h->pgs_budget > 0 && ct__hyb_pgs(r, &m, &gm, lambda, v, &sweeps) == CT_STATUS_CONVERGED)
        return CT_STATUS_CONVERGED;
    keep = gm.au; /* free once the PGS try is over */
    kmax = r->s->max_iter - sweeps; /* max_iter bounds the sweeps and ADMM's iterations */
    if (h->newton_first > 0 && !r->interrupted) { /* the optimistic start */
        CONTACT_MEMCPY(im.x, lambda, (size_t)r->n * sizeof(ct_real)); /* free until the IPM phase */
        st = ct__nsn_run(r, &m, 0, h->newton_first, h->newton_stall, lambda, v, &e);
        if (st == CT_STATUS_CONVERGED || st == CT_STATUS_NUMERICAL_FAILURE) return st;
        ct__hyb_keep(r, keep, &e_keep, lambda, e);
        CONTACT_MEMCPY(lambda, im.x, (size_t)r->n * sizeof(ct_real)); /* PROX from the start */
        ct__run_velocity(r, lambda, v);
    }
    if (h->prox_first > 0 && !r->interrupted) { /* the surer local method, still without ADMM */
        st = ct__nsn_run(r, &m, 1, h->prox_first, r->s->nsn.stall_iters, lambda, v, &e);
        if (st == CT_STATUS_CONVERGED || st == CT_STATUS_NUMERICAL_FAILURE) return st;
        ct__hyb_keep(r, keep, &e_keep, lambda, e);
    }
    if (h->ipm_max > 0 && !r->interrupted) { /* the interior point, then Newton from its best point */
        st = ct__ipm_run(r, &im, &am.fac, h->ipm_max, lambda, v, &e);
        r->sv->cache &= ~(unsigned)CT__CACHE_FACTOR; /* ADMM's factor now holds the phase's */
        if (st == CT_STATUS_CONVERGED) return st;
        ct__hyb_keep(r, keep, &e_keep, lambda, e);
        if (!r->interrupted) {
            st = ct__nsn_run(r, &m, 0, h->newton_max, h->newton_stall, lambda, v, &e);
            if (st == CT_STATUS_CONVERGED || st == CT_STATUS_NUMERICAL_FAILURE) return st;
            ct__hyb_keep(r, keep, &e_keep, lambda, e);
        }
    }
    if (r->interrupted) return CT_STATUS_INTERRUPTED;
    if (e_keep >= 0 && e_keep < e) { /* ADMM from the best point so far */
        CONTACT_MEMCPY(lambda, keep, (size_t)r->n * sizeof(ct_real));
        ct__run_velocity(r, lambda, v);
    }
    if (!ct__admm_begin(r, &it, lambda)) return CT_STATUS_NUMERICAL_FAILURE;
    admm = 1;
    for (i = 0; i < p->nc; ++i) m.prev[i] = -1;
    st = CT_STATUS_MAX_ITERATIONS;
    while (it.k < kmax) {
        int changed = 0;
        const int kend = it.k + h->chunk < kmax ? it.k + h->chunk : kmax;
        phase_its += kend - it.k;
        r->it_base = r->newton_iterations + sweeps;
        st = ct__admm_iterate(r, &it, kend, v);
        if (st != CT_STATUS_MAX_ITERATIONS) break; /* converged, stalled, or failed */
        /* the modes and the error at the ADMM point */
        CONTACT_MEMCPY(lambda, it.m.y, (size_t)r->n * sizeof(ct_real));
        ct__run_velocity(r, lambda, v);
        ct__nsn_rho(r, m.rho, &dmax);
        (void)ct__nsn_F(p, m.rho, lambda, v, m.F, NULL, NULL, m.modes);
        for (i = 0; i < p->nc; ++i) changed += m.modes[i] != m.prev[i];
        CONTACT_MEMCPY(m.prev, m.modes, (size_t)p->nc * sizeof(int));
        same = changed == 0 ? same + 1 : 0;
        {
            ct_residuals res;
            ct__run_criteria(r, lambda, v, CT_FLAVOR_NCP, &res, CT__WANT_NAT);
            e = res.relative;
            ct__hyb_keep(r, keep, &e_keep, lambda, e);
        }
        if (((same >= need && e <= h->switch_tol) || phase_its >= h->admm_phase) && phases < h->max_phases) {
            const int px = phases > 0;
            st = ct__nsn_run(r, &m, px, px ? h->prox_max : h->newton_max, px ? r->s->nsn.stall_iters : h->newton_stall,
                             lambda, v, &e);
            ++phases;
            if (st == CT_STATUS_CONVERGED) {
                admm = 0; /* lambda is Newton's */
                break;
            }
            ct__hyb_keep(r, keep, &e_keep, lambda, e);
            ct__admm_point(r, &it, lambda, 0); /* ADMM from the phase's best point, fresh dual */
            same = 0;
            phase_its = 0;
            need *= 2;
            for (i = 0; i < p->nc; ++i) m.prev[i] = -1;
            st = CT_STATUS_MAX_ITERATIONS;
        }
    }
    if (admm) ct__admm_end(r, &it, lambda);
    else r->rho = it.rho;
    if ((st == CT_STATUS_MAX_ITERATIONS || st == CT_STATUS_STALLED) && e_keep >= 0) {
        /* no phase converged: the best point of the run, not ADMM's last */
        ct_residuals res;
        ct__run_velocity(r, lambda, v);
        ct__run_criteria(r, lambda, v, CT_FLAVOR_NCP, &res, CT__WANT_NAT);
        if (e_keep < res.relative) {
            CONTACT_MEMCPY(lambda, keep, (size_t)r->n * sizeof(ct_real));
            ct__run_velocity(r, lambda, v);
        }
        r->last_met = 0;
    }
    return st;
}
static const ct__method ct__method_hybrid_ncp = {CT_METHOD_HYBRID_NCP, "HYBRID_NCP", CT__FORMS_ROWS, ct__hyb_analyze,
    ct__nsn_flavor, ct__hyb_check, ct__hyb_layout, ct__admm_prepare, ct__hyb_solve, CT__LAST_METHOD};
#undef CT__LAST_METHOD
#define CT__LAST_METHOD (&ct__method_hybrid_ncp)
#endif /* CT__HAS_HYBRID_NCP */

/* >>methods ------------------------------------------------------------------------------ */
/* The method table: the rows the >>solver-* sections chained (CT__LAST_METHOD). A method that
   is compiled out has no row. */
CT__PRIVATE const ct__method *ct__method_of(ct_method m) {
    const ct__method *d = CT__LAST_METHOD;
    for (; d; d = d->next)
        if (d->id == m) return d;
    return NULL;
}

CT_API ct_flavor ct_method_flavor(const ct_settings *s) {
    const ct__method *d = s ? ct__method_of(s->method) : NULL;
    return d ? d->flavor(s) : CT_FLAVOR_NCP;
}

CT_API const char *ct_method_string(ct_method m) {
    const ct__method *d = ct__method_of(m);
    if (d) return d->name;
    return (unsigned)m < (unsigned)CT_METHOD_COUNT_ ? "compiled out" : "unknown method";
}

/* the common fields, then the knobs of every compiled method family */
CT__PRIVATE ct_result ct__settings_check(const ct_settings *s, const char **field) {
    const ct__method *d;
    ct_result r;
    *field = NULL;
    if (!s) return CT_ERROR_INVALID_ARGUMENT;
    r = ct__settings_common(s, field);
    /* a family's check once: the methods of one family are rows of one section, next to
       each other in the chain (a check met twice apart would only run twice) */
    for (d = CT__LAST_METHOD; d && r == CT_OK; d = d->next)
        if (!d->next || d->next->check != d->check) r = d->check(s, field);
    return r;
}
CT_API ct_result ct_settings_validate(const ct_settings *s) {
    const char *field;
    return ct__settings_check(s, &field);
}

/* >>solver ------------------------------------------------------------------------------- */
/* The solver object (ct_solver) and the one-call path ct_solve, which sets up a solver object
   on the workspace's memory, solves once and keeps nothing. A solve:
     validate (settings, problem, the method's forms of G, the soft model) -> the method's row
     -> the start (warm start checked, or zero; its velocity, scored: a start that meets the
     tolerance returns at once) -> the method's solve -> the returned point scored by
     ct_criteria in the method's flavor and in the NCP flavor -> ct_info. */

/* The run of the method of sv on its memory (the common arrays, then the method's) */
/* The methods whose solve can refuse G after lambda and v were written (ADMM's first
   factorization, also inside HYBRID_NCP; STAGGERED's QP factors: CT_ERROR_NOT_PSD) keep the
   caller's lambda and v, so
   that an error return leaves them untouched */
#ifdef CT__HAS_ADMM
#define CT__SAVES(d) ((d)->prepare == ct__admm_prepare || (d)->id == CT_METHOD_STAGGERED)
#else
#define CT__SAVES(d) ((d)->id == CT_METHOD_STAGGERED)
#endif
/* the exponent k of a power of two s = 2^k (as ct__pow2_near returns, |k| <= 31) */
CT__PRIVATE int ct__pow2_exp(ct_real s) {
    int k = 0;
    for (; k < 40 && s >= 2; ++k) s /= 2;
    for (; k > -40 && s < 1; --k) s *= 2;
    return k;
}
/* s 2^k, exactly (a power of two s, |k| <= 62) */
CT__PRIVATE ct_real ct__pow2_scale(ct_real s, int k) {
    for (; k > 0; --k) s *= 2;
    for (; k < 0; ++k) s /= 2;
    return s;
}
/* A power of two within a factor sqrt(2) of x > 0, clamped to [2^-30, 2^30]: a scale that
   multiplies without rounding */
CT__PRIVATE ct_real ct__pow2_near(ct_real x) {
    ct_real p = 1;
    int k;
    for (k = 0; k < 30 && x >= 2; ++k) { x /= 2; p *= 2; }
    for (k = 0; k < 30 && x < (ct_real)0.5; ++k) { x *= 2; p /= 2; }
    if (x >= (ct_real)1.4142135623730951) p *= 2;
    else if (x < (ct_real)0.70710678118654752) p /= 2;
    return p;
}

/* settings.scale (a scalar penalty or step fits badly blocks whose curvatures differ by the
   mass ratios): the run solves S (G + R) S lambda~ + S g with S = diag(s), one s per joint
   row, limit row and contact block, s = a power of two near d^(-1/4), d the mean diagonal of
   its (G + R) block (1 for a zero block): the scaled diagonal is sqrt(d), the spread of the
   diagonal halved on a log scale. Full block-Jacobi equilibration (s = d^(-1/2), unit
   diagonal) was measured too (bench/scale.c, ADMM_NCP at 1e-8): it helped the mass-ratio
   stacks but lost robot problems (robot families 17 of 36 solved against 24 without), where
   d^(-1/4) solved more than no scaling on both seeds tried (docs/methods.md). The scales are
   then divided by the power of two nearest their geometric mean over the rows, so that the
   blocks of typical curvature keep the caller's units (ADMM's rho0 and the stop tests were
   chosen in them), and all set to 1 when they span at most a factor of two (no mass ratio to
   equilibrate: G + eps I of cond 1e8 lost problems to a uniform change of units). One scale
   per contact keeps its cone
   (S K_mu = K_mu), so the scaled problem has the same solutions, lambda = S lambda~,
   v = S^-1 v~; powers of two make the map exact. The run's stop tests score the point in the
   caller's units (ct__run_criteria). Built by every run from the caller's arrays (O(n^2)
   dense, O(blocks) sparse), so a solver object's precomputations stay those of this copy. */
CT__PRIVATE void ct__scale_build(ct__run *r, ct_real *mem) {
    const ct_problem *p = r->p0;
    const int n = r->n, c0 = p->nb + p->nu;
    ct_real *sc = mem, *sg = mem + 3 * (size_t)n, *sR = sg + n, *sG = sR + n;
    int i, j;
    int kmin = 0, kmax = 0, kref;
    double ksum = 0, km;
    for (i = 0; i < n;) {
        const int sz = i < c0 ? 1 : 3;
        ct_real d = 0, s = 1;
        int k;
        for (j = 0; j < sz; ++j) d += ct__op_entry(&r->op, i + j, i + j);
        d /= (ct_real)sz;
        if (d > CT_MINVAL && ct__finite(d)) s = ct__pow2_near(1 / CONTACT_SQRT(CONTACT_SQRT(d)));
        k = ct__pow2_exp(s);
        kmin = i == 0 || k < kmin ? k : kmin;
        kmax = i == 0 || k > kmax ? k : kmax;
        ksum += (double)(sz * k);
        for (j = 0; j < sz; ++j) sc[i + j] = s;
        i += sz;
    }
    /* relative to the rows' geometric mean (the problem's units are kept where the blocks
       agree), and none at all when the scales span at most one factor of two */
    km = ksum / n + 0.5; /* rounded to the nearest exponent: floor(km), |km| <= 32 */
    kref = (int)km - ((double)(int)km > km);
    if (kmax - kmin <= 1) kref = 0;
    for (i = 0; i < n; ++i) sc[i] = kmax - kmin <= 1 ? 1 : ct__pow2_scale(sc[i], -kref);
    for (i = 0; i < n; ++i) {
        sg[i] = sc[i] * p->g[i];
        sR[i] = p->R ? sc[i] * sc[i] * p->R[i] : 0;
    }
    r->ps = *p;
    r->ps.g = sg;
    r->ps.R = p->R ? sR : NULL;
    if (p->G) {
        for (i = 0; i < n; ++i)
            for (j = 0; j < n; ++j) sG[(size_t)i * n + j] = sc[i] * p->G[(size_t)i * n + j] * sc[j];
        r->ps.G = sG;
    }
#ifdef CT__HAS_SPARSE
    else if (p->Gs) {
        const int ng = p->nb + p->nu + p->nc;
        int gi, k, a, b;
        for (gi = 0; gi < ng; ++gi) {
            const int ri = ct__grp_row(c0, gi);
            for (k = p->Gs->row_ptr[gi]; k < p->Gs->row_ptr[gi + 1]; ++k) {
                const int rj = ct__grp_row(c0, p->Gs->col[k]);
                for (a = 0; a < 3; ++a)
                    for (b = 0; b < 3; ++b)
                        sG[9 * (size_t)k + 3 * a + b] = p->Gs->val[9 * (size_t)k + 3 * a + b] *
                                                        (a < ct__grp_size(c0, gi) ? sc[ri + a] : 1) *
                                                        (b < ct__grp_size(c0, p->Gs->col[k]) ? sc[rj + b] : 1);
            }
        }
        r->sps = *p->Gs;
        r->sps.val = sG;
        r->ps.Gs = &r->sps;
    }
#endif
    r->sc = sc;
    r->us = sc + n;
    r->p = &r->ps;
    {
        const int asym = r->op.asym;
        ct__op_init(&r->op, r->p);
        r->op.asym = asym;
    }
}

CT__PRIVATE void ct__run_init(ct__run *r, ct_solver *sv, const ct__method *d) {
    ct__common c;
    CONTACT_MEMSET(r, 0, sizeof(*r));
    r->p = &sv->problem;
    r->p0 = &sv->problem;
    r->s = &sv->settings;
    r->sv = sv;
    ct__op_init(&r->op, r->p);
    r->op.asym = sv->asym > CT__ASYM_MIN;
    ct__dims_init(&r->dims, r->p->nb, r->p->nu, r->p->nc, ct__form(r->p), sv->nnzl);
    ct__dims_scale(&r->dims, r->p, r->s);
    r->mem.base = sv->ws.base;
    r->mem.at = 0;
    ct__common_layout(&r->mem, &r->dims, &c, CT__SAVES(d));
    r->lprev = c.lprev;
    r->save = c.save;
    r->n = r->dims.n;
    r->flavor = d->flavor(r->s);
    r->fail_row = -1;
    if (c.sc) ct__scale_build(r, c.sc);
    if (c.gm) { /* the generalized form: M's factor goes here (ct__general_factor) */
        r->op.Lm = c.gm;
        r->op.tmp = c.gm + (size_t)r->dims.nv * (size_t)r->dims.nv;
        r->op.pat.jp = c.jp; /* built with the factor */
        r->op.pat.jc = c.jc;
    }
}

#ifdef CT__HAS_GENERAL
/* The generalized form's factor, chol((M + M^T) / 2), into the run's op (what its products and
   the criteria's velocity use; NEWTON_SOFT takes it too). CT_ERROR_NOT_PSD when M is not
   positive definite. */
/* The caller's factor L of M (soft.Lm, in the order rev) against M on one vector x: each row of
   L (L^T x) - M' x (M' = M, or P M P) within 64 nv eps of its bound s_i sum_j s_j |x_j|, s_i =
   sqrt(M'_ii) (a Cholesky factor's rows have norms s_i, so |L||L^T| <= s s^T); a factor of
   another matrix misses by the order of that bound. t: 2 nv scratch. */
CT__PRIVATE int ct__lm_matches(const ct_real *M, const ct_real *L, int nv, int rev, ct_real *t) {
    ct_real *x = t, *w = t + nv, sx = 0;
    int i;
    for (i = 0; i < nv; ++i) {
        const ct_real d = M[(size_t)(rev ? nv - 1 - i : i) * (nv + 1)]; /* M'_ii */
        x[i] = (ct_real)1 + (ct_real)0.1 * (ct_real)(i % 7);
        sx += CONTACT_SQRT(ct__max(d, 0)) * x[i];
    }
    CONTACT_MEMSET(w, 0, (size_t)nv * sizeof(ct_real));
    for (i = 0; i < nv; ++i) ct__axpy_add(w, L + (size_t)i * nv, x[i], i + 1); /* w = L^T x, by rows */
    if (rev) /* x reversed: row i of M' x is row nv - 1 - i of M times it */
        for (i = 0; i < nv / 2; ++i) {
            const ct_real e = x[i];
            x[i] = x[nv - 1 - i];
            x[nv - 1 - i] = e;
        }
    for (i = 0; i < nv; ++i) {
        const size_t mi = (size_t)(rev ? nv - 1 - i : i);
        const ct_real lw = ct__dot(L + (size_t)i * nv, w, i + 1), mx = ct__dot(M + mi * nv, x, nv);
        if (!(CONTACT_FABS(lw - mx) <= 64 * (ct_real)nv * CT_EPS * CONTACT_SQRT(ct__max(M[mi * (nv + 1)], 0)) * sx))
            return 0;
    }
    return 1;
}
CT__PRIVATE ct_result ct__general_factor(ct__run *r) {
    const ct_soft *sf = r->p->soft;
    const ct_real *M = sf->M;
    const int nv = r->dims.nv;
    ct_real *L = (ct_real *)r->op.Lm;
    int i, j, rev;
    if (sf->Lm) { /* the caller's factor, lower triangle, checked against M */
        rev = sf->Lm_reversed;
        for (i = 0; i < nv; ++i)
            CONTACT_MEMCPY(L + (size_t)i * nv, sf->Lm + (size_t)i * nv, (size_t)(i + 1) * sizeof(ct_real));
        r->op.lm_rev = rev;
        if (!ct__lm_matches(M, L, nv, rev, r->op.tmp + nv)) return CT_ERROR_INVALID_SOFT;
        ct__jpat_build(&r->op.pat, r->op.pat.jp, r->op.pat.jc, sf->J, r->n, nv, nv, r->op.c0);
        return CT_OK;
    }
    rev = ct__chol_rev_pays(M, nv, nv); /* a tree's mass matrix: reversed */
    for (i = 0; i < nv; ++i) /* the lower triangle of (M + M^T) / 2 */
        for (j = 0; j <= i; ++j)
            L[(size_t)i * nv + j] = (ct_real)0.5 * (M[(size_t)i * nv + j] + M[(size_t)j * nv + i]);
    if (rev) ct__chol_reverse(L, nv, nv); /* in that order */
    r->op.lm_rev = rev;
    ++r->factorizations;
    if (ct__chol_factor(L, nv, nv, r->op.tmp + nv) >= 0) return CT_ERROR_NOT_PSD;
    ct__jpat_build(&r->op.pat, r->op.pat.jp, r->op.pat.jc, r->p->soft->J, r->n, nv, nv, r->op.c0);
    return CT_OK;
}
#endif

/* the bytes of the common arrays and the method's */
CT__PRIVATE size_t ct__bytes(const ct__method *d, const ct__dims *dims) {
    ct__arena a;
    ct__common c;
    a.base = NULL;
    a.at = 0;
    ct__common_layout(&a, dims, &c, CT__SAVES(d));
    d->layout(&a, dims, NULL);
    return a.at;
}

/* The checks of a setup that depend on the method: its row, the form of G, the soft model */
CT__PRIVATE ct_result ct__method_checks(const ct_problem *p, const ct_settings *s, const ct__method **out,
                                        ct__why *why) {
    const ct__method *d = ct__method_of(s->method);
    const int n = p->nb + p->nu + 3 * p->nc;
    *out = d;
    if (!d) return ct__fail(why, CT_ERROR_COMPILED_OUT, "method", -1);
    if (n > 0 && !(d->forms & (1u << ct__form(p)))) return ct__fail(why, CT_ERROR_STORAGE_UNSUPPORTED, "G/Gs/Gop", -1);
    if (n > 0 && s->scale && ct__form(p) == CT__FORM_OPERATOR) /* scaling copies G's entries */
        return ct__fail(why, CT_ERROR_STORAGE_UNSUPPORTED, "scale", -1);
    if (s->scale && d->flavor(s) == CT_FLAVOR_SOFT) /* a soft model's kernel is not scale-free */
        return ct__fail(why, CT_ERROR_INVALID_SETTINGS, "scale", -1);
    if (d->flavor(s) == CT_FLAVOR_SOFT) {
#ifdef CT__HAS_SOFT
        ct_result r = ct__soft_validate(p);
        if (r != CT_OK) return ct__fail(why, r, "soft", -1);
        if (n > 0 && ct__form(p) == CT__FORM_GENERAL && ct__soft_reads_g(p)) /* G's blocks */
            return ct__fail(why, CT_ERROR_STORAGE_UNSUPPORTED, "soft", -1);
#else
        return ct__fail(why, CT_ERROR_COMPILED_OUT, "soft", -1);
#endif
    }
    return CT_OK;
}

/* The size of the sparse factor of p: -1 without one; with CONTACT_NO_MALLOC the bound of a
   dense factor, ng (ng - 1) / 2 blocks, else the minimum-degree ordering's, computed on
   temporary memory (CT_ERROR_OUT_OF_MEMORY) */
CT__PRIVATE ct_result ct__nnzl(const ct_problem *p, const ct__method *d, long *nnzl) {
    *nnzl = -1;
#ifdef CT__HAS_SPCHOL
    if (d->analyze && p->Gs && p->nb + p->nu + p->nc > 0) {
        const int ng = p->nb + p->nu + p->nc;
        *nnzl = (long)ng * (long)(ng - 1) / 2;
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
            *nnzl = ct__sp_order(&sp, p->Gs, NULL, 0);
            CONTACT_FREE(mem, NULL);
        }
#endif
    }
#else
    (void)p;
    (void)d;
#endif
    return CT_OK;
}

/* Set up sv (its ws set) for p and s. eager: compute what the method precomputes now (the
   solver object), else when the solve first needs it (ct_solve). */
CT__PRIVATE ct_result ct__setup(ct_solver *sv, const ct_problem *p, const ct_settings *s, int eager,
                                ct__why *why) {
    const ct__method *d;
    ct__dims dims;
    ct_result res;
    const char *field = NULL;
    sv->ready = 0;
    sv->cache = 0;
    sv->nnzl = -1;
    CONTACT_MEMSET(&sv->state, 0, sizeof(sv->state));
    if (!s) return ct__fail(why, CT_ERROR_INVALID_ARGUMENT, "s", -1);
    res = ct__settings_check(s, &field);
    if (res != CT_OK) return ct__fail(why, res, field, -1);
    res = ct__validate_asym(p, s->sym_tol, 1, why, &sv->asym);
    if (res != CT_OK) return res;
    res = ct__method_checks(p, s, &d, why);
    if (res != CT_OK) return res;
    sv->problem = *p;
    sv->settings = *s;
    ct__dims_init(&dims, p->nb, p->nu, p->nc, ct__form(p), -1);
    ct__dims_scale(&dims, p, s);
    if (d->analyze && dims.form == CT__FORM_SPARSE && dims.n > 0) dims.nnzl = 0; /* analysed below */
    sv->peak = ct__bytes(d, &dims);
    if (sv->peak > sv->ws.size || (dims.n > 0 && !sv->ws.base))
        return ct__fail(why, CT_ERROR_WORKSPACE_TOO_SMALL, "ws", -1);
    if (dims.nnzl == 0) { /* the ordering and symbolic factorization of a block-sparse G */
        ct__run r;
        sv->peak = 0; /* the layout's size is known after the analysis, at the first solve */
        sv->nnzl = 0;
        ct__run_init(&r, sv, d);
        res = d->analyze(&r, &dims);
        if (res != CT_OK) return ct__fail(why, res, "ws", -1);
        sv->nnzl = dims.nnzl;
        sv->cache |= CT__CACHE_ORDER;
    }
    sv->ready = 1;
    if (eager && d->prepare && dims.n > 0) {
        ct__run r;
        ct__run_init(&r, sv, d);
        res = d->prepare(&r);
        if (res != CT_OK) {
            sv->ready = 0;
            return ct__fail(why, res, "G", r.fail_row);
        }
    }
    return CT_OK;
}

/* ct_info for an error: the status NOT_SOLVED and the culprit */
CT__PRIVATE ct_result ct__info_error(ct_info *info, ct_result r, const ct__why *why) {
    info->status = CT_STATUS_NOT_SOLVED;
    info->error_index = why->index;
    info->error_field = why->field;
    return r;
}

/* Solve the set-up problem of sv (ct_solver_solve, and ct_solve: fresh = 1) */
/* the arrays [a, a + na) and [b, b + nb) share memory (compared as addresses) */
CT__PRIVATE int ct__overlap(const ct_real *a, const ct_real *b, size_t na, size_t nb) {
    const uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
    if (!a || !b) return 0;
    return x < y + nb * sizeof(ct_real) && y < x + na * sizeof(ct_real);
}

CT__PRIVATE ct_result ct__solver_run(ct_solver *sv, ct_real *lambda, ct_real *v, ct_info *info, int fresh) {
    const ct_problem *p = &sv->problem;
    const ct_settings *s = &sv->settings;
    const ct__method *d = ct__method_of(s->method);
    ct__run run;
    ct__why why;
    ct_result res;
    ct_status st_out;
    int n, start_met = 0;
    why.index = -1;
    why.field = NULL;
    n = p->nb + p->nu + 3 * p->nc;
    info->method = s->method;
    if (!sv->ready || !d) return ct__info_error(info, CT_ERROR_NO_SETUP, &why);
    if (n > 0 && (!lambda || !v)) {
        why.field = lambda ? "v" : "lambda";
        return ct__info_error(info, CT_ERROR_INVALID_ARGUMENT, &why);
    }
    if (n > 0 && (ct__overlap(lambda, v, n, n) || ct__overlap(lambda, p->g, n, n) || ct__overlap(v, p->g, n, n) ||
                  (p->G && (ct__overlap(lambda, p->G, n, (size_t)n * n) || ct__overlap(v, p->G, n, (size_t)n * n))))) {
        why.field = "lambda/v"; /* the outputs may not share memory with each other or the inputs */
        return ct__info_error(info, CT_ERROR_INVALID_ARGUMENT, &why);
    }
    ct__run_init(&run, sv, d);
#ifdef CT__HAS_GENERAL
    if (run.dims.form == CT__FORM_GENERAL && n > 0) {
        res = ct__general_factor(&run);
        if (res != CT_OK) { /* before lambda and v are touched */
            why.field = res == CT_ERROR_NOT_PSD ? "soft.M" : "soft.Lm";
            return ct__info_error(info, res, &why);
        }
    }
#endif
    if (s->time_limit > 0) run.t0 = s->clock(s->user);
    if (run.save && n > 0) { /* the caller's lambda and v, for an error found by the solve */
        CONTACT_MEMCPY(run.save, lambda, (size_t)n * sizeof(ct_real));
        CONTACT_MEMCPY(run.save + n, v, (size_t)n * sizeof(ct_real));
    }
    res = ct__start(s, lambda, n, &why);
    if (res != CT_OK) return ct__info_error(info, res, &why);
    if (run.sc) { /* the run's start lambda~ = S^-1 lambda (exact: powers of two) */
        int i;
        for (i = 0; i < n; ++i) lambda[i] /= run.sc[i];
    }

    info->flavor = run.flavor;
    if (!sv->peak) sv->peak = ct__bytes(d, &run.dims); /* one layout walk per setup */
    info->workspace_peak = sv->peak;
    if (n > 0) { /* every solver starts from v = the velocity of its start */
        ct__start_velocity(&run, lambda, v);
        /* NEWTON_SOFT evaluates the law at a zero start (v = g) first thing: it scores the
           start from that evaluation (the same bits), and returns at once when it meets the
           tolerance, before any factorization */
        run.start_unscored = s->stop != CT_STOP_NONE && s->method == CT_METHOD_NEWTON_SOFT && !run.sc &&
                             ct__all_zero(lambda, n);
        if (s->stop != CT_STOP_NONE && !run.start_unscored) start_met = ct__score_as(&run, lambda, v, 0);
    }
    if (n == 0 || start_met) {
        /* nothing to solve, or the start (a warm start, or lambda = 0 when every contact opens)
           already meets the tolerance: no setup, no iteration */
        st_out = CT_STATUS_CONVERGED;
    } else {
        st_out = d->solve(&run, lambda, v);
        if (!fresh && (sv->cache & CT__CACHE_ORDER)) run.reused |= CT_REUSED_ORDERING;
        if (run.not_psd) { /* G + R + shift I not PD: G has a negative eigenvalue */
            if (run.save) { /* lambda and v as they were (a scaled run always saves them) */
                CONTACT_MEMCPY(lambda, run.save, (size_t)n * sizeof(ct_real));
                CONTACT_MEMCPY(v, run.save + n, (size_t)n * sizeof(ct_real));
            }
            why.field = "G";
            why.index = run.fail_row;
            return ct__info_error(info, CT_ERROR_NOT_PSD, &why);
        }
    }
    /* Score the returned point with the one criteria function, in both flavors. A solver that
       returns CONVERGED returns the point its last check scored, v included: reuse that. A
       scaled run's point is mapped back, lambda = S lambda~, and v is its velocity on the
       caller's problem. */
    if (n > 0 && run.sc) {
        ct__op op0;
        int i;
        for (i = 0; i < n; ++i) lambda[i] *= run.sc[i];
        ct__op_init(&op0, p);
        ct__op_velocity(&op0, p->g, lambda, v);
        ct__criteria_want(p, lambda, v, run.flavor, &info->model, CT__WANT_ALL);
    }
    if (n > 0) {
        if (run.sc) {
            /* scored above */
        } else if (st_out == CT_STATUS_CONVERGED && run.last_met) {
            info->model = run.last;
        } else {
            /* a fixed budget (CT_STOP_NONE) scores the sweeps' kept velocity: no product */
            if (!(run.v_kept && s->stop == CT_STOP_NONE)) ct__run_velocity(&run, lambda, v);
            ct__criteria_want(p, lambda, v, run.flavor, &info->model, CT__WANT_ALL);
        }
        if (run.flavor == CT_FLAVOR_NCP) info->ncp = info->model;
        else ct__criteria_want(p, lambda, v, CT_FLAVOR_NCP, &info->ncp, CT__WANT_ALL);
        if (run.interrupted && st_out != CT_STATUS_NUMERICAL_FAILURE) {
            st_out = CT_STATUS_INTERRUPTED; /* whatever the point's residuals */
        } else if (s->stop == CT_STOP_NONE) {
            if (st_out == CT_STATUS_MAX_ITERATIONS || st_out == CT_STATUS_CONVERGED) st_out = CT_STATUS_ITERATIONS_DONE;
        } else if (st_out != CT_STATUS_NUMERICAL_FAILURE) {
            /* CONVERGED means the returned point meets the tolerance in the method's flavor.
               Every flavor's residuals are a complete optimality measure (SIGNORINI's through
               its model residual), so a point that meets them is converged whatever stopped
               the solver. */
            int met = ct__stop_met(s, &info->model);
            if (!met && st_out == CT_STATUS_CONVERGED) st_out = CT_STATUS_MAX_ITERATIONS;
            else if (met) st_out = CT_STATUS_CONVERGED;
        }
    } else { /* nothing to solve: every residual is 0, with no worst row */
        info->ncp.primal_row = info->ncp.dual_row = info->ncp.comp_row = -1;
        info->ncp.natmap_row = info->ncp.signorini_row = info->ncp.absolute_row = -1;
        info->model = info->ncp;
    }
    info->status = st_out;
    info->iterations = run.iterations;
    info->factorizations = run.factorizations;
    info->newton_iterations = run.newton_iterations;
    info->line_search_steps = run.line_search_steps;
    info->linear_solves = run.linear_solves;
    info->rho = run.rho;
    info->reused = run.reused;
    info->asymmetry = sv->asym;
    return CT_OK;
}

/* a zeroed ct_info (info NULL: local) with no culprit */
CT__PRIVATE ct_info *ct__info_init(ct_info *info, ct_info *local) {
    if (!info) info = local;
    CONTACT_MEMSET(info, 0, sizeof(*info));
    info->status = CT_STATUS_NOT_SOLVED;
    info->error_index = -1;
    return info;
}

CT_API ct_result ct_solve(const ct_problem *p, const ct_settings *s, ct_workspace *ws,
                          ct_real *lambda, ct_real *v, ct_info *info) {
    ct_solver sv;
    ct_info local;
    ct__why why;
    ct_result res;
    info = ct__info_init(info, &local);
    why.index = -1;
    why.field = NULL;
    if (!ws) {
        why.field = "ws";
        return ct__info_error(info, CT_ERROR_INVALID_ARGUMENT, &why);
    }
    if (s) info->method = s->method;
    CONTACT_MEMSET(&sv, 0, sizeof(sv));
    sv.ws = *ws;
    res = ct__setup(&sv, p, s, 0, &why);
    if (res != CT_OK) return ct__info_error(info, res, &why);
    return ct__solver_run(&sv, lambda, v, info, 1);
}

/* The bytes a workspace or a solver object needs for p and s (dims given: p may be NULL for
   a dense G) */
CT__PRIVATE ct_result ct__size(const ct_problem *p, const ct_settings *s, int nb, int nu, int nc,
                               size_t *bytes) {
    const ct__method *d;
    ct__dims dims;
    ct_result r;
    long nnzl = -1;
    if (!s || !bytes) return CT_ERROR_INVALID_ARGUMENT;
    if (!ct__sizes_ok(nb, nu, nc)) return CT_ERROR_INVALID_SIZE;
    if ((unsigned)s->method >= (unsigned)CT_METHOD_COUNT_) return CT_ERROR_INVALID_SETTINGS;
    d = ct__method_of(s->method);
    if (!d) return CT_ERROR_COMPILED_OUT;
    ct__dims_init(&dims, nb, nu, nc, p ? ct__form(p) : CT__FORM_DENSE, -1);
    ct__dims_scale(&dims, p, s);
    if (p && d->analyze && dims.form == CT__FORM_SPARSE && dims.n > 0) {
        r = ct_settings_validate(s);
        if (r != CT_OK) return r;
        r = ct_problem_validate(p, s->sym_tol);
        if (r != CT_OK) return r;
        r = ct__nnzl(p, d, &nnzl);
        if (r != CT_OK) return r;
        dims.nnzl = nnzl;
        *bytes = ct__bytes(d, &dims) + CT__ALIGN - 1 + 2 * CT__SP_SLACK; /* and the li capacity's slack */
        return CT_OK;
    }
    *bytes = ct__bytes(d, &dims) + CT__ALIGN - 1; /* room to align the caller's pointer */
    return CT_OK;
}

CT_API ct_result ct_workspace_size(int nb, int nu, int nc, const ct_settings *s, size_t *bytes) {
    return ct__size(NULL, s, nb, nu, nc, bytes);
}

CT_API ct_result ct_workspace_size_problem(const ct_problem *p, const ct_settings *s, size_t *bytes) {
    if (!p) return CT_ERROR_INVALID_ARGUMENT;
    return ct__size(p, s, p->nb, p->nu, p->nc, bytes);
}

CT_API ct_result ct_solver_size(const ct_problem *p, const ct_settings *s, size_t *bytes) {
    return ct_workspace_size_problem(p, s, bytes);
}

CT_API ct_result ct_solver_init(ct_solver *sv, void *mem, size_t bytes) {
    ct_result r;
    if (!sv) return CT_ERROR_INVALID_ARGUMENT;
    CONTACT_MEMSET(sv, 0, sizeof(*sv));
    sv->nnzl = -1;
    r = ct_workspace_init(&sv->ws, mem, bytes);
    return r;
}

#ifndef CONTACT_NO_MALLOC
CT_API ct_result ct_solver_alloc(ct_solver *sv, const ct_problem *p, const ct_settings *s,
                                 void *alloc_ctx) {
    ct_result r;
    if (!sv) return CT_ERROR_INVALID_ARGUMENT;
    CONTACT_MEMSET(sv, 0, sizeof(*sv));
    sv->nnzl = -1;
    r = ct_workspace_alloc_problem(&sv->ws, p, s, alloc_ctx);
    return r;
}
CT_API void ct_solver_free(ct_solver *sv) {
    if (!sv) return;
    ct_workspace_free(&sv->ws);
    CONTACT_MEMSET(sv, 0, sizeof(*sv));
}
#endif

CT_API ct_result ct_solver_setup(ct_solver *sv, const ct_problem *p, const ct_settings *s,
                                 ct_info *info) {
    ct_info local;
    ct__why why;
    ct_result res;
    info = ct__info_init(info, &local);
    why.index = -1;
    why.field = NULL;
    if (!sv) {
        why.field = "sv";
        return ct__info_error(info, CT_ERROR_INVALID_ARGUMENT, &why);
    }
    res = ct__setup(sv, p, s, 1, &why);
    if (res != CT_OK) return ct__info_error(info, res, &why);
    info->status = CT_STATUS_NOT_SOLVED; /* set up, not solved yet */
    return CT_OK;
}

CT_API ct_result ct_solver_solve(ct_solver *sv, ct_real *lambda, ct_real *v, ct_info *info) {
    ct_info local;
    ct__why why;
    info = ct__info_init(info, &local);
    why.index = -1;
    why.field = NULL;
    if (!sv) {
        why.field = "sv";
        return ct__info_error(info, CT_ERROR_INVALID_ARGUMENT, &why);
    }
    return ct__solver_run(sv, lambda, v, info, 0);
}

/* An update: p2 replaces the problem when it validates (then the precomputations in drop are
   dropped); the setup stays as it was otherwise */
CT__PRIVATE ct_result ct__update(ct_solver *sv, const ct_problem *p2, unsigned drop) {
    ct__why why;
    ct_result r;
    ct_real asym;
    if (!sv) return CT_ERROR_INVALID_ARGUMENT;
    if (!sv->ready) return CT_ERROR_NO_SETUP;
    r = ct__validate_asym(p2, sv->settings.sym_tol, 1, &why, &asym);
    if (r != CT_OK) return r;
    { /* and what the method asks of it (the soft models' R), as a setup checks */
        const ct__method *d;
        r = ct__method_checks(p2, &sv->settings, &d, &why);
        if (r != CT_OK) return r;
    }
    sv->asym = asym;
    sv->problem = *p2;
    sv->cache &= ~drop;
    sv->peak = 0;
    return CT_OK;
}

/* G, R and the sizes were validated by the setup and cannot change here: only the new vectors
   are checked (finite, in range, mu >= 0), O(n), where the whole problem's validation reads G */
CT_API ct_result ct_solver_update_vectors(ct_solver *sv, const ct_real *g, const ct_real *mu) {
    ct__why why;
    ct_result r;
    int i;
    if (!sv) return CT_ERROR_INVALID_ARGUMENT;
    if (!sv->ready) return CT_ERROR_NO_SETUP;
    r = ct__values(g, (size_t)(sv->problem.nb + sv->problem.nu + 3 * sv->problem.nc), "g", &why);
    if (r == CT_OK) r = ct__values(mu, (size_t)sv->problem.nc, "mu", &why);
    if (r != CT_OK) return r;
    for (i = 0; mu && i < sv->problem.nc; ++i)
        if (mu[i] < 0) return CT_ERROR_NEGATIVE_FRICTION;
    if (g) sv->problem.g = g;
    if (mu) sv->problem.mu = mu;
    return CT_OK;
}

CT_API ct_result ct_solver_update_compliance(ct_solver *sv, const ct_real *R) {
    ct_problem p2;
    if (!sv) return CT_ERROR_INVALID_ARGUMENT;
    p2 = sv->problem;
    p2.R = R;
    return ct__update(sv, &p2, CT__CACHE_GS | CT__CACHE_LMAX | CT__CACHE_FACTOR | CT__CACHE_RANK);
}

CT_API ct_result ct_solver_update_matrix(ct_solver *sv, const ct_problem *p) {
    ct_problem p2;
    if (!sv || !p) return CT_ERROR_INVALID_ARGUMENT;
    if (!sv->ready) return CT_ERROR_NO_SETUP;
    p2 = sv->problem;
    if (p->nb != p2.nb || p->nu != p2.nu || p->nc != p2.nc || ct__form(p) != ct__form(&p2) ||
        (p->G == NULL) != (p2.G == NULL) || (p->Gs == NULL) != (p2.Gs == NULL) ||
        (p->Gop == NULL) != (p2.Gop == NULL))
        return CT_ERROR_NO_SETUP; /* another size or form: a new setup */
#ifdef CT__HAS_SPCHOL
    if (p->Gs && sv->nnzl >= 0) { /* the pattern of the ordering */
        const int ng = p->nb + p->nu + p->nc;
        int k;
        if (!p->Gs->row_ptr || !p->Gs->col) return CT_ERROR_INVALID_ARGUMENT;
        for (k = 0; k <= ng; ++k)
            if (p->Gs->row_ptr[k] != p2.Gs->row_ptr[k]) return CT_ERROR_NO_SETUP;
        for (k = 0; k < p->Gs->row_ptr[ng]; ++k)
            if (p->Gs->col[k] != p2.Gs->col[k]) return CT_ERROR_NO_SETUP;
    }
#endif
    p2.G = p->G;
    p2.Gs = p->Gs;
    p2.Gop = p->Gop;
    return ct__update(sv, &p2, CT__CACHE_GS | CT__CACHE_LMAX | CT__CACHE_FACTOR | CT__CACHE_RANK);
}

CT_API ct_result ct_solver_update_settings(ct_solver *sv, const ct_settings *s) {
    const ct__method *d;
    const char *field;
    ct__why why;
    ct_result r;
    ct__dims dims;
    if (!sv || !s) return CT_ERROR_INVALID_ARGUMENT;
    if (!sv->ready) return CT_ERROR_NO_SETUP;
    r = ct__settings_check(s, &field);
    if (r != CT_OK) return r;
    r = ct__method_checks(&sv->problem, s, &d, &why);
    if (r != CT_OK) return r;
    ct__dims_init(&dims, sv->problem.nb, sv->problem.nu, sv->problem.nc, ct__form(&sv->problem), sv->nnzl);
    ct__dims_scale(&dims, &sv->problem, s);
    if (d->analyze && dims.form == CT__FORM_SPARSE && sv->nnzl < 0) return CT_ERROR_NO_SETUP; /* unanalysed */
    { /* a block-sparse analysis belongs to its method family (ADMM's Cholesky pattern is not
         the Newton methods' LU pattern): another one needs a new setup */
        const ct__method *old = ct__method_of(sv->settings.method);
        if (d->analyze && dims.form == CT__FORM_SPARSE && (!old || old->analyze != d->analyze))
            return CT_ERROR_NO_SETUP;
    }
    if (ct__bytes(d, &dims) > sv->ws.size) return CT_ERROR_WORKSPACE_TOO_SMALL;
    if (s->sym_tol != sv->settings.sym_tol) {
        r = ct__validate(&sv->problem, s->sym_tol, 1, &why);
        if (r != CT_OK) return r;
    }
    /* what the precomputations depend on: the method (all of them, and the state), omega (the
       Gauss-Seidel steps), power_iters (L); a factorization is kept for its shift */
    if (s->method != sv->settings.method || s->scale != sv->settings.scale) { /* scale: another G */
        CONTACT_MEMSET(&sv->state, 0, sizeof(sv->state));
        sv->cache &= CT__CACHE_ORDER;
    }
    if (s->pgs.omega != sv->settings.pgs.omega || s->pgs.desaxce != sv->settings.pgs.desaxce)
        sv->cache &= ~(unsigned)CT__CACHE_GS;
    if (s->admm.power_iters != sv->settings.admm.power_iters) sv->cache &= ~(unsigned)CT__CACHE_LMAX;
    sv->settings = *s;
    sv->peak = 0; /* the method's layout, at the next solve */
    return CT_OK;
}

/* the solver object's dual vector (ADMM's z, the first of its arrays), or NULL */
CT__PRIVATE ct_real *ct__solver_dual(const ct_solver *sv) {
#ifdef CT__HAS_ADMM
    if (sv->ready && (sv->settings.method == CT_METHOD_ADMM_NCP || sv->settings.method == CT_METHOD_ADMM_CCP ||
                      sv->settings.method == CT_METHOD_HYBRID_NCP)) {
        ct__dims dims;
        ct__arena a;
        ct__common c;
        ct__admm_mem m;
        ct__dims_init(&dims, sv->problem.nb, sv->problem.nu, sv->problem.nc, ct__form(&sv->problem), sv->nnzl);
        ct__dims_scale(&dims, &sv->problem, &sv->settings);
        a.base = sv->ws.base;
        a.at = 0;
        ct__common_layout(&a, &dims, &c, 1);
        ct__admm_layout(&a, &dims, &m);
        return m.z;
    }
#endif
    (void)sv;
    return NULL;
}

CT_API ct_result ct_solver_state_get(const ct_solver *sv, ct_solver_state *st, ct_real *dual) {
    const int n = sv ? sv->problem.nb + sv->problem.nu + 3 * sv->problem.nc : 0;
    if (!sv || !st) return CT_ERROR_INVALID_ARGUMENT;
    if (!sv->ready) return CT_ERROR_NO_SETUP;
    *st = sv->state;
    if (dual) {
        const ct_real *z = ct__solver_dual(sv);
        if (!sv->state.has_dual || !z) return CT_ERROR_INVALID_VALUE; /* no dual to give */
        if (n > 0) CONTACT_MEMCPY(dual, z, (size_t)n * sizeof(ct_real));
    }
    return CT_OK;
}

CT_API ct_result ct_solver_state_set(ct_solver *sv, const ct_solver_state *st, const ct_real *dual) {
    const int n = sv ? sv->problem.nb + sv->problem.nu + 3 * sv->problem.nc : 0;
    ct_real *z;
    if (!sv || !st) return CT_ERROR_INVALID_ARGUMENT;
    if (!sv->ready) return CT_ERROR_NO_SETUP;
    if (st->has_rho && !(ct__finite(st->rho) && st->rho > 0 && st->rho < CT_HUGE)) return CT_ERROR_INVALID_VALUE;
    if (st->has_rho_power && !(st->rho_power >= -100 && st->rho_power <= 100)) /* admm.rho_power's range */
        return CT_ERROR_INVALID_VALUE;
    z = ct__solver_dual(sv);
    if (st->has_dual) {
        if (!dual) return CT_ERROR_INVALID_ARGUMENT;
        if (!z) return CT_ERROR_INVALID_VALUE; /* the method keeps no dual */
        if (n > 0 && !ct__all_finite(dual, (size_t)n)) return CT_ERROR_NON_FINITE;
        if (n > 0) CONTACT_MEMCPY(z, dual, (size_t)n * sizeof(ct_real));
    }
    sv->state = *st;
    sv->state.has_rho = st->has_rho != 0;
    sv->state.has_rho_power = st->has_rho && st->has_rho_power != 0;
    sv->state.has_dual = st->has_dual != 0;
    return CT_OK;
}

CT_API ct_result ct_solver_reset(ct_solver *sv) {
    if (!sv) return CT_ERROR_INVALID_ARGUMENT;
    CONTACT_MEMSET(&sv->state, 0, sizeof(sv->state));
    return CT_OK;
}

/* >>public ------------------------------------------------------------------------------- */
#define CT__CASE_STRING(name, value, text, explain) case name: return text;
#define CT__CASE_EXPLAIN(name, value, text, explain) case name: return explain;
CT_API const char *ct_version(void) { return CONTACT_VERSION_STRING; }
CT_API const char *ct_result_string(ct_result r) {
    switch (r) {
        CT_RESULT_LIST(CT__CASE_STRING)
        default: return "unknown ct_result";
    }
}
CT_API const char *ct_result_explain(ct_result r) {
    switch (r) {
        CT_RESULT_LIST(CT__CASE_EXPLAIN)
        default: return "not a ct_result value";
    }
}
CT_API const char *ct_status_string(ct_status s) {
    switch (s) {
        CT_STATUS_LIST(CT__CASE_STRING)
        default: return "unknown ct_status";
    }
}
CT_API const char *ct_status_explain(ct_status s) {
    switch (s) {
        CT_STATUS_LIST(CT__CASE_EXPLAIN)
        default: return "not a ct_status value";
    }
}

CT_API ct_problem ct_problem_dense(int nb, int nu, int nc, const ct_real *G, const ct_real *g,
                                   const ct_real *mu) {
    ct_problem p;
    CONTACT_MEMSET(&p, 0, sizeof(p));
    p.nb = nb;
    p.nu = nu;
    p.nc = nc;
    p.G = G;
    p.g = g;
    p.mu = mu;
    p.R = NULL;
    p.soft = NULL;
    p.Gs = NULL;
    p.Gop = NULL;
    return p;
}

#ifdef CT__HAS_SPARSE
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
    if (nb + nu + 3 * nc > 0 && !G) return CT_ERROR_INVALID_ARGUMENT;
    if (!(drop_tol >= 0) || !ct__finite(drop_tol)) return CT_ERROR_INVALID_VALUE;
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

#endif /* CT__HAS_SPARSE */

CT_API ct_result ct_workspace_init(ct_workspace *ws, void *mem, size_t bytes) {
    size_t skip;
    if (!ws || (!mem && bytes > 0)) return CT_ERROR_INVALID_ARGUMENT;
    CONTACT_MEMSET(ws, 0, sizeof(*ws));
    if (!mem) return CT_OK;
    skip = (CT__ALIGN - (size_t)((uintptr_t)mem % CT__ALIGN)) % CT__ALIGN;
    ws->base = (unsigned char *)mem + skip;
    /* the size queries count CT__ALIGN - 1 bytes of alignment slack, whatever mem's alignment:
       so does the size kept, and a buffer one byte under the query is refused on every address */
    ws->size = bytes >= CT__ALIGN - 1 ? bytes - (CT__ALIGN - 1) : 0;
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

#ifdef CT__HAS_LINALG
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

CT_API ct_result ct_lu_factor(ct_real *a, int n, int lda, int *piv, int *bad_pivot) {
    int i, bad;
    if (bad_pivot) *bad_pivot = -1;
    if (n < 0 || n > CT__MAX_N || lda < n || lda > CT__MAX_N) return CT_ERROR_INVALID_SIZE;
    if (n == 0) return CT_OK;
    if (!a || !piv) return CT_ERROR_INVALID_ARGUMENT;
    for (i = 0; i < n; ++i)
        if (!ct__all_finite(a + (size_t)i * lda, (size_t)n)) return CT_ERROR_NON_FINITE;
    bad = ct__lu_factor(a, n, lda, piv, NULL);
    if (bad >= 0) {
        if (bad_pivot) *bad_pivot = bad;
        return CT_ERROR_SINGULAR;
    }
    return CT_OK;
}

CT_API void ct_lu_solve(const ct_real *lu, int n, int lda, const int *piv, ct_real *b, int trans) {
    CONTACT_ASSERT(n >= 0 && (n == 0 || (lu && piv && b)));
    if (n > 0) ct__lu_solve(lu, n, lda, piv, b, trans != 0);
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
    /* finite input can overflow (M = 1e-300 I, J = 1e200): no inf or NaN under CT_OK */
    if (!ct__in_range(G, (size_t)m * m) || (vfree && g && !ct__in_range(g, (size_t)m)))
        return CT_ERROR_OUT_OF_RANGE;
    return CT_OK;
}
#endif /* CT__HAS_LINALG */

/* >>io ----------------------------------------------------------------------------------- */
#ifdef CT__HAS_IO
#include <string.h> /* strcmp */
#include <stdlib.h> /* strtod, strtol */
#ifdef CONTACT_USE_FLOAT
#define CT__IO_FMT "%.9g"
#else
#define CT__IO_FMT "%.17g"
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

#ifndef CONTACT_IO_MAX_BYTES
#define CONTACT_IO_MAX_BYTES ((size_t)256 << 20)
#endif
/* One whitespace-separated token of at most 64 characters into w (65 bytes): 1, or 0 at the end
   of input or for a longer token; *used counts the bytes consumed */
CT__PRIVATE int ct__io_token(FILE *f, char w[65], size_t *used) {
    int c, k = 0;
    do {
        c = fgetc(f);
        ++*used;
    } while (c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\v' || c == '\f');
    while (c != EOF && c != ' ' && c != '\n' && c != '\t' && c != '\r' && c != '\v' && c != '\f') {
        if (k == 64) return 0; /* overlong */
        w[k++] = (char)c;
        c = fgetc(f);
        ++*used;
    }
    w[k] = 0;
    return k > 0;
}
/* a finite number of the precision's range, the whole token */
CT__PRIVATE int ct__io_number(FILE *f, ct_real *x, size_t *used) {
    char w[65], *end;
    if (!ct__io_token(f, w, used)) return 0;
#ifdef CONTACT_USE_FLOAT
    *x = strtof(w, &end);
#else
    *x = strtod(w, &end);
#endif
    return *end == 0 && end != w && ct__finite(*x); /* whole token; not nan, inf or beyond range */
}
CT__PRIVATE int ct__io_int(FILE *f, const char *tag, int *x, size_t *used) {
    char w[65], *end;
    long v;
    if (tag && (!ct__io_token(f, w, used) || strcmp(w, tag) != 0)) return 0;
    if (!ct__io_token(f, w, used)) return 0;
    v = strtol(w, &end, 10);
    if (*end != 0 || end == w || v < -2147483647L || v > 2147483647L) return 0;
    *x = (int)v;
    return 1;
}
CT__PRIVATE int ct__io_read_array(FILE *f, const char *tag, ct_real *x, size_t count, size_t *used) {
    char w[65];
    size_t i;
    if (!ct__io_token(f, w, used) || strcmp(w, tag) != 0) return 0;
    for (i = 0; i < count; ++i)
        if (!ct__io_number(f, &x[i], used)) return 0;
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

CT_API ct_result ct_problem_read_max(FILE *f, size_t max_bytes, ct_problem_data *out) {
    int version = 0, nb = 0, nu = 0, nc = 0, hasR = 0, n;
    size_t used = 0, numbers;
    char w[65];
    if (!f || !out) return CT_ERROR_INVALID_ARGUMENT;
    CONTACT_MEMSET(out, 0, sizeof(*out));
    if (max_bytes == 0) { /* what the stream holds, when it can tell */
        long at = ftell(f), last;
        max_bytes = CONTACT_IO_MAX_BYTES;
        if (at >= 0 && fseek(f, 0, SEEK_END) == 0) {
            last = ftell(f);
            if (last >= at) max_bytes = (size_t)(last - at);
            if (fseek(f, at, SEEK_SET) != 0) return CT_ERROR_IO;
        }
    }
    if (!ct__io_token(f, w, &used) || strcmp(w, "contact.h") != 0 || !ct__io_int(f, "problem", &version, &used) ||
        version != 1 || !ct__io_int(f, "nb", &nb, &used) || !ct__io_int(f, "nu", &nu, &used) ||
        !ct__io_int(f, "nc", &nc, &used) || !ct__io_int(f, "R", &hasR, &used) || (hasR != 0 && hasR != 1))
        return CT_ERROR_IO;
    if (!ct__sizes_ok(nb, nu, nc)) return CT_ERROR_INVALID_SIZE;
    n = nb + nu + 3 * nc;
    /* every number takes two bytes at least (a digit and a separator): allocate nothing that
       the input cannot fill */
    numbers = (size_t)n * n + (size_t)n + (size_t)nc + (hasR ? (size_t)n : 0);
    if (max_bytes < used || numbers > (max_bytes - used) / 2) return CT_ERROR_IO;
    out->G = (ct_real *)CONTACT_MALLOC(sizeof(ct_real) * ((size_t)n * n + 1), NULL);
    out->g = (ct_real *)CONTACT_MALLOC(sizeof(ct_real) * ((size_t)n + 1), NULL);
    out->mu = (ct_real *)CONTACT_MALLOC(sizeof(ct_real) * ((size_t)nc + 1), NULL);
    if (hasR) out->R = (ct_real *)CONTACT_MALLOC(sizeof(ct_real) * ((size_t)n + 1), NULL);
    if (!out->G || !out->g || !out->mu || (hasR && !out->R)) {
        ct_problem_data_free(out);
        return CT_ERROR_OUT_OF_MEMORY;
    }
    if (!ct__io_read_array(f, "G", out->G, (size_t)n * n, &used) ||
        !ct__io_read_array(f, "g", out->g, (size_t)n, &used) ||
        !ct__io_read_array(f, "mu", out->mu, (size_t)nc, &used) ||
        (hasR && !ct__io_read_array(f, "R", out->R, (size_t)n, &used)) || !ct__io_token(f, w, &used) ||
        strcmp(w, "end") != 0 || used > max_bytes + 1) {
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
CT_API ct_result ct_problem_read(FILE *f, ct_problem_data *out) { return ct_problem_read_max(f, 0, out); }
#endif

#ifndef CONTACT_ALLOW_FP_CONTRACT /* the caller's contraction setting again (>>determinism) */
#if defined(__clang__) || (defined(_MSC_VER) && !defined(__GNUC__))
#pragma float_control(pop)
#elif defined(__GNUC__) && !defined(__INTEL_COMPILER)
#pragma GCC pop_options
#endif
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
