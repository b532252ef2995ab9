"""Rows for the rules of URI schemes: every example of RFC 9110 4.2, RFC 6455 3, RFC 6068,
RFC 8141, RFC 2397 and RFC 8089, and rows citing what in the ABNF (or the RFC's prose)
decides them.

``tests/syntax/test_rule_tables.py`` runs them with the RFC 3986 rows: urikit, the
independent ``tests/refcheck.py`` and the row must agree, and a rejection's position must
be the first character without a valid continuation.
"""

from __future__ import annotations

from tests.syntax.rows import Row, rows
from urikit import RuleName

# The connection strings of the clients' documentation (facts; the clients read them).
# PostgreSQL documentation 34.1.1.2, "Connection URIs".
LIBPQ_URIS = (
    "postgresql://",
    "postgresql://localhost",
    "postgresql://localhost:5433",
    "postgresql://localhost/mydb",
    "postgresql://user@localhost",
    "postgresql://user:secret@localhost",
    "postgresql://other@localhost/otherdb?connect_timeout=10&application_name=myapp",
    "postgresql://host1:123,host2:456/somedb?target_session_attrs=any&application_name=myapp",
    "postgresql:///mydb?host=localhost&port=5433",
    "postgresql://[2001:db8::1234]/database",
    "postgresql:///dbname?host=/var/lib/postgresql",
    "postgresql://%2Fvar%2Flib%2Fpostgresql/dbname",
    "postgres://user@localhost",
)
# SQLAlchemy documentation, "Engine Configuration", "Database URLs".
SQLALCHEMY_PG = (
    "postgresql+psycopg2://scott:tiger@localhost/mydatabase",
    "postgresql+pg8000://scott:tiger@localhost/mydatabase",
    "postgresql+psycopg://scott:tiger@localhost:5432/mydatabase",
    "postgresql+psycopg2://user:kx%40jj5%2Fg@pghost10/appdb",
)
SQLALCHEMY_MYSQL = (
    "mysql://scott:tiger@localhost/foo",
    "mysql+mysqldb://scott:tiger@localhost/foo",
    "mysql+pymysql://scott:tiger@localhost/foo",
    "mariadb+mariadbconnector://scott:tiger@localhost/foo",
    "mysql+pymysql://user:pass@localhost/dbname?unix_socket=/path/to/mysql.sock",
)
# redis-py documentation, Redis.from_url.
REDIS_URLS = (
    "redis://u:p@localhost:6379/0",
    "rediss://localhost:6379/0",
    "redis://localhost:6379?db=0",
    "redis://:password@localhost:6379/0",
)
# RabbitMQ URI Specification, "Appendix A: Examples" (those its grammar admits).
AMQP_URIS = (
    "amqp://user:pass@host:10000/vhost",
    "amqp://user%61:%61pass@ho%61st:10000/v%2fhost",
    "amqp://",
    "amqp://:@/",
    "amqp://user@",
    "amqp://user:pass@",
    "amqp://host",
    "amqp://:10000",
    "amqp:///vhost",
    "amqp://host/",
    "amqp://host/%2f",
    "amqp://[::1]",
)
# MongoDB Connection String documentation.
MONGODB_URIS = (
    "mongodb://localhost",
    "mongodb://sysop:moon@localhost",
    "mongodb://sysop:moon@localhost/records",
    "mongodb://%2Ftmp%2Fmongodb-27017.sock",
    "mongodb://db1.example.net:27017,db2.example.net:2500/?replicaSet=test",
    "mongodb://localhost,localhost:27018,localhost:27019/?replicaSet=test",
    "mongodb://example1.com,example2.com,example3.com/?readPreference=secondary",
    "mongodb://localhost/?safe=true",
    "mongodb://[::1]:27017",
)

# RFC 9110 4.2.3: "the following three URIs are equivalent".
RFC_9110_4_2_3 = (
    "http://example.com:80/~smith/home.html",
    "http://EXAMPLE.com/%7Esmith/home.html",
    "http://EXAMPLE.com:/%7esmith/home.html",
)

# RFC 6068 6.1 - 6.3, with the line breaks of the RFC's layout taken out.
RFC_6068_6 = (
    "mailto:chris@example.com",
    "mailto:infobot@example.com?subject=current-issue",
    "mailto:infobot@example.com?body=send%20current-issue",
    "mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index",
    "mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E",
    "mailto:majordomo@example.com?body=subscribe%20bamboo-l",
    "mailto:joe@example.com?cc=bob@example.com&body=hello",
    "mailto:gorby%25kremvax@example.com",
    "mailto:unlikely%3Faddress@example.com?blat=foop",
    "mailto:joe@an.example?cc=bob@an.example&body=hello",
    "mailto:Mike%26family@example.org",
    "mailto:%22not%40me%22@example.org",
    "mailto:%22oh%5C%5Cno%22@example.org",
    "mailto:%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22@example.org",
    "mailto:user@example.org?subject=caf%C3%A9",
    "mailto:user@example.org?subject=%3D%3Futf-8%3FQ%3Fcaf%3DC3%3DA9%3F%3D",
    "mailto:user@example.org?subject=%3D%3Fiso-8859-1%3FQ%3Fcaf%3DE9%3F%3D",
    "mailto:user@example.org?subject=caf%C3%A9&body=caf%C3%A9",
    "mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO",
)
# RFC 6068 6.1: "The following example, using "?" twice, is incorrect".
RFC_6068_WRONG = "mailto:joe@example.com?cc=bob@example.com?body=hello"

# RFC 8141 1, 2.2, 2.3.1 - 2.3.3, 3.2 and 4 (the q-component example of 2.3.2 joined).
RFC_8141_URNS = (
    "urn:example:foo",
    "urn:example:1/406/47452/2",
    "urn:example:foo-bar-baz-qux?+CCResolve:cc=uk",
    "urn:example:weather?=op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z",
    "urn:example:foo-bar-baz-qux#somepart",
    "urn:example:a123,z456",
    "URN:example:a123,z456",
    "urn:EXAMPLE:a123,z456",
    "urn:example:a123,z456?+abc",
    "urn:example:a123,z456?=xyz",
    "urn:example:a123,z456#789",
    "urn:example:a123,z456/foo",
    "urn:example:a123,z456/bar",
    "urn:example:a123,z456/baz",
    "urn:example:a123%2Cz456",
    "URN:EXAMPLE:a123%2cz456",
    "urn:example:A123,z456",
    "urn:example:a123,Z456",
    "urn:example:%D0%B0123,z456",
    "urn:example:apple:pear:plum:cherry",
)

# RFC 2397 4 (the image's base64 joined from its lines).
RFC_2397_GIF = (
    "data:image/gif;base64,R0lGODdhMAAwAPAAAAAAAP///ywAAAAAMAAw"
    "AAAC8IyPqcvt3wCcDkiLc7C0qwyGHhSWpjQu5yqmCYsapyuvUUlvONmOZtfzgFz"
    "ByTB10QgxOR0TqBQejhRNzOfkVJ+5YiUqrXF5Y5lKh/DeuNcP5yLWGsEbtLiOSp"
    "a/TPg7JpJHxyendzWTBfX0cxOnKPjgBzi4diinWGdkF8kjdfnycQZXZeYGejmJl"
    "ZeGl9i2icVqaNVailT6F5iJ90m6mvuTS4OK05M0vDk0Q4XUtwvKOzrcd3iq9uis"
    "F81M1OIcR7lEewwcLp7tuNNkM3uNna3F2JQFo97Vriy/Xl4/f1cf5VWzXyym7PH"
    "hhx4dbgYKAAA7"
)
RFC_2397_4 = (
    "data:,A%20brief%20note",
    RFC_2397_GIF,
    "data:application/vnd-xxx-query,select_vcount,fcol_from_fieldtable/local",
)
# RFC 2397 4's charset example holds "%fg", which is no pct-encoded (RFC 3986 2.1).
RFC_2397_BAD_ESCAPE = "data:text/plain;charset=iso-8859-7,%be%fg%be"

# RFC 8089 Appendix B (and section 2): the forms of the standard rule.
RFC_8089_STANDARD = (
    "file:///path/to/file",
    "file:/path/to/file",
    "file://host.example.com/path/to/file",
    "file://localhost/etc/fstab",
    "file:///etc/fstab",
    "file:///c:/path/to/file",  # E.2: "already supported by the path-absolute rule"
)
# RFC 8089 Appendix E and F: the forms only the nonstandard rules admit.
RFC_8089_NONSTANDARD = (
    "file:c:/path/to/file",  # E.2
    "file:///c|/path/to/file",  # E.2.2
    "file:/c|/path/to/file",  # E.2.2
    "file:c|/path/to/file",  # E.2.2
    "file:////host.example.com/path/to/file",  # E.3.2
    "file://///host.example.com/path/to/file",  # E.3.2
    "file://user@host.example.com/path",  # E.1 (userinfo)
)

SCHEME_ROWS: list[Row] = [
    # --- RFC 9110 4.2 ------------------------------------------------------------------
    *rows("http-URI", True, "RFC 9110 4.2.3 examples", *RFC_9110_4_2_3),
    *rows("http-URI", True, 'http-URI = "http" "://" authority ...', "http://h", "http://h?"),
    *rows("http-URI", True, '"http" is case-insensitive (RFC 5234 2.3)', "HTTP://h/", "hTtP://h"),
    *rows("http-URI", True, "authority: userinfo, IP-literal, port", "http://u:p@[::1]:8/"),
    *rows("http-URI", True, "an IPv4address is a host", "http://192.0.2.16:80/"),
    *rows("http-URI", False, "RFC 9110 4.2.1: an empty host MUST be rejected", "http://"),
    *rows(
        "http-URI", False, "RFC 9110 4.2.1: empty host", "http:///p", "http://u@/", "http://:80/"
    ),
    *rows("http-URI", False, "RFC 9110 4.2.5: no fragment in http-URI", "http://h/#f", "http://h#"),
    *rows("http-URI", False, 'http-URI starts "http://"', "https://h/", "http:/h", "http:h"),
    *rows("http-URI", False, "authority and path as RFC 3986", "http://h/a b", "http://h:x/"),
    *rows("https-URI", True, 'https-URI = "https" "://" authority ...', "https://h/p?q"),
    *rows("https-URI", True, "RFC 9110 4.2.2", "https://www.example.com:443/", "HTTPS://h"),
    *rows("https-URI", False, "RFC 9110 4.2.2: an empty host MUST be rejected", "https://"),
    *rows("https-URI", False, "RFC 9110 4.2.2: empty host", "https://u@:1/"),
    *rows("https-URI", False, "no fragment; the scheme is https", "https://h/#", "http://h/"),
    # --- RFC 6455 3 --------------------------------------------------------------------
    *rows("ws-URI", True, 'ws-URI = "ws:" "//" host [ ":" port ] path [ "?" query ]', "ws://h"),
    *rows("ws-URI", True, "RFC 6455 3", "ws://example.com/chat", "ws://h:80/a?b", "WS://h/"),
    *rows("ws-URI", True, "host may be empty, as in RFC 3986", "ws:///"),
    *rows("ws-URI", False, "RFC 6455 3: fragments MUST NOT be used", "ws://h/#x", "ws://h#"),
    *rows("ws-URI", False, "RFC 6455 3: no userinfo", "ws://u@h/", "ws://u@h:80/"),
    *rows("ws-URI", False, 'ws-URI starts "ws://"', "wss://h/", "ws:/h", "ws:h"),
    *rows("wss-URI", True, 'wss-URI = "wss:" "//" host [ ":" port ] ...', "wss://h:443/chat"),
    *rows("wss-URI", True, "RFC 6455 3", "wss://example.com/chat?x=1", "WSS://[::1]/"),
    *rows("wss-URI", False, "RFC 6455 3: no fragment, no userinfo", "wss://h/#%23", "wss://u@h"),
    *rows("wss-URI", False, 'wss-URI starts "wss://"', "ws://h/"),
    # --- RFC 6068 ----------------------------------------------------------------------
    *rows("mailtoURI", True, "RFC 6068 6.1 - 6.3 examples", *RFC_6068_6),
    *rows("mailtoURI", True, 'mailtoURI = "mailto:" [ to ] [ hfields ]', "mailto:", "mailto:?a="),
    *rows("mailtoURI", True, 'to = addr-spec *( "," addr-spec )', "mailto:a@b,c@d"),
    *rows("mailtoURI", True, "the scheme is case-insensitive", "MAILTO:a@b"),
    *rows("mailtoURI", False, 'RFC 6068 6.1: "using "?" twice, is incorrect"', RFC_6068_WRONG),
    *rows("mailtoURI", False, "RFC 6068 2: a space is percent-encoded", "mailto:a b@x"),
    *rows("mailtoURI", False, 'RFC 6068 2: "&" ";" "=" encoded in addr-spec', "mailto:a&b@x"),
    *rows("mailtoURI", False, "RFC 6068 2: no fragment in mailtoURI", "mailto:a@b#f"),
    *rows("mailtoURI", False, "an address has a local part and a domain", "mailto:ab", "mailto:@b"),
    *rows("to", True, 'to = addr-spec *("," addr-spec )', "a@b", "a@b,c@d,e@f"),
    *rows("to", False, "to is one or more addr-spec", "", "a@b,", ",a@b"),
    *rows("hfields", True, 'hfields = "?" hfield *( "&" hfield )', "?a=b", "?a=b&c=", "?="),
    *rows("hfields", False, 'hfields start with "?", joined by "&"', "a=b", "?a", "?a=b?c=d"),
    *rows("hfield", True, 'hfield = hfname "=" hfvalue', "subject=hi", "=", "body=%20"),
    *rows("hfield", False, 'hfield has one "="', "a", "a=b=c", "a=b&c=d"),
    *rows("hfname", True, "hfname = *qchar", "", "subject", "In-Reply-To", "x%3Ay"),
    *rows("hfname", False, '"=" "&" "?" "/" are not qchar', "a=b", "a&", "?", "a/b"),
    *rows("hfvalue", True, "hfvalue = *qchar", "", "hello", "caf%C3%A9", "bob@example.com"),
    *rows("hfvalue", False, '"=" and "&" are encoded in a value', "a=b", "a&b", "a b", "%4"),
    *rows("addr-spec", True, 'addr-spec = local-part "@" domain', "a@b", "a.b@c.d"),
    *rows("addr-spec", True, "RFC 6068 6.2: quoted local parts", "%22not%40me%22@example.org"),
    *rows("addr-spec", True, "quoted-pair: %5C escapes %22", "%22a%5C%22b%22@c"),
    *rows("addr-spec", True, "domain literal in %5B %5D", "a@%5B192.0.2.1%5D", "a@%5bIPv6:1::2%5d"),
    *rows("addr-spec", True, "RFC 6068 2 item 4: an encoded UTF-8 domain", "a@%E7%B4%8D.example"),
    *rows("addr-spec", False, "dot-atom-text: no empty atom", "a..b@c", ".a@c", "a.@c"),
    *rows("addr-spec", False, "RFC 6068 2: these characters are percent-encoded", "a;b@c"),
    *rows("addr-spec", False, "RFC 6068 2: gen-delims are encoded", "a/b@c", "a@[::1]", "a#@b"),
    *rows("addr-spec", False, "a quoted local part is closed by %22", "%22ab@c"),
    *rows("addr-spec", False, "'@' and a domain are required", "ab", "a@", "@b"),
    *rows("qchar", True, "qchar = unreserved / pct-encoded / some-delims", "a", "%20", "@", ";"),
    *rows("qchar", False, '"=" "&" "?" "/" "#" are not qchar', "=", "&", "?", "/", "#", ""),
    *rows("some-delims", True, 'some-delims = "!" / "$" / ... / "@"', *"!$'()*+,;:@"),
    *rows("some-delims", False, "the rest of sub-delims is not", "&", "=", "a", ""),
    # --- RFC 8141 ----------------------------------------------------------------------
    *rows("namestring", True, "RFC 8141 examples (1, 2.2, 2.3, 3.2, 4)", *RFC_8141_URNS),
    *rows("namestring", True, "rq-components in order", "urn:ab:c?+r?=q#f", "urn:ab:c?=q"),
    *rows("namestring", True, "NID of 32 characters", "urn:" + "a" * 32 + ":x"),
    *rows("namestring", True, "NID inner '-'", "urn:a-b:x", "urn:x-1-y:z"),
    *rows("namestring", False, "NID is 2 to 32 characters (RFC 8141 2)", "urn:a:b"),
    *rows("namestring", False, "NID is at most 32 characters", "urn:" + "a" * 33 + ":x"),
    *rows("namestring", False, "NID does not begin or end with '-'", "urn:-ab:c", "urn:ab-:c"),
    *rows("namestring", False, 'NSS = pchar *( pchar / "/" ): not empty', "urn:ab:"),
    *rows("namestring", False, 'RFC 8141 2: "?" only as "?+" or "?="', "urn:ab:c?d"),
    *rows("namestring", False, "NSS starts with a pchar", "urn:ab:/c", "urn:ab:c d"),
    *rows("namestring", False, 'the scheme is "urn"', "urx:ab:c", "ab:c"),
    *rows("assigned-name", True, 'assigned-name = "urn" ":" NID ":" NSS', "urn:example:a"),
    *rows("assigned-name", False, "no rq- or f-components", "urn:ex:a?+b", "urn:ex:a#f"),
    *rows("NID", True, "NID = (alphanum) 0*30(ldh) (alphanum)", "ab", "ISBN", "a-1", "x" * 32),
    *rows("NID", False, "NID: 2 to 32, no '-' at either end", "a", "-a", "a-", "x" * 33, ""),
    *rows("NID", False, "NID: ASCII letters, digits and '-' only", "a_b", "a.b", "\u00e9a"),
    *rows("NSS", True, 'NSS = pchar *(pchar / "/")', "a", "a/b", "a:b", "%2C", "a//"),
    *rows("NSS", False, "NSS: no '?' '#', not empty, no leading '/'", "", "/a", "a?b", "a#"),
    *rows("rq-components", True, 'rq-components = [ "?+" r ] [ "?=" q ]', "", "?+a", "?=b"),
    *rows("rq-components", True, "rq-components: r then q", "?+a?=b"),
    *rows("rq-components", False, "components are not empty; q before r", "?+", "?=", "?a"),
    *rows("r-component", True, 'r-component = pchar *( pchar / "/" / "?" )', "a", "a?b/c"),
    *rows("r-component", False, "r-component starts with pchar", "", "/a", "?a", "a#"),
    *rows("q-component", True, 'q-component = pchar *( pchar / "/" / "?" )', "op=map&x"),
    *rows("q-component", False, "q-component starts with pchar", "", "?", "a b"),
    *rows("f-component", True, "f-component = fragment", "", "somepart", "a/?b"),
    *rows("f-component", False, "fragment has no '#'", "a#b", " "),
    # --- RFC 2397 ----------------------------------------------------------------------
    *rows("dataurl", True, "RFC 2397 4 examples", *RFC_2397_4),
    *rows("dataurl", True, 'dataurl = "data:" [ mediatype ] [ ";base64" ] "," data', "data:,"),
    *rows("dataurl", True, "mediatype may be parameters alone", "data:;charset=utf-8,x"),
    *rows("dataurl", True, '";base64" alone', "data:;base64,QQ==", "DATA:text/plain;BASE64,"),
    *rows("dataurl", False, "RFC 2397 4's '%fg' is no pct-encoded", RFC_2397_BAD_ESCAPE),
    *rows("dataurl", False, 'the data begins after ","', "data:text/plain", "data:"),
    *rows("dataurl", False, 'parameter = attribute "=" value', "data:text/plain;x,a"),
    *rows("dataurl", False, "data is urlchar (no space, no '#')", "data:,a b", "data:,a#b"),
    *rows("mediatype", True, 'mediatype = [ type "/" subtype ] *( ";" parameter )', "", "a/b"),
    *rows("mediatype", True, "mediatype", "text/plain;charset=US-ASCII", ";a=b;c=d"),
    *rows("mediatype", False, "type and subtype are tokens", "text", "/plain", "a/b/c"),
    *rows("mediatype", False, "tspecials are not token characters", "a/b;c=(d)", "a/b;c"),
    # --- RFC 8089 ----------------------------------------------------------------------
    *rows("file-URI", True, "RFC 8089 2 and Appendix B", *RFC_8089_STANDARD),
    *rows("file-URI", True, '"file" is case-insensitive', "FILE:///x"),
    *rows("file-URI", False, "RFC 8089 Appendix E forms are not section 2", *RFC_8089_NONSTANDARD),
    *rows("file-URI", False, "the path is absolute", "file:", "file://h", "file:a/b"),
    *rows("file-URI", False, "no query or fragment in file-URI", "file:///a?q", "file:///a#f"),
    *rows("file-URI-nonstandard", True, "RFC 8089 Appendix F forms", *RFC_8089_NONSTANDARD),
    *rows("file-URI-nonstandard", True, "and the standard ones", *RFC_8089_STANDARD),
    *rows("file-URI-nonstandard", True, "E.3.2 inline-IP", "file:////%5B::1%5D/share"),
    *rows(
        "file-URI-nonstandard", False, "a drive letter is followed by path-absolute", "file:///c|x"
    ),
    *rows("file-URI-nonstandard", False, 'drive-letter = ALPHA ( ":" / "|" )', "file:cd:/x"),
    *rows("file-hier-part", True, 'file-hier-part = ( "//" auth-path ) / local-path', "/a"),
    *rows("file-hier-part", True, "file-hier-part", "//h/a", "///a", "//localhost/"),
    *rows("file-hier-part", False, "auth-path ends in path-absolute", "//h", "a", ""),
    *rows("auth-path", True, "auth-path = [ file-auth ] path-absolute", "/a", "h/a", "[::1]/"),
    *rows("auth-path", False, "auth-path needs its path", "h", "", "u@h/a"),
    *rows("local-path", True, "local-path = path-absolute", "/", "/a/b", "/c:/x"),
    *rows("local-path", False, "local-path = path-absolute", "", "a", "//a", "c:/x"),
    *rows("file-auth", True, 'file-auth = "localhost" / host', "localhost", "h.example", ""),
    *rows("file-auth", False, "file-auth has no userinfo or port", "u@h", "h:1", "a b"),
    # --- connection strings, as their clients read them --------------------------------
    *rows("postgresql-URI", True, "libpq 34.1.1.2 examples", *LIBPQ_URIS),
    *rows("postgresql-URI", True, "SQLAlchemy dialect+driver", *SQLALCHEMY_PG),
    *rows(
        "postgresql-URI",
        False,
        "no fragment; a parameter is key=value; '+driver' takes one host",
        "postgresql://h/db#x",
        "postgresql://h/db?sslmode",
        "postgresql://h/db?a=b=c",
        "postgresql+psycopg://h1,h2/db",
        "postgresql://h:5x/db",
        "postgresq://h",
    ),
    *rows("mysql-URI", True, "SQLAlchemy mysql URLs", *SQLALCHEMY_MYSQL),
    *rows("mysql-URI", False, "one host", "mysql://h1,h2/db", "mysql://h/db#f"),
    *rows("redis-URI", True, "redis-py from_url examples", *REDIS_URLS),
    *rows("redis-URI", False, "the path is a database number", "redis://h/db", "redis://h/0/1"),
    *rows("redis-socket-URI", True, "redis-py unix://", "unix:///run/redis.sock?db=1"),
    *rows("redis-socket-URI", False, "unix:// names no host", "unix://h/run/redis.sock"),
    *rows("amqp-URI", True, "RabbitMQ URI Specification examples", *AMQP_URIS),
    *rows("amqp-URI", False, "the vhost is one segment", "amqp://h/a/b"),
    *rows("amqp-URI", False, "one host (a ',' is no host character here)", "amqp://h1,h2/"),
    *rows("redis-URI", False, "one host", "redis://h1,h2/0"),
    *rows("mongodb-URI", True, "MongoDB Connection String examples", *MONGODB_URIS),
    *rows(
        "mongodb-URI",
        False,
        "a host is not empty; a port is digits; a user is not empty",
        "mongodb://",
        "mongodb://h1,,h2/",
        "mongodb://h:/",
        "mongodb://@h/",
    ),
    *rows("mongodb-srv-URI", True, "one host name", "mongodb+srv://u:p@cluster0.example.net/db"),
    *rows(
        "mongodb-srv-URI",
        False,
        "no port, no second host",
        "mongodb+srv://c.example.net:27017/",
        "mongodb+srv://a.example,b.example/",
    ),
    *rows("host-list", True, "libpq host lists", "", "h1:1,h2", ",", "[::1]:5432,h:1"),
    *rows("host-list", False, "a host of a list is no ',' nor '@'", "h@x", "h:a"),
    *rows("list-host", True, "a reg-name without ','", "h.example", "%2Ftmp", "[::1]"),
    *rows("list-host", False, "no ',' in a list-host; not empty", "a,b", ""),
    *rows("conn-params", True, "key=value pairs", "a=b", "a=b&c=", "a=%3D"),
    *rows("conn-params", False, "no empty pair", "a=b&", "a", "a=b;c=d"),
    *rows("conn-param", True, "conn-param", "a=", "k=v/?:@"),
    *rows("conn-param", False, "a key is not empty", "=v", "a=b=c"),
]

# A valid sample of each rule, to be spoiled by a non-ASCII character or a newline.
SCHEME_SAMPLES: dict[RuleName, str] = {
    "http-URI": "http://u@h:1/p?q",
    "https-URI": "https://h/p?q",
    "ws-URI": "ws://h:1/p?q",
    "wss-URI": "wss://h/p",
    "mailtoURI": "mailto:a@b?subject=x",
    "to": "a@b,c@d",
    "hfields": "?a=b&c=d",
    "hfield": "a=b",
    "hfname": "subject",
    "hfvalue": "hello",
    "addr-spec": "a.b@c.d",
    "qchar": "a",
    "some-delims": "!",
    "namestring": "urn:ex:a?+r?=q#f",
    "assigned-name": "urn:ex:a",
    "NID": "isbn",
    "NSS": "a/b",
    "rq-components": "?+r?=q",
    "r-component": "r",
    "q-component": "q",
    "f-component": "f",
    "dataurl": "data:text/plain;charset=utf-8;base64,QQ==",
    "mediatype": "text/plain;a=b",
    "file-URI": "file://h/a/b",
    "file-hier-part": "//h/a",
    "auth-path": "h/a",
    "local-path": "/a",
    "file-auth": "localhost",
    "file-URI-nonstandard": "file:c|/a",
    "postgresql-URI": "postgresql://u:p@h1:5432,h2/db?sslmode=require",
    "mysql-URI": "mysql+pymysql://u:p@h:3306/db?charset=utf8mb4",
    "redis-URI": "rediss://:p@h:6380/1?ssl_cert_reqs=none",
    "redis-socket-URI": "unix:///run/redis.sock?db=1",
    "amqp-URI": "amqps://u:p@h:5671/%2F?heartbeat=30",
    "mongodb-URI": "mongodb://u:p@h1,h2:27018/db?replicaSet=rs0",
    "mongodb-srv-URI": "mongodb+srv://u:p@c.example.net/db",
    "host-list": "h1:1,h2",
    "list-host": "h",
    "conn-params": "a=b&c=d",
    "conn-param": "a=b",
}

# The scheme rules that accept the empty string.
SCHEME_EMPTY_ACCEPTED = frozenset(
    {"hfname", "hfvalue", "rq-components", "f-component", "mediatype", "file-auth", "host-list"}
)
