/* test_threads.c - reentrancy: four threads solve at once, each with its own workspace and
   solver object, reading one shared problem set; every answer must be bitwise the one a single
   thread computes. tests/threads_test.sh builds it with -fsanitize=thread (ThreadSanitizer
   reports any data race, i.e. any shared mutable state) and plainly when TSan is missing. */
#define CONTACT_IMPLEMENTATION
#include "contact.h"
#include "harness.h"
#include "problems.h"
#include <pthread.h>

#define NPROB 4
#define NMETH 5
#define NTHREAD 4
static owned_problem g_prob[NPROB];
static const ct_method g_meth[NMETH] = {CT_METHOD_PGS_NCP, CT_METHOD_ADMM_NCP, CT_METHOD_NBGS,
                                        CT_METHOD_STAGGERED, CT_METHOD_ADMM_CCP};
static ct_real *g_ref[NPROB][NMETH]; /* lambda of the single-threaded run */

/* every problem with every method, by ct_solve and by a solver object; out: the lambdas */
static int run_all(ct_real *out[NPROB][NMETH]) {
    int k, m, bad = 0;
    for (k = 0; k < NPROB; ++k)
        for (m = 0; m < NMETH; ++m) {
            const ct_problem *p = &g_prob[k].p;
            const int n = g_prob[k].n;
            ct_settings s = ct_default_settings();
            ct_workspace ws;
            ct_solver sv;
            ct_info info;
            ct_real *v = (ct_real *)calloc((size_t)n, sizeof(ct_real));
            ct_real *l2 = (ct_real *)calloc((size_t)n, sizeof(ct_real));
            s.method = g_meth[m];
            s.max_iter = 200;
            s.warm_start = 0;
            if (ct_workspace_alloc(&ws, p->nb, p->nu, p->nc, &s, NULL) != CT_OK) ++bad;
            else {
                if (ct_solve(p, &s, &ws, out[k][m], v, &info) != CT_OK) ++bad;
                ct_workspace_free(&ws);
            }
            if (ct_solver_alloc(&sv, p, &s, NULL) != CT_OK) ++bad;
            else {
                if (ct_solver_setup(&sv, p, &s, NULL) != CT_OK || ct_solver_solve(&sv, l2, v, &info) != CT_OK) ++bad;
                else if (memcmp(l2, out[k][m], sizeof(ct_real) * (size_t)n) != 0) ++bad;
                ct_solver_free(&sv);
            }
            free(v);
            free(l2);
        }
    return bad;
}

typedef struct job {
    ct_real *out[NPROB][NMETH];
    int bad;
} job;

static void *worker(void *arg) {
    job *j = (job *)arg;
    int k, m;
    j->bad = run_all(j->out);
    for (k = 0; k < NPROB; ++k)
        for (m = 0; m < NMETH; ++m)
            j->bad += memcmp(j->out[k][m], g_ref[k][m], sizeof(ct_real) * (size_t)g_prob[k].n) != 0;
    return NULL;
}

int main(void) {
    static job jobs[NTHREAD];
    pthread_t th[NTHREAD];
    int k, m, t, started = 0;
    th_seed(77);
    for (k = 0; k < NPROB; ++k) {
        int nc = 2 + 3 * k;
        random_problem(&g_prob[k], k % 2, k % 3 == 1, nc, 2 * (k % 2 + (k % 3 == 1) + 3 * nc) + 4, 0.2, 0.9, k == 3);
    }
    for (k = 0; k < NPROB; ++k)
        for (m = 0; m < NMETH; ++m) {
            g_ref[k][m] = (ct_real *)calloc((size_t)g_prob[k].n, sizeof(ct_real));
            for (t = 0; t < NTHREAD; ++t) jobs[t].out[k][m] = (ct_real *)calloc((size_t)g_prob[k].n, sizeof(ct_real));
        }
    CHECK_EQ_INT(run_all(g_ref), 0);
    for (t = 0; t < NTHREAD; ++t) started += pthread_create(&th[t], NULL, worker, &jobs[t]) == 0;
    CHECK_EQ_INT(started, NTHREAD);
    for (t = 0; t < started; ++t) pthread_join(th[t], NULL);
    for (t = 0; t < started; ++t)
        CHECKF(jobs[t].bad == 0, "thread %d: %d answers differ from the single-threaded ones or failed", t, jobs[t].bad);
    printf("  %d threads x %d problems x %d methods (ct_solve and the solver object)\n", NTHREAD, NPROB, NMETH);
    for (k = 0; k < NPROB; ++k) {
        for (m = 0; m < NMETH; ++m) {
            free(g_ref[k][m]);
            for (t = 0; t < NTHREAD; ++t) free(jobs[t].out[k][m]);
        }
        op_free(&g_prob[k]);
    }
    return th_summary();
}
