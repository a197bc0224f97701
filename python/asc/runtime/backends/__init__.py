"""Backends that turn Ascend C source into something runnable and launch it."""
