"""One op table: every vector op the dialect declares, built in every element type, against the simulator.

The dialect's verifier (ODS operand rules) and the simulator (its op table, generated from the same ODS)
must accept exactly the same element types for every op the simulator runs — except where ODS flags
that the Ascend C API accepts more (`cxxOnlyTypes`, for hand-written kernels). Each op is built as text
IR in the generic op syntax and parsed (which verifies it); the simulator is asked through
`asc._C.sim.vector_op_supports`.
"""

from __future__ import annotations

import itertools

import pytest

from asc import _C
from asc._C import _ods

ALL = ("i1", "i8", "ui8", "i16", "ui16", "i32", "ui32", "i64", "ui64", "f16", "bf16", "f32", "f64")
NUMPY = {"i1": "bool", "i8": "int8", "ui8": "uint8", "i16": "int16", "ui16": "uint16", "i32": "int32",
         "ui32": "uint32", "i64": "int64", "ui64": "uint64", "f16": "float16", "bf16": "bfloat16",
         "f32": "float32", "f64": "float64"}
# The simulator's (dst, src) types of an instruction are those of these operands (its VecCall ABI).
SIM_SRC = {"Select": "sel_mask", "SelectScalar": "sel_mask", "SelectCmpMaskScalar": "sel_mask"}


def _signless(t: str) -> str:
    return "i" + t[2:] if t.startswith("ui") else t


def _groups(info: dict) -> list[set[str]]:
    """Operands that share an element type (connected by the ODS relations)."""
    groups: list[set[str]] = []
    for a, b in info["same_element_type"]:
        hit = [g for g in groups if a in g or b in g]
        merged = {a, b}.union(*hit)
        groups = [g for g in groups if g not in hit] + [merged]
    return groups


def _module(name: str, info: dict, types: dict[str, str], attrs: dict[str, str]) -> str | None:
    """Generic-syntax IR of op `name` with tensor operands of `types` (others: a valid fixed type)."""
    args, arg_types = [], []
    for i, (operand, kind, elements, fixed, scalar_of) in enumerate(info["operands"]):
        if kind in ("local", "tensor") and elements:
            t = f"!asc.local_tensor<vecin, {types.get(operand, elements[0])}>"
        elif kind == "scalar":
            t = _signless(types.get(scalar_of) or dict((o[0], o[2]) for o in info["operands"])[scalar_of][0])
        elif kind in ("int", "u64", "mask_lo", "mask_hi"):
            t = "i64" if kind != "int" else "i32"
        elif fixed:
            t = fixed
        else:
            return None  # an operand this test cannot build (not a vector instruction's)
        args.append(f"%a{i}: {t}")
        arg_types.append(t)
    attr_text = ", ".join(f"{k} = {v}" for k, v in attrs.items())
    operands = ", ".join(f"%a{i}" for i in range(len(args)))
    return (f"func.func @f({', '.join(args)}) {{\n"
            f"  \"asc.{name}\"({operands}) {{{attr_text}}} : ({', '.join(arg_types)}) -> ()\n"
            "  return\n}\n")


def _attr_choices(info: dict) -> list[dict[str, str]]:
    """Every combination of the op's enum attributes (validity of some depends on the types)."""
    options = []
    for attr, kind, _default in info["attributes"]:
        if kind.startswith("enum:"):
            enum = getattr(_ods, kind.split(":")[1])
            mnemonic, keywords = _ods.ENUM_ATTRS[enum]
            options.append([(attr, f"#asc<{mnemonic} {kw}>") for kw in keywords.values()])
    return [dict(c) for c in itertools.product(*options)] or [{}]


@pytest.fixture(scope="module")
def ctx():
    return _C.ir.create_context()


def _verifies(ctx, text: str) -> bool:
    try:
        _C.ir.parse_module(ctx, text)
        return True
    except ValueError:
        return False


def _sim_ops() -> list[tuple[str, str]]:
    """(simulator instruction, the first ODS op that is it)."""
    first: dict[str, str] = {}
    for name, info in _ods.OP_INFO.items():
        if info["sim_op"] and info["sim_op"] not in first:
            first[info["sim_op"]] = name
    return sorted(first.items())


def test_every_simulator_instruction_is_an_ods_op() -> None:
    assert sorted(_C.sim.vector_ops()) == sorted(op for op, _ in _sim_ops())


@pytest.mark.parametrize("sim_op,name", _sim_ops())
def test_dialect_and_simulator_accept_the_same_element_types(ctx, sim_op: str, name: str) -> None:
    info = _ods.OP_INFO[name]
    tensors = [o for o in info["operands"] if o[1] in ("local", "tensor") and o[2]]
    groups = _groups(info)
    dst = next((o[0] for o in tensors if o[0] == "dst"), None)
    src = SIM_SRC.get(sim_op) or next((o[0] for o in tensors if o[0] in ("src0", "src", "src1")), dst)
    group_of = {n: g for g in groups for n in g}
    # One type variable when dst and src are related (or there is one of them), else two.
    same = dst is None or src is None or src in group_of.get(dst, {dst})
    pairs = [(t, t) for t in ALL] if same else list(itertools.product(ALL, ALL))
    accepted_by_dialect, accepted_by_sim, built = set(), set(), False
    for d, s in pairs:
        types: dict[str, str] = {}
        for var, t in ((dst, d), (src, s)):
            if var is not None:
                for n in group_of.get(var, {var}):
                    types[n] = t
        texts = [_module(name, info, types, attrs) for attrs in _attr_choices(info)]
        assert all(t is not None for t in texts), f"cannot build asc.{name}"
        built = True
        if any(_verifies(ctx, t) for t in texts):
            accepted_by_dialect.add((d, s))
        ok, _allowed = _C.sim.vector_op_supports(sim_op, NUMPY[d], NUMPY[s])
        if ok:
            accepted_by_sim.add((d, s))
    assert built and accepted_by_dialect, f"asc.{name} verifies in no element type: the test cannot build it"
    extra = set(info["cxx_only_types"])
    assert {p for p in accepted_by_sim if not set(p) & extra} == accepted_by_dialect, sim_op
    assert {p for p in accepted_by_sim if set(p) & extra} == {(t, t) for t in extra}, sim_op
