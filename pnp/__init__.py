"""pnp: print-and-play PDFs for five afterlife-themed tabletop games."""

__version__ = "0.1.0"
