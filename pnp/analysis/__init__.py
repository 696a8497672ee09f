"""The designer's balance report: what the game's data does to play, in exact odds where they
can be enumerated and seeded simulations where they cannot. One module per game."""

ANALYSES: dict[str, str] = {
    "exit-from-purgatory": "pnp.analysis.exit_from_purgatory",
    "seven-steps": "pnp.analysis.seven_steps",
    "particle-panic": "pnp.analysis.particle_panic",
    "punished": "pnp.analysis.punished",
    "straight-to": "pnp.analysis.straight_to",
}
