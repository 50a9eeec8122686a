/* CONTACT_NO_MALLOC: the implementation must not reference malloc/free/calloc/realloc
   (checked with nm -u by compile_tests.sh); the workspace is caller memory. */
#define CONTACT_NO_MALLOC
#define CONTACT_IMPLEMENTATION
#include "contact.h"
#include "tiny.h"

int main(void) { return tiny_solve(CT_METHOD_PGS_NCP) | tiny_solve(CT_METHOD_ADMM_NCP); }
