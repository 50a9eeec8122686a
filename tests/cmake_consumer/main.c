/* The consumer of the installed package: one contact, G = I, g = (1, 0, -1), mu = 0.5,
   solved by both methods; the NCP answer is lambda = (-0.5, 0, 1), v = (0.5, 0, 0). */
#include <math.h>
#include <stdio.h>
#define CONTACT_IMPLEMENTATION
#include <contact.h>

static int solve(ct_method method) {
    static const ct_real G[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    static const ct_real g[3] = {1, 0, -1};
    static const ct_real mu[1] = {0.5};
    ct_settings s = ct_default_settings();
    ct_workspace ws;
    ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
    ct_real lambda[3] = {0, 0, 0}, v[3];
    ct_info info;
    ct_result r;
    s.method = method;
    if (ct_workspace_alloc(&ws, 0, 0, 1, &s, NULL) != CT_OK) return 1;
    p.nb = 0;
    p.nu = 0;
    p.nc = 1;
    p.G = G;
    p.g = g;
    p.mu = mu;
    p.R = NULL;
    r = ct_solve(&p, &s, &ws, lambda, v, &info);
    ct_workspace_free(&ws);
    if (r != CT_OK) {
        printf("%s: %s\n", ct_method_string(method), ct_result_string(r));
        return 1;
    }
    printf("%s: %s after %d iterations, lambda = (%g, %g, %g), v = (%g, %g, %g)\n",
           ct_method_string(method), ct_status_string(info.status), info.iterations,
           (double)lambda[0], (double)lambda[1], (double)lambda[2], (double)v[0], (double)v[1],
           (double)v[2]);
    return info.status != CT_STATUS_CONVERGED || fabs(lambda[0] + 0.5) > 1e-6 ||
           fabs(lambda[2] - 1) > 1e-6 || fabs(v[0] - 0.5) > 1e-6;
}

int main(void) {
    printf("contact.h %s\n", ct_version());
    return solve(CT_METHOD_ADMM_NCP) | solve(CT_METHOD_PGS_NCP);
}
