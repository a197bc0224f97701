"""Element data types (`asc.float32`, `asc.half`, ...) and their IR / numpy spellings."""

from __future__ import annotations


class DataType:
    """A kernel element type. Instances compare equal by name."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        if not isinstance(name, str) or name not in _BITS:
            raise ValueError(f"unknown data type {name!r}; expected one of {sorted(_BITS)}")
        self.name = name

    # -- classification ----------------------------------------------------
    def is_int(self) -> bool:
        return self.name.startswith(("int", "uint")) or self.name == "bool"

    def is_float(self) -> bool:
        return "float" in self.name

    def is_numeric(self) -> bool:
        return self.is_int() or self.is_float()

    def is_signed(self) -> bool:
        return self.name.startswith("int") or self.is_float()

    def is_unsigned(self) -> bool:
        return self.name.startswith("uint")

    def is_void(self) -> bool:
        return self.name == "void"

    def sizeof(self) -> int:
        """Size of one element in bytes (as Ascend C's sizeof(T))."""
        return max(1, _BITS[self.name] // 8)

    @property
    def bitwidth(self) -> int:
        return _BITS[self.name]

    # -- spellings ----------------------------------------------------------
    def to_ir(self) -> str:
        """The MLIR element type (integers are signless in arith, unsigned in tensors)."""
        return _IR[self.name]

    @staticmethod
    def from_ir(text: str) -> DataType:
        for name, ir in _IR.items():
            if ir == text:
                return DataType(name)
        raise ValueError(f"no data type for IR type {text!r}")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DataType) and other.name == self.name

    def __hash__(self) -> int:
        return hash(self.name)

    def __repr__(self) -> str:
        return f"asc.{self.name}"

    __str__ = __repr__


_BITS = {
    "void": 0, "bool": 8, "int1": 1,
    "int8": 8, "int16": 16, "int32": 32, "int64": 64,
    "uint8": 8, "uint16": 16, "uint32": 32, "uint64": 64,
    "float16": 16, "bfloat16": 16, "float32": 32, "float64": 64,
}
_IR = {
    "void": "none", "bool": "i8", "int1": "i1",
    "int8": "i8", "int16": "i16", "int32": "i32", "int64": "i64",
    "uint8": "ui8", "uint16": "ui16", "uint32": "ui32", "uint64": "ui64",
    "float16": "f16", "bfloat16": "bf16", "float32": "f32", "float64": "f64",
}

void = DataType("void")
int8 = DataType("int8")
int16 = DataType("int16")
int32 = DataType("int32")
int64 = DataType("int64")
uint8 = DataType("uint8")
uint16 = DataType("uint16")
uint32 = DataType("uint32")
uint64 = DataType("uint64")
float16 = DataType("float16")
bfloat16 = DataType("bfloat16")
float32 = DataType("float32")
float64 = DataType("float64")
bool_ = DataType("bool")
int1 = DataType("int1")  # comparison results (i1); not exported
int_ = int32
half = float16
float_ = float32
double = float64


class KnownTypes:
    """Namespace of every data type instance (mirrors pyasc's `KnownTypes`)."""

    void = void
    int8 = int8
    int16 = int16
    int32 = int32
    int64 = int64
    uint8 = uint8
    uint16 = uint16
    uint32 = uint32
    uint64 = uint64
    float16 = float16
    bfloat16 = bfloat16
    float32 = float32
    float64 = float64
    bool_ = bool_
    int_ = int_
    half = half
    float_ = float_
    double = double


def from_numpy_name(name: str) -> DataType:
    """Maps numpy / torch dtype names (`float32`, `torch.float16`) to a DataType."""
    name = name.removeprefix("torch.")
    if name == "bool":
        return bool_
    if name == "half":
        return float16
    if name not in _BITS or name in ("void",):
        raise TypeError(f"element type {name!r} is not supported by pyasc kernels")
    return DataType(name)
