/* CONTACT_USE_FLOAT and CONTACT_NO_MALLOC together. */
#define CONTACT_USE_FLOAT
#define CONTACT_NO_MALLOC
#define CONTACT_IMPLEMENTATION
#include "contact.h"
#include "tiny.h"

int main(void) {
    if (sizeof(ct_real) != sizeof(float)) return 100;
    return tiny_solve(CT_METHOD_PGS_NCP) | tiny_solve(CT_METHOD_ADMM_NCP);
}
