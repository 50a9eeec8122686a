/* gen_families.c - the problem families of bench/families.h as contact.h problem files (.ctp).

     gen_families --list
     gen_families -f FAMILY[,FAMILY...] -n SIZE[,SIZE...] [-s SEED] [-k COUNT] -o DIR
     gen_families --sweep [-s SEED] -o DIR

   --list prints the families, their variants, size ranges and what a size counts, then the
   standard sweep (family, size, instances). -f/-n writes COUNT instances (default 1) of every
   (family, size) pair; --sweep writes the standard sweep (fam_sweep) with each entry's own
   instance count. A FAMILY is "name" or "name:variant" (without a variant one is drawn from the
   seed). Instance k has the seed fam_instance_seed(SEED, k) (k = 0: SEED itself; SEED
   default 1). Files: DIR/<family>_<size>_<SEED>_<k>.ctp with ':' written as '-' (e.g.
   robot-gen_12_1_0.ctp), in ct_problem_write's format (G, g, mu and R; ct_bench reads them),
   plus DIR/index.csv, one line per file: file,family,size,seed,k,nv,nbodies,nb,nu,nc,
   has_bias,mass_ratio,eps,description. M, J and v_free are not in the .ctp format: programs
   that need them call fam_generate with the same (family, size, seed) instead.

   Build: cc -O2 -I. -Ibench bench/gen_families.c -lm (make build/bench/gen_families). */
#define _POSIX_C_SOURCE 200112L
#define CONTACT_IO
#define CONTACT_IMPLEMENTATION
#include "contact.h"
#define FAMILIES_IMPLEMENTATION
#include "families.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static FILE *index_file = NULL;

static int write_one(const char *dir, const char *family, int size, unsigned long long seed, int k) {
    fam_problem fp;
    char name[96], path[1200], *c;
    FILE *f;
    ct_result r;
    int rc = fam_generate(family, size, fam_instance_seed(seed, k), &fp);
    if (rc != FAM_OK) {
        fprintf(stderr, "gen_families: %s size %d: %s\n", family, size, fam_error_string(rc));
        return -1;
    }
    snprintf(name, sizeof(name), "%s_%d_%llu_%d.ctp", family, size, seed, k);
    for (c = name; *c; ++c)
        if (*c == ':') *c = '-';
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "gen_families: cannot write %s\n", path);
        fam_free(&fp);
        return -1;
    }
    r = ct_problem_write(&fp.problem, f);
    if (fclose(f) != 0 && r == CT_OK) r = CT_ERROR_IO;
    if (r != CT_OK) fprintf(stderr, "gen_families: %s: %s\n", path, ct_result_string(r));
    else if (index_file) {
        for (c = fp.desc; *c; ++c)
            if (*c == '"') *c = '\'';
        fprintf(index_file, "%s,%s,%d,%llu,%d,%d,%d,%d,%d,%d,%d,%.3g,%.3g,\"%s\"\n", name, fp.family, size, seed, k,
                fp.nv, fp.nbodies, fp.problem.nb, fp.problem.nu, fp.problem.nc, fp.has_bias, fp.mass_ratio, fp.eps,
                fp.desc);
    }
    fam_free(&fp);
    return r == CT_OK ? 0 : -1;
}

static void list(void) {
    const fam_sweep_entry *e;
    int f, v, lo, hi, i, cnt = fam_sweep(&e);
    printf("family      variants                          sizes     size counts\n");
    for (f = 0; f < fam_count(); ++f) {
        char vars[128] = "";
        for (v = 0; v < fam_variant_count(f); ++v) {
            size_t used = strlen(vars);
            snprintf(vars + used, sizeof(vars) - used, "%s%s", v ? "," : "", fam_variant_name(f, v));
        }
        fam_size_range(f, &lo, &hi);
        printf("%-11s %-33s %3d..%-4d %s\n", fam_name(f), vars[0] ? vars : "-", lo, hi, fam_size_meaning(f));
    }
    printf("\nstandard sweep (family size instances):\n");
    for (i = 0; i < cnt; ++i) printf("  %-20s %4d %d\n", e[i].family, e[i].size, e[i].count);
}

int main(int argc, char **argv) {
    const char *fams = NULL, *sizes = NULL, *dir = NULL;
    unsigned long long seed = 1;
    int count = 1, sweep = 0, i, k, fails = 0;
    char path[1100];
    for (i = 1; i < argc; ++i) {
        if (!strcmp(argv[i], "--list")) {
            list();
            return 0;
        } else if (!strcmp(argv[i], "--sweep")) sweep = 1;
        else if (!strcmp(argv[i], "-f") && i + 1 < argc) fams = argv[++i];
        else if (!strcmp(argv[i], "-n") && i + 1 < argc) sizes = argv[++i];
        else if (!strcmp(argv[i], "-s") && i + 1 < argc) seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "-k") && i + 1 < argc) count = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-o") && i + 1 < argc) dir = argv[++i];
        else break;
    }
    if (i < argc || !dir || (!sweep && (!fams || !sizes)) || count < 1) {
        fprintf(stderr,
                "usage: %s --list\n"
                "       %s -f FAMILY[,FAMILY] -n SIZE[,SIZE] [-s SEED] [-k COUNT] -o DIR\n"
                "       %s --sweep [-s SEED] -o DIR\n",
                argv[0], argv[0], argv[0]);
        return 2;
    }
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "gen_families: cannot create %s\n", dir);
        return 1;
    }
    snprintf(path, sizeof(path), "%s/index.csv", dir);
    index_file = fopen(path, "w");
    if (index_file)
        fprintf(index_file, "file,family,size,seed,k,nv,nbodies,nb,nu,nc,has_bias,mass_ratio,eps,description\n");
    if (sweep) {
        const fam_sweep_entry *e;
        int cnt = fam_sweep(&e);
        for (i = 0; i < cnt; ++i)
            for (k = 0; k < e[i].count; ++k) fails += write_one(dir, e[i].family, e[i].size, seed, k) != 0;
    } else {
        char fbuf[512], nbuf[512], *f, *fs, *n, *ns;
        snprintf(fbuf, sizeof(fbuf), "%s", fams);
        for (f = strtok_r(fbuf, ",", &fs); f; f = strtok_r(NULL, ",", &fs)) {
            snprintf(nbuf, sizeof(nbuf), "%s", sizes);
            for (n = strtok_r(nbuf, ",", &ns); n; n = strtok_r(NULL, ",", &ns))
                for (k = 0; k < count; ++k) fails += write_one(dir, f, atoi(n), seed, k) != 0;
        }
    }
    if (index_file) fclose(index_file);
    return fails ? 1 : 0;
}
