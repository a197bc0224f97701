"""Fill and broadcast (`AscendC::Duplicate`, `Brcb`)."""

from __future__ import annotations

from ._families import brcb_api, duplicate_api

duplicate = duplicate_api()
brcb = brcb_api()

__all__ = ["duplicate", "brcb"]
