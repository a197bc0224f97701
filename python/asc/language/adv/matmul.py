"""`asc.adv.Matmul`: the Matmul high-level API (pyasc_api.md §1.7).

    a = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    c = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    mm = asc.adv.Matmul(a, a, c)
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    mm.iterate_all(c_gm)
    mm.end()

Each method is one call of Ascend C's Matmul API (`asc.matmul_call`); the simulator's Ascend C headers
implement it with basic cube instructions. `with mm.iterate() as count:` becomes
`while (mm.Iterate()) { body; count++; }`. A kernel using a Matmul is a MIX_AIC_1_2 kernel (the AIVs run
the kernel and ask the AIC for the matmul), or AIC_ONLY with `@asc.jit(matmul_cube_only=True)`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..._C import _ods
from ..core import semantic
from ..core.builtin import builder_for, builtin
from ..core.dtype import DataType, int1, int8, int32, uint8, uint64
from ..core.enums import TPosition
from ..core.ir_value import GlobalAddress, IRValue, PlainValue, described
from ..core.struct import StructValue
from ..core.tensor import BaseTensor, GlobalTensor, LocalTensor
from ..fwk.tpipe import TPipe
from .matmul_config import MatmulConfig, MatmulPolicy, MatrixOffset
from .tiling import MatmulApiStaticTiling, TCubeTiling

CubeFormat = _ods.CubeFormat
LayoutMode = _ods.LayoutMode


@dataclass(frozen=True)
class MatmulType:
    """One operand of a Matmul: where it lives (GM; VECIN/VECCALC/VECOUT = UB), its format (A: ND, NZ,
    VECTOR, SCALAR; B: ND, NZ, SCALAR; C: ND, NZ, ND_ALIGN; bias: ND), element type, whether it is
    stored transposed (A and B) and its batch layout."""

    position: TPosition
    format: Any
    dtype: DataType
    is_trans: bool = False
    layout: Any = LayoutMode.NONE

    def __post_init__(self) -> None:
        if not isinstance(self.position, TPosition):
            raise TypeError(f"MatmulType: 'position' must be an asc.TPosition, got {self.position!r}")
        if not isinstance(self.format, CubeFormat):
            raise TypeError(f"MatmulType: 'format' must be an asc.CubeFormat, got {self.format!r}")
        if not isinstance(self.dtype, DataType):
            raise TypeError(f"MatmulType: 'dtype' must be a data type such as asc.float16, got {self.dtype!r}")
        is_trans = semantic.compile_time_bool(self.is_trans)
        if is_trans is None:
            raise TypeError(f"MatmulType: 'is_trans' must be a compile-time bool, got {self.is_trans!r}")
        # A numpy bool is a bool: kept as one, so that equal MatmulTypes compare and hash equal.
        object.__setattr__(self, "is_trans", is_trans)
        if not isinstance(self.layout, LayoutMode):
            raise TypeError(f"MatmulType: 'layout' must be an asc.LayoutMode, got {self.layout!r}")

    def _type_args(self) -> list[Any]:
        return [self.position, self.format, self.dtype.to_ir(), "true" if self.is_trans else "false", self.layout]


def _config_text(config: MatmulConfig, static_l1: int | None) -> str:
    items = []
    for key, value in config.diff().items():
        items.append(f"{key} = {'true' if value else 'false'}" if isinstance(value, bool) else
                     f"{key} = {int(value)} : i64")
    if static_l1 is not None:
        items.append(f"static_tiling_l1 = {int(static_l1)} : i64")
    return "{" + ", ".join(items) + "}"


#: Set by the code generator while it evaluates the expression of a `with` statement.
_with_item = [False]


def entering_with(flag: bool) -> None:
    _with_item[0] = flag


class MatmulIterator:
    """What `mm.iterate(...)` returns: usable only as `with mm.iterate() as count:`."""

    def __init__(self, matmul: Matmul, args: list[Any], sync: bool | None) -> None:
        self.matmul, self.args, self.sync = matmul, args, sync

    def condition(self) -> PlainValue:
        """`mm.Iterate(...)`: true while there is a base block left (emitted in the loop's condition)."""
        b = builder_for("iterate")
        (h,) = _ods.matmul_call(b, self.matmul.handle, self.args, method="Iterate", sync=self.sync,
                                result_types=["i1"])
        return PlainValue(h, int1)


def _kind(value: Any) -> str:
    """What the user passed, in their words: a runtime value by its data type, else the Python type."""
    return f"a {value.dtype.name} value" if isinstance(value, PlainValue) else type(value).__name__


def _int(value: Any, api: str, name: str, dtype: DataType = int32, hint: str = "") -> Any:
    value = semantic.python_scalar(value)
    if isinstance(value, bool) or not isinstance(value, (int, PlainValue)) or \
            isinstance(value, PlainValue) and not value.dtype.is_int():
        raise TypeError(f"{api}: '{name}' must be an integer, got {_kind(value)}{hint}")
    return semantic.materialize(value, dtype)


def _flag(value: Any, api: str, name: str) -> Any:
    value = semantic.python_scalar(value)
    if isinstance(value, PlainValue):
        return semantic.to_bool(value).handle
    if not isinstance(value, (bool, int)):
        raise TypeError(f"{api}: '{name}' must be a bool, got {described(value)}")
    return semantic.materialize(bool(value), int1)


def _static_flag(value: Any, api: str, name: str) -> bool:
    flag = semantic.compile_time_bool(value)
    if flag is None:
        raise TypeError(f"{api}: '{name}' must be a compile-time bool (it is a template argument), "
                        f"got {described(semantic.python_scalar(value))}")
    return flag


def _check_wait_flag(api: str, sync: bool, wait: bool) -> None:
    """`wait_iterate_batch=True` says the kernel waits for an asynchronous (sync=False) batch with
    `wait_iterate_batch()` before its next Matmul call (the simulator checks that, sim/MATMUL.md); a
    synchronous batch has finished when the call returns, so the flag is refused there."""
    if wait and sync:
        raise TypeError(f"{api}: 'wait_iterate_batch=True' is for an asynchronous call (sync=False); a synchronous "
                        f"{api} has finished when it returns")


def _tensor(value: Any, api: str, name: str) -> Any:
    if not isinstance(value, (GlobalTensor, LocalTensor)):
        raise TypeError(f"{api}: '{name}' must be a GlobalTensor or LocalTensor, got {described(value)}")
    if value.dtype is None:
        raise ValueError(f"{api}: '{name}' is a GlobalTensor without memory; call set_global_buffer first")
    return value.handle


def _tiling(value: Any, api: str) -> Any:
    if not isinstance(value, StructValue) or value.struct is not TCubeTiling:
        raise TypeError(f"{api}: 'tiling' must be an asc.adv.TCubeTiling, got "
                        f"{getattr(getattr(value, 'struct', None), '__name__', type(value).__name__)}")
    return value.handle


#: The methods a MatmulConfig flag compiles out when False (the flag's effect: calling one is an error).
_TRIMMED_BY = {"SetOrgShape": "enable_set_org_shape", "SetBias": "enable_set_bias", "SetTail": "enable_set_tail",
               "SetQuantVector": "enable_quant_vector", "SetSelfDefineData": "enable_set_define_data",
               "SetUserDefInfo": "enable_set_define_data", "Init": "enable_init", "End": "enable_end",
               "GetTensorC": "enable_get_tensor_c", "AsyncGetTensorC": "enable_get_tensor_c",
               "IterateNBatch": "is_n_batch"}


class Matmul(IRValue):
    """`AscendC::Matmul<A, B, C, Bias, CFG>`. `bias` defaults to C's MatmulType; `matmul_config` to
    `MatmulConfig()` (GetNormalConfig()); a `MatmulApiStaticTiling` from `get_matmul_api_tiling` makes
    the config `GetMatmulApiTiling<...>(cfg, l1_size)`."""

    __slots__ = ("a", "b", "c", "bias", "config", "_state")

    def __init__(self, a: MatmulType, b: MatmulType, c: MatmulType, bias: MatmulType | None = None,
                 matmul_config: MatmulConfig | MatmulApiStaticTiling | None = None,
                 matmul_policy: Any = 0) -> None:
        for name, t in (("a", a), ("b", b), ("c", c), ("bias", bias)):
            if t is not None and not isinstance(t, MatmulType):
                raise TypeError(f"Matmul: '{name}' must be an asc.adv.MatmulType, got {described(t)}")
        if bias is None:
            bias = MatmulType(c.position, CubeFormat.ND, c.dtype)
        if int(matmul_policy) != MatmulPolicy.MatmulPolicy:
            raise ValueError(f"Matmul: matmul_policy {matmul_policy!r} is not implemented; only the default "
                             "policy (0) is")
        static_l1 = None
        if isinstance(matmul_config, MatmulApiStaticTiling):
            static_l1 = getattr(matmul_config, "_l1_size", None)
            matmul_config = getattr(matmul_config, "_cfg", None)
            if static_l1 is None or matmul_config is None:
                raise ValueError("Matmul: a MatmulApiStaticTiling config must come from "
                                 "asc.adv.get_matmul_api_tiling (it carries the config and the L1 size)")
        elif matmul_config is None:
            matmul_config = MatmulConfig()
        elif not isinstance(matmul_config, MatmulConfig):
            raise TypeError(f"Matmul: 'matmul_config' must be an asc.adv.MatmulConfig, got "
                            f"{type(matmul_config).__name__}")
        self.a, self.b, self.c, self.bias, self.config = a, b, c, bias, matmul_config
        self._state = {"iterating": 0}
        text = _ods.matmul_type(*a._type_args(), *b._type_args(), *c._type_args(), *bias._type_args(),
                                _config_text(matmul_config, static_l1))
        super().__init__(_ods.matmul(builder_for("adv.Matmul"), result_type=text))

    def _check_trim(self, api: str, method: str) -> None:
        trim = _TRIMMED_BY.get(method)
        if trim is not None and not getattr(self.config, trim):
            raise ValueError(f"{api}: this Matmul's MatmulConfig has {trim}=False, which compiles "
                             f"{method} out of the Matmul (Ascend C trims the method); set {trim}=True to call it")

    def _call(self, api: str, method: str, args: list[Any], sync: bool | None = None,
              result_type: str | None = None, wait: bool | None = None) -> Any:
        self._check_trim(api, method)
        b = builder_for(api)
        results = _ods.matmul_call(b, self.handle, args, method=method, sync=sync, wait=wait,
                                   result_types=[result_type] if result_type else [])
        return results[0] if result_type else None

    # -- set-up ---------------------------------------------------------------------------------
    @builtin
    def init(self, tiling: Any, pipe: TPipe | None = None) -> None:
        """`Init(&tiling[, &pipe])`."""
        self._check_trim("init", "Init")
        args = [_tiling(tiling, "init")]
        if pipe is not None:
            if not isinstance(pipe, TPipe):
                raise TypeError(f"init: 'pipe' must be a TPipe, got {described(pipe)}")
            args.append(pipe.handle)
        self._call("init", "Init", args)

    @builtin
    def end(self) -> None:
        self._call("end", "End", [])

    # -- operands -------------------------------------------------------------------------------
    def _operand(self, api: str, method: str, t: MatmulType, value: Any, transpose: Any) -> None:
        value = semantic.python_scalar(value)
        if isinstance(value, (GlobalTensor, LocalTensor)):
            if t.format == CubeFormat.SCALAR:
                raise TypeError(f"{api}: the matrix's MatmulType has CubeFormat.SCALAR: pass the scalar value, "
                                "not a tensor")
            args = [_tensor(value, api, "tensor"), _flag(transpose, api, "transpose")]
        elif isinstance(value, (int, float, PlainValue)) and not isinstance(value, bool):
            args = [semantic.materialize(value, t.dtype)]
        else:
            raise TypeError(f"{api}: expected a GlobalTensor, a LocalTensor or a scalar, got "
                            f"{type(value).__name__}")
        self._call(api, method, args)

    @builtin
    def set_tensor_a(self, tensor: Any, transpose: Any = False) -> None:
        """`SetTensorA(tensor, isTransposeA)` or `SetTensorA(scalar)`."""
        self._operand("set_tensor_a", "SetTensorA", self.a, tensor, transpose)

    @builtin
    def set_tensor_b(self, tensor: Any, transpose: Any = False) -> None:
        """`SetTensorB(tensor, isTransposeB)` or `SetTensorB(scalar)`."""
        self._operand("set_tensor_b", "SetTensorB", self.b, tensor, transpose)

    @builtin
    def set_bias(self, tensor: BaseTensor) -> None:
        self._call("set_bias", "SetBias", [_tensor(tensor, "set_bias", "tensor")])

    @builtin
    def disable_bias(self) -> None:
        self._call("disable_bias", "DisableBias", [])

    # -- shapes ---------------------------------------------------------------------------------
    @builtin
    def set_org_shape(self, org_m: Any, org_n: Any, org_ka: Any, org_kb: Any = None, org_kc: Any = None) -> None:
        args = [_int(v, "set_org_shape", n) for n, v in (("org_m", org_m), ("org_n", org_n), ("org_ka", org_ka))]
        if org_kc is not None and org_kb is None:
            raise TypeError("set_org_shape: 'org_kc' needs 'org_kb'")
        args += [_int(v, "set_org_shape", n) for n, v in (("org_kb", org_kb), ("org_kc", org_kc)) if v is not None]
        self._call("set_org_shape", "SetOrgShape", args)

    @builtin
    def set_single_shape(self, single_m: Any, single_n: Any, single_k: Any) -> None:
        self._call("set_single_shape", "SetSingleShape",
                   [_int(v, "set_single_shape", n) for n, v in (("single_m", single_m), ("single_n", single_n),
                                                                ("single_k", single_k))])

    @builtin
    def set_tail(self, tail_m: Any = -1, tail_n: Any = -1, tail_k: Any = -1) -> None:
        self._call("set_tail", "SetTail",
                   [_int(v, "set_tail", n) for n, v in (("tail_m", tail_m), ("tail_n", tail_n), ("tail_k", tail_k))])

    @builtin
    def set_batch_num(self, batch_a: Any, batch_b: Any) -> None:
        self._call("set_batch_num", "SetBatchNum",
                   [_int(batch_a, "set_batch_num", "batch_a"), _int(batch_b, "set_batch_num", "batch_b")])

    @builtin
    def set_workspace(self, addr: Any, size: Any = None) -> None:
        # Ascend C has SetWorkspace(GlobalTensor) and SetWorkspace(addr, size): the size goes with an
        # address only (a GlobalTensor knows its own).
        if isinstance(addr, GlobalTensor):
            if size is not None:
                raise TypeError("set_workspace: a GlobalTensor carries its size; pass 'size' only with a "
                                "GlobalAddress")
            args = [_tensor(addr, "set_workspace", "addr")]
        elif isinstance(addr, GlobalAddress):
            if size is None:
                raise TypeError("set_workspace: with a GlobalAddress, pass the workspace's size in bytes too "
                                "(set_workspace(addr, size), Ascend C's SetWorkspace(addr, size)), or pass a "
                                "GlobalTensor")
            args = [addr.handle, _int(size, "set_workspace", "size")]
        else:
            raise TypeError(f"set_workspace: 'addr' must be a GlobalTensor or GlobalAddress, got "
                            f"{type(addr).__name__}")
        self._call("set_workspace", "SetWorkspace", args)

    # -- quantisation and modes -----------------------------------------------------------------
    @builtin
    def set_quant_scalar(self, quant_scalar: Any) -> None:
        """`SetQuantScalar(scale)`: the per-tensor scale, a uint64 deq word (Fixpipe's deqScalar)."""
        hint = (" (the deq word: the float32 scale's bits as an integer, e.g. "
                "int(np.float32(scale).view(np.uint32)) on the host)")
        self._call("set_quant_scalar", "SetQuantScalar", [_int(quant_scalar, "set_quant_scalar", "quant_scalar",
                                                               uint64, hint)])

    @builtin
    def set_quant_vector(self, quant_vector: GlobalTensor) -> None:
        """`SetQuantVector(gm)`: per-channel deq words (uint64, one per column of C)."""
        if not isinstance(quant_vector, GlobalTensor):
            raise TypeError(f"set_quant_vector: expected a GlobalTensor, got {described(quant_vector)}")
        self._call("set_quant_vector", "SetQuantVector", [_tensor(quant_vector, "set_quant_vector", "quant_vector")])

    @builtin
    def set_hf32(self, enable_hf32: Any = False, trans_mode: Any = 0) -> None:
        self._call("set_hf32", "SetHF32", [_flag(enable_hf32, "set_hf32", "enable_hf32"),
                                           _int(trans_mode, "set_hf32", "trans_mode")])

    @builtin
    def set_sparse_index(self, index_global: GlobalTensor) -> None:
        """`SetSparseIndex(index)`: B becomes a 4:2 sparse int8 B, given as its stored half transposed
        (N x K/2: the two kept values of every four along K, B's MatmulType `is_trans=True` or
        `set_tensor_b(b, True)`) and `index_global` its 2-bit positions (uint8, ceil(K/64) x N x 8 bytes);
        C = A x the densified B, int32. The layout, what the org shape means and what is refused: sim/MATMUL.md
        "Sparse B"."""
        if not isinstance(index_global, GlobalTensor):
            raise TypeError(f"set_sparse_index: expected a GlobalTensor, got {described(index_global)}")
        handle = _tensor(index_global, "set_sparse_index", "index_global")
        if index_global.dtype != uint8:
            raise TypeError(f"set_sparse_index: the index is a uint8 GlobalTensor (four 2-bit positions a byte), "
                            f"got {index_global.dtype.name}; declare it as uint8")
        wrong = [f"{name} is {t.dtype.name}" for name, t, want in (("A", self.a, int8), ("B", self.b, int8),
                                                                  ("C", self.c, int32)) if t.dtype != want]
        if wrong:
            raise TypeError(f"set_sparse_index: the sparse Matmul is int8 A x int8 sparse B -> int32 C "
                            f"(mmad_with_sparse), but {', '.join(wrong)}; declare A and B int8 and C int32 in "
                            f"their MatmulTypes")
        self._call("set_sparse_index", "SetSparseIndex", [handle])

    @builtin
    def set_self_define_data(self, data_ptr: Any) -> None:
        arg = data_ptr.handle if isinstance(data_ptr, GlobalAddress) else _int(data_ptr, "set_self_define_data",
                                                                               "data_ptr", uint64)
        self._call("set_self_define_data", "SetSelfDefineData", [arg])

    @builtin
    def set_user_def_info(self, tiling_ptr: GlobalAddress) -> None:
        if not isinstance(tiling_ptr, GlobalAddress):
            raise TypeError(f"set_user_def_info: expected a GlobalAddress, got {described(tiling_ptr)}")
        self._call("set_user_def_info", "SetUserDefInfo", [tiling_ptr.handle])

    # -- iteration ------------------------------------------------------------------------------
    @builtin
    def iterate(self, en_partial_sum: Any = False, sync: Any = True, local_c_matrix: Any = None) -> MatmulIterator:
        """Only as `with mm.iterate() as count:` — `while (mm.Iterate()) { body; count++; }`: one base
        block of C per iteration, fetched inside the body with `get_tensor_c`."""
        if not _with_item[0]:
            raise TypeError("Matmul.iterate() must be used as `with mm.iterate() as count:` (it becomes "
                            "`while (mm.Iterate()) { ...; count++; }`); use iterate_all for the whole C")
        args = [_flag(en_partial_sum, "iterate", "en_partial_sum")]
        if local_c_matrix is not None:
            raise NotImplementedError("iterate: 'local_c_matrix' (a user-provided CO1 buffer) is not implemented; "
                                      "the Matmul allocates its L0C buffers itself")
        return MatmulIterator(self, args, _static_flag(sync, "iterate", "sync"))

    @builtin
    def iterate_all(self, tensor: Any, en_atomic: Any = 0, sync: Any = True, en_sequential_write: Any = None,
                    wait_iterate_all: Any = None, fake_msg: Any = None) -> None:
        """`IterateAll<sync>(c, enAtomic[, enSequentialWrite, waitIterateAll, fakeMsg])`: all of C."""
        args = [_tensor(tensor, "iterate_all", "tensor"), _int(en_atomic, "iterate_all", "en_atomic", uint8)]
        extra = [en_sequential_write, wait_iterate_all, fake_msg]
        if any(v is not None for v in extra):
            if not isinstance(tensor, GlobalTensor):
                raise TypeError("iterate_all: en_sequential_write, wait_iterate_all and fake_msg are only "
                                "allowed when C goes to a GlobalTensor")
            last = max(i for i, v in enumerate(extra) if v is not None)
            args += [_flag(False if v is None else v, "iterate_all", n) for n, v in
                     zip(("en_sequential_write", "wait_iterate_all", "fake_msg"), extra[:last + 1])]
        self._call("iterate_all", "IterateAll", args, _static_flag(sync, "iterate_all", "sync"))

    @builtin
    def wait_iterate_all(self) -> None:
        self._call("wait_iterate_all", "WaitIterateAll", [])

    @builtin
    def iterate_batch(self, tensor: Any, *args: Any, **kwargs: Any) -> None:
        """`IterateBatch<sync>(c, batchA, batchB, enSequentialWrite, strideA, strideB, strideC, enPartialSum,
        enAtomic)` or the order `(c, enPartialSum, enAtomic, enSequentialWrite, strides...)`."""
        api = "iterate_batch"
        t = _tensor(tensor, api, "tensor")
        sync = _static_flag(kwargs.pop("sync", True), api, "sync")
        wait = kwargs.pop("wait_iterate_batch", None)
        names_a = ["batch_a", "batch_b", "en_sequential_write", "matrix_stride_a", "matrix_stride_b",
                   "matrix_stride_c", "en_partial_sum", "en_atomic"]
        names_b = ["en_partial_sum", "en_atomic", "en_sequential_write", "matrix_stride_a", "matrix_stride_b",
                   "matrix_stride_c"]
        first = args[0] if args else kwargs.get("batch_a", kwargs.get("en_partial_sum"))
        order_b = "en_partial_sum" in kwargs and "batch_a" not in kwargs or isinstance(first, bool)
        names = names_b if order_b else names_a
        if len(args) > len(names):
            raise TypeError(f"{api}: too many arguments")
        values = dict(zip(names, args))
        for k, v in kwargs.items():
            if k not in names or k in values:
                raise TypeError(f"{api}: unexpected or repeated argument '{k}'")
            values[k] = v
        defaults = {"matrix_stride_a": 0, "matrix_stride_b": 0, "matrix_stride_c": 0, "en_partial_sum": False,
                    "en_atomic": 0}
        for n in names:
            if n not in values:
                if n not in defaults:
                    raise TypeError(f"{api}: missing argument '{n}'")
                values[n] = defaults[n]
        strides = [_int(values[n], api, n) for n in ("matrix_stride_a", "matrix_stride_b", "matrix_stride_c")]
        if order_b:  # IterateBatch(c, enPartialSum, enAtomic, enSequentialWrite, strides...): set_batch_num's sizes
            if wait is not None:
                raise TypeError(f"{api}: 'wait_iterate_batch' belongs to the (tensor, batch_a, batch_b, ...) form")
            self._call(api, "IterateBatch", [t, _flag(values["en_partial_sum"], api, "en_partial_sum"),
                                             _int(values["en_atomic"], api, "en_atomic", uint8),
                                             _flag(values["en_sequential_write"], api, "en_sequential_write"),
                                             *strides], sync)
            return
        ops = [t, _int(values["batch_a"], api, "batch_a"), _int(values["batch_b"], api, "batch_b"),
               _flag(values["en_sequential_write"], api, "en_sequential_write"),
               _int(values["matrix_stride_a"], api, "matrix_stride_a"),
               _int(values["matrix_stride_b"], api, "matrix_stride_b"),
               _int(values["matrix_stride_c"], api, "matrix_stride_c"),
               _flag(values["en_partial_sum"], api, "en_partial_sum"),
               _int(values["en_atomic"], api, "en_atomic", uint8)]
        w = _static_flag(wait, api, "wait_iterate_batch") if wait is not None else None
        _check_wait_flag(api, sync, bool(w))
        self._call(api, "IterateBatch", ops, sync, wait=w)

    @builtin
    def wait_iterate_batch(self) -> None:
        self._call("wait_iterate_batch", "WaitIterateBatch", [])

    @builtin
    def iterate_n_batch(self, batch_loop: Any, batch_a: Any, batch_b: Any, en_sequential_write: Any,
                        matrix_stride_a: Any = 0, matrix_stride_b: Any = 0, matrix_stride_c: Any = 0,
                        sync: Any = True, wait_iterate_batch: Any = False) -> None:
        api = "iterate_n_batch"
        _check_wait_flag(api, _static_flag(sync, api, "sync"), _static_flag(wait_iterate_batch, api, "wait_iterate_batch"))
        self._call(api, "IterateNBatch",
                   [_int(batch_loop, api, "batch_loop"), _int(batch_a, api, "batch_a"), _int(batch_b, api, "batch_b"),
                    _flag(en_sequential_write, api, "en_sequential_write"),
                    _int(matrix_stride_a, api, "matrix_stride_a"), _int(matrix_stride_b, api, "matrix_stride_b"),
                    _int(matrix_stride_c, api, "matrix_stride_c")],
                   _static_flag(sync, api, "sync"), wait=_static_flag(wait_iterate_batch, api, "wait_iterate_batch"))

    # -- results --------------------------------------------------------------------------------
    def _require_iterating(self, api: str) -> None:
        if not self._state["iterating"]:
            raise TypeError(f"Matmul.{api}() before iterate: it fetches the base block the current "
                            f"iteration computed; call it inside `with mm.iterate() as count:`")

    @builtin
    def get_tensor_c(self, tensor: Any = None, en_atomic: Any = 0, en_sequential_write: Any = False,
                     sync: Any = True, optional_tensor: Any = None) -> Any:
        """`GetTensorC<sync>(c, enAtomic, enSequentialWrite)` into a tensor, or (without one) the
        GlobalTensor of the block; inside `with mm.iterate()`."""
        api = "get_tensor_c"
        self._require_iterating(api)
        s = _static_flag(sync, api, "sync")
        if tensor is None or isinstance(tensor, (int, bool, PlainValue)):
            if tensor is not None:  # get_tensor_c(en_atomic, en_sequential_write, sync) positionally
                en_atomic, en_sequential_write, s = tensor, en_atomic, _static_flag(en_sequential_write, api,
                                                                                     "sync")
            handle = self._call(api, "GetTensorC", [_int(en_atomic, api, "en_atomic", uint8),
                                                    _flag(en_sequential_write, api, "en_sequential_write")], s,
                                _ods.global_tensor_type(self.c.dtype.to_ir()))
            out = object.__new__(GlobalTensor)
            BaseTensor.__init__(out, handle, self.c.dtype)
            return out
        args = [_tensor(tensor, api, "tensor")]
        if optional_tensor is not None:  # GetTensorC(gm, local, enAtomic, enSequentialWrite): C to both
            if not (isinstance(tensor, GlobalTensor) and isinstance(optional_tensor, LocalTensor)):
                raise TypeError(f"{api}: with 'optional_tensor', 'tensor' is the GlobalTensor and "
                                "'optional_tensor' the LocalTensor C is also written to")
            args.append(_tensor(optional_tensor, api, "optional_tensor"))
        args += [_int(en_atomic, api, "en_atomic", uint8), _flag(en_sequential_write, api, "en_sequential_write")]
        self._call(api, "GetTensorC", args, s)
        return None

    @builtin
    def async_get_tensor_c(self, c: LocalTensor) -> None:
        self._call("async_get_tensor_c", "AsyncGetTensorC", [_tensor(c, "async_get_tensor_c", "c")])

    @builtin
    def wait_get_tensor_c(self) -> None:
        self._call("wait_get_tensor_c", "WaitGetTensorC", [])

    @builtin
    def get_batch_tensor_c(self, *args: Any, en_sequential_write: Any = False, sync: Any = True,
                           **kwargs: Any) -> Any:
        """`GetBatchTensorC<sync>([c,] batchA, batchB, enSequentialWrite)`."""
        api = "get_batch_tensor_c"
        tensor = args[0] if args and isinstance(args[0], (GlobalTensor, LocalTensor)) else kwargs.pop("tensor", None)
        rest = list(args[1:] if tensor is not None and args and args[0] is tensor else args)
        if len(rest) > 2:
            en_sequential_write = rest[2]
        if len(rest) > 3:
            sync = rest[3]
        if len(rest) > 4:
            raise TypeError(f"{api}: too many arguments")
        batch_a = rest[0] if rest else kwargs.pop("batch_a", None)
        batch_b = rest[1] if len(rest) > 1 else kwargs.pop("batch_b", None)
        if kwargs:
            raise TypeError(f"{api}: unexpected argument(s) {', '.join(repr(k) for k in kwargs)}")
        for name, value in (("batch_a", batch_a), ("batch_b", batch_b)):
            if value is None:
                raise TypeError(f"{api}: missing argument '{name}'")
        ops = [_int(batch_a, api, "batch_a"), _int(batch_b, api, "batch_b"),
               _flag(en_sequential_write, api, "en_sequential_write")]
        s = _static_flag(sync, api, "sync")
        if tensor is not None:
            self._call(api, "GetBatchTensorC", [_tensor(tensor, api, "tensor"), *ops], s)
            return None
        handle = self._call(api, "GetBatchTensorC", ops, s, _ods.global_tensor_type(self.c.dtype.to_ir()))
        out = object.__new__(GlobalTensor)
        BaseTensor.__init__(out, handle, self.c.dtype)
        return out

    @builtin
    def get_offset_c(self) -> StructValue:
        """`GetOffsetC()`: the MatrixOffset of the last base block."""
        handle = self._call("get_offset_c", "GetOffsetC", [], None, MatrixOffset.ir_type())
        return StructValue(handle, MatrixOffset)

    def __repr__(self) -> str:
        return f"Matmul({self.a}, {self.b}, {self.c}, {self.bias})"


@builtin
def register_matmul(pipe: TPipe, workspace: GlobalAddress, matmul: Matmul, tiling: Any = None) -> None:
    """`REGIST_MATMUL_OBJ(&pipe, workspace, matmul[, &tiling])`; with a tiling it also calls Init."""
    if not isinstance(pipe, TPipe):
        raise TypeError(f"register_matmul: 'pipe' must be a TPipe, got {described(pipe)}")
    if not isinstance(workspace, GlobalAddress):
        raise TypeError(f"register_matmul: 'workspace' must be a GlobalAddress (e.g. asc.get_sys_workspace()), "
                        f"got {described(workspace)}")
    if not isinstance(matmul, Matmul):
        raise TypeError(f"register_matmul: 'matmul' must be an asc.adv.Matmul, got {described(matmul)}")
    t = _tiling(tiling, "register_matmul") if tiling is not None else None
    _ods.regist_matmul(builder_for("register_matmul"), pipe.handle, workspace.handle, matmul.handle, t)


def get_matmul_api_tiling(mm_cfg: MatmulConfig, l1_size: int | MatmulType | None = None,
                          a_type: MatmulType | None = None, b_type: MatmulType | None = None,
                          c_type: MatmulType | None = None, bias_type: MatmulType | int | None = None
                          ) -> MatmulApiStaticTiling:
    """`GetMatmulApiTiling<A, B, C, Bias>(mmCFG, l1Size)`: the compile-time part of the tiling a config
    with fixed shapes (`get_basic_config`, `get_special_basic_config`, `get_mm_config` with
    MatmulShapeParams) implies; -1 for what the runtime tiling decides. Pass the result as
    `matmul_config` to `asc.adv.Matmul`. Both of pyasc's argument orders are accepted: its stub's
    `(mm_cfg, l1_size, a_type, b_type, c_type, bias_type=None)` and its implementation's
    `(mm_cfg, a_type, b_type, c_type, bias_type=None, l1_size=None)`; without `l1_size` the current
    platform's TOTAL_L1_SIZE is used."""
    if isinstance(l1_size, MatmulType):  # the implementation's order, positionally
        a_type, b_type, c_type, bias_type, l1_size = l1_size, a_type, b_type, c_type, bias_type
    if not isinstance(mm_cfg, MatmulConfig):
        raise TypeError(f"get_matmul_api_tiling: 'mm_cfg' must be a MatmulConfig, got {described(mm_cfg)}")
    if l1_size is None:
        from ...runtime.config import platform_info

        l1_size = platform_info().l1_bytes
    if isinstance(l1_size, bool) or not isinstance(l1_size, int) or l1_size <= 0:
        raise ValueError(f"get_matmul_api_tiling: 'l1_size' must be a positive int, got {l1_size!r}")
    if a_type is None or b_type is None or c_type is None:
        raise TypeError("get_matmul_api_tiling: 'a_type', 'b_type' and 'c_type' are required")
    for t in (a_type, b_type, c_type) + ((bias_type,) if bias_type is not None else ()):
        if not isinstance(t, MatmulType):
            raise TypeError(f"get_matmul_api_tiling: expected MatmulTypes, got {described(t)}")

    def known(v: int) -> int:
        return v if v > 0 else -1

    st = MatmulApiStaticTiling()
    st.m, st.n = known(mm_cfg.single_core_m), known(mm_cfg.single_core_n)
    st.k_a = st.k_b = known(mm_cfg.single_core_k)
    st.single_core_m, st.single_core_n = known(mm_cfg.single_core_m), known(mm_cfg.single_core_n)
    st.single_core_k = known(mm_cfg.single_core_k)
    st.base_m, st.base_n, st.base_k = known(mm_cfg.basic_m), known(mm_cfg.basic_n), known(mm_cfg.basic_k)
    st.step_m, st.step_n = known(mm_cfg.step_m), known(mm_cfg.step_n)
    st.iterate_order = int(mm_cfg.iterate_order) if mm_cfg.iterate_order != 2 else -1
    st.is_bias = int(bias_type is not None)
    object.__setattr__(st, "_cfg", mm_cfg)
    object.__setattr__(st, "_l1_size", l1_size)
    return st


