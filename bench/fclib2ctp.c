/* fclib2ctp.c - converts an FCLib local problem (.hdf5) to contact.h's text format (.ctp).

     fclib2ctp <in.hdf5> <out.ctp>

   The problem is permuted to contact.h's order (normal last) and symmetrized as in the
   benchmarks (bench_problem.h); the asymmetry removed is printed on stderr.
   Build: cc -O2 -DBENCH_WITH_FCLIB -I. -Ibench bench/fclib2ctp.c -lfclib -lm */
#define CONTACT_IO
#define CONTACT_IMPLEMENTATION
#include "contact.h"
#include "bench_problem.h"

int main(int argc, char **argv) {
    bench_problem bp;
    ct_problem p = ct_problem_dense(0, 0, 0, NULL, NULL, NULL);
    FILE *f;
    ct_result r;
    if (argc != 3) {
        fprintf(stderr, "usage: %s in.hdf5 out.ctp\n", argv[0]);
        return 2;
    }
    if (bench_load(argv[1], &bp) != 0) {
        fprintf(stderr, "%s: cannot read\n", argv[1]);
        return 1;
    }
    p = bench_ct(&bp);
    f = fopen(argv[2], "w");
    if (!f) return 1;
    r = ct_problem_write(&p, f);
    fclose(f);
    fprintf(stderr, "%s: %d contacts, asymmetry removed %.3g, %s\n", bp.name, bp.nc, bp.asym,
            ct_result_string(r));
    bench_free(&bp);
    return r == CT_OK ? 0 : 1;
}
