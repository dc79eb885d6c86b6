"""Auto-players, odds and hints: simulations over the engine's contract."""
