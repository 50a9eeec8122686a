/* peers_mujoco.c - contact.h's NEWTON_SOFT against MuJoCo's Newton constraint solver on MJCF
   scenes (make bench-peers; bench/peers.sh runs it).

     peers_mujoco [-t target] [-r rounds] [-b batch_ms] [-x max_iter] [-S snapshots] [-T seconds]
                  SCENE.xml [SCENE.xml ...]
     peers_mujoco --header

   Each scene is loaded with MuJoCo (Debian libmujoco-dev 2.2.2), its options forced to the
   Newton solver, elliptic cones, a dense Jacobian, no warm start, no noslip, impratio 1, and
   simulated for -T (2) seconds from its first keyframe (or its initial state); at -S (5) times
   evenly spread over the run (the last at the end) the state after mj_forward is kept as one
   problem (at the first step from that time on with constraints: a sliding body hops). Rows MuJoCo has and contact.h's soft model lacks (friction loss, torsional or
   rolling friction: condim 4 or 6, pyramidal cones) make a snapshot skipped.

   The same problem on both sides. MuJoCo's constraint problem in efc rows is the regularized
   CCP ([Castro23], MuJoCo's dual): A = J M^-1 J^T, b = efc_b = J qacc_smooth - aref, the
   compliance efc_R, forces efc_force in K, with v = (A + R) f + b. contact.h gets it as
   ct_problem: equality rows as bilateral rows, joint and tendon limits and frictionless
   (condim 1) contacts as unilateral rows, condim-3 contacts as contacts with their rows
   reordered (n, t1, t2) -> (t1, t2, n) and mu = friction[0] (impratio 1: MuJoCo's regularized
   cone is then the Coulomb cone of friction[0]); G = J M^-1 J^T, g = efc_b, R = efc_R; no
   soft data (CT_SOFT_CCP with p->R). MuJoCo computes a contact's second tangent R as
   R_t1 friction[0]^2 / friction[1]^2, which can differ from R_t1 in the last bit; contact.h's
   soft CCP needs R_t1 = R_t2 (else CT_ERROR_ANISOTROPIC_COMPLIANCE), so both are replaced by
   their mean, for both sides' scoring (column r_avg: the contacts where they differed).

   One error measure for every answer: the relative residual of the soft model's law,
   ct_criteria(..., CT_FLAVOR_SOFT).relative = ||lambda - gamma(v - R lambda)|| / max(||g||,
   ||lambda||, ||v||) with v = (G + R) lambda + g recomputed from the answer (ct_velocity);
   target -t (1e-8). Each side's own tolerance is tuned by the rule of bench/peers.h: MuJoCo's
   opt.tolerance (on its scaled cost improvement and gradient), contact.h's tol_rel
   (stop = CT_STOP_RELATIVE on the same soft residual). Iteration cap -x (1000) on both.
   force_diff = max |lambda - lambda_mujoco| / max |lambda_mujoco| (each at its kept tolerance).

   Timed (CPU time, interleaved rounds of bench/peers.h, -r 7 rounds of about -b 20 ms):
   - mujoco: mj_fwdConstraint (efc_b, the cold start qacc = qacc_smooth, mj_solNewton: its
     Hessian M + J^T D J, factorizations and line searches), MuJoCo's constraint-solver time;
   - contact.h: ct_solve with method NEWTON_SOFT on the problem formed outside the timed region;
   - contact.h+form: ct_form (below) and ct_solve: from (M, J, efc_b, efc_R) to forces;
   - contact.h:MJ: M and J alone, no G: ct_inputs (below) and ct_solve with p->soft giving M,
     J and vstar = qacc_smooth (NEWTON_SOFT in generalized velocities: an nv x nv Newton
     matrix, v scored through M's Cholesky): from MuJoCo's data to forces, every setup counted;
   - contact.h:MJ+L: the same with M's factor given (soft.Lm), as MuJoCo's solver has it:
     ct_inputs_factor converts MuJoCo's qLD (M = L^T D L, L unit lower over each dof's
     ancestors) into the Cholesky factor of M with its dofs reversed, P M P = (P L^T P D'^1/2)
     (...)^T, entry (nv-1-i, nv-1-k) = L(k, i) sqrt(D_k) (soft.Lm_reversed = 1), in the timed
     region; ct_solve checks it against M;
   - form: ct_form alone; form:dense: the same G from the dense M by ct_delassus_from_mj
     (contact.h's own Cholesky of M), with mj_fullM.
   ct_form is the one function that builds contact.h's problem from MuJoCo's data: G = X X^T
   with X = D^-1/2 L^-T J^T by mj_solveM2 on MuJoCo's factor of M (factored before the
   constraint stage, like MuJoCo's own solver uses it), g and R permuted, the tangent R
   averaged. ct_inputs is what the M-and-J side needs instead: M dense (mj_fullM), J's rows,
   g and R in contact.h's order.

   One CSV row per snapshot and side, the columns of --header: scene, step, time, nv, nefc
   (MuJoCo's rows), nb, nu, nc, n, r_avg, side, method, target, own_tol, tries, iterations,
   factorizations, soft_rel, soft_abs (the law's largest per-row or per-contact residual,
   force units), force_diff, converged, batch, rounds, median_us, min_us, max_us,
   mujoco_version.

   Build: cc -O2 -march=native -DNDEBUG -I. -Ibench bench/peers_mujoco.c -lmujoco -lm */
#define _POSIX_C_SOURCE 199309L
#define CONTACT_IMPLEMENTATION
#include "contact.h"
#include "peers.h"

#include <mujoco/mujoco.h>

static const char *HEADER =
    "scene,step,time,nv,nefc,nb,nu,nc,n,r_avg,side,method,target,own_tol,tries,iterations,"
    "factorizations,soft_rel,soft_abs,force_diff,converged,batch,rounds,median_us,min_us,max_us,"
    "mujoco_version";

typedef struct snap {
    mjModel *m;
    mjData *d;           /* the state, after mj_forward                                    */
    int nv, nefc, nb, nu, nc, n, r_avg, max_iter;
    int *perm;           /* (n) contact.h row -> MuJoCo efc row                            */
    double *X, *G, *g, *R, *mu; /* the contact.h problem p (ct_form)                        */
    double *Mfull, *Jct, *G2, *scratch; /* the dense route and the generalized form        */
    double *Lrev;        /* M's factor from MuJoCo's qLD, dofs reversed (ct_inputs_factor)    */
    ct_problem p, pgen, pgenl; /* G given; M and J alone (pgen.G = NULL); with M's factor too */
    ct_soft soft, softl;
    ct_settings s;
    ct_workspace ws, wsgen;
    ct_info info;
    double *lambda, *v, *lam_mj;
} snap;

/* row i's kind in contact.h's groups: 0 bilateral, 1 unilateral, 2 contact, -1 unsupported */
static int row_kind(const mjModel *m, const mjData *d, int i) {
    switch (d->efc_type[i]) {
        case mjCNSTR_EQUALITY: return 0;
        case mjCNSTR_LIMIT_JOINT:
        case mjCNSTR_LIMIT_TENDON:
        case mjCNSTR_CONTACT_FRICTIONLESS: return 1;
        case mjCNSTR_CONTACT_ELLIPTIC: return d->contact[d->efc_id[i]].dim == 3 ? 2 : -1;
        default: (void)m; return -1;
    }
}

/* The contact.h problem from MuJoCo's data (header comment): G = J M^-1 J^T through MuJoCo's
   factor of M, g = efc_b and R = efc_R in contact.h's row order, each contact's tangent R
   averaged. */
/* g = efc_b and R = efc_R in contact.h's row order, each contact's tangent R averaged */
static void ct_vectors(snap *sn) {
    const int c0 = sn->nb + sn->nu;
    int i;
    for (i = 0; i < sn->n; ++i) {
        sn->g[i] = sn->d->efc_b[sn->perm[i]];
        sn->R[i] = sn->d->efc_R[sn->perm[i]];
    }
    for (i = 0; i < sn->nc; ++i) {
        double *r = sn->R + c0 + 3 * i;
        r[0] = r[1] = 0.5 * (r[0] + r[1]);
    }
}
static void ct_form(snap *sn) {
    const int n = sn->n, nv = sn->nv;
    int i;
    for (i = 0; i < n; ++i)
        mj_solveM2(sn->m, sn->d, sn->X + (size_t)i * nv, sn->d->efc_J + (size_t)sn->perm[i] * nv, 1);
    mju_mulMatMatT(sn->G, sn->X, sn->X, n, nv, n);
    ct_vectors(sn);
}

/* MuJoCo's R on the contact rows reproduced by ct_compliance_mujoco_approx from each contact's
   solref, solimp, distance (efc_pos - efc_margin) and efc_diagApprox, and by
   ct_compliance_mujoco from G's exact diagonal: the largest relative differences to efc_R
   (tangents: their mean, as ct_form) go to stderr, one line per snapshot */
static void r_check(snap *sn) {
    const int n = sn->n, c0 = sn->nb + sn->nu;
    double *diag = (double *)calloc((size_t)n, sizeof(double)), *pos = (double *)calloc((size_t)n, sizeof(double));
    double *Ra = (double *)calloc((size_t)n, sizeof(double)), *Re = (double *)calloc((size_t)n, sizeof(double));
    double worst_a = 0, worst_e = 0;
    int i, j;
    for (i = 0; i < n; ++i) {
        const int e = sn->perm[i];
        diag[i] = sn->d->efc_diagApprox[e];
        pos[i] = sn->d->efc_pos[e] - sn->d->efc_margin[e];
    }
    for (i = 0; i < sn->nc; ++i) {
        const int r0 = c0 + 3 * i;
        const mjContact *con = &sn->d->contact[sn->d->efc_id[sn->perm[r0 + 2]]];
        if (ct_compliance_mujoco_approx(&sn->p, r0, 3, con->solref, con->solimp, sn->m->opt.timestep, pos, NULL, 0,
                                        diag, Ra, NULL) != CT_OK ||
            ct_compliance_mujoco(&sn->p, r0, 3, con->solref, con->solimp, sn->m->opt.timestep, pos, NULL, 0, Re,
                                 NULL) != CT_OK) {
            worst_a = worst_e = -1;
            break;
        }
        for (j = 0; j < 3; ++j) {
            const double want = sn->R[r0 + j];
            worst_a = fmax(worst_a, fabs(Ra[r0 + j] - want) / want);
            worst_e = fmax(worst_e, fabs(Re[r0 + j] / want));
        }
    }
    if (sn->nc > 0)
        fprintf(stderr, "peers_mujoco: R check, %d contacts: diagonal approximation max rel. diff %.2g; exact diagonal max R / efc_R %.3g\n",
                sn->nc, worst_a, worst_e);
    free(diag); free(pos); free(Ra); free(Re);
}

/* The inputs of the M-and-J side from MuJoCo's data: dense M, J's rows, g and R in
   contact.h's order */
static void ct_inputs(snap *sn) {
    const int n = sn->n, nv = sn->nv;
    int i;
    mj_fullM(sn->m, sn->Mfull, sn->d->qM);
    for (i = 0; i < n; ++i)
        memcpy(sn->Jct + (size_t)i * nv, sn->d->efc_J + (size_t)sn->perm[i] * nv, sizeof(double) * (size_t)nv);
    ct_vectors(sn);
}

/* ct_inputs, and M's Cholesky factor with the dofs reversed from MuJoCo's qLD (header) */
static void ct_inputs_factor(snap *sn) {
    const mjModel *m = sn->m;
    const int nv = sn->nv;
    int k;
    ct_inputs(sn);
    for (k = 0; k < nv; ++k) /* contact.h reads the lower triangle */
        memset(sn->Lrev + (size_t)k * nv, 0, sizeof(double) * (size_t)(k + 1));
    for (k = 0; k < nv; ++k) {
        const int adr = m->dof_Madr[k], kr = nv - 1 - k;
        const double s = sqrt(sn->d->qLD[adr]);
        int i = m->dof_parentid[k], a = adr + 1;
        sn->Lrev[(size_t)kr * nv + kr] = s;
        for (; i >= 0; i = m->dof_parentid[i], ++a) sn->Lrev[(size_t)(nv - 1 - i) * nv + kr] = sn->d->qLD[a] * s;
    }
}

/* the same G from the dense M by contact.h's helper (J rows already in contact.h order) */
static void ct_form_dense(snap *sn) {
    mj_fullM(sn->m, sn->Mfull, sn->d->qM);
    ct_delassus_from_mj(sn->nv, sn->n, sn->Mfull, sn->Jct, NULL, sn->G2, NULL, sn->scratch);
}

/* the sides */
static int mj_side_solve(void *ctx, double tol) {
    snap *sn = (snap *)ctx;
    sn->m->opt.tolerance = tol;
    mj_fwdConstraint(sn->m, sn->d);
    return sn->d->solver_iter < sn->max_iter;
}
static double soft_score(snap *sn, const double *lambda, double *absr) {
    ct_residuals res;
    if (ct_velocity(&sn->p, lambda, sn->v) != CT_OK ||
        ct_criteria(&sn->p, lambda, sn->v, CT_FLAVOR_SOFT, &res) != CT_OK) {
        if (absr) *absr = INFINITY;
        return INFINITY;
    }
    if (absr) *absr = res.absolute;
    return res.relative;
}
static void mj_answer(snap *sn) {
    int i;
    for (i = 0; i < sn->n; ++i) sn->lam_mj[i] = sn->d->efc_force[sn->perm[i]];
}
static double mj_side_score(void *ctx) {
    snap *sn = (snap *)ctx;
    mj_answer(sn);
    return soft_score(sn, sn->lam_mj, NULL);
}
/* one cold ct_solve of p at tol (a refused input counts as a numerical failure) */
static int ct_run(snap *sn, const ct_problem *p, ct_workspace *ws, double tol) {
    sn->s.tol_rel = tol;
    if (ct_solve(p, &sn->s, ws, sn->lambda, sn->v, &sn->info) != CT_OK)
        sn->info.status = CT_STATUS_NUMERICAL_FAILURE;
    return sn->info.status == CT_STATUS_CONVERGED;
}
static int ct_side_solve(void *ctx, double tol) {
    snap *sn = (snap *)ctx;
    return ct_run(sn, &sn->p, &sn->ws, tol);
}
static int ct_total_solve(void *ctx, double tol) {
    ct_form((snap *)ctx);
    return ct_side_solve(ctx, tol);
}
static int ct_gen_solve(void *ctx, double tol) {
    snap *sn = (snap *)ctx;
    ct_inputs(sn);
    return ct_run(sn, &sn->pgen, &sn->wsgen, tol);
}
static int ct_genl_solve(void *ctx, double tol) {
    snap *sn = (snap *)ctx;
    ct_inputs_factor(sn);
    return ct_run(sn, &sn->pgenl, &sn->wsgen, tol);
}
static double ct_side_score(void *ctx) {
    snap *sn = (snap *)ctx;
    return soft_score(sn, sn->lambda, NULL);
}
static int form_solve(void *ctx, double tol) {
    (void)tol;
    ct_form((snap *)ctx);
    return 1;
}
static int form_dense_solve(void *ctx, double tol) {
    (void)tol;
    ct_form_dense((snap *)ctx);
    return 1;
}
static double zero_score(void *ctx) {
    (void)ctx;
    return 0;
}

/* the snapshot's problem: row map, arrays, settings, workspaces; 0, or -1 (skip) */
static int snap_setup(snap *sn, mjModel *m, mjData *d, int max_iter) {
    int i, k, cnt[3] = {0, 0, 0}, at[3];
    const int nv = m->nv, nefc = d->nefc;
    memset(sn, 0, sizeof(*sn));
    sn->m = m;
    sn->nv = nv;
    sn->nefc = nefc;
    sn->max_iter = max_iter;
    if (nefc == 0) return -1;
    for (i = 0; i < nefc;) {
        int kind = row_kind(m, d, i), w = kind == 2 ? 3 : 1;
        if (kind < 0) {
            fprintf(stderr, "peers_mujoco: efc row %d (type %d) has no contact.h counterpart\n", i,
                    d->efc_type[i]);
            return -1;
        }
        cnt[kind] += w;
        i += w;
    }
    sn->nb = cnt[0];
    sn->nu = cnt[1];
    sn->nc = cnt[2] / 3;
    sn->n = nefc;
    at[0] = 0;
    at[1] = sn->nb;
    at[2] = sn->nb + sn->nu;
    sn->d = mj_copyData(NULL, m, d);
    sn->perm = (int *)malloc(sizeof(int) * (size_t)nefc);
    sn->mu = (double *)malloc(sizeof(double) * (size_t)(sn->nc + 1));
    for (i = 0; i < nefc;) {
        int kind = row_kind(m, d, i);
        if (kind == 2) { /* MuJoCo (n, t1, t2) -> contact.h (t1, t2, n) */
            sn->mu[(at[2] - sn->nb - sn->nu) / 3] = d->contact[d->efc_id[i]].friction[0];
            sn->perm[at[2]] = i + 1;
            sn->perm[at[2] + 1] = i + 2;
            sn->perm[at[2] + 2] = i;
            at[2] += 3;
            i += 3;
        } else {
            sn->perm[at[kind]++] = i++;
        }
    }
#define PEER_ALLOC(x, count) (x) = (double *)calloc((size_t)(count) + 1, sizeof(double))
    PEER_ALLOC(sn->X, (size_t)nefc * nv);
    PEER_ALLOC(sn->G, (size_t)nefc * nefc);
    PEER_ALLOC(sn->G2, (size_t)nefc * nefc);
    PEER_ALLOC(sn->g, nefc);
    PEER_ALLOC(sn->R, nefc);
    PEER_ALLOC(sn->Mfull, (size_t)nv * nv);
    PEER_ALLOC(sn->Jct, (size_t)nefc * nv);
    PEER_ALLOC(sn->Lrev, (size_t)nv * nv);
    PEER_ALLOC(sn->scratch, ct_delassus_scratch_size(nv, nefc));
    PEER_ALLOC(sn->lambda, nefc);
    PEER_ALLOC(sn->v, nefc);
    PEER_ALLOC(sn->lam_mj, nefc);
#undef PEER_ALLOC
    for (i = 0; i < nefc; ++i) memcpy(sn->Jct + (size_t)i * nv, d->efc_J + (size_t)sn->perm[i] * nv, sizeof(double) * (size_t)nv);
    mj_fullM(m, sn->Mfull, d->qM);
    for (i = 0; i < sn->nc; ++i) {
        const double *r = d->efc_R + sn->perm[sn->nb + sn->nu + 3 * i];
        if (r[0] != d->efc_R[sn->perm[sn->nb + sn->nu + 3 * i + 1]]) ++sn->r_avg;
    }
    ct_form(sn);
    sn->p = ct_problem_dense(sn->nb, sn->nu, sn->nc, sn->G, sn->g, sn->mu);
    sn->p.R = sn->R;
    r_check(sn);
    sn->s = ct_default_settings();
    sn->s.method = CT_METHOD_NEWTON_SOFT;
    sn->s.stop = CT_STOP_RELATIVE;
    sn->s.max_iter = max_iter;
    sn->s.warm_start = 0;
    if (ct_workspace_alloc_problem(&sn->ws, &sn->p, &sn->s, NULL) != CT_OK) return -1;
    /* M and J alone: the same problem without G, vstar = qacc_smooth */
    sn->soft.model = CT_SOFT_CCP;
    sn->soft.nv = nv;
    sn->soft.M = sn->Mfull;
    sn->soft.J = sn->Jct;
    sn->soft.vstar = sn->d->qacc_smooth;
    sn->pgen = sn->p;
    sn->pgen.G = NULL;
    sn->pgen.soft = &sn->soft;
    if (ct_workspace_alloc_problem(&sn->wsgen, &sn->pgen, &sn->s, NULL) != CT_OK) return -1;
    sn->softl = sn->soft; /* and with M's factor (the same workspace) */
    sn->softl.Lm = sn->Lrev;
    sn->softl.Lm_reversed = 1;
    sn->pgenl = sn->pgen;
    sn->pgenl.soft = &sn->softl;
    /* the dense route must give the same G */
    ct_form_dense(sn);
    {
        double dg = 0, gm = 0;
        for (k = 0; k < nefc * nefc; ++k) {
            dg = fmax(dg, fabs(sn->G[k] - sn->G2[k]));
            gm = fmax(gm, fabs(sn->G[k]));
        }
        if (dg > 1e-10 * gm) fprintf(stderr, "peers_mujoco: the two forms of G differ by %.3g (max |G| %.3g)\n", dg, gm);
    }
    return 0;
}

static void snap_free(snap *sn) {
    if (sn->d) mj_deleteData(sn->d);
    free(sn->perm);
    free(sn->mu);
    free(sn->X);
    free(sn->G);
    free(sn->G2);
    free(sn->g);
    free(sn->R);
    free(sn->Mfull);
    free(sn->Jct);
    free(sn->Lrev);
    free(sn->scratch);
    free(sn->lambda);
    free(sn->v);
    free(sn->lam_mj);
    if (sn->ws.mem) ct_workspace_free(&sn->ws);
    if (sn->wsgen.mem) ct_workspace_free(&sn->wsgen);
}

static void run_snapshot(snap *sn, const char *scene, int step, double target, int rounds, double batch_ms) {
    enum { MJ, CT, TOTAL, FORM, DENSE, GEN, GENL, NSIDES };
    peer_side sd[NSIDES];
    int ns = NSIDES, i;
    double lam_ref = 0;
    memset(sd, 0, sizeof(sd));
    for (i = 0; i < ns; ++i) {
        sd[i].ctx = sn;
        sd[i].side = "contact.h";
        sd[i].method = "NEWTON_SOFT";
        sd[i].score = ct_side_score;
        sd[i].solve = ct_side_solve;
    }
    sd[MJ].side = "mujoco";
    sd[MJ].method = "Newton";
    sd[MJ].solve = mj_side_solve;
    sd[MJ].score = mj_side_score;
    sd[TOTAL].side = "contact.h+form";
    sd[TOTAL].solve = ct_total_solve;
    sd[GEN].side = "contact.h:MJ";
    sd[GEN].solve = ct_gen_solve;
    sd[GENL].side = "contact.h:MJ+L";
    sd[GENL].solve = ct_genl_solve;
    sd[FORM].side = "form";
    sd[FORM].method = "mj_solveM2";
    sd[FORM].solve = form_solve;
    sd[FORM].score = zero_score;
    sd[DENSE].side = "form:dense";
    sd[DENSE].method = "ct_delassus_from_mj";
    sd[DENSE].solve = form_dense_solve;
    sd[DENSE].score = zero_score;
    peer_tune(&sd[MJ], target);
    peer_tune(&sd[CT], target);
    peer_tune(&sd[GEN], target);
    peer_tune(&sd[GENL], target);
    sd[TOTAL].tol = sd[CT].tol;
    sd[TOTAL].converged = sd[CT].converged;
    sd[FORM].converged = sd[DENSE].converged = 1;
    rounds = peer_time(sd, ns, rounds, batch_ms, 60);
    if (rounds < 0) return;
    /* MuJoCo's answer at its tolerance, the reference of force_diff */
    mj_side_solve(sn, sd[MJ].tol);
    mj_answer(sn);
    for (i = 0; i < sn->n; ++i) lam_ref = fmax(lam_ref, fabs(sn->lam_mj[i]));
    for (i = 0; i < ns; ++i) {
        double rel = 0, absr = 0, diff = 0;
        int k, iters = 0, facts = 0, formed = sd[i].solve == form_solve || sd[i].solve == form_dense_solve;
        sd[i].solve(sn, sd[i].tol);
        if (sd[i].solve == mj_side_solve) {
            mj_answer(sn);
            rel = soft_score(sn, sn->lam_mj, &absr);
            iters = sn->d->solver_iter;
            facts = -1;
        } else if (!formed) {
            rel = soft_score(sn, sn->lambda, &absr);
            for (k = 0; k < sn->n; ++k) diff = fmax(diff, fabs(sn->lambda[k] - sn->lam_mj[k]));
            diff = lam_ref > 0 ? diff / lam_ref : diff;
            iters = sn->info.iterations;
            facts = sn->info.factorizations;
        }
        printf("%s,%d,%.4g,%d,%d,%d,%d,%d,%d,%d,%s,%s,%g,", scene, step, sn->d->time, sn->nv, sn->nefc,
               sn->nb, sn->nu, sn->nc, sn->n, sn->r_avg, sd[i].side, sd[i].method, target);
        if (formed) printf(",,,,,,,,");
        else
            printf("%g,%d,%d,%d,%.6g,%.6g,%.3g,%d,", sd[i].tol, sd[i].tries, iters, facts, rel, absr,
                   diff, rel <= target);
        printf("%d,%d,%.6g,%.6g,%.6g,%s\n", sd[i].batch, rounds, sd[i].median_us, sd[i].min_us,
               sd[i].max_us, mj_versionString());
    }
    fflush(stdout);
}

static const char *base_name(const char *path, char *buf, size_t cap) {
    const char *b = strrchr(path, '/');
    char *dot;
    snprintf(buf, cap, "%s", b ? b + 1 : path);
    dot = strrchr(buf, '.');
    if (dot) *dot = 0;
    return buf;
}

int main(int argc, char **argv) {
    double target = 1e-8, batch_ms = 20, duration = 2;
    int rounds = 7, max_iter = 1000, nsnap = 5, i, first = 0, status = 0;
    for (i = 1; i < argc; ++i) {
        const char *a = argv[i];
        if (!strcmp(a, "--header")) {
            printf("%s\n", HEADER);
            return 0;
        } else if (!strcmp(a, "-t") && i + 1 < argc) target = atof(argv[++i]);
        else if (!strcmp(a, "-r") && i + 1 < argc) rounds = atoi(argv[++i]);
        else if (!strcmp(a, "-b") && i + 1 < argc) batch_ms = atof(argv[++i]);
        else if (!strcmp(a, "-x") && i + 1 < argc) max_iter = atoi(argv[++i]);
        else if (!strcmp(a, "-S") && i + 1 < argc) nsnap = atoi(argv[++i]);
        else if (!strcmp(a, "-T") && i + 1 < argc) duration = atof(argv[++i]);
        else if (a[0] != '-') {
            first = i;
            break;
        } else {
            first = 0;
            break;
        }
    }
    if (!first || !(target > 0) || rounds < 1 || !(batch_ms > 0) || max_iter < 1 || nsnap < 1 || !(duration > 0)) {
        fprintf(stderr, "usage: %s [-t target] [-r rounds] [-b batch_ms] [-x max_iter] [-S snapshots] "
                        "[-T seconds] SCENE.xml...\n       %s --header\n", argv[0], argv[0]);
        return 2;
    }
    fprintf(stderr, "peers_mujoco: MuJoCo %s\n", mj_versionString());
    for (i = first; i < argc; ++i) {
        char err[1000] = "", name[256];
        mjModel *m = mj_loadXML(argv[i], NULL, err, sizeof(err));
        mjData *d;
        int steps, k, step = 0, last = -1;
        if (!m) {
            fprintf(stderr, "peers_mujoco: %s: %s\n", argv[i], err);
            status = 1;
            continue;
        }
        base_name(argv[i], name, sizeof(name));
        m->opt.solver = mjSOL_NEWTON;
        m->opt.cone = mjCONE_ELLIPTIC;
        m->opt.jacobian = mjJAC_DENSE;
        m->opt.disableflags |= mjDSBL_WARMSTART;
        m->opt.noslip_iterations = 0;
        m->opt.impratio = 1;
        m->opt.iterations = max_iter;
        d = mj_makeData(m);
        if (m->nkey > 0) mj_resetDataKeyframe(m, d, 0);
        steps = (int)(duration / m->opt.timestep + 0.5);
        for (k = 1; k <= nsnap; ++k) {
            int at = (int)((long)steps * k / nsnap);
            snap sn;
            double tol0 = m->opt.tolerance;
            for (; step < at || step == last; ++step) mj_step(m, d);
            mj_forward(m, d);
            while (d->nefc == 0 && step < steps) { /* the first step with constraints */
                mj_step(m, d);
                ++step;
                mj_forward(m, d);
            }
            last = step;
            if (snap_setup(&sn, m, d, max_iter) == 0)
                run_snapshot(&sn, name, step, target, rounds, batch_ms);
            else
                fprintf(stderr, "peers_mujoco: %s step %d skipped (nefc %d)\n", name, step, d->nefc);
            snap_free(&sn);
            m->opt.tolerance = tol0; /* the run goes on with the scene's own tolerance */
        }
        mj_deleteData(d);
        mj_deleteModel(m);
    }
    return status;
}
