/* test_determinism.c - bit-identical outputs: a fixed suite of solves hashed per precision.

   The suite: every method (and the variants PGS_CCP + De Saxce, STAGGERED lcp, ADMM_NCP with
   the linear and fixed penalty rules, over-relaxation, the relative stop and the stall test,
   and HYBRID_NCP entered at each of its phases: PGS, Newton, PROX, interior point, ADMM, also
   with a fixed budget) on five problems from tests/problems.h with fixed seeds (contacts only;
   joints, limits and contacts; with compliance R; a larger one with 8 contacts; joints, limits
   and contacts of which half are frictionless), cold and then warm-started from the cold
   answer. A method that refuses a problem (NEWTON_SOFT without R) hashes its result code. Each solve's lambda, v, info.iterations and info.status are hashed byte by
   byte (FNV-1a 64) into one hash per precision.

   What this program checks: the suite run twice in one process gives the same bytes (and the
   same hash), with the workspace filled with different garbage before each run (a read of
   uninitialized workspace shows up as a difference). It prints the hash as
       determinism hash <precision>: <16 hex digits>
   tests/determinism.sh builds it at -O0 and -O2 (both -ffp-contract=off -fno-fast-math), as C
   and as C++, and checks that every build prints the same hash. */
#include "contact.h"
#include "harness.h"
#include "problems.h"

typedef unsigned long long u64;

/* FNV-1a 64 over bytes */
static u64 fnv1a(u64 h, const void *data, size_t len) {
    const unsigned char *b = (const unsigned char *)data;
    size_t i;
    for (i = 0; i < len; ++i) {
        h ^= (u64)b[i];
        h *= 0x100000001B3ull;
    }
    return h;
}
#define FNV_OFFSET 0xCBF29CE484222325ull

#define N_PROBLEMS 5
#define N_VARIANTS 12
#define N_CONFIGS ((int)CT_METHOD_COUNT_ + N_VARIANTS)

/* HYBRID_NCP entered at a later phase: the earlier ones off */
static void hybrid_from(ct_settings *s, int phase) {
    s->method = CT_METHOD_HYBRID_NCP;
    if (phase > 0) s->hybrid.pgs_budget = 0;
    if (phase > 1) s->hybrid.newton_first = 0;
    if (phase > 2) s->hybrid.prox_first = 0;
    if (phase > 3) s->hybrid.ipm_max = 0;
}

static ct_settings config(int k) {
    ct_settings s = ct_default_settings();
    s.max_iter = 300;
    s.raisim.bisect_iters = 60;
    s.staggered.inner_iters = 30;
    if (k < (int)CT_METHOD_COUNT_) { /* every method at its defaults */
        s.method = (ct_method)k;
        return s;
    }
    switch (k - (int)CT_METHOD_COUNT_) {
        case 0: s.method = CT_METHOD_PGS_CCP; s.pgs.desaxce = 1; break;
        case 1: s.method = CT_METHOD_STAGGERED; s.staggered.lcp = 1; break;
        case 2: s.method = CT_METHOD_ADMM_NCP; s.admm.rule = CT_RHO_LINEAR; break;
        case 3: s.method = CT_METHOD_ADMM_NCP; s.admm.rule = CT_RHO_FIXED; s.admm.over_relax = (ct_real)1.6; break;
        case 4: s.method = CT_METHOD_PGS_NCP; s.stop = CT_STOP_RELATIVE; s.pgs.omega = (ct_real)0.8; break;
        case 5: s.method = CT_METHOD_ADMM_CCP; s.tol_change = (ct_real)1e-6; s.check_every = 3; break;
        case 6: hybrid_from(&s, 1); break; /* Newton first */
        case 7: hybrid_from(&s, 2); break; /* PROX first */
        case 8: hybrid_from(&s, 3); break; /* the interior point first */
        case 9: hybrid_from(&s, 4); break; /* ADMM and its Newton phases */
        case 10: hybrid_from(&s, 3); s.stop = CT_STOP_NONE; s.max_iter = 3; break; /* a fixed budget */
        default: s.method = CT_METHOD_NEWTON_NCP; s.stop = CT_STOP_NONE; s.max_iter = 7; break;
    }
    return s;
}

static void make_problem(owned_problem *o, int k) {
    th_seed(0xD5EED000ull + (u64)k);
    switch (k) {
        case 0: random_problem(o, 0, 0, 3, 30, 0.1, 1.0, 0); break;
        case 1: random_problem(o, 2, 2, 3, 40, 0.2, 0.8, 0); break;
        case 2: random_problem(o, 1, 1, 2, 20, 0.0, 0.5, 1); break;
        case 3: random_problem(o, 0, 0, 8, 60, 0.3, 0.9, 0); break;
        default: { /* joints, limits, and every other contact frictionless */
            int i;
            random_problem(o, 1, 2, 6, 50, 0.2, 0.7, 0);
            for (i = 0; i < 6; i += 2) o->mu[i] = 0;
        } break;
    }
}

/* one pass over the suite; out receives every solve's lambda and v back to back */
static u64 run_suite(ct_real *out, size_t out_len, unsigned char garbage) {
    u64 h = FNV_OFFSET;
    size_t at = 0;
    int pk, ck, warm;
    for (pk = 0; pk < N_PROBLEMS; ++pk) {
        owned_problem o;
        make_problem(&o, pk);
        for (ck = 0; ck < N_CONFIGS; ++ck) {
            ct_settings s = config(ck);
            size_t bytes = 0;
            void *mem;
            ct_workspace ws;
            ct_real *lambda = (ct_real *)calloc((size_t)o.n, sizeof(ct_real));
            ct_real *v = (ct_real *)calloc((size_t)o.n, sizeof(ct_real));
            CHECK_EQ_INT(ct_workspace_size(o.p.nb, o.p.nu, o.p.nc, &s, &bytes), CT_OK);
            mem = malloc(bytes);
            memset(mem, garbage, bytes);
            CHECK_EQ_INT(ct_workspace_init(&ws, mem, bytes), CT_OK);
            for (warm = 0; warm < 2; ++warm) { /* cold from 0, then warm from the cold answer */
                ct_info info;
                int it, st;
                ct_result r;
                s.warm_start = warm;
                r = ct_solve(&o.p, &s, &ws, lambda, v, &info);
                if (s.method == CT_METHOD_NEWTON_SOFT && r != CT_OK) { /* its model needs R, isotropic */
                    int rc = (int)r;
                    CHECKF(r == CT_ERROR_INVALID_SOFT || r == CT_ERROR_ANISOTROPIC_COMPLIANCE,
                           "problem %d NEWTON_SOFT: %s", pk, ct_result_string(r));
                    h = fnv1a(h, &rc, sizeof(rc));
                    at += 2 * (size_t)o.n;
                    continue;
                }
                CHECKF(r == CT_OK, "problem %d config %d warm %d: %s", pk, ck, warm, ct_result_string(r));
                it = info.iterations;
                st = (int)info.status;
                h = fnv1a(h, lambda, (size_t)o.n * sizeof(ct_real));
                h = fnv1a(h, v, (size_t)o.n * sizeof(ct_real));
                h = fnv1a(h, &it, sizeof(it));
                h = fnv1a(h, &st, sizeof(st));
                if (out && at + 2 * (size_t)o.n <= out_len) {
                    memcpy(out + at, lambda, (size_t)o.n * sizeof(ct_real));
                    memcpy(out + at + o.n, v, (size_t)o.n * sizeof(ct_real));
                }
                at += 2 * (size_t)o.n;
            }
            free(mem);
            free(lambda);
            free(v);
        }
        op_free(&o);
    }
    return h;
}

int main(void) {
    /* room for every solve's lambda and v: sum over problems of 2 configs-passes * 2 n */
    size_t len = (size_t)N_CONFIGS * 2 * 2 * (9 + 13 + 8 + 24 + 21);
    ct_real *a = (ct_real *)calloc(len, sizeof(ct_real));
    ct_real *b = (ct_real *)calloc(len, sizeof(ct_real));
    u64 h1 = run_suite(a, len, 0x00);
    u64 h2 = run_suite(b, len, 0x41); /* 2.2e6 in double, 12 in float: garbage that matters */
    CHECKF(h1 == h2, "two runs in one process: %016llx vs %016llx", h1, h2);
    CHECK(memcmp(a, b, len * sizeof(ct_real)) == 0);
    /* the hash sees the outputs: one flipped bit changes it */
    {
        u64 x = fnv1a(FNV_OFFSET, a, len * sizeof(ct_real));
        ((unsigned char *)a)[3] ^= 1;
        CHECK(fnv1a(FNV_OFFSET, a, len * sizeof(ct_real)) != x);
    }
    printf("determinism hash %s: %016llx\n", TH_PRECISION, h1);
    free(a);
    free(b);
    return th_summary();
}
