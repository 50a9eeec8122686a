/* Two translation units, one implementation: this file defines CONTACT_IMPLEMENTATION. */
#define CONTACT_IMPLEMENTATION
#include "contact.h"
#include "tiny.h"

int impl_side(void);
int impl_side(void) { return tiny_solve(CT_METHOD_ADMM_NCP); }
