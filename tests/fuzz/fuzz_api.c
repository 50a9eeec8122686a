/* tests/fuzz/fuzz_api.c - libFuzzer harness of contact.h's entry points other than ct_solve:
   the first byte picks one (fz_op below), the rest are its sizes, pointers and values.

   Build (make fuzz-api does this; add -DCONTACT_USE_FLOAT for the float harness):
       clang -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
             -I. tests/fuzz/fuzz_api.c -o fuzz_api -lm
   Replay without libFuzzer (any C99 or C++ compiler): build with -DFUZZ_STANDALONE and run
       ./fuzz_api_replay FILE...          (FUZZ_VERBOSE=1 prints the decoded call)

   Input: byte 0 selects the entry point (b % FZ_NOPS, names in fz_op_names); the bytes after
   it are read in order by the case (reads past the end give 0, so every string is a call).
   A shared decoder (fz_prob_make) builds a problem: nb < 4, nu < 4, nc < 6 (n <= 21), rarely
   bad sizes; G = J M^-1 J^T (ct_delassus_from_mj) scaled by 1e-30..1e30 or 1e-300..1e300, raw
   values, raw symmetric, with optionally one special entry; dense or block-sparse; g, mu, R,
   the soft data and every vector from fz_vec: values in [-2, 2], specials (NaN, +-inf, 1e300,
   denormals, -0), or scaled by 10^-320..10^320 (so huge, tiny, denormal, inf). Pointers: at
   most one of the call's pointers is NULL (one input in eight). Every array is malloc'ed to
   its exact size, so ASan sees a one-element overrun.

   Contracts checked (a violation prints "fuzz_api: contract violated [id] ..." and aborts;
   the id names the contract, FUZZ_API_SKIP="id1,id2" in the environment tolerates known
   ones so that a run can look past them):
     - no crash, no ASan or UBSan report, no allocation beyond libFuzzer's malloc limit;
     - every ct_result has a known string; a NULL required pointer never gives CT_OK, and
       CT_ERROR_INVALID_ARGUMENT comes only from a NULL pointer (docs/robustness.md: values
       out of range are CT_ERROR_INVALID_VALUE) [null_ok, arg_code];
     - finite inputs and CT_OK: every output finite [nonfinite_out];
     - documented ranges: projections land in their cone (relative tolerance 1e-5, float
       1e-2) and are the identity inside it [proj_range]; compliance R >= 0 and within the
       input range on the rows named, the other rows untouched [compliance]; contact modes in
       {open, stick, slide} and open exactly when lambda_n <= tol [modes]; residuals >= 0 and
       worst rows in [-1, n) [criteria]; ct_criteria_rule bitwise equal to ct_criteria on the
       fields its rule reads, -1 on the others [criteria_rule]; ct_velocity equal to (G + R)
       lambda + g within rounding [velocity]; the Cholesky leaves the strict upper triangle
       and the padding untouched, the LU leaves a untouched on CT_ERROR_NON_FINITE, pivots
       and bad pivots in range [linalg]; ct_delassus_from_mj symmetric with G_ii >= 0
       [delassus]; ct_sparse_from_dense a well-formed block structure holding G's entries
       [sparse]; ct_problem_read leaves no arrays on an error, and a problem read, written
       and read again is bitwise the same [io]; a workspace or solver memory under its size
       query never gives CT_OK [ws_short]; size queries never smaller than
       CT_WORKSPACE_BOUND's promise [wsize];
     - solver object: ct_solver_solve is bitwise ct_solve on the current problem and settings
       unless admm.warm_rho / warm_dual ask for the state; a failed update leaves the object
       as it was (the harness's model of it changes only on CT_OK); an error leaves lambda
       and v untouched; without a setup CT_ERROR_NO_SETUP; state_get with a dual and no
       has_dual gives CT_ERROR_INVALID_VALUE [solver, state];
     - derivatives: CT_OK only for the NCP, CCP and SOFT flavors; lambda_unique 0 or 1
       [deriv].
   Classes of their own, so that a known one can be skipped (tests/fuzz/findings/api): finite
   input beyond CT_HUGE [velocity_big, deriv_big_seed, proj_big_mu], a subnormal pivot
   [lu_tiny_pivot, deriv_tiny_pivot], vectors below sqrt(DBL_MIN) [proj_tiny], the pyramid
   [pyramid_range]; and two crashes the harness can step around: FUZZ_API_SKIP=disk_inf_radius
   leaves out ct_project_disk with an infinite radius, soft_update_R a NULL R update or a
   switch to NEWTON_SOFT without R. */
#define _POSIX_C_SOURCE 200809L /* fmemopen, open_memstream */
#define CONTACT_IMPLEMENTATION
#include "contact.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "fuzz_format.h"

enum {
    OP_STRINGS, OP_PROJECT, OP_PROJECT_ALL, OP_LOCAL, OP_VELOCITY, OP_CRITERIA, OP_MODES,
    OP_COMPL_MUJOCO, OP_COMPL_SAP, OP_COMPL_CB, OP_COMPL_SD, OP_SOFT_KERNEL, OP_CHOLESKY, OP_LU,
    OP_DELASSUS, OP_SPARSE, OP_READ, OP_DERIV, OP_SOLVER, OP_STATE, OP_WSIZE, OP_INVERSE,
    FZ_NOPS
};
static const char *const fz_op_names[FZ_NOPS] = {
    "strings+settings", "projections", "project_constraints", "local_contact+ac_function",
    "velocity", "criteria", "contact_modes", "compliance_mujoco", "compliance_sap",
    "compliance_contactbench", "compliance_spring_damper", "soft_kernel", "cholesky", "lu",
    "delassus_from_mj", "sparse", "problem_read", "jvp+vjp", "solver_object", "solver_state",
    "workspace_sizes", "inverse_dynamics"};

static int fz_op = -1;
static char fz_note[512];

static int fz_verbose(void) {
    static int v = -1;
    if (v < 0) v = getenv("FUZZ_VERBOSE") != NULL;
    return v;
}

/* FUZZ_API_SKIP: comma-separated contracts that are not reported, each "id" (in every entry
   point) or "id@entry" (e.g. arg_code@compliance_mujoco) */
static int fz_skip_match(const char *key) {
    static int init = 0;
    static const char *skip = NULL;
    const char *at;
    size_t len = strlen(key);
    if (!init) {
        skip = getenv("FUZZ_API_SKIP");
        init = 1;
    }
    for (at = skip; at && *at; ) {
        const char *end = strchr(at, ',');
        size_t k = end ? (size_t)(end - at) : strlen(at);
        if (k == len && strncmp(at, key, len) == 0) return 1;
        at = end ? end + 1 : NULL;
    }
    return 0;
}
static int fz_skipped(const char *id) {
    char key[128];
    snprintf(key, sizeof(key), "%s@%s", id, fz_op >= 0 ? fz_op_names[fz_op] : "?");
    return fz_skip_match(id) || fz_skip_match(key);
}

static void fz_violation(const char *id, const char *what, int line) {
    if (fz_skipped(id)) return;
    fprintf(stderr, "fuzz_api: contract violated [%s] in %s (%s, %s; fuzz_api.c line %d): %s\n", id,
            fz_op >= 0 ? fz_op_names[fz_op] : "?", sizeof(ct_real) == 4 ? "float" : "double",
            fz_note, line, what);
    fflush(stderr);
    abort();
}
#define FZ_EXPECT(id, cond) ((cond) ? (void)0 : fz_violation(id, #cond, __LINE__))
#define FZ_NOTE(...) snprintf(fz_note, sizeof(fz_note), __VA_ARGS__)

static int fz_known(const char *s) { return s && strncmp(s, "unknown", 7) != 0; }
static int fz_fin(ct_real x) { return (x - x) == (ct_real)0; }
static int fz_all_fin(const ct_real *x, size_t count) {
    size_t i;
    if (!x) return 1;
    for (i = 0; i < count; ++i)
        if (!fz_fin(x[i])) return 0;
    return 1;
}
static int fz_all_in_range(const ct_real *x, size_t count) {
    size_t i;
    if (!x) return 1;
    for (i = 0; i < count; ++i)
        if (!fz_fin(x[i]) || fabs((double)x[i]) > (double)CT_HUGE) return 0;
    return 1;
}
static int fz_same(const void *a, const void *b, size_t bytes) { return bytes == 0 || memcmp(a, b, bytes) == 0; }

static ct_real *fz_alloc(int count) { return (ct_real *)malloc((size_t)(count > 0 ? count : 1) * sizeof(ct_real)); }
static ct_real *fz_dup(const ct_real *x, int count) {
    ct_real *y = fz_alloc(count);
    if (x && count > 0) memcpy(y, x, (size_t)count * sizeof(ct_real));
    return y;
}
/* FUZZ_VERBOSE=1: the arrays of a call */
static void fz_print(const char *name, const ct_real *x, int count) {
    int i;
    if (!fz_verbose()) return;
    fprintf(stderr, "  %s =", name);
    if (!x) fprintf(stderr, " NULL");
    for (i = 0; x && i < count; ++i) fprintf(stderr, " %.17g", (double)x[i]);
    fprintf(stderr, "\n");
}
static void fz_fill(ct_real *x, int count, ct_real v) {
    int i;
    for (i = 0; i < count; ++i) x[i] = v;
}

/* one value: mode 0 in [-2, 2]; 1 fz_raw (specials); 2 scaled by 10^-50..10^49; 3 scaled by
   10^-320..10^320 (denormal, zero, huge, inf); 4 >= 0 in [0, 2] */
static ct_real fz_val(fz_reader *r, int mode) {
    switch (mode % 5) {
        case 0: return (ct_real)fz_small(r);
        case 1: return (ct_real)fz_raw(r);
        case 2: { double x = fz_small(r); return (ct_real)(x * fz_pow10(fz_byte(r) % 100 - 50)); }
        case 3: {
            double x = fz_small(r);
            int hi = fz_byte(r), e = (hi * 256 + fz_byte(r)) % 641 - 320;
            return (ct_real)(e > 300 ? x * 1e300 * fz_pow10(e - 300) : e < -300 ? x * 1e-300 * fz_pow10(e + 300) : x * fz_pow10(e));
        }
        default: return (ct_real)(fz_unit(r) * 2.0);
    }
}
/* a vector: its mode from one byte, then its values */
static void fz_vec(fz_reader *r, ct_real *x, int count) {
    int mode = fz_byte(r), i;
    for (i = 0; i < count; ++i) x[i] = fz_val(r, mode);
}
static ct_real *fz_new_vec(fz_reader *r, int count) {
    ct_real *x = fz_alloc(count);
    fz_vec(r, x, count);
    return x;
}
/* which of k pointers is NULL: -1 (none) in 7 inputs of 8 */
static int fz_null_pick(fz_reader *r, int k) {
    unsigned char b = fz_byte(r);
    return (b & 0xE0) == 0 && k > 0 ? (b & 31) % k : -1;
}
/* an int argument: mostly small, sometimes an edge */
static int fz_int(fz_reader *r, int range) {
    static const int edge[8] = {-1, 0, INT_MIN, INT_MAX, -1000000, 46341, 15447, 1 << 30};
    unsigned char b = fz_byte(r);
    if (b >= 240) return edge[b % 8];
    return range > 0 ? b % range : 0;
}

/* --- a problem ------------------------------------------------------------------------ */
typedef struct fz_prob {
    int nb, nu, nc, n, bad_size;
    ct_real *G, *g, *mu, *R;
    ct_real *phi0, *k, *d, *vn0;
    int *sp_row, *sp_col;
    ct_real *sp_val;
    ct_sparse sp;
    ct_soft soft;
    ct_problem p;
} fz_prob;

static void fz_prob_free(fz_prob *q) {
    free(q->G); free(q->g); free(q->mu); free(q->R);
    free(q->phi0); free(q->k); free(q->d); free(q->vn0);
    free(q->sp_row); free(q->sp_col); free(q->sp_val);
    memset(q, 0, sizeof(*q));
}

/* G (n x n) per a mode byte; psd_only: the J M^-1 J^T modes only */
static void fz_build_G(fz_reader *r, int n, ct_real *G, int psd_only) {
    int mode = fz_byte(r) % 8, i, j;
    unsigned char sb = fz_byte(r);
    double scale = mode == 7 ? fz_pow10(sb % 601 - 300) : fz_pow10(sb % 61 - 30);
    if (psd_only && (mode == 5 || mode == 6)) mode = 0;
    if (mode == 5 || mode == 6) {
        for (i = 0; i < n; ++i)
            for (j = 0; j < n; ++j) {
                if (mode == 6 && j < i) G[i * n + j] = G[j * n + i];
                else G[i * n + j] = (ct_real)(fz_raw(r) * scale);
            }
    } else {
        int nv = 1 + fz_byte(r) % 12, ratio = fz_byte(r) % 8;
        ct_real *M = (ct_real *)calloc((size_t)nv * nv, sizeof(ct_real));
        ct_real *J = (ct_real *)calloc((size_t)n * nv + 1, sizeof(ct_real));
        ct_real *sc = (ct_real *)calloc(ct_delassus_scratch_size(nv, n) + 1, sizeof(ct_real));
        for (i = 0; i < nv; ++i) M[i * nv + i] = (ct_real)pow(10.0, ratio * fz_unit(r));
        for (i = 0; i < n * nv; ++i) J[i] = (ct_real)fz_small(r);
        if (ct_delassus_from_mj(nv, n, M, J, NULL, G, NULL, sc) != CT_OK)
            fz_violation("delassus", "ct_delassus_from_mj refused a diagonal positive M", __LINE__);
        for (i = 0; i < n * n; ++i) G[i] = (ct_real)(G[i] * scale);
        free(M);
        free(J);
        free(sc);
    }
    if (n > 0 && fz_byte(r) < 24) { /* one special entry */
        int a = fz_byte(r) % n, b = fz_byte(r) % n;
        G[a * n + b] = (ct_real)fz_special(fz_byte(r) % 24);
    }
}

/* flags: 1 PSD G only, 2 no bad sizes, 4 allow the block-sparse form, 8 soft data */
static void fz_prob_make(fz_reader *r, fz_prob *q, int flags) {
    int i, n, mr;
    memset(q, 0, sizeof(*q));
    q->nb = fz_byte(r) % 4;
    q->nu = fz_byte(r) % 4;
    q->nc = fz_byte(r) % 6;
    n = q->n = q->nb + q->nu + 3 * q->nc;
    q->G = fz_alloc(n * n);
    q->g = fz_alloc(n);
    q->mu = fz_alloc(q->nc);
    if (n > 0) fz_build_G(r, n, q->G, flags & 1);
    fz_vec(r, q->g, n);
    switch (fz_byte(r) % 4) {
        case 0: case 1: for (i = 0; i < q->nc; ++i) { unsigned char b = fz_byte(r); q->mu[i] = (ct_real)(b < 32 ? 0.0 : b / 128.0); } break;
        case 2: for (i = 0; i < q->nc; ++i) q->mu[i] = 0; break;
        default: fz_vec(r, q->mu, q->nc); break;
    }
    mr = fz_byte(r) % 4;
    if (mr >= 2) {
        q->R = fz_alloc(n);
        if (mr == 2) {
            for (i = 0; i < n; ++i) q->R[i] = (ct_real)(fz_unit(r) * 0.1);
            for (i = 0; i < q->nc; ++i) q->R[q->nb + q->nu + 3 * i + 1] = q->R[q->nb + q->nu + 3 * i];
        } else {
            fz_vec(r, q->R, n);
        }
    }
    q->p = ct_problem_dense(q->nb, q->nu, q->nc, q->G, q->g, q->mu);
    q->p.R = q->R;
    if ((flags & 8) && fz_byte(r) % 2) {
        unsigned char m = fz_byte(r);
        q->soft.model = (ct_soft_model)(m % 8 < 4 ? m % 8 : m % 8 == 4 ? -1 : 9);
        q->soft.dt = fz_val(r, fz_byte(r) % 2 ? 4 : fz_byte(r));
        q->phi0 = fz_new_vec(r, q->nc);
        q->k = fz_new_vec(r, q->nc);
        q->d = fz_new_vec(r, q->nc);
        if (fz_byte(r) % 2) q->vn0 = fz_new_vec(r, q->nc);
        q->soft.phi0 = q->phi0;
        q->soft.k = q->k;
        q->soft.d = q->d;
        q->soft.vn0 = q->vn0;
        q->soft.v_s = fz_val(r, fz_byte(r));
        q->soft.sigma = fz_val(r, fz_byte(r));
        q->soft.beta = fz_val(r, fz_byte(r));
        q->p.soft = &q->soft;
    }
    if ((flags & 4) && n > 0 && fz_byte(r) % 3 == 0 && fz_all_fin(q->G, (size_t)n * n)) {
        int ng = q->nb + q->nu + q->nc, nnzb = 0;
        if (ct_sparse_count(q->nb, q->nu, q->nc, q->G, 0, &nnzb) != CT_OK)
            fz_violation("sparse", "ct_sparse_count refused a finite dense G", __LINE__);
        q->sp_row = (int *)malloc(sizeof(int) * (size_t)(ng + 1));
        q->sp_col = (int *)malloc(sizeof(int) * (size_t)(nnzb > 0 ? nnzb : 1));
        q->sp_val = fz_alloc(9 * nnzb);
        fz_fill(q->sp_val, 9 * nnzb, 0);
        if (ct_sparse_from_dense(q->nb, q->nu, q->nc, q->G, 0, q->sp_row, q->sp_col, q->sp_val) != CT_OK)
            fz_violation("sparse", "ct_sparse_from_dense refused a finite dense G", __LINE__);
        q->sp.row_ptr = q->sp_row;
        q->sp.col = q->sp_col;
        q->sp.val = q->sp_val;
        q->p.G = NULL;
        q->p.Gs = &q->sp;
    }
    if (!(flags & 2) && fz_byte(r) >= 250) { /* sizes the call must refuse before reading */
        static const int bad[6][3] = {{-1, 0, 0}, {0, -1, 0}, {0, 0, -1}, {INT_MAX, 0, 0},
                                      {0, 0, INT_MAX / 3 + 1}, {46340, 1, 0}};
        const int *b = bad[fz_byte(r) % 6];
        q->p.nb = b[0];
        q->p.nu = b[1];
        q->p.nc = b[2];
        q->bad_size = 1;
    }
}
static int fz_prob_finite(const fz_prob *q) {
    size_t n = (size_t)q->n;
    return fz_all_fin(q->G, n * n) && fz_all_fin(q->g, n) && fz_all_fin(q->mu, (size_t)q->nc) &&
           fz_all_fin(q->R, n);
}
static int fz_prob_in_range(const fz_prob *q) {
    size_t n = (size_t)q->n;
    return fz_all_in_range(q->G, n * n) && fz_all_in_range(q->g, n) &&
           fz_all_in_range(q->mu, (size_t)q->nc) && fz_all_in_range(q->R, n);
}
static int fz_soft_finite(const fz_prob *q) {
    size_t nc = (size_t)q->nc;
    if (!q->p.soft) return 1;
    return fz_fin(q->soft.dt) && fz_fin(q->soft.v_s) && fz_fin(q->soft.sigma) && fz_fin(q->soft.beta) &&
           fz_all_fin(q->phi0, nc) && fz_all_fin(q->k, nc) && fz_all_fin(q->d, nc) && fz_all_fin(q->vn0, nc);
}

/* the checks every call shares: known string, NULL pointers, INVALID_ARGUMENT only for them */
static void fz_check_codes(ct_result res, int null_passed) {
    FZ_EXPECT("codes", fz_known(ct_result_string(res)) && fz_known(ct_result_explain(res)));
    if (null_passed) FZ_EXPECT("null_ok", res != CT_OK);
    else FZ_EXPECT("arg_code", res != CT_ERROR_INVALID_ARGUMENT);
}

/* --- settings --------------------------------------------------------------------------- */
/* a few bytes: the method (every one, and invalid ones), caps, and optionally one bad field */
static void fz_settings(fz_reader *r, ct_settings *s, int max_iter_cap) {
    unsigned char mb = fz_byte(r), b;
    *s = ct_default_settings();
    s->method = (ct_method)(mb < 240 ? mb % (int)CT_METHOD_COUNT_ : mb < 245 ? (int)mb - 245 : (int)CT_METHOD_COUNT_ + (mb - 245));
    s->max_iter = fz_byte(r) % (max_iter_cap + 1);
    b = fz_byte(r);
    if (b & 1) s->stop = CT_STOP_RELATIVE;
    if (b & 2) s->admm.rule = (ct_rho_rule)((b >> 2) % 3);
    if (b & 32) s->warm_start = 0;
    if (b & 64) s->pgs.desaxce = 1;
    if (b & 128) s->staggered.lcp = 1;
    s->staggered.inner_iters = 1 + fz_byte(r) % 20;
    s->hybrid.newton_first = fz_byte(r) % 20;
    s->hybrid.prox_first = fz_byte(r) % 20;
    s->hybrid.max_phases = 1 + fz_byte(r) % 3;
    s->hybrid.prox_max = 1 + fz_byte(r) % 20;
    b = fz_byte(r);
    if (b) s->tol_abs = (ct_real)fz_pow10(-(1 + b % 12));
    b = fz_byte(r);
    if (b < 16) { /* one field out of range */
        ct_real x = (ct_real)fz_special(fz_byte(r) % 24);
        switch (b % 8) {
            case 0: s->tol_abs = x; break;
            case 1: s->admm.eta = x; break;
            case 2: s->pgs.omega = x; break;
            case 3: s->admm.rho0 = x; break;
            case 4: s->max_iter = -1; break;
            case 5: s->stop = (ct_stop_rule)7; break;
            case 6: s->sym_tol = x; break;
            default: s->admm.rule = (ct_rho_rule)-1; break;
        }
    }
}

/* --- OP_STRINGS: strings, flavors, settings validation ---------------------------------- */
static void fz_op_strings(fz_reader *r) {
    int v = (int)(signed char)fz_byte(r), m;
    ct_settings s;
    ct_result res;
    ct_flavor fl;
    FZ_EXPECT("codes", ct_result_string((ct_result)v) != NULL && ct_result_explain((ct_result)v) != NULL);
    FZ_EXPECT("codes", ct_status_string((ct_status)v) != NULL && ct_status_explain((ct_status)v) != NULL);
    FZ_EXPECT("codes", ct_method_string((ct_method)v) != NULL);
    if (v >= -21 && v <= 0) FZ_EXPECT("codes", fz_known(ct_result_string((ct_result)v)));
    if (v >= 0 && v <= 6) FZ_EXPECT("codes", fz_known(ct_status_string((ct_status)v)));
    for (m = 0; m < (int)CT_METHOD_COUNT_; ++m) FZ_EXPECT("codes", fz_known(ct_method_string((ct_method)m)));
    FZ_EXPECT("codes", ct_version() != NULL);
    FZ_EXPECT("settings", ct_settings_validate(NULL) == CT_ERROR_INVALID_ARGUMENT);
    s = ct_default_settings();
    FZ_EXPECT("settings", ct_settings_validate(&s) == CT_OK);
    s = ct_settings_pgs_underrelaxed();
    FZ_EXPECT("settings", ct_settings_validate(&s) == CT_OK);
    fz_settings(r, &s, 200);
    res = ct_settings_validate(&s);
    FZ_EXPECT("settings", res == CT_OK || res == CT_ERROR_INVALID_SETTINGS);
    if ((int)s.method < 0 || (int)s.method >= (int)CT_METHOD_COUNT_) FZ_EXPECT("settings", res != CT_OK);
    fl = ct_method_flavor(&s);
    FZ_EXPECT("settings", (unsigned)fl <= (unsigned)CT_FLAVOR_SOFT);
    fl = ct_method_flavor(NULL);
    FZ_EXPECT("settings", (unsigned)fl <= (unsigned)CT_FLAVOR_SOFT);
}

/* --- OP_PROJECT: the 3-vector projections, the disk, the metric projection, De Saxce ------ */
/* violations of membership, > 0 outside (y scaled to O(1)) */
static double fz_nt(const double *y) { return sqrt(y[0] * y[0] + y[1] * y[1]); }
static double fz_in_K(double mu, const double *y) { double a = -y[2], b = fz_nt(y) - mu * y[2]; return a > b ? a : b; }
static double fz_in_Kd(double mu, const double *y) { return mu * fz_nt(y) - y[2]; }
static double fz_in_P(double mu, const double *y) {
    double a = -y[2], b = fabs(y[0]) - mu * y[2], c = fabs(y[1]) - mu * y[2];
    return a > b ? (a > c ? a : c) : (b > c ? b : c);
}
static double fz_in_Pd(double mu, const double *y) { return mu * (fabs(y[0]) + fabs(y[1])) - y[2]; }
enum { FZ_K, FZ_KD, FZ_NEG_K, FZ_NEG_KD, FZ_P, FZ_NEG_PD };
static double fz_member(int set, double mu, const double *y) {
    double m[3];
    m[0] = -y[0]; m[1] = -y[1]; m[2] = -y[2];
    switch (set) {
        case FZ_K: return fz_in_K(mu, y);
        case FZ_KD: return fz_in_Kd(mu, y);
        case FZ_NEG_K: return fz_in_K(mu, m);
        case FZ_NEG_KD: return fz_in_Kd(mu, m);
        case FZ_P: return fz_in_P(mu, y);
        default: return fz_in_Pd(mu, m);
    }
}
/* out = P_C(x) for the closed convex cone C (set) with polar Cp: out in C, x - out in Cp,
   <out, x - out> = 0 (Moreau), within a rounding tolerance; checked on x scaled to O(1) and for
   mu <= 100, scales where the rounding of the projection is the only error */
static void fz_check_cone_proj(const char *name, int set, int polar, ct_real mu, const ct_real *x, const ct_real *out) {
    double s = 0, y[3], w[3], tol, dot;
    int i;
    /* mu beyond the input range (CT_HUGE) is a contract of its own (proj_big_mu) */
    const char *id = mu > CT_HUGE ? "proj_big_mu" : set == FZ_P ? "pyramid_range" : "proj_range";
    FZ_NOTE("%s mu %.17g x (%.17g %.17g %.17g) out (%.17g %.17g %.17g)", name, (double)mu, (double)x[0],
            (double)x[1], (double)x[2], (double)out[0], (double)out[1], (double)out[2]);
    if (!fz_all_fin(x, 3) || !fz_fin(mu) || !(mu >= 0)) return;
    FZ_EXPECT(mu > CT_HUGE ? "proj_big_mu" : "nonfinite_out", fz_all_fin(out, 3));
    for (i = 0; i < 3; ++i) s = fabs((double)x[i]) > s ? fabs((double)x[i]) : s;
    if (s == 0) {
        FZ_EXPECT(id, out[0] == 0 && out[1] == 0 && out[2] == 0);
        return;
    }
    /* below sqrt of the smallest normal number the squares of the norms lose digits: a
       contract of its own (proj_tiny) */
    if (s < (sizeof(ct_real) == 4 ? 1e-18 : 1e-150)) id = "proj_tiny";
    if (mu > 100 || s < (sizeof(ct_real) == 4 ? 1e-38 : 1e-300)) return;
    for (i = 0; i < 3; ++i) {
        y[i] = (double)out[i] / s;
        w[i] = (double)x[i] / s - y[i];
    }
    tol = 256.0 * (double)CT_EPS * (1 + (double)mu) * (1 + (double)mu);
    FZ_EXPECT(id, fz_member(set, (double)mu, y) <= tol);
    FZ_EXPECT(id, fz_member(polar, (double)mu, w) <= tol);
    dot = y[0] * w[0] + y[1] * w[1] + y[2] * w[2];
    FZ_EXPECT(id, fabs(dot) <= tol);
}

static void fz_op_project(fz_reader *r) {
    ct_real mu = fz_val(r, fz_byte(r)), x[3], out[3], al[3], d[3], rr;
    int i, mode = fz_byte(r);
    ct_result res;
    for (i = 0; i < 3; ++i) x[i] = fz_val(r, mode);
    if (fz_byte(r) % 4 == 0) {
        int at = fz_byte(r) % 3;
        x[at] = fz_val(r, 1);
    }

    ct_project_cone(mu, x, out);
    fz_check_cone_proj("ct_project_cone", FZ_K, FZ_NEG_KD, mu, x, out);
    memcpy(al, x, sizeof(al));
    ct_project_cone(mu, al, al); /* out may alias x */
    FZ_EXPECT("proj_range", fz_same(al, out, sizeof(al)));
    /* inputs above CT_HUGE are projected scaled by 2^-600 (float 2^-100), which may flush
       their tiny components: the identity only within the input range */
    if (fz_all_in_range(x, 3) && mu >= 0 && mu <= 100 && x[2] > 0 &&
        hypot((double)x[0], (double)x[1]) <= (double)mu * x[2] * (1 - 1e-3)) /* hypot: no underflow */
        FZ_EXPECT("proj_range", fz_same(out, x, sizeof(out))); /* the identity inside */

    ct_project_dual_cone(mu, x, out);
    fz_check_cone_proj("ct_project_dual_cone", FZ_KD, FZ_NEG_K, mu, x, out);
    ct_project_polar_cone(mu, x, out);
    fz_check_cone_proj("ct_project_polar_cone", FZ_NEG_KD, FZ_K, mu, x, out);
    ct_project_pyramid(mu, x, out);
    fz_check_cone_proj("ct_project_pyramid", FZ_P, FZ_NEG_PD, mu, x, out);

    ct_clamp_box_tangent(mu, x, out);
    FZ_NOTE("ct_clamp_box_tangent mu %.17g x (%.17g %.17g %.17g)", (double)mu, (double)x[0], (double)x[1], (double)x[2]);
    if (fz_all_fin(x, 3) && fz_fin(mu) && mu >= 0 && fabs((double)mu * x[2]) < 1e300) {
        FZ_EXPECT("nonfinite_out", fz_all_fin(out, 3));
        FZ_EXPECT("proj_range", out[2] == (x[2] > 0 ? x[2] : 0));
        FZ_EXPECT("proj_range", fabs((double)out[0]) <= (double)(mu * out[2]) && fabs((double)out[1]) <= (double)(mu * out[2]));
    }

    ct_desaxce(mu, x, out);
    FZ_NOTE("ct_desaxce mu %.17g x (%.17g %.17g %.17g)", (double)mu, (double)x[0], (double)x[1], (double)x[2]);
    FZ_EXPECT("proj_range", out[0] == 0 && out[1] == 0);
    if (fz_all_in_range(x, 3) && fz_fin(mu) && mu >= 0 && mu <= CT_HUGE)
        FZ_EXPECT("nonfinite_out", fz_fin(out[2]) && out[2] >= 0);

    rr = fz_val(r, fz_byte(r));
    /* an infinite radius: FUZZ_API_SKIP=disk_inf_radius leaves the call out (see the findings) */
    if (!(fabs((double)rr) > 1e308 && fz_skipped("disk_inf_radius"))) ct_project_disk(rr, x, out);
    else memcpy(out, x, 2 * sizeof(ct_real));
    FZ_NOTE("ct_project_disk r %.17g x (%.17g %.17g) out (%.17g %.17g)", (double)rr, (double)x[0], (double)x[1], (double)out[0], (double)out[1]);
    if (fz_all_fin(x, 2) && fz_fin(rr)) {
        double t = hypot((double)x[0], (double)x[1]), to = hypot((double)out[0], (double)out[1]);
        double lim = rr > 0 ? (double)rr : 0, sc = fabs((double)x[0]) + fabs((double)x[1]);
        FZ_EXPECT("nonfinite_out", fz_all_fin(out, 2));
        if (sc > (sizeof(ct_real) == 4 ? 1e-30 : 1e-280) && sc < 1e300 && lim < 1e300) {
            /* a subnormal radius has few digits: an absolute tolerance at the normal range's edge */
            double tiny = (sizeof(ct_real) == 4 ? 1e-36 : 1e-300) * (1 + t);
            FZ_EXPECT("proj_range", to <= lim * (1 + 64 * (double)CT_EPS) + tiny);
            FZ_EXPECT("proj_range", fabs(to - (t < lim ? t : lim)) <= 64 * (double)CT_EPS * (t < lim ? t : lim) + tiny);
        }
    }

    mode = fz_byte(r);
    for (i = 0; i < 3; ++i) d[i] = fz_val(r, mode);
    if (fz_byte(r) % 2) d[1] = d[0];
    {
        int nul = fz_null_pick(r, 3);
        res = ct_project_cone_metric(mu, nul == 0 ? NULL : d, nul == 1 ? NULL : x, nul == 2 ? NULL : out);
        FZ_NOTE("ct_project_cone_metric mu %.17g d (%.17g %.17g %.17g) x (%.17g %.17g %.17g)", (double)mu,
                (double)d[0], (double)d[1], (double)d[2], (double)x[0], (double)x[1], (double)x[2]);
        fz_check_codes(res, nul >= 0);
        if (nul < 0 && (!(d[0] > 0) || !(d[2] > 0))) FZ_EXPECT("proj_range", res == CT_ERROR_INVALID_VALUE);
        if (res == CT_OK && fz_all_fin(d, 3) && fz_all_fin(x, 3) && fz_fin(mu) && mu >= 0) {
            double s = 0, y[3];
            FZ_EXPECT("nonfinite_out", fz_all_fin(out, 3));
            for (i = 0; i < 3; ++i) s = fabs((double)out[i]) > s ? fabs((double)out[i]) : s;
            if (s > 0 && mu <= 100) {
                /* the scaled vector sqrt(d) x: tiny, or its cone's mu huge, are contracts of their own */
                double xs = 0, dlo = d[0] < d[2] ? (double)d[0] : (double)d[2], mut = (double)mu * sqrt((double)d[0] / (double)d[2]);
                const char *id = "proj_range";
                for (i = 0; i < 3; ++i) xs = fabs((double)x[i]) > xs ? fabs((double)x[i]) : xs;
                if (xs * sqrt(dlo) < (sizeof(ct_real) == 4 ? 1e-18 : 1e-150) || s < (sizeof(ct_real) == 4 ? 1e-18 : 1e-150)) id = "proj_tiny";
                if (mut > (double)CT_HUGE) id = "proj_big_mu";
                for (i = 0; i < 3; ++i) y[i] = (double)out[i] / s;
                FZ_EXPECT(id, fz_in_K((double)mu, y) <= 256.0 * (double)CT_EPS * (1 + (double)mu) * (1 + (double)mu));
            }
        }
    }
}

/* --- OP_PROJECT_ALL: ct_project_constraints and ct_project_dual_constraints -------------- */
static void fz_op_project_all(fz_reader *r) {
    fz_prob q;
    ct_real *x, *out;
    int i, dual = fz_byte(r) % 2;
    fz_prob_make(r, &q, 2);
    x = fz_new_vec(r, q.n);
    out = fz_alloc(q.n);
    if (dual) ct_project_dual_constraints(q.nb, q.nu, q.nc, q.mu, x, out);
    else ct_project_constraints(q.nb, q.nu, q.nc, q.mu, x, out);
    for (i = 0; i < q.nb; ++i) FZ_EXPECT("proj_range", dual ? out[i] == 0 : fz_same(&out[i], &x[i], sizeof(ct_real)));
    for (i = q.nb; i < q.nb + q.nu; ++i)
        if (fz_fin(x[i])) FZ_EXPECT("proj_range", out[i] == (x[i] > 0 ? x[i] : 0));
    for (i = 0; i < q.nc; ++i) {
        const int r0 = q.nb + q.nu + 3 * i;
        ct_real ref[3];
        if (dual) ct_project_dual_cone(q.mu[i], x + r0, ref);
        else ct_project_cone(q.mu[i], x + r0, ref);
        FZ_NOTE("contact %d of nb %d nu %d nc %d", i, q.nb, q.nu, q.nc);
        FZ_EXPECT("proj_range", fz_same(ref, out + r0, sizeof(ref)));
    }
    free(x);
    free(out);
    fz_prob_free(&q);
}

/* --- OP_LOCAL: ct_local_contact and ct_ac_function -------------------------------------- */
static void fz_op_local(fz_reader *r) {
    ct_real mu = fz_val(r, fz_byte(r)), B[9], c[3], out[3], l[3], v[3], F[3], A[9], Bm[9];
    ct_raisim_settings rs = ct_default_settings().raisim;
    int i, mode = fz_byte(r), law = fz_byte(r), nul, m;
    ct_result res;
    if (fz_byte(r) % 2) { /* a PSD block J J^T */
        ct_real J[9];
        for (i = 0; i < 9; ++i) J[i] = fz_val(r, mode);
        for (i = 0; i < 9; ++i) B[i] = J[3 * (i / 3)] * J[3 * (i % 3)] + J[3 * (i / 3) + 1] * J[3 * (i % 3) + 1] + J[3 * (i / 3) + 2] * J[3 * (i % 3) + 2];
    } else {
        for (i = 0; i < 9; ++i) B[i] = fz_val(r, mode);
    }
    mode = fz_byte(r);
    for (i = 0; i < 3; ++i) c[i] = fz_val(r, mode);
    if (fz_byte(r) % 2) {
        rs.bisect_iters = 1 + fz_byte(r) % 50;
        rs.bisect_tol = (ct_real)fz_pow10(-(fz_byte(r) % 16));
        rs.alpha = (ct_real)(fz_unit(r));
        rs.beta1 = fz_val(r, fz_byte(r));
    }
    nul = fz_null_pick(r, 3);
    fz_fill(out, 3, (ct_real)7);
    res = ct_local_contact((ct_local_law)(law < 240 ? law % 3 : law - 245), mu, nul == 0 ? NULL : B, nul == 1 ? NULL : c,
                           fz_byte(r) % 2 ? &rs : NULL, nul == 2 ? NULL : out);
    FZ_NOTE("ct_local_contact law %d mu %.17g", law < 240 ? law % 3 : law - 245, (double)mu);
    fz_check_codes(res, nul >= 0);
    if (law >= 240 && (law - 245 < 0 || law - 245 > 2) && nul < 0) FZ_EXPECT("arg_code", res == CT_ERROR_INVALID_VALUE);
    if (res == CT_OK) FZ_EXPECT("nonfinite_out", fz_all_fin(out, 3));

    mode = fz_byte(r);
    for (i = 0; i < 3; ++i) { l[i] = fz_val(r, mode); v[i] = fz_val(r, mode); }
    {
        ct_real rn = fz_val(r, fz_byte(r)), rt = fz_val(r, fz_byte(r));
        int want = fz_byte(r);
        nul = fz_null_pick(r, 3);
        m = ct_ac_function(mu, rn, rt, nul == 0 ? NULL : l, nul == 1 ? NULL : v, nul == 2 ? NULL : F,
                           want & 1 ? A : NULL, want & 2 ? Bm : NULL);
        FZ_NOTE("ct_ac_function mu %.17g rho_n %.17g rho_t %.17g", (double)mu, (double)rn, (double)rt);
        FZ_EXPECT("arg_code", m >= -1 && m <= 2);
        if (nul >= 0 || !(mu >= 0) || !(rn > 0) || !(rt > 0)) FZ_EXPECT("arg_code", m == -1);
        if (m >= 0 && fz_fin(mu) && fz_fin(rn) && fz_fin(rt)) {
            FZ_EXPECT("nonfinite_out", fz_all_fin(F, 3));
            if (want & 1) FZ_EXPECT("nonfinite_out", fz_all_fin(A, 9));
            if (want & 2) FZ_EXPECT("nonfinite_out", fz_all_fin(Bm, 9));
        }
    }
}

/* --- OP_VELOCITY ------------------------------------------------------------------------ */
static void fz_op_velocity(fz_reader *r) {
    fz_prob q;
    ct_real *lambda, *v;
    int nul, i, j, n;
    ct_result res;
    fz_prob_make(r, &q, 4);
    n = q.n;
    lambda = fz_new_vec(r, n);
    v = fz_alloc(n);
    fz_fill(v, n, (ct_real)-7);
    nul = fz_null_pick(r, 5);
    if (nul == 3) q.p.g = NULL;
    if (nul == 4) { q.p.G = NULL; q.p.Gs = NULL; }
    res = ct_velocity(nul == 0 ? NULL : &q.p, nul == 1 ? NULL : lambda, nul == 2 ? NULL : v);
    FZ_NOTE("nb %d nu %d nc %d%s, R %s, storage %s, res %s", q.p.nb, q.p.nu, q.p.nc, q.bad_size ? " (bad)" : "",
            q.R ? "yes" : "NULL", q.p.Gs ? "sparse" : "dense", ct_result_string(res));
    fz_check_codes(res, nul >= 0);
    if (q.bad_size) FZ_EXPECT("codes", res != CT_OK);
    if (res == CT_OK && fz_prob_finite(&q) && fz_all_fin(lambda, (size_t)n)) {
        /* finite input beyond the input range (CT_HUGE) is a contract of its own */
        FZ_EXPECT(fz_prob_in_range(&q) && fz_all_in_range(lambda, (size_t)n) ? "nonfinite_out" : "velocity_big",
                  fz_all_fin(v, (size_t)n));
        if (fz_prob_in_range(&q) && fz_all_in_range(lambda, (size_t)n))
            for (i = 0; i < n; ++i) {
                long double acc = q.g[i], mag = fabs((double)q.g[i]);
                for (j = 0; j < n; ++j) {
                    acc += (long double)q.G[i * n + j] * lambda[j];
                    mag += fabsl((long double)q.G[i * n + j] * lambda[j]);
                }
                if (q.R) {
                    acc += (long double)q.R[i] * lambda[i];
                    mag += fabsl((long double)q.R[i] * lambda[i]);
                }
                /* absolute slack: each product or sum below the smallest normal number of
                   ct_real rounds to its subnormal spacing (float 1.4e-45), not to eps */
                FZ_EXPECT("velocity", fabsl((long double)v[i] - acc) <=
                                          4.0L * (n + 2) * (long double)CT_EPS * mag +
                                              2.0L * (n + 2) * (sizeof(ct_real) == 4 ? 1.4e-45L : 4.9e-324L));
            }
    }
    free(lambda);
    free(v);
    fz_prob_free(&q);
}

/* --- OP_CRITERIA: ct_criteria and ct_criteria_rule, every flavor and invalid ones --------- */
static void fz_check_residuals(const ct_residuals *q, int n) {
    FZ_EXPECT("nonfinite_out", fz_fin(q->primal) && fz_fin(q->dual) && fz_fin(q->comp) && fz_fin(q->natmap));
    FZ_EXPECT("nonfinite_out", fz_fin(q->signorini) && fz_fin(q->absolute) && fz_fin(q->relative));
    FZ_EXPECT("criteria", q->primal >= 0 && q->dual >= 0 && q->comp >= 0 && q->natmap >= 0);
    FZ_EXPECT("criteria", q->signorini >= 0 && q->absolute >= 0 && q->relative >= 0);
    FZ_EXPECT("criteria", q->primal_row >= -1 && q->primal_row < n && q->dual_row >= -1 && q->dual_row < n);
    FZ_EXPECT("criteria", q->comp_row >= -1 && q->comp_row < n && q->natmap_row >= -1 && q->natmap_row < n);
    FZ_EXPECT("criteria", q->signorini_row >= -1 && q->signorini_row < n && q->absolute_row >= -1 && q->absolute_row < n);
}
static int fz_rsame(ct_real a, ct_real b) { return memcmp(&a, &b, sizeof(a)) == 0; }

static void fz_op_criteria(fz_reader *r) {
    static const int flavors[8] = {0, 1, 2, 3, 4, -1, 5, 1000};
    static const int rules[4] = {0, 1, 2, -1};
    fz_prob q;
    ct_real *lambda, *v;
    ct_residuals all, part;
    int nul, n, fl, rule, finite;
    ct_result res, res2;
    fz_prob_make(r, &q, 4 | 8);
    n = q.n;
    fl = flavors[fz_byte(r) % 8];
    rule = rules[fz_byte(r) % 4];
    lambda = fz_new_vec(r, n);
    v = fz_new_vec(r, n);
    nul = fz_null_pick(r, 5);
    if (nul == 3) q.p.g = NULL;
    if (nul == 4) q.p.mu = NULL;
    if (nul == 4 && q.nc == 0) nul = -1; /* mu may be NULL when nc = 0 */
    memset(&all, 0x5A, sizeof(all));
    res = ct_criteria(nul == 0 ? NULL : &q.p, nul == 1 ? NULL : lambda, nul == 2 ? NULL : v, (ct_flavor)fl, &all);
    FZ_NOTE("nb %d nu %d nc %d%s, flavor %d, rule %d, soft %s (model %d), R %s, res %s", q.p.nb, q.p.nu, q.p.nc,
            q.bad_size ? " (bad)" : "", fl, rule, q.p.soft ? "yes" : "NULL", q.p.soft ? (int)q.soft.model : -1,
            q.R ? "yes" : "NULL", ct_result_string(res));
    fz_check_codes(res, nul >= 0);
    if (nul < 0 && !q.bad_size && (fl < 0 || fl > 4)) FZ_EXPECT("arg_code", res == CT_ERROR_INVALID_VALUE);
    FZ_EXPECT("codes", ct_criteria(&q.p, lambda, v, (ct_flavor)fl, NULL) != CT_OK);
    finite = fz_prob_finite(&q) && fz_soft_finite(&q) && fz_all_fin(lambda, (size_t)n) && fz_all_fin(v, (size_t)n);
    if (res == CT_OK && finite) fz_check_residuals(&all, n);
    memset(&part, 0x5A, sizeof(part));
    res2 = ct_criteria_rule(nul == 0 ? NULL : &q.p, nul == 1 ? NULL : lambda, nul == 2 ? NULL : v, (ct_flavor)fl,
                            (ct_stop_rule)rule, &part);
    fz_check_codes(res2, nul >= 0);
    if (res == CT_OK) FZ_EXPECT("criteria_rule", res2 == (rule == 0 || rule == 1 ? CT_OK : CT_ERROR_INVALID_VALUE));
    else FZ_EXPECT("criteria_rule", res2 == res);
    if (res == CT_OK && res2 == CT_OK) {
        /* the fields the rule reads, bitwise as ct_criteria computes them; the others -1 */
        FZ_EXPECT("criteria_rule", fz_rsame(part.signorini, all.signorini) && part.signorini_row == all.signorini_row);
        if (rule == CT_STOP_RELATIVE) {
            FZ_EXPECT("criteria_rule", fz_rsame(part.natmap, all.natmap) && part.natmap_row == all.natmap_row);
            FZ_EXPECT("criteria_rule", fz_rsame(part.relative, all.relative));
        }
        if (rule == CT_STOP_ABSOLUTE) {
            FZ_EXPECT("criteria_rule", fz_rsame(part.primal, all.primal) && part.primal_row == all.primal_row);
            FZ_EXPECT("criteria_rule", fz_rsame(part.dual, all.dual) && part.dual_row == all.dual_row);
            FZ_EXPECT("criteria_rule", fz_rsame(part.comp, all.comp) && part.comp_row == all.comp_row);
            FZ_EXPECT("criteria_rule", fz_rsame(part.absolute, all.absolute) && part.absolute_row == all.absolute_row);
        }
        if (fl != CT_FLAVOR_SOFT && rule == CT_STOP_RELATIVE)
            FZ_EXPECT("criteria_rule", part.primal == -1 && part.dual == -1 && part.comp == -1 && part.absolute == -1 &&
                                           part.primal_row == -1 && part.absolute_row == -1);
        if (fl != CT_FLAVOR_SOFT && rule == CT_STOP_ABSOLUTE)
            FZ_EXPECT("criteria_rule", part.natmap == -1 && part.relative == -1 && part.natmap_row == -1);
    }
    free(lambda);
    free(v);
    fz_prob_free(&q);
}

/* --- OP_MODES: ct_contact_modes --------------------------------------------------------- */
static void fz_op_modes(fz_reader *r) {
    fz_prob q;
    ct_real *lambda, *v, tol;
    ct_contact_mode *modes;
    int nul, i;
    ct_result res;
    fz_prob_make(r, &q, 0);
    lambda = fz_new_vec(r, q.n);
    v = fz_new_vec(r, q.n);
    tol = fz_val(r, fz_byte(r));
    modes = (ct_contact_mode *)malloc(sizeof(ct_contact_mode) * (size_t)(q.nc > 0 ? q.nc : 1));
    for (i = 0; i < q.nc; ++i) modes[i] = (ct_contact_mode)77;
    nul = fz_null_pick(r, 4);
    res = ct_contact_modes(nul == 0 ? NULL : &q.p, nul == 1 ? NULL : lambda, nul == 2 ? NULL : v, tol, nul == 3 ? NULL : modes);
    FZ_NOTE("nb %d nu %d nc %d%s tol %.17g", q.p.nb, q.p.nu, q.p.nc, q.bad_size ? " (bad)" : "", (double)tol);
    fz_check_codes(res, nul >= 0);
    if (q.bad_size) FZ_EXPECT("codes", res != CT_OK);
    if (res == CT_OK)
        for (i = 0; i < q.nc; ++i) {
            const int r0 = q.nb + q.nu + 3 * i;
            FZ_EXPECT("modes", modes[i] == CT_MODE_OPEN || modes[i] == CT_MODE_STICK || modes[i] == CT_MODE_SLIDE);
            FZ_EXPECT("modes", (modes[i] == CT_MODE_OPEN) == (lambda[r0 + 2] <= tol));
        }
    free(lambda);
    free(v);
    free(modes);
    fz_prob_free(&q);
}

/* --- OP_COMPL_*: the compliance helpers ------------------------------------------------- */
#define FZ_SENT ((ct_real)-12345.5)
/* R and vref (n): the rows [a, b) written with finite, in-range values (R >= 0) on CT_OK; the
   others untouched whatever the result, when [a, b) is a valid range */
static void fz_check_compliance(ct_result res, const ct_real *R, const ct_real *vref, int n, int a, int b,
                                int range_ok, int finite_in, int nonneg) {
    int i;
    if (range_ok)
        for (i = 0; i < n; ++i)
            if (i < a || i >= b) {
                FZ_EXPECT("compliance", fz_rsame(R[i], FZ_SENT));
                if (vref) FZ_EXPECT("compliance", fz_rsame(vref[i], FZ_SENT));
            }
    if (res == CT_OK && range_ok && finite_in)
        for (i = a; i < b; ++i) {
            FZ_EXPECT("nonfinite_out", fz_fin(R[i]) && (!vref || fz_fin(vref[i])));
            FZ_EXPECT("compliance", (R[i] >= 0 || !nonneg) && fabs((double)R[i]) <= (double)CT_HUGE);
            if (vref) FZ_EXPECT("compliance", fabs((double)vref[i]) <= (double)CT_HUGE);
        }
}

static void fz_op_compliance(fz_reader *r, int which) {
    fz_prob q;
    ct_real *R, *vref, *pos = NULL, *vel = NULL, *phi0 = NULL, solref[2], solimp[5], dt, k, tau, beta, sigma;
    int nul, n, first, count, items, a, b, range_ok, finite_in, i, tref;
    ct_result res = CT_OK;
    fz_prob_make(r, &q, 2 | 4);
    n = q.n;
    R = fz_alloc(n);
    vref = fz_alloc(n);
    fz_fill(R, n, FZ_SENT);
    fz_fill(vref, n, FZ_SENT);
    items = which == OP_COMPL_MUJOCO ? n : q.nc;
    first = fz_int(r, items + 1);
    count = fz_int(r, items + 1);
    if (fz_byte(r) % 4 == 0) { first = 0; count = items; }
    if (first >= 0 && count >= 0 && first <= items && count <= items - first) {
        range_ok = 1;
        a = which == OP_COMPL_MUJOCO ? first : q.nb + q.nu + 3 * first;
        b = which == OP_COMPL_MUJOCO ? first + count : q.nb + q.nu + 3 * (first + count);
    } else {
        range_ok = 0;
        a = b = 0;
    }
    dt = fz_val(r, fz_byte(r) % 3 ? 4 : fz_byte(r));
    finite_in = fz_prob_finite(&q) && fz_fin(dt);
    nul = fz_null_pick(r, 3);
    if (nul == 2) { q.p.G = NULL; q.p.Gs = NULL; if (n == 0) nul = -1; }
    switch (which) {
        case OP_COMPL_MUJOCO: {
            int mode = fz_byte(r);
            solref[0] = fz_val(r, mode);
            solref[1] = fz_val(r, mode);
            if (fz_byte(r) % 2) { /* MuJoCo's defaults, perturbed */
                solimp[0] = (ct_real)0.9; solimp[1] = (ct_real)0.95; solimp[2] = (ct_real)0.001;
                solimp[3] = (ct_real)0.5; solimp[4] = (ct_real)2;
                i = fz_byte(r) % 5;
                solimp[i] = fz_val(r, fz_byte(r));
            } else {
                mode = fz_byte(r);
                for (i = 0; i < 5; ++i) solimp[i] = fz_val(r, mode);
            }
            if (fz_byte(r) % 2) pos = fz_new_vec(r, n);
            if (fz_byte(r) % 2) vel = fz_new_vec(r, n);
            tref = fz_int(r, 2);
            finite_in = finite_in && fz_all_fin(solref, 2) && fz_all_fin(solimp, 5) && fz_all_fin(pos, (size_t)n) && fz_all_fin(vel, (size_t)n);
            {
                int nul2 = fz_null_pick(r, 2);
                res = ct_compliance_mujoco(nul == 0 ? NULL : &q.p, first, count, nul2 == 0 ? NULL : solref,
                                           nul2 == 1 ? NULL : solimp, dt, pos, vel, tref, nul == 1 ? NULL : R,
                                           fz_byte(r) % 4 ? vref : NULL);
                if (nul2 >= 0) nul = 3;
            }
            FZ_NOTE("ct_compliance_mujoco rows [%d, +%d) of n %d, solref (%.17g %.17g) solimp (%.17g %.17g %.17g %.17g %.17g) "
                    "dt %.17g tangent_ref %d: %s", first, count, n, (double)solref[0], (double)solref[1], (double)solimp[0],
                    (double)solimp[1], (double)solimp[2], (double)solimp[3], (double)solimp[4], (double)dt, tref,
                    ct_result_string(res));
            break;
        }
        case OP_COMPL_SAP:
            k = fz_val(r, fz_byte(r));
            tau = fz_val(r, fz_byte(r));
            beta = fz_val(r, fz_byte(r));
            sigma = fz_val(r, fz_byte(r));
            if (fz_byte(r) % 2) phi0 = fz_new_vec(r, q.nc);
            finite_in = finite_in && fz_fin(k) && fz_fin(tau) && fz_fin(beta) && fz_fin(sigma) && fz_all_fin(phi0, (size_t)q.nc);
            res = ct_compliance_sap(nul == 0 ? NULL : &q.p, first, count, dt, k, tau, beta, sigma, phi0,
                                    nul == 1 ? NULL : R, fz_byte(r) % 4 ? vref : NULL);
            FZ_NOTE("ct_compliance_sap contacts [%d, +%d) of nc %d, dt %.17g k %.17g tau_d %.17g beta %.17g sigma %.17g: %s",
                    first, count, q.nc, (double)dt, (double)k, (double)tau, (double)beta, (double)sigma, ct_result_string(res));
            break;
        case OP_COMPL_CB:
            res = ct_compliance_contactbench(nul == 0 ? NULL : &q.p, first, count, nul == 1 ? NULL : R);
            FZ_NOTE("ct_compliance_contactbench contacts [%d, +%d) of nc %d: %s", first, count, q.nc, ct_result_string(res));
            vref = (free(vref), (ct_real *)NULL);
            break;
        default:
            k = fz_val(r, fz_byte(r));
            tau = fz_val(r, fz_byte(r));
            if (fz_byte(r) % 2) phi0 = fz_new_vec(r, q.nc);
            finite_in = finite_in && fz_fin(k) && fz_fin(tau) && fz_all_fin(phi0, (size_t)q.nc);
            res = ct_compliance_spring_damper(nul == 0 ? NULL : &q.p, first, count, dt, k, tau, phi0,
                                              nul == 1 ? NULL : R, fz_byte(r) % 4 ? vref : NULL);
            FZ_NOTE("ct_compliance_spring_damper contacts [%d, +%d) of nc %d, dt %.17g k %.17g d %.17g: %s", first, count,
                    q.nc, (double)dt, (double)k, (double)tau, ct_result_string(res));
            break;
    }
    fz_check_codes(res, nul >= 0);
    if (nul < 0 && !range_ok) FZ_EXPECT("codes", res != CT_OK);
    if (nul < 0 && range_ok && finite_in && !(dt > 0) && which != OP_COMPL_CB) FZ_EXPECT("arg_code", res == CT_ERROR_INVALID_VALUE);
    /* the input range of G: a G beyond it gives compliance beyond it */
    {
        int nonneg = 1; /* MuJoCo's R is (1 - d) / d G_jj: G_jj < 0 (not PSD) gives R < 0 */
        for (i = 0; i < n; ++i) nonneg &= !(q.G[i * n + i] < 0);
        fz_check_compliance(res, R, vref, n, a, b, range_ok, finite_in && fz_prob_in_range(&q), nonneg);
    }
    free(R);
    free(vref);
    free(pos);
    free(vel);
    free(phi0);
    fz_prob_free(&q);
}

/* --- OP_SOFT_KERNEL ------------------------------------------------------------------- */
static void fz_op_soft_kernel(fz_reader *r) {
    fz_prob q;
    ct_real vc[3], cost = 0, gamma[3], H[9];
    int i, ci, nul, mode, wantH;
    ct_result res;
    fz_prob_make(r, &q, 4 | 8);
    ci = fz_int(r, q.nc + 1);
    mode = fz_byte(r);
    for (i = 0; i < 3; ++i) vc[i] = fz_val(r, mode);
    wantH = fz_byte(r) % 2;
    nul = fz_null_pick(r, 4);
    if (nul == 3) q.p.mu = NULL;
    res = ct_soft_kernel(nul == 0 ? NULL : &q.p, ci, nul == 1 ? NULL : vc, nul == 2 ? NULL : &cost, gamma, wantH ? H : NULL);
    FZ_NOTE("contact %d of nb %d nu %d nc %d, soft %s (model %d), vc (%.17g %.17g %.17g): %s", ci, q.p.nb, q.p.nu, q.p.nc,
            q.p.soft ? "yes" : "NULL", q.p.soft ? (int)q.soft.model : -1, (double)vc[0], (double)vc[1], (double)vc[2],
            ct_result_string(res));
    fz_check_codes(res, nul >= 0);
    if (res == CT_OK && fz_prob_finite(&q) && fz_soft_finite(&q) && fz_all_fin(vc, 3)) {
        FZ_EXPECT("nonfinite_out", fz_fin(cost) && fz_all_fin(gamma, 3));
        if (wantH) FZ_EXPECT("nonfinite_out", fz_all_fin(H, 9));
    }
    fz_prob_free(&q);
}

/* --- OP_CHOLESKY, OP_LU ------------------------------------------------------------------ */
/* n up to 40 (the blocked paths start at 24), lda n..n+2, or an invalid size; a: B B^T + d I,
   symmetric raw or raw values, optionally one special entry */
static int fz_square(fz_reader *r, int *lda, ct_real **a) {
    int n, i, j, mode, vm;
    unsigned char b = fz_byte(r);
    if (b >= 248) {
        static const int bad[8][2] = {{-1, 1}, {46341, 46341}, {INT_MIN, 0}, {3, 2}, {2, 46341}, {0, -1}, {1, 0}, {0, 0}};
        n = bad[b - 248][0];
        *lda = bad[b - 248][1];
        *a = fz_alloc(4);
        fz_fill(*a, 4, 1);
        return n;
    }
    n = b % 41;
    *lda = n + fz_byte(r) % 3;
    *a = fz_alloc(n * *lda);
    fz_fill(*a, n * *lda, FZ_SENT);
    mode = fz_byte(r) % 3;
    vm = fz_byte(r);
    if (mode == 0) {
        int k = 1 + fz_byte(r) % 8;
        ct_real *B = fz_alloc(n * k), d = fz_val(r, fz_byte(r) % 2 ? 4 : fz_byte(r));
        for (i = 0; i < n * k; ++i) B[i] = fz_val(r, vm);
        for (i = 0; i < n; ++i)
            for (j = 0; j < n; ++j) {
                double acc = i == j ? (double)d : 0;
                int t;
                for (t = 0; t < k; ++t) acc += (double)B[i * k + t] * (double)B[j * k + t];
                (*a)[i * *lda + j] = (ct_real)acc;
            }
        free(B);
    } else {
        for (i = 0; i < n; ++i)
            for (j = 0; j < n; ++j)
                (*a)[i * *lda + j] = mode == 1 && j < i ? (*a)[j * *lda + i] : fz_val(r, vm);
    }
    if (n > 0 && fz_byte(r) < 32) {
        int ai = fz_byte(r) % n, aj = fz_byte(r) % n;
        (*a)[ai * *lda + aj] = (ct_real)fz_special(fz_byte(r) % 24);
    }
    return n;
}
static int fz_square_in_range(const ct_real *a, int n, int lda) {
    int i;
    for (i = 0; i < n; ++i)
        if (!fz_all_in_range(a + (size_t)i * lda, (size_t)n)) return 0;
    return 1;
}

static void fz_op_cholesky(fz_reader *r) {
    ct_real *a, *a0, shift, *scratch, *b;
    int lda, n, i, j, bad = -7, nul, valid, sized;
    size_t ss;
    ct_result res;
    n = fz_square(r, &lda, &a);
    valid = n >= 0 && n <= 46340 && lda >= n && lda <= 46340;
    sized = valid ? n * lda : 4;
    a0 = fz_dup(a, sized);
    shift = fz_byte(r) % 2 ? 0 : fz_val(r, fz_byte(r));
    ss = ct_cholesky_scratch_size(n);
    FZ_EXPECT("wsize", n > 0 || ss == 0);
    scratch = fz_alloc(valid && n <= 40 ? (int)ss : 1);
    nul = fz_null_pick(r, 2);
    res = ct_cholesky_factor(nul == 0 ? NULL : a, n, lda, shift, nul == 1 ? NULL : scratch, fz_byte(r) % 2 ? &bad : NULL);
    FZ_NOTE("ct_cholesky_factor n %d lda %d shift %.17g: %s", n, lda, (double)shift, ct_result_string(res));
    fz_check_codes(res, nul >= 0 && n > 0 && valid);
    if (!valid) FZ_EXPECT("codes", res == CT_ERROR_INVALID_SIZE);
    if (bad != -7) FZ_EXPECT("linalg", res == CT_ERROR_NOT_POSITIVE_DEFINITE ? bad >= 0 && bad < n : bad == -1);
    if (valid) {
        for (i = 0; i < n; ++i) /* the strict upper triangle and the padding untouched */
            for (j = i + 1; j < lda; ++j) FZ_EXPECT("linalg", fz_rsame(a[i * lda + j], a0[i * lda + j]));
        if (res == CT_OK && n > 0 && fz_square_in_range(a0, n, lda) && fz_fin(shift) && fabs((double)shift) <= (double)CT_HUGE) {
            for (i = 0; i < n; ++i)
                for (j = 0; j <= i; ++j) FZ_EXPECT("nonfinite_out", fz_fin(a[i * lda + j]));
            b = fz_new_vec(r, n);
            ct_cholesky_solve(a, n, lda, b);
            free(b);
        }
    }
    free(a);
    free(a0);
    free(scratch);
}

static void fz_op_lu(fz_reader *r) {
    ct_real *a, *a0, *b;
    int lda, n, i, bad = -7, nul, valid, sized, *piv, finite = 1;
    ct_result res;
    n = fz_square(r, &lda, &a);
    valid = n >= 0 && n <= 46340 && lda >= n && lda <= 46340;
    sized = valid ? n * lda : 4;
    a0 = fz_dup(a, sized);
    piv = (int *)malloc(sizeof(int) * (size_t)(valid && n > 0 ? n : 1));
    for (i = 0; valid && i < n; ++i) {
        piv[i] = -99;
        finite &= fz_all_fin(a + (size_t)i * lda, (size_t)n);
    }
    nul = fz_null_pick(r, 2);
    res = ct_lu_factor(nul == 0 ? NULL : a, n, lda, nul == 1 ? NULL : piv, fz_byte(r) % 2 ? &bad : NULL);
    FZ_NOTE("ct_lu_factor n %d lda %d: %s", n, lda, ct_result_string(res));
    fz_check_codes(res, nul >= 0 && n > 0 && valid);
    if (!valid) FZ_EXPECT("codes", res == CT_ERROR_INVALID_SIZE);
    if (bad != -7) FZ_EXPECT("linalg", res == CT_ERROR_SINGULAR ? bad >= 0 && bad < n : bad == -1);
    if (valid && nul < 0 && n > 0) FZ_EXPECT("linalg", finite ? res != CT_ERROR_NON_FINITE : res == CT_ERROR_NON_FINITE);
    if (res == CT_ERROR_NON_FINITE) FZ_EXPECT("linalg", fz_same(a, a0, (size_t)sized * sizeof(ct_real))); /* a untouched */
    if (valid && (res == CT_OK || res == CT_ERROR_SINGULAR)) {
        int j;
        for (i = 0; i < n; ++i) {
            FZ_EXPECT("linalg", piv[i] >= i && piv[i] < n);
            for (j = n; j < lda; ++j) FZ_EXPECT("linalg", fz_rsame(a[i * lda + j], a0[i * lda + j]));
        }
        if (res == CT_OK && fz_square_in_range(a0, n, lda) && n <= 40) {
            /* entries below the normal range can make a pivot whose reciprocal overflows: a
               contract of its own (lu_tiny_pivot) */
            int tiny = 0;
            for (i = 0; i < n * lda; ++i) tiny |= a0[i] != 0 && fabs((double)a0[i]) < (sizeof(ct_real) == 4 ? 1e-36 : 1e-290);
            for (i = 0; i < n; ++i) FZ_EXPECT(tiny ? "lu_tiny_pivot" : "nonfinite_out", fz_all_fin(a + (size_t)i * lda, (size_t)n));
        }
        if (res == CT_OK && n > 0) {
            b = fz_new_vec(r, n);
            ct_lu_solve(a, n, lda, piv, b, fz_byte(r) % 2);
            free(b);
        }
    }
    free(a);
    free(a0);
    free(piv);
}

/* --- OP_DELASSUS: ct_delassus_from_mj ---------------------------------------------------- */
static void fz_op_delassus(fz_reader *r) {
    int nv, m, i, j, nul, valid, mode, finite;
    unsigned char b = fz_byte(r);
    ct_real *M, *J, *vfree = NULL, *G, *g, *scratch;
    ct_result res;
    if (b >= 250) {
        static const int bad[6][2] = {{0, 1}, {-1, 1}, {1, -1}, {46341, 1}, {1, 46341}, {INT_MIN, INT_MIN}};
        nv = bad[b - 250][0];
        m = bad[b - 250][1];
    } else {
        nv = 1 + b % 10;
        m = fz_byte(r) % 13;
    }
    valid = nv > 0 && m >= 0 && nv <= 46340 && m <= 46340;
    if (!valid) { /* the call must refuse before reading */
        ct_real one[4] = {1, 1, 1, 1}, out[4];
        res = ct_delassus_from_mj(nv, m, one, one, NULL, out, NULL, out);
        FZ_NOTE("ct_delassus_from_mj nv %d m %d", nv, m);
        FZ_EXPECT("codes", res == CT_ERROR_INVALID_SIZE);
        FZ_EXPECT("wsize", ct_delassus_scratch_size(nv, m) == 0 || nv > 46340 || m > 46340);
        return;
    }
    M = fz_alloc(nv * nv);
    J = fz_alloc(m * nv);
    G = fz_alloc(m * m);
    g = fz_alloc(m);
    fz_fill(G, m * m, FZ_SENT);
    fz_fill(g, m, FZ_SENT);
    mode = fz_byte(r) % 3;
    if (mode == 0) { /* diagonal, mass ratios */
        for (i = 0; i < nv * nv; ++i) M[i] = 0;
        for (i = 0; i < nv; ++i) M[i * nv + i] = fz_val(r, fz_byte(r) % 2 ? 4 : fz_byte(r));
    } else if (mode == 1) { /* B B^T + d I */
        int vm = fz_byte(r);
        ct_real *B = fz_alloc(nv * nv), d = fz_val(r, 4);
        for (i = 0; i < nv * nv; ++i) B[i] = fz_val(r, vm);
        for (i = 0; i < nv; ++i)
            for (j = 0; j < nv; ++j) {
                double acc = i == j ? (double)d : 0;
                int t;
                for (t = 0; t < nv; ++t) acc += (double)B[i * nv + t] * (double)B[j * nv + t];
                M[i * nv + j] = (ct_real)acc;
            }
        free(B);
    } else {
        fz_vec(r, M, nv * nv);
    }
    fz_vec(r, J, m * nv);
    if (fz_byte(r) % 2) vfree = fz_new_vec(r, nv);
    scratch = fz_alloc((int)ct_delassus_scratch_size(nv, m));
    nul = fz_null_pick(r, 4);
    res = ct_delassus_from_mj(nv, m, nul == 0 ? NULL : M, nul == 1 ? NULL : J, vfree, nul == 2 ? NULL : G,
                              fz_byte(r) % 4 ? g : NULL, nul == 3 ? NULL : scratch);
    FZ_NOTE("ct_delassus_from_mj nv %d m %d M mode %d vfree %s: %s", nv, m, mode, vfree ? "yes" : "NULL", ct_result_string(res));
    fz_check_codes(res, nul >= 0 && (nul == 0 || nul == 3 || m > 0));
    finite = fz_all_fin(M, (size_t)nv * nv) && fz_all_fin(J, (size_t)m * nv) && fz_all_fin(vfree, (size_t)nv);
    if (res == CT_OK && finite) {
        for (i = 0; i < m; ++i) {
            FZ_EXPECT("delassus", G[i * m + i] >= 0);
            for (j = 0; j < m; ++j) {
                FZ_EXPECT("nonfinite_out", fz_fin(G[i * m + j]) && fabs((double)G[i * m + j]) <= (double)CT_HUGE);
                FZ_EXPECT("delassus", fz_rsame(G[i * m + j], G[j * m + i]));
            }
            if (!vfree) FZ_EXPECT("delassus", fz_rsame(g[i], FZ_SENT));
            else if (g[i] != FZ_SENT) FZ_EXPECT("nonfinite_out", fz_fin(g[i]) && fabs((double)g[i]) <= (double)CT_HUGE);
        }
    }
    free(M); free(J); free(vfree); free(G); free(g); free(scratch);
}

/* --- OP_SPARSE: ct_sparse_count and ct_sparse_from_dense ---------------------------------- */
static void fz_op_sparse(fz_reader *r) {
    fz_prob q;
    ct_real drop, dmax = 0;
    int nnzb = -5, nul, res_ok, ng, n, gi, k, *row = NULL, *col = NULL, finite;
    ct_real *val = NULL;
    ct_result res;
    fz_prob_make(r, &q, 0);
    n = q.n;
    ng = q.nb + q.nu + q.nc;
    drop = fz_byte(r) % 2 ? 0 : fz_val(r, fz_byte(r));
    nul = fz_null_pick(r, 2);
    res = ct_sparse_count(q.p.nb, q.p.nu, q.p.nc, nul == 0 ? NULL : q.G, drop, nul == 1 ? NULL : &nnzb);
    FZ_NOTE("ct_sparse_count nb %d nu %d nc %d drop_tol %.17g: %s", q.p.nb, q.p.nu, q.p.nc, (double)drop, ct_result_string(res));
    fz_check_codes(res, nul == 1 || (nul == 0 && n > 0 && !q.bad_size));
    if (q.bad_size) FZ_EXPECT("codes", res != CT_OK);
    if (nul < 0 && !q.bad_size && (!(drop >= 0) || !fz_fin(drop))) FZ_EXPECT("arg_code", res == CT_ERROR_INVALID_VALUE);
    res_ok = res == CT_OK;
    if (res_ok) {
        FZ_EXPECT("sparse", nnzb >= ng && nnzb <= ng * ng);
        row = (int *)malloc(sizeof(int) * (size_t)(ng + 1));
        col = (int *)malloc(sizeof(int) * (size_t)(nnzb > 0 ? nnzb : 1));
        val = fz_alloc(9 * nnzb);
        nul = fz_null_pick(r, 3);
        res = ct_sparse_from_dense(q.nb, q.nu, q.nc, q.G, drop, nul == 0 ? NULL : row, nul == 1 ? NULL : col, nul == 2 ? NULL : val);
        fz_check_codes(res, nul == 0 || (nul > 0 && nnzb > 0));
        finite = fz_all_fin(q.G, (size_t)n * n);
        for (k = 0; k < n; ++k) dmax = fabs((double)q.G[k * n + k]) > (double)dmax ? (ct_real)fabs((double)q.G[k * n + k]) : dmax;
        if (res == CT_OK) {
            const int c0 = q.nb + q.nu;
            FZ_EXPECT("sparse", row[0] == 0 && row[ng] == nnzb);
            for (gi = 0; gi < ng; ++gi) {
                int diag = 0, gj, last = -1;
                FZ_EXPECT("sparse", row[gi] <= row[gi + 1]);
                for (k = row[gi]; k < row[gi + 1]; ++k) {
                    FZ_EXPECT("sparse", col[k] > last && col[k] < ng);
                    last = col[k];
                    diag |= col[k] == gi;
                }
                FZ_EXPECT("sparse", diag);
                /* every block with an entry above drop_tol max |G_ii| is kept, with G's entries */
                for (gj = 0, k = row[gi]; gj < ng; ++gj) {
                    const int ri = gi < c0 ? gi : c0 + 3 * (gi - c0), si = gi < c0 ? 1 : 3;
                    const int rj = gj < c0 ? gj : c0 + 3 * (gj - c0), sj = gj < c0 ? 1 : 3;
                    int a, b, keep = gi == gj, here = k < row[gi + 1] && col[k] == gj;
                    for (a = 0; a < si; ++a)
                        for (b = 0; b < sj; ++b) keep |= fabs((double)q.G[(ri + a) * n + rj + b]) > (double)(drop * dmax);
                    if (finite) FZ_EXPECT("sparse", keep == here);
                    if (here) {
                        for (a = 0; a < si; ++a)
                            for (b = 0; b < sj; ++b)
                                FZ_EXPECT("sparse", fz_rsame(val[9 * k + 3 * a + b], q.G[(ri + a) * n + rj + b]));
                        ++k;
                    }
                }
            }
        }
    }
    free(row); free(col); free(val);
    fz_prob_free(&q);
}

/* --- OP_READ: ct_problem_read / ct_problem_read_max from a memory stream ----------------- */
typedef struct fz_text {
    char *s;
    size_t len, cap;
} fz_text;
static void fz_put(fz_text *t, const char *s) {
    size_t k = strlen(s);
    if (t->len + k + 1 > t->cap) {
        t->cap = (t->len + k + 1) * 2;
        t->s = (char *)realloc(t->s, t->cap);
    }
    memcpy(t->s + t->len, s, k + 1);
    t->len += k;
}
/* a number token: a value printed (%.17g; nan and inf among them), or a malformed one */
static void fz_put_number(fz_reader *r, fz_text *t, int vm) {
    static const char *const odd[12] = {"1e999", "-1e999", "1e-400", "nan", "inf", "-0", "0x1p3", "1.5.5",
                                        "", "+", "1e", "11111111111111111111111111111111111111111111111111111111111111111111111"};
    char w[64];
    unsigned char b = fz_byte(r);
    if (b < 8) {
        fz_put(t, odd[fz_byte(r) % 12]);
    } else {
        snprintf(w, sizeof(w), "%.17g", (double)fz_val(r, vm));
        fz_put(t, w);
    }
    fz_put(t, b == 8 ? "\t" : b == 9 ? "\n\n" : " ");
}

static void fz_check_read(ct_result res, const ct_problem_data *d) {
    fz_check_codes(res, 0);
    if (res != CT_OK) {
        FZ_EXPECT("io", !d->G && !d->g && !d->mu && !d->R); /* no arrays on an error */
    } else {
        const ct_problem *p = &d->problem;
        size_t n;
        FZ_EXPECT("io", p->nb >= 0 && p->nu >= 0 && p->nc >= 0 && p->nb + p->nu + 3 * p->nc <= 46340);
        n = (size_t)(p->nb + p->nu + 3 * p->nc);
        FZ_EXPECT("io", p->G == d->G && p->g == d->g && p->mu == d->mu && p->R == d->R && !p->soft && !p->Gs && !p->Gop);
        FZ_EXPECT("nonfinite_out", fz_all_fin(d->G, n * n) && fz_all_fin(d->g, n) && fz_all_fin(d->mu, (size_t)p->nc) && fz_all_fin(d->R, n));
    }
}

static void fz_op_read(fz_reader *r) {
    fz_text t;
    ct_problem_data d, d2;
    FILE *f;
    size_t maxb = 0;
    int mode = fz_byte(r) % 3, i, nul, mb = fz_byte(r);
    ct_result res;
    t.s = NULL;
    t.len = t.cap = 0;
    fz_put(&t, "");
    if (mode == 0) { /* the rest of the input, as it is */
        while (r->at < r->n) {
            char c[2];
            c[0] = (char)fz_byte(r);
            c[1] = 0;
            if (c[0] == 0) c[0] = ' ';
            fz_put(&t, c);
        }
    } else {
        char w[160];
        int nb = fz_int(r, 4), nu = fz_int(r, 4), nc = fz_int(r, 6), hr = fz_int(r, 2), n, vm = fz_byte(r), cut;
        static const char *const tags[8] = {"G", "g", "mu", "R", "end", "contact.h", "problem", "x"};
        snprintf(w, sizeof(w), "%s problem %d\nnb %d nu %d nc %d R %d\n", fz_byte(r) < 8 ? "contact" : "contact.h",
                 fz_byte(r) < 8 ? 2 : 1, nb, nu, nc, hr);
        fz_put(&t, w);
        n = nb >= 0 && nu >= 0 && nc >= 0 && nb < 8 && nu < 8 && nc < 8 ? nb + nu + 3 * nc : 2;
        cut = fz_byte(r) < 16 ? fz_byte(r) : -1; /* a section cut short or misnamed */
        fz_put(&t, cut == 0 ? tags[fz_byte(r) % 8] : "G");
        fz_put(&t, "\n");
        for (i = 0; i < n * n && cut != 1; ++i) fz_put_number(r, &t, vm);
        fz_put(&t, cut == 2 ? tags[fz_byte(r) % 8] : "\ng\n");
        for (i = 0; i < n && cut != 3; ++i) fz_put_number(r, &t, vm);
        fz_put(&t, "\nmu\n");
        for (i = 0; i < (nc >= 0 && nc < 8 ? nc : 1); ++i) fz_put_number(r, &t, 4);
        if (hr == 1 || cut == 4) {
            fz_put(&t, "\nR\n");
            for (i = 0; i < n && cut != 5; ++i) fz_put_number(r, &t, 4);
        }
        fz_put(&t, cut == 6 ? "" : cut == 7 ? "\nend extra" : "\nend\n");
        if (mode == 2 && t.len > 0) { /* a few bytes changed */
            int k, c = 1 + fz_byte(r) % 4;
            for (k = 0; k < c; ++k) {
                unsigned hi = fz_byte(r), at = (hi * 256u + fz_byte(r)) % (unsigned)t.len;
                t.s[at] = (char)(fz_byte(r) | 1);
            }
        }
    }
    switch (mb % 5) {
        case 0: maxb = 0; break;
        case 1: maxb = t.len; break;
        case 2: maxb = t.len / 2; break;
        case 3: maxb = (size_t)fz_byte(r); break;
        default: maxb = (size_t)-1; break;
    }
    FZ_NOTE("ct_problem_read_max max_bytes %zu, input %zu bytes: %.200s", maxb, t.len, t.s);
    nul = fz_null_pick(r, 2);
    f = t.len > 0 ? fmemopen(t.s, t.len, "r") : NULL;
    if (f) {
        memset(&d, 0x3C, sizeof(d));
        if (nul >= 0) {
            res = ct_problem_read_max(nul == 0 ? NULL : f, maxb, nul == 1 ? NULL : &d);
            fz_check_codes(res, 1);
        } else {
            res = mb % 5 == 0 && mb % 2 ? ct_problem_read(f, &d) : ct_problem_read_max(f, maxb, &d);
            fz_check_read(res, &d);
            if (res == CT_OK) { /* written and read again: bitwise the same problem */
                char *buf = NULL;
                size_t blen = 0;
                FILE *w = open_memstream(&buf, &blen);
                ct_result wres = w ? ct_problem_write(&d.problem, w) : CT_ERROR_IO;
                if (w) fclose(w);
                if (wres == CT_OK && buf && blen > 0) {
                    FILE *f2 = fmemopen(buf, blen, "r");
                    if (f2) {
                        const ct_problem *p = &d.problem;
                        size_t n = (size_t)(p->nb + p->nu + 3 * p->nc);
                        ct_result r2 = ct_problem_read(f2, &d2);
                        FZ_EXPECT("io", r2 == CT_OK);
                        if (r2 == CT_OK) {
                            FZ_EXPECT("io", d2.problem.nb == p->nb && d2.problem.nu == p->nu && d2.problem.nc == p->nc &&
                                                (d2.R == NULL) == (d.R == NULL));
                            FZ_EXPECT("io", fz_same(d2.G, d.G, n * n * sizeof(ct_real)) && fz_same(d2.g, d.g, n * sizeof(ct_real)) &&
                                                fz_same(d2.mu, d.mu, (size_t)p->nc * sizeof(ct_real)) &&
                                                (!d.R || fz_same(d2.R, d.R, n * sizeof(ct_real))));
                            ct_problem_data_free(&d2);
                        }
                        fclose(f2);
                    }
                }
                free(buf);
            }
            if (res == CT_OK) ct_problem_data_free(&d);
        }
        fclose(f);
    }
    ct_problem_data_free(NULL);
    free(t.s);
}

/* --- OP_DERIV: ct_jvp and ct_vjp after a solve -------------------------------------------- */
static ct_real *fz_opt_vec(fz_reader *r, int count, int *taken) {
    if (fz_byte(r) % 3 == 0) return NULL;
    ++*taken;
    return fz_new_vec(r, count);
}

static void fz_op_deriv(fz_reader *r) {
    fz_prob q;
    ct_settings s;
    ct_workspace sws, dws;
    ct_real *lambda, *v, *d1 = NULL, *d2 = NULL, *d3 = NULL, *d4 = NULL, *o1, *o2, *o3, *o4;
    unsigned char *mem = NULL;
    size_t bytes = 0, mbytes = 0, off = 0;
    int n, nc, nul, wm, uniq = -3, finite, taken = 0, want, short_ws = 0, vjp;
    ct_result res, sres;
    ct_flavor fl;
    fz_prob_make(r, &q, 1 | 2 | 4 | 8);
    n = q.n;
    nc = q.nc;
    fz_settings(r, &s, 60);
    lambda = fz_alloc(n);
    v = fz_alloc(n);
    fz_fill(lambda, n, 0);
    fz_fill(v, n, 0);
    sres = CT_ERROR_INVALID_SETTINGS;
    if (ct_settings_validate(&s) == CT_OK && ct_workspace_alloc_problem(&sws, &q.p, &s, NULL) == CT_OK) {
        sres = ct_solve(&q.p, &s, &sws, lambda, v, NULL);
        ct_workspace_free(&sws);
    }
    if (fz_byte(r) % 4 == 0) fz_vec(r, lambda, n); /* any point, not only answers */
    if (fz_byte(r) % 4 == 0) fz_vec(r, v, n);
    FZ_EXPECT("wsize", ct_derivatives_size(q.nb, q.nu, q.nc, NULL) == CT_ERROR_INVALID_ARGUMENT);
    FZ_EXPECT("wsize", ct_derivatives_size(q.nb, q.nu, q.nc, &bytes) == CT_OK);
    wm = fz_byte(r) % 8;
    mbytes = bytes;
    if (wm == 5 && n > 0) { mbytes = bytes - 64; short_ws = 1; }
    if (wm == 6) off = 1 + fz_byte(r) % 63;
    if (wm == 7 && n > 0) {
        ct_workspace_init(&dws, NULL, 0);
        short_ws = 1;
    } else {
        mem = (unsigned char *)malloc(mbytes + off + 1);
        memset(mem, 0xA5, mbytes + off + 1);
        ct_workspace_init(&dws, mem + off, mbytes);
    }
    vjp = fz_byte(r) % 2;
    want = fz_byte(r);
    o1 = fz_alloc(n);
    o2 = fz_alloc(vjp ? n * n : n);
    o3 = fz_alloc(vjp ? nc : n);
    o4 = fz_alloc(n);
    nul = fz_null_pick(r, 5);
    if (!vjp) {
        d1 = fz_opt_vec(r, n, &taken);
        d2 = fz_opt_vec(r, n * n, &taken);
        d3 = fz_opt_vec(r, nc, &taken);
        d4 = fz_opt_vec(r, n, &taken);
        res = ct_jvp(nul == 0 ? NULL : &q.p, nul == 1 ? NULL : &s, nul == 2 ? NULL : &dws, nul == 3 ? NULL : lambda,
                     nul == 4 ? NULL : v, d1, d2, d3, d4, want & 1 ? o1 : NULL, want & 2 ? o2 : NULL, want & 4 ? &uniq : NULL);
    } else {
        d1 = fz_opt_vec(r, n, &taken);
        d2 = fz_opt_vec(r, n, &taken);
        res = ct_vjp(nul == 0 ? NULL : &q.p, nul == 1 ? NULL : &s, nul == 2 ? NULL : &dws, nul == 3 ? NULL : lambda,
                     nul == 4 ? NULL : v, d1, d2, want & 1 ? o1 : NULL, want & 2 ? o2 : NULL, want & 8 ? o3 : NULL,
                     want & 16 ? o4 : NULL, want & 4 ? &uniq : NULL);
    }
    fl = ct_method_flavor(&s);
    FZ_NOTE("%s, %s (flavor %d), nb %d nu %d nc %d, storage %s, R %s, soft %s, solve %s, ws mode %d: %s",
            vjp ? "ct_vjp" : "ct_jvp", ct_method_string(s.method), (int)fl, q.nb, q.nu, q.nc, q.p.Gs ? "sparse" : "dense",
            q.R ? "yes" : "NULL", q.p.soft ? "yes" : "NULL", ct_result_string(sres), wm, ct_result_string(res));
    fz_print("G", q.G, n * n);
    fz_print("g", q.g, n);
    fz_print("mu", q.mu, nc);
    fz_print("R", q.R, n);
    fz_print("lambda", lambda, n);
    fz_print("v", v, n);
    fz_print(vjp ? "lbar" : "dg", d1, n);
    fz_print(vjp ? "vbar" : "dG", d2, vjp ? n : n * n);
    fz_print("dmu", d3, nc);
    fz_print("dR", d4, n);
    fz_print(vjp ? "gbar" : "dlambda", want & 1 ? o1 : NULL, n);
    fz_print(vjp ? "Gbar" : "dv", want & 2 ? o2 : NULL, vjp ? n * n : n);
    fz_check_codes(res, nul >= 0);
    if (short_ws) FZ_EXPECT("ws_short", res != CT_OK);
    if (want & 4) FZ_EXPECT("deriv", uniq == 0 || uniq == 1);
    if (res == CT_OK) {
        FZ_EXPECT("deriv", fl == CT_FLAVOR_NCP || fl == CT_FLAVOR_CCP || fl == CT_FLAVOR_SOFT);
        finite = fz_prob_finite(&q) && fz_soft_finite(&q) && fz_all_fin(lambda, (size_t)n) && fz_all_fin(v, (size_t)n) &&
                 fz_all_fin(d1, (size_t)n) && fz_all_fin(d2, (size_t)(vjp ? n : n * n)) && fz_all_fin(d3, (size_t)nc) &&
                 fz_all_fin(d4, (size_t)n);
        /* finite seeds beyond the input range (CT_HUGE) are a contract of their own */
        if (finite) {
            const char *id = fz_prob_in_range(&q) && fz_all_in_range(lambda, (size_t)n) && fz_all_in_range(v, (size_t)n) &&
                                     fz_all_in_range(d1, (size_t)n) && fz_all_in_range(d2, (size_t)(vjp ? n : n * n)) &&
                                     fz_all_in_range(d3, (size_t)nc) && fz_all_in_range(d4, (size_t)n)
                                 ? "nonfinite_out" : "deriv_big_seed";
            int k;
            for (k = 0; k < n * n; ++k) /* a G below the normal range: a pivot whose reciprocal overflows */
                if (q.G[k] != 0 && fabs((double)q.G[k]) < (sizeof(ct_real) == 4 ? 1e-36 : 1e-290)) id = "deriv_tiny_pivot";
            if (want & 1) FZ_EXPECT(id, fz_all_fin(o1, (size_t)n));
            if (want & 2) FZ_EXPECT(id, fz_all_fin(o2, (size_t)(vjp ? n * n : n)));
            if (vjp && (want & 8)) FZ_EXPECT(id, fz_all_fin(o3, (size_t)nc));
            if (vjp && (want & 16)) FZ_EXPECT(id, fz_all_fin(o4, (size_t)n));
        }
    }
    (void)taken;
    free(lambda); free(v); free(d1); free(d2); free(d3); free(d4);
    free(o1); free(o2); free(o3); free(o4); free(mem);
    fz_prob_free(&q);
}

/* --- OP_SOLVER, OP_STATE: the solver object, a sequence of calls --------------------------- */
/* arrays handed to the solver object stay alive until the end of the input */
typedef struct fz_keep {
    void *p[64];
    int count;
} fz_keep;
static void *fz_kept(fz_keep *k, void *p) {
    if (k->count < 64) k->p[k->count++] = p;
    else free(p);
    return p;
}

/* the solve of the model (current problem and settings) by ct_solve, from lambda0 */
static ct_result fz_ref_solve(const ct_problem *p, const ct_settings *s, const ct_real *lambda0, int n,
                              ct_real *lambda, ct_real *v, ct_info *info) {
    ct_workspace ws;
    ct_result res;
    if (n > 0) memcpy(lambda, lambda0, (size_t)n * sizeof(ct_real));
    res = ct_workspace_alloc_problem(&ws, p, s, NULL);
    if (res != CT_OK) return res;
    res = ct_solve(p, s, &ws, lambda, v, info);
    ct_workspace_free(&ws);
    return res;
}

static void fz_op_solver(fz_reader *r, int state_focus) {
    fz_prob q;
    fz_keep keep;
    ct_solver sv;
    ct_settings s, cur_s;
    ct_problem cur;
    ct_solver_state st;
    ct_info info, info2;
    unsigned char *mem = NULL;
    size_t bytes = 0;
    int n, nc, mm, ready = 0, known = 1, steps, step, short_mem = 0, alloced = 0, used_state = 0;
    ct_real *lambda, *v, *lambda0, *l2, *v2, *dual;
    ct_result res;
    memset(&keep, 0, sizeof(keep));
    fz_prob_make(r, &q, 1 | 2 | 4);
    n = q.n;
    nc = q.nc;
    fz_settings(r, &s, 40);
    if (state_focus) {
        static const ct_method adm[3] = {CT_METHOD_ADMM_NCP, CT_METHOD_ADMM_CCP, CT_METHOD_HYBRID_NCP};
        unsigned char b = fz_byte(r);
        s.method = adm[b % 3];
        s.admm.warm_rho = (b >> 2) & 1;
        s.admm.warm_dual = (b >> 3) & 1;
    }
    lambda = fz_alloc(n); v = fz_alloc(n); lambda0 = fz_alloc(n); l2 = fz_alloc(n); v2 = fz_alloc(n); dual = fz_alloc(n);
    /* memory: exact, one block short, NULL, misaligned, or ct_solver_alloc */
    mm = fz_byte(r) % 6;
    if (ct_settings_validate(&s) != CT_OK || ct_solver_size(&q.p, &s, &bytes) != CT_OK) bytes = 0;
    FZ_EXPECT("wsize", ct_solver_size(NULL, &s, &bytes) != CT_OK);
    if (mm == 5) {
        res = ct_solver_alloc(&sv, &q.p, &s, NULL);
        alloced = res == CT_OK;
        if (!alloced) ct_solver_init(&sv, NULL, 0);
    } else if (mm == 2) {
        FZ_EXPECT("solver", ct_solver_init(&sv, NULL, 0) == CT_OK);
        short_mem = bytes > 0;
    } else {
        size_t mb = mm == 1 && bytes > 64 ? bytes - 64 : bytes, off = mm == 3 ? 1 + fz_byte(r) % 63 : 0;
        short_mem = mm == 1 && bytes > 64;
        mem = (unsigned char *)malloc(mb + off + 1);
        memset(mem, 0x5C, mb + off + 1);
        FZ_EXPECT("solver", ct_solver_init(&sv, mem + off, mb) == CT_OK);
    }
    FZ_EXPECT("arg_code", ct_solver_init(NULL, mem, 0) == CT_ERROR_INVALID_ARGUMENT);
    cur = q.p;
    cur_s = s;
    steps = 2 + fz_byte(r) % 7;
    for (step = 0; step < steps; ++step) {
        int op = step == 0 ? 0 : fz_byte(r) % 9, nul = fz_null_pick(r, 2);
        ct_solver *svp = nul == 0 ? NULL : &sv;
        FZ_NOTE("step %d op %d, %s, nb %d nu %d nc %d, storage %s, memory mode %d, ready %d (known %d), warm_rho %d warm_dual %d",
                step, op, ct_method_string(cur_s.method), q.nb, q.nu, q.nc, cur.Gs ? "sparse" : "dense", mm, ready, known,
                cur_s.admm.warm_rho, cur_s.admm.warm_dual);
        if (fz_verbose()) fprintf(stderr, "  %s, null %d\n", fz_note, nul);
        switch (op) {
            case 0: { /* setup */
                ct_settings s2 = step == 0 ? s : cur_s;
                if (step > 0 && fz_byte(r) % 2) fz_settings(r, &s2, 40);
                if (state_focus && step > 0) s2.method = s.method, s2.admm.warm_rho = s.admm.warm_rho, s2.admm.warm_dual = s.admm.warm_dual;
                memset(&info, 0x11, sizeof(info));
                res = ct_solver_setup(svp, nul == 1 ? NULL : &q.p, &s2, &info);
                fz_check_codes(res, nul >= 0);
                if (res != CT_OK) FZ_EXPECT("solver", info.status == CT_STATUS_NOT_SOLVED);
                /* dense storage: the size is exact (a sparse size carries slack of its own) */
                if (short_mem && !alloced && res == CT_OK && !q.p.Gs && ct_solver_size(&q.p, &s2, &bytes) == CT_OK)
                    FZ_EXPECT("ws_short", bytes > sv.ws.size + 63 ? 0 : 1);
                if (svp) {
                    ready = res == CT_OK;
                    known = 1;
                    used_state = 0;
                    if (ready) { cur = q.p; cur_s = s2; }
                }
                break;
            }
            case 1: { /* solve, against ct_solve */
                ct_result ref;
                fz_vec(r, lambda0, n);
                if (fz_byte(r) % 2) fz_fill(lambda0, n, 0);
                memcpy(lambda, lambda0, (size_t)n * sizeof(ct_real));
                fz_fill(v, n, (ct_real)-3);
                memset(&info, 0x22, sizeof(info));
                {
                    int nul2 = fz_null_pick(r, 2);
                    res = ct_solver_solve(svp, nul2 == 0 ? NULL : lambda, nul2 == 1 ? NULL : v, &info);
                    fz_check_codes(res, nul == 0 || (nul2 >= 0 && n > 0));
                    if (nul == 0 || nul2 >= 0) break;
                }
                if (known && !ready) FZ_EXPECT("solver", res == CT_ERROR_NO_SETUP);
                if (res != CT_OK) {
                    FZ_EXPECT("solver", info.status == CT_STATUS_NOT_SOLVED);
                    FZ_EXPECT("solver", fz_same(lambda, lambda0, (size_t)n * sizeof(ct_real)));
                    {
                        int i;
                        for (i = 0; i < n; ++i) FZ_EXPECT("solver", fz_rsame(v[i], (ct_real)-3));
                    }
                    break;
                }
                fz_print("lambda0", lambda0, n);
                fz_print("lambda", lambda, n);
                fz_print("v", v, n);
                if (fz_verbose()) fprintf(stderr, "  status %s, iterations %d, rho %g, ncp absolute %g relative %g\n",
                                          ct_status_string(info.status), info.iterations, (double)info.rho,
                                          (double)info.ncp.absolute, (double)info.ncp.relative);
                FZ_EXPECT("nonfinite_out", fz_all_fin(lambda, (size_t)n) && fz_all_fin(v, (size_t)n));
                FZ_EXPECT("nonfinite_out", fz_fin(info.ncp.absolute) && fz_fin(info.ncp.relative) && fz_fin(info.model.absolute) &&
                                               fz_fin(info.model.relative) && fz_fin(info.rho));
                /* HYBRID_NCP counts its Newton steps too, which max_iter does not bound */
                FZ_EXPECT("solver", info.iterations >= 0 && (info.iterations <= cur_s.max_iter || cur_s.method == CT_METHOD_HYBRID_NCP));
                if (known && ready && !cur_s.admm.warm_rho && !cur_s.admm.warm_dual) {
                    memset(&info2, 0x33, sizeof(info2));
                    ref = fz_ref_solve(&cur, &cur_s, lambda0, n, l2, v2, &info2);
                    FZ_EXPECT("solver", ref == CT_OK);
                    if (ref == CT_OK) {
                        FZ_EXPECT("solver", fz_same(lambda, l2, (size_t)n * sizeof(ct_real)) && fz_same(v, v2, (size_t)n * sizeof(ct_real)));
                        FZ_EXPECT("solver", info.status == info2.status && info.iterations == info2.iterations);
                    }
                }
                if (cur_s.admm.warm_rho || cur_s.admm.warm_dual) used_state = 1;
                break;
            }
            case 2: { /* new g and mu */
                ct_real *g = fz_byte(r) % 4 ? (ct_real *)fz_kept(&keep, fz_new_vec(r, n)) : NULL;
                ct_real *mu = fz_byte(r) % 4 ? (ct_real *)fz_kept(&keep, fz_new_vec(r, nc)) : NULL;
                res = ct_solver_update_vectors(svp, g, mu);
                fz_check_codes(res, nul == 0);
                if (svp && known && !ready) FZ_EXPECT("solver", res == CT_ERROR_NO_SETUP);
                if ((g && !fz_all_fin(g, (size_t)n)) || (mu && !fz_all_fin(mu, (size_t)nc))) FZ_EXPECT("solver", res != CT_OK);
                if (res == CT_OK) { if (g) cur.g = g; if (mu) cur.mu = mu; }
                break;
            }
            case 3: { /* new R */
                ct_real *R = NULL;
                int k = fz_byte(r) % 3, i;
                if (k) {
                    R = (ct_real *)fz_kept(&keep, fz_alloc(n));
                    if (k == 1) for (i = 0; i < n; ++i) R[i] = (ct_real)(fz_unit(r) * 0.1);
                    else fz_vec(r, R, n);
                }
                /* FUZZ_API_SKIP=soft_update_R: no R = NULL for NEWTON_SOFT (see the findings) */
                if (!R && cur_s.method == CT_METHOD_NEWTON_SOFT && fz_skipped("soft_update_R")) break;
                res = ct_solver_update_compliance(svp, R);
                fz_check_codes(res, nul == 0);
                if (svp && known && !ready) FZ_EXPECT("solver", res == CT_ERROR_NO_SETUP);
                if (R && !fz_all_fin(R, (size_t)n)) FZ_EXPECT("solver", res != CT_OK);
                if (res == CT_OK) cur.R = R;
                break;
            }
            case 4: { /* new G: same form and sizes, or not */
                ct_real *G = (ct_real *)fz_kept(&keep, fz_alloc(n * n));
                ct_problem p2 = cur;
                if (n > 0) fz_build_G(r, n, G, fz_byte(r) % 2);
                p2.G = G;
                p2.Gs = NULL;
                if (cur.Gs && n > 0 && fz_all_fin(G, (size_t)n * n)) {
                    int ng = q.nb + q.nu + q.nc, nnzb = 0;
                    ct_sparse *sp = (ct_sparse *)fz_kept(&keep, malloc(sizeof(ct_sparse)));
                    int *row = (int *)fz_kept(&keep, malloc(sizeof(int) * (size_t)(ng + 1)));
                    int *col;
                    ct_real *val;
                    ct_sparse_count(q.nb, q.nu, q.nc, G, 0, &nnzb);
                    col = (int *)fz_kept(&keep, malloc(sizeof(int) * (size_t)(nnzb > 0 ? nnzb : 1)));
                    val = (ct_real *)fz_kept(&keep, fz_alloc(9 * nnzb));
                    ct_sparse_from_dense(q.nb, q.nu, q.nc, G, 0, row, col, val);
                    sp->row_ptr = row;
                    sp->col = col;
                    sp->val = val;
                    p2.G = NULL;
                    p2.Gs = sp;
                }
                if (fz_byte(r) % 8 == 0) p2.nc = cur.nc + 1; /* another size: a new setup */
                res = ct_solver_update_matrix(svp, nul == 1 ? NULL : &p2);
                fz_check_codes(res, nul >= 0);
                if (svp && nul < 0 && known && !ready) FZ_EXPECT("solver", res == CT_ERROR_NO_SETUP);
                if (p2.nc != cur.nc || (cur.Gs != NULL) != (p2.Gs != NULL)) FZ_EXPECT("solver", res != CT_OK);
                if (res == CT_OK) { cur.G = p2.G; cur.Gs = p2.Gs; }
                break;
            }
            case 5: { /* new settings */
                ct_settings s2;
                fz_settings(r, &s2, 40);
                if (state_focus) s2.method = s.method, s2.admm.warm_rho = s.admm.warm_rho, s2.admm.warm_dual = s.admm.warm_dual;
                if (!cur.R && s2.method == CT_METHOD_NEWTON_SOFT && fz_skipped("soft_update_R")) break;
                res = ct_solver_update_settings(svp, nul == 1 ? NULL : &s2);
                fz_check_codes(res, nul >= 0);
                if (svp && nul < 0 && known && !ready) FZ_EXPECT("solver", res == CT_ERROR_NO_SETUP);
                if (nul < 0 && ct_settings_validate(&s2) != CT_OK) FZ_EXPECT("solver", res != CT_OK);
                if (res == CT_OK) cur_s = s2;
                break;
            }
            case 6: { /* state get */
                int with_dual = fz_byte(r) % 2;
                memset(&st, 0x44, sizeof(st));
                fz_fill(dual, n, (ct_real)-5);
                res = ct_solver_state_get(svp, nul == 1 ? NULL : &st, with_dual ? dual : NULL);
                fz_check_codes(res, nul >= 0);
                if (nul >= 0) break;
                if (known && !ready) FZ_EXPECT("state", res == CT_ERROR_NO_SETUP);
                if (known && ready) {
                    /* (INVALID_ARGUMENT there is the arg_code contract's) */
                    FZ_EXPECT("state", res == CT_OK || (with_dual && !st.has_dual &&
                                                        (res == CT_ERROR_INVALID_VALUE || res == CT_ERROR_INVALID_ARGUMENT)));
                    FZ_EXPECT("state", st.has_rho == 0 || st.has_rho == 1);
                    if (st.has_rho) FZ_EXPECT("state", fz_fin(st.rho) && st.rho > 0);
                    if (res == CT_OK && with_dual) FZ_EXPECT("nonfinite_out", fz_all_fin(dual, (size_t)n));
                }
                break;
            }
            case 7: { /* state set */
                ct_solver_state st2;
                ct_real *d = NULL;
                unsigned char b = fz_byte(r);
                memset(&st, 0, sizeof(st));
                st.has_rho = b % 3 == 2 ? 7 : b % 3;
                st.rho = fz_val(r, fz_byte(r));
                st.has_rho_power = (b >> 2) % 2;
                st.rho_power = fz_val(r, fz_byte(r));
                st.has_dual = (b >> 3) % 2;
                if ((b >> 4) % 4) d = (ct_real *)fz_kept(&keep, fz_new_vec(r, n));
                res = ct_solver_state_set(svp, nul == 1 ? NULL : &st, d);
                FZ_NOTE("step %d state_set has_rho %d rho %.17g has_rho_power %d rho_power %.17g has_dual %d dual %s, %s: %s", step,
                        st.has_rho, (double)st.rho, st.has_rho_power, (double)st.rho_power, st.has_dual, d ? "yes" : "NULL",
                        ct_method_string(cur_s.method), ct_result_string(res));
                if (fz_verbose()) fprintf(stderr, "  %s\n", fz_note);
                fz_print("dual set", d, n);
                fz_check_codes(res, nul >= 0 || (st.has_dual && !d));
                if (nul >= 0) break;
                if (known && !ready) FZ_EXPECT("state", res == CT_ERROR_NO_SETUP);
                if (known && ready && st.has_rho && !(fz_fin(st.rho) && st.rho > 0)) FZ_EXPECT("state", res != CT_OK);
                if (known && ready && st.has_dual && d && !fz_all_fin(d, (size_t)n)) FZ_EXPECT("state", res != CT_OK);
                if (res == CT_OK) {
                    FZ_EXPECT("state", ct_solver_state_get(&sv, &st2, NULL) == CT_OK);
                    FZ_EXPECT("state", st2.has_rho == (st.has_rho != 0) && st2.has_dual == (st.has_dual != 0));
                    if (st.has_rho) FZ_EXPECT("state", fz_rsame(st2.rho, st.rho));
                    used_state = 1;
                }
                break;
            }
            default: /* reset */
                res = ct_solver_reset(svp);
                fz_check_codes(res, nul == 0);
                if (res == CT_OK && known && ready) {
                    FZ_EXPECT("state", ct_solver_state_get(&sv, &st, NULL) == CT_OK);
                    FZ_EXPECT("state", !st.has_rho && !st.has_rho_power && !st.has_dual);
                }
                break;
        }
    }
    (void)used_state;
    if (alloced) ct_solver_free(&sv);
    ct_solver_free(NULL);
    while (keep.count > 0) free(keep.p[--keep.count]);
    free(lambda); free(v); free(lambda0); free(l2); free(v2); free(dual); free(mem);
    fz_prob_free(&q);
}

/* --- OP_WSIZE: the size queries --------------------------------------------------------- */
static void fz_op_wsize(fz_reader *r) {
    ct_settings s;
    ct_workspace ws;
    size_t bytes = 7, b2 = 0;
    int nb = fz_int(r, 40), nu = fz_int(r, 40), nc = fz_int(r, 40), nul, valid;
    ct_result res;
    fz_settings(r, &s, 200);
    valid = nb >= 0 && nu >= 0 && nc >= 0 && (long long)nb + nu + 3LL * nc <= 46340;
    nul = fz_null_pick(r, 2);
    res = ct_workspace_size(nb, nu, nc, nul == 0 ? NULL : &s, nul == 1 ? NULL : &bytes);
    FZ_NOTE("ct_workspace_size nb %d nu %d nc %d %s: %s", nb, nu, nc, ct_method_string(s.method), ct_result_string(res));
    fz_check_codes(res, nul >= 0);
    if (nul < 0 && !valid) FZ_EXPECT("codes", res == CT_ERROR_INVALID_SIZE || res == CT_ERROR_INVALID_SETTINGS);
    if (nul < 0 && ((int)s.method < 0 || (int)s.method >= (int)CT_METHOD_COUNT_)) FZ_EXPECT("codes", res != CT_OK);
    if (res == CT_OK && (int)s.method >= 0 && (int)s.method < (int)CT_METHOD_COUNT_)
        FZ_EXPECT("wsize", bytes <= CT_WORKSPACE_BOUND(s.method, nb, nu, nc) && bytes >= 63);
    if (res == CT_OK && nb + nu + 3 * nc <= 60) { /* allocate it, and one too short */
        FZ_EXPECT("wsize", ct_workspace_alloc(&ws, nb, nu, nc, &s, NULL) == CT_OK && ws.size + 63 >= bytes);
        ct_workspace_free(&ws);
        FZ_EXPECT("wsize", ws.base == NULL && ws.size == 0);
    }
    res = ct_derivatives_size(nb, nu, nc, &b2);
    fz_check_codes(res, 0);
    FZ_EXPECT("wsize", valid ? res == CT_OK : res == CT_ERROR_INVALID_SIZE);
    FZ_EXPECT("wsize", ct_cholesky_scratch_size(nb) == 0 || nb > 0);
    (void)ct_delassus_scratch_size(nb, nu);
    {
        unsigned char mem[200];
        int off = fz_byte(r) % 64;
        size_t len = fz_byte(r) % 130;
        FZ_EXPECT("wsize", ct_workspace_init(&ws, mem + off, len) == CT_OK);
        FZ_NOTE("ct_workspace_init at offset %d, %zu bytes", off, len);
        FZ_EXPECT("wsize", ws.base >= mem + off && (uintptr_t)ws.base % 64 == 0);
        FZ_EXPECT("wsize", ws.size == 0 || ws.base + ws.size <= mem + off + len);
        FZ_EXPECT("wsize", ws.size == (len >= 63 ? len - 63 : 0));
        FZ_EXPECT("arg_code", ct_workspace_init(&ws, NULL, len) == (len > 0 ? CT_ERROR_INVALID_ARGUMENT : CT_OK));
        FZ_EXPECT("arg_code", ct_workspace_init(NULL, mem, len) == CT_ERROR_INVALID_ARGUMENT);
    }
    ct_workspace_free(NULL);
}

/* --- OP_INVERSE: ct_inverse_dynamics ----------------------------------------------------- */
static void fz_op_inverse(fz_reader *r) {
    fz_prob q;
    ct_settings s;
    ct_info info;
    ct_real *lambda, *sigma, *lambda0;
    int n, nul;
    ct_result res;
    fz_prob_make(r, &q, 4);
    n = q.n;
    fz_settings(r, &s, 100);
    if (fz_byte(r) % 2) s.method = fz_byte(r) % 2 ? CT_METHOD_ADMM_CCP : CT_METHOD_ADMM_NCP;
    if (fz_byte(r) % 2) s.admm.eta = fz_val(r, fz_byte(r));
    if (fz_byte(r) % 4 == 0) { q.p.G = NULL; q.p.Gs = NULL; }
    lambda0 = fz_new_vec(r, n);
    lambda = fz_dup(lambda0, n);
    sigma = fz_alloc(n);
    nul = fz_null_pick(r, 4);
    memset(&info, 0x66, sizeof(info));
    res = ct_inverse_dynamics(nul == 0 ? NULL : &q.p, nul == 1 ? NULL : &s, nul == 2 ? NULL : lambda, nul == 3 ? NULL : sigma,
                              fz_byte(r) % 4 ? &info : NULL);
    FZ_NOTE("ct_inverse_dynamics %s eta %.17g, nb %d nu %d nc %d%s, R %s: %s", ct_method_string(s.method), (double)s.admm.eta,
            q.p.nb, q.p.nu, q.p.nc, q.bad_size ? " (bad)" : "", q.R ? "yes" : "NULL", ct_result_string(res));
    fz_check_codes(res, nul >= 0 && (nul < 2 || n > 0));
    if (q.bad_size) FZ_EXPECT("codes", res != CT_OK);
    if (nul < 0 && ct_settings_validate(&s) == CT_OK && s.method != CT_METHOD_ADMM_NCP && s.method != CT_METHOD_ADMM_CCP)
        FZ_EXPECT("codes", res == CT_ERROR_INVALID_SETTINGS);
    if (res == CT_OK) FZ_EXPECT("nonfinite_out", fz_all_fin(lambda, (size_t)n) && fz_all_fin(sigma, (size_t)n));
    free(lambda); free(lambda0); free(sigma);
    fz_prob_free(&q);
}

/* --- the entry point --------------------------------------------------------------------- */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_reader rd;
    rd.d = data;
    rd.n = size;
    rd.at = 1;
    fz_op = size > 0 ? data[0] % FZ_NOPS : 0;
    fz_note[0] = 0;
    if (fz_verbose()) fprintf(stderr, "fuzz_api: %s (%s)\n", fz_op_names[fz_op], sizeof(ct_real) == 4 ? "float" : "double");
    switch (fz_op) {
        case OP_STRINGS: fz_op_strings(&rd); break;
        case OP_PROJECT: fz_op_project(&rd); break;
        case OP_PROJECT_ALL: fz_op_project_all(&rd); break;
        case OP_LOCAL: fz_op_local(&rd); break;
        case OP_VELOCITY: fz_op_velocity(&rd); break;
        case OP_CRITERIA: fz_op_criteria(&rd); break;
        case OP_MODES: fz_op_modes(&rd); break;
        case OP_COMPL_MUJOCO: case OP_COMPL_SAP: case OP_COMPL_CB: case OP_COMPL_SD: fz_op_compliance(&rd, fz_op); break;
        case OP_SOFT_KERNEL: fz_op_soft_kernel(&rd); break;
        case OP_CHOLESKY: fz_op_cholesky(&rd); break;
        case OP_LU: fz_op_lu(&rd); break;
        case OP_DELASSUS: fz_op_delassus(&rd); break;
        case OP_SPARSE: fz_op_sparse(&rd); break;
        case OP_READ: fz_op_read(&rd); break;
        case OP_DERIV: fz_op_deriv(&rd); break;
        case OP_SOLVER: fz_op_solver(&rd, 0); break;
        case OP_STATE: fz_op_solver(&rd, 1); break;
        case OP_WSIZE: fz_op_wsize(&rd); break;
        default: fz_op_inverse(&rd); break;
    }
    if (fz_verbose()) fprintf(stderr, "fuzz_api: last call: %s\n", fz_note);
    fz_op = -1;
    return 0;
}

#include "fuzz_replay.h" /* the replay main of -DFUZZ_STANDALONE */
