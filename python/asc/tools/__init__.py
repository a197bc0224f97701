"""Tools built on pyasc's compiler: `opgen`, the CANN custom-operator project generator."""
