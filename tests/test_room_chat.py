"""Chat at a table (issue 14, point 11; ``room/chat.py``): people only, a length cap, a rate bound, a
mute per viewer, bounded memory, and never a card or a state in a chat message."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardroom.room import chat

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from cardroom.room.app import create_app
from cardroom.room.testing import ws_protocols


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path}/room.sqlite")) as c:
        yield c


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _table(client: TestClient) -> tuple[str, str, dict[int, str]]:
    r = client.post("/api/tables", json={"game": "bridge", "options": {}})
    tid, owner = r.json()["id"], r.json()["owner_token"]
    tokens = {s: client.post(f"/api/tables/{tid}/seats/{s}", json={"name": f"p{s}"}).json()["token"] for s in (0, 1)}
    return tid, owner, tokens


def test_people_chat_and_every_viewer_receives_only_the_text(client: TestClient) -> None:
    tid, _, tokens = _table(client)
    with client.websocket_connect(f"/ws/tables/{tid}", subprotocols=ws_protocols(None)) as spectator, \
            client.websocket_connect(f"/ws/tables/{tid}", subprotocols=ws_protocols(tokens[1])) as east:
        spectator.receive_json()
        east.receive_json()
        r = client.post(f"/api/tables/{tid}/chat", headers=auth(tokens[0]), json={"text": "  hello\n\tall \x07 "})
        assert r.status_code == 200, r.text
        for ws in (spectator, east):
            m = ws.receive_json()
            assert m == {"type": "chat", "table": tid, "n": 1, "seat": 0, "name": "p0", "text": "hello all"}
        east.send_json({"type": "chat", "text": "привет"})
        for ws in (spectator, east):
            m = ws.receive_json()
            assert m["seat"] == 1 and m["text"] == "привет" and set(m) == {"type", "table", "n", "seat", "name", "text"}
    listing = client.get(f"/api/tables/{tid}/chat").json()["messages"]
    assert [m["text"] for m in listing] == ["hello all", "привет"]
    # the chat changes nothing at the table: its state messages carry no chat
    state = client.get(f"/api/tables/{tid}/state", headers=auth(tokens[0])).json()
    assert "hello" not in str(state) and state["seq"] == 0


def test_only_seated_people_write_and_texts_are_capped(client: TestClient) -> None:
    tid, owner, tokens = _table(client)
    assert client.post(f"/api/tables/{tid}/chat", json={"text": "hi"}).status_code == 401
    assert client.post(f"/api/tables/{tid}/chat", headers=auth(owner), json={"text": "hi"}).status_code == 403
    for bad in ("", "   ", None, 5, ["x"]):
        r = client.post(f"/api/tables/{tid}/chat", headers=auth(tokens[0]), json={"text": bad})
        assert r.status_code == 400, bad
    too_long = "x" * (chat.MAX_TEXT + 1)
    r = client.post(f"/api/tables/{tid}/chat?lang=ru", headers=auth(tokens[0]), json={"text": too_long})
    assert r.status_code == 400 and r.json()["code"] == "chat_too_long" and "не более 200" in r.json()["detail"]
    r = client.post(f"/api/tables/{tid}/chat", headers=auth(tokens[0]), json={"text": "x" * chat.MAX_TEXT})
    assert r.status_code == 200
    with client.websocket_connect(f"/ws/tables/{tid}", subprotocols=ws_protocols(None)) as spectator:
        spectator.receive_json()
        spectator.send_json({"type": "chat", "text": "hi"})
        assert spectator.receive_json()["code"] == "spectator"


def test_the_rate_is_bounded_per_seat(client: TestClient) -> None:
    tid, _, tokens = _table(client)
    codes = [client.post(f"/api/tables/{tid}/chat", headers=auth(tokens[0]), json={"text": f"m{i}"}).status_code
             for i in range(chat.BURST + 1)]
    assert codes == [200] * chat.BURST + [429]
    r = client.post(f"/api/tables/{tid}/chat?lang=ru", headers=auth(tokens[0]), json={"text": "again"})
    assert r.status_code == 429 and r.json()["code"] == "chat_rate" and "слишком много" in r.json()["detail"]
    assert r.headers["Retry-After"] == "2"
    assert client.post(f"/api/tables/{tid}/chat", headers=auth(tokens[1]), json={"text": "me"}).status_code == 200


def test_memory_is_bounded(client: TestClient, monkeypatch: Any) -> None:
    monkeypatch.setattr(chat, "EVERY", 0.0001)
    monkeypatch.setattr(chat, "BURST", 10**6)
    tid, _, tokens = _table(client)
    rt = client.app.state.room.table(tid)  # type: ignore[attr-defined]
    rt.chat = chat.TableChat()
    for i in range(chat.KEEP + 30):
        r = client.post(f"/api/tables/{tid}/chat", headers=auth(tokens[i % 2]), json={"text": f"m{i}"})
        assert r.status_code == 200
    listing = client.get(f"/api/tables/{tid}/chat").json()["messages"]
    assert len(listing) == chat.KEEP and listing[-1]["text"] == f"m{chat.KEEP + 29}"


def test_a_viewer_mutes_a_seat(client: TestClient) -> None:
    tid, _, tokens = _table(client)
    r = client.post(f"/api/tables/{tid}/chat/mute", headers=auth(tokens[1]), json={"seat": 0, "mute": True})
    assert r.status_code == 200 and r.json()["muted"] == [0]
    for body, status in (({"seat": 1, "mute": True}, 400), ({"seat": 9, "mute": True}, 404),
                         ({"seat": 0, "mute": 1}, 400)):
        assert client.post(f"/api/tables/{tid}/chat/mute", headers=auth(tokens[1]), json=body).status_code == status
    with client.websocket_connect(f"/ws/tables/{tid}", subprotocols=ws_protocols(tokens[1])) as east, \
            client.websocket_connect(f"/ws/tables/{tid}", subprotocols=ws_protocols(None)) as spectator:
        east.receive_json()
        spectator.receive_json()
        client.post(f"/api/tables/{tid}/chat", headers=auth(tokens[0]), json={"text": "muted words"})
        client.post(f"/api/tables/{tid}/chat", headers=auth(tokens[1]), json={"text": "own words"})
        assert spectator.receive_json()["text"] == "muted words"
        assert spectator.receive_json()["text"] == "own words"
        assert east.receive_json()["text"] == "own words"  # North's message never reached East
    assert [m["text"] for m in client.get(f"/api/tables/{tid}/chat", headers=auth(tokens[1])).json()["messages"]] == \
        ["own words"]
    client.post(f"/api/tables/{tid}/chat/mute", headers=auth(tokens[1]), json={"seat": 0, "mute": False})
    assert len(client.get(f"/api/tables/{tid}/chat", headers=auth(tokens[1])).json()["messages"]) == 2
