/* tests/embedded/embedded.c - contact.h as firmware would build it: float, no malloc
   (CONTACT_NO_MALLOC), no stdio (no CONTACT_IO), no libc headers at all (every hook routed to a
   compiler builtin), so it compiles with -ffreestanding for a bare-metal target that has no C
   library. tests/cross_compile.sh builds it for a Debian cross compiler and for the host.

   embedded_solve() solves one contact (G = I, g = (1, 0, -1), mu = 0.5: it slides; lambda_n = 1
   in the NCP, LCP and Preclik models, 1.2 in the CCP model) for every method on a static
   workspace and returns the number of methods that did not converge to that. With -DEMBEDDED_MAIN (host only) main() runs it. */
#define CONTACT_USE_FLOAT
#define CONTACT_NO_MALLOC
#define CONTACT_ASSERT(x) ((void)0)
#define CONTACT_MEMSET(p, c, n) __builtin_memset((p), (c), (n))
#define CONTACT_MEMCPY(d, s, n) __builtin_memcpy((d), (s), (n))
#define CONTACT_SQRT(x) __builtin_sqrtf(x)
#define CONTACT_FABS(x) __builtin_fabsf(x)
#define CONTACT_POW(x, y) __builtin_powf((x), (y))
#define CONTACT_ATAN2(y, x) __builtin_atan2f((y), (x))
#define CONTACT_SIN(x) __builtin_sinf(x)
#define CONTACT_COS(x) __builtin_cosf(x)
#define CONTACT_LOG(x) __builtin_logf(x)
#define CONTACT_IMPLEMENTATION
#include "contact.h"

/* room for the largest workspace of the one-contact problem, 64-byte alignment included */
static unsigned char embedded_mem[4096];

int embedded_solve(void);
int embedded_solve(void) {
    static const ct_real G[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    static const ct_real g[3] = {1, 0, -1};
    static const ct_real mu[1] = {0.5f};
    ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
    int m, failed = 0;
    __builtin_memset(&p, 0, sizeof(p)); /* fields this file does not know stay zero */
    p.nb = 0;
    p.nu = 0;
    p.nc = 1;
    p.G = G;
    p.g = g;
    p.mu = mu;
    p.R = 0;
    for (m = 0; m <= (int)CT_METHOD_ADMM_CCP; ++m) {
        ct_settings s = ct_default_settings();
        ct_workspace ws;
        ct_info info;
        ct_real lambda[3] = {0, 0, 0}, v[3];
        size_t bytes = 0;
        s.method = (ct_method)m;
        if (ct_workspace_size(0, 0, 1, &s, &bytes) != CT_OK || bytes > sizeof(embedded_mem) ||
            ct_workspace_init(&ws, embedded_mem, sizeof(embedded_mem)) != CT_OK ||
            ct_solve(&p, &s, &ws, lambda, v, &info) != CT_OK ||
            info.status != CT_STATUS_CONVERGED || !(lambda[2] > 0.99f && lambda[2] < 1.21f))
            ++failed;
    }
    return failed;
}

#ifdef EMBEDDED_MAIN
int main(void) { return embedded_solve(); }
#endif
