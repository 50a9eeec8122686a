/* CONTACT_STATIC: the second private implementation (see static_a.c). */
#define CONTACT_STATIC
#define CONTACT_IMPLEMENTATION
#include "contact.h"
#include "tiny.h"

int static_b(void);
int static_b(void) { return tiny_solve(CT_METHOD_ADMM_NCP); }
