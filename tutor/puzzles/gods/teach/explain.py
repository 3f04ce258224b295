"""Why each gods quantity has its value, and why any other value is wrong: from the engine's own results."""
