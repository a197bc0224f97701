"""Fresh-process probe of one import: `import_worker.py numpy` or `import_worker.py asc`.

Prints one JSON line: {"import": seconds}. The import is the first statement timed, as in
compile_worker.py, so that both rows of the ratio pay the interpreter's start-up alike.
"""

from __future__ import annotations

import time

_T0 = time.perf_counter()
import importlib  # noqa: E402
import json  # noqa: E402
import sys  # noqa: E402

_MODULE = sys.argv[1]
_T1 = time.perf_counter()
importlib.import_module(_MODULE)
_IMPORT = time.perf_counter() - _T1

print(json.dumps({"import": _IMPORT, "module": _MODULE}))
