/* tests/impl.c - contact.h's implementation, compiled once per test configuration (double,
   float, the sanitizer and -march=native builds; see the Makefile) into build/tests/<config>/
   impl.o and linked into every test program of that configuration. The test programs only
   include contact.h, except the few of the Makefile's TESTS_STANDALONE, which define
   CONTACT_IMPLEMENTATION themselves (former white-box tests, a compile-time allocator hook).
   CONTACT_IO as test_io.c defines it (ct_problem_write/read, also on by default). */
#define CONTACT_IO
#define CONTACT_IMPLEMENTATION
#include "contact.h"
