"""pyasc generalization-style programs (upstream test names) run unmodified on the simulator."""
