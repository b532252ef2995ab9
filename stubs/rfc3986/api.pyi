from .iri import IRIReference as IRIReference
from .parseresult import ParseResult as ParseResult
from .uri import URIReference as URIReference

def uri_reference(uri: str | bytes, encoding: str = "utf-8") -> URIReference: ...
def iri_reference(iri: str | bytes, encoding: str = "utf-8") -> IRIReference: ...
def is_valid_uri(
    uri: str | bytes,
    encoding: str = "utf-8",
    *,
    require_scheme: bool = False,
    require_authority: bool = False,
    require_path: bool = False,
    require_query: bool = False,
    require_fragment: bool = False,
) -> bool: ...
def normalize_uri(uri: str | bytes, encoding: str = "utf-8") -> str: ...
def urlparse(uri: str | bytes, encoding: str = "utf-8") -> ParseResult: ...
