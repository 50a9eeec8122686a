/* tests/world_consumer/user_impl.c - a user's own contact.h implementation file, with the
   user's own configuration: a counting allocator, and (-DUSER_ONLY) only the two methods the
   project uses. examples/world/world.c is compiled beside it unchanged. */
#include <stdlib.h>

long user_allocations = 0; /* contact.h's allocations (the world's workspace comes from it) */
static void *user_malloc(size_t size) {
    ++user_allocations;
    return malloc(size);
}
#define CONTACT_MALLOC(size, ctx) ((void)(ctx), user_malloc(size))
#define CONTACT_FREE(ptr, ctx) ((void)(ctx), free(ptr))
#ifdef USER_ONLY
#define CONTACT_ONLY_ADMM_NCP
#define CONTACT_ONLY_PGS_NCP
#define CONTACT_WITH_COMPLIANCE /* world.c calls the compliance helpers (soft models) */
#endif
#define CONTACT_IMPLEMENTATION
#include "contact.h"
