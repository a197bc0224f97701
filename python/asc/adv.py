"""`asc.adv` (`import asc.adv`, as in pyasc) is asc.language.adv: this module replaces itself with it."""

import sys

from .language import adv

sys.modules[__name__] = adv
