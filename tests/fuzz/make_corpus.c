/* tests/fuzz/make_corpus.c - the seed corpus of fuzz_solve: generated valid problems (every
   method, sizes from one contact to 7 contacts with joints and limits, J M^-1 J^T with mass
   ratios up to 1e9, scales 1e-12..1e12, rows locked by a joint, compliance, warm starts) and a
   few seeds for each invalid-input path, written as byte files in fuzz_format.h's format.
       cc -I. tests/fuzz/make_corpus.c -o make_corpus -lm && ./make_corpus DIR
   Deterministic: the same files every run. */
#include <stdio.h>
#include <stdlib.h>

#include "fuzz_format.h"

static unsigned long long mc_state = 0x9E3779B97F4A7C15ull;
static unsigned mc_next(void) { /* xorshift64* */
    mc_state ^= mc_state >> 12;
    mc_state ^= mc_state << 25;
    mc_state ^= mc_state >> 27;
    return (unsigned)((mc_state * 0x2545F4914F6CDD1Dull) >> 40);
}

static int mc_count = 0;

/* header h (FZ_HDR bytes) then len random stream bytes whose value tags stay below the
   special range (so the stream decodes to finite values) */
static int mc_write(const char *dir, const char *tag, const unsigned char *h, int len) {
    char path[512];
    FILE *f;
    int i;
    snprintf(path, sizeof(path), "%s/seed_%03d_%s", dir, mc_count++, tag);
    f = fopen(path, "wb");
    if (!f) {
        perror(path);
        return 1;
    }
    fwrite(h, 1, FZ_HDR, f);
    for (i = 0; i < len; ++i) fputc((int)(mc_next() % 216), f);
    return fclose(f) != 0;
}

int main(int argc, char **argv) {
    static const int sizes[6][3] = {{0, 0, 1}, {0, 0, 4}, {1, 1, 2}, {4, 4, 7}, {2, 0, 3}, {0, 2, 5}};
    unsigned char h[FZ_HDR];
    int m, k, err = 0;
    if (argc != 2) {
        fprintf(stderr, "usage: %s DIR\n", argv[0]);
        return 2;
    }
    for (m = 0; m < 12; ++m) /* the harness takes the method byte modulo the method count */
        for (k = 0; k < 6; ++k) {
            memset(h, 0, sizeof(h));
            h[FZ_METHOD] = (unsigned char)m;
            h[FZ_NB] = (unsigned char)sizes[k][0];
            h[FZ_NU] = (unsigned char)sizes[k][1];
            h[FZ_NC] = (unsigned char)sizes[k][2];
            h[FZ_GMODE] = (unsigned char)(k == 3 ? 7 : k % 3);    /* J M^-1 J^T; k = 3 locked rows */
            h[FZ_GSCALE] = (unsigned char)(12 + (k - 2) * 4);      /* 1e-8 .. 1e12 */
            h[FZ_GVSCALE] = (unsigned char)(12 + (2 - k) * 3);
            h[FZ_MASS] = (unsigned char)(k == 1 ? 9 : k);         /* mass ratio up to 1e9 */
            h[FZ_NV] = (unsigned char)(k * 5 + m);                /* often fewer dofs than rows */
            h[FZ_MU] = (unsigned char)(k % 3);
            h[FZ_R] = (unsigned char)(k == 4 ? 2 : 0);
            h[FZ_LAMBDA] = (unsigned char)(k % 2);
            h[FZ_PTR] = 0;
            h[FZ_INJECT] = 255;
            h[FZ_BAD_FIELD] = 255;
            h[FZ_S0 + 0] = (unsigned char)(k == 3 ? 200 : 60);     /* max_iter */
            h[FZ_S0 + 5] = (unsigned char)(k % 3);                 /* check_every */
            h[FZ_S0 + 11] = (unsigned char)(1 + k % 3);            /* rho rule */
            h[FZ_S0 + 30] = (unsigned char)(10 + k);               /* inner_iters */
            h[FZ_S0 + 31] = (unsigned char)(k % 2);                /* staggered lcp */
            h[FZ_S0 + 9] = (unsigned char)(k % 2);                 /* PGS_CCP De Saxce */
            err |= mc_write(argv[1], "valid", h, 4000);
        }
    /* one seed per invalid-input path, on a 2-contact problem with a joint */
    for (k = 0; k < 16; ++k) {
        memset(h, 0, sizeof(h));
        h[FZ_METHOD] = (unsigned char)(k % 10);
        h[FZ_NB] = 1;
        h[FZ_NC] = 2;
        h[FZ_INJECT] = 255;
        h[FZ_BAD_FIELD] = 255;
        switch (k) {
            case 0: h[FZ_GMODE] = 5; break;                          /* raw G */
            case 1: h[FZ_GMODE] = 6; break;                          /* raw symmetric G */
            case 2: h[FZ_GMODE] = 3; break;                          /* indefinite */
            case 3: h[FZ_GMODE] = 4; break;                          /* asymmetric */
            case 4: h[FZ_INJECT] = 0; h[FZ_INJECT_V] = 19; break;    /* NaN in G */
            case 5: h[FZ_MU] = 3; break;                             /* raw mu */
            case 6: h[FZ_R] = 3; break;                              /* raw R */
            case 7: h[FZ_LAMBDA] = 3; break;                         /* raw warm start */
            case 8: h[FZ_WS] = 11; break;                            /* short workspace */
            case 9: h[FZ_WS] = 14; break;                            /* misaligned */
            case 10: h[FZ_PTR] = 24; break;                          /* G NULL */
            case 11: h[FZ_SIZES] = 248; break;                       /* negative size */
            case 12: h[FZ_SIZES] = 255; break;                       /* overflowing sizes */
            case 13: h[FZ_BAD_FIELD] = 2; h[FZ_BAD_VALUE] = 19; break; /* tol_abs NaN */
            case 14: h[FZ_METHOD] = 250; break;                      /* method out of range */
            default: h[FZ_S0 + 0] = 201; break;                      /* max_iter = 0 */
        }
        err |= mc_write(argv[1], "edge", h, 2000);
    }
    printf("%d seeds in %s\n", mc_count, argv[1]);
    return err;
}
