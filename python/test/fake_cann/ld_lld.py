"""Fake CANN (pyasc tests): `ld.lld`. Records its command line in $FAKE_CANN_LOG_DIR/tools.jsonl and
packs the objects into the output: "FAKEPACK", u32 count, then per object u32 name length, name
(the object's file name), u64 size and its bytes (the fake runtime unpacks them)."""

import json
import os
import struct
import sys


def main(argv: list) -> int:
    log_dir = os.environ.get("FAKE_CANN_LOG_DIR")
    if log_dir:
        with open(os.path.join(log_dir, "tools.jsonl"), "a") as f:
            f.write(json.dumps({"tool": "ld.lld", "argv": argv}) + "\n")
    if argv[:2] != ["-m", "aicorelinux"] or "-o" not in argv:
        print(f"fake ld.lld: error: expected `-m aicorelinux ... -o <output>`, got {argv}", file=sys.stderr)
        return 1
    output = argv[argv.index("-o") + 1]
    objects = [a for i, a in enumerate(argv) if not a.startswith("-") and argv[i - 1] not in ("-m", "-o")]
    blob = bytearray(b"FAKEPACK" + struct.pack("<I", len(objects)))
    for path in objects:
        name = os.path.basename(path).encode()
        with open(path, "rb") as f:
            data = f.read()
        blob += struct.pack("<I", len(name)) + name + struct.pack("<Q", len(data)) + data
    with open(output, "wb") as f:
        f.write(blob)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
