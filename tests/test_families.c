/* test_families.c - bench/families.h, the generator of problem families the benchmarks share.

   For every family and variant at sizes 1, 2 and 5 (small on purpose: the whole program runs
   in a fraction of a second): the problem validates (ct_problem_validate with the default
   sym_tol), n = nb + nu + 3 nc, nc is what the size promises, G is exactly symmetric and equals
   J M^-1 J^T recomputed by ct_delassus_from_mj from the problem's own M and J, g = J v_free +
   bias, the same seed gives bitwise the same arrays twice and another seed other arrays.
   Then: the registry and its errors, "name" = "name:<drawn variant>", the sweep table, the
   instance seeds, illcond's eps against bounds of lambda_max(G), one box and two stacked
   boxes at rest (the normal impulses carry the weights times dt: sign conventions and
   units), and in double the robot in
   generalized coordinates against the same robot in maximal coordinates with its joint rows
   eliminated (G_gen = G_cc - G_cb G_bb^-1 G_bc, the same for g: checks the chain Jacobians,
   the joint rows and the mass matrix together). Tolerances against ct_delassus_from_mj:
   1e-11 max G_ii in double (measured up to 7e-16), 2e-5 in float (measured up to 3.2e-7: the
   float Cholesky of M). */
#include "contact.h"
#include "harness.h"
#define FAMILIES_IMPLEMENTATION
#include "bench/families.h"

#include <time.h>

#ifdef CONTACT_USE_FLOAT
#define TOL_MJ 2e-5
#else
#define TOL_MJ 1e-11
#endif

static int same_bits(const void *a, const void *b, size_t bytes) {
    if (!a || !b) return a == b;
    return memcmp(a, b, bytes) == 0;
}

/* 1 when every array and scalar of a and b are bitwise equal */
static int same_problem(const fam_problem *a, const fam_problem *b) {
    size_t n, nv;
    if (a->n != b->n || a->nv != b->nv || a->problem.nb != b->problem.nb || a->problem.nu != b->problem.nu ||
        a->problem.nc != b->problem.nc || a->nbodies != b->nbodies || a->has_bias != b->has_bias ||
        (a->R == NULL) != (b->R == NULL))
        return 0;
    n = (size_t)a->n;
    nv = (size_t)a->nv;
    return same_bits(a->G, b->G, sizeof(ct_real) * n * n) && same_bits(a->g, b->g, sizeof(ct_real) * n) &&
           same_bits(a->mu, b->mu, sizeof(ct_real) * (size_t)a->problem.nc) &&
           same_bits(a->R, b->R, a->R ? sizeof(ct_real) * n : 0) && same_bits(a->M, b->M, sizeof(ct_real) * nv * nv) &&
           same_bits(a->J, b->J, sizeof(ct_real) * n * nv) && same_bits(a->v_free, b->v_free, sizeof(ct_real) * nv) &&
           same_bits(a->bias, b->bias, sizeof(ct_real) * n) && a->mass_ratio == b->mass_ratio && a->eps == b->eps &&
           !strcmp(a->desc, b->desc) && !strcmp(a->family, b->family);
}

/* the checks every generated problem must pass */
static void check_problem(const fam_problem *fp, const char *name, int f, int size) {
    int n = fp->n, nv = fp->nv, nc = fp->problem.nc, i, j, sym = 1, mu_ok = 1, R_ok = 1;
    double dmax = 0, gmax = 0, eG = 0, eg = 0;
    ct_real *G2, *g2, *scr;
    ct_settings s = ct_default_settings();
    CHECKF(ct_problem_validate(&fp->problem, s.sym_tol) == CT_OK, "%s size %d: %s", name, size,
           ct_result_string(ct_problem_validate(&fp->problem, s.sym_tol)));
    CHECK_EQ_INT(n, fp->problem.nb + fp->problem.nu + 3 * nc);
    CHECK(fp->problem.G == fp->G && fp->problem.g == fp->g && fp->problem.mu == fp->mu && fp->problem.R == fp->R);
    CHECK(fp->problem.soft == NULL && fp->problem.Gs == NULL && fp->problem.Gop == NULL);
    CHECK(nv > 0 && fp->nbodies > 0 && fp->dt == FAM_DT && fp->mass_ratio >= 1);
    /* what the size counts */
    switch (f) {
        case 0: CHECKF(nc == size, "%s size %d: nc %d", name, size, nc); break;
        case 1: CHECKF(nc == 4 * size, "%s size %d: nc %d", name, size, nc); break;
        case 2: case 3: CHECKF(nc == 2 * size, "%s size %d: nc %d", name, size, nc); break;
        case 4: CHECKF(nc >= 4 * size, "%s size %d: nc %d", name, size, nc); break;
        case 5: {
            int base = strstr(fp->family, "stack") ? 4 : 0;
            CHECKF(nc - base >= 2 * size && nc - base <= 3 * size, "%s size %d: nc %d", name, size, nc);
            break;
        }
        default: CHECK(nc > 0); break;
    }
    if (f == 0) CHECK(fp->generalized == !strcmp(fp->family, "robot:gen"));
    if (!strcmp(fp->family, "robot:gen")) CHECK(fp->problem.nb == 0 && fp->problem.nu == 0);
    if (!strcmp(fp->family, "robot:max")) CHECK(fp->problem.nb > 0 && fp->problem.nu == 0);
    if (!strcmp(fp->family, "robot:limits")) CHECK(fp->problem.nb > 0 && fp->problem.nu > 0);
    for (i = 0; i < n; ++i)
        for (j = 0; j < i; ++j) sym &= fp->G[i * n + j] == fp->G[j * n + i];
    CHECKF(sym, "%s size %d: G not exactly symmetric", name, size);
    for (i = 0; i < nc; ++i) mu_ok &= fp->mu[i] >= 0 && fp->mu[i] <= 1;
    CHECK(mu_ok);
    if (fp->R)
        for (i = 0; i < n; ++i) R_ok &= fp->R[i] > 0;
    CHECK(R_ok);
    CHECK(f == 6 ? fp->R != NULL && fp->eps > 0 : fp->eps == 0);
    /* G = J M^-1 J^T and g = J v_free + bias, recomputed with the header's Cholesky */
    G2 = (ct_real *)malloc(sizeof(ct_real) * ((size_t)n * n + 1));
    g2 = (ct_real *)malloc(sizeof(ct_real) * ((size_t)n + 1));
    scr = (ct_real *)malloc(sizeof(ct_real) * (ct_delassus_scratch_size(nv, n) + 1));
    CHECK(G2 && g2 && scr);
    if (G2 && g2 && scr) {
        CHECK_EQ_INT(ct_delassus_from_mj(nv, n, fp->M, fp->J, fp->v_free, G2, g2, scr), CT_OK);
        for (i = 0; i < n; ++i) {
            if (fabs((double)fp->G[i * n + i]) > dmax) dmax = fabs((double)fp->G[i * n + i]);
            if (fabs((double)fp->g[i]) > gmax) gmax = fabs((double)fp->g[i]);
            if (fabs((double)fp->bias[i]) > gmax) gmax = fabs((double)fp->bias[i]);
        }
        for (i = 0; i < n * n; ++i)
            if (fabs((double)fp->G[i] - (double)G2[i]) > eG) eG = fabs((double)fp->G[i] - (double)G2[i]);
        for (i = 0; i < n; ++i) {
            double d = fabs((double)fp->g[i] - (double)g2[i] - (double)fp->bias[i]);
            if (d > eg) eg = d;
        }
        CHECKF(eG <= TOL_MJ * dmax, "%s size %d: |G - J M^-1 J^T| %.3g > %.3g", name, size, eG, TOL_MJ * dmax);
        CHECKF(eg <= TOL_MJ * gmax, "%s size %d: |g - J v_free - bias| %.3g > %.3g", name, size, eg, TOL_MJ * gmax);
    }
    free(G2);
    free(g2);
    free(scr);
    if (!fp->has_bias)
        for (i = 0; i < n; ++i) CHECK(fp->bias[i] == 0);
}

static void test_each_family(void) {
    static const int sizes[3] = {1, 2, 5};
    int f, v, k, t = 0;
    for (f = 0; f < fam_count(); ++f)
        for (v = 0; v < fam_variant_count(f); ++v)
            for (k = 0; k < 3; ++k, ++t) {
                char name[64];
                const char *vn = fam_variant_name(f, v);
                unsigned long long seed = 1000 + (unsigned long long)t;
                fam_problem a, b, c;
                snprintf(name, sizeof(name), vn[0] ? "%s:%s" : "%s", fam_name(f), vn);
                if (!CHECKF(fam_generate(name, sizes[k], seed, &a) == FAM_OK, "%s size %d", name, sizes[k])) continue;
                CHECKF(!strcmp(a.family, name), "%s vs %s", a.family, name);
                CHECK(a.size == sizes[k] && a.seed == seed);
                check_problem(&a, name, f, sizes[k]);
                /* the same seed: the same bits; another seed: another problem */
                CHECK_EQ_INT(fam_generate(name, sizes[k], seed, &b), FAM_OK);
                CHECKF(same_problem(&a, &b), "%s size %d: not deterministic", name, sizes[k]);
                CHECK_EQ_INT(fam_generate(name, sizes[k], seed + 1, &c), FAM_OK);
                CHECKF(!same_problem(&a, &c) && (a.n != c.n || a.nv != c.nv || memcmp(a.g, c.g, sizeof(ct_real) * (size_t)a.n) ||
                                                 memcmp(a.G, c.G, sizeof(ct_real) * (size_t)a.n * (size_t)a.n)),
                       "%s size %d: seeds %llu and %llu agree", name, sizes[k], seed, seed + 1);
                fam_free(&a);
                fam_free(&b);
                fam_free(&c);
            }
}

static void test_registry(void) {
    fam_problem fp;
    const fam_sweep_entry *e;
    int f, v, i, cnt, lo, hi;
    CHECK_EQ_INT(fam_count(), 7);
    CHECK(fam_name(-1) == NULL && fam_name(fam_count()) == NULL && fam_variant_name(0, 99) == NULL);
    CHECK(!strcmp(fam_name(0), "robot") && !strcmp(fam_name(6), "illcond"));
    for (f = 0; f < fam_count(); ++f) {
        fam_size_range(f, &lo, &hi);
        CHECK(lo == 1 && hi >= 100 && fam_size_meaning(f) != NULL && fam_variant_count(f) >= 1);
        /* a seed draws the variant: "name" is "name:<drawn>" */
        CHECK_EQ_INT(fam_generate(fam_name(f), 2, 42, &fp), FAM_OK);
        {
            fam_problem q;
            char full[64];
            snprintf(full, sizeof(full), "%s", fp.family);
            CHECK_EQ_INT(fam_generate(full, 2, 42, &q), FAM_OK);
            CHECKF(same_problem(&fp, &q), "%s = %s", fam_name(f), full);
            fam_free(&q);
        }
        fam_free(&fp);
    }
    CHECK_EQ_INT(fam_generate("nope", 2, 1, &fp), FAM_ERROR_FAMILY);
    CHECK(fp.G == NULL && fp.n == 0);
    fam_free(&fp);
    CHECK_EQ_INT(fam_generate("stack:nope", 2, 1, &fp), FAM_ERROR_FAMILY);
    CHECK_EQ_INT(fam_generate("stac", 2, 1, &fp), FAM_ERROR_FAMILY);
    CHECK_EQ_INT(fam_generate("stack", 0, 1, &fp), FAM_ERROR_SIZE);
    fam_size_range(1, &lo, &hi);
    CHECK_EQ_INT(fam_generate("stack", hi + 1, 1, &fp), FAM_ERROR_SIZE);
    CHECK_EQ_INT(fam_generate(NULL, 2, 1, &fp), FAM_ERROR_FAMILY);
    CHECK(!strcmp(fam_error_string(FAM_ERROR_SIZE), "size outside the family's range"));
    fam_free(NULL);
    /* instance seeds */
    CHECK(fam_instance_seed(5, 0) == 5 && fam_instance_seed(5, 1) != 5 && fam_instance_seed(5, 1) != fam_instance_seed(5, 2) &&
          fam_instance_seed(5, 1) != fam_instance_seed(6, 1));
    /* the sweep names known families and variants, sizes in range, every family present */
    cnt = fam_sweep(&e);
    CHECK(cnt >= fam_count() && e != NULL);
    {
        int seen[7] = {0, 0, 0, 0, 0, 0, 0}, all = 1;
        for (i = 0; i < cnt; ++i) {
            int ok = 0;
            for (f = 0; f < fam_count() && !ok; ++f)
                for (v = 0; v < fam_variant_count(f) && !ok; ++v) {
                    char full[64];
                    const char *vn = fam_variant_name(f, v);
                    snprintf(full, sizeof(full), vn[0] ? "%s:%s" : "%s", fam_name(f), vn);
                    if (!strcmp(full, e[i].family)) {
                        fam_size_range(f, &lo, &hi);
                        ok = e[i].size >= lo && e[i].size <= hi && e[i].count >= 1;
                        seen[f] = 1;
                    }
                }
            CHECKF(ok, "sweep entry %d: %s %d", i, e[i].family, e[i].size);
        }
        for (f = 0; f < 7; ++f) all &= seen[f];
        CHECK(all);
    }
}

/* illcond: R = eps on every row with max G_ii <= lambda_max = 1e8 eps <= trace(G) */
static void test_illcond(void) {
    int v, i;
    for (v = 0; v < 4; ++v) {
        char name[64];
        fam_problem fp;
        double dmax = 0, tr = 0;
        int same = 1;
        snprintf(name, sizeof(name), "illcond:%s", fam_variant_name(6, v));
        if (!CHECK(fam_generate(name, 3, 9 + (unsigned long long)v, &fp) == FAM_OK)) continue;
        for (i = 0; i < fp.n; ++i) {
            double d = (double)fp.G[i * fp.n + i];
            tr += d;
            if (d > dmax) dmax = d;
            same &= fp.R[i] == (ct_real)fp.eps;
        }
        CHECK(same);
        CHECKF(1e8 * fp.eps >= dmax * (1 - 1e-9) && 1e8 * fp.eps <= tr * (1 + 1e-9), "%s: eps %g, max G_ii %g, tr %g", name,
               fp.eps, dmax, tr);
        fam_free(&fp);
    }
}

/* boxes at rest (1 box on the ground, or 2 stacked), no push, no bias, solved by ADMM_NCP: the
   normal impulses under box i carry the weight of the boxes on it times dt, the horizontal
   impulse on each box (J^T lambda) is 0, every velocity is 0 (checks the normals' direction,
   the sign of the second body of a contact, gravity and the units) */
static void test_at_rest(const char *family, int boxes) {
    unsigned long long seed;
    int found = 0, i, b;
    for (seed = 1; seed < 400 && !found; ++seed) {
        fam_problem fp;
        ct_settings s = ct_default_settings();
        ct_workspace ws;
        ct_info info;
        ct_real lambda[24], v[24];
        double vmax = 0, m[2], above = 0;
        if (fam_generate(family, boxes, seed, &fp) != FAM_OK) break;
        if (fp.has_bias || !strstr(fp.desc, "at rest")) {
            fam_free(&fp);
            continue;
        }
        memset(lambda, 0, sizeof(lambda));
        s.method = CT_METHOD_ADMM_NCP;
        s.max_iter = 20000;
        CHECK_EQ_INT(ct_workspace_alloc(&ws, 0, 0, fp.problem.nc, &s, NULL), CT_OK);
        CHECK_EQ_INT(ct_solve(&fp.problem, &s, &ws, lambda, v, &info), CT_OK);
        ct_workspace_free(&ws);
        if (info.status != CT_STATUS_CONVERGED) { /* mass ratios up to 1e6: not every one */
            fam_free(&fp);
            continue;
        }
        found = 1;
        for (b = 0; b < boxes; ++b) m[b] = (double)fp.M[(size_t)(6 * b) * fp.nv + 6 * b];
        for (b = boxes - 1; b >= 0; --b) { /* contacts 4 b .. 4 b + 3 hold box b and those above */
            double sum_n = 0, f[2] = {0, 0}, weight;
            int k;
            above += m[b];
            weight = above * 9.81 * fp.dt;
            for (i = 4 * b; i < 4 * b + 4; ++i) sum_n += (double)lambda[3 * i + 2];
            /* the horizontal impulse on box b, (J^T lambda) at its linear dofs: the contacts'
               tangents are at random angles about their normals, and a statically indeterminate
               box may hold friction that balances out among its contacts */
            for (k = 0; k < 2; ++k)
                for (i = 0; i < fp.n; ++i) f[k] += (double)fp.J[(size_t)i * fp.nv + 6 * b + k] * (double)lambda[i];
            CHECKF(fabs(sum_n - weight) <= 1e3 * TOL_SOLVE * weight, "%s seed %llu box %d: sum lambda_n %.9g vs %.9g",
                   family, seed, b, sum_n, weight);
            CHECKF(fabs(f[0]) + fabs(f[1]) <= 1e3 * TOL_SOLVE * m[b] * 9.81 * fp.dt,
                   "%s seed %llu box %d: horizontal impulse %.3g %.3g", family, seed, b, f[0], f[1]);
        }
        for (i = 0; i < fp.n; ++i)
            if (fabs((double)v[i]) > vmax) vmax = fabs((double)v[i]);
        CHECKF(vmax <= 1e3 * TOL_SOLVE * 9.81 * fp.dt, "%s seed %llu: |v| %.3g", family, seed, vmax);
        fam_free(&fp);
    }
    CHECKF(found, "%s %d: no converged instance at rest", family, boxes);
}

#ifndef CONTACT_USE_FLOAT
/* in-place Cholesky and solve of a small SPD matrix (double) */
static int chol(double *a, int n) {
    int i, j, k;
    for (i = 0; i < n; ++i)
        for (j = 0; j <= i; ++j) {
            double s = a[i * n + j];
            for (k = 0; k < j; ++k) s -= a[i * n + k] * a[j * n + k];
            if (i == j) {
                if (!(s > 0)) return 0;
                a[i * n + i] = sqrt(s);
            } else {
                a[i * n + j] = s / a[j * n + j];
            }
        }
    return 1;
}
static void chol_solve(const double *l, int n, double *x) {
    int i, k;
    for (i = 0; i < n; ++i) {
        for (k = 0; k < i; ++k) x[i] -= l[i * n + k] * x[k];
        x[i] /= l[i * n + i];
    }
    for (i = n - 1; i >= 0; --i) {
        for (k = i + 1; k < n; ++k) x[i] -= l[k * n + i] * x[k];
        x[i] /= l[i * n + i];
    }
}

/* robot:gen against robot:max of the same seed, the joint rows eliminated */
static void test_robot_coordinates(void) {
    unsigned long long seed;
    int tested = 0;
    for (seed = 1; seed < 100 && tested < 3; ++seed) {
        fam_problem gp, mp;
        int nb, nc3, n, i, j, k;
        double *Lbb, *X, eG = 0, eg = 0, dmax = 0, gmax = 0;
        if (fam_generate("robot:gen", 6, seed, &gp) != FAM_OK) break;
        if (fam_generate("robot:max", 6, seed, &mp) != FAM_OK) {
            fam_free(&gp);
            break;
        }
        if (gp.has_bias || mp.has_bias) { /* the Baumgarte errors are drawn per DOF: they differ */
            fam_free(&gp);
            fam_free(&mp);
            continue;
        }
        ++tested;
        nb = mp.problem.nb;
        n = mp.n;
        nc3 = 3 * gp.problem.nc;
        CHECK_EQ_INT(gp.problem.nc, mp.problem.nc);
        CHECK_EQ_INT(n, nb + nc3);
        /* contacts: the same frames, so G_gen = G_cc - G_cb G_bb^-1 G_bc */
        Lbb = (double *)malloc(sizeof(double) * (size_t)nb * nb);
        X = (double *)malloc(sizeof(double) * (size_t)nb * (nc3 + 1));
        for (i = 0; i < nb; ++i)
            for (j = 0; j < nb; ++j) Lbb[i * nb + j] = mp.G[i * n + j];
        CHECK(chol(Lbb, nb));
        for (j = 0; j <= nc3; ++j) { /* column j: G_bc e_j (j < nc3) or g_b */
            double *x = X + (size_t)j * nb;
            for (i = 0; i < nb; ++i) x[i] = j < nc3 ? mp.G[i * n + nb + j] : mp.g[i];
            chol_solve(Lbb, nb, x);
        }
        for (i = 0; i < nc3; ++i) {
            double s;
            for (j = 0; j < nc3; ++j) {
                s = mp.G[(nb + i) * n + nb + j];
                for (k = 0; k < nb; ++k) s -= mp.G[(nb + i) * n + k] * X[(size_t)j * nb + k];
                if (fabs(s - gp.G[i * nc3 + j]) > eG) eG = fabs(s - gp.G[i * nc3 + j]);
            }
            s = mp.g[nb + i];
            for (k = 0; k < nb; ++k) s -= mp.G[(nb + i) * n + k] * X[(size_t)nc3 * nb + k];
            if (fabs(s - gp.g[i]) > eg) eg = fabs(s - gp.g[i]);
            if (gp.G[i * nc3 + i] > dmax) dmax = gp.G[i * nc3 + i];
            if (fabs(gp.g[i]) > gmax) gmax = fabs(gp.g[i]);
        }
        CHECKF(eG <= 1e-7 * dmax, "seed %llu: generalized vs maximal G: %.3g (max G_ii %.3g)", seed, eG, dmax);
        CHECKF(eg <= 1e-7 * gmax, "seed %llu: generalized vs maximal g: %.3g (max |g| %.3g)", seed, eg, gmax);
        free(Lbb);
        free(X);
        fam_free(&gp);
        fam_free(&mp);
    }
    CHECK_EQ_INT(tested, 3);
}
#endif

int main(void) {
    clock_t t0 = clock();
    double secs;
    test_registry();
    test_each_family();
    test_illcond();
    test_at_rest("stack:heavy_top", 1);
    test_at_rest("stack:heavy_top", 2);
    test_at_rest("stack:light_top", 2);
#ifndef CONTACT_USE_FLOAT
    test_robot_coordinates();
#endif
    secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    /* "well under a second" (10x for the sanitizer builds) */
#if defined(__SANITIZE_ADDRESS__)
    CHECKF(secs < 10.0, "%.2f s", secs);
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
    CHECKF(secs < 10.0, "%.2f s", secs);
#else
    CHECKF(secs < 1.0, "%.2f s", secs);
#endif
#else
    CHECKF(secs < 1.0, "%.2f s", secs);
#endif
    return th_summary();
}
