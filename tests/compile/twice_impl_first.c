/* CONTACT_IMPLEMENTATION defined before the first include, then the header included again. */
#define CONTACT_IMPLEMENTATION
#include "contact.h"
#include "contact.h"
#include "tiny.h"

int main(void) { return tiny_solve(CT_METHOD_ADMM_NCP); }
