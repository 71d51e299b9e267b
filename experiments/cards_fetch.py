"""`playtest cards fetch`: download Scryfall's current oracle-cards bulk file and import it.

Scryfall's bulk-data API (https://scryfall.com/docs/api/bulk-data) names the file of the day
(`download_uri`, `size`); it is downloaded beside the card database as `<name>.part` with a
progress line (size, speed, ETA), resumed by an HTTP Range request if a partial download is
there (a server that ignores the range sends it whole, and it is started again), renamed when
whole, then imported (experiments/cards_import.py). No network is one clear line. The API's
address can be moved by $PLAYTEST_SCRYFALL_API (the tests serve a fixture locally)."""
import json
import os
import time
import urllib.error
import urllib.request
from pathlib import Path

from experiments.dbimport import import_files
from experiments.progress import ProgressLine
from simcore import __version__
from simcore.cards.db import check_path, default_path
from simcore.errors import PlaytestError

API = "https://api.scryfall.com/bulk-data/oracle-cards"
API_ENV = "PLAYTEST_SCRYFALL_API"
# Scryfall asks every client for a User-Agent and an Accept header
HEADERS = {"User-Agent": f"playtest/{__version__}", "Accept": "application/json;q=0.9,*/*;q=0.8"}
CHUNK = 65_536
TIMEOUT = 30


def _open(url, what, headers=None):
    req = urllib.request.Request(url, headers={**HEADERS, **(headers or {})})
    try:
        return urllib.request.urlopen(req, timeout=TIMEOUT)
    except urllib.error.HTTPError as e:
        raise PlaytestError(f"{what}: {url} answered HTTP {e.code} ({e.reason})") from None
    except (urllib.error.URLError, OSError) as e:
        why = getattr(e, "reason", e)
        raise PlaytestError(f"{what}: cannot reach {url} ({why}): offline? `playtest cards "
                            f"import FILE` imports a file you have") from None


def bulk_file(api=None) -> tuple[str, int | None]:
    """(download address, size in bytes if said) of today's oracle-cards file."""
    api = api or os.environ.get(API_ENV) or API
    with _open(api, "cards fetch") as r:
        try:
            meta = json.loads(r.read().decode("utf-8"))
            return meta["download_uri"], meta.get("size")
        except (ValueError, KeyError, TypeError):
            raise PlaytestError(f"cards fetch: {api} did not answer with Scryfall's bulk-data "
                                f"object (no download_uri)") from None


def _mb(n):
    return f"{n / 1e6:,.1f} MB"


def download(url, dest: Path, size=None, stream=None) -> Path:
    """`url` into `dest`, through `dest.part`, resuming what a `.part` holds."""
    part = dest.with_name(dest.name + ".part")
    have = part.stat().st_size if part.exists() else 0
    r = _open(url, "cards fetch", {"Range": f"bytes={have}-"} if have else None)
    with r:
        resumed = have and r.status == 206
        if not resumed:
            have = 0
        total = size
        length = r.headers.get("Content-Length")
        if length is not None:
            total = have + int(length)
        line = ProgressLine(stream)
        t0, got = time.monotonic(), 0
        try:
            with open(part, "ab" if resumed else "wb") as f:
                while True:
                    chunk = r.read(CHUNK)
                    if not chunk:
                        break
                    f.write(chunk)
                    got += len(chunk)
                    rate = got / max(time.monotonic() - t0, 1e-9)
                    text = f"downloading {dest.name}: {_mb(have + got)}"
                    if total:
                        left = (total - have - got) / rate if rate else 0
                        text += f" of {_mb(total)}  {_mb(rate)}/s  ETA {left:,.0f} s"
                    line.show(text + ("  (resumed)" if resumed else ""))
        except OSError as e:
            raise PlaytestError(f"cards fetch: the download stopped ({e}); run it again to "
                                f"resume it from {_mb(part.stat().st_size)}") from None
        finally:
            line.end()
    if total and part.stat().st_size != total:
        raise PlaytestError(f"cards fetch: the download stopped at "
                            f"{_mb(part.stat().st_size)} of {_mb(total)}; run it again to "
                            f"resume it")
    part.replace(dest)
    return dest


def cards_fetch(card_db=None, api=None, stream=None) -> str:
    """Download today's oracle-cards file beside the database and import it; returns the
    import's summary line."""
    db = Path(card_db) if card_db is not None else default_path()
    check_path(db, "--card-db" if card_db is not None else None)
    url, size = bulk_file(api)
    name = Path(urllib.request.url2pathname(url.split("?")[0])).name or "oracle-cards.json"
    db.parent.mkdir(parents=True, exist_ok=True)
    dest = download(url, db.parent / name, size, stream)
    return import_files([str(dest)], card_db, stream)
