/* test_io.c - ct_problem_write / ct_problem_read (CONTACT_IO): exact round trips in both
   precisions with and without R, and every malformed file gets CT_ERROR_IO or
   CT_ERROR_INVALID_SIZE, never a crash. */
#define CONTACT_IO
#include "contact.h"
#include <string.h>
#include "harness.h"

static FILE *from_text(const char *text) {
    FILE *f = tmpfile();
    if (f) {
        fputs(text, f);
        rewind(f);
    }
    return f;
}

static ct_result read_text(const char *text) {
    ct_problem_data d;
    ct_result r;
    FILE *f = from_text(text);
    if (!f) return CT_ERROR_IO;
    r = ct_problem_read(f, &d);
    fclose(f);
    if (r == CT_OK) ct_problem_data_free(&d);
    return r;
}

static void round_trip(int nb, int nu, int nc, int with_r) {
    int n = nb + nu + 3 * nc, i;
    ct_real *G = (ct_real *)malloc(sizeof(ct_real) * (size_t)(n * n + 1));
    ct_real *g = (ct_real *)malloc(sizeof(ct_real) * (size_t)(n + 1));
    ct_real *mu = (ct_real *)malloc(sizeof(ct_real) * (size_t)(nc + 1));
    ct_real *R = (ct_real *)malloc(sizeof(ct_real) * (size_t)(n + 1));
    ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
    ct_problem_data d;
    FILE *f = tmpfile();
    int same = 1;
    for (i = 0; i < n * n; ++i) G[i] = (ct_real)((i * 7919 % 1000) / 997.0 + 1e-9 * i);
    for (i = 0; i < n; ++i) { /* symmetric, positive diagonal, awkward decimals */
        int j;
        for (j = 0; j < i; ++j) G[i * n + j] = G[j * n + i];
        G[i * n + i] = (ct_real)(n + 1.0 / 3.0);
        g[i] = (ct_real)(-0.1 * i + 1.0 / 7.0);
        R[i] = (ct_real)(1e-7 * i);
    }
    for (i = 0; i < nc; ++i) mu[i] = (ct_real)(0.1 * i + 1.0 / 9.0);
    p.nb = nb; p.nu = nu; p.nc = nc; p.G = G; p.g = g; p.mu = mu; p.R = with_r ? R : NULL;
    CHECK(f != NULL);
    if (!f) return;
    CHECK_EQ_INT(ct_problem_write(&p, f), CT_OK);
    rewind(f);
    CHECK_EQ_INT(ct_problem_read(f, &d), CT_OK);
    fclose(f);
    CHECK_EQ_INT(d.problem.nb, nb);
    CHECK_EQ_INT(d.problem.nu, nu);
    CHECK_EQ_INT(d.problem.nc, nc);
    CHECK(with_r ? d.R != NULL : d.R == NULL);
    for (i = 0; i < n * n; ++i) same &= d.G[i] == G[i];
    for (i = 0; i < n; ++i) same &= d.g[i] == g[i] && (!with_r || d.R[i] == R[i]);
    for (i = 0; i < nc; ++i) same &= d.mu[i] == mu[i];
    CHECKF(same, "round trip not bit-exact (nb %d nu %d nc %d R %d)", nb, nu, nc, with_r);
    CHECK(d.problem.G == d.G && d.problem.R == d.R);
    ct_problem_data_free(&d);
    CHECK(d.G == NULL && d.g == NULL && d.mu == NULL && d.R == NULL);
    free(G); free(g); free(mu); free(R);
}

int main(void) {
    round_trip(0, 0, 1, 0);
    round_trip(2, 1, 3, 1);
    round_trip(1, 0, 0, 0);
    round_trip(0, 0, 0, 0);
    /* malformed files */
    CHECK_EQ_INT(read_text(""), CT_ERROR_IO);
    CHECK_EQ_INT(read_text("contact.h problem 2\nnb 0 nu 0 nc 1 R 0\n"), CT_ERROR_IO);
    CHECK_EQ_INT(read_text("not a problem\n"), CT_ERROR_IO);
    CHECK_EQ_INT(read_text("contact.h problem 1\nnb 0 nu 0 nc -1 R 0\n"), CT_ERROR_INVALID_SIZE);
    CHECK_EQ_INT(read_text("contact.h problem 1\nnb 0 nu 0 nc 99999 R 0\n"), CT_ERROR_INVALID_SIZE);
    CHECK_EQ_INT(read_text("contact.h problem 1\nnb 0 nu 0 nc 1 R 2\n"), CT_ERROR_IO);
    CHECK_EQ_INT(read_text("contact.h problem 1\nnb 1 nu 0 nc 0 R 0\nG\n1\ng\n"), CT_ERROR_IO); /* truncated */
    CHECK_EQ_INT(read_text("contact.h problem 1\nnb 1 nu 0 nc 0 R 0\nG\n1\ng\n2\nmu\nend\n"), CT_OK);
    CHECK_EQ_INT(read_text("contact.h problem 1\nnb 1 nu 0 nc 0 R 0\nG\n1\ng\nx\nmu\nend\n"), CT_ERROR_IO);
    CHECK_EQ_INT(read_text("contact.h problem 1\nnb 1 nu 0 nc 0 R 0\nG\n1\nmu\n2\ng\nend\n"), CT_ERROR_IO); /* order */
    CHECK_EQ_INT(read_text("contact.h problem 1\nnb 1 nu 0 nc 0 R 0\nG\n1\ng\n2\nmu\n"), CT_ERROR_IO); /* no end */
    /* hostile files: no allocation the input cannot fill, no non-finite or overlong token */
    CHECK_EQ_INT(read_text("contact.h problem 1\nnb 0 nu 0 nc 15446 R 0\nG\n1\n"), CT_ERROR_IO); /* 17 GB */
    CHECK_EQ_INT(read_text("contact.h problem 1\nnb 1 nu 0 nc 0 R 0\nG\nnan\ng\n2\nmu\nend\n"), CT_ERROR_IO);
    CHECK_EQ_INT(read_text("contact.h problem 1\nnb 1 nu 0 nc 0 R 0\nG\ninf\ng\n2\nmu\nend\n"), CT_ERROR_IO);
    CHECK_EQ_INT(read_text("contact.h problem 1\nnb 1 nu 0 nc 0 R 0\nG\n1e999\ng\n2\nmu\nend\n"), CT_ERROR_IO);
    CHECK_EQ_INT(read_text("contact.h problem 1\nnb 1 nu 0 nc 0 R 0\nG\n1e39\ng\n2\nmu\nend\n"),
                 sizeof(ct_real) == 4 ? CT_ERROR_IO : CT_OK); /* beyond float's range */
    CHECK_EQ_INT(read_text("contact.h problem 1\nnb 1 nu 0 nc 0 R 0\nG\n1x\ng\n2\nmu\nend\n"), CT_ERROR_IO);
    CHECK_EQ_INT(read_text("contact.h problem 1\nnb 99999999999 nu 0 nc 0 R 0\n"), CT_ERROR_IO);
    {
        char text[400];
        int i;
        strcpy(text, "contact.h problem 1\nnb 1 nu 0 nc 0 R 0\nG\n");
        for (i = 0; i < 100; ++i) strcat(text, "1"); /* a 100-digit token */
        strcat(text, "\ng\n2\nmu\nend\n");
        CHECK_EQ_INT(read_text(text), CT_ERROR_IO);
    }
    { /* the caller's bound, for a stream that cannot tell its size */
        const char *ok = "contact.h problem 1\nnb 1 nu 0 nc 0 R 0\nG\n1\ng\n2\nmu\nend\n";
        ct_problem_data d;
        FILE *f = from_text(ok);
        CHECK_EQ_INT(ct_problem_read_max(f, 20, &d), CT_ERROR_IO);
        CHECK(d.G == NULL && d.g == NULL);
        fclose(f);
        f = from_text(ok);
        CHECK_EQ_INT(ct_problem_read_max(f, strlen(ok), &d), CT_OK);
        ct_problem_data_free(&d);
        fclose(f);
    }
    /* writing checks its problem */
    {
        ct_real G[1] = {1}, g[1] = {0};
        ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
        FILE *f = tmpfile();
        p.nb = 1; p.nu = 0; p.nc = 0; p.G = G; p.g = g; p.mu = NULL; p.R = NULL;
        CHECK_EQ_INT(ct_problem_write(NULL, f), CT_ERROR_INVALID_ARGUMENT);
        CHECK_EQ_INT(ct_problem_write(&p, NULL), CT_ERROR_INVALID_ARGUMENT);
        p.nb = -1;
        CHECK_EQ_INT(ct_problem_write(&p, f), CT_ERROR_INVALID_SIZE);
        if (f) fclose(f);
    }
    return th_summary();
}
