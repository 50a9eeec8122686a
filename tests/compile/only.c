/* only.c - the compile-out switches: built with -DCONTACT_ONLY_PGS_NCP (and again with a few
   CONTACT_NO_* and CONTACT_WITH_* combinations, see compile_tests.sh). The kept method solves;
   a method compiled out returns CT_ERROR_COMPILED_OUT from ct_solve and from the size query,
   and so does G in a form whose part is compiled out. Returns 0 when every check holds. */
#include <stdio.h>
#define CONTACT_IMPLEMENTATION
#include "contact.h"
#include "tiny.h"

static int expect(ct_method m, int kept) {
    ct_settings s = ct_default_settings();
    ct_workspace ws;
    ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
    ct_real lambda[3] = {0, 0, 0}, v[3];
    ct_info info;
    static unsigned char mem[8192];
    size_t bytes = 0;
    s.method = m;
    if (kept && m == CT_METHOD_PGS_NCP) return tiny_solve(m) == 0 ? 0 : 1; /* the NCP answer */
    if ((ct_workspace_size(0, 0, 1, &s, &bytes) == CT_ERROR_COMPILED_OUT) == kept) return 2;
    if (ct_workspace_init(&ws, mem, sizeof(mem)) != CT_OK) return 3;
    tiny_problem(&p);
    /* a kept method runs (NEWTON_SOFT refuses the rigid tiny problem with its own code) */
    if ((ct_solve(&p, &s, &ws, lambda, v, &info) == CT_ERROR_COMPILED_OUT) == kept) return 4;
    if (!kept && info.status != CT_STATUS_NOT_SOLVED) return 5;
    return 0;
}

int main(void) {
    int bad = 0, m;
    for (m = 0; m < (int)CT_METHOD_COUNT_; ++m) {
        int kept = 1, r;
#ifdef CONTACT_ONLY_PGS_NCP
        kept = m == CT_METHOD_PGS_NCP;
#endif
#ifdef CONTACT_NO_STAGGERED
        if (m == CT_METHOD_STAGGERED) kept = 0;
#endif
        r = expect((ct_method)m, kept);
        if (r) {
            printf("only: %s (%s): check %d failed\n", ct_method_string((ct_method)m), kept ? "kept" : "compiled out", r);
            ++bad;
        }
    }
#ifdef CONTACT_ONLY_PGS_NCP
    if (strcmp(ct_method_string(CT_METHOD_ADMM_NCP), "compiled out") != 0) ++bad;
#endif
#if defined(CONTACT_ONLY_PGS_NCP) && !defined(CONTACT_WITH_SPARSE)
    { /* a block-sparse G: its part went with the other methods */
        static const int rp[2] = {0, 1}, col[1] = {0};
        static const ct_real val[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
        ct_sparse S;
        ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
        ct_real l[3] = {0, 0, 0}, v[3];
        ct_settings s = ct_default_settings();
        ct_workspace ws;
        static unsigned char mem[8192];
        tiny_problem(&p);
        S.row_ptr = rp; S.col = col; S.val = val;
        p.G = NULL;
        p.Gs = &S;
        s.method = CT_METHOD_PGS_NCP;
        ct_workspace_init(&ws, mem, sizeof(mem));
        if (ct_solve(&p, &s, &ws, l, v, NULL) != CT_ERROR_COMPILED_OUT) {
            printf("only: a block-sparse G is not CT_ERROR_COMPILED_OUT\n");
            ++bad;
        }
    }
#endif
    printf("only: %d problems\n", bad);
    return bad != 0;
}
