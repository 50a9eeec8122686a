/* scale.c - settings.scale (block-Jacobi equilibration) on and off, every rigid method, on the
   mass-ratio and ill-conditioned families of bench/families.h, as CSV.

     scale [-s SEED] [-k COUNT] [-t TOL] [-x MAX_ITER] [-m METHOD[,METHOD...]]

   Problems: stack:heavy_top, stack:light_top, stack:alternating (mass ratios 10^U(2,6)) at 2,
   5 and 15 boxes (60 boxes take minutes per method: bench/rigid.sh covers them); illcond:stack and illcond:wall (cond(G + R) = 1e8 + 1) at 3 and 10;
   robot:gen, robot:max, robot:limits (link mass ratios 10^U(2,4)) at 4, 12 and 40 contacts;
   COUNT instances each (default 2), instance k with seed fam_instance_seed(SEED, k) (SEED
   default 1). Each problem is solved cold by each method (default: every rigid method) with
   ct_default_settings(), stop = CT_STOP_RELATIVE, tol_rel = TOL (1e-8), max_iter = MAX_ITER
   (2000), once with scale = 0 and once with scale = 1; the two runs of a method are
   interleaved, and each is timed as the fastest of 3 solves. One CSV row per run on stdout:

     family,size,seed,k,n,nc,mass_ratio,method,scale,status,iterations,rel,ms

   status = ct_status_string (ct_result_string for an error); rel = info.model.relative, the
   method's own relative error on the given problem (both runs
   are scored alike: the stop tests and ct_info of a scaled run are on the unscaled problem).

   Build: cc -O2 -I. -Ibench bench/scale.c -lm (double only); `make bench-scale` builds, runs
   and writes bench/results/scale_<machine>_<date>.csv through bench/scale_report.py. */
#define _POSIX_C_SOURCE 200112L
#define CONTACT_IMPLEMENTATION
#include "contact.h"
#define FAMILIES_IMPLEMENTATION
#include "families.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef CONTACT_USE_FLOAT
#error "scale is a double-precision benchmark"
#endif

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

static const struct {
    const char *family;
    int sizes[4];
} SETS[] = {
    {"stack:heavy_top", {2, 5, 15, 0}},  {"stack:light_top", {2, 5, 15, 0}},
    {"stack:alternating", {2, 5, 15, 0}}, {"illcond:stack", {3, 10, 0, 0}},
    {"illcond:wall", {3, 10, 0, 0}},      {"robot:gen", {4, 12, 40, 0}},
    {"robot:max", {4, 12, 40, 0}},        {"robot:limits", {4, 12, 40, 0}},
};

static const ct_method RIGID[] = {CT_METHOD_PGS_NCP,  CT_METHOD_PGS_CCP,   CT_METHOD_PGS_LCP,  CT_METHOD_NBGS,
                                  CT_METHOD_RAISIM,   CT_METHOD_RAISIM_DS, CT_METHOD_ADMM_NCP, CT_METHOD_ADMM_CCP,
                                  CT_METHOD_STAGGERED, CT_METHOD_NEWTON_NCP, CT_METHOD_PROX_NCP,
                                  CT_METHOD_HYBRID_NCP};

int main(int argc, char **argv) {
    unsigned long long seed = 1;
    int count = 2, max_iter = 2000, nm = 0, i, j, k, m, sc;
    double tol = 1e-8;
    ct_method methods[32];
    for (i = 1; i < argc; ++i) {
        if (!strcmp(argv[i], "-s") && i + 1 < argc) seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "-k") && i + 1 < argc) count = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-t") && i + 1 < argc) tol = atof(argv[++i]);
        else if (!strcmp(argv[i], "-x") && i + 1 < argc) max_iter = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-m") && i + 1 < argc) {
            char *list = argv[++i], *tok;
            for (tok = strtok(list, ","); tok && nm < 32; tok = strtok(NULL, ",")) {
                for (m = 0; m < (int)CT_METHOD_COUNT_; ++m)
                    if (!strcmp(tok, ct_method_string((ct_method)m))) methods[nm++] = (ct_method)m;
            }
        } else {
            fprintf(stderr, "usage: %s [-s SEED] [-k COUNT] [-t TOL] [-x MAX_ITER] [-m METHOD,...]\n", argv[0]);
            return 2;
        }
    }
    if (nm == 0)
        for (m = 0; m < (int)(sizeof(RIGID) / sizeof(RIGID[0])); ++m) methods[nm++] = RIGID[m];
    printf("family,size,seed,k,n,nc,mass_ratio,method,scale,status,iterations,rel,ms\n");
    for (i = 0; i < (int)(sizeof(SETS) / sizeof(SETS[0])); ++i)
        for (j = 0; j < 4 && SETS[i].sizes[j] > 0; ++j)
            for (k = 0; k < count; ++k) {
                fam_problem fp;
                unsigned long long s_k = fam_instance_seed(seed, k);
                ct_real *lambda, *v;
                int rc = fam_generate(SETS[i].family, SETS[i].sizes[j], s_k, &fp);
                if (rc != FAM_OK) {
                    fprintf(stderr, "scale: %s %d: %s\n", SETS[i].family, SETS[i].sizes[j], fam_error_string(rc));
                    continue;
                }
                lambda = (ct_real *)calloc((size_t)fp.n + 1, sizeof(ct_real));
                v = (ct_real *)calloc((size_t)fp.n + 1, sizeof(ct_real));
                for (m = 0; m < nm; ++m)
                    for (sc = 0; sc < 2; ++sc) {
                        ct_settings s = ct_default_settings();
                        ct_workspace ws;
                        ct_info info;
                        ct_result r, ra;
                        double best = 1e300;
                        int rep;
                        s.method = methods[m];
                        s.stop = CT_STOP_RELATIVE;
                        s.tol_rel = (ct_real)tol;
                        s.max_iter = max_iter;
                        s.warm_start = 0;
                        s.scale = sc;
                        memset(&info, 0, sizeof(info));
                        r = ra = ct_workspace_alloc_problem(&ws, &fp.problem, &s, NULL);
                        for (rep = 0; rep < 3 && r == CT_OK; ++rep) {
                            double t0 = now_ms(), t;
                            r = ct_solve(&fp.problem, &s, &ws, lambda, v, &info);
                            t = now_ms() - t0;
                            if (t < best) best = t;
                            if (t > 200) break; /* a slow run: once is enough */
                        }
                        if (ra == CT_OK) ct_workspace_free(&ws);
                        printf("%s,%d,%llu,%d,%d,%d,%.3g,%s,%d,%s,%d,%.3e,%.4f\n", fp.family, fp.size,
                               (unsigned long long)seed, k, fp.n, fp.problem.nc, fp.mass_ratio,
                               ct_method_string(s.method), sc, r == CT_OK ? ct_status_string(info.status) : ct_result_string(r), info.iterations,
                               (double)info.model.relative, r == CT_OK ? best : -1.0);
                        fflush(stdout);
                    }
                free(lambda);
                free(v);
                fam_free(&fp);
            }
    return 0;
}
