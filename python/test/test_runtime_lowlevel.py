"""asc.lib.runtime's low-level names (pyasc_api.md §1.9, Appendix A): types, devices, memory."""

import ctypes

import pytest

import asc.lib.runtime as rt


def test_magic_elf_values_are_the_specs():
    assert rt.MagicElf.ELF == 0x43554245
    assert rt.MagicElf.AIVEC == 0x41415246
    assert rt.MagicElf.AICUBE == 0x41494343
    assert rt.MagicElf.AICPU == 0x41415243
    assert rt.MagicElf.RT_DEV_BINARY_MAGIC_ELF_AIVEC is rt.MagicElf.AIVEC


def test_magic_elf_value_by_core_type():
    assert [rt.magic_elf_value(c) for c in rt.CoreType] == [0x43554245, 0x41415246, 0x41494343, 0x41415243]
    assert [c.name for c in rt.CoreType] == ["AiCore", "VectorCore", "CubeCore", "AiCpu"]
    assert type(rt.magic_elf_value(rt.CoreType.VectorCore)) is int


def test_magic_elf_value_refuses_a_non_core_type():
    with pytest.raises(TypeError, match=r"magic_elf_value takes an asc.lib.runtime.CoreType "
                                        r"\(AiCore, VectorCore, CubeCore, AiCpu\), got int 1"):
        rt.magic_elf_value(1)


def test_device_info_type_values():
    assert rt.DeviceInfoType.INFO_TYPE_CORE_NUM == 3
    assert rt.DeviceInfoType.INFO_TYPE_CUBE_NUM == 0x775A5A5A
    assert rt.DeviceModuleType.RT_MODULE_TYPE_AICORE == 4
    assert rt.DeviceModuleType.RT_MODULE_TYPE_VECTOR_CORE == 7


def test_memory_enums():
    assert [int(k) for k in rt.MemcpyKind] == [0, 1, 2, 3]
    assert rt.MemcpyKind.RT_MEMCPY_HOST_TO_DEVICE == 1
    assert rt.MemoryType.RT_MEMORY_DEFAULT == 0 and rt.MemoryType.RT_MEMORY_HBM == 2
    assert rt.MallocPolicy.RT_MEMORY_POLICY_NONE == 0
    assert rt.MallocPolicy.RT_MEMORY_POLICY_HUGE_PAGE_ONLY == 0x800


def test_handle_aliases_and_stream_class():
    assert rt.Kernel is ctypes.c_void_p and rt.Function is ctypes.c_void_p
    assert isinstance(rt.current_stream(), rt.Stream)
    assert rt.ProfilingCommandHandle.Type.PROF_COMMANDHANDLE_TYPE_START == 1


def test_msprof_task_type():
    assert rt.msprof_task_type(rt.CoreType.VectorCore) == rt.MsprofTaskType.MSPROF_GE_TASK_TYPE_AIV == 2
    assert rt.msprof_task_type(rt.CoreType.CubeCore) == 0
    assert rt.msprof_task_type(rt.CoreType.AiCpu) == 1
    with pytest.raises(ValueError, match=r"msprof_task_type: pyasc has no msprof task type for CoreType.AiCore"):
        rt.msprof_task_type(rt.CoreType.AiCore)


def test_all_names_resolve():
    for name in rt.__all__:
        assert hasattr(rt, name), name
