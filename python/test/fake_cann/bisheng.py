"""Fake CANN (pyasc tests): `bisheng`. Records its command line in $FAKE_CANN_LOG_DIR/tools.jsonl and
compiles the source with the host compiler against pyasc's simulator headers into the "device
object" (a shared object the fake runtime runs on the simulator). The -D definitions are kept; the
CANN-only flags are checked for and dropped.

$FAKE_BISHENG_FAIL=always makes every compile fail; =licm makes it fail unless the command has the
retry flag `-mllvm -disable-machine-licm`.
"""

import json
import os
import subprocess
import sys

CONFIG = json.loads(os.environ.get("FAKE_CANN_CONFIG", "{}")) or {}  # replaced when installed


def main(argv: list) -> int:
    log_dir = os.environ.get("FAKE_CANN_LOG_DIR")
    if log_dir:
        with open(os.path.join(log_dir, "tools.jsonl"), "a") as f:
            f.write(json.dumps({"tool": "bisheng", "argv": argv}) + "\n")
    fail = os.environ.get("FAKE_BISHENG_FAIL", "")
    if fail == "always" or (fail == "licm" and "-disable-machine-licm" not in argv):
        print("fake bisheng: error: the machine LICM pass crashed (injected by FAKE_BISHENG_FAIL)",
              file=sys.stderr)
        return 1
    with_value = {"-o", "-x", "-include", "-mllvm"}
    sources, defines, output, i = [], [], None, 0
    while i < len(argv):
        arg = argv[i]
        if arg in with_value:
            if arg == "-o":
                output = argv[i + 1]
            i += 2
            continue
        if arg.startswith("-D"):
            defines.append(arg)
        elif not arg.startswith("-"):
            sources.append(arg)
        i += 1
    if "-c" not in argv or "--cce-aicore-only" not in argv or output is None or len(sources) != 1:
        print(f"fake bisheng: error: expected `-c <source> --cce-aicore-only -o <object>`, got {argv}",
              file=sys.stderr)
        return 2
    cmd = [CONFIG["cxx"], *CONFIG["cxx_flags"], *defines, *CONFIG["pch"], f"-I{CONFIG['sim_include']}",
           "-x", "c++", sources[0], "-o", output, f"-L{CONFIG['sim_lib']}", "-lascsim",
           f"-Wl,-rpath,{CONFIG['sim_lib']}"]
    return subprocess.run(cmd).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
