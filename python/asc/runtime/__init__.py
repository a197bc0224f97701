"""Runtime: jit, launch, cache, configuration and backends."""

from . import config
from .jit import JITFunction, jit
from .list_tensor import ListTensor, list_tensor
from .options import CodegenOptions, CompileOptions, LaunchOptions

__all__ = ["config", "JITFunction", "jit", "CodegenOptions", "CompileOptions", "LaunchOptions", "ListTensor",
           "list_tensor"]
