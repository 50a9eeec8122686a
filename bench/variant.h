/* variant.h - the method-variant syntax of the bench programs (ct_bench, suite); not part of
   contact.h.

     METHOD[:RULE=VALUE]     (ADMM_NCP, ADMM_CCP)
     NEWTON_SOFT[:MODEL]

   METHOD is a name of ct_method_string (PGS_NCP, ADMM_NCP, ADMM_CCP, ...). The optional suffix
   picks the ADMM penalty rule (ADMM_NCP and ADMM_CCP only; every other field stays at
   ct_default_settings()):

     :linear=TAU     admm.rule = CT_RHO_LINEAR,   admm.linear_factor = TAU (> 1; tau_inc =
                     tau_dec of [Carpentier24] eq. 44), starting from admm.rho0 (default 1)
     :spectral=STEP  admm.rule = CT_RHO_SPECTRAL, admm.rho_power_step = STEP (in [0, 1]; p_inc =
                     p_dec of [Carpentier24] eq. 46), starting from admm.rho_power (default 0.2)
     :fixed=RHO0     admm.rule = CT_RHO_FIXED,    admm.rho0 = RHO0 (> 0)
     :adapt=0|1      admm.update_adapt (the rule stays spectral, step 0.05): 0 applies it
                     every admm.update_every iterations exactly

   e.g. ADMM_NCP:linear=4, ADMM_CCP:spectral=0.08, ADMM_NCP:fixed=1. A plain METHOD leaves the
   settings at their defaults (ADMM: spectral, step 0.05). The result passes
   ct_settings_validate, or the parse fails.

   NEWTON_SOFT takes instead an optional soft contact model (the settings stay at their
   defaults; the program builds the model's per-contact data, ct_soft, itself):

     NEWTON_SOFT:ccp_mujoco  CT_SOFT_CCP with MuJoCo's R (ct_compliance_mujoco); also what a
                             plain NEWTON_SOFT means (p->soft = NULL: CT_SOFT_CCP with p->R)
     NEWTON_SOFT:sap         CT_SOFT_SAP
     NEWTON_SOFT:lagged      CT_SOFT_LAGGED
     NEWTON_SOFT:similar     CT_SOFT_SIMILAR

     int bench_variant_parse(const char *spec, ct_settings *s)
     int bench_variant_parse_soft(const char *spec, ct_settings *s, int *soft)

   s must hold the base settings (ct_default_settings()); on success (0) s.method and the rule's
   fields are set; on failure (-1) a message goes to stderr and s is unchanged.
   bench_variant_parse_soft also sets *soft to the ct_soft_model of a NEWTON_SOFT variant
   (CT_SOFT_CCP for a plain NEWTON_SOFT) and to -1 for every other method.
   bench_variant_parse is it with soft = NULL, for programs that build no soft data (ct_bench):
   there a model suffix is refused (a plain NEWTON_SOFT is accepted; it needs p->R).
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

/* the model names of NEWTON_SOFT:MODEL, indexed by ct_soft_model */
static const char *const bench_soft_names[] = {"ccp_mujoco", "sap", "lagged", "similar"};

static BENCH_VARIANT_UNUSED int bench_variant_parse_soft(const char *spec, ct_settings *s,
                                                         int *soft) {
    ct_settings t;
    int model = -1;
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
    if (t.method == CT_METHOD_NEWTON_SOFT) {
        model = CT_SOFT_CCP;
        if (colon) {
            int k;
            if (!soft) {
                fprintf(stderr, "variant '%s': this program builds no soft model data\n", spec);
                return -1;
            }
            model = -1;
            for (k = 0; k < (int)(sizeof(bench_soft_names) / sizeof(bench_soft_names[0])); ++k)
                if (!strcmp(colon + 1, bench_soft_names[k])) model = k;
            if (model < 0) {
                fprintf(stderr,
                        "variant '%s': unknown soft model '%s' (ccp_mujoco, sap, lagged, similar)\n",
                        spec, colon + 1);
                return -1;
            }
        }
    } else if (colon) {
        if (t.method != CT_METHOD_ADMM_NCP && t.method != CT_METHOD_ADMM_CCP) {
            fprintf(stderr, "variant '%s': a penalty rule applies to ADMM_NCP and ADMM_CCP only\n",
                    spec);
            return -1;
        }
        eq = strchr(colon + 1, '=');
        if (!eq) {
            fprintf(stderr, "variant '%s': expected :linear=TAU, :spectral=STEP, :fixed=RHO0 or :adapt=0|1\n",
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
        } else if (len == 5 && !strncmp(colon + 1, "adapt", 5)) {
            if (x != 0 && x != 1) {
                fprintf(stderr, "variant '%s': adapt is 0 or 1\n", spec);
                return -1;
            }
            t.admm.update_adapt = x != 0;
        } else {
            fprintf(stderr, "variant '%s': unknown rule '%.*s' (linear, spectral, fixed or adapt)\n",
                    spec, (int)len, colon + 1);
            return -1;
        }
    }
    if (ct_settings_validate(&t) != CT_OK) {
        fprintf(stderr, "variant '%s': %s\n", spec, ct_result_string(CT_ERROR_INVALID_SETTINGS));
        return -1;
    }
    *s = t;
    if (soft) *soft = model;
    return 0;
}

static BENCH_VARIANT_UNUSED int bench_variant_parse(const char *spec, ct_settings *s) {
    return bench_variant_parse_soft(spec, s, NULL);
}

#endif
