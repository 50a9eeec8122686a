/* test_validate.c - every error code of ct_problem_validate, ct_settings_validate, ct_solve,
   the workspace functions and the string functions, each produced by one specific bad input.
   A counting allocator checks the allocator context and produces CT_ERROR_OUT_OF_MEMORY: the
   implementation (tests/impl.c) calls it through CONTACT_MALLOC / CONTACT_FREE, whose targets
   ct_test_malloc and ct_test_free are defined here and replace impl.c's weak ones. */
#include <stdlib.h>

typedef struct test_alloc {
    int fail;    /* 1: return NULL */
    int mallocs; /* calls seen */
    int frees;
} test_alloc;
void *ct_test_malloc(size_t sz, void *ctx);
void ct_test_free(void *p, void *ctx);
void *ct_test_malloc(size_t sz, void *ctx) {
    test_alloc *a = (test_alloc *)ctx;
    if (a) {
        a->mallocs++;
        if (a->fail) return NULL;
    }
    return malloc(sz);
}
void ct_test_free(void *p, void *ctx) {
    test_alloc *a = (test_alloc *)ctx;
    if (a) a->frees++;
    free(p);
}
#include "contact.h"
#include "harness.h"

enum { NB = 1, NU = 1, NC = 2, N = NB + NU + 3 * NC };

typedef struct fixture {
    ct_real G[N * N], g[N], mu[NC], R[N], lambda[N], v[N];
    ct_problem p;
} fixture;

/* a valid problem: G = diag(1..N) + small symmetric coupling */
static void fixture_init(fixture *f) {
    int i, j;
    for (i = 0; i < N; ++i)
        for (j = 0; j < N; ++j) f->G[i * N + j] = i == j ? (ct_real)(2 + i) : (ct_real)(0.1 / (1 + i + j));
    for (i = 0; i < N; ++i) {
        f->g[i] = (ct_real)(i % 2 ? 0.5 : -1);
        f->R[i] = (ct_real)0.01;
        f->lambda[i] = 0;
        f->v[i] = 0;
    }
    f->mu[0] = 0.5f; f->mu[1] = 0;
    memset(&f->p, 0, sizeof(f->p));
    f->p.nb = NB; f->p.nu = NU; f->p.nc = NC;
    f->p.G = f->G; f->p.g = f->g; f->p.mu = f->mu; f->p.R = f->R;
}

static ct_result validate(const fixture *f) { return ct_problem_validate(&f->p, (ct_real)1e-4); }

static ct_result solve_fixture(fixture *f, const ct_settings *s, ct_info *info) {
    ct_workspace ws;
    ct_result r;
    ct_settings sz = ct_default_settings(); /* size for ADMM: enough for both */
    if (ct_workspace_alloc(&ws, NB, NU, NC, &sz, NULL) != CT_OK) return CT_ERROR_OUT_OF_MEMORY;
    r = ct_solve(&f->p, s, &ws, f->lambda, f->v, info);
    ct_workspace_free(&ws);
    return r;
}

static void test_problem_validate(void) {
    fixture f;
    const ct_real nan = (ct_real)NAN, inf = (ct_real)INFINITY;
    fixture_init(&f);
    CHECK_EQ_INT(validate(&f), CT_OK);
    f.p.R = NULL;
    CHECK_EQ_INT(validate(&f), CT_OK); /* R may be NULL */
    CHECK_EQ_INT(ct_problem_validate(NULL, 0), CT_ERROR_INVALID_ARGUMENT);
    /* sizes */
    fixture_init(&f); f.p.nb = -1; CHECK_EQ_INT(validate(&f), CT_ERROR_INVALID_SIZE);
    fixture_init(&f); f.p.nu = -1; CHECK_EQ_INT(validate(&f), CT_ERROR_INVALID_SIZE);
    fixture_init(&f); f.p.nc = -1; CHECK_EQ_INT(validate(&f), CT_ERROR_INVALID_SIZE);
    fixture_init(&f); f.p.nc = 20000; CHECK_EQ_INT(validate(&f), CT_ERROR_INVALID_SIZE); /* n^2 overflows int */
    fixture_init(&f); f.p.nb = 2000000000; f.p.nu = 2000000000; /* the sum overflows int */
    CHECK_EQ_INT(validate(&f), CT_ERROR_INVALID_SIZE);
    { /* the same sizes, refused before they are summed, by every call that takes sizes */
        int nnzb = 0;
        ct_real R[1];
        size_t bytes = 0;
        ct_settings sd = ct_default_settings();
        CHECK_EQ_INT(ct_sparse_count(2000000000, 2000000000, 0, f.G, 0, &nnzb), CT_ERROR_INVALID_SIZE);
        CHECK_EQ_INT(ct_workspace_size(2000000000, 2000000000, 0, &sd, &bytes), CT_ERROR_INVALID_SIZE);
        CHECK_EQ_INT(ct_derivatives_size(2000000000, 2000000000, 0, &bytes), CT_ERROR_INVALID_SIZE);
        CHECK_EQ_INT(ct_compliance_contactbench(&f.p, 0, 0, R), CT_ERROR_INVALID_SIZE);
    }
    /* an empty problem is valid, whatever the pointers */
    {
        ct_problem e = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
        memset(&e, 0, sizeof(e));
        CHECK_EQ_INT(ct_problem_validate(&e, 0), CT_OK);
    }
    /* NULL pointers */
    fixture_init(&f); f.p.G = NULL; CHECK_EQ_INT(validate(&f), CT_ERROR_INVALID_ARGUMENT);
    fixture_init(&f); f.p.g = NULL; CHECK_EQ_INT(validate(&f), CT_ERROR_INVALID_ARGUMENT);
    fixture_init(&f); f.p.mu = NULL; CHECK_EQ_INT(validate(&f), CT_ERROR_INVALID_ARGUMENT);
    {
        ct_real G2[4] = {1, 0.5f, 0.5f, 1}, g2[2] = {0, 1};
        ct_problem q = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
        q.nb = 1; q.nu = 1; q.nc = 0; q.G = G2; q.g = g2; q.mu = NULL; q.R = NULL;
        CHECK_EQ_INT(ct_problem_validate(&q, 0), CT_OK); /* mu may be NULL without contacts */
    }
    /* non-finite entries: NaN and infinities in G, g, mu, R */
    fixture_init(&f); f.G[3 * N + 5] = nan; CHECK_EQ_INT(validate(&f), CT_ERROR_NON_FINITE);
    fixture_init(&f); f.G[N * N - 1] = inf; CHECK_EQ_INT(validate(&f), CT_ERROR_NON_FINITE);
    fixture_init(&f); f.G[0] = -inf; CHECK_EQ_INT(validate(&f), CT_ERROR_NON_FINITE);
    fixture_init(&f); f.g[N - 1] = nan; CHECK_EQ_INT(validate(&f), CT_ERROR_NON_FINITE);
    fixture_init(&f); f.g[0] = inf; CHECK_EQ_INT(validate(&f), CT_ERROR_NON_FINITE);
    fixture_init(&f); f.mu[1] = nan; CHECK_EQ_INT(validate(&f), CT_ERROR_NON_FINITE);
    fixture_init(&f); f.mu[0] = inf; CHECK_EQ_INT(validate(&f), CT_ERROR_NON_FINITE);
    fixture_init(&f); f.R[2] = nan; CHECK_EQ_INT(validate(&f), CT_ERROR_NON_FINITE);
    /* signs */
    fixture_init(&f); f.mu[1] = -0.1f; CHECK_EQ_INT(validate(&f), CT_ERROR_NEGATIVE_FRICTION);
    fixture_init(&f); f.R[N - 1] = -1e-6f; CHECK_EQ_INT(validate(&f), CT_ERROR_NEGATIVE_COMPLIANCE);
    fixture_init(&f); f.G[4 * N + 4] = -1; CHECK_EQ_INT(validate(&f), CT_ERROR_NOT_PSD);
    /* symmetry: relative to max |G_ii| = N + 1 with sym_tol 1e-4 */
    fixture_init(&f); f.G[1 * N + 6] += 0.5f; CHECK_EQ_INT(validate(&f), CT_ERROR_NOT_SYMMETRIC);
    fixture_init(&f); f.G[7 * N + 0] -= 0.01f; CHECK_EQ_INT(validate(&f), CT_ERROR_NOT_SYMMETRIC);
    fixture_init(&f); f.G[1 * N + 6] += (ct_real)1e-4; /* within sym_tol * 9 */
    CHECK_EQ_INT(validate(&f), CT_OK);
    CHECK_EQ_INT(ct_problem_validate(&f.p, 0), CT_ERROR_NOT_SYMMETRIC); /* sym_tol 0: exact */
}

static void test_settings_validate(void) {
    ct_settings s, d = ct_default_settings();
    const ct_real nan = (ct_real)NAN, inf = (ct_real)INFINITY;
    CHECK_EQ_INT(ct_settings_validate(&d), CT_OK);
    CHECK_EQ_INT(ct_settings_validate(NULL), CT_ERROR_INVALID_ARGUMENT);
    /* the documented defaults */
    CHECK_EQ_INT(d.method, CT_METHOD_ADMM_NCP);
    CHECK_EQ_INT(d.max_iter, 1000);
    CHECK_EQ_INT(d.stop, CT_STOP_ABSOLUTE);
    CHECK_EQ_INT(d.check_every, 1);
    CHECK_EQ_INT(d.warm_start, 1);
    CHECK(d.tol_change == 0);
    CHECK(d.pgs.omega == 1);
    CHECK(d.admm.over_relax == 1);
#ifdef CONTACT_USE_FLOAT
    CHECK(d.tol_abs == (ct_real)1e-4 && d.tol_rel == (ct_real)1e-5 && d.sym_tol == (ct_real)1e-2);
#else
    CHECK(d.tol_abs == 1e-8 && d.tol_rel == 1e-8 && d.sym_tol == (ct_real)1e-2);
#endif
#define BAD_SETTING(stmt)                                                                  \
    do {                                                                                   \
        s = d;                                                                             \
        stmt;                                                                              \
        th_check(ct_settings_validate(&s) == CT_ERROR_INVALID_SETTINGS, __FILE__, __LINE__, \
                 #stmt " -> CT_ERROR_INVALID_SETTINGS", "");                                \
    } while (0)
    BAD_SETTING(s.method = CT_METHOD_COUNT_);
    BAD_SETTING(s.method = (ct_method)-1);
    BAD_SETTING(s.max_iter = -1);
    BAD_SETTING(s.check_every = 0);
    BAD_SETTING(s.stop = (ct_stop_rule)4);
    BAD_SETTING(s.tol_abs = 0);
    BAD_SETTING(s.tol_abs = -1);
    BAD_SETTING(s.tol_abs = nan);
    BAD_SETTING(s.tol_abs = inf);
    BAD_SETTING(s.tol_rel = 0);
    BAD_SETTING(s.tol_rel = nan);
    BAD_SETTING(s.tol_change = -1);
    BAD_SETTING(s.tol_change = nan);
    BAD_SETTING(s.sym_tol = -1);
    BAD_SETTING(s.sym_tol = inf);
    BAD_SETTING(s.warm_start = 2);
    BAD_SETTING(s.warm_start = -1);
    BAD_SETTING(s.pgs.omega = 0);
    BAD_SETTING(s.pgs.omega = 2);
    BAD_SETTING(s.pgs.omega = nan);
    BAD_SETTING(s.admm.eta = 0);
    BAD_SETTING(s.admm.eta = inf);
    BAD_SETTING(s.admm.rho_power = nan);
    BAD_SETTING(s.admm.rho_power_step = -0.1f);
    BAD_SETTING(s.admm.rho_power_step = 1.5f);
    BAD_SETTING(s.admm.ratio = 1);
    BAD_SETTING(s.admm.ratio = inf);
    BAD_SETTING(s.admm.update_every = 0);
    BAD_SETTING(s.admm.update_adapt = 2);
    BAD_SETTING(s.admm.update_adapt = -1);
    BAD_SETTING(s.admm.power_iters = 0);
    BAD_SETTING(s.admm.over_relax = 0);
    BAD_SETTING(s.admm.over_relax = 2);
    /* the Newton methods' fields (checked for the methods that read them) */
    BAD_SETTING(s.method = CT_METHOD_NEWTON_NCP; s.nsn.sigma_c = -1);
    BAD_SETTING(s.method = CT_METHOD_NEWTON_NCP; s.nsn.sigma_c = nan);
    BAD_SETTING(s.method = CT_METHOD_NEWTON_NCP; s.nsn.sigma_cap = 0);
    BAD_SETTING(s.method = CT_METHOD_NEWTON_NCP; s.nsn.ls_memory = 0);
    BAD_SETTING(s.method = CT_METHOD_NEWTON_NCP; s.nsn.ls_memory = 33);
    BAD_SETTING(s.method = CT_METHOD_NEWTON_NCP; s.nsn.ls_gamma = 0.5f);
    BAD_SETTING(s.method = CT_METHOD_NEWTON_NCP; s.nsn.ls_max = 0);
    BAD_SETTING(s.method = CT_METHOD_PROX_NCP; s.nsn.stall_iters = 0);
    BAD_SETTING(s.method = CT_METHOD_PROX_NCP; s.nsn.prox_c = inf);
    BAD_SETTING(s.method = CT_METHOD_PROX_NCP; s.nsn.prox_rtol = 1);
    BAD_SETTING(s.method = CT_METHOD_PROX_NCP; s.nsn.prox_inner = 0);
    BAD_SETTING(s.method = CT_METHOD_HYBRID_NCP; s.hybrid.newton_first = -1);
    BAD_SETTING(s.method = CT_METHOD_HYBRID_NCP; s.hybrid.prox_first = -1);
    BAD_SETTING(s.method = CT_METHOD_HYBRID_NCP; s.hybrid.chunk = 0);
    BAD_SETTING(s.method = CT_METHOD_HYBRID_NCP; s.hybrid.stable_chunks = 0);
    BAD_SETTING(s.method = CT_METHOD_HYBRID_NCP; s.hybrid.switch_tol = 0);
    BAD_SETTING(s.method = CT_METHOD_HYBRID_NCP; s.hybrid.admm_phase = 0);
    BAD_SETTING(s.method = CT_METHOD_HYBRID_NCP; s.hybrid.newton_max = 0);
    BAD_SETTING(s.method = CT_METHOD_HYBRID_NCP; s.hybrid.newton_stall = 0);
    BAD_SETTING(s.method = CT_METHOD_HYBRID_NCP; s.hybrid.prox_max = 0);
    BAD_SETTING(s.method = CT_METHOD_HYBRID_NCP; s.hybrid.max_phases = 0);
    BAD_SETTING(s.method = CT_METHOD_HYBRID_NCP; s.nsn.ls_memory = 0); /* its Newton's */
    BAD_SETTING(s.method = CT_METHOD_HYBRID_NCP; s.admm.eta = 0);      /* its ADMM's   */
#undef BAD_SETTING
    s = d; s.method = CT_METHOD_HYBRID_NCP; s.hybrid.newton_first = 0; s.hybrid.prox_first = 0;
    s.nsn.sigma_c = 0; CHECK_EQ_INT(ct_settings_validate(&s), CT_OK);
    /* edge values that are valid */
    s = d; s.max_iter = 0; CHECK_EQ_INT(ct_settings_validate(&s), CT_OK);
    s = d; s.warm_start = 0; s.method = CT_METHOD_PGS_NCP; s.stop = CT_STOP_RELATIVE;
    s.admm.rho_power_step = 0; s.sym_tol = 0; s.pgs.omega = 1.9f;
    CHECK_EQ_INT(ct_settings_validate(&s), CT_OK);
}

static void test_solve_errors(void) {
    fixture f;
    ct_settings s = ct_default_settings();
    ct_workspace ws;
    ct_info info;
    int m;
    for (m = 0; m < 2; ++m) {
        s = ct_default_settings();
        s.method = m == 0 ? CT_METHOD_PGS_NCP : CT_METHOD_ADMM_NCP;
        s.max_iter = 5000;
        fixture_init(&f);
        CHECK_EQ_INT(solve_fixture(&f, &s, &info), CT_OK);
        CHECKF(info.status == CT_STATUS_CONVERGED, "%s: the valid fixture: %s", ct_method_string(s.method),
               ct_status_string(info.status));
        CHECK_EQ_INT(ct_workspace_alloc(&ws, NB, NU, NC, &s, NULL), CT_OK);
        CHECK_EQ_INT(ct_solve(NULL, &s, &ws, f.lambda, f.v, &info), CT_ERROR_INVALID_ARGUMENT);
        CHECK_EQ_INT(info.status, CT_STATUS_NOT_SOLVED);
        CHECK_EQ_INT(ct_solve(&f.p, NULL, &ws, f.lambda, f.v, &info), CT_ERROR_INVALID_ARGUMENT);
        CHECK_EQ_INT(ct_solve(&f.p, &s, NULL, f.lambda, f.v, &info), CT_ERROR_INVALID_ARGUMENT);
        CHECK_EQ_INT(ct_solve(&f.p, &s, &ws, NULL, f.v, &info), CT_ERROR_INVALID_ARGUMENT);
        CHECK_EQ_INT(info.status, CT_STATUS_NOT_SOLVED);
        CHECK_EQ_INT(ct_solve(&f.p, &s, &ws, f.lambda, NULL, &info), CT_ERROR_INVALID_ARGUMENT);
        /* errors reach the caller even without info */
        CHECK_EQ_INT(ct_solve(&f.p, &s, &ws, f.lambda, NULL, NULL), CT_ERROR_INVALID_ARGUMENT);
        /* bad settings */
        {
            ct_settings b = s;
            b.max_iter = -3;
            CHECK_EQ_INT(ct_solve(&f.p, &b, &ws, f.lambda, f.v, &info), CT_ERROR_INVALID_SETTINGS);
            CHECK_EQ_INT(info.status, CT_STATUS_NOT_SOLVED);
        }
        /* problem errors pass through */
        f.g[3] = (ct_real)NAN;
        CHECK_EQ_INT(ct_solve(&f.p, &s, &ws, f.lambda, f.v, &info), CT_ERROR_NON_FINITE);
        CHECK_EQ_INT(info.status, CT_STATUS_NOT_SOLVED);
        fixture_init(&f);
        f.G[2] = (ct_real)NAN;
        CHECK_EQ_INT(ct_solve(&f.p, &s, &ws, f.lambda, f.v, &info), CT_ERROR_NON_FINITE);
        fixture_init(&f);
        f.mu[0] = -1;
        CHECK_EQ_INT(ct_solve(&f.p, &s, &ws, f.lambda, f.v, &info), CT_ERROR_NEGATIVE_FRICTION);
        fixture_init(&f);
        f.mu[1] = (ct_real)NAN;
        CHECK_EQ_INT(ct_solve(&f.p, &s, &ws, f.lambda, f.v, &info), CT_ERROR_NON_FINITE);
        fixture_init(&f);
        f.R[0] = -1;
        CHECK_EQ_INT(ct_solve(&f.p, &s, &ws, f.lambda, f.v, &info), CT_ERROR_NEGATIVE_COMPLIANCE);
        fixture_init(&f);
        f.R[5] = (ct_real)NAN;
        CHECK_EQ_INT(ct_solve(&f.p, &s, &ws, f.lambda, f.v, &info), CT_ERROR_NON_FINITE);
        fixture_init(&f);
        f.G[1] = 1; /* G_01 = 1, G_10 = 0.05 */
        CHECK_EQ_INT(ct_solve(&f.p, &s, &ws, f.lambda, f.v, &info), CT_ERROR_NOT_SYMMETRIC);
        fixture_init(&f);
        f.G[N + 1] = -2;
        CHECK_EQ_INT(ct_solve(&f.p, &s, &ws, f.lambda, f.v, &info), CT_ERROR_NOT_PSD);
        fixture_init(&f);
        f.p.nc = -2;
        CHECK_EQ_INT(ct_solve(&f.p, &s, &ws, f.lambda, f.v, &info), CT_ERROR_INVALID_SIZE);
        fixture_init(&f);
        f.p.mu = NULL;
        CHECK_EQ_INT(ct_solve(&f.p, &s, &ws, f.lambda, f.v, &info), CT_ERROR_INVALID_ARGUMENT);
        /* a non-finite warm start */
        fixture_init(&f);
        f.lambda[4] = (ct_real)NAN;
        CHECK_EQ_INT(ct_solve(&f.p, &s, &ws, f.lambda, f.v, &info), CT_ERROR_NON_FINITE);
        f.lambda[4] = (ct_real)INFINITY;
        CHECK_EQ_INT(ct_solve(&f.p, &s, &ws, f.lambda, f.v, &info), CT_ERROR_NON_FINITE);
        /* ... that warm_start = 0 ignores */
        s.warm_start = 0;
        CHECK_EQ_INT(ct_solve(&f.p, &s, &ws, f.lambda, f.v, &info), CT_OK);
        s.warm_start = 1;
        ct_workspace_free(&ws);
        /* a workspace too small */
        {
            ct_settings small = s;
            fixture_init(&f);
            CHECK_EQ_INT(ct_workspace_alloc(&ws, 0, 0, 0, &small, NULL), CT_OK);
            CHECK_EQ_INT(ct_solve(&f.p, &s, &ws, f.lambda, f.v, &info), CT_ERROR_WORKSPACE_TOO_SMALL);
            CHECK_EQ_INT(info.status, CT_STATUS_NOT_SOLVED);
            ct_workspace_free(&ws);
        }
    }
    /* an indefinite contact block with a positive diagonal: validation's block test */
    {
        ct_real G[9] = {1, 3, 0, 3, 1, 0, 0, 0, 1}, g[3] = {0, 0, -1}, mu[1] = {0.5f}, l[3] = {0, 0, 0}, v[3];
        ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
        p.nb = 0; p.nu = 0; p.nc = 1; p.G = G; p.g = g; p.mu = mu; p.R = NULL;
        s = ct_default_settings();
        CHECK_EQ_INT(ct_problem_validate(&p, s.sym_tol), CT_ERROR_NOT_PSD);
        s.method = CT_METHOD_PGS_NCP; /* caught before any method runs */
        CHECK_EQ_INT(ct_workspace_alloc(&ws, 0, 0, 1, &s, NULL), CT_OK);
        CHECK_EQ_INT(ct_solve(&p, &s, &ws, l, v, &info), CT_ERROR_NOT_PSD);
        CHECK_EQ_INT(info.status, CT_STATUS_NOT_SOLVED);
        ct_workspace_free(&ws);
        /* rounding-size negative eigenvalues pass: -1e-12 relative on a diagonal and in a block */
        G[1] = G[3] = 0;
        G[8] = (ct_real)-1e-12;
        CHECK_EQ_INT(ct_problem_validate(&p, 0), CT_OK);
        G[8] = 1;
        G[0] = G[4] = G[1] = G[3] = (ct_real)0.5; /* rank 1 in (t1, t2): singular, PSD */
        G[1] = G[3] = (ct_real)(0.5 + 1e-12);     /* eigenvalue -1e-12 */
        CHECK_EQ_INT(ct_problem_validate(&p, 0), CT_OK);
        G[1] = G[3] = (ct_real)0.6; /* eigenvalue -0.1 */
        CHECK_EQ_INT(ct_problem_validate(&p, 0), CT_ERROR_NOT_PSD);
    }
    /* ADMM factors G + R + (eta + rho) I: an indefinite G whose diagonal blocks are PSD passes
       validation and is reported as not PSD by the factorization */
    {
        ct_real G[36], g[6] = {0, 0, -1, 0, 0, -1}, mu[2] = {0.5f, 0.5f}, l[6] = {0, 0, 0, 0, 0, 0}, v[6];
        ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
        int i;
        memset(G, 0, sizeof(G));
        for (i = 0; i < 6; ++i) G[7 * i] = 1;
        G[2 * 6 + 5] = G[5 * 6 + 2] = 3; /* the two normals: eigenvalues 4 and -2 */
        p.nb = 0; p.nu = 0; p.nc = 2; p.G = G; p.g = g; p.mu = mu; p.R = NULL;
        s = ct_default_settings();
        CHECK_EQ_INT(ct_problem_validate(&p, s.sym_tol), CT_OK);
        CHECK_EQ_INT(ct_workspace_alloc(&ws, 0, 0, 2, &s, NULL), CT_OK);
        CHECK_EQ_INT(ct_solve(&p, &s, &ws, l, v, &info), CT_ERROR_NOT_PSD);
        CHECK_EQ_INT(info.status, CT_STATUS_NOT_SOLVED);
        ct_workspace_free(&ws);
    }
}

static void test_workspace_errors(void) {
    ct_settings s = ct_default_settings();
    ct_workspace ws;
    size_t bytes = 0;
    unsigned char mem[256];
    CHECK_EQ_INT(ct_workspace_size(1, 1, 1, NULL, &bytes), CT_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(ct_workspace_size(1, 1, 1, &s, NULL), CT_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(ct_workspace_size(-1, 1, 1, &s, &bytes), CT_ERROR_INVALID_SIZE);
    CHECK_EQ_INT(ct_workspace_size(1, -1, 1, &s, &bytes), CT_ERROR_INVALID_SIZE);
    CHECK_EQ_INT(ct_workspace_size(1, 1, -1, &s, &bytes), CT_ERROR_INVALID_SIZE);
    CHECK_EQ_INT(ct_workspace_size(0, 0, 20000, &s, &bytes), CT_ERROR_INVALID_SIZE);
    s.method = CT_METHOD_COUNT_;
    CHECK_EQ_INT(ct_workspace_size(1, 1, 1, &s, &bytes), CT_ERROR_INVALID_SETTINGS);
    s = ct_default_settings();
    CHECK_EQ_INT(ct_workspace_size(0, 0, 0, &s, &bytes), CT_OK);
    CHECK_EQ_INT(ct_workspace_init(NULL, mem, sizeof(mem)), CT_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(ct_workspace_init(&ws, NULL, 16), CT_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(ct_workspace_init(&ws, NULL, 0), CT_OK);
    CHECK(ws.base == NULL && ws.size == 0 && ws.mem == NULL);
    /* the usable size counts the query's 63 bytes of alignment slack on every address, so a
       buffer one byte under the query is refused even when it happens to be aligned */
    {
        unsigned char *odd = mem + (64 - (size_t)mem % 64) % 64 + 1; /* skip 63 */
        unsigned char *al = mem + (64 - (size_t)mem % 64) % 64;      /* skip 0  */
        CHECK_EQ_INT(ct_workspace_init(&ws, odd, 10), CT_OK);
        CHECK(ws.size == 0);
        CHECK_EQ_INT(ct_workspace_init(&ws, odd, 100), CT_OK);
        CHECK(((size_t)ws.base % 64) == 0 && ws.size == 100 - 63 && ws.mem == NULL);
        CHECK_EQ_INT(ct_workspace_init(&ws, al, 100), CT_OK);
        CHECK(ws.base == al && ws.size == 100 - 63);
    }
    {
        ct_real G[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, g[3] = {0, 0, -1}, mu[1] = {(ct_real)0.5}, l[3] = {0}, v[3];
        ct_problem p1 = ct_problem_dense(0, 0, 1, G, g, mu);
        static unsigned char big[1 << 15];
        unsigned char *al = big + (64 - (size_t)big % 64) % 64;
        ct_info info;
        CHECK_EQ_INT(ct_workspace_size(0, 0, 1, &s, &bytes), CT_OK);
        CHECK(bytes + 65 <= sizeof(big));
        CHECK_EQ_INT(ct_workspace_init(&ws, al, bytes - 1), CT_OK);
        CHECK_EQ_INT(ct_solve(&p1, &s, &ws, l, v, &info), CT_ERROR_WORKSPACE_TOO_SMALL);
        CHECK_EQ_INT(ct_workspace_init(&ws, al + 1, bytes), CT_OK);
        CHECK_EQ_INT(ct_solve(&p1, &s, &ws, l, v, &info), CT_OK);
    }
    CHECK_EQ_INT(ct_workspace_alloc(NULL, 1, 1, 1, &s, NULL), CT_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(ct_workspace_alloc(&ws, -1, 1, 1, &s, NULL), CT_ERROR_INVALID_SIZE);
    CHECK_EQ_INT(ct_workspace_alloc(&ws, 1, 1, 1, NULL, NULL), CT_ERROR_INVALID_ARGUMENT);
    ct_workspace_free(NULL); /* no-op */
    /* the allocator context reaches CONTACT_MALLOC and CONTACT_FREE; failure is reported */
    {
        test_alloc a = {0, 0, 0};
        CHECK_EQ_INT(ct_workspace_alloc(&ws, 1, 1, 1, &s, &a), CT_OK);
        CHECK(ws.mem != NULL && ws.alloc_ctx == &a && ((size_t)ws.base % 64) == 0);
        CHECK(ct_workspace_size(1, 1, 1, &s, &bytes) == CT_OK && ws.size == bytes - 63);
        ct_workspace_free(&ws);
        CHECK(a.mallocs == 1 && a.frees == 1);
        CHECK(ws.mem == NULL && ws.base == NULL);
        a.fail = 1;
        CHECK_EQ_INT(ct_workspace_alloc(&ws, 1, 1, 1, &s, &a), CT_ERROR_OUT_OF_MEMORY);
        CHECK(ws.mem == NULL);
        ct_workspace_free(&ws); /* freeing a failed workspace is harmless */
        CHECK(a.frees == 1);
    }
}

static void test_strings(void) {
    /* every code of the public X-macro list, so that new codes are covered automatically */
#define TH_CODE(name, value, text, explain) value,
    static const int codes[] = {CT_RESULT_LIST(TH_CODE)};
#undef TH_CODE
    const int ncodes = (int)(sizeof(codes) / sizeof(codes[0]));
    int r, q, bad_distinct = 0, lowest = 0;
    const char *texts[64];
    CHECK(ncodes <= 64);
    for (r = 0; r < ncodes && r < 64; ++r) {
        const char *t = ct_result_string((ct_result)codes[r]);
        CHECKF(t != NULL && t[0] != '\0', "ct_result_string(%d) is empty", codes[r]);
        CHECKF(t != NULL && strcmp(t, "unknown ct_result") != 0, "ct_result_string(%d) is unknown", codes[r]);
        texts[r] = t;
        if (codes[r] < lowest) lowest = codes[r];
    }
    for (r = 0; r < ncodes && r < 64; ++r)
        for (q = 0; q < r; ++q)
            bad_distinct += texts[r] && texts[q] && strcmp(texts[r], texts[q]) == 0;
    CHECKF(bad_distinct == 0, "%d pairs of ct_result strings are equal", bad_distinct);
    CHECK(strcmp(ct_result_string((ct_result)(lowest - 1)), "unknown ct_result") == 0);
    CHECK(strcmp(ct_result_string((ct_result)1), "unknown ct_result") == 0);
    for (r = 0; r < (int)CT_STATUS_END_; ++r) {
        const char *t = ct_status_string((ct_status)r);
        CHECK(t != NULL && t[0] != '\0' && strcmp(t, "unknown ct_status") != 0);
        for (q = 0; q < r; ++q) CHECK(strcmp(t, ct_status_string((ct_status)q)) != 0);
    }
    CHECK(strcmp(ct_status_string(CT_STATUS_END_), "unknown ct_status") == 0);
    CHECK(strcmp(ct_method_string(CT_METHOD_PGS_NCP), "PGS_NCP") == 0);
    CHECK(strcmp(ct_method_string(CT_METHOD_ADMM_NCP), "ADMM_NCP") == 0);
    CHECK(strcmp(ct_method_string(CT_METHOD_COUNT_), "unknown method") == 0);
    { /* every method has its own name */
        int a, b;
        for (a = 0; a < (int)CT_METHOD_COUNT_; ++a) {
            CHECK(strcmp(ct_method_string((ct_method)a), "unknown method") != 0);
            for (b = 0; b < a; ++b)
                CHECK(strcmp(ct_method_string((ct_method)a), ct_method_string((ct_method)b)) != 0);
        }
    }
    CHECK(strcmp(ct_version(), CONTACT_VERSION_STRING) == 0);
    /* the codes are the documented values */
    CHECK_EQ_INT(CT_OK, 0);
    CHECK_EQ_INT(CT_ERROR_INVALID_ARGUMENT, -1);
    CHECK_EQ_INT(CT_ERROR_OUT_OF_MEMORY, -11);
    CHECK_EQ_INT(CT_STATUS_NOT_SOLVED, 4);
}

/* input magnitudes: entries above CT_HUGE (1e150, 1e15 in float) are CT_ERROR_OUT_OF_RANGE,
   so that G lambda stays finite; residuals of points too large to represent are clamped to a
   finite maximum instead of reading inf, NaN or a false 0 (fuzz findings FA, FB) */
static void test_ranges(void) {
    const ct_real big = (ct_real)(sizeof(ct_real) == 4 ? 1e20 : 1e200);
    const ct_real ok = (ct_real)(sizeof(ct_real) == 4 ? 1e14 : 1e140);
    fixture f;
    ct_settings s = ct_default_settings();
    ct_info info;
    ct_residuals res;
    int i;
    fixture_init(&f); f.g[2] = big; CHECK_EQ_INT(validate(&f), CT_ERROR_OUT_OF_RANGE);
    fixture_init(&f); f.g[2] = ok; CHECK_EQ_INT(validate(&f), CT_OK);
    fixture_init(&f); f.R[0] = big; CHECK_EQ_INT(validate(&f), CT_ERROR_OUT_OF_RANGE);
    fixture_init(&f); f.mu[0] = big; CHECK_EQ_INT(validate(&f), CT_ERROR_OUT_OF_RANGE);
    fixture_init(&f); f.G[0] = big; CHECK_EQ_INT(validate(&f), CT_ERROR_OUT_OF_RANGE);
    fixture_init(&f); f.lambda[3] = big;
    CHECK_EQ_INT(solve_fixture(&f, &s, &info), CT_ERROR_OUT_OF_RANGE);
    CHECK(strstr(ct_result_string(CT_ERROR_OUT_OF_RANGE), "out of range") != NULL);
    /* a representable point whose velocity norm overflows a naive sum of squares */
    fixture_init(&f);
    for (i = 0; i < N; ++i) { f.lambda[i] = ok; f.v[i] = ok * ok * (ct_real)0.5; }
    CHECK_EQ_INT(ct_criteria(&f.p, f.lambda, f.v, CT_FLAVOR_NCP, &res), CT_OK);
    CHECK(isfinite((double)res.absolute) && isfinite((double)res.relative) && isfinite((double)res.comp));
    CHECK(isfinite((double)res.natmap) && isfinite((double)res.dual) && isfinite((double)res.signorini));
    CHECK(res.relative > 0); /* not a false 0 */
    /* an indefinite G whose rows are joints and limits only (no contact block to test) passes
       validation; the sweeps diverge and stop with finite outputs and residuals (finding FC) */
    {
        ct_real G[25], g[5], l[5], v[5];
        ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
        static const ct_method ms[3] = {CT_METHOD_NBGS, CT_METHOD_RAISIM, CT_METHOD_PGS_NCP};
        int k, j;
        for (i = 0; i < 25; ++i) G[i] = (ct_real)6.4e3;
        G[0] = (ct_real)0.5;
        for (i = 0; i < 5; ++i) g[i] = (ct_real)-1;
        memset(&p, 0, sizeof(p));
        p.nb = 3; p.nu = 2; p.G = G; p.g = g;
        for (k = 0; k < 3; ++k) {
            ct_workspace ws;
            s = ct_default_settings();
            s.method = ms[k];
            s.max_iter = 5000;
            for (j = 0; j < 5; ++j) l[j] = 0;
            CHECK_EQ_INT(ct_workspace_alloc(&ws, 3, 2, 0, &s, NULL), CT_OK);
            CHECK_EQ_INT(ct_solve(&p, &s, &ws, l, v, &info), CT_OK);
            CHECK(info.status != CT_STATUS_CONVERGED);
            for (j = 0; j < 5; ++j) CHECK(isfinite((double)l[j]) && isfinite((double)v[j]));
            CHECK(isfinite((double)info.model.absolute) && isfinite((double)info.model.relative));
            ct_workspace_free(&ws);
        }
    }
}

int main(void) {
    test_ranges();
    test_problem_validate();
    test_settings_validate();
    test_solve_errors();
    test_workspace_errors();
    test_strings();
    return th_summary();
}
