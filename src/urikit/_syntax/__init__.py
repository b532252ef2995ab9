"""The grammar layer: ABNF nodes and combinators, the rule names, RFC 3986 and RFC 3987
rule by rule, the compiled patterns, the automaton and the error locator built from them,
percent-decoding, validation and the exported patterns."""
