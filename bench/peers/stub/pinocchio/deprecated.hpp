/* Stub of the header Pinocchio's CMake generates (jrl-cmakemodules' deprecated.hh.cmake). The
   markers are empty: the ADMM solver is tagged "unsupported, the API will change", which would
   only warn. */
#ifndef BENCH_PINOCCHIO_STUB_DEPRECATED_HPP
#define BENCH_PINOCCHIO_STUB_DEPRECATED_HPP
#define PINOCCHIO_DEPRECATED
#define PINOCCHIO_DEPRECATED_MESSAGE(message)
#endif
