/* tests/python/c_driver.c - the C side of test_bitwise.py: solves a problem file the way a C
   user would and prints every number in hexadecimal (%a), so the Python package's answers can
   be compared bit for bit. Built with the C tests' implementation file tests/impl.c and the
   Makefile's CFLAGS (-DCONTACT_USE_FLOAT for float), as the C tests are.

       c_driver solve  PROBLEM METHOD MAX_ITER STOP TOL [sparse]
       c_driver solver PROBLEM METHOD MAX_ITER STOP TOL G2 WARM_RHO

   PROBLEM is contact.h's problem format (ct_problem_read); METHOD a name of ct_method_string;
   STOP "absolute", "relative" (TOL goes to tol_abs or tol_rel) or "none" (a fixed budget of
   MAX_ITER iterations; TOL to tol_abs, unused). solve: ct_solve from
   lambda = 0, on the dense G or, with "sparse", on ct_sparse_from_dense(G, drop_tol 0); then
   ct_jvp in the direction dg = (1, 2, ..., n) for the NCP, CCP and SOFT flavors. solver: the
   solver object: setup, solve, ct_solver_update_vectors with the g of problem file G2, solve
   again from lambda = 0 (WARM_RHO: settings.admm.warm_rho). NEWTON_SOFT runs the regularized
   CCP of the file's R. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "contact.h"

static void print_vec(const char *tag, const ct_real *x, int n) {
    int i;
    printf("%s", tag);
    for (i = 0; i < n; ++i) printf(" %a", (double)x[i]);
    printf("\n");
}

static void print_info(const ct_info *info, const ct_history *h) {
    int i;
    printf("status %d\niterations %d\nfactorizations %d\n", (int)info->status, info->iterations,
           info->factorizations);
    printf("ncp %a %a %a %a %a\n", (double)info->ncp.absolute, (double)info->ncp.relative,
           (double)info->model.absolute, (double)info->model.relative, (double)info->rho);
    printf("history %d", h->count);
    for (i = 0; i < h->count; ++i) printf(" %a", (double)h->entries[i].criterion);
    printf("\n");
}

static int read_problem(const char *path, ct_problem_data *d) {
    FILE *f = fopen(path, "r");
    ct_result r;
    if (!f) {
        fprintf(stderr, "cannot open %s\n", path);
        return 0;
    }
    r = ct_problem_read(f, d);
    fclose(f);
    if (r != CT_OK) fprintf(stderr, "%s: %s\n", path, ct_result_string(r));
    return r == CT_OK;
}

static int settings_from(ct_settings *s, const char *method, const char *max_iter, const char *stop,
                         const char *tol) {
    int m;
    *s = ct_default_settings();
    for (m = 0; m < (int)CT_METHOD_COUNT_; ++m)
        if (strcmp(ct_method_string((ct_method)m), method) == 0) break;
    if (m == (int)CT_METHOD_COUNT_) {
        fprintf(stderr, "unknown method %s\n", method);
        return 0;
    }
    s->method = (ct_method)m;
    s->max_iter = atoi(max_iter);
    s->stop = strcmp(stop, "relative") == 0 ? CT_STOP_RELATIVE
              : strcmp(stop, "none") == 0   ? CT_STOP_NONE
                                            : CT_STOP_ABSOLUTE;
    if (s->stop == CT_STOP_RELATIVE) s->tol_rel = (ct_real)strtod(tol, NULL);
    else s->tol_abs = (ct_real)strtod(tol, NULL);
    return 1;
}

int main(int argc, char **argv) {
    ct_problem_data d, d2;
    ct_problem p;
    ct_settings s;
    ct_info info;
    ct_history h;
    ct_history_entry *entries;
    ct_real *lambda, *v;
    ct_sparse sp;
    int *row_ptr = NULL, *col = NULL;
    ct_real *val = NULL;
    ct_result r;
    int n, i;
    if (argc < 7 || (strcmp(argv[1], "solve") != 0 && strcmp(argv[1], "solver") != 0) ||
        (strcmp(argv[1], "solver") == 0 && argc < 9)) {
        fprintf(stderr, "usage: c_driver solve|solver PROBLEM METHOD MAX_ITER STOP TOL [...]\n");
        return 2;
    }
    if (!read_problem(argv[2], &d) || !settings_from(&s, argv[3], argv[4], argv[5], argv[6])) return 2;
    p = d.problem;
    n = p.nb + p.nu + 3 * p.nc;
    lambda = (ct_real *)calloc((size_t)n + 1, sizeof(ct_real));
    v = (ct_real *)calloc((size_t)n + 1, sizeof(ct_real));
    h.capacity = 100000; /* every iteration of every method at these sizes */
    h.count = 0;
    entries = (ct_history_entry *)calloc((size_t)h.capacity, sizeof(ct_history_entry));
    h.entries = entries;
    s.history = &h;
    if (strcmp(argv[1], "solve") == 0) {
        ct_workspace ws;
        if (argc > 7 && strcmp(argv[7], "sparse") == 0) {
            int nnzb = 0, ng = p.nb + p.nu + p.nc;
            ct_sparse_count(p.nb, p.nu, p.nc, p.G, 0, &nnzb);
            row_ptr = (int *)calloc((size_t)ng + 1, sizeof(int));
            col = (int *)calloc((size_t)nnzb + 1, sizeof(int));
            val = (ct_real *)calloc(9 * (size_t)nnzb + 1, sizeof(ct_real));
            ct_sparse_from_dense(p.nb, p.nu, p.nc, p.G, 0, row_ptr, col, val);
            sp.row_ptr = row_ptr;
            sp.col = col;
            sp.val = val;
            p.Gs = &sp;
            p.G = NULL;
        }
        r = ct_workspace_alloc_problem(&ws, &p, &s, NULL);
        if (r == CT_OK) r = ct_solve(&p, &s, &ws, lambda, v, &info);
        ct_workspace_free(&ws);
        printf("result %d\n", (int)r);
        if (r != CT_OK) return 0;
        print_vec("lam", lambda, n);
        print_vec("v", v, n);
        print_info(&info, &h);
        if (info.flavor == CT_FLAVOR_NCP || info.flavor == CT_FLAVOR_CCP || info.flavor == CT_FLAVOR_SOFT) {
            ct_real *dg = (ct_real *)calloc((size_t)n + 1, sizeof(ct_real));
            ct_real *dl = (ct_real *)calloc((size_t)n + 1, sizeof(ct_real));
            ct_real *dv = (ct_real *)calloc((size_t)n + 1, sizeof(ct_real));
            size_t bytes = 0;
            void *mem;
            int unique = 1;
            for (i = 0; i < n; ++i) dg[i] = (ct_real)(i + 1);
            ct_derivatives_size(p.nb, p.nu, p.nc, &bytes);
            mem = malloc(bytes);
            s.history = NULL;
            r = ct_workspace_init(&ws, mem, bytes);
            if (r == CT_OK) r = ct_jvp(&p, &s, &ws, lambda, v, dg, NULL, NULL, NULL, dl, dv, &unique);
            printf("jvp %d %d\n", (int)r, unique);
            if (r == CT_OK) {
                print_vec("dlam", dl, n);
                print_vec("dv", dv, n);
            }
            free(mem);
            free(dg);
            free(dl);
            free(dv);
        }
    } else {
        ct_solver sv;
        if (!read_problem(argv[7], &d2)) return 2;
        s.admm.warm_rho = atoi(argv[8]);
        r = ct_solver_alloc(&sv, &p, &s, NULL);
        if (r == CT_OK) r = ct_solver_setup(&sv, &p, &s, NULL);
        if (r == CT_OK) r = ct_solver_solve(&sv, lambda, v, &info);
        printf("result %d\n", (int)r);
        if (r == CT_OK) {
            print_vec("lam", lambda, n);
            print_vec("v", v, n);
            print_info(&info, &h);
            r = ct_solver_update_vectors(&sv, d2.g, NULL);
            for (i = 0; i < n; ++i) lambda[i] = 0;
            if (r == CT_OK) r = ct_solver_solve(&sv, lambda, v, &info);
            printf("result2 %d\n", (int)r);
            if (r == CT_OK) {
                print_vec("lam2", lambda, n);
                print_vec("v2", v, n);
                printf("reused %d\n", info.reused);
                print_info(&info, &h);
            }
        }
        ct_solver_free(&sv);
        ct_problem_data_free(&d2);
    }
    free(lambda);
    free(v);
    free(entries);
    free(row_ptr);
    free(col);
    free(val);
    ct_problem_data_free(&d);
    return 0;
}
