// A C++ file that only includes the header, linked against the C implementation of
// tu_impl.c: the declarations must have C linkage (extern "C").
#include "contact.h"
#include "tiny.h"

extern "C" int impl_side(void);

int main() { return tiny_solve(CT_METHOD_PGS_NCP) | impl_side(); }
