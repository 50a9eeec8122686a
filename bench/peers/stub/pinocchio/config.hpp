/* Stub of the header Pinocchio's CMake generates (jrl-cmakemodules' config.hh.cmake), for
   bench/peers/pinocchio_side.cpp, which uses Pinocchio header-only: no shared library, so no
   export macros; the version comes from the build (-DPINOCCHIO_VERSION="...", taken from
   $(PINOCCHIO_SRC)/package.xml by the Makefile). */
#ifndef BENCH_PINOCCHIO_STUB_CONFIG_HPP
#define BENCH_PINOCCHIO_STUB_CONFIG_HPP
#define PINOCCHIO_DLLAPI
#define PINOCCHIO_LOCAL
#ifndef PINOCCHIO_VERSION
#define PINOCCHIO_VERSION "unknown"
#endif
#endif
