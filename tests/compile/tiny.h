/* tiny.h - the one-contact problem every compile test solves. Include after contact.h.
   G = I (3x3), g = (1, 0, -1), mu = 0.5: the NCP answer is lambda = (-0.5, 0, 1),
   v = (0.5, 0, 0) (the contact slides along t1). The workspace is caller memory
   (ct_workspace_size + ct_workspace_init), so this also works under CONTACT_NO_MALLOC.
   tiny_solve returns 0 when the solve converged to that answer. */
#ifndef TINY_H_INCLUDED
#define TINY_H_INCLUDED
#if defined(__GNUC__) || defined(__clang__)
#define TINY_UNUSED __attribute__((unused))
#else
#define TINY_UNUSED
#endif

static TINY_UNUSED ct_real tiny_abs(ct_real x) { return x < 0 ? -x : x; }

/* p = the one-contact problem (static data) */
static TINY_UNUSED void tiny_problem(ct_problem *p) {
    static const ct_real G[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    static const ct_real g[3] = {1, 0, -1};
    static const ct_real mu[1] = {(ct_real)0.5};
    *p = ct_problem_dense(0, 0, 1, G, g, mu);
}

static TINY_UNUSED int tiny_solve(ct_method method) {
    static const ct_real lambda_ref[3] = {(ct_real)-0.5, 0, 1};
    static const ct_real v_ref[3] = {(ct_real)0.5, 0, 0};
    static unsigned char mem[4096];
    const ct_real tol = sizeof(ct_real) == sizeof(float) ? (ct_real)1e-3 : (ct_real)1e-6;
    ct_settings s = ct_default_settings();
    ct_workspace ws;
    ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
    ct_real lambda[3] = {0, 0, 0}, v[3];
    ct_info info;
    size_t bytes = 0;
    int i;
    s.method = method;
    if (ct_workspace_size(0, 0, 1, &s, &bytes) != CT_OK || bytes > sizeof(mem)) return 1;
    if (ct_workspace_init(&ws, mem, sizeof(mem)) != CT_OK) return 2;
    tiny_problem(&p);
    if (ct_solve(&p, &s, &ws, lambda, v, &info) != CT_OK) return 3;
    if (info.status != CT_STATUS_CONVERGED) return 4;
    for (i = 0; i < 3; ++i)
        if (tiny_abs(lambda[i] - lambda_ref[i]) > tol || tiny_abs(v[i] - v_ref[i]) > tol) return 5;
    return 0;
}

#endif
