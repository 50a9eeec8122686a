/* tests/world_consumer/user_main.c - a user's program on the engine layer: it includes only
   world.h (which includes contact.h without its implementation) and links world.c and the
   user's own implementation file. A stack of 3 cubes with the game preset, then with a fixed
   sweep count; prints one line and returns 0 when both hold. */
#include <math.h>
#include <stdio.h>

#include "world.h"

extern long user_allocations;

static double stack(int game) {
    world w;
    double drift = 0;
    int i, k;
    if (world_init(&w, 3, 0, 64) != CT_OK) return 1e30;
    w.dt = 1.0 / 60;
    if (game) world_use_game_preset(&w);
    else {
        w.settings.method = CT_METHOD_PGS_NCP;
        world_fixed_sweeps(&w.settings, 30);
    }
    for (i = 0; i < 3; ++i) {
        double x[3];
        x[0] = 0; x[1] = 0; x[2] = 0.5 + i;
        world_add_box(&w, 0.5, 0.5, 0.5, 1, x);
    }
    for (k = 0; k < 60; ++k)
        if (world_step(&w) != CT_OK) drift = 1e30;
    for (i = 0; i < 3; ++i) {
        double d = fabs(w.body[i].x[2] - (0.5 + i)) + fabs(w.body[i].x[0]) + fabs(w.body[i].x[1]);
        if (d > drift) drift = d;
    }
    world_free(&w);
    return drift;
}

int main(void) {
    const double a = stack(1), b = stack(0);
    ct_settings s = ct_default_settings();
    size_t bytes;
    int only, ok;
    s.method = CT_METHOD_STAGGERED; /* compiled out by the user's CONTACT_ONLY_* build */
    only = ct_workspace_size(0, 0, 1, &s, &bytes) == CT_ERROR_COMPILED_OUT;
    /* the world allocates its buffers itself (world_init) and never through contact.h */
    ok = a < 1e-4 && b < 1e-2 && user_allocations == 0;
#ifdef USER_ONLY
    ok = ok && only;
#else
    ok = ok && !only;
#endif
    printf("game preset %.1e m, 30 sweeps %.1e m, %ld contact.h allocations, STAGGERED %s: %s\n", a,
           b, user_allocations, only ? "compiled out" : "present", ok ? "ok" : "WRONG");
    return ok ? 0 : 1;
}
