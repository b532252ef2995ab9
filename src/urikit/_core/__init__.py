"""Algorithms over the components record: parsing into fields, percent-encoding tables,
hosts, IRI mapping (RFC 3987 3), splitting, resolution (RFC 3986 5) and normalization
(RFC 3986 6)."""
