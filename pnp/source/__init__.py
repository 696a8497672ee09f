"""Reading the designer's data: a game's folder read once (TOML, CSV lists), its checked models, the
rules model and its trace, the icon cache, and the options of a build."""
