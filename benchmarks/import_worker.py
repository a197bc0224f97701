"""Fresh-process probe of one import: `import_worker.py numpy` or `import_worker.py asc`.

Prints one JSON line: {"import": wall seconds, "cpu": CPU seconds, "module": name}. The import is
the first statement timed, as in compile_worker.py, so that both rows of the ratio pay the
interpreter's start-up alike. "cpu" is the main thread's CPU time (user + system) over the same
span: the wall time also holds the time the process waited for a core on a shared host, and the
process's CPU time would also hold what numpy's OpenBLAS worker thread burns spinning meanwhile.
"""

from __future__ import annotations

import time

_T0 = time.perf_counter()
import importlib  # noqa: E402
import json  # noqa: E402
import sys  # noqa: E402

_MODULE = sys.argv[1]
_C1, _T1 = time.thread_time(), time.perf_counter()
importlib.import_module(_MODULE)
_IMPORT, _CPU = time.perf_counter() - _T1, time.thread_time() - _C1

print(json.dumps({"import": _IMPORT, "cpu": _CPU, "module": _MODULE}))
