/* Every hook overridden by a counting wrapper: CONTACT_SQRT/FABS/POW, CONTACT_MEMSET/MEMCPY,
   CONTACT_ASSERT and CONTACT_MALLOC/FREE with a counting allocator whose context is the
   alloc_ctx of ct_workspace_alloc. Built in double and (with -DCONTACT_USE_FLOAT) in float.
   The header is included first for ct_real, then again with CONTACT_IMPLEMENTATION. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "contact.h"

static int n_sqrt, n_fabs, n_pow, n_memset, n_memcpy, n_assert, n_assert_failed;
typedef struct counter {
    int allocs, frees;
    size_t bytes;
} counter;

static ct_real my_sqrt(ct_real x) { ++n_sqrt; return (ct_real)sqrt((double)x); }
static ct_real my_fabs(ct_real x) { ++n_fabs; return (ct_real)fabs((double)x); }
static ct_real my_pow(ct_real x, ct_real y) { ++n_pow; return (ct_real)pow((double)x, (double)y); }
static void *my_memset(void *p, int c, size_t n) { ++n_memset; return memset(p, c, n); }
static void *my_memcpy(void *d, const void *s, size_t n) { ++n_memcpy; return memcpy(d, s, n); }
static void my_assert(int ok, const char *what) {
    ++n_assert;
    if (!ok) {
        ++n_assert_failed;
        printf("hooks: assertion failed: %s\n", what);
    }
}
static void *my_malloc(size_t sz, void *ctx) {
    counter *c = (counter *)ctx;
    c->allocs++;
    c->bytes += sz;
    return malloc(sz);
}
static void my_free(void *p, void *ctx) {
    ((counter *)ctx)->frees++;
    free(p);
}

#define CONTACT_SQRT(x) my_sqrt(x)
#define CONTACT_FABS(x) my_fabs(x)
#define CONTACT_POW(x, y) my_pow((x), (y))
#define CONTACT_MEMSET(p, c, n) my_memset((p), (c), (n))
#define CONTACT_MEMCPY(d, s, n) my_memcpy((d), (s), (n))
#define CONTACT_ASSERT(x) my_assert((x) ? 1 : 0, #x)
#define CONTACT_MALLOC(sz, ctx) my_malloc((sz), (ctx))
#define CONTACT_FREE(p, ctx) my_free((p), (ctx))
#define CONTACT_IMPLEMENTATION
#include "contact.h"
#include "tiny.h"

int main(void) {
    ct_real l1[1] = {2}, b1[1] = {4};
    counter c = {0, 0, 0};
    ct_settings s = ct_default_settings();
    ct_workspace ws;
    ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
    ct_real lambda[3] = {0, 0, 0}, v[3];
    ct_info info;
    size_t need = 0;
    int rc = 0;
    s.method = CT_METHOD_ADMM_NCP; /* uses sqrt, fabs, pow, memset, memcpy */
    if (ct_workspace_alloc(&ws, 0, 0, 1, &s, &c) != CT_OK) return 1;
    ct_workspace_size(0, 0, 1, &s, &need);
    if (c.allocs != 1 || c.frees != 0 || c.bytes != need) rc |= 2;
    tiny_problem(&p);
    if (ct_solve(&p, &s, &ws, lambda, v, &info) != CT_OK || info.status != CT_STATUS_CONVERGED)
        rc |= 4;
    ct_workspace_free(&ws);
    if (c.allocs != 1 || c.frees != 1) rc |= 8;
    ct_cholesky_solve(l1, 1, 1, b1); /* asserts its arguments: b = 4 / (2 * 2) */
    if (b1[0] != 1) rc |= 16;
    if (!n_sqrt || !n_fabs || !n_pow || !n_memset || !n_memcpy || !n_assert) rc |= 32;
    if (n_assert_failed) rc |= 64;
    if (rc)
        printf("hooks: mask %d; allocs %d frees %d bytes %lu (need %lu); sqrt %d fabs %d pow %d "
               "memset %d memcpy %d assert %d\n",
               rc, c.allocs, c.frees, (unsigned long)c.bytes, (unsigned long)need, n_sqrt, n_fabs,
               n_pow, n_memset, n_memcpy, n_assert);
    return rc;
}
