"""The application layer: one plain function per command, taking settings and typed options and
returning what it did; the command line (pnp.cli) parses, calls these and prints."""
