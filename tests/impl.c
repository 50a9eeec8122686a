/* tests/impl.c - contact.h's implementation, compiled once per test configuration (double,
   float, the sanitizer and -march=native builds; see the Makefile) into build/tests/<config>/
   impl.o and linked into every test program of that configuration. The test programs only
   include contact.h. CONTACT_IO as test_io.c defines it (ct_problem_write/read, also on by
   default).
   The allocator is the compile-time hook CONTACT_MALLOC / CONTACT_FREE, routed to
   ct_test_malloc / ct_test_free: defined here as weak symbols that call malloc and free, and
   replaced at link time by test_validate.c's counting allocator (its allocator context and its
   CT_ERROR_OUT_OF_MEMORY checks). GCC and Clang (ELF and Mach-O) have weak symbols. */
#include <stddef.h>
#include <stdlib.h>
void *ct_test_malloc(size_t sz, void *ctx);
void ct_test_free(void *p, void *ctx);
#define CONTACT_MALLOC(sz, ctx) ct_test_malloc((sz), (ctx))
#define CONTACT_FREE(p, ctx) ct_test_free((p), (ctx))
#define CONTACT_IO
#define CONTACT_IMPLEMENTATION
#include "contact.h"

__attribute__((weak)) void *ct_test_malloc(size_t sz, void *ctx) {
    (void)ctx;
    return malloc(sz);
}
__attribute__((weak)) void ct_test_free(void *p, void *ctx) {
    (void)ctx;
    free(p);
}
