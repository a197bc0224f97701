"""`asc.runtime.list_tensor(arrays)`: a list of numpy arrays or torch CPU tensors passed to a kernel as one
`asc.GlobalAddress`, the descriptor that `asc.ListTensorDesc` reads.

The descriptor is uint64 words in this implementation's own layout (the spec gives none; docs/language.md
"List tensors"):

    word 0                  P, the byte offset of the pointer table
    words 1 .. P/8 - 1      per tensor i: dim_i | index_i << 32, then its dim_i dimensions
    words P/8 .. P/8 + N-1  per tensor i: the address of its data

The arrays are passed zero-copy like any array argument: the kernel reads and writes the caller's memory,
so what it writes into them is in the caller's objects after the launch. Each array is also a GM argument
of the launch (named `<argument>[i]`) for the simulator's bounds checks.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

#: The dimension count and index each take 32 bits of an entry's first word.
_U32 = 1 << 32


class ListTensor:
    """The arrays of a list tensor and its descriptor (a uint64 numpy array). Keeps the arrays alive;
    their addresses are read when the descriptor is built, so an array must not be reallocated
    (e.g. a torch tensor resized) while the ListTensor is in use."""

    __slots__ = ("arrays", "indices", "descriptor")

    def __init__(self, arrays: Iterable[Any], indices: Iterable[int] | None = None) -> None:
        from .specialize import _tensor_info

        self.arrays = list(arrays)
        if not self.arrays:
            raise ValueError("list_tensor: the list is empty; a ListTensorDesc describes at least one tensor")
        self.indices = list(range(len(self.arrays))) if indices is None else [int(i) for i in indices]
        if len(self.indices) != len(self.arrays):
            raise ValueError(f"list_tensor: {len(self.indices)} indices for {len(self.arrays)} tensors")
        shapes: list[tuple[int, ...]] = []
        addresses: list[int] = []
        for i, a in enumerate(self.arrays):
            info = _tensor_info(f"list_tensor[{i}]", a)
            if info is None:
                raise TypeError(f"list_tensor: element {i} is a {type(a).__name__}; pass numpy arrays or "
                                "torch CPU tensors")
            shapes.append(tuple(int(d) for d in a.shape))
            addresses.append(info[0])
        for i, index in enumerate(self.indices):
            if not 0 <= index < _U32:
                raise ValueError(f"list_tensor: index {index} of tensor {i} does not fit in 32 bits")
        words: list[int] = [0]
        for shape, index in zip(shapes, self.indices):
            words.append(len(shape) | index << 32)
            words.extend(shape)
        words[0] = 8 * len(words)
        words.extend(addresses)
        self.descriptor = np.array(words, dtype=np.uint64)

    @property
    def shape_size(self) -> int:
        """The number of words of the shape entries (ListTensorDesc's `shape_size`)."""
        return int(self.descriptor[0]) // 8 - 1

    def __len__(self) -> int:
        return len(self.arrays)

    def regions(self, name: str) -> list[tuple[int, int, str]]:
        """The GM regions of a launch argument `name`: the descriptor and each array."""
        from .specialize import _tensor_info

        found = [(self.descriptor.ctypes.data, self.descriptor.nbytes, name)]
        for i, a in enumerate(self.arrays):
            info = _tensor_info(f"{name}[{i}]", a)
            assert info is not None
            found.append((info[0], info[1], f"{name}[{i}]"))
        return found

    def __repr__(self) -> str:
        return f"ListTensor({len(self.arrays)} tensors)"


def list_tensor(arrays: Iterable[Any], indices: Iterable[int] | None = None) -> ListTensor:
    """A list tensor of `arrays` (numpy arrays or torch CPU tensors, any shapes and dtypes) for a kernel
    argument annotated `asc.GlobalAddress` that the kernel reads with `asc.ListTensorDesc`. `indices`
    sets each tensor's index word (`TensorDesc.get_index()`; default: its position)."""
    return ListTensor(arrays, indices)


__all__ = ["ListTensor", "list_tensor"]
