/* tests/fuzz/findings/api/repro.c - hand-written reproducers of the findings of
   tests/fuzz/fuzz_api.c (README.md here): one line per case, VIOLATION where the documented
   contract breaks; exits 1 while any remains. The two crashing cases run in a child process.
       cc -I. tests/fuzz/findings/api/repro.c -o repro -lm && ./repro     (-DCONTACT_USE_FLOAT too) */
#define _POSIX_C_SOURCE 200809L /* fork */
#define CONTACT_IMPLEMENTATION
#include "contact.h"

#include <math.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

static int violations = 0;
static void report(const char *id, int bad, const char *what) {
    printf("%-4s %-9s %s\n", id, bad ? "VIOLATION" : "ok", what);
    violations += bad != 0;
}
static int fin(ct_real x) { return (x - x) == 0; }

/* runs f in a child: 1 if the child died from a signal */
static int crashes(void (*f)(void)) {
    pid_t pid;
    int st = 0;
    fflush(stdout);
    pid = fork();
    if (pid == 0) {
        f();
        _exit(0);
    }
    if (pid < 0 || waitpid(pid, &st, 0) < 0) return 0;
    return WIFSIGNALED(st);
}

static void disk_inf(void) {
    ct_real x[2] = {1, 1}, out[2];
    ct_project_disk((ct_real)INFINITY, x, out);
}

static void soft_null_R(void) {
    ct_real G[1] = {1}, g[1] = {-1}, R[1] = {(ct_real)0.1}, lambda[1] = {0}, v[1];
    ct_problem p = ct_problem_dense(1, 0, 0, G, g, NULL);
    ct_settings s = ct_default_settings();
    ct_solver sv;
    p.R = R;
    s.method = CT_METHOD_NEWTON_SOFT;
    if (ct_solver_alloc(&sv, &p, &s, NULL) != CT_OK || ct_solver_setup(&sv, &p, &s, NULL) != CT_OK) _exit(3);
    if (ct_solver_update_compliance(&sv, NULL) != CT_OK) _exit(0); /* refused: fixed */
    ct_solver_solve(&sv, lambda, v, NULL);
    ct_solver_free(&sv);
}

int main(void) {
    char line[200];
    printf("contact.h %s, %s\n", ct_version(), sizeof(ct_real) == 4 ? "float" : "double");

    /* A: ct_project_disk recurses forever on an infinite radius */
    report("A", crashes(disk_inf), "ct_project_disk(r = inf): no crash (stack overflow in the rescaling recursion)");

    /* B: ct_solver_update_compliance(NULL) accepted on a NEWTON_SOFT setup, the solve reads R */
    report("B", crashes(soft_null_R), "NEWTON_SOFT solver: update_compliance(NULL) then solve: no crash (NULL R read)");

    { /* C: the pyramid with mu = 0 keeps a negative normal */
        ct_real x[3] = {0, 0, -1}, out[3], G[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, g[3] = {0, 0, 1}, mu[1] = {0};
        ct_real lambda[3] = {0, 0, -1}, v[3] = {0, 0, 0};
        ct_residuals rl, rn;
        ct_problem p = ct_problem_dense(0, 0, 1, G, g, mu);
        ct_project_pyramid(0, x, out);
        snprintf(line, sizeof(line), "ct_project_pyramid(0, (0, 0, -1)) = (%g, %g, %g), want (0, 0, 0)",
                 (double)out[0], (double)out[1], (double)out[2]);
        report("C", out[2] != 0, line);
        ct_criteria(&p, lambda, v, CT_FLAVOR_LCP, &rl);
        ct_criteria(&p, lambda, v, CT_FLAVOR_NCP, &rn);
        snprintf(line, sizeof(line), "ct_criteria LCP, mu = 0, lambda_n = -1: primal %g (NCP flavor: %g)",
                 (double)rl.primal, (double)rn.primal);
        report("C", rl.primal != rn.primal, line);
    }
    { /* D: the LU's reciprocal of a subnormal pivot overflows */
        const ct_real t = (ct_real)(sizeof(ct_real) == 4 ? 1e-40 : 1e-310);
        ct_real a[4];
        int piv[2];
        ct_result r;
        a[0] = t; a[1] = 1; a[2] = t / 10; a[3] = 1; /* L21 = 0.1, U22 = 0.9 */
        r = ct_lu_factor(a, 2, 2, piv, NULL);
        snprintf(line, sizeof(line), "ct_lu_factor([[t, 1], [t/10, 1]], t = %g): %s, L21 = %g, U22 = %g (want 0.1, 0.9)",
                 (double)t, ct_result_string(r), (double)a[2], (double)a[3]);
        report("D", r == CT_OK && (!fin(a[2]) || !fin(a[3])), line);
    }
    { /* E: ct_jvp solves through a subnormal pivot */
        ct_real G[1] = {(ct_real)(sizeof(ct_real) == 4 ? 1e-44 : 4.9406564584124654e-324)}, g[1] = {(ct_real)-0.0059};
        ct_real lambda[1] = {(ct_real)0.047}, v[1] = {(ct_real)-0.0059}, dg[1] = {1}, dl[1], dv[1];
        ct_problem p = ct_problem_dense(0, 1, 0, G, g, NULL);
        ct_settings s = ct_default_settings();
        ct_workspace ws;
        size_t bytes;
        ct_result r;
        ct_derivatives_size(0, 1, 0, &bytes);
        ct_workspace_alloc(&ws, 0, 1, 0, &s, NULL); /* ADMM's size is larger */
        r = ct_jvp(&p, &s, &ws, lambda, v, dg, NULL, NULL, NULL, dl, dv, NULL);
        snprintf(line, sizeof(line), "ct_jvp, one limit, G = %g (subnormal): %s, dlambda %g, dv %g", (double)G[0],
                 ct_result_string(r), (double)dl[0], (double)dv[0]);
        report("E", r == CT_OK && (!fin(dl[0]) || !fin(dv[0])), line);
        ct_workspace_free(&ws);
    }
    { /* F: a cone projection with mu above sqrt of the largest number */
        ct_real x[3] = {-2, -2, -2}, out[3], mu = (ct_real)(sizeof(ct_real) == 4 ? 3.4e38 : 1e308);
        ct_project_cone(mu, x, out);
        snprintf(line, sizeof(line), "ct_project_cone(mu = %g, (-2, -2, -2)) = (%g, %g, %g)", (double)mu, (double)out[0],
                 (double)out[1], (double)out[2]);
        report("F", !fin(out[0]) || !fin(out[1]) || !fin(out[2]), line);
    }
    { /* G: a cone projection of a tiny vector: the squares underflow */
        ct_real x[3] = {(ct_real)(sizeof(ct_real) == 4 ? 1e-25 : 1e-170), 0, 0}, out[3];
        ct_project_cone(1, x, out);
        snprintf(line, sizeof(line), "ct_project_cone(1, (%g, 0, 0)) = (%g, %g, %g), want (x/2, 0, x/2)", (double)x[0],
                 (double)out[0], (double)out[1], (double)out[2]);
        report("G", out[0] == 0, line);
    }
    { /* H: ct_velocity overflows under CT_OK */
        ct_real G[1] = {(ct_real)(sizeof(ct_real) == 4 ? 1e20 : 1e200)}, g[1] = {0}, lambda[1], v[1];
        ct_problem p = ct_problem_dense(1, 0, 0, G, g, NULL);
        ct_result r;
        lambda[0] = G[0];
        r = ct_velocity(&p, lambda, v);
        snprintf(line, sizeof(line), "ct_velocity(G = lambda = %g): %s, v = %g", (double)G[0], ct_result_string(r), (double)v[0]);
        report("H", r == CT_OK && !fin(v[0]), line);
    }
    { /* I: ct_jvp with a finite direction beyond the input range */
        ct_real G[1] = {1}, g[1], lambda[1], v[1], dG[1] = {(ct_real)(sizeof(ct_real) == 4 ? 1e30 : 1e300)}, dl[1], dv[1];
        ct_problem p = ct_problem_dense(1, 0, 0, G, g, NULL);
        ct_settings s = ct_default_settings();
        ct_workspace ws;
        ct_result r;
        g[0] = (ct_real)(sizeof(ct_real) == 4 ? -1e10 : -1e10);
        lambda[0] = -g[0];
        v[0] = 0;
        ct_workspace_alloc(&ws, 1, 0, 0, &s, NULL);
        r = ct_jvp(&p, &s, &ws, lambda, v, NULL, dG, NULL, NULL, dl, dv, NULL);
        snprintf(line, sizeof(line), "ct_jvp(dG = %g, lambda = %g): %s, dlambda %g, dv %g", (double)dG[0], (double)lambda[0],
                 ct_result_string(r), (double)dl[0], (double)dv[0]);
        report("I", r == CT_OK && (!fin(dl[0]) || !fin(dv[0])), line);
        ct_workspace_free(&ws);
    }
    { /* J: CT_ERROR_INVALID_ARGUMENT for values (docs: CT_ERROR_INVALID_VALUE) */
        ct_real G[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, g[3] = {0, 0, -1}, mu[1] = {(ct_real)0.5}, R[3], vref[3];
        ct_real solref[2] = {(ct_real)0.02, 0}, solimp[5] = {(ct_real)0.9, (ct_real)0.95, (ct_real)0.001, (ct_real)0.5, 2};
        ct_real dual[3];
        ct_problem p = ct_problem_dense(0, 0, 1, G, g, mu);
        ct_settings s = ct_default_settings();
        ct_solver sv;
        ct_solver_state st;
        ct_result r = ct_compliance_spring_damper(&p, 0, 1, 0, 1, 1, NULL, R, vref);
        snprintf(line, sizeof(line), "ct_compliance_spring_damper(dt = 0): %s", ct_result_string(r));
        report("J", r != CT_ERROR_INVALID_VALUE, line);
        r = ct_compliance_mujoco(&p, 0, 3, solref, solimp, (ct_real)0.01, NULL, NULL, 0, R, vref);
        snprintf(line, sizeof(line), "ct_compliance_mujoco(dampratio = 0): %s", ct_result_string(r));
        report("J", r != CT_ERROR_INVALID_VALUE, line);
        ct_solver_alloc(&sv, &p, &s, NULL);
        ct_solver_setup(&sv, &p, &s, NULL);
        r = ct_solver_state_get(&sv, &st, dual); /* no solve yet: no dual */
        snprintf(line, sizeof(line), "ct_solver_state_get(dual, no has_dual): %s", ct_result_string(r));
        report("J", r != CT_ERROR_INVALID_VALUE, line);
        ct_solver_free(&sv);
    }
    printf("%d violation(s)\n", violations);
    return violations ? 1 : 0;
}
