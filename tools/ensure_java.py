"""Install Java for the Spark example's test when it is missing (``make check`` runs this).

PySpark runs on a JVM (Java 17 or later). With ``java`` on PATH there is nothing to do;
else, as root, Debian's ``default-jre-headless`` is installed with apt-get. Not as root
it says what to run and exits 0: the Spark test then skips, naming the reason.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

PACKAGE = "default-jre-headless"


def main() -> int:
    java = shutil.which("java")
    if java is not None:
        print(f"java: {java}")
        return 0
    if os.geteuid() != 0:
        print(
            f"java is missing and this is not root: the Spark example's test will be skipped"
            f" (as root: apt-get install {PACKAGE})"
        )
        return 0
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for command in (
        ["apt-get", "update", "-qq"],
        ["apt-get", "install", "-y", "-qq", PACKAGE],
    ):
        print("$", " ".join(command), flush=True)
        subprocess.run(command, check=True, env=env, stdout=subprocess.DEVNULL)
    return 0


if __name__ == "__main__":
    sys.exit(main())
