/* impl.c - contact.h's implementation for examples/world: world.c, scenarios.c and demo.c only
   include contact.h, so a project that has its own CONTACT_IMPLEMENTATION file compiles
   world.c beside it and leaves this file out. */
#define CONTACT_IMPLEMENTATION
#include "contact.h"
