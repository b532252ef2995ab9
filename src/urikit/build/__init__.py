"""Building references from raw parts: the typestate Builder and its states, compose,
the encoders they share, and URIs typed by people."""
