"""The help texts that several commands share, and the top-level ``--help`` epilog.

Every example is quoted so that it is safe to paste into a POSIX shell.
"""

from __future__ import annotations

__all__ = ["MAIN_EPILOG", "STATUS", "json_lines", "stdin"]

STATUS = "exit status: 0 every input succeeded, 1 some input was invalid, 2 usage error.\n"

MAIN_EPILOG = """\
examples:
  urikit validate 'https://example.com/a b'         # caret under the space, exit 1
  urikit validate --scheme https < urls.txt         # one URI per line, streamed
  urikit parse --json 'http://user@[::1]:8080/p?q#f'
  urikit resolve 'http://a/b/c/d;p?q' '../g'         # http://a/b/g (RFC 5.4)
  urikit normalize 'HTTP://Example.COM:80/%7euser/./a/../b'
  urikit build --scheme https --host example.com --segment 'a/b' --param 'q=x&y'
  urikit pattern 'URI'                               # for an HTML pattern attribute

validate, parse, resolve, relativize and normalize read their URIs from arguments or,
without any, from standard input line by line (streamed; blank lines are skipped;
--crlf for files with CR LF line ends). Every command takes --json: JSON Lines, one
object per input, with the keys input, valid, error ({code, position, rule,
component, reason, message} or null) and the result. The JSON Lines format is stable: keys may
be added, none is renamed or removed. Passwords (user:PASSWORD@) are written *** in
inputs, results and messages (RFC 3986 7.5); --show-secrets prints inputs and results
as they are, and positions count in the text with ***.

exit status: 0 every input succeeded, 1 some input was invalid, 2 usage error.
Run 'urikit COMMAND --help' for each command's options and JSON keys.
"""

_STDIN = """\
Reads {what} given as arguments or, without any, standard input line by line
(streamed: input of any size runs in constant memory). Blank lines (empty or only
whitespace) on standard input are skipped and not counted; only the line break
ending a line is dropped, so a stray CR or space around a URI is reported: for a
file with CR LF line ends (from Windows) add --crlf.
"""

_ERRORS = """\
Each invalid input is reported on stderr as SOURCE:LINE:COLUMN: message, then the
input with a caret under the position; processing goes on with the next input.
"""

_JSON = """\
--json prints JSON Lines on stdout, one object per input, with these keys (stable:
keys may be added, none is renamed or removed):
  source, line   "arg" or "stdin", and the 1-based argument or line number
  input          the input text (a password written *** unless --show-secrets)
  valid          true or false
  {result:<14} {what}
  error          null, or {{code, position, rule, component, reason, message}}: code
                 "syntax", a policy problem's or a build error's code (docs/errors.md);
                 position 0-based (null when unknown); rule the RFC 3986 rule that failed
"""


def stdin(what: str) -> str:
    """How a command reads ``what`` (``"the URIs"``) and reports the ones that fail."""
    return _STDIN.format(what=what) + _ERRORS


def json_lines(result: str, what: str) -> str:
    """The ``--json`` keys of a command whose result is under the key ``result``."""
    return _JSON.format(result=result, what=what) + "\n" + STATUS
