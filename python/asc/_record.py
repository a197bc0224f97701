"""`Record`: the dataclass features pyasc's import and launch path use, without generated code.

`@dataclass` compiles every method it adds from source when the class is created (0.2-0.5 ms a
class); the 18 classes `import asc` defines made a sixth of its time. A `Record` subclass declares
its fields as annotated class attributes, as a dataclass does (a value is the default, `factory(f)`
a per-instance default); the class keywords `frozen` and `eq` mean what they mean to `@dataclass`:

    class Param(Record, frozen=True):
        name: str
        dtype: DataType | None = None

gives `__init__` (positional or keyword arguments, then `__post_init__` if defined), `__repr__`,
`__eq__` and `__hash__` (by value when frozen and eq, by identity with eq=False, none when mutable
and eq), and `replace(**changes)`, `astuple()` (shallow) and `fields()`.
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar

_NO_DEFAULT: Any = object()


class _Factory:
    __slots__ = ("make",)

    def __init__(self, make: Callable[[], Any]) -> None:
        self.make = make


def factory(make: Callable[[], Any]) -> Any:
    """A field default made per instance by `make()` (dataclasses' `default_factory`)."""
    return _Factory(make)


class FrozenRecordError(AttributeError):
    """An assignment to a field of a frozen Record."""


class Record:
    """Base of the small value classes of the launch path (see the module docstring)."""

    _fields: ClassVar[tuple[str, ...]] = ()
    _defaults: ClassVar[dict[str, Any]] = {}

    def __init_subclass__(cls, frozen: bool = False, eq: bool = True, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = [name for name, annotation in cls.__dict__.get("__annotations__", {}).items()
               if "ClassVar" not in str(annotation)]
        cls._fields = (*(f for f in cls._fields if f not in own), *own)
        defaults = dict(cls._defaults)
        for name in own:
            value = cls.__dict__.get(name, _NO_DEFAULT)
            if isinstance(value, _Factory):
                delattr(cls, name)
            defaults[name] = value
        cls._defaults = defaults
        if frozen:
            cls.__setattr__ = _frozen_setattr  # type: ignore[assignment]
            cls.__delattr__ = _frozen_delattr  # type: ignore[assignment]
        if eq and "__eq__" not in cls.__dict__:
            cls.__eq__ = _eq  # type: ignore[assignment]
            if "__hash__" not in cls.__dict__:
                cls.__hash__ = _hash if frozen else None  # type: ignore[assignment]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        cls = type(self)
        fields = cls._fields
        if len(args) > len(fields):
            raise TypeError(f"{cls.__name__}() takes {len(fields)} positional arguments but {len(args)} were given")
        values = dict(zip(fields, args))
        for name, value in kwargs.items():
            if name not in cls._defaults:
                raise TypeError(f"{cls.__name__}() got an unexpected keyword argument '{name}'")
            if name in values:
                raise TypeError(f"{cls.__name__}() got multiple values for argument '{name}'")
            values[name] = value
        store = object.__setattr__
        for name in fields:
            value = values.get(name, _NO_DEFAULT)
            if value is _NO_DEFAULT:
                value = cls._defaults[name]
                if value is _NO_DEFAULT:
                    raise TypeError(f"{cls.__name__}() missing required argument: '{name}'")
                if isinstance(value, _Factory):
                    value = value.make()
            store(self, name, value)
        post_init = getattr(self, "__post_init__", None)
        if post_init is not None:
            post_init()

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__qualname__}({fields})"

    def astuple(self) -> tuple:
        return tuple(getattr(self, name) for name in self._fields)

    def replace(self, **changes: Any) -> Any:
        """A copy with `changes` applied (through `__init__`, so `__post_init__` checks them)."""
        return type(self)(**{**{name: getattr(self, name) for name in self._fields}, **changes})

    @classmethod
    def fields(cls) -> tuple[str, ...]:
        return cls._fields


def _eq(self: Record, other: Any) -> Any:
    if other.__class__ is self.__class__:
        return self.astuple() == other.astuple()
    return NotImplemented


def _hash(self: Record) -> int:
    return hash(self.astuple())


def _frozen_setattr(self: Record, name: str, value: Any) -> None:
    raise FrozenRecordError(f"cannot assign to field '{name}' of a frozen {type(self).__name__}")


def _frozen_delattr(self: Record, name: str) -> None:
    raise FrozenRecordError(f"cannot delete field '{name}' of a frozen {type(self).__name__}")
