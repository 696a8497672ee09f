"""The designer's balance report: what the game's data does to play, in exact odds where they
can be enumerated and seeded simulations where they cannot. A game names its analysis in its
`Game` entry (`analysis = "module:analyse"`); pnp's own are the `*_balance` modules here."""
