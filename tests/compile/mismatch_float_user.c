/* Built with CONTACT_USE_FLOAT and linked against the DOUBLE implementation of tu_impl.c:
   the link must fail (ct_solve resolves to a float-suffixed symbol nobody defines). */
#define CONTACT_USE_FLOAT
#include "contact.h"
#include "tiny.h"

int main(void) { return tiny_solve(CT_METHOD_PGS_NCP); }
