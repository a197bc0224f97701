"""List tensors (pyasc §1.5.16): asc.TensorDesc and asc.ListTensorDesc over a descriptor built by
asc.runtime.list_tensor — the exact IR and Ascend C of every method (the extra include), values read back
through GM, a kernel summing a list of differently shaped tensors against numpy with its result written
into a list, and bad input (element types, a descriptor index past the list, malformed descriptors)."""

from __future__ import annotations

import inspect
from pathlib import Path

import numpy as np
import pytest

import asc
from asc.codegen.errors import CompileError, CompileTypeError
from asc.runtime import list_tensor
from asc.runtime.errors import KernelError

N_OUT = 32
SHAPES = [(4, 8), (16,), (2, 2, 4)]


def line_of(kernel, text: str) -> int:
    lines, first = inspect.getsourcelines(kernel.fn)
    return first + next(i for i, line in enumerate(lines) if text in line)


@asc.jit(always_compile=True)
def describe(xs: asc.GlobalAddress, shape: asc.GlobalAddress, out: asc.GlobalAddress, n: int, words: int):
    og = asc.GlobalTensor()
    og.set_global_buffer(out, N_OUT)
    lst = asc.ListTensorDesc(xs, n, words)
    og.set_value(0, lst.get_size())
    d = asc.TensorDesc(asc.float16)
    d.set_shape_addr(shape)
    lst.get_desc(d, 2)
    og.set_value(1, d.get_dim())
    og.set_value(2, d.get_index())
    og.set_value(3, d.get_shape(0))
    og.set_value(4, d.get_shape(2))
    g = d.get_data_obj()
    og.set_value(5, g.get_size())
    og.set_value(6, g.get_value(3))
    p = d.get_data_ptr()
    q = lst.get_data_ptr(2, asc.float16)
    gp = asc.GlobalTensor()
    gp.set_global_buffer(p, 16)
    gq = asc.GlobalTensor()
    gq.set_global_buffer(q, 16)
    og.set_value(7, gp.get_value(5) + gq.get_value(6))
    e = asc.ListTensorDesc()
    e.init(xs)
    og.set_value(8, e.get_size())
    e.get_desc(d, 0)
    og.set_value(9, d.get_shape(1))


def _xs():
    return [np.arange(int(np.prod(s)), dtype=np.float16).reshape(s) + 10 * i for i, s in enumerate(SHAPES)]


@pytest.fixture(scope="module")
def described(tmp_path_factory: pytest.TempPathFactory) -> tuple[np.ndarray, str, str]:
    dump = tmp_path_factory.mktemp("dump")
    mp = pytest.MonkeyPatch()
    mp.setenv("PYASC_DUMP_PATH", str(dump))
    try:
        xs = _xs()
        lt = list_tensor(xs, indices=[7, 8, 9])
        shape = np.zeros(4, dtype=np.uint64)
        out = np.full(N_OUT, -1, dtype=np.int64)
        describe[1](lt, shape, out, 3, lt.shape_size)
    finally:
        mp.undo()
    folder = next(dump.glob("describe-*"))
    np.testing.assert_array_equal(shape, [4, 8, 4, 0])  # tensor 2's shape, then tensor 0's over it
    return out, (folder / "ascir.mlir").read_text(), (folder / "ascendc.cpp").read_text()


@pytest.mark.values("TensorDesc", "ListTensorDesc")
def test_values_read_through_the_descriptor(described) -> None:
    out, _, _ = described
    expected = [3, 3, 9, 2, 4, 16, 23, 25 + 26, 3, 8]
    np.testing.assert_array_equal(out[:len(expected)], expected)
    assert (out[len(expected):] == -1).all()


# The exact IR of each constructor and method of the two classes (pyasc's test_list_tensor.py has 11).
IR_FORMS = {
    "tensor_desc": r"%[-\w]+ = asc.tensor_desc : !asc.tensor_desc<f16>",
    "set_shape_addr": r"asc.tensor_desc_set_shape_addr %[-\w]+, %[-\w]+ : !asc.tensor_desc<f16>, !asc.gm_addr<ui64>",
    "get_dim": r"%[-\w]+ = asc.tensor_desc_get_dim %[-\w]+ : !asc.tensor_desc<f16> -> i64",
    "get_index": r"%[-\w]+ = asc.tensor_desc_get_index %[-\w]+ : !asc.tensor_desc<f16> -> i64",
    "get_shape": r"%[-\w]+ = asc.tensor_desc_get_shape %[-\w]+, %[-\w]+ : !asc.tensor_desc<f16>, i32 -> i64",
    "tensor_get_data_ptr": r"%[-\w]+ = asc.tensor_desc_get_data_ptr %[-\w]+ : !asc.tensor_desc<f16> -> !asc.gm_addr<f16>",
    "get_data_obj": r"%[-\w]+ = asc.tensor_desc_get_data_obj %[-\w]+ : !asc.tensor_desc<f16> -> !asc.global_tensor<f16>",
    "list_tensor_desc": r"%[-\w]+ = asc.list_tensor_desc\(%[-\w]+, %[-\w]+, %[-\w]+ : !asc.gm_addr<ui64>\) : !asc.list_tensor_desc",
    "list_tensor_desc_empty": r"%[-\w]+ = asc.list_tensor_desc : !asc.list_tensor_desc",
    "init": r"asc.list_tensor_desc_init %[-\w]+, %[-\w]+, %[-\w]+, %[-\w]+ : !asc.list_tensor_desc, !asc.gm_addr<ui64>, i32, i32",
    "get_desc": r"asc.list_tensor_desc_get_desc %[-\w]+, %[-\w]+, %[-\w]+ : !asc.list_tensor_desc, !asc.tensor_desc<f16>, i32",
    "list_get_data_ptr": r"%[-\w]+ = asc.list_tensor_desc_get_data_ptr %[-\w]+, %[-\w]+ : !asc.list_tensor_desc, i32 -> "
                         r"!asc.gm_addr<f16>",
    "get_size": r"%[-\w]+ = asc.list_tensor_desc_get_size %[-\w]+ : !asc.list_tensor_desc -> i32",
}


@pytest.mark.parametrize("form", sorted(IR_FORMS))
def test_ir_form(described, form: str) -> None:
    import re

    _, ir, _ = described
    lines = [line.strip() for line in ir.splitlines()]
    pattern = re.compile(IR_FORMS[form] + r"( loc\(.*\))?")
    assert any(pattern.fullmatch(line) for line in lines), f"no line of the IR is {IR_FORMS[form]}"


CPP_FORMS = [
    '#include "kernel_operator_list_tensor_intf.h"',
    r"AscendC::ListTensorDesc \w+\(\w+, \w+, \w+\);",
    r"AscendC::ListTensorDesc \w+;",
    r"AscendC::TensorDesc<half> \w+;",
    r"\w+\.SetShapeAddr\(\w+\);",
    r"\w+\.GetDesc\(\w+, 2\);",
    r"\w+\.Init\(\w+, -1, -1\);",
    r"AscendC::GlobalTensor<half> \w+ = \w+\.GetDataObj\(\);",
    r".*\w+\.GetDataPtr<half>\(2\).*",
    r".*\w+\.GetDataPtr\(\).*",
    r".*\w+\.GetSize\(\).*",
    r".*\w+\.GetDim\(\).*",
    r".*\w+\.GetIndex\(\).*",
    r".*\w+\.GetShape\(0\).*",
]


@pytest.mark.parametrize("form", CPP_FORMS)
def test_ascendc_form(described, form: str) -> None:
    import re

    _, _, cpp = described
    lines = [line.strip() for line in cpp.splitlines()]
    assert any(re.fullmatch(form, line) for line in lines), form


def test_the_include_only_with_list_tensors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    @asc.jit(always_compile=True)
    def plain(x: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(x, 8)
        g.set_value(0, 1.0)

    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path))
    plain[1](np.zeros(8, np.float32))
    cpp = (next(tmp_path.glob("plain-*")) / "ascendc.cpp").read_text()
    assert '#include "kernel_operator.h"' in cpp and "kernel_operator_list_tensor_intf.h" not in cpp


TILE = 16


@asc.jit(always_compile=True)
def add_list(xs: asc.GlobalAddress, zs: asc.GlobalAddress, shape: asc.GlobalAddress):
    xl = asc.ListTensorDesc(xs)
    zl = asc.ListTensorDesc()
    zl.init(zs)
    d = asc.TensorDesc(asc.float32)
    d.set_shape_addr(shape)
    acc = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, TILE)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 1024, TILE)
    asc.duplicate(acc, 0.0, TILE)
    for i in range(xl.get_size()):
        xl.get_desc(d, i)
        asc.data_copy(t, d.get_data_obj(), TILE)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        asc.add(acc, acc, t, TILE)
        asc.set_flag(asc.HardEvent.V_MTE2, 0)
        asc.wait_flag(asc.HardEvent.V_MTE2, 0)
    for j in range(zl.get_size()):
        z = asc.GlobalTensor()
        z.set_global_buffer(zl.get_data_ptr(j, asc.float32), TILE)
        asc.adds(t, acc, j.cast(asc.float32), TILE)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(z, t, TILE)
        asc.set_flag(asc.HardEvent.MTE3_V, 0)
        asc.wait_flag(asc.HardEvent.MTE3_V, 0)


@pytest.mark.values("TensorDesc", "ListTensorDesc")
def test_sum_of_a_list_of_differently_shaped_tensors() -> None:
    rng = np.random.default_rng(17)
    xs = [rng.standard_normal(s).astype(np.float32) for s in [(TILE,), (4, 4), (2, 2, 4)]]
    zs = [np.zeros((2, 8), np.float32), np.zeros(TILE, np.float32)]
    add_list[1](list_tensor(xs), list_tensor(zs), np.zeros(4, np.uint64))
    total = xs[0].reshape(-1) + xs[1].reshape(-1) + xs[2].reshape(-1)
    np.testing.assert_allclose(zs[0].reshape(-1), total, rtol=1e-6)
    np.testing.assert_allclose(zs[1], total + 1, rtol=1e-6)


def test_a_list_of_torch_tensors_is_written_back() -> None:
    torch = pytest.importorskip("torch")
    xs = [torch.arange(TILE, dtype=torch.float32), torch.ones(4, 4)]
    zs = [torch.zeros(TILE)]
    add_list[1](list_tensor(xs), list_tensor(zs), np.zeros(4, np.uint64))
    assert torch.equal(zs[0], torch.arange(TILE, dtype=torch.float32) + 1)  # z_0 = x_0 + x_1 + 0


@asc.jit(always_compile=True)
def desc_at(xs: asc.GlobalAddress, shape: asc.GlobalAddress, index: int):
    lst = asc.ListTensorDesc(xs)
    d = asc.TensorDesc(asc.float32)
    d.set_shape_addr(shape)
    lst.get_desc(d, index)


def test_a_descriptor_index_past_the_list_is_an_error_at_its_line() -> None:
    xs = [np.zeros(4, np.float32), np.zeros(8, np.float32), np.zeros(2, np.float32)]
    desc_at[1](list_tensor(xs), np.zeros(2, np.uint64), 2)
    with pytest.raises(KernelError) as e:
        desc_at[1](list_tensor(xs), np.zeros(2, np.uint64), 3)
    assert e.value.category == "bounds"
    assert e.value.location.line == line_of(desc_at, "lst.get_desc(")
    assert "ListTensorDesc.get_desc: index 3 is past the end of the list of 3 tensors" in str(e.value)


def test_a_shape_buffer_too_small_is_a_bounds_error() -> None:
    xs = [np.zeros((2, 2, 2), np.float32)]
    with pytest.raises(KernelError) as e:
        desc_at[1](list_tensor(xs), np.zeros(2, np.uint64), 0)
    assert e.value.category == "bounds"
    assert e.value.location.line == line_of(desc_at, "lst.get_desc(")
    assert ("ListTensorDesc.get_desc writes GM bytes [16, 24) = elements [2, 3) relative to argument 'shape', "
            "which has 2 uint64 elements") in str(e.value)


@asc.jit(always_compile=True)
def checked_init(xs: asc.GlobalAddress, n: int, words: int, out: asc.GlobalAddress):
    lst = asc.ListTensorDesc(xs, n, words)
    og = asc.GlobalTensor()
    og.set_global_buffer(out, 1)
    og.set_value(0, lst.get_size())  # (an unused ListTensorDesc is dead code)


def test_length_and_shape_size_are_checked_against_the_descriptor() -> None:
    lt = list_tensor([np.zeros(4, np.float32), np.zeros((2, 3), np.float32)])
    assert lt.shape_size == 5
    out = np.zeros(1, np.int32)
    checked_init[1](lt, 2, 5, out)
    assert out[0] == 2
    with pytest.raises(KernelError) as e:
        checked_init[1](lt, 3, 5, out)
    assert "ListTensorDesc.init: 'length' is 3, but the descriptor lists 2 tensors" in str(e.value)
    assert e.value.location.line == line_of(checked_init, "asc.ListTensorDesc(")
    with pytest.raises(KernelError) as e:
        checked_init[1](lt, 2, 4, out)
    assert "ListTensorDesc.init: 'shape_size' is 4, but the descriptor's shape entries take 5 words" in str(e.value)


@asc.jit(always_compile=True)
def default_init(xs: asc.GlobalAddress, out: asc.GlobalAddress):
    lst = asc.ListTensorDesc(xs)
    og = asc.GlobalTensor()
    og.set_global_buffer(out, 1)
    og.set_value(0, lst.get_size())


def test_a_malformed_descriptor_is_an_error() -> None:
    bad = np.array([12, 1, 4, 0], dtype=np.uint64)  # a pointer-table offset that is not a whole word
    with pytest.raises(KernelError) as e:
        default_init[1](bad, np.zeros(1, np.int32))
    assert ("ListTensorDesc.init: the descriptor's first word must be the byte offset of its pointer table "
            "(a multiple of 8, at least 8), but it is 12") in str(e.value)
    short = np.array([16, 3, 4], dtype=np.uint64)  # 3 dimensions announced, 1 word before the table
    with pytest.raises(KernelError) as e:
        default_init[1](short, np.zeros(1, np.int32))
    assert ("ListTensorDesc.init: the shape entry of tensor 0 (3 dimensions at word 1) runs past the pointer "
            "table at word 2") in str(e.value)


def test_a_descriptor_read_outside_its_array_names_the_method() -> None:
    lt = list_tensor([np.zeros(4, np.float32), np.zeros(2, np.float32)])
    truncated = lt.descriptor[:-1].copy()  # the last data pointer is missing
    desc_at[1](truncated, np.zeros(2, np.uint64), 0)
    with pytest.raises(KernelError) as e:
        desc_at[1](truncated, np.zeros(2, np.uint64), 1)
    assert e.value.category == "bounds"
    assert e.value.location.line == line_of(desc_at, "lst.get_desc(")
    assert ("ListTensorDesc.get_desc reads GM bytes [48, 56) = elements [6, 7) relative to argument 'xs', which "
            "has 6 uint64 elements") in str(e.value)


@asc.jit(always_compile=True)
def float_shape(xs: asc.GlobalAddress, shape: asc.GlobalAddress):
    d = asc.TensorDesc(asc.float32)
    d.set_shape_addr(shape)


def test_the_shape_buffer_must_be_uint64() -> None:
    with pytest.raises(CompileTypeError) as e:
        float_shape[1](list_tensor([np.zeros(4, np.float32)]), np.zeros(4, np.float32))
    assert e.value.message == ("TensorDesc.set_shape_addr: 'shape_ptr' must point to uint64 words, but it points "
                               "to float32")
    assert e.value.location.line == line_of(float_shape, "d.set_shape_addr(")


@asc.jit(always_compile=True)
def bad_dtype(xs: asc.GlobalAddress):
    asc.TensorDesc(3)


@asc.jit(always_compile=True)
def bad_desc(xs: asc.GlobalAddress):
    lst = asc.ListTensorDesc(xs)
    lst.get_desc(xs, 0)


@asc.jit(always_compile=True)
def lengths_without_data(xs: asc.GlobalAddress):
    asc.ListTensorDesc(length=3)


@pytest.mark.parametrize("kernel,message", [
    (bad_dtype, "TensorDesc: 'dtype' must be an element data type (e.g. asc.float16), got 3"),
    (bad_desc, "ListTensorDesc.get_desc: 'desc' must be an asc.TensorDesc, got GlobalAddress"),
    (lengths_without_data, "ListTensorDesc: 'length' and 'shape_size' need the descriptor address 'data'"),
])
def test_bad_arguments(kernel, message: str) -> None:
    with pytest.raises(CompileError) as e:
        kernel[1](list_tensor([np.zeros(4, np.float32)]))
    assert e.value.message == message


def test_list_tensor_refuses_what_is_not_an_array() -> None:
    with pytest.raises(TypeError, match=r"^list_tensor: element 1 is a list; pass numpy arrays or torch CPU "
                                        r"tensors$"):
        list_tensor([np.zeros(2), [1, 2]])
    with pytest.raises(ValueError, match="^list_tensor: the list is empty"):
        list_tensor([])


def test_the_descriptor_layout() -> None:
    a = np.zeros((2, 3), np.float32)
    b = np.zeros(5, np.int16)
    lt = list_tensor([a, b], indices=[4, 1])
    assert lt.descriptor.tolist() == [8 * 6, 2 | 4 << 32, 2, 3, 1 | 1 << 32, 5,
                                      a.ctypes.data, b.ctypes.data]


HAND_WRITTEN = """
#include "kernel_operator.h"
#include "kernel_operator_list_tensor_intf.h"
extern "C" __global__ __aicore__ void sums(GM_ADDR list, GM_ADDR out) {
  AscendC::ListTensorDesc l((__gm__ void *)list);
  uint64_t shape[4] = {0};  // a stack array: not GM
  AscendC::TensorDesc<float> d;
  d.SetShapeAddr(shape);
  AscendC::GlobalTensor<float> o;
  o.SetGlobalBuffer((__gm__ float *)out, 8);
  for (uint32_t i = 0; i < l.GetSize(); ++i) {
    l.GetDesc(d, i);
    AscendC::GlobalTensor<float> g = d.GetDataObj();
    float s = 0;
    for (uint64_t k = 0; k < g.GetSize(); ++k)
      s += g.GetValue(k);
    o.SetValue(2 * i, s);
    o.SetValue(2 * i + 1, static_cast<float>(d.GetShape(d.GetDim() - 1)));
  }
}
"""


def test_hand_written_ascendc_with_a_stack_shape_buffer() -> None:
    from asc.runtime.ascendc_kernel import compile_ascendc

    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    b = np.full(5, 0.5, dtype=np.float32)
    out = np.zeros(8, np.float32)
    compile_ascendc(HAND_WRITTEN, "sums")(1, list_tensor([a, b]), out)
    np.testing.assert_array_equal(out[:4], [a.sum(), 3, b.sum(), 5])
    # The arrays are GM regions of the launch: a read past one is a bounds error naming it.
    with pytest.raises(KernelError, match=r"relative to argument 'argument 0\[0\]', which has 5 float32 elements"):
        compile_ascendc(HAND_WRITTEN.replace("k < g.GetSize()", "k <= g.GetSize()"), "sums")(
            1, list_tensor([b, a]), out)


@asc.jit(always_compile=True)
def misuse(xs: asc.GlobalAddress, shape: asc.GlobalAddress, out: asc.GlobalAddress, mode: asc.ConstExpr[int]):
    og = asc.GlobalTensor()
    og.set_global_buffer(out, 1)
    d = asc.TensorDesc(asc.float32)
    if mode == 0:
        og.set_value(0, d.get_shape(0))  # MODE 0
    if mode == 1:
        lst = asc.ListTensorDesc(xs)
        d.set_shape_addr(shape)
        lst.get_desc(d, 0)
        og.set_value(0, d.get_shape(2))  # MODE 1
    if mode == 2:
        lst = asc.ListTensorDesc(xs)
        lst.get_desc(d, 0)  # MODE 2
    if mode == 3:
        lst = asc.ListTensorDesc()
        lst.get_desc(d, 0)  # MODE 3


@pytest.mark.parametrize("mode,category,message", [
    (0, "argument", "TensorDesc.get_shape: the TensorDesc holds no tensor yet: call ListTensorDesc.get_desc first"),
    (1, "bounds", "TensorDesc.get_shape: offset 2 is past the 2 dimensions of the tensor"),
    (2, "argument", "ListTensorDesc.get_desc: the TensorDesc has no shape buffer: call set_shape_addr first"),
    (3, "argument", "ListTensorDesc.get_desc: the ListTensorDesc has no descriptor: construct it with one or call "
                    "init first"),
])
def test_a_method_called_out_of_order_says_what_to_call(mode: int, category: str, message: str) -> None:
    """ascsim/list_tensor_api.h's own checks: the whole message, the category and the line."""
    with pytest.raises(KernelError) as e:
        misuse[1](list_tensor([np.zeros((2, 3), np.float32)]), np.zeros(2, np.uint64), np.zeros(1, np.uint64), mode)
    assert e.value.category == category
    assert e.value.message == f"kernel 'misuse' (block 0): {message}"
    assert e.value.location.line == line_of(misuse, f"# MODE {mode}")
