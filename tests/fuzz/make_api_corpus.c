/* tests/fuzz/make_api_corpus.c - the seed corpus of fuzz_api: for every entry point of
   fuzz_api.c (its first byte) inputs of several lengths whose bytes decode mostly to finite,
   moderate values, plus one well-formed problem file for ct_problem_read.
       cc -I. tests/fuzz/make_api_corpus.c -o make_api_corpus && ./make_api_corpus DIR
   Deterministic: the same files every run. */
#include <stdio.h>
#include <string.h>

#define FZ_API_NOPS 22 /* the entry points of fuzz_api.c (FZ_NOPS there) */

static unsigned long long mc_state = 0x2545F4914F6CDD1Dull;
static unsigned mc_next(void) { /* xorshift64* */
    mc_state ^= mc_state >> 12;
    mc_state ^= mc_state << 25;
    mc_state ^= mc_state >> 27;
    return (unsigned)((mc_state * 0x2545F4914F6CDD1Dull) >> 40);
}

static int mc_write(const char *dir, int op, int k, const unsigned char *b, size_t len) {
    char path[512];
    FILE *f;
    snprintf(path, sizeof(path), "%s/api_%02d_%d", dir, op, k);
    f = fopen(path, "wb");
    if (!f) {
        perror(path);
        return 1;
    }
    fwrite(b, 1, len, f);
    return fclose(f) != 0;
}

int main(int argc, char **argv) {
    static const size_t lens[6] = {8, 24, 64, 160, 400, 1200};
    unsigned char b[1300];
    int op, k, err = 0, count = 0;
    if (argc != 2) {
        fprintf(stderr, "usage: make_api_corpus DIR\n");
        return 2;
    }
    for (op = 0; op < FZ_API_NOPS; ++op)
        for (k = 0; k < 6; ++k) {
            size_t i;
            b[0] = (unsigned char)op;
            /* bytes below 216 keep fz_raw's values finite; the mode bytes vary freely */
            for (i = 1; i < lens[k]; ++i) b[i] = (unsigned char)(k % 2 ? mc_next() % 216 : mc_next() % 256);
            err |= mc_write(argv[1], op, k, b, lens[k]);
            ++count;
        }
    { /* a problem file, byte 1 = 0: read the rest as it is */
        const char *text = "contact.h problem 1\nnb 1 nu 0 nc 1 R 1\nG\n2 0 0 1\n0 1 0 0\n0 0 1 0\n1 0 0 3\n"
                           "g\n0 -1 0.5 -2\nmu\n0.5\nR\n0 0 0 1e-3\nend\n";
        b[0] = 16;
        b[1] = 0;
        memcpy(b + 2, text, strlen(text));
        err |= mc_write(argv[1], 16, 9, b, 2 + strlen(text));
        ++count;
    }
    printf("make_api_corpus: %d seeds in %s\n", count, argv[1]);
    return err;
}
