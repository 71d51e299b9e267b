"""`playtest cards fetch` against a local HTTP server standing in for Scryfall: the bulk-data
object, the download (resumed with a Range request), the import; offline is one line."""
import gzip
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from experiments.cli import main
from simcore.cards.db import CardDB

FILE = gzip.compress((Path(__file__).parent / "carddata" / "scryfall-cards.json").read_bytes())


class Scryfall(BaseHTTPRequestHandler):
    ranges: list = []
    honour_range = True

    def log_message(self, *a):
        pass

    def do_GET(self):
        port = self.server.server_address[1]
        if self.path == "/bulk-data/oracle-cards":
            body = json.dumps({"object": "bulk_data", "type": "oracle_cards", "size": len(FILE),
                               "download_uri": f"http://127.0.0.1:{port}/oracle-cards.json.gz"
                               }).encode()
            self.send_response(200)
        elif self.path == "/oracle-cards.json.gz":
            rng = self.headers.get("Range")
            type(self).ranges.append(rng)
            start = int(rng[len("bytes="):].rstrip("-")) if rng and self.honour_range else 0
            body = FILE[start:]
            self.send_response(206 if start else 200)
        else:
            body = b"{}"
            self.send_response(404)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@pytest.fixture
def server(monkeypatch):
    Scryfall.ranges = []
    srv = ThreadingHTTPServer(("127.0.0.1", 0), Scryfall)
    t = threading.Thread(target=srv.serve_forever, daemon=True)
    t.start()
    monkeypatch.setenv("PLAYTEST_SCRYFALL_API",
                       f"http://127.0.0.1:{srv.server_address[1]}/bulk-data/oracle-cards")
    yield srv
    srv.shutdown()
    srv.server_close()


def run_main(argv, capsys):
    with pytest.raises(SystemExit) as e:
        main(argv)
    out, err = capsys.readouterr()
    return e.value.code, out, err


def test_fetch_downloads_and_imports(server, tmp_path, capsys):
    db = tmp_path / "cards.sqlite"
    code, out, err = run_main(["cards", "fetch", "--card-db", str(db)], capsys)
    assert code == 0, err
    assert out.startswith("imported 11 cards from ") and "oracle-cards.json.gz" in out
    assert Scryfall.ranges == [None]
    assert "downloading oracle-cards.json.gz: " in err and " ETA " in err
    assert (tmp_path / "oracle-cards.json.gz").read_bytes() == FILE
    with CardDB.open(db) as d:
        assert d.count == 11


def test_fetch_resumes_a_partial_download(server, tmp_path, capsys):
    (tmp_path / "oracle-cards.json.gz.part").write_bytes(FILE[:700])
    code, out, err = run_main(["cards", "fetch", "--card-db", str(tmp_path / "c.sqlite")],
                              capsys)
    assert code == 0, err
    assert Scryfall.ranges == ["bytes=700-"] and "(resumed)" in err
    assert (tmp_path / "oracle-cards.json.gz").read_bytes() == FILE
    assert not (tmp_path / "oracle-cards.json.gz.part").exists()


def test_a_server_that_ignores_the_range_starts_again(server, tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(Scryfall, "honour_range", False)
    (tmp_path / "oracle-cards.json.gz.part").write_bytes(b"stale bytes")
    code, out, err = run_main(["cards", "fetch", "--card-db", str(tmp_path / "c.sqlite")],
                              capsys)
    assert code == 0, err
    assert (tmp_path / "oracle-cards.json.gz").read_bytes() == FILE


def test_offline_is_one_line(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("PLAYTEST_SCRYFALL_API", "http://127.0.0.1:9/bulk-data/oracle-cards")
    code, out, err = run_main(["cards", "fetch", "--card-db", str(tmp_path / "c.sqlite")],
                              capsys)
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert err.startswith("playtest: error: cards fetch: cannot reach http://127.0.0.1:9/")
    assert "offline?" in err and not (tmp_path / "c.sqlite").exists()
