"""pydantic v2 field types for RFC 3986 URIs (install the ``urikit[pydantic]`` extra).

::

    from typing import Annotated
    from pydantic import BaseModel
    from urikit import URI, Policy
    from urikit.integrations.pydantic import PolicyURI, URIField, URIReferenceField

    class Service(BaseModel):
        endpoint: URIField                  # a URI (RFC 3): scheme required
        docs: URIReferenceField             # any URI-reference (RFC 4.1)
        callback: Annotated[URI, PolicyURI(Policy(schemes={"https"}))]

A field holds the parsed, immutable value (:class:`urikit.URI`, ...); ``model_dump()``
and ``model_dump_json()`` give its text. Invalid input is a
pydantic ``ValidationError`` whose error has type ``uri_syntax`` (or ``uri_policy``),
urikit's message, and ``position``/``rule``/``component`` in its ``ctx``; its
``input`` is the text with a password written ``***`` (RFC 7.5), which ``position``
counts in. JSON output
is the URI's text; the JSON Schema is ``{"type": "string", "format": "uri"}`` (or
``"uri-reference"``). ``IRIField`` and ``IRIReferenceField`` hold RFC 3987 IRIs as
:class:`urikit.IRIReference` values (``"format": "iri"`` / ``"iri-reference"``).

Connection strings: ``PostgresDsn``, ``MySQLDsn``, ``RedisDsn``, ``AmqpDsn`` and
``MongoDsn`` take the place of pydantic's types of those names. The field holds a
:class:`Dsn`: the text byte for byte (``str()``, for the client) and ``.value``, what
the client reads (several hosts, Unix sockets: :mod:`urikit.schemes.postgresql`, ...);
its ``repr()`` hides the password, and ``DsnValidator(..., hide_password=True)`` dumps
it hidden too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType, UnionType
from typing import (
    Annotated,
    Generic,
    Literal,
    TypeAlias,
    TypeVar,
    Union,
    cast,
    get_args,
    get_origin,
)

from pydantic import GetCoreSchemaHandler, GetJsonSchemaHandler
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import (
    CoreSchema,
    InitErrorDetails,
    PydanticCustomError,
    ValidationError,
    core_schema,
)

from urikit._core.components import ReferenceRule, reference_rule
from urikit._syntax.compiled import source
from urikit._syntax.validation import validate
from urikit.errors import InvalidURIError
from urikit.errors.problems import PolicyError, Problem
from urikit.policy._arguments import Requirement
from urikit.policy.checker import Policy
from urikit.schemes import amqp, mongodb, mysql, postgresql, redis
from urikit.schemes._connection import ConnectionURI, redacted_text
from urikit.schemes.amqp import AmqpURI
from urikit.schemes.mongodb import MongodbURI
from urikit.schemes.mysql import MysqlURI
from urikit.schemes.postgresql import PostgresqlURI
from urikit.schemes.redis import RedisURI
from urikit.values.iri import IRIReference
from urikit.values.scheme_table import one_of, registered
from urikit.values.uri import URI, RelativeReference, URIReference, parse_as

__all__ = [
    "AbsoluteURIField",
    "AmqpDsn",
    "Dsn",
    "DsnValidator",
    "HttpURI",
    "IRIField",
    "IRIReferenceField",
    "IRIValidator",
    "MongoDsn",
    "MySQLDsn",
    "PolicyURI",
    "PostgresDsn",
    "RedisDsn",
    "RelativeReferenceField",
    "SchemeURI",
    "Syntax",
    "URIField",
    "URIReferenceField",
    "URIValidator",
    "core_schema_of",
    "json_schema_of",
]

Syntax: TypeAlias = ReferenceRule

_FORMAT: Mapping[Syntax, str] = MappingProxyType(
    {
        "URI": "uri",
        "absolute-URI": "uri",
        "URI-reference": "uri-reference",
        "relative-ref": "uri-reference",
    }
)


def _text(value: object) -> str:
    """The text to validate: a str, or the text of a urikit value (Python input)."""
    if isinstance(value, str):
        return value
    if isinstance(value, URI | RelativeReference):
        return str(value)
    raise PydanticCustomError(
        "uri_type", "URI input should be a string, not {type}", {"type": type(value).__name__}
    )


def _syntax_error(error: InvalidURIError) -> ValidationError:
    """The pydantic error for ``error``; its input is the error's text, the input with a
    password written ``***`` (RFC 7.5), which the position counts in."""
    context = {
        "message": error.message,
        "position": error.position,
        "rule": error.rule,
        "component": error.component,
    }
    details = InitErrorDetails(
        type=PydanticCustomError("uri_syntax", "{message}", context), loc=(), input=error.text
    )
    return ValidationError.from_exception_data("URI", [details])


def _serialize(value: URIReference) -> str:
    # Also in Python mode: left to pydantic, a value would be dumped as its inner tuple.
    return str(value)


def _schema(validate: core_schema.NoInfoValidatorFunction) -> CoreSchema:
    return core_schema.no_info_plain_validator_function(
        validate,
        serialization=core_schema.plain_serializer_function_ser_schema(_serialize),
    )


def core_schema_of(rule: Syntax) -> CoreSchema:
    """The pydantic core schema of a field holding text that matches ``rule``, parsed."""
    return _schema(URIValidator(rule).validate)


def json_schema_of(rule: Syntax) -> JsonSchemaValue:
    """The JSON Schema of such a field: a string of format uri or uri-reference."""
    return {"type": "string", "format": _FORMAT[reference_rule(rule)]}


class _Field:
    """pydantic's two hooks for ``Annotated`` metadata: a plain validator function
    (:meth:`validate`) serialized as text, and the JSON Schema :meth:`json_schema`."""

    __slots__ = ()

    def validate(self, value: object) -> object:
        """The field's value, or the pydantic error for bad input."""
        raise NotImplementedError

    def json_schema(self) -> JsonSchemaValue:
        """The JSON Schema of the field (a string with a ``format``)."""
        raise NotImplementedError

    def __get_pydantic_core_schema__(
        self, source: object, handler: GetCoreSchemaHandler
    ) -> CoreSchema:
        return _schema(self.validate)

    def __get_pydantic_json_schema__(
        self, schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        return self.json_schema()


@dataclass(frozen=True, slots=True)
class URIValidator(_Field):
    """``Annotated`` metadata: the field is text matching ``rule``, held parsed."""

    rule: Syntax = "URI-reference"

    def validate(self, value: object) -> URIReference:
        """The parsed value, or the pydantic error for bad input."""
        try:
            return parse_as(_text(value), self.rule)
        except InvalidURIError as error:
            raise _syntax_error(error) from None

    def json_schema(self) -> JsonSchemaValue:
        """A string of format uri or uri-reference."""
        return json_schema_of(self.rule)


@dataclass(frozen=True, slots=True)
class PolicyURI(_Field):
    """``Annotated`` metadata: the field is a URI-reference that ``policy`` accepts.

    ``Annotated[URI, PolicyURI(Policy(schemes={"https"}))]``; the value is what
    :meth:`urikit.Policy.check` returns (normalized if the policy says so). Each problem
    is its own pydantic error: ``uri_syntax`` for the syntax, ``uri_policy`` (with its
    ``code``) for each rule, all with ``position`` and ``component`` in ``ctx``. The
    annotation must hold every value the policy gives (``URI`` for ``require="absolute"``,
    ``RelativeReference`` for ``"relative"``, ``URIReference`` for any), or the model
    class is refused when it is defined.
    """

    policy: Policy

    def validate(self, value: object) -> URIReference:
        """The checked value, or a pydantic error for every problem."""
        try:
            return self.policy.check(_text(value))
        except PolicyError as error:
            details = [  # the input as the problems' positions count it (RFC 7.5)
                InitErrorDetails(type=_problem_error(p), loc=(), input=error.text)
                for p in error.problems
            ]
            raise ValidationError.from_exception_data("PolicyURI", details) from None

    def __get_pydantic_core_schema__(
        self, source: object, handler: GetCoreSchemaHandler
    ) -> CoreSchema:
        gives = _GIVES[self.policy.require]
        if not gives <= _classes(source):
            names = " or ".join(sorted(c.__name__ for c in gives))
            raise TypeError(
                f"PolicyURI(Policy(require={self.policy.require!r})) gives {names} values,"
                f" which a field annotated {_name(source)} cannot hold;"
                f" annotate it {_ANNOTATION[self.policy.require]}"
            )
        return _schema(self.validate)

    def json_schema(self) -> JsonSchemaValue:
        """A string of format uri or uri-reference, with the policy's maximum length."""
        fmt = "uri" if self.policy.require == "absolute" else "uri-reference"
        out: JsonSchemaValue = {"type": "string", "format": fmt}
        if self.policy.max_length is not None:
            out["maxLength"] = self.policy.max_length
        return out


@dataclass(frozen=True, slots=True)
class IRIValidator(_Field):
    """``Annotated`` metadata: the field is text matching ``rule`` (RFC 3987 2.2), held as
    an :class:`~urikit.IRIReference`; ``to_uri()`` gives the URI it maps to (3.1)."""

    rule: Literal["IRI", "IRI-reference"] = "IRI-reference"

    def validate(self, value: object) -> IRIReference:
        """The IRI value, or the pydantic error for bad input."""
        text = str(value) if isinstance(value, IRIReference) else _text(value)
        try:
            if self.rule == "IRI":
                validate(text, "IRI")
            return IRIReference(text)
        except InvalidURIError as error:
            raise _syntax_error(error) from None

    def json_schema(self) -> JsonSchemaValue:
        """A string of format iri or iri-reference."""
        return {"type": "string", "format": "iri" if self.rule == "IRI" else "iri-reference"}


@dataclass(frozen=True, slots=True)
class SchemeURI(_Field):
    """``Annotated`` metadata: the field is a URI of one of ``schemes``, checked by each
    scheme's registered rule (:mod:`urikit.schemes`: ``http-URI``, ``mailtoURI``, ...,
    or a user's), held as a :class:`~urikit.URI`: ``Annotated[URI, SchemeURI(("wss",))]``.
    A wrong scheme or a text its rule refuses is a ``uri_syntax`` error with the rule
    and the RFC section; the JSON Schema carries the rules as an ECMAScript pattern.
    """

    schemes: tuple[str, ...]

    def validate(self, value: object) -> URI:
        """The parsed URI, or the pydantic error for bad input."""
        text = _text(value)
        error = one_of(text, self.schemes)
        if error is not None:
            raise _syntax_error(error)
        return URI(text)

    def json_schema(self) -> JsonSchemaValue:
        """A string of format uri, with a pattern where every scheme has an RFC rule."""
        out: JsonSchemaValue = {"type": "string", "format": "uri"}
        rules = [registered(name) for name in self.schemes]
        names = [r.rule for r in rules if r is not None and isinstance(r.rule, str)]
        if len(names) == len(self.schemes):
            out["pattern"] = "^(?:" + "|".join(source(n, "ecmascript") for n in names) + ")$"
        return out


# The classes Policy.check returns for each ``require``, and the annotation to write.
_GIVES: Mapping[Requirement, frozenset[type]] = MappingProxyType(
    {
        "absolute": frozenset({URI}),
        "relative": frozenset({RelativeReference}),
        "any": frozenset({URI, RelativeReference}),
    }
)
_ANNOTATION: Mapping[Requirement, str] = MappingProxyType(
    {"absolute": "URI", "relative": "RelativeReference", "any": "URIReference"}
)


def _classes(source: object) -> frozenset[object]:
    """The classes an annotation admits: ``URI``, or each member of a union."""
    if get_origin(source) is Annotated:
        source = get_args(source)[0]
    if isinstance(source, UnionType) or get_origin(source) is Union:
        return frozenset(get_args(source))
    return frozenset({source})


def _name(source: object) -> str:
    return getattr(source, "__name__", None) or repr(source)


def _problem_error(problem: Problem) -> PydanticCustomError:
    """One policy problem as a pydantic error: ``uri_syntax`` keeps its type."""
    context = {
        "message": problem.message,
        "position": problem.position,
        "rule": problem.rule,
        "component": problem.component,
    }
    if problem.code == "syntax":
        return PydanticCustomError("uri_syntax", "{message}", context)
    return PydanticCustomError("uri_policy", "{message}", {**context, "code": problem.code})


#: A URI (RFC 3): a scheme is required, a fragment allowed.
URIField: TypeAlias = Annotated[URI, URIValidator("URI")]
#: An absolute-URI (RFC 4.3): a scheme and no fragment, as a base URI must be.
AbsoluteURIField: TypeAlias = Annotated[URI, URIValidator("absolute-URI")]
#: An http or https URI (RFC 9110 4.2): a non-empty host, no fragment.
HttpURI: TypeAlias = Annotated[URI, SchemeURI(("http", "https"))]
#: A URI-reference (RFC 4.1): a URI or a relative reference.
URIReferenceField: TypeAlias = Annotated[URIReference, URIValidator("URI-reference")]
#: A relative reference (RFC 4.2): no scheme.
RelativeReferenceField: TypeAlias = Annotated[RelativeReference, URIValidator("relative-ref")]
#: An IRI (RFC 3987 2.2): a scheme is required; held as an IRIReference.
IRIField: TypeAlias = Annotated[IRIReference, IRIValidator("IRI")]
#: An IRI-reference (RFC 3987 2.2): an IRI or a relative IRI reference.
IRIReferenceField: TypeAlias = Annotated[IRIReference, IRIValidator("IRI-reference")]


# -- connection strings (urikit.schemes.postgresql, mysql, redis, amqp, mongodb) ---------

V = TypeVar("V", bound=ConnectionURI)

_READERS: Mapping[str, Callable[[str], ConnectionURI]] = MappingProxyType(
    {
        "postgresql": postgresql.parse,
        "mysql": mysql.parse,
        "redis": redis.parse,
        "amqp": amqp.parse,
        "mongodb": mongodb.parse,
    }
)


class Dsn(Generic[V]):
    """A connection string as configured, byte for byte (no slash added, nothing
    re-encoded), and :attr:`value`, what its client reads (``hosts``, ``user``,
    ``password``, ``database``, ``params``). ``str()`` is the text, for the client:
    ``psycopg.connect(str(settings.database_url))``; ``repr()`` hides the password
    (RFC 3986 3.2.1, 7.5); :attr:`redacted` is the text with it written ``***``."""

    __slots__ = ("_text", "_value")

    def __init__(self, text: str, value: V) -> None:
        self._text = text
        self._value = value

    @property
    def value(self) -> V:
        """The connection string as its client reads it."""
        return self._value

    @property
    def redacted(self) -> str:
        """The text with its password (the userinfo's, a ``password`` parameter's)
        written ``***``: for logs and dumps."""
        return redacted_text(self._text)

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Dsn({self.redacted!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Dsn):
            return NotImplemented
        return str(cast("Dsn[ConnectionURI]", other)) == self._text

    def __hash__(self) -> int:
        return hash(self._text)


@dataclass(frozen=True, slots=True)
class DsnValidator(_Field):
    """``Annotated`` metadata: the field is a connection string that ``scheme``'s module
    (:mod:`urikit.schemes`: postgresql, mysql, redis, amqp, mongodb) reads, held as a
    :class:`Dsn`. JSON output is the text as given; with ``hide_password``, the text
    with the password written ``***`` (``model_dump(mode="json")`` then shows no
    secret; the Python value keeps it for the client)."""

    scheme: Literal["postgresql", "mysql", "redis", "amqp", "mongodb"]
    hide_password: bool = False

    def validate(self, value: object) -> Dsn[ConnectionURI]:
        """The :class:`Dsn`, or the pydantic error (the input's password hidden)."""
        try:
            text = _dsn_text(value)
            return Dsn(text, _READERS[self.scheme](text))
        except InvalidURIError as error:
            raise _syntax_error(error) from None

    def __get_pydantic_core_schema__(
        self, source: object, handler: GetCoreSchemaHandler
    ) -> CoreSchema:
        dump = _dump_redacted if self.hide_password else _dump_text
        return core_schema.no_info_plain_validator_function(
            self.validate,
            serialization=core_schema.plain_serializer_function_ser_schema(dump, when_used="json"),
        )

    def json_schema(self) -> JsonSchemaValue:
        """A string of format uri; multi-host strings are beyond RFC 3986, so the
        format is the nearest one (``uri``)."""
        return {"type": "string", "format": "uri"}


def _dsn_text(value: object) -> str:
    """The text of a str, or of a :class:`Dsn` (Python input)."""
    if isinstance(value, str):
        return value
    if isinstance(value, Dsn):
        return value._text  # pyright: ignore[reportPrivateUsage, reportUnknownMemberType]
    raise PydanticCustomError(
        "uri_type", "URI input should be a string, not {type}", {"type": type(value).__name__}
    )


def _dump_text(value: Dsn[ConnectionURI]) -> str:
    return str(value)


def _dump_redacted(value: Dsn[ConnectionURI]) -> str:
    return value.redacted


#: A PostgreSQL connection string as libpq reads it (several hosts, a socket as an
#: encoded host or ``?host=``), or SQLAlchemy's ``postgresql+driver://``.
PostgresDsn: TypeAlias = Annotated[Dsn[PostgresqlURI], DsnValidator("postgresql")]
#: A MySQL URL as SQLAlchemy reads it (``mysql://``, ``mysql+pymysql://``, ``mariadb://``).
MySQLDsn: TypeAlias = Annotated[Dsn[MysqlURI], DsnValidator("mysql")]
#: A redis URL as redis-py reads it (``redis://``, ``rediss://``, ``unix://``).
RedisDsn: TypeAlias = Annotated[Dsn[RedisURI], DsnValidator("redis")]
#: An AMQP URI (``amqp://``, ``amqps://``; the vhost is the path's one segment).
AmqpDsn: TypeAlias = Annotated[Dsn[AmqpURI], DsnValidator("amqp")]
#: A MongoDB connection string as pymongo reads it (several hosts, ``mongodb+srv://``).
MongoDsn: TypeAlias = Annotated[Dsn[MongodbURI], DsnValidator("mongodb")]
