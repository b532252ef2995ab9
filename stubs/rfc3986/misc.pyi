import re

from . import abnf_regexp as abnf_regexp
from .iri import IRIReference
from .uri import URIReference

URI_COMPONENTS: list[str]
important_characters: dict[str, str]
GENERIC_DELIMITERS: set[str]
SUB_DELIMITERS: set[str]
RESERVED_CHARS: set[str]
UNRESERVED_CHARS: set[str]
NON_PCT_ENCODED: set[str]
URI_MATCHER: re.Pattern[str]
SUBAUTHORITY_MATCHER: re.Pattern[str]
HOST_MATCHER: re.Pattern[str]
IPv4_MATCHER: re.Pattern[str]
IPv6_MATCHER: re.Pattern[str]
IPv6_NO_RFC4007_MATCHER: re.Pattern[str]
PATH_MATCHER: re.Pattern[str]
QUERY_MATCHER: re.Pattern[str]
FRAGMENT_MATCHER: re.Pattern[str]
SCHEME_MATCHER: re.Pattern[str]
RELATIVE_REF_MATCHER: re.Pattern[str]
ABSOLUTE_URI_MATCHER: re.Pattern[str]
IRI_MATCHER: re.Pattern[str]
ISUBAUTHORITY_MATCHER: re.Pattern[str]

def merge_paths(base_uri: URIReference | IRIReference, relative_path: str) -> str: ...

UseExisting: object
