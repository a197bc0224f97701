"""lit configuration of the ascir test suite (dialect, passes, emitter)."""

import os

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "ASCIR"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
# .test: checks of the generated tables (test/TableGen).
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]

config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = config.ascir_test_obj_dir

config.substitutions.append(("%PATH%", config.environment["PATH"]))
# The simulator's Ascend C headers (hand-written and generated from ODS), to compile emitted source in
# tests: `-I %sim_include` names both directories.
config.substitutions.append(("%sim_include", os.path.join(config.ascir_src_root, "sim", "include") + " -I " +
                             os.path.join(config.ascir_obj_root, "gen", "include")))
# The headers generated from ODS (ascsim/gen/*.h), to check them.
config.substitutions.append(("%asc_gen_include", os.path.join(config.ascir_obj_root, "gen", "include")))
config.environment["FILECHECK_OPTS"] = "--enable-var-scope"

llvm_config.use_default_substitutions()

# Our tools come first, then FileCheck, not and count from LLVM.
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
tool_dirs = [config.ascir_tools_dir, config.llvm_tools_dir]
tools = [
    ToolSubst("ascir-opt", unresolved="fatal"),
    ToolSubst("ascir-translate", unresolved="fatal"),
]
llvm_config.add_tool_substitutions(tools, tool_dirs)
