/* The float build: ct_real is float and both solvers reach the float default tolerance. */
#define CONTACT_USE_FLOAT
#define CONTACT_IMPLEMENTATION
#include "contact.h"
#include "tiny.h"

int main(void) {
    if (sizeof(ct_real) != sizeof(float)) return 100;
    return tiny_solve(CT_METHOD_PGS_NCP) | tiny_solve(CT_METHOD_ADMM_NCP);
}
