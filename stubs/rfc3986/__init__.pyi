from .api import (
    IRIReference as IRIReference,
)
from .api import (
    URIReference as URIReference,
)
from .api import (
    iri_reference as iri_reference,
)
from .api import (
    is_valid_uri as is_valid_uri,
)
from .api import (
    normalize_uri as normalize_uri,
)
from .api import (
    uri_reference as uri_reference,
)
from .api import (
    urlparse as urlparse,
)
from .parseresult import ParseResult as ParseResult

__all__ = (
    "IRIReference",
    "ParseResult",
    "URIReference",
    "__author__",
    "__author_email__",
    "__copyright__",
    "__license__",
    "__title__",
    "__version__",
    "iri_reference",
    "is_valid_uri",
    "normalize_uri",
    "uri_reference",
    "urlparse",
)

__title__: str
__author__: str
__author_email__: str
__license__: str
__copyright__: str
__version__: str
