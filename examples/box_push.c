/* box_push.c - a box resting on a plane by its 4 corner contacts, pushed sideways.

   Shows the whole path of a user who has a mass matrix M and a contact Jacobian J:
   ct_delassus_from_mj builds G = J M^-1 J^T and g = J v_free, ct_solve finds the contact
   forces with both core methods, and ct_info tells how good the answer is.

   A 1 kg cube (side 0.2 m, mu = 0.4) rests on the ground. A horizontal force F pushes it along
   x for one time step dt = 1e-3 s. With F below mu m g = 3.92 N the cube sticks (the friction
   balances F); above it, it slides and the friction is mu m g. G is 12 x 12 with rank 6 (four
   contacts on one body: hyperstatic), so the individual corner forces are not unique; their
   sums are. The problem is solved for forces (g divided by dt, [LeLidec24] Sec. III-E), so lambda
   is in newtons.

   Build: cc -std=c99 -O2 -I. examples/box_push.c -o box_push -lm */
#define CONTACT_IMPLEMENTATION
#include "contact.h"

#include <stdio.h>
#include <string.h>

#define NV 6        /* body velocity (vx, vy, vz, wx, wy, wz), world frame at the centre */
#define NC 4        /* corner contacts */
#define N (3 * NC)  /* contact rows: (t1 = x, t2 = y, normal = z) per corner */

int main(void) {
    const ct_real m = 1, a = 0.2, mu = 0.4, dt = 1e-3, grav = 9.81;
    const ct_real forces[2] = {2.0, 6.0}; /* below and above mu m g = 3.92 N */
    const ct_method methods[2] = {CT_METHOD_PGS_NCP, CT_METHOD_ADMM_NCP};
    ct_real M[NV * NV] = {0}, J[N * NV] = {0}, G[N * N], g[N], mus[NC], vfree[NV];
    ct_real scratch[NV * NV + N * NV + 32 * NV];
    int c, i, f, k, failures = 0;

    /* M = diag(m, m, m, I, I, I), I = m a^2 / 6 for a cube */
    for (i = 0; i < 3; ++i) {
        M[i * NV + i] = m;
        M[(i + 3) * NV + (i + 3)] = m * a * a / 6;
    }
    /* corner c at r = (+-a/2, +-a/2, -a/2); velocity of the point = v + w x r.
       Row for direction d: [d^T, (r x d)^T]. */
    for (c = 0; c < NC; ++c) {
        ct_real r[3], d[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
        r[0] = (c & 1) ? a / 2 : -a / 2;
        r[1] = (c & 2) ? a / 2 : -a / 2;
        r[2] = -a / 2;
        for (k = 0; k < 3; ++k) {
            ct_real *row = J + (3 * c + k) * NV;
            row[0] = d[k][0]; row[1] = d[k][1]; row[2] = d[k][2];
            row[3] = r[1] * d[k][2] - r[2] * d[k][1];
            row[4] = r[2] * d[k][0] - r[0] * d[k][2];
            row[5] = r[0] * d[k][1] - r[1] * d[k][0];
        }
        mus[c] = mu;
    }
    if (ct_cholesky_scratch_size(NV) > 32 * NV) return 1; /* scratch sized above */

    printf("box on a plane, 4 corners, mu = %.1f, m = %.0f kg, dt = %g s; forces in N\n",
           (double)mu, (double)m, (double)dt);
    printf("%-9s %5s  %-10s %5s %9s %9s %9s %9s  %-9s\n", "method", "F", "status", "iter",
           "sum f_n", "sum f_x", "v_x", "ncp res", "modes");
    for (f = 0; f < 2; ++f) {
        ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
        ct_result res;
        /* free velocity after one step from rest: gravity and the push */
        vfree[0] = forces[f] / m * dt; vfree[1] = 0; vfree[2] = -grav * dt;
        vfree[3] = vfree[4] = vfree[5] = 0;
        res = ct_delassus_from_mj(NV, N, M, J, vfree, G, g, scratch);
        if (res != CT_OK) {
            printf("delassus: %s\n", ct_result_string(res));
            return 1;
        }
        for (i = 0; i < N; ++i) g[i] /= dt; /* solve for forces (N), not impulses (N s) */
        memset(&p, 0, sizeof(p)); /* unused fields (the soft-model data) stay NULL */
        p.nb = 0; p.nu = 0; p.nc = NC; p.G = G; p.g = g; p.mu = mus; p.R = NULL;
        for (k = 0; k < 2; ++k) {
            ct_settings s = ct_default_settings();
            ct_workspace ws;
            ct_info info;
            ct_contact_mode modes[NC];
            ct_real lambda[N] = {0}, v[N], fn = 0, fx = 0;
            char mode_str[NC + 1];
            s.method = methods[k];
            s.max_iter = 5000;
            if (ct_workspace_alloc(&ws, 0, 0, NC, &s, NULL) != CT_OK) return 1;
            res = ct_solve(&p, &s, &ws, lambda, v, &info);
            ct_workspace_free(&ws);
            if (res != CT_OK) {
                printf("%s: %s\n", ct_method_string(s.method), ct_result_string(res));
                return 1;
            }
            ct_contact_modes(&p, lambda, v, (ct_real)1e-6, modes);
            for (c = 0; c < NC; ++c) {
                fx += lambda[3 * c];
                fn += lambda[3 * c + 2];
                mode_str[c] = "osl"[modes[c]];
            }
            mode_str[NC] = 0;
            /* v_x of the corners is dt * (velocity / dt): the rows are scaled by 1/dt */
            printf("%-9s %5.1f  %-10s %5d %9.5f %9.5f %9.2e %9.2e  %-9s\n",
                   ct_method_string(s.method), (double)forces[f],
                   info.status == CT_STATUS_CONVERGED ? "converged" : "NOT conv.", info.iterations,
                   (double)fn, (double)fx, (double)(v[0] * dt), (double)info.ncp.absolute, mode_str);
            for (c = 0; c < NC; ++c)
                printf("    corner %d  lambda = (%8.4f %8.4f %8.4f)  v = (%9.2e %9.2e %9.2e)\n", c,
                       (double)lambda[3 * c], (double)lambda[3 * c + 1], (double)lambda[3 * c + 2],
                       (double)v[3 * c], (double)v[3 * c + 1], (double)v[3 * c + 2]);
            /* physics check: normal forces carry the weight; friction balances the push or
               saturates at mu m g */
            if (info.status != CT_STATUS_CONVERGED) ++failures;
            if (fn < m * grav * 0.999 || fn > m * grav * 1.001) ++failures;
            if (forces[f] < mu * m * grav ? (fx + forces[f] > 1e-4 || fx + forces[f] < -1e-4)
                                          : (fx + mu * fn > 1e-4 || fx + mu * fn < -1e-4))
                ++failures;
        }
    }
    printf("G has rank 6 of 12: PGS and ADMM may split the load between corners differently;\n"
           "the sums are unique. v is the corner velocity divided by dt (force scaling).\n");
    printf("modes: o = open, s = stick, l = slide (sLide). %s\n",
           failures ? "PHYSICS CHECK FAILED" : "physics check: ok");
    return failures ? 1 : 0;
}
