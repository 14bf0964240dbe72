"""The README's links to Binder, to the JupyterLite site and to the project's files, made from pyproject.toml.

Links to files of the repository are absolute (https://github.com/OWNER/REPO/blob/main/...), so
the README shows the same on PyPI as on GitHub; a relative link written in the README is made
absolute, and an absolute one follows a change of the Repository URL.

Two blocks are made: the class links at the top, and the links to notebook 00 in each translated
language (Binder and the JupyterLite site) in the section "In Spanish and French".

The repository's address is written once, in pyproject.toml ([project.urls] Repository); the
version gives the release tag the classroom links point at. After changing either, run

    python .ci/links.py            # rewrite the README's block of links
    python .ci/links.py --check    # change nothing; exit 1 if the block is stale (the tests run it)

Binder builds an environment once per commit it is asked for: a link to a release tag is built
once and then starts in seconds for every class, while a link to HEAD makes the first class after
each commit wait minutes for a rebuild.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
BEGIN = (
    "<!-- links: made by .ci/links.py from pyproject.toml (Repository URL and version); do not edit here -->"
)
END = "<!-- end of links -->"
LANGUAGES_BEGIN = (
    "<!-- language links: made by .ci/links.py from pyproject.toml (Repository URL and version); "
    "do not edit here -->"
)
LANGUAGES_END = "<!-- end of language links -->"
FIRST_NOTEBOOK = "00_start_here.ipynb"


def translations() -> list[tuple[str, str]]:
    """(code, the language's own name) of each language whose notebook 00 is in notebooks/<code>/.

    The names are awithlaknannai.i18n.LANGUAGES' (a language added there and translated is linked
    with no change here).
    """
    sys.path.insert(0, str(ROOT))
    try:
        from awithlaknannai.i18n import LANGUAGES
    finally:
        sys.path.remove(str(ROOT))
    return [
        (code, name)
        for code, name in LANGUAGES.items()
        if (ROOT / "notebooks" / code / FIRST_NOTEBOOK).is_file()
    ]


def project() -> tuple[str, str, str]:
    """(owner, repository, version) read from pyproject.toml."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    url = re.search(r'^Repository\s*=\s*"https://github\.com/([^/"]+)/([^/"]+?)/?"', text, re.MULTILINE)
    version = re.search(r'^version\s*=\s*"([^"]+)"', text, re.MULTILINE)
    if url is None or version is None:
        raise SystemExit(
            "pyproject.toml needs [project.urls] Repository = \"https://github.com/OWNER/REPO\" and a version"
        )
    return url.group(1), url.group(2), version.group(1)


def release_tagged(version: str) -> bool | None:
    """Whether this repository has the tag ``v<version>`` (None: no git here to ask)."""
    try:
        found = subprocess.run(
            ["git", "-C", str(ROOT), "tag", "--list", f"v{version}"],
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    if found.returncode != 0:
        return None
    return found.stdout.strip() == f"v{version}"


def block(tagged: bool) -> str:
    """The links; the class links name the release tag only when it exists (a link to a missing tag fails)."""
    owner, repo, version = project()
    binder = f"https://mybinder.org/v2/gh/{owner}/{repo}"
    tutorial = "urlpath=lab/tree/notebooks/00_start_here.ipynb"
    play = "urlpath=voila/render/notebooks/play.ipynb"
    lite = f"https://{owner}.github.io/{repo}/"
    if tagged:
        badge = f"[![Binder](https://mybinder.org/badge_logo.svg)]({binder}/v{version}?{tutorial})"
        for_a_class = (
            f"**For a class**: [the tutorial on Binder, version {version}]({binder}/v{version}?{tutorial}) "
            f"(built once for the release, so it starts quickly) and "
            f"[the play page]({binder}/v{version}?{play}); "
        )
    else:
        badge = f"[![Binder](https://mybinder.org/badge_logo.svg)]({binder}/HEAD?{tutorial})"
        for_a_class = (
            f"**For a class**: version {version} has no release tag yet, so there is no link built once "
            f"for a class: use the latest, and [the play page at HEAD]({binder}/HEAD?{play}); "
        )
    return "\n".join(
        [
            BEGIN,
            badge,
            for_a_class
            + f"**the latest**: [the tutorial at HEAD]({binder}/HEAD?{tutorial}) (rebuilt after every change: "
            f"the first start can take minutes); **no server at all**: [the JupyterLite site]({lite}) "
            "(runs in the browser; see \"A classroom with no server\").",
            END,
        ]
    )


def language_block(tagged: bool) -> str:
    """Notebook 00 in each translated language, on Binder (the release tag only when it exists, else HEAD)
    and in the JupyterLite site (``lab/index.html?path=es/00_start_here.ipynb``, and its start page)."""
    owner, repo, version = project()
    ref = f"v{version}" if tagged else "HEAD"
    binder = f"https://mybinder.org/v2/gh/{owner}/{repo}/{ref}"
    lite = f"https://{owner}.github.io/{repo}/"
    built = (
        f"version {version}, built once for the release" if tagged else "at HEAD, rebuilt after every change"
    )
    lines = [LANGUAGES_BEGIN]
    for code, own in translations():
        lines.append(
            f"* **{own}**: [notebook 00 on Binder]"
            f"({binder}?urlpath=lab/tree/notebooks/{code}/{FIRST_NOTEBOOK}) ({built}); "
            f"[notebook 00 in the JupyterLite site]({lite}lab/index.html?path={code}/{FIRST_NOTEBOOK}) "
            "(no server)."
        )
    lines.append(
        f"* The JupyterLite site's [start page]({lite}start.html) lists notebook 00 in every language."
    )
    lines.append(LANGUAGES_END)
    return "\n".join(lines)


FILE_LINK = re.compile(r"\]\((?!https?://|#|mailto:)([^)\s]+)\)")
OUR_FILES = re.compile(r"\]\(https://github\.com/[^/)\s]+/[^/)\s]+/blob/main/([^)\s]+)\)")


def absolute_file_links(text: str) -> str:
    """Relative links to the repository's files (and links to another owner's copy) -> this repository's."""
    owner, repo, _ = project()
    base = f"https://github.com/{owner}/{repo}/blob/main/"
    text = OUR_FILES.sub(lambda m: f"]({base}{m.group(1)})", text)
    return FILE_LINK.sub(lambda m: f"]({base}{m.group(1)})", text)


def main(argv: list[str]) -> int:
    text = README.read_text(encoding="utf-8")
    pattern = re.compile(re.escape(BEGIN) + r".*?" + re.escape(END), re.DOTALL)
    languages = re.compile(re.escape(LANGUAGES_BEGIN) + r".*?" + re.escape(LANGUAGES_END), re.DOTALL)
    for begin, end, found in ((BEGIN, END, pattern), (LANGUAGES_BEGIN, LANGUAGES_END, languages)):
        if not found.search(text):
            print(f"README.md has no block between {begin!r} and {end!r}", file=sys.stderr)
            return 1
    tagged = release_tagged(project()[2])
    choices = [tagged] if tagged is not None else [True, False]  # without git, either is right

    def made_for(tag: bool) -> str:
        links = pattern.sub(lambda _: block(tag), text, count=1)
        return absolute_file_links(languages.sub(lambda _: language_block(tag), links, count=1))

    made = [made_for(t) for t in choices]
    new = made[0]
    if "--check" in argv:
        if text not in made:
            print("README.md's links are stale: run python .ci/links.py", file=sys.stderr)
            return 1
        return 0
    README.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
