# pyasc — the two commands of the quick start:
#   make run    install what is missing, then run tutorial 01 on the simulator
#   make test   the same set-up, then every test suite (lit, C++ unit tests, pytest)
#   make wheel-test  builds the self-contained wheel (build/dist), installs it into a fresh venv
#               and runs a kernel with it outside the source tree (scripts/check_wheel.py)
# Both are idempotent: stamps under .stamps/ skip every step whose inputs did not change.

SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
STAMPS := .stamps
BUILD := build/py
LLVM_BIN := /usr/lib/llvm-19/bin
LIT := /usr/lib/llvm-19/build/utils/lit/lit.py
APT_PACKAGES := g++ ninja-build ccache llvm-19-dev libmlir-19-dev mlir-19-tools llvm-19-tools libgtest-dev \
                clang-format-19
PIP_BUILD := scikit-build-core nanobind numpy pytest ruff hypothesis
TORCH := torch==2.13.0
export CMAKE_BUILD_PARALLEL_LEVEL ?= 2
# Let ccache share objects between clones in different directories (CI builds a fresh clone).
export CCACHE_BASEDIR := $(CURDIR)
export CCACHE_NOHASHDIR := 1

NATIVE_SOURCES := $(shell find CMakeLists.txt pyproject.toml include lib bin sim python/src test -type f \
                    \( -name '*.cpp' -o -name '*.h' -o -name '*.td' -o -name '*.txt' -o -name '*.toml' \
                       -o -name '*.in' -o -name '*.py' \) 2>/dev/null) python/asc/runtime/kernel_flags.py

.PHONY: run test build lint format clean wheel-test bytecode
run: $(STAMPS)/build bytecode
	$(VPY) python/tutorials/01_add/add.py -r Model -v Ascend910B1

test: $(STAMPS)/build bytecode
	$(VPY) $(LIT) -sv $(BUILD)/test
	ctest --test-dir $(BUILD) --output-on-failure
	$(VPY) -m pytest -q python/test benchmarks

build: $(STAMPS)/build bytecode

# The package's bytecode, as pip writes it for an installed wheel: with PYTHONDONTWRITEBYTECODE set
# (this machine sets it) every process would compile pyasc from source, a third of `import asc`.
# Up to date in 0.1 s.
bytecode: $(STAMPS)/build
	@$(VPY) -m compileall -q python/asc >/dev/null

# Its own build directory (build/wheel), so it leaves the editable build alone.
wheel-test: $(STAMPS)/venv
	$(VPY) -m pip install -q auditwheel
	$(VPY) scripts/check_wheel.py

# The C++ that clang-format (LLVM style, .clang-format) keeps: the compiler, the simulator, the
# bindings; not the test inputs whose text the tests read (python/test, test/Target).
CXX_FORMATTED = $(shell git ls-files 'include/*.h' 'include/*.cpp' 'lib/*.h' 'lib/*.cpp' 'bin/*.cpp' \
                  'sim/*.h' 'sim/*.cpp' 'python/src/*.h' 'python/src/*.cpp' 'python/asc/*.h' \
                  'benchmarks/floor/*.h' 'benchmarks/floor/*.cpp' 2>/dev/null)

lint: $(STAMPS)/venv
	$(VPY) -m ruff check python scripts benchmarks lib/TableGen sim/examples test/Target
	@echo "clang-format-19 --dry-run -Werror <$(words $(CXX_FORMATTED)) C++ files>"
	@clang-format-19 --dry-run -Werror $(CXX_FORMATTED)

format: $(STAMPS)/apt
	@clang-format-19 -i $(CXX_FORMATTED)

# Debian packages: installed only when one is missing (apt-get update runs once, then).
$(STAMPS)/apt:
	@mkdir -p $(STAMPS)
	@missing=$$(for p in $(APT_PACKAGES); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null \
	    | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages: $$missing"; \
	  SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi
	@touch $@

# The virtual environment with the build tools, test tools and torch (CPU); redone when the package
# lists in this Makefile change.
$(STAMPS)/venv: $(STAMPS)/apt Makefile
	@[ -x $(VPY) ] || $(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install -q $(PIP_BUILD)
	$(VPY) -m pip install -q $(TORCH) || echo "warning: torch could not be installed; torch tests will be skipped"
	@touch $@

# The package in editable mode; the native part is rebuilt (incrementally) when its sources change.
$(STAMPS)/build: $(STAMPS)/venv $(NATIVE_SOURCES)
	$(VPY) -m pip install -q --no-build-isolation -e .
	@touch $@

clean:
	rm -rf build $(STAMPS) .venv
