"""TWEAK!'s one command line: play it locally, build its static site, keep its catalogues.

    python3 serve.py                       serve the repository on http://127.0.0.1:8000/ and
                                           open a browser (--port N: another port, 0 a free one,
                                           the URL is printed; --no-browser: do not open one)
    python3 serve.py --build DIR           write the self-contained static site into DIR
    python3 serve.py catalogues extract    write locale/tweak.pot from the marked messages
    python3 serve.py catalogues update     ... and merge it into every catalogue,
                                           locale/<lang>/LC_MESSAGES/tweak.po
    python3 serve.py catalogues init LANG  start the catalogue of a new language from the template
    python3 serve.py catalogues check      report missing, fuzzy or untranslated entries

Serving and building first install what they need: the pinned runtime (``npm ci``) and Babel
(into ``.cache/``).  The modules of tools/ do the work (docs/architecture.md).
"""

import argparse
import sys
import webbrowser
from pathlib import Path

from tools import ROOT, build, catalogues, devserver, runtime


def serve(args) -> int:
    """Build the site into ``args.build``, or serve the repository until Ctrl+C."""
    runtime.ensure_runtime(ROOT)
    catalogues.ensure_babel(ROOT)
    if args.build:
        written = build.build_site(args.build, ROOT)
        size = sum((args.build / name).stat().st_size for name in written)
        print(f"Built {len(written)} files ({size / 2**20:.1f} MiB) into {args.build}")
        return 0
    try:
        server = devserver.make_server(ROOT, args.port)
    except OSError as error:  # the port is taken, or not ours to bind
        print(f"serve.py: cannot listen on 127.0.0.1:{args.port}: {error.strerror}",
              file=sys.stderr)
        return 1
    url = devserver.url_of(server)
    print(f"Serving TWEAK! at {url}  (Ctrl+C stops)", flush=True)
    if not args.no_browser:
        webbrowser.open(url)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print()
    finally:
        server.server_close()
    return 0


def check_catalogues(args) -> int:
    problems = catalogues.check(ROOT)
    print("\n".join(problems) or f"{len(catalogues.catalogue_paths(ROOT))} catalogue(s): complete")
    return 1 if problems else 0


# The catalogue sub-commands: {name: (what it does, its function of the parsed arguments)}.
CATALOGUE_COMMANDS = {
    "extract": ("write locale/tweak.pot from the marked messages",
                lambda args: catalogues.extract(ROOT)),
    "update": ("extract, then merge the template into every catalogue",
               lambda args: catalogues.update(ROOT)),
    "init": ("start the catalogue of a new language LANG from the template",
             lambda args: catalogues.init(args.lang, ROOT)),
    "check": ("report missing, fuzzy or untranslated entries", check_catalogues),
}


def language(code: str) -> str:
    if not catalogues.LANGUAGE.fullmatch(code):
        raise argparse.ArgumentTypeError(f"not a language code like fr or pt_BR: {code!r}")
    return code


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        usage="%(prog)s [--port N] [--no-browser] | --build DIR | catalogues COMMAND",
        description="Serve TWEAK! locally, build its static site, or keep its catalogues.")
    parser.add_argument("--port", type=int, default=8000,
                        help="port on 127.0.0.1 (default 8000; 0 picks a free one)")
    parser.add_argument("--no-browser", action="store_true", help="do not open a browser")
    parser.add_argument("--build", metavar="DIR", type=Path,
                        help="write a self-contained static site into DIR and exit")
    parser.set_defaults(run=serve)
    named = parser.add_subparsers(metavar="catalogues")
    kept = named.add_parser("catalogues", help="the message catalogues (Babel)")
    kept = kept.add_subparsers(metavar="COMMAND", required=True)
    for name, (text, run) in CATALOGUE_COMMANDS.items():
        kept.add_parser(name, help=text, description=text).set_defaults(run=run)
    kept.choices["init"].add_argument("lang", metavar="LANG", type=language)
    args = parser.parse_args(argv)
    try:
        return args.run(args) or 0
    except (runtime.RuntimeMissing, catalogues.CatalogueError, FileNotFoundError,
            FileExistsError, ValueError) as error:
        print(f"serve.py: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
