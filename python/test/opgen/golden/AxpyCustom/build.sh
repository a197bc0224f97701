#!/bin/bash
# Configures, builds and installs the package into build_out/install (needs CANN: ASCEND_HOME_PATH).
set -euo pipefail
cd "$(dirname "$0")"
: "${ASCEND_HOME_PATH:?set ASCEND_HOME_PATH to the CANN toolkit (source its set_env.sh)}"
export ASCEND_CANN_PACKAGE_PATH="$ASCEND_HOME_PATH"
cmake --preset=default
cmake --build build_out -j 2
cmake --install build_out --prefix build_out/install
