/* tests/fuzz/fuzz_format.h - the byte format that fuzz_solve.c decodes and make_corpus.c
   writes. Include after contact.h.

   An input is a fixed header of FZ_HDR bytes followed by a stream of values. Reads past the
   end give 0, so every byte string decodes to some problem (short inputs are tiny problems
   with default settings).

   header byte   meaning (b = the byte)
   FZ_METHOD     b < 240: method b % CT_METHOD_COUNT_ (every method of the contact.h built);
                 240..244: -5..-1; 245..255: CT_METHOD_COUNT_ .. CT_METHOD_COUNT_ + 10
   FZ_NB/NU/NC   b % 5, b % 5, b % 8 (n = nb + nu + 3 nc <= 29)
   FZ_SIZES      b >= 248: a bad size (negative, > CT__MAX_N, int overflow), see fz_sizes
   FZ_GMODE      b % 8: 0-2 J M^-1 J^T (PSD, singular when nv < n); 3 PSD - t I
                 (indefinite by t in 1e-16..1 of max diag); 4 PSD + an asymmetric entry;
                 5 raw values (anything); 6 raw values mirrored (symmetric, indefinite);
                 7 PSD with some rows of J copied (locked contacts, singular 3x3 blocks)
   FZ_GSCALE     G scaled by 10^(b % 25 - 12)
   FZ_GVSCALE    g scaled by 10^(b % 25 - 12)
   FZ_MASS       mass ratio 10^(b % 10): body masses 10^(u (b % 10)), u in [0, 1]
   FZ_NV         nv = 1 + b % 24 (degrees of freedom of J)
   FZ_MU         b % 4: 0-1 mu in [0, 2] (0 often), 2 mu = 0, 3 raw values
   FZ_R          b % 4: 0-1 R = NULL, 2 R >= 0 small, 3 raw values
   FZ_LAMBDA     b % 4: 0 zeros, 1 small values, 2 values times 10^12, 3 raw values
   FZ_WS         b % 16: 0-10 exact size, 11 one block too small, 12 NULL memory,
                 13 the size of another method, 14 oversized and misaligned by 1-7 bytes,
                 15 exact but misaligned by 8
   FZ_PTR        b % 32: 0-23 all pointers valid, 24 G NULL, 25 g NULL, 26 mu NULL,
                 27 lambda NULL, 28 v NULL, 29 info NULL, 30 settings NULL, 31 problem NULL;
                 (b / 32) % 4, the storage of G: 0-1 dense, 2 block-sparse (ct_sparse_from_dense,
                 drop_tol 0), 3 a ct_operator backed by the dense G (only when G is finite and
                 in range, the operator's contract; dense otherwise)
   FZ_INJECT     b < 32: one entry of G (position from the next two header bytes) becomes a
                 special value (NaN, inf, 1e300, ...)
   FZ_S0...      settings, one byte per field (0 keeps the default), see fz_settings
   FZ_BAD_FIELD  b < 64: settings field b % FZ_NFIELDS gets the bad value FZ_BAD_VALUE picks

   Values in the stream: fz_raw (specials included) and fz_small (in [-2, 2]). */
#ifndef FUZZ_FORMAT_H
#define FUZZ_FORMAT_H

#include <math.h>
#include <string.h>

#if defined(__GNUC__) || defined(__clang__)
#define FZ_UNUSED __attribute__((unused))
#else
#define FZ_UNUSED
#endif

enum {
    FZ_METHOD, FZ_NB, FZ_NU, FZ_NC, FZ_SIZES, FZ_GMODE, FZ_GSCALE, FZ_GVSCALE, FZ_MASS, FZ_NV,
    FZ_MU, FZ_R, FZ_LAMBDA, FZ_WS, FZ_PTR, FZ_INJECT, FZ_INJECT_I, FZ_INJECT_J, FZ_INJECT_V,
    FZ_BAD_FIELD, FZ_BAD_VALUE,
    FZ_S0, /* settings fields follow, FZ_NFIELDS of them */
    FZ_NFIELDS = 32,
    FZ_HDR = FZ_S0 + FZ_NFIELDS
};

typedef struct fz_reader {
    const unsigned char *d;
    size_t n, at;
} fz_reader;

static FZ_UNUSED unsigned char fz_byte(fz_reader *r) { return r->at < r->n ? r->d[r->at++] : 0; }
static FZ_UNUSED unsigned char fz_hdr(const fz_reader *r, int i) { return (size_t)i < r->n ? r->d[i] : 0; }

/* special values that reach validation and the guards: zeros, signs, extremes, non-finite */
static FZ_UNUSED double fz_special(int k) {
    static const double t[24] = {0.0, -0.0, 1.0, -1.0, 1e-12, -1e-12, 1e12, -1e12, 1e-300, 1e300,
                                 -1e300, 4.9406564584124654e-324, 1.17549435e-38, 3.4e38, 1e-45,
                                 0.5, 2.0, 1e-8, 1e8, 0, 0, 0, 0, 0};
    if (k == 19) return NAN;
    if (k == 20) return -NAN;
    if (k == 21) return INFINITY;
    if (k == 22) return -INFINITY;
    if (k == 23) return 1e200 * 1e200; /* inf, computed */
    return t[k % 24];
}

/* anything: mostly in [-2, 2], sometimes a special value */
static FZ_UNUSED double fz_raw(fz_reader *r) {
    unsigned char tag = fz_byte(r);
    if (tag < 216) {
        unsigned lo = fz_byte(r);
        return ((double)tag * 256.0 + lo) / (216.0 * 256.0) * 4.0 - 2.0;
    }
    return fz_special(tag - 216);
}

/* in [-2, 2] */
static FZ_UNUSED double fz_small(fz_reader *r) { return ((double)fz_byte(r) - 127.5) / 63.75; }

/* in [0, 1] */
static FZ_UNUSED double fz_unit(fz_reader *r) { return (double)fz_byte(r) / 255.0; }

static FZ_UNUSED double fz_pow10(int e) { return pow(10.0, (double)e); }

#endif
