/* Stub of the header Pinocchio's CMake generates (jrl-cmakemodules' warning.hh.cmake). */
#ifndef BENCH_PINOCCHIO_STUB_WARNING_HPP
#define BENCH_PINOCCHIO_STUB_WARNING_HPP
#define PINOCCHIO_WARNING(message)
#endif
