"""Gather elements or 32-byte blocks by offsets (`AscendC::Gather`, `Gatherb`)."""

from __future__ import annotations

from ._families import gather_api, gatherb_api

gather = gather_api()
gatherb = gatherb_api()

__all__ = ["gather", "gatherb"]
