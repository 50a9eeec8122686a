/* CONTACT_STATIC: this file and static_b.c each carry a private implementation. */
#define CONTACT_STATIC
#define CONTACT_IMPLEMENTATION
#include "contact.h"
#include "tiny.h"

int static_b(void);

int main(void) { return tiny_solve(CT_METHOD_PGS_NCP) | static_b(); }
