"""A web form that accepts a homepage URL, with the standard library only (WSGI).

The same RFC 3986 grammar checks the field twice: in the browser, through an HTML
``pattern`` attribute made by :func:`urikit.ecmascript_pattern`, and on the server, by
a :class:`urikit.Policy` whose messages are shown to the user as they are.

``python examples/form_validation.py`` submits a few forms to the app in-process and
prints the answers; ``python examples/form_validation.py --serve`` serves it on
http://127.0.0.1:8000/ with :mod:`wsgiref`.
"""

from __future__ import annotations

import html
import io
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from urllib.parse import parse_qs, urlencode
from wsgiref.simple_server import make_server
from wsgiref.types import StartResponse, WSGIEnvironment
from wsgiref.util import setup_testing_defaults

import urikit

# Application rules beyond the RFC: a public web page, no credentials, at most 2000 chars.
HOMEPAGE = urikit.Policy(
    schemes={"http", "https"},
    require_host=True,
    allow_userinfo=False,
    allow_ip_host=False,
    max_length=2000,
)

PAGE = """<!doctype html>
<title>Profile</title>
<form method="post">
  <label>Homepage <input name="homepage" value="{value}" pattern="{pattern}" required></label>
  <button>Save</button>
  {feedback}
</form>
"""


def render(value: str, feedback: str) -> bytes:
    """The form, with the value typed so far and the feedback under it."""
    page = PAGE.format(
        value=html.escape(value),
        # The browser anchors the pattern and compiles it with the "v" flag itself.
        pattern=html.escape(urikit.ecmascript_pattern("URI")),
        feedback=feedback,
    )
    return page.encode("utf-8")


def validate_homepage(value: str) -> tuple[urikit.URIReference | None, list[str]]:
    """The accepted URI (normalized for storage), or the messages to show."""
    problems = HOMEPAGE.problems(value)
    if problems:
        return None, [p.message for p in problems]
    return urikit.normalize(HOMEPAGE.check(value)), []


def app(environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
    """The WSGI application: GET shows the form, POST validates it."""
    if environ["REQUEST_METHOD"] != "POST":
        start_response("200 OK", [("Content-Type", "text/html; charset=utf-8")])
        return [render("", "")]
    length = int(environ.get("CONTENT_LENGTH") or 0)
    body = environ["wsgi.input"].read(length).decode("utf-8")
    value = parse_qs(body).get("homepage", [""])[0].strip()
    saved, messages = validate_homepage(value)
    if saved is None:
        items = "".join(f"<li>{html.escape(m)}</li>" for m in messages)
        start_response("422 Unprocessable Entity", [("Content-Type", "text/html; charset=utf-8")])
        return [render(value, f'<ul class="errors">{items}</ul>')]
    start_response("200 OK", [("Content-Type", "text/html; charset=utf-8")])
    return [render(str(saved), f"<p>Saved {html.escape(str(saved))}</p>")]


def submit(
    application: Callable[[WSGIEnvironment, StartResponse], Iterable[bytes]], homepage: str
) -> tuple[str, str]:
    """POST the form to ``application`` in-process; ``(status, body)``."""
    data = urlencode({"homepage": homepage}).encode("ascii")
    environ: WSGIEnvironment = {}
    setup_testing_defaults(environ)
    environ.update(
        REQUEST_METHOD="POST",
        CONTENT_TYPE="application/x-www-form-urlencoded",
        CONTENT_LENGTH=str(len(data)),
    )
    environ["wsgi.input"] = io.BytesIO(data)
    status: list[str] = []

    def start_response(code: str, headers: list[tuple[str, str]], exc_info: object = None) -> None:
        status.append(code)

    body = b"".join(application(environ, start_response))  # type: ignore[arg-type]
    return status[0], body.decode("utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    if args == ["--serve"]:
        with make_server("127.0.0.1", 8000, app) as server:
            print("serving on http://127.0.0.1:8000/ (Ctrl-C stops)")
            server.serve_forever()
    for homepage in [
        "HTTPS://Example.COM:443/~alice/",
        "ftp://files.example.com/",
        "https://exa mple.com/",
        "https://alice:secret@example.com/",
        "https://192.0.2.1/",
        "example.com",
    ]:
        status, body = submit(app, homepage)
        print(f"{homepage!r}: {status}")
        for message in re.findall(r"<(?:li|p)>(.*?)</(?:li|p)>", body):
            print("    -", html.unescape(message))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
