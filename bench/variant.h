/* variant.h - the method-variant syntax of the bench programs (ct_bench, suite); not part of
   contact.h.

     METHOD[:RULE=VALUE]

   METHOD is a name of ct_method_string (PGS_NCP, ADMM_NCP, ADMM_CCP, ...). The optional suffix
   picks the ADMM penalty rule (ADMM_NCP and ADMM_CCP only; every other field stays at
   ct_default_settings()):

     :linear=TAU     admm.rule = CT_RHO_LINEAR,   admm.linear_factor = TAU (> 1; tau_inc =
                     tau_dec of seed 003 eq. 44), starting from admm.rho0 (default 1)
     :spectral=STEP  admm.rule = CT_RHO_SPECTRAL, admm.rho_power_step = STEP (in [0, 1]; p_inc =
                     p_dec of seed 003 eq. 46), starting from admm.rho_power (default 0.2)
     :fixed=RHO0     admm.rule = CT_RHO_FIXED,    admm.rho0 = RHO0 (> 0)

   e.g. ADMM_NCP:linear=4, ADMM_CCP:spectral=0.08, ADMM_NCP:fixed=1. A plain METHOD leaves the
   settings at their defaults (ADMM: spectral, step 0.05). The result passes
   ct_settings_validate, or the parse fails.

     int bench_variant_parse(const char *spec, ct_settings *s)

   s must hold the base settings (ct_default_settings()); on success (0) s.method and the rule's
   fields are set; on failure (-1) a message goes to stderr and s is unchanged.
   Needs the implementation of contact.h (ct_method_string, ct_settings_validate). */
#ifndef BENCH_VARIANT_H
#define BENCH_VARIANT_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__GNUC__) || defined(__clang__)
#define BENCH_VARIANT_UNUSED __attribute__((unused))
#else
#define BENCH_VARIANT_UNUSED
#endif

static BENCH_VARIANT_UNUSED int bench_variant_parse(const char *spec, ct_settings *s) {
    ct_settings t;
    const char *colon, *eq, *val;
    char *end;
    size_t len;
    int m, found = 0;
    double x;
    if (!spec || !s) return -1;
    t = *s;
    colon = strchr(spec, ':');
    len = colon ? (size_t)(colon - spec) : strlen(spec);
    for (m = 0; m < (int)CT_METHOD_COUNT_; ++m) {
        const char *name = ct_method_string((ct_method)m);
        if (strlen(name) == len && !strncmp(spec, name, len)) {
            t.method = (ct_method)m;
            found = 1;
        }
    }
    if (!found) {
        fprintf(stderr, "variant '%s': unknown method '%.*s'\n", spec, (int)len, spec);
        return -1;
    }
    if (colon) {
        if (t.method != CT_METHOD_ADMM_NCP && t.method != CT_METHOD_ADMM_CCP) {
            fprintf(stderr, "variant '%s': a penalty rule applies to ADMM_NCP and ADMM_CCP only\n",
                    spec);
            return -1;
        }
        eq = strchr(colon + 1, '=');
        if (!eq) {
            fprintf(stderr, "variant '%s': expected :linear=TAU, :spectral=STEP or :fixed=RHO0\n",
                    spec);
            return -1;
        }
        val = eq + 1;
        x = strtod(val, &end);
        if (end == val || *end != 0 || !isfinite(x)) {
            fprintf(stderr, "variant '%s': bad number '%s'\n", spec, val);
            return -1;
        }
        len = (size_t)(eq - colon - 1);
        if (len == 6 && !strncmp(colon + 1, "linear", 6)) {
            t.admm.rule = CT_RHO_LINEAR;
            t.admm.linear_factor = (ct_real)x;
        } else if (len == 8 && !strncmp(colon + 1, "spectral", 8)) {
            t.admm.rule = CT_RHO_SPECTRAL;
            t.admm.rho_power_step = (ct_real)x;
        } else if (len == 5 && !strncmp(colon + 1, "fixed", 5)) {
            t.admm.rule = CT_RHO_FIXED;
            t.admm.rho0 = (ct_real)x;
        } else {
            fprintf(stderr, "variant '%s': unknown rule '%.*s' (linear, spectral or fixed)\n", spec,
                    (int)len, colon + 1);
            return -1;
        }
    }
    if (ct_settings_validate(&t) != CT_OK) {
        fprintf(stderr, "variant '%s': %s\n", spec, ct_result_string(CT_ERROR_INVALID_SETTINGS));
        return -1;
    }
    *s = t;
    return 0;
}

#endif
