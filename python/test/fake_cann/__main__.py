"""`python python/test/fake_cann DEST [experiment|pkg_inc]`: builds a fake CANN tree in DEST (see __init__)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fake_cann import build  # noqa: E402

print(build(Path(sys.argv[1]).resolve(), *sys.argv[2:3]))
