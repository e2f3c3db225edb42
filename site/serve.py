"""Serve the built JupyterLite site as a static host does: gzip for whoever accepts it, cache headers, the right
MIME types, and one log line per request with the bytes sent (what `make serve-site` and the site test use).

    python site/serve.py [--dir build/site] [--port 8000] [--bind 127.0.0.1] [--log FILE] [--no-gzip]

* ``Content-Encoding: gzip`` when the request accepts it, for every file but those already compressed (wheels,
  zips, images); every such file is compressed when the server starts, before it answers (as a static host
  compresses at deploy or keeps the compressed copy in its cache: a visit never waits for the compression), and
  kept in memory; a file changed since is compressed on its first request.
* ``Cache-Control``: files whose name carries a content hash (JupyterLab's and the extensions' chunks, e.g.
  ``jlab_core.a86436d.js``) are ``immutable`` for a year; everything else (pages, settings, the lock, the
  wheels, the notebooks) is ``no-cache``: revalidated each time with its ETag / Last-Modified and answered with
  304 Not Modified when unchanged.
* HTTP/1.1 (persistent connections; Chromium revalidates a ``no-cache`` file only from an HTTP/1.1 server).
* The log (``--log``, else stderr): ``<method> <path> <status> <bytes sent> <bytes of the file>``, one line per
  request, flushed at once: the site test reads it to count what a first visit downloads.

Only the standard library; any static host that does the same (GitHub Pages, Netlify, nginx with gzip on)
serves the site as well.
"""

from __future__ import annotations

import argparse
import email.utils
import gzip
import hashlib
import http.server
import os
import re
import sys
import threading
from pathlib import Path
from typing import IO
from urllib.parse import urlsplit

#: a content hash in a file name: ``name.<7+ hex>.js`` (webpack chunks) — such a file never changes
HASHED = re.compile(r"[.-][0-9a-f]{7,20}\.(js|css|woff2?|ttf|eot|svg|json)$")
#: already compressed: sent as they are
COMPRESSED = (".whl", ".zip", ".gz", ".tgz", ".png", ".jpg", ".jpeg", ".gif", ".woff", ".woff2")
TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
         ".json": "application/json", ".ipynb": "application/json", ".whl": "application/zip",
         ".svg": "image/svg+xml", ".map": "application/json"}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    #: as every static host: Chromium neither keeps nor revalidates a ``no-cache`` answer of an HTTP/1.0 server
    #: (each kernel start downloaded Pyodide and the wheels again), and HTTP/1.1 keeps connections open
    protocol_version = "HTTP/1.1"
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}
    gzip_ok = True
    log_file: IO[str] = sys.stderr
    _lock = threading.Lock()
    _gz_cache: dict[tuple[str, float], bytes] = {}

    @classmethod
    def compressible(cls, path: Path, size: int) -> bool:
        return cls.gzip_ok and not path.name.endswith(COMPRESSED) and size > 1024

    @classmethod
    def gzipped(cls, path: Path, st: os.stat_result) -> bytes:
        """The gzip of ``path`` as it is now (compressed once, then kept)."""
        key = (str(path), st.st_mtime)
        with cls._lock:
            packed = cls._gz_cache.get(key)
        if packed is None:
            packed = gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)
            with cls._lock:
                cls._gz_cache[key] = packed
        return packed

    @classmethod
    def precompress(cls, root: Path) -> tuple[int, int]:
        """Every compressible file under ``root`` compressed now: (files, bytes of them)."""
        files = size = 0
        for path in sorted(root.rglob("*")):
            if path.is_file():
                st = path.stat()
                if cls.compressible(path, st.st_size):
                    cls.gzipped(path, st)
                    files, size = files + 1, size + st.st_size
        return files, size

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
        pass  # one line per request, in log_request_bytes

    def log_request_bytes(self, status: int, sent: int, size: int) -> None:
        with self._lock:
            self.log_file.write(f"{self.command} {urlsplit(self.path).path} {status} {sent} {size}\n")
            self.log_file.flush()

    def do_GET(self) -> None:
        self._serve(body=True)

    def do_HEAD(self) -> None:
        self._serve(body=False)

    def _serve(self, body: bool) -> None:
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not urlsplit(self.path).path.endswith("/"):
                self.send_response(301)
                self.send_header("Location", urlsplit(self.path).path + "/")
                self.send_header("Content-Length", "0")
                self.end_headers()
                self.log_request_bytes(301, 0, 0)
                return
            path = path / "index.html"
        if not path.is_file():
            self.send_error(404, "File not found")
            self.log_request_bytes(404, 0, 0)
            return
        st = path.stat()
        etag = '"' + hashlib.sha1(f"{path}:{st.st_mtime_ns}:{st.st_size}".encode()).hexdigest()[:16] + '"'
        name = path.name
        cache = "public, max-age=31536000, immutable" if HASHED.search(name) else "no-cache"
        if self.headers.get("If-None-Match") == etag:
            self.send_response(304)
            self.send_header("ETag", etag)
            self.send_header("Cache-Control", cache)
            self.end_headers()
            self.log_request_bytes(304, 0, st.st_size)
            return
        gz = "gzip" in self.headers.get("Accept-Encoding", "") and self.compressible(path, st.st_size)
        payload = self.gzipped(path, st) if gz else path.read_bytes()
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Length", str(len(payload)))
        if gz:
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("ETag", etag)
        self.send_header("Last-Modified", email.utils.formatdate(st.st_mtime, usegmt=True))
        self.send_header("Cache-Control", cache)
        self.end_headers()
        if body:
            self.wfile.write(payload)
        self.log_request_bytes(200, len(payload) if body else 0, st.st_size)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dir", default=str(Path(__file__).resolve().parent.parent / "build" / "site"))
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--bind", default="127.0.0.1")
    ap.add_argument("--log", help="write the request log here (default stderr)")
    ap.add_argument("--no-gzip", action="store_true", help="send every file as it is")
    args = ap.parse_args(argv)
    root = Path(args.dir).resolve()
    if not (root / "jupyter-lite.json").is_file():
        sys.exit(f"serve: {root} is not a built site (no jupyter-lite.json): run `make site`")
    SiteHandler.gzip_ok = not args.no_gzip
    if args.log:
        SiteHandler.log_file = open(args.log, "a", buffering=1)  # noqa: SIM115 - open while the server runs
    files, size = SiteHandler.precompress(root)
    print(f"compressed {files} files ({size / 1e6:.1f} MB) for gzip", flush=True)
    os.chdir(root)
    handler = lambda *a, **kw: SiteHandler(*a, directory=str(root), **kw)  # noqa: E731
    server = http.server.ThreadingHTTPServer((args.bind, args.port), handler)
    print(f"serving {root} on http://{args.bind}:{args.port}/", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
