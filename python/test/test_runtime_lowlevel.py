"""asc.lib.runtime's low-level names (pyasc_api.md §1.9, Appendix A): types, devices, memory."""

import ctypes

import numpy as np
import pytest
from gm_kernels import copy_kernel

import asc.lib.runtime as rt
from asc.runtime import config
from asc.runtime.errors import LaunchValueError


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


def test_memory_sizes_are_the_hardware_tables():
    """MemorySizes (pyasc_api.md §1.9 names it without contents): the per-core buffers and the chip's L2 and
    HBM of a part, as the simulator uses them."""
    from asc import _C

    assert rt.MemorySizes.fields() == ("platform", "ub", "l1", "l0a", "l0b", "l0c", "bt", "fixbuf", "l2", "hbm")
    config.set_platform(config.Backend.Model, config.Platform.Ascend910B4)
    try:
        sizes = rt.MemorySizes.of()
        assert sizes == rt.MemorySizes(config.Platform.Ascend910B4, 192 << 10, (512 << 10) - 128, 64 << 10,
                                       64 << 10, 128 << 10, 1024, 7168, 96 << 20, 32 << 30)
        assert sizes.ub == _C.sim.platform_config("Ascend910B4").ub_bytes
        assert rt.MemorySizes.of("Ascend910B1").hbm == 64 << 30
        assert rt.MemorySizes.of(config.Platform.Ascend910_9362).l2 == 168 << 20
    finally:
        config.set_platform(config.Backend.Model, config.Platform.Ascend910B1)
    with pytest.raises(ValueError, match=r"^unknown platform 'Ascend999'"):
        rt.MemorySizes.of("Ascend999")
    with pytest.raises(AttributeError):
        sizes.ub = 0  # frozen


def test_all_names_resolve():
    for name in rt.__all__:
        assert hasattr(rt, name), name


def test_model_is_initialized_and_acl_init_finalize_are_idempotent():
    assert rt.is_initialized() is True
    rt.acl_init()
    rt.acl_init()
    rt.acl_finalize()
    rt.acl_finalize()
    assert rt.is_initialized() is True


def test_check_device_handle():
    rt.check_device_handle(0)
    with pytest.raises(ValueError, match=r"^the simulator has one device \(0\); got device 1$"):
        rt.check_device_handle(1)
    with pytest.raises(TypeError, match=r"^a device id is an int, got str '0'$"):
        rt.check_device_handle("0")


def test_device_info_answers_core_counts_of_the_part():
    mod, info = rt.DeviceModuleType, rt.DeviceInfoType
    old = config.current_platform()
    try:
        for platform in (config.Platform.Ascend910B1, config.Platform.Ascend910B4):
            rt.set_soc_version(platform)
            row = config.platform_info(platform)
            assert rt.device_info(mod.RT_MODULE_TYPE_AICORE, info.INFO_TYPE_CORE_NUM) == row.aic_cores
            assert rt.device_info(mod.RT_MODULE_TYPE_AICORE, info.INFO_TYPE_CUBE_NUM, 0) == row.aic_cores
            assert rt.device_info(mod.RT_MODULE_TYPE_VECTOR_CORE, info.INFO_TYPE_CORE_NUM) == row.aiv_cores
        assert rt.device_info(4, 3) == config.platform_info().aic_cores
        rt.set_soc_version(config.Platform.Ascend910B1)
        assert rt.device_info(mod.RT_MODULE_TYPE_VECTOR_CORE, info.INFO_TYPE_CORE_NUM) == 48
    finally:
        rt.set_soc_version(old)


def test_device_info_refuses_what_it_does_not_answer():
    mod, info = rt.DeviceModuleType, rt.DeviceInfoType
    with pytest.raises(ValueError, match=r"^device_info: pyasc answers core counts only: "
                                         r"\(RT_MODULE_TYPE_AICORE, INFO_TYPE_CORE_NUM\), .*; got "
                                         r"\(RT_MODULE_TYPE_AICPU, INFO_TYPE_CORE_NUM\)$"):
        rt.device_info(mod.RT_MODULE_TYPE_AICPU, info.INFO_TYPE_CORE_NUM)
    with pytest.raises(TypeError, match=r"^device_info: info_type is an asc.lib.runtime.DeviceInfoType, got int 7$"):
        rt.device_info(mod.RT_MODULE_TYPE_AICORE, 7)
    with pytest.raises(ValueError, match=r"got device 2$"):
        rt.device_info(mod.RT_MODULE_TYPE_AICORE, info.INFO_TYPE_CORE_NUM, device_id=2)


def test_c2c_ctrl_addr_is_the_model_constant():
    assert rt.c2c_ctrl_addr() == 0xE7FFE8064000


def test_current_tick_counts_simulated_cycles_of_every_launch():
    x = np.arange(64, dtype=np.float32)
    y = np.zeros_like(x)
    before = rt.current_tick()
    copy_kernel[1](x, y, 64)  # the first launch of the signature (general path)
    first = rt.last_launch().cycles
    assert first > 0 and rt.current_tick() == before + first
    copy_kernel[1](x, y, 64)  # a planned launch
    assert rt.current_tick() == before + first + rt.last_launch().cycles


def test_reset_device_destroys_its_streams_and_later_launches_work():
    x = np.arange(64, dtype=np.float32)
    y = np.zeros_like(x)
    mine = rt.create_stream()
    default = rt.current_stream()
    rt.reset_device()
    assert mine.destroyed and default.destroyed
    with pytest.raises(LaunchValueError, match="was destroyed"):
        copy_kernel[1, mine](x, y, 64)
    assert rt.current_stream() is not default
    copy_kernel[1, rt.current_stream()](x, y, 64)
    np.testing.assert_array_equal(y, x)
    rt.reset_device(0)
    with pytest.raises(ValueError, match=r"got device 3$"):
        rt.reset_device(3)


def test_malloc_memcpy_round_trip_through_device_memory():
    x = np.arange(100, dtype=np.float32)
    mem = rt.malloc(x.nbytes, rt.MemoryType.RT_MEMORY_HBM, rt.MallocPolicy.RT_MEMORY_POLICY_NONE)
    assert isinstance(mem, rt.Memory) and mem.nbytes == 400 and not mem.freed and mem.value
    rt.memcpy(mem, 400, x, 400, rt.MemcpyKind.RT_MEMCPY_HOST_TO_DEVICE)
    other = rt.malloc(400)
    rt.memcpy(other, 400, mem, 400, rt.MemcpyKind.RT_MEMCPY_DEVICE_TO_DEVICE)
    y = np.zeros_like(x)
    rt.memcpy(y, 400, other, 200, rt.MemcpyKind.RT_MEMCPY_DEVICE_TO_HOST)  # the first 50 floats
    np.testing.assert_array_equal(y[:50], x[:50])
    np.testing.assert_array_equal(y[50:], 0)
    z = bytearray(8)
    rt.memcpy(z, 8, x.tobytes(), 8, rt.MemcpyKind.RT_MEMCPY_HOST_TO_HOST)
    assert bytes(z) == x[:2].tobytes()
    rt.free(mem)
    rt.free(other)


def test_copy_data_to_and_from_device():
    x = np.arange(1024, dtype=np.int32)
    mem = rt.copy_data_to_device(x, x.nbytes)
    assert mem.nbytes == 4096 and mem.memory_type is rt.MemoryType.RT_MEMORY_HBM
    assert mem.policy is rt.MallocPolicy.RT_MEMORY_POLICY_HUGE_PAGE_ONLY
    y = np.empty_like(x)
    rt.copy_data_from_device(y, mem, x.nbytes)
    np.testing.assert_array_equal(y, x)
    rt.free(mem)
    with pytest.raises(ValueError, match=r"^copy_data_to_device: nbytes must be at least 1 byte, got 0$"):
        rt.copy_data_to_device(x, 0)


def test_memcpy_bounds_and_kinds_are_checked():
    mem = rt.malloc(16)
    H2D = rt.MemcpyKind.RT_MEMCPY_HOST_TO_DEVICE
    with pytest.raises(ValueError, match=r"^memcpy: dst_nbytes \(8\) is smaller than src_nbytes \(16\): "
                                         r"the copy does not fit$"):
        rt.memcpy(mem, 8, np.zeros(4, np.float32), 16, H2D)
    with pytest.raises(ValueError, match=r"^memcpy: dst_nbytes \(32\) is more than the destination's 16 bytes$"):
        rt.memcpy(mem, 32, np.zeros(8, np.float32), 32, H2D)
    with pytest.raises(ValueError, match=r"^memcpy: src_nbytes \(16\) is more than the source's 8 bytes$"):
        rt.memcpy(mem, 16, np.zeros(2, np.float32), 16, H2D)
    with pytest.raises(TypeError, match=r"^memcpy: the source is host memory for this kind .* choose the "
                                        r"MemcpyKind that matches$"):
        rt.memcpy(mem, 16, rt.malloc(16), 16, H2D)
    with pytest.raises(TypeError, match=r"^memcpy: the destination is device memory for this kind: an "
                                        r"asc.lib.runtime.Memory from rt.malloc, got ndarray$"):
        rt.memcpy(np.zeros(4, np.float32), 16, np.zeros(4, np.float32), 16, H2D)
    with pytest.raises(ValueError, match=r"^memcpy: kind is an asc.lib.runtime.MemcpyKind"):
        rt.memcpy(mem, 16, np.zeros(4, np.float32), 16, 9)
    with pytest.raises(ValueError, match=r"^memcpy: the destination is read-only \(bytes\)$"):
        rt.memcpy(b"12345678", 8, mem, 8, rt.MemcpyKind.RT_MEMCPY_DEVICE_TO_HOST)
    with pytest.raises(TypeError, match=r"^memcpy: the source is host memory for this kind: a numpy array, "
                                        r"bytes or bytearray \(pyasc checks its size\), got c_void_p$"):
        rt.memcpy(mem, 8, ctypes.c_void_p(1), 8, H2D)
    rt.free(mem)


def test_malloc_arguments_are_checked():
    with pytest.raises(ValueError, match=r"^malloc: size must be at least 1 byte, got 0$"):
        rt.malloc(0)
    with pytest.raises(TypeError, match=r"^malloc: size is an int number of bytes, got float 4.0$"):
        rt.malloc(4.0)
    with pytest.raises(ValueError, match=r"^malloc: policy is an asc.lib.runtime.MallocPolicy \(RT_MEMORY_POLICY_NONE"):
        rt.malloc(4, rt.MemoryType.RT_MEMORY_HBM, 3)
    assert rt.malloc(4, 2, 0x800).policy is rt.MallocPolicy.RT_MEMORY_POLICY_HUGE_PAGE_ONLY


def test_double_free_and_use_after_free_are_errors():
    mem = rt.malloc(8)
    rt.free(mem)
    assert mem.freed and mem.value is None
    with pytest.raises(ValueError, match=r"^free: Memory\(8 bytes, device=0, freed\) was freed \(rt.free, "
                                         r"rt.free_mem or rt.reset_device\)$"):
        rt.free(mem)
    with pytest.raises(ValueError, match=r"^memcpy: the source: Memory\(8 bytes, device=0, freed\) was freed"):
        rt.memcpy(np.zeros(2, np.float32), 8, mem, 8, rt.MemcpyKind.RT_MEMCPY_DEVICE_TO_HOST)


def test_free_mem_and_reset_device_release_every_allocation():
    a, b = rt.malloc(8), rt.malloc(8)
    rt.free(a)
    rt.free_mem()
    assert b.freed
    c = rt.malloc(8)
    rt.reset_device()
    assert c.freed


def test_memory_calls_are_refused_on_the_npu_backend(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(config, "current_backend", lambda: config.Backend.NPU)
    with pytest.raises(RuntimeError, match=r"^malloc: pyasc's NPU backend does not expose CANN's device memory "
                                           r"calls; a kernel launch copies numpy arrays and torch tensors"):
        rt.malloc(8)


def test_a_non_contiguous_host_array_is_refused():
    mem = rt.malloc(16)
    with pytest.raises(ValueError, match=r"^memcpy: the source must be C-contiguous \(np.ascontiguousarray\)$"):
        rt.memcpy(mem, 16, np.zeros(8, np.float32)[::2], 16, rt.MemcpyKind.RT_MEMCPY_HOST_TO_DEVICE)
    rt.free(mem)


@pytest.mark.parametrize("call", [
    lambda: rt.register_device_binary_kernel(b"\x7fELF", rt.magic_elf_value(rt.CoreType.VectorCore)),
    lambda: rt.unregister_device_binary_kernel(ctypes.c_void_p(1)),
    lambda: rt.register_function(ctypes.c_void_p(1), "k", 0),
    lambda: rt.launch_kernel(ctypes.c_void_p(1), 1, []),
])
def test_device_binary_calls_are_refused_on_the_simulator(call):
    with pytest.raises(RuntimeError, match=r": needs CANN's runtime and a device binary built by bisheng, which the "
                                           r"simulator does not use; an @asc.jit kernel launches without it "
                                           r"\(kernel\[num_blocks\]\(\.\.\.\)\)\. Select the NPU backend"):
        call()


def test_calls_pyasc_does_not_wrap_say_so():
    with pytest.raises(RuntimeError, match=r"^set_pro_switch: pyasc does not wrap it on either backend; the "
                                           r"simulator reports each launch's timing in rt.last_launch\(\)$"):
        rt.set_pro_switch(rt.ProfilingCommandHandle.Type.PROF_COMMANDHANDLE_TYPE_START)
    with pytest.raises(RuntimeError, match=r"^npu_utils: pyasc does not wrap it on either backend"):
        rt.npu_utils()
    with pytest.raises(RuntimeError, match=r"^call_print_interface: pyasc does not wrap it on either backend; a "
                                           r"kernel's printf / dump_tensor output is printed by its launch"):
        rt.call_print_interface()


def test_stream_calls_take_the_specs_keywords():
    stream = rt.create_stream(priority=0)
    rt.synchronize(stream_handle=stream, timeout=0)
    rt.destroy_stream(stream_handle=stream)
    assert stream.destroyed
    with pytest.raises(TypeError, match=r"^destroy_stream: stream_handle is an asc.lib.runtime.Stream, got int$"):
        rt.destroy_stream(1)


def test_custom_lib_prefix_is_refused_not_ignored():
    before = config.current_backend()
    with pytest.raises(ValueError, match=r"^use_model: custom_lib_prefix is not supported: the simulator is built "
                                         r"into pyasc and loads no CANN library; call use_model\(\)$"):
        rt.use_model("/opt/cann/simulator/Ascend910B1/lib")
    with pytest.raises(ValueError, match=r"^use_npu: custom_lib_prefix is not supported: the NPU backend finds "
                                         r"CANN through ASCEND_HOME_PATH \(docs/npu.md\); set it and call "
                                         r"use_npu\(\)$"):
        rt.use_npu(custom_lib_prefix="/usr/local/Ascend/lib64")
    assert config.current_backend() is before
    rt.use_model(custom_lib_prefix=None)
    assert config.current_backend() is config.Backend.Model


def test_set_soc_version_takes_pyascs_keyword():
    before = config.current_platform()
    try:
        rt.set_soc_version(soc_verison=config.Platform.Ascend910B4)
        assert rt.get_soc_version() is config.Platform.Ascend910B4
        rt.set_soc_version(platform=config.Platform.Ascend910B2)
        assert rt.get_soc_version() is config.Platform.Ascend910B2
        with pytest.raises(TypeError, match=r"^set_soc_version takes one platform"):
            rt.set_soc_version()
        with pytest.raises(TypeError, match=r"^set_soc_version takes one platform"):
            rt.set_soc_version(config.Platform.Ascend910B1, soc_verison=config.Platform.Ascend910B1)
    finally:
        rt.set_soc_version(before)


def test_synchronize_timeout(monkeypatch: pytest.MonkeyPatch):
    rt.synchronize(timeout=100)  # the simulator: nothing left to wait for
    with pytest.raises(TypeError, match=r"^synchronize: timeout is a non-negative int"):
        rt.synchronize(timeout=-1)
    with pytest.raises(TypeError, match=r"^synchronize: timeout is a non-negative int"):
        rt.synchronize(timeout=1.5)
    monkeypatch.setattr(config, "current_backend", lambda: config.Backend.NPU)
    with pytest.raises(ValueError, match=r"^synchronize: a timeout is not supported on the NPU backend"):
        rt.synchronize(timeout=100)
