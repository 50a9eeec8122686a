/* pinocchio_side.cpp - Pinocchio's header-only contact solvers behind a C interface, for
   bench/peers_pinocchio.c (make bench-peers). Not part of contact.h.

   Pinocchio (github.com/stack-of-tasks/pinocchio, 3.x) is never copied into this repository:
   the build names its source tree (PINOCCHIO_SRC, its include/ directory) and stubs the three
   headers its CMake would generate (bench/peers/stub/pinocchio/). Needs Eigen 3.4 and Boost
   (boost::optional). Built with the flags of every side: -O2 -march=native -DNDEBUG
   -DEIGEN_NO_DEBUG.

   The solvers, as a Pinocchio user calls them on a dense Delassus matrix G:
   - ADMMContactSolverTpl<double> with DelassusOperatorDenseTpl<double, ColMajor>: solve(delassus,
     g, cones, R = 0, no primal guess, no dual guess, compute_largest_eigen_values = true,
     stat_record = false). The timed solve includes its power iteration and every
     factorization of G + (mu_prox + tau rho) I (updateDamping: copy, add, LLT).
   - PGSContactSolverTpl<double>: solve(G, g, cones, x) with x = 0 on entry, over_relax = 1.
     G is given row-major: the sweep reads G's rows (G.middleRows<3>), contiguous in that
     order (G is symmetric, so this is the same matrix; column-major makes Pinocchio's PGS
     slower, it reads strided rows).
   Default settings on both (mu_prox 1e-6, tau 0.5, rho_power 0.2, rho_power_factor 0.05,
   ratio_primal_dual 10, 20 power iterations); the own tolerance is set as
   absolute_precision = relative_precision = tol (ADMM stops on the absolute one alone, PGS on
   either), and max_it as asked.

   Cold solves. Pinocchio's ADMM keeps state between calls: is_initialized (then x starts from
   the last y and z from the last z), rho_power (set from the final rho of the last solve, so
   the next solve starts from that penalty), the power iteration's vector (the next estimate
   starts from it), and the Delassus operator's damping (mu_prox + tau rho of the last
   factorization, which the next power iteration multiplies with: it estimates the largest
   eigenvalue of G + damping). pin_admm_reset puts all four back to a fresh solver's values in
   O(n) (derived classes reach the protected fields; the operator's factorization is
   recomputed by every solve before use). pin_admm_fresh_check compares the answer of the
   reset solver with a newly constructed solver and operator: it must be 0 (bitwise). */
#include <Eigen/Dense>
#include <vector>

#include "pinocchio/algorithm/admm-solver.hpp"
#include "pinocchio/algorithm/delassus-operator-dense.hpp"
#include "pinocchio/algorithm/pgs-solver.hpp"

#include "pinocchio_side.h"

namespace {

typedef Eigen::MatrixXd MatrixCol;
typedef Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> MatrixRow;
typedef Eigen::VectorXd Vector;
typedef pinocchio::CoulombFrictionConeTpl<double> Cone;
typedef std::vector<Cone> Cones;

/* the dense Delassus operator with its damping reset to a new operator's value (0) */
struct Delassus : pinocchio::DelassusOperatorDenseTpl<double, Eigen::ColMajor> {
    typedef pinocchio::DelassusOperatorDenseTpl<double, Eigen::ColMajor> Base;
    explicit Delassus(const MatrixCol &G) : Base(G) {}
    void reset() { damping.setZero(); }
};

/* the ADMM solver with its state reset to a new solver's values */
struct Admm : pinocchio::ADMMContactSolverTpl<double> {
    typedef pinocchio::ADMMContactSolverTpl<double> Base;
    double rho_power0;
    explicit Admm(int n) : Base(n), rho_power0(Base::rho_power) {}
    void reset() {
        is_initialized = false;
        rho = -1;
        rho_power = rho_power0;
        power_iteration_algo.reset();
    }
};

} // namespace

struct pin_problem {
    int n;
    MatrixCol G;
    MatrixRow Grow;
    Vector g, R0, x;
    Cones cones;
    Delassus delassus;
    Admm admm;
    pinocchio::PGSContactSolverTpl<double> pgs;
    pin_problem(int nc, const double *Gr, const double *gv, const double *mu)
    : n(3 * nc), G(Eigen::Map<const MatrixRow>(Gr, 3 * nc, 3 * nc)),
      Grow(Eigen::Map<const MatrixRow>(Gr, 3 * nc, 3 * nc)), g(Eigen::Map<const Vector>(gv, 3 * nc)),
      R0(Vector::Zero(3 * nc)), x(Vector::Zero(3 * nc)), delassus(G), admm(3 * nc), pgs(3 * nc) {
        for (int i = 0; i < nc; ++i) cones.push_back(Cone(mu[i]));
    }
};

extern "C" {

pin_problem *pin_new(int nc, const double *G, const double *g, const double *mu) {
    try {
        return new pin_problem(nc, G, g, mu);
    } catch (...) {
        return nullptr;
    }
}

void pin_free(pin_problem *p) { delete p; }

void pin_admm_reset(pin_problem *p) {
    p->admm.reset();
    p->delassus.reset();
}

static void admm_run(pin_problem *p, Admm &admm, Delassus &delassus, double tol, int max_iter,
                     pin_result *res) {
    admm.setAbsolutePrecision(tol);
    admm.setRelativePrecision(tol);
    admm.setMaxIterations(max_iter);
    res->converged = admm.solve(delassus, p->g, p->cones, p->R0) ? 1 : 0;
    /* getIterationCount() is the loop counter: it starts at 1 and ends at max_it + 1 when
       the loop runs out */
    res->iterations = admm.getIterationCount() - (res->converged ? 0 : 1);
    res->factorizations = admm.getCholeskyUpdateCount();
    res->x = admm.getPrimalSolution().data();
}

void pin_admm_solve(pin_problem *p, double tol, int max_iter, pin_result *res) {
    admm_run(p, p->admm, p->delassus, tol, max_iter, res);
}

double pin_admm_fresh_check(pin_problem *p, double tol, int max_iter, const double *x) {
    Delassus delassus(p->G);
    Admm admm(p->n);
    pin_result r;
    double d = 0;
    admm_run(p, admm, delassus, tol, max_iter, &r);
    for (int i = 0; i < p->n; ++i) d = std::max(d, std::abs(r.x[i] - x[i]));
    return d;
}

void pin_pgs_reset(pin_problem *p) { p->x.setZero(); }

void pin_pgs_solve(pin_problem *p, double tol, int max_iter, pin_result *res) {
    p->pgs.setAbsolutePrecision(tol);
    p->pgs.setRelativePrecision(tol);
    p->pgs.setMaxIterations(max_iter);
    res->converged = p->pgs.solve(p->Grow, p->g, p->cones, p->x) ? 1 : 0;
    /* getIterationCount() is the loop counter: from 0, left at the sweep that converged */
    res->iterations = p->pgs.getIterationCount() + (res->converged ? 1 : 0);
    res->factorizations = 0;
    res->x = p->x.data();
}

const char *pin_version(void) { return PINOCCHIO_VERSION; }

} // extern "C"
