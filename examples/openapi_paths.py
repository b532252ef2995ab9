"""OpenAPI-style paths as URI Templates (RFC 6570): expand for clients, match for routing.

An OpenAPI document names its server URL and path templates such as
``/users/{userId}/repos/{repo}``; their ``{name}`` parts are RFC 6570 simple
expressions (level 1), and the query parameters fit a form-style ``{?q,page}``. This
script expands them with values a user typed (each percent-encoded, so a "/" cannot add
a path segment), shows the error that names a variable when a value cannot fit, and
routes incoming request paths back to an operation with ``match``.
``python examples/openapi_paths.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from urikit import TemplateExpansionError, TemplateValue, URITemplate

SERVER = "https://api.example.com/v1"

# operationId -> (method, path template as OpenAPI writes it, query parameters)
OPERATIONS: Mapping[str, tuple[str, str, tuple[str, ...]]] = {
    "listRepos": ("GET", "/users/{userId}/repos", ("q", "page")),
    "getRepo": ("GET", "/users/{userId}/repos/{repo}", ()),
    "getFile": ("GET", "/repos/{repo}/files/{name}.json", ("ref",)),
}


def template_of(operation: str) -> URITemplate:
    """The operation's full URL template: server, path, and its query parameters."""
    _, path, query = OPERATIONS[operation]
    form = "{?" + ",".join(query) + "}" if query else ""
    return URITemplate(SERVER + path + form)


def route(url: str) -> tuple[str, dict[str, str]] | None:
    """The operation and the path's variables an incoming URL stands for, if any."""
    for operation, (_, path, query) in OPERATIONS.items():
        form = "{?" + ",".join(query) + "}" if query else ""
        found = URITemplate(SERVER + path + form).match(url)
        if found is not None:
            return operation, found
    return None


def main(argv: Sequence[str] | None = None) -> int:
    calls: list[tuple[str, dict[str, TemplateValue]]] = [
        ("listRepos", {"userId": "alice", "q": "uri parser", "page": 2}),
        ("getRepo", {"userId": "../admin", "repo": "x"}),  # cannot climb out of /users/
        ("getFile", {"repo": "zoë/notes", "name": "read me", "ref": None}),  # ref undefined
    ]
    for operation, values in calls:
        url = template_of(operation).expand(values)
        print(f"{operation} {values}")
        print(f"  -> {url}")
        print(f"  routed back: {route(str(url))}")
    # A value that no URI can hold is refused, naming the variable.
    port_template = URITemplate("https://api.example.com:{port}/v1/status")
    try:
        port_template.expand(port="8443/admin")
    except TemplateExpansionError as error:
        print(f"refused, naming {error.variable!r}: {error.message}")
    # Bind the server-wide variables once; the rest stays to be given per call.
    bound = URITemplate("https://{region}.example.com/v1/users/{userId}").partial(region="eu")
    print(f"partial: {bound} needs {bound.variables}")
    print(f"unknown route: {route(SERVER + '/teams/7')}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
