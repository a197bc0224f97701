"""asc.lib.runtime streams and devices as a user calls them: a device the backend does not have and a
destroyed stream are refused, not silently used."""

from __future__ import annotations

import numpy as np
import pytest
from gm_kernels import copy_kernel

import asc.lib.runtime as rt
from asc.runtime.errors import LaunchValueError


def test_a_stream_of_a_device_the_simulator_does_not_have() -> None:
    with pytest.raises(ValueError, match=r"^the simulator has one device \(0\); got device 1$"):
        rt.current_stream(device_id=1)
    assert rt.current_stream(device_id=0) is rt.current_stream()


def test_a_device_id_must_be_an_int() -> None:
    with pytest.raises(TypeError, match=r"^a device id is an int, got str '0'$"):
        rt.set_device("0")
    with pytest.raises(TypeError, match=r"^a device id is an int, got float 0.0$"):
        rt.current_stream(device_id=0.0)
    rt.set_device(np.int64(0))
    assert rt.current_device() == 0


def test_a_destroyed_stream_cannot_launch() -> None:
    x = np.arange(64, dtype=np.float32)
    y = np.zeros_like(x)
    stream = rt.create_stream()
    copy_kernel[1, stream](x, y, 64)
    np.testing.assert_array_equal(y, x)
    rt.destroy_stream(stream)
    with pytest.raises(LaunchValueError) as e:
        copy_kernel[1, stream](x, y, 64)
    assert e.value.message == (f"kernel 'copy_kernel': the stream {stream!r} was destroyed (rt.destroy_stream); "
                               "launch on rt.current_stream() or a new rt.create_stream()")
    assert e.value.location.file == __file__
    default = rt.current_stream()
    rt.destroy_stream(default)
    assert rt.current_stream() is not default  # a new default stream
    copy_kernel[1, rt.current_stream()](x, y, 64)
