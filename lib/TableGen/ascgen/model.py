"""The asc dialect as the generators see it: enums, types, ops, their arguments and API forms.

Everything here is read from the ODS records; nothing about an individual op is written in this
file. What *is* written here is how ODS constructs map to the Python surface (which constraint is a
tensor, an integer, a mask word, a scalar of a tensor's element type, a parameter struct) — one rule
per construct, not per op.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .records import Dag, Record, Records

#: MLIR spelling of the ODS element-type defs, in the bit order of the generated element-type masks.
ELEMENT_TYPES = {"I1": "i1", "I8": "i8", "UI8": "ui8", "I16": "i16", "UI16": "ui16", "I32": "i32",
                 "UI32": "ui32", "I64": "i64", "UI64": "ui64", "F16": "f16", "BF16": "bf16", "F32": "f32",
                 "F64": "f64"}
#: numpy-style names (the Python DataType names) of the MLIR element types.
DTYPE_NAMES = {"i1": "bool", "i8": "int8", "ui8": "uint8", "i16": "int16", "ui16": "uint16", "i32": "int32",
               "ui32": "uint32", "i64": "int64", "ui64": "uint64", "f16": "float16", "bf16": "bfloat16",
               "f32": "float32", "f64": "float64"}

_FORM_SUFFIXES = ("_l0", "_l1")


def _element_types(rec: Record) -> tuple[str, ...]:
    """The MLIR element types of a constraint's `elementTypes` (Asc_ElementType among them: all)."""
    names = [t.name for t in rec.get("elementTypes")]
    return tuple(ELEMENT_TYPES.values()) if "Asc_ElementType" in names else tuple(ELEMENT_TYPES[n] for n in names)


def sort_types(types: set[str] | tuple[str, ...]) -> tuple[str, ...]:
    """MLIR element types in ELEMENT_TYPES order (the order of the verifier's messages)."""
    order = list(ELEMENT_TYPES.values())
    return tuple(sorted(set(types), key=order.index))


def snake_to_camel(name: str) -> str:
    return "".join(p[:1].upper() + p[1:] for p in name.split("_"))


# ---------------------------------------------------------------------------------------------------
# Enums
# ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class EnumCase:
    symbol: str  # C++ enumerator (ODS symbol), e.g. "MTE2_V"
    value: int
    keyword: str  # assembly keyword, e.g. "mte2_v"
    record: Record

    @property
    def memory(self) -> str:
        """The memory (Asc_Memory name) of a TPosition case, else ""."""
        mem = self.record.def_("memory")
        return mem.str("name") if mem is not None else ""


@dataclass(frozen=True)
class Enum:
    record: Record
    name: str  # C++ class name in mlir::asc, e.g. "HardEvent"
    attr_mnemonic: str  # e.g. "hard_event" (#asc<hard_event mte2_v>)
    cases: tuple[EnumCase, ...]

    @property
    def py_name(self) -> str:
        return self.record.str("pyName") or self.name

    @property
    def py_prefix(self) -> str:
        return self.record.str("pyPrefix")

    @property
    def py_omit(self) -> tuple[str, ...]:
        return tuple(self.record.get("pyOmit", []) or ())

    @property
    def py_extra_cases(self) -> tuple[tuple[str, int], ...]:
        out = []
        for item in self.record.get("pyExtraCases", []) or ():
            k, v = item.split("=")
            out.append((k.strip(), int(v)))
        return tuple(out)

    @property
    def cxx_extra_cases(self) -> tuple[tuple[str, str], ...]:
        """C++-only enumerators: (name, value or the enumerator it aliases)."""
        return tuple(tuple(x.split("=")) for x in self.record.get("cxxExtraCases", []) or ())

    @property
    def cxx_name(self) -> str:
        """The AscendC spelling (CMPMODE, SELMODE; pipe_t is global)."""
        return self.record.str("cxxName") or self.name

    @property
    def cxx_prefix(self) -> str:
        return self.record.str("cxxPrefix")

    @property
    def cxx_global(self) -> bool:
        """Unscoped and outside namespace AscendC (pipe_t, QuantMode_t, KernelMetaType)."""
        return bool(self.record.int("cxxGlobal", 0))

    def cxx_enumerator(self, value: int) -> str:
        """The qualified C++ enumerator of `value` (`AscendC::CO2Layout::NZ`, `QuantMode_t::NoQuant`)."""
        c = next(c for c in self.cases if c.value == value)
        scope = self.cxx_name if self.cxx_global else f"AscendC::{self.cxx_name}"
        return f"{scope}::{self.cxx_prefix}{c.symbol}"

    def case(self, symbol: str) -> EnumCase:
        for c in self.cases:
            if c.symbol == symbol:
                return c
        raise KeyError(f"{self.name} has no case {symbol}")


# ---------------------------------------------------------------------------------------------------
# Arguments
# ---------------------------------------------------------------------------------------------------

# How an argument appears in Python. Operand kinds: "local", "global", "tensor" (local or global),
# "int" (i32), "u64" (a 64-bit mask word), "mask_lo"/"mask_hi" (the words of a bit mask, folded into one
# Python `mask: List[int]`), "scalar" (a number in the element type of a tensor operand), "value:<type>"
# (a value of one fixed MLIR type: value:i1, value:f16), "struct:<Class>" (a parameter struct),
# "object" (framework object, pointer, other IR value).
# Attribute kinds: "enum:<Enum>", "bool", "int_attr", "type", "str", "unit".


@dataclass
class Arg:
    name: str
    is_attr: bool
    record: Record  # the constraint (operands) or attribute constraint, Arg wrapper removed
    py_kind: str = "object"
    variadic: bool = False
    optional: bool = False
    # Attributes: the Enum of an enum attribute, the C++ default of a defaulted attribute.
    enum: Enum | None = None
    default: str | None = None
    # Tensor operands: the element types (MLIR spelling) and memory the operand rules allow.
    element_types: tuple[str, ...] = ()
    memory: str = ""
    # Scalars: the tensor operand whose element type they take.
    scalar_of: str = ""


@dataclass
class Result:
    name: str
    record: Record
    fixed_type: str | None  # the type's MLIR text when the constraint fixes it
    variadic: bool = False


# ---------------------------------------------------------------------------------------------------
# Ops
# ---------------------------------------------------------------------------------------------------


@dataclass
class Op:
    record: Record
    mnemonic: str
    args: list[Arg]
    results: list[Result]
    attr_sized_operands: bool
    callee: str  # "AscendC::Add" for API ops, "" otherwise
    #: Operand names whose element types must match (pairs: the first is the reference).
    same_element_type: list[tuple[str, str]] = field(default_factory=list)
    #: (result, tensor operand): the result is a scalar of the tensor's element type.
    result_scalar_of: list[tuple[str, str]] = field(default_factory=list)
    #: Whether all tensor operands share one element type (Asc_SameTensorElementType).
    all_same_type: bool = False
    #: Whether operand `dst` is also read (MemRead on its Arg: the multiply-add ops).
    dst_reads: bool = False

    @property
    def name(self) -> str:
        return f"asc.{self.mnemonic}"

    @property
    def operands(self) -> list[Arg]:
        return [a for a in self.args if not a.is_attr]

    @property
    def attributes(self) -> list[Arg]:
        return [a for a in self.args if a.is_attr]

    @property
    def summary(self) -> str:
        return self.record.str("summary")

    # -- Python API surface ------------------------------------------------------------------------
    @property
    def py_api(self) -> str:
        return self.record.str("pyApi")

    @property
    def py_form(self) -> str:
        return self.record.str("pyForm")

    @property
    def py_hidden(self) -> tuple[str, ...]:
        return tuple(self.record.get("pyHidden", []) or ())

    @property
    def py_extra(self) -> tuple[tuple[str, str, str], ...]:
        """Python-only trailing parameters pyasc accepts and ignores: (name, kind, default)."""
        out = []
        for spec in self.record.get("pyExtra", []) or ():
            m = re.fullmatch(r"(\w+):(\w+)=(.+)", spec)
            if not m:
                raise ValueError(f"{self.record.name}: bad pyExtra entry {spec!r} (want name:kind=default)")
            out.append((m.group(1), m.group(2), m.group(3)))
        return tuple(out)

    @property
    def py_unsupported_archs(self) -> dict[str, str]:
        out = {}
        for spec in self.record.get("pyUnsupportedArchs", []) or ():
            arch, sep, parts = spec.partition(":")
            if not sep:
                raise ValueError(f"{self.record.name}: bad pyUnsupportedArchs entry {spec!r} (want arch:parts)")
            out[arch.strip()] = parts.strip()
        return out

    @property
    def py_unsupported_hint(self) -> str:
        return self.record.str("pyUnsupportedHint")

    @property
    def cxx_name(self) -> str:
        return self.callee.removeprefix("AscendC::")

    # -- simulator ---------------------------------------------------------------------------------
    @property
    def sim_op(self) -> str:
        return self.record.str("simOp")

    @property
    def sim_timing(self) -> str:
        return self.record.str("simTiming") or "VOTHER"

    @property
    def cxx_forms(self) -> str:
        return self.record.str("cxxForms")

    @property
    def cxx_only_types(self) -> tuple[str, ...]:
        """Element types Ascend C accepts beyond pyasc's (for hand-written kernels)."""
        return tuple(ELEMENT_TYPES[t.name] for t in self.record.get("cxxOnlyTypes", []) or ())


@dataclass
class Api:
    """A Python API function generated from the ODS ops that are its call forms."""

    name: str
    forms: list[Op] = field(default_factory=list)

    @property
    def cxx(self) -> str:
        return self.forms[0].cxx_name

    def _same(self, what: str, value: object) -> object:
        for form in self.forms[1:]:
            if getattr(form, what) != value:
                raise ValueError(f"{self.name}: its forms disagree on {what}")
        return value

    @property
    def unsupported_archs(self) -> dict[str, str]:
        """Architecture -> what its parts are called, for the architectures lacking the API."""
        return self._same("py_unsupported_archs", self.forms[0].py_unsupported_archs)  # type: ignore[return-value]

    @property
    def unsupported_hint(self) -> str:
        return self._same("py_unsupported_hint", self.forms[0].py_unsupported_hint)  # type: ignore[return-value]

    @property
    def dtypes(self) -> tuple[str, ...]:
        """Element types of the API (MLIR spelling, in ELEMENT_TYPES order): over its forms, those of the
        first source tensor, else of dst; tensors of any element type do not count. An API without such
        tensors (set_deq_scale) has the types of each form's first fixed-type value."""
        found: set[str] = set()
        for form in self.forms:
            tensors = {a.name: a for a in form.operands
                       if a.element_types and len(a.element_types) < len(ELEMENT_TYPES)}
            for name in ("src0", "src", *tensors):
                if name in tensors and (name != "dst" or len(tensors) == 1):
                    found.update(tensors[name].element_types)
                    break
        if not found:
            for form in self.forms:
                values = [a.py_kind.split(":")[1] for a in form.operands if a.py_kind.startswith("value:")]
                found.update(values[:1])
        return sort_types(found)


# ---------------------------------------------------------------------------------------------------
# C++ parameter structs (Asc_CxxParamStruct, AscParamOps.td)
# ---------------------------------------------------------------------------------------------------

#: The C++ type of a parameter struct field of `width` bits (0: the struct's template parameter; negative:
#: signed).
CXX_WIDTH_TYPES = {0: "T", 1: "bool", 8: "uint8_t", 16: "uint16_t", 32: "uint32_t", 64: "uint64_t",
                   -8: "int8_t", -16: "int16_t", -32: "int32_t", -64: "int64_t"}

# "type name = init", or "type name" for a member Ascend C leaves uninitialised.
_DECLARATION = re.compile(r"(?P<type>[\w:<> ]+?)\s+(?P<name>\w+)(\s*=\s*(?P<init>.+))?")


def snake_to_lower_camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(p[:1].upper() + p[1:] for p in rest)


@dataclass(frozen=True)
class CxxMember:
    """A data member of a C++ parameter struct."""

    name: str
    type: str
    init: str | None  # None: declared without initialiser
    field: str = ""  # the pyasc field it holds; "" for a member no field sets
    param_type: str = ""  # the type of its constructor parameter (a field's C++ type)
    alias: str = ""  # the member sharing its anonymous union, which carries the initialiser
    array: int = 0  # > 0: an array of this many elements


@dataclass(frozen=True)
class CxxStruct:
    """An Ascend C parameter struct as ascsim/gen/ParamStructs.h declares it."""

    record: Record
    name: str  # "DataCopyPadExtParams"
    template: bool  # `template <typename T>`
    members: tuple[CxxMember, ...]  # in declaration order
    constructors: tuple[tuple[CxxMember, ...], ...]  # beyond the default one
    constexpr: bool
    fields: tuple[CxxMember, ...] = ()  # the members the op's fields set, in field (operand) order
    field_constructor: bool = True  # constructors[0] takes the fields in order
    aggregate: bool = False  # no constructors at all
    type_aliases: tuple[str, ...] = ()
    constants: tuple[tuple[str, str], ...] = ()  # (name, initialiser)


def _keyed(rec: Record, field_name: str, fields: list[str]) -> dict[str, str]:
    """A per-field list of "field=value" entries, checked against the fields."""
    out = {}
    for entry in rec.get(field_name, []) or ():
        key, sep, value = entry.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or key not in fields or key in out or not value:
            raise ValueError(f"{rec.name}: bad {field_name} entry {entry!r} (want field=value, fields: "
                             f"{', '.join(fields)}, each once)")
        out[key] = value
    return out


def _expand(rec: Record, what: str, entries: list[str], fields: list[str], member_of: dict[str, str],
            mentions: set[str]) -> list[str]:
    """`entries` with "..." replaced by the members of the fields not in `mentions`, in field order."""
    out = []
    for e in entries:
        if e == "...":
            out += [member_of[f] for f in fields if member_of[f] not in mentions]
        else:
            out.append(e)
    if len(set(out)) != len(out):
        raise ValueError(f"{rec.name}: {what} names a member twice")
    return out


def _member_of_declaration(e: str) -> CxxMember | None:
    m = _DECLARATION.fullmatch(e)
    if m is None:
        return None
    init = m.group("init")
    return CxxMember(m.group("name"), m.group("type").strip(), None if init is None else init.strip())


def cxx_struct(rec: Record, fields: list[str], defaults: list[str]) -> CxxStruct:
    """The C++ struct of parameter struct op `rec` with operands `fields` and pyasc `defaults` ("": a
    field pyasc requires)."""
    cxx = rec.str("cxxStruct")
    template = cxx.endswith("<T>")
    widths = [int(w) for w in rec.get("cxxWidths")]
    aggregate = bool(rec.int("cxxAggregate"))
    defaults = defaults or [""] * len(fields)  # pyasc requires every field: cxxDefaults must say
    if len(widths) != len(fields) or len(defaults) != len(fields):
        raise ValueError(f"{rec.name}: {len(fields)} fields, {len(widths)} widths, {len(defaults)} defaults")
    types = _keyed(rec, "cxxTypes", fields)
    names = _keyed(rec, "cxxNames", fields)
    inits = _keyed(rec, "cxxDefaults", fields)
    aliases = _keyed(rec, "cxxAliases", fields)
    arrays = {f: int(n) for f, n in _keyed(rec, "cxxArrays", fields).items()}
    member_of = {f: names.get(f, snake_to_lower_camel(f)) for f in fields}
    field_of = {m: f for f, m in member_of.items()}
    field_member = {}
    for f, w, d in zip(fields, widths, defaults):
        if f not in types and (w not in CXX_WIDTH_TYPES or (w == 0 and not template)):
            raise ValueError(f"{rec.name}: field {f} has width {w} and no cxxTypes entry")
        t = types.get(f, CXX_WIDTH_TYPES.get(w, ""))
        field_member[f] = CxxMember(member_of[f], t, inits.get(f, d), f, t, aliases.get(f, ""), arrays.get(f, 0))

    # Members in declaration order.
    entries = list(rec.get("cxxMembers", []) or ["..."])
    named = {d.name if (d := _member_of_declaration(e)) else e for e in entries}
    members = []
    for e in _expand(rec, "cxxMembers", entries, fields, member_of, named):
        decl = _member_of_declaration(e)
        if decl is None:
            if e not in field_of:
                raise ValueError(f"{rec.name}: cxxMembers entry {e!r} is neither a field's member nor "
                                 f"a declaration 'type name [= value]'")
            members.append(field_member[field_of[e]])
        elif decl.name in field_of:  # a field's member declared with its own type (or no initialiser)
            f = field_of[decl.name]
            if f in inits:
                raise ValueError(f"{rec.name}: {f} has both a cxxDefaults entry and a declaration")
            members.append(CxxMember(decl.name, decl.type, decl.init, f, field_member[f].param_type,
                                     aliases.get(f, ""), arrays.get(f, 0)))
        else:
            members.append(decl)
    by_name = {m.name: m for m in members}
    if len(by_name) != len(members) or any(member_of[f] not in by_name for f in fields):
        raise ValueError(f"{rec.name}: cxxMembers must declare every field's member once")
    declared = {d.name for e in entries if (d := _member_of_declaration(e))}
    for m in members:
        if m.init == "" or (m.init is None and m.name not in declared):
            raise ValueError(f"{rec.name}: member {m.name} has no initialiser (no default, cxxDefaults entry "
                             f"or declaration)")
        if m.alias and m.alias in by_name:
            raise ValueError(f"{rec.name}: alias {m.alias} of {m.name} is a member of its own")
    if aggregate and (fields or rec.get("cxxConstructors")):
        raise ValueError(f"{rec.name}: an aggregate has no fields or constructors (cxxMembers declares it)")

    # Constructors: the one taking the fields (unless cxxFieldConstructor = 0), then the extra ones.
    field_constructor = bool(rec.int("cxxFieldConstructor", 1)) and not aggregate
    constructors = [tuple(by_name[member_of[f]] for f in fields)] if field_constructor else []
    for entry in rec.get("cxxConstructors", []) or ():
        parts = [p.strip() for p in entry.split(",")]
        ctor = []
        for name in _expand(rec, "cxxConstructors", parts, fields, member_of, set(parts)):
            if name not in by_name:
                raise ValueError(f"{rec.name}: cxxConstructors entry {entry!r} names no member {name!r}")
            ctor.append(by_name[name])
        constructors.append(tuple(ctor))
    signatures = [tuple(m.param_type or m.type for m in c) for c in constructors]
    if len(set(signatures)) != len(signatures):
        raise ValueError(f"{rec.name}: two constructors with the same parameter types")
    constants = []
    for entry in rec.get("cxxConstants", []) or ():
        name, sep, init = entry.partition("=")
        if not sep or not name.strip() or not init.strip():
            raise ValueError(f"{rec.name}: bad cxxConstants entry {entry!r} (want NAME=initialiser)")
        constants.append((name.strip(), init.strip()))
    if template and constants:
        raise ValueError(f"{rec.name}: a struct template has no constants")
    return CxxStruct(rec, cxx.removesuffix("<T>"), template, tuple(members), tuple(constructors),
                     bool(rec.int("cxxConstexpr")), tuple(by_name[member_of[f]] for f in fields),
                     field_constructor, aggregate, tuple(rec.get("cxxTypeAliases", []) or ()),
                     tuple(constants))


# ---------------------------------------------------------------------------------------------------
# Building the model
# ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Hardware:
    """The facts of AscHardware.td."""

    memories: list[Record]
    core_types: list[Record]
    platforms: list[Record]
    constants: list[Record]
    vec_timings: list[Record]


class Dialect:
    def __init__(self, records: Records) -> None:
        self.records = records
        self.hardware = Hardware(records.instances("Asc_Memory"), records.instances("Asc_CoreType"),
                                 records.instances("Asc_Platform"), records.instances("Asc_Constant"),
                                 records.instances("Asc_VecTiming"))
        self.enums = self._enums()
        self._enum_by_record = {e.record.name: e for e in self.enums}
        self.ops = [self._op(r) for r in records.instances("Op")
                    if r.def_("opDialect") is not None and r.def_("opDialect").name == "Asc_Dialect"]
        self.apis = self._apis()

    # -- enums -------------------------------------------------------------------------------------
    def _enums(self) -> list[Enum]:
        out = []
        for attr in self.records.instances("EnumAttr"):
            enum_rec = attr.def_("enum")
            if enum_rec is None or not enum_rec.name.startswith("Asc_"):
                continue
            cases = tuple(EnumCase(c.str("symbol"), c.int("value"), c.str("str"), c)
                          for c in enum_rec.get("enumerants"))
            out.append(Enum(enum_rec, enum_rec.str("className"), attr.str("mnemonic"), cases))
        return out

    def enum(self, name: str) -> Enum:
        for e in self.enums:
            if e.name == name:
                return e
        raise KeyError(name)

    # -- ops ---------------------------------------------------------------------------------------
    def _op(self, rec: Record) -> Op:
        args_dag: Dag = rec.get("arguments")
        args = [self._arg(a, n, rec) for a, n in args_dag.args]
        self._link_scalars(rec, args)
        res_dag: Dag = rec.get("results")
        results = [self._result(r, n) for r, n in res_dag.args]
        traits = [t for t in rec.get("traits", []) if isinstance(t, Record)]
        op = Op(rec, rec.str("opName"), args, results,
                "AttrSizedOperandSegments" in {t.name for t in traits}, rec.str("callee"))
        for a, n in args_dag.args:
            if n == "dst" and isinstance(a, Record) and a.isa("OpVariable"):
                op.dst_reads = any(isinstance(d, Record) and d.isa("MemRead") for d in a.get("decorators", []))
        for t in traits:
            if t.name == "Asc_SameTensorElementType":
                op.all_same_type = True
                tensors = [a.name for a in op.operands if a.py_kind in ("local", "global", "tensor")]
                op.same_element_type += [(tensors[0], n) for n in tensors[1:]]
            elif t.isa("Asc_SameElementType"):
                op.same_element_type.append((t.str("lhs"), t.str("rhs")))
            elif t.isa("Asc_ScalarOfElementType") and t.str("scalarName") in {r.name for r in op.results}:
                op.result_scalar_of.append((t.str("scalarName"), t.str("tensorName")))
        return op

    def _unwrap(self, rec: Record) -> tuple[Record, bool, bool]:
        """(constraint, variadic, optional) behind Arg/Res wrappers and Variadic/Optional."""
        variadic = optional = False
        while True:
            if rec.isa("OpVariable") and rec.has("constraint"):
                rec = rec.def_("constraint")
                continue
            if rec.isa("Variadic") and rec.has("baseType"):
                variadic = True
                rec = rec.def_("baseType")
                continue
            if rec.isa("Optional") and rec.has("baseType"):
                optional = True
                rec = rec.def_("baseType")
                continue
            return rec, variadic, optional

    def _arg(self, wrapped: Record, name: str, op: Record) -> Arg:
        rec, variadic, optional = self._unwrap(wrapped)
        if rec.isa("Attr"):
            return self._attr_arg(rec, name)
        arg = Arg(name, False, rec, variadic=variadic, optional=optional)
        arg.py_kind = self._operand_kind(wrapped, rec)
        if rec.has("elementTypes"):
            arg.element_types = _element_types(rec)
            arg.memory = rec.str("memory")
        return arg

    def _operand_kind(self, wrapped: Record, rec: Record) -> str:
        # Named Arg defs with a Python meaning (the mask words and counts of the vector forms).
        named = {"Asc_VecMask": "u64", "Asc_VecMaskWord": "u64", "Asc_VecMaskLow": "mask_lo",
                 "Asc_VecMaskHigh": "mask_hi", "Asc_VecScalar": "scalar",
                 "Asc_U64Word": "u64"}
        if wrapped.name in named:
            return named[wrapped.name]
        if rec.has("elementTypes") or rec.name == "Asc_LocalTensorType":
            return "local"
        if rec.name == "Asc_GlobalTensorType":
            return "global"
        if rec.name == "Asc_AnyTensor":
            return "tensor"
        if rec.name == "Asc_ElementType":
            return "scalar"
        if rec.name == "AnySignlessInteger":
            return "int"
        if rec.name in ELEMENT_TYPES:  # a value of one fixed type: value:f16, value:i1, ...
            return f"value:{ELEMENT_TYPES[rec.name]}"
        if rec.isa("Asc_ParamStructType") or rec.isa("Asc_TemplatedParamStructType"):
            # The Python class is named as the C++ struct (LoadData2DParams).
            return f"struct:{rec.str('cppClassName').removesuffix('Type')}"
        return "object"

    def _attr_arg(self, rec: Record, name: str) -> Arg:
        arg = Arg(name, True, rec)
        base = rec
        if rec.isa("DefaultValuedAttr") or rec.isa("OptionalAttr"):
            arg.optional = rec.isa("OptionalAttr")
            if rec.isa("DefaultValuedAttr"):
                arg.default = rec.str("defaultValue")
            base = rec.def_("baseAttr") or rec
        if base.isa("EnumAttr"):
            arg.enum = self._enum_by_record[base.def_("enum").name]
            arg.py_kind = f"enum:{arg.enum.py_name}"
        elif base.name == "BoolAttr":
            arg.py_kind = "bool"
        elif base.isa("TypeAttrBase") or base.name == "TypeAttr":
            arg.py_kind = "type"
            if base.has("elementTypes"):  # Asc_ElementTypeAttrOf
                arg.element_types = _element_types(base)
        elif base.name == "StrAttr":
            arg.py_kind = "str"
        elif base.name == "UnitAttr":
            arg.py_kind = "unit"
        elif base.isa("TypedAttrBase") or base.name in ("I32Attr", "I64Attr"):
            arg.py_kind = "int_attr"
        else:
            raise ValueError(f"unsupported attribute constraint {base.name} of '{name}'")
        return arg

    def _link_scalars(self, op: Record, args: list[Arg]) -> None:
        """Scalars take the element type of the tensor their Asc_ScalarOfElementType trait names."""
        for trait in op.get("traits", []):
            if isinstance(trait, Record) and trait.isa("Asc_ScalarOfElementType"):
                for a in args:
                    if a.name == trait.str("scalarName"):
                        a.scalar_of = trait.str("tensorName")

    def _result(self, wrapped: Record, name: str | None) -> Result:
        rec, variadic, _ = self._unwrap(wrapped)
        return Result(name or "result", rec, self.fixed_type(rec), variadic)

    def fixed_type(self, rec: Record) -> str | None:
        """The MLIR text of the type a constraint fixes (i1, i32, !asc.tpipe), else None."""
        if rec.name in ELEMENT_TYPES:
            return ELEMENT_TYPES[rec.name]
        if rec.isa("TypeDef") and rec.str("mnemonic"):
            params: Dag | None = rec.get("parameters")
            if params is None or not params.args:
                return f"!asc.{rec.str('mnemonic')}"
        return None

    # -- APIs --------------------------------------------------------------------------------------
    def _apis(self) -> list[Api]:
        apis: dict[str, Api] = {}
        for op in self.ops:
            if op.py_api:
                apis.setdefault(op.py_api, Api(op.py_api)).forms.append(op)
        return list(apis.values())

    def param_struct_ops(self) -> list[Op]:
        """The ops building a parameter struct from its fields (one operand per field)."""
        return [op for op in self.ops
                if op.record.isa("Asc_ParamStructOp") or (
                    len(op.results) == 1 and op.results[0].record.isa("Asc_ParamStructType")
                    and not any(a.variadic or a.optional for a in op.operands) and not op.attributes)]

    def cxx_param_structs(self) -> list[CxxStruct]:
        """The C++ parameter structs (Asc_CxxParamStruct), in definition order."""
        ops = {op.record.name: op for op in self.param_struct_ops()}
        out = []
        for rec in self.records.instances("Asc_CxxParamStruct"):
            op = ops.get(rec.name)
            if op is None and not rec.int("cxxAggregate"):
                raise ValueError(f"{rec.name}: an Asc_CxxParamStruct must be a parameter struct op or an "
                                 f"aggregate")
            fields = [a.name for a in op.operands] if op is not None else []
            out.append(cxx_struct(rec, fields, list(rec.get("defaults", []) or ())))
        return out

    def param_struct_by_op(self) -> dict[str, CxxStruct]:
        """The C++ struct of each parameter struct op, by op name (`asc.mmad_params`)."""
        ops = {op.record.name: op for op in self.param_struct_ops()}
        return {ops[s.record.name].name: s for s in self.cxx_param_structs() if s.record.name in ops}

    # -- types -------------------------------------------------------------------------------------
    def type_defs(self) -> list[Record]:
        return [r for r in self.records.instances("TypeDef")
                if r.def_("dialect") is not None and r.def_("dialect").name == "Asc_Dialect"]
