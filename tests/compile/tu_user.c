/* Two translation units, one implementation: this file only includes the header and calls
   the functions tu_impl.c emitted (through ct_workspace_alloc, i.e. malloc). */
#include <stdio.h>
#include <string.h>
#include "contact.h"
#include "tiny.h"

int impl_side(void);

int main(void) {
    ct_settings s = ct_default_settings();
    ct_workspace ws;
    ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
    ct_real lambda[3] = {0, 0, 0}, v[3], x[3] = {3, 4, 1}, px[3];
    ct_info info;
    int rc = 0;
    if (strcmp(ct_version(), CONTACT_VERSION_STRING) != 0) rc |= 1;
    if (impl_side() != 0) rc |= 2;
    if (tiny_solve(CT_METHOD_PGS_NCP) != 0) rc |= 4;
    s.method = CT_METHOD_PGS_NCP;
    if (ct_workspace_alloc(&ws, 0, 0, 1, &s, NULL) != CT_OK) return rc | 8;
    tiny_problem(&p);
    if (ct_solve(&p, &s, &ws, lambda, v, &info) != CT_OK || info.status != CT_STATUS_CONVERGED)
        rc |= 16;
    ct_workspace_free(&ws);
    ct_project_cone(1, x, px); /* (3, 4, 1) projects onto the mu = 1 cone */
    if (!(px[2] > 0) || tiny_abs(px[0] * px[0] + px[1] * px[1] - px[2] * px[2]) > (ct_real)1e-3)
        rc |= 32;
    if (rc) printf("tu_user: failure mask %d (%s)\n", rc, ct_status_string(info.status));
    return rc;
}
