/* The header included three times in one file: once as a plain header, then twice with
   CONTACT_IMPLEMENTATION defined; the second implementation include must be a no-op
   (CONTACT_IMPLEMENTATION_ONCE). */
#include "contact.h"
#define CONTACT_IMPLEMENTATION
#include "contact.h"
#include "contact.h"
#include "tiny.h"

int main(void) { return tiny_solve(CT_METHOD_PGS_NCP) | tiny_solve(CT_METHOD_ADMM_NCP); }
