// The implementation compiled as C++ (-std=c++11), solving the tiny problem.
#define CONTACT_IMPLEMENTATION
#include "contact.h"
#include "tiny.h"

int main() { return tiny_solve(CT_METHOD_PGS_NCP) | tiny_solve(CT_METHOD_ADMM_NCP); }
