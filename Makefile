# contact.h - tests, demo and benchmark. GNU make >= 4.3, POSIX sh recipes.
#
#   make test            every test program in double, in float (-DCONTACT_USE_FLOAT), both
#                        again under -fsanitize=address,undefined, and the Cholesky and solver
#                        tests at -O3 -march=native; then tests/determinism.sh,
#                        python_test.sh (the Python package installed in a fresh venv, then
#                        its pytest suite), compile_tests.sh, lapack_test.sh, fclib_test.sh,
#                        threads_test.sh and the README, version, docs and references checks
#                        (EXTRA_TESTS). contact.h's implementation is compiled once per
#                        configuration (tests/impl.c) and linked into every test program of
#                        that configuration; determinism.sh, python_test.sh and lapack_test.sh
#                        reuse the double and float builds instead of compiling them again.
#                        Builds, runs and scripts are jobs of one make -j$(JOBS) (default: the
#                        number of processors; JOBS=1 for one at a time), the longest first;
#                        each one's output is printed in one piece when it ends and kept in
#                        build/logs/ (all in a fixed order in build/test.log). Then the wall
#                        time of each group (build and run per configuration, each script),
#                        and last the total "N passed, M failed"; the exit status is non-zero
#                        if any check failed. A subset:
#                        make test CONFIGS="double san-double" EXTRA_TESTS=
#   make test-slow       the slow extras alone (SLOW_TESTS): tests/cross_compile.sh (the
#                        embedded build, host and cross compiler), cmake_consumer/run.sh (the
#                        CMake package and pkg-config) and world_consumer.sh (examples/world in
#                        a user's project); logs in build/logs-slow/, build/test-slow.log
#   make test-all        make test and the slow extras as one run, one total (build/test-all.log);
#                        .ci/run runs make test, then make test-slow
#   make demo            build and run the world showcase (examples/world: every scenario, one
#                        line each with the expected behaviour, the measured value and PASS or
#                        FAIL; trajectories and the demo's SVG plots in build/world;
#                        examples/world/impl.c holds contact.h's implementation), then
#                        examples/box_push.c
#   make world-plots     the world scenarios' CSVs and their PNG plots into build/world
#                        (examples/world/plot.py, needs matplotlib); never writes docs/
#   make docs-figures    the only target that writes tracked figures: regenerates the world
#                        plots and copies every PNG that docs/*.md embed from build/world and
#                        build/bench/img into docs/img (commit them deliberately)
#   make docs-api        regenerate docs/api.md from the header's comments (docs/gen_api.py)
#   make bench-*         benchmarks (bench/README.md); each writes its result table into
#                        bench/results/<bench>_<machine>_<date>.csv, its plots into build/, and
#                        regenerates bench/results/SUMMARY.md
#   make fuzz            libFuzzer harness of ct_solve for FUZZ_TIME seconds (default 60; clang)
#   make fuzz-api        the same for the other entry points (tests/fuzz/fuzz_api.c)
#   make bench-cholesky  build bench/cholesky.c against OpenBLAS and run it single-threaded
#   make bench-lu        the same for the LU (bench/lu.c, against dgetrf)
#   make bench-rigid     the rigid methods against Siconos on FCLib and fresh families
#   make bench-peers     contact.h against Pinocchio's ADMM and PGS (PINOCCHIO_SRC=its source
#                        tree) and MuJoCo's Newton solver (libmujoco-dev); a peer that is absent
#                        is skipped with a message
#   make bench-engine    examples/world against Bullet (libbullet-dev), and the game preset study
#   make clean           remove build/
#
# CC is make's default (cc) unless given: make test CC=clang

CFLAGS   = -std=c99 -O2 -Wall -Wextra -Wpedantic -Werror
LDLIBS   = -lm
# -g1: the line tables a sanitizer report needs (file:line in every frame), without the full
# debug information of -g, which costs a sixth of these builds' compile time
SANFLAGS = -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -g1
# no contraction into fused multiply-adds and no fast math: GCC's default under -std=c99, not
# Clang's. In double and float, so that tests/determinism.sh's $CC -O2 builds are the test
# programs of those configurations (contact.h's implementation turns contraction off itself)
DETFLAGS = -ffp-contract=off -fno-fast-math
BUILD    = build

# Test configurations: the implementation is compiled once per configuration (tests/impl.c into
# build/tests/<config>/impl.o) and linked into each test program of that configuration.
CONFIGS = double float san-double san-float native-double native-float
CONFIG_FLAGS_double        = $(DETFLAGS)
CONFIG_FLAGS_float         = $(DETFLAGS) -DCONTACT_USE_FLOAT
CONFIG_FLAGS_san-double    = $(SANFLAGS)
CONFIG_FLAGS_san-float     = $(SANFLAGS) -DCONTACT_USE_FLOAT
CONFIG_FLAGS_native-double = $(NATIVEFLAGS)
CONFIG_FLAGS_native-float  = $(NATIVEFLAGS) -DCONTACT_USE_FLOAT
# the Cholesky's register tile depends on the target ISA (4x4 SSE2, 6x8 AVX, 6x16 AVX-512):
# the linear-algebra and solver tests are also built for this machine at -O3, in both precisions
NATIVEFLAGS = -O3 -march=native

# tests/test_<name>.c, each built in double, float, san-double and san-float
TESTS        = cones criteria cholesky solver validate io gs admm newton sparse safety determinism bounded families nsn hardening
NATIVE_TESTS = cholesky solver
# tests/test_world.c links the rigid-body world of examples/world; its oracles are double-
# precision physics, so it is built in double and double + sanitizers only
CONFIG_TESTS_double        = $(TESTS) world scenes
CONFIG_TESTS_float         = $(TESTS)
CONFIG_TESTS_san-double    = $(TESTS) world scenes
CONFIG_TESTS_san-float     = $(TESTS)
CONFIG_TESTS_native-double = $(NATIVE_TESTS)
CONFIG_TESTS_native-float  = $(NATIVE_TESTS)
# Tests that define CONTACT_IMPLEMENTATION themselves and are compiled as one translation unit
# (none: test_validate's counting allocator replaces tests/impl.c's weak ct_test_malloc/free)
TESTS_STANDALONE =

WORLD_DEPS = examples/world/world.h examples/world/scenarios.h examples/world/svgplot.h examples/world/scenes.h
TEST_DEPS  = contact.h tests/harness.h tests/problems.h bench/families.h
# build/tests/<config>/test_<name> of a configuration
config_bins = $(patsubst %,$(BUILD)/tests/$(1)/test_%,$(CONFIG_TESTS_$(1)))
TEST_BINS   = $(foreach c,$(CONFIGS),$(call config_bins,$(c)))

# Every compile and test of `make test` appends "GROUP START END" to $(TIMES) (tests/timing.sh
# prints the groups' wall times). $(call timed,GROUP,COMMAND) prints COMMAND and runs it.
# SUITE: test, test-slow or test-all (the target that runs the suite), which names the files
SUITE = test
TIMES = $(BUILD)/times$(SUITE:test%=%).txt
timed = t0=$$(date +%s.%N); $(2); st=$$?; \
        mkdir -p $(BUILD) && echo "$(1) $$t0 $$(date +%s.%N)" >> $(TIMES); exit $$st
timed_echo = printf '%s\n' "$(2)"; $(call timed,$(1),$(2))

# the build rules of configuration $(1)
define config_rules
$(BUILD)/tests/$(1)/impl.o: tests/impl.c contact.h
	@mkdir -p $$(@D)
	@$$(call timed_echo,build:$(1),$$(CC) $$(CFLAGS) $$(CONFIG_FLAGS_$(1)) -I. -c -o $$@ tests/impl.c)

$$(patsubst %,$(BUILD)/tests/$(1)/test_%.o,$$(filter-out $$(TESTS_STANDALONE),$$(CONFIG_TESTS_$(1)))): \
$(BUILD)/tests/$(1)/%.o: tests/%.c $$(TEST_DEPS) $$(WORLD_DEPS)
	@mkdir -p $$(@D)
	@$$(call timed_echo,build:$(1),$$(CC) $$(CFLAGS) $$(CONFIG_FLAGS_$(1)) -I. -Iexamples/world -c -o $$@ $$<)

$(BUILD)/tests/$(1)/world/%.o: examples/world/%.c $$(WORLD_DEPS) contact.h
	@mkdir -p $$(@D)
	@$$(call timed_echo,build:$(1),$$(CC) $$(CFLAGS) $$(CONFIG_FLAGS_$(1)) -I. -Iexamples/world -c -o $$@ $$<)

$$(patsubst %,$(BUILD)/tests/$(1)/test_%,$$(filter-out $$(TESTS_STANDALONE),$$(CONFIG_TESTS_$(1)))): \
$(BUILD)/tests/$(1)/%: $(BUILD)/tests/$(1)/%.o $(BUILD)/tests/$(1)/impl.o
	@$$(call timed_echo,build:$(1),$$(CC) $$(CFLAGS) $$(CONFIG_FLAGS_$(1)) -o $$@ $$^ $$(LDLIBS))

$(BUILD)/tests/$(1)/test_world: $(BUILD)/tests/$(1)/world/world.o $(BUILD)/tests/$(1)/world/scenarios.o
$(BUILD)/tests/$(1)/test_scenes: $(BUILD)/tests/$(1)/world/world.o $(BUILD)/tests/$(1)/world/scenarios.o \
    $(BUILD)/tests/$(1)/world/scenes_quadruped.o $(BUILD)/tests/$(1)/world/scenes_castro.o \
    $(BUILD)/tests/$(1)/world/scenes_loops.o $(BUILD)/tests/$(1)/world/scenes_lelidec.o

$$(patsubst %,$(BUILD)/tests/$(1)/test_%,$$(filter $$(TESTS_STANDALONE),$$(CONFIG_TESTS_$(1)))): \
$(BUILD)/tests/$(1)/%: tests/%.c $$(TEST_DEPS)
	@mkdir -p $$(@D)
	@$$(call timed_echo,build:$(1),$$(CC) $$(CFLAGS) $$(CONFIG_FLAGS_$(1)) -I. -o $$@ $$< $$(LDLIBS))
endef
$(foreach c,$(CONFIGS),$(eval $(call config_rules,$(c))))

# scripts; each prints "N passed, M failed" lines of its own. The long ones first: make starts
# the jobs in this order.
EXTRA_TESTS = tests/python_test.sh tests/compile_tests.sh tests/determinism.sh \
              tests/fclib_test.sh tests/lapack_test.sh tests/threads_test.sh \
              tests/readme_check.sh tests/version_check.sh tests/docs_check.sh tests/refs_check.sh
# the slow extras of make test-slow and make test-all (.ci/run runs them after make test): the
# cross compiles and the consumer and packaging checks, which build contact.h as a user's
# project does rather than test its behaviour
SLOW_TESTS  = tests/cross_compile.sh tests/cmake_consumer/run.sh tests/world_consumer.sh

LOG  = $(BUILD)/$(SUITE).log
LOGS = $(BUILD)/logs$(SUITE:test%=%)
SAN_ENV = ASAN_OPTIONS=abort_on_error=0:detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1
NPROC := $(shell nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
JOBS ?= $(NPROC)

# run/<config>/test_<name> and extra/<script>: one test program or script each, through
# tests/run.sh into $(LOGS)/<same name>.log (printed when it ends)
TEST_RUNS  = $(patsubst $(BUILD)/tests/%,run/%,$(TEST_BINS))
EXTRA_RUNS = $(EXTRA_TESTS:%=extra/%)
.PHONY: test-jobs $(TEST_RUNS) $(EXTRA_RUNS)

.PHONY: all test test-slow test-all tests demo bench bench-build bench-suite bench-cholesky clean fuzz fuzz-api

all: tests

tests: $(TEST_BINS)

# What the scripts take from the configurations, when both double and float are built (alone,
# each script builds its own): python_test.sh links its C drivers and lapack_test.sh its
# reference builds against the implementation objects (the Makefile's CFLAGS, with which both
# compile them); determinism.sh takes the double and float test_determinism as its $CC -O2
# builds (the same flags: CFLAGS and DETFLAGS). make test builds these first (TEST_FIRST), so
# that the scripts start with the other long jobs: make does not come back to a job whose
# prerequisites were still building until it has gone through all the others.
ifneq ($(filter double,$(CONFIGS)),)
ifneq ($(filter float,$(CONFIGS)),)
TEST_FIRST = $(BUILD)/tests/double/impl.o $(BUILD)/tests/float/impl.o \
             $(BUILD)/tests/double/test_determinism $(BUILD)/tests/float/test_determinism
TEST_IMPL_ENV = TEST_IMPL_DOUBLE=$(BUILD)/tests/double/impl.o TEST_IMPL_FLOAT=$(BUILD)/tests/float/impl.o
extra/tests/python_test.sh extra/tests/lapack_test.sh: $(BUILD)/tests/double/impl.o $(BUILD)/tests/float/impl.o
EXTRA_ENV_tests/python_test.sh = $(TEST_IMPL_ENV)
EXTRA_ENV_tests/lapack_test.sh = $(TEST_IMPL_ENV)
extra/tests/determinism.sh: $(BUILD)/tests/double/test_determinism $(BUILD)/tests/float/test_determinism
EXTRA_ENV_tests/determinism.sh = DET_PREBUILT="double-c-O2=$(BUILD)/tests/double/test_determinism \
                                 float-c-O2=$(BUILD)/tests/float/test_determinism"
endif
endif

# The longest jobs first, so that no long one starts last: the scripts, then the sanitizer and
# -march=native implementation objects (the slowest compiles, each needed by every program of
# its configuration), then the programs, configuration by configuration.
test-jobs: $(EXTRA_RUNS) $(foreach c,$(filter san-% native-%,$(CONFIGS)),$(BUILD)/tests/$(c)/impl.o) \
           $(TEST_RUNS)

$(TEST_RUNS): run/%: $(BUILD)/tests/%
	@mkdir -p $(dir $(LOGS)/$*)
	@$(call timed,run:$(patsubst %/,%,$(dir $*)),sh tests/run.sh $< $(if $(filter san-%,$*),env $(SAN_ENV)) ./$< > $(LOGS)/$*.log)
	@cat $(LOGS)/$*.log

$(EXTRA_RUNS): extra/%:
	@mkdir -p $(dir $(LOGS)/extra/$*)
	@if [ -f $* ]; then \
	    ( $(call timed,extra:$*,sh tests/run.sh $* env $(EXTRA_ENV_$*) sh $* > $(LOGS)/extra/$*.log) ); \
	    cat $(LOGS)/extra/$*.log; \
	fi

# The builds and runs as jobs of one make -j$(JOBS) (or of the caller's -jN jobserver; -k: a
# program that does not build is counted as one failure below, the others still run), after
# TEST_FIRST; then every log in a fixed order into $(LOG), the wall time of each group, and the
# total as the last line.
TEST_JOBS = $(if $(filter -j%,$(MAKEFLAGS)),,-j$(JOBS))
test:
	@rm -rf $(LOGS) && mkdir -p $(LOGS) && : > $(TIMES)
	@t0=$$(date +%s.%N); \
	$(if $(TEST_FIRST),$(MAKE) --no-print-directory -k $(TEST_JOBS) -Otarget $(TEST_FIRST);) \
	$(MAKE) --no-print-directory -k $(TEST_JOBS) -Otarget test-jobs; \
	echo "make $$t0 $$(date +%s.%N)" >> $(TIMES)
	@: > $(LOG); for r in $(TEST_RUNS) $(EXTRA_TESTS:%=extra/%); do \
	    l=$(LOGS)/$${r#run/}.log; \
	    if [ -f "$$l" ]; then cat "$$l" >> $(LOG); \
	    elif [ "$${r#extra/}" = "$$r" ]; then \
	        printf '== %s\n%s: not built\n0 passed, 1 failed\n' "$(BUILD)/tests/$${r#run/}" "$(BUILD)/tests/$${r#run/}" | tee -a $(LOG); \
	    elif [ -f "$${r#extra/}" ]; then \
	        printf '== %s\n%s: did not run\n0 passed, 1 failed\n' "$${r#extra/}" "$${r#extra/}" | tee -a $(LOG); \
	    fi; \
	done
	@SUITE=$(SUITE) sh tests/timing.sh $(TIMES) $(or $(patsubst -j%,%,$(filter -j%,$(MAKEFLAGS))),$(JOBS)) $(CONFIGS)
	@echo "== total"
	@sh tests/summarize.sh $(LOG)

# the slow extras alone (no configuration), and make test with them; each with logs of its own
test-slow:
	@$(MAKE) --no-print-directory test SUITE=test-slow CONFIGS= EXTRA_TESTS="$(SLOW_TESTS)"

test-all:
	@$(MAKE) --no-print-directory test SUITE=test-all EXTRA_TESTS="$(EXTRA_TESTS) $(SLOW_TESTS)"

# make fuzz [FUZZ_TIME=seconds]: the libFuzzer + ASan + UBSan harness of ct_solve
# (tests/fuzz/fuzz_solve.c), double then float, FUZZ_TIME/2 seconds each, one job; needs clang
# (FUZZ_CC). Seeds from tests/fuzz/make_corpus.c; corpora grow in build/fuzz/corpus-*;
# crashing inputs land in build/fuzz/artifacts/ (tests/fuzz/run.sh, docs/robustness.md). A
# MemorySanitizer build of the harness then replays the seeds and the corpus.
FUZZ_TIME ?= 60
FUZZ_CC   ?= clang
FUZZ_CFLAGS = -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
FUZZ_DEPS = contact.h tests/fuzz/fuzz_solve.c tests/fuzz/fuzz_format.h tests/fuzz/fuzz_replay.h

fuzz: $(BUILD)/fuzz/fuzz_solve_double $(BUILD)/fuzz/fuzz_solve_float $(BUILD)/fuzz/make_corpus \
      $(BUILD)/fuzz/fuzz_solve_msan_double $(BUILD)/fuzz/fuzz_solve_msan_float
	sh tests/fuzz/run.sh $(BUILD)/fuzz $(FUZZ_TIME)

# the same harness under MemorySanitizer: run.sh replays the seeds and the corpus with it
FUZZ_MSAN_CFLAGS = -g -O1 -fsanitize=fuzzer,memory -fsanitize-memory-track-origins
$(BUILD)/fuzz/fuzz_solve_msan_double: $(FUZZ_DEPS)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_MSAN_CFLAGS) -I. -o $@ tests/fuzz/fuzz_solve.c -lm || \
	    echo "fuzz: $(FUZZ_CC) cannot build the MemorySanitizer harness; its replay is skipped"

$(BUILD)/fuzz/fuzz_solve_msan_float: $(FUZZ_DEPS)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_MSAN_CFLAGS) -DCONTACT_USE_FLOAT -I. -o $@ tests/fuzz/fuzz_solve.c -lm || \
	    echo "fuzz: $(FUZZ_CC) cannot build the MemorySanitizer harness; its replay is skipped"

$(BUILD)/fuzz/fuzz_solve_double: $(FUZZ_DEPS)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -I. -o $@ tests/fuzz/fuzz_solve.c -lm

$(BUILD)/fuzz/fuzz_solve_float: $(FUZZ_DEPS)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -DCONTACT_USE_FLOAT -I. -o $@ tests/fuzz/fuzz_solve.c -lm

$(BUILD)/fuzz/make_corpus: tests/fuzz/make_corpus.c tests/fuzz/fuzz_format.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ tests/fuzz/make_corpus.c -lm

# make fuzz-api [FUZZ_TIME=seconds]: the harness of every other entry point (tests/fuzz/fuzz_api.c:
# projections, criteria, velocity, modes, compliance, linear algebra, sparse, problem files,
# derivatives, the solver object and its state, size queries), the same way: double then float,
# seeds from tests/fuzz/make_api_corpus.c, corpora in build/fuzz/corpus-api-*, crashing inputs
# in build/fuzz/artifacts/api-*. FUZZ_API_SKIP="id,id@entry" leaves known findings unreported
# (default: none; tests/fuzz/findings/api/README.md lists the classes).
FUZZ_API_DEPS = contact.h tests/fuzz/fuzz_api.c tests/fuzz/fuzz_format.h tests/fuzz/fuzz_replay.h

fuzz-api: $(BUILD)/fuzz/fuzz_api_double $(BUILD)/fuzz/fuzz_api_float $(BUILD)/fuzz/make_api_corpus
	FUZZ_API_SKIP="$${FUZZ_API_SKIP-}" sh tests/fuzz/run.sh $(BUILD)/fuzz $(FUZZ_TIME) fuzz_api

$(BUILD)/fuzz/fuzz_api_double: $(FUZZ_API_DEPS)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -I. -o $@ tests/fuzz/fuzz_api.c -lm

$(BUILD)/fuzz/fuzz_api_float: $(FUZZ_API_DEPS)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -DCONTACT_USE_FLOAT -I. -o $@ tests/fuzz/fuzz_api.c -lm

$(BUILD)/fuzz/make_api_corpus: tests/fuzz/make_api_corpus.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ tests/fuzz/make_api_corpus.c

demo: $(BUILD)/world_demo $(BUILD)/box_push $(BUILD)/scenes_demo
	./$(BUILD)/world_demo -o $(BUILD)/world
	./$(BUILD)/box_push
	./$(BUILD)/scenes_demo -o $(BUILD)/world

# examples/world/impl.c holds contact.h's implementation; world.c, scenarios.c, demo.c include it
WORLD_OBJS = $(patsubst %,$(BUILD)/world_obj/%.o,demo world scenarios impl)
$(BUILD)/world_demo: $(WORLD_OBJS)
	$(CC) $(CFLAGS) -o $@ $(WORLD_OBJS) $(LDLIBS)

# the papers' larger experiments (examples/world/scenes*.c): the quadruped, [Castro23], the wall
SCENES_OBJS = $(patsubst %,$(BUILD)/world_obj/%.o,scenes_demo scenes_quadruped scenes_castro scenes_loops scenes_lelidec world scenarios impl)
$(BUILD)/scenes_demo: $(SCENES_OBJS)
	$(CC) $(CFLAGS) -o $@ $(SCENES_OBJS) $(LDLIBS)

$(BUILD)/world_obj/%.o: examples/world/%.c $(WORLD_DEPS) contact.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -I. -Iexamples/world -c -o $@ $<

.PHONY: world-plots docs-figures docs-api bench-world
world-plots: $(BUILD)/world_demo
	@mkdir -p $(BUILD)/world
	./$(BUILD)/world_demo -o $(BUILD)/world
	$(PYTHON) examples/world/plot.py $(BUILD)/world $(BUILD)/world

# every figure that docs/*.md embed (img/NAME.png), taken from build/world (make world-plots)
# or build/bench/img (make bench, make bench-suite); a figure not found in build/ is kept as
# it is and reported
docs-figures: world-plots
	@for f in $$(grep -oh 'img/[A-Za-z0-9_.-]*\.png' docs/*.md | sort -u | sed 's|^img/||'); do \
	    src=; for d in $(BUILD)/world $(BUILD)/bench/img; do [ -f "$$d/$$f" ] && src="$$d/$$f"; done; \
	    if [ -n "$$src" ]; then cp "$$src" "docs/img/$$f" && echo "docs/img/$$f <- $$src"; \
	    else echo "docs-figures: $$f not in $(BUILD)/world or $(BUILD)/bench/img (make bench, make bench-suite): docs/img/$$f kept"; fi; \
	done

docs-api:
	$(PYTHON) docs/gen_api.py contact.h docs/api.md

# make bench-world: the demo's table (every scenario's expected and measured value, PASS or
# FAIL, solver time per step) as a result file, bench/results/world_<machine>_<date>.csv
bench-world: $(BUILD)/world_demo
	@mkdir -p $(BUILD)/world
	./$(BUILD)/world_demo -o $(BUILD)/world --csv $(BUILD)/world/demo.csv
	$(PYTHON) bench/results/record.py world $(BUILD)/world/demo.csv
	$(PYTHON) bench/results/summarize.py

$(BUILD)/box_push: examples/box_push.c contact.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -I. -o $@ examples/box_push.c $(LDLIBS)

# OpenBLAS one thread, its default kernel and the AVX2 / AVX-512 kernels forced (OpenBLAS
# 0.3.21 does not recognise recent Xeons and falls back to a generic kernel); the header
# built at -O2 -march=native and at plain -O2. Needs libopenblas-dev (bench/install-deps.sh).
OPENBLAS = $(firstword $(wildcard /usr/lib/x86_64-linux-gnu/openblas-pthread/libopenblas.so \
                                  /usr/lib/*/openblas*/libopenblas.so) -lopenblas)
# The rows go to build/bench/cholesky.csv with the build and the kernel, then to
# bench/results/cholesky_<machine>_<date>.csv.
bench-cholesky: $(BUILD)/bench_cholesky_native $(BUILD)/bench_cholesky_O2
	@mkdir -p $(BUILD)/bench
	@echo "build,openblas_kernel,n,builtin_us,builtin_gflops,lapack_us,lapack_gflops,ratio" > $(BUILD)/bench/cholesky.csv
	@for b in native O2; do for core in default Haswell SkylakeX; do \
	    flags="-O2$$( [ $$b = native ] && echo ' -march=native' )"; \
	    echo "== header $$flags, OpenBLAS kernel $$core"; \
	    if [ $$core = default ]; then OPENBLAS_NUM_THREADS=1 ./$(BUILD)/bench_cholesky_$$b; \
	    else OPENBLAS_NUM_THREADS=1 OPENBLAS_CORETYPE=$$core ./$(BUILD)/bench_cholesky_$$b; fi \
	    | tee $(BUILD)/bench/cholesky_one.csv; \
	    tail -n +2 $(BUILD)/bench/cholesky_one.csv | sed "s/^/$$flags,$$core,/" >> $(BUILD)/bench/cholesky.csv; \
	done; done
	$(PYTHON) bench/results/record.py cholesky $(BUILD)/bench/cholesky.csv
	$(PYTHON) bench/results/summarize.py

# make bench-lu: the LU of NEWTON_NCP against LAPACK dgetrf, the same way (bench/lu.c), into
# bench/results/lu_<machine>_<date>.csv
.PHONY: bench-lu
bench-lu: $(BUILD)/bench_lu_native $(BUILD)/bench_lu_O2
	@mkdir -p $(BUILD)/bench
	@echo "build,n,builtin_us,builtin_gflops,lapack_us,lapack_gflops,ratio,residual" > $(BUILD)/bench/lu.csv
	@for b in native O2; do \
	    flags="-O2$$( [ $$b = native ] && echo ' -march=native' )"; \
	    echo "== header $$flags"; \
	    OPENBLAS_NUM_THREADS=1 ./$(BUILD)/bench_lu_$$b | tee $(BUILD)/bench/lu_one.csv; \
	    tail -n +2 $(BUILD)/bench/lu_one.csv | sed "s/^/$$flags,/" >> $(BUILD)/bench/lu.csv; \
	done
	$(PYTHON) bench/results/record.py lu $(BUILD)/bench/lu.csv
	$(PYTHON) bench/results/summarize.py

$(BUILD)/bench_lu_native: bench/lu.c contact.h
	@mkdir -p $(@D)
	$(CC) -O2 -march=native -I. -o $@ bench/lu.c $(OPENBLAS) -lm

$(BUILD)/bench_lu_O2: bench/lu.c contact.h
	@mkdir -p $(@D)
	$(CC) -O2 -I. -o $@ bench/lu.c $(OPENBLAS) -lm

# make bench-engine: examples/world against Bullet (Debian's libbullet-dev) on the scenes of
# bench/engine_scenes.h, float and double, interleaved rounds of CPU time, then the game-preset
# study (bench/engine.sh, bench/engine_report.py: bench/results/engine*_<machine>_<date>.csv).
# Both sides are built with Bullet's own build flags (Debian's default: dpkg-buildflags);
# without Bullet the world side runs alone. Never needed by make test.
BULLET_INC    = /usr/include/bullet
BULLET_CFLAGS = -O2 -fstack-protector-strong
ENGINE_WORLD_SRC = bench/engine_world.c examples/world/world.c examples/world/impl.c
ENGINE_DEPS = $(ENGINE_WORLD_SRC) bench/engine_scenes.h examples/world/world.h contact.h
.PHONY: bench-engine
bench-engine: $(BUILD)/bench/engine_world_double $(BUILD)/bench/engine_world_float
	@if [ -f $(BULLET_INC)/btBulletDynamicsCommon.h ]; then \
	    $(MAKE) --no-print-directory $(BUILD)/bench/engine_bullet_float $(BUILD)/bench/engine_bullet_double; \
	else echo "Bullet not installed (apt-get install libbullet-dev): the world layer alone"; \
	    rm -f $(BUILD)/bench/engine_bullet_float $(BUILD)/bench/engine_bullet_double; fi
	sh bench/engine.sh
	$(PYTHON) bench/engine_report.py $(BUILD)/bench/engine_runs.csv $(BUILD)/bench/engine_study.csv

$(BUILD)/bench/engine_world_double: $(ENGINE_DEPS)
	@mkdir -p $(@D)
	$(CC) -std=c99 $(BULLET_CFLAGS) -Wall -Wextra -I. -Iexamples/world -Ibench -o $@ $(ENGINE_WORLD_SRC) -lm

$(BUILD)/bench/engine_world_float: $(ENGINE_DEPS)
	@mkdir -p $(@D)
	$(CC) -std=c99 $(BULLET_CFLAGS) -DCONTACT_USE_FLOAT -Wall -Wextra -I. -Iexamples/world -Ibench -o $@ $(ENGINE_WORLD_SRC) -lm

$(BUILD)/bench/engine_bullet_float: bench/engine_bullet.cpp bench/engine_scenes.h
	@mkdir -p $(@D)
	$(CXX) $(BULLET_CFLAGS) -Wall -Wextra -I$(BULLET_INC) -Ibench -o $@ bench/engine_bullet.cpp \
	    -lBulletDynamics -lBulletCollision -lLinearMath

$(BUILD)/bench/engine_bullet_double: bench/engine_bullet.cpp bench/engine_scenes.h
	@mkdir -p $(@D)
	$(CXX) $(BULLET_CFLAGS) -DBT_USE_DOUBLE_PRECISION -Wall -Wextra -I$(BULLET_INC) -Ibench -o $@ \
	    bench/engine_bullet.cpp -lBulletDynamics-float64 -lBulletCollision-float64 -lLinearMath-float64

# make bench-rigid [FCLIB=folder] [SEED=n]: HYBRID_NCP, NEWTON_NCP, PROX_NCP, ADMM_NCP and PGS_NCP
# against Siconos on FCLib and on bench/families.h's sweep with the seed of the day
# (bench/rigid.sh, bench/rigid_report.py: bench/results/rigid*_<machine>_<date>.csv)
.PHONY: bench-rigid
bench-rigid: bench-build $(BUILD)/bench/gen_families
	PYTHON=$(PYTHON) sh bench/rigid.sh $(FCLIB)

# make bench-peers [PINOCCHIO_SRC=dir] [FCLIB=folder] [SEED=n]: contact.h's ADMM_NCP and PGS_NCP
# against Pinocchio's header-only ADMM and PGS contact solvers on FCLib and on bench/families.h's
# sweep (contacts only), and NEWTON_SOFT against MuJoCo's Newton solver on the MJCF scenes of
# bench/peers/ and MuJoCo's humanoid (bench/peers.sh, bench/peers_report.py:
# bench/results/peers*_<machine>_<date>.csv). PINOCCHIO_SRC names a Pinocchio source tree (its
# include/ is used in place, with the generated config headers stubbed in bench/peers/stub;
# bench/README.md says how to get it); Eigen (libeigen3-dev), Boost and libfclib-dev are needed
# with it, libmujoco-dev (and libmujoco-samples for the humanoid) for MuJoCo. Every side is built
# with PEERS_FLAGS, the C parts with $(CC), Pinocchio's with $(CXX) (the same GCC; GCC 12 warns
# maybe-uninitialized inside Eigen's AVX-512 intrinsics and Pinocchio's ADMM: silenced).
PINOCCHIO_SRC ?=
EIGEN_INC  ?= /usr/include/eigen3
PEERS_FLAGS = -O2 -march=native -DNDEBUG -DEIGEN_NO_DEBUG
PINOCCHIO_VERSION = $(shell sed -n 's:.*<version>\(.*\)</version>.*:\1:p' $(PINOCCHIO_SRC)/package.xml 2>/dev/null | head -n 1)
PEERS_HAVE_PINOCCHIO = $(and $(PINOCCHIO_SRC),$(wildcard $(PINOCCHIO_SRC)/include/pinocchio/algorithm/admm-solver.hpp),$(wildcard $(EIGEN_INC)/Eigen/Dense),$(wildcard /usr/include/boost/optional.hpp),$(wildcard /usr/include/fclib.h))
PEERS_HAVE_MUJOCO = $(wildcard /usr/include/mujoco/mujoco.h)
# ADMM's LAPACK path (contact.h built with -DCONTACT_USE_LAPACK on OpenBLAS) against Pinocchio too,
# when libopenblas-dev is there: the pair admm_lapack
PEERS_LAPACK = $(and $(PEERS_HAVE_PINOCCHIO),$(wildcard /usr/lib/x86_64-linux-gnu/openblas-pthread/libopenblas.so \
                                                        /usr/lib/*/openblas*/libopenblas.so))
.PHONY: bench-peers
bench-peers: $(BUILD)/bench/gen_families
	@if [ -n "$(PEERS_HAVE_PINOCCHIO)" ]; then $(MAKE) --no-print-directory $(BUILD)/bench/peers_pinocchio; \
	else echo "bench-peers: Pinocchio skipped: PINOCCHIO_SRC='$(PINOCCHIO_SRC)' is not a Pinocchio source tree, or Eigen, Boost or libfclib is missing (bench/README.md, sh bench/install-deps.sh)"; fi
	@if [ -n "$(PEERS_LAPACK)" ]; then $(MAKE) --no-print-directory $(BUILD)/bench/peers_pinocchio_lapack; \
	elif [ -n "$(PEERS_HAVE_PINOCCHIO)" ]; then echo "bench-peers: ADMM's LAPACK path skipped: libopenblas-dev is not installed"; fi
	@if [ -n "$(PEERS_HAVE_MUJOCO)" ]; then $(MAKE) --no-print-directory $(BUILD)/bench/peers_mujoco; \
	else echo "bench-peers: MuJoCo skipped: libmujoco-dev is not installed (sh bench/install-deps.sh)"; fi
	PEERS_PINOCCHIO=$(if $(PEERS_HAVE_PINOCCHIO),$(BUILD)/bench/peers_pinocchio) \
	PEERS_PINOCCHIO_LAPACK=$(if $(PEERS_LAPACK),$(BUILD)/bench/peers_pinocchio_lapack) \
	PEERS_MUJOCO=$(if $(PEERS_HAVE_MUJOCO),$(BUILD)/bench/peers_mujoco) \
	PINOCCHIO_VERSION=$(PINOCCHIO_VERSION) PYTHON=$(PYTHON) sh bench/peers.sh $(FCLIB)

$(BUILD)/bench/peers/pinocchio_side.o: bench/peers/pinocchio_side.cpp bench/peers/pinocchio_side.h \
                                       $(wildcard bench/peers/stub/pinocchio/*.hpp)
	@mkdir -p $(@D)
	$(CXX) -std=c++17 $(PEERS_FLAGS) -Wall -Wextra -Wno-maybe-uninitialized -DPINOCCHIO_VERSION='"$(PINOCCHIO_VERSION)"' \
	    -Ibench/peers/stub -isystem $(PINOCCHIO_SRC)/include -isystem $(EIGEN_INC) -c -o $@ $<

$(BUILD)/bench/peers/peers_pinocchio.o: bench/peers_pinocchio.c bench/peers.h bench/bench_problem.h \
                                        bench/peers/pinocchio_side.h contact.h
	@mkdir -p $(@D)
	$(CC) $(PEERS_FLAGS) -Wall -Wextra -DBENCH_WITH_FCLIB -I. -Ibench -c -o $@ $<

$(BUILD)/bench/peers_pinocchio: $(BUILD)/bench/peers/peers_pinocchio.o $(BUILD)/bench/peers/pinocchio_side.o
	$(CXX) -o $@ $^ -lfclib -lm

$(BUILD)/bench/peers/peers_pinocchio_lapack.o: bench/peers_pinocchio.c bench/peers.h bench/bench_problem.h \
                                               bench/peers/pinocchio_side.h contact.h
	@mkdir -p $(@D)
	$(CC) $(PEERS_FLAGS) -Wall -Wextra -DBENCH_WITH_FCLIB -DCONTACT_USE_LAPACK -I. -Ibench -c -o $@ $<

$(BUILD)/bench/peers_pinocchio_lapack: $(BUILD)/bench/peers/peers_pinocchio_lapack.o $(BUILD)/bench/peers/pinocchio_side.o
	$(CXX) -o $@ $^ -lfclib $(OPENBLAS) -lm

$(BUILD)/bench/peers_mujoco: bench/peers_mujoco.c bench/peers.h contact.h
	@mkdir -p $(@D)
	$(CC) $(PEERS_FLAGS) -Wall -Wextra -I. -Ibench -o $@ $< -lmujoco -lm

$(BUILD)/bench_cholesky_native: bench/cholesky.c contact.h
	@mkdir -p $(@D)
	$(CC) -O2 -march=native -I. -o $@ bench/cholesky.c $(OPENBLAS) -lm

$(BUILD)/bench_cholesky_O2: bench/cholesky.c contact.h
	@mkdir -p $(@D)
	$(CC) -O2 -I. -o $@ bench/cholesky.c $(OPENBLAS) -lm

# make bench [FCLIB=folder]: contact.h and Siconos Numerics on the FCLib problems and on
# generated small ones (bench/run.sh), then the result files and the performance profiles
# (bench/report.py: bench/results/fclib*_<machine>_<date>.csv, build/bench/img). Needs the
# Debian packages of bench/install-deps.sh; without Siconos it runs contact.h alone.
FCLIB ?= ../shared/fclib
BENCH_CFLAGS = -O2 -march=native -Wall -Wextra -DBENCH_WITH_FCLIB -I. -Ibench
SICONOS_INC  = -I/usr/include/siconos -I/usr/include/siconos/numerics
SICONOS_LIBS = -lsiconos_numerics -lfclib -lm
PYTHON ?= $(firstword $(wildcard /usr/bin/python3) python3)

bench: bench-build
	sh bench/run.sh $(FCLIB)
	$(PYTHON) bench/report.py $(BUILD)/bench/results.csv $(BUILD)/bench/img

bench-build: $(BUILD)/bench/ct_bench $(BUILD)/bench/gen_problems $(BUILD)/bench/fclib2ctp
	@if [ -f /usr/include/siconos/numerics/fc3d_Solvers.h ]; then \
	    $(MAKE) --no-print-directory $(BUILD)/bench/siconos_bench; \
	else echo "Siconos Numerics not installed: contact.h only (sh bench/install-deps.sh)"; fi

$(BUILD)/bench/ct_bench: bench/ct_bench.c bench/bench_problem.h bench/variant.h contact.h
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) -o $@ bench/ct_bench.c -lfclib -lm

$(BUILD)/bench/fclib2ctp: bench/fclib2ctp.c bench/bench_problem.h contact.h
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) -o $@ bench/fclib2ctp.c -lfclib -lm

$(BUILD)/bench/gen_problems: bench/gen_problems.c contact.h
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) -o $@ bench/gen_problems.c -lm

# make bench-families: the standard sweep of bench/families.h (seed 1) as .ctp files in
# build/bench/families/ (bench/README.md, "Problem families")
.PHONY: bench-families
bench-families: $(BUILD)/bench/gen_families
	./$(BUILD)/bench/gen_families --sweep -s 1 -o $(BUILD)/bench/families

$(BUILD)/bench/gen_families: bench/gen_families.c bench/families.h contact.h
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) -o $@ bench/gen_families.c -lm

$(BUILD)/bench/siconos_bench: bench/siconos_bench.c bench/bench_problem.h contact.h
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) $(SICONOS_INC) -o $@ bench/siconos_bench.c $(SICONOS_LIBS)

# make bench-sparse: both storages of G (dense, block-sparse) against Siconos on the FCLib
# problems, 3 rounds (bench/sparse_run.sh), tables (bench/sparse_report.py) to stdout and to
# bench/results/sparse*_<machine>_<date>.csv.
# make bench-crossover: dense against block-sparse on generated piles (bench/sparse_crossover.c),
# the measurements behind ct_bench --storage auto, to bench/results/crossover_<machine>_<date>.csv.
.PHONY: bench-sparse bench-crossover
bench-sparse: bench-build
	sh bench/sparse_run.sh $(FCLIB)
	$(PYTHON) bench/sparse_report.py $(BUILD)/bench/sparse_r*.csv

bench-crossover: $(BUILD)/bench/sparse_crossover
	./$(BUILD)/bench/sparse_crossover -r 3 -n 8,16,32,64,128,256 -d 0.01,0.02,0.05,0.1,0.2,1 > $(BUILD)/bench/crossover.csv
	./$(BUILD)/bench/sparse_crossover -r 3 -n 16,32,64,128,256 -b 2,3,4,6 | tail -n +2 >> $(BUILD)/bench/crossover.csv
	cat $(BUILD)/bench/crossover.csv
	$(PYTHON) bench/results/record.py crossover $(BUILD)/bench/crossover.csv
	$(PYTHON) bench/results/summarize.py

$(BUILD)/bench/sparse_crossover: bench/sparse_crossover.c bench/variant.h contact.h
	@mkdir -p $(@D)
	$(CC) -O2 -march=native -Wall -Wextra -I. -Ibench -o $@ bench/sparse_crossover.c -lm

# make bench-suite: every method on generated families (robot, box_plane4/8, stack, mixed),
# cold and warm (bench/suite.sh), result files bench/results/suite*_<machine>_<date>.csv and the
# performance profiles in build/bench/img (bench/suite_report.py)
bench-suite: $(BUILD)/bench/suite
	sh bench/suite.sh
	$(PYTHON) bench/suite_report.py $(BUILD)/bench/suite.csv $(BUILD)/bench/img

$(BUILD)/bench/suite: bench/suite.c bench/variant.h contact.h
	@mkdir -p $(@D)
	$(CC) -O2 -march=native -I. -o $@ bench/suite.c -lm

# make bench-newton: NEWTON_SOFT with each soft model (ccp_mujoco, sap, lagged, similar) against
# ADMM_NCP, ADMM_CCP and PGS_NCP on the suite families, cold and warm (then the soft models again
# with phi0 = 0), result file bench/results/newton_<machine>_<date>.csv (bench/newton_suite_report.py)
NEWTON_VARIANTS = NEWTON_SOFT:ccp_mujoco,NEWTON_SOFT:sap,NEWTON_SOFT:lagged,NEWTON_SOFT:similar
.PHONY: bench-newton
bench-newton: $(BUILD)/bench/suite
	$(BUILD)/bench/suite -V $(NEWTON_VARIANTS),ADMM_NCP,ADMM_CCP,PGS_NCP > $(BUILD)/bench/newton_suite.csv
	$(BUILD)/bench/suite -P zero -V $(NEWTON_VARIANTS) > $(BUILD)/bench/newton_suite_zero.csv
	$(PYTHON) bench/newton_suite_report.py $(BUILD)/bench/newton_suite.csv \
	    $(BUILD)/bench/newton_suite_zero.csv

# make bench-admm [FCLIB=folder]: the penalty-rule study of [Carpentier24] (Tables III, IV): the
# 16 ADMM variants {ADMM_NCP, ADMM_CCP} x {linear, spectral, fixed} on the suite families and on
# the FCLib problems (bench/admm_penalty.sh; ct_bench is built only when libfclib is installed),
# result files bench/results/admm-penalty*_<machine>_<date>.csv (bench/admm_penalty_report.py)
.PHONY: bench-admm
bench-admm: $(BUILD)/bench/suite
	@if [ -f /usr/include/fclib.h ]; then \
	    $(MAKE) --no-print-directory $(BUILD)/bench/ct_bench; \
	else echo "libfclib not installed: suite part only (sh bench/install-deps.sh)"; fi
	PYTHON=$(PYTHON) sh bench/admm_penalty.sh $(FCLIB)

# make bench-scale [SCALE_SEED=n SCALE_COUNT=k]: settings.scale on and off for every rigid
# method on the mass-ratio, ill-conditioned and robot families (bench/scale.c), the table to
# stdout and bench/results/scale_<machine>_<date>.csv (bench/scale_report.py)
SCALE_SEED ?= $(shell date -u +%Y%m%d)
SCALE_COUNT ?= 3
.PHONY: bench-scale
bench-scale: $(BUILD)/bench/scale
	./$(BUILD)/bench/scale -s $(SCALE_SEED) -k $(SCALE_COUNT) > $(BUILD)/bench/scale.csv
	$(PYTHON) bench/scale_report.py $(BUILD)/bench/scale.csv

$(BUILD)/bench/scale: bench/scale.c bench/families.h contact.h
	@mkdir -p $(@D)
	$(CC) -O2 -march=native -Wall -Wextra -I. -Ibench -o $@ bench/scale.c -lm

clean:
	rm -rf $(BUILD)
