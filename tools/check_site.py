"""Open every page of the built documentation in headless Chromium, as a reader would.

``make site-check`` runs this after ``make docs``. It installs Debian's ``chromium`` and
``chromium-driver`` when they are missing (``apt-get``, as root), serves build/docs on
127.0.0.1 only, loads each page through Selenium and fails on:

- a console error (a script error, or a resource that did not load);
- a broken internal link: a link to a page that is not there, or to an ``#anchor``
  that the target page does not have.

It saves screenshots of the home page and the rule table in build/screenshots/.

``SKIP_SITE_CHECK=1`` in the environment (``make check SKIP_SITE_CHECK=1``) skips it,
saying so: for a machine without root, or without the network to install Chromium.
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import Generator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import unquote, urldefrag, urljoin, urlsplit

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "build" / "docs"
SHOTS = ROOT / "build" / "screenshots"
CHROMIUM = "/usr/bin/chromium"
DRIVER = "/usr/bin/chromedriver"
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1280,900",
)
SCREENSHOTS = {"index.html": "home.png", "generated/rules.html": "rules.png"}

# Every link and every element id on the page, read in the browser after load.
PAGE_FACTS = """
return {
  links: Array.from(document.querySelectorAll('a[href]'), a => a.href),
  ids: Array.from(document.querySelectorAll('[id]'), e => e.id),
  names: Array.from(document.querySelectorAll('a[name]'), e => e.name),
};
"""


def ensure_chromium() -> None:
    """Install Debian's chromium and its driver if they are missing."""
    if Path(CHROMIUM).exists() and Path(DRIVER).exists():
        return
    if os.geteuid() != 0:
        sys.exit(
            "chromium and chromium-driver are missing; as root: apt-get install both"
            " (or skip the browser check: make check SKIP_SITE_CHECK=1)"
        )
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for command in (
        ["apt-get", "update", "-qq"],
        ["apt-get", "install", "-y", "-qq", "chromium", "chromium-driver"],
    ):
        print("$", " ".join(command), flush=True)
        subprocess.run(command, check=True, env=env, stdout=subprocess.DEVNULL)


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@contextmanager
def serve(directory: Path) -> Generator[str, None, None]:
    """Serve ``directory`` on 127.0.0.1 (a free port) for the duration of the block."""
    handler = functools.partial(_QuietHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def browser() -> Generator[webdriver.Chrome, None, None]:
    profile = tempfile.mkdtemp(prefix="urikit-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (*FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(DRIVER))
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def check(pages: list[str], base: str, driver: webdriver.Chrome) -> list[str]:
    """Load every page; the problems found (console errors, broken internal links)."""
    problems: list[str] = []
    anchors: dict[str, set[str]] = {}
    links: list[tuple[str, str]] = []
    for page in pages:
        driver.get(base + page)
        facts = driver.execute_script(PAGE_FACTS)
        problems.extend(_console_errors(page, driver))
        anchors[page] = {*facts["ids"], *facts["names"]}
        links.extend((page, href) for href in facts["links"])
        if page in SCREENSHOTS:
            driver.save_screenshot(str(SHOTS / SCREENSHOTS[page]))
    for page, href in links:
        if not href.startswith(base):
            continue  # external: not ours to check, and not reachable from here
        target, fragment = urldefrag(href)
        path = unquote(urlsplit(target).path)[1:] or "index.html"
        if path.endswith("/"):
            path += "index.html"
        if not (SITE / path).is_file():
            problems.append(f"{page}: broken link {href} (no {path})")
        elif (
            fragment
            and path.endswith(".html")
            and unquote(fragment) not in _anchors(path, anchors, driver, base)
        ):
            problems.append(f"{page}: broken link {href} (no #{unquote(fragment)} in {path})")
    return problems


def _console_errors(page: str, driver: webdriver.Chrome) -> list[str]:
    """The console errors logged since the last call (read after the page's script ran)."""
    log: list[dict[str, str]] = driver.get_log("browser")  # type: ignore[no-untyped-call]
    return [f"{page}: console error: {e['message']}" for e in log if e["level"] == "SEVERE"]


def _anchors(
    path: str, known: dict[str, set[str]], driver: webdriver.Chrome, base: str
) -> set[str]:
    """The ids of page ``path`` (loaded now if it was not among the pages checked)."""
    if path not in known:
        driver.get(urljoin(base, path))
        facts = driver.execute_script(PAGE_FACTS)
        known[path] = {*facts["ids"], *facts["names"]}
    return known[path]


def main() -> int:
    if os.environ.get("SKIP_SITE_CHECK", "") not in ("", "0"):
        print("site check skipped (SKIP_SITE_CHECK is set): the pages were not opened")
        return 0
    if not (SITE / "index.html").is_file():
        sys.exit(f"no site in {SITE}: run make docs first")
    ensure_chromium()
    SHOTS.mkdir(parents=True, exist_ok=True)
    pages = sorted(
        str(p.relative_to(SITE)) for p in SITE.rglob("*.html") if "_sources" not in p.parts
    )
    with serve(SITE) as base, browser() as driver:
        problems = check(pages, base, driver)
    for problem in problems:
        print(problem)
    print(f"opened {len(pages)} pages in headless Chromium; screenshots in {SHOTS}")
    if problems:
        print(f"{len(problems)} problems")
        return 1
    print("site check passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
