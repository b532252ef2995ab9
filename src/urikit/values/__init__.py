"""The immutable values: URI, RelativeReference, URIReference and IRIReference, with their
readers and ``with_*`` edits, and extraction of URIs from prose."""
